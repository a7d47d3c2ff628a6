"""Benchmark identification: index build per edition, query median, queries per second.

1. Build: each edition's index from scratch (classes, lightings, sectors, pieces, merging, maps),
   median of a few runs. Target: under 2 s per edition.
2. Query: a mix of typed pictures (single lights, vertical lines, heights, shapes, pictures with no
   exact reading) against all editions, with near matches (every hypothesis returned, as the API
   does by default) and exact only; the median over many runs, and queries per second over the
   whole mix. Target: median under 1 ms.
3. The disk cache: loading an index from it instead of building.
4. ``--compare OLD_SRC``: p50/p90/p99 of ``api.identify`` (all editions, near matches, the JSON the CLI and the
   web return) over 200 notations (NOTATIONS_200: every light and shape, vertical lines, heights said and not),
   this code and the code under OLD_SRC side by side in one run: each in its own process (its own indexes,
   read from or built into a cache of its own first), the rounds interleaved. Issue 22: the new p99 no worse.

Run: ``python benchmarks/bench_identify.py`` or ``python benchmarks/bench_identify.py --compare /work/main/src``.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import navlights
from navlights.engines import identify as eng

QUERIES = ["W", "R", "G", "W W", "W > W", "W < W", "R/R", "W/W", "W/W/W R", "W/W/W > R", "G < W/W > R",
           "G = R", "R/W/R", "G < W", "W > G < W", "R/G", "G/R", "Y", "R/R B", "R < W/W > G",
           "O", "O/O", "O/O/O", "red-ball/white-diamond/red-ball", "D"]
BUILD_RUNS = 3
QUERY_ROUNDS = 40


def notations_200() -> list[str]:
    """200 typed pictures, the same on every run: the 25 of QUERIES, then lights (steady and flashing) alone,
    in vertical lines and side by side with heights said or not, and shapes alone and in lines."""
    rng = random.Random(22)
    lights = ["W", "R", "G", "Y", "Y*", "R*", "B*", "W", "W", "R", "G"]
    shapes = ["O", "D", "^", "V", "X", "cylinder", "red-ball", "white-diamond", "white-blue-flag"]
    out = list(QUERIES)
    while len(out) < 200:
        day = rng.random() < 0.25
        pool = shapes if day else lights
        cols = ["/".join(rng.choice(pool) for _ in range(rng.choice((1, 1, 2, 2, 3)))) for _ in
                range(rng.choice((1, 2, 2, 3, 4)))]
        text = cols[0]
        for c in cols[1:]:
            text += rng.choice((" ", " < ", " > ", " = ", " ")) + c
        if text not in out:
            out.append(text)
    return out


def _worker() -> None:
    """Serve timings: ready the indexes, then for each notation read from stdin time api.identify_json (CPU ms)
    and write the time back, one line each."""
    from navlights import api
    cache = os.environ.get("NAVLIGHTS_CACHE_DIR")
    for q in notations_200():
        api.identify_json(q, None, near=True, limit=20, cache_dir=cache)        # indexes in memory, code warm
    print("ready", flush=True)
    for line in sys.stdin:
        q = json.loads(line)
        t = time.process_time()
        api.identify_json(q, None, near=True, limit=20, cache_dir=cache)
        print(1000 * (time.process_time() - t), flush=True)


def compare(old_src: str, rounds: int = 9) -> None:
    """This code and OLD_SRC's side by side: two worker processes, each notation sent to one then the other
    (which goes first alternates), so that both meet the same machine load; CPU time a query."""
    new_src = str(Path(__file__).resolve().parents[1] / "src")
    got: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    with tempfile.TemporaryDirectory() as old_cache, tempfile.TemporaryDirectory() as new_cache:
        procs = {}
        for name, src, cache in (("old", old_src, old_cache), ("new", new_src, new_cache)):
            env = {**os.environ, "PYTHONPATH": src, "NAVLIGHTS_CACHE_DIR": cache}
            procs[name] = subprocess.Popen([sys.executable, __file__, "--worker"], env=env, text=True,
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        for p in procs.values():
            assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        qs = notations_200()
        for n in range(rounds):
            for k, q in enumerate(qs):
                order = ("old", "new") if (n + k) % 2 else ("new", "old")
                for name in order:
                    p = procs[name]
                    assert p.stdin is not None and p.stdout is not None
                    p.stdin.write(json.dumps(q) + "\n")
                    p.stdin.flush()
                    got[name].setdefault(q, []).append(float(p.stdout.readline()))
        for p in procs.values():
            assert p.stdin is not None
            p.stdin.close()
            p.wait()
    print(f"api.identify_json over {len(notations_200())} notations, every edition, near matches, limit 20; "
          f"CPU ms a query ({rounds} rounds, old and new alternating query by query)")

    def pct(t: list[float]) -> str:
        t = sorted(t)
        at = {p: t[min(len(t) - 1, int(p / 100 * len(t)))] for p in (50, 90, 99)}
        return f"p50 {at[50]:.3f}  p90 {at[90]:.3f}  p99 {at[99]:.3f}  max {t[-1]:.3f}"

    print("  each notation's least time over the rounds (the least disturbed by other work on the machine), "
          "percentiles over the notations:")
    for name in ("old", "new"):
        print(f"    {name}: {pct([min(v) for v in got[name].values()])}")
    print("  each notation's median over the rounds, percentiles over the notations:")
    for name in ("old", "new"):
        print(f"    {name}: {pct([statistics.median(v) for v in got[name].values()])}")
    print("  every query, pooled:")
    for name in ("old", "new"):
        print(f"    {name}: {pct([x for v in got[name].values() for x in v])}")


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
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        _worker()
    elif len(sys.argv) > 2 and sys.argv[1] == "--compare":
        compare(sys.argv[2])
    else:
        main()
