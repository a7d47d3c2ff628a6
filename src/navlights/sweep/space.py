"""The fact space of an edition: every combination of the vessel facts it tests, derived from its rule data.

Each fact the edition's conditions test (:func:`navlights.classes.tested`) takes the values that can change an
answer: an on/off fact both; an enum fact each value the data compares it with, one value it never names (they
all answer alike) and "not given" where the vessel model allows it; a number each threshold the data compares it
with and a step either side (:func:`numbers`), "not given" where a condition asks whether it is given. A new
threshold or value in the data is therefore covered without editing this module.

The facts hang together as the vessel model does: the core facts (propulsion, status, making way, length, time,
seaplane) of every vessel, and families of facts that only mean something together (a tow and its length, the
fishing method and its gear, a moored barge's case). A family is off, or on with every combination of its own
facts. The space is every core combination with no family, one family, or two families on at once (``depth``);
a vessel the model refuses (a contradiction, e.g. a tow's length with no tow) is counted apart, never checked; and
two combinations the model reads as the same facts are one record (each partition keeps the first).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Iterator

from ..classes import tested, thresholds
from ..conditions import FACTS
from ..model import Condition, Edition

#: The facts every vessel has (in this order, the outer loops).
CORE = ("propulsion", "status", "making_way", "length", "time", "seaplane")
#: Families: facts that mean something together; the first is the family's switch (on: every value but off).
FAMILIES: dict[str, tuple[str, ...]] = {
    "not-under-command": ("not_under_command",),
    "restricted": ("restricted", "obstruction_side"),
    "mine-clearance": ("mine_clearance",),
    "towing": ("towing", "tow_length", "tow_vessels", "towing_raft", "towing_alongside", "towing_partly_submerged",
               "tow_lights_impracticable", "assisting_distress"),
    "pushing": ("pushing", "composite_unit"),
    "being-towed": ("being_towed", "last_of_tow", "towed_alongside", "partly_submerged", "towed_both_sides",
                    "tow_length", "breadth", "tow_lights_impracticable"),
    "being-pushed": ("being_pushed", "composite_unit"),
    "fishing": ("fishing", "fishing_method", "gear_out", "gear_extent", "close_proximity", "trawl_activity",
                "pair_trawling", "hampered_by_gear"),
    "pilot": ("pilot_on_duty",),
    "service": ("service", "barge_mooring", "barge_exempt", "mooring_buoys", "barge_corners", "dredge_pipeline"),
    "sails-set": ("sails_set",),
    "machinery": ("machinery",),
    "air-cushion": ("air_cushion", "non_displacement"),
    "wig": ("wig", "wig_near_surface"),
    "max-speed": ("max_speed_kn",),
    "draught": ("constrained_by_draught",),
    "waters": ("waters",),
    "anchorage": ("near_channel", "special_anchorage"),
    "off-centreline": ("masthead_off_centreline",),
    "breadth": ("breadth",),
    "tonnage": ("tonnage",),
}
#: Facts the sweep varies record by record (the core but propulsion, one per partition): left open in a class.
OPEN = ("status", "making_way", "length", "time", "seaplane")
#: Facts that are read from their family's switch (they are in ``facts`` whether tested or not).
_SWITCH_FACTS = {"towing", "being_towed", "fishing"}
#: Steps either side of a threshold, by the fact's kind (metres for lengths).
STEP = {"length": 0.01, "number": 1.0}
_STEP_BY_FACT = {"max_speed_kn": 0.5}
#: A length or number where the edition compares it with nothing (the fact still has to be given).
_DEFAULT = {"length": 20.0, "tow_length": 100.0, "tow_vessels": 1.0, "breadth": 5.0, "gear_extent": 100.0,
            "tonnage": 100.0, "max_speed_kn": 10.0}


@dataclass(frozen=True, slots=True)
class Dim:
    """One fact and the values the sweep gives it."""

    fact: str
    values: tuple[Any, ...]


def _present_tested(cond: Condition, fact: str) -> bool:
    return any(f == fact and op == "present" for f, op, _ in cond.tests) or any(
        _present_tested(c, fact) for c in cond.any_of)


def _asks_present(edition: Edition, fact: str) -> bool:
    """Whether a condition of the edition asks if ``fact`` is given (so "not given" is a case of its own)."""
    conds = [p.when for p in edition.provisions] + [s.when for p in edition.provisions for s in p.shows]
    conds += [b.when for k in edition.lights.values() for b in k.range_bands]
    return any(_present_tested(c, fact) for c in conds)


def _cuts(cond: Condition, fact: str, out: set[tuple[str, float]]) -> None:
    for f, op, v in cond.tests:
        if f == fact and op in ("lt", "le", "gt", "ge"):
            out.add((op, float(v)))
    for c in cond.any_of:
        _cuts(c, fact, out)


def comparisons(edition: Edition, fact: str) -> set[tuple[str, float]]:
    """(comparison, threshold) for every numeric test of ``fact`` in the edition's data."""
    out: set[tuple[str, float]] = set()
    for p in edition.provisions:
        _cuts(p.when, fact, out)
        for s in p.shows:
            _cuts(s.when, fact, out)
    for k in edition.lights.values():
        for b in k.range_bands:
            _cuts(b.when, fact, out)
    return out


def numbers(edition: Edition, fact: str) -> tuple[float | None, ...]:
    """Each threshold the edition compares ``fact`` with and the value just across it ("under 12 m": 11.99 m and
    12 m; "over 200 m": 200 m and 200.01 m); "not given" where a condition asks whether it is given."""
    kind = FACTS[fact][0]
    step = _STEP_BY_FACT.get(fact, STEP.get(kind, 1.0))
    vals: set[float] = set()
    for op, c in comparisons(edition, fact):
        other = c - step if op in ("lt", "ge") else c + step
        vals.update((round(c, 6), round(other, 6)))
    assert {round(c, 6) for c in thresholds(edition, fact)} <= vals
    got = sorted(v for v in vals if v > 0) or [_DEFAULT.get(fact, 10.0)]
    if fact == "tow_vessels":
        got = sorted({float(max(1, round(v))) for v in got})
    out: list[float | None] = list(got)
    if _asks_present(edition, fact):
        out.append(None)
    return tuple(out)


def _optional(fact: str) -> bool:
    """Whether the vessel model lets the fact be left out ("not given")."""
    from ..vessel import BeingTowed, Fishing, Towing, Vessel
    path = FACTS[fact][2].split(".")
    model: Any = {"towing": Towing, "being_towed": BeingTowed, "fishing": Fishing}.get(path[0], Vessel)
    name = path[-1] if len(path) > 1 else path[0]
    for key, f in model.model_fields.items():
        if key == name or f.alias == name:
            return not f.is_required() and f.default is None
    return False


def domain(edition: Edition, fact: str) -> tuple[Any, ...]:
    """The values the sweep gives ``fact`` under ``edition`` (see the module's words)."""
    kind, allowed, _, _ = FACTS[fact]
    if kind in ("length", "number"):
        return numbers(edition, fact)
    if kind == "bool":
        return (False, True, None) if _optional(fact) else (False, True)
    named = {v for f, v in tested(edition) if f == fact and v is not None}
    values = [v for v in (allowed or ()) if v in named]
    values += [v for v in (allowed or ()) if v not in named][:1]        # one value it never names
    if _optional(fact):
        values.append(None)
    return tuple(values)


def families(edition: Edition) -> dict[str, tuple[Dim, ...]]:
    """The families whose switch the edition tests (or one of whose facts it tests), each with its dims on."""
    facts = {f for f, _ in tested(edition)}
    out: dict[str, tuple[Dim, ...]] = {}
    for name, members in FAMILIES.items():
        if not facts.intersection(members):
            continue
        switch, rest = members[0], members[1:]
        on = tuple(v for v in domain(edition, switch) if v not in (False, None))
        if FACTS[switch][0] == "bool":
            on = (True,)
        dims = [Dim(switch, on)] + [Dim(f, domain(edition, f)) for f in rest if f in facts]
        out[name] = tuple(dims)
    return out


def core(edition: Edition) -> tuple[Dim, ...]:
    """The core facts' dims (a core fact the edition never tests keeps its default: one value)."""
    facts = {f for f, _ in tested(edition)}
    dims = []
    for f in CORE:
        if f in facts or f == "propulsion":
            dims.append(Dim(f, domain(edition, f)))
        elif f == "length":
            dims.append(Dim(f, numbers(edition, f)))
    return tuple(dims)


def uncovered(edition: Edition) -> list[str]:
    """Facts the edition tests that neither the core nor any family holds (the sweep's own check on itself)."""
    held = set(CORE).union(*FAMILIES.values())
    return sorted(f for f, _ in tested(edition) if f not in held)


@dataclass(frozen=True, slots=True)
class Part:
    """One partition of the sweep: an edition, the families on, and one propulsion value."""

    edition: str
    families: tuple[str, ...]
    propulsion: str

    def key(self) -> str:
        return f"{self.edition}/{'+'.join(self.families) or 'plain'}/{self.propulsion}"


def parts(edition: Edition, depth: int = 2) -> list[Part]:
    """Every partition of the edition's space: each set of up to ``depth`` families, by propulsion."""
    fams = sorted(families(edition))
    props = domain(edition, "propulsion")
    out = []
    for n in range(depth + 1):
        for combo in itertools.combinations(fams, n):
            out += [Part(edition.id, combo, p) for p in props]
    return out


def size(edition: Edition, part: Part) -> int:
    """How many combinations the partition enumerates (before the model refuses or merges any)."""
    n = 1
    fams = families(edition)
    for d in _dims(edition, part, fams):
        n *= len(d.values)
    return n


def _dims(edition: Edition, part: Part, fams: dict[str, tuple[Dim, ...]]) -> list[Dim]:
    dims = [d if d.fact != "propulsion" else Dim("propulsion", (part.propulsion,)) for d in core(edition)]
    seen = {d.fact for d in dims}
    for name in part.families:
        for d in fams[name]:
            if d.fact not in seen:           # a fact two families share (composite_unit, tow_length) once
                dims.append(d)
                seen.add(d.fact)
    return dims


def _family_combos(edition: Edition, part: Part, dims: list[Dim]) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                                     int]:
    """The families' own combinations the vessel model accepts under some status (at her greatest length, where
    a breadth or a tow fits best), the facts the model reads from each (those the sweep does not vary per record:
    every fact but :data:`OPEN`), and how many it refuses under every status (those never reach the product)."""
    from ..errors import NavlightsError
    from ..vessel import make_vessel
    longest = max(v for v in numbers(edition, "length") if v is not None)
    base = {"propulsion": part.propulsion, "length": longest}
    ok: list[dict[str, Any]] = []
    known: list[dict[str, Any]] = []
    facts = [d.fact for d in dims]
    for values in _prefiltered(edition, part, dims, base):
        fam = dict(zip(facts, values))
        for status in FACTS["status"][1] or ("underway",):
            try:
                v = make_vessel(vessel_mapping({**base, "status": status, **fam}))
            except NavlightsError:
                continue
            ok.append(fam)
            known.append({k: x for k, x in v.facts.items() if k not in OPEN})
            break
    whole = 1
    for d in dims:
        whole *= len(d.values)
    return ok, known, whole - len(ok)


def _prefiltered(edition: Edition, part: Part, dims: list[Dim], base: dict[str, Any]) -> Iterator[tuple[Any, ...]]:
    """The product of the families' values, leaving out at once what the model refuses within one family: with
    two families or more on, each family's own combinations are tried first with the others' switches on (a
    contradiction inside a family, e.g. a trawl activity with no trawl, stays one whatever else she does), and
    only those it accepts enter the product (which is then checked whole)."""
    if len(part.families) < 2:
        yield from itertools.product(*(d.values for d in dims))
        return
    from ..errors import NavlightsError
    from ..vessel import make_vessel
    fams = families(edition)
    owner: dict[str, str] = {}
    for name in part.families:
        for d in fams[name]:
            owner.setdefault(d.fact, name)
    switches = {name: {fams[name][0].fact: fams[name][0].values[0]} for name in part.families}
    index = {d.fact: i for i, d in enumerate(dims)}
    parts_ok: list[tuple[list[int], list[tuple[Any, ...]]]] = []
    for name in part.families:
        own = [d for d in dims if owner.get(d.fact) == name]
        others = {k: v for n, sw in switches.items() if n != name for k, v in sw.items()}
        good = []
        for values in itertools.product(*(d.values for d in own)):
            fam = {**others, **dict(zip((d.fact for d in own), values))}
            for status in FACTS["status"][1] or ("underway",):
                try:
                    make_vessel(vessel_mapping({**base, "status": status, **fam}))
                except NavlightsError:
                    continue
                good.append(values)
                break
        parts_ok.append(([index[d.fact] for d in own], good))
    for picks in itertools.product(*(g for _, g in parts_ok)):
        out: list[Any] = [None] * len(dims)
        for (where, _), values in zip(parts_ok, picks):
            for i, v in zip(where, values):
                out[i] = v
        yield tuple(out)


@dataclass(frozen=True, slots=True)
class Plan:
    """A partition's combinations, made ready: the core combinations the model accepts, each once (by its facts);
    the families' own combinations the model accepts under some status, in classes no condition of the edition
    can tell apart (:func:`.residual.class_key`: the first of each is checked, the others stand with it); and how
    many of the whole product were refused or merged on the way (a contradiction in the core stays one whatever
    is added to it; core combinations the model reads alike stay alike with the same family facts)."""

    cores: tuple[dict[str, Any], ...]
    classes: tuple[tuple[dict[str, Any], ...], ...]
    refused: int
    merged: int
    #: Per class, what is left of each of the edition's conditions (and of invariant 2's counterfactual vessel's).
    keys: tuple[tuple[Any, ...], ...] = ()
    #: Per core, the open facts as the vessel model reads them.
    core_facts: tuple[dict[str, Any], ...] = ()


def plan(edition: Edition, part: Part) -> Plan:
    """The partition's :class:`Plan`."""
    from ..errors import NavlightsError
    from ..vessel import make_vessel
    from .residual import class_key
    dims = _dims(edition, part, families(edition))
    core_dims = [d for d in dims if d.fact in CORE]
    fams, known, fam_refused = _family_combos(edition, part, [d for d in dims if d.fact not in CORE])
    grouped: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for fam, k in zip(fams, known):
        grouped.setdefault(class_key(edition, k) + class_key(edition, _unrelieved(k)), []).append(fam)
    cfacts = [d.fact for d in core_dims]
    cores, opened, seen, refused, merged = [], [], set(), 0, 0
    for values in itertools.product(*(d.values for d in core_dims)):
        c = dict(zip(cfacts, values))
        try:
            v = make_vessel(vessel_mapping(c))
        except NavlightsError:
            refused += 1
            continue
        key = tuple(sorted(v.facts.items()))
        if key in seen:
            merged += 1
            continue
        seen.add(key)
        cores.append(c)
        opened.append({k: v.facts[k] for k in OPEN})
    whole = (len(cores) + refused + merged) * (len(fams) + fam_refused)
    # the classes whose vessels say least first: a record's first tries are then the vessels the model most often
    # accepts (a barge's mooring facts are refused under way; a vessel of the same record without them is not)
    order = sorted(grouped, key=lambda key: sum(1 for v in grouped[key][0].values() if v not in (None, False)))
    return Plan(tuple(cores), tuple(tuple(grouped[key]) for key in order),
                whole - (len(cores) + merged) * len(fams), merged * len(fams), tuple(order), tuple(opened))


def _unrelieved(known: dict[str, Any]) -> dict[str, Any]:
    """The known facts without those that bring a relief: the vessel of invariant 2's counterfactual
    (``invariants._unrelieved``), so that its answer is alike within a class too."""
    from .invariants import RELIEF_FACTS
    out = {**known, **{k: v for k, v in RELIEF_FACTS.items() if k in known}}
    for k in ("restricted", "obstruction_side"):
        if k in out:
            out[k] = None
    return out


def vessel_mapping(facts: dict[str, Any]) -> dict[str, Any]:
    """The vessel (as the model reads it) that has these facts; a fact at None is left out."""
    v: dict[str, Any] = {}
    in_tow = facts.get("being_towed") and not facts.get("towing")
    for fact, value in facts.items():
        if value is None:
            continue
        kind = FACTS[fact][0]
        if fact in _SWITCH_FACTS:
            if value:
                v.setdefault(fact, {})
            continue
        path = FACTS[fact][2]
        if fact == "tow_length" and in_tow:
            path = "being_towed.tow_length"
        if kind == "length":
            value = f"{value!r} m"
        elif fact == "tow_vessels":
            value = int(value)
        parts_ = path.split(".")
        if len(parts_) == 2:
            v.setdefault(parts_[0], {})[parts_[1]] = value
        else:
            v[parts_[0]] = value
    return v
