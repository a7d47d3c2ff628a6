"""A vessel's picture from the vessel itself: the display the view draws (lights by night and in the plan, shapes by
day) and the other time of day's display for the masts, then the scene (:func:`.scene.build`). What the facade's
``render_*`` functions and the galleries share; it takes displays from the engine (``engines.display.remembered``),
never from the facade."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..engines.display import remembered
from ..errors import NavlightsError
from ..model import Display, Edition
from ..vessel import Vessel, make_vessel
from .elements import check_view


def vessel_for_view(vessel: dict[str, Any] | Vessel, view: str) -> Vessel:
    """The vessel with the time of day the view draws: lights by night (and in the plan), shapes by day.

    Restricted visibility is kept (it shows lights and shapes)."""
    view = check_view(view)
    v = make_vessel(vessel)
    want = "day" if view == "day" else "night"
    if v.time in (want, "restricted-visibility"):
        return v
    return _at_time(v, want)


@lru_cache(maxsize=512)
def _at_time(v: Vessel, time: str) -> Vessel:
    """``v`` at ``time`` of day, made once per vessel (a picture asks for both times on every aspect)."""
    fields = {k: getattr(v, k) for k in Vessel.model_fields}
    fields["time"] = time
    return Vessel.model_construct(_fields_set=set(v.model_fields_set) | {"time"}, **fields)


def displays(vessel: dict[str, Any] | Vessel, ed: Edition, view: str) -> tuple[Display, Display | None]:
    """The display the view draws, and the other time of day's display (for the masts), if it can be made."""
    d = remembered(vessel_for_view(vessel, view), ed)
    if view == "plan":
        return d, None
    try:
        rig = remembered(vessel_for_view(vessel, "night" if view == "day" else "day"), ed)
    except NavlightsError:
        rig = None
    return d, rig


def scene(vessel: dict[str, Any] | Vessel, ed: Edition, *, view: str = "night", **options: Any) -> Any:
    """The scene of one view of the vessel under the edition; ``options`` as :func:`.scene.build` takes them."""
    from .scene import build
    d, rig = displays(vessel, ed, view)
    return build(d, view, edition_title=ed.title, rig=rig, **options)
