"""Game records from Python: mjk.read_log's arrays, the corpus statistics'
exact merge, and the Dask path (python -m mjk.corpus on a LocalCluster of two
workers) against the single-process figures and `mjk log --stats --json`.
The records are read from ../shared/data/logs (MJK_SHARED_DATA_DIR); the
tests that need them skip, saying why, when they are absent."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import mjk
from mjk import _native
from mjk import corpus

ROOT = Path(__file__).resolve().parents[3]
DATA = Path(os.environ.get("MJK_SHARED_DATA_DIR") or ROOT.parent / "shared" / "data")
LOGS = DATA / "logs"
CLI = os.environ.get("MJK_CLI")

needs_logs = pytest.mark.skipif(not LOGS.is_dir(), reason=f"no game records at {LOGS} (public data, never in the repository)")


def mjlogs():
    return sorted((LOGS / "tenhou-mjlog").iterdir())


@needs_logs
def test_read_log_arrays_describe_every_discard():
    path = mjlogs()[0]
    r = mjk.read_log(path)
    n = len(r["discard"])
    assert r["format"] == "mjlog" and r["players"] == 4 and r["error"] is None and n > 100
    for key in ("hand", "visible", "melds", "dora"):
        assert r[key].shape == (n, 34) and r[key].dtype == np.uint8, key
    assert r["best"].shape == (n, 34) and r["best"].dtype == np.bool_
    rows = np.arange(n)
    # 3k+2 tiles in hand, the discard among them, at most four of a kind in sight.
    assert (r["hand"].sum(axis=1) % 3 == 2).all()
    assert (r["hand"][rows, r["discard"]] > 0).all()
    assert (r["hand"].astype(int) + r["visible"] + r["melds"] + r["dora"] <= 4).all()
    assert r["reviewed"].all()
    # The chosen discard is among the best exactly when it keeps the best shanten and ukeire.
    chosen_best = (r["shanten_after"] == r["best_shanten"]) & (r["ukeire"] == r["best_ukeire"])
    assert (r["best"][rows, r["discard"]] == chosen_best).all()
    assert (r["ukeire"] <= r["best_ukeire"])[r["shanten_after"] == r["best_shanten"]].all()
    assert set(r["seat"]) == {0, 1, 2, 3} and r["round"].max() == len(r["rounds"]) - 1
    # The kernel's own batch shanten agrees with the review.
    assert (mjk.shanten(r["hand"]) == r["shanten"]).all()


@needs_logs
def test_read_log_states_the_game():
    for path in mjlogs()[:5]:
        r = mjk.read_log(path)
        info = r["round_info"]
        assert [x["label"] for x in info] == r["rounds"]
        assert len(r["names"]) == 4 and all(isinstance(n, str) and n for n in r["names"])
        # Each round starts with the scores the one before left (its payments added).
        for before, after in zip(info, info[1:]):
            paid = [sum(w["payments"][s] for w in before["wins"]) + (before["draw"]["payments"][s] if before["draw"] else 0)
                    - 1000 * before["riichi"].count(s) for s in range(4)]
            assert [a + p for a, p in zip(before["scores"], paid)] == after["scores"], before["label"]
        for x in info:
            assert 0 <= x["wind"] < 4 and 0 <= x["dealer"] < 4 and x["number"] == x["dealer"] + 1
            assert x["wins"] or x["draw"], x["label"]
            for w in x["wins"]:
                assert w["tsumo"] == (w["winner"] == w["from"]) and w["points"] > 0
                assert w["yakuman"] or sum(y["han"] for y in w["yaku"]) == w["han"]
                assert sum(w["payments"]) >= 0 and w["payments"][w["winner"]] > 0
            if x["draw"]:
                assert set(x["draw"]["tenpai"]) <= {0, 1, 2, 3} and isinstance(x["draw"]["kind"], str)
        last = info[-1]
        assert r["final_scores"] == [s + sum(w["payments"][i] for w in last["wins"]) +
                                     (last["draw"]["payments"][i] if last["draw"] else 0) - 1000 * last["riichi"].count(i)
                                     for i, s in enumerate(last["scores"])]
        assert sorted(r["places"]) == [1, 2, 3, 4]
        by_place = sorted(range(4), key=lambda s: r["places"][s])
        assert [r["final_scores"][s] for s in by_place] == sorted(r["final_scores"], reverse=True)


@needs_logs
@pytest.mark.skipif(not CLI, reason="MJK_CLI (the mjk tool) not given")
def test_read_log_is_mjk_log_json():
    path = str(mjlogs()[1])
    r = mjk.read_log(path)
    lines = [json.loads(x) for x in subprocess.run([CLI, "log", "--json", path], capture_output=True, text=True).stdout.splitlines()]
    decisions = [x for x in lines if "discard" in x]
    assert len(decisions) == len(r["discard"])
    names = [t + s for s in "mpsz" for t in "123456789"][:34]
    for i, d in enumerate(decisions):
        assert d["shanten"] == r["shanten"][i] and d["shanten_after"] == r["shanten_after"][i]
        assert d["ukeire"] == r["ukeire"][i] and d["best_ukeire"] == r["best_ukeire"][i]
        assert d["best"] == [names[k] for k in np.flatnonzero(r["best"][i])]
        assert d["turn"] == r["turn"][i] and d["riichi"] == bool(r["riichi"][i])
        assert d["discard"].replace("0", "5") == names[r["discard"][i]]
        for key in ("hand", "visible"):  # red fives written 0, counted by suit
            reds = [next((g.count("0") for g in _suit_groups(d[key]) if g[-1] == s), 0) for s in "mps"]
            assert reds == list(r[key + "_red"][i]), (i, key, d[key])
    assert r["visible_red"].sum() > 0 and r["hand_red"].sum() > 0  # the record's red fives are seen


def _suit_groups(mpsz):
    groups, digits = [], ""
    for ch in mpsz:
        digits += ch
        if not ch.isdigit():
            groups.append(digits)
            digits = ""
    return groups


def test_read_log_errors_name_the_place(tmp_path):
    with pytest.raises(mjk.RecordError, match="nowhere"):
        mjk.read_log(tmp_path / "nowhere.mjlog")
    bad = tmp_path / "bad.json"
    bad.write_text('{"log": [[[0, 0, 0], [25000, 25000')
    with pytest.raises(mjk.RecordError, match="bad.json"):
        mjk.read_log(bad)
    with pytest.raises(ValueError, match="errors"):
        mjk.read_log(bad, errors="ignore")


@needs_logs
def test_a_record_breaking_the_rules_raises_or_returns_its_place(tmp_path):
    text = mjlogs()[0].read_text()
    # Seat 0's riichi is accepted before its first discard, without a declaration.
    first = re.search(r"<D(\d+)/>", text)
    broken = tmp_path / "broken.mjlog"
    broken.write_text(text[: first.start()] + '<REACH who="0" step="2"/>' + text[first.start():])
    with pytest.raises(mjk.RecordError, match="accepted without a riichi discard"):
        mjk.read_log(broken)
    r = mjk.read_log(broken, errors="return")
    assert r["error"]["round"] == "E1-0" and "accepted without a riichi discard" in r["error"]["what"]
    assert len(r["discard"]) == 0  # the error is before the first discard


@needs_logs
def test_one_tile_id_in_two_places_is_a_record_error_naming_it(tmp_path):
    # mjlog names every tile: the reader follows each id, so a tile dealt
    # twice cannot be read (the replay, counting kinds, would not notice).
    text = mjlogs()[0].read_text()
    first = re.search(r'hai0="(\d+),(\d+),', text)
    dup = tmp_path / "dup.mjlog"
    dup.write_text(text[: first.start()] + f'hai0="{first[1]},{first[1]},' + text[first.end():])
    with pytest.raises(mjk.RecordError, match=rf"dup\.mjlog:\d+:\d+ \(byte \d+\): E1-0 deal: tile id {first[1]} dealt twice$"):
        mjk.read_log(dup, errors="return")


# ---- hostile records: each an error naming it, the next record still read ----

# A whole (if short) game: East deals, draws and discards, the record stops.
GOOD = ('<mjloggm ver="2.3"><GO type="169"/><TAIKYOKU oya="0"/>'
        '<INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" '
        'hai0="34,11,120,19,83,79,69,12,1,99,128,85,73" hai1="57,27,17,119,14,134,126,44,117,68,114,82,109" '
        'hai2="78,93,90,48,100,41,40,81,60,53,92,75,98" hai3="6,104,127,88,87,35,65,135,97,122,25,5,121"/>'
        '<T77/><D120/></mjloggm>')
LIMIT = "the limit of 16777216 bytes a record"


def test_a_path_holding_a_nul_byte_is_a_record_error_saying_so(tmp_path):
    # The NUL must neither cut the path short (opening good.mjlog) nor the
    # message (it said only "good.mjlog").
    good = tmp_path / "good.mjlog"
    good.write_text(GOOD)
    for path in (f"{good}\0y", os.fsencode(good) + b"\0y"):
        for errors in ("raise", "return"):
            with pytest.raises(mjk.RecordError) as e:
                mjk.read_log(path, errors=errors)
            assert str(e.value) == repr(f"{good}\0y") + ": path holds a NUL byte"
    with pytest.raises(ValueError) as e:
        _native.corpus_stats([str(good), f"{good}\0y"])
    assert str(e.value) == "paths[1] " + repr(f"{good}\0y") + ": path holds a NUL byte"
    assert len(mjk.read_log(good)["discard"]) == 1


def gzipped(data):
    import zlib
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    return c.compress(data) + c.flush()


def isolated(code, tmp_path, *, extra_address_space=None, timeout=60):
    """The output of `code` run by this Python in a child process, which
    gets `timeout` seconds and, when given, that many bytes more address space
    than it has once mjk is imported: a hang or a crash fails the test, and
    cannot take the machine's memory or the whole run."""
    limit = ""
    if extra_address_space:
        limit = ("import resource\n"
                 "vm = int(open('/proc/self/status').read().split('VmSize:')[1].split()[0]) * 1024\n"
                 f"resource.setrlimit(resource.RLIMIT_AS, (vm + {extra_address_space}, vm + {extra_address_space}))\n")
    script = "import mjk\n" + limit + code
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=timeout, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    return run.stdout


def outcome_code(path, **options):
    """Python code printing "error: MESSAGE" or "ok: N discards" for a record."""
    return (f"try:\n    print('ok:', len(mjk.read_log({str(path)!r}, **{options!r})['discard']), 'discards')\n"
            "except mjk.RecordError as e:\n    print('error:', e)\n")


def test_a_directory_is_a_record_error_naming_it(tmp_path):
    (tmp_path / "good.mjlog").write_text(GOOD)
    with pytest.raises(mjk.RecordError) as e:
        mjk.read_log(tmp_path, errors="return")
    assert str(e.value) == f"{tmp_path}: is a directory"
    assert len(mjk.read_log(tmp_path / "good.mjlog")["discard"]) == 1


def test_gzip_is_inflated_once_and_gzip_inside_gzip_is_an_error(tmp_path):
    once, twice = tmp_path / "once.gz", tmp_path / "twice.gz"
    once.write_bytes(gzipped(GOOD.encode()))
    twice.write_bytes(gzipped(gzipped(GOOD.encode())))
    assert len(mjk.read_log(once)["discard"]) == 1
    with pytest.raises(mjk.RecordError) as e:
        mjk.read_log(twice)
    assert str(e.value) == f"{twice}: gzip inside gzip: a record is compressed once"
    assert len(mjk.read_log(once)["discard"]) == 1


def test_a_gzip_bomb_stops_at_the_limit_which_max_bytes_raises(tmp_path):
    bomb = tmp_path / "bomb.gz"
    bomb.write_bytes(gzipped(bytes(20 << 20)))  # 20 MiB of zeros, some 20 KB
    assert bomb.stat().st_size < 64 * 1024
    with pytest.raises(mjk.RecordError, match=re.escape(f"{bomb}: gzip data inflates past {LIMIT}")):
        mjk.read_log(bomb)
    with pytest.raises(mjk.RecordError, match="not a game record"):
        mjk.read_log(bomb, max_bytes=32 << 20)


def test_max_bytes_bounds_the_bytes_read_and_inflated_to_the_byte(tmp_path):
    good, gz = tmp_path / "good.mjlog", tmp_path / "good.gz"
    good.write_text(GOOD)
    gz.write_bytes(gzipped(GOOD.encode()))
    n = len(GOOD)
    assert len(mjk.read_log(good, max_bytes=n)["discard"]) == 1
    assert len(mjk.read_log(gz, max_bytes=n)["discard"]) == 1
    with pytest.raises(mjk.RecordError, match=re.escape(f"{good}: the file is {n} bytes, larger than the limit of {n - 1} bytes")):
        mjk.read_log(good, max_bytes=n - 1)
    with pytest.raises(mjk.RecordError, match=re.escape(f"{gz}: gzip data inflates past the limit of {n - 1} bytes")):
        mjk.read_log(gz, max_bytes=n - 1)
    for wrong in ("16M", 1.5, True, None):
        with pytest.raises(TypeError, match="max_bytes"):
            mjk.read_log(good, max_bytes=wrong)
    for wrong in (0, -1, 2**64):
        with pytest.raises(ValueError, match="max_bytes"):
            mjk.read_log(good, max_bytes=wrong)
    assert _native.corpus_stats([str(good)], max_bytes=n - 1)["error_list"][0].startswith(f"{good}: the file is")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_dev_zero_is_bounded_by_the_limit(tmp_path):
    (tmp_path / "good.mjlog").write_text(GOOD)
    out = isolated(outcome_code("/dev/zero") + outcome_code(tmp_path / "good.mjlog"), tmp_path,
                   extra_address_space=1 << 30)
    assert out == f"error: /dev/zero: larger than {LIMIT} (raise it with the max-bytes option)\nok: 1 discards\n"


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc")
def test_out_of_memory_is_that_records_error_and_the_next_is_read(tmp_path):
    (tmp_path / "good.mjlog").write_text(GOOD)
    # The limit raised far past 256 MiB more address space: /dev/zero is read until memory runs out.
    out = isolated(outcome_code("/dev/zero", max_bytes=1 << 40) + outcome_code(tmp_path / "good.mjlog"), tmp_path,
                   extra_address_space=256 << 20)
    assert out == "error: /dev/zero: out of memory while reading the record\nok: 1 discards\n"


def test_a_fifo_with_no_writer_is_an_error_not_a_wait(tmp_path):
    (tmp_path / "good.mjlog").write_text(GOOD)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    out = isolated(outcome_code(fifo) + outcome_code(tmp_path / "good.mjlog"), tmp_path, timeout=30)
    assert out == f"error: {fifo}: a FIFO with no writer (nothing to read)\nok: 1 discards\n"


@needs_logs
def test_partial_statistics_merge_exactly():
    files = corpus.record_files([str(LOGS)])
    whole = _native.corpus_stats(files)
    parts = [_native.corpus_stats(files[i::3]) for i in range(3)]
    merged = _native.corpus_merge(parts)
    assert _native.corpus_json(merged) == _native.corpus_json(whole)
    assert merged["games"] == whole["games"] == len(files)
    assert whole["wins"] > 0 and whole["turn_discards"][0] > 0


@needs_logs
def test_dask_local_cluster_of_two_workers_gives_the_single_process_figures():
    pytest.importorskip("distributed", reason="needs Debian's python3-distributed")
    files = corpus.record_files([str(LOGS)])
    single = _native.corpus_json(_native.corpus_stats(files))
    run = subprocess.run([sys.executable, "-m", "mjk.corpus", "--workers", "2", "--batch", "8", "--json", str(LOGS)],
                         capture_output=True, text=True, timeout=300)
    assert run.stdout.strip() == single, run.stderr[-2000:]
    stats = json.loads(run.stdout)
    assert run.returncode == (0 if stats["disagreements"] == 0 and not stats["errors"] else 1)
    if CLI:
        cli = subprocess.run([CLI, "log", "--stats", "--json", str(LOGS)], capture_output=True, text=True)
        assert cli.stdout.strip() == single
        assert cli.returncode == run.returncode


def test_dask_run_prints_its_dashboard_and_progress_to_stderr_unless_quiet(tmp_path):
    # A LocalCluster of one worker and two records of one task each: what a
    # Dask user looks for (the dashboard's address, the work, its progress),
    # on stderr (a log here, so lines), and none of it with --quiet.
    pytest.importorskip("distributed", reason="needs Debian's python3-distributed")
    records = tmp_path / "records"
    records.mkdir()
    for name in ("a.mjlog", "b.mjlog"):
        (records / name).write_text(GOOD)
    command = [sys.executable, "-m", "mjk.corpus", "--workers", "1", "--batch", "1", "--json", str(records)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout)["games"] == 2
    lines = [x for x in run.stderr.splitlines() if x.startswith("mjk.corpus:")]
    assert len(lines) == 4, run.stderr
    assert re.fullmatch(r"mjk\.corpus: dashboard http://127\.0\.0\.1:\d+/status", lines[0])
    assert lines[1:3] == ["mjk.corpus: 2 records in 2 tasks of up to 1, on 1 worker",
                          "mjk.corpus: 1 / 2 records (50%)"]
    assert re.fullmatch(r"mjk\.corpus: 2 / 2 records \(100%\) in \d+\.\d s", lines[3])
    quiet = subprocess.run(command + ["--quiet"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stdout == run.stdout
    assert "mjk.corpus" not in quiet.stderr


def test_dask_progress_in_a_terminal_is_one_bar_redrawn():
    import io
    out = io.StringIO()
    progress = corpus.Progress(out, tty=True)
    for done in (3, 10, 10):
        progress(done, 10)
    text = out.getvalue()
    assert text.startswith("\r[" + "#" * 12 + " " * 28 + "] 3 / 10 records\r[" + "#" * 40 + "] 10 / 10 records in ")
    assert text.count("\n") == 2 and text.endswith(" s\n")
    lines = io.StringIO()
    progress = corpus.Progress(lines, tty=False)
    for done in range(1, 101):
        progress(done, 100)
    # The first record done, then a line each tenth, the last with the time.
    assert [x.split(" records")[0] for x in lines.getvalue().splitlines()] == \
        ["mjk.corpus: %d / 100" % n for n in (1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100)]


# The readers of mjlog and tenhou.net/6 follow the tiles themselves and stop
# at a discard of a tile not held; they hand on the game up to it, which the
# review replays: errors="return" gives the discards before it, as for mjai,
# whose replay finds it.
def test_a_mjlog_discard_of_a_tile_not_held_returns_the_discards_before_it(tmp_path):
    # Seat 2 discards tile id 57, which seat 1 holds: event 5, after two discards.
    bad = tmp_path / "not_held.mjlog"
    bad.write_text(GOOD.replace("<T77/><D120/>", "<T77/><D120/><U3/><E27/><V4/><F57/>"))
    with pytest.raises(mjk.RecordError, match="tile id 57"):
        mjk.read_log(bad)
    r = mjk.read_log(bad, errors="return")
    assert r["error"]["round"] == "E1-0" and r["error"]["event"] == 5 and "tile id 57" in r["error"]["what"]
    assert list(r["seat"]) == [0, 1]


@needs_logs
def test_a_tenhou6_discard_of_a_tile_not_held_returns_the_discards_before_it(tmp_path):
    # East's third discard of the first round becomes a kind East never has.
    path = sorted(p for p in (LOGS / "tenhou6-json").iterdir() if p.suffix == ".json")[0]
    game = json.loads(path.read_text())
    first = game["log"][0]
    has = {t for t in first[4] + first[5] if isinstance(t, int)}
    never = next(t for t in [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48)] if t not in has)
    first[6][2] = never
    bad = tmp_path / "not_held.json"
    bad.write_text(json.dumps(game))
    with pytest.raises(mjk.RecordError, match="a tile not held"):
        mjk.read_log(bad)
    r = mjk.read_log(bad, errors="return")
    assert "a tile not held" in r["error"]["what"] and r["error"]["round"] == r["rounds"][0]
    assert (r["round"] == 0).all() and (r["seat"] == 0).sum() == 2
