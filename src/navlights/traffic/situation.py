"""Traffic situations in DNV's maritime-schema format (``TrafficSituation``): read, then each target ship's
conduct answer against own ship (encounter, roles, the rules applied) and the lights own ship sees of her.

The format is the one the ``maritime-schema`` package (PyPI, MIT, github.com/dnv-opensource/maritime-schema)
publishes and DNV's ``trafficgen`` writes: an object with ``title``, ``description``, ``ownShip`` and
``targetShips``; each ship has ``static`` (``id``, ``name``, ``length`` in metres, ``shipType``) and ``initial``
(``position`` {``lat``, ``lon``} or {``latitude``, ``longitude``}, ``sog`` knots, ``cog`` and ``heading`` degrees,
``navStatus`` an AIS navigational status in words or its number). In schema 0.2 (trafficgen 0.8) ``initial`` may
hold only the heading and status: the position and speed are then the first waypoint's and its leg's, the course
that of the first leg (said in the answer); the length may sit in ``static.dimensions``. Keys are camelCase; the
snake_case names are read too (as the package's models accept). navlights reads it with its own typed parser (this module), not the package, whose
dependencies (pyproj, json-schema-for-humans, dictIO) are far heavier than reading one JSON object needs;
``environment`` and later waypoints are not used (the answer is for the initial state).

Positions become east and north nautical miles from own ship on the flat approximation of ``traffic.geo`` (documented
to 30 nm). A navStatus that gives no Rule 18 standing (missing, "Not defined", reserved) is read as a power-driven
vessel under way, and the answer says so (an assumption, never silent).

>>> s = read_situation({"title": "HO", "ownShip": {"initial": {"position": {"lat": 58.0, "lon": 10.0},
...     "sog": 10, "cog": 0, "heading": 0, "navStatus": "Under way using engine"}}, "targetShips": [{"static":
...     {"name": "t1", "length": 100}, "initial": {"position": {"lat": 58.05, "lon": 10.0}, "sog": 10, "cog": 180}}]})
>>> s.title, s.targets[0].kind, round(s.targets[0].north_nm, 1), s.targets[0].assumptions[0][:22]
('HO', 'power', 3.0, 'navStatus not given: r')
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from typing import Any

from ..errors import NavlightsError, excerpt

#: AIS navigational status words (as maritime-schema spells them) -> conduct kind (engines/conduct_input.KINDS).
NAV_STATUS: dict[str, str] = {
    "under way using engine": "power", "under way sailing": "sail", "engaged in fishing": "fishing",
    "not under command": "nuc", "restricted manoeuverability": "ram", "restricted manoeuvrability": "ram",
    "constrained by her draught": "cbd", "at anchor": "anchored", "moored": "moored", "aground": "aground",
}
#: The most target ships one situation may hold.
MAX_TARGETS = 200
FORMAT = "maritime-schema TrafficSituation (DNV), read by navlights' own parser"


@dataclass(frozen=True, slots=True)
class SituationShip:
    """One ship of a situation, parsed and checked."""

    name: str
    id: str | None
    kind: str                           # conduct kind, or moored/aground
    nav_status: str | None              # as given
    ship_type: str | None
    length_m: float | None
    lat: float
    lon: float
    sog_kn: float
    cog_deg: float
    heading_deg: float | None
    east_nm: float = 0.0                # from own ship
    north_nm: float = 0.0
    assumptions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TrafficSituation:
    title: str
    description: str | None
    own: SituationShip
    targets: tuple[SituationShip, ...]


def _get(d: dict[str, Any], *names: str) -> Any:
    for n in names:
        if n in d:
            return d[n]
    return None


def _num(field: str, value: Any, lo: float, hi: float, required: bool = True) -> float | None:
    if value is None and not required:
        return None
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if not ok or not lo <= value <= hi:
        raise NavlightsError(f"{field}: {excerpt(value)} is not a number from {lo:g} to {hi:g}", field=field,
                             value=value, allowed=f"{lo:g} to {hi:g}")
    return float(value)


def _obj(field: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NavlightsError(f"{field}: {excerpt(value)} is not an object", field=field, value=value,
                             allowed="a JSON object")
    return value


#: AIS navigational status numbers (ITU-R M.1371) -> the words above.
NAV_STATUS_CODES = ("under way using engine", "at anchor", "not under command", "restricted manoeuverability",
                    "constrained by her draught", "moored", "aground", "engaged in fishing", "under way sailing")


def _route(d: dict[str, Any], field: str) -> tuple[dict[str, Any] | None, float | None, float | None]:
    """From the waypoints (maritime-schema 0.2, as trafficgen 0.8 writes it): the first position, the first leg's
    speed, and the course from the first waypoint to the second."""
    wps = d.get("waypoints")
    if not isinstance(wps, list) or not wps:
        return None, None, None
    first = _obj(f"{field}.waypoints[0]", wps[0])
    pos = first.get("position")
    leg: dict[str, Any] = first["leg"] if isinstance(first.get("leg"), dict) else {}
    course = None
    if len(wps) > 1 and isinstance(pos, dict) and isinstance(wps[1], dict) and isinstance(wps[1].get("position"), dict):
        a, b = pos, wps[1]["position"]
        la1, lo1 = _get(a, "lat", "latitude"), _get(a, "lon", "longitude")
        la2, lo2 = _get(b, "lat", "latitude"), _get(b, "lon", "longitude")
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (la1, lo1, la2, lo2)):
            from .geo import bearing_deg
            course = bearing_deg(la1, lo1, la2, lo2)
    return pos, leg.get("sog"), course


def _status(value: Any, field: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 15:
        return NAV_STATUS_CODES[value] if value < len(NAV_STATUS_CODES) else f"AIS status {value}"
    raise NavlightsError(f"{field}: {excerpt(value)} is not an AIS navigational status", field=field, value=value,
                         allowed="an AIS navigational status in words, or its number 0 to 15")


def _ship(d: Any, field: str, default_name: str) -> SituationShip:
    d = _obj(field, d)
    static = _obj(f"{field}.static", d.get("static") or {})
    initial = _obj(f"{field}.initial", d.get("initial") or {})
    wp_pos, wp_sog, wp_course = _route(d, field)
    pos = _obj(f"{field}.initial.position", initial.get("position") or wp_pos)
    lat = _num(f"{field}.initial.position.lat", _get(pos, "lat", "latitude"), -90.0, 90.0)
    lon = _num(f"{field}.initial.position.lon", _get(pos, "lon", "longitude"), -180.0, 180.0)
    sog = _num(f"{field}.initial.sog", _first(initial.get("sog"), wp_sog), 0.0, 100.0)
    heading = _num(f"{field}.initial.heading", initial.get("heading"), 0.0, 360.0, required=False)
    cog = _num(f"{field}.initial.cog", _first(initial.get("cog"), wp_course, heading), 0.0, 360.0)
    dims: dict[str, Any] = static["dimensions"] if isinstance(static.get("dimensions"), dict) else {}
    length = _num(f"{field}.static.length", _first(static.get("length"), dims.get("length")), 0.0, 1000.0,
                  required=False)
    status = _status(_get(initial, "navStatus", "nav_status"), f"{field}.initial.navStatus")
    kind = NAV_STATUS.get((status or "").strip().lower())
    notes: list[str] = []
    if kind is None:
        said = "not given" if status is None else f"{status!r} gives no Rule 18 standing"
        notes.append(f"navStatus {said}: read as a power-driven vessel under way (an assumption)")
        kind = "power"
    if initial.get("cog") is None and wp_course is not None:
        notes.append("course over ground taken from the first leg of her route")
    name = static.get("name")
    ident = static.get("id")
    ship_type = _get(static, "shipType", "ship_type")
    assert lat is not None and lon is not None and sog is not None and cog is not None
    return SituationShip(str(name) if name else default_name, None if ident is None else str(ident), kind, status,
                         None if ship_type is None else str(ship_type), length, lat, lon, sog, cog % 360.0,
                         None if heading is None else heading % 360.0, assumptions=tuple(notes))


def _first(*values: Any) -> Any:
    return next((v for v in values if v is not None), None)


def read_situation(data: Any) -> TrafficSituation:
    """A maritime-schema traffic situation from its JSON text or parsed object; bad input: one line naming the field."""
    if isinstance(data, (str, bytes)):
        from ..jsoninput import loads
        try:
            data = loads(data.decode("utf-8", "replace") if isinstance(data, bytes) else data, "situation")
        except json.JSONDecodeError as e:
            raise NavlightsError(f"situation: not JSON ({e.msg}, line {e.lineno})", field="situation",
                                 allowed="a maritime-schema TrafficSituation object") from None
        except RecursionError:
            raise NavlightsError("situation: nested too deeply", field="situation",
                                 allowed="a maritime-schema TrafficSituation object") from None
    d = _obj("situation", data)
    own_raw = _get(d, "ownShip", "own_ship")
    targets_raw = _get(d, "targetShips", "target_ships")
    if own_raw is None:
        raise NavlightsError("situation.ownShip: missing", field="situation.ownShip", allowed="a ship object")
    if not isinstance(targets_raw, list) or not 1 <= len(targets_raw) <= MAX_TARGETS:
        raise NavlightsError(f"situation.targetShips: must be a list of 1 to {MAX_TARGETS} ships",
                             field="situation.targetShips", value=targets_raw, allowed=f"1 to {MAX_TARGETS} ships")
    own = _ship(own_raw, "ownShip", "own ship")
    from .geo import MAX_FLAT_NM, METRES_PER_NM, offsets_m
    targets = []
    for i, t in enumerate(targets_raw):
        s = _ship(t, f"targetShips[{i}]", f"target {i + 1}")
        east, north = (float(x) / METRES_PER_NM for x in offsets_m(own.lat, own.lon, s.lat, s.lon))
        notes = s.assumptions
        if math.hypot(east, north) > MAX_FLAT_NM:
            notes += (f"over {MAX_FLAT_NM:g} nm from own ship: the flat approximation of positions is stretched",)
        targets.append(replace(s, east_nm=east, north_nm=north, assumptions=notes))
    title = d.get("title")
    desc = d.get("description")
    return TrafficSituation(str(title) if title is not None else "", None if desc is None else str(desc), own,
                            tuple(targets))


def _spec(s: SituationShip) -> dict[str, Any]:
    """The conduct engine's input object for one ship (engines/conduct_input.parse_ship)."""
    out: dict[str, Any] = {"course": s.cog_deg, "speed": s.sog_kn, "at": [s.east_nm, s.north_nm]}
    if s.kind in ("moored", "aground"):
        out["vessel"] = {"propulsion": "power", "status": s.kind}
    else:
        out["kind"] = s.kind
    if s.heading_deg is not None:
        out["heading"] = s.heading_deg
    if s.length_m is not None:
        out["length"] = f"{s.length_m:g} m"
    return out


def _ship_json(s: SituationShip) -> dict[str, Any]:
    return {"name": s.name, "id": s.id, "nav_status": s.nav_status, "ship_type": s.ship_type, "length_m": s.length_m,
            "course_deg": s.cog_deg, "speed_kn": s.sog_kn, "heading_deg": s.heading_deg,
            "east_nm": round(s.east_nm, 6), "north_nm": round(s.north_nm, 6), "assumptions": list(s.assumptions)}


def lights_seen(vessel: Any, aspect_deg: float, range_nm: float, edition: str) -> dict[str, Any]:
    """What own ship sees of her lights at night from where she lies (her aspect, the range), as words; where none
    reaches that far, also what she shows from that aspect once within range."""
    from ..engines import display as _display, view as _view
    from ..rulebase.loader import edition as _edition
    try:
        d = _display.remembered(vessel, _edition(edition))
        p = _view.view(d, aspect_deg % 360.0, max(range_nm, 0.0) or None, period="night")
        near = None if p.items else _view.view(d, aspect_deg % 360.0, None, period="night").describe()
    except NavlightsError as e:
        return {"words": None, "within_range": None, "gap": str(e)}
    return {"words": p.describe(), "within_range": near, "gap": None}


def situation_json(data: Any, edition: str = "intl-1972", **conventions: Any) -> dict[str, Any]:
    """Each target ship's conduct answer against own ship, with the lights own ship sees of her
    (schema: docs/schema/conduct-situation.schema.json)."""
    from ..engines.conduct_input import decide_specs, parse_ship
    from ..engines.conduct_words import conduct_json
    sit = data if isinstance(data, TrafficSituation) else read_situation(data)
    own = parse_ship(_spec(sit.own), "ownShip")
    out: list[dict[str, Any]] = []
    for i, t in enumerate(sit.targets):
        other = parse_ship(_spec(t), f"targetShips[{i}]")
        c = decide_specs(own, other, edition, **conventions)
        k = c.kinematics
        seen = lights_seen(other.vessel, k.aspect_deg, k.range_nm, edition) if k else {"words": None, "within_range": None, "gap": None}
        out.append({"ship": _ship_json(t), "status_term": c.other_term, "lights_seen": seen,
                    "conduct": conduct_json(c)})
    return {"format": FORMAT, "edition": edition, "title": sit.title, "description": sit.description,
            "own": _ship_json(sit.own) | {"status_term": out[0]["conduct"]["own"]["term"]}, "targets": out}
