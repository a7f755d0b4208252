#!/usr/bin/env python3
"""Python batch throughput against the C++ batch, per hand, in one session.

    V/bin/python bindings/python/bench.py [--rows 1000000] [--repeat 5]
        [--mjk-bench build/release/bench/mjk_bench] [--json]

Times mjk.waits (and is_agari, shanten where present) on --rows random
closed hands dealt from the 136-tile wall (fixed seed), the median of
--repeat runs: with new output arrays per call, and writing into arrays
reused across calls (out=, as the C++ benchmark reuses its output; fresh
memory costs page faults, which are expensive on virtual machines). Times
are process CPU time, as Google Benchmark reports (shared machines). With --mjk-bench it then
runs the C++ benchmark of the same size for the active implementation,
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
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import mjk


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
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn(rows)
        times.append(time.process_time() - t0)
    return statistics.median(times)


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


def cpp_score(binary):
    """The C++ batch scorer on the benchmark's realistic wins: ns per win (median of 5)."""
    ns = cpp_median(binary, "score/kernel/play")
    return ("score/kernel/play", ns) if ns is not None else (None, None)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--mjk-bench", help="path of the C++ benchmark binary (build/release/bench/mjk_bench)")
    ap.add_argument("--json", action="store_true", help="one JSON object instead of text")
    ap.add_argument("--score-lines", help="a file of JSON scoring request lines (bench/score_lines.cpp)")
    ap.add_argument("--each-win-hands", type=int, default=2000, help="waiting hands for score_each_win (--score-lines)")
    args = ap.parse_args()

    r13, r14 = deal(args.rows, 13, 13), deal(args.rows, 14, 14)
    results = {"implementation": mjk.implementation(), "rows": args.rows}
    ops = [("waits", mjk.waits, r13), ("is_agari", mjk.is_agari, r14)]
    if hasattr(mjk, "shanten"):
        ops.append(("shanten", mjk.shanten, r13))
    for name, fn, rows in ops:
        t = time_op(fn, rows, args.repeat)
        results[name] = {"ns_per_hand": t / args.rows * 1e9, "hands_per_s": args.rows / t}
        if name != "shanten":
            out = fn(rows)
            t = time_op(lambda r: fn(r, out=out) if len(r) == len(rows) else fn(r), rows, args.repeat)
            results[name + "_out"] = {"ns_per_hand": t / args.rows * 1e9, "hands_per_s": args.rows / t}
    if args.mjk_bench:
        # The C++ batch of the same size: 10^6 rows (out of cache, like ours) or 4096 (in cache).
        name, ns = cpp_waits(args.mjk_bench, mjk.implementation(),
                             "random13_1m" if args.rows >= 500_000 else "random13")
        if name:
            results["cpp_waits"] = {"benchmark": name, "ns_per_hand": ns, "hands_per_s": 1e9 / ns}
            results["waits_python_over_cpp"] = results["waits"]["ns_per_hand"] / ns
            results["waits_out_python_over_cpp"] = results["waits_out"]["ns_per_hand"] / ns

    if args.score_lines:
        lines = open(args.score_lines, encoding="utf-8").read().splitlines()
        for name, fn in (("score_batch", mjk.score_batch), ("score_many", mjk.score_many)):
            t = time_op(fn, lines, args.repeat)
            results[name] = {"wins": len(lines), "ns_per_win": t / len(lines) * 1e9, "wins_per_s": len(lines) / t}
        if args.mjk_bench:
            name, ns = cpp_score(args.mjk_bench)
            if name:
                results["cpp_score"] = {"benchmark": name, "ns_per_win": ns}
        waiting = [json.loads(line) for line in lines[:args.each_win_hands]]
        for r in waiting:
            r.pop("win", None)
        tiles = [mjk.tile_name(k) for k in range(34)]
        by_tile = [[json.dumps({**r, "win": t}) for t in tiles] for r in waiting]
        waiting = [json.dumps(r) for r in waiting]
        for name, fn, items in (("score_each_win", lambda ws: [mjk.score_each_win(w) for w in ws], waiting),
                                ("score_many_34", lambda ls: [mjk.score_many(x, errors="return") for x in ls], by_tile)):
            t = time_op(fn, items, args.repeat)
            results[name] = {"hands": len(items), "us_per_hand": t / len(items) * 1e6}

    if args.json:
        print(json.dumps(results))
        return 0
    print(f"mjk {mjk.__version__}, implementation {results['implementation']}, {args.rows} rows, median of {args.repeat}")
    for name, _, _ in ops:
        for key, how in ((name, "new arrays"), (name + "_out", "out= reused")):
            if key in results:
                r = results[key]
                print(f"  python {name:9s} {how:12s} {r['ns_per_hand']:7.1f} ns/hand  {r['hands_per_s'] / 1e6:7.2f} M hands/s")
    if "cpp_waits" in results:
        c = results["cpp_waits"]
        print(f"  C++ {c['benchmark']:32s} {c['ns_per_hand']:7.1f} ns/hand  {c['hands_per_s'] / 1e6:7.2f} M hands/s")
        print(f"  python waits / C++ per hand: {results['waits_python_over_cpp']:.2f}x new arrays, "
              f"{results['waits_out_python_over_cpp']:.2f}x out= (goal <= 1.5x)")
    for key in ("score_batch", "score_many"):
        if key in results:
            r = results[key]
            print(f"  python {key:11s} {r['wins']} request lines {r['ns_per_win']:9.1f} ns/win  {r['wins_per_s'] / 1e6:7.3f} M wins/s")
    if "cpp_score" in results:
        print(f"  C++ {results['cpp_score']['benchmark']} (request structs, no parsing) {results['cpp_score']['ns_per_win']:7.1f} ns/win")
    for key, how in (("score_each_win", "score_each_win"), ("score_many_34", "score_many of 34 wins")):
        if key in results:
            r = results[key]
            print(f"  python {how:21s} {r['hands']} waiting hands {r['us_per_hand']:8.1f} us/hand")
    for key in ("waits", "waits_out"):
        ok = results[key]["hands_per_s"] >= 5e6
        print(f"  python {key} >= 5M hands/s: {'yes' if ok else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
