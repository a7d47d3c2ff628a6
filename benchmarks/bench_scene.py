"""Benchmark a traffic scene (issues 17 and 24). Prints CPU times (time.process_time), medians, in one run.

The vessels are every representative intl-1972 vessel (navlights.classes.vessels) drawn at random, with random
positions within 12 nm and random headings; a tenth have no heading (their course is used) and a tenth two
readings. Measured side by side: **the floor**, a plain numpy visibility test of the same vessels and lights
(bearing and distance, aspect, arc, luminous range in the visibility, geographic range, seen: arrays made
beforehand, nothing else); the scene (editions, displays from the memo, light tables, the vectorised view of every
light of every reading: everything decided); the scene's per-vessel objects (targets, readings, lights, made on
first use); the scene of distinct vessels (every length different: the display memo's facts level); the panorama
SVG, and its PNG with the PNG memo emptied before each round (a repeat is never answered from it).
Targets: the scene within 20x the floor (issue 24); the scene and its SVG under 1 s for 1,000 vessels (issue 17).

    python benchmarks/bench_scene.py [--n 10000]
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
import statistics
import time

import navlights
import navlights.engines.display as display_engine
from navlights.classes import vessels
from navlights.errors import NavlightsError
from navlights.render.panorama import labels, panorama
from navlights.render.png import cache_clear as png_cache_clear, svg_to_png
from navlights.render.svg import svg
from navlights.traffic import geo
from navlights.traffic.model import Candidate, Fix
from navlights.geometry import GEOGRAPHIC_K, arc_bounds, luminous_range_nm
from navlights.traffic.scene import Observer, _table, compute
import numpy as np

N = 1000
REPEAT = 5
WHEN = dt.datetime(2020, 9, 14, 21, 30, tzinfo=dt.timezone.utc)


def fleet(n: int, seed: int = 1972, shared: bool = False) -> list[Fix]:
    """``shared``: one vessel object per kind, as the AIS mapping hands them out (its readings are remembered per
    status, ship type, size band and motion); otherwise one object per vessel, as a scene file is read."""
    ed = navlights.edition("intl-1972")
    kinds = []
    for _, v in vessels(ed):
        try:
            navlights.display(v, ed)
        except NavlightsError:
            continue
        kinds.append(navlights.make_vessel(v) if shared else v)
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


def floor_inputs(fixes: list[Fix]) -> dict[str, np.ndarray]:
    """The same vessels and lights as plain arrays, one row per (reading, light): the floor's input (not timed)."""
    ed = navlights.edition("intl-1972")
    rows: list[tuple[int, float, float, float, float]] = []
    for k, f in enumerate(fixes):
        for c in f.candidates:
            for fr, w, rng, _x, _y, z in _table(navlights.display(c.vessel, ed)).rows:
                lo, span = arc_bounds(np.array([fr]), np.array([w]))
                rows.append((k, float(lo[0]), float(span[0]), rng, z))
    a = np.array(rows)
    return {"k": a[:, 0].astype(np.intp), "lo": a[:, 1], "span": a[:, 2], "range": a[:, 3], "z": a[:, 4],
            "lat": np.array([f.lat for f in fixes]), "lon": np.array([f.lon for f in fixes]),
            "head": np.array([f.heading_deg if f.heading_deg is not None else f.course_deg for f in fixes])}


def floor(x: dict[str, np.ndarray], obs: Observer) -> np.ndarray:
    """A plain numpy visibility test: which of the lights the observer sees (what a scene must decide at least)."""
    brg, dist = geo.bearings_distances(obs.lat, obs.lon, x["lat"], x["lon"])
    aspect = ((brg + 180.0) - x["head"]) % 360.0
    ranges, inv = np.unique(np.nan_to_num(x["range"], nan=-1.0), return_inverse=True)
    lum = luminous_range_nm(np.where(ranges < 0, np.nan, ranges), obs.visibility_nm)[inv]
    lim = np.fmin(lum, GEOGRAPHIC_K * (np.sqrt(x["z"]) + math.sqrt(obs.eye_height_m or 0.0)))
    t = aspect[x["k"]] - x["lo"]
    in_arc = ((t >= 0.0) & (t <= x["span"])) | (t <= x["span"] - 360.0)
    return in_arc & (dist[x["k"]] <= lim)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=N, help="vessels in the scene (default 1,000)")
    n = ap.parse_args().n
    fixes = fleet(n)
    obs = Observer(50.0, -1.0, 90.0, eye_height_m=15.0, visibility_nm=10.0)
    compute(obs, fixes, WHEN).targets                     # warm up: editions loaded, displays memoised
    x = floor_inputs(fixes)
    res = compute(obs, fixes, WHEN)
    n_seen = int(floor(x, obs).sum())
    n_scene = sum(len(r.seen) for t in res.targets for r in t.readings)
    shared = fleet(n, shared=True)
    compute(obs, shared, WHEN)
    rounds = [(cpu(lambda: floor(x, obs), 3), cpu(lambda: compute(obs, shared, WHEN), 1),
               cpu(lambda: compute(obs, fixes, WHEN), 1)) for _ in range(2 * REPEAT + 1)]   # interleaved
    t_floor, t_shared, t_scene = (statistics.median(r[i] for r in rounds) for i in range(3))
    r_shared = statistics.median(r[1] / r[0] for r in rounds)
    r_scene = statistics.median(r[2] / r[0] for r in rounds)
    t_objects = cpu(lambda: compute(obs, fixes, WHEN).targets)
    t_svg = cpu(lambda: svg(panorama(res)))
    text = svg(panorama(res))

    def png() -> None:
        png_cache_clear()
        svg_to_png(text)
    t_png = cpu(png, 3)
    distinct = [Fix(f.ident, f.time, f.lat, f.lon, f.heading_deg, f.course_deg, f.speed_kn,
                    (Candidate(navlights.make_vessel({"propulsion": "power", "length": f"{20 + k * 0.0025:g} m"}),
                               "drawn"),)) for k, f in enumerate(fixes)]

    def cold() -> None:
        display_engine._displays.cache_clear()
        compute(obs, distinct, WHEN).targets
    t_cold = cpu(cold)
    memo = display_engine._displays
    n_read = sum(len(t.readings) for t in res.targets)
    n_lights = len(labels(panorama(res))["items"])
    print(f"Scene: {n:,} vessels ({n_read:,} readings, {len(x['k']):,} lights), {n_lights:,} lights drawn on the "
          f"panorama; lights seen: floor {n_seen:,}, scene {n_scene:,}")
    print(f"  floor: plain numpy visibility test:          {t_floor * 1e3:8.2f} ms CPU (median of {len(rounds)} "
          "rounds, each the floor's median of 3, the floor and the scenes interleaved)")
    print(f"  scene (everything decided), vessels shared:  {t_shared * 1e3:8.1f} ms CPU "
          f"= {r_shared:5.1f}x the floor (median of the rounds' ratios; target <= 20x; one object per kind, as "
          "from AIS)")
    print(f"  scene (everything decided), one per vessel:  {t_scene * 1e3:8.1f} ms CPU "
          f"= {r_scene:5.1f}x the floor (one vessel object per fix, as read from a scene file)")
    print(f"  scene with every vessel's objects:           {t_objects * 1e3:8.1f} ms CPU "
          f"= {t_objects / t_floor:5.1f}x the floor")
    print(f"  panorama SVG:                                {t_svg * 1e3:8.1f} ms CPU")
    print(f"  scene + SVG:                                 {(t_objects + t_svg) * 1e3:8.1f} ms CPU "
          f"({(t_objects + t_svg) * 1e3 / n * 1000:.0f} µs per vessel)")
    print(f"  scene, {n:,} distinct lengths, memo emptied first: {t_cold * 1e3:8.1f} ms CPU "
          f"(display memo: {memo.misses} computed, {memo.facts_hits} from the facts level)")
    print(f"  PNG (resvg, 2400 x 480), PNG memo emptied:   {t_png * 1e3:8.1f} ms CPU")


if __name__ == "__main__":
    main()
