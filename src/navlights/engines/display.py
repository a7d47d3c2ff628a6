"""The display engine: the lights and shapes a described vessel shows under an edition.

Precedence (documented in docs/design.md):

1. Every provision whose ``when`` holds applies; a ``referral`` provision means
   the edition leaves this vessel's lights to another authority: nothing else
   applies and the display says so.
2. ``gap`` provisions that apply add a gap note and mark the display incomplete.
3. ``in_lieu_of`` roles of an applying provision remove items with those roles
   contributed by *other* provisions ("in lieu of" in the text).
4. ``never`` roles remove items from every provision and are reported as
   prohibited ("shall never carry").
5. ``substitute_for`` (e.g. small-craft lights "if they do not carry" the full
   lights) turns the named provisions' items and its own into the two options
   of one alternatives group.
6. Items keep file order: provision by provision, item by item.

A condition that needs a missing fact (length, tonnage, tow length) raises
:class:`~navlights.errors.MissingFactError` naming the field and the rule.
"""

from __future__ import annotations

from dataclasses import replace

from ..conditions import FACTS, evaluate, missing_facts
from ..errors import MissingFactError
from ..model import Citation, Condition, Display, Edition, Item, Note, Provision
from ..vessel import Vessel, make_vessel


def _holds(cond: Condition, facts: dict, cite: Citation) -> bool:
    if not cond:
        return True
    r = evaluate(cond, facts)
    if r is None:
        missing = missing_facts(cond, facts) or [("vessel", cond.text)]
        field, test = missing[0]
        if field == "towing.tow_length" and facts["being_towed"]:
            field = "being_towed.tow_length"
        example = next((v[3] for v in FACTS.values() if v[2] == field), "'650 ft'")
        raise MissingFactError(f"{field}: needed to decide {cite} ({test}?); give it, e.g. {field}={example}",
                               field=field, value=None, allowed=test)
    return r


def _periods(p: Provision) -> frozenset[str]:
    got = _PERIODS.get(id(p))
    if got is None:
        got = _PERIODS[id(p)] = frozenset(s.item.period for s in p.shows)
    return got


_PERIODS: dict[int, frozenset[str]] = {}
_VARIANTS: dict[tuple[int, str | None, str], Item] = {}


def _variant(it: Item, scheme: str | None, status: str) -> Item:
    """The item with another scheme or status; memoised (items live as long as their edition)."""
    key = (id(it), scheme, status)
    got = _VARIANTS.get(key)
    if got is None:
        got = _VARIANTS[key] = replace(it, scheme=scheme, status=status)
    return got


def display(vessel: Vessel | dict, edition: Edition) -> Display:
    """The lights and shapes ``vessel`` shows under ``edition``, each cited."""
    vessel = make_vessel(vessel)
    facts = vessel.facts
    if vessel.seaplane and not edition.extra.get("seaplanes", True):
        note = Note("info", f"{edition.id} predates seaplanes: its rules name no lights for a seaplane on the water",
                    edition.in_force_citation)
        return Display(edition.id, vessel, (), (note,), (), True)
    time = vessel.time if vessel.time in ("night", "day") else None
    applied: list[Provision] = [
        p for p in edition.provisions
        if p.effect != "reference"
        and not (time and p.shows and time not in _periods(p))   # e.g. a day shape, asked at night
        and _holds(p.when, facts, p.citation)]
    notes: list[Note] = []
    referrals = [p for p in applied if p.effect == "referral"]
    gaps = [p for p in applied if p.effect == "gap"]
    for p in applied:
        if p.effect == "info":
            notes.append(Note("info", f"{p.title}: {p.summary or p.citation.note}", p.citation))
    for p in gaps:
        notes.append(Note("gap", f"{p.title}: {p.citation.note}", p.citation))
    if referrals:
        notes = [n for n in notes if n.kind != "gap"]   # the statute's own lights do not apply at all
        for p in referrals:
            notes.append(Note("referral", f"{p.title}: the statute leaves these lights to {p.authority}"
                              + (f". {p.summary}" if p.summary else ""), p.citation))
        return Display(edition.id, vessel, (), tuple(notes), tuple(p.id for p in referrals), False)

    showing = [p for p in applied if p.effect == "show"]
    lieu: dict[str, Provision] = {}
    never: dict[str, Provision] = {}
    relieved: dict[str, Provision] = {}
    for p in applied:
        for r in p.in_lieu_of:
            lieu.setdefault(r, p)
        for r in p.never:
            never.setdefault(r, p)
        for r in p.relieves:
            relieved.setdefault(r, p)
    subs = {ref: p for p in showing for ref in p.substitute_for}

    items: list[Item] = []
    relieved_here: dict[Provision, list[str]] = {}
    seen: set[str] = set()
    removed: dict[str, tuple[Item, Provision]] = {}
    applied_ids = {p.id for p in showing}
    for p in showing:
        if p.id in subs:
            scheme: str | None = "standard"
        elif p.substitute_for and applied_ids.intersection(p.substitute_for):
            scheme = p.id
        else:
            scheme = None
        for s in p.shows:
            it = s.item
            if time and it.period != time:
                continue
            if s.when and not _holds(s.when, facts, it.citation):
                continue
            r = it.role
            if r in never:
                removed.setdefault(r, (it, never[r]))
                continue
            if r in lieu and lieu[r] is not p:
                removed.setdefault(r, (it, lieu[r]))
                continue
            if r in seen:
                continue
            status = it.status
            if r in relieved and status == "required":
                status = "optional"
                relieved_here.setdefault(relieved[r], []).append(r)
            if scheme is not None or status != it.status:
                it = _variant(it, scheme, status)
            seen.add(r)
            items.append(it)
    for by, roles in relieved_here.items():
        notes.append(Note("relieved", f"{by.title}: not required: {', '.join(roles)}", by.citation))
    role_terms = edition.extra.get("role_terms", {})
    by_prov: dict[Provision, list[str]] = {}
    for r, by in never.items():
        by_prov.setdefault(by, []).append(r)
    for by, roles in by_prov.items():
        present = [r for r in roles if r in removed] or roles
        terms = list(dict.fromkeys(removed[r][0].term if r in removed else role_terms.get(r, r) for r in present))
        notes.append(Note("prohibited", f"{by.title}: shall not carry the {'; the '.join(terms)} "
                          f"({', '.join(present)})", by.citation))
    for r, (it, by) in removed.items():
        if r not in never:
            notes.append(Note("in-lieu", f"{by.title}: shown in lieu of the {it.term} ({it.role}, {it.cite})",
                              by.citation))
    for ref, s in subs.items():
        if ref in applied_ids:
            notes.append(Note("substitute", f"{s.title}: she may show the lights of scheme '{s.id}' "
                              f"instead of the standard lights ('{ref}')", s.citation))
    for it in items:
        if it.provenance == "gap":
            notes.append(Note("gap", f"{it.term} ({it.role}): {it.citation.note}", it.citation))
        elif it.kind_citation.provenance == "gap":
            notes.append(Note("gap", f"{it.term} ({it.role}): {it.kind_citation.note}", it.kind_citation))
    if not showing and not gaps:
        notes.append(Note("info", "no provision of this edition found for this description; "
                          "the edition's coverage and gaps are listed by 'navlights editions'",
                          edition.in_force_citation))
    complete = not gaps and all("gap" not in (i.provenance, i.kind_citation.provenance) for i in items)
    return Display(edition.id, vessel, tuple(items), tuple(notes), tuple(p.id for p in applied), complete)
