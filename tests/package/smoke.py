"""The installed package's smoke test (issue 26), run by .ci/run on every CI run:

1. build the sdist and the wheel (``python -m build``: the wheel is built from the sdist, so the sdist must hold
   everything) and check them (``twine check --strict``);
2. check the files: every file of the source package (modules, templates, static files, rule data, examples,
   schema) is in the sdist and the wheel, and the wheel holds the prepared data: every edition compiled, every
   identify index and the name map (setup.py makes them when the wheel is built);
3. install the wheel into a fresh virtual environment outside the source tree and, from a folder outside it
   with an empty user cache: ``navlights --version``, ``editions``, ``lights``, ``identify`` (the first call's CPU
   within 2x a warm one's, and nothing written to the user cache), ``check-plan`` on packaged examples, ``ais`` on
   the packaged sample (a clear exit 2 without the ``traffic`` extra, the vessels with it), and ``navlights serve``
   answering ``/``, ``/explore``, a ``/static/`` file and ``/healthz`` (the version in the footer and there).

Exit 0 when every check holds, 1 with one line per failure otherwise. pip's own cache is used for the build's
and the environment's dependencies (the pins in pyproject.toml).

    .venv/bin/python tests/package/smoke.py [--dist DIR] [--keep]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "navlights"
#: The first identify of an installed package may cost at most this many times a warm one (issue 26).
FIRST_OVER_WARM = 2.0

failures: list[str] = []


def check(ok: bool, what: str) -> bool:
    print(f"  {'ok  ' if ok else 'FAIL'} {what}", flush=True)
    if not ok:
        failures.append(what)
    return ok


_T0 = time.monotonic()


def step(title: str) -> None:
    print(f"== [{time.monotonic() - _T0:5.0f} s] {title}", flush=True)


# --- the files ------------------------------------------------------------------------------------------


def needed_files() -> list[str]:
    """Every file of the source package as a path in the wheel (``navlights/...``): what the app needs."""
    out = []
    for p in sorted(SRC.rglob("*")):
        rel = p.relative_to(SRC.parent)
        if p.is_file() and "__pycache__" not in rel.parts and p.suffix != ".pyc" and rel.parts[1] != "_prepared":
            out.append(rel.as_posix())
    return out


def edition_stems() -> list[str]:
    return sorted(p.stem for p in (SRC / "rulebase" / "data").glob("*.toml"))


def check_wheel(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [f for f in needed_files() if f not in names]
    check(not missing, f"the wheel holds every file of the package ({len(needed_files())})"
          + (f"; missing: {', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}" if missing else ""))
    prepared = sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("navlights/_prepared/"))
    for stem in edition_stems():
        for kind in ("edition", "identify"):
            got = [n for n in prepared if n.startswith(f"{kind}-{stem}-")]
            check(len(got) == 1, f"the wheel's prepared data holds one {kind} entry for {stem} (found {len(got)})")
    check(any(n.startswith("names-bytes-") for n in prepared), "the wheel's prepared data holds the name map")


def check_sdist(sdist: Path) -> None:
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    need = ["pyproject.toml", "setup.py", "README.md"] + [f"src/{f}" for f in needed_files()]
    missing = [f for f in need if f not in names]
    check(not missing, "the sdist holds setup.py, pyproject.toml, README.md and every file of the package"
          + (f"; missing: {', '.join(missing[:8])}" if missing else ""))


# --- running the installed package ---------------------------------------------------------------------


def run(cmd: list[str], env: dict[str, str], cwd: Path, timeout: float = 300) -> tuple[float, subprocess.CompletedProcess[str]]:
    """The command's result and the CPU seconds (user + system) its process and children used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    got = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), got


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""


def check_serve(navlights: Path, env: dict[str, str], cwd: Path, version: str) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([str(navlights), "serve", "--host", "127.0.0.1", "--port", str(port)], env=env,
                              cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 120
        health: dict[str, Any] = {}
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                    health = json.loads(r.read())
                    break
            except OSError:
                time.sleep(0.3)
        if not check(health.get("status") == "ok", "navlights serve answers /healthz"):
            return
        check(health.get("version") == version, f"/healthz names version {version} (got {health.get('version')})")
        status, home = fetch(url + "/")
        check(status == 200 and f"navlights {version}" in home, "/ answers 200 with the version in its footer")
        status, explore = fetch(url + "/explore")
        check(status == 200 and "<form" in explore, "/explore answers 200 with its form")
        status, css = fetch(url + "/static/style.css")
        check(status == 200 and len(css) > 1000, "/static/style.css answers 200")
        status, js = fetch(url + "/static/explore.js")
        check(status == 200 and len(js) > 100, "/static/explore.js answers 200")
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def smoke(venv: Path, wheel: Path, work: Path, version: str) -> None:
    bindir = venv / "bin"
    navlights = bindir / "navlights"
    outside = work / "elsewhere"                    # not the source tree: only the installed package is found
    outside.mkdir()
    cache_home = work / "user-cache"
    cache_home.mkdir()
    pip_env = {k: v for k, v in os.environ.items() if not k.startswith(("NAVLIGHTS_", "PYTHON", "VIRTUAL_ENV"))}
    pip_env["PATH"] = f"{bindir}{os.pathsep}{pip_env.get('PATH', '')}"
    env = {**pip_env, "XDG_CACHE_HOME": str(cache_home)}       # pip keeps its own cache (pip_env)
    pkg = Path(run([str(bindir / "python"), "-c", "import navlights, os; print(os.path.dirname(navlights.__file__))"],
                   env, outside)[1].stdout.strip())
    check(pkg.is_dir() and venv in pkg.parents, f"navlights is imported from the environment ({pkg})")

    step("navlights --version, editions, lights")
    _, got = run([str(navlights), "--version"], env, outside)
    check(got.returncode == 0 and version in got.stdout, f"--version says {version} ({got.stdout.strip()})")
    _, got = run([str(navlights), "editions", "--json"], env, outside)
    ids = sorted(e["id"] for e in json.loads(got.stdout)) if got.returncode == 0 else []
    check(ids == edition_stems(), f"editions lists every packaged edition ({', '.join(ids)})")
    # COLREGS 1972 Rule 23(a): a power-driven vessel underway of 50 m or more shows a masthead light forward, a
    # second one abaft and higher, sidelights and a sternlight.
    _, got = run([str(navlights), "lights", "--edition", "intl-1972", "--propulsion", "power", "--length", "60 m",
                  "--json"], env, outside)
    roles = sorted(i["role"] for i in json.loads(got.stdout)["lights"]) if got.returncode == 0 else []
    check(roles == ["masthead", "masthead-aft", "sidelight-port", "sidelight-starboard", "sternlight"],
          f"lights: a 60 m power-driven vessel under intl-1972 (Rule 23(a)): {', '.join(roles)}")

    step("identify: the first call against warm ones (CPU of fresh processes, empty user cache)")
    ident = [str(navlights), "identify", "W/W/W R", "--json"]
    first, got = run(ident, env, outside)
    check(got.returncode == 0 and json.loads(got.stdout).get("hypotheses"), "identify 'W/W/W R' answers")
    written = sorted(p.relative_to(cache_home).as_posix() for p in cache_home.rglob("*") if p.is_file())
    check(not written, "the first identify wrote nothing to the user cache (the index came with the package)"
          + (f"; wrote {', '.join(written[:4])}" if written else ""))
    warm = sorted(run(ident, env, outside)[0] for _ in range(3))[1]
    check(first <= FIRST_OVER_WARM * warm,
          f"first identify {first:.2f} s CPU within {FIRST_OVER_WARM:g}x a warm one ({warm:.2f} s): {first / warm:.2f}x")

    step("check-plan and ais on the packaged examples")
    plans = pkg / "plan" / "examples"
    # The examples' names say which complies: the tug's plan, and the same plan with its towing light left out.
    for name, code in (("intl-1972-30m-tug.json", 0), ("intl-1972-30m-tug-no-towing-light.json", 1)):
        _, got = run([str(navlights), "check-plan", str(plans / name)], env, outside)
        check(got.returncode == code, f"check-plan {name} exits {code} (got {got.returncode}: {got.stderr.strip()[:200]})")
    sample = pkg / "traffic" / "examples" / "ais" / "2020-channel-night.csv"
    _, got = run([str(navlights), "ais", str(sample)], env, outside)
    check(got.returncode == 2 and "navlights[traffic]" in got.stderr and len(got.stderr.strip().splitlines()) == 1,
          f"ais on a CSV without the traffic extra: one line naming it, exit 2 (got {got.returncode}: "
          f"{got.stderr.strip()[:200]})")
    _, got = run([str(bindir / "python"), "-m", "pip", "install", "--quiet", f"{wheel}[traffic]"], pip_env, outside, 900)
    if check(got.returncode == 0, "pip install the wheel with the traffic extra" + (f": {got.stderr[-400:]}" if got.returncode else "")):
        _, got = run([str(navlights), "ais", str(sample), "--json"], env, outside)
        vessels = json.loads(got.stdout).get("vessels", []) if got.returncode == 0 else []
        check(len(vessels) > 0, f"ais on the packaged sample reads its vessels ({len(vessels)}; exit {got.returncode}"
              f"{': ' + got.stderr.strip()[:200] if got.returncode else ''})")

    step("navlights serve")
    check_serve(navlights, env, outside, version)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dist", type=Path, help="use the sdist and wheel already built here")
    ap.add_argument("--keep", action="store_true", help="keep the working folder (printed)")
    args = ap.parse_args(argv)
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    work = Path(tempfile.mkdtemp(prefix="navlights-package-"))
    started = time.monotonic()
    try:
        dist = args.dist or work / "dist"
        if args.dist is None:
            step("python -m build (sdist, then the wheel from it)")
            got = subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
                                 capture_output=True, text=True)
            if not check(got.returncode == 0, "the sdist and the wheel build" + (f":\n{got.stdout[-3000:]}{got.stderr[-3000:]}" if got.returncode else "")):
                return 1
        wheels, sdists = sorted(dist.glob(f"navlights-{version}-*.whl")), sorted(dist.glob(f"navlights-{version}.tar.gz"))
        if not check(len(wheels) == 1 and len(sdists) == 1, f"one wheel and one sdist of version {version} in {dist}"):
            return 1
        step("twine check, the files")
        got = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheels[0]), str(sdists[0])],
                             capture_output=True, text=True)
        check(got.returncode == 0, "twine check --strict" + (f": {got.stdout[-1000:]}" if got.returncode else ""))
        check_wheel(wheels[0])
        check_sdist(sdists[0])
        step("a fresh virtual environment outside the source tree")
        venv = work / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        got = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheels[0])],
                             capture_output=True, text=True)
        if check(got.returncode == 0, f"pip install {wheels[0].name}" + (f": {got.stderr[-1000:]}" if got.returncode else "")):
            smoke(venv, wheels[0], work, version)
    finally:
        if args.keep:
            print(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"package smoke test: {len(failures)} failure(s) in {time.monotonic() - started:.0f} s")
    for f in failures:
        print(f"  FAIL {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
