"""The day view: hull, masts and the day shapes at their places and sizes.

Shapes are drawn at their stated size (2 ft) or at least 14 px at 800 px wide, whichever is larger,
and never more than 0.8 of the gap to the next shape in their vertical line (docs/render.md).
"""

from __future__ import annotations

import math
from typing import Any

from .elements import Element, Scene, Shape
from .frame import Frame
from .scene_side import optional_marks, side_scene, spread
from .style import DEFAULT_STYLE, Style


def day_scene(picture: Any, display: Any = None, *, width: int = 800, height: int = 500, caption: bool = True,
              hull: bool = True, title: str | None = None, edition_title: str | None = None, rig: Any = None,
              style: Style = DEFAULT_STYLE) -> Scene:
    """The day view: hull, masts and the day shapes at their places and sizes (``rig`` as for the night)."""
    return side_scene(picture, display, rig, "day", width, height, caption, hull, title, edition_title, style,
                      _shapes)


def _shapes(picture: Any, display: Any, fr: Frame, width: int, style: Style) -> list[Element]:
    sizes = {i.role: i.size_m for i in display.items if i.what == "shape"} if display else {}
    return _shape_elements(picture, fr, width, sizes, style)


#: A shape whose rule gives no size is drawn 2 ft (0.61 m) across, as the historical editions give (assumed).
DEFAULT_SHAPE_M = 0.6096


def _shape_elements(picture: Any, fr: Frame, width: int, sizes_m: dict[str, float | None],
                    style: Style) -> list[Element]:
    from ..engines.view import COLUMN_TOL_M
    items = list(picture.items)
    pts = [fr.px(s.offset_m, s.height_m) for s in items]
    sizes = []
    for s in items:
        sizes.append(max((sizes_m.get(s.role) or DEFAULT_SHAPE_M) * fr.scale,
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
    marks: list[tuple[float, float, float, str]] = []
    for k, (s, (x, y), size) in enumerate(zip(items, drawn, sizes)):
        fill, stroke = style.shape(s.colour)
        out.append(Shape(s.canonical, x, y, max(size, 3.0), fill, stroke, s.role, s.colour, s.cite,
                         tuple(s.flags) + (("spread",) if k in moved else ()), pts[k] if k in moved else None))
        if s.status == "optional":
            marks.append((x, y, max(size, 3.0) * 0.75, stroke))
    return out + optional_marks(marks)
