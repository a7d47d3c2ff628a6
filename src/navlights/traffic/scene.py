"""A scene: an observer and the traffic around her at one time, and what she sees of each vessel.

For every vessel (a :class:`~navlights.traffic.model.Fix`) and every reading of her (a
:class:`~navlights.traffic.model.Candidate`): her true bearing and distance from the observer, her bearing
relative to the observer's head, her aspect (the observer's bearing from her bow, navlights' view convention),
the lights she shows (the display engine) and those the observer sees (in arc and in range: the vectorised view
core, :func:`navlights.geometry.pairs`, all vessels in one call). Where the data could not tell which signal she
shows, every reading is kept and marked; a reading whose rule is not known (a gap) or whose facts are missing says
so, never "no light".

Scene files (JSON, docs/traffic.md "Scenes")::

    {"time": "2020-09-14T21:30:00Z", "waters": "high-seas",           # or "edition": "intl-1972"
     "observer": {"lat": 50.0, "lon": -1.0, "heading": 90, "eye_height": 12, "visibility": 10},
     "vessels": [{"ident": "235000001", "lat": 50.05, "lon": -0.95, "heading": 250, "speed": 12,
                  "vessel": {"propulsion": "power", "length": "120 m"}},
                 {"ident": "227000002", "lat": ..., "lon": ..., "heading": null, "course": 300,
                  "candidates": [{"vessel": {...}, "basis": "..."}, {"vessel": {...}, "basis": "..."}]}]}
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import NavlightsError, excerpt
from . import geo
from .mapping import length_system
from .model import Candidate, Fix

DEFAULT_WATERS = "high-seas"
MAX_VESSELS = 20_000
#: Light nouns by canonical kind, for sentences ("her red sidelight").
_NOUNS = {"masthead": "masthead light", "sidelight": "sidelight", "sternlight": "sternlight",
          "towing": "towing light", "all-round": "all-round light", "flashing": "flashing light"}


class SceneError(NavlightsError, ValueError):
    """A scene or track file that cannot be read: one line naming the field, the value and what is allowed."""


def bad(field_name: str, value: Any, allowed: str, what: str = "is not allowed") -> SceneError:
    """The one-line error for a bad field."""
    return SceneError(f"{field_name}: {excerpt(value)} {what}; allowed: {allowed}", field=field_name, value=value,
                      allowed=allowed)


@dataclass(frozen=True)
class Observer:
    """Own ship: position (WGS 84 degrees), heading (true), height of eye (m) and visibility (nm)."""

    lat: float
    lon: float
    heading_deg: float = 0.0
    eye_height_m: float | None = None
    visibility_nm: float | None = None
    ident: str = "own ship"


@dataclass(frozen=True)
class LightSeen:
    """One light of a reading, as the observer sees it (or why not)."""

    role: str
    colour: str
    name: str                      # "red sidelight"
    cite: str
    seen: bool
    reason: str | None             # not seen: 'arc', 'range', 'aspect-unknown'
    range_limit_nm: float | None   # the distance within which it is seen (rule range, visibility, horizon)
    offset_deg: float              # apparent offset across the line of sight, + to the observer's right
    height_m: float
    flags: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role, "colour": self.colour, "name": self.name, "cite": self.cite, "seen": self.seen,
                "reason": self.reason,
                "range_limit_nm": None if self.range_limit_nm is None else round(self.range_limit_nm, 3),
                "offset_deg": round(self.offset_deg, 5), "height_m": round(self.height_m, 2),
                "flags": list(self.flags)}


@dataclass(frozen=True)
class Reading:
    """One reading of a vessel (a candidate) under an edition: the lights she shows and those seen."""

    basis: str
    assumptions: tuple[str, ...]
    edition: str
    vessel: dict[str, Any]
    description: str
    lights: tuple[LightSeen, ...] = ()
    gaps: tuple[str, ...] = ()     # what the rule base does not know for her
    error: str | None = None       # the display could not be made (a missing fact): nothing is said of her lights

    @property
    def seen(self) -> tuple[LightSeen, ...]:
        return tuple(x for x in self.lights if x.seen)

    def picture(self) -> str:
        """What is seen, in a few words; never 'no light' where a rule is not known."""
        if self.error:
            return f"not known: {self.error}"
        seen = self.seen
        if not seen:
            gaps = f"; not known: {'; '.join(self.gaps)}" if self.gaps else ""
            if any(x.reason == "range" for x in self.lights):
                return "no light in range" + gaps
            return f"no light known: {'; '.join(self.gaps)}" if self.gaps else "no light in sight"
        return ", ".join(x.name for x in sorted(seen, key=lambda x: x.offset_deg))

    def to_dict(self) -> dict[str, Any]:
        return {"basis": self.basis, "assumptions": list(self.assumptions), "edition": self.edition,
                "vessel": self.vessel, "description": self.description, "error": self.error,
                "picture": self.picture(), "shows": [x.to_dict() for x in self.lights],
                "seen": [x.role for x in self.seen], "gaps": list(self.gaps), "complete": not self.gaps}


@dataclass(frozen=True)
class Target:
    """One vessel of the scene as the observer finds her."""

    ident: str
    lat: float
    lon: float
    bearing_deg: float             # true, from the observer
    distance_nm: float
    relative_deg: float            # from the observer's head, clockwise
    aspect_deg: float | None       # the observer's bearing from her bow; None: her heading is not known
    heading_deg: float | None
    readings: tuple[Reading, ...]
    notes: tuple[str, ...] = ()

    @property
    def certain(self) -> bool:
        return len(self.readings) == 1

    def to_dict(self) -> dict[str, Any]:
        from ..engines.view import aspect_words
        return {"ident": self.ident, "lat": self.lat, "lon": self.lon, "bearing_deg": round(self.bearing_deg, 2),
                "distance_nm": round(self.distance_nm, 3), "relative_deg": round(self.relative_deg, 2),
                "aspect_deg": None if self.aspect_deg is None else round(self.aspect_deg, 2),
                "aspect_words": None if self.aspect_deg is None else aspect_words(round(self.aspect_deg, 6)),
                "heading_deg": self.heading_deg, "certain": self.certain,
                "readings": [r.to_dict() for r in self.readings], "notes": list(self.notes)}


@dataclass(frozen=True)
class SceneResult:
    """The whole scene: observer, time, the edition(s) used and every vessel."""

    time: dt.datetime | None
    observer: Observer
    edition_basis: str
    targets: tuple[Target, ...]
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        o = self.observer
        return {"time": None if self.time is None else self.time.isoformat().replace("+00:00", "Z"),
                "observer": {"ident": o.ident, "lat": o.lat, "lon": o.lon, "heading_deg": o.heading_deg,
                             "eye_height_m": o.eye_height_m, "visibility_nm": o.visibility_nm},
                "edition_basis": self.edition_basis, "notes": list(self.notes),
                "geometry": "bearings and distances on the mid-latitude plane of WGS 84 (navlights.traffic.geo)",
                "vessels": [t.to_dict() for t in self.targets]}


# ------------------------------------------------------------------------------------------
# Editions


def edition_for(time: dt.datetime | None, waters: str = DEFAULT_WATERS, edition: str | None = None) -> tuple[str, str]:
    """The edition to judge by and why: the one named, else the one in force at the time in the waters."""
    from ..engines.compare import governing
    from ..rulebase.loader import edition as edition_named, editions
    if edition:
        return edition_named(edition).id, f"{edition_named(edition).id}: named"
    if time is None:
        raise bad("time", None, "an ISO 8601 time (to find the edition in force), or an edition named")
    g = governing(time.date(), waters, editions())
    if g.edition is None:
        raise bad("time", time.date().isoformat(), f"a date navlights holds rules for in {waters} ({g.text})",
                  "is not covered")
    return g.edition, g.text


# ------------------------------------------------------------------------------------------
# Light tables: one per display, cached for the call


@dataclass
class _Table:
    items: list[Any]
    rows: list[tuple[float, float, float, float, float, float]]


def light_name(item: Any) -> str:
    """'red sidelight', 'white masthead light (aft)'."""
    noun = _NOUNS.get(item.canonical) or ("masthead light" if item.canonical.startswith("masthead")
                                          else f"{item.canonical} light")
    return f"{item.colour} {noun}" + (" (aft)" if item.role.endswith("-aft") else "")


def _table(display: Any) -> _Table:
    from ..engines.view import select
    from ..geometry import arc_width
    from ..placement import place
    items = [i for i, _ in select(display, "typical", "night") if i.what == "light"]
    v = display.vessel
    pl = place(items, getattr(v, "length_m", None), getattr(v, "breadth_m", None))
    rows = []
    for it in items:
        p = pl.get(it.role)
        if it.arc_deg is not None and not it.all_round:
            f, w = it.arc_deg[0] % 360.0, float(arc_width(*it.arc_deg))
        else:
            f, w = 0.0, 360.0
        rows.append((f, w, it.range_nm if it.range_nm is not None else math.nan, p.x_m, p.y_m, p.z_m))
    return _Table(items, rows)


def _gap_words(display: Any) -> tuple[str, ...]:
    from ..engines.view import picture_gaps
    return tuple(dict.fromkeys(n.words() for n in picture_gaps(display, "night")))


# ------------------------------------------------------------------------------------------
# The scene


def _heading(fix: Fix) -> tuple[float | None, tuple[str, ...]]:
    if fix.heading_deg is not None:
        return fix.heading_deg % 360.0, ()
    if fix.course_deg is not None:
        return fix.course_deg % 360.0, ("heading not known: her course over ground is taken for her heading",)
    return None, ("heading not known (nor her course): which of her lights are in arc cannot be told; "
                  "only her all-round lights are shown as seen",)


def _readings_plan(fixes: list[Fix], time: dt.datetime | None, waters: str,
                   edition: str | None) -> tuple[list[tuple[int, Candidate, str, Any, str | None]], str]:
    """Every (fix index, candidate, edition, display or None, error) to evaluate, and the edition basis."""
    from ..engines.display import remembered
    from ..rulebase.loader import edition as edition_named
    cache: dict[tuple[dt.date | None, str | None], tuple[str, str]] = {}
    plan: list[tuple[int, Candidate, str, Any, str | None]] = []
    bases: dict[str, str] = {}
    for k, f in enumerate(fixes):
        if edition:
            ed, basis = edition_for(None, waters, edition)
        elif f.edition:                           # decided with her data (the AIS mapping says how)
            ed, basis = edition_for(None, waters, f.edition)
            basis = f.edition_basis or basis
        else:
            when = f.time or time
            key = (when.date() if when else None, waters)
            if key not in cache:
                cache[key] = edition_for(when, waters)
            ed, basis = cache[key]
        bases[ed] = basis
        if not f.candidates:
            plan.append((k, Candidate(vessel=None, basis="no reading: the source gave nothing of what she is"),  # type: ignore[arg-type]
                         ed, None, "what she is was not given, so her lights cannot be told"))
            continue
        for c in f.candidates:
            try:
                plan.append((k, c, ed, remembered(c.vessel, edition_named(ed)), None))
            except NavlightsError as e:
                plan.append((k, c, ed, None, str(e)))
    return plan, "; ".join(bases.values())


def compute(observer: Observer, fixes: list[Fix], time: dt.datetime | None = None, *,
            waters: str = DEFAULT_WATERS, edition: str | None = None) -> SceneResult:
    """What the observer sees of every vessel at the time: all (vessel, reading) pairs in one vectorised call."""
    from .. import geometry as g
    if len(fixes) > MAX_VESSELS:
        raise bad("vessels", len(fixes), f"at most {MAX_VESSELS} vessels in one scene", "is too many")
    first = edition_for(time, waters, edition) if time is not None or edition else None   # checked, vessels or none
    plan, basis = _readings_plan(fixes, time, waters, edition)
    basis = basis or (first[1] if first else "")
    lat = np.array([f.lat for f in fixes], dtype=float)
    lon = np.array([f.lon for f in fixes], dtype=float)
    brg, dist = geo.bearings_distances(observer.lat, observer.lon, lat, lon)
    back = (brg + 180.0) % 360.0
    heads = [_heading(f) for f in fixes]
    aspects = np.array([math.nan if h is None else float(geo.aspect_deg(b, h)) for (h, _), b in zip(heads, back)])
    tables: dict[int, int] = {}
    tlist: list[_Table] = []
    for _, _, _, d, _ in plan:
        if d is not None and id(d) not in tables:
            tables[id(d)] = len(tlist)
            tlist.append(_table(d))
    res = None
    ok = [p for p in plan if p[3] is not None]
    if ok and tlist:
        fleet = g.Fleet.stack([g.LightTable.from_rows(t.rows) if t.rows else g.LightTable.from_rows([])
                               for t in tlist])
        idx = np.array([tables[id(p[3])] for p in ok], dtype=np.intp)
        k = np.array([p[0] for p in ok], dtype=np.intp)
        a = np.nan_to_num(aspects[k], nan=0.0)
        d_ = np.maximum(dist[k], 1e-6)
        res = g.pairs(fleet, idx, a, d_, eye_height_m=observer.eye_height_m, visibility_nm=observer.visibility_nm,
                      with_limits=True)
        res["in_arc"] = _arcs(fleet, idx, a)
    readings: list[list[Reading]] = [[] for _ in fixes]
    row = 0
    for k_, c, ed, d, err in plan:
        if d is None:
            readings[k_].append(Reading(c.basis, c.assumptions, ed, {} if c.vessel is None else c.vessel.to_json(),
                                        "" if c.vessel is None else c.vessel.describe(length_system(ed)), (), (),
                                        err))
            continue
        t = tlist[tables[id(d)]]
        readings[k_].append(_reading(c, ed, d, t, res, row, float(dist[k_]), math.isnan(aspects[k_])))
        row += 1
    targets = []
    for k_, f in enumerate(fixes):
        h, notes = heads[k_]
        rel = float(geo.relative_deg(brg[k_], observer.heading_deg))
        targets.append(Target(f.ident, f.lat, f.lon, float(brg[k_]), float(dist[k_]), rel,
                              None if h is None else float(aspects[k_]), h, tuple(readings[k_]),
                              tuple(f.notes) + notes + _time_note(f, time)))
    return SceneResult(time, observer, basis, tuple(targets))


def _arcs(fleet: Any, idx: np.ndarray, aspects: np.ndarray) -> np.ndarray:
    """In arc, per pair and light (pairs by lights), from the packed fleet (padding never)."""
    from ..geometry import Fleet, normalise
    lo = fleet.packed[Fleet.LO][:, idx].T
    span = fleet.packed[Fleet.SPAN][:, idx].T
    t = normalise(aspects)[:, None] - lo
    return ((t >= 0.0) & (t <= span)) | (t <= span - 360.0) | (t >= 360.0)


def _time_note(f: Fix, time: dt.datetime | None) -> tuple[str, ...]:
    if time is None or f.time is None:
        return ()
    lag = abs((f.time - time).total_seconds())
    return (f"her position is of {f.time.isoformat()}, {lag:.0f} s from the scene's time",) if lag > 60 else ()


def _reading(c: Candidate, ed: str, d: Any, t: _Table, res: Any, row: int, dist: float,
             no_aspect: bool) -> Reading:
    lights = []
    for j, it in enumerate(t.items):
        seen = bool(res["seen"][row, j])
        in_arc = bool(res["in_arc"][row, j])
        lim = float(res["limit_nm"][row, j])
        all_round = t.rows[j][1] >= 360.0
        reason: str | None
        if no_aspect and not all_round:
            seen, reason = False, "aspect-unknown"
        else:
            reason = None if seen else ("arc" if not in_arc else "range")
        off = float(res["offset_m"][row, j])
        flags = tuple(f for f, on in (("range-unknown", it.kind_citation.provenance == "gap"),
                                      ("range-not-stated", it.range_nm is None
                                       and it.kind_citation.provenance != "gap"),
                                      ("general", it.status == "general"),
                                      ("arc-assumed", it.arc_assumed)) if on)
        lights.append(LightSeen(it.role, it.colour, light_name(it), str(it.citation), seen, reason,
                                None if math.isinf(lim) or math.isnan(lim) else lim,
                                math.degrees(math.atan2(off, dist * geo.METRES_PER_NM)), t.rows[j][5], flags))
    return Reading(c.basis, c.assumptions, ed, c.vessel.to_json(), c.vessel.describe(d.length_system), tuple(lights),
                   _gap_words(d))
