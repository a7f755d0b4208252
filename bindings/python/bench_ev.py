#!/usr/bin/env python3
"""mjk.ev_many on the AI feature-extraction case, hands per second per core.

    V/bin/python bindings/python/bench_ev.py [--games 64] [--repeat 5] [--threads 1,2] [--max-shanten S] [--json]

The hands: the decisions of --games tsumo-only games dealt from shuffled
walls (fixed seeds), as bench/bench_ev.cpp's `ev/ai` makes them: 13 tiles
and a dora indicator, then at each of up to 18 draws the 14-tile hand is
searched with no options (mjk.ev), the discard with the best expected score
at that turn is made and joins the visible tiles; a game ends on a win.
Then every decision's request is searched again by mjk.ev_many, no options,
at each --threads count, --repeat times (the median): wall time and the
process's CPU time (the host is shared: CPU time per hand is what one core
gives), and, for reference, a Python loop of mjk.ev calls. The answers of
ev_many are checked against the loop's first.
"""
import argparse
import json
import statistics
import time

import numpy as np

import mjk


def play(games, seed):
    """The decisions (request dicts) of `games` tsumo-only games."""
    out = []
    for g in range(games):
        rng = np.random.default_rng(seed + g)
        wall = (rng.permutation(136) // 4).tolist()
        hand = np.bincount(wall[:13], minlength=34).astype(np.uint8)
        dora = mjk.tile_name(wall[13])
        visible = np.zeros(34, np.uint8)
        nxt = 14
        for turn in range(1, 19):
            hand[wall[nxt]] += 1
            nxt += 1
            request = {"hand": mjk.to_mpsz(hand), "dora": dora, "visible": visible.tolist()}
            try:
                a = mjk.ev(request)
            except mjk.HandError:  # complete: the game is won
                break
            out.append(request)
            t = min(turn, 17)
            best = max(range(len(a["discards"])), key=lambda i: (a["score"][i, t], a["win"][i, t]))
            kind = mjk.tile_kind(a["discards"][best])
            hand[kind] -= 1
            visible[kind] += 1
    return out


def timed(f):
    w, c = time.perf_counter(), time.process_time()
    result = f()
    return result, time.perf_counter() - w, time.process_time() - c


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=64)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--max-shanten", type=int, default=None,
                    help="time only the decisions of at most this shanten (the tail of 4- and 5-shanten hands "
                         "holds most of the time)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    requests = play(args.games, args.seed)
    if args.max_shanten is not None:
        requests = [r for r in requests if int(mjk.shanten(mjk.parse(r["hand"]))) <= args.max_shanten]
    n = len(requests)
    rows = []
    loop, w, c = timed(lambda: [mjk.ev(r) for r in requests])
    loops = [(w, c)] + [timed(lambda: [mjk.ev(r) for r in requests])[1:] for _ in range(args.repeat - 1)]
    rows.append(("mjk.ev loop", 1, statistics.median(x[0] for x in loops), statistics.median(x[1] for x in loops)))
    for threads in (int(t) for t in args.threads.split(",")):
        runs = []
        for _ in range(args.repeat):
            got, w, c = timed(lambda: mjk.ev_many(requests, threads=threads))
            runs.append((w, c))
        assert all(a["vertices"] == b["vertices"] and np.array_equal(a["score"], b["score"]) for a, b in zip(got, loop))
        rows.append((f"mjk.ev_many threads={threads}", threads, statistics.median(x[0] for x in runs),
                     statistics.median(x[1] for x in runs)))
    vertices = sorted(a["vertices"] for a in loop)
    shanten = np.bincount([a["shanten"] for a in loop])
    if args.json:
        print(json.dumps({"hands": n, "median_vertices": vertices[n // 2], "shanten": shanten.tolist(),
                          "rows": [{"what": r[0], "threads": r[1], "wall_s": r[2], "cpu_s": r[3],
                                    "hands_per_s": n / r[2], "hands_per_cpu_s": n / r[3]} for r in rows]}))
        return
    print(f"{n} decisions of {args.games} games (shanten {dict(enumerate(shanten.tolist()))}, "
          f"median {vertices[n // 2]} vertices), median of {args.repeat} runs")
    print(f"{'':28} {'wall ms':>9} {'cpu ms':>9} {'hands/s':>10} {'hands/s/core':>13} {'us/hand/core':>13}")
    for what, threads, w, c in rows:
        print(f"{what:28} {w * 1e3:9.1f} {c * 1e3:9.1f} {n / w:10.0f} {n / c:13.0f} {c / n * 1e6:13.1f}")


if __name__ == "__main__":
    main()
