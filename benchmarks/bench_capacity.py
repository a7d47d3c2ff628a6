"""Capacity and speed, as ratios measured side by side in one run (issue 15). CPU time, not wall time.

    python benchmarks/bench_capacity.py            # every ratio, 5 repeats, medians (about a minute)
    python benchmarks/bench_capacity.py --load     # and the 200 requests/s for 30 s load test (load_web.py)
    python benchmarks/bench_capacity.py --json

What is measured (each a median of ``--repeat`` rounds, the rounds interleaved so that a change in
the machine's load hits every side alike):

1. Web, server CPU per request (a real ``navlights serve`` on 127.0.0.1, its threads' CPU from
   /proc/PID/task/*/schedstat, nanoseconds): ``/healthz`` (the framework's floor), ``/explore.json``
   and ``/explore`` over six vessels and four editions at aspects in tenths of a degree (so the
   caches keyed on the aspect hardly help). Targets: explore.json <= 3x healthz, explore <= 5x.
2. identify: CPU of ``navlights identify "W/W/W R"`` (every edition) with an empty user cache directory
   against the same with the user cache already filled. Target: <= 2x. What ``make`` prepares ahead
   (``navlights prepare``: the editions compiled and the indexes built into <sys.prefix>/share/navlights)
   is there, as after ``make test`` or ``make run``; the same with nothing prepared is shown beside it.
3. CLI cold start: CPU of ``navlights lights --edition intl-1960 --length "200 ft" --json`` against
   ``python -c "import click"``. Target: <= 4x. Also shown: the same with nothing prepared and an empty
   user cache (the edition parsed, not read back).

Before measuring, the script does what ``make``'s install step does: byte-compiles navlights' modules
(click's were compiled when pip installed it; a module without bytecode is compiled at every start
where ``PYTHONDONTWRITEBYTECODE`` is set) and runs ``navlights prepare``.
4. The plan view as PNG, 800 x 500: CPU per call in process (first call of a new request, and the
   same request again). Target: < 50 ms.

Loopback only; the server is started and stopped by this script. Not a test: the numbers depend on
the machine, and the load (shown) on what else runs.
"""

from __future__ import annotations

import argparse
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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import load_web  # noqa: E402

TARGETS = {"explore.json / healthz": 3.0, "explore / healthz": 5.0, "identify first / warm (web)": 2.0,
           "identify cold / warm (CLI)": 2.0, "CLI lights --json / import click": 4.0}
PNG_TARGET_MS = 50.0
NAVLIGHTS = [sys.executable, "-c", "import sys; from navlights.cli import main; sys.exit(main(sys.argv[1:]))"]


# --- web -------------------------------------------------------------------------------------------


def server_cpu_ns(pid: int) -> int:
    """CPU time of every thread of the process so far, in nanoseconds (schedstat's first field)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total


class Client:
    """A keep-alive HTTP/1.1 GET client on one socket (little CPU of its own)."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.file = self.sock.makefile("rb")
        self.port = port

    def get(self, path: str) -> int:
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
        status = int(self.file.readline().split()[1])
        length = 0
        while True:
            line = self.file.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        self.file.read(length)
        return status

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def explore_paths(path: str, n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        edition, vessel = rng.choice(load_web.VESSELS)
        params = {"edition": edition, **vessel, "aspect": rng.randrange(0, 3600) / 10}
        out.append(path + "?" + urllib.parse.urlencode(params))
    return out


def web_rounds(repeat: int, n: int, rate: float | None = None) -> dict[str, list[float]]:
    """Server CPU per request (ms) for each path, one value per round: back to back on one keep-alive
    connection, or paced at ``rate`` requests a second (the server idles between requests, as under the
    load test's open loop; each request then also pays for waking the event loop)."""
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = load_web.start_server(Path(tmp) / "progress.sqlite")
        port = urllib.parse.urlsplit(url).port or 80
        client = Client(port)
        try:
            for p in explore_paths("/explore", 40, 99) + explore_paths("/explore.json", 40, 98):
                client.get(p)                                    # warm: imports, editions, templates
            out: dict[str, list[float]] = {"/healthz": [], "/explore.json": [], "/explore": []}
            for r in range(repeat):
                for path in out:
                    paths = [path] * n if path == "/healthz" else explore_paths(path, n, 1000 * r + len(path))
                    before = server_cpu_ns(proc.pid)
                    start = time.perf_counter()
                    for k, p in enumerate(paths):
                        if rate:
                            delay = start + k / rate - time.perf_counter()
                            if delay > 0:
                                time.sleep(delay)
                        status = client.get(p)
                        if status != 200:
                            raise SystemExit(f"bench_capacity: {p} answered {status}")
                    out[path].append((server_cpu_ns(proc.pid) - before) / n / 1e6)
            return out
        finally:
            client.close()
            proc.terminate()
            proc.wait(10)


# --- processes -------------------------------------------------------------------------------------


def child_cpu_s(argv: list[str], env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) one command takes, from its rusage."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"bench_capacity: {argv} exited {proc.returncode}: {proc.stderr.read().decode()[-500:]}")
    proc.stderr.close()
    return usage.ru_utime + usage.ru_stime


NOTATIONS = ["W/W/W R", "W/W G", "G < W/W > R", "R/R", "W > W", "R/W/R"]


def wait_idle(pid: int, quiet_s: float = 0.5, limit_s: float = 60.0) -> None:
    """Until the process has used no CPU for ``quiet_s`` (its start-up work done), at most ``limit_s``."""
    deadline = time.monotonic() + limit_s
    last = server_cpu_ns(pid)
    while time.monotonic() < deadline:
        time.sleep(quiet_s)
        now = server_cpu_ns(pid)
        if now - last < 2_000_000:                    # under 2 ms of CPU in the interval: idle
            return
        last = now


def web_identify_rounds(repeat: int) -> dict[str, list[float]]:
    """Server CPU (s) of the first /identify.json on a server started with an empty cache directory, and of the
    requests after it (other pictures): the server makes the indexes in the background when it starts."""
    out: dict[str, list[float]] = {"first": [], "warm": []}
    for r in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["XDG_CACHE_HOME"] = tmp
            try:
                proc, url = load_web.start_server(Path(tmp) / "progress.sqlite")
            finally:
                del os.environ["XDG_CACHE_HOME"]
            client = Client(urllib.parse.urlsplit(url).port or 80)
            try:
                wait_idle(proc.pid)
                order = NOTATIONS[r % len(NOTATIONS):] + NOTATIONS[:r % len(NOTATIONS)]
                costs = []
                for notation in order:
                    before = server_cpu_ns(proc.pid)
                    client.get("/identify.json?" + urllib.parse.urlencode({"notation": notation}))
                    costs.append((server_cpu_ns(proc.pid) - before) / 1e9)
                out["first"].append(costs[0])
                out["warm"].append(statistics.median(costs[1:]))
            finally:
                client.close()
                proc.terminate()
                proc.wait(10)
    return out


def fresh_env(tmp: str, prepared: bool = True) -> dict[str, str]:
    """The environment of a command with an empty user cache (``tmp``), with or without the prepared directory."""
    env = {**os.environ, "XDG_CACHE_HOME": tmp}
    env.pop("NAVLIGHTS_CACHE_DIR", None)
    env.pop("NAVLIGHTS_PREPARED_DIR", None)
    if not prepared:
        env["NAVLIGHTS_PREPARED_DIR"] = "off"
    return env


def identify_rounds(repeat: int) -> dict[str, list[float]]:
    argv = [*NAVLIGHTS, "identify", "W/W/W R"]
    out: dict[str, list[float]] = {"cold": [], "warm": [], "cold_unprepared": []}
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            out["cold"].append(child_cpu_s(argv, fresh_env(tmp)))
            out["warm"].append(child_cpu_s(argv, fresh_env(tmp)))
        with tempfile.TemporaryDirectory() as tmp:
            out["cold_unprepared"].append(child_cpu_s(argv, fresh_env(tmp, prepared=False)))
    return out


def cli_rounds(repeat: int) -> dict[str, list[float]]:
    lights = [*NAVLIGHTS, "lights", "--edition", "intl-1960", "--length", "200 ft", "--json"]
    click = [sys.executable, "-c", "import click"]
    out: dict[str, list[float]] = {"lights": [], "click": [], "lights_unprepared": []}
    for _ in range(repeat):
        out["lights"].append(child_cpu_s(lights))
        out["click"].append(child_cpu_s(click))
        with tempfile.TemporaryDirectory() as tmp:
            out["lights_unprepared"].append(child_cpu_s(lights, fresh_env(tmp, prepared=False)))
    return out


def make_ahead() -> None:
    """What ``make``'s install step does: byte-compile navlights, and ``navlights prepare``."""
    import navlights
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(navlights.__file__).parent)], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([*NAVLIGHTS, "prepare"], check=True, stdout=subprocess.DEVNULL)


# --- the plan view as PNG --------------------------------------------------------------------------


def png_rounds(repeat: int) -> dict[str, list[float]]:
    from navlights import api
    vessel = {"propulsion": "power", "length": "200 ft", "towing": {"tow_length": "700 ft"}}
    api.render_png(vessel, "intl-1960", view="plan", width=800, height=500)          # warm: fonts, imports
    out: dict[str, list[float]] = {"new": [], "again": []}
    for r in range(repeat):
        aspect = 10.0 + r * 7.3                  # a request not seen before (the plan marks the observer)
        for key in ("new", "again"):
            t = time.process_time()
            api.render_png(vessel, "intl-1960", view="plan", aspect_deg=aspect, width=800, height=500)
            out[key].append((time.process_time() - t) * 1000)
    return out


# --- report ----------------------------------------------------------------------------------------


def load_average() -> float:
    return os.getloadavg()[0]


PACED_RATE = 100.0


def measure(repeat: int, n: int) -> dict:
    make_ahead()
    load0 = load_average()
    paced = web_rounds(repeat, n, PACED_RATE)
    tight = web_rounds(repeat, n)
    ident = identify_rounds(repeat)
    web_ident = web_identify_rounds(repeat)
    cli = cli_rounds(repeat)
    png = png_rounds(repeat)
    med = {f"{mode} {k}": statistics.median(v) for mode, w in (("paced", paced), ("tight", tight)) for k, v in w.items()}
    figures = {
        **{k: round(v, 4) for k, v in med.items()},
        "identify_cold_s": statistics.median(ident["cold"]), "identify_warm_s": statistics.median(ident["warm"]),
        "identify_cold_unprepared_s": statistics.median(ident["cold_unprepared"]),
        "cli_lights_unprepared_s": statistics.median(cli["lights_unprepared"]),
        "web_identify_first_ms": statistics.median(web_ident["first"]) * 1000,
        "web_identify_warm_ms": statistics.median(web_ident["warm"]) * 1000,
        "cli_lights_s": statistics.median(cli["lights"]), "import_click_s": statistics.median(cli["click"]),
        "plan_png_new_ms": statistics.median(png["new"]), "plan_png_again_ms": statistics.median(png["again"]),
    }
    ratios = {}
    for mode in ("paced", "tight"):
        label = f"at {PACED_RATE:g} requests/s" if mode == "paced" else "back to back"
        ratios[f"explore.json / healthz, {label}"] = med[f"{mode} /explore.json"] / med[f"{mode} /healthz"]
        ratios[f"explore / healthz, {label}"] = med[f"{mode} /explore"] / med[f"{mode} /healthz"]
    ratios["identify first / warm (web)"] = figures["web_identify_first_ms"] / figures["web_identify_warm_ms"]
    ratios["identify cold / warm (CLI)"] = figures["identify_cold_s"] / figures["identify_warm_s"]
    ratios["CLI lights --json / import click"] = figures["cli_lights_s"] / figures["import_click_s"]
    return {"repeat": repeat, "requests_per_round": n, "cpus": os.cpu_count(),
            "load_average": [round(load0, 2), round(load_average(), 2)], "figures": figures, "ratios": ratios,
            "pass": {**{k: v <= target(k) for k, v in ratios.items()},
                     "plan PNG 800x500 < 50 ms": figures["plan_png_new_ms"] < PNG_TARGET_MS},
            "rounds": {"web_paced_ms": paced, "web_tight_ms": tight, "identify_s": ident, "web_identify_s": web_ident,
                       "cli_s": cli, "plan_png_ms": png}}


def target(ratio: str) -> float:
    return next(v for k, v in TARGETS.items() if ratio.startswith(k))


def print_report(rep: dict) -> None:
    f = rep["figures"]
    print(f"bench_capacity: medians of {rep['repeat']} rounds, CPU time; {rep['cpus']} CPUs, load average "
          f"{rep['load_average'][0]} at the start, {rep['load_average'][1]} at the end")
    for mode, label in (("paced", f"at {PACED_RATE:g} requests/s"), ("tight", "back to back")):
        print(f"  web, server CPU a request, {label}: /healthz {f[mode + ' /healthz']:.3f} ms, /explore.json "
              f"{f[mode + ' /explore.json']:.3f} ms, /explore {f[mode + ' /explore']:.3f} ms "
              f"({rep['requests_per_round']} requests a round)")
    print(f"  identify 'W/W/W R', every edition: CLI with an empty user cache {f['identify_cold_s']:.3f} s, filled "
          f"{f['identify_warm_s']:.3f} s (nothing prepared ahead and an empty cache: "
          f"{f['identify_cold_unprepared_s']:.3f} s); web (server started on an empty cache) first request "
          f"{f['web_identify_first_ms']:.1f} ms, later ones {f['web_identify_warm_ms']:.1f} ms")
    print(f"  CLI: lights --json {f['cli_lights_s'] * 1000:.0f} ms (nothing prepared, empty cache: "
          f"{f['cli_lights_unprepared_s'] * 1000:.0f} ms), python -c 'import click' {f['import_click_s'] * 1000:.0f} ms")
    print(f"  plan PNG 800 x 500: {f['plan_png_new_ms']:.1f} ms (new request), {f['plan_png_again_ms']:.1f} ms (again)")
    print(f"  {'ratio':<46} {'measured':>8} {'target':>7}")
    for name, value in rep["ratios"].items():
        print(f"  {name:<46} {value:>7.2f}x {target(name):>6.1f}x  {'ok' if rep['pass'][name] else 'OVER'}")
    print(f"  {'plan PNG 800x500 (new request)':<46} {f['plan_png_new_ms']:>6.1f}ms {PNG_TARGET_MS:>5.0f}ms  "
          f"{'ok' if rep['pass']['plan PNG 800x500 < 50 ms'] else 'OVER'}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="rounds (medians are reported)")
    ap.add_argument("--requests", type=int, default=300, help="web requests per path and round")
    ap.add_argument("--load", action="store_true", help="also run load_web.py: 200 requests/s for 30 s")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    if not 1 <= args.repeat <= 50 or not 10 <= args.requests <= 5000:
        ap.error("--repeat 1-50, --requests 10-5000")
    rep = measure(args.repeat, args.requests)
    ok = all(rep["pass"].values())
    if args.json:
        print(json.dumps(rep, indent=2))
    else:
        print_report(rep)
    if args.load:
        ok = load_web.main([]) == 0 and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
