"""Heavy and hostile use of the web app on loopback (issue 23): a realistic mix from 50 clients, with and without
one hostile client, side by side in one run.

    python benchmarks/load_hostile.py                       # its own server (temporary database), 60 s a phase
    python benchmarks/load_hostile.py --duration 20 --clients 20 --workers 2
    python benchmarks/load_hostile.py --json

Two phases on one server: **quiet** (the mix alone) and **hostile** (the mix, plus one hostile client). The mix is
closed loop: each of ``--clients`` clients sends a request, waits for the answer, sends the next; the requests are
the explore page and its JSON twin (six vessels, four editions, aspects in tenths of a degree), /identify.json,
/api/render.svg (night and plan views), POST /plan.json (the example plans), and a training round (GET
/train.json, then POST /train/answer.json with its question). A probe sends GET /healthz every 50 ms on a
connection of its own. The hostile client, in the second phase:

* a **slowloris** of ``--slowloris`` connections (1,000) that send half a request head and stop, those the server
  closed opened again every ``--cycle`` seconds (10; at 1 it is also a flood of connections);
* **the slowest comparison** repeated: /regimes.json?a=intl-1897&b=us-inland-rules, /api/changes.json?a=inland-rules
  &b=gl-1895 and /api/differences.json?a=colregs&b=gl-1895 in turn, back to back on one connection;
* **the big encounter** of the audit repeated: 12 vessels, each with two rows a week apart (about 10^6 vessel-pair
  minutes), POST /encounter.json;
* (issue 35, each named in ``--hostile``) **slow bodies**: ``--connections`` (1,100) complete POST /plan.json heads
  announcing 60,000 bytes, then a byte every 5 s on each, those the server closed opened again every ``--cycle``
  seconds; a **keep-alive flood**: ``--connections`` connections each asking GET /healthz every 4 s (inside the
  5 s keep-alive), those closed opened again; an **eviction** flood: distinct plans posted to POST /plan back to
  back, after a colleague kept one and opened its address twice (is it still there after?).

``--proxy`` starts the front-server recipe (deploy/serve-behind-nginx.sh: nginx before ``navlights serve``) and
aims everything at nginx.

Reported per phase: requests answered, by status class, errors (no answer: a timeout or a closed connection),
p50/p99 latency of the mix, and the /healthz probe's p99; then the ratio of the probe's p99 with the hostile client
to its p99 without, and the share of the hostile phase's probes answered 200 within 3x the quiet p99. Targets:
every request of the mix answered (2xx) or refused with a 4xx, none lost; the /healthz p99 with the hostile client
within 3x of its p99 without; at least 99% of its probes answered within 3x the quiet p99 (issue 35). Loopback only; not a test (the numbers depend on
the machine and on what else runs there).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import random
import socket
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import load_web  # noqa: E402

NOTATIONS = ["W/W/W R", "W/W G", "G < W/W > R", "R/R", "W > W", "R/W/R", "W G", "R G", "W/W", "R/R/R"]
COMPARISONS = ["/regimes.json?a=intl-1897&b=us-inland-rules", "/api/changes.json?a=inland-rules&b=gl-1895",
               "/api/differences.json?a=colregs&b=gl-1895"]
TARGET_HEALTHZ_RATIO = 3.0
TARGET_WITHIN = 0.99
PROBE_EVERY_S = 0.05
SLOW_BODY_HEAD = (b"POST /plan.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 60000\r\n\r\n")
SLOW_BODY_EVERY_S = 5.0
KEEPALIVE_EVERY_S = 4.0


def plans() -> list[bytes]:
    folder = HERE.parent / "src" / "navlights" / "plan" / "examples"
    return [f.read_bytes() for f in sorted(folder.glob("*.json"))]


def big_encounter() -> bytes:
    """The audit's encounter: 12 vessels, each with two rows a week apart (10,080 minutes: the longest the track
    format takes), about 1.3 million vessel-pair minutes: refused at once by the encounter's cost bound."""
    t0 = dt.datetime(2020, 9, 14, 21, 0, tzinfo=dt.timezone.utc)
    rows = ["time,ident,lat,lon,heading,speed,propulsion,length"]
    for k in range(12):
        for day in (0, 7):
            t = (t0 + dt.timedelta(days=day, minutes=-day // 7)).strftime("%Y-%m-%dT%H:%M:%SZ")
            rows.append(f"{t},V{k},{50 + k * 0.01:.4f},{-4 + day * 0.001:.4f},{(k * 30) % 360},10,power,100 m")
    return ("\n".join(rows) + "\n").encode()


class Conn:
    """One keep-alive HTTP/1.1 connection (a minimal client: little CPU of its own) that keeps the cookies it is
    given (a client is one learner of the trainer)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.rw: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.cookies: dict[str, str] = {}

    async def request(self, method: str, path: str, body: bytes = b"", ctype: str = "application/json",
                      timeout: float = 30.0) -> tuple[int, bytes]:
        return await asyncio.wait_for(self._request(method, path, body, ctype), timeout)

    async def _request(self, method: str, path: str, body: bytes, ctype: str) -> tuple[int, bytes]:
        if self.rw is None:
            self.rw = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.rw
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nAccept: */*\r\n"
        if self.cookies:
            head += "Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()) + "\r\n"
        if method == "POST":
            head += f"Content-Type: {ctype}\r\nContent-Length: {len(body)}\r\n"
        writer.write(head.encode() + b"\r\n" + body)
        await writer.drain()
        line = await reader.readline()
        if not line:
            raise ConnectionError("closed by the server")
        status = int(line.split()[1])
        length, close = 0, False
        while True:
            h = await reader.readline()
            if h in (b"\r\n", b"\n", b""):
                break
            name, _, value = h.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "connection" and value.strip().lower() == "close":
                close = True
            elif name == "set-cookie":
                k, _, v = value.strip().split(";", 1)[0].partition("=")
                self.cookies[k.strip()] = v.strip()
        data = await reader.readexactly(length)
        if close:
            self.close()
        return status, data

    def close(self) -> None:
        if self.rw is not None:
            self.rw[1].close()
            self.rw = None


class Mix:
    """The realistic mix: the next request of a client."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.plans = plans()

    def explore(self, path: str) -> str:
        edition, vessel = self.rng.choice(load_web.VESSELS)
        return path + "?" + urllib.parse.urlencode({"edition": edition, **vessel,
                                                    "aspect": self.rng.randrange(0, 3600) / 10})

    def next(self) -> tuple[str, str, str, bytes]:
        """(name, method, path, body)."""
        r = self.rng.random()
        if r < 0.25:
            return "explore", "GET", self.explore("/explore"), b""
        if r < 0.50:
            return "explore.json", "GET", self.explore("/explore.json"), b""
        if r < 0.60:
            return "identify.json", "GET", "/identify.json?" + urllib.parse.urlencode(
                {"notation": self.rng.choice(NOTATIONS)}), b""
        if r < 0.75:
            edition, vessel = self.rng.choice(load_web.VESSELS)
            q = {"edition": edition, **vessel, "aspect": self.rng.randrange(0, 3600) / 10,
                 "view": self.rng.choice(["night", "plan"])}
            return "render.svg", "GET", "/api/render.svg?" + urllib.parse.urlencode(q), b""
        if r < 0.85:
            return "plan.json", "POST", "/plan.json", self.rng.choice(self.plans)
        return "train", "GET", "/train.json?edition=" + self.rng.choice(["intl-1960", "intl-1972", "1948"]), b""


def pct(values: list[float], p: float) -> float | None:
    return round(load_web.pct(values, p), 2) if values else None


async def mix_client(host: str, port: int, seed: int, until: float, out: list[dict[str, Any]]) -> None:
    mix, conn = Mix(seed), Conn(host, port)
    while time.perf_counter() < until:
        name, method, path, body = mix.next()
        for step in range(2):
            t = time.perf_counter()
            status, err, data = 0, None, b""
            try:
                status, data = await conn.request(method, path, body)
            except Exception as e:          # no answer: counted, never raised
                err = f"{type(e).__name__}: {e}"[:120]
                conn.close()
            out.append({"name": name if step == 0 else "train answer", "status": status, "error": err,
                        "ms": (time.perf_counter() - t) * 1000})
            if name != "train" or step == 1 or status != 200:
                break
            question = json.loads(data)["question"]                 # the training round: answer the question asked
            method, path = "POST", "/train/answer.json"
            choice = mix.rng.randrange(0, max(1, len(question.get("choices") or ())))
            body = json.dumps({"question": question["id"], "choice": choice}).encode()
    conn.close()


async def probe(host: str, port: int, until: float, out: list[float], errors: list[str]) -> None:
    conn = Conn(host, port)
    while time.perf_counter() < until:
        t = time.perf_counter()
        try:
            status, _ = await conn.request("GET", "/healthz", timeout=30)
            if status != 200:                  # refused: counted apart, not a latency
                errors.append(str(status))
            else:
                out.append((time.perf_counter() - t) * 1000)
        except Exception as e:
            errors.append(type(e).__name__)
            conn.close()
        await asyncio.sleep(max(0.0, PROBE_EVERY_S - (time.perf_counter() - t)))
    conn.close()


async def slowloris(host: str, port: int, n: int, until: float, stats: dict[str, int], cycle_s: float) -> None:
    """``n`` connections that send half a request head and stop; every ``cycle_s`` those the server closed are
    opened again."""
    loop = asyncio.get_running_loop()
    socks: list[socket.socket | None] = [None] * n
    try:
        while time.perf_counter() < until:
            for i in range(n):
                s = socks[i]
                if s is not None:
                    try:
                        if s.recv(1) == b"":
                            stats["closed by the server"] += 1
                            s.close()
                            s = socks[i] = None
                    except BlockingIOError:
                        pass
                    except OSError:
                        stats["closed by the server"] += 1
                        s.close()
                        s = socks[i] = None
                if s is None and time.perf_counter() < until:
                    try:
                        s = socket.socket()
                        s.setblocking(False)
                        await loop.sock_connect(s, (host, port))
                        await loop.sock_sendall(s, b"GET /explore HTTP/1.1\r\nHost: " + host.encode() + b"\r\n")
                        socks[i] = s
                        stats["opened"] += 1
                    except OSError:
                        stats["refused"] += 1
                        s.close()
                if i % 100 == 99:
                    await asyncio.sleep(0)
            stats["peak open"] = max(stats["peak open"], sum(s is not None for s in socks))
            await asyncio.sleep(min(cycle_s, max(0.0, until - time.perf_counter())))
    finally:
        for s in socks:
            if s is not None:
                s.close()


async def repeat(host: str, port: int, requests: list[tuple[str, str, bytes, str]], until: float,
                 out: list[dict[str, Any]]) -> None:
    """The same requests in turn, back to back on one connection."""
    conn = Conn(host, port)
    k = 0
    while time.perf_counter() < until:
        method, path, body, ctype = requests[k % len(requests)]
        k += 1
        t = time.perf_counter()
        try:
            status, _ = await conn.request(method, path, body, ctype, timeout=120)
            out.append({"path": path.split("?")[0], "status": status, "ms": (time.perf_counter() - t) * 1000})
        except Exception as e:
            out.append({"path": path.split("?")[0], "status": 0, "error": f"{type(e).__name__}: {e}"[:80],
                        "ms": (time.perf_counter() - t) * 1000})
            conn.close()
    conn.close()


async def slow_bodies(host: str, port: int, n: int, until: float, stats: dict[str, int], cycle_s: float) -> None:
    """``n`` connections that send a complete POST head announcing 60,000 bytes and then a byte every 5 s (issue
    35); every ``cycle_s`` those the server closed are opened again (opened 10 ms apart in bursts of 100)."""
    loop = asyncio.get_running_loop()
    socks: list[socket.socket | None] = [None] * n
    last_open = 0.0
    try:
        while time.perf_counter() < until:
            reopen = time.perf_counter() - last_open >= cycle_s
            for i in range(n):
                s = socks[i]
                if s is not None:
                    try:
                        s.send(b"1")
                        stats["bytes sent"] += 1
                    except (BlockingIOError, InterruptedError):
                        pass
                    except OSError:
                        stats["closed by the server"] += 1
                        s.close()
                        s = socks[i] = None
                if s is None and reopen and time.perf_counter() < until:
                    try:
                        s = socket.socket()
                        s.setblocking(False)
                        await loop.sock_connect(s, (host, port))
                        await loop.sock_sendall(s, SLOW_BODY_HEAD + b"{")
                        socks[i] = s
                        stats["opened"] += 1
                    except OSError:
                        stats["refused"] += 1
                        s.close()
                if i % 100 == 99:
                    await asyncio.sleep(0.01)
            if reopen:
                last_open = time.perf_counter()
            stats["peak open"] = max(stats["peak open"], sum(s is not None for s in socks))
            await asyncio.sleep(min(SLOW_BODY_EVERY_S, max(0.0, until - time.perf_counter())))
    finally:
        for s in socks:
            if s is not None:
                s.close()


async def keepalive_flood(host: str, port: int, n: int, until: float, stats: dict[str, int]) -> None:
    """``n`` kept-alive connections, each asking GET /healthz every 4 s (issue 35); one closed is opened again at
    its next turn."""
    async def one(k: int) -> None:
        conn = Conn(host, port)
        await asyncio.sleep(KEEPALIVE_EVERY_S * k / n)
        while time.perf_counter() < until:
            t = time.perf_counter()
            try:
                status, _ = await conn.request("GET", "/healthz", timeout=10)
                stats[f"answered {status}"] = stats.get(f"answered {status}", 0) + 1
            except Exception:
                stats["closed or refused"] += 1
                conn.close()
            await asyncio.sleep(max(0.0, min(KEEPALIVE_EVERY_S - (time.perf_counter() - t),
                                             until - time.perf_counter())))
        conn.close()
    await asyncio.gather(*(one(k) for k in range(n)))


async def eviction(host: str, port: int, until: float, stats: dict[str, Any]) -> None:
    """A colleague keeps a plan and opens its address twice; then distinct plans are posted to POST /plan back to
    back until the phase ends; is the colleague's address still answered?"""
    colleague = Conn(host, port)
    form = "application/x-www-form-urlencoded"
    base = json.loads(plans()[0])
    status, data = await colleague.request("POST", "/plan", urllib.parse.urlencode(
        {"plan": json.dumps(base)}).encode(), form)
    where = ""
    if status == 303:          # the address is in the Location header: read it again from a second request
        where = await _location(host, port, json.dumps(base))
        for _ in range(2):
            await colleague.request("GET", where)
    flood = Conn(host, port)
    k = 0
    while time.perf_counter() < until:
        k += 1
        base["vessel"]["length"] = f"{61 + k * 0.001:.3f} m"                       # a new plan each time
        try:
            status, _ = await flood.request("POST", "/plan", urllib.parse.urlencode(
                {"plan": json.dumps(base)}).encode(), form)
            stats[f"posted {status}"] = stats.get(f"posted {status}", 0) + 1
        except Exception:
            stats["closed or refused"] = stats.get("closed or refused", 0) + 1
            flood.close()
    if where:
        colleague.close()                     # idle past the keep-alive meanwhile: a new connection
        try:
            status, _ = await colleague.request("GET", where)
        except Exception as e:
            status = type(e).__name__
        stats["colleague's address after"] = status
    flood.close()
    colleague.close()


async def _location(host: str, port: int, plan: str) -> str:
    """The address a plan is kept at (the Location of its 303)."""
    reader, writer = await asyncio.open_connection(host, port)
    body = urllib.parse.urlencode({"plan": plan}).encode()
    writer.write(f"POST /plan HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                 f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
    head = (await reader.read(65536)).decode("latin-1")
    writer.close()
    for line in head.split("\r\n"):
        if line.lower().startswith("location:"):
            return line.split(":", 1)[1].strip().split("#")[0]
    return ""


async def phase(host: str, port: int, clients: int, duration: float, hostile: bool, slow_n: int,
                seed: int, parts: tuple[str, ...] = ("slowloris", "comparisons", "encounter"),
                cycle_s: float = 10.0, connections: int = 1100) -> dict[str, Any]:
    until = time.perf_counter() + duration
    mix: list[dict[str, Any]] = []
    health: list[float] = []
    health_errors: list[str] = []
    slow: dict[str, int] = {"opened": 0, "closed by the server": 0, "refused": 0, "peak open": 0}
    comparisons: list[dict[str, Any]] = []
    encounters: list[dict[str, Any]] = []
    hostile_cpu = 0.0
    attacks: dict[str, Any] = {}
    cpu0 = time.process_time()
    tasks = [mix_client(host, port, seed * 1000 + k, until, mix) for k in range(clients)]
    tasks.append(probe(host, port, until, health, health_errors))
    t0 = time.perf_counter()
    hostile_proc = None
    if hostile:          # a process of its own, as a hostile client would be: its work is not the measuring loop's
        import multiprocessing
        ctx = multiprocessing.get_context("spawn")
        queue = ctx.Queue()
        hostile_proc = ctx.Process(target=_hostile_main, args=(host, port, duration, slow_n, parts, cycle_s, queue,
                                                               connections))
        hostile_proc.start()
    await asyncio.gather(*tasks)
    wall = time.perf_counter() - t0
    client_cpu = time.process_time() - cpu0
    if hostile_proc is not None:
        got = queue.get(timeout=duration + 180)
        hostile_proc.join(30)
        slow, comparisons, encounters = got["slowloris"], got["comparisons"], got["encounters"]
        hostile_cpu = got["cpu_s"]
        attacks = got["attacks"]
    ok = [r for r in mix if r["error"] is None and r["status"]]
    classes = {c: sum(1 for r in ok if r["status"] // 100 == int(c[0])) for c in ("2xx", "3xx", "4xx", "5xx")}
    by_name: dict[str, dict[str, Any]] = {}
    for name in sorted({r["name"] for r in mix}):
        rs = [r for r in mix if r["name"] == name]
        lat = [r["ms"] for r in rs if r["error"] is None]
        by_name[name] = {"requests": len(rs), "errors": sum(1 for r in rs if r["error"]),
                         "not 2xx": sum(1 for r in rs if r["error"] is None and r["status"] // 100 != 2),
                         "p50_ms": pct(lat, 50), "p99_ms": pct(lat, 99)}
    lat = [r["ms"] for r in ok]
    out: dict[str, Any] = {
        "hostile": hostile, "seconds": round(wall, 1), "mix": {
            "requests": len(mix), "answered": len(ok), "errors": len(mix) - len(ok), **classes,
            "per_s": round(len(ok) / wall, 1), "p50_ms": pct(lat, 50), "p99_ms": pct(lat, 99), "by_request": by_name,
            "error_samples": sorted({r["error"] for r in mix if r["error"]})[:5],
            "status_samples": sorted({r["status"] for r in ok if r["status"] // 100 not in (2, 3)})},
        "healthz": {"probes": len(health), "errors": len(health_errors), "p50_ms": pct(health, 50),
                    "p99_ms": pct(health, 99), "max_ms": round(max(health), 1) if health else None,
                    "latencies_ms": health},
        "client_cpu_s": {"mix and probe": round(client_cpu, 1), "hostile": hostile_cpu}}
    if hostile:
        def summary(rs: list[dict[str, Any]]) -> dict[str, Any]:
            return {"requests": len(rs), "statuses": sorted({r["status"] for r in rs}),
                    "errors": sorted({r["error"] for r in rs if r.get("error")}),
                    "p50_ms": pct([r["ms"] for r in rs], 50), "max_ms": round(max((r["ms"] for r in rs),
                                                                                 default=0), 1)}
        out["hostile_client"] = {"slowloris": slow, "comparisons": summary(comparisons),
                                 "big encounter": summary(encounters), **attacks}
    return out


def _hostile_main(host: str, port: int, duration: float, slow_n: int, parts: tuple[str, ...], cycle_s: float,
                  queue: Any, connections: int = 1100) -> None:
    """The hostile client (a process of its own): what ``parts`` names, for ``duration`` seconds."""
    slow: dict[str, int] = {"opened": 0, "closed by the server": 0, "refused": 0, "peak open": 0}
    bodies: dict[str, int] = {"opened": 0, "closed by the server": 0, "refused": 0, "peak open": 0, "bytes sent": 0}
    flood: dict[str, int] = {"closed or refused": 0}
    evict: dict[str, Any] = {}
    comparisons: list[dict[str, Any]] = []
    encounters: list[dict[str, Any]] = []

    async def run() -> None:
        until = time.perf_counter() + duration
        tasks = []
        if "slowloris" in parts:
            tasks.append(slowloris(host, port, slow_n, until, slow, cycle_s))
        if "comparisons" in parts:
            tasks.append(repeat(host, port, [("GET", p, b"", "") for p in COMPARISONS], until, comparisons))
        if "encounter" in parts:
            tasks.append(repeat(host, port, [("POST", "/encounter.json", big_encounter(), "text/csv")], until,
                                encounters))
        if "slowbody" in parts:
            tasks.append(slow_bodies(host, port, connections, until, bodies, cycle_s))
        if "keepalive" in parts:
            tasks.append(keepalive_flood(host, port, connections, until, flood))
        if "eviction" in parts:
            tasks.append(eviction(host, port, until, evict))
        await asyncio.gather(*tasks)

    cpu0 = time.process_time()
    asyncio.run(run())
    attacks: dict[str, Any] = {}
    for name, got in (("slowbody", bodies), ("keepalive", flood), ("eviction", evict)):
        if name in parts:
            attacks[name] = got
    queue.put({"slowloris": slow, "comparisons": comparisons, "encounters": encounters, "attacks": attacks,
               "cpu_s": round(time.process_time() - cpu0, 1)})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", help="a running server on loopback (default: start one with a temporary database)")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds a phase (at most 300)")
    ap.add_argument("--clients", type=int, default=50, help="clients of the mix (at most 200)")
    ap.add_argument("--slowloris", type=int, default=1000, help="half-open connections of the hostile client")
    ap.add_argument("--cycle", type=float, default=10.0,
                    help="seconds between the slowloris's rounds of opening again what the server closed (a slowloris "
                         "tool's cycle is 10-15 s; 1 s makes it a flood of some 1,000 connections a second)")
    ap.add_argument("--workers", default="1", help="worker processes of the server this script starts (N or auto)")
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--hostile", default="slowloris,comparisons,encounter",
                    help="what the hostile client does (comma-separated: slowloris, comparisons, encounter, "
                         "slowbody, keepalive, eviction)")
    ap.add_argument("--connections", type=int, default=1100,
                    help="connections of the slow-body and keep-alive attackers (issue 35: 1,100)")
    ap.add_argument("--proxy", action="store_true",
                    help="start the front-server recipe (nginx before navlights serve) and aim at nginx")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not 0 < args.duration <= 300 or not 1 <= args.clients <= 200 or not 0 <= args.slowloris <= 5000 \
            or not 0 <= args.connections <= 5000:
        ap.error("bounded load only: duration 0-300 s, clients 1-200, slowloris and connections 0-5000")
    proc, tmp = None, None
    if args.url:
        url = load_web.loopback_only(args.url)
    else:
        tmp = tempfile.TemporaryDirectory()
        if args.proxy:
            proc, url = start_proxy(Path(tmp.name), args.workers)
        else:
            proc, url = start_server(Path(tmp.name) / "progress.sqlite", args.workers)
    parts = urllib.parse.urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    try:
        for path in ["/explore", "/explore.json", "/identify.json?notation=W", "/train.json", "/editions.json"]:
            urllib.request.urlopen(url + path, timeout=60).read()          # warm: imports, first pages
        cpu0 = load_web.cpu_seconds(proc.pid) if proc else 0.0
        quiet = asyncio.run(phase(host, port, args.clients, args.duration, False, args.slowloris, args.seed))
        cpu1 = load_web.cpu_seconds(proc.pid) if proc else 0.0
        hostile = asyncio.run(phase(host, port, args.clients, args.duration, True, args.slowloris, args.seed + 1,
                                    tuple(p.strip() for p in args.hostile.split(",")), args.cycle, args.connections))
        cpu2 = load_web.cpu_seconds(proc.pid) if proc else 0.0
    finally:
        if proc is not None:
            if args.proxy:
                os.killpg(proc.pid, 15)           # the script, nginx and the app together
            else:
                proc.terminate()
            try:
                proc.wait(30)
            except Exception:           # a server that does not stop in 30 s is killed (its answer is the report)
                proc.kill()
                proc.wait(30)
        if tmp is not None:
            tmp.cleanup()
    q, h = quiet["healthz"]["p99_ms"], hostile["healthz"]["p99_ms"]
    ratio = round(h / q, 2) if q and h else None
    sent = hostile["healthz"]["probes"] + hostile["healthz"]["errors"]
    within = round(sum(1 for ms in hostile["healthz"]["latencies_ms"] if q and ms <= 3 * q) / sent, 4) if sent else None
    for p in (quiet, hostile):
        del p["healthz"]["latencies_ms"]
    lost = quiet["mix"]["errors"] + hostile["mix"]["errors"] + quiet["mix"]["5xx"] + hostile["mix"]["5xx"]
    report = {"cpus": os.cpu_count(), "workers": args.workers, "clients": args.clients, "hostile_parts": args.hostile,
              "slowloris_cycle_s": args.cycle,
              "duration_s": args.duration, "load_average": os.getloadavg(), "quiet": quiet, "hostile": hostile,
              "server_cpu_s": {"quiet": round(cpu1 - cpu0, 1), "hostile": round(cpu2 - cpu1, 1)}
              if proc and not args.proxy else None,
              "proxy": args.proxy, "connections": args.connections,
              "healthz_p99_ratio": ratio, "target_ratio": TARGET_HEALTHZ_RATIO, "lost_or_5xx": lost,
              "healthz_within_3x_quiet_p99": within, "target_within": TARGET_WITHIN,
              "pass": lost == 0 and not quiet["healthz"]["errors"] and not hostile["healthz"]["errors"]
              and ratio is not None and ratio <= TARGET_HEALTHZ_RATIO and within is not None
              and within >= TARGET_WITHIN}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0 if report["pass"] else 1


def start_server(db: Path, workers: str) -> tuple[Any, str]:
    """``navlights serve`` on a free loopback port (load_web's, with ``--workers N|auto`` and a minute to start)."""
    return load_web.start_server(db, workers, wait_s=60.0, name="load_hostile")


def start_proxy(tmp: Path, workers: str) -> tuple[Any, str]:
    """deploy/serve-behind-nginx.sh on free loopback ports (its own process group); nginx's address."""
    import subprocess
    ports = []
    for _ in range(2):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            ports.append(s.getsockname()[1])
    navlights = Path(sys.executable).parent / "navlights"
    proc = subprocess.Popen(["bash", str(HERE.parent / "deploy" / "serve-behind-nginx.sh"), "--port", str(ports[0]),
                             "--app-port", str(ports[1]), "--workers", workers, "--run", str(tmp / "run"), "--",
                             "--db", str(tmp / "progress.sqlite"), "--log-level", "warning"],
                            env=dict(os.environ, NAVLIGHTS=str(navlights)), start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{ports[0]}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/healthz", timeout=2).read()
            return proc, url
        except OSError:
            time.sleep(0.5)
    os.killpg(proc.pid, 9)
    raise SystemExit("load_hostile: the proxy and the app did not start in 90 s")


def print_report(r: dict[str, Any]) -> None:
    print(f"{r['clients']} clients, {r['duration_s']:g} s a phase, {r['cpus']} CPUs, server workers: {r['workers']}, "
          f"{'through nginx, ' if r['proxy'] else ''}load average {r['load_average'][0]:.1f}")
    print(f"{'phase':<8} {'requests':>8} {'2xx':>6} {'4xx':>5} {'5xx':>5} {'lost':>5} {'req/s':>7} {'p50 ms':>8} "
          f"{'p99 ms':>8} {'healthz p50':>11} {'healthz p99':>11} {'not 200':>7}")
    for name in ("quiet", "hostile"):
        p = r[name]
        m, hz = p["mix"], p["healthz"]
        print(f"{name:<8} {m['requests']:>8} {m['2xx']:>6} {m['4xx']:>5} {m['5xx']:>5} {m['errors']:>5} "
              f"{m['per_s']:>7} {m['p50_ms']!s:>8} {m['p99_ms']!s:>8} {hz['p50_ms']!s:>11} {hz['p99_ms']!s:>11} "
              f"{hz['errors']:>7}")
    for name in ("quiet", "hostile"):
        for req, g in r[name]["mix"]["by_request"].items():
            print(f"  {name:<8} {req:<14} {g['requests']:>6} requests, {g['errors']} lost, {g['not 2xx']} not 2xx, "
                  f"p50 {g['p50_ms']} ms, p99 {g['p99_ms']} ms")
    hc = r["hostile"]["hostile_client"]
    parts = r["hostile_parts"].split(",")
    print("hostile client: " + "; ".join(f"{name} {hc[key]}" for name, key in (
        ("slowloris", "slowloris"), ("comparisons", "comparisons"), ("encounter", "big encounter"),
        ("slowbody", "slowbody"), ("keepalive", "keepalive"), ("eviction", "eviction")) if name in parts))
    if r["server_cpu_s"]:
        print(f"CPU (s): server quiet {r['server_cpu_s']['quiet']}, hostile {r['server_cpu_s']['hostile']}; clients "
              f"quiet {r['quiet']['client_cpu_s']}, hostile {r['hostile']['client_cpu_s']}")
    print(f"/healthz probes of the hostile phase answered within 3x the quiet p99: "
          f"{r['healthz_within_3x_quiet_p99']} (target >= {r['target_within']:g})")
    print(f"/healthz p99 hostile / quiet: {r['healthz_p99_ratio']}x (target <= {r['target_ratio']:g}x); "
          f"requests of the mix lost or 5xx: {r['lost_or_5xx']}; "
          f"{'PASS' if r['pass'] else 'FAIL'}")


if __name__ == "__main__":
    sys.exit(main())
