"""Encounter timelines: two or more tracks, minute by minute, what each vessel could see of each other one.

Tracks (CSV, :func:`navlights.traffic.inputs.read_tracks`) are interpolated to whole minutes where all of them
run (positions linearly, headings the shorter way round). At each minute, for each ordered pair (observer,
target): the target's true and relative bearing, distance and aspect, and the target's lights that are in arc
and in range from the observer's eye (the view engine, :func:`navlights.engines.view.view`, with the observer's height of
eye for the horizon), the lights just outside their arcs (within the edge tolerance: Annex I cut-off) as
glimpsed. The lights are judged under the edition in force on the encounter's date in its waters
(:func:`navlights.engines.compare.governing`; an encounter of 1956 on the high seas is judged under intl-1948) or the one
named.

Events are written when a light first comes into view or goes out (and why: its arc or its range), and when
the picture changes; the meaning of a picture is derived from the target's own display (the sectors engine:
the aspects from which exactly those lights can be seen), never from a table of guesses.
"""

from __future__ import annotations

import bisect
import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import NavlightsError
from . import geo
from .limits import MAX_LOOKS, MAX_STEPS, MAX_VESSELS, STEP_S
from .scene import DEFAULT_WATERS, bad, edition_for, light_name

GRID = 0.05          # degrees: the circle of aspects the meaning of a picture is read on


@dataclass(frozen=True)
class State:
    """A vessel at one minute: where she is, where her head points, what she is."""

    ident: str
    lat: float
    lon: float
    heading: float | None
    eye_height_m: float | None
    fields: tuple[tuple[str, str], ...]
    note: str | None = None
    course: float | None = None                # over ground, degrees true (interpolated)
    speed: float | None = None                 # over ground, knots


@dataclass(frozen=True)
class Look:
    """What one vessel (observer) sees of another (target) at one minute."""

    time: dt.datetime
    observer: str
    target: str
    bearing_deg: float
    relative_deg: float | None
    distance_nm: float
    aspect_deg: float | None
    seen: tuple[tuple[str, str], ...]          # (role, name), left to right
    glimpsed: tuple[tuple[str, str], ...]
    hidden: dict[str, str]                     # role -> 'arc' | 'range'
    picture: str
    meaning: str
    colours: tuple[str, ...] = ()
    conduct: dict[str, Any] | None = None      # who gives way, from the observer's side (engines.conduct)

    def to_dict(self) -> dict[str, Any]:
        return {"time": _iso(self.time), "observer": self.observer, "target": self.target, "conduct": self.conduct,
                "bearing_deg": round(self.bearing_deg, 2),
                "relative_deg": None if self.relative_deg is None else round(self.relative_deg, 2),
                "distance_nm": round(self.distance_nm, 3),
                "aspect_deg": None if self.aspect_deg is None else round(self.aspect_deg, 2),
                "seen": [r for r, _ in self.seen], "seen_names": [n for _, n in self.seen],
                "glimpsed": [r for r, _ in self.glimpsed], "hidden": self.hidden, "picture": self.picture,
                "meaning": self.meaning}


@dataclass(frozen=True)
class Event:
    time: dt.datetime
    observer: str
    target: str
    kind: str                                  # 'start' | 'in-view' | 'out-of-view' | 'picture'
    text: str
    role: str | None = None
    distance_nm: float | None = None

    @property
    def sentence(self) -> str:
        return f"{self.time:%H:%M} {self.observer} sees {self.target}: {self.text}"

    def to_dict(self) -> dict[str, Any]:
        return {"time": _iso(self.time), "observer": self.observer, "target": self.target, "kind": self.kind,
                "role": self.role, "distance_nm": None if self.distance_nm is None else round(self.distance_nm, 3),
                "text": self.text, "sentence": self.sentence}


@dataclass(frozen=True)
class Encounter:
    edition: str
    edition_basis: str
    waters: str
    start: dt.datetime
    end: dt.datetime
    vessels: dict[str, dict[str, Any]]
    looks: tuple[Look, ...]
    events: tuple[Event, ...]
    notes: tuple[str, ...] = field(default=())

    def pairs(self) -> list[tuple[str, str]]:
        return list(dict.fromkeys((lk.observer, lk.target) for lk in self.looks))

    def to_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "edition_basis": self.edition_basis, "waters": self.waters,
                "start": _iso(self.start), "end": _iso(self.end), "step_s": STEP_S, "vessels": self.vessels,
                "geometry": "bearings and distances on the mid-latitude plane of WGS 84 (navlights.traffic.geo); "
                            "aspect: the observer's bearing from her bow, clockwise",
                "events": [e.to_dict() for e in self.events], "steps": [lk.to_dict() for lk in self.looks],
                "notes": list(self.notes)}


def _iso(t: dt.datetime) -> str:
    return t.isoformat().replace("+00:00", "Z")


# ------------------------------------------------------------------------------------------
# Tracks to states, minute by minute


def _lerp_angle(a: float, b: float, f: float) -> float:
    return (a + ((b - a + 180.0) % 360.0 - 180.0) * f) % 360.0


class _Track:
    """One vessel's rows, indexed by time, so that her state at a minute is found by bisection (a long AIS track
    costs log(rows) a minute, not rows)."""

    def __init__(self, ident: str, rows: list[dict[str, Any]]) -> None:
        self.ident, self.rows = ident, rows
        self.times = [r["time"] for r in rows]
        self.given = [r for r in rows if r["fields"]]              # rows that give vessel fields
        self.given_times = [r["time"] for r in self.given]
        self.eyes = [r for r in rows if r["eye_height"] is not None]
        self.eye_times = [r["time"] for r in self.eyes]

    def at(self, t: dt.datetime) -> State:
        """Her state at time t (within her track): interpolated position and heading, latest fields."""
        rows = self.rows
        k = max(bisect.bisect_right(self.times, t) - 1, 0)
        r0 = rows[k]
        r1 = rows[k + 1] if k + 1 < len(rows) else r0
        span = (r1["time"] - r0["time"]).total_seconds()
        f = 0.0 if span <= 0 else (t - r0["time"]).total_seconds() / span
        lat = r0["lat"] + (r1["lat"] - r0["lat"]) * f
        lon = r0["lon"] + ((r1["lon"] - r0["lon"] + 180.0) % 360.0 - 180.0) * f
        note = None
        head = None
        for key in ("heading", "course"):
            if r0[key] is not None and r1[key] is not None:
                head = _lerp_angle(r0[key], r1[key], f)
                if key == "course":
                    note = "heading not given: her course over ground is taken for it"
                break
        g = bisect.bisect_right(self.given_times, t)
        fields = (self.given[g - 1] if g else self.given[0])["fields"] if self.given else {}
        e = bisect.bisect_right(self.eye_times, t)
        eye = (self.eyes[e - 1] if e else self.eyes[-1])["eye_height"] if self.eyes else None
        course = (_lerp_angle(r0["course"], r1["course"], f) if r0["course"] is not None and r1["course"] is not None
                  else None)
        speed = (r0["speed"] + (r1["speed"] - r0["speed"]) * f if r0["speed"] is not None and r1["speed"] is not None
                 else None)
        return State(self.ident, lat, (lon + 180.0) % 360.0 - 180.0, head, eye, tuple(sorted(fields.items())), note,
                     course, speed)


def _times(tracks: dict[str, list[dict[str, Any]]]) -> list[dt.datetime]:
    start = max(rows[0]["time"] for rows in tracks.values())
    end = min(rows[-1]["time"] for rows in tracks.values())
    if end < start:
        raise bad("tracks", f"{_iso(start)} to {_iso(end)}", "tracks that run at the same time (their times "
                  "overlap)", "do not overlap")
    first = start.replace(second=0, microsecond=0)
    if first < start:
        first += dt.timedelta(minutes=1)
    n = int((end - first).total_seconds() // STEP_S) + 1
    if n > MAX_STEPS:
        raise bad("tracks", f"{n} minutes", f"at most {MAX_STEPS} minutes (a week) in common", "is too long")
    if n < 1:
        raise bad("tracks", f"{_iso(start)} to {_iso(end)}", "tracks sharing at least one whole minute",
                  "is too short")
    return [first + dt.timedelta(seconds=STEP_S * k) for k in range(n)]


# ------------------------------------------------------------------------------------------
# What a picture means: from the target's own sectors


def _coverage(sectors: Any, want: set[str]) -> np.ndarray:
    """Aspects (on a GRID° circle) from which every light in ``want`` is in arc."""
    n = int(round(360.0 / GRID))
    grid = np.arange(n) * GRID
    cover = np.zeros(n, dtype=bool)
    for s in sectors:
        if not want <= set(s.roles):
            continue
        lo, hi = s.start_deg % 360.0, s.end_deg % 360.0 if s.end_deg < 360.0 else 360.0
        if s.start_deg == s.end_deg:
            cover |= np.abs((grid - lo + 180.0) % 360.0 - 180.0) < GRID / 2
        elif lo < hi:
            cover |= (grid > lo) & (grid < hi) if not s.start_closed else (grid >= lo) & (grid < hi)
        else:
            cover |= (grid > lo) | (grid < hi)
    return cover


def _band(cover: np.ndarray) -> tuple[float, float] | None:
    """The one run of covered aspects, as (from, to) clockwise; None if none or more than one."""
    if not cover.any():
        return None
    if cover.all():
        return (0.0, 360.0)
    starts = np.flatnonzero(cover & ~np.roll(cover, 1))
    ends = np.flatnonzero(cover & ~np.roll(cover, -1))
    if len(starts) != 1:
        return None
    lo, hi = float(starts[0] * GRID), float(ends[0] * GRID)
    if hi == 0.0 and lo > 180.0:                  # a band that ends on her bow: up to 360
        hi = 360.0
    return lo, hi


def masthead_side(picture: Any) -> str | None:
    """Where her two masthead lights are both seen apart across the line of sight: the side ('left' or 'right') of
    the forward one (her head points that way); else None (``engines.picture_words.masthead_side``, which scenes use
    too)."""
    from ..engines.picture_words import masthead_side as _side
    return _side(picture)


def meaning(sectors: Any, want: set[str], complete: bool = True, masthead: str | None = None) -> str:
    """What the lights seen tell of her heading, from the aspects at which exactly they show together, and from the
    arrangement of her two masthead lights where both are seen (``masthead``: the side of the forward one)."""
    if not want:
        return "no light seen"
    b = _band(_coverage(sectors, want))
    if b is None:
        return "her heading cannot be told from these lights"
    lo, hi = b
    if hi - lo == 0.0 and lo == 0.0:
        return "she is heading for you"
    if (lo, hi) == (0.0, 360.0):
        return "her lights show all round: her heading cannot be told from them"
    band = f"her aspect {lo:.4g}°–{hi:.4g}°"
    if (hi - lo) % 360.0 <= GRID:
        return f"you are on the edge between two of her arcs ({lo:.4g}° from her bow)"
    if lo > hi and masthead is not None:          # forward of her beam; the forward masthead light tells the bow
        side = "port" if masthead == "left" else "starboard"
        return (f"you see her {side} bow ({band}): her head is to your {masthead}, told by her masthead lights "
                f"(the lower, forward one to your {masthead})")
    if lo > hi:                                   # the band runs through her bow: forward of her beam, no more
        return f"you are forward of her beam ({band}); on which bow cannot be told from these lights"
    if hi <= 180.0:
        return f"you see her starboard side ({band}): her head is to your right"
    if lo >= 180.0:
        return f"you see her port side ({band}): her head is to your left"
    return f"she is heading away from you ({band})"


# ------------------------------------------------------------------------------------------
# The timeline


def _look(t: dt.datetime, obs: State, tgt: State, display: Any, sectors: Any,
          meanings: dict[tuple[int, frozenset[str], str | None], str] | None = None) -> Look:
    from ..engines.view import view
    brg, dist = geo.bearings_distances(obs.lat, obs.lon, tgt.lat, tgt.lon)
    brg_f, dist_f = float(brg), max(float(dist), 1e-6)
    rel = None if obs.heading is None else float(geo.relative_deg(brg_f, obs.heading))
    if tgt.heading is None:
        return Look(t, obs.ident, tgt.ident, brg_f, rel, dist_f, None, (), (), {}, "her heading is not known",
                    "which of her lights are in arc cannot be told")
    aspect = float(geo.aspect_deg((brg_f + 180.0) % 360.0, tgt.heading))
    p = view(display, aspect, dist_f, eye_height_m=obs.eye_height_m)
    names = {i.role: light_name(i) for i in display.items}
    seen = tuple((s.role, names.get(s.role, s.role)) for s in p.items)
    glimpsed = tuple((h.role, names.get(h.role, h.role)) for h in p.glimpsed)
    hidden = {h.role: h.reason for h in p.hidden}
    want = frozenset({r for r, _ in seen} | {r for r, _ in glimpsed})
    side = masthead_side(p)
    if meanings is None:
        mean = meaning(sectors, set(want), masthead=side)
    else:                          # the same lights of the same display mean the same: read once per build
        key = (id(sectors), want, side)
        if key not in meanings:
            meanings[key] = meaning(sectors, set(want), masthead=side)
        mean = meanings[key]
    return Look(t, obs.ident, tgt.ident, brg_f, rel, dist_f, aspect, seen, glimpsed, hidden, _picture(p), mean,
                tuple(s.colour for s in p.items))


_PLURAL = {" (within its range)": " (within their ranges)", " (into its arc)": " (into their arcs)",
           "beyond its range": "beyond their ranges", "out of its arc": "out of their arcs"}


def _picture(p: Any) -> str:
    """The picture in words (the view engine's), and where nothing is seen, why: beyond range, or not known."""
    if p.items:
        return str(p.describe())
    gaps = f"; not known: {p.gap_words()}" if p.gaps else ""
    if any(h.reason == "range" for h in p.hidden):
        return "no light in range" + gaps
    return f"no light known: {p.gap_words()}" if p.gaps else "no light in sight"


def _names(names: list[str]) -> str:
    names = sorted(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _grouped(lights: tuple[tuple[str, str], ...], other: dict[str, str], hidden: dict[str, str],
             words: dict[str, str], default: str) -> dict[str, list[tuple[str, str]]]:
    """The lights of ``lights`` not in ``other``, grouped by why (``hidden``'s reason in ``words``)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for role, name in lights:
        if role not in other:
            out.setdefault(words.get(hidden.get(role, ""), default), []).append((role, name))
    return out


def _why(why: str, lights: list[tuple[str, str]]) -> str:
    return _PLURAL.get(why, why) if len(lights) > 1 else why


def _events(prev: Look | None, lk: Look) -> list[Event]:
    """What changed since the minute before: lights into view and out (with why), and the picture."""
    t, o, g = lk.time, lk.observer, lk.target
    want = {r for r, _ in lk.seen} | {r for r, _ in lk.glimpsed}
    if prev is None:
        text = f"at {lk.distance_nm:.1f} nm, {lk.picture}" + (f": {lk.meaning}" if want else "")
        return [Event(t, o, g, "start", text, distance_nm=lk.distance_nm)]
    before = dict(prev.seen)
    came = _grouped(lk.seen, before, prev.hidden, {"range": " (within its range)", "arc": " (into its arc)"}, "")
    went = _grouped(prev.seen, dict(lk.seen), lk.hidden, {"range": "beyond its range", "arc": "out of its arc"},
                    "out of view")
    out = [Event(t, o, g, "in-view", f"her {_names([n for _, n in got])} came into view{_why(why, got)} "
                 f"at {lk.distance_nm:.1f} nm", got[0][0], lk.distance_nm) for why, got in came.items()]
    out += [Event(t, o, g, "out-of-view", f"her {_names([n for _, n in gone])} went {_why(why, gone)} "
                  f"at {lk.distance_nm:.1f} nm", gone[0][0], lk.distance_nm) for why, gone in went.items()]
    if (set(before) | {r for r, _ in prev.glimpsed}) != want and lk.meaning != prev.meaning:
        extra = ""
        if lk.glimpsed:
            extra = f" (and, at the edge of {'its arc' if len(lk.glimpsed) == 1 else 'their arcs'}, her " \
                    f"{_names([n for _, n in lk.glimpsed])} glimpsed)"
        out.append(Event(t, o, g, "picture", f"{lk.picture}{extra}: {lk.meaning}", distance_nm=lk.distance_nm))
    return out


def cost(vessels: int, minutes: int) -> int:
    """The work an encounter asks for, in looks: ordered (observer, target) pairs x minutes."""
    return vessels * (vessels - 1) * minutes


def check_cost(vessels: int, minutes: int) -> None:
    """Refuse, before any work, an encounter of more than :data:`MAX_LOOKS` looks: one line naming the limit."""
    n = cost(vessels, minutes)
    if n > MAX_LOOKS:
        raise bad("tracks", f"{n} looks", f"at most {MAX_LOOKS} looks, each an ordered pair of vessels at one minute "
                  f"(here {vessels} vessels, {vessels * (vessels - 1)} pairs, x {minutes} minutes in common); "
                  "fewer vessels or a shorter time", "is too much work")


def build(text: str, *, waters: str = DEFAULT_WATERS, edition: str | None = None, action: Any = None) -> Encounter:
    """The encounter of the tracks in ``text`` (CSV): minute-by-minute looks and events; ``action``: the Rule 16/17
    thresholds (:class:`~navlights.traffic.encounter_action.ActionThresholds`, default navlights' conventions)."""
    from ..vessel import Vessel
    from .inputs import read_tracks
    from .report import lights_detail, scheme_notes
    tracks = read_tracks(text)
    if len(tracks) > MAX_VESSELS:
        raise bad("tracks", f"{len(tracks)} vessels", f"at most {MAX_VESSELS} vessels", "is too many")
    times = _times(tracks)
    check_cost(len(tracks), len(times))
    ed, basis = edition_for(times[0], waters, edition)
    memo: dict[tuple[tuple[str, str], ...], tuple[Any, Any, str]] = {}
    vessels: dict[str, dict[str, Any]] = {}
    looks: list[Look] = []
    events: list[Event] = []
    last: dict[tuple[str, str], Look] = {}
    notes: list[str] = []
    meanings: dict[tuple[int, frozenset[str], str | None], str] = {}
    indexed = [_Track(ident, rows) for ident, rows in tracks.items()]
    roles = _Roles(ed, action)
    for t in times:
        states = {}
        for track in indexed:
            ident, rows, s = track.ident, track.rows, track.at(t)
            states[ident] = s
            if s.fields not in memo:
                memo[s.fields] = _display(s, rows, ed, Vessel)
            d, _, desc = memo[s.fields]
            if ident not in vessels:
                vessels[ident] = {"description": desc, "vessel": d.vessel.to_json(), "complete": d.complete,
                                  "eye_height_m": s.eye_height_m, "gaps": [n.words() for n in d.notes if n.kind == "gap"],
                                  "lights": lights_detail(d), "schemes": scheme_notes(d)}
                if vessels[ident]["schemes"]:
                    notes.append(f"{ident}: she may show another lighting scheme instead of the standard lights "
                                 f"({'; '.join(vessels[ident]['schemes'])}); the timeline shows the standard lights")
            if s.note and s.note not in notes:
                notes.append(f"{ident}: {s.note}")
            if s.eye_height_m is None and f"{ident}: height of eye not given" not in notes:
                notes.append(f"{ident}: height of eye not given: the horizon does not limit what she sees")
        for o in states.values():
            for g in states.values():
                if o.ident == g.ident:
                    continue
                d, sectors, _ = memo[g.fields]
                lk = _look(t, o, g, d, sectors, meanings)
                lk = roles.look(lk, o, memo[o.fields][0].vessel, g, d.vessel)
                events += _events(last.get((o.ident, g.ident)), lk) + roles.events(last.get((o.ident, g.ident)), lk)
                last[(o.ident, g.ident)] = lk
                looks.append(lk)
    notes += roles.notes
    return Encounter(ed, basis, waters, times[0], times[-1], vessels, tuple(looks), tuple(events),
                     tuple(dict.fromkeys(notes)))


class _Roles:
    """Who gives way, minute by minute, for each ordered pair (the conduct engine under the encounter's edition):
    a fold over the minutes that keeps what the rules keep: 13(d), once overtaking, overtaking until past and clear
    (the previous minute's overtaking vessel is passed on), and since when each reading has held."""

    def __init__(self, edition_id: str, action: Any = None) -> None:
        from ..engines import conduct
        from ..rulebase.conduct import conduct_rules
        from .encounter_action import Action
        self.conduct = conduct
        self.action = Action(action)
        self.rules = conduct_rules(edition_id)
        self.state: dict[tuple[str, str], tuple[str | None, tuple[str, ...], str, dt.datetime]] = {}
        self.notes: list[str] = []

    def look(self, lk: Look, o: State, o_vessel: Any, g: State, g_vessel: Any) -> Look:
        """The look with its conduct reading (None where a course or speed over ground is missing)."""
        import dataclasses
        import math
        c = self.conduct
        if None in (o.course, o.speed, g.course, g.speed):
            note = "who gives way is not given where a vessel's course or speed over ground is missing"
            if note not in self.notes:
                self.notes.append(note)
            return lk
        b = math.radians(lk.bearing_deg)
        own = c.Ship(o_vessel, float(o.course), float(o.speed), heading_deg=o.heading)  # type: ignore[arg-type]
        her = c.Ship(g_vessel, float(g.course), float(g.speed), lk.distance_nm * math.sin(b),  # type: ignore[arg-type]
                     lk.distance_nm * math.cos(b), g.heading)
        key = (lk.observer, lk.target)
        prev = self.state.get(key)
        was = prev[0] if prev and prev[0] in ("own", "other") else None
        r = c.decide(self.rules, own, her, c.Situation(was_overtaking=was))
        mark = (r.reading.overtaking, r.give_way, r.encounter)
        since = prev[3] if prev and prev[:3] == mark else lk.time
        self.state[key] = (*mark, since)
        data = {"encounter": r.encounter, "give_way": list(r.give_way), "stand_on": r.stand_on,
                "overtaking": r.reading.overtaking, "rules": [x.cite for x in r.reading.rules],
                "risk_of_collision": r.risk_of_collision, "cpa_nm": round(r.kinematics.cpa_nm, 3) if r.kinematics
                else None, "since": _iso(since), "gaps": list(r.reading.gaps)}
        data["action"] = self.action.step(lk.time, key, data, {o.ident: (float(o.course), float(o.speed)),  # type: ignore[arg-type]
                                                              g.ident: (float(g.course), float(g.speed))},  # type: ignore[arg-type]
                                          r.kinematics.tcpa_min if r.kinematics else None)
        return dataclasses.replace(lk, conduct=data)

    @staticmethod
    def events(prev: Look | None, lk: Look) -> list[Event]:
        """An event when the encounter or the roles change for the pair."""
        now = lk.conduct
        if now is None:
            return []
        acts = [Event(lk.time, lk.observer, lk.target, "action", text, None, lk.distance_nm)
                for text in (now.get("action") or {}).get("began", ())]
        old = prev.conduct if prev else None
        if old and (old["encounter"], old["give_way"]) == (now["encounter"], now["give_way"]):
            return acts
        who = {("own",): f"{lk.observer} gives way", ("other",): f"{lk.target} gives way",
               ("own", "other"): "each gives way"}
        text = f"{now['encounter']}: {who.get(tuple(now['give_way']), 'no give-way vessel named')}"
        if now["rules"]:
            text += f" ({now['rules'][0]})"
        return [Event(lk.time, lk.observer, lk.target, "roles", text, None, lk.distance_nm), *acts]


def _display(s: State, rows: list[dict[str, Any]], ed: str, vessel_cls: Any) -> tuple[Any, Any, str]:
    from ..engines.display import remembered
    from ..engines.sectors import sectors
    from ..rulebase.loader import edition
    fields = dict(s.fields)
    line = next((r["line"] for r in rows if r["fields"] == fields), rows[0]["line"])
    if not fields:
        raise bad(f"{s.ident}: propulsion", "", "her vessel fields (propulsion, length, ...) on one of her rows",
                  "is not given")
    try:
        v = vessel_cls.from_fields(**fields)
        d = remembered(v, edition(ed))
    except NavlightsError as e:
        from .scene import SceneError
        raise SceneError(f"line {line}: {e}", field=f"line {line}: {e.field}", value=e.value,
                         allowed=e.allowed) from None
    return d, sectors(d), v.describe(d.length_system)


def table(enc: Encounter) -> list[list[str]]:
    """Rows for a text table: time, observer, target, relative bearing, distance, aspect, lights seen."""
    out = []
    for lk in enc.looks:
        out.append([f"{lk.time:%H:%M}", lk.observer, lk.target,
                    "-" if lk.relative_deg is None else f"{lk.relative_deg:05.1f}°", f"{lk.distance_nm:.2f}",
                    "-" if lk.aspect_deg is None else f"{lk.aspect_deg:05.1f}°",
                    (", ".join(n for _, n in lk.seen) or "—")
                    + "".join(f" (+ {n} glimpsed)" for _, n in lk.glimpsed)])
    return out
