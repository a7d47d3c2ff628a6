"""Rule conditions (``when``): the facts they test, how they compile, how they evaluate.

A ``when`` table ANDs its keys. A key's value is a scalar (equal), a list (one
of), or a table of comparisons (``lt``, ``le``, ``gt``, ``ge``, ``ne``,
``present``; ``ne`` with a list: not one of). ``any = [{...}, {...}]`` holds when one branch holds.
Lengths in conditions are written with units as the rule writes them ("150 ft"); a condition's words
give them back in the edition's unit system (``system``: "feet" or "metres", see units.py).

>>> c = compile_when({"propulsion": "power", "length": {"ge": "150 ft"}})
>>> evaluate(c, {"propulsion": "power", "length": 45.72})
True
>>> evaluate(c, {"propulsion": "power", "length": 45.71})
False
>>> evaluate(c, {"propulsion": "power", "length": None}) is None
True
>>> c.text, compile_when({"length": {"lt": "20 m"}}, system="metres").text
('propulsion power and length at least 150 ft', 'length under 20 m')
"""

from __future__ import annotations

from typing import Any, get_args

from . import vessel_facts as _v
from .model import Condition
from .units import DEFAULT_SYSTEM, fmt_band, parse_length

#: fact name -> (type, allowed values or None, vessel field named in messages, example)
FACTS: dict[str, tuple[str, tuple[Any, ...] | None, str, str]] = {
    "propulsion": ("enum", get_args(_v.Propulsion), "propulsion", "power"),
    "seaplane": ("bool", None, "seaplane", "true"),
    "length": ("length", None, "length", "'200 ft'"),
    "breadth": ("length", None, "breadth", "'30 ft'"),
    "tonnage": ("number", None, "tonnage", "250"),
    "status": ("enum", get_args(_v.Status), "status", "underway"),
    "making_way": ("bool", None, "making_way", "true"),
    "towing": ("bool", None, "towing", "{}"),
    "tow_length": ("length", None, "towing.tow_length", "'650 ft'"),
    "tow_vessels": ("number", None, "towing.vessels", "2"),
    "towing_raft": ("bool", None, "towing.raft", "true"),
    "towing_alongside": ("bool", None, "towing.alongside", "true"),
    "pushing": ("bool", None, "pushing", "true"),
    "being_towed": ("bool", None, "being_towed", "true"),
    "last_of_tow": ("bool", None, "being_towed.last_of_tow", "true"),
    "being_pushed": ("bool", None, "being_pushed", "true"),
    "not_under_command": ("bool", None, "not_under_command", "true"),
    "restricted": ("enum", get_args(_v.Restricted), "restricted", "cable"),
    "fishing": ("bool", None, "fishing", "{}"),
    "fishing_method": ("enum", get_args(_v.FishingMethod), "fishing.method", "trawl"),
    "gear_extent": ("length", None, "fishing.gear_extent", "'500 ft'"),
    "gear_out": ("bool", None, "fishing.gear_out", "true"),
    "close_proximity": ("bool", None, "fishing.close_proximity", "true"),
    "trawl_activity": ("enum", get_args(_v.TrawlActivity), "fishing.trawl_activity", "hauling"),
    "pair_trawling": ("bool", None, "fishing.pair_trawling", "true"),
    "hampered_by_gear": ("bool", None, "fishing.hampered_by_gear", "true"),
    "pilot_on_duty": ("bool", None, "pilot_on_duty", "true"),
    "service": ("enum", get_args(_v.Service), "service", "harbour-tug"),
    "sails_set": ("bool", None, "sails_set", "true"),
    "machinery": ("bool", None, "machinery", "true"),
    "time": ("enum", get_args(_v.TimeOfDay), "time", "night"),
    # facts of the 1972 Rules
    "towed_alongside": ("bool", None, "being_towed.alongside", "true"),
    "partly_submerged": ("bool", None, "being_towed.partly_submerged", "true"),
    "air_cushion": ("bool", None, "air_cushion", "true"),
    "non_displacement": ("bool", None, "non_displacement", "true"),
    "wig": ("bool", None, "wig", "true"),
    "wig_near_surface": ("bool", None, "wig_near_surface", "true"),
    "max_speed_kn": ("number", None, "max_speed_kn", "6"),
    "constrained_by_draught": ("bool", None, "constrained_by_draught", "true"),
    "mine_clearance": ("bool", None, "mine_clearance", "true"),
    "obstruction_side": ("enum", get_args(_v.Side), "obstruction_side", "port"),
    "composite_unit": ("bool", None, "composite_unit", "true"),
    "near_channel": ("bool", None, "near_channel", "false"),
    # facts of the US Inland Rules
    "waters": ("enum", get_args(_v.InlandWaters), "waters", "great-lakes"),
    "special_anchorage": ("bool", None, "special_anchorage", "true"),
    "towing_partly_submerged": ("bool", None, "towing.partly_submerged", "true"),
    "towed_both_sides": ("bool", None, "being_towed.both_sides", "true"),
    "barge_mooring": ("enum", get_args(_v.BargeMooring), "barge_mooring", "projects-into-channel"),
    "barge_exempt": ("enum", get_args(_v.BargeExempt), "barge_exempt", "slip-or-slough"),
    "mooring_buoys": ("bool", None, "mooring_buoys", "true"),
    "barge_corners": ("enum", get_args(_v.BargeCorners), "barge_corners", "single-both-sides"),
    # Rule 24(h), (i)
    "tow_lights_impracticable": ("bool", None, "tow_lights_impracticable", "true"),
    "assisting_distress": ("bool", None, "assisting_distress", "true"),
    # COLREGs 23(d)(iii), Inland 21(a): tested by the placement keys off_centreline_under / _if (engines.off_centre)
    "masthead_off_centreline": ("bool", None, "masthead_off_centreline", "true"),
    # US Inland Rule 27(d)(iv)
    "dredge_pipeline": ("bool", None, "dredge_pipeline", "true"),
}
#: The length facts' examples for an edition that speaks metres (FACTS gives them in feet).
METRIC_EXAMPLES: dict[str, str] = {"length": "'61 m'", "breadth": "'9 m'", "tow_length": "'200 m'",
                                   "gear_extent": "'150 m'"}
COMPARISONS = ("lt", "le", "gt", "ge", "ne", "present")
_WORDS = {"lt": "under", "le": "at most", "gt": "over", "ge": "at least", "ne": "not"}


class ConditionError(ValueError):
    """A ``when`` table that breaks the schema (reported by the loader with its key path)."""


def _value(fact: str, raw: Any, path: str) -> Any:
    kind, allowed, _, _ = FACTS[fact]
    if kind == "length":
        if not isinstance(raw, str):
            raise ConditionError(f"{path}: a length needs a unit, e.g. '150 ft' (got {raw!r})")
        try:
            return parse_length(raw, path)
        except ValueError as e:
            raise ConditionError(str(e)) from None
    if kind == "number":
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            raise ConditionError(f"{path}: expected a number, got {raw!r}")
        return float(raw)
    if kind == "bool":
        if not isinstance(raw, bool):
            raise ConditionError(f"{path}: expected true or false, got {raw!r}")
        return raw
    choices = tuple(allowed or ())
    if raw not in choices:
        raise ConditionError(f"{path}: {raw!r} is not one of {', '.join(map(str, choices))}")
    return raw


def _show(fact: str, v: Any, system: str = DEFAULT_SYSTEM) -> str:
    if FACTS[fact][0] == "length":
        return fmt_band(v, system)
    return f"{v:g}" if isinstance(v, float) else str(v).lower()


def compile_when(when: dict[str, Any] | None, path: str = "when", *, system: str = DEFAULT_SYSTEM) -> Condition:
    """Compile a ``when`` table, raising :class:`ConditionError` with the key path; its words write lengths in
    ``system`` (the edition's: "feet" or "metres")."""
    if not when:
        return Condition()
    tests: list[tuple[str, str, Any]] = []
    branches: list[Condition] = []
    words: list[str] = []
    for key, raw in when.items():
        kp = f"{path}.{key}"
        if key == "any":
            if not isinstance(raw, list) or not raw:
                raise ConditionError(f"{kp}: expected a non-empty list of tables")
            subs = tuple(compile_when(b, f"{kp}[{i}]", system=system) for i, b in enumerate(raw))
            branches.append(Condition(any_of=subs, text="(" + " or ".join(s.text for s in subs) + ")"))
            words.append(branches[-1].text)
            continue
        if key not in FACTS:
            raise ConditionError(f"{kp}: unknown fact '{key}'; known: any, {', '.join(FACTS)}")
        if isinstance(raw, dict):
            for op, val in raw.items():
                if op not in COMPARISONS:
                    raise ConditionError(f"{kp}.{op}: unknown comparison; known: {', '.join(COMPARISONS)}")
                if op == "present":
                    if not isinstance(val, bool):
                        raise ConditionError(f"{kp}.present: expected true or false")
                    tests.append((key, op, val))
                    words.append(f"{key} {'given' if val else 'not given'}")
                    continue
                if op in ("lt", "le", "gt", "ge") and FACTS[key][0] not in ("length", "number"):
                    raise ConditionError(f"{kp}.{op}: '{key}' is not a number or length")
                if op == "ne" and isinstance(val, list):
                    vals = tuple(_value(key, r, f"{kp}.ne[{i}]") for i, r in enumerate(val))
                    tests.append((key, "nin", vals))
                    words.append(f"{key} not one of {', '.join(map(str, vals))}")
                    continue
                v = _value(key, val, f"{kp}.{op}")
                tests.append((key, op, v))
                words.append(f"{key} {_WORDS[op]} {_show(key, v, system)}")
        elif isinstance(raw, list):
            vals = tuple(_value(key, r, f"{kp}[{i}]") for i, r in enumerate(raw))
            tests.append((key, "in", vals))
            words.append(f"{key} one of {', '.join(map(str, vals))}")
        else:
            v = _value(key, raw, kp)
            tests.append((key, "eq", v))
            words.append(key if v is True else f"not {key}" if v is False else f"{key} {_show(key, v, system)}")
    if len(branches) > 1:
        return Condition(tests=tuple(tests), any_of=(Condition(any_of=tuple(branches)),), text=" and ".join(words))
    return Condition(tests=tuple(tests), any_of=branches[0].any_of if branches else (), text=" and ".join(words))


def _test(op: str, have: Any, want: Any) -> bool | None:
    if op == "eq":
        return have == want
    if op == "in":
        return have in want
    if op == "nin":
        return have not in want
    if op == "ne":
        return have != want
    if op == "present":
        return (have is not None) == want
    if have is None:
        return None
    if op == "lt":
        return have < want
    if op == "le":
        return have <= want
    if op == "gt":
        return have > want
    return have >= want


def evaluate(cond: Condition, facts: dict[str, Any]) -> bool | None:
    """True, False, or None when a fact it needs is missing (and nothing else is false)."""
    fn = cond.fn
    if fn is None:
        fn = _compile(cond)
    return fn(facts)


def evaluate_slowly(cond: Condition, facts: dict[str, Any]) -> bool | None:
    """The same as :func:`evaluate`, test by test (the reference the compiled form is checked against)."""
    unknown: str | None = None
    for fact, op, want in cond.tests:
        r = _test(op, facts[fact], want)
        if r is False:
            return False
        if r is None:
            unknown = fact
    if cond.any_of:
        results = [evaluate_slowly(c, facts) for c in cond.any_of]
        if True not in results:
            if None in results:
                return None
            return False
    return None if unknown else True


_CMP = {"lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def _compile(cond: Condition) -> Any:
    """The condition as one Python function of the facts, built once and kept on the condition.

    Its source is generated from the tests (fact names and values written with ``repr``), so a
    condition costs one call instead of a loop over its tests; :func:`evaluate_slowly` is the reference.
    """
    lines = ["def condition(F):", "    unknown = False"]
    for fact, op, want in cond.tests:
        f, w = repr(fact), repr(want)
        if op in _CMP:
            lines += [f"    v = F[{f}]", "    if v is None:", "        unknown = True",
                      f"    elif not (v {_CMP[op]} {w}):", "        return False"]
        else:
            test = {"eq": f"F[{f}] != {w}", "in": f"F[{f}] not in {w}", "nin": f"F[{f}] in {w}", "ne": f"F[{f}] == {w}",
                    "present": f"(F[{f}] is not None) != {w}"}[op]
            lines += [f"    if {test}:", "        return False"]
    env: dict[str, Any] = {}
    if cond.any_of:
        for i, branch in enumerate(cond.any_of):
            env[f"branch{i}"] = branch.fn or _compile(branch)
        calls = ", ".join(f"branch{i}(F)" for i in range(len(cond.any_of)))
        lines += [f"    results = ({calls},)", "    if True not in results:",
                  "        return None if None in results else False"]
    lines.append("    return None if unknown else True")
    exec("\n".join(lines), env)   # noqa: S102 - source built above from parsed rule data, values via repr
    object.__setattr__(cond, "fn", env["condition"])
    return env["condition"]


def missing_facts(cond: Condition, facts: dict[str, Any], system: str = DEFAULT_SYSTEM) -> list[tuple[str, str]]:
    """(vessel field, test in words, lengths in ``system``) for each fact whose absence leaves ``cond`` undecided."""
    out = [(FACTS[f][2], f"{f} {_WORDS[op]} {_show(f, v, system)}") for f, op, v in cond.tests
           if facts[f] is None and op in ("lt", "le", "gt", "ge")]
    for c in cond.any_of:
        out += missing_facts(c, facts, system)
    return list(dict.fromkeys(out))
