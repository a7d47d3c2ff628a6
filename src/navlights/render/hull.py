"""The vessel as seen from an aspect, for the night and day views: hull, deckhouse, masts, sail, seaplane.

A simple hull (deck edge and waterline outlines, a deckhouse amidships on anything of 12 m or more)
is seen as the convex silhouette of its outlines turned to the aspect. Masts stand where lights or
shapes stand in a column above the deck; sidelights, stern and steering lights stand on short posts.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

from .elements import Element, Line, Polygon
from .frame import Frame
from .style import Style

# Deck edge and waterline outlines, as shares of (length, breadth): bow, shoulders, quarters, transom.
_DECK = ((0.5, 0.0), (0.3, 0.5), (-0.42, 0.5), (-0.5, 0.36))
_WATERLINE = ((0.45, 0.0), (0.28, 0.44), (-0.4, 0.44), (-0.47, 0.3))
_NO_MAST = {"combined-lantern", "flare-up", "portable-sidelight"}
_POSTS = {"sidelight", "sternlight", "steering"}     # low lights stand on a short post or screen, not a mast


def _outline(shares: tuple[tuple[float, float], ...], L: float, B: float) -> list[tuple[float, float]]:
    pts = []
    for sx, sy in shares:
        pts.append((sx * L, sy * B))
        if sy:
            pts.append((sx * L, -sy * B))
    return pts


def _convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    pts = sorted(set((round(x, 6), round(y, 6)) for x, y in points))
    if len(pts) <= 2:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _offset(x: float, y: float, aspect_deg: float) -> float:
    a = math.radians(aspect_deg)
    return x * math.sin(a) - y * math.cos(a)


def _solid(outline_pairs: list[tuple[list[tuple[float, float]], float]], aspect_deg: float) -> list[
        tuple[float, float]]:
    """Silhouette (offset, height) of stacked horizontal outlines seen from the aspect.

    An outline lies at one height, so it is seen as a level segment: only its two ends (the least and the
    greatest offset) can be corners of the silhouette, and the hull of the ends is the hull of every point."""
    a = math.radians(aspect_deg)
    s, c = math.sin(a), math.cos(a)
    pts: list[tuple[float, float]] = []
    for outline, z in outline_pairs:
        offsets = [x * s - y * c for x, y in outline]
        pts += ((min(offsets), z), (max(offsets), z))
    return _convex_hull(pts)


def sail_rig(vessel: Any, placement: Any) -> tuple[float, float, bool] | None:
    """(x, top z) of the mast of a vessel under sail: the foremast (L/4 forward of midships, where
    typical placement stands lights "at the top of the foremast" and day shapes), as high as that
    placement's top of the mast (max(mast height, L/2) above the hull), and whether a sail is set
    (under way); None for vessels not under sail."""
    if not (getattr(vessel, "propulsion", None) == "sail" or getattr(vessel, "sails_set", False)):
        return None
    L, B, F = placement.length_m, placement.breadth_m, placement.freeboard_m
    return 0.25 * L, F + max(max(2.0, min(B, 12.0)), L / 2), getattr(vessel, "status", None) == "underway"


def _seaplane_elements(placement: Any, positions: Iterable[Any], aspect_deg: float, fr: Frame, style: Style,
                       day: bool) -> list[Element]:
    """A seaplane seen from the aspect: a slim fuselage up to the height of her wing-tip lights, a wing
    spanning them (from their placement), and a short pylon under any light standing higher."""
    positions = list(positions)
    L, B, F = placement.length_m, placement.breadth_m, placement.freeboard_m
    fill, edge = (style.day_hull, style.day_hull_outline) if day else (style.night_hull, style.night_hull_outline)
    faint = 1.0 if day else 0.85 * fr.shrink
    tips = [p for p in positions if abs(p.y_m) > 0.3 * B]
    span = max((abs(p.y_m) for p in tips), default=B / 2)
    wz = max((p.z_m for p in tips), default=F + 0.5)
    top = max(F, wz - 0.2)
    body = _solid([(_outline(_WATERLINE, L, 0.18 * B), 0.0), (_outline(_DECK, L, 0.22 * B), top)], aspect_deg)
    chord = max(0.08 * L, 0.5)
    wing = [(x, y) for x in (0.1 * L, 0.1 * L - chord) for y in (span, -span)]
    slab = _solid([(wing, wz - 0.15), (wing, wz + 0.15)], aspect_deg)
    els: list[Element] = [
        Polygon(tuple(fr.px(u, v) for u, v in body), fill, opacity=faint, stroke=edge, stroke_width=1.0,
                cls="hull seaplane"),
        Polygon(tuple(fr.px(u, v) for u, v in slab), fill, opacity=faint, stroke=edge, stroke_width=1.0, cls="wing")]
    mast = style.day_mast if day else style.night_mast
    for p in positions:
        if p in tips or p.z_m <= top + 0.3:
            continue
        u = _offset(p.x_m, p.y_m, aspect_deg)
        x1, y1 = fr.px(u, top)
        _, y2 = fr.px(u, p.z_m)
        els.append(Line(x1, y1, x1, y2, mast, width=max(1.0, min(3.0, 0.2 * fr.scale)), opacity=faint, cls="mast"))
    return els


def vessel_elements(placement: Any, canonical: dict[str, str], positions: Iterable[Any], aspect_deg: float,
                    fr: Frame, style: Style, day: bool,
                    rig: tuple[float, float, bool] | None = None, seaplane: bool = False) -> list[Element]:
    """Hull, deckhouse, masts (and a sail) seen from the aspect; for a seaplane, fuselage and wing."""
    if seaplane:
        return _seaplane_elements(placement, positions, aspect_deg, fr, style, day)
    L, B, F = placement.length_m, placement.breadth_m, placement.freeboard_m
    els: list[Element] = []
    if rig is not None and rig[2]:                  # under way: a mainsail abaft the mast, behind the hull
        mx, top, _ = rig
        boom = F + max(0.8, 0.05 * L)
        pts = [(_offset(x, 0.0, aspect_deg), z) for x, z in ((mx, boom), (mx, top - 0.3), (mx - 0.45 * L, boom))]
        els.append(Polygon(tuple(fr.px(u, v) for u, v in pts), style.day_sail if day else style.night_sail,
                           opacity=1.0 if day else 0.6 * fr.shrink, stroke=style.day_mast if day else style.night_mast,
                           stroke_width=0.8, cls="sail"))
    hull = _solid([(_outline(_WATERLINE, L, B), 0.0), (_outline(_DECK, L, B), F)], aspect_deg)
    fill, edge = (style.day_hull, style.day_hull_outline) if day else (style.night_hull, style.night_hull_outline)
    faint = 1.0 if day else 0.85 * fr.shrink
    els.append(Polygon(tuple(fr.px(u, v) for u, v in hull), fill, opacity=faint, stroke=edge,
                       stroke_width=1.0, cls="hull"))
    if L >= 12.0:                                   # a deckhouse amidships on anything bigger than a boat
        hh = min(max(0.045 * L, 1.2), 6.0)
        house = [(x * L, y * B) for x, y in ((0.04, 0.3), (0.04, -0.3), (-0.14, 0.3), (-0.14, -0.3))]
        sil = _solid([(house, F), (house, F + hh)], aspect_deg)
        els.append(Polygon(tuple(fr.px(u, v) for u, v in sil), style.day_house if day else style.night_hull,
                           opacity=faint, stroke=edge, stroke_width=0.8, cls="house"))
    return els + _masts(placement, canonical, positions, aspect_deg, fr, style, day, rig)


def _masts(placement: Any, canonical: dict[str, str], positions: Iterable[Any], aspect_deg: float, fr: Frame,
           style: Style, day: bool, rig: tuple[float, float, bool] | None) -> list[Element]:
    """One mast for each place where lights or shapes stand above the deck in a column (a post under a
    sidelight, stern or steering light), and the mast of a vessel under sail."""
    L, F = placement.length_m, placement.freeboard_m
    faint = 1.0 if day else 0.85 * fr.shrink
    columns: dict[tuple[float, float], list[float]] = {}
    roles: dict[tuple[float, float], str] = {}
    if rig is not None:
        key = (round(rig[0] / 0.5) * 0.5, 0.0)
        columns[key] = [rig[1] - max(0.4, 0.02 * L)]
        roles[key] = ""
    for p in positions:
        if canonical.get(p.role) in _NO_MAST or p.z_m < F + 0.8:
            continue
        key = (round(p.x_m / 0.5) * 0.5, round(p.y_m / 0.5) * 0.5)
        columns.setdefault(key, []).append(p.z_m)
        if canonical.get(roles.get(key, "")) not in ("masthead", "masthead-aft"):
            roles[key] = p.role
    mast = style.day_mast if day else style.night_mast
    els: list[Element] = []
    for (x, y), zs in sorted(columns.items()):
        u = _offset(x, y, aspect_deg)
        top = max(zs) + (0.0 if canonical.get(roles[(x, y)]) in _POSTS else max(0.4, 0.02 * L))
        x1, y1 = fr.px(u, F)
        _, y2 = fr.px(u, top)
        post = canonical.get(roles[(x, y)]) in _POSTS
        w = max(1.0, min(4.0, 0.25 * fr.scale)) * (0.6 if post else 1.0)
        els.append(Line(x1, y1, x1, y2, mast, width=w, opacity=faint, cls="post" if post else "mast"))
    return els
