"""The Python package: known answers written by hand, the CLI's JSON, shapes,
dtypes and errors. Run by ctest (python.package) after `pip install`."""
import json
import os
import subprocess
import threading

import numpy as np
import pytest

import mjk

NINE_GATES = "1112345678999m"
AGARI = "123m456p789s11z23s 1s"
KOKUSHI13 = "19m19p19s1234567z"


def kinds(*names):
    """Kind indices of tile names: 1m=0 .. 9m=8, 1p=9, 1s=18, 1z=27."""
    base = {"m": 0, "p": 9, "s": 18, "z": 27}
    return [base[n[1]] + int(n[0]) - 1 for n in names]


def mask(*names):
    m = np.zeros(34, dtype=bool)
    m[kinds(*names)] = True
    return m


# --- parse
def test_parse_counts():
    r = mjk.parse(NINE_GATES)
    assert r.dtype == np.uint8 and r.shape == (34,)
    assert r.tolist() == [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25


def test_parse_red_five_and_winning_tile():
    r = mjk.parse("1230m 5m")
    assert r[4] == 2 and r.sum() == 5


def test_parse_malformed_is_value_error_with_code():
    with pytest.raises(ValueError) as e:
        mjk.parse("123x")
    assert isinstance(e.value, mjk.HandError)
    assert e.value.code == 2  # unknown_character
    assert "position 3" in str(e.value)
    with pytest.raises(TypeError):
        mjk.parse(b"123m")


# --- batch answers
def test_waits_nine_gates():
    w = mjk.waits(mjk.parse(NINE_GATES))
    assert w.dtype == np.bool_ and w.shape == (34,)
    assert (w == mask("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m")).all()


def test_waits_kokushi_thirteen():
    w = mjk.waits(mjk.parse(KOKUSHI13))
    assert w.nonzero()[0].tolist() == kinds("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")


def test_is_agari_and_forms():
    rows = np.stack([mjk.parse(AGARI), mjk.parse("1122m3344p5566s77z"), mjk.parse(KOKUSHI13 + " 1m"),
                     mjk.parse("123m456p789s12z23s 4z")])
    assert mjk.is_agari(rows).tolist() == [True, True, True, False]
    assert mjk.is_agari(rows).dtype == np.bool_
    assert mjk.agari_forms(rows).tolist() == [1, 2, 4, 0]  # standard, seven pairs, thirteen orphans
    assert mjk.is_agari(rows[0]) == np.True_  # one hand: a numpy scalar


def test_waits_by_form():
    w = mjk.waits_by_form(mjk.parse("1122m3344p5566s7z"))
    assert w.shape == (3, 34)
    assert not w[0].any() and (w[1] == mask("7z")).all() and not w[2].any()


def test_tenpai_discards():
    r = mjk.tenpai_discards(mjk.parse(AGARI))
    assert set(r) == {"discards", "waits"}
    assert r["discards"].shape == (34,) and r["waits"].shape == (34, 34)
    assert r["discards"].nonzero()[0].tolist() == kinds("1m", "2m", "3m", "4p", "5p", "6p", "1s", "2s", "3s",
                                                        "7s", "8s", "9s", "1z")
    assert (r["waits"][kinds("1m")[0]] == mask("1m", "4m")).all()
    assert (r["waits"][kinds("9s")[0]] == mask("6s", "9s")).all()
    assert not r["waits"][kinds("5m")[0]].any()


def test_batch_equals_one_by_one():
    rng = np.random.default_rng(7)
    rows = np.zeros((300, 34), dtype=np.uint8)
    for r in rows:
        np.add.at(r, rng.permutation(np.repeat(np.arange(34), 4))[:13], 1)
    rows[::3] = np.where(rows[::3] > 0, rows[::3], 0)
    batch = mjk.waits(rows)
    for i in range(0, 300, 17):
        assert (mjk.waits(rows[i]) == batch[i]).all()


def test_releases_gil_and_threads_agree():
    rows = np.tile(mjk.parse(NINE_GATES), (20000, 1))
    results = [None] * 4

    def work(k):
        results[k] = mjk.waits(rows)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results:
        assert r.shape == (20000, 34) and r[:, :9].all() and not r[:, 9:].any()


# --- options
def test_three_players():
    rows = np.stack([mjk.parse("19m19p19s1234567z"), mjk.parse("234m456p789s11z23s")])
    w, codes = mjk.waits(rows, players=3, errors="return")
    assert codes.tolist() == [0, 15]  # not_in_rules: 2m-8m with three players
    assert mjk.error_message(15) == mjk.error_message(codes[1])
    for code in (1.5, "3", None, True):  # 1.5 was read as code 1
        with pytest.raises(TypeError, match="a code is an int"):
            mjk.error_message(code)
    for code in (-1, 256, 2**70):
        with pytest.raises(ValueError, match="error codes are 0..255"):
            mjk.error_message(code)
    assert w[0].sum() == 13 and not w[1].any()
    with pytest.raises(ValueError):
        mjk.waits(rows, players=2)


def test_three_players_visible_2m_8m():
    # A 5m seen is no tile of three players' (analyse refused it, the batch took it).
    hand = mjk.parse("1119m123p456s777z")
    seen = np.zeros(34, np.uint8)
    seen[4] = 1
    for op in (mjk.necessary_tiles, mjk.advice):
        rows = hand if op is mjk.necessary_tiles else mjk.parse("1119m123p456s7777z")
        _, code = op(rows, players=3, visible=seen, errors="return")
        assert code == 15
    with pytest.raises(mjk.HandError, match="tile not used by the rules"):
        mjk.necessary_tiles(hand, players=3, visible=seen)
    assert mjk.necessary_tiles(hand, players=4, visible=seen)["ukeire"] > 0


def test_visible_shapes():
    rows = np.stack([mjk.parse(NINE_GATES)] * 3)
    mjk.waits(rows, visible=np.zeros(34, np.uint8))
    mjk.waits(rows, visible=np.zeros((3, 34), np.uint8))
    with pytest.raises(ValueError, match="visible"):
        mjk.waits(rows, visible=np.zeros((4, 34), np.uint8))
    with pytest.raises(ValueError, match="visible"):
        mjk.waits(rows, visible=np.zeros(35, np.uint8))


# --- errors
def test_errors_raise_names_row():
    rows = np.stack([mjk.parse(NINE_GATES), mjk.parse("11m")[:]])
    rows[1] = 0
    rows[1, 0] = 2  # two tiles: not 3k+1
    with pytest.raises(mjk.HandError) as e:
        mjk.waits(rows)
    assert e.value.row == 1 and e.value.code == 8 and "row 1" in str(e.value)


def test_errors_return_codes():
    rows = np.stack([mjk.parse(NINE_GATES)] * 3)
    rows[2, 0] = 5  # a count above 4
    w, codes = mjk.waits(rows, errors="return")
    assert codes.dtype == np.uint8 and codes.shape == (3,)
    assert codes[0] == 0 and codes[2] != 0
    assert w[0].any() and not w[2].any()
    assert isinstance(mjk.error_message(codes[2]), str) and mjk.error_message(codes[2])
    with pytest.raises(ValueError):
        mjk.waits(rows, errors="ignore")


def test_dtype_policy():
    r = mjk.parse(NINE_GATES)
    assert (mjk.waits(r.astype(np.int64)) == mjk.waits(r)).all()  # lossless conversion
    assert (mjk.waits(r.tolist()) == mjk.waits(r)).all()  # lists too
    with pytest.raises(TypeError, match="float"):
        mjk.waits(r.astype(np.float32))
    with pytest.raises(TypeError, match="bool"):
        mjk.waits(r.astype(bool))
    bad = r.astype(np.int64)
    bad[0] = 259  # would wrap to 3 as uint8: refused
    with pytest.raises(ValueError, match="0..255"):
        mjk.waits(bad)
    bad[0] = -1
    with pytest.raises(ValueError, match="0..255"):
        mjk.waits(bad)


def test_shape_errors():
    with pytest.raises(ValueError, match=r"\(33,\)"):
        mjk.waits(np.zeros(33, np.uint8))
    with pytest.raises(ValueError, match="shape"):
        mjk.waits(np.zeros((2, 3, 34), np.uint8))
    with pytest.raises(ValueError, match="shape"):
        mjk.waits(np.zeros((2, 35), np.uint8))


def test_non_contiguous_input():
    rows = np.asfortranarray(np.stack([mjk.parse(NINE_GATES)] * 5))
    assert mjk.waits(rows)[:, :9].all()
    assert mjk.waits(np.stack([mjk.parse(NINE_GATES)] * 10)[::2]).shape == (5, 34)


def test_empty_batch():
    assert mjk.waits(np.zeros((0, 34), np.uint8)).shape == (0, 34)


def test_out_reuse():
    rows = np.stack([mjk.parse(NINE_GATES)] * 4)
    out = np.ones((4, 34), dtype=bool)
    assert mjk.waits(rows, out=out) is out
    assert out[:, :9].all() and not out[:, 9:].any()
    with pytest.raises(ValueError, match="shape"):
        mjk.waits(rows, out=np.zeros((3, 34), bool))
    with pytest.raises(TypeError, match="dtype"):
        mjk.waits(rows, out=np.zeros((4, 34), np.uint8))
    d = {"discards": np.zeros((1, 34), bool), "waits": np.zeros((1, 34, 34), bool)}
    r = mjk.tenpai_discards(mjk.parse(AGARI)[None], out=d)
    assert r["discards"] is d["discards"] and d["discards"].sum() == 13


# --- analyse: the object `mjk --json` prints
HANDS = [AGARI, NINE_GATES, KOKUSHI13 + " 1m", "123m456p23s11z", "1122m3344p5566s77z", "11m", "123m456p789s11z22z",
         "m1m2m3p4p5p6s7s8s9z1z1z2z2z2"]
BAD = ["123x", "5m0m5m 1p", "11111m", "123m456p789s11z2", ""]


def cli():
    path = os.environ.get("MJK_CLI")
    if not path:
        pytest.skip("MJK_CLI (the mjk tool) not given")
    return path


@pytest.mark.parametrize("hand", HANDS)
def test_analyse_is_the_cli_json(hand):
    line = subprocess.run([cli(), "--json", hand], capture_output=True, text=True).stdout
    assert mjk.analyse(hand) == json.loads(line)


@pytest.mark.parametrize("hand", BAD)
def test_analyse_malformed_raises_the_cli_message(hand):
    line = subprocess.run([cli(), "--json", hand], capture_output=True, text=True).stdout
    want = json.loads(line)["error"] if line.strip() else None
    with pytest.raises(ValueError) as e:
        mjk.analyse(hand)
    if want is not None:
        assert str(e.value) == want


def test_analyse_known_answer():
    a = mjk.analyse(NINE_GATES)
    assert a["shanten"] == 0 and a["tiles"] == 13
    assert a["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    a = mjk.analyse(AGARI)
    assert a["agari"] is True and a["decompositions"][0]["wait"] == "ryanmen"


def test_analyse_options():
    with pytest.raises(ValueError):
        mjk.analyse(NINE_GATES, players=5)
    with pytest.raises(TypeError):
        mjk.analyse(123)


def test_decompositions():
    r = mjk.decompositions(mjk.parse("1112345678999m 9m"), winning=kinds("9m")[0])
    assert r["count"] == 2
    # reading 0: (11m) 123m 456m [789m] 999m, the 9m completing 78m (ryanmen)
    assert r["form"][0] == 0 and r["block_count"][0] == 5 and r["win"][0] == 3 and r["wait"][0] == 0
    assert r["block_kind"][0, :5].tolist() == [0, 2, 2, 2, 1]  # pair, sequences, triplet
    assert r["block_first"][0, :5].tolist() == kinds("1m", "1m", "4m", "7m", "9m")
    assert not r["block_kind"][2:].any()  # readings past count are zero
    none = mjk.decompositions(np.stack([mjk.parse("1112345678999m 9m"), mjk.parse(AGARI)]))
    assert none["count"][1] == 1 and none["count"][0] >= 1 and none["wait"][0, 0] == -1  # no winning tile: no wait
    with pytest.raises(TypeError):
        mjk.waits(mjk.parse(NINE_GATES), winning=3)
    with pytest.raises(ValueError, match="0..33"):
        mjk.decompositions(mjk.parse(AGARI), winning=34)


# --- overlap between inputs and outputs: answered as if every
# input had been copied first, as numpy's ufuncs do; outputs that overlap
# each other are refused.
def test_out_overlapping_rows_is_answered_as_if_copied():
    b = np.zeros((900, 34), np.uint8)
    b[:600] = mjk.parse(NINE_GATES)
    want = mjk.waits(b[:600].copy())
    got = mjk.waits(b[:600], out=b[300:].view(bool))  # output rows 300-899 over input rows 300-599
    assert (got == want).all()
    rows = np.stack([mjk.parse(AGARI)] * 40)
    want = mjk.is_agari(rows.copy())
    assert (mjk.is_agari(rows, out=rows.reshape(-1)[:40].view(bool)) == want).all()  # over the first rows


def test_out_dict_overlapping_rows_and_visible():
    # 600 rows: more than one of the glue's chunks (512), each output 300 rows
    # past its input, so a chunk's answers land on rows still to be read.
    n, shift = 600, 300
    flat = np.zeros((n + shift) * 34 + n * 34 * 34, np.uint8)
    rows = flat[:n * 34].reshape(n, 34)
    rows[:] = mjk.parse(AGARI)
    rows[1::2] = mjk.parse("1122m3344p5566s77z")
    want = mjk.tenpai_discards(rows.copy())
    out = {"discards": flat[shift * 34:(shift + n) * 34].view(bool).reshape(n, 34),
           "waits": flat[(shift + n) * 34:].view(bool).reshape(n, 34, 34)}
    got = mjk.tenpai_discards(rows, out=out)
    assert (got["discards"] == want["discards"]).all() and (got["waits"] == want["waits"]).all()
    buf = np.zeros((n + shift) * 34, np.uint8)
    vis = buf[:n * 34].reshape(n, 34)
    vis[:, 9:18] = 1  # the pins: none in the hand, and not what tiles holds
    hands = np.stack([mjk.parse(NINE_GATES)] * n)
    want = mjk.necessary_tiles(hands, visible=vis.copy())
    out = {"shanten": np.empty(n, np.int8), "ukeire": np.empty(n, np.uint8),
           "tiles": buf[shift * 34:].view(bool).reshape(n, 34)}  # out['tiles'] over visible
    got = mjk.necessary_tiles(hands, visible=vis, out=out)
    assert (got["ukeire"] == want["ukeire"]).all() and (got["tiles"] == want["tiles"]).all()


def test_outputs_overlapping_each_other_are_refused():
    same = np.zeros((1, 34 * 35), bool)
    out = {"discards": same[:, :34], "waits": same[:, :34 * 34].reshape(1, 34, 34)}
    with pytest.raises(ValueError, match="overlap"):
        mjk.tenpai_discards(mjk.parse(AGARI)[None], out=out)


# --- every text error is a HandError with the CLI's message and code
@pytest.mark.parametrize("hand", BAD + ["8z", "1234567890123456m", "123m 1", "5m0m0m"])
def test_parse_says_what_analyse_and_the_cli_say(hand):
    with pytest.raises(mjk.HandError) as parsed:
        mjk.parse(hand)
    with pytest.raises(mjk.HandError) as analysed:
        mjk.analyse(hand)
    assert (str(parsed.value), parsed.value.code) == (str(analysed.value), analysed.value.code)


def test_lone_surrogate_is_a_hand_error():
    for f in (mjk.analyse, mjk.parse):
        with pytest.raises(mjk.HandError) as e:
            f("\ud800")
        assert e.value.code == 2 and str(e.value) == "unknown character at position 0"


def test_nul_character_is_a_hand_error():
    for f in (mjk.analyse, mjk.parse):
        with pytest.raises(mjk.HandError) as e:
            f(NINE_GATES + "\0")
        assert e.value.code == 2 and str(e.value) == "unknown character at position 14"


# --- options are checked by type (TypeError naming them), then by value
@pytest.mark.parametrize("players", ["3", [3], 3.0, True, None])
def test_players_of_the_wrong_type(players):
    with pytest.raises(TypeError, match="players"):
        mjk.waits(mjk.parse(NINE_GATES), players=players)
    with pytest.raises(TypeError, match="players"):
        mjk.analyse(NINE_GATES, players=players)


def test_option_values_and_types():
    r = mjk.parse(NINE_GATES)
    assert mjk.waits(mjk.parse(KOKUSHI13), players=np.int64(3)).sum() == 13  # a numpy integer is an integer
    with pytest.raises(ValueError, match="players"):
        mjk.waits(r, players=5)
    with pytest.raises(TypeError, match="errors"):
        mjk.waits(r, errors=1)
    with pytest.raises(ValueError, match="errors"):
        mjk.waits(r, errors="ignore")
    for visible in ("x", 3.0, {}):
        with pytest.raises(TypeError, match="visible"):
            mjk.waits(r, visible=visible)
    with pytest.raises(ValueError, match="visible"):
        mjk.waits(r, visible=[[0] * 34, [0]])  # ragged
    rows = r[None]
    with pytest.raises(TypeError, match="out"):
        mjk.waits(rows, out=5)
    with pytest.raises(TypeError, match="out"):
        mjk.tenpai_discards(mjk.parse(AGARI)[None], out=[np.zeros((1, 34), bool)])
