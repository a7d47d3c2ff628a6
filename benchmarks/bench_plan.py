"""Benchmark: checking a lighting plan (target: under 50 ms), CPU time, medians of repeated runs.

Per example plan: the check (read, every state, Annex I's technical checks) and the check with its HTML
report (profile and plan drawn); and once, the first check in a fresh process (the edition loaded then).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import navlights.api as api

PLANS = Path(__file__).parents[1] / "src" / "navlights" / "plan" / "examples"
FIRST = ("import json, sys, time; import navlights.api as api; d = json.load(open(sys.argv[1])); "
         "t = time.process_time(); api.check_plan(d); print((time.process_time() - t) * 1000)")


def _median_ms(fn: object, data: object, runs: int = 7, loops: int = 20) -> float:
    out = []
    for _ in range(runs):
        t = time.process_time()
        for _ in range(loops):
            fn(data)  # type: ignore[operator]
        out.append((time.process_time() - t) / loops * 1000)
    return statistics.median(out)


def main() -> None:
    for path in sorted(PLANS.glob("*.json")):
        data = json.loads(path.read_text())
        api.check_plan(data)                       # warm: edition loaded once per process
        check = _median_ms(api.check_plan, data)
        report = _median_ms(lambda d: api.plan_report_html(api.check_plan(d)), data)
        print(f"{path.name}: check {check:.2f} ms, with HTML report {report:.2f} ms CPU (target < 50 ms)")
    sda = PLANS / "intl-1972-rrs-sir-david-attenborough.json"
    first = subprocess.run([sys.executable, "-c", FIRST, str(sda)], capture_output=True, text=True, check=True)
    print(f"{sda.name}: first check in a fresh process (edition loaded) {float(first.stdout):.1f} ms CPU")


if __name__ == "__main__":
    main()
