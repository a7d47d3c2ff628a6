"""The display engine: the lights and shapes a described vessel shows under an edition.

Precedence (documented in docs/design.md):

1. Every provision whose ``when`` holds applies; a ``referral`` provision means
   the edition leaves this vessel's lights to another authority: nothing else
   applies and the display says so.
2. ``gap`` provisions that apply add a gap note and mark the display incomplete.
3. ``in_lieu_of`` roles of an applying provision remove items with those roles
   contributed by *other* provisions ("in lieu of" in the text), unless every item
   that provision requires is relieved (step 5): then nothing stands in their place.
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

from ..conditions import FACTS, METRIC_EXAMPLES, evaluate, missing_facts
from ..errors import MissingFactError, NavlightsError
from ..model import Citation, Condition, Display, Edition, Item, Note, Provision, RangeBand
from ..rulebase import loader
from ..vessel import Vessel, make_vessel
from .display_memo import DisplayMemo


def _holds(cond: Condition, facts: dict, cite: Citation, system: str) -> bool:
    """Whether ``cond`` holds; a fact it needs missing is a :class:`MissingFactError` (lengths in ``system``)."""
    if cond.always:
        return True
    r = evaluate(cond, facts)
    if r is None:
        missing = missing_facts(cond, facts, system) or [("vessel", cond.text)]
        field, test = missing[0]
        if field == "towing.tow_length" and facts["being_towed"]:
            field = "being_towed.tow_length"
        fact = next((f for f, v in FACTS.items() if v[2] == field), "tow_length")
        example = (METRIC_EXAMPLES.get(fact) if system == "metres" else None) or FACTS[fact][3]
        raise MissingFactError(f"{field}: needed to decide {cite} ({test}?); give it, e.g. {field}={example}",
                               field=field, value=None, allowed=test)
    return r


def _applied(edition: Edition, facts: dict, time: str | None) -> list[Provision]:
    """The provisions that apply: shown at this time of day, their condition holding (the hot loop)."""
    applied = []
    for p in _candidates(edition, facts):             # references are never candidates
        if time and p.shows and time not in p.periods:   # e.g. a day shape at night
            continue
        c = p.when
        if c.always:
            applied.append(p)
            continue
        fn = c.fn
        r = fn(facts) if fn is not None else evaluate(c, facts)
        if r or (r is None and _holds(c, facts, p.citation, edition.length_system)):
            applied.append(p)
    return applied


def _variant(edition: Edition, it: Item, scheme: str | None, status: str, band: RangeBand | None) -> Item:
    """The item with another scheme, status or range band, memoised on the edition that holds the item.

    The memo lives on the edition, so it dies with it, and an item's (or band's) ``id()`` cannot be
    reused while the edition (which references them) is alive; its size is bounded by the edition's
    items times the schemes, statuses and range bands they take.
    """
    key = ("variant", id(it), scheme, status, id(band))
    got = edition.memo.get(key)
    if got is None:
        changes: dict[str, Any] = {"scheme": scheme, "status": status}
        if band is not None:
            changes.update(range_nm=band.range_nm, range_as_written=band.range_as_written,
                           range_citation=band.citation)
        got = edition.memo[key] = replace(it, **changes)
    return got


def _ungrouped(edition: Edition, it: Item) -> Item:
    key = ("ungrouped", id(it))
    got = edition.memo.get(key)
    if got is None:
        got = edition.memo[key] = replace(it, group=None, option=None)
    return got


def _allowed(cond: Condition, fact: str) -> frozenset[Any] | None:
    """The values of a fact a condition's top-level tests allow (None: any)."""
    for f, op, v in cond.tests:
        if f == fact and op in ("eq", "in"):
            return frozenset(v) if op == "in" else frozenset((v,))
    return None


def _candidates(edition: Edition, facts: dict) -> tuple[Provision, ...]:
    """The provisions whose status and propulsion tests admit this vessel, in file order (memoised)."""
    key = ("candidates", facts["status"], facts["propulsion"])
    got = edition.memo.get(key)
    if got is None:
        out = []
        for p in edition.provisions:
            if p.effect == "reference":
                continue
            st, pr = _allowed(p.when, "status"), _allowed(p.when, "propulsion")
            if (st is None or key[1] in st) and (pr is None or key[2] in pr):
                out.append(p)
        got = edition.memo[key] = tuple(out)
    return got


def _band(it: Item, facts: dict, bands: dict[int, RangeBand | None], system: str) -> RangeBand | None:
    """The item's range band for this vessel (the first whose condition holds), once per display."""
    k = id(it.range_bands)
    if k not in bands:
        bands[k] = next((b for b in it.range_bands if _holds(b.when, facts, b.citation, system)), None)
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
    return [_ungrouped(edition, it) if it.group in single else it for it in items]


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
        if o.lieu and o.relieved:      # lights relieved take the place of nothing: what they replaced stands
            o.lieu = {r: p for r, p in o.lieu.items() if not all_relieved(p, o.relieved)}
        return o


def all_relieved(p: Provision, relieved: dict[str, Provision]) -> bool:
    """Whether every light or shape ``p`` requires is relieved (Inland 24(i): towing lights not shown, so the
    sternlight they stand in place of under 24(c) is shown again)."""
    required = [s.item for s in p.shows if s.item.status == "required"]
    lights = [i for i in required if i.what == "light"]     # lights stand in place of lights (1897 Art. 4(a)
    roles = {i.role for i in (lights or required)}          # and Art. 7: the day shapes stay, the masthead comes back)
    return bool(roles) and roles <= relieved.keys()


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
    held: dict[int, bool] = {}
    for p in showing:
        scheme = _scheme(p, o, applied_ids)
        for s in p.shows:
            it = s.item
            r = it.role
            if (time and it.period != time) or (r in seen and r not in o.lieu and r not in o.never):
                continue                  # another period, or the role is taken: nothing this show says counts
            c = s.when
            if not c.always:
                h = held.get(id(c))       # the same condition object is shared by the shows that write it alike
                if h is None:
                    h = held[id(c)] = _holds(c, facts, it.citation, edition.length_system)
                if not h:
                    continue
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
            band = _band(it, facts, bands, edition.length_system) if it.range_bands else None
            if scheme is not None or status != it.status or band is not None:
                it = _variant(edition, it, scheme, status, band)
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
        cit = it.citation if it.citation.provenance == "gap" else it.kind_citation
        if cit.provenance == "gap":
            out.append(Note("gap", f"{it.term} ({it.role}): {cit.note}", cit, subject=it.term, role=it.role))
    return out


def _general(edition: Edition, items: list[Item], gaps: list[Provision]) -> list[Item]:
    """Where her situation's own signal is a gap (``signal_unknown``), her required lights are only the general
    lights, which that rule may replace or add to: status ``general``."""
    if not any(p.signal_unknown for p in gaps):
        return items
    return [_variant(edition, i, i.scheme, "general", None) if i.status == "required" else i for i in items]


def _about_time(p: Provision) -> bool:
    """Whether the provision turns on the time or visibility (``time``: when lights, when shapes; Rule 20)."""
    return any(f == "time" for f, _, _ in p.when.tests)


def _info_note(edition: Edition, p: Provision) -> Note:
    key = ("info-note", p.id)
    got = edition.memo.get(key)
    if got is None:
        got = edition.memo[key] = Note("info", f"{p.title}: {p.summary or p.citation.note}", p.citation,
                                       about_time=_about_time(p))
    return got


def display(vessel: Vessel | dict, edition: Edition) -> Display:
    """The lights and shapes ``vessel`` shows under ``edition``, each cited."""
    vessel = make_vessel(vessel)
    facts = vessel.facts
    if vessel.seaplane and not edition.seaplanes:
        note = Note("info", f"{edition.id} predates seaplanes: its rules name no lights for a seaplane on the water",
                    edition.in_force_citation)
        return Display(edition.id, vessel, (), (note,), (), True, edition.length_system)
    time = vessel.time if vessel.time in ("night", "day") else None
    applied = _applied(edition, facts, time)
    gaps = [p for p in applied if p.effect == "gap"]
    notes = [_info_note(edition, p) for p in applied if p.effect == "info"]
    referrals = [p for p in applied if p.effect == "referral"]
    if referrals:   # the statute's own lights do not apply at all, nor its gaps
        notes += [Note("referral", f"{p.title}: the statute leaves these lights to {p.authority}"
                       + (f". {p.summary}" if p.summary else ""), p.citation) for p in referrals]
        return Display(edition.id, vessel, (), tuple(notes), tuple(p.id for p in referrals), False,
                       edition.length_system)
    notes += [Note("gap", f"{p.title}: {p.citation.note}", p.citation, subject=p.title, signal_unknown=p.signal_unknown,
                   about_time=_about_time(p)) for p in gaps]
    showing = [p for p in applied if p.effect == "show"]
    o = _Overrides.of(applied, showing)
    chosen = _choose(edition, showing, o, facts, time)
    notes += _override_notes(edition, o, chosen, {p.id for p in showing})
    gap_notes = _item_gap_notes(chosen.items)
    notes += gap_notes
    if not showing and not gaps and not any(p.effect == "info" for p in applied):
        notes.append(Note("info", "no provision of this edition found for this description; "
                          "the edition's coverage and gaps are listed by 'navlights editions'",
                          edition.in_force_citation))
    items = _general(edition, chosen.items, gaps)
    if vessel.masthead_off_centreline:       # COLREGs 23(d)(iii), Inland 21(a): where the masthead light stands
        from .off_centre import adjust
        items, placed = adjust(edition, vessel, items)
        notes += placed
    complete = not gaps and not gap_notes
    return Display(edition.id, vessel, tuple(items), tuple(notes), tuple(p.id for p in applied), complete,
                   edition.length_system)


def remembered(vessel: Vessel | dict, edition: Edition) -> Display:
    """:func:`display`, remembered for the rule base's own editions (loaded once and never replaced, so their id
    names them) by the vessel and by the facts the edition tests (:mod:`.display_memo`: a fleet of distinct
    vessels shares entries; both levels bounded); an edition object made elsewhere is not remembered. What the
    facade's ``display`` and the layers beside it (traffic, plans, galleries) call."""
    v = make_vessel(vessel)
    try:
        ours = loader.load(edition.id) is edition
    except NavlightsError:
        ours = False
    return _displays.get(v, edition, display) if ours else display(v, edition)


_displays = DisplayMemo()
