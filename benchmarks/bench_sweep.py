"""Benchmark the sweep (issue 34): every edition's whole fact space checked against the invariants, on a Dask
LocalCluster of 1 and of 2 workers (or on a running scheduler, ``--scheduler``).

Prints, per run: the combinations in the space, the records checked (distinct vessels the model accepts), the
violations, the workers' CPU (``time.process_time`` in each worker, added up per partition), records per second of
CPU, and wall time; then 2 workers against 1 (wall, and CPU per record). Target (issue 34): it finishes on the
project's two cores with 0 violations.

    python benchmarks/bench_sweep.py [--workers 1,2] [--depth 2|all] [--edition ID ...] [--scheduler ADDR]
"""

from __future__ import annotations

import argparse
import os
import time


def one(workers: int | None, scheduler: str | None, editions: list[str] | None, depth: int) -> dict:
    from navlights.sweep.run import sweep
    t0 = time.perf_counter()
    got = sweep(editions, depth=depth, workers=workers, scheduler=scheduler)
    d = got.to_dict()
    d["wall_s"] = round(time.perf_counter() - t0, 1)
    return d


def _depth(text: str) -> int:
    from navlights.sweep.__main__ import _depth as parse
    return parse(text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--depth", type=_depth, default=2, help="a number of families, or 'all' (the whole space)")
    ap.add_argument("--edition", action="append")
    ap.add_argument("--scheduler")
    a = ap.parse_args()
    from navlights.sweep.run import whole
    space = whole(a.edition, a.depth)
    print(f"space: {space:,} combinations (depth {a.depth}); load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    runs = {}
    for w in ([None] if a.scheduler else [int(x) for x in a.workers.split(",")]):
        d = one(w, a.scheduler, a.edition, a.depth)
        runs[w] = d
        print(f"{'scheduler' if w is None else f'{w} worker(s)'}: records checked {d['checked']:,}, distinct "
              f"{d['distinct']:,}, standing for {d['covered']:,} combinations ({d['verified']:,} verified alike; "
              f"refused {d['refused']:,}, merged {d['merged']:,}, asked {d['asked']:,}, distinct displays "
              f"{d['displays']:,}, {d['indexed']:,} of them a class identify knows); "
              f"violations {d['violations']:,}; CPU {d['cpu_s']:.1f} s, {d['records_per_cpu_s']:,} records per CPU "
              f"second; wall {d['wall_s']} s; load {os.getloadavg()[0]:.1f}")
        for x in d["examples"][:10]:
            print(f"   {x['edition']} {x['check']}: {x['found'][0]} {x['vessel']}")
    if 1 in runs and 2 in runs:
        r1, r2 = runs[1], runs[2]
        print(f"2 workers / 1: wall {r1['wall_s'] / r2['wall_s']:.2f}x faster; CPU per record "
              f"{(r2['cpu_s'] / r2['checked']) / (r1['cpu_s'] / r1['checked']):.2f}x")


if __name__ == "__main__":
    main()
