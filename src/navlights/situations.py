"""The situations an edition names, one vessel each, as flat fields: what a search for a situation by name offers.

Built from the edition's representative vessels (:func:`navlights.classes.vessels`, one per situation and threshold
interval): for each situation the one whose own facts (what sets her apart from a plain power-driven vessel of her
length) are most tested by provisions that hold for her, so that the vessel offered shows her situation's signal;
among those, the one nearest a middling size, not on a threshold. Lengths are written in the edition's unit (feet for the historical
rules, metres for the 1972 and Inland Rules).

>>> from navlights.rulebase import loader
>>> dict(situations(loader.load("intl-1972")))["power-driven vessel of 7 knots or less"]["max_speed_kn"]
6
"""

from __future__ import annotations

import math
from typing import Any

from .classes import thresholds, vessels
from .conditions import FACTS, evaluate
from .model import Condition, Edition
from .units import FOOT_M
from .vessel import FALSE_IS_A_FACT, Vessel, flat_field, make_vessel, to_flat

#: Each fact a rule condition may test -> the flat field (CLI option, web parameter) that sets it.
FACT_FIELDS: dict[str, str] = {fact: flat_field(spec[2]) for fact, spec in FACTS.items()}

#: The sizes a situation's vessel is chosen near (metres, tons): middling, for a first look.
TYPICAL = {"length": 50.0, "breadth": 10.0, "tonnage": 1000.0, "tow_length": 200.0, "gear_extent": 150.0}
#: Facts that are sizes, not situations.
_SIZES = frozenset({"length", "breadth", "tonnage", "tow_length", "tow_vessels", "gear_extent"})


def _tests(cond: Condition, out: set[str]) -> set[str]:
    for fact, _op, _value in cond.tests:
        out.add(fact)
    for branch in cond.any_of:
        _tests(branch, out)
    return out


def _own_facts(v: Vessel) -> set[str]:
    """The facts that set her apart from a plain power-driven vessel of her length."""
    plain = make_vessel({"propulsion": "power", "length": None if v.length_m is None else f"{v.length_m} m"}).facts
    return {f for f, value in v.facts.items() if f not in _SIZES and value != plain[f]}


def _shown(ed: Edition, v: Vessel) -> int:
    """How many of her own facts a provision that holds for her tests: the more, the more her situation's own
    signal shows (a small vessel at anchor away from channels: at anchor, and under 7 m, away from channels)."""
    own = _own_facts(v)
    facts, covered = v.facts, set[str]()
    for p in ed.provisions:
        tested = _tests(p.when, set()) & own
        if tested - covered and evaluate(p.when, facts) is True:
            covered |= tested
    return len(covered)


def _distance(ed: Edition, v: Vessel) -> float:
    """How far her sizes are from :data:`TYPICAL` (log scale), a value on a threshold counting extra."""
    facts, out = v.facts, 0.0
    for fact, typical in TYPICAL.items():
        value = facts.get(fact)
        if isinstance(value, (int, float)) and value > 0:
            out += abs(math.log(value / typical))
            if any(abs(value - t) < 1e-6 for t in thresholds(ed, fact)):
                out += 0.5
    return out


def _in_units(flat: dict[str, Any], metric: bool) -> dict[str, Any]:
    """Lengths as text in the edition's unit, rounded as a reader writes them."""
    out = {k: v for k, v in flat.items() if v is not None}
    for key in ("length", "breadth", "tow_length", "gear_extent"):
        if isinstance(out.get(key), str):
            metres = make_vessel({"propulsion": "power", "length": out[key]}).length_m or 0.0
            value = round(metres if metric else metres / FOOT_M, 2)
            out[key] = f"{value:g} {'m' if metric else 'ft'}"
    if isinstance(out.get("tonnage"), float) and out["tonnage"].is_integer():
        out["tonnage"] = int(out["tonnage"])
    if isinstance(out.get("max_speed_kn"), float) and out["max_speed_kn"].is_integer():
        out["max_speed_kn"] = int(out["max_speed_kn"])
    return out


def situations(ed: Edition) -> list[tuple[str, dict[str, Any]]]:
    """(situation, flat fields) for every situation the edition's representative vessels name, in their order;
    made once per edition."""
    memo = ed.memo.get("situations.situations")
    if memo is not None:
        return list(memo)
    by_label: dict[str, list[tuple[Vessel, dict[str, Any]]]] = {}
    for label, data in vessels(ed):
        by_label.setdefault(label, []).append((make_vessel(data), data))
    metric = dict(ed.units).get("length", "").lower().startswith("met")
    out = []
    for label, reps in by_label.items():
        _vessel, data = min(reps, key=lambda r: (-_shown(ed, r[0]), _distance(ed, r[0])))
        out.append((label, _in_units(to_flat(data), metric)))
    ed.memo["situations.situations"] = tuple(out)
    return out


def _positive(cond: Condition, out: set[str]) -> set[str]:
    """The facts a condition asks for: a value, a comparison; not 'not given', nor 'false' of an on/off fact whose
    false means only 'not so' (``towing = false``; but ``making_way = false`` is a fact)."""
    for fact, op, value in cond.tests:
        if not (op == "present" and not value) and (value is not False or fact in FALSE_IS_A_FACT):
            out.add(fact)
    for branch in cond.any_of:
        _positive(branch, out)
    return out


def fact_rules(ed: Edition) -> dict[str, tuple[str, ...]]:
    """Each fact -> the rules (as the edition cites them) of the provisions whose conditions ask for it, in the
    edition's order: where the rules name the situation a fact describes (``constrained_by_draught``: Rule 28)."""
    memo = ed.memo.get("situations.fact_rules")
    if memo is None:
        rules: dict[str, list[str]] = {}
        for p in ed.provisions:
            asked = _positive(p.when, set())
            for show in p.shows:
                _positive(show.when, asked)
            for fact in sorted(asked):
                seen = rules.setdefault(fact, [])
                if p.citation.rule not in seen:
                    seen.append(p.citation.rule)
            for show in p.shows:      # COLREGs 23(d)(iii), Inland 21(a), (b): where the light may stand off the centreline
                rule = show.item.placement.cite_of("off_centreline_under")
                if rule and show.item.canonical != "combined-lantern" and rule not in rules.setdefault("masthead_off_centreline", []):
                    rules["masthead_off_centreline"].append(rule)
        memo = ed.memo["situations.fact_rules"] = {f: tuple(r) for f, r in rules.items()}
    return dict(memo)
