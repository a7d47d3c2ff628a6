"""Aspect sectors: the exact intervals of aspect within which the observer's picture does not change.

The picture (which lights are seen) changes only at the end points of the arcs of
the chosen lights. ``sectors(display)`` cuts the circle at those points, evaluates
each point and each open interval between them, and merges neighbours that show
the same lights.

How they are reported (docs/view.md, "Sectors"):

* Each :class:`Sector` runs clockwise from ``start_deg`` to ``end_deg``, with
  ``start_closed`` / ``end_closed`` saying whether the end points belong to it.
* Arcs are closed, so where two arcs meet (the sidelights dead ahead, the green
  sidelight and the stern light at 112.5°) both are seen on the boundary itself:
  that single aspect is its own sector, ``start_deg == end_deg``, both ends closed.
* Sectors cover the circle exactly once, in clockwise order, the one holding
  right ahead (aspect 0) first. Ends lie in
  [0, 360]; a sector that runs through right ahead has ``start_deg > end_deg``
  (as an arc does); with no arc ends at all, one sector [0, 360).
* Range does not depend on aspect, so at any fixed distance the picture is also
  constant within each sector (fewer lights, perhaps, but the same in all of it).

>>> import navlights
>>> d = navlights.display({"propulsion": "power", "length": "200 ft"}, "intl-1960")
>>> [s.label() for s in sectors(d)][:3]
['[0°]', '(0°, 112.5°)', '[112.5°]']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..model import Display
from .view import resolve_period, select

EPS = 1e-9


def fmt_deg(x: float) -> str:
    """'112.5', '0', '33.75'."""
    return f"{x:.6f}".rstrip("0").rstrip(".")


@dataclass(frozen=True, slots=True)
class Interval:
    """An interval of aspect, clockwise from ``start_deg`` to ``end_deg``, each end open or closed.

    A single aspect (where two arcs meet) has ``start_deg == end_deg`` and both ends closed; an interval
    with ``start_deg > end_deg`` runs through right ahead (0°).
    """

    start_deg: float
    end_deg: float
    start_closed: bool
    end_closed: bool

    @property
    def point(self) -> bool:
        """A single aspect (where two arcs meet)."""
        return self.start_deg == self.end_deg and self.start_closed and self.end_closed

    @property
    def width_deg(self) -> float:
        if self.point:
            return 0.0
        w = (self.end_deg - self.start_deg) % 360.0
        return 360.0 if w == 0.0 else w

    @property
    def wraps(self) -> bool:
        """Runs through right ahead (0°)."""
        return self.end_deg < self.start_deg

    @property
    def mid_deg(self) -> float:
        """An aspect well inside the interval (its middle, or the point itself)."""
        return self.start_deg if self.point else (self.start_deg + self.width_deg / 2.0) % 360.0

    def inner(self) -> float:
        """An aspect well inside the interval (same as :attr:`mid_deg`)."""
        return self.mid_deg

    def contains(self, aspect_deg: float, eps: float = EPS) -> bool:
        """True if the aspect lies in the interval (within ``eps`` of a closed end counts as on it)."""
        a = float(aspect_deg) % 360.0
        if self.point:
            return abs((a - self.start_deg + 180.0) % 360.0 - 180.0) <= eps
        rel = (a - self.start_deg) % 360.0
        w = self.width_deg
        if rel > 360.0 - eps:
            rel -= 360.0
        if abs(rel) <= eps:
            return self.start_closed
        if abs(rel - w) <= eps:
            return self.end_closed
        return 0.0 < rel < w

    def label(self, fmt=None) -> str:
        """'[0°]', '(0°, 112.5°)', '[247.5°, 360°)'."""
        f = fmt or fmt_deg
        if self.point:
            return f"[{f(self.start_deg)}°]"
        return (("[" if self.start_closed else "(") + f"{f(self.start_deg)}°, "
                + f"{f(self.end_deg)}°" + ("]" if self.end_closed else ")"))


@dataclass(frozen=True, slots=True)
class Sector(Interval):
    """An interval of aspect (clockwise from start to end) with one picture."""

    roles: tuple[str, ...] = ()          # in display order
    colours: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"start_deg": self.start_deg, "end_deg": self.end_deg, "start_closed": self.start_closed,
                "end_closed": self.end_closed, "point": self.point, "wraps": self.wraps,
                "width_deg": self.width_deg, "label": self.label(), "roles": list(self.roles),
                "colours": list(self.colours)}


def sectors(display: Display, *, choose: str | Mapping[str, Any] = "typical",
            period: str | None = None) -> tuple[Sector, ...]:
    """The aspect sectors of the display's chosen items, clockwise from right ahead."""
    import numpy as np

    from .. import geometry as g

    period = resolve_period(display, period)
    items = [i for i, _ in select(display, choose, period)]
    arcs = []
    for it in items:
        if it.what == "light" and it.arc_deg is not None and not it.all_round:
            arcs.append((it.arc_deg[0] % 360.0, float(g.arc_width(*it.arc_deg))))
        else:
            arcs.append((0.0, 360.0))
    roles = tuple(i.role for i in items)
    colours = tuple(i.colour for i in items)
    cuts = sorted({round(f % 360.0, 9) for f, w in arcs if w < 360.0}
                  | {round((f + w) % 360.0, 9) for f, w in arcs if w < 360.0})
    if not cuts:
        return (Sector(0.0, 360.0, True, False, roles, colours),)
    k = len(cuts)
    # pieces: point cuts[i], then the open interval (cuts[i], cuts[i+1]) (the last wraps through 0).
    probes = []
    for i, c in enumerate(cuts):
        nxt = cuts[i + 1] if i + 1 < k else cuts[0] + 360.0
        probes += [c, ((c + nxt) / 2.0) % 360.0]
    f = np.array([a[0] for a in arcs]) if arcs else np.zeros(0)
    w = np.array([a[1] for a in arcs]) if arcs else np.zeros(0)
    mask = g.in_arc(np.array(probes).reshape(-1, 1), f, w)
    sets = [tuple(bool(x) for x in row) for row in mask]

    def make(run: list[int]) -> Sector:
        first, last = run[0], run[-1]
        ci, li = first // 2, last // 2
        start = cuts[ci]
        start_closed = first % 2 == 0
        if last % 2 == 0:
            end, end_closed = cuts[li], True
        else:
            end = cuts[li + 1] if li + 1 < k else cuts[0] + 360.0
            end_closed = False
        if end > 360.0:
            end -= 360.0
        sel = sets[first]
        return Sector(float(start), float(end), start_closed, end_closed,
                      tuple(r for r, s in zip(roles, sel) if s), tuple(c for c, s in zip(colours, sel) if s))

    runs: list[list[int]] = []
    for p in range(2 * k):
        if runs and sets[runs[-1][-1]] == sets[p]:
            runs[-1].append(p)
        else:
            runs.append([p])
    if len(runs) == 1:
        return (Sector(0.0, 360.0, True, False, make(runs[0]).roles, make(runs[0]).colours),)
    if sets[runs[0][0]] == sets[runs[-1][-1]]:
        # the last run goes on through 0 into the first: one sector with start > end
        head, tail = make(runs.pop()), make(runs.pop(0))
        out = [Sector(head.start_deg, tail.end_deg, head.start_closed, tail.end_closed, head.roles,
                      head.colours)] + [make(r) for r in runs]
    else:
        out = [make(r) for r in runs]
    first = next(i for i, s in enumerate(out) if s.contains(0.0))
    return tuple(out[first:] + out[:first])
