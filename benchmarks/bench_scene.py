"""Benchmark a traffic scene: 1,000 vessels round one observer (issue 17). Prints CPU times.

The vessels are every representative intl-1972 vessel (navlights.classes.vessels) drawn at random, with random
positions within 12 nm and random headings; a tenth have no heading (their course is used) and a tenth two
readings. Measured (CPU time, time.process_time, median of 5): the scene (bearings, aspects, displays, and the
view of every light of every reading in one vectorised call), the same for 1,000 vessels of distinct lengths with
the display memo emptied first (every display computed), the panorama as SVG, and the SVG as PNG (resvg).
Target: the scene and its SVG under 1 s for 1,000 vessels.
"""

from __future__ import annotations

import datetime as dt
import random
import statistics
import time

import navlights
import navlights.engines.display as display_engine
from navlights.classes import vessels
from navlights.errors import NavlightsError
from navlights.render.panorama import labels, panorama
from navlights.render.png import svg_to_png
from navlights.render.svg import svg
from navlights.traffic import geo
from navlights.traffic.model import Candidate, Fix
from navlights.traffic.scene import Observer, compute

N = 1000
REPEAT = 5
WHEN = dt.datetime(2020, 9, 14, 21, 30, tzinfo=dt.timezone.utc)


def fleet(n: int, seed: int = 1972) -> list[Fix]:
    ed = navlights.edition("intl-1972")
    kinds = []
    for _, v in vessels(ed):
        try:
            navlights.display(v, ed)
        except NavlightsError:
            continue
        kinds.append(v)
    rng = random.Random(seed)
    out = []
    for k in range(n):
        lat, lon = geo.destination(50.0, -1.0, rng.uniform(0, 360), rng.uniform(0.2, 12.0))
        v = navlights.make_vessel(rng.choice(kinds))
        cands = (Candidate(v, "drawn"),) if k % 10 else (Candidate(v, "drawn"), Candidate(
            navlights.make_vessel(rng.choice(kinds)), "drawn, second reading"))
        head = None if k % 10 == 5 else rng.uniform(0, 360)
        out.append(Fix(str(200_000_000 + k), WHEN, lat, lon, head, rng.uniform(0, 360), 10.0, cands))
    return out


def cpu(fn, repeat: int = REPEAT) -> float:
    runs = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        runs.append(time.process_time() - t)
    return statistics.median(runs)


def main() -> None:
    fixes = fleet(N)
    obs = Observer(50.0, -1.0, 90.0, eye_height_m=15.0, visibility_nm=10.0)
    compute(obs, fixes[:10], WHEN)                        # warm up: editions loaded, displays memoised
    t_scene = cpu(lambda: compute(obs, fixes, WHEN))
    res = compute(obs, fixes, WHEN)
    t_svg = cpu(lambda: svg(panorama(res)))
    text = svg(panorama(res))
    t_png = cpu(lambda: svg_to_png(text), 3)
    distinct = [Fix(f.ident, f.time, f.lat, f.lon, f.heading_deg, f.course_deg, f.speed_kn,
                    (Candidate(navlights.make_vessel({"propulsion": "power", "length": f"{20 + k * 0.25:g} m"}),
                               "drawn"),)) for k, f in enumerate(fixes)]

    def cold() -> None:
        display_engine._remembered.cache_clear()
        compute(obs, distinct, WHEN)
    t_cold = cpu(cold)
    n_read = sum(len(t.readings) for t in res.targets)
    n_lights = len(labels(panorama(res))["items"])
    print(f"Scene: {N:,} vessels ({n_read:,} readings), {n_lights:,} lights drawn on the panorama")
    print(f"  scene (geometry, displays, vectorised view): {t_scene * 1e3:8.1f} ms CPU (median of {REPEAT})")
    print(f"  panorama SVG:                                {t_svg * 1e3:8.1f} ms CPU")
    print(f"  scene + SVG:                                 {(t_scene + t_svg) * 1e3:8.1f} ms CPU (target < 1000 ms)")
    print(f"  scene, 1,000 distinct vessels, no display remembered: {t_cold * 1e3:8.1f} ms CPU")
    print(f"  PNG (resvg, 2400 x 480):                     {t_png * 1e3:8.1f} ms CPU")


if __name__ == "__main__":
    main()
