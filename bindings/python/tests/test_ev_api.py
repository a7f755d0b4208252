"""mjk.ev and mjk.ev_many (EV.md through the C ABI's mjk_ev): the same
answers as the "ev" object `mjk --json` prints (analyse), options as
arguments, errors in place, many hands over threads."""
import json
import math
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import mjk

LINES = [
    {"hand": "123m456p789s1222z", "dora": "9m", "ev": {}},
    {"hand": "123m456p789s0s1222z", "ev": {"extra": 2, "turn": 3}},
    {"hand": "3368m166789p578s7z", "dora": "8s", "ev": {}},
    {"hand": "3368m166789p578s7z", "dora": "0s", "visible": "0p11z", "ev": {"hand_change": True, "shanten_back": True}},
    {"hand": "4568m3406p78s", "melds": [{"type": "pon", "tiles": "777z"}], "seat": "2z", "ev": {"uradora": False}},
]


def same_as_json(answer, obj):
    """answer (mjk.ev's dict) against analyse()'s "ev" object, value for value."""
    assert (answer["shanten"], answer["vertices"], answer["wall"]) == (obj["shanten"], obj["vertices"], obj["wall"])
    assert answer["discards"] == [d["discard"] for d in obj["discards"]]
    for i, d in enumerate(obj["discards"]):
        assert answer["discard_shanten"][i] == d["shanten"]
        kinds = np.flatnonzero(answer["necessary"][i])
        assert [[mjk.tile_name(k), int(answer["necessary_counts"][i, k])] for k in kinds] == d["necessary"]
        assert answer["necessary_counts"][i].sum() == answer["wall_counts"][kinds].sum()
        for key in ("tenpai", "win", "score"):
            assert answer[key][i].tolist() == pytest.approx(d[key], rel=1e-15, abs=0)


@pytest.mark.parametrize("request_", LINES)
def test_ev_equals_the_json_answer(request_):
    line = json.dumps(request_)
    a = mjk.ev(line)
    same_as_json(a, mjk.analyse(line)["ev"])
    assert mjk.ev(request_)["vertices"] == a["vertices"]  # a dict: the same request
    d = len(a["discards"])
    assert a["tenpai"].shape == a["win"].shape == a["score"].shape == (d, 19)
    assert a["tenpai"].dtype == np.float64
    assert a["necessary"].dtype == np.bool_ and a["necessary"].shape == (d, 34)
    assert a["discard_shanten"].dtype == np.int8 and a["wall_counts"].dtype == np.uint8
    assert a["stats"]["draw_vertices"] + a["stats"]["discard_vertices"] == a["vertices"]


def test_a_13_tile_hand_known_answer_and_keyword_context():
    a = mjk.ev("123m456p789s1222z", dora="9m")
    assert a["discards"] == [None]
    assert (a["shanten"], a["vertices"], a["wall"]) == (0, 2, 122)
    assert a["win"][0, 0] == pytest.approx(0.38320010838639756, rel=1e-12)
    assert a["win"][0, 18] == 0
    assert a["necessary_counts"][0, mjk.tile_kind("1z")] == 3
    # visible as 34 counts (numpy too) leaves the wall like the mpsz text
    vis = mjk.parse("11z")
    assert mjk.ev("123m456p789s1222z", visible=vis)["wall"] == mjk.ev("123m456p789s1222z", visible="11z")["wall"] == 121


def test_options_as_arguments_replace_the_lines_own():
    line = json.dumps({"hand": "3368m166789p578s7z", "ev": {"hand_change": True, "shanten_back": True}})
    plain = mjk.ev("3368m166789p578s7z")
    assert mjk.ev(line, hand_change=False, shanten_back=False)["vertices"] == plain["vertices"]
    wide = mjk.ev("3368m166789p578s7z", hand_change=True, shanten_back=True)
    assert wide["vertices"] == mjk.ev(line)["vertices"] > plain["vertices"]
    assert mjk.ev("123m456p789s0s1222z", extra=2)["discards"] == ["0s", "1z"]
    assert mjk.ev("123m456p789s0s1222z", red=False, extra=2)["discards"] == ["5s", "1z"]
    no_ura = mjk.ev("3368m166789p578s7z", dora="8s", uradora=False)
    assert (no_ura["score"][:, 1] < mjk.ev("3368m166789p578s7z", dora="8s")["score"][:, 1]).all()
    assert mjk.ev("123m456p789s1222z", max_vertices=None)["vertices"] == 2


def test_errors_raise_with_the_librarys_sentence():
    with pytest.raises(mjk.HandError, match="extra must be 0..3") as e:
        mjk.ev("123m456p789s1222z", extra=4)
    assert e.value.code == 41
    with pytest.raises(mjk.HandError, match="extra must be 0..3"):
        mjk.ev("123m456p789s1222z", extra=-1)
    with pytest.raises(mjk.HandError, match="turn must be 1..17") as e:
        mjk.ev("123m456p789s1222z", turn=18)
    assert e.value.code == 42
    with pytest.raises(mjk.HandError, match="raise max_vertices") as e:
        mjk.ev("3368m166789p578s7z", hand_change=True, shanten_back=True, max_vertices=10)
    assert e.value.code == 43
    with pytest.raises(mjk.HandError, match="already complete") as e:
        mjk.ev("123m456p789s11222z")
    with pytest.raises(mjk.HandError, match="has no win"):
        mjk.ev("123m456p789s1222z 1z")
    with pytest.raises(mjk.HandError, match="unknown ev option"):
        mjk.ev(json.dumps({"hand": "123m456p789s1222z", "ev": {"depth": 1}}))
    with pytest.raises(mjk.HandError, match="unknown character at position 3"):
        mjk.ev("123x")


def test_wrong_argument_types_name_the_argument():
    with pytest.raises(TypeError, match="extra must be an int"):
        mjk.ev("123m456p789s1222z", extra="1")
    with pytest.raises(TypeError, match="extra must be an int"):
        mjk.ev("123m456p789s1222z", extra=True)
    with pytest.raises(TypeError, match="hand_change must be a bool"):
        mjk.ev("123m456p789s1222z", hand_change=1)
    with pytest.raises(ValueError, match="max_vertices must be a count of vertices"):
        mjk.ev("123m456p789s1222z", max_vertices=0)
    with pytest.raises(TypeError, match="unexpected keyword argument 'depth'"):
        mjk.ev("123m456p789s1222z", depth=3)
    with pytest.raises(mjk.HandError, match="has no win"):
        mjk.ev("123m456p789s1222z", win="1z")
    with pytest.raises(TypeError, match="keyword fields go with a dict"):
        mjk.ev('{"hand": "123m456p789s1222z"}', dora="1m")
    with pytest.raises(TypeError, match="seat"):
        mjk.ev("123m456p789s1222z", seat=2.5)
    with pytest.raises(TypeError):
        mjk.ev(5)
    with pytest.raises(TypeError, match="unexpected keyword argument 'dora'"):
        mjk.ev_many(["123m456p789s1222z"], dora="1m")
    with pytest.raises(ValueError, match="threads must be 1..1024"):
        mjk.ev_many(["123m456p789s1222z"], threads=0)


def dealt(n, seed=3):
    """n 14-tile hands of shanten 0..2 dealt from shuffled walls, with a dora indicator."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        wall = rng.permutation(136) // 4
        counts = np.bincount(wall[:14], minlength=34).astype(np.uint8)
        if 0 <= int(mjk.shanten(counts)) <= 2:
            out.append({"hand": mjk.to_mpsz(counts), "dora": mjk.tile_name(int(wall[14]))})
    return out


def strip(a):
    """An answer without what depends on the workspace's history."""
    return {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in a.items() if k != "stats"}


def test_ev_many_spreads_rows_over_threads_with_the_same_answers():
    hands = dealt(60)
    one = [strip(mjk.ev(h)) for h in hands]
    for threads in (1, 2, 4):
        assert [strip(a) for a in mjk.ev_many(hands, threads=threads)] == one
    assert [strip(a) for a in mjk.ev_many(hands)] == one  # one thread per core
    assert mjk.ev_many([]) == []


def test_ev_many_from_two_python_threads_at_once():
    hands = dealt(40, seed=11)
    want = [strip(a) for a in mjk.ev_many(hands, threads=1)]
    got = [None, None]

    def run(i):
        got[i] = [strip(a) for a in mjk.ev_many(hands, threads=2)]
    ts = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert got == [want, want]


def test_a_bad_row_gives_its_error_in_place_and_hides_no_other_answer():
    hands = dealt(6, seed=5)
    rows = hands[:2] + ["123m456p789s11222z"] + hands[2:4] + [json.dumps({"hand": "123m456p789s1222z", "ev": {"extra": 9}})] + hands[4:]
    got = mjk.ev_many(rows, errors="return", threads=2)
    assert [type(a).__name__ for a in got] == ["dict"] * 2 + ["HandError"] + ["dict"] * 2 + ["HandError"] + ["dict"] * 2
    assert (got[2].row, got[2].code) == (2, 38)
    assert "already complete" in str(got[2])
    assert (got[5].row, got[5].code, str(got[5])) == (5, 41, "extra must be 0..3")
    good = [strip(mjk.ev(h)) for h in hands]
    assert [strip(a) for a in got if isinstance(a, dict)] == good
    with pytest.raises(mjk.HandError, match=r"requests\[2\]: .*already complete") as e:
        mjk.ev_many(rows)
    assert e.value.row == 2
    # a dict the schema refuses is its row's error too (the type's error with errors="raise")
    rows[5] = {"hand": "123m456p789s1222z", "seat": 2.5}
    got = mjk.ev_many(rows, errors="return")
    assert (got[5].row, got[5].code) == (5, 35) and "seat must be" in str(got[5])
    assert [strip(a) for a in got if isinstance(a, dict)] == good
    with pytest.raises(TypeError, match=r"requests\[2\]: seat must be"):  # row 5 of rows
        mjk.ev_many(rows[3:])


def test_ev_many_options_apply_to_every_row():
    hands = dealt(8, seed=9)
    wide = mjk.ev_many(hands, hand_change=True, shanten_back=True, threads=2)
    assert [a["vertices"] for a in wide] == [mjk.ev(h, hand_change=True, shanten_back=True)["vertices"] for h in hands]
    capped = mjk.ev_many(hands, hand_change=True, shanten_back=True, max_vertices=50, errors="return")
    assert all(isinstance(a, mjk.HandError) and a.code == 43 for a, w in zip(capped, wide) if w["vertices"] > 50)


def test_ev_many_releases_the_gil():
    """Another Python thread runs while ev_many searches (it could not if the GIL were held)."""
    hands = dealt(12, seed=13)
    # Enough copies for a search of about 0.2 s however fast the machine is.
    start = time.perf_counter()
    mjk.ev_many(hands, hand_change=True, shanten_back=True, threads=1)
    hands = hands * min(200, math.ceil(0.2 / max(time.perf_counter() - start, 1e-4)))
    span = {}

    def search():
        span["start"] = time.perf_counter()
        mjk.ev_many(hands, hand_change=True, shanten_back=True, threads=1)
        span["end"] = time.perf_counter()
    t = threading.Thread(target=search)
    ticks = []
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
    t.join()
    inside = [x for x in ticks if span["start"] + 0.01 < x < span["end"] - 0.01]
    assert span["end"] - span["start"] > 0.05, "searches long enough to see"
    assert len(inside) > 100


# Grows past 6 GB with every widening and no budget (the report's hand).
WIDE = "147m258p369s12345z"


def test_max_vertices_is_a_count_with_the_librarys_default():
    assert mjk.EV_DEFAULT_MAX_VERTICES == 1_000_000
    line = json.dumps({"hand": "3368m166789p578s7z", "ev": {"hand_change": True, "shanten_back": True, "max_vertices": 10}})
    with pytest.raises(mjk.HandError, match="raise max_vertices"):
        mjk.ev(line, max_vertices=None)  # None is unset, as JSON's null: the line's own budget holds
    assert mjk.ev(line, max_vertices=2**64 - 1)["vertices"] > 10
    for bad in (0, -1, 2**64):
        with pytest.raises(ValueError, match=r"max_vertices must be a count of vertices, 1 to 2\*\*64 - 1"):
            mjk.ev("123m456p789s1222z", max_vertices=bad)
    # A line's own 0 (once "no limit") or 2**64: the library's error naming the field.
    for bad in (0, 2**64):
        with pytest.raises(mjk.HandError, match="max_vertices must be a count of vertices") as e:
            mjk.ev(json.dumps({"hand": "123m456p789s1222z", "ev": {"max_vertices": bad}}))
        assert e.value.code == 35


def _child(code, limit_bytes):
    """A Python running `code` with mjk, in an address space of limit_bytes (a
    search that would not stop fails there, instead of taking the machine)."""
    prelude = f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({limit_bytes}, {limit_bytes}))\n"
    return subprocess.Popen([sys.executable, "-c", prelude + code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def test_the_default_budget_ends_a_wide_search_with_its_error():
    p = _child(f"""
import mjk
try:
    mjk.ev({WIDE!r}, hand_change=True, shanten_back=True, extra=3)
    print("answered")
except mjk.HandError as e:
    print(e.code, e)
""", 3 << 30)
    out, err = p.communicate(timeout=300)  # a guard only
    assert out.startswith("43 the search passed max_vertices"), out + err


@pytest.mark.parametrize("call", ["mjk.ev(WIDE, **WIDEST)", "mjk.ev_many([WIDE, WIDE], threads=2, **WIDEST)"])
def test_ctrl_c_stops_the_search_and_raises_keyboard_interrupt(call):
    p = _child(f"""
import resource, sys, mjk
WIDE = {WIDE!r}
WIDEST = dict(hand_change=True, shanten_back=True, extra=3, max_vertices=2**64 - 1)
print("searching", flush=True)
try:
    {call}
    print("answered")
except KeyboardInterrupt:
    print("KeyboardInterrupt", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, flush=True)
""", 3 << 30)
    assert p.stdout.readline() == "searching\n"
    time.sleep(1)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)  # a guard only: a search that went on would end past 3 GB instead
    words = out.split()
    assert words[:1] == ["KeyboardInterrupt"], out + err
    assert int(words[1]) < 1024, f"{words[1]} MB at its largest: the search went on"
    assert p.returncode == 0


def test_ev_many_names_the_row_of_a_request_that_is_neither_a_dict_nor_a_str():
    got = mjk.ev_many(["123m456p789s1222z", 5], errors="return")
    assert isinstance(got[0], dict)
    assert (got[1].row, got[1].code, str(got[1])) == (1, 35, "requests[1] must be a dict or a str, not int")
    with pytest.raises(TypeError, match=r"^requests\[1\] must be a dict or a str, not int$"):
        mjk.ev_many(["123m456p789s1222z", 5])
