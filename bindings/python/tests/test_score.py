"""mjk.score / score_many / score_batch: SCORING.md §5's answers through the
Python door, the same answer as analyse()'s "score", and hostile input."""
import json

import numpy as np
import pytest

import mjk

# SCORING.md §5's defaults: non-dealer South seat, East round, dora indicator 9p.
S5 = {"seat": "2z", "dora": "9p"}


def chi(tiles):
    return {"type": "chi", "tiles": tiles}


def pon(tiles, source="kamicha"):
    return {"type": "pon", "tiles": tiles, "from": source}


# (name, request fields, (han, fu, yakuman, points, payments, [(yaku, han or yakuman)])) or None: not complete
CASES = [
    ("pinfu tsumo 20 fu", {"hand": "123678m345p67s55s", "win": "8s", "tsumo": True},
     (2, 20, 0, 1500, [-700, 1500, -400, -400], [("menzen_tsumo", 1), ("pinfu", 1)])),
    ("open pinfu shape", {"hand": "678m345p67s55s", "melds": [chi("234m")], "win": "8s"},
     (1, 30, 0, 1000, [-1000, 1000, 0, 0], [("tanyao", 1)])),
    ("chiitoitsu", {"hand": "1199m3377p2288s5z", "win": "5z"},
     (2, 25, 0, 1600, [-1600, 1600, 0, 0], [("chiitoitsu", 2)])),
    ("seven pairs with a quad", {"hand": "1111m2233p4455s6z", "win": "6z"}, None),
    ("closed kan fu", {"hand": "234m567p34s22p", "melds": [{"type": "ankan", "tiles": "9999s"}], "win": "5s", "riichi": 1},
     (1, 70, 0, 2300, [-2300, 2300, 0, 0], [("riichi", 1)])),
    ("two readings: the higher fu", {"hand": "678s11m12345p666z", "win": "3p", "tsumo": True},
     (3, 40, 0, 5200, [-2600, 5200, -1300, -1300], [("menzen_tsumo", 1), ("hatsu", 1), ("dora", 1)])),
    ("shanpon ron opens the triplet", {"hand": "111m222p789s33z55z", "win": "5z"},
     (1, 50, 0, 1600, [-1600, 1600, 0, 0], [("haku", 1)])),
    ("shanpon tsumo", {"hand": "111m222p789s33z55z", "win": "5z", "tsumo": True},
     (4, 50, 0, 8000, [-4000, 8000, -2000, -2000], [("menzen_tsumo", 1), ("haku", 1), ("sanankou", 2)])),
    ("four triplets, shanpon ron", {"hand": "111m222p333s44z55z", "win": "5z"},
     (5, 50, 0, 8000, [-8000, 8000, 0, 0], [("haku", 1), ("toitoi", 2), ("sanankou", 2)])),
    ("suuankou tanki", {"hand": "111m222p333s444z5z", "win": "5z"},
     (None, None, 2, 64000, [-64000, 64000, 0, 0], [("suuankou_tanki", 2)])),
    ("suuankou tanki, Tenhou rules", {"hand": "111m222p333s444z5z", "win": "5z", "rules": {"double_yakuman": False}},
     (None, None, 1, 32000, [-32000, 32000, 0, 0], [("suuankou_tanki", 1)])),
    ("junsei chuuren", {"hand": "1112345678999m", "win": "5m", "tsumo": True},
     (None, None, 2, 64000, [-32000, 64000, -16000, -16000], [("junsei_chuuren", 2)])),
    ("chuuren", {"hand": "1122345678999m", "win": "1m", "tsumo": True},
     (None, None, 1, 32000, [-16000, 32000, -8000, -8000], [("chuuren", 1)])),
    ("ryuuiisou without hatsu", {"hand": "234234666888s4s", "win": "4s", "tsumo": True},
     (None, None, 1, 32000, [-16000, 32000, -8000, -8000], [("ryuuiisou", 1)])),
    ("double-wind pair 4 fu", {"hand": "123m123p1z", "melds": [chi("123s"), pon("555z")], "win": "1z", "tsumo": True, "seat": "1z"},
     (4, 40, 0, 12000, [12000, -4000, -4000, -4000], [("haku", 1), ("chanta", 1), ("sanshoku", 1), ("dora", 1)])),
    ("double-wind pair, 2-fu rule", {"hand": "123m123p1z", "melds": [chi("123s"), pon("555z")], "win": "1z", "tsumo": True,
                                     "seat": "1z", "rules": {"double_wind_pair_fu": 2}},
     (4, 30, 0, 11700, [11700, -3900, -3900, -3900], [("haku", 1), ("chanta", 1), ("sanshoku", 1), ("dora", 1)])),
    ("double East triplet", {"hand": "234m567p789s2s", "melds": [pon("111z")], "win": "2s", "seat": "1z"},
     (2, 30, 0, 2900, [2900, 0, 0, -2900], [("seat_wind", 1), ("round_wind", 1)])),
    ("kazoe", {"hand": "1112345678899p", "win": "7p", "tsumo": True, "riichi": 1, "ippatsu": True, "seat": "1z", "dora": "9p8p"},
     (17, 30, 0, 48000, [48000, -16000, -16000, -16000],
      [("riichi", 1), ("ippatsu", 1), ("menzen_tsumo", 1), ("iipeikou", 1), ("ittsu", 2), ("chinitsu", 6), ("dora", 5)])),
    ("kazoe off: sanbaiman", {"hand": "1112345678899p", "win": "7p", "tsumo": True, "riichi": 1, "ippatsu": True, "seat": "1z",
                              "dora": "9p8p", "rules": {"kazoe_yakuman": False}},
     (17, 30, 0, 36000, [36000, -12000, -12000, -12000],
      [("riichi", 1), ("ippatsu", 1), ("menzen_tsumo", 1), ("iipeikou", 1), ("ittsu", 2), ("chinitsu", 6), ("dora", 5)])),
    ("no kiriage", {"hand": "234234m567p6788s", "win": "8s", "riichi": 1},
     (4, 30, 0, 7700, [-7700, 7700, 0, 0], [("riichi", 1), ("pinfu", 1), ("tanyao", 1), ("iipeikou", 1)])),
    ("kiriage", {"hand": "234234m567p6788s", "win": "8s", "riichi": 1, "rules": {"kiriage": True}},
     (4, 30, 0, 8000, [-8000, 8000, 0, 0], [("riichi", 1), ("pinfu", 1), ("tanyao", 1), ("iipeikou", 1)])),
    ("equal points: more han", {"hand": "111222333m789p9p", "win": "9p"},
     (5, 30, 0, 8000, [-8000, 8000, 0, 0], [("pinfu", 1), ("iipeikou", 1), ("junchan", 3)])),
    ("ryanpeikou over chiitoitsu", {"hand": "223344m556677p8s", "win": "8s", "riichi": 1},
     (5, 40, 0, 8000, [-8000, 8000, 0, 0], [("riichi", 1), ("tanyao", 1), ("ryanpeikou", 3)])),
    ("dora alone", {"hand": "789p456s78s11z", "melds": [chi("123m")], "win": "9s"},
     (0, None, 0, 0, [0, 0, 0, 0], [])),
    ("stacking: triple yakuman", {"hand": "111z222z555z666z7z", "win": "7z", "tsumo": True},
     (None, None, 3, 96000, [-48000, 96000, -24000, -24000], [("suuankou_tanki", 2), ("tsuuiisou", 1)])),
    ("honba and sticks", {"hand": "123678m345p67s55s", "win": "8s", "seat": "1z", "honba": 2, "sticks": 1},
     (1, 30, 0, 1500, [3100, 0, 0, -2100], [("pinfu", 1)])),
    ("red five in a kan", {"hand": "123m456s777z1z", "melds": [{"type": "minkan", "tiles": "0555p", "from": "toimen"}], "win": "1z"},
     (2, 40, 0, 2600, [-2600, 2600, 0, 0], [("chun", 1), ("aka", 1)])),
    ("three players: honba 200, dora wraps 1m -> 9m",
     {"hand": "999m123p456p789s1z", "win": "1z", "riichi": 1, "players": 3, "dora": "1m", "honba": 1},
     (4, 50, 0, 8000, [-8200, 8200, 0, 0], [("riichi", 1), ("dora", 3)])),
]


def summary(s):
    if s is None:
        return None
    return (s["han"], s["fu"], s["yakuman"], s["points"], s["payments"],
            [(y["name"], y["han"] if "han" in y else y["yakuman"]) for y in s["yaku"]])


@pytest.mark.parametrize("name, fields, want", CASES, ids=[c[0] for c in CASES])
def test_scoring_md_cases(name, fields, want):
    request = {**S5, **fields}
    assert summary(mjk.score(request)) == want
    # The same through keyword arguments, a JSON line and analyse's "score".
    assert summary(mjk.score(**request)) == want
    line = json.dumps(request)
    assert summary(mjk.score(line)) == want
    assert mjk.score(line) == mjk.analyse(line)["score"]


def test_keyword_fields_and_text_lines():
    s = mjk.score(hand="123678m345p67s55s", win="8s", tsumo=True, seat="2z", dora="9p")
    assert (s["han"], s["fu"], s["payments"]) == (2, 20, [-700, 1500, -400, -400])
    # keywords update a dict; from_ is "from"
    base = {"hand": "123678m345p67s55s", "win": "8s", "seat": "1z"}
    assert mjk.score(base, from_="toimen")["payments"] == [1500, 0, -1500, 0]
    assert mjk.score(base, from_="shimocha")["payments"] == [1500, -1500, 0, 0]
    # mpsz text with meld words, as mjk --json reads it
    assert summary(mjk.score("678m345p67s55s chi:234m 8s"))[:4] == (1, 30, 0, 1500)
    assert mjk.score(b"678m345p67s55s chi:234m 8s" .decode()) == mjk.score("678m345p67s55s chi:234m 8s")


def test_readable_fields_limit_payment_text_fu_details_names():
    # The fields after SCORING.md §2's: each yaku's display names, the limit,
    # the payment as players say it, the fu part by part.
    s = mjk.score(hand="111m222p789s33z55z", win="5z", tsumo=True, seat="2z")
    assert list(s)[:6] == ["yaku", "han", "fu", "yakuman", "points", "payments"]
    assert list(s)[6:] == ["limit", "limit_en", "limit_ja", "payment_text", "fu_details"]
    assert (s["limit"], s["limit_en"], s["limit_ja"]) == ("mangan", "Mangan", "満貫")
    assert s["payment_text"] == "2000/4000"
    assert s["yaku"][0] == {"name": "menzen_tsumo", "han": 1, "en": "Fully concealed hand", "ja": "門前清自摸和"}
    assert s["fu_details"] == [
        {"reason": "base", "fu": 20}, {"reason": "closed_triplet", "tiles": "111m", "fu": 8},
        {"reason": "closed_triplet", "tiles": "222p", "fu": 4}, {"reason": "closed_triplet", "tiles": "555z", "fu": 8},
        {"reason": "tsumo", "fu": 2}, {"reason": "rounding", "fu": 8}]
    assert sum(p["fu"] for p in s["fu_details"]) == s["fu"]
    assert mjk.score(hand="123m456p789p13s55s", win="2s", riichi=1, seat="2z")["fu_details"][2] == \
        {"reason": "wait", "wait": "kanchan", "fu": 2}
    # Dealer tsumo, ron, a stacked yakuman, no yaku.
    assert mjk.score(hand="111m222p789s33z55z", win="5z", tsumo=True)["payment_text"] == "4000 all"
    assert mjk.score(hand="1199m3377p2288s5z", win="5z", seat="2z")["payment_text"] == "1600"
    y = mjk.score(hand="111z222z555z666z7z", win="7z", tsumo=True, seat="2z")
    assert (y["limit"], y["limit_ja"], y["payment_text"], y["fu_details"]) == ("triple_yakuman", "トリプル役満", "24000/48000", [])
    n = mjk.score(hand="789p456s78s11z", melds=[chi("123m")], win="9s", seat="2z")
    assert (n["limit"], n["payment_text"], n["fu_details"]) == (None, None, [])
    # score_many gives the same objects.
    assert mjk.score_many(["111m222p789s33z55z 5z"])[0] == mjk.score("111m222p789s33z55z 5z")


def test_bad_requests_raise_hand_error_with_code():
    with pytest.raises(mjk.HandError) as e:  # riichi on an open hand
        mjk.score(hand="678m345p67s55s", melds=[chi("234m")], win="8s", riichi=1)
    assert e.value.code == 25 and "riichi on an open hand" in str(e.value)
    with pytest.raises(mjk.HandError) as e:
        mjk.score(hand="123678m345p67s55s", win="8s", ippatsu=True)
    assert e.value.code == 26
    with pytest.raises(mjk.HandError) as e:  # an unknown field: the library's message
        mjk.score({"hand": "123678m345p67s55s", "win": "8s", "tsumoo": True})
    assert e.value.code == 35 and "unknown field" in str(e.value)
    with pytest.raises(mjk.HandError) as e:
        mjk.score(hand="123678m345p67s55s", win="8s", rules={"kiryage": True})
    assert e.value.code == 35
    with pytest.raises(mjk.HandError) as e:  # nothing to score
        mjk.score(hand="123678m345p67s55s")
    assert e.value.code == 9 and "win" in str(e.value)
    with pytest.raises(mjk.HandError) as e:
        mjk.score(hand="123678m345p5555s", win="5s")
    assert e.value.code == 6  # fifth copy
    with pytest.raises(mjk.HandError):
        mjk.score("{not json")
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("fields, field", [
    ({"tsumo": "yes"}, "tsumo"), ({"tsumo": [1]}, "tsumo"), ({"riichi": [1]}, "riichi"), ({"riichi": 1.0}, "riichi"),
    ({"honba": 1.5}, "honba"), ({"honba": "2"}, "honba"), ({"seat": 2}, "seat"), ({"dora": ["9p"]}, "dora"),
    ({"melds": "chi:234m"}, "melds"), ({"melds": [1]}, "melds[0]"), ({"melds": [{"type": 3, "tiles": "234m"}]}, "melds[0].type"),
    ({"rules": {"kiriage": 1}}, "rules.kiriage"), ({"rules": {"double_wind_pair_fu": True}}, "rules.double_wind_pair_fu"),
    ({"rules": ["kiriage"]}, "rules"), ({"players": "4"}, "players"), ({"hand": 123}, "hand"), ({"win": 5}, "win"),
    ({"bogus": object()}, "bogus"),
])
def test_wrong_types_raise_type_error_naming_the_field(fields, field):
    request = {"hand": "123678m345p67s55s", "win": "8s", **fields}
    with pytest.raises(TypeError, match=field.replace("[", r"\[").replace("]", r"\]")):
        mjk.score(request)
    with pytest.raises(TypeError, match=r"requests\[1\]"):
        mjk.score_many(["123678m345p67s55s 8s", request])


def test_every_spelling_the_cli_takes():
    base = {"hand": "123678m345p67s55s", "win": "8s", "tsumo": True}
    assert mjk.score(base, seat="south", riichi=True) == mjk.score(base, seat="2z", riichi=1)
    assert mjk.score(base, seat="S", round="East", riichi="double") == mjk.score(base, seat="2z", riichi=2)
    assert mjk.score(base, tsumo=1) == mjk.score(base)
    assert mjk.score(base, honba=np.uint16(2), riichi=np.bool_(True)) == mjk.score(base, honba=2, riichi=1)


@pytest.mark.parametrize("fields, message", [
    ({"seat": "up"}, "score(): seat must be a wind, \"1z\" (East) to \"4z\" (North), got 'up'"),
    ({"riichi": 3}, "score(): riichi must be 0, 1 or 2 (double riichi), got 3"),
    ({"nuki": 9}, "score(): nuki must be an integer 0 to 4, got 9"),
    ({"rules": {"renhou": "big"}}, "score(): rules.renhou must be \"none\", \"mangan\" or \"yakuman\", got 'big'"),
    ({"melds": [{"type": "chii", "tiles": "234m"}]}, "score(): melds[0].type must be one of \"chi\", \"pon\", "
                                                     "\"minkan\", \"ankan\", \"kakan\", got 'chii'"),
])
def test_values_the_schema_refuses_name_the_argument(fields, message):
    with pytest.raises(ValueError) as e:
        mjk.score(hand="123678m345p67s55s", win="8s", **fields)
    assert str(e.value) == message and "position" not in str(e.value)
    assert not isinstance(e.value, mjk.HandError)


def test_the_package_ships_the_schema():
    import json
    import os
    path = os.path.join(os.path.dirname(mjk.__file__), "request.schema.json")
    assert json.load(open(path, encoding="utf-8"))["properties"]["seat"]["enum"][4] == "east"


def test_wrong_arguments():
    for bad in (None, 5, 1.5, ["123m"], b"123m 1m"):
        with pytest.raises(TypeError):
            mjk.score(bad)
    with pytest.raises(TypeError, match="unexpected keyword"):
        mjk.score(hand="123678m345p67s55s", win="8s", tsumoo=True)
    with pytest.raises(TypeError):
        mjk.score("123678m345p67s55s 8s", tsumo=True)
    with pytest.raises(TypeError):
        mjk.score_many("123678m345p67s55s 8s")
    with pytest.raises(TypeError, match=r"requests\[1\]"):
        mjk.score_batch(["123678m345p67s55s 8s", 5])
    with pytest.raises(TypeError):
        mjk.score_batch(["123678m345p67s55s 8s"], errors=1)
    with pytest.raises(ValueError):
        mjk.score_many([], errors="ignore")
    # numpy scalars are ints and bools
    s = mjk.score(hand="123678m345p67s55s", win="8s", honba=np.int64(2), tsumo=np.bool_(False), seat="1z", sticks=np.uint8(1))
    assert s["payments"] == [3100, 0, 0, -2100]


GARBAGE = ["", " ", "\x00", "{", "}", "[]", "null", "{}", '{"hand": null}', "\udc80", "12\udc80m 1m", '{"hand": "1\udc80m"}',
           "123m\x00 1m", '{"hand": "123678m345p67s55s", "win": "8s", "honba": 1e999}', '{"hand": "1m", "melds": [[]]}',
           '{"hand": "1m", "melds": {}}', '{"hand":"123678m345p67s55s","win":"8s","riichi":-1}', "{" * 10000,
           '{"hand": "123678m345p67s55s", "win": "8s", "honba": 99999999999999999999}', "\ud800\udc00", "🀄" * 50]


def test_garbage_never_crashes():
    answers = mjk.score_many(GARBAGE, errors="return")
    assert all(isinstance(a, mjk.HandError) and a.code > 0 for a in answers)
    arrays, codes = mjk.score_batch(GARBAGE, errors="return")
    assert codes.all() and not arrays["complete"].any() and not arrays["points"].any()
    for text in GARBAGE:
        with pytest.raises(mjk.HandError):
            mjk.score(text)
    # A NUL and a lone surrogate inside a dict's string: an unknown character, as analyse says it
    with pytest.raises(mjk.HandError) as e:
        mjk.score(hand="12\x00m", win="1m")
    assert e.value.code == 2
    with pytest.raises(mjk.HandError) as e:
        mjk.score(hand="12\udc80m", win="1m")
    assert e.value.code in (2, 35)


LINES = [
    json.dumps({"hand": "123678m345p67s55s", "win": "8s", "tsumo": True, **S5}),
    json.dumps({"hand": "678m345p67s55s", "melds": [chi("234m")], "win": "8s", "riichi": 1, **S5}),  # riichi on an open hand
    "1111m2233p4455s6z 6z",  # not complete: None
    json.dumps({"hand": "111z222z555z666z7z", "win": "7z", "tsumo": True, **S5}),
    "123m",  # no winning tile
    json.dumps({"hand": "123678m345p67s55s", "win": "8s", "seat": "1z", "honba": 2, "sticks": 1}),
]


def test_score_many_a_bad_request_among_good_ones():
    answers = mjk.score_many(LINES, errors="return")
    assert summary(answers[0])[:5] == (2, 20, 0, 1500, [-700, 1500, -400, -400])
    assert isinstance(answers[1], mjk.HandError) and answers[1].code == 25 and answers[1].row == 1
    assert answers[2] is None
    assert answers[3]["yakuman"] == 3
    assert isinstance(answers[4], mjk.HandError) and answers[4].row == 4
    assert answers[5]["payments"] == [3100, 0, 0, -2100]
    with pytest.raises(mjk.HandError) as e:
        mjk.score_many(LINES)
    assert e.value.row == 1 and e.value.code == 25 and "riichi on an open hand" in str(e.value)
    # dicts and lines mixed; the same answers as one by one
    mixed = [json.loads(LINES[0]), LINES[3]]
    assert mjk.score_many(mixed) == [mjk.score(LINES[0]), mjk.score(LINES[3])]
    assert mjk.score_many([]) == []


def test_score_many_of_thousands_keeps_each_answer_and_row():
    # The native side answers a chunk of lines at a time: the rows of bad
    # lines, the answers' order and the dicts mixed in must not depend on it.
    lines = [LINES[k % len(LINES)] for k in range(2600)]
    lines[1024] = json.loads(LINES[3])
    answers = mjk.score_many(lines, errors="return")
    assert len(answers) == len(lines)
    one_by_one = {k: mjk.score_many([LINES[k]], errors="return")[0] for k in range(len(LINES))}
    for row, answer in enumerate(answers):
        expected = one_by_one[row % len(LINES)] if row != 1024 else one_by_one[3]
        if isinstance(expected, mjk.HandError):
            assert isinstance(answer, mjk.HandError) and answer.row == row and answer.code == expected.code
            assert str(answer) == str(expected)
        else:
            assert answer == expected
    with pytest.raises(mjk.HandError) as e:
        mjk.score_many([LINES[0]] * 1500 + [LINES[1]])
    assert e.value.row == 1500 and e.value.code == 25


def test_score_batch_arrays():
    a, codes = mjk.score_batch(LINES, errors="return")
    assert codes.dtype == np.uint8 and list(codes != 0) == [False, True, False, False, True, False]
    assert a["complete"].dtype == np.bool_ and list(a["complete"]) == [True, False, False, True, False, True]
    assert a["han"].dtype == np.int8 and a["fu"].dtype == np.uint8 and a["yakuman"].dtype == np.uint8
    assert a["points"].dtype == np.int32 and a["payments"].dtype == np.int32 and a["payments"].shape == (6, 4)
    assert a["yaku"].dtype == np.uint64
    assert (a["han"][0], a["fu"][0], a["points"][0]) == (2, 20, 1500)
    assert list(a["payments"][0]) == [-700, 1500, -400, -400]
    assert (a["yakuman"][3], a["points"][3], a["han"][3], a["fu"][3]) == (3, 96000, 0, 0)
    assert mjk.yaku_list(a["yaku"][0]) == ["menzen_tsumo", "pinfu"]
    assert mjk.yaku_list(a["yaku"][3]) == ["suuankou_tanki", "tsuuiisou"]
    assert mjk.yaku_list(0) == [] and mjk.yaku_list(2**64 - 1) == list(mjk.YAKU_NAMES)
    for mask in ("3", 1.5, None):  # "3" and 1.5 were read as masks
        with pytest.raises(TypeError, match="a mask is an int"):
            mjk.yaku_list(mask)
    for mask in (-1, 2**64):  # -1 named every yaku
        with pytest.raises(ValueError, match="a mask is 0..2"):
            mjk.yaku_list(mask)
    assert list(a["payments"][5]) == [3100, 0, 0, -2100]
    assert not a["points"][1] and not a["payments"][4].any()  # bad rows are zero
    with pytest.raises(mjk.HandError) as e:
        mjk.score_batch(LINES)
    assert e.value.row == 1 and e.value.code == 25 and "riichi on an open hand" in str(e.value)
    empty = mjk.score_batch([])
    assert empty["payments"].shape == (0, 4)


def test_score_batch_agrees_with_score_many_and_analyse():
    # Every §5 case, scored three ways.
    requests = [{**S5, **fields} for _, fields, _ in CASES]
    many = mjk.score_many(requests)
    a = mjk.score_batch(requests)
    for i, s in enumerate(many):
        assert s == mjk.analyse(json.dumps(requests[i]))["score"]
        assert bool(a["complete"][i]) == (s is not None)
        if s is None:
            continue
        assert a["points"][i] == s["points"] and list(a["payments"][i]) == s["payments"]
        assert a["yakuman"][i] == s["yakuman"] and mjk.yaku_list(a["yaku"][i]) == sorted(
            (y["name"] for y in s["yaku"]), key=mjk.YAKU_NAMES.index)
        if not s["yakuman"]:
            assert a["han"][i] == s["han"] and a["fu"][i] == (s["fu"] or 0)


def test_an_error_in_a_field_names_the_character_the_caller_wrote():
    # The package writes the JSON line from the fields: the position is the
    # character of the field's value, not a byte of a line the caller never saw.
    with pytest.raises(mjk.HandError, match=r"^unknown character at position 6: in the field hand$") as e:
        mjk.score(hand="123m45x", win="1m")
    assert e.value.code == 2
    with pytest.raises(mjk.HandError, match=r"at position 1: in the field dora$"):
        mjk.score({"hand": "123m456p789s11z2s", "win": "2s", "dora": "9x"})
    out = mjk.score_many([{"hand": "123m45x", "win": "1m"}, '{"hand": "123m45x", "win": "1m"}'], errors="return")
    assert str(out[0]) == "unknown character at position 6: in the field hand"
    assert str(out[1]) == "unknown character at position 16: in the field hand"  # a line the caller wrote
    with pytest.raises(mjk.HandError, match=r"^requests\[0\]: unknown character at position 6: in the field hand$"):
        mjk.score_batch([{"hand": "123m45x", "win": "1m"}])
    with pytest.raises(mjk.HandError, match=r"at position 6: in the field hand$"):
        mjk.score_each_win(hand="123m45x")
    with pytest.raises(mjk.HandError, match=r"^unknown character at position 6: in the field hand$"):
        mjk.ev({"hand": "123m45x"})
    with pytest.raises(mjk.HandError, match=r"^unknown character at position 6$"):
        mjk.ev("123m45x")  # mpsz the caller wrote
    with pytest.raises(mjk.HandError, match=r"^unknown character at position 6: in the field hand$"):
        mjk.ev("123m45x", dora="1m")
    assert str(mjk.ev_many([{"hand": "123m45x"}], errors="return")[0]) == \
        "unknown character at position 6: in the field hand"
