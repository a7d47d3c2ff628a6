"""Scenes: what to draw, and where, in pixels, independent of the output format.

A :class:`Scene` is a canvas size and a list of elements in painting order (rectangles,
lines, polygons, circles, text, and the three that carry meaning: :class:`Light`,
:class:`Shape` and :class:`Sector`, each with its role, colour and citation). The SVG
writer (:mod:`.svg`) turns it into text; :meth:`Scene.labels` turns it into JSON-ready
labels (each light's pixel position and colour) for use as labelled synthetic data.

Three scenes (docs/render.md):

* :func:`night_scene`: dark sea and sky, the horizon at the observer's height of eye,
  each light of the :class:`~navlights.engines.view.Picture` as a glowing point at its
  apparent place (offset across the line of sight, height above the waterline), smaller
  and dimmer with distance; a faint hull; a caption with the aspect and the cites.
* :func:`day_scene`: hull, masts and the day shapes at their places and sizes.
* :func:`plan_scene`: the vessel from above, bow up, each light's arc a coloured sector.

Pixel mapping (night and day): ``x = centre + offset_m * scale``, ``y = waterline - height_m
* scale``, so left-right and vertical order in the image are those of the picture. The scale
(pixels per metre) is fitted to the vessel once for every aspect (her length and breadth
and her highest item), so a turntable does not zoom; beyond ``reference_distance_nm`` it
shrinks as (reference / distance) ** ``shrink_power`` (never below ``shrink_min``).
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass, field
from typing import Any, Iterable

from . import RenderError
from .style import DEFAULT_STYLE, MAX_SIZE_PX, MIN_SIZE_PX, VIEWS, Style

# ------------------------------------------------------------------------------------------
# Elements


@dataclass(frozen=True, slots=True)
class VGradient:
    """A fill that runs from one colour at the top to another at the bottom."""

    top: str
    bottom: str


Fill = str | VGradient | None


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Fill
    opacity: float = 1.0
    stroke: str | None = None
    stroke_width: float = 0.0
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float = 1.0
    opacity: float = 1.0
    dash: str | None = None
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: Fill
    opacity: float = 1.0
    stroke: str | None = None
    stroke_width: float = 0.0
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: Fill
    opacity: float = 1.0
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: str | None = None
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float                      # the baseline
    text: str
    size: float
    fill: str
    anchor: str = "start"         # start | middle | end
    weight: str = "normal"
    opacity: float = 1.0
    cls: str = ""


@dataclass(frozen=True, slots=True)
class Light:
    """One light seen: a point with a glow of its colour."""

    cx: float
    cy: float
    r_core: float
    r_glow: float
    brightness: float             # 0..1
    glow: str                     # colours
    core: str
    role: str
    colour: str
    cite: str
    flags: tuple[str, ...] = ()
    true_xy: tuple[float, float] | None = None    # where the picture puts it, when drawn apart ('spread')


@dataclass(frozen=True, slots=True)
class Shape:
    """One day shape seen: ball, diamond, cone, cylinder, basket, double cone."""

    form: str
    cx: float
    cy: float
    size: float                   # diameter (px)
    fill: str
    stroke: str
    role: str
    colour: str
    cite: str
    flags: tuple[str, ...] = ()
    true_xy: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class Sector:
    """One light's arc in the plan view (lights with the same arc and colour share one)."""

    cx: float
    cy: float
    r: float
    from_deg: float               # clockwise from right ahead, as in the rule data
    to_deg: float
    all_round: bool
    fill: str
    opacity: float
    roles: tuple[str, ...]
    colour: str
    cites: tuple[str, ...]
    dash: str | None = None


Element = Rect | Line | Polygon | Circle | Text | Light | Shape | Sector


@dataclass(frozen=True, slots=True)
class Scene:
    """A picture to draw: canvas size, elements in painting order, and what it shows."""

    view: str
    width: int
    height: int
    elements: tuple[Element, ...]
    title: str
    meta: dict[str, Any] = field(default_factory=dict)

    def lights(self) -> list[Light]:
        return [e for e in self.elements if isinstance(e, Light)]

    def shapes(self) -> list[Shape]:
        return [e for e in self.elements if isinstance(e, Shape)]

    def sectors(self) -> list[Sector]:
        return [e for e in self.elements if isinstance(e, Sector)]

    def labels(self) -> dict[str, Any]:
        """JSON-ready labels: the scene's facts and each light's (shape's, sector's) pixel place and colour."""
        items: list[dict[str, Any]] = []
        for e in self.elements:
            if isinstance(e, Light):
                items.append({"what": "light", "role": e.role, "colour": e.colour, "x": round(e.cx, 2),
                              "y": round(e.cy, 2), "r": round(e.r_core, 2), "glow_r": round(e.r_glow, 2),
                              "brightness": round(e.brightness, 3), "cite": e.cite, "flags": list(e.flags),
                              **_true(e.true_xy)})
            elif isinstance(e, Shape):
                items.append({"what": "shape", "role": e.role, "colour": e.colour, "form": e.form,
                              "x": round(e.cx, 2), "y": round(e.cy, 2), "size": round(e.size, 2), "cite": e.cite,
                              "flags": list(e.flags), **_true(e.true_xy)})
            elif isinstance(e, Sector):
                items.append({"what": "sector", "roles": list(e.roles), "colour": e.colour,
                              "from_deg": e.from_deg, "to_deg": e.to_deg, "all_round": e.all_round,
                              "x": round(e.cx, 2), "y": round(e.cy, 2), "r": round(e.r, 2), "cites": list(e.cites)})
        return {"view": self.view, "width": self.width, "height": self.height, **self.meta, "items": items}


def _true(xy: tuple[float, float] | None) -> dict[str, float]:
    return {} if xy is None else {"x_true": round(xy[0], 2), "y_true": round(xy[1], 2)}


# ------------------------------------------------------------------------------------------
# Checks


def check_size(width: Any, height: Any) -> tuple[int, int]:
    """Canvas size in whole pixels, or a one-line :class:`RenderError`."""
    out = []
    for name, v in (("width", width), ("height", height)):
        allowed = f"a whole number of pixels from {MIN_SIZE_PX} to {MAX_SIZE_PX}"
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or int(v) != v:
            raise RenderError(f"{name}: {v!r} is not allowed; allowed: {allowed}", field=name, value=v,
                              allowed=allowed)
        if not MIN_SIZE_PX <= v <= MAX_SIZE_PX:
            raise RenderError(f"{name}: {v!r} is out of range; allowed: {allowed}", field=name, value=v,
                              allowed=allowed)
        out.append(int(v))
    return out[0], out[1]


def check_view(view: Any) -> str:
    if view not in VIEWS:
        raise RenderError(f"view: {view!r} is not allowed; allowed: {', '.join(VIEWS)}", field="view",
                          value=view, allowed=", ".join(VIEWS))
    return view


# ------------------------------------------------------------------------------------------
# Captions


def _font(style: Style, width: int, height: int) -> float:
    return max(style.font_min_px, min(style.font_px * width / 800.0, height / 24.0))


def _wrap(lines: list[tuple[str, str]], width: int, height: int, style: Style,
          max_share: float | None = None) -> tuple[list[tuple[str, str]], float, float]:
    """(kind, text) lines wrapped to the canvas width and cut to the caption's share of the height.

    Returns the wrapped lines, the font size and the line height."""
    font = _font(style, width, height)
    line_h = font * 1.35
    pad = font * 0.8
    chars = max(12, int((width - 2 * pad) / (font * style.char_em)))
    out: list[tuple[str, str]] = []
    for kind, text in lines:
        for k, part in enumerate(textwrap.wrap(text, chars, break_long_words=True) or [""]):
            out.append((kind, part if k == 0 else "  " + part))
    share = style.caption_max_share if max_share is None else max_share
    most = max(1, int((share * height - 2 * pad) / line_h) + 1)
    if len(out) > most:
        out = out[:most]
        kind, text = out[-1]
        out[-1] = (kind, text[: max(0, chars - 1)].rstrip() + "…")
    return out, font, line_h


def caption_reserve(width: int, height: int, style: Style = DEFAULT_STYLE) -> float:
    """The height kept free for the caption under a night or day view: four lines and padding."""
    font = _font(style, width, height)
    return min(4 * font * 1.35 + 1.2 * font, style.caption_max_share * height)


def _caption(lines: list[tuple[str, str]], width: int, height: int, style: Style, day: bool) -> tuple[
        list[Element], float]:
    """Caption elements at the foot of the canvas, and the band's height."""
    wrapped, font, line_h = _wrap(lines, width, height, style)
    pad = font * 0.6
    band = len(wrapped) * line_h + 2 * pad
    top = height - band
    els: list[Element] = [Rect(0, top, width, band, style.day_caption_bg if day else style.caption_bg,
                               opacity=0.72 if day else style.caption_bg_opacity, cls="caption-band")]
    text = style.day_caption_text if day else style.caption_text
    dim = style.day_caption_dim if day else style.caption_dim
    for k, (kind, t) in enumerate(wrapped):
        y = top + pad + (k + 0.8) * line_h
        els.append(Text(pad * 1.3, y, t, font, dim if kind == "dim" else text,
                        weight="bold" if kind == "title" else "normal", cls=f"caption caption-{kind}"))
    return els, band


def _cite_line(items: Iterable[Any]) -> str:
    """'Rule 2(a)(i): masthead; Rule 2(a)(iv): sidelight-starboard' (roles grouped by rule)."""
    by_rule: dict[str, list[str]] = {}
    for it in items:
        by_rule.setdefault(it.citation.rule, []).append(it.role)
    return "; ".join(f"{r}: {', '.join(dict.fromkeys(roles))}" for r, roles in by_rule.items())


# ------------------------------------------------------------------------------------------
# The vessel as seen from an aspect: hull, house, masts

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
    """Silhouette (offset, height) of stacked horizontal outlines seen from the aspect."""
    pts = [(_offset(x, y, aspect_deg), z) for outline, z in outline_pairs for x, y in outline]
    return _convex_hull(pts)


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where metres go on the canvas: centre, waterline and horizon (px), scale (px per metre)."""

    cx: float
    waterline_y: float
    horizon_y: float
    scale: float
    fit_scale: float
    shrink: float
    bottom: float                 # the foot of the drawing (top of the caption band)

    def px(self, offset_m: float, height_m: float) -> tuple[float, float]:
        return self.cx + offset_m * self.scale, self.waterline_y - height_m * self.scale


def _frame(width: int, height: int, bottom: float, L: float, B: float, radius_m: float, top_m: float,
           eye_m: float, distance_nm: float | None, style: Style) -> _Frame:
    margin_x = style.margin_share * width
    margin_y = max(style.margin_share * bottom, 0.06 * bottom)
    half = max(math.hypot(L / 2, B / 2), radius_m, 0.5)
    eye = min(eye_m, top_m)                     # the horizon is drawn at most level with her top
    fit_h = (width / 2 - margin_x) / half
    fit_v = (bottom - 2 * margin_y) / max(top_m + eye, 0.5)
    fit = max(1e-6, min(fit_h, fit_v))
    shrink = 1.0
    if distance_nm is not None and distance_nm > style.reference_distance_nm:
        shrink = max(style.shrink_min, (style.reference_distance_nm / distance_nm) ** style.shrink_power)
    s = fit * shrink
    # At full size her top touches the top margin; the horizon stays put and a smaller (farther)
    # vessel's waterline rises toward it.
    free = bottom - 2 * margin_y - (top_m + eye) * fit
    horizon = margin_y + free * 0.5 + (top_m - eye) * fit
    waterline = horizon + eye * s
    return _Frame(width / 2, waterline, horizon, s, fit, shrink, bottom)


def _sea_and_sky(width: int, height: int, bottom: float, fr: _Frame, style: Style, day: bool) -> list[Element]:
    hy = min(max(fr.horizon_y, 0.0), bottom)
    if day:
        sky = VGradient(style.day_sky_top, style.day_sky_bottom)
        sea = VGradient(style.day_sea_top, style.day_sea_bottom)
        line = style.day_horizon
    else:
        sky = VGradient(style.night_sky_top, style.night_sky_bottom)
        sea = VGradient(style.night_sea_top, style.night_sea_bottom)
        line = style.night_horizon
    out: list[Element] = [Rect(0, 0, width, hy, sky, cls="sky"),
                          Rect(0, hy, width, max(height - hy, 0.0), sea, cls="sea")]
    if 0 < hy < bottom:
        out.append(Line(0, hy, width, hy, line, width=1.0, opacity=0.9, cls="horizon"))
    return out


def sail_rig(vessel: Any, placement: Any) -> tuple[float, float, bool] | None:
    """(x, top z) of the mast of a vessel under sail: the foremast (L/4 forward of midships, where
    typical placement stands lights "at the top of the foremast" and day shapes), as high as that
    placement's top of the mast (max(mast height, L/2) above the hull), and whether a sail is set
    (under way); None for vessels not under sail."""
    if not (getattr(vessel, "propulsion", None) == "sail" or getattr(vessel, "sails_set", False)):
        return None
    L, B, F = placement.length_m, placement.breadth_m, placement.freeboard_m
    return 0.25 * L, F + max(max(2.0, min(B, 12.0)), L / 2), getattr(vessel, "status", None) == "underway"


def _seaplane_elements(placement: Any, positions: Iterable[Any], aspect_deg: float, fr: _Frame, style: Style,
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


def _vessel_elements(placement: Any, canonical: dict[str, str], positions: Iterable[Any], aspect_deg: float,
                     fr: _Frame, style: Style, day: bool,
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
    # Masts: one for each place where lights or shapes stand above the deck in a column.
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
    for (x, y), zs in sorted(columns.items()):
        u = _offset(x, y, aspect_deg)
        top = max(zs) + (0.0 if canonical.get(roles[(x, y)]) in _POSTS else max(0.4, 0.02 * L))
        x1, y1 = fr.px(u, F)
        _, y2 = fr.px(u, top)
        post = canonical.get(roles[(x, y)]) in _POSTS
        w = max(1.0, min(4.0, 0.25 * fr.scale)) * (0.6 if post else 1.0)
        els.append(Line(x1, y1, x1, y2, mast, width=w, opacity=faint, cls="post" if post else "mast"))
    return els


# ------------------------------------------------------------------------------------------
# Night and day views


def _vessel_radius(placement: Any) -> float:
    r = math.hypot(placement.length_m / 2, placement.breadth_m / 2)
    for p in placement.positions:
        r = max(r, math.hypot(p.x_m, p.y_m))
    return r


def _vessel_top(placement: Any, extra_positions: Iterable[Any] = ()) -> float:
    zs = [p.z_m for p in placement.positions] + [p.z_m for p in extra_positions]
    top = max(zs, default=placement.freeboard_m)
    return max(top + max(0.6, 0.02 * placement.length_m), placement.freeboard_m * 1.6, 1.0)


def _observer_line(picture: Any) -> str:
    from ..engines.view import aspect_words, heading_cue
    s = f"aspect {picture.aspect_deg:g}°: you are {aspect_words(picture.aspect_deg)}; {heading_cue(picture.aspect_deg)}"
    if picture.distance_nm is not None:
        s += f"; {picture.distance_nm:g} nm off"
    return s


def _caption_lines(picture: Any, title: str | None) -> list[tuple[str, str]]:
    desc = picture.vessel.describe()
    head = title if title else desc
    lines = [("title", f"{head} ({picture.edition})" if not title else head)]
    if title:
        lines.append(("text", f"{desc} ({picture.edition})"))
    lines.append(("text", _observer_line(picture)))
    # The picture in words stays in the SVG's <desc> and the labels: the image shows it, and every
    # line of text costs resvg about 2 ms.
    if not picture.items:
        lines.append(("text", "nothing to see: " + ("no light" if picture.period == "night" else "no shape")))
    cites = _cite_line(picture.items)
    lines.append(("dim", (cites + " · " if cites else "") + "positions assumed (typical placement)"))
    return lines


def _brightness(seen: Any, distance_nm: float | None, style: Style) -> float:
    if distance_nm is None:
        return 1.0
    lim = seen.range_limit_nm
    if lim is None:
        b = 1.0 / (1.0 + 0.12 * distance_nm)
    else:
        b = 1.0 - 0.7 * min(1.0, distance_nm / lim) ** 2
    return max(style.light_min_brightness, min(1.0, b))


def _meta(picture: Any, fr: _Frame, view: str) -> dict[str, Any]:
    return {"edition": picture.edition, "description": picture.vessel.describe(),
            "vessel": picture.vessel.to_json(),
            "aspect_deg": picture.aspect_deg, "distance_nm": picture.distance_nm, "period": picture.period,
            "picture": picture.describe(),
            "scale_px_per_m": round(fr.scale, 4), "centre_x": round(fr.cx, 2),
            "waterline_y": round(fr.waterline_y, 2), "horizon_y": round(fr.horizon_y, 2),
            "placement": "typical (assumed)"}


def _other_positions(display: Any, picture: Any) -> list[Any]:
    """Where the other period's items stand (masts by day carry the night's lights too)."""
    from ..engines.view import select
    from ..placement import place
    other = "day" if picture.period == "night" else "night"
    if display is None:
        return []
    items = [i for i, _ in select(display, "typical", other)]
    if not items:
        return []
    return list(place(items, picture.placement.length_m, picture.placement.breadth_m).positions)


def night_scene(picture: Any, display: Any = None, *, width: int = 800, height: int = 500, caption: bool = True,
                hull: bool = True, title: str | None = None, edition_title: str | None = None, rig: Any = None,
                style: Style = DEFAULT_STYLE) -> Scene:
    """The night view: each light seen as a glowing point at its apparent place.

    ``display`` gives the items' kinds and sizes; ``rig`` (a display of the other time of day)
    adds the masts that carry the other period's items."""
    return _side_scene(picture, display, rig, "night", width, height, caption, hull, title, edition_title, style)


def day_scene(picture: Any, display: Any = None, *, width: int = 800, height: int = 500, caption: bool = True,
              hull: bool = True, title: str | None = None, edition_title: str | None = None, rig: Any = None,
              style: Style = DEFAULT_STYLE) -> Scene:
    """The day view: hull, masts and the day shapes at their places and sizes (``rig`` as for the night)."""
    return _side_scene(picture, display, rig, "day", width, height, caption, hull, title, edition_title, style)


def _canonical(display: Any, picture: Any) -> dict[str, str]:
    out = {i.role: i.canonical for i in picture.items}
    if display is not None:
        for i in display.items:
            out.setdefault(i.role, i.canonical)
    return out


def _side_scene(picture: Any, display: Any, rig: Any, view: str, width: int, height: int, caption: bool, hull: bool,
                title: str | None, edition_title: str | None, style: Style) -> Scene:
    width, height = check_size(width, height)
    day = view == "day"
    cap_els: list[Element] = []
    bottom = float(height)
    if caption:
        cap_els, band = _caption(_caption_lines(picture, title), width, height, style, day)
        # The drawing keeps room for a standard caption whatever this one's length, so that the
        # vessel stands still from frame to frame of a turntable; a longer caption covers more sea.
        bottom = height - min(band, caption_reserve(width, height, style))
    pl = picture.placement
    rig = rig if rig is not None else display
    others = _other_positions(rig, picture) if hull else []
    canonical = _canonical(display, picture)
    if rig is not None:
        for i in rig.items:
            canonical.setdefault(i.role, i.canonical)
    eye = picture.eye_height_m if picture.eye_height_m is not None else style.eye_height_m
    radius = max(_vessel_radius(pl), max((math.hypot(p.x_m, p.y_m) for p in others), default=0.0))
    rig_sail = sail_rig(picture.vessel, pl) if hull else None
    top = _vessel_top(pl, others)
    if rig_sail is not None:
        top = max(top, rig_sail[1] + max(0.6, 0.02 * pl.length_m))
    fr = _frame(width, height, bottom, pl.length_m, pl.breadth_m, radius, top, eye, picture.distance_nm, style)
    els: list[Element] = _sea_and_sky(width, height, bottom, fr, style, day)
    if hull:
        els += _vessel_elements(pl, canonical, list(pl.positions) + others, picture.aspect_deg, fr, style, day,
                                rig_sail, seaplane=bool(getattr(picture.vessel, "seaplane", False)))
    if day:
        sizes = {i.role: i.size_as_written for i in display.items if i.what == "shape"} if display else {}
        els += _shape_elements(picture, fr, width, sizes, style)
    else:
        els += _light_elements(picture, fr, width, style)
    els += cap_els
    scene_title = title or f"{picture.vessel.describe()} ({picture.edition}), {view}, aspect {picture.aspect_deg:g}°"
    meta = _meta(picture, fr, view)
    if edition_title:
        meta["edition_title"] = edition_title
    return Scene(view, width, height, tuple(els), scene_title, meta)


def spread(points: list[tuple[float, float]], step_px: float, tol_px: float = 1.0) -> tuple[
        list[tuple[float, float]], set[int]]:
    """Items drawn at one spot (a placement that puts two on the same point) spread side by side.

    Returns the new points and the indices moved; items merely close together are left alone."""
    pts = list(points)
    moved: set[int] = set()
    done: set[int] = set()
    for i in range(len(pts)):
        if i in done:
            continue
        group = [j for j in range(i, len(pts)) if j not in done and math.dist(points[i], points[j]) < tol_px]
        done.update(group)
        if len(group) < 2:
            continue
        for k, j in enumerate(group):
            pts[j] = (points[j][0] + (k - (len(group) - 1) / 2) * step_px, points[j][1])
            moved.add(j)
    return pts, moved


def _light_elements(picture: Any, fr: _Frame, width: int, style: Style) -> list[Element]:
    true_pts = [fr.px(s.offset_m, s.height_m) for s in picture.items]
    base0 = style.light_core_px * width / 800.0 * math.sqrt(fr.shrink)
    pts, moved = spread(true_pts, 3.2 * base0)
    gap = math.inf
    for i in range(len(pts)):
        for j in range(i + 1, len(pts)):
            gap = min(gap, math.dist(pts[i], pts[j]))
    base = base0
    out: list[Element] = []
    for k, (s, (x, y)) in enumerate(zip(picture.items, pts)):
        b = _brightness(s, picture.distance_nm, style)
        core = max(style.light_core_min_px, base * (0.7 + 0.3 * b))
        if gap < math.inf:
            core = max(style.light_core_min_px, min(core, 0.42 * gap))
        glow = core * style.light_glow_ratio * (0.55 + 0.45 * b)
        glow_c, core_c = style.light(s.colour)
        flags = tuple(s.flags) + (("spread",) if k in moved else ())
        out.append(Light(x, y, core, glow, b, glow_c, core_c, s.role, s.colour, s.cite, flags,
                         true_pts[k] if k in moved else None))
    return out


def _size_m(text: str | None) -> float:
    from ..units import parse_length
    if text:
        try:
            return parse_length(text, "size")
        except Exception:
            pass
    return 0.6096                               # 2 ft, the size every edition here gives


def _shape_elements(picture: Any, fr: _Frame, width: int, sizes_as_written: dict[str, str | None],
                    style: Style) -> list[Element]:
    from ..engines.view import COLUMN_TOL_M
    items = list(picture.items)
    pts = [fr.px(s.offset_m, s.height_m) for s in items]
    sizes = []
    for s in items:
        sizes.append(max(_size_m(sizes_as_written.get(s.role)) * fr.scale,
                         style.shape_min_px * width / 800.0 * math.sqrt(fr.shrink)))
    # Keep shapes in one column from touching: at most a share of the gap to the next one.
    for i in range(len(items)):
        for j in range(len(items)):
            if i != j and abs(items[i].offset_m - items[j].offset_m) <= COLUMN_TOL_M:
                gap = abs(pts[i][1] - pts[j][1])
                if gap > 0:
                    sizes[i] = min(sizes[i], style.shape_fill_of_gap * gap)
    drawn, moved = spread(pts, 1.25 * max(sizes, default=0.0))
    out: list[Element] = []
    for k, (s, (x, y), size) in enumerate(zip(items, drawn, sizes)):
        fill, stroke = style.shape(s.colour)
        out.append(Shape(s.canonical, x, y, max(size, 3.0), fill, stroke, s.role, s.colour, s.cite,
                         tuple(s.flags) + (("spread",) if k in moved else ()), pts[k] if k in moved else None))
    return out


# ------------------------------------------------------------------------------------------
# Plan view: the arc diagram


def _tiers(groups: list[dict[str, Any]]) -> None:
    """Give each group of sectors a tier (0 = outermost) so that no two overlapping arcs share one."""
    from ..geometry import arc_width

    def spans(g: dict[str, Any]) -> list[tuple[float, float]]:
        if g["all_round"]:
            return [(0.0, 360.0)]
        f, t = g["arc"]
        f %= 360.0
        w = float(arc_width(*g["arc"]))
        if f + w <= 360.0 + 1e-9:
            return [(f, f + w)]
        return [(f, 360.0), (0.0, f + w - 360.0)]

    def overlap(a: list[tuple[float, float]], b: list[tuple[float, float]], touch: bool) -> bool:
        # arcs of one colour that meet end to end would read as one arc: they need tiers of their own
        eps = -1e-6 if touch else 1e-6
        return any(min(x2, y2) - max(x1, y1) > eps for x1, x2 in a for y1, y2 in b)

    def touching(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
        ends = lambda sp: {round(v % 360.0, 6) for x in sp for v in x}  # noqa: E731
        return bool(ends(a) & ends(b))

    taken: list[list[tuple[list[tuple[float, float]], str]]] = []
    for g in sorted(groups, key=lambda g: -g["width"]):
        sp = spans(g)
        for k, tier in enumerate(taken):
            if not any(overlap(sp, other, False) or (colour == g["colour"] and touching(sp, other))
                       for other, colour in tier):
                tier.append((sp, g["colour"]))
                g["tier"] = k
                break
        else:
            taken.append([(sp, g["colour"])])
            g["tier"] = len(taken) - 1


def _page(cx: float, cy: float, r: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return cx + r * math.sin(a), cy - r * math.cos(a)


def _fmt_deg(v: float) -> str:
    return f"{v:g}°"


def plan_scene(display: Any, *, aspect_deg: float | None = None, choose: Any = "typical", ranges: bool = False,
               width: int = 800, height: int = 500, caption: bool = True, hull: bool = True,
               title: str | None = None, edition_title: str | None = None,
               style: Style = DEFAULT_STYLE) -> Scene:
    """The arc diagram: the vessel from above, bow up, each light's arc a coloured sector, with a legend."""
    from ..engines.view import check_aspect, select
    from ..geometry import arc_width
    from ..placement import place

    width, height = check_size(width, height)
    aspect = None if aspect_deg is None else check_aspect(aspect_deg)
    chosen = [i for i, _ in select(display, choose, "night")]
    vessel = display.vessel
    pl = place(chosen, getattr(vessel, "length_m", None), getattr(vessel, "breadth_m", None))
    font = _font(style, width, height)
    side = width >= 1.15 * height
    legend_w = width * style.plan_legend_share if side else width
    area_w = width - legend_w if side else width
    els: list[Element] = [Rect(0, 0, width, height, style.plan_bg, cls="background")]

    # Groups: lights with the same arc and colour share a sector.
    groups: list[dict[str, Any]] = []
    for it in chosen:
        ar = it.all_round or it.arc_deg is None
        arc = (0.0, 360.0) if ar else (float(it.arc_deg[0]), float(it.arc_deg[1]))
        rng = it.range_nm
        key = (ar, arc if not ar else None, it.colour, rng if ranges else None)
        g = next((g for g in groups if g["key"] == key), None)
        if g is None:
            g = {"key": key, "all_round": ar, "arc": arc, "colour": it.colour, "items": [], "range": rng,
                 "width": 360.0 if ar else float(arc_width(*arc)), "assumed": False}
            groups.append(g)
        g["items"].append(it)
        g["assumed"] = g["assumed"] or it.arc_assumed
    _tiers(groups)
    max_range = max((g["range"] for g in groups if g["range"]), default=None)
    head_lines: list[tuple[str, str]] = []
    line_h = font * 1.35
    if caption:
        sub = "Arcs of the lights, seen from above, bow up; radii " + (
            "to scale of range" if ranges and max_range else "not to scale")
        if aspect is not None:
            sub += f"; observer at {aspect:g}°"
        head_lines, _, line_h = _wrap([("title", title or f"{vessel.describe()} ({display.edition})"),
                                            ("dim", sub)], width, height, style, max_share=0.24)
    head_h = len(head_lines) * line_h + font * 0.6

    # The legend's rows decide how much height the legend needs below the diagram (tall canvases).
    legend_rows: list[tuple[str, tuple[str, str, str]]] = []      # (colour, (roles, arc, cites))
    for g in groups:
        roles = ", ".join(dict.fromkeys(i.role for i in g["items"]))
        if g["all_round"]:
            arc_t = f"{g['colour']}, all round"
        else:
            w = g["width"]
            arc_t = f"{g['colour']}, {w:g}° ({w / 11.25:g} points)"     # the ends are marked on the rim
        rngs = dict.fromkeys(i.range_as_written or "range not stated" for i in g["items"])
        rules = "; ".join(dict.fromkeys(i.citation.rule for i in g["items"]))
        cite_t = f"{rules} · {', '.join(rngs)}"
        if g["assumed"]:
            arc_t += ", arc assumed"
        legend_rows.append((g["colour"], (roles, arc_t, cite_t)))
    small = max(style.font_min_px, font * 0.85)
    row_h = small * 1.25 * 3 + small * 0.6
    if not side:
        need = head_h + row_h * max(1, len(legend_rows)) + font
        area_h = max(height * 0.55, height - need)
    else:
        area_h = height
    cx, cy = area_w / 2, head_h + (area_h - head_h) / 2
    word = small * style.char_em * len("starboard") + font
    r_out = max(10.0, min(area_w / 2 - word, (area_h - head_h) / 2 - font * 1.6))

    # Chart furniture: a tick every point round the outer radius, cardinal words. (No ring: resvg
    # rasterises a large circle slowly, and the ticks draw it well enough.)
    for k in range(32):
        deg = k * 11.25
        inner = r_out * (0.96 if k % 2 else 0.92)
        x1, y1 = _page(cx, cy, inner, deg)
        x2, y2 = _page(cx, cy, r_out, deg)
        els.append(Line(x1, y1, x2, y2, style.plan_grid, width=1.0, cls="tick"))
    for deg, word in ((0, "ahead"), (90, "starboard"), (180, "astern"), (270, "port")):
        x, y = _page(cx, cy, r_out + font * 0.9, deg)
        anchor = "middle" if deg in (0, 180) else ("start" if deg == 90 else "end")
        els.append(Text(x, y + small * 0.35 + (small * 0.3 if deg == 180 else 0), word, small, style.caption_dim,
                        anchor=anchor, cls="cardinal"))

    # Vessel drawing: bow up; her frame (x forward, y starboard) -> page (right = starboard).
    L, B = pl.length_m, pl.breadth_m
    k = style.plan_vessel_of_radius * r_out / max(L, 1e-6)

    def at(x: float, y: float) -> tuple[float, float]:
        return cx + y * k, cy - x * k

    # Sectors, outermost tier first, from midships (the vessel is drawn over their apex).
    for g in sorted(groups, key=lambda g: g["tier"]):
        ax, ay = cx, cy                    # every arc drawn from midships, as in the manuals' diagrams
        dash = None
        if ranges and max_range:
            if g["range"]:
                r = r_out * g["range"] / max_range
            else:
                r, dash = r_out * 0.5, "4 3"
        else:
            r = r_out * max(0.3, 1.0 - style.plan_tier_step * g["tier"])
        g["r"] = r
        colour = style.sector(g["colour"])
        els.append(Sector(ax, ay, r, g["arc"][0], g["arc"][1], g["all_round"], colour,
                          style.sector_opacity * (0.6 if g["all_round"] else 1.0) * (1.25 if g["colour"] == "white"
                                                                                     else 1.0),
                          tuple(dict.fromkeys(i.role for i in g["items"])), g["colour"],
                          tuple(dict.fromkeys(i.cite for i in g["items"])), dash))
    # Range rings (when asked) and the angles where arcs end.
    if ranges and max_range:
        for rng in sorted({g["range"] for g in groups if g["range"]}):
            r = r_out * rng / max_range
            els.append(Circle(cx, cy, r, None, stroke=style.plan_grid, stroke_width=1.0, dash="5 4", cls="range-ring"))
            x, y = _page(cx, cy, r, 135)
            label = f"{rng:g} nm"
            w = len(label) * small * style.char_em + small * 0.6
            els.append(Rect(x + 1, y - small * 1.15, w, small * 1.3, style.plan_bg, opacity=0.75, cls="range-label-bg"))
            els.append(Text(x + 1 + small * 0.3, y - small * 0.15, label, small, style.plan_text, cls="range-label"))
    ends = sorted({round(e % 360.0, 4) for g in groups if not g["all_round"] for e in g["arc"]} - {0.0, 180.0})
    for e in ends:
        x, y = _page(cx, cy, r_out + font * 0.5, e)
        anchor = "start" if 0 < e < 180 else "end"
        if e in (90.0, 270.0):
            continue
        els.append(Text(x, y + small * 0.35, _fmt_deg(e), small, style.plan_text, anchor=anchor, cls="arc-end"))
    # The vessel, bow up, and her lights as dots where they stand.
    if hull:
        deck = [(0.5, 0.0), (0.3, 0.5), (-0.42, 0.5), (-0.5, 0.36), (-0.5, -0.36), (-0.42, -0.5), (0.3, -0.5)]
        els.append(Polygon(tuple(at(sx * L, sy * max(B, L * 0.12)) for sx, sy in deck), style.plan_hull,
                           stroke=style.plan_hull_outline, stroke_width=1.0, cls="hull"))

    for it in chosen:
        p = pl.get(it.role)
        x, y = at(p.x_m, p.y_m)
        glow, core = style.light(it.colour)
        els.append(Circle(x, y, max(2.0, font * 0.22), glow, stroke="#000000", stroke_width=0.5, cls="light-dot"))
    # The observer's bearing.
    if aspect is not None:
        x1, y1 = _page(cx, cy, r_out * 0.2, aspect)
        x2, y2 = _page(cx, cy, r_out * 1.0, aspect)
        els.append(Line(x1, y1, x2, y2, style.plan_text, width=1.2, opacity=0.8, dash="6 4", cls="observer"))
        tip = _page(cx, cy, r_out + 2, aspect)
        left = _page(cx, cy, r_out + font * 0.9, aspect - 4)
        right = _page(cx, cy, r_out + font * 0.9, aspect + 4)
        els.append(Polygon((tip, left, right), style.plan_text, cls="observer-mark"))

    # Title and legend.
    for k, (kind, text) in enumerate(head_lines):
        els.append(Text(font * 0.8, font * 0.4 + (k + 0.85) * line_h, text, font,
                        style.caption_dim if kind == "dim" else style.plan_text,
                        weight="bold" if kind == "title" else "normal", cls=f"caption caption-{kind}"))
    lx = area_w + font * 0.5 if side else font * 0.8
    ly = (head_h + font * 0.6) if side else (area_h + font * 0.4)
    avail_w = (legend_w - font) if side else (width - 2 * font * 0.8)
    chars = max(10, int((avail_w - font * 1.6) / (small * style.char_em)))
    space_rows = int((height - ly) / row_h)
    rows = legend_rows
    more = 0
    if len(rows) > space_rows:
        more = len(rows) - max(space_rows - 1, 0)
        rows = rows[:max(space_rows - 1, 0)]
    for n, (colour, lines3) in enumerate(rows):
        y = ly + n * row_h
        els.append(Rect(lx, y + small * 0.15, small * 1.0, small * 1.0, style.sector(colour), opacity=0.85,
                        stroke=style.plan_grid, stroke_width=0.8, cls="legend-swatch"))
        for k, text in enumerate(lines3):
            t = text if len(text) <= chars else text[: chars - 1] + "…"
            els.append(Text(lx + small * 1.6, y + small * (1.0 + 1.25 * k), t, small * (1.0 if k < 2 else 0.92),
                            style.plan_text if k == 0 else style.caption_dim,
                            weight="bold" if k == 0 else "normal",
                            cls="legend" + (" legend-cite" if k == 2 else "")))
    if more:
        y = ly + len(rows) * row_h
        els.append(Text(lx, y + small, f"… and {more} more", small, style.caption_dim, cls="legend"))
    if not groups:
        els.append(Text(cx, cy + r_out * 0.6, "no lights", font, style.plan_text, anchor="middle", cls="empty"))

    meta = {"edition": display.edition, **({"edition_title": edition_title} if edition_title else {}),
            "description": vessel.describe(),
            "vessel": vessel.to_json(),
            "aspect_deg": aspect, "distance_nm": None, "period": "night",
            "centre_x": round(cx, 2), "centre_y": round(cy, 2), "radius_px": round(r_out, 2),
            "ranges": bool(ranges and max_range), "placement": "typical (assumed)"}
    scene_title = title or f"{vessel.describe()} ({display.edition}), arcs of the lights"
    return Scene("plan", width, height, tuple(els), scene_title, meta)


# ------------------------------------------------------------------------------------------
# One entry point


def build(display: Any, view: str = "night", *, aspect_deg: float = 45.0, distance_nm: float | None = None,
          width: int = 800, height: int = 500, caption: bool = True, hull: bool = True, title: str | None = None,
          eye_height_m: float | None = None, visibility_nm: float | None = None, choose: Any = "typical",
          ranges: bool = False, edition_title: str | None = None, rig: Any = None,
          style: Style = DEFAULT_STYLE) -> Scene:
    """The scene of one view of a display (the display already made for the view's time of day).

    ``rig``: the same vessel's display for the other time of day, whose items' masts are drawn too."""
    from ..engines.view import view as make_view
    view = check_view(view)
    check_size(width, height)
    if view == "plan":
        return plan_scene(display, aspect_deg=aspect_deg, choose=choose, ranges=ranges, width=width,
                          height=height, caption=caption, hull=hull, title=title, edition_title=edition_title,
                          style=style)
    pic = make_view(display, aspect_deg, distance_nm, eye_height_m=eye_height_m, visibility_nm=visibility_nm,
                    choose=choose, period=view)
    if view == "day":
        return day_scene(pic, display, width=width, height=height, caption=caption, hull=hull, title=title,
                         edition_title=edition_title, rig=rig, style=style)
    return night_scene(pic, display, width=width, height=height, caption=caption, hull=hull, title=title,
                       edition_title=edition_title, rig=rig, style=style)
