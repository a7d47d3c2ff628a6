"""From AIS codes to navlights vessel facts, and from those to the lights each reading must show.

Sources of the code values (docs/traffic.md, "AIS"): the AIS message specification, ITU-R M.1371
(message 1 "navigational status", message 5 "type of ship and cargo type"), cross-checked against
pyais 3.3.1 (``pyais.constants.NavigationStatus`` and ``ShipType``; tests/test_traffic_ais.py checks every
code named here against them). The lights are never written here: each reading is a
:class:`~navlights.vessel.Vessel`, and :func:`navlights.engines.display.display` gives what she shows under the edition.

Where AIS cannot tell (which fishing method, which restricted work, the length of a tow, whether a sailing
vessel also uses her engine, her length when no static data came), every reading that fits is a
:class:`~navlights.traffic.model.Candidate` with its basis and assumptions; none is guessed.

>>> [c.vessel.fishing.method for c in candidates(7, 30, 30.0, 8.0, True)]
['trawl', 'drift-net', 'line', 'other']
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from functools import lru_cache
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import MissingFactError, NavlightsError, excerpt
from ..units import metres_text
from .model import Candidate

if TYPE_CHECKING:
    from ..vessel import Vessel

SOURCE = ("ITU-R M.1371 (AIS technical characteristics), message 1 field 'navigational status' and message 5 "
          "field 'type of ship and cargo type'; code names cross-checked with pyais 3.3.1 "
          "pyais.constants.NavigationStatus and ShipType")

#: Navigational status (message 1, 2, 3 and 27): code -> (our words, pyais's enum name).
STATUS: dict[int, tuple[str, str]] = {
    0: ("under way using engine", "UnderWayUsingEngine"),
    1: ("at anchor", "AtAnchor"),
    2: ("not under command", "NotUnderCommand"),
    3: ("restricted manoeuvrability", "RestrictedManoeuverability"),
    4: ("constrained by her draught", "ConstrainedByHerDraught"),
    5: ("moored", "Moored"),
    6: ("aground", "Aground"),
    7: ("engaged in fishing", "EngagedInFishing"),
    8: ("under way sailing", "UnderWaySailing"),
    9: ("reserved for future amendment (HSC)", "ReservedFutureAmendmentHSC"),
    10: ("reserved for future amendment (WIG)", "ReservedFutureAmendmentWIG"),
    11: ("power-driven vessel towing astern (regional use)", "PowerDrivenVesselTowingAstern"),
    12: ("power-driven vessel pushing ahead or towing alongside (regional use)", "PowerDrivenVesselPushingAhead"),
    13: ("reserved for future use", "ReservedFutureUse"),
    14: ("AIS-SART, MOB-AIS or EPIRB-AIS active", "AISSARTActive"),
    15: ("not defined (the default)", "Undefined"),
}

#: Ship types that bear on the lights (message 5, 19 and 24 part B): code -> (our words, pyais's enum name).
SHIP_TYPES: dict[int, tuple[str, str]] = {
    20: ("wing in ground (WIG)", "WIG"),
    30: ("fishing", "Fishing"),
    31: ("towing", "Towing"),
    32: ("towing, length of the tow over 200 m or breadth over 25 m", "Towing_LengthOver200"),
    33: ("dredging or underwater operations", "DredgingOrUnderwaterOps"),
    34: ("diving operations", "DivingOps"),
    35: ("military operations", "MilitaryOps"),
    36: ("sailing", "Sailing"),
    37: ("pleasure craft", "PleasureCraft"),
    40: ("high-speed craft (HSC)", "HSC"),
    50: ("pilot vessel", "PilotVessel"),
    51: ("search and rescue vessel", "SearchAndRescueVessel"),
    52: ("tug", "Tug"),
    53: ("port tender", "PortTender"),
    54: ("anti-pollution equipment", "AntiPollutionEquipment"),
    55: ("law enforcement", "LawEnforcement"),
    58: ("medical transport", "MedicalTransport"),
    59: ("non-combatant ship", "NonCombatShip"),
    60: ("passenger", "Passenger"),
    70: ("cargo", "Cargo"),
    80: ("tanker", "Tanker"),
    90: ("other type", "OtherType"),
}

#: Restricted work AIS status 3 may stand for, in navlights' words (navlights.vessel.Restricted), when the
#: ship type does not narrow it.
RESTRICTED_WORK = ("navigation-mark", "cable", "survey", "dredging", "underwater", "diving", "replenishment",
                   "aircraft")
FISHING_METHODS = ("trawl", "drift-net", "line", "other")
#: Speed over ground (knots) under which a vessel is not taken as making way (the reading says so).
MOVING_KN = 0.5


def status_words(code: int | None) -> str:
    return "not given" if code is None else STATUS.get(code, (f"code {code}", ""))[0]


def ship_type_words(code: int | None) -> str:
    if code is None:
        return "not given"
    words = SHIP_TYPES.get(code) or SHIP_TYPES.get(code - code % 10)
    return words[0] if words else f"code {code}"


# ---------------------------------------------------------------------------------------------
# Readings: vessel fields with the facts and the assumptions they rest on

@dataclass(frozen=True)
class _Reading:
    fields: tuple[tuple[str, Any], ...]
    basis: tuple[str, ...]
    assumptions: tuple[str, ...] = ()

    def add(self, fields: dict[str, Any], basis: str | None = None, assumption: str | None = None) -> "_Reading":
        return _Reading(tuple({**dict(self.fields), **fields}.items()),
                        self.basis + ((basis,) if basis else ()),
                        self.assumptions + ((assumption,) if assumption else ()))


def _fork(readings: list[_Reading], options: Sequence[tuple[dict[str, Any], str | None, str | None]]) -> list[_Reading]:
    return [r.add(*opt) for r in readings for opt in options]


def _making_way(moving: bool | None) -> list[tuple[dict[str, Any], str | None, str | None]]:
    if moving is None:
        return [({"making_way": True}, None, "making way (speed over ground not given)"),
                ({"making_way": False}, None, "not making way (speed over ground not given)")]
    if moving:
        return [({"making_way": True}, None, f"moving over the ground at {MOVING_KN} kn or more: "
                 "taken as making way through the water")]
    return [({"making_way": False}, None, f"under {MOVING_KN} kn over the ground: taken as not making way")]


_POWER = ({"propulsion": "power"}, None, "power-driven (AIS does not say what drives her)")


def _restricted(ship: int | None) -> list[tuple[dict[str, Any], str | None, str | None]]:
    """The restricted work that status 3 fits, narrowed by the ship type where it names the work."""
    sides = [None, "port", "starboard"]
    def work(kind: str, why: str | None = None) -> list[tuple[dict[str, Any], str | None, str | None]]:
        if kind in ("dredging", "underwater"):
            return [({"restricted": kind, "obstruction_side": s}, why,
                     f"{kind}; " + (f"obstruction on her {s} side" if s else "no obstruction"))
                    for s in sides]
        return [({"restricted": kind}, why, f"restricted work: {kind}")]
    if ship == 33:
        return [*work("dredging", "ship type 33"), *work("underwater", "ship type 33")]
    if ship == 34:
        return work("diving", "ship type 34")
    if ship in (31, 32, 52):
        return [({"restricted": "towing", "towing": {}}, f"ship type {ship}", "a towing operation that restricts her")]
    out = [w for kind in RESTRICTED_WORK for w in work(kind)]
    out.append(({"mine_clearance": True}, None, "engaged in mine clearance"))
    out.append(({"restricted": "towing", "towing": {}}, None, "a towing operation that restricts her"))
    return out


def _by_status(code: int | None, ship: int | None, moving: bool | None) -> list[_Reading] | None:
    """The readings the status gives (None: the status tells nothing, e.g. class B, 15, reserved codes)."""
    base = [_Reading((), (f"AIS status {code} ({status_words(code)})",))]
    if code in (1, 5, 6):
        return _fork(base, [({"status": {1: "anchored", 5: "moored", 6: "aground"}[code]}, None, None)])
    if code == 0:
        power = _fork(base, [({"propulsion": "power"}, None, None)])
        if ship in (31, 32, 52):      # status 11 is for regional use: a tow under way often reports 0
            return _fork(power, [({}, None, "not towing"), ({"towing": {}}, f"ship type {ship}", "towing astern")])
        if ship == 36:
            return _fork(power, [({}, None, "sails not set"), ({"sails_set": True}, "ship type 36", "sails set too")])
        return power
    if code == 2:
        return _fork(_fork(base, [({"not_under_command": True}, None, None)]), _making_way(moving))
    if code == 3:
        return _fork(_fork(base, _restricted(ship)), _making_way(moving))
    if code == 4:
        return _fork(base, [({"propulsion": "power", "constrained_by_draught": True}, None, None)])
    if code == 7:
        fish = [({"fishing": {"method": m}}, None, f"fishing method: {m}") for m in FISHING_METHODS]
        return _fork(_fork(base, fish), _making_way(moving))
    if code == 8:
        return _fork(base, [({"propulsion": "sail"}, None, None),
                            ({"propulsion": "power", "sails_set": True}, None,
                             "also using her engine (a sailing vessel under sail and power)")])
    if code == 11:
        return _fork(base, [({"propulsion": "power", "towing": {}}, None, None)])
    if code == 12:
        return _fork(base, [({"propulsion": "power", "pushing": True}, None, "pushing ahead"),
                            ({"propulsion": "power", "towing": {"alongside": True}}, None, "towing alongside")])
    return None


def _unknown_status(code: int | None, ship: int | None, moving: bool | None) -> list[_Reading]:
    why = "no navigational status (class B reports carry none)" if code is None else \
        f"AIS status {code} ({status_words(code)}): tells nothing of her lights"
    base = [_Reading((), (why,))]
    out = _fork(_fork(base, [({"status": "underway"}, None, "under way")]), _making_way(moving))
    if moving is not True:
        out += _fork(base, [({"status": "anchored"}, None, "at anchor"), ({"status": "moored"}, None, "moored")])
    if ship == 30:
        under = [r for r in out if dict(r.fields)["status"] == "underway"]
        out += _fork(under, [({"fishing": {"method": m}}, "ship type 30", f"engaged in fishing ({m})")
                             for m in FISHING_METHODS])
    if ship in (31, 32, 52):
        under = [r for r in out if dict(r.fields)["status"] == "underway" and "fishing" not in dict(r.fields)]
        out += _fork(under, [({"towing": {}}, f"ship type {ship}", "towing astern")])
    return out


def _by_ship_type(readings: list[_Reading], ship: int | None, code: int | None) -> list[_Reading]:
    """Propulsion and the trades a ship type names, on each reading."""
    out: list[_Reading] = []
    for r in readings:
        f = dict(r.fields)
        if "propulsion" in f:
            out.append(r)
        elif ship in (36, 37) and not f.get("constrained_by_draught") and f.get("status", "underway") == "underway":
            out += [r.add({"propulsion": "sail"}, f"ship type {ship}", "under sail"),
                    r.add({"propulsion": "power"}, f"ship type {ship}", "under power")]
            if ship == 36:
                out.append(r.add({"propulsion": "power", "sails_set": True}, f"ship type {ship}",
                                 "under sail and power"))
        else:
            out.append(r.add(*_POWER))
    if ship in (0, None) or code == 14:
        return out
    extra: dict[str, Any] = {}
    if ship == 55:
        extra = {"service": "law-enforcement"}
    elif ship == 35:
        extra = {"service": "warship"}
    if extra:
        out = [r.add(extra, f"ship type {ship} ({ship_type_words(ship)})") for r in out]
    if ship == 50:
        out = _fork(out, [({"pilot_on_duty": True}, "ship type 50", "on pilotage duty"),
                          ({}, None, "not on pilotage duty")])
    if ship is not None and 20 <= ship <= 29:
        out = [r.add({"wig": True}, f"ship type {ship}") for r in out]
    return out


def _tow_of_type(r: _Reading, ship: int | None) -> _Reading:
    """Ship type 32 says the tow is over 200 m long or over 25 m broad: AIS does not say which, so the tow's length
    stays open (the lights step gives each length band as a candidate)."""
    return r.add({}, f"ship type {ship} ({ship_type_words(ship)})") if ship in (31, 32) and \
        "towing" in dict(r.fields) else r


@lru_cache(maxsize=4096)
def candidates(code: int | None, ship: int | None, length_m: float | None, breadth_m: float | None,
               moving: bool | None) -> tuple[Candidate, ...]:
    """Every reading of a vessel that fits her AIS status, ship type, dimensions and motion (``moving``: speed over
    ground at least :data:`MOVING_KN`, None: not known). Status 14 (AIS-SART, MOB, EPIRB) is not a vessel: none."""
    if code == 14:
        return ()
    readings = _by_status(code, ship, moving) or _unknown_status(code, ship, moving)
    readings = [_tow_of_type(r, ship) for r in _by_ship_type(readings, ship, code)]
    size: dict[str, Any] = {}
    if length_m is not None:
        size["length"] = metres_text(length_m)
    if breadth_m is not None:
        size["breadth"] = metres_text(breadth_m)
    from ..vessel import make_vessel     # the vessel model, built where a reading is made (not at the AIS start)
    out: list[Candidate] = []
    for r in readings:
        fields = {**dict(r.fields), **size}
        try:
            vessel = make_vessel(fields)
        except NavlightsError:          # a reading the vessel model refuses does not fit
            continue
        basis = "; ".join(dict.fromkeys(r.basis + (("dimensions A+B, C+D",) if size else ())))
        out.append(Candidate(vessel=vessel, basis=basis, assumptions=r.assumptions))
    return tuple(dict.fromkeys(out))


# ---------------------------------------------------------------------------------------------
# Lights: each candidate's display under the edition; a fact AIS lacks opens one candidate per band

#: Facts a display may need that AIS cannot give, with the vessel field that sets each.
_BANDED = {"length": ("length", None), "towing.tow_length": ("tow_length", "towing"),
           "fishing.gear_extent": ("gear_extent", "fishing")}


_FACT_WORDS = {"length": "her length", "towing.tow_length": "the length of her tow",
               "fishing.gear_extent": "the extent of her outlying gear"}


@dataclass(frozen=True)
class Lit:
    """One candidate with its display under the edition; ``display`` None: not decided (``why``)."""

    candidate: Candidate
    display: Any
    why: str | None = None


def _thresholds(edition: Any, fact: str) -> list[float]:
    """Every value the edition's conditions compare ``fact`` with (from the rule data, never written here)."""
    found: set[float] = set()
    def walk(cond: Any) -> None:
        for name, _op, value in cond.tests:
            if name == fact and isinstance(value, (int, float)) and not isinstance(value, bool):
                found.add(float(value))
        for branch in cond.any_of:
            walk(branch)
    for p in edition.provisions:
        walk(p.when)
        for s in p.shows:
            walk(s.when)
    return sorted(found)


def _bands(edition: Any, fact: str, upper: float) -> list[tuple[float, str]]:
    """A value inside each band the edition's thresholds for ``fact`` make, with the band in words."""
    ts = [t for t in _thresholds(edition, fact) if 0 < t < upper]
    if not ts:
        return []
    edges = [0.0, *ts, upper]
    out = []
    for lo, hi in zip(edges, edges[1:]):
        out.append(((lo + hi) / 2, f"between {lo:g} m and {hi:g} m"))
    return out


def _with_fact(vessel: Vessel, field: str, metres: float) -> Vessel:
    from ..vessel import make_vessel
    data = vessel.to_json()
    key, part = _BANDED[field]
    if part is None:
        data["length"] = metres_text(metres)
    else:
        data[part] = {**data.get(part, {}), key: metres_text(metres)}
    return make_vessel(data)


def light_candidates(cand: Candidate, edition: str, depth: int = 0) -> list[Lit]:
    """The candidate's display under the edition; where the display needs a length AIS did not give (her own, her
    tow's, her gear's), one candidate per band of the edition's own thresholds."""
    from ..engines.display import remembered
    from ..rulebase.loader import edition as edition_named
    from ..vessel import MAX_LENGTH_M, MAX_TOW_M
    try:
        return [Lit(cand, remembered(cand.vessel, edition_named(edition)))]
    except MissingFactError as e:
        field = e.field or ""
        if field not in _BANDED or depth >= 3:
            return [Lit(cand, None, str(e))]
        upper = MAX_LENGTH_M if field == "length" else MAX_TOW_M
        bands = _bands(edition_named(edition), _BANDED[field][0], upper)
        if not bands:
            return [Lit(cand, None, str(e))]
        out: list[Lit] = []
        for value, words in bands:
            try:
                vessel = _with_fact(cand.vessel, field, value)
            except NavlightsError:        # a band she cannot be in (a length under her breadth)
                continue
            c = replace(cand, vessel=vessel,
                        assumptions=cand.assumptions + (f"{_FACT_WORDS[field]} {words} (AIS does not tell; "
                                                        f"one candidate per band of {edition}'s rules)",))
            out += light_candidates(c, edition, depth + 1)
        return out
    except NavlightsError as e:
        return [Lit(cand, None, str(e))]


@lru_cache(maxsize=8192)
def lit(code: int | None, ship: int | None, length_m: float | None, breadth_m: float | None,
        moving: bool | None, edition: str) -> tuple[Lit, ...]:
    """:func:`candidates` with their displays under ``edition``, remembered per key (the batch path's hot loop)."""
    return tuple(x for c in candidates(code, ship, length_m, breadth_m, moving) for x in light_candidates(c, edition))


@lru_cache(maxsize=16384)
def _band(edition: str, fact: str, value: float | None) -> float | None:
    """A value standing for ``value``'s band among the edition's thresholds for ``fact``: the middle of the open
    interval between the thresholds around it (a value on a threshold stands for itself; a fact no condition
    tests, for nothing). Every condition compares the fact with those thresholds only, so the band decides
    which provisions apply."""
    if value is None:
        return None
    ts = _edition_thresholds(edition, fact)
    if not ts:
        return None
    if value in ts:
        return value
    lower = max((t for t in ts if t < value), default=0.0)
    upper = min((t for t in ts if t > value), default=ts[-1] * 2)
    return (lower + upper) / 2


#: The unit system of each edition whose prepared AIS readings are open (:func:`navlights.traffic.ais_keys.facts`):
#: read from them, the AIS reader loads no rule base.
PREPARED_SYSTEMS: dict[str, str] = {}


@lru_cache(maxsize=64)
def length_system(edition: str | None) -> str:
    """The unit system the edition speaks lengths in ("metres" or "feet"; feet where no edition is decided)."""
    from ..units import DEFAULT_SYSTEM
    if edition is None:
        return DEFAULT_SYSTEM
    got = PREPARED_SYSTEMS.get(edition)
    if got is not None:
        return got
    from ..rulebase.loader import edition as edition_named
    try:
        return edition_named(edition).length_system
    except NavlightsError:
        return DEFAULT_SYSTEM


def _edition_thresholds(edition: str, fact: str) -> tuple[float, ...]:
    from ..rulebase.loader import edition as edition_named
    return tuple(_thresholds(edition_named(edition), fact))


@lru_cache(maxsize=65536)
def _row_lights(code: int | None, ship: int | None, length_m: float | None, breadth_m: float | None,
                moving: bool | None, edition: str) -> tuple[str, int, bool]:
    lits = lit(code, ship, length_m, breadth_m, moving, edition)
    return lights_summary(lits), len(lits), any(x.display is None for x in lits)



def _words(items: list[Any]) -> str:
    """Plain lights first, then each group of alternatives: ``[option | option]``."""
    plain: list[str] = []
    groups: dict[str, dict[str, list[str]]] = {}
    for i in items:
        tok = f"{(i.colour or '?')[0].upper()}{'*' if i.character == 'flashing' else ''}:{i.role}"
        if i.group:
            groups.setdefault(i.group, {}).setdefault(i.option or "", []).append(tok)
        else:
            plain.append(tok)
    for options in groups.values():
        plain.append("[" + " | ".join(" ".join(toks) for toks in options.values()) + "]")
    return " ".join(plain)


def compact(display: Any) -> str:
    """The lights a display requires as one short string: colour initial and role, space-separated; alternatives
    (one option of a group) in brackets, options split by ``|``; where a small-craft rule lets her show another
    lighting scheme instead of the standard lights (Rule 23(d), 25(b)), the schemes in braces, split by ``/``,
    each named (the lights every scheme keeps stand before them). Optional lights are left out.

    >>> from navlights import api
    >>> compact(api.display({"propulsion": "sail", "length": "30 m"}, "intl-1972"))
    'G:sidelight-starboard R:sidelight-port W:sternlight'
    >>> compact(api.display({"propulsion": "sail", "length": "12 m"}, "intl-1972"))  # doctest: +NORMALIZE_WHITESPACE
    '{standard: W:sternlight [G:sidelight-starboard R:sidelight-port | G:combined-starboard R:combined-port] /
      sailing-tricolour: G:tricolour-starboard R:tricolour-port W:tricolour-stern}'
    """
    req = [i for i in display.lights if i.status in ("required", "general")]
    schemes = list(dict.fromkeys(i.scheme for i in req if i.scheme is not None))
    if len(schemes) <= 1:
        return _words(req) or "-"
    common = _words([i for i in req if i.scheme is None])
    alts = " / ".join(f"{s}: {_words([i for i in req if i.scheme == s]) or '-'}" for s in schemes)
    return f"{common} {{{alts}}}" if common else f"{{{alts}}}"


def lights_summary(lits: tuple[Lit, ...]) -> str:
    """The distinct compact light strings of every candidate, joined by `` || `` (undecided: ``?``)."""
    return " || ".join(dict.fromkeys(compact(x.display) if x.display is not None else "?" for x in lits))


# ---------------------------------------------------------------------------------------------
# The edition: named, or governing for the time and the waters (named waters, or a region's polygons)

@lru_cache(maxsize=4096)
def governing_edition(date: dt.date, waters: str) -> tuple[str | None, str]:
    """The edition in force on the date in the waters, and the words of the answer."""
    from ..engines.compare import governing
    from ..rulebase.loader import editions
    g = governing(date, waters, editions())
    return g.edition, g.text


_NO_TIME: tuple[str | None, str] = (None, "no time: the edition governing cannot be told (name one with --edition)")


def _edition_id(name: str) -> str:
    """An edition's id from its id or alias: an id names its rule file in the package (found without loading the
    rule base, which builds the vessel model: the AIS reader's start), an alias through the rule base's map."""
    from ..rulebase import compiled
    found = compiled.rule_file(name)
    if found is not None:
        return found.stem
    from ..rulebase.loader import resolve
    return resolve(name)


def is_moving(speed_kn: float | None) -> bool | None:
    return None if speed_kn is None else speed_kn >= MOVING_KN


@dataclass(frozen=True)
class Choice:
    """How the edition is chosen: named (``edition``), or ``governing`` for each fix's date in the named
    ``waters`` or in the waters a ``region`` gives at her position (default: the high seas)."""

    edition: str | None = None
    waters: str | None = None
    region: Any = None      # traffic.regions.Region

    def check(self) -> "Choice":
        from .regions import WATERS
        given = [n for n, v in (("edition", self.edition), ("waters", self.waters), ("region", self.region)) if v]
        if len(given) > 1:
            raise NavlightsError(f"{given[1]}: give one of edition, waters and region, not {' and '.join(given)}",
                                 field=given[1], allowed="one of --edition, --waters, --region")
        if self.edition:
            return replace(self, edition=_edition_id(self.edition))
        if self.waters and self.waters not in WATERS:
            raise NavlightsError(f"waters: {excerpt(self.waters)} is not known; allowed: {', '.join(WATERS)}",
                                 field="waters", value=self.waters, allowed=", ".join(WATERS))
        return self

    def editions(self, times: Sequence[dt.datetime | None], lats: Sequence[float],
                 lons: Sequence[float]) -> list[tuple[str | None, str]]:
        """The edition of each fix and the words of how it was chosen (a fix without a time, read only under a named
        edition, has none otherwise)."""
        if self.edition:
            return [(self.edition, f"{self.edition} (named)")] * len(times)
        if self.region is not None:
            return [governing_edition(t.date(), w) if t is not None else _NO_TIME
                    for t, w in zip(times, self.region.waters_many(list(lats), list(lons)))]
        waters = self.waters or "high-seas"
        by_day: dict[dt.date, tuple[str | None, str]] = {}
        out = []
        for t in times:
            if t is None:
                out.append(_NO_TIME)
                continue
            day = t.date()
            got = by_day.get(day)
            if got is None:
                got = by_day[day] = governing_edition(day, waters)
            out.append(got)
        return out


def map_fix(fix: Any, static: Any, code: int | None, edition: str | None, how: str) -> tuple[Any, tuple[Lit, ...]]:
    """The fix with her edition and candidates, and each candidate's lights under that edition."""
    ship = static.ship_type if static else None
    length = static.length_m if static else None
    breadth = static.breadth_m if static else None
    notes = fix.notes
    if edition is None:
        notes += (f"no edition: {how}",)
        cands = candidates(code, ship, length, breadth, is_moving(fix.speed_kn))
        return replace(fix, candidates=cands, notes=notes), tuple(Lit(c, None, f"no edition: {how}") for c in cands)
    lits = lit(code, ship, length, breadth, is_moving(fix.speed_kn), edition)
    if code == 14:
        notes += ("status 14: an AIS-SART, MOB or EPIRB beacon, not a vessel: no lights",)
    return (replace(fix, candidates=tuple(x.candidate for x in lits), edition=edition, edition_basis=how, notes=notes),
            lits)


@lru_cache(maxsize=4096)
def row_flags(no_static: bool, no_length: bool, code: int | None, no_edition: bool, count: int, undecided: bool,
              no_heading: bool) -> str:
    """Short flags for a batch row: what AIS left open, comma-separated."""
    named = (("no-static", no_static), ("no-length", no_length), ("no-status", code is None or code in (9, 10, 13, 15)),
             ("not-a-vessel", code == 14), ("no-edition", no_edition), ("several-candidates", count > 1),
             ("undecided", undecided), ("no-heading", no_heading))
    return ",".join(name for name, on in named if on)
