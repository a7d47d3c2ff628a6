"""The night view: each light of the picture seen as a glowing point at its apparent place.

A pale core and a radial glow of the light's colour; brightness falls with distance (to 0.3 at
least), the core shrinks with the square root of the picture's scale and is held under 0.42 of the
smallest gap between two lights, so that lights in a vertical line stay apart (docs/render.md).
"""

from __future__ import annotations

import math
from typing import Any

from .elements import DEFAULT_FLASHES_PER_MIN, Element, Light, Scene, drawn_rate
from .frame import Frame
from .scene_side import optional_marks, side_scene, spread
from .style import DEFAULT_STYLE, Style


def night_scene(picture: Any, display: Any = None, *, width: int = 800, height: int = 500, caption: bool = True,
                hull: bool = True, title: str | None = None, edition_title: str | None = None, rig: Any = None,
                style: Style = DEFAULT_STYLE) -> Scene:
    """The night view: each light seen as a glowing point at its apparent place.

    ``display`` gives the items' kinds and sizes; ``rig`` (a display of the other time of day)
    adds the masts that carry the other period's items."""
    return side_scene(picture, display, rig, "night", width, height, caption, hull, title, edition_title, style,
                      _lights)


def _lights(picture: Any, display: Any, fr: Frame, width: int, style: Style) -> list[Element]:
    return _light_elements(picture, fr, width, style)


def _brightness(seen: Any, distance_nm: float | None, style: Style) -> float:
    if distance_nm is None:
        return 1.0
    lim = seen.range_limit_nm
    if lim is None:
        b = 1.0 / (1.0 + 0.12 * distance_nm)
    else:
        b = 1.0 - 0.7 * min(1.0, distance_nm / lim) ** 2
    return max(style.light_min_brightness, min(1.0, b))


def _light_elements(picture: Any, fr: Frame, width: int, style: Style) -> list[Element]:
    true_pts = [fr.px(s.offset_m, s.height_m) for s in picture.items]
    base0 = style.light_core_px * width / 800.0 * math.sqrt(fr.shrink)
    pts, moved = spread(true_pts, 3.2 * base0)
    gap = math.inf
    for i in range(len(pts)):
        for j in range(i + 1, len(pts)):
            gap = min(gap, math.dist(pts[i], pts[j]))
    base = base0
    phases = _phases(picture.items)
    out: list[Element] = []
    marks: list[tuple[float, float, float, str]] = []
    for k, (s, (x, y)) in enumerate(zip(picture.items, pts)):
        b = _brightness(s, picture.distance_nm, style)
        core = max(style.light_core_min_px, base * (0.7 + 0.3 * b))
        if gap < math.inf:
            core = max(style.light_core_min_px, min(core, 0.42 * gap))
        glow = core * style.light_glow_ratio * (0.55 + 0.45 * b)
        glow_c, core_c = style.light(s.colour)
        flags = tuple(s.flags) + (("spread",) if k in moved else ())
        character = getattr(s, "character", "fixed")
        out.append(Light(x, y, core, glow, b, glow_c, core_c, s.role, s.colour, s.cite, flags,
                         true_pts[k] if k in moved else None, character,
                         _rate(s) if character == "flashing" else None, phases.get(k, 0.0)))
        if s.status == "optional":
            marks.append((x, y, max(core * 2.2, 6.0), core_c))
    return out + optional_marks(marks)


def _rate(s: Any) -> float | None:
    """The rate a flashing light is drawn at: its rule's, else, for lights that flash in turn, half the default (the
    pair changes over once a second, each lit one second in two: Annex II 3), else None (the default)."""
    rate = drawn_rate(getattr(s, "flashes_per_min", None))
    if rate is None and getattr(s, "alternating", False):
        return DEFAULT_FLASHES_PER_MIN / 2
    return rate


def _phases(items: Any) -> dict[int, float]:
    """Lights that flash in turn (``alternating``): of each colour, top down, every other one half a cycle later,
    so that one is lit while the other is dark (Annex II 3); the colours that have one such light each flash in turn
    with one another, in display order (the red and yellow light of a public-safety vessel, 33 CFR 88.07)."""
    out: dict[int, float] = {}
    by_colour: dict[str, list[int]] = {}
    for k, s in enumerate(items):
        if getattr(s, "alternating", False) and getattr(s, "character", "fixed") == "flashing":
            by_colour.setdefault(s.colour, []).append(k)
    single = [ks[0] for ks in by_colour.values() if len(ks) == 1]
    groups = [ks for ks in by_colour.values() if len(ks) > 1] + ([single] if len(single) > 1 else [])
    for ks in groups:
        order = ks if ks is single else sorted(ks, key=lambda k: -items[k].height_m)
        for n, k in enumerate(order):
            out[k] = 0.5 * (n % 2)
    return out
