"""Load test of the web app on loopback: a fixed request rate for a fixed time, errors and latency reported.

    python benchmarks/load_web.py                      # starts its own server (temp DB), 200 req/s for 30 s
    python benchmarks/load_web.py --rate 100 --duration 10
    python benchmarks/load_web.py --url http://127.0.0.1:8000   # an already running server (loopback only)

Open loop: request i is sent at start + i / rate whatever the answers before it, so a slow server
cannot slow the load down (no coordinated omission). Latency is measured from the scheduled send
time ("latency", what a user would see) and from the actual send ("service"). Requests alternate
between the explore page and its JSON twin, over a few vessels, editions and random aspects.
Target: p99 under 100 ms and no errors. Not a test; the numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

TARGET_P99_MS = 100.0

VESSELS = [
    ("intl-1960", {"length": "200 ft"}),
    ("intl-1960", {"propulsion": "sail", "length": "30 ft"}),
    ("intl-1960", {"length": "120 ft", "towing": "true", "tow_length": "650 ft"}),
    ("intl-1948", {"length": "200 ft", "status": "anchored"}),
    ("intl-1897", {"length": "200 ft", "tonnage": "1000"}),
    ("gl-1895", {"length": "180 ft", "fishing": "trawl"}),
]
PATHS = ("/explore", "/explore.json")


def loopback_only(url: str) -> str:
    """The URL, or exit: this script never sends load anywhere but this machine."""
    host = urllib.parse.urlsplit(url).hostname or ""
    try:
        ok = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        ok = False
    if not ok:
        sys.exit(f"load_web: refusing {url!r}: only loopback (127.0.0.1, ::1, localhost) is allowed")
    return url.rstrip("/")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, workers: int | str = 1, wait_s: float = 30.0,
                 name: str = "load_web") -> tuple[subprocess.Popen[bytes], str]:
    """``navlights serve`` on a free loopback port (``--workers N|auto``), answered /healthz within ``wait_s``."""
    port = free_port()
    code = "import sys; from navlights.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port), "--db", str(db),
                             "--workers", str(workers), "--log-level", "warning"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"{name}: the server exited: {proc.stderr.read().decode()[-2000:] if proc.stderr else ''}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1):
                return proc, url
        except OSError:
            time.sleep(0.1)
    proc.terminate()
    sys.exit(f"{name}: the server did not start in {wait_s:g} s")


def plan(rate: float, duration: float, seed: int) -> list[str]:
    """The request paths, in order: explore and its twin alternating, random vessel and aspect."""
    rng = random.Random(seed)
    out = []
    for i in range(int(rate * duration)):
        edition, vessel = rng.choice(VESSELS)
        # a tenth of a degree: almost every request is new, so the app's caches hardly help
        params = {"edition": edition, **vessel, "aspect": rng.randrange(0, 3600) / 10}
        out.append(PATHS[i % len(PATHS)] + "?" + urllib.parse.urlencode(params))
    return out


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return s[k]


async def run(url: str, paths: list[str], rate: float, max_inflight: int, timeout_s: float) -> list[dict]:
    """Send the requests open loop over ``max_inflight`` keep-alive connections; one record per request.

    A minimal HTTP/1.1 client (GET, Content-Length bodies), so the load generator itself takes
    little of the CPU it shares with the server."""
    parts = urllib.parse.urlsplit(url)
    host, port = parts.hostname, parts.port or 80
    results: list[dict] = []
    queue: asyncio.Queue = asyncio.Queue()

    async def connect():
        return await asyncio.wait_for(asyncio.open_connection(host, port), timeout_s)

    async def get(conn, path: str) -> tuple[int, bool]:
        reader, writer = conn
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: */*\r\n\r\n".encode())
        await writer.drain()
        status = int((await reader.readline()).split()[1])
        length, close = 0, False
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "connection" and value.strip().lower() == "close":
                close = True
        await reader.readexactly(length)
        return status, close

    async def worker() -> None:
        conn = None
        while True:
            item = await queue.get()
            if item is None:
                break
            path, scheduled = item
            sent = time.perf_counter()
            status, err = 0, None
            try:
                if conn is None:
                    conn = await connect()
                status, close = await asyncio.wait_for(get(conn, path), timeout_s)
                if close:
                    conn[1].close()
                    conn = None
            except Exception as e:           # counted as an error, never raised
                err = f"{type(e).__name__}: {e}"
                if conn is not None:
                    conn[1].close()
                conn = None
            done = time.perf_counter()
            results.append({"path": path.split("?")[0], "status": status, "error": err,
                            "latency_ms": (done - scheduled) * 1000, "service_ms": (done - sent) * 1000})
        if conn is not None:
            conn[1].close()

    workers = [asyncio.create_task(worker()) for _ in range(max_inflight)]
    start = time.perf_counter() + 0.2
    for i, path in enumerate(paths):
        scheduled = start + i / rate
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        queue.put_nowait((path, scheduled))
    for _ in workers:
        queue.put_nowait(None)
    await asyncio.gather(*workers)
    elapsed = time.perf_counter() - start
    for r in results:
        r["elapsed_s"] = elapsed
    return results


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children's threads so far, from /proc."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            pids += [int(c) for c in (task / "children").read_text().split()]
    except OSError:
        pass
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            pass
    return total


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of all CPUs, from /proc/stat."""
    try:
        v = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return 0.0, 0.0
    idle = v[3] + (v[4] if len(v) > 4 else 0)
    return float(sum(v) - idle), float(sum(v))


def report(results: list[dict], rate: float, duration: float) -> dict:
    out: dict = {"rate_per_s": rate, "duration_s": duration, "requests": len(results),
                 "achieved_per_s": round(len(results) / results[0]["elapsed_s"], 1) if results else 0.0,
                 "target_p99_ms": TARGET_P99_MS, "by_path": {}}
    groups = {"all": results, **{p: [r for r in results if r["path"] == p] for p in PATHS}}
    for name, rs in groups.items():
        ok = [r for r in rs if r["status"] == 200 and r["error"] is None]
        lat = [r["latency_ms"] for r in ok]
        svc = [r["service_ms"] for r in ok]
        out["by_path"][name] = {
            "requests": len(rs), "errors": len(rs) - len(ok),
            "latency_ms": {"p50": round(pct(lat, 50), 2), "p90": round(pct(lat, 90), 2),
                           "p99": round(pct(lat, 99), 2), "max": round(max(lat), 2) if lat else None,
                           "mean": round(statistics.fmean(lat), 2) if lat else None},
            "service_ms": {"p50": round(pct(svc, 50), 2), "p99": round(pct(svc, 99), 2)},
        }
    errors = [r for r in results if r["status"] != 200 or r["error"]]
    out["error_samples"] = sorted({f"{r['status']} {r['error'] or ''}".strip() for r in errors})[:5]
    p99 = out["by_path"]["all"]["latency_ms"]["p99"]
    out["pass"] = not errors and p99 == p99 and p99 < TARGET_P99_MS
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", help="a running server on loopback (default: start one with a temporary database)")
    ap.add_argument("--rate", type=float, default=200.0, help="requests per second (at most 1000)")
    ap.add_argument("--duration", type=float, default=30.0, help="seconds (at most 120)")
    ap.add_argument("--max-inflight", type=int, default=64, help="at most this many requests open at once")
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds before a request counts as an error")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1, help="worker processes of the server this script starts")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    if not 0 < args.rate <= 1000 or not 0 < args.duration <= 120 or not 1 <= args.max_inflight <= 512:
        ap.error("bounded load only: rate 0-1000 per s, duration 0-120 s, max-inflight 1-512")

    proc = None
    tmp = None
    if args.url:
        url = loopback_only(args.url)
    else:
        tmp = tempfile.TemporaryDirectory()
        proc, url = start_server(Path(tmp.name) / "progress.sqlite", args.workers)
    try:
        for path in plan(1, len(VESSELS) * 2, args.seed + 1):        # warm up: imports, first renders
            urllib.request.urlopen(url + path, timeout=30).read()
        busy0, total0 = machine_busy()
        server0 = cpu_seconds(proc.pid) if proc else 0.0
        client0 = time.process_time()
        results = asyncio.run(run(url, plan(args.rate, args.duration, args.seed), args.rate, args.max_inflight,
                                  args.timeout))
        client_cpu = time.process_time() - client0
        server_cpu = cpu_seconds(proc.pid) - server0 if proc else None
        busy1, total1 = machine_busy()
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        if tmp is not None:
            tmp.cleanup()
    rep = report(results, args.rate, args.duration)
    rep["cpus"] = os.cpu_count()
    wall = results[0]["elapsed_s"] if results else 1.0
    ncpu = os.cpu_count() or 1
    rep["cpu"] = {"machine_busy_share": round((busy1 - busy0) / max(total1 - total0, 1.0), 3),
                  "client_cores": round(client_cpu / wall, 3),
                  "server_cores": None if server_cpu is None else round(server_cpu / wall, 3),
                  "server_ms_per_request": None if server_cpu is None else
                  round(server_cpu / max(len(results), 1) * 1000, 3)}
    if server_cpu is not None:
        other = rep["cpu"]["machine_busy_share"] * ncpu - rep["cpu"]["client_cores"] - rep["cpu"]["server_cores"]
        rep["cpu"]["other_work_cores"] = round(max(other, 0.0), 2)
    if args.json:
        print(json.dumps(rep, indent=2))
    else:
        print(f"{rep['requests']} requests at {args.rate:g}/s for {args.duration:g} s "
              f"(achieved {rep['achieved_per_s']}/s, {rep['cpus']} CPUs, client and server on one machine"
              f"{'' if args.url else f', {args.workers} server worker(s)'})")
        print(f"{'path':<14} {'requests':>8} {'errors':>6} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}")
        for name, g in rep["by_path"].items():
            lat = g["latency_ms"]
            print(f"{name:<14} {g['requests']:>8} {g['errors']:>6} {lat['p50']:>8} {lat['p90']:>8} {lat['p99']:>8} "
                  f"{lat['max']!s:>8}")
        c = rep["cpu"]
        print(f"cpu: machine {c['machine_busy_share'] * 100:.0f} % busy of {rep['cpus']} cores; client "
              f"{c['client_cores']:.2f} cores" + ("" if c["server_cores"] is None else
              f", server {c['server_cores']:.2f} cores ({c['server_ms_per_request']} ms a request), other work "
              f"{c['other_work_cores']:.2f} cores"))
        if rep["error_samples"]:
            print("errors:", "; ".join(rep["error_samples"]))
        print(f"target p99 < {TARGET_P99_MS:g} ms, no errors: {'PASS' if rep['pass'] else 'FAIL'}")
    return 0 if rep["pass"] else 1


if __name__ == "__main__":
    sys.exit(main())
