"""Benchmark the spine: display() per call, edition load, CLI cold start. Prints medians and ratios.

Targets (issue 2): display() under 50 µs per call with the edition loaded; CLI cold start for
`navlights lights ...` under 400 ms.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import navlights
from navlights.engines.display import display
from navlights.rulebase import loader

REPEAT = 7


def median_us(fn, n: int) -> float:
    runs = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        runs.append((time.perf_counter() - t) / n * 1e6)
    return statistics.median(runs)


def main() -> None:
    cases = [
        ("intl-1960", "power 200 ft under way", {"propulsion": "power", "length": "200 ft"}),
        ("intl-1960", "towing, tow 700 ft", {"propulsion": "power", "length": "120 ft", "towing": {"tow_length": "700 ft"}}),
        ("intl-1960", "sailing 30 ft", {"propulsion": "sail", "length": "30 ft"}),
        ("intl-1960", "at anchor 300 ft", {"propulsion": "power", "length": "300 ft", "status": "anchored"}),
        ("intl-1972", "power 60 m under way", {"propulsion": "power", "length": "60 m"}),
        ("intl-1972", "power 10 m (schemes, groups)", {"propulsion": "power", "length": "10 m"}),
        ("intl-1972", "towing, tow 250 m", {"propulsion": "power", "length": "30 m", "towing": {"tow_length": "250 m"}}),
        ("intl-1972", "sailing 10 m", {"propulsion": "sail", "length": "10 m"}),
        ("intl-1972", "dredger, obstruction", {"propulsion": "power", "length": "60 m", "restricted": "dredging",
                                              "obstruction_side": "port"}),
        ("intl-1972", "at anchor 30 m", {"propulsion": "power", "length": "30 m", "status": "anchored"}),
    ]
    print("display() per call, edition loaded (target < 50 µs):")
    for eid, label, data in cases:
        ed = navlights.edition(eid)
        v = navlights.make_vessel(data)
        t_obj = median_us(lambda: display(v, ed), 2000)
        t_dict = median_us(lambda: navlights.display(data, eid), 1000)
        print(f"  {eid} {label:30s} vessel object {t_obj:7.1f} µs   from a dict (validation included) {t_dict:7.1f} µs"
              f"   {'OK' if t_obj < 50 else 'SLOW'}")

    inland = navlights.edition("us-inland")
    inland_cases = {
        "power 60 m under way": {"propulsion": "power", "length": "60 m"},
        "pushing ahead, 30 m": {"propulsion": "power", "length": "30 m", "pushing": True},
        "Western Rivers pushing": {"propulsion": "power", "length": "30 m", "pushing": True,
                                   "waters": "western-rivers"},
        "Great Lakes 30 m": {"propulsion": "power", "length": "30 m", "waters": "great-lakes"},
        "towing, tow 250 m": {"propulsion": "power", "length": "30 m", "towing": {"tow_length": "250 m"}},
        "barge pushed ahead": {"propulsion": "none", "length": "60 m", "being_pushed": True},
        "at anchor 40 m": {"propulsion": "power", "length": "40 m", "status": "anchored"},
    }
    print("display() per call, us-inland loaded (target < 50 µs):")
    for label, data in inland_cases.items():
        v = navlights.make_vessel(data)
        t_obj = median_us(lambda: display(v, inland), 2000)
        t_dict = median_us(lambda: navlights.display(data, "us-inland"), 1000)
        print(f"  {label:26s} vessel object {t_obj:7.1f} µs   from a dict (validation included) {t_dict:7.1f} µs"
              f"   {'OK' if t_obj < 50 else 'SLOW'}")

    path = loader.DATA / "intl-1960.toml"
    runs = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        loader.load_file(path)
        runs.append((time.perf_counter() - t) * 1e3)
    print(f"edition load (parse + validate intl-1960.toml): median {statistics.median(runs):.1f} ms")

    exe = Path(sys.executable).with_name("navlights")
    argv = [str(exe), "lights", "--edition", "intl-1960", "--length", "200 ft", "--json"]
    runs = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        runs.append((time.perf_counter() - t) * 1e3)
    base = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        base.append((time.perf_counter() - t) * 1e3)
    cli, py = statistics.median(runs), statistics.median(base)
    print(f"CLI cold start `navlights lights ... --json`: median {cli:.0f} ms (target < 400 ms; "
          f"bare python start {py:.0f} ms, ratio {cli / py:.1f}x)  {'OK' if cli < 400 else 'SLOW'}")
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import navlights"], check=True)
    print(f"`import navlights`: {(time.perf_counter() - t) * 1e3:.0f} ms including interpreter start")


if __name__ == "__main__":
    main()
