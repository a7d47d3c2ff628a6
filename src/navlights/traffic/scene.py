"""A scene: an observer and the traffic around her at one time, and what she sees of each vessel.

For every vessel (a :class:`~navlights.traffic.model.Fix`) and every reading of her (a
:class:`~navlights.traffic.model.Candidate`): her true bearing and distance from the observer, her bearing
relative to the observer's head, her aspect (the observer's bearing from her bow, navlights' view convention),
the lights she shows (the display engine) and those the observer sees (in arc and in range: one flat vectorised
pass over every reading's own lights, with the view core's arc test, :func:`navlights.geometry.arc_bounds`, and
its ranges, :func:`navlights.geometry.luminous_once`). Where the data could not tell which signal she
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
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

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
    """Own ship: position (WGS 84 degrees), heading (true), height of eye (m) and visibility (nm); with her speed
    (and course) over ground, each vessel's role against her (:mod:`.scene_conduct`)."""

    lat: float
    lon: float
    heading_deg: float = 0.0
    eye_height_m: float | None = None
    visibility_nm: float | None = None
    ident: str = "own ship"
    speed_kn: float | None = None
    course_deg: float | None = None     # None: her heading stands for it


class LightSeen(NamedTuple):
    """One light of a reading, as the observer sees it (or why not), with its place among her lights' choices:
    ``status`` (required, optional, general), ``scheme`` (a whole set she may show instead of another, e.g. the
    sailing tricolour), ``group`` and ``option`` (either of two ways to show the same light, e.g. separate or
    combined sidelights). A tuple: a scene of thousands of vessels makes them by the tens of thousands."""

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
    status: str = "required"
    scheme: str | None = None
    group: str | None = None
    option: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role, "colour": self.colour, "name": self.name, "cite": self.cite, "seen": self.seen,
                "reason": self.reason,
                "range_limit_nm": None if self.range_limit_nm is None else round(self.range_limit_nm, 3),
                "offset_deg": round(self.offset_deg, 5), "height_m": round(self.height_m, 2),
                "flags": list(self.flags), "status": self.status, "scheme": self.scheme, "group": self.group,
                "option": self.option}


class Reading(NamedTuple):
    """One reading of a vessel (a candidate) under an edition: the lights she shows and those seen.
    ``alternatives``: the lights of her display not drawn (another scheme, another option of a group), each set
    with its scheme, group, option and cites: she may show them instead."""

    basis: str
    assumptions: tuple[str, ...]
    edition: str
    vessel: dict[str, Any]
    description: str
    lights: tuple[LightSeen, ...] = ()
    gaps: tuple[str, ...] = ()     # what the rule base does not know for her
    error: str | None = None       # the display could not be made (a missing fact): nothing is said of her lights
    alternatives: tuple[dict[str, Any], ...] = ()
    heading_cue: str | None = None  # which way she heads, told by her two masthead lights where both are seen apart

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
        words = ", ".join(x.name for x in sorted(seen, key=lambda x: x.offset_deg))
        return f"{words}: {self.heading_cue}" if self.heading_cue else words

    def to_dict(self) -> dict[str, Any]:
        return {"basis": self.basis, "assumptions": list(self.assumptions), "edition": self.edition,
                "vessel": dict(self.vessel), "description": self.description, "error": self.error,
                "picture": self.picture(), "shows": [x.to_dict() for x in self.lights],
                "seen": [x.role for x in self.seen], "gaps": list(self.gaps), "complete": not self.gaps,
                "alternatives": [dict(a) for a in self.alternatives], "heading_cue": self.heading_cue}


class Target(NamedTuple):
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
    course_deg: float | None = None    # over ground
    speed_kn: float | None = None

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


class SceneResult:
    """The whole scene: observer, time, the edition(s) used and every vessel. What each vessel shows and which
    of her lights are seen is decided in :func:`compute` (arrays); the per-vessel objects (``targets``) are made
    from those arrays on first use, so that a caller who wants a count or a picture of some does not pay for all."""

    def __init__(self, time: dt.datetime | None, observer: Observer, edition_basis: str,
                 targets: tuple[Target, ...] | Callable[[], tuple[Target, ...]] = (), notes: tuple[str, ...] = ()):
        self.time, self.observer, self.edition_basis, self.notes = time, observer, edition_basis, notes
        self._targets = targets

    @property
    def targets(self) -> tuple[Target, ...]:
        if callable(self._targets):
            self._targets = self._targets()
        return self._targets

    def to_dict(self) -> dict[str, Any]:
        o = self.observer
        return {"time": None if self.time is None else self.time.isoformat().replace("+00:00", "Z"),
                "observer": {"ident": o.ident, "lat": o.lat, "lon": o.lon, "heading_deg": o.heading_deg,
                             "eye_height_m": o.eye_height_m, "visibility_nm": o.visibility_nm,
                             "speed_kn": o.speed_kn, "course_deg": o.course_deg},
                "edition_basis": self.edition_basis, "notes": list(self.notes),
                "geometry": "bearings and distances on the mid-latitude plane of WGS 84 (navlights.traffic.geo)",
                "vessels": [t.to_dict() | {"conduct": conduct_of(o, t)} for t in self.targets]}


def conduct_of(o: Observer, t: Target) -> list[dict[str, Any]] | None:
    """Her role against own ship, one per reading (None: own ship's speed not given)."""
    if o.speed_kn is None:
        return None
    from .scene_conduct import roles
    return roles(o, t)


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
# Light tables: one per display, made once and kept with it (``display.memo``), with her words and cites

_MEMO_KEY = "traffic.scene.table"


@dataclass
class _Table:
    """What a scene needs of one display whatever the observer: her drawn lights as a geometry table, each
    light's words, cite, height, flags, status, scheme, group and option, and her reading's words."""

    rows: list[tuple[float, float, float, float, float, float]]
    block: np.ndarray                              # (6, lights): this table's column of a geometry.Fleet
    static: list[tuple[Any, ...]]                  # per light, the LightSeen fields that do not move
    all_round: list[bool]
    vessel: dict[str, Any]
    description: str
    gaps: tuple[str, ...]
    alternatives: tuple[dict[str, Any], ...]


def light_name(item: Any) -> str:
    """'red sidelight', 'white masthead light (aft)'."""
    noun = _NOUNS.get(item.canonical) or ("masthead light" if item.canonical.startswith("masthead")
                                          else f"{item.canonical} light")
    return f"{item.colour} {noun}" + (" (aft)" if item.role.endswith("-aft") else "")


def _table(display: Any) -> _Table:
    got = display.memo.get(_MEMO_KEY)
    if got is None:
        got = display.memo[_MEMO_KEY] = _make_table(display)
    return got


@dataclass
class _Shared:
    """What a light table takes from a display's items and notes alone (not her length): displays answered from the
    display memo's facts level share their items, so a fleet of distinct lengths makes this once per band."""

    items: list[Any]
    arcs: list[tuple[float, float, float]]         # arc from, width, range (NaN: not stated)
    columns: np.ndarray                            # (3, lights): a Fleet's LO, SPAN and RANGE rows
    words: list[tuple[Any, ...]]                   # role, colour, name, cite, flags, status, scheme, group, option
    gaps: tuple[str, ...]
    alternatives: tuple[dict[str, Any], ...]


_SHARED: OrderedDict[tuple[int, int], tuple[Any, Any, _Shared]] = OrderedDict()
_SHARED_MAX = 4096
_SHARED_LOCK = threading.Lock()


def _shared(display: Any) -> _Shared:
    key = (id(display.items), id(display.notes))
    with _SHARED_LOCK:
        hit = _SHARED.get(key)
    if hit is not None:
        return hit[2]
    from ..engines.view import picture_gaps, select
    from ..geometry import arc_bounds, arc_width
    items = [i for i, _ in select(display, "typical", "night") if i.what == "light"]
    arcs, words = [], []
    for it in items:
        if it.arc_deg is not None and not it.all_round:
            f, w = it.arc_deg[0] % 360.0, float(arc_width(*it.arc_deg))
        else:
            f, w = 0.0, 360.0
        arcs.append((f, w, it.range_nm if it.range_nm is not None else math.nan))
        flags = tuple(f for f, on in (("range-unknown", it.kind_citation.provenance == "gap"),
                                      ("range-not-stated", it.range_nm is None
                                       and it.kind_citation.provenance != "gap"),
                                      ("general", it.status == "general"),
                                      ("arc-assumed", it.arc_assumed)) if on)
        words.append((it.role, it.colour, light_name(it), str(it.citation), flags, it.status, it.scheme, it.group,
                      it.option))
    a = np.array(arcs, dtype=float).reshape(-1, 3)
    lo, span = arc_bounds(a[:, 0], a[:, 1])
    columns = np.stack([lo, span, np.where(np.isnan(a[:, 2]), np.inf, a[:, 2])])
    got = _Shared(items, arcs, columns, words, tuple(dict.fromkeys(n.words() for n in picture_gaps(display, "night"))),
                  _alternatives(display, items))
    with _SHARED_LOCK:                  # the entry keeps the items and notes alive, so their ids are not reused
        _SHARED[key] = (display.items, display.notes, got)
        while len(_SHARED) > _SHARED_MAX:
            _SHARED.popitem(last=False)
    return got


def _make_table(display: Any) -> _Table:
    from ..placement import place
    sh = _shared(display)
    v = display.vessel
    pl = place(sh.items, getattr(v, "length_m", None), getattr(v, "breadth_m", None))
    xyz = [(p.x_m, p.y_m, p.z_m) for p in (pl.get(it.role) for it in sh.items)]
    rows = [(f, w, r, x, y, z) for (f, w, r), (x, y, z) in zip(sh.arcs, xyz)]
    p = np.array(xyz, dtype=float).reshape(-1, 3)
    block = np.concatenate([sh.columns, np.sqrt(np.maximum(p[:, 2:3].T, 0.0)), p[:, :2].T])
    static = [(w[0], w[1], w[2], w[3], z, w[4], w[5], w[6], w[7], w[8]) for w, (_, _, z) in zip(sh.words, xyz)]
    return _Table(rows, block, static, [r[1] >= 360.0 for r in rows], v.to_json(), v.describe(display.length_system),
                  sh.gaps, sh.alternatives)


def _alternatives(display: Any, drawn: list[Any]) -> tuple[dict[str, Any], ...]:
    """Her night lights not drawn, by (scheme, group, option), each set with why it is not: another scheme (she
    may show it instead of the drawn one), another option of a group, or optional."""
    ids = {id(i) for i in drawn}
    schemes = {i.scheme for i in drawn}
    sets: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for it in display.items:
        if it.what == "light" and it.period == "night" and id(it) not in ids:
            arc = None if it.all_round or it.arc_deg is None else [float(it.arc_deg[0]), float(it.arc_deg[1])]
            sets.setdefault((it.scheme, it.group, it.option), []).append(
                {"role": it.role, "name": light_name(it), "status": it.status, "cite": str(it.citation),
                 "arc_deg": arc, "range_nm": it.range_nm})
    out = []
    for (scheme, group, option), lights in sets.items():
        why = ("another scheme: she may show these instead of the drawn scheme's lights"
               if scheme is not None and scheme not in schemes else
               "another option of the same group: she may show these instead" if group is not None else
               "optional" if all(x["status"] == "optional" for x in lights) else "not drawn")
        out.append({"scheme": scheme, "group": group, "option": option, "why": why, "lights": lights})
    return tuple(out)


# ------------------------------------------------------------------------------------------
# The scene


def _heading(fix: Fix) -> tuple[float | None, tuple[str, ...]]:
    if fix.heading_deg is not None:
        return fix.heading_deg % 360.0, ()
    if fix.course_deg is not None:
        return fix.course_deg % 360.0, ("heading not known: her course over ground is taken for her heading",)
    return None, ("heading not known (nor her course): which of her lights are in arc cannot be told; "
                  "only her all-round lights are shown as seen",)


_Plan = tuple[int, Candidate, str, "_Table | None", "str | None"]


def _readings_plan(fixes: list[Fix], time: dt.datetime | None, waters: str,
                   edition: str | None) -> tuple[list[_Plan], str, list[_Table], list[int], list[int]]:
    """Every (fix index, candidate, edition, light table or None, error) to evaluate, the edition basis, the
    distinct tables, and per reading with a table its table's index and its fix's. Each edition and each
    (vessel, edition)'s display is looked up once per call."""
    from ..engines.display import remembered
    from ..engines.display_memo import _fields
    from ..rulebase.loader import edition as edition_named
    cache: dict[Any, tuple[str, str]] = {}
    shown: dict[Any, tuple[_Table | None, str | None, int]] = {}
    eds: dict[str, Any] = {}
    plan: list[_Plan] = []
    bases: dict[str, str] = {}
    tables: dict[int, int] = {}
    tlist: list[_Table] = []
    ok_t: list[int] = []
    ok_k: list[int] = []
    named = edition_for(None, waters, edition) if edition else None
    add, add_t, add_k = plan.append, ok_t.append, ok_k.append                   # the hot loop: one pass
    by_ed: dict[str, dict[Any, tuple[_Table | None, str | None, int]]] = {}
    last_ed, mine = "", shown
    for k, f in enumerate(fixes):
        if named:
            ed, basis = named
        elif f.edition:                           # decided with her data (the AIS mapping says how)
            key: Any = ("named", f.edition)
            hit = cache.get(key)
            if hit is None:
                hit = cache[key] = edition_for(None, waters, f.edition)
            ed, basis = hit[0], f.edition_basis or hit[1]
        else:
            when = f.time or time
            key = (when.date() if when else None, waters)
            hit = cache.get(key)
            if hit is None:
                hit = cache[key] = edition_for(when, waters)
            ed, basis = hit
        bases[ed] = basis
        if ed is not last_ed:
            last_ed, mine = ed, by_ed.setdefault(ed, {})
        if not f.candidates:
            add((k, Candidate(vessel=None, basis="no reading: the source gave nothing of what she is"),  # type: ignore[arg-type]
                 ed, None, "what she is was not given, so her lights cannot be told"))
            continue
        for c in f.candidates:
            got = mine.get(id(c.vessel))
            if got is None:
                fk = (_fields(c.vessel), ed)
                got = shown.get(fk)
                if got is None:
                    try:
                        d = remembered(c.vessel, eds.get(ed) or eds.setdefault(ed, edition_named(ed)))
                    except NavlightsError as e:
                        got = (None, str(e), -1)
                    else:
                        i = tables.get(id(d))
                        if i is None:
                            i = tables[id(d)] = len(tlist)
                            tlist.append(_table(d))
                        got = (tlist[i], None, i)
                    shown[fk] = got
                mine[id(c.vessel)] = got      # c.vessel lives as long as the call: its id stays hers
            add((k, c, ed, got[0], got[1]))
            if got[2] >= 0:
                add_t(got[2])
                add_k(k)
    return plan, "; ".join(bases.values()), tlist, ok_t, ok_k


def compute(observer: Observer, fixes: list[Fix], time: dt.datetime | None = None, *,
            waters: str = DEFAULT_WATERS, edition: str | None = None) -> SceneResult:
    """What the observer sees of every vessel at the time: every light of every reading in one flat vectorised
    pass (the arc test of :func:`navlights.geometry.arc_bounds`, the luminous range once per distinct range, the
    geographic range). The per-vessel objects (:class:`Target`) are made from the arrays when first asked for."""
    if len(fixes) > MAX_VESSELS:
        raise bad("vessels", len(fixes), f"at most {MAX_VESSELS} vessels in one scene", "is too many")
    first = edition_for(time, waters, edition) if time is not None or edition else None   # checked, vessels or none
    plan, basis, tlist, ok_t, ok_k = _readings_plan(fixes, time, waters, edition)
    basis = basis or (first[1] if first else "")
    lat = np.array([f.lat for f in fixes], dtype=float)
    lon = np.array([f.lon for f in fixes], dtype=float)
    brg, dist = geo.bearings_distances(observer.lat, observer.lon, lat, lon)
    hd = np.array([f.heading_deg for f in fixes], dtype=float)      # None -> NaN
    co = np.array([f.course_deg for f in fixes], dtype=float)
    aspects = np.asarray(geo.aspect_deg((brg + 180.0) % 360.0, np.where(np.isnan(hd), co, hd) % 360.0), float)
    rel = np.asarray(geo.relative_deg(brg, observer.heading_deg), float)
    arrays = _lights_seen(observer, tlist, np.array(ok_t, dtype=np.intp), np.array(ok_k, dtype=np.intp), aspects,
                          dist) if ok_t else tuple(np.zeros(0) for _ in range(5))
    return SceneResult(time, observer, basis, lambda: _targets(fixes, time, plan, arrays, (brg, dist, rel, aspects)))


def _lights_seen(observer: Observer, tlist: list[_Table], idx: np.ndarray, k: np.ndarray, aspects: np.ndarray,
                 dist: np.ndarray) -> tuple[np.ndarray, ...]:
    """Per light of every reading (readings in order, each its table's lights): seen, in arc, hidden (her heading
    not known and the light not all round), the range limit (NaN: none known) and the apparent offset in
    degrees."""
    from ..geometry import GEOGRAPHIC_K, Fleet, luminous_once, normalise, sincos_deg
    F = Fleet
    block = np.concatenate([t.block for t in tlist], axis=1)
    if observer.visibility_nm is not None:
        block[F.RANGE] = luminous_once(block[F.RANGE], float(observer.visibility_nm))
    n_l = np.array([t.block.shape[1] for t in tlist], dtype=np.intp)
    start = np.concatenate(([0], np.cumsum(n_l)[:-1])).astype(np.intp)
    round_ = np.concatenate([np.asarray(t.all_round, dtype=bool) for t in tlist])
    counts = n_l[idx]
    row = np.repeat(np.arange(idx.size), counts)             # each light's reading
    first = np.cumsum(counts) - counts
    flat = np.arange(int(counts.sum())) - first[row] + start[idx][row]
    got = block[:, flat]
    a = normalise(np.nan_to_num(aspects[k], nan=0.0))[row]
    t = a - got[F.LO]
    span = got[F.SPAN]
    in_arc = ((t >= 0.0) & (t <= span)) | (t <= span - 360.0) | (t >= 360.0)
    lim = got[F.RANGE]
    if observer.eye_height_m is not None:
        lim = np.minimum(lim, GEOGRAPHIC_K * (got[F.SQRT_Z] + math.sqrt(max(observer.eye_height_m, 0.0))))
    d = dist[k][row]
    hide = np.isnan(aspects[k])[row] & ~round_[flat]          # no heading: only all-round lights are told
    seen = in_arc & (np.maximum(d, 1e-6) <= lim) & ~hide
    sa, ca = sincos_deg(a)
    off = np.degrees(np.arctan2(got[F.X] * sa - got[F.Y] * ca, d * geo.METRES_PER_NM))
    return seen, in_arc, hide, np.where(np.isfinite(lim), lim, np.nan), off


def _targets(fixes: list[Fix], time: dt.datetime | None, plan: list[_Plan], arrays: tuple[Any, ...],
             where: tuple[np.ndarray, ...]) -> tuple[Target, ...]:
    """The per-vessel objects from the scene's arrays (each reading's words and cites from its display's table)."""
    seen, arc, hide, lim, off = (x.tolist() for x in arrays)
    aspects_at, dist_at = where[3].tolist(), where[1].tolist()
    readings: list[list[Reading]] = [[] for _ in fixes]
    p = 0
    for k_, c, ed, t, err in plan:
        if t is None:
            readings[k_].append(Reading(c.basis, c.assumptions, ed, {} if c.vessel is None else c.vessel.to_json(),
                                        "" if c.vessel is None else c.vessel.describe(length_system(ed)), (), (),
                                        err))
            continue
        lights = tuple(LightSeen(st[0], st[1], st[2], st[3], seen[j],
                                 "aspect-unknown" if hide[j] else None if seen[j] else "range" if arc[j] else "arc",
                                 None if lim[j] != lim[j] else lim[j], off[j], st[4], st[5], st[6], st[7], st[8], st[9])
                       for j, st in enumerate(t.static, p))
        readings[k_].append(Reading(c.basis, c.assumptions, ed, t.vessel, t.description, lights, t.gaps, None,
                                    _alternatives_seen(t.alternatives, aspects_at[k_], dist_at[k_]),
                                    _masthead_cue(lights, dist_at[k_])))
        p += len(t.static)
    brg, dist, rel, aspects = (x.tolist() for x in where)
    out = []
    for k_, f in enumerate(fixes):
        h, notes = _heading(f)
        out.append(Target(f.ident, f.lat, f.lon, brg[k_], dist[k_], rel[k_], None if h is None else aspects[k_], h,
                          tuple(readings[k_]), tuple(f.notes) + notes + _time_note(f, time), f.course_deg, f.speed_kn))
    return tuple(out)


def _masthead_cue(lights: tuple[LightSeen, ...], dist_nm: float) -> str | None:
    """Her heading from her two masthead lights where both are seen apart across the line of sight (the lower,
    forward one on the side her head points to, Rule 23(a)): encounter's reading (``masthead_side``), the offsets
    taken back to metres at her distance."""
    both = {x.role: x for x in lights if x.seen and x.role in ("masthead", "masthead-aft")}
    if len(both) < 2:
        return None
    from types import SimpleNamespace

    from ..engines.picture_words import masthead_side
    d_m = max(dist_nm, 1e-6) * geo.METRES_PER_NM
    side = masthead_side({r: SimpleNamespace(offset_m=d_m * math.tan(math.radians(x.offset_deg)))
                          for r, x in both.items()})
    if side is None:
        return None
    return f"her head to your {side} (the lower, forward masthead light to your {side})"


def _alternatives_seen(alternatives: tuple[dict[str, Any], ...], aspect_deg: float,
                       distance_nm: float) -> tuple[dict[str, Any], ...]:
    """Her alternatives, each light marked ``seen`` as her drawn lights are: in its arc from this aspect (a light
    not all round is not told where her heading is not known) and within its range (issue 34: a tricolour's
    sections out of arc are not seen)."""
    from ..geometry import arc_width, in_arc
    out = []
    for a in alternatives:
        lights = []
        for x in a["lights"]:
            arc = x.get("arc_deg")
            if arc is None:
                ok = True
            elif aspect_deg != aspect_deg:          # NaN: heading not known
                ok = False
            else:
                ok = bool(in_arc(aspect_deg, arc[0], arc_width(arc[0], arc[1])))
            rng = x.get("range_nm")
            lights.append({**x, "seen": ok and (rng is None or distance_nm <= rng)})
        out.append({**a, "lights": lights})
    return tuple(out)


def _time_note(f: Fix, time: dt.datetime | None) -> tuple[str, ...]:
    if time is None or f.time is None:
        return ()
    lag = abs((f.time - time).total_seconds())
    return (f"her position is of {f.time.isoformat()}, {lag:.0f} s from the scene's time",) if lag > 60 else ()
