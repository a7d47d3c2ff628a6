"""Benchmark: checking a lighting plan (target: under 50 ms), CPU time, medians of repeated runs."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import navlights.api as api

PLANS = Path(__file__).parents[1] / "src" / "navlights" / "plan" / "examples"


def main() -> None:
    for path in sorted(PLANS.glob("*.json")):
        data = json.loads(path.read_text())
        api.check_plan(data)                       # warm: edition loaded once per process
        runs = []
        for _ in range(7):
            t = time.process_time()
            for _ in range(20):
                api.check_plan(data)
            runs.append((time.process_time() - t) / 20 * 1000)
        print(f"{path.name}: {statistics.median(runs):.2f} ms CPU per check (target < 50 ms)")


if __name__ == "__main__":
    main()
