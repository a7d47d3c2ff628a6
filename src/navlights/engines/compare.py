"""Compare editions: one vessel across editions, the change log between two, which edition governed.

Everything is derived from the rule data; nothing here is written per edition.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import MissingFactError, NavlightsError, VesselError, excerpt
from ..model import WATERS, Display, Edition, Item, Provision
from ..units import m_to_ft, shared_system
from ..vessel import Vessel, make_vessel
from .display import display
from .succession import succession_words

#: Item fields compared, with the words used for them.
FIELDS = (("colour", "colour"), ("arc_deg", "arc"), ("range_nm", "range"), ("status", "status"),
          ("group", "alternatives group"), ("scheme", "scheme"), ("term", "term"))


@dataclass(frozen=True, slots=True)
class Difference:
    """One difference between two editions' displays of the same vessel."""

    role: str
    change: str                    # added | removed | changed
    field: str | None
    before: Any
    after: Any
    cite_before: str | None
    cite_after: str | None
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role, "change": self.change, "field": self.field,
                "before": list(self.before) if isinstance(self.before, tuple) else self.before,
                "after": list(self.after) if isinstance(self.after, tuple) else self.after,
                "cite_before": self.cite_before, "cite_after": self.cite_after, "text": self.text}


@dataclass(frozen=True, slots=True)
class Step:
    """Two editions' displays set against each other: a change in time along one waters' succession
    (``relation = "succession"``), or two regimes side by side (``"regimes"``), never a change in time."""

    before: str
    after: str
    relation: str                  # succession | regimes
    waters: tuple[str, ...]        # succession: the waters where `after` replaced `before`; regimes: both editions'
    words: str
    differences: tuple[Difference, ...]

    def __iter__(self):
        """(before, after, differences), as a step was before it had a relation."""
        return iter((self.before, self.after, self.differences))

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.before, "to": self.after, "relation": self.relation, "waters": list(self.waters),
                "words": self.words, "differences": [x.to_dict() for x in self.differences]}


@dataclass(frozen=True, slots=True)
class Comparison:
    """One vessel under several editions, and the differences along each waters' succession and across regimes."""

    vessel: Vessel
    editions: tuple[str, ...]
    displays: dict[str, Display | None]
    errors: dict[str, str]
    steps: tuple[Step, ...] = field(default=())
    length_system: str = "feet"     # the editions' shared unit system (units.shared_system), for her length in words

    def to_dict(self) -> dict[str, Any]:
        return {
            "vessel": self.vessel.to_json(),
            "description": self.vessel.describe(self.length_system),
            "editions": list(self.editions),
            "displays": {k: (d.to_dict() if d else None) for k, d in self.displays.items()},
            "errors": self.errors,
            "steps": [st.to_dict() for st in self.steps],
        }


def _words(v: Any, fieldname: str) -> str:
    if v is None:
        return "none" if fieldname != "range_nm" else "not stated"
    if fieldname == "arc_deg":
        a, b = v
        return "all round" if (a, b) == (0.0, 360.0) else f"{a:g}°–{b:g}°"
    if fieldname == "range_nm":
        return f"{v:g} nm"
    return str(v)


def gap_caveat(lacking: Display, edition: Edition | None, it: Item) -> str:
    """'; not known under intl-1948: Rule 5 (sailing vessel, ...) not found (recorded gaps)' when the display
    that lacks ``it`` may lack it only because the rule base has a gap on its subject; '' otherwise.

    Decided by subject, never by matching rule numbers across editions: a gap of her situation (a gap
    provision that applies to her) covers every item, unless it is the rule of one of the edition's light or
    shape kinds of another kind (1948 Rule 10 is the stern light's rule: it says nothing of sidelights); a gap
    on one of her items covers items of its role or kind; and the edition's own gap kinds of the item's kind."""
    gaps = [n for n in lacking.notes if n.kind == "gap"]
    kinds: list[Any] = [*edition.lights.values(), *edition.shapes.values()] if edition else []
    gap_kinds = [k for k in kinds if k.citation.provenance == "gap"]
    about: dict[str, set[str]] = {}
    for k in gap_kinds:                                 # within one edition: a gap provision that is a kind's rule
        about.setdefault(k.citation.rule, set()).add(k.canonical)
    canon = {i.role: i.canonical for i in lacking.items}
    words = []
    for n in gaps:
        if n.role is not None:
            hit = n.role == it.role or canon.get(n.role) == it.canonical
        else:
            hit = n.citation.rule not in about or it.canonical in about[n.citation.rule]
        if hit:
            words.append(n.words())
    words += [f"{k.citation.rule} ({k.term}) not found" for k in gap_kinds if k.canonical == it.canonical
              and not any(w.startswith(f"{k.citation.rule} ") for w in words)]
    words = list(dict.fromkeys(words))
    return f"; not known under {lacking.edition}: {'; '.join(words)} (recorded gaps)" if words else ""


def _presence_text(role: str, x: Item | None, y: Item | None, a: Display, b: Display, relation: str,
                   ea: Edition | None, eb: Edition | None) -> str:
    """Words for an item one side shows and the other does not: a change in time, or two regimes."""
    if x is not None:       # shown by a only
        caveat = gap_caveat(b, eb, x)
        if relation == "regimes":
            return f"{role}: {a.edition} shows the {x.term} ({x.cite}); {b.edition} does not{caveat}"
        return f"{role}: the {x.term} ({x.cite}) is not shown under {b.edition}{caveat}"
    assert y is not None
    caveat = gap_caveat(a, ea, y)
    if relation == "regimes":
        return f"{role}: {b.edition} shows the {y.term} ({y.cite}); {a.edition} does not{caveat}"
    return f"{role}: {b.edition} adds the {y.term} ({y.cite}), not shown under {a.edition}{caveat}"


def _field_text(role: str, f: str, words: str, x: Item, y: Item, b: Display, relation: str) -> str:
    vx, vy = getattr(x, f), getattr(y, f)
    if f == "scheme" and vx is None and vy == "standard":
        return f"{role}: under {b.edition} a small-craft scheme may replace this light ({y.cite})"
    if f == "scheme" and vx == "standard" and vy is None:
        return f"{role}: under {b.edition} no small-craft scheme replaces this light ({y.cite})"
    if relation == "regimes":
        return f"{role}: {words} {_words(vx, f)} ({x.cite}) beside {_words(vy, f)} ({y.cite})"
    return f"{role}: {words} {_words(vx, f)} ({x.cite}) -> {_words(vy, f)} ({y.cite})"


#: A light or shape as an observer meets it, whatever its role is called: period, light or shape, kind of light
#: (masthead, sidelight, combined lantern, all-round, ...; a shape's form), colour, arc, character, range, and
#: where it stands as far as the data says it in words both editions share (side; place in a vertical line).
Signal = tuple[Any, ...]


def signal(i: Item) -> Signal:
    """What ``i`` shows, without its role or the edition's names for its set (``work-*`` and ``diving-*`` are the
    same three lights)."""
    return (i.period, i.what, i.canonical, i.colour, i.arc_deg, i.character, i.flashes_per_min, i.range_nm,
            i.placement.side, i.placement.stack_order)


def may_show(d: Display) -> dict[Signal, frozenset[int]]:
    """How many of each signal the vessel may show, over every lighting her display allows: each scheme (the
    standard lights or a substitute: items of no scheme are in all), one option of each alternatives group, and
    her optional and on-approach items shown or not. A signal her display never has is not a key (0 only)."""
    named: set[str | None] = {i.scheme for i in d.items if i.scheme is not None}
    schemes = named | {"standard"} if named else {None}   # the standard lights are a scheme where any is named
    every = {signal(i) for i in d.items}
    out: dict[Signal, set[int]] = {s: set() for s in every}
    for sch in schemes:
        items = [i for i in d.items if i.scheme is None or i.scheme == sch]
        groups: dict[str, list[str]] = {}
        for i in items:
            if i.group is not None and i.option is not None and i.option not in groups.setdefault(i.group, []):
                groups[i.group].append(i.option)
        picks: list[dict[str, str]] = [{}]
        for g, opts in groups.items():
            picks = [{**p, g: o} for p in picks for o in opts]
        for pick in picks:
            least: dict[Signal, int] = {}
            extra: dict[Signal, int] = {}
            for i in items:
                if i.group is None or pick.get(i.group) == i.option:
                    bucket = extra if i.status in ("optional", "on-approach") else least
                    bucket[signal(i)] = bucket.get(signal(i), 0) + 1
            for s in every:           # a signal this lighting lacks: 0 of it
                lo = least.get(s, 0)
                out[s].update(range(lo, lo + extra.get(s, 0) + 1))
    return {s: frozenset(ns) for s, ns in out.items()}


def _counts(d: Display) -> dict[Signal, frozenset[int]]:
    got = d.memo.get("may_show")
    if got is None:
        got = d.memo["may_show"] = may_show(d)
    return got


def shows_differently(a: Display, b: Display, items: tuple[Item | None, ...]) -> bool:
    """Whether the two displays differ in what the vessel shows or may show of the signals of ``items``: the
    counts each allows over all her lightings (:func:`may_show`) are not the same."""
    ca, cb = _counts(a), _counts(b)
    zero = frozenset({0})
    return any(ca.get(signal(i), zero) != cb.get(signal(i), zero) for i in items if i is not None)


def diff_displays(a: Display, b: Display, relation: str = "succession", ea: Edition | None = None,
                  eb: Edition | None = None) -> tuple[Difference, ...]:
    """Differences from display ``a`` to display ``b`` (items by role), in plain words with both cites.

    ``relation``: ``succession`` (b replaced a in some waters: 'adds', 'is not shown under') or ``regimes``
    (two regimes side by side: 'shows ...; ... does not'). ``ea``, ``eb``: the editions, so that a caveat
    can name a gap kind of the side that lacks an item (see :func:`gap_caveat`).

    Two regimes are set side by side by what the vessel shows, not by the names of roles (issue 25): a
    difference by role is kept only where the whole displays, every scheme and option included, differ in the
    signals of its items (:func:`shows_differently`): the combined lantern both allow, or one set of
    restricted-manoeuvre lights under two names, is no difference."""
    ia: dict[str, Item] = {i.role: i for i in a.items}
    ib: dict[str, Item] = {i.role: i for i in b.items}
    out: list[Difference] = []
    for role in list(ia) + [r for r in ib if r not in ia]:
        x, y = ia.get(role), ib.get(role)
        if relation == "regimes" and not shows_differently(a, b, (x, y)):
            continue
        if x is None or y is None:
            text = _presence_text(role, x, y, a, b, relation, ea, eb)
            out.append(Difference(role, "removed", None, x.term, None, x.cite, None, text) if x else
                       Difference(role, "added", None, None, y.term, None, y.cite, text))  # type: ignore[union-attr]
            continue
        for f, words in FIELDS:
            if f == "term" or getattr(x, f) == getattr(y, f):
                continue
            out.append(Difference(role, "changed", f, getattr(x, f), getattr(y, f), x.cite, y.cite,
                                  _field_text(role, f, words, x, y, b, relation)))
    return tuple(out)


def _start(e: Edition) -> dt.date:
    return e.in_force_from or dt.date.min


def _predecessor(e: Edition, water: str, chosen: set[str], lines: dict[str, dict[str, str]]) -> str | None:
    """The nearest chosen edition that ``e`` succeeds in ``water``, along the recorded line (skipping editions
    not chosen); None if the line has none."""
    p, seen = lines.get(e.id, {}).get(water), set()
    while p is not None and p not in chosen and p not in seen:
        seen.add(p)
        p = lines.get(p, {}).get(water)
    return p if p in chosen else None


def _in_force_on(e: Edition, day: dt.date, ends: dict[str, dt.date | None]) -> bool:
    end = ends.get(e.id)
    return _start(e) <= day and (end is None or day < end)


def plan_steps(eds: list[Edition], all_editions: list[Edition]) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(before, after, relation, waters) for each pair to compare: each edition after the one it succeeds in
    some waters (the recorded lines, ``[edition] succeeds``); each edition that succeeds none of those chosen
    beside the edition of other waters in force when it came into force (else the nearest in time): regimes."""
    lines = {e.id: dict(e.succeeds) for e in [*all_editions, *eds]}
    chosen = {e.id for e in eds}
    plan: list[tuple[str, str, str, tuple[str, ...]]] = []
    roots = []
    for e in eds:
        preds: dict[str, list[str]] = {}
        for w in e.waters:
            p = _predecessor(e, w, chosen, lines)
            if p is not None:
                preds.setdefault(p, []).append(w)
        plan += [(p, e.id, "succession", tuple(ws)) for p, ws in preds.items()]
        if not preds:
            roots.append(e)
    ends = {e.id: edition_end(e, [*all_editions, *eds])[0] for e in eds}
    pairs: set[tuple[str, str]] = set()
    for r in roots:
        others = [o for o in eds if o.id != r.id and not set(o.waters) & set(r.waters)]
        if not others:
            continue
        partner = next((o for o in others if _in_force_on(o, _start(r), ends)), None) or \
            min(others, key=lambda o: abs((_start(o) - _start(r)).days))
        a, b = sorted((r, partner), key=lambda e: (_start(e), e.id))
        if (a.id, b.id) not in pairs:
            pairs.add((a.id, b.id))
            plan.append((a.id, b.id, "regimes", tuple(dict.fromkeys([*a.waters, *b.waters]))))
    order = {e.id: k for k, e in enumerate(eds)}
    return sorted(plan, key=lambda t: (order[t[1]], order[t[0]]))


def _step_words(a: Edition, b: Edition, relation: str, waters: tuple[str, ...]) -> str:
    if relation == "succession":     # the dates of those waters, and a gap in time said as a gap (issue 25)
        return succession_words(a, b, waters)
    return (f"{a.id} ({', '.join(a.waters)}) and {b.id} ({', '.join(b.waters)}) side by side: different regimes "
            "for different waters, not a change in time")


def compare(vessel: Vessel | dict[str, Any], editions: list[Edition],
            all_editions: list[Edition] | None = None) -> Comparison:
    """The vessel under each edition (oldest first) and the differences along each waters' succession (the
    recorded lines, followed through editions of ``all_editions`` not chosen) and across regimes."""
    v = make_vessel(vessel)
    eds = sorted(editions, key=lambda e: (_start(e), e.id))
    displays: dict[str, Display | None] = {}
    errors: dict[str, str] = {}
    for e in eds:
        try:
            displays[e.id] = display(v, e)
        except MissingFactError as err:
            displays[e.id] = None
            errors[e.id] = str(err)
    by_id = {e.id: e for e in eds}
    ok = [e for e in eds if displays[e.id] is not None]
    steps = []
    for a, b, relation, waters in plan_steps(ok, all_editions or eds):
        da, db = displays[a], displays[b]
        assert da is not None and db is not None
        steps.append(Step(a, b, relation, waters, _step_words(by_id[a], by_id[b], relation, waters),
                          diff_displays(da, db, relation, by_id[a], by_id[b])))
    return Comparison(v, tuple(e.id for e in eds), displays, errors, tuple(steps),
                      shared_system(e.length_system for e in eds))


class _Pair:
    """Two displays of one vessel and their differences, made once per distinct pair of displays."""

    __slots__ = ("da", "db", "diffs", "_there")

    def __init__(self, da: Display, db: Display, diffs: tuple[Difference, ...]) -> None:
        self.da, self.db, self.diffs = da, db, diffs
        self._there: dict[str, tuple[list[str], str]] = {}

    def there(self, role: str, ea: Edition, eb: Edition) -> tuple[list[str], str]:
        """What decides, on the side that lacks ``role``, that she does not show it (:func:`deciding`)."""
        got = self._there.get(role)
        if got is None:
            x, y = self.da.get(role), self.db.get(role)
            got = self._there[role] = (deciding(x, self.da, ea, self.db, eb) if x is not None else
                                       deciding(y, self.db, eb, self.da, ea))  # type: ignore[arg-type]
        return got


def _groups(a: Edition, b: Edition, relation: str) -> tuple[int, list[tuple[str, _Pair, set[float], set[float]]]]:
    """The vessels both editions decide, by situation and pair of displays, in the order each (situation, pair)
    first comes: (how many vessels, [(label, pair, her lengths in ft, her tows' lengths in ft)]). Merging a group
    at once gives what merging its vessels one by one gives (each entry and each cite first comes with the first
    vessel of a group that has it), at a few hundred merges instead of thousands."""
    groups: dict[tuple[str, int], tuple[str, _Pair, set[float], set[float]]] = {}
    n = 0
    for label, v, pair in _pairs(a, b, relation):
        n += 1
        g = groups.get((label, id(pair)))
        if g is None:
            g = groups[(label, id(pair))] = (label, pair, set(), set())
        g[2].add(round(m_to_ft(float(v["length"].split()[0])), 1))
        tow = (v.get("towing") or v.get("being_towed") or {}).get("tow_length")
        if tow is not None:
            g[3].add(round(m_to_ft(float(tow.split()[0])), 1))
    return n, list(groups.values())


def _pairs(a: Edition, b: Edition, relation: str) -> Iterator[tuple[str, dict[str, Any], _Pair]]:
    """(situation label, vessel mapping, the pair) for every representative vessel of both editions that both can
    decide (:func:`navlights.classes.vessels`). The vessel is built once for both editions, and the differences are
    worked out once per distinct pair of displays (thousands of vessels give a few hundred): they depend only on
    the displays' items and notes. The key holds the items by identity (an edition hands out the same item objects
    again); the pair kept in the memo keeps them alive, so an identity is never reused while the key is."""
    from ..classes import vessels
    memo: dict[tuple[Any, ...], _Pair] = {}
    for label, v in vessels(a, b):
        try:
            vessel = make_vessel(v)
            da, db = display(vessel, a), display(vessel, b)
        except (MissingFactError, VesselError):
            continue
        key = (tuple(map(id, da.items)), da.notes, tuple(map(id, db.items)), db.notes)
        pair = memo.get(key)
        if pair is None:
            pair = memo[key] = _Pair(da, db, diff_displays(da, db, relation, ea=a, eb=b))
        yield label, v, pair


def changes(a: Edition, b: Edition) -> dict[str, list[dict[str, Any]]]:
    """A change log from edition ``a`` to ``b``, derived from their data, grouped by vessel situation.

    Each entry is one difference with the vessel lengths (ft) at which it appears. Editions of different
    waters are worded as two regimes side by side, never as a change in time.
    """
    relation = "succession" if set(a.waters) & set(b.waters) else "regimes"
    log: dict[str, list[dict[str, Any]]] = {}
    per_label: dict[str, dict[tuple, dict[str, Any]]] = {}
    for label, pair, lengths, tows in _groups(a, b, relation)[1]:
        seen = per_label.setdefault(label, {})
        for d in pair.diffs:
            k = (d.role, d.change, d.field, d.before, d.after)
            entry = seen.get(k)
            if entry is None:
                entry = seen[k] = {**d.to_dict(), "lengths_ft": set(), "tow_ft": set()}
            entry["lengths_ft"] |= lengths
            entry["tow_ft"] |= tows
    for label, seen in per_label.items():
        if seen:
            rows = []
            for entry in seen.values():
                entry["lengths_ft"] = sorted(entry["lengths_ft"])
                entry["tow_ft"] = sorted(entry["tow_ft"])
                rows.append(entry)
            log[label] = rows
    return log


def summarize(log: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The change log read across situations: each distinct difference once, with the situations it touches.

    Differences are the same when role, kind of change, field and values agree (their cites may differ by
    situation and are all kept). Additions first, then removals, then changes; the widest first.
    """
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    for label, rows in log.items():
        for r in rows:
            before, after = r["before"], r["after"]
            k = (r["role"], r["change"], r["field"], str(before), str(after))
            e = merged.setdefault(k, {"role": r["role"], "change": r["change"], "field": r["field"], "before": before,
                                      "after": after, "term": after if r["change"] == "added" else before,
                                      "cites_before": [], "cites_after": [], "situations": [], "lengths_ft": set()})
            for key, cite in (("cites_before", r["cite_before"]), ("cites_after", r["cite_after"])):
                if cite and cite not in e[key]:
                    e[key].append(cite)
            if label not in e["situations"]:
                e["situations"].append(label)
            e["lengths_ft"].update(r["lengths_ft"])
    order = {"added": 0, "removed": 1, "changed": 2}
    out = sorted(merged.values(), key=lambda e: (order[e["change"]], -len(e["situations"]), e["role"]))
    for e in out:
        e["lengths_ft"] = sorted(e["lengths_ft"])
    return out


@dataclass(frozen=True, slots=True)
class Governing:
    """Which edition governed on a date in given waters, with the basis of the answer."""

    date: dt.date
    waters: str
    edition: str | None
    text: str
    basis: str

    def to_dict(self) -> dict[str, Any]:
        return {"date": self.date.isoformat(), "waters": self.waters, "edition": self.edition, "text": self.text,
                "basis": self.basis}


def edition_end(e: Edition, editions: list[Edition], waters: str | None = None) -> tuple[dt.date | None, str]:
    """When ``e`` ceased to be in force (in ``waters``, or anywhere), and how we know: its recorded end; else the
    in-force date of the edition recorded as succeeding it there (``[edition] succeeds``); else that of the next
    edition of the same waters by date (no succession recorded); else (None, 'not recorded')."""
    if e.in_force_to:
        return e.in_force_to, "its recorded end"
    ws = [waters] if waters else list(e.waters)
    succ = [s for s in editions if s.in_force_from and any(s.succeeds.get(w) == e.id for w in ws)]
    if succ:
        s = min(succ, key=_start)
        return s.in_force_from, f"the in-force date of {s.id}, which succeeded it"
    later = [s for s in editions if s.in_force_from and e.in_force_from and s.in_force_from > e.in_force_from
             and set(s.waters) & set(ws)]
    if later:
        s = min(later, key=_start)
        return s.in_force_from, f"the in-force date of {s.id}, the next edition of these waters (no succession recorded)"
    return None, "not recorded"


def governing(date: dt.date, waters: str, editions: list[Edition]) -> Governing:
    """The edition in force on ``date`` in ``waters``; an honest 'not covered' where the data cannot say."""
    if waters not in WATERS:
        raise NavlightsError(f"waters: unknown waters {excerpt(waters)}; known: {', '.join(WATERS)}", field="waters",
                             value=waters, allowed=", ".join(WATERS))
    def start(e: Edition) -> dt.date:
        return e.in_force_from_in(waters)  # type: ignore[return-value]   # filtered below

    eds = sorted((e for e in editions if waters in e.waters and e.in_force_from_in(waters)), key=start)
    if not eds:
        return Governing(date, waters, None, f"not covered: navlights holds no edition for {waters}", "no data")
    if date < start(eds[0]):
        return Governing(date, waters, None,
                         f"not covered: the earliest edition for {waters} in navlights is {eds[0].id}, in force "
                         f"from {start(eds[0])}", "before the first recorded in-force date")
    for e, nxt in zip(eds, [*eds[1:], None]):
        end, how = edition_end(e, editions, waters)
        if date >= start(e) and (end is None or date < end):
            prov = e.in_force_citation.provenance
            since = f"in force in {waters} from {start(e)}" if start(e) != e.in_force_from else \
                f"in force from {start(e)}"
            if end is None:
                return Governing(date, waters, e.id,
                                 f"{e.id} ({e.title}), {since}; its end is not recorded in "
                                 f"navlights, so a later edition it does not hold may govern this date",
                                 f"in-force date {prov} ({e.in_force_citation.rule})")
            return Governing(date, waters, e.id, f"{e.id} ({e.title}), in force {start(e)} to {end} "
                             f"(end from {how})", f"in-force dates {prov} ({e.in_force_citation.rule})")
        if nxt is not None and end is not None and end <= date < start(nxt):
            return Governing(date, waters, None,
                             f"not covered: navlights holds no edition for {waters} between the end of {e.id} "
                             f"({end}) and the start of {nxt.id} there ({start(nxt)})",
                             "between recorded in-force dates")
    last = eds[-1]
    return Governing(date, waters, None,
                     f"not covered: the last edition for {waters} in navlights, {last.id}, ended {last.in_force_to}; "
                     f"navlights holds no later edition", "after the last recorded in-force date")


def _other_cites(d: Display) -> list[str]:
    """What the side that lacks an item shows in that situation, by cite: its items' and its notes' cites."""
    return list(dict.fromkeys([i.cite for i in d.items] + [str(n.citation) for n in d.notes if n.kind != "gap"]))


def _tests(p: Provision) -> set[tuple[str, str, Any]]:
    """A provision's tests, its ``any`` branches' included, that name something she is or does (``eq`` a value
    other than False or None): the facts her situation turns on, not the ones it excludes."""
    out: set[tuple[str, str, Any]] = set()
    todo = [p.when]
    while todo:
        c = todo.pop()
        out.update(t for t in c.tests if t[1] == "eq" and t[2] not in (False, None))
        todo.extend(c.any_of)
    return out


def _source(e: Edition, d: Display, role: str) -> Provision | None:
    """The provision of ``d`` that gives ``role`` (the first applied one that shows it)."""
    provs = {p.id: p for p in e.provisions}
    for pid in d.provisions:
        p = provs.get(pid)
        if p is not None and any(s.item.role == role for s in p.shows):
            return p
    return None


def deciding(present: Item, has: Display, e_has: Edition, lacking: Display, e_lacking: Edition) -> tuple[list[str], str]:
    """The provisions of the side that does not show ``present`` which decide that it does not, and how:

    - ``in lieu``: a provision applied there that puts other lights in lieu of that role, or forbids it
      (Inland 24(c): towing lights instead of the sternlight; 24(j): no masthead lights on the Western Rivers);
    - ``same situation``: the provisions applied there that turn on the fact that gives her the light here (the
      rarest of its provision's facts in this edition: ``constrained_by_draught`` -> Inland Rule 28, reserved;
      ``partly_submerged`` -> the other edition's Rule 24(g)); of those, the ones whose facts are most alike
      (shared over all, both sets of facts), one that shows nothing itself first (a note, a reserved rule:
      COLREGs 26(d) and Annex II on trawlers fishing together before 26(b));
    - ``none``: no provision there turns on that fact (the Inland law-enforcement light: the COLREGs have no
      such provision); the cites are then her own lights' there, which are not a decision about this light.
    Never by rule number: Inland Rule 23(a) does not decide a COLREGs Rule 28 light."""
    provs = {p.id: p for p in e_lacking.provisions}
    applied = [provs[i] for i in lacking.provisions if i in provs]
    hits = [p for p in applied if present.role in p.in_lieu_of or present.role in p.never]
    if hits:
        return list(dict.fromkeys(str(p.citation) for p in hits)), "in lieu"
    src = _source(e_has, has, present.role)
    if src is not None:
        mine = _tests(src)
        if mine:
            rarity = {t: sum(t in _tests(p) for p in e_has.provisions) for t in mine}
            rarest = {t for t in mine if rarity[t] == min(rarity.values())}
            sharing = [(len(mine & _tests(q)) / len(mine | _tests(q)), q) for q in applied if rarest & _tests(q)]
            if sharing:
                most = max(n for n, _ in sharing)
                best = sorted((q for n, q in sharing if n == most), key=lambda q: q.effect == "show")
                return list(dict.fromkeys(str(q.citation) for q in best)), "same situation"
    return _other_cites(lacking), "none"


def _add(have: list[str], cites: list[str]) -> None:
    have.extend(c for c in dict.fromkeys(cites) if c and c not in have)


def differences(a: Edition, b: Edition) -> dict[str, Any]:
    """Two regimes in force together (editions of different waters: us-inland beside intl-1972), set side by
    side over every representative vessel of both: each difference once, with the situations and lengths (ft)
    it touches and both cites, worded as regimes ('us-inland shows X (cite); intl-1972 does not'), never as a
    change in time. Editions of the same waters are refused: their differences are :func:`changes`."""
    shared = [w for w in a.waters if w in b.waters]
    if shared or a.id == b.id:
        raise NavlightsError(
            f"differences: {a.id} and {b.id} are editions of the same waters ({', '.join(shared or a.waters)}); "
            f"differences sets regimes of different waters side by side; for what changed in time use "
            f"`navlights changes {a.id} {b.id}`", field="b", value=b.id)
    side = {"removed": "a", "added": "b", "changed": "both"}
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    n_situations, groups = _groups(a, b, "regimes")
    for label, pair, lengths, _ in groups:
        for d in pair.diffs:
            k = (d.role, d.change, d.field, str(d.before), str(d.after))
            e = merged.get(k)
            if e is None:
                as_dict = d.to_dict()
                e = merged[k] = {
                    "role": d.role, "side": side[d.change], "change": d.change, "field": d.field,
                    "a_value": as_dict["before"], "b_value": as_dict["after"],
                    "term": d.after if d.change == "added" else d.before, "text": d.text,
                    "cites_a": [], "cites_b": [], "situations": [], "lengths_ft": set()}
            if d.change == "changed":
                _add(e["cites_a"], [d.cite_before] if d.cite_before else [])
                _add(e["cites_b"], [d.cite_after] if d.cite_after else [])
            else:
                here, lacks = ("cites_a", "cites_b") if d.change == "removed" else ("cites_b", "cites_a")
                _add(e[here], [d.cite_before or d.cite_after or ""])
                cites, how = pair.there(d.role, a, b)
                e.setdefault("there_how", how)   # as the first situation it touches has it, which the text says
                _add(e[lacks], cites)
            if label not in e["situations"]:
                e["situations"].append(label)
            e["lengths_ft"] |= lengths
    order = {"a": 0, "b": 1, "both": 2}
    rows = sorted(merged.values(), key=lambda e: (order[e["side"]], -len(e["situations"]), e["role"]))
    for e in rows:
        e["lengths_ft"] = sorted(e["lengths_ft"])
        e["cite_a"], e["cite_b"] = (e["cites_a"] or [None])[0], (e["cites_b"] or [None])[0]
        if e["side"] in ("a", "b"):
            shows, lacks = (a.id, b.id) if e["side"] == "a" else (b.id, a.id)
            here, there = (e["cite_a"], e["cite_b"]) if e["side"] == "a" else (e["cite_b"], e["cite_a"])
            said = (f"no provision of {lacks} that applies to her gives it" if e["there_how"] == "none"
                    else there or "nothing cited")
            e["text"] = f"{e['role']}: {shows} shows the {e['term']} ({here}); {lacks} does not (there: {said})"
    return {"a": a.id, "b": b.id, "relation": "regimes", "waters": {a.id: list(a.waters), b.id: list(b.waters)},
            "length_system": shared_system((a.length_system, b.length_system)),
            "words": _step_words(a, b, "regimes", tuple(dict.fromkeys([*a.waters, *b.waters]))),
            "situations": n_situations, "differences": rows}
