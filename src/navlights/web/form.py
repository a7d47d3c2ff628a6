"""The vessel form (Explore, Compare), made from the vessel model: every flat field of ``Vessel.from_fields`` with its
control, its group and its words, and which of them an edition's rules tell apart.

The kind of each control comes from the web's query model (:class:`~navlights.web.queries.VesselFields`): a Literal
is a select of its values (``typing.get_args``), an on/off fact a checkbox (a yes/no/— select where "no" is a fact
too), a length a text box with its unit, a number a number box. Which controls an edition's form shows comes from
the edition's rule data, never from its id: a field whose facts its conditions test, and of a choice the values its
conditions name (``api.facts_tested``). A field given in the query that the edition does not test is kept, as a
ticked box under "Also given"; a value it does not name stays selected, marked. Controls that only mean something
with another fact (the tow's length with towing) carry ``data-when`` and are hidden until it holds (the server
writes them shown when the fact is set; ``static/explore.js`` shows them as the form changes).

>>> c = controls("intl-1972")
>>> c["constrained_by_draught"].label, c["constrained_by_draught"].cite
('constrained by her draught', 'Rule 28')
>>> "tow_vessels" in c, "tow_vessels" in controls("intl-1897")
(False, True)
"""

from __future__ import annotations

import re
import types
import typing
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, Union, get_args, get_origin

from jinja2 import Environment
from markupsafe import Markup

from .. import api
from ..errors import NavlightsError
from .queries import VesselFields

#: The form's groups, as a mariner sorts what she knows of a vessel.
GROUPS = (("is", "What she is"), ("doing", "What she is doing"), ("where", "Where she is"))

#: A control is shown when one of these holds: (field, values it may have); no values: the field is given (yes).
When = tuple[tuple[str, tuple[str, ...]], ...]

_POWER = ("propulsion", ("", "power"))          # power-driven: propulsion not given is power (none in tow)
_AT_ANCHOR = ("status", ("anchored", "moored"))
_BARGE = ("service", ("barge",))


@dataclass(frozen=True, slots=True)
class Spec:
    """How a flat field appears: its group, its words, and when it means something."""

    group: str
    label: str
    words: dict[str, str] = field(default_factory=dict)   # a choice's value -> its words
    blank: str | None = "—"                # a choice's words for "not given" (None: no such option)
    hint: str = ""
    when: When = ()
    strict: bool = False     # the vessel model refuses the field where ``when`` does not hold
    example: tuple[str, str] = ("", "")                    # a length: (in metres, in feet)


#: Every flat field of the vessel model, in the form's order within its group (a test checks none is missing).
SPECS: dict[str, Spec] = {
    # --- what she is
    "propulsion": Spec("is", "Propelled by", {"power": "machinery (power-driven)", "sail": "sail (a sailing vessel)",
                                              "oars": "oars", "none": "nothing (a dumb barge, a vessel in tow)"},
                       blank="— (power; none when in tow)"),
    "length": Spec("is", "Length overall", example=("60 m", "200 ft")),
    "breadth": Spec("is", "Greatest breadth", example=("10 m", "30 ft"), hint="an object in tow: its own"),
    "tonnage": Spec("is", "Tonnage (tons)", hint="as the edition measures tons"),
    "max_speed_kn": Spec("is", "Maximum speed (knots)", when=(_POWER,)),
    "sails_set": Spec("is", "under sail as well as power", when=(_POWER,), strict=True),
    "machinery": Spec("is", "Has propelling machinery", when=(("propulsion", ("sail", "oars", "none")),),
                      hint="a sailing vessel or a vessel in tow that has engines"),
    "service": Spec("is", "Trade or service", {"harbour-tug": "harbour tug", "ferry": "ferry", "canal-boat": "canal boat",
                                               "raft": "raft", "st-lawrence-boat": "St. Lawrence River boat",
                                               "pilot-vessel": "pilot vessel", "warship": "warship", "barge": "barge",
                                               "law-enforcement": "law-enforcement vessel",
                                               "public-safety": "public-safety vessel"}),
    "seaplane": Spec("is", "a seaplane on the water", when=(("propulsion", ("", "power", "none")),), strict=True),
    "air_cushion": Spec("is", "an air-cushion vessel (hovercraft)"),
    "non_displacement": Spec("is", "in the non-displacement mode", when=(("air_cushion", ()),), strict=True),
    "wig": Spec("is", "a WIG craft (wing-in-ground)"),
    "wig_near_surface": Spec("is", "taking off, landing or flying near the surface", when=(("wig", ()),), strict=True),
    "masthead_off_centreline": Spec("is", "masthead light (or all-round white) off the centreline", when=(_POWER,),
                                    hint="fitting it on the centreline impracticable; under 12 m only"),
    "dredge_pipeline": Spec("is", "a dredge pipeline, floating or on trestles (no vessel)",
                            when=(("status", ("moored",)),), hint="with nothing propelling her, made fast"),
    # --- what she is doing
    "status": Spec("doing", "She is", {"underway": "under way", "anchored": "at anchor", "aground": "aground",
                                       "moored": "made fast (moored)"}, blank=None),
    "making_way": Spec("doing", "Making way through the water", when=(("status", ("", "underway")),)),
    "towing": Spec("doing", "towing"),
    "tow_length": Spec("doing", "Length of the tow", when=(("towing", ()), ("being_towed", ())),
                       example=("200 m", "650 ft"), hint="stern of the tug to the after end of the tow (in tow: "
                                                         "the whole tow)"),
    "tow_vessels": Spec("doing", "Vessels in tow", when=(("towing", ()),)),
    "tow_raft": Spec("doing", "the tow is a raft", when=(("towing", ()),)),
    "tow_alongside": Spec("doing", "towing alongside", when=(("towing", ()),)),
    "tow_partly_submerged": Spec("doing", "the tow is a partly submerged vessel or object, hard to see",
                                 when=(("towing", ()),)),
    "pushing": Spec("doing", "pushing ahead"),
    "being_towed": Spec("doing", "being towed"),
    "not_last_of_tow": Spec("doing", "not the last vessel of the tow", when=(("being_towed", ()),)),
    "towed_alongside": Spec("doing", "towed alongside", when=(("being_towed", ()),)),
    "towed_both_sides": Spec("doing", "vessels towed alongside on both sides of the tug",
                             when=(("towed_alongside", ()),), strict=True),
    "partly_submerged": Spec("doing", "a partly submerged vessel or object, hard to see", when=(("being_towed", ()),)),
    "being_pushed": Spec("doing", "being pushed ahead"),
    "tow_lights_impracticable": Spec("doing", "her towing lights cannot practicably be shown",
                                     when=(("towing", ()), ("pushing", ()), ("being_towed", ())), strict=True,
                                     hint="for a sufficient cause"),
    "assisting_distress": Spec("doing", "not normally a tug: towing a vessel in distress or needing help",
                               when=(("towing", ()), ("pushing", ())), strict=True),
    "composite_unit": Spec("doing", "pusher and pushed rigidly connected: a composite unit",
                           when=(("pushing", ()), ("being_pushed", ())), strict=True),
    "fishing": Spec("doing", "Engaged in fishing", {"trawl": "trawling", "drift-net": "with drift nets",
                                                    "line": "with lines", "purse-seine": "with a purse seine",
                                                    "other": "other fishing"},
                    blank="— not fishing"),
    "gear_extent": Spec("doing", "Outlying gear extends", when=(("fishing", ()),), example=("150 m", "500 ft"),
                        hint="horizontally from the vessel"),
    "gear_out": Spec("doing", "Gear in the water", when=(("fishing", ()),),
                     hint="left at —: taken as in the water (yes)"),
    "close_proximity": Spec("doing", "close to other vessels engaged in fishing", when=(("fishing", ()),)),
    "trawl_activity": Spec("doing", "Her nets", {"shooting": "shooting them", "hauling": "hauling them",
                                                 "net-fast": "fast upon an obstruction"},
                           blank="— none of these", when=(("fishing", ("trawl",)),), strict=True),
    "pair_trawling": Spec("doing", "pair trawling", when=(("fishing", ("trawl",)),), strict=True),
    "hampered_by_gear": Spec("doing", "hampered by her purse seine", when=(("fishing", ("purse-seine",)),),
                             strict=True),
    "not_under_command": Spec("doing", "not under command"),
    "restricted": Spec("doing", "Restricted in her ability to manoeuvre",
                       {"cable": "laying or picking up a cable or pipeline", "survey": "surveying",
                        "underwater": "underwater operations", "navigation-mark": "servicing a navigation mark",
                        "minesweeping": "minesweeping", "dredging": "dredging",
                        "replenishment": "replenishment or transfer under way",
                        "aircraft": "launching or recovering aircraft", "diving": "supporting diving",
                        "towing": "a towing operation that restricts her"}, blank="— no"),
    "obstruction_side": Spec("doing", "An obstruction on her", {"port": "port side", "starboard": "starboard side"},
                             blank="— no obstruction",
                             when=(("restricted", ("dredging", "underwater", "diving")),), strict=True),
    "mine_clearance": Spec("doing", "engaged in mine clearance"),
    "constrained_by_draught": Spec("doing", "constrained by her draught", when=(_POWER,), strict=True),
    "pilot_on_duty": Spec("doing", "a pilot vessel on pilotage duty"),
    # --- where she is
    "waters": Spec("where", "Waters", {"great-lakes": "the Great Lakes", "western-rivers": "the Western Rivers",
                                       "lower-mississippi": "the Mississippi below the Huey P. Long Bridge",
                                       "specified-waters": "waters the Secretary specified (Rule 24(j))"},
                   blank="— (not named apart)"),
    "near_channel": Spec("where", "In or near a channel, fairway or anchorage", when=(_AT_ANCHOR,),
                         hint="a moored barge (Inland): yes stands for one of the cases of Rule 30(h), no for none"),
    "special_anchorage": Spec("where", "in a special anchorage area", when=(_AT_ANCHOR,), strict=True),
    "barge_mooring": Spec("where", "A moored barge", {"projects-into-channel": "projects into a buoyed or restricted "
                                                      "channel", "narrows-channel": "leaves a channel under 80 m wide",
                                                      "wide-group": "in a group over two barges or 25 m wide",
                                                      "not-parallel": "not moored parallel to the bank or dock",
                                                      "none": "none of these"},
                          when=(_BARGE,)),
    "barge_exempt": Spec("where", "Moored where barges are exempt", {"slip-or-slough": "in a slip or slough used "
                                                                     "mainly for mooring",
                                                                     "behind-pierhead": "behind a pierhead",
                                                                     "well-lit-area": "in a well-lit area the rule lists"},
                         blank="— no", when=(_BARGE,)),
    "mooring_buoys": Spec("where", "made fast to mooring buoys", when=(("status", ("moored",)),), strict=True),
    "barge_corners": Spec("where", "Lit at the corners", {"projects-from-group": "a barge projecting from a group",
                                                          "single-both-sides": "a single barge, traffic on both sides",
                                                          "group-both-sides": "a group, traffic on both sides"},
                          blank="— no", when=(_BARGE,)),
    "time": Spec("where", "Time", {"night": "night", "day": "day", "restricted-visibility": "restricted visibility"},
                 blank="— night and day"),
}

#: Words for on/off values, as pydantic reads them from a query string.
YES = frozenset({"1", "on", "t", "true", "y", "yes"})
NO = frozenset({"0", "off", "f", "false", "n", "no"})


@dataclass(frozen=True, slots=True)
class Control:
    """One field's control in one edition's form."""

    name: str
    kind: str                              # select | check | yesno | length | number
    group: str
    label: str
    hint: str
    cite: str                              # the rule(s) that ask for the fact, where few
    options: tuple[tuple[str, str], ...]   # a select's named values and their words
    when: str                              # data-when: "towing being_towed", "restricted=dredging,underwater,diving"
    indent: bool = False                   # written under the control it hangs on
    placeholder: str = ""
    minimum: str = ""
    maximum: str = ""
    step: str = ""


def _base(annotation: Any) -> Any:
    """``X | None`` -> ``X``."""
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        return args[0]
    return annotation


def kind_of(name: str) -> str:
    """The control's kind, from the query model's type of the field."""
    t = _base(VesselFields.model_fields[name].annotation)
    if get_origin(t) is Literal:
        return "select"
    if t is bool:
        return "yesno" if name in api.FALSE_IS_A_FACT else "check"
    if t is str:
        return "length"
    return "number"


def values_of(name: str) -> tuple[str, ...]:
    """A choice's values, from the vessel model's Literal type."""
    return tuple(get_args(_base(VesselFields.model_fields[name].annotation)))


def _when_text(when: When) -> str:
    return " ".join(f if not vals else f"{f}={','.join(vals)}" for f, vals in when)


_RULE = re.compile(r"^((?:Rule|Article|Art\.|Sec\.|Section)\s+\d+|Annex\s+[IVX]+)")


def _cite(rules: tuple[str, ...]) -> str:
    """The rule(s) to name beside a label: one rule as cited; several of one rule (or annex) as that rule; several
    of one rule and one annex (the fishing signals: Rule 26(d) and Annex II) as both; else none.

    >>> _cite(("Rule 26(d); Annex II 1, 2", "Annex II 2(b)(i)", "Annex II 3"))
    'Rule 26; Annex II'
    >>> _cite(("Annex II 2(b)(i)", "Annex II 2(b)(i), 2(c)"))
    'Annex II'
    >>> _cite(("Rule 23(a)", "Rule 25(a)"))
    ''
    """
    if len(rules) == 1:
        return rules[0]
    heads = {m.group(1) if (m := _RULE.match(part)) else part for r in rules for part in r.split("; ")}
    rule_heads = sorted(h for h in heads if not h.startswith("Annex"))
    annex_heads = sorted(h for h in heads if h.startswith("Annex"))
    if len(heads) == 1 or (len(rule_heads) == 1 and len(annex_heads) == 1):
        return "; ".join(rule_heads + annex_heads)
    return ""


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    return typing.cast(dict[str, Any], VesselFields.model_json_schema()["properties"])


def _bounds(name: str) -> tuple[str, str, str]:
    """(min, max, step) of a number field, from the query model's schema."""
    prop = _schema()[name]
    inner = next((o for o in prop.get("anyOf", [prop]) if o.get("type") != "null"), prop)
    bounds = {**inner, **{k: v for k, v in prop.items() if k in ("minimum", "maximum", "exclusiveMinimum")}}
    low = bounds.get("minimum", bounds.get("exclusiveMinimum", ""))
    step = "1" if inner.get("type") == "integer" else "any"
    return (f"{low:g}" if isinstance(low, (int, float)) else "",
            f"{bounds['maximum']:g}" if "maximum" in bounds else "", step)


def _named(edition: str | None) -> dict[str, set[str] | None]:
    """Flat field -> the values the edition's conditions name for it (an empty set: tested, no value named);
    a field whose facts the conditions never test is absent. ``None`` (no one edition): every field, every value."""
    fields = api.FACT_FIELDS
    if edition is None:
        return {name: None for name in api.FLAT_FIELDS}
    out: dict[str, set[str] | None] = {}
    for fact, value in api.facts_tested(api.edition(edition)):
        named = out.setdefault(fields[fact], set())
        if isinstance(value, str) and named is not None:
            named.add(value)
    periods = {p for prov in api.edition(edition).provisions for p in prov.periods}
    if len(periods) > 1:
        # her time of day chooses between the edition's night and day items (lights, shapes), condition or none
        out.setdefault("time", set()).update(periods)   # type: ignore[union-attr]
    return out


@lru_cache(maxsize=16)
def controls(edition: str | None) -> dict[str, Control]:
    """The controls of an edition's form (``None``: every field, for a form that serves all editions), in order;
    made once per edition."""
    named = _named(edition)
    ed = api.edition(edition) if edition else None
    metric = ed is not None and dict(ed.units).get("length", "").lower().startswith("met")
    rules = api.fact_rules(ed) if ed else {}
    facts_of: dict[str, list[str]] = {}
    for fact, flat in api.FACT_FIELDS.items():
        facts_of.setdefault(flat, []).append(fact)
    out: dict[str, Control] = {}
    for group, _words in GROUPS:
        above: set[str] = set()          # the last independent control of the group and those hanging on it
        for name, spec in SPECS.items():
            if spec.group != group or name not in named:
                continue
            indent = bool({f for f, _v in spec.when} & above)
            above = above | {name} if indent else {name}
            kind = kind_of(name)
            options: tuple[tuple[str, str], ...] = ()
            if kind == "select":
                values = named[name]
                options = tuple((v, spec.words.get(v, v)) for v in values_of(name) if not values or v in values)
            cite = _cite(tuple(dict.fromkeys(r for f in facts_of[name] for r in rules.get(f, ()))))
            minimum = maximum = step = placeholder = ""
            if kind == "number":
                minimum, maximum, step = _bounds(name)
            elif kind == "length":
                placeholder = ("e.g. " + (spec.example[0] if metric else spec.example[1]) if ed
                               else f"e.g. {spec.example[1]} or {spec.example[0]}")
            out[name] = Control(name, kind, group, spec.label, spec.hint, cite, options, _when_text(spec.when),
                                indent, placeholder, minimum, maximum, step)
    return out


def edition_id(name: str | None) -> str | None:
    """The edition's id, or None for a name that is no edition (the form then serves every edition)."""
    if not name:
        return None
    try:
        return api.edition(name).id
    except NavlightsError:
        return None


def holds(when: When, values: dict[str, str]) -> bool:
    """Whether one of ``when``'s tests holds for the form's values (a field not given is '')."""
    for name, wanted in when:
        value = values.get(name, "").strip()
        if wanted:
            if value in wanted:
                return True
        elif value and value.lower() not in NO:
            return True
    return not when


def view(edition: str | None, values: dict[str, str], needed: str | None = None) -> dict[str, Any]:
    """What the form template writes for these values: the groups and their rows (each control with its value,
    chosen option, and whether it is shown), and the facts given that this edition's rules do not test."""
    ctl = controls(edition)
    groups = []
    for group, words in GROUPS:
        rows = []
        for c in (c for c in ctl.values() if c.group == group):
            value = values.get(c.name, "")
            spec = SPECS[c.name]
            options = list(c.options)
            valid = value in values_of(c.name) if c.kind == "select" else True
            if c.kind == "select" and value and valid and value not in dict(options):
                options.append((value, f"{spec.words.get(value, value)} (not named by {edition})"))
            shown = bool(value) or c.name == needed or holds(spec.when, values)
            rows.append({"c": c, "value": value, "options": options, "blank": spec.blank, "shown": shown,
                         "checked": c.kind == "check" and value.strip().lower() in YES,
                         "yes": value.strip().lower() in YES, "no": value.strip().lower() in NO,
                         "dependent": bool(spec.when), "needed": c.name == needed})
        groups.append({"id": group, "legend": words, "rows": rows})
    kept = [{"name": n, "value": values[n], "label": SPECS[n].label, "words": _words(n, values[n])}
            for n in api.FLAT_FIELDS if n not in ctl and values.get(n, "").strip()]
    return {"groups": groups, "kept": kept, "edition": edition}


def _words(name: str, value: str) -> str:
    """A kept value in words: 'yes', 'no', a choice's words, or as given."""
    kind = kind_of(name)
    if kind in ("check", "yesno"):
        return "yes" if value.strip().lower() in YES else "no" if value.strip().lower() in NO else value
    return SPECS[name].words.get(value, value)


def render(env: Environment, edition: str | None, values: dict[str, str], needed: str | None = None) -> Markup:
    """The vessel part of a form, written from :func:`view` by the template ``_vessel_form.html``."""
    template = env.get_template("_vessel_form.html")
    return Markup(template.render(form=view(edition_id(edition), values, needed)))
