"""Self-play by the engine's built-in bots on a Dask cluster.

    python -m mjk.selfplay --games N [--seed S] [--players 4|3] [--length one|east|south] [--rules PRESET]
                           [--bots BOT[,BOT...]] [--format mjai|tenhou6|mjlog|none] [--out DIR]
                           [--batch N] [--workers N] [--scheduler tcp://HOST:8786] [--json] [--quiet]

Plays games 0..N-1 of the seed as `mjk play` does with the same options, in
tasks of --batch games on the Dask workers (the native code, the records
layer's play_recorded, the function `mjk play` plays its games with), writes
each game's record into DIR as SEED-GAME.mjson|.json|.xml (whole: under a
temporary name, renamed once written), and prints the summary `mjk play`
prints (`--json`: the same object; seconds and hanchan_per_s are timing,
from the first task sent to the last record written, the cluster's start
left out).
The files and the figures are those of `mjk play`, whatever the cluster.

Built-in bots only (random, tsumogiri, advice, ev): `mjk play`'s cmd:COMMAND
bots are processes of that machine. Without --scheduler: a
distributed.LocalCluster of this machine's cores. With it: the workers need
the mjk package; the records travel back to this process, which writes them.

On standard error, unless --quiet: the scheduler's dashboard address, the
games, tasks and workers, then the progress as tasks complete.
"""
import argparse
import os
import sys
import time

from . import _native
from ._table import _FORMATS, _LENGTHS
from .corpus import check_workers, session

LENGTHS = tuple(_LENGTHS)
FORMATS = _FORMATS + ("none",)


class PlanError(ValueError):
    """An argument mjk.selfplay refuses, the message naming it."""


def plan(*, games, seed=0, players=0, length=None, rules="tenhou", bots="advice", format=None, out=None):
    """The options checked together as `mjk play` checks them (the records
    layer's plan, which the command calls, through the C ABI): a dict of the
    rules preset's name, the players, the length, one bot a seat, the format
    and its files' extension. Raises PlanError naming what is wrong."""
    try:
        return _native.Selfplay(dict(games=games, seed=seed, players=players, length=length, rules=rules, bots=bots,
                                     format=format, out=out)).plan()
    except ValueError as e:
        raise PlanError(str(e)) from None


def play_batch(p, first, count):
    """On a worker: games [first, first + count) (the native code, the GIL released)."""
    from mjk import _native as native
    return native.Selfplay(p).play(first, count)


def write_whole(path, data):
    """`data` into `path` whole or not at all: a temporary file beside it, renamed."""
    temporary = "%s.tmp%d" % (path, os.getpid())
    try:
        with open(temporary, "wb") as f:
            f.write(data)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise


def totals(p):
    """The summary's sums (the library's, as mjk play's): .add(game) each game, .text(seconds, json)."""
    return _native.Selfplay(p)


def run(p, *, client, batch=16, progress=None):
    """Plays the plan's games on the workers of a distributed.Client, writes
    each record into p["out"] as it comes back; returns the sums (totals())."""
    from distributed import as_completed
    if p["out"]:
        os.makedirs(p["out"], exist_ok=True)
    starts = list(range(0, p["games"], batch))
    futures = [client.submit(play_batch, p, first, min(batch, p["games"] - first), pure=False) for first in starts]
    sums, done = totals(p), 0
    for future in as_completed(futures):
        for g in future.result():
            if p["format"] != "none":
                name = "%d-%d%s" % (p["seed"], g["game"], p["extension"])
                write_whole(os.path.join(p["out"], name), g["text"])
            sums.add(g)
            done += 1
        if progress:
            progress(done, p["games"])
    return sums


def main(argv=None):
    a = argparse.ArgumentParser(prog="python -m mjk.selfplay", description=__doc__.split("\n\n")[0])
    a.add_argument("--games", type=int, default=1, help="games to play, numbered from 0 (default 1)")
    a.add_argument("--seed", type=int, default=0, help="the seed of every game's wall and bots (default 0)")
    a.add_argument("--players", type=int, choices=(3, 4), default=0,
                   help="4 or 3 (3 with a four-player preset: its -sanma rules)")
    a.add_argument("--length", choices=LENGTHS, help="one round, east or south (default: the preset's)")
    a.add_argument("--rules", default="tenhou", help="a rules preset (default tenhou)")
    a.add_argument("--bots", default="advice", help="one built-in bot for every seat or one a seat, comma-separated")
    a.add_argument("--format", choices=FORMATS, help="the records' format (default mjai with --out)")
    a.add_argument("--out", help="the directory the records are written into")
    a.add_argument("--batch", type=int, default=16, help="games per task (default 16)")
    a.add_argument("--workers", type=int, help="LocalCluster processes (default: every core)")
    a.add_argument("--scheduler", help="a Dask scheduler's address, tcp://HOST:8786 (default: a LocalCluster)")
    a.add_argument("--json", action="store_true", help="print the object `mjk play --json` prints")
    a.add_argument("--quiet", "-q", action="store_true",
                   help="print neither the dashboard's address nor the progress on standard error")
    args = a.parse_args(argv)
    if args.batch < 1:
        a.error("--batch must be at least 1")
    check_workers(a, args.workers)
    if args.out == "-":
        a.error("--out -: mjk.selfplay writes files into a directory (mjk play writes standard output)")
    try:
        p = plan(games=args.games, seed=args.seed, players=args.players, length=args.length, rules=args.rules,
                 bots=args.bots, format=args.format, out=args.out)
    except PlanError as e:
        a.error(str(e))
    if p["out"]:
        try:  # before a cluster starts, as mjk play says it
            os.makedirs(p["out"], exist_ok=True)
        except OSError as e:
            sys.stderr.write("mjk.selfplay: --out %s is not a directory that can be made (%s)\n" % (p["out"], e))
            return 1
    with session(args, p["games"], what="game", name="mjk.selfplay") as (client, progress):
        started = time.monotonic()
        try:
            sums = run(p, client=client, batch=args.batch, progress=progress)
        except (ValueError, OSError) as e:
            # A writer's refusal on a worker, a file that cannot be written here: no summary,
            # it would count games not written (as mjk play says it, exit status 1).
            sys.stderr.write("mjk.selfplay: %s\n" % e)
            return 1
        seconds = time.monotonic() - started
    sys.stdout.write(sums.text(seconds, args.json) + ("\n" if args.json else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
