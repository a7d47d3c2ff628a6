"""Properties of the observer's view over every representative vessel of every loadable edition.

- port/starboard mirror: aspect a and 360 - a swap red and green (the sidelights; a light whose arc is
  its own mirror image keeps its colour) and mirror the offsets;
- all-round lights are seen from every aspect within their range;
- the picture is constant inside each interval that sectors() returns;
- nothing beyond its range is seen, and everything in its arc and range is;
- the vectorised sweep agrees with view() one aspect at a time.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import navlights
from navlights import geometry as g
from navlights.classes import vessels
from navlights.errors import NavlightsError

SWAP = {"red": "green", "green": "red"}


@lru_cache(maxsize=1)
def displays() -> tuple:
    out = []
    for eid in navlights.edition_ids():
        try:
            ed = navlights.edition(eid)
        except NavlightsError:
            continue                       # an edition being written may not load yet
        seen = set()
        for _, v in vessels(ed):
            try:
                d = navlights.display(v, ed)
            except NavlightsError:
                continue
            key = (eid, tuple((i.role, i.arc_deg, i.range_nm, i.placement, i.status, i.group, i.scheme)
                              for i in d.items), d.vessel.length_m)
            if d.lights and key not in seen:
                seen.add(key)
                out.append(d)
    return tuple(out)


def _arc_key(arc, all_round):
    if all_round or arc is None:
        return "all round"
    return (arc[0] % 360, arc[1] % 360)


def _mirror_key(arc, all_round):
    return _arc_key(None if arc is None else (360 - arc[1], 360 - arc[0]), all_round)


def _mirror_colour(item) -> str:
    """A light whose arc is its own mirror image keeps its colour; a sidelight's partner swaps it."""
    own = _arc_key(item.arc_deg, item.all_round) == _mirror_key(item.arc_deg, item.all_round)
    return item.colour if own else SWAP.get(item.colour, item.colour)


def _side(item, mirror: bool = False) -> str | None:
    """The side the data puts a light on (a dredger's obstruction lights), swapped in the mirror image."""
    side = item.placement.side.value if item.placement.side is not None else None
    return {"port": "starboard", "starboard": "port"}.get(side, side) if mirror and side else side


def _symmetric(d) -> bool:
    """Every light has a partner (of the swapped colour, unless its arc is its own mirror) whose arc is
    its mirror image, on the other side where the data names a side."""
    arcs = Counter((i.colour, _arc_key(i.arc_deg, i.all_round), _side(i)) for i in d.lights)
    mirrored = Counter((_mirror_colour(i), _mirror_key(i.arc_deg, i.all_round), _side(i, True)) for i in d.lights)
    return arcs == mirrored


def _cuts(d):
    return {a % 360 for i in d.lights if i.arc_deg and not i.all_round for a in i.arc_deg}


def _near_cut(d, a, tol=1e-7):
    return any(0 < abs((a - c + 180) % 360 - 180) < tol for c in _cuts(d))


display_st = st.integers(min_value=0, max_value=10**6).map(lambda k: displays()[k % len(displays())])
aspect_st = st.one_of(st.floats(min_value=0, max_value=360, allow_nan=False, exclude_max=True),
                      st.sampled_from([0.0, 90.0, 110.0, 112.5, 180.0, 247.5, 250.0, 270.0]))
choose_st = st.sampled_from(["typical", "all"])


def test_population_is_broad():
    ds = displays()
    assert len(ds) > 200
    assert {d.edition for d in ds} >= {"intl-1960"}
    assert sum(_symmetric(d) for d in ds) / len(ds) > 0.9


@settings(max_examples=300, deadline=None)
@given(display_st, aspect_st, choose_st)
def test_port_starboard_mirror(d, a, choose):
    assume(_symmetric(d) and not _near_cut(d, a))
    p = navlights.view(d, a, choose=choose)
    q = navlights.view(d, (360.0 - a) % 360.0, choose=choose)
    by_role = {i.role: i for i in d.items}
    left = Counter((i.colour, round(i.offset_m, 6), round(i.height_m, 6)) for i in p.items)
    right = Counter((_mirror_colour(by_role[i.role]) if i.what == "light" else i.colour,
                     round(-i.offset_m, 6), round(i.height_m, 6)) for i in q.items)
    assert left == right


@settings(max_examples=200, deadline=None)
@given(display_st, aspect_st, st.floats(min_value=0.01, max_value=1.0))
def test_all_round_lights_seen_from_every_aspect_within_range(d, a, frac):
    p = navlights.view(d, a, choose="all")
    assume(p.period == "night")
    for i in d.lights:
        if i.all_round:
            assert i.role in p.roles()
            dist = (i.range_nm if i.range_nm is not None else 5.0) * frac
            assert i.role in navlights.view(d, a, dist, choose="all").roles()


@settings(max_examples=300, deadline=None)
@given(display_st, choose_st, st.integers(min_value=0, max_value=1000),
       st.floats(min_value=0.001, max_value=0.999))
def test_picture_constant_inside_each_sector(d, choose, k, t):
    secs = navlights.sectors(d, choose=choose)
    s = secs[k % len(secs)]
    a = s.start_deg if s.point else (s.start_deg + t * s.width_deg) % 360.0
    assert s.contains(a)
    assert set(navlights.view(d, a, choose=choose).roles()) == set(s.roles)
    assert sum(x.contains(a) for x in secs) == 1


@settings(max_examples=300, deadline=None)
@given(display_st, aspect_st, st.floats(min_value=0.05, max_value=30.0),
       st.one_of(st.none(), st.floats(min_value=0.2, max_value=50.0)),
       st.one_of(st.none(), st.floats(min_value=0.0, max_value=40.0)))
def test_nothing_beyond_its_range_is_seen(d, a, dist, vis, eye):
    p = navlights.view(d, a, dist, visibility_nm=vis, eye_height_m=eye, choose="all")
    by_role = {i.role: i for i in d.lights}
    seen = set(p.roles())
    for s in p.items:
        it = by_role[s.role]
        if it.range_nm is not None:
            limit = it.range_nm if vis is None else float(g.luminous_range_nm(it.range_nm, vis))
            assert dist <= limit + 1e-9
        if eye is not None:
            assert dist <= 2.08 * (math.sqrt(s.height_m) + math.sqrt(eye)) + 1e-9
    for h in p.hidden:
        assert h.role not in seen
        if h.reason == "range":
            assert h.range_limit_nm is not None and dist > h.range_limit_nm


@settings(max_examples=100, deadline=None)
@given(display_st, st.lists(aspect_st, min_size=1, max_size=20))
def test_sweep_agrees_with_view(d, aspects):
    p0 = navlights.view(d, 0.0, choose="all")
    pl = p0.placement
    rows = [(i.arc_deg[0] if i.arc_deg and not i.all_round else 0.0,
             float(g.arc_width(*i.arc_deg)) if i.arc_deg and not i.all_round else 360.0,
             i.range_nm if i.range_nm is not None else math.nan,
             pl.get(i.role).x_m, pl.get(i.role).y_m, pl.get(i.role).z_m) for i in d.lights]
    res = g.sweep(g.LightTable.from_rows(rows), aspects, 1.0)
    for k, a in enumerate(aspects):
        want = set(navlights.view(d, a, 1.0, choose="all").roles())
        got = {i.role for j, i in enumerate(d.lights) if res["seen"][k, j]}
        assert got == want
        assert np.isfinite(res["offset_m"][k]).all()


def _rows(d):
    pl = navlights.view(d, 0.0, choose="all").placement
    return [(i.arc_deg[0] if i.arc_deg and not i.all_round else 0.0,
             float(g.arc_width(*i.arc_deg)) if i.arc_deg and not i.all_round else 360.0,
             i.range_nm if i.range_nm is not None else math.nan,
             pl.get(i.role).x_m, pl.get(i.role).y_m, pl.get(i.role).z_m) for i in d.lights]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(display_st, aspect_st, st.floats(min_value=0.05, max_value=8.0),
                          st.floats(min_value=0.0, max_value=30.0)), min_size=1, max_size=30))
def test_pairs_agree_with_view(obs):
    ds = []
    for d, *_ in obs:
        if all(d is not x for x in ds):
            ds.append(d)
    assume(all(navlights.view(d, 0.0, choose="all").period == "night" for d in ds))
    fleet = g.Fleet.stack([g.LightTable.from_rows(_rows(d)) for d in ds])
    idx = [next(k for k, x in enumerate(ds) if x is d) for d, *_ in obs]
    res = g.pairs(fleet, idx, [o[1] for o in obs], [o[2] for o in obs], eye_height_m=[o[3] for o in obs],
                  with_limits=True)
    for p, (d, a, dist, eye) in enumerate(obs):
        pic = navlights.view(d, a, dist, eye_height_m=eye, choose="all")
        got = {i.role for j, i in enumerate(d.lights) if res["seen"][p, j]}
        assert got == set(pic.roles())
        for s in pic.items:
            j = [i.role for i in d.lights].index(s.role)
            assert abs(res["offset_m"][p, j] - s.offset_m) < 1e-9
    assert not res["seen"][:, fleet.max_lights:].any()
