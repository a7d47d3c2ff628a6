"""Benchmark the Dask batch path (`navlights ais-batch`) at scale (issue 24): generated rows in partitioned Parquet,
mapped on a LocalCluster of 1 and of 2 workers (or on a running scheduler, ``--scheduler``), with wall time, the
workers' CPU (``time.process_time`` in each worker, from the run's summary) and CPU per row.

Targets: the run finishes; CPU per row with 2 workers within 1.2x of one worker's (the work is split, not
repeated). The rows are generated a partition at a time (``--per-part`` rows each), so the generator's memory
does not grow with ``--rows``; the input is removed at the end unless ``--keep``.

    python benchmarks/bench_batch.py --rows 10000000 [--per-part 250000] [--workers 1,2] [--scheduler ADDR]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path


def write_rows(d: Path, rows: int, per_part: int, seed: int = 3) -> int:
    """Generated MarineCadastre-style rows (5,000 vessels, 30 days, the common statuses, static columns on a fifth
    of the rows) as Parquet partitions of ``per_part`` rows; returns the partitions written."""
    import numpy as np
    import pandas as pd
    rng = np.random.default_rng(seed)
    types = np.array([30, 31, 36, 37, 50, 52, 55, 60, 70, 80, 0])
    parts = 0
    for start in range(0, rows, per_part):
        per = min(per_part, rows - start)
        mmsi = 366000000 + rng.integers(0, 5000, per)
        static = rng.random(per) < 0.2
        frame = pd.DataFrame({
            "MMSI": mmsi, "BaseDateTime": pd.Timestamp("2024-05-01", tz="UTC") + pd.to_timedelta(
                rng.integers(0, 86400 * 30, per), unit="s"),
            "LAT": 40 + rng.random(per), "LON": -74 + rng.random(per), "SOG": (rng.random(per) * 14).round(1),
            "COG": (rng.random(per) * 359).round(1), "Heading": np.where(rng.random(per) < 0.3, 511, 90),
            "Status": rng.choice(np.array([0, 0, 0, 1, 5, 7, 8, 15, 3, 2, 4, 6, 11, 12]), per).astype(float),
            "VesselType": np.where(static, types[(mmsi % len(types))], np.nan),
            "Length": np.where(static, 5 + mmsi % 190, np.nan), "Width": np.where(static, 4 + mmsi % 20, np.nan)})
        frame.to_parquet(d / f"part-{parts:05d}.parquet", index=False)
        parts += 1
    return parts


def one_run(d: Path, out: Path, workers: int | None, scheduler: str | None) -> dict[str, float]:
    from navlights.traffic.batch import run
    from navlights.traffic.mapping import Choice
    t, c = time.perf_counter(), time.process_time()
    got = run(str(d), str(out), Choice(waters="high-seas").check(), workers=workers, scheduler=scheduler,
              progress=False)
    wall = time.perf_counter() - t
    cpu = sum(got["workers_cpu_s"])
    rows = got["rows"]
    written = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"  {len(got['workers_cpu_s'])} worker(s): {wall:8.1f} s wall, phases {got['seconds']}, {rows:,} rows "
          f"({rows / wall:,.0f} rows/s); workers' CPU {got['workers_cpu_s']} s = {cpu:.1f} s, "
          f"{cpu / rows * 1e6:.2f} µs per row; this process {time.process_time() - c:.1f} s CPU; "
          f"Parquet written {written / 1e6:.1f} MB, {written / rows:.1f} bytes per row (issue 36)")
    return {"wall": wall, "cpu": cpu, "rows": rows, "per_row": cpu / rows}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--per-part", type=int, default=250_000)
    ap.add_argument("--workers", default="1,2", help="local cluster sizes to run, in order (default 1,2)")
    ap.add_argument("--scheduler", help="run once on this running scheduler instead of local clusters")
    ap.add_argument("--dir", help="where to write the input and output (default: a temporary directory)")
    ap.add_argument("--keep", action="store_true", help="keep the generated input")
    args = ap.parse_args()
    base = Path(tempfile.mkdtemp(prefix="bench-batch-", dir=args.dir))
    try:
        d = base / "in"
        d.mkdir()
        t = time.perf_counter()
        parts = write_rows(d, args.rows, args.per_part)
        size = sum(f.stat().st_size for f in d.iterdir())
        print(f"batch: {args.rows:,} rows in {parts} Parquet partitions ({size / 1e6:.0f} MB) generated in "
              f"{time.perf_counter() - t:.1f} s; {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
        runs = {}
        for w in ([None] if args.scheduler else [int(x) for x in args.workers.split(",")]):
            runs[w] = one_run(d, base / f"out-{w}", w, args.scheduler)
            shutil.rmtree(base / f"out-{w}", ignore_errors=True)
        if 1 in runs and 2 in runs:
            print(f"  CPU per row, 2 workers / 1: {runs[2]['per_row'] / runs[1]['per_row']:.2f}x (target <= 1.2x); "
                  f"wall 1 / 2: {runs[1]['wall'] / runs[2]['wall']:.2f}x (load {os.getloadavg()[0]:.1f} at the end)")
        print(f"  this process's peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
