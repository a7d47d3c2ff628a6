"""Benchmark the pip-installed package's first call (issue 26): the first ``navlights identify`` of a wheel
installed into a fresh virtual environment, with an empty user cache, against a warm one.

The wheel carries every edition compiled and every identify index (setup.py prepares them into the build), so
the first call reads them and builds nothing. For comparison, the same installed package with its prepared data
turned off (``NAVLIGHTS_PREPARED_DIR=off``: what a bare ``pip install`` did before issue 26): its first call
compiles the editions and builds the indexes into the user cache.

CPU time (user + system) of fresh processes, each first call with a user cache of its own, empty; the median of
``--runs`` (warm: after one call has filled nothing or everything it fills). Target: first within 2x warm.

Run: ``python benchmarks/bench_install.py`` (builds the wheel, about a minute) or ``--wheel dist/navlights-*.whl``.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTATION = "W/W/W R"
TARGET = 2.0


def cpu(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    """CPU seconds (user + system) of one fresh process running ``cmd``; it must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def build_wheel(out: Path) -> Path:
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)], check=True,
                   stdout=subprocess.DEVNULL)
    (wheel,) = out.glob("navlights-*.whl")
    return wheel


def measure(navlights: Path, work: Path, runs: int, **extra: str) -> tuple[float, float, list[float]]:
    """(first call's median CPU, warm call's median CPU, every first call) of ``navlights identify``."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("NAVLIGHTS_", "PYTHON"))}
    cmd = [str(navlights), "identify", NOTATION]
    firsts, warms = [], []
    for i in range(runs):
        home = work / f"cache-{len(extra)}-{i}"
        env = {**base, "XDG_CACHE_HOME": str(home), **extra}
        firsts.append(cpu(cmd, env, work))
        warms.append(cpu(cmd, env, work))
        shutil.rmtree(home, ignore_errors=True)
    return statistics.median(firsts), statistics.median(warms), firsts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wheel", type=Path, help="an already built wheel (default: build one)")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="navlights-bench-install-"))
    try:
        wheel = args.wheel or build_wheel(work / "dist")
        venv = work / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)], check=True)
        navlights = venv / "bin" / "navlights"
        print(f"{wheel.name} in a fresh environment; `navlights identify '{NOTATION}'`, CPU s of fresh processes, "
              f"median of {args.runs}")
        print(f"{'':38} {'first':>7} {'warm':>7} {'ratio':>7}")
        ok = True
        for label, extra in (("installed wheel (prepared data in it)", {}),
                             ("same, prepared data off (before #26)", {"NAVLIGHTS_PREPARED_DIR": "off"})):
            first, warm, _ = measure(navlights, work, args.runs, **extra)
            print(f"{label:38} {first:7.2f} {warm:7.2f} {first / warm:6.1f}x")
            if not extra:
                ok = first <= TARGET * warm
        print(f"target: the installed wheel's first call within {TARGET:g}x a warm one: {'met' if ok else 'MISSED'}")
        return 0 if ok else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
