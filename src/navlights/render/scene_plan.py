"""The plan view (arc diagram): the vessel from above, bow up, each light's arc a coloured sector.

Angles run clockwise from right ahead, as in the rule data (docs/render.md, "Plan view"). Lights
with the same arc and colour share one sector; sectors are put in tiers so that no two overlapping
arcs, and no two arcs of one colour that meet end to end, share a radius. With ``ranges`` the radii
are to scale of the stated ranges. The legend stands beside the diagram on a wide canvas, below it
on a tall one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from .caption import font_size, wrap_lines
from .elements import Circle, Element, Line, Polygon, Rect, Scene, Sector, Text, check_size
from .style import DEFAULT_STYLE, Style

# The deck outline from above, as shares of (length, breadth), bow first.
_DECK = ((0.5, 0.0), (0.3, 0.5), (-0.42, 0.5), (-0.5, 0.36), (-0.5, -0.36), (-0.42, -0.5), (0.3, -0.5))

LegendRow = tuple[str, tuple[str, str, str]]        # (colour, (roles, arc, rules and ranges))


@dataclass(slots=True)
class _Group:
    """Lights with the same arc and colour (and, to scale, the same range): one sector, one legend row."""

    key: tuple[Any, ...]
    all_round: bool
    arc: tuple[float, float]
    colour: str
    range: float | None
    width: float                  # degrees
    items: list[Any] = field(default_factory=list)
    assumed: bool = False
    tier: int = 0                 # 0 = outermost


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where the plan's parts go (px): the heading, the diagram (centre, outer radius) and the legend."""

    width: int
    height: int
    font: float
    small: float                  # cardinal words, arc ends, legend
    side: bool                    # the legend beside the diagram (a wide canvas), else below it
    legend_w: float
    area_w: float                 # the diagram's area
    area_h: float
    head_h: float
    row_h: float                  # one legend row
    cx: float
    cy: float
    r_out: float


def plan_scene(display: Any, *, aspect_deg: float | None = None, choose: Any = "typical", ranges: bool = False,
               width: int = 800, height: int = 500, caption: bool = True, hull: bool = True,
               title: str | None = None, edition_title: str | None = None,
               style: Style = DEFAULT_STYLE) -> Scene:
    """The arc diagram: the vessel from above, bow up, each light's arc a coloured sector, with a legend."""
    from ..engines.view import check_aspect, select
    from ..placement import place

    width, height = check_size(width, height)
    aspect = None if aspect_deg is None else check_aspect(aspect_deg)
    chosen = [i for i, _ in select(display, choose, "night")]
    vessel = display.vessel
    pl = place(chosen, getattr(vessel, "length_m", None), getattr(vessel, "breadth_m", None))
    groups = _groups(chosen, ranges)
    max_range = max((g.range for g in groups if g.range), default=None)
    head_lines: list[tuple[str, str]] = []
    line_h = font_size(style, width, height) * 1.35
    if caption:
        head_lines, line_h = _heading(display, title, aspect, bool(ranges and max_range), width, height, style,
                                      chosen)
    legend_rows = _legend_rows(groups)
    lay = _layout(width, height, len(head_lines) * line_h, len(legend_rows), style)

    els: list[Element] = [Rect(0, 0, width, height, style.plan_bg, cls="background")]
    els += _furniture(lay, style)
    els += _sectors(groups, lay, ranges, max_range, style)
    els += _rings_and_ends(groups, lay, ranges, max_range, style)
    els += _vessel(chosen, pl, lay, hull, style)
    if aspect is not None:
        els += _observer(aspect, lay, style)
    els += _heading_text(head_lines, line_h, lay, style)
    els += _legend(legend_rows, lay, style)
    if not groups:
        els.append(Text(lay.cx, lay.cy + lay.r_out * 0.6, "no lights", lay.font, style.plan_text, anchor="middle",
                        cls="empty"))

    meta = {"edition": display.edition, **({"edition_title": edition_title} if edition_title else {}),
            "description": vessel.describe(display.length_system),
            "vessel": vessel.to_json(),
            "aspect_deg": aspect, "distance_nm": None, "period": "night",
            "centre_x": round(lay.cx, 2), "centre_y": round(lay.cy, 2), "radius_px": round(lay.r_out, 2),
            "ranges": bool(ranges and max_range), "placement": "typical (assumed)"}
    scene_title = title or f"{vessel.describe(display.length_system)} ({display.edition}), arcs of the lights"
    return Scene("plan", width, height, tuple(els), scene_title, meta)


# ------------------------------------------------------------------------------------------
# Sectors and their tiers


def _groups(chosen: list[Any], ranges: bool) -> list[_Group]:
    """Lights with the same arc and colour share a sector (with ``ranges``, only at the same range)."""
    from ..geometry import arc_width

    groups: list[_Group] = []
    for it in chosen:
        arc_deg = it.arc_deg
        ar = it.all_round or arc_deg is None
        arc = (0.0, 360.0) if ar or arc_deg is None else (float(arc_deg[0]), float(arc_deg[1]))
        rng = it.range_nm
        key = (ar, arc if not ar else None, it.colour, rng if ranges else None)
        g = next((g for g in groups if g.key == key), None)
        if g is None:
            g = _Group(key, ar, arc, it.colour, rng, 360.0 if ar else float(arc_width(*arc)))
            groups.append(g)
        g.items.append(it)
        g.assumed = g.assumed or it.arc_assumed
    _tiers(groups)
    return groups


def _tiers(groups: list[_Group]) -> None:
    """Give each group of sectors a tier (0 = outermost) so that no two overlapping arcs share one."""
    from ..geometry import arc_width

    def spans(g: _Group) -> list[tuple[float, float]]:
        if g.all_round:
            return [(0.0, 360.0)]
        f, t = g.arc
        f %= 360.0
        w = float(arc_width(*g.arc))
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
    for g in sorted(groups, key=lambda g: -g.width):
        sp = spans(g)
        for k, tier in enumerate(taken):
            if not any(overlap(sp, other, False) or (colour == g.colour and touching(sp, other))
                       for other, colour in tier):
                tier.append((sp, g.colour))
                g.tier = k
                break
        else:
            taken.append([(sp, g.colour)])
            g.tier = len(taken) - 1


# ------------------------------------------------------------------------------------------
# Layout


def _heading(display: Any, title: str | None, aspect: float | None, to_scale: bool, width: int, height: int,
             style: Style, chosen: tuple[Any, ...] | list[Any] = ()) -> tuple[list[tuple[str, str]], float]:
    """The heading's lines (title, then what the diagram shows), wrapped, and the line height."""
    sub = "Arcs of the lights, seen from above, bow up; radii " + (
        "to scale of range" if to_scale else "not to scale")
    if aspect is not None:
        sub += f"; observer at {aspect:g}°"
    head = [("title", title or f"{display.vessel.describe(display.length_system)} ({display.edition})"), ("dim", sub)]
    gaps = "; ".join(dict.fromkeys(n.words() for n in display.notes if n.kind == "gap"))
    if gaps:
        head.append(("text", f"not known (she may show more or other lights): {gaps}"))
    head += _off_centre_lines(display, chosen)
    lines, _, line_h = wrap_lines(head, width, height, style, max_share=0.24)
    return lines, line_h


def _off_centre_lines(display: Any, chosen: tuple[Any, ...] | list[Any]) -> list[tuple[str, str]]:
    """A masthead light off the centreline (COLREGs 23(d)(iii), Inland 21(a)): the light drawn so and the provision,
    or the display's note that it may not stand so (drawn on the centreline)."""
    roles = {i.role for i in chosen if not i.off_centreline}
    out = [("text", f"{i.role} off the centreline ({i.off_centreline}): drawn to starboard, side and offset assumed")
           for i in chosen if i.off_centreline]
    out += [("text", f"{n.role}: off the centreline not permitted ({n.citation.rule}): drawn on it")
            for n in display.notes if n.kind == "placement" and n.role in roles]
    return out


def _legend_rows(groups: list[_Group]) -> list[LegendRow]:
    """One legend row a sector: its roles; colour, width and whether assumed; rules and ranges."""
    rows: list[LegendRow] = []
    for g in groups:
        roles = ", ".join(dict.fromkeys(i.role for i in g.items))
        if g.all_round:
            arc_t = f"{g.colour}, all round"
        else:
            w = g.width
            arc_t = f"{g.colour}, {w:g}° ({w / 11.25:g} points)"     # the ends are marked on the rim
        rngs = dict.fromkeys(i.range_as_written or ("range not known" if i.kind_citation.provenance == "gap"
                                                    else "range not stated") for i in g.items)
        rules = "; ".join(dict.fromkeys(i.citation.rule for i in g.items))
        cite_t = f"{rules} · {', '.join(rngs)}"
        if g.assumed:
            arc_t += ", arc assumed"
        rows.append((g.colour, (roles, arc_t, cite_t)))
    return rows


def _layout(width: int, height: int, head_text_h: float, n_rows: int, style: Style) -> _Layout:
    """The diagram's place and size; the legend's rows decide how much height it needs below (tall canvases)."""
    font = font_size(style, width, height)
    side = width >= 1.15 * height
    legend_w = width * style.plan_legend_share if side else width
    area_w = width - legend_w if side else width
    head_h = head_text_h + font * 0.6
    small = max(style.font_min_px, font * 0.85)
    row_h = small * 1.25 * 3 + small * 0.6
    if not side:
        need = head_h + row_h * max(1, n_rows) + font
        area_h = max(height * 0.55, height - need)
    else:
        area_h = height
    cx, cy = area_w / 2, head_h + (area_h - head_h) / 2
    word = small * style.char_em * len("starboard") + font
    r_out = max(10.0, min(area_w / 2 - word, (area_h - head_h) / 2 - font * 1.6))
    return _Layout(width, height, font, small, side, legend_w, area_w, area_h, head_h, row_h, cx, cy, r_out)


def _page(cx: float, cy: float, r: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return cx + r * math.sin(a), cy - r * math.cos(a)


def _fmt_deg(v: float) -> str:
    return f"{v:g}°"


# ------------------------------------------------------------------------------------------
# Elements, in painting order


def _furniture(lay: _Layout, style: Style) -> list[Element]:
    """A tick every point round the outer radius, and the cardinal words. (No ring: resvg rasterises a
    large circle slowly, and the ticks draw it well enough.)"""
    cx, cy, r_out, small = lay.cx, lay.cy, lay.r_out, lay.small
    els: list[Element] = []
    for k in range(32):
        deg = k * 11.25
        inner = r_out * (0.96 if k % 2 else 0.92)
        x1, y1 = _page(cx, cy, inner, deg)
        x2, y2 = _page(cx, cy, r_out, deg)
        els.append(Line(x1, y1, x2, y2, style.plan_grid, width=1.0, cls="tick"))
    for cardinal, word in ((0, "ahead"), (90, "starboard"), (180, "astern"), (270, "port")):
        x, y = _page(cx, cy, r_out + lay.font * 0.9, cardinal)
        anchor = "middle" if cardinal in (0, 180) else ("start" if cardinal == 90 else "end")
        els.append(Text(x, y + small * 0.35 + (small * 0.3 if cardinal == 180 else 0), word, small,
                        style.caption_dim, anchor=anchor, cls="cardinal"))
    return els


def _sectors(groups: list[_Group], lay: _Layout, ranges: bool, max_range: float | None,
             style: Style) -> list[Element]:
    """Sectors, outermost tier first, every arc drawn from midships as in the manuals' diagrams (the
    vessel is drawn over their apex)."""
    els: list[Element] = []
    for g in sorted(groups, key=lambda g: g.tier):
        dash = None
        if ranges and max_range:
            if g.range:
                r = lay.r_out * g.range / max_range
            else:
                r, dash = lay.r_out * 0.5, "4 3"
        else:
            r = lay.r_out * max(0.3, 1.0 - style.plan_tier_step * g.tier)
        opacity = style.sector_opacity * (0.6 if g.all_round else 1.0) * (1.25 if g.colour == "white" else 1.0)
        els.append(Sector(lay.cx, lay.cy, r, g.arc[0], g.arc[1], g.all_round, style.sector(g.colour), opacity,
                          tuple(dict.fromkeys(i.role for i in g.items)), g.colour,
                          tuple(dict.fromkeys(i.cite for i in g.items)), dash))
    return els


def _rings_and_ends(groups: list[_Group], lay: _Layout, ranges: bool, max_range: float | None,
                    style: Style) -> list[Element]:
    """Range rings with their labels (when to scale), and the angles where arcs end, on the rim."""
    cx, cy, small = lay.cx, lay.cy, lay.small
    els: list[Element] = []
    if ranges and max_range:
        for rng in sorted({g.range for g in groups if g.range}):
            r = lay.r_out * rng / max_range
            els.append(Circle(cx, cy, r, None, stroke=style.plan_grid, stroke_width=1.0, dash="5 4", cls="range-ring"))
            x, y = _page(cx, cy, r, 135)
            label = f"{rng:g} nm"
            w = len(label) * small * style.char_em + small * 0.6
            els.append(Rect(x + 1, y - small * 1.15, w, small * 1.3, style.plan_bg, opacity=0.75, cls="range-label-bg"))
            els.append(Text(x + 1 + small * 0.3, y - small * 0.15, label, small, style.plan_text, cls="range-label"))
    ends = sorted({round(e % 360.0, 4) for g in groups if not g.all_round for e in g.arc} - {0.0, 180.0})
    for e in ends:
        x, y = _page(cx, cy, lay.r_out + lay.font * 0.5, e)
        anchor = "start" if 0 < e < 180 else "end"
        if e in (90.0, 270.0):
            continue
        els.append(Text(x, y + small * 0.35, _fmt_deg(e), small, style.plan_text, anchor=anchor, cls="arc-end"))
    return els


def _vessel(chosen: list[Any], pl: Any, lay: _Layout, hull: bool, style: Style) -> list[Element]:
    """The vessel, bow up (her frame: x forward, y starboard; on the page right is starboard), and her
    lights as dots where they stand."""
    L, B = pl.length_m, pl.breadth_m
    k = style.plan_vessel_of_radius * lay.r_out / max(L, 1e-6)

    def at(x: float, y: float) -> tuple[float, float]:
        return lay.cx + y * k, lay.cy - x * k

    els: list[Element] = []
    if hull:
        els.append(Polygon(tuple(at(sx * L, sy * max(B, L * 0.12)) for sx, sy in _DECK), style.plan_hull,
                           stroke=style.plan_hull_outline, stroke_width=1.0, cls="hull"))
    for it in chosen:
        p = pl.get(it.role)
        x, y = at(p.x_m, p.y_m)
        glow, _ = style.light(it.colour)
        els.append(Circle(x, y, max(2.0, lay.font * 0.22), glow, stroke="#000000", stroke_width=0.5,
                          cls="light-dot"))
    return els


def _observer(aspect: float, lay: _Layout, style: Style) -> list[Element]:
    """The observer's bearing: a dashed line from near the centre to the rim, and a mark outside it."""
    cx, cy, r_out = lay.cx, lay.cy, lay.r_out
    x1, y1 = _page(cx, cy, r_out * 0.2, aspect)
    x2, y2 = _page(cx, cy, r_out * 1.0, aspect)
    tip = _page(cx, cy, r_out + 2, aspect)
    left = _page(cx, cy, r_out + lay.font * 0.9, aspect - 4)
    right = _page(cx, cy, r_out + lay.font * 0.9, aspect + 4)
    return [Line(x1, y1, x2, y2, style.plan_text, width=1.2, opacity=0.8, dash="6 4", cls="observer"),
            Polygon((tip, left, right), style.plan_text, cls="observer-mark")]


def _heading_text(head_lines: list[tuple[str, str]], line_h: float, lay: _Layout, style: Style) -> list[Element]:
    font = lay.font
    return [Text(font * 0.8, font * 0.4 + (k + 0.85) * line_h, text, font,
                 style.caption_dim if kind == "dim" else style.plan_text,
                 weight="bold" if kind == "title" else "normal", cls=f"caption caption-{kind}")
            for k, (kind, text) in enumerate(head_lines)]


def _legend(legend_rows: list[LegendRow], lay: _Layout, style: Style) -> list[Element]:
    """A swatch and three lines a row, cut (with '… and N more') where the canvas ends."""
    font, small, row_h = lay.font, lay.small, lay.row_h
    lx = lay.area_w + font * 0.5 if lay.side else font * 0.8
    ly = (lay.head_h + font * 0.6) if lay.side else (lay.area_h + font * 0.4)
    avail_w = (lay.legend_w - font) if lay.side else (lay.width - 2 * font * 0.8)
    chars = max(10, int((avail_w - font * 1.6) / (small * style.char_em)))
    space_rows = int((lay.height - ly) / row_h)
    rows = legend_rows
    more = 0
    if len(rows) > space_rows:
        more = len(rows) - max(space_rows - 1, 0)
        rows = rows[:max(space_rows - 1, 0)]
    els: list[Element] = []
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
    return els
