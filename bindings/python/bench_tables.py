"""Speed of mjk.Tables (a bench script, not a test; docs/python.md, "Whole games").

    python3 bench_tables.py [--n 1024] [--seconds 5]

Steps n tables with random legal actions drawn in NumPy from the mask (one
uniform choice a row), first with the mask alone, then also writing the
observation encoding every step; prints decisions a second of each (one
core: the C++ loop runs on the calling thread) and the bytes a table takes.
Targets (../shared/ENGINE.md): 10^6 with the mask, 10^5 with the encoding.
"""
import argparse
import os
import time

import numpy as np

import mjk


def run(tabs, seconds, encode):
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


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=1024)
    p.add_argument("--seconds", type=float, default=5.0)
    a = p.parse_args()
    tabs = mjk.Tables(a.n, players=4, length="south", seed=0)
    print(f"mjk.Tables({a.n}), four players, east-south; load average {os.getloadavg()[0]:.1f}")
    print(f"bytes per table: {tabs.bytes_per_table} (sizeof(mjk::Table) {mjk._table.TABLE_BYTES}); "
          f"encoding {mjk.ENCODING_SIZE} float32 = {4 * mjk.ENCODING_SIZE} bytes a table")
    for encode in (False, True):
        decisions, games = run(tabs, a.seconds, encode)
        label = "mask + encoding" if encode else "mask alone"
        print(f"{label:16s} {decisions:12,.0f} decisions/s (CPU time)  {games:8,.0f} hanchan/s")


if __name__ == "__main__":
    main()
