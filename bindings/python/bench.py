#!/usr/bin/env python3
"""The mjk package's speed, one section a command, each timed by the same harness.

    V/bin/python bindings/python/bench.py batch [--rows 1000000] [--repeat 5]
        [--mjk-bench build/release/bench/mjk_bench] [--score-lines FILE] [--json]
    V/bin/python bindings/python/bench.py ev [--games 64] [--repeat 5] [--threads 1,2] [--max-shanten S] [--json]
    V/bin/python bindings/python/bench.py tables [--n 1024] [--seconds 5]

Times are the median of --repeat runs (process CPU time, as Google Benchmark
reports: the host is shared; ev also gives the wall time).

batch: Python batch throughput against the C++ batch, per hand, in one session.
Times mjk.waits (and is_agari, shanten where present) on --rows random
closed hands dealt from the 136-tile wall (fixed seed): with new output
arrays per call, and writing into arrays reused across calls (out=, as the
C++ benchmark reuses its output; fresh memory costs page faults, which are
expensive on virtual machines). With --mjk-bench it then runs the C++
benchmark of the same size for the active implementation,
`waits/<impl>-rows34/random13_1m` (10^6 rows) when --rows is 500,000 or more,
else `waits/<impl>-rows34/random13` (4096 rows, in cache), and prints the ratio.
Goal: Python waits >= 5M hands/s and <= 1.5x the C++ time per hand.
With --score-lines FILE (JSON request lines, e.g. 10^5 realistic wins from
`build/release/bench/mjk_score_lines 100000 > wins.jsonl`) it also times
mjk.score_batch (numpy arrays) and mjk.score_many (dicts) per win, and with
--mjk-bench the C++ batch scorer's `score/kernel/play` row beside them; and
on the first --each-win-hands of those wins without their "win" (waiting
hands), mjk.score_each_win per hand against scoring the 34 wins one by one
(one score_many call of 34 lines per hand, the fastest way without it).

ev: mjk.ev_many on the AI feature-extraction case, hands per second per core.
The hands: the decisions of --games tsumo-only games dealt from shuffled
walls (fixed seeds), as bench/bench_ev.cpp's `ev/ai` makes them: 13 tiles
and a dora indicator, then at each of up to 18 draws the 14-tile hand is
searched with no options (mjk.ev), the discard with the best expected score
at that turn is made and joins the visible tiles; a game ends on a win.
Then every decision's request is searched again by mjk.ev_many, no options,
at each --threads count (CPU time per hand is what one core gives), and,
for reference, a Python loop of mjk.ev calls. The answers of ev_many are
checked against the loop's first.

tables: the speed of mjk.Tables (docs/python.md, "Whole games"). Steps n
tables with random legal actions drawn in NumPy from the mask (one uniform
choice a row) for --seconds of CPU time, first with the mask alone, then
also writing the observation encoding every step; prints decisions a second
of each (one core: the C++ loop runs on the calling thread) and the bytes a
table takes. Targets (../shared/ENGINE.md): 10^6 with the mask, 10^5 with
the encoding.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import mjk


def timed(f):
    """f()'s result, its wall time and the process's CPU time."""
    w, c = time.perf_counter(), time.process_time()
    result = f()
    return result, time.perf_counter() - w, time.process_time() - c


def median_of(f, repeat):
    """f() run `repeat` times: the first run's result, the median wall and CPU times."""
    runs = [timed(f) for _ in range(repeat)]
    return runs[0][0], statistics.median(r[1] for r in runs), statistics.median(r[2] for r in runs)


# ---- batch ----

def deal(n, tiles, seed):
    """n hands of `tiles` tiles drawn from the wall, as (n, 34) uint8 counts."""
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34, dtype=np.int64), 4)
    rows = np.zeros((n, 34), dtype=np.uint8)
    for base in range(0, n, 65536):
        m = min(65536, n - base)
        picks = wall[np.argpartition(rng.random((m, 136)), tiles, axis=1)[:, :tiles]]
        np.add.at(rows[base:base + m], (np.repeat(np.arange(m), tiles), picks.ravel()), 1)
    return rows


def time_op(fn, rows, repeat):
    fn(rows[:1000])  # warm up (tables, dispatch)
    return median_of(lambda: fn(rows), repeat)[2]


def cpp_median(binary, name):
    """ns per item of one Google Benchmark row of the C++ benchmark (the median of 5)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        cmd = [binary, f"--benchmark_filter=^{name}$", "--benchmark_repetitions=5",
               "--benchmark_report_aggregates_only=true", f"--benchmark_out={out.name}", "--benchmark_out_format=json"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        data = json.load(open(out.name))
    return next((1e9 / b["items_per_second"] for b in data["benchmarks"] if b.get("aggregate_name") == "median"), None)


def cpp_waits(binary, impl, dataset):
    listed = subprocess.run([binary, "--benchmark_list_tests=true", "--benchmark_filter=^waits/"], check=True,
                            capture_output=True, text=True).stdout.split()
    for name in [f"waits/{impl}-rows34/{dataset}", f"waits/{impl}/{dataset}"]:
        if name in listed and (ns := cpp_median(binary, name)) is not None:
            return name, ns
    return None, None


def batch(args):
    r13, r14 = deal(args.rows, 13, 13), deal(args.rows, 14, 14)
    results = {"implementation": mjk.implementation(), "rows": args.rows}
    # The text's lines, written as each figure is measured (--json prints results instead).
    text = [f"mjk {mjk.__version__}, implementation {results['implementation']}, {args.rows} rows, median of {args.repeat}"]

    def per_hand(key, name, how, t):
        r = results[key] = {"ns_per_hand": t / args.rows * 1e9, "hands_per_s": args.rows / t}
        text.append(f"  python {name:9s} {how:12s} {r['ns_per_hand']:7.1f} ns/hand  {r['hands_per_s'] / 1e6:7.2f} M hands/s")

    ops = [("waits", mjk.waits, r13), ("is_agari", mjk.is_agari, r14)]
    if hasattr(mjk, "shanten"):
        ops.append(("shanten", mjk.shanten, r13))
    for name, fn, rows in ops:
        per_hand(name, name, "new arrays", time_op(fn, rows, args.repeat))
        if name != "shanten":
            out = fn(rows)
            t = time_op(lambda r: fn(r, out=out) if len(r) == len(rows) else fn(r), rows, args.repeat)
            per_hand(name + "_out", name, "out= reused", t)
    if args.mjk_bench:
        # The C++ batch of the same size: 10^6 rows (out of cache, like ours) or 4096 (in cache).
        name, ns = cpp_waits(args.mjk_bench, mjk.implementation(),
                             "random13_1m" if args.rows >= 500_000 else "random13")
        if name:
            c = results["cpp_waits"] = {"benchmark": name, "ns_per_hand": ns, "hands_per_s": 1e9 / ns}
            results["waits_python_over_cpp"] = results["waits"]["ns_per_hand"] / ns
            results["waits_out_python_over_cpp"] = results["waits_out"]["ns_per_hand"] / ns
            text.append(f"  C++ {c['benchmark']:32s} {c['ns_per_hand']:7.1f} ns/hand  {c['hands_per_s'] / 1e6:7.2f} M hands/s")
            text.append(f"  python waits / C++ per hand: {results['waits_python_over_cpp']:.2f}x new arrays, "
                        f"{results['waits_out_python_over_cpp']:.2f}x out= (goal <= 1.5x)")

    if args.score_lines:
        lines = open(args.score_lines, encoding="utf-8").read().splitlines()
        for name, fn in (("score_batch", mjk.score_batch), ("score_many", mjk.score_many)):
            t = time_op(fn, lines, args.repeat)
            r = results[name] = {"wins": len(lines), "ns_per_win": t / len(lines) * 1e9, "wins_per_s": len(lines) / t}
            text.append(f"  python {name:11s} {r['wins']} request lines {r['ns_per_win']:9.1f} ns/win  "
                        f"{r['wins_per_s'] / 1e6:7.3f} M wins/s")
        if args.mjk_bench and (ns := cpp_median(args.mjk_bench, "score/kernel/play")) is not None:
            results["cpp_score"] = {"benchmark": "score/kernel/play", "ns_per_win": ns}
            text.append(f"  C++ score/kernel/play (request structs, no parsing) {ns:7.1f} ns/win")
        waiting = [json.loads(line) for line in lines[:args.each_win_hands]]
        for r in waiting:
            r.pop("win", None)
        tiles = [mjk.tile_name(k) for k in range(34)]
        by_tile = [[json.dumps({**r, "win": t}) for t in tiles] for r in waiting]
        waiting = [json.dumps(r) for r in waiting]
        for name, how, fn, items in (
                ("score_each_win", "score_each_win", lambda ws: [mjk.score_each_win(w) for w in ws], waiting),
                ("score_many_34", "score_many of 34 wins", lambda ls: [mjk.score_many(x, errors="return") for x in ls],
                 by_tile)):
            t = time_op(fn, items, args.repeat)
            r = results[name] = {"hands": len(items), "us_per_hand": t / len(items) * 1e6}
            text.append(f"  python {how:21s} {r['hands']} waiting hands {r['us_per_hand']:8.1f} us/hand")

    if args.json:
        return results
    for key in ("waits", "waits_out"):
        text.append(f"  python {key} >= 5M hands/s: {'yes' if results[key]['hands_per_s'] >= 5e6 else 'NO'}")
    print("\n".join(text))


# ---- ev ----

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


def ev(args):
    requests = play(args.games, args.seed)
    if args.max_shanten is not None:
        requests = [r for r in requests if int(mjk.shanten(mjk.parse(r["hand"]))) <= args.max_shanten]
    n = len(requests)
    loop, w, c = median_of(lambda: [mjk.ev(r) for r in requests], args.repeat)
    rows = [("mjk.ev loop", 1, w, c)]
    for threads in (int(t) for t in args.threads.split(",")):
        got, w, c = median_of(lambda: mjk.ev_many(requests, threads=threads), args.repeat)
        assert all(a["vertices"] == b["vertices"] and np.array_equal(a["score"], b["score"]) for a, b in zip(got, loop))
        rows.append((f"mjk.ev_many threads={threads}", threads, w, c))
    vertices = sorted(a["vertices"] for a in loop)
    shanten = np.bincount([a["shanten"] for a in loop])
    if args.json:
        return {"hands": n, "median_vertices": vertices[n // 2], "shanten": shanten.tolist(),
                "rows": [{"what": r[0], "threads": r[1], "wall_s": r[2], "cpu_s": r[3],
                          "hands_per_s": n / r[2], "hands_per_cpu_s": n / r[3]} for r in rows]}
    print(f"{n} decisions of {args.games} games (shanten {dict(enumerate(shanten.tolist()))}, "
          f"median {vertices[n // 2]} vertices), median of {args.repeat} runs")
    print(f"{'':28} {'wall ms':>9} {'cpu ms':>9} {'hands/s':>10} {'hands/s/core':>13} {'us/hand/core':>13}")
    for what, threads, w, c in rows:
        print(f"{what:28} {w * 1e3:9.1f} {c * 1e3:9.1f} {n / w:10.0f} {n / c:13.0f} {c / n * 1e6:13.1f}")


# ---- tables ----

def step_for(tabs, seconds, encode):
    """Decisions and games a CPU second of tabs stepped for `seconds` of CPU time."""
    rng = np.random.default_rng(0)
    out = np.zeros((len(tabs), mjk.ENCODING_SIZE), dtype=np.float32) if encode else None
    steps, games = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        mask = tabs.mask
        actions = np.argmax(rng.random(mask.shape, dtype=np.float32) * mask, axis=1)
        _, done = tabs.step(actions)
        games += int(done.sum())
        if encode:
            tabs.encode(out)
        steps += 1
    cpu = time.process_time() - start
    return steps * len(tabs) / cpu, games / cpu


def tables(args):
    tabs = mjk.Tables(args.n, players=4, length="south", seed=0)
    print(f"mjk.Tables({args.n}), four players, east-south; load average {os.getloadavg()[0]:.1f}")
    print(f"bytes per table: {tabs.bytes_per_table} (sizeof(mjk::Table) {mjk._table.TABLE_BYTES}); "
          f"encoding {mjk.ENCODING_SIZE} float32 = {4 * mjk.ENCODING_SIZE} bytes a table")
    for encode in (False, True):
        decisions, games = step_for(tabs, args.seconds, encode)
        label = "mask + encoding" if encode else "mask alone"
        print(f"{label:16s} {decisions:12,.0f} decisions/s (CPU time)  {games:8,.0f} hanchan/s")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sections = ap.add_subparsers(dest="section", required=True)
    b = sections.add_parser("batch", help="the batch operations and scoring against the C++ batch")
    b.add_argument("--rows", type=int, default=1_000_000)
    b.add_argument("--mjk-bench", help="path of the C++ benchmark binary (build/release/bench/mjk_bench)")
    b.add_argument("--score-lines", help="a file of JSON scoring request lines (bench/score_lines.cpp)")
    b.add_argument("--each-win-hands", type=int, default=2000, help="waiting hands for score_each_win (--score-lines)")
    e = sections.add_parser("ev", help="mjk.ev_many on the decisions of tsumo-only games")
    e.add_argument("--games", type=int, default=64)
    e.add_argument("--seed", type=int, default=5000)
    e.add_argument("--threads", default="1,2")
    e.add_argument("--max-shanten", type=int, default=None,
                   help="time only the decisions of at most this shanten (the tail of 4- and 5-shanten hands "
                        "holds most of the time)")
    for p in (b, e):
        p.add_argument("--repeat", type=int, default=5)
        p.add_argument("--json", action="store_true", help="one JSON object instead of text")
    t = sections.add_parser("tables", help="mjk.Tables stepped with random legal actions")
    t.add_argument("--n", type=int, default=1024)
    t.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    results = {"batch": batch, "ev": ev, "tables": tables}[args.section](args)
    if results is not None:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
