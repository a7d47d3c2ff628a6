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

from dataclasses import dataclass, field, replace
from typing import Any

from ..conditions import FACTS, evaluate, missing_facts
from ..errors import MissingFactError
from ..model import Citation, Condition, Display, Edition, Item, Note, Provision, RangeBand
from ..vessel import Vessel, make_vessel


def _holds(cond: Condition, facts: dict, cite: Citation) -> bool:
    if cond.always:
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


def _applies(p: Provision, facts: dict, time: str | None) -> bool:
    """Whether the provision applies: not a mere reference, shown at this time of day, its condition holds."""
    if p.effect == "reference" or (time and p.shows and time not in p.periods):   # e.g. a day shape at night
        return False
    return p.when.always or _holds(p.when, facts, p.citation)


def _guards(edition: Edition) -> list[tuple[Provision, str | None, Any]]:
    """Each provision with the first test of its condition when that test is an equality (memoised).

    ``evaluate`` returns False as soon as its first equality fails, so checking it inline first gives the same
    answer without the calls: a rule base of sixty provisions mostly fails there (an edition's speed, issue 14).
    """
    got = edition.memo.get("display.guards")
    if got is None:
        got = edition.memo["display.guards"] = [
            (p, *(p.when.tests[0][0::2] if p.when.tests and p.when.tests[0][1] == "eq" else (None, None)))
            for p in edition.provisions]
    return got


def _variant(edition: Edition, it: Item, **changes: Any) -> Item:
    """The item with some fields changed (scheme, status, range band, group), memoised on the edition.

    The memo lives on the edition, so it dies with it, and an item's ``id()`` cannot be reused while
    the edition (which references the item) is alive; its size is bounded by the edition's items times
    the schemes, statuses, range bands and groupings they take.
    """
    key = ("variant", id(it), *sorted(changes.items()))
    got = edition.memo.get(key)
    if got is None:
        got = edition.memo[key] = replace(it, **changes)
    return got


def _band(it: Item, facts: dict, bands: dict[int, RangeBand | None]) -> RangeBand | None:
    """The item's range band for this vessel (the first whose condition holds), once per display."""
    k = id(it.range_bands)
    if k not in bands:
        bands[k] = next((b for b in it.range_bands if _holds(b.when, facts, b.citation)), None)
    return bands[k]


def _ungroup_single_options(edition: Edition, items: list[Item]) -> list[Item]:
    """A group left with one option (the others do not apply to this vessel) is no alternative."""
    options: dict[str, set[str | None]] = {}
    for it in items:
        if it.group is not None:
            options.setdefault(it.group, set()).add(it.option)
    single = {g for g, opts in options.items() if len(opts) == 1}
    if not single:
        return items
    return [_variant(edition, it, group=None, option=None) if it.group in single else it for it in items]


@dataclass
class _Overrides:
    """What the applying provisions say of other provisions' items (steps 3-5 of the precedence)."""

    lieu: dict[str, Provision] = field(default_factory=dict)
    never: dict[str, Provision] = field(default_factory=dict)
    relieved: dict[str, Provision] = field(default_factory=dict)
    subs: dict[str, list[Provision]] = field(default_factory=dict)

    @classmethod
    def of(cls, applied: list[Provision], showing: list[Provision]) -> _Overrides:
        o = cls()
        for p in applied:
            for roles, into in ((p.in_lieu_of, o.lieu), (p.never, o.never), (p.relieves, o.relieved)):
                for r in roles:
                    into.setdefault(r, p)
        for p in showing:
            for ref in p.substitute_for:
                o.subs.setdefault(ref, []).append(p)
        return o


@dataclass
class _Chosen:
    """The items kept, and what was taken away or relieved on the way."""

    items: list[Item] = field(default_factory=list)
    removed: dict[str, tuple[Item, Provision]] = field(default_factory=dict)
    relieved_here: dict[Provision, list[str]] = field(default_factory=dict)


def _scheme(p: Provision, o: _Overrides, applied_ids: set[str]) -> str | None:
    if p.id in o.subs:
        return "standard"
    if p.substitute_for and applied_ids.intersection(p.substitute_for):
        return p.id
    return None


def _choose(edition: Edition, showing: list[Provision], o: _Overrides, facts: dict, time: str | None) -> _Chosen:
    """Items of the showing provisions, in file order, after in-lieu, never, relieves and schemes."""
    out = _Chosen()
    seen: set[str] = set()
    bands: dict[int, RangeBand | None] = {}
    applied_ids = {p.id for p in showing}
    for p in showing:
        scheme = _scheme(p, o, applied_ids)
        for s in p.shows:
            it = s.item
            if (time and it.period != time) or not (s.when.always or _holds(s.when, facts, it.citation)):
                continue
            r = it.role
            by = o.never.get(r) or (o.lieu[r] if r in o.lieu and o.lieu[r] is not p else None)
            if by is not None:
                out.removed.setdefault(r, (it, by))
                continue
            if r in seen:
                continue
            status = it.status
            if r in o.relieved and status == "required":
                status = "optional"
                out.relieved_here.setdefault(o.relieved[r], []).append(r)
            changes: dict[str, Any] = {}
            if scheme is not None:
                changes["scheme"] = scheme
            if status != it.status:
                changes["status"] = status
            if it.range_bands:
                b = _band(it, facts, bands)
                if b is not None and (b.range_nm, b.range_as_written) != (it.range_nm, it.range_as_written):
                    changes.update(range_nm=b.range_nm, range_as_written=b.range_as_written)
            if changes:
                it = _variant(edition, it, **changes)
            seen.add(r)
            out.items.append(it)
    if any(i.group is not None for i in out.items):
        out.items = _ungroup_single_options(edition, out.items)
    return out


def _override_notes(edition: Edition, o: _Overrides, c: _Chosen, applied_ids: set[str]) -> list[Note]:
    notes = [Note("relieved", f"{by.title}: not required: {', '.join(roles)}", by.citation)
             for by, roles in c.relieved_here.items()]
    by_prov: dict[Provision, list[str]] = {}
    for r, by in o.never.items():
        by_prov.setdefault(by, []).append(r)
    for by, roles in by_prov.items():
        present = [r for r in roles if r in c.removed] or roles
        terms = list(dict.fromkeys(c.removed[r][0].term if r in c.removed else edition.role_terms.get(r, r)
                                   for r in present))
        notes.append(Note("prohibited", f"{by.title}: shall not carry the {'; the '.join(terms)} "
                          f"({', '.join(present)})", by.citation))
    notes += [Note("in-lieu", f"{by.title}: shown in lieu of the {it.term} ({it.role}, {it.cite})", by.citation)
              for r, (it, by) in c.removed.items() if r not in o.never]
    notes += [Note("substitute", f"{s.title}: she may show the lights of scheme '{s.id}' "
                   f"instead of the standard lights ('{ref}')", s.citation)
              for ref, subs in o.subs.items() if ref in applied_ids for s in subs]
    return notes


def _item_gap_notes(items: list[Item]) -> list[Note]:
    out = []
    for it in items:
        if it.provenance == "gap":
            out.append(Note("gap", f"{it.term} ({it.role}): {it.citation.note}", it.citation))
        elif it.kind_citation.provenance == "gap":
            out.append(Note("gap", f"{it.term} ({it.role}): {it.kind_citation.note}", it.kind_citation))
    return out


def display(vessel: Vessel | dict, edition: Edition) -> Display:
    """The lights and shapes ``vessel`` shows under ``edition``, each cited."""
    vessel = make_vessel(vessel)
    facts = vessel.facts
    if vessel.seaplane and not edition.seaplanes:
        note = Note("info", f"{edition.id} predates seaplanes: its rules name no lights for a seaplane on the water",
                    edition.in_force_citation)
        return Display(edition.id, vessel, (), (note,), (), True)
    time = vessel.time if vessel.time in ("night", "day") else None
    applied = [p for p, fact, want in _guards(edition)
               if (fact is None or facts[fact] == want) and _applies(p, facts, time)]
    gaps = [p for p in applied if p.effect == "gap"]
    notes = [Note("info", f"{p.title}: {p.summary or p.citation.note}", p.citation)
             for p in applied if p.effect == "info"]
    referrals = [p for p in applied if p.effect == "referral"]
    if referrals:   # the statute's own lights do not apply at all, nor its gaps
        notes += [Note("referral", f"{p.title}: the statute leaves these lights to {p.authority}"
                       + (f". {p.summary}" if p.summary else ""), p.citation) for p in referrals]
        return Display(edition.id, vessel, (), tuple(notes), tuple(p.id for p in referrals), False)
    notes += [Note("gap", f"{p.title}: {p.citation.note}", p.citation) for p in gaps]
    showing = [p for p in applied if p.effect == "show"]
    o = _Overrides.of(applied, showing)
    chosen = _choose(edition, showing, o, facts, time)
    notes += _override_notes(edition, o, chosen, {p.id for p in showing})
    notes += _item_gap_notes(chosen.items)
    if not showing and not gaps and not any(p.effect == "info" for p in applied):   # an info note answers
        notes.append(Note("info", "no provision of this edition found for this description; "
                          "the edition's coverage and gaps are listed by 'navlights editions'",
                          edition.in_force_citation))
    items = chosen.items
    complete = not gaps and all("gap" not in (i.provenance, i.kind_citation.provenance) for i in items)
    return Display(edition.id, vessel, tuple(items), tuple(notes), tuple(p.id for p in applied), complete)
