"""Scenes: what to draw, and where, in pixels, independent of the output format.

:func:`build` is the one entry point: the scene of one view of a display. The parts live beside it:

* :mod:`.elements`: :class:`Scene` and its elements (rectangles, lines, polygons, circles, text,
  and the three that carry meaning: :class:`Light`, :class:`Shape` and :class:`Sector`), and the
  checks of a canvas's size and view;
* :mod:`.scene_night` (:func:`night_scene`: each light a glowing point at its apparent place) and
  :mod:`.scene_day` (:func:`day_scene`: hull, masts and day shapes), which share
  :mod:`.scene_side` (sea and sky, caption, the scene), :mod:`.frame` (metres to pixels) and
  :mod:`.hull` (the vessel seen from the aspect);
* :mod:`.scene_plan` (:func:`plan_scene`: the arc diagram, from above);
* :mod:`.caption`: font size, wrapped lines, the caption band.

The names below are re-exported so that ``navlights.render.scene`` stays the place to import from.
"""

from __future__ import annotations

from typing import Any

from .caption import caption_reserve
from .elements import (Circle, Element, Fill, Light, Line, Polygon, Rect, Scene, Sector, Shape, Text, VGradient,
                       check_size, check_view)
from .hull import sail_rig
from .scene_day import day_scene
from .scene_night import night_scene
from .scene_plan import plan_scene
from .scene_side import spread
from .style import DEFAULT_STYLE, Style

__all__ = ["Circle", "Element", "Fill", "Light", "Line", "Polygon", "Rect", "Scene", "Sector", "Shape", "Text",
           "VGradient", "build", "caption_reserve", "check_size", "check_view", "day_scene", "night_scene",
           "plan_scene", "sail_rig", "spread"]


def build(display: Any, view: str = "night", *, aspect_deg: float = 45.0, distance_nm: float | None = None,
          width: int = 800, height: int = 500, caption: bool = True, hull: bool = True, title: str | None = None,
          eye_height_m: float | None = None, visibility_nm: float | None = None, choose: Any = "typical",
          ranges: bool = False, edition_title: str | None = None, rig: Any = None,
          style: Style = DEFAULT_STYLE, picture: Any = None) -> Scene:
    """The scene of one view of a display (the display already made for the view's time of day).

    ``rig``: the same vessel's display for the other time of day, whose items' masts are drawn too.
    ``picture``: the night or day view already made at this aspect (``engines.view.view`` of the same vessel,
    period and observer), drawn as it is rather than made again; the caller vouches that it is that view."""
    from ..engines.view import view as make_view
    view = check_view(view)
    check_size(width, height)
    vessel = getattr(display, "vessel", None)
    if getattr(vessel, "dredge_pipeline", False):
        hull = False                    # a pipeline is no vessel: its lights are drawn without a hull
    if view == "plan":
        return plan_scene(display, aspect_deg=aspect_deg, choose=choose, ranges=ranges, width=width,
                          height=height, caption=caption, hull=hull, title=title, edition_title=edition_title,
                          style=style)
    pic = picture if picture is not None else make_view(
        display, aspect_deg, distance_nm, eye_height_m=eye_height_m, visibility_nm=visibility_nm, choose=choose,
        period=view)
    if view == "day":
        return day_scene(pic, display, width=width, height=height, caption=caption, hull=hull, title=title,
                         edition_title=edition_title, rig=rig, style=style)
    return night_scene(pic, display, width=width, height=height, caption=caption, hull=hull, title=title,
                       edition_title=edition_title, rig=rig, style=style)
