"""AIS throughput (issues 17 and 24).

1. Fresh process (issue 24): AIS -> lights (``stream`` + ``lighttable.map_reports``: the NMEA read line by line,
   static data joined as it arrives, each report's lights from the table ``navlights prepare`` made) against pyais
   decoding alone (``IterMessages`` + ``decode()``), each in a process of its own on the same file, timed the same
   way: the child's whole CPU time (interpreter start and imports included), rounds interleaved. Target <= 2x at
   10^5 sentences. Also shown: the same with no prepared table (the engine answers each key once).
2. Steady: the same two in this process, warm (the table and pyais's decoder plans in memory), median of rounds.
3. Peak RSS of a child that maps every report as it streams (as 1.) and then makes ``navlights ais``'s per-vessel
   summary, at 10^5 and 10^6 sentences (10^6: the 10^5 file ten times over, times shifted): flat when the stream
   holds nothing per sentence. (``--jsonl``'s flat memory is tests/test_traffic_ais_stream.py's.)
4. ``--jsonl`` (issue 24): ``navlights ais --jsonl``'s work (``ais_lines`` into a sink that counts the lines) in a
   fresh process against pyais decoding alone, each child's whole CPU, rounds interleaved; ``--jsonl-old SRC`` adds
   the same child on another source tree (the code before a change: ``git archive HEAD src | tar -x -C DIR``), in
   the same rounds. ``--only-jsonl`` runs this part alone.
6. The commands as users run them (issue 36): ``navlights ais FILE --edition intl-1972`` as text, ``--json`` and
   ``--jsonl`` (compact), each a fresh process writing its whole output (to /dev/null), against the pyais child
   of 1., rounds interleaved, each child's whole CPU (``os.wait4``: interpreter start, imports, output), in the
   environment ``make`` leaves (``navlights prepare`` run). Target <= 2x. With peak RSS and output bytes; at the
   sizes of ``--modes-rss`` (default 10^4, 10^5, 10^6: flat memory in every output mode). ``--only-commands``
   runs this part alone.
5. Dask: the batch path on 2 local workers against 1, on >= 1 million generated rows (Parquet partitions written
   once to a temp dir), wall time (workers run in parallel) with the CPU time of this process beside it.
   Target: close to 2x. Skip with --no-dask; size with --rows.

    .venv/bin/python benchmarks/bench_ais.py [--messages 100000] [--rss 100000,1000000] [--rows 1000000] [--no-dask]
        [--only-jsonl] [--jsonl-old OLD/src] [--rounds 3] [--only-commands] [--modes-rss 10000,100000,1000000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
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


PYAIS_CHILD = """
import resource, sys
from pyais import IterMessages
def lines():
    with open(sys.argv[1], "rb") as fh:
        for line in fh:
            yield line.split(b" ", 1)[1].strip()
n = sum(1 for m in IterMessages(lines()) if m.decode() is not None)
ru = resource.getrusage(resource.RUSAGE_SELF)
print(n, ru.ru_utime + ru.ru_stime, ru.ru_maxrss)
"""
OURS_CHILD = """
import resource, sys
from navlights.traffic.ais import stream
from navlights.traffic.lighttable import map_reports
data, reports = stream(sys.argv[1])
n = sum(1 for _ in map_reports(data, reports, "intl-1972"))
ru = resource.getrusage(resource.RUSAGE_SELF)
print(n, ru.ru_utime + ru.ru_stime, ru.ru_maxrss)
"""
RSS_CHILD = """
import resource, sys
from navlights.traffic.ais import stream
from navlights.traffic.api import ais_json
from navlights.traffic.lighttable import map_reports
data, reports = stream(sys.argv[1])
n = sum(1 for _ in map_reports(data, reports, "intl-1972"))
summary = ais_json(sys.argv[1], edition="intl-1972")
ru = resource.getrusage(resource.RUSAGE_SELF)
print(n, ru.ru_utime + ru.ru_stime, ru.ru_maxrss)
"""
JSONL_CHILD = """
import resource, sys
from navlights.traffic.api import ais_lines
n = [0]
def sink(text):
    n[0] += text.count("\\n")
ais_lines(sys.argv[1], sink, edition="intl-1972")
ru = resource.getrusage(resource.RUSAGE_SELF)
print(n[0], ru.ru_utime + ru.ru_stime, ru.ru_maxrss)
"""


def child(code: str, path: Path, env: dict[str, str]) -> tuple[int, float, int]:
    """(count, CPU seconds, peak RSS in KiB) of a fresh Python process running ``code`` on ``path``."""
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True, env=env)
    n, cpu, kib = out.stdout.split()
    return int(n), float(cpu), int(kib)


def _env(prepared: str, src: str | None = None) -> dict[str, str]:
    src = src or str(Path(__file__).resolve().parents[1] / "src")
    return {**os.environ, "PYTHONPATH": src, "NAVLIGHTS_PREPARED_DIR": prepared, "NAVLIGHTS_CACHE_DIR": "off"}


def write_nmea(path: Path, n: int, lines: list[bytes] | None = None) -> Path:
    """``n`` lines: the generated sentences, repeated with their times shifted where ``n`` is larger."""
    base = lines if lines is not None else nmea_lines(min(n, 100_000))
    with path.open("wb") as fh:
        k = 0
        while k < n:
            shift = k // len(base) * 86_400
            for s in base[: n - k]:
                t, _, rest = s.partition(b" ")
                fh.write(b"%d %s\n" % (int(t) + shift, rest))
            k += len(base)
    return path


def fresh(n: int, rounds: int = 3) -> None:
    from navlights.traffic import lighttable
    with tempfile.TemporaryDirectory() as tmp:
        path = write_nmea(Path(tmp) / "a.nmea", n)
        prepared = Path(tmp) / "prepared"
        t = time.process_time()
        lighttable.prepare(prepared, ["intl-1972"])
        print(f"fresh process, {n:,} sentences (table for intl-1972 prepared in {time.process_time() - t:.1f} s CPU):")
        a, b, c = [], [], []
        for _ in range(rounds):
            a.append(child(PYAIS_CHILD, path, _env("off"))[1])
            b.append(child(OURS_CHILD, path, _env(str(prepared)))[1])
            c.append(child(OURS_CHILD, path, _env("off"))[1])
        ma, mb, mc = statistics.median(a), statistics.median(b), statistics.median(c)
        print(f"  pyais decoding alone           {ma:.3f} s CPU (median of {rounds}, whole process)")
        print(f"  AIS -> lights, table prepared  {mb:.3f} s  ratio {mb / ma:.2f}x (target <= 2)")
        print(f"  AIS -> lights, nothing ready   {mc:.3f} s  ratio {mc / ma:.2f}x (the engine answers each key once)")


def jsonl(n: int, old: str | None, rounds: int = 3) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = write_nmea(Path(tmp) / "a.nmea", n)
        a: list[float] = []
        b: list[float] = []
        c: list[float] = []
        lines = 0
        for _ in range(rounds):
            a.append(child(PYAIS_CHILD, path, _env("off"))[1])
            lines, cpu, _ = child(JSONL_CHILD, path, _env("off"))
            b.append(cpu)
            if old:
                c.append(child(JSONL_CHILD, path, _env("off", old))[1])
        ma, mb = statistics.median(a), statistics.median(b)
        print(f"--jsonl in a fresh process, {n:,} sentences ({lines:,} lines), median of {rounds} interleaved rounds, "
              f"CPU (load {os.getloadavg()[0]:.1f}):")
        print(f"  pyais decoding alone  {ma:.2f} s")
        print(f"  ais --jsonl           {mb:.2f} s  ratio {mb / ma:.2f}x")
        if old:
            mc = statistics.median(c)
            print(f"  ais --jsonl, {old}  {mc:.2f} s  ratio {mc / ma:.2f}x  (this code {mc / mb:.2f}x faster)")


MODES = {"text": [], "--json": ["--json"], "--jsonl": ["--jsonl"]}
CLI = "import sys; from navlights.cli import main; sys.exit(main(sys.argv[1:]))"


def waited(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, int, int]:
    """(CPU seconds, peak RSS in KiB, bytes written to stdout) of one fresh process, measured by ``os.wait4`` (its
    own figures, not every child's)."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, ru = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            raise SystemExit(f"{argv[3:]}: exit {proc.returncode}")
        return ru.ru_utime + ru.ru_stime, ru.ru_maxrss, out.seek(0, 2)


def commands(n: int, rounds: int, rss_sizes: list[int]) -> None:
    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src}
    base = nmea_lines(100_000)
    with tempfile.TemporaryDirectory() as tmp:
        path = write_nmea(Path(tmp) / "a.nmea", n, base)
        cpu: dict[str, list[float]] = {"pyais": [], **{m: [] for m in MODES}}
        size: dict[str, int] = {}
        load = [os.getloadavg()[0]]
        for _ in range(rounds):
            cpu["pyais"].append(waited([sys.executable, "-c", PYAIS_CHILD, str(path)], env)[0])
            for mode, extra in MODES.items():
                c, _, b = waited([sys.executable, "-c", CLI, "ais", str(path), "--edition", "intl-1972", *extra], env)
                cpu[mode].append(c)
                size[mode] = b
        load.append(os.getloadavg()[0])
        base_s = statistics.median(cpu["pyais"])
        print(f"the commands, fresh processes, {n:,} sentences, median of {rounds} interleaved rounds, whole CPU "
              f"(load {load[0]:.1f} at the start, {load[1]:.1f} at the end):")
        print(f"  pyais decoding alone          {base_s:.2f} s")
        for mode in MODES:
            m = statistics.median(cpu[mode])
            print(f"  navlights ais {mode:<14}  {m:.2f} s  ratio {m / base_s:.2f}x (target <= 2)  "
                  f"output {size[mode] / 1e6:.1f} MB")
        for k in rss_sizes:
            p = write_nmea(Path(tmp) / f"{k}.nmea", k, base)
            figures = []
            for mode, extra in MODES.items():
                c, kib, b = waited([sys.executable, "-c", CLI, "ais", str(p), "--edition", "intl-1972", *extra], env)
                figures.append(f"{mode} {kib / 1024:.0f} MB ({c:.1f} s, {b / 1e6:.0f} MB out)")
            print(f"  peak RSS at {k:>9,} sentences: " + "; ".join(figures))
            p.unlink()


def pyais_alone(lines: list[bytes]) -> int:
    from pyais import IterMessages
    n = 0
    for msg in IterMessages([s.split(b" ", 1)[1] for s in lines]):
        msg.decode()
        n += 1
    return n


def ours(lines: list[bytes]) -> int:
    from navlights.traffic.ais import AisData, iter_nmea
    from navlights.traffic.lighttable import map_reports
    data = AisData()
    return sum(1 for _ in map_reports(data, iter_nmea(lines, None, data), "intl-1972"))


def one_core(n: int, rounds: int = 5) -> None:
    lines = nmea_lines(n)
    ours(lines)      # warm: the table filled, pyais's decoder plans built
    a, b = [], []
    for _ in range(rounds):
        t = time.process_time()
        pyais_alone(lines)
        a.append(time.process_time() - t)
        t = time.process_time()
        mapped = ours(lines)
        b.append(time.process_time() - t)
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"steady, one core, {n:,} sentences ({mapped:,} position reports mapped), median of {rounds} interleaved "
          "rounds, CPU:")
    print(f"  pyais decoding alone     {ma:.3f} s  ({n / ma:,.0f} sentences/s)")
    print(f"  AIS -> lights            {mb:.3f} s  ({n / mb:,.0f} sentences/s)")
    print(f"  ratio {mb / ma:.2f}x (target <= 2)")


def peak_rss(sizes: list[int]) -> None:
    base = nmea_lines(100_000)
    print("peak RSS of a child mapping every report as it streams, then `navlights ais`'s summary, one per size:")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = write_nmea(Path(tmp) / f"{n}.nmea", n, base)
            lines, cpu, kib = child(RSS_CHILD, path, _env("off"))
            print(f"  {n:>9,} sentences: {lines:,} reports mapped, {cpu:.1f} s CPU, peak RSS {kib / 1024:.0f} MB")
            path.unlink()


def write_rows(d: Path, rows: int, parts: int = 16) -> None:
    """``rows`` generated MarineCadastre-style rows in ``parts`` Parquet partitions (bench_batch.write_rows)."""
    from bench_batch import write_rows as write_parts      # beside this script: its folder is on sys.path
    write_parts(d, rows, rows // parts)


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
    ap.add_argument("--messages", type=int, default=100_000)
    ap.add_argument("--rss", default="100000,1000000", help="sizes for the peak RSS runs, comma-separated ('' none)")
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--only-jsonl", action="store_true", help="only the --jsonl figures")
    ap.add_argument("--jsonl-old", default=None, metavar="SRC", help="another source tree to time --jsonl on beside")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of the --jsonl figures")
    ap.add_argument("--only-commands", action="store_true", help="only the commands as users run them")
    ap.add_argument("--modes-rss", default="10000,100000,1000000",
                    help="sizes for the commands' peak RSS, comma-separated ('' none)")
    args = ap.parse_args(argv)
    modes_rss = [int(x) for x in args.modes_rss.split(",") if x]
    if args.only_commands:
        commands(args.messages, args.rounds, modes_rss)
        return 0
    if args.only_jsonl:
        jsonl(args.messages, args.jsonl_old, args.rounds)
        return 0
    fresh(args.messages)
    one_core(args.messages)
    jsonl(args.messages, args.jsonl_old, args.rounds)
    commands(args.messages, args.rounds, modes_rss)
    if args.rss:
        peak_rss([int(x) for x in args.rss.split(",")])
    if not args.no_dask:
        import logging
        logging.getLogger("distributed").setLevel(logging.ERROR)
        dask_scaling(args.rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
