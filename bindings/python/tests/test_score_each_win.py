"""mjk.score_each_win: every winning tile of a waiting hand at once, each
answer the same as score() of the request won on that tile; the request's
own error raised, a tile's own error left out or returned."""
import json
import random

import pytest

import mjk

TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def chi(tiles, **kw):
    return {"type": "chi", "tiles": tiles, **kw}


def pon(tiles, **kw):
    return {"type": "pon", "tiles": tiles, "from": "toimen", **kw}


def one_by_one(request):
    """score() of the request won on each tile: {tile: dict} of those that
    complete the hand, and the tiles score() refuses."""
    wins, refused = {}, set()
    for tile in TILES:
        try:
            s = mjk.score({**request, "win": tile})
        except mjk.HandError:
            refused.add(tile)
            continue
        if s is not None:
            wins[tile] = s
    return wins, refused


def check(request):
    table = mjk.score_each_win(request)
    wins, refused = one_by_one(request)
    assert table == wins
    assert list(table) == [t for t in TILES if t in table]  # in tile order
    returned = mjk.score_each_win(request, errors="return")
    assert {t: s for t, s in returned.items() if not isinstance(s, mjk.HandError)} == wins
    assert {t for t, s in returned.items() if isinstance(s, mjk.HandError)} == refused
    return table


WAITING = [
    {"hand": "123678m345p67s55s", "tsumo": True, "seat": "2z", "riichi": True, "dora": "9p"},
    {"hand": "678m345p67s55s", "melds": [chi("234m")], "from": "toimen", "honba": 2, "sticks": 1},
    {"hand": "1199m3377p2288s5z", "riichi": 2, "ippatsu": True, "tsumo": True, "dora": "4z1m"},
    {"hand": "19m19p19s1234567z", "seat": "1z"},
    {"hand": "1112345678999m", "seat": "3z", "tsumo": True},
    {"hand": "45m99p", "melds": [pon("222p"), chi("567s"), chi("345s")], "seat": "2z"},  # no yaku on 3m/6m
    {"hand": "11m99m234p567s789s", "players": 3, "seat": "2z", "nuki": 2, "tsumo": True},
    {"hand": "111123m567p789s5z", "riichi": True, "ura": "4z", "dora": "2m"},  # a fifth 1m cannot be added
    {"hand": "2m", "melds": [pon("555z"), pon("666z"), {"type": "minkan", "tiles": "7777z", "from": "shimocha"},
                              pon("111m")], "tsumo": True, "rinshan": True},
]


@pytest.mark.parametrize("request_", WAITING)
def test_every_tile_as_score(request_):
    assert check(request_)  # every hand here waits on some tile


def test_the_waits_and_their_scores():
    table = mjk.score_each_win(hand="123678m345p67s55s", tsumo=True, seat="2z", riichi=True)
    assert {tile: s["points"] for tile, s in table.items()} == {"5s": 2700, "8s": 2700}
    assert table["8s"] == mjk.score(hand="123678m345p67s55s", win="8s", tsumo=True, seat="2z", riichi=True)
    # The same request as a line, and as a dict updated by keyword fields.
    assert mjk.score_each_win('{"hand": "123678m345p67s55s", "tsumo": true, "seat": "2z", "riichi": true}') == table
    assert mjk.score_each_win({"hand": "123678m345p67s55s"}, tsumo=True, seat="2z", riichi=True) == table
    # A complete hand without a yaku is a winning tile with "yaku": [].
    open_ = mjk.score_each_win(WAITING[5])
    assert set(open_) == {"3m", "6m"} and open_["3m"]["yaku"] == [] and open_["3m"]["points"] == 0
    # Not tenpai: nothing wins.
    assert mjk.score_each_win(hand="1357m2468p1357s1z") == {}


def test_random_waiting_hands():
    rng = random.Random(7)
    checked = 0
    while checked < 40:
        counts = [0] * 34
        blocks = []
        for _ in range(4):
            if rng.random() < 0.7:
                k = rng.randrange(3) * 9 + rng.randrange(7)
                blocks += [k, k + 1, k + 2]
            else:
                blocks += [rng.randrange(34)] * 3
        blocks += [rng.randrange(34)] * 2
        for k in blocks:
            counts[k] += 1
        if max(counts) > 4:
            continue
        counts[rng.choice(blocks)] -= 1  # the winning tile taken out: tenpai
        hand = "".join(TILES[k] * n for k, n in enumerate(counts))
        request = {"hand": hand, "tsumo": rng.random() < 0.5, "seat": rng.choice(["1z", "2z", "3z", "4z"]),
                   "riichi": rng.randrange(3), "dora": rng.choice(TILES)}
        if not request["tsumo"]:
            request["from"] = rng.choice(["kamicha", "toimen", "shimocha"])
        try:
            mjk.score_each_win(request)
        except mjk.HandError:  # the dora indicator a fifth copy
            continue
        check(request)
        checked += 1


def test_the_requests_own_error_is_raised():
    with pytest.raises(mjk.HandError) as e:  # a complete hand: the win, not the wait
        mjk.score_each_win(hand="123678m345p67s558s")
    assert e.value.code == 8  # wrong tile count
    assert "13 tiles less 3 per meld" in str(e.value) and "this one 14 with 0 melds" in str(e.value)
    with pytest.raises(mjk.HandError) as e:  # 13 tiles and a meld
        mjk.score_each_win(hand="123678m345p67s55s", melds=[chi("234m")])
    assert e.value.code in (8, 23)
    with pytest.raises(mjk.HandError) as e:
        mjk.score_each_win(hand="123678m345p67s55s", win="8s")
    assert e.value.code == 9 and '"win"' in str(e.value)
    with pytest.raises(mjk.HandError) as e:
        mjk.score_each_win(hand="678m345p67s55s", melds=[chi("234m")], riichi=True)
    assert e.value.code == 25 and str(e.value).startswith("score_each_win(): ")
    with pytest.raises(mjk.HandError) as e:
        mjk.score_each_win(hand="123678m345p67s55s", ippatsu=True)
    assert e.value.code == 26
    with pytest.raises(mjk.HandError):
        mjk.score_each_win(hand="123678m345p67s5555s")  # parse error: a fifth 5s
    with pytest.raises(mjk.HandError):
        mjk.score_each_win("{not json")
    with pytest.raises(mjk.HandError):
        mjk.score_each_win({"hand": "123678m345p67s55s", "tsumoo": True})  # an unknown field: the library names it
    with pytest.raises(mjk.HandError, match="fifth copy"):  # four 1m held and a 1m indicator
        mjk.score_each_win(hand="111123m567p789s5z", dora="1m")


def test_score_points_an_each_win_request_to_score_each_win():
    with pytest.raises(mjk.HandError, match="score_each_win"):
        mjk.score({"hand": "123678m345p67s55s", "each_win": True})


def test_a_wait_whose_every_copy_is_visible_is_not_won():
    request = {"hand": "123678m345p67s55s", "dora": "8s", "visible": "888s"}
    with pytest.raises(mjk.HandError, match="more than four copies of 8s"):
        mjk.score({**request, "win": "8s"})
    assert list(mjk.score_each_win(request)) == ["5s"]
    assert mjk.score_each_win(request, errors="return")["8s"].code == 17


def test_a_tiles_own_error():
    table = mjk.score_each_win(hand="111123m567p789s5z", errors="return")
    assert isinstance(table["1m"], mjk.HandError) and table["1m"].code == 6 and str(table["1m"]).startswith("1m: fifth copy")
    assert table["5z"]["yaku"] == [] and table["5z"]["points"] == 0  # closed ron on a 5z tanki: no yaku
    assert "1m" not in mjk.score_each_win(hand="111123m567p789s5z")
    sanma = mjk.score_each_win(hand="11m99m234p567s789s", players=3, seat="2z", errors="return")
    assert [t for t, s in sanma.items() if isinstance(s, mjk.HandError)] == [f"{n}m" for n in range(2, 9)]
    assert all(sanma[f"{n}m"].code == 15 for n in range(2, 9))
    assert {t for t, s in sanma.items() if isinstance(s, dict)} == {"1m", "9m"}


def test_bad_arguments():
    with pytest.raises(TypeError, match="score_each_win\\(\\) needs a request"):
        mjk.score_each_win()
    with pytest.raises(TypeError, match="unexpected keyword argument 'hands'"):
        mjk.score_each_win(hands="123m")
    with pytest.raises(TypeError, match="score_each_win\\(\\): tsumo must be"):
        mjk.score_each_win(hand="123678m345p67s55s", tsumo="yes")
    with pytest.raises(ValueError, match='errors must be "omit" or "return"'):
        mjk.score_each_win(hand="123678m345p67s55s", errors="raise")
    with pytest.raises(TypeError, match="errors must be a str"):
        mjk.score_each_win(hand="123678m345p67s55s", errors=1)
    with pytest.raises(TypeError):
        mjk.score_each_win(42)


def test_analyse_answers_each_win_lines():
    """A JSON line with "each_win": true gets the same table from analyse() (mjk --json's "each_win")."""
    request = {"hand": "123678m345p67s55s", "tsumo": True, "seat": "2z", "riichi": True, "dora": "9p"}
    table = mjk.score_each_win(request)
    line = {**request, "each_win": True}
    assert mjk.analyse(json.dumps(line))["each_win"] == table
    assert mjk.score_each_win(line) == table  # the key may be in score_each_win's request too
    assert "each_win" not in mjk.analyse(json.dumps(request))
