"""Two vessels for the conduct engine, parsed once at the edge from a short spec or JSON.

A spec is words separated by spaces: first, optionally, what she is (``power``, ``sail``, ``fishing``, ``nuc``,
``ram``, ``cbd``, ``seaplane``, ``wig``, ``wig-flight``, ``oars``, ``anchored``), then ``key=value`` pairs:
``course`` and ``speed`` (over ground, degrees true and knots), ``heading``, ``at=E,N`` (nautical miles east and
north of any origin), or for the other vessel ``bearing`` (true, from own vessel) and ``range`` (nm), ``length``
("15 m", "60 ft"), ``wind`` (the side she has the wind on: port, starboard, unknown), and the flags
``channel-only``, ``in-lane``, ``crossing``, ``downbound``, ``upbound``; any other ``key=value`` is a vessel field
(``restricted=cable``, ``fishing=trawl``...). The JSON form is an object with the same keys (``vessel`` an object
as ``--vessel-json`` takes).

>>> s = parse_ship("sail course=90 speed=5 length=9m wind=port", "own")
>>> s.vessel.propulsion, s.course_deg, s.wind, round(s.vessel.length_m, 1)
('sail', 90.0, 'port', 9.0)
>>> o = parse_ship("power course=270 speed=10 bearing=45 range=2", "other", own=s)
>>> round(o.east_nm, 4), round(o.north_nm, 4)
(1.4142, 1.4142)
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import VesselError, excerpt
from ..vessel import Vessel, make_vessel
from ..rulebase.conduct import AREAS, SPECIAL_WATERS, conduct_rules
from .conduct import Conduct, Conventions, Ship, Situation, decide, with_conventions

KINDS: dict[str, dict[str, Any]] = {
    "power": {"propulsion": "power"},
    "sail": {"propulsion": "sail"},
    "oars": {"propulsion": "oars"},
    "fishing": {"propulsion": "power", "fishing": {"method": "trawl"}},
    "nuc": {"propulsion": "power", "not_under_command": True},
    "ram": {"propulsion": "power", "restricted": "dredging"},
    "cbd": {"propulsion": "power", "constrained_by_draught": True},
    "seaplane": {"propulsion": "power", "seaplane": True},
    "wig": {"propulsion": "power", "wig": True},
    "wig-flight": {"propulsion": "power", "wig": True, "wig_near_surface": True},
    "anchored": {"propulsion": "power", "status": "anchored"},
}
FLAGS = ("channel-only", "in-lane", "crossing", "downbound", "upbound")
NUMBERS = {"course": (0.0, 360.0), "heading": (0.0, 360.0), "bearing": (0.0, 360.0), "speed": (0.0, 100.0),
           "range": (0.0, 500.0)}
WIND = ("port", "starboard", "unknown")


def _number(field: str, key: str, value: Any) -> float:
    lo, hi = NUMBERS[key]
    try:
        x = float(value)
    except (TypeError, ValueError):
        x = math.nan
    if isinstance(value, bool) or not math.isfinite(x) or not lo <= x <= hi:
        raise VesselError(f"{field}.{key}: {excerpt(value)} is not a number from {lo:g} to {hi:g}",
                          field=f"{field}.{key}", value=value, allowed=f"{lo:g} to {hi:g}")
    return x


def _words(spec: str, field: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, word in enumerate(spec.split()):
        if "=" in word:
            key, _, value = word.partition("=")
            out[key.strip().lower()] = value.strip()
        elif i == 0 and word.lower() in KINDS:
            out["kind"] = word.lower()
        elif word.lower() in FLAGS:
            out[word.lower()] = True
        else:
            raise VesselError(f"{field}: {excerpt(word)} is neither a kind, a flag nor key=value; kinds: "
                              f"{', '.join(KINDS)}; flags: {', '.join(FLAGS)}", field=field, value=word,
                              allowed="kind, flag or key=value")
    return out


def _flag(field: str, key: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if str(value).lower() in ("true", "yes", "1"):
        return True
    if str(value).lower() in ("false", "no", "0"):
        return False
    raise VesselError(f"{field}.{key}: {excerpt(value)} is not true or false", field=f"{field}.{key}", value=value,
                      allowed="true or false")


def _vessel(d: dict[str, Any], field: str) -> Vessel:
    kind = d.pop("kind", None)
    if kind is not None and kind not in KINDS:
        raise VesselError(f"{field}.kind: {excerpt(kind)} is not one of: {', '.join(KINDS)}", field=f"{field}.kind",
                          value=kind, allowed=", ".join(KINDS))
    base = dict(KINDS[kind or "power"])
    base.update(d.pop("vessel", None) or {})
    extra = {k.replace("-", "_"): v for k, v in d.items()}
    try:
        return Vessel.from_fields(base, **extra)
    except TypeError:
        bad = ", ".join(sorted(extra))
        raise VesselError(f"{field}: unknown key among {excerpt(bad)}; allowed: course, speed, heading, at, bearing, "
                          f"range, length, wind, {', '.join(FLAGS)} and vessel fields", field=field, value=bad,
                          allowed="see docs/conduct.md") from None
    except VesselError as e:
        raise VesselError(f"{field}: {e}", field=f"{field}.{e.field}", value=e.value, allowed=e.allowed) from None


def _position(d: dict[str, Any], field: str, own: Ship | None) -> tuple[float, float]:
    at, brg, rng = d.pop("at", None), d.pop("bearing", None), d.pop("range", None)
    if at is not None:
        parts = at if isinstance(at, (list, tuple)) else str(at).split(",")
        try:
            e, n = (float(p) for p in parts)
            if not (math.isfinite(e) and math.isfinite(n) and abs(e) <= 1e4 and abs(n) <= 1e4):
                raise ValueError
        except (TypeError, ValueError):
            raise VesselError(f"{field}.at: {excerpt(at)} is not 'E,N' in nautical miles (each within 10000)",
                              field=f"{field}.at", value=at, allowed="E,N") from None
        return e, n
    if brg is None and rng is None:
        return 0.0, 0.0
    if brg is None or rng is None or own is None:
        raise VesselError(f"{field}: bearing and range go together, and only for the other vessel",
                          field=f"{field}.bearing", value=brg, allowed="bearing=DEG range=NM")
    b, r = math.radians(_number(field, "bearing", brg)), _number(field, "range", rng)
    return own.east_nm + r * math.sin(b), own.north_nm + r * math.cos(b)


def parse_ship(spec: str | dict[str, Any], field: str, own: Ship | None = None) -> Ship:
    """One vessel from a spec string or its JSON object (``field`` names it in errors: own, other, pairs[3].own)."""
    if isinstance(spec, str):
        d = _words(spec, field)
    elif isinstance(spec, dict):
        d = {k.lower(): v for k, v in spec.items()}
    else:
        raise VesselError(f"{field}: {excerpt(spec)} is neither a spec nor an object", field=field, value=spec,
                          allowed="spec string or object")
    if "course" not in d or "speed" not in d:
        raise VesselError(f"{field}: course and speed are needed (course=DEG speed=KN)", field=field, value=spec,
                          allowed="course=DEG speed=KN")
    course = _number(field, "course", d.pop("course")) % 360.0
    speed = _number(field, "speed", d.pop("speed"))
    heading = d.pop("heading", None)
    head = None if heading is None else _number(field, "heading", heading) % 360.0
    wind = d.pop("wind", None)
    if wind is not None and wind not in WIND:
        raise VesselError(f"{field}.wind: {excerpt(wind)} is not one of: {', '.join(WIND)}", field=f"{field}.wind",
                          value=wind, allowed=", ".join(WIND))
    east, north = _position(d, field, own)
    flags = {f: _flag(field, f, d.pop(f)) for f in FLAGS if f in d}
    flags |= {f: _flag(field, f, d.pop(f.replace("-", "_"))) for f in FLAGS if f.replace("-", "_") in d}
    vessel = _vessel(d, field)
    return Ship(vessel, course, speed, east, north, head, wind,
                **{k.replace("-", "_"): v for k, v in flags.items()})


def vessel_dict(kind: str) -> dict[str, Any]:
    """The vessel a kind word stands for (a copy)."""
    return make_vessel(KINDS[kind]).to_json()


def _situation(in_sight: bool = True, area: str = "open", waters: str | None = None,
               wind_from_deg: float | None = None, was_overtaking: str | None = None, head_on_deg: float | None = None,
               border_deg: float | None = None, risk_cpa_nm: float | None = None) -> tuple[Situation, Conventions]:
    """The situation and conventions from the facade's keywords, each checked (one line naming the field)."""
    for name, value, allowed in (("area", area, AREAS), ("waters", waters, (None, *SPECIAL_WATERS)),
                                 ("was_overtaking", was_overtaking, (None, "own", "other"))):
        if value not in allowed:
            words = ", ".join(a for a in allowed if a)
            raise VesselError(f"{name}: {excerpt(value)} is not one of: {words}", field=name, value=value,
                              allowed=words)
    if wind_from_deg is not None:
        wind_from_deg = _number("situation", "course", wind_from_deg) % 360.0
    conv = with_conventions(Conventions(), head_on_deg=head_on_deg, border_deg=border_deg, risk_cpa_nm=risk_cpa_nm)
    return Situation(bool(in_sight), area, waters, wind_from_deg, was_overtaking), conv  # type: ignore[arg-type]


def decide_specs(own: Any, other: Any, edition: str, **options: Any) -> Conduct:
    """:func:`~navlights.engines.conduct.decide` over two specs (or objects, or Ships) and the facade's keywords."""
    sit, conv = _situation(**options)
    own_s = own if isinstance(own, Ship) else parse_ship(own, "own")
    other_s = other if isinstance(other, Ship) else parse_ship(other, "other", own=own_s)
    return decide(conduct_rules(edition), own_s, other_s, sit, conv)


def decide_seen(notation: str, bearing_deg: Any, edition: str, own: Any = "power", cache: str | None = None,
                **options: Any) -> tuple[Conduct, dict[str, Any]]:
    """Roles from the lights seen: identify's likeliest reading of ``notation`` under ``edition`` gives her vessel
    and the aspects her lights allow; ``bearing_deg`` is her bearing on your bow. Also returns what was read."""
    from . import identify as _identify
    from ..rulebase.loader import edition as _edition
    from .conduct_seen import from_sighting
    sit, conv = _situation(**options)
    rb = _number("seen", "bearing", bearing_deg)
    own_v = _vessel(_words(own, "own") if isinstance(own, str) else dict(own), "own")
    result = _identify.identify(notation, [_edition(edition)], near=False, limit=1, cache=cache).to_dict()
    if not result["hypotheses"]:
        raise VesselError(f"seen: no vessel under {edition} shows {excerpt(notation)}", field="seen", value=notation,
                          allowed="lights some vessel shows (navlights identify)")
    h = result["hypotheses"][0]
    aspects = [(a["start_deg"], a["end_deg"]) for a in h["aspects"]]
    c = from_sighting(conduct_rules(edition), own_v, make_vessel(h["vessel"]), rb, aspects, sit, conv)
    return c, {"notation": result["query"]["notation"], "words": result["query"]["words"], "vessel": h["name"],
               "aspects": [a["label"] for a in h["aspects"]], "heading": h.get("heading")}


def bearing_on_bow(value: Any) -> float:
    """Her bearing on your bow in degrees (clockwise from right ahead, 0 to 360), checked: one line naming it."""
    try:
        rb = float(value)
    except (TypeError, ValueError):
        rb = math.nan
    if isinstance(value, bool) or not math.isfinite(rb) or not 0.0 <= rb <= 360.0:
        raise VesselError(f"bearing: {excerpt(value)} is not a bearing on your bow from 0 to 360 degrees",
                          field="bearing", value=value, allowed="0 to 360")
    return rb


def own_vessel_conduct(reading: Any, heading: str, bearing_deg: Any, own: Any = "power",
                       **options: Any) -> tuple[Conduct, str]:
    """What a sighting means for own vessel: the vessel and aspects of identify's verdict reading (``reading``; its
    ``heading`` code 'any' where the lights seen do not show her heading) and her bearing on your bow
    (``bearing_deg``, clockwise from right ahead) give the Rules 13(b), 14(b), 15 and 18 answer; returns the answer
    and its words, the head-on convention named."""
    from .conduct_seen import from_sighting
    from .conduct_words import answer
    rb = bearing_on_bow(bearing_deg)
    sit, conv = _situation(**options)
    own_v = _vessel(_words(own, "own") if isinstance(own, str) else dict(own), "own")
    aspects = [(0.0, 360.0)] if heading == "any" else [(a.start_deg, a.end_deg) for a in reading.aspects]
    c = from_sighting(conduct_rules(reading.edition), own_v, make_vessel(reading.vessel), rb, aspects, sit, conv)
    words = (f"She bears {rb:g}° on your bow. {answer(c)} Convention: head-on when each is within "
             f"{conv.head_on_deg:g}° of the other's bow.")
    return c, words
