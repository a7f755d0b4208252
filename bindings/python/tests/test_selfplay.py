"""Self-play on Dask (python -m mjk.selfplay on a LocalCluster of one or two
workers) against `mjk play` with the same arguments: the same files, byte
for byte, and the same summary but for its timing."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjk import _native
from mjk import selfplay

CLI = os.environ.get("MJK_CLI")
needs_cli = pytest.mark.skipif(not CLI, reason="MJK_CLI (the mjk tool) not given")
TIMING = ("seconds", "hanchan_per_s")


def selfplay_run(args, workers):
    return subprocess.run([sys.executable, "-m", "mjk.selfplay", *args, "--workers", str(workers), "--quiet"],
                          capture_output=True, text=True, timeout=300)


def files_of(directory):
    return {p.name: p.read_bytes() for p in sorted(Path(directory).iterdir())}


@needs_cli
@pytest.mark.parametrize("fmt, extra, workers", [
    ("mjai", [], 2),
    ("tenhou6", ["--bots", "random,advice,tsumogiri", "--players", "3"], 1),
    ("mjlog", ["--bots", "advice,random,advice,tsumogiri"], 2),
])
def test_selfplay_writes_what_mjk_play_writes(tmp_path, fmt, extra, workers):
    common = ["--games", "5", "--seed", "11", "--length", "east", "--format", fmt, *extra]
    cli = subprocess.run([CLI, "play", *common, "--out", str(tmp_path / "cli"), "--json"], capture_output=True,
                         text=True, timeout=300)
    assert cli.returncode == 0, cli.stderr
    # Tasks of two games: the batches finish in any order on the workers.
    dask = selfplay_run([*common, "--out", str(tmp_path / "dask"), "--batch", "2", "--json"], workers)
    assert dask.returncode == 0, dask.stderr
    expected = files_of(tmp_path / "cli")
    assert len(expected) == 5 and files_of(tmp_path / "dask") == expected
    want, got = json.loads(cli.stdout), json.loads(dask.stdout)
    for key in TIMING:
        del want[key], got[key]
    assert got == want
    assert not [p for p in (tmp_path / "dask").iterdir() if ".tmp" in p.name]  # written whole, renamed


@needs_cli
def test_selfplay_text_summary_is_mjk_plays(tmp_path):
    common = ["--games", "3", "--seed", "4", "--length", "east", "--bots", "advice,random,tsumogiri,advice"]
    cli = subprocess.run([CLI, "play", *common], capture_output=True, text=True, timeout=300)
    dask = selfplay_run(common, 1)
    assert cli.returncode == 0 and dask.returncode == 0, dask.stderr
    # All but the last line, the time taken.
    assert dask.stdout.splitlines()[:-1] == cli.stdout.splitlines()[:-1]
    assert dask.stdout.splitlines()[-1].endswith("hanchan/s")


def test_native_batch_is_the_games_one_by_one():
    p = selfplay.plan(games=4, seed=3, length="one", format="tenhou6", out="games")
    whole = _native.Selfplay(p).play(0, 4)
    parts = _native.Selfplay(p).play(2, 2)
    assert [g["game"] for g in whole] == [0, 1, 2, 3]
    assert parts == whole[2:]
    for g in whole:
        assert sorted(g["placements"]) == [0, 1, 2, 3] and g["rounds"] >= 1 and g["decisions"] > 0
        assert g["text"].startswith(b"{")
    none = selfplay.plan(games=2, seed=3, length="one", bots="random")
    assert all(g["text"] == b"" for g in _native.Selfplay(none).play(0, 2))
    with pytest.raises(ValueError, match="first \\+ count passes the last"):
        _native.Selfplay(p).play(0xFFFFFFFF, 2)


def test_a_bad_argument_is_named(tmp_path):
    with pytest.raises(ValueError, match="unknown bot 'nobot' for seat 2"):
        _native.Selfplay(dict(games=1, length="east", bots=["advice", "advice", "nobot", "advice"], format="mjai",
                              out="games"))
    with pytest.raises(selfplay.PlanError, match="unknown bot 'nobot' for seat 1"):
        selfplay.plan(games=1, bots="advice,nobot,advice,advice")
    with pytest.raises(selfplay.PlanError, match="unknown rules preset 'nowhere'"):
        selfplay.plan(games=1, rules="nowhere")
    with pytest.raises(selfplay.PlanError, match="--bots names 2 bots for 4 players"):
        selfplay.plan(games=1, bots="advice,random")
    with pytest.raises(selfplay.PlanError, match="external bots are mjk play's"):
        selfplay.plan(games=1, bots="cmd:true")
    with pytest.raises(selfplay.PlanError, match="--format mjlog states Tenhou's rules"):
        selfplay.plan(games=1, rules="mahjongsoul", format="mjlog", out=str(tmp_path))
    # The command says it before a cluster is started, exit status 2.
    r = subprocess.run([sys.executable, "-m", "mjk.selfplay", "--bots", "nobot", "--quiet"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and "unknown bot 'nobot' for seat 0" in r.stderr
    assert not r.stdout
    # --workers 0 once meant every core and 99999 started that many processes: both commands refuse them.
    for command in (["mjk.selfplay"], ["mjk.corpus", str(tmp_path)]):
        for workers in ("0", "-1", "1025"):
            r = subprocess.run([sys.executable, "-m", *command, "--workers", workers, "--quiet"],
                               capture_output=True, text=True, timeout=120)
            assert r.returncode == 2 and f"--workers takes 1 to 1024 processes, not {workers}" in r.stderr, r.stderr
    from mjk import corpus
    for workers in (0, 99999, True, 2.0):
        with pytest.raises(ValueError, match="workers must be 1 to 1024 processes"):
            corpus.local_client(workers)


@pytest.mark.parametrize("args, message", [
    (dict(games=0), "--games takes a number from 1 to 4294967295, not '0'"),
    (dict(games=1, seed=-1), "--seed takes a number from 0 to 18446744073709551615, not '-1'"),
    (dict(games=1, rules="tenhou-sanma", players=4), "--rules tenhou-sanma is for 3 players and --players asks 4"),
    (dict(games=1, bots="advice,cmd:a b,c,ev"), "--bots cmd:a b for seat 1: mjk.selfplay plays the built-in bots alone "
                                    "(random, tsumogiri, advice, ev); external bots are mjk play's"),
    (dict(games=1, bots="advice,,advice,advice"), "--bots names no bot for seat 1"),
    (dict(games=1, bots="nobot"), "unknown bot 'nobot' for seat 0 (the bots: random, tsumogiri, advice, ev)"),
    (dict(games=1, format="tenhou6"), "--format tenhou6 needs --out DIR"),
    (dict(games=1, format="none", out="games"),
     "--out with --format none writes nothing: give --format mjai, tenhou6 or mjlog"),
])
def test_plan_errors_are_worded_as_mjk_selfplay_words_them(args, message):
    # mjk play's checks (the records layer's plan), in this door's words: no cmd:COMMAND, no --out -.
    with pytest.raises(selfplay.PlanError) as e:
        selfplay.plan(**args)
    assert str(e.value) == message


def test_the_plan_resolves_as_mjk_play():
    p = selfplay.plan(games=2, players=3)
    assert p["rules"] == "tenhou-sanma" and p["players"] == 3 and p["bots"] == ["advice"] * 3
    assert p["length"] == "south" and p["format"] == "none" and p["extension"] == ""
    p = selfplay.plan(games=2, players=3, length="east", rules="mahjongsoul", bots="random,ev,advice", out="games")
    assert p["rules"] == "mahjongsoul-sanma" and p["bots"] == ["random", "ev", "advice"] and p["length"] == "east"
    assert p["format"] == "mjai" and p["extension"] == ".mjson" and p["out"] == "games"


def test_a_directory_that_cannot_be_written_is_named(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    r = selfplay_run(["--games", "1", "--length", "one", "--out", str(blocker / "games")], 1)
    assert r.returncode == 1 and str(blocker) in r.stderr and "Traceback" not in r.stderr
    assert not r.stdout
