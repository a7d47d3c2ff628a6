"""What a scene is made of: the canvas, and the elements drawn on it in pixels, in painting order.

A :class:`Scene` is a canvas size and a list of elements (rectangles, lines, polygons, circles,
text, and the three that carry meaning: :class:`Light`, :class:`Shape` and :class:`Sector`, each
with its role, colour and citation). The SVG writer (:mod:`.svg`) turns it into text;
:meth:`Scene.labels` turns it into JSON-ready labels (each light's pixel position and colour) for
use as labelled synthetic data. :func:`check_size` and :func:`check_view` check a canvas's size
and view before anything is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import RenderError
from .style import MAX_SIZE_PX, MIN_SIZE_PX, VIEWS
from ..errors import excerpt

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
    character: str = "fixed"      # "fixed" | "flashing"
    flashes_per_min: float | None = None          # the rate drawn for a flashing light (None: not stated)
    phase: float = 0.0            # a flashing light's place in its cycle: 0.5 lit while the 0 ones are dark

    @property
    def flashing(self) -> bool:
        return self.character == "flashing"

    @property
    def flash_period_s(self) -> float:
        """One flash cycle in seconds: from the rate, or 60 a minute where none is stated."""
        return 60.0 / (self.flashes_per_min or DEFAULT_FLASHES_PER_MIN)


#: The rate a flashing light is drawn at where its rule states none.
DEFAULT_FLASHES_PER_MIN = 60.0


def drawn_rate(flashes_per_min: tuple[float, float | None] | None) -> float | None:
    """The one rate drawn for a stated range: its middle, or its least where no most is stated."""
    if not flashes_per_min:
        return None
    lo, hi = flashes_per_min
    return lo if hi is None else (lo + hi) / 2.0


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
                              "character": e.character, "flashes_per_min": e.flashes_per_min,
                              **({"phase": e.phase} if e.phase else {}),
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
            raise RenderError(f"{name}: {excerpt(v)} is not allowed; allowed: {allowed}", field=name, value=v,
                              allowed=allowed)
        if not MIN_SIZE_PX <= v <= MAX_SIZE_PX:
            raise RenderError(f"{name}: {excerpt(v)} is out of range; allowed: {allowed}", field=name, value=v,
                              allowed=allowed)
        out.append(int(v))
    return out[0], out[1]


def check_view(view: Any) -> str:
    if view not in VIEWS:
        raise RenderError(f"view: {excerpt(view)} is not allowed; allowed: {', '.join(VIEWS)}", field="view",
                          value=view, allowed=", ".join(VIEWS))
    return view

