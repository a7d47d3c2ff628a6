"""Benchmark the view's vectorised core against a plain per-light Python loop. Prints medians and ratios.

Two workloads (issue 5), each one vectorised call:

1. a full sweep of 3,600 aspects (every 0.1°) for one vessel (intl-1960, power-driven, 200 ft);
2. 100,000 (vessel, observer) pairs drawn from every representative intl-1960 vessel, each pair
   with its own aspect, distance and height of eye.

Each side computes the same outputs: for the sweep, in-arc test, edge margin, range limit (nominal,
and geographic from heights of light and eye), visibility and apparent offset; for the pairs,
visibility (arc and range, with the geographic range) and apparent offset. Results are checked equal.
Target: the vectorised call at least 30x faster than the loop. Also prints view() per call.
"""

from __future__ import annotations

import math
import statistics
import time

import numpy as np

import navlights
from navlights import geometry as g
from navlights.classes import vessels
from navlights.engines.view import select
from navlights.errors import NavlightsError
from navlights.placement import place

REPEAT_FAST = 9
REPEAT_SLOW = 3


def median_s(fn, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def table_rows(d) -> list[tuple[float, float, float, float, float, float]]:
    items = [i for i, _ in select(d, "typical") if i.what == "light"]
    pl = place(items, d.vessel.length_m, d.vessel.breadth_m)
    rows = []
    for i in items:
        p = pl.get(i.role)
        if i.arc_deg is not None and not i.all_round:
            f, w = i.arc_deg[0] % 360.0, float(g.arc_width(*i.arc_deg))
        else:
            f, w = 0.0, 360.0
        rows.append((f, w, i.range_nm if i.range_nm is not None else math.nan, p.x_m, p.y_m, p.z_m))
    return rows


# ---- the plain loop: one light at a time, the same arithmetic in math ------------------------------

def loop_one(rows, aspect, distance, eye):
    out = []
    a = math.radians(aspect)
    sa, ca = math.sin(a), math.cos(a)
    for f, w, rng, x, y, z in rows:
        rel = (aspect - f) % 360.0
        inside = w >= 360.0 or rel <= w + 1e-9 or rel >= 360.0 - 1e-9
        if w >= 360.0:
            margin = math.inf
        elif rel <= w:
            margin = min(rel, w - rel)
        else:
            margin = -min(rel - w, 360.0 - rel)
        lim = rng
        if eye is not None:
            geo = 2.08 * (math.sqrt(max(z, 0.0)) + math.sqrt(eye))
            lim = geo if math.isnan(lim) else min(lim, geo)
        ok = inside and (math.isnan(lim) or distance <= lim)
        out.append((ok, margin, x * sa - y * ca))
    return out


def loop_pair(rows, aspect, distance, eye):
    """What pairs() computes for one pair: seen and apparent offset of each light."""
    out = []
    a = math.radians(aspect)
    sa, ca = math.sin(a), math.cos(a)
    se = math.sqrt(eye)
    for f, w, rng, x, y, z in rows:
        rel = (aspect - f) % 360.0
        inside = w >= 360.0 or rel <= w + 1e-9 or rel >= 360.0 - 1e-9
        geo = 2.08 * (math.sqrt(max(z, 0.0)) + se)
        lim = geo if math.isnan(rng) else min(rng, geo)
        out.append((inside and distance <= lim, x * sa - y * ca))
    return out


def main() -> None:
    ed = navlights.edition("intl-1960")
    d = navlights.display({"propulsion": "power", "length": "200 ft"}, ed)
    rows = table_rows(d)
    table = g.LightTable.from_rows(rows)
    aspects = np.arange(3600) / 10.0
    g.sweep(table, aspects[:10], 1.0, eye_height_m=3.0)          # warm up

    t_vec = median_s(lambda: g.sweep(table, aspects, 1.0, eye_height_m=3.0), REPEAT_FAST)
    al = aspects.tolist()
    t_loop = median_s(lambda: [loop_one(rows, a, 1.0, 3.0) for a in al], REPEAT_SLOW)
    res = g.sweep(table, aspects, 1.0, eye_height_m=3.0)
    check = [loop_one(rows, a, 1.0, 3.0) for a in al]
    assert all(bool(res["seen"][k, j]) == check[k][j][0] for k in range(len(al)) for j in range(len(rows)))
    print(f"Sweep: 3,600 aspects x {len(rows)} lights, one vessel (intl-1960 power 200 ft)")
    print(f"  vectorised sweep():   {t_vec * 1e3:8.3f} ms (median of {REPEAT_FAST})")
    print(f"  per-light Python loop:{t_loop * 1e3:8.3f} ms (median of {REPEAT_SLOW})")
    print(f"  ratio: {t_loop / t_vec:6.1f}x (target >= 30x)")

    # ---- 100,000 (vessel, observer) pairs ---------------------------------------------------------
    fleet_rows = []
    for _, v in vessels(ed):
        try:
            dv = navlights.display(v, ed)
        except NavlightsError:
            continue
        r = table_rows(dv)
        if r:
            fleet_rows.append(r)
    fleet = g.Fleet.stack([g.LightTable.from_rows(r) for r in fleet_rows])
    rng = np.random.default_rng(1960)
    n = 100_000
    idx = rng.integers(0, len(fleet_rows), n)
    asp = rng.uniform(0.0, 360.0, n)
    dist = rng.uniform(0.05, 6.0, n)
    eye = rng.uniform(0.0, 20.0, n)
    g.pairs(fleet, idx[:10], asp[:10], dist[:10], eye_height_m=eye[:10])    # warm up
    t_vec2 = median_s(lambda: g.pairs(fleet, idx, asp, dist, eye_height_m=eye), REPEAT_FAST)
    il, aspl, dl, el = idx.tolist(), asp.tolist(), dist.tolist(), eye.tolist()
    t_loop2 = median_s(lambda: [loop_pair(fleet_rows[i], a, dd, e) for i, a, dd, e in zip(il, aspl, dl, el)],
                       REPEAT_SLOW)
    res2 = g.pairs(fleet, idx, asp, dist, eye_height_m=eye)
    check2 = [loop_pair(fleet_rows[i], a, dd, e) for i, a, dd, e in zip(il, aspl, dl, el)]
    assert all(bool(res2["seen"][p, j]) == c[0] and abs(res2["offset_m"][p, j] - c[1]) < 1e-9
               for p, row in enumerate(check2) for j, c in enumerate(row))
    lights = sum(len(fleet_rows[i]) for i in il)
    print(f"Pairs: {n:,} (vessel, observer) pairs over {len(fleet_rows)} vessels, {lights:,} light tests "
          f"(max {fleet.max_lights} lights a vessel)")
    print(f"  vectorised pairs():   {t_vec2 * 1e3:8.3f} ms (median of {REPEAT_FAST})")
    print(f"  per-light Python loop:{t_loop2 * 1e3:8.3f} ms (median of {REPEAT_SLOW})")
    print(f"  ratio: {t_loop2 / t_vec2:6.1f}x (target >= 30x)")

    # ---- the facade, one picture at a time ------------------------------------------------------------
    n1 = 500
    t_view = median_s(lambda: [navlights.view(d, k * 0.72, 1.0) for k in range(n1)], 5) / n1
    print(f"view() per call, one picture with placement and words: {t_view * 1e6:8.1f} µs")


if __name__ == "__main__":
    main()
