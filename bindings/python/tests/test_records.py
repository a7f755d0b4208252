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

