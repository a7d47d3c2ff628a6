"""AIS throughput (issue 17).

1. One core: AIS -> vessel -> lights (read_nmea, static join, readings, the edition, the display, cached per
   (static data, status, motion, edition) key) against pyais decoding alone (its own stream assembler and
   ``decode()``), on the same generated NMEA lines, in CPU time, rounds interleaved. Target: ratio <= 2.
2. Dask: the batch path on 2 local workers against 1, on >= 1 million generated rows (Parquet partitions written
   once to a temp dir), wall time (workers run in parallel) with the CPU time of this process beside it.
   Target: close to 2x. Skip with --no-dask; size with --rows.

    .venv/bin/python benchmarks/bench_ais.py [--messages 60000] [--rows 1000000] [--no-dask]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path


def nmea_lines(n: int, seed: int = 7) -> list[bytes]:
    """Position reports of 2,000 vessels (every status; classes A and B) with their static messages interleaved."""
    from pyais import encode_dict
    rng = random.Random(seed)
    types = [30, 31, 36, 37, 50, 52, 55, 60, 70, 80, 0]
    lines: list[str] = []
    for v in range(2000):
        lines += encode_dict({"type": 5, "mmsi": 366000000 + v, "ship_type": types[v % len(types)],
                              "to_bow": 5 + v % 150, "to_stern": 5 + v % 40, "to_port": 2 + v % 9,
                              "to_starboard": 2 + v % 9, "shipname": f"V{v}"}, seq_id=v % 10)
    while len(lines) < n:
        v = rng.randrange(2000)
        kind = 18 if v % 5 == 0 else 1
        msg = {"type": kind, "mmsi": 366000000 + v, "lat": 40 + rng.random(), "lon": -74 + rng.random(),
               "speed": round(rng.random() * 14, 1), "course": round(rng.random() * 359, 1),
               "heading": rng.choice([511, rng.randrange(360)])}
        if kind == 1:
            msg["status"] = rng.choice([0, 0, 0, 1, 5, 7, 8, 15, 3, 2, 4, 6, 11, 12])
        lines += encode_dict(msg)
    rng.shuffle(lines[4000:])
    return [f"1714597200 {s}".encode() for s in lines[:n]]


def pyais_alone(lines: list[bytes]) -> int:
    from pyais import IterMessages
    n = 0
    for msg in IterMessages([s.split(b" ", 1)[1] for s in lines]):
        msg.decode()
        n += 1
    return n


def ours(lines: list[bytes]) -> int:
    from navlights.traffic.ais import read_nmea
    from navlights.traffic.batch import rows
    from navlights.traffic.mapping import Choice
    return len(rows(read_nmea(lines), Choice(waters="high-seas").check()))


def one_core(n: int, rounds: int = 5) -> None:
    lines = nmea_lines(n)
    ours(lines[:2000])      # warm: the edition loaded, pyais's decoder plans built
    a, b = [], []
    for _ in range(rounds):
        t = time.process_time()
        pyais_alone(lines)
        a.append(time.process_time() - t)
        t = time.process_time()
        mapped = ours(lines)
        b.append(time.process_time() - t)
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"one core, {n} sentences ({mapped} position reports mapped), median of {rounds} interleaved rounds, CPU:")
    print(f"  pyais decoding alone     {ma:.3f} s  ({n / ma:,.0f} sentences/s)")
    print(f"  AIS -> vessel -> lights  {mb:.3f} s  ({n / mb:,.0f} sentences/s)")
    print(f"  ratio {mb / ma:.2f}x (target <= 2)")


def write_rows(d: Path, rows: int, parts: int = 16) -> None:
    import numpy as np
    import pandas as pd
    rng = np.random.default_rng(3)
    per = rows // parts
    types = np.array([30, 31, 36, 37, 50, 52, 55, 60, 70, 80, 0])
    for k in range(parts):
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
        frame.to_parquet(d / f"part-{k:03d}.parquet", index=False)


def dask_scaling(rows: int) -> None:
    from navlights.traffic.batch import run
    from navlights.traffic.mapping import Choice
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp) / "in"
        d.mkdir()
        t = time.perf_counter()
        write_rows(d, rows)
        print(f"dask: {rows:,} rows generated in {time.perf_counter() - t:.1f} s")
        walls: dict[int, float] = {}
        maps: dict[int, float] = {}
        cpus: dict[int, list[float]] = {}
        for workers in (1, 2):
            t, c = time.perf_counter(), time.process_time()
            out = run(str(d), f"{tmp}/out{workers}", Choice(waters="high-seas").check(), workers=workers,
                      progress=False)
            walls[workers] = time.perf_counter() - t
            maps[workers] = out["seconds"]["map"]
            cpus[workers] = out["workers_cpu_s"]
            print(f"  {workers} worker(s): {walls[workers]:.1f} s wall ({out['seconds']}), {out['rows']:,} rows "
                  f"({out['rows'] / walls[workers]:,.0f} rows/s; this process {time.process_time() - c:.1f} s CPU)")
        print(f"  speed-up 2 workers / 1: {walls[1] / walls[2]:.2f}x whole run, {maps[1] / maps[2]:.2f}x the mapping "
              "(target close to 2)")
        print(f"  the mapping's CPU per worker: 1 worker {cpus[1]} s, 2 workers {cpus[2]} s: with a free core each, "
              f"the bound is {sum(cpus[2]) / max(cpus[2]):.2f}x ({os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=60000)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--no-dask", action="store_true")
    args = ap.parse_args(argv)
    one_core(args.messages)
    if not args.no_dask:
        import logging
        logging.getLogger("distributed").setLevel(logging.ERROR)
        dask_scaling(args.rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
