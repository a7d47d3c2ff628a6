"""What the night and day views share: sea and sky, the vessel, the caption, and the scene itself.

Both are side-on views of a :class:`~navlights.engines.view.Picture`, drawn the same way
(docs/render.md, "Night and day views"); they differ only in what they draw at the items' places:
glowing lights (:mod:`.scene_night`) or day shapes (:mod:`.scene_day`), which each pass to
:func:`side_scene`. :func:`spread` draws items that typical placement puts on one spot side by side.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from .caption import caption_band, caption_reserve, cite_line
from .elements import Element, Line, Rect, Scene, Text, VGradient, check_size
from .frame import Frame, fit_frame
from .hull import sail_rig, vessel_elements
from .style import Style

# What a view draws at the items' places: (picture, display, frame, canvas width, style) -> elements.
DrawItems = Callable[[Any, Any, Frame, int, Style], list[Element]]


def _sea_and_sky(width: int, height: int, bottom: float, fr: Frame, style: Style, day: bool) -> list[Element]:
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


def _off_centre_words(picture: Any) -> str:
    """What the caption says of a masthead light off the centreline (COLREGs 23(d)(iii), Inland 21(a)): where it is
    drawn so, the light and the provision; where she was described so but no provision lets her, that it is not."""
    off = [s for s in picture.items if getattr(s, "off_centreline", None)]
    if off:
        return "".join(f" · {s.role} off the centreline ({s.off_centreline})" for s in off)
    if getattr(picture.vessel, "masthead_off_centreline", False) and any(
            s.canonical in ("masthead", "all-round") and s.colour == "white" for s in picture.items):
        return " · masthead light drawn on the centreline: no provision lets her carry it off (see the notes)"
    return ""


#: The mark of an item the rule only permits ('may'), drawn because the situation asked for is defined by it
#: (Explore after a search, ``choose=all``; issue 31): a dashed box and the word, and a caption line naming them.
OPTIONAL_DASH = "2 3"


def optional_marks(marks: list[tuple[float, float, float, str]]) -> list[Element]:
    """Optional items (x, y, half-size, colour) marked: a dashed box around each vertical line of them (one for
    the three reds of a vessel constrained by her draught), with 'optional' beside it."""
    out: list[Element] = []
    groups: list[list[tuple[float, float, float, str]]] = []
    for m in sorted(marks):
        if groups and abs(groups[-1][-1][0] - m[0]) <= max(m[2], groups[-1][-1][2]):
            groups[-1].append(m)
        else:
            groups.append([m])
    for g in groups:
        r = max(m[2] for m in g)
        x0, x1 = min(m[0] for m in g) - r, max(m[0] for m in g) + r
        y0, y1 = min(m[1] for m in g) - r, max(m[1] for m in g) + r
        colour = g[0][3]
        for a, b, c, d in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
            out.append(Line(a, b, c, d, colour, 1.2, 0.9, OPTIONAL_DASH, "optional-mark"))
        size = max(9.0, min(13.0, 1.6 * r))
        out.append(Text(x1 + 3.0, y0 + size, "optional", size, colour, cls="optional-mark"))
    return out


def optional_words(items: Iterable[Any]) -> str | None:
    """The caption's line for the optional items drawn: which they are, and what the dashed box means."""
    names = list(dict.fromkeys(f"{s.colour} {s.canonical}" + (" light" if s.what == "light" else "")
                               for s in items if s.status == "optional"))
    if not names:
        return None
    return f"dashed box: optional, the rule permits but does not require it ('may'): {', '.join(names)}"


def _caption_lines(picture: Any, title: str | None) -> list[tuple[str, str]]:
    desc = picture.vessel.describe(picture.length_system)
    head = title if title else desc
    lines = [("title", f"{head} ({picture.edition})" if not title else head)]
    if title:
        lines.append(("text", f"{desc} ({picture.edition})"))
    lines.append(("text", _observer_line(picture)))
    # The picture in words stays in the SVG's <desc> and the labels: the image shows it, and every
    # line of text costs resvg about 2 ms.
    gaps = getattr(picture, "gaps", ())
    if not picture.items:
        lines.append(("text", picture.describe() if gaps else
                      "nothing to see: " + ("no light" if picture.period == "night" else "no shape")))
    elif gaps:
        lines.append(("text", "not known (she may show more or other lights): " + picture.gap_words()))
    optional = optional_words(picture.items)
    if optional:
        lines.append(("text", optional))
    cites = cite_line(picture.items)
    lines.append(("dim", (cites + " · " if cites else "") + "positions assumed (typical placement)"
                  + _off_centre_words(picture)))
    return lines


def _meta(picture: Any, fr: Frame, view: str) -> dict[str, Any]:
    return {"edition": picture.edition, "description": picture.vessel.describe(picture.length_system),
            "vessel": picture.vessel.to_json(),
            "aspect_deg": picture.aspect_deg, "distance_nm": picture.distance_nm, "period": picture.period,
            "picture": picture.describe(), "complete": picture.complete,
            "gaps": [n.words() for n in picture.gaps],
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
    key = ("other-positions", other, picture.placement.length_m, picture.placement.breadth_m)
    if key in display.memo:                  # the same at every aspect: remembered on the display
        return list(display.memo[key])
    items = [i for i, _ in select(display, "typical", other)]
    out = list(place(items, picture.placement.length_m, picture.placement.breadth_m).positions) if items else []
    if len(display.memo) < _MAX_MEMO:
        display.memo[key] = tuple(out)
    return out


_MAX_MEMO = 32      # entries a picture adds to one display's memo, at most

def _canonical(display: Any, picture: Any) -> dict[str, str]:
    out = {i.role: i.canonical for i in picture.items}
    if display is not None:
        for i in display.items:
            out.setdefault(i.role, i.canonical)
    return out



def side_scene(picture: Any, display: Any, rig: Any, view: str, width: int, height: int, caption: bool, hull: bool,
               title: str | None, edition_title: str | None, style: Style, draw_items: DrawItems) -> Scene:
    """The night or day view of ``picture``: sea and sky, the vessel (``hull``), what ``draw_items`` draws at the
    items' places, and the caption. ``display`` gives the items' kinds and sizes; ``rig`` (a display of the
    other time of day) adds the masts that carry the other period's items."""
    width, height = check_size(width, height)
    day = view == "day"
    cap_els: list[Element] = []
    bottom = float(height)
    if caption:
        cap_els, band = caption_band(_caption_lines(picture, title), width, height, style, day)
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
    fr = fit_frame(width, height, bottom, pl.length_m, pl.breadth_m, radius, top, eye, picture.distance_nm, style)
    els: list[Element] = _sea_and_sky(width, height, bottom, fr, style, day)
    if hull:
        els += vessel_elements(pl, canonical, list(pl.positions) + others, picture.aspect_deg, fr, style, day,
                               rig_sail, seaplane=bool(getattr(picture.vessel, "seaplane", False)))
    els += draw_items(picture, display, fr, width, style)
    els += cap_els
    scene_title = title or f"{picture.vessel.describe(picture.length_system)} ({picture.edition}), {view}, aspect {picture.aspect_deg:g}°"
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
