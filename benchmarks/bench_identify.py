"""Benchmark identification: index build per edition, query median, queries per second.

1. Build: each edition's index from scratch (classes, lightings, sectors, pieces, merging, maps),
   median of a few runs. Target: under 2 s per edition.
2. Query: a mix of typed pictures (single lights, vertical lines, heights, shapes, pictures with no
   exact reading) against all editions, with near matches (every hypothesis returned, as the API
   does by default) and exact only; the median over many runs, and queries per second over the
   whole mix. Target: median under 1 ms.
3. The disk cache: loading an index from it instead of building.

Run: ``python benchmarks/bench_identify.py``.
"""

from __future__ import annotations

import statistics
import tempfile
import time

import navlights
from navlights.engines import identify as eng

QUERIES = ["W", "R", "G", "W W", "W > W", "W < W", "R/R", "W/W", "W/W/W R", "W/W/W > R", "G < W/W > R",
           "G = R", "R/W/R", "G < W", "W > G < W", "R/G", "G/R", "Y", "R/R B", "R < W/W > G",
           "O", "O/O", "O/O/O", "red-ball/white-diamond/red-ball", "D"]
BUILD_RUNS = 3
QUERY_ROUNDS = 40


def median(xs):
    return statistics.median(xs)


def main() -> None:
    eds = navlights.editions()
    print("Index build (from scratch; median of %d):" % BUILD_RUNS)
    for ed in eds:
        runs = []
        for _ in range(BUILD_RUNS):
            t = time.perf_counter()
            idx = eng.build_index(ed)
            runs.append(time.perf_counter() - t)
        s = idx.stats
        print(f"  {ed.id:<10} {median(runs):6.3f} s   classes {s['classes']:>5}  lightings {s['variants']:>4}  "
              f"placements {s['placements']:>4}  readings {s['readings']:>5}  pictures {s['pictures']:>4}")
    for ed in eds:
        eng.index(ed)                       # built once, held in memory
    print(f"\nQueries ({len(QUERIES)} typed pictures, all {len(eds)} editions; {QUERY_ROUNDS} rounds):")
    for near in (True, False):
        times = []
        t0 = time.perf_counter()
        hyps = 0
        for _ in range(QUERY_ROUNDS):
            for q in QUERIES:
                t = time.perf_counter()
                r = eng.identify(q, eds, near=near)
                times.append(time.perf_counter() - t)
                hyps += len(r.hypotheses)
        total = time.perf_counter() - t0
        label = "with near matches" if near else "exact only       "
        times.sort()
        print(f"  {label}  median {1000 * median(times):6.3f} ms   p90 {1000 * times[int(0.9 * len(times))]:6.3f} ms"
              f"   {len(times) / total:8.0f} queries/s   {hyps / len(times):6.1f} hypotheses a query")
    one = navlights.edition("intl-1960")
    times = []
    for _ in range(200):
        t = time.perf_counter()
        eng.identify("W/W/W R", [one], near=True, limit=10)
        times.append(time.perf_counter() - t)
    print(f"  one edition, limit 10 ('W/W/W R', intl-1960): median {1000 * median(times):.3f} ms")

    with tempfile.TemporaryDirectory() as d:
        for ed in eds:
            eng.clear_cache()
            eng.index(ed, d)               # build and write
        runs = []
        for _ in range(3):
            eng.clear_cache()
            t = time.perf_counter()
            for ed in eds:
                eng.index(ed, d)
            runs.append(time.perf_counter() - t)
        print(f"\nDisk cache: all {len(eds)} indexes read back in {1000 * median(runs):.0f} ms "
              f"(key: SHA-256 of the data and the code)")


if __name__ == "__main__":
    main()
