"""Building an edition's index from the engines (docs/identify.md, "How the index is built")."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Any, Callable

from ...classes import SITUATIONS, vessels
from ...errors import NavlightsError
from ...model import Display, Edition, Item
from ...notation import LEVEL_TOL_M, Pattern, token_of
from ...placement import LINE_ON_MASTHEAD, _is_forward_masthead
from ...rulebase import situations as _situations
from ..sectors import Sector
from .aspects import AspectRange, heading_words, union
from .facts import _atoms, _box_within, _facts, _merge_boxes
from .meaning import Meaning, meanings
from .pieces import Piece, _pieces
from .results import EditionIndex, Reading
from .variants import _variants

SIGNAL_UNKNOWN_WEIGHT = 0.5  # a situation whose own signal was not found (rule-data `signal_unknown`)
#: A vessel's ordinary lights (Rules 23 and 25(a), and their small-craft forms): a look-out reporting a signal
#: often leaves them out. A vertical line made only of them, standing apart, may be missing from a picture
#: typed as her signal (the `signal` match, docs/identify.md).
ORDINARY_ROLES = frozenset({
    "masthead", "masthead-aft", "sidelight-starboard", "sidelight-port", "combined-starboard", "combined-port",
    "small-sidelight-starboard", "small-sidelight-port", "small-combined-starboard", "small-combined-port",
    "lantern-starboard", "lantern-port", "sternlight", "small-white", "all-round-white-aft",
    "tricolour-starboard", "tricolour-port", "tricolour-stern"})


Box = tuple[tuple[int, int] | None, ...]       # per fact (length, tonnage, tow length): an atom range, or unset
Record = tuple[int, AspectRange]                  # (record kind, aspect range of one piece)


@dataclass(slots=True)
class _Kind:
    """One record kind: what every reading made from it shares (all but the vessel class and aspects)."""

    key: tuple[Any, ...]                # (variant words, period, sector label, pattern key, rules, gaps, lights)
    choose: Any
    weight: float
    sector: Sector
    lights: tuple[tuple[str, str, str], ...]
    rules: tuple[str, ...]
    citations: tuple[str, ...]
    gaps: tuple[str, ...]
    pattern: Pattern
    general: str | None = None          # her own signal is a gap: only the general lights (words), else None
    meaning: tuple[Meaning, ...] = ()   # what each light or shape seen says (meaning.py)
    prescribed: bool = False            # some arrangement of it has every vertical line seen one the rules prescribe
    full: dict[tuple[Any, ...], Pattern] = field(default_factory=dict)  # (levels, roles) -> pattern seen


def prescribed_lines(items: tuple[Item, ...]) -> dict[str, str]:
    """role -> the vertical line the rules put it in (placement.py, step 6): the members of one
    ``vertical_line``; a ``forward`` or ``masthead`` line with the forward masthead light; a light ``above``
    or ``below`` another in its line (not one on a side of her own). A role in no line stands alone."""
    parent = {i.role: i.role for i in items}

    def find(r: str) -> str:
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    def join(a: str, b: str) -> None:
        if a in parent and b in parent:
            parent[find(a)] = find(b)

    first: dict[tuple[str, str], str] = {}
    fwd = next((i for i in items if _is_forward_masthead(i)), None)
    for i in items:
        p = i.placement
        if not p.vertical_line:
            continue
        join(i.role, first.setdefault((i.what, p.vertical_line), i.role))
        if p.vertical_line in LINE_ON_MASTHEAD and i.what == "light" and fwd is not None:
            join(i.role, fwd.role)
        if p.side is None:
            for ref in (p.below, p.above):
                if ref:
                    join(i.role, ref)
    return {r: find(r) for r in parent}


def _general_words(d: Display) -> str | None:
    """Where her situation's own signal is a gap (``signal_unknown``): 'general lights only: Rule 8 (pilot
    vessel) not found; her own lights may replace or add to them'; None otherwise."""
    unknown = list(dict.fromkeys(n.words() for n in d.notes if n.kind == "gap" and n.signal_unknown))
    if not unknown:
        return None
    return f"general lights only: {'; '.join(unknown)}; her own lights may replace or add to them"


class _Builder:
    """The state of one edition's build: steps 1 to 5 of docs/identify.md ("How the index is built")."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.facts = _facts(edition)
        self.prov = {p.id: p for p in edition.provisions}
        self.prov_roles = {p.id: {s.item.role for s in p.shows} for p in edition.provisions}
        self.label_order = {label: k for k, (label, _) in enumerate(SITUATIONS)}
        self.variant_cache: dict[tuple[Any, ...], list[tuple[Any, tuple[str, ...], float, tuple[Item, ...]]]] = {}
        self.piece_cache: dict[tuple[Any, ...], list[tuple[Sector, list[Piece]]]] = {}
        self.bucket_cache: dict[tuple[Any, ...], list[Record]] = {}
        self.line_cache: dict[tuple[int, ...], dict[str, str]] = {}
        self.order_cache: dict[tuple[Any, ...], list[float]] = {}
        self.interned: dict[frozenset[str], frozenset[str]] = {}
        self.rid_of: dict[tuple[Any, ...], int] = {}
        self.kinds: list[_Kind] = []
        self.groups: dict[tuple[str, int], dict[Box, list[Any]]] = {}   # (situation, kind) -> box -> slot
        self.n_classes = self.n_records = 0
        self.n_dropped = 0

    # -- 1-4: classes, lightings, sectors, pieces -> records ----------------------------------

    def add_class(self, label: str, v: dict[str, Any]) -> Display | None:
        """One representative vessel: its records, grouped by situation and kind under its box of atoms; her
        display (None where the rules refuse her or show her nothing)."""
        from ..display import display

        try:
            d = display(v, self.edition)
        except NavlightsError:
            return None
        if not d.items:
            return None
        self.n_classes += 1
        box = tuple(None if a is None else (a, a) for a in _atoms(self.facts, v))
        gaps = tuple(sorted({f"{n.text.split(':')[0]} ({n.citation})" for n in d.notes if n.kind == "gap"}))
        bk = (tuple(id(i) for i in d.items), d.provisions, gaps, d.vessel.length_m, d.vessel.breadth_m)
        records = self.bucket_cache.get(bk)
        if records is None:
            records = self.bucket_cache[bk] = self._records(d, gaps)
        for rid, rng in records:
            self.n_records += 1
            boxes = self.groups.get((label, rid))
            if boxes is None:
                boxes = self.groups[(label, rid)] = {}
            slot = boxes.get(box)
            if slot is None:
                own = {rng}          # the ranges of the box's example vessel itself, kept apart when boxes merge
                boxes[box] = [set(own), v, self.n_records, own]
            else:
                slot[0].add(rng)
                if slot[1] is v:     # another vessel of the same interval (other_lengths) is not the example
                    slot[3].add(rng)
        return d

    def other_lengths(self, d: Display) -> list[float]:
        """Lengths in her length interval where her lights stand in another order (:func:`other_orders`), kept
        per set of items, breadth and length (the items are the same throughout an interval, which her length
        gives)."""
        span = interval(self.facts[0].cuts, d.vessel.length_m)
        if span is None:
            return []
        key = (tuple(id(i) for i in d.items), d.vessel.breadth_m, d.vessel.length_m)
        got = self.order_cache.get(key)
        if got is None:
            lit = [chosen for period in ("night", "day") for _, _, _, chosen in self._lightings(d, period) if chosen]
            got = self.order_cache[key] = other_orders(_order(lit, d.vessel.breadth_m), *span, d.vessel.length_m)
        return got

    def _lightings(self, d: Display, period: str) -> list[tuple[Any, tuple[str, ...], float, tuple[Item, ...]]]:
        """Every lighting the rules allow her by ``period`` (none where she shows nothing then), kept per set of
        items."""
        if not any(i.period == period for i in d.items):
            return []
        vk = (tuple(id(i) for i in d.items), period)
        got = self.variant_cache.get(vk)
        if got is None:
            got = self.variant_cache[vk] = _variants(d, period, self.prov)
        return got

    def _records(self, d: Display, gaps: tuple[str, ...]) -> list[Record]:
        """Every lighting of the display, every sector, every piece: (kind, aspect range)."""
        records: list[Record] = []
        for period in ("night", "day"):
            for choose, words, weight, chosen in self._lightings(d, period):
                if chosen:
                    self._lighting(d, period, (choose, words, weight, chosen), gaps, records)
        return records

    def _placed(self, d: Display, period: str, chosen: tuple[Item, ...]) -> list[tuple[Sector, list[Piece]]]:
        """The sectors of a lighting and their pieces (kept per set of lights, period, length, breadth)."""
        from ..sectors import sectors

        pk = (tuple(id(i) for i in chosen), period, d.vessel.length_m, d.vessel.breadth_m)
        got = self.piece_cache.get(pk)
        if got is None:
            sub = dataclasses.replace(d, items=chosen)
            got = self.piece_cache[pk] = _pieces(chosen, period, d.vessel.length_m, d.vessel.breadth_m,
                                                 sectors(sub, choose="all", period=period))
        return got

    def _lighting(self, d: Display, period: str, lighting: tuple[Any, tuple[str, ...], float, tuple[Item, ...]],
                  gaps: tuple[str, ...], records: list[Record]) -> None:
        """The records of one lighting (choose, words, weight, items chosen), added to ``records``."""
        choose, words, weight, chosen = lighting
        prov = self.prov
        by_role = {i.role: i for i in chosen}
        ids = tuple(id(i) for i in chosen)
        lines = self.line_cache.get(ids)
        if lines is None:
            lines = self.line_cache[ids] = prescribed_lines(chosen)
        for sector, pieces in self._placed(d, period, chosen):
            seen_roles = set(sector.roles)
            shown = [p for p in d.provisions
                     if p in prov and prov[p].effect == "show" and self.prov_roles[p] & seen_roles]
            rules = tuple(f"{prov[p].title} ({prov[p].citation})" for p in shown)
            lights = tuple((r, token_of(by_role[r].what, by_role[r].colour, by_role[r].canonical,
                                             by_role[r].character),
                            str(by_role[r].citation)) for r in sector.roles)
            for rng, pat, roles in pieces:
                rk = (words, period, sector.label(), pat.key(), rules, gaps, lights)
                rid = self.rid_of.get(rk)
                if rid is None:
                    rid = self.rid_of[rk] = len(self.kinds)
                    cites = sorted({c for _, _, c in lights} | {str(prov[p].citation) for p in shown})
                    general = _general_words(d)
                    self.kinds.append(_Kind(rk, choose, weight * (SIGNAL_UNKNOWN_WEIGHT if general else 1.0),
                                            sector, lights, rules, tuple(cites), gaps, pat, general,
                                            meanings(self.edition, by_role, lights)))
                kind = self.kinds[rid]
                if (pat.levels, roles) not in kind.full:
                    kind.full[(pat.levels, roles)] = pat
                    kind.prescribed = kind.prescribed or all(len({lines[r] for r in col}) == 1 for col in roles)
                records.append((rid, rng))

    # -- 5: readings ----------------------------------------------------------------------------

    def _undominated(self) -> dict[tuple[Any, ...], list[tuple[str, int, list[Any]]]]:
        """Merge along the facts, per situation; drop a lighting that shows nothing a plainer one of
        the same situation does not (same picture, over no more lengths and aspects); group the rest
        by (kind, box, aspects), so that situations that read the same come together."""
        cands: dict[tuple, list[tuple[float, int, str, int, tuple, tuple, dict, int, set]]] = {}
        for (label, rid), boxes in self.groups.items():
            f = self.kinds[rid]
            for box, (ranges, example, order, own) in _merge_boxes(boxes).items():
                cands.setdefault((label, f.key[3]), []).append(
                    (-f.weight, order, label, rid, box, union(ranges), example, order, own))
        merged: dict[tuple[Any, ...], list[tuple[str, int, list[Any]]]] = {}
        for group in cands.values():
            group.sort(key=lambda c: (c[0], c[1]))
            kept: list[tuple] = []
            for c in group:
                _, _, label, rid, box, rs, example, order, own = c
                if any(_box_within(box, k[4]) and union(k[5] + rs) == k[5] for k in kept):
                    self.n_dropped += 1
                    continue
                kept.append(c)
                merged.setdefault((rid, box, rs), []).append((label, rid, [rs, example, order, own]))
        return merged

    def _interned(self, labels: frozenset[str]) -> frozenset[str]:
        """One object for equal sets of labels (a query unites them by identity first)."""
        return self.interned.setdefault(labels, labels)

    def readings(self) -> list[Reading]:
        """Every reading of the edition, in index order (situations in their order, then by size)."""
        readings = [self._reading(rid, box, entries) for (rid, box, _), entries in self._undominated().items()]
        readings.sort(key=lambda r: r.order)
        return readings

    def _reading(self, rid: int, box: Box, entries: list[tuple[str, int, list[Any]]]) -> Reading:
        """One reading: a kind over a box of the facts, the first situation named, the others in ``also``."""
        label_order, facts = self.label_order, self.facts
        prior = _situations.prior
        entries.sort(key=lambda e: (-prior(e[0]), label_order.get(e[0], 10**6), e[2][2]))
        label, _, (rs, example, order, own) = entries[0]
        f = self.kinds[rid]
        line = _situations.family_of(label)
        words, period, _, pkey, rules, gaps, _ = f.key
        conds = tuple(w for w in (facts[k].words(*b) for k, b in enumerate(box) if b is not None) if w)
        limits = tuple(facts[k].limits(*b) for k, b in enumerate(box) if b is not None and facts[k].words(*b))
        also = tuple(dict.fromkeys(e[0] for e in entries[1:] if e[0] != label))
        ex = {k: (dict(x) if isinstance(x, dict) else x) for k, x in example.items()}
        return Reading(
            edition=self.edition.id, situation=label, also=also, conditions=conds, limits=limits, vessel=ex,
            variant=words, choose=f.choose, weight=round(f.weight, 6), period=period, sector=f.sector, aspects=rs,
            heading=heading_words(rs), picture=f.pattern.notation(), pattern_key=pkey, lights=f.lights,
            rules=rules, citations=f.citations, gaps=gaps, vessel_aspects=union(own), general=f.general,
            order=label_order.get(label, 10**6) * 10**7 + order, rid=rid, commonness=prior(label),
            line=line, labels=self._interned(frozenset((label,) + also)),
            others=self._interned(frozenset(s for s in (label,) + also if _situations.family_of(s) != line)),
            meaning=f.meaning,
            length_share=_length_share(limits), prescribed=f.prescribed)


def _length_share(limits: tuple[dict[str, Any], ...]) -> float:
    """The share of vessels met whose length the reading's length limits allow (situations.toml, lengths)."""
    for lim in limits:
        if lim["fact"] == "length":
            return _situations.load().length_share(lim["min"], lim["max"], lim["max_closed"])
    return 1.0


# -- 6: maps ----------------------------------------------------------------------------------


def _missed_tags(kind: _Kind) -> list[tuple[tuple, tuple, str, str]]:
    """Each picture of a kind with one light taken away: (columns, relations, role, token), once each."""
    out: list[tuple[tuple, tuple, str, str]] = []
    seen: set[tuple] = set()
    for (_, roles), pat in kind.full.items():
        if pat.size < 2:
            continue
        for ci, ki, tok in pat.lights():
            red = pat.without(ci, ki)
            tag = (red.columns, red.relations, roles[ci][ki], tok)
            if tag not in seen:
                seen.add(tag)
                out.append(tag)
    return out


def _signal_tags(kind: _Kind) -> list[tuple[tuple, tuple]]:
    """Her signal as a look-out reports it: each picture of a kind with the vertical lines made only of her
    ordinary lights taken away, where that leaves a light (columns, relations), once each; none at day."""
    out: list[tuple[tuple, tuple]] = []
    for (_, roles), pat in kind.full.items():
        if pat.period != "night":
            continue
        drop = [ci for ci, col in enumerate(roles) if all(r in ORDINARY_ROLES for r in col)]
        if not drop or len(drop) == len(roles):
            continue
        red = pat
        for ci in reversed(drop):
            for _ in range(len(roles[ci])):
                red = red.without(ci, 0)
        tag = (red.columns, red.relations)
        if tag not in out:
            out.append(tag)
    return out


def _maps(edition_id: str, key: str, readings: list[Reading], kinds: list[_Kind]) -> EditionIndex:
    """The index: pattern, columns, lights without arrangement, pattern less one light, signal -> readings."""
    by_key: dict[tuple, list[int]] = {}
    by_cols: dict[tuple, list[tuple[tuple[str, ...], int]]] = {}
    by_bag: dict[tuple, list[tuple[tuple, int]]] = {}
    by_missed: dict[tuple, list[tuple[tuple[str, ...], int, str, str]]] = {}
    by_signal: dict[tuple, list[tuple[tuple[str, ...], int]]] = {}
    reduced: dict[int, list[tuple[tuple, tuple, str, str]]] = {}
    signals: dict[int, list[tuple[tuple, tuple]]] = {}
    for k, r in enumerate(readings):
        period, cols, rels = r.pattern_key
        by_key.setdefault(r.pattern_key, []).append(k)
        by_cols.setdefault((period, cols), []).append((rels, k))
        bag = tuple(sorted(t for c in cols for t in c))
        by_bag.setdefault((period, bag), []).append((tuple(sorted(cols)), k))
        if r.rid not in reduced:
            reduced[r.rid] = _missed_tags(kinds[r.rid])
        for cols_, rels_, role, tok in reduced[r.rid]:
            by_missed.setdefault((period, cols_), []).append((rels_, k, role, tok))
        if r.rid not in signals:
            signals[r.rid] = _signal_tags(kinds[r.rid])
        for cols_, rels_ in signals[r.rid]:
            by_signal.setdefault((period, cols_), []).append((rels_, k))
    return EditionIndex(edition_id, key, readings, by_key, by_cols, by_bag, by_missed, by_signal, {})


#: How far inside each end of a length interval the index looks (the sweep's step for lengths), and the lengths
#: of real vessels it looks between where an interval is open below its first cut or above its last.
END_STEP_M = 0.01
FLOOR_M, CEILING_M = 2.0, 400.0


def interval(cuts: tuple[float, ...], length_m: float | None) -> tuple[float, float] | None:
    """The lengths (just inside its ends) of the open interval of ``cuts`` that holds ``length_m``; None for a
    cut itself (its own atom) or no length."""
    if length_m is None or any(abs(length_m - c) <= 1e-6 * max(1.0, c) for c in cuts):
        return None
    below = [c for c in cuts if c < length_m]
    above = [c for c in cuts if c > length_m]
    lo = round(below[-1] + END_STEP_M, 2) if below else min(FLOOR_M, length_m)
    hi = round(above[0] - END_STEP_M, 2) if above else max(CEILING_M, length_m)
    return lo, hi


def other_orders(order: Callable[[float], Any], lo: float, hi: float, length_m: float) -> list[float]:
    """One length in ``lo``..``hi`` for each value of ``order`` (her lights' order up and down) other than its
    value at ``length_m``: probed at the ends and quarters, and halved between neighbours that
    differ down to :data:`END_STEP_M` (a value met and left between two probes alike is not found)."""
    probes = sorted({lo, hi, length_m} | {round(lo + (hi - lo) * k / 4, 2) for k in (1, 2, 3)})
    seen: dict[Any, list[float]] = {}
    got = [order(x) for x in probes]

    def halve(a: float, oa: Any, b: float, ob: Any) -> None:
        if oa == ob or b - a <= 2 * END_STEP_M:
            return
        m = round((a + b) / 2, 2)
        om = order(m)
        seen.setdefault(om, []).append(m)
        halve(a, oa, m, om)
        halve(m, om, b, ob)

    for x, o in zip(probes, got):
        seen.setdefault(o, []).append(x)
    for k in range(len(probes) - 1):
        halve(probes[k], got[k], probes[k + 1], got[k + 1])
    mine = order(length_m)
    # each order at the middle of the lengths it was seen at (away from where it turns into another)
    return [sorted(xs)[len(xs) // 2] for o, xs in seen.items() if o != mine]


def _steps(points: list[tuple[float, str]], tol: float) -> tuple[tuple[str, ...], ...]:
    """Roles by height, in steps as :func:`navlights.notation.arrange` ranks heights: one within ``tol`` of the
    one below it stands level with it."""
    out: list[list[str]] = []
    prev = -math.inf
    for c, role in sorted(points):
        if c - prev > tol or not out:
            out.append([])
        out[-1].append(role)
        prev = c
    return tuple(tuple(sorted(step)) for step in out)


def _order(lightings: list[tuple[Item, ...]], breadth_m: float | None) -> Callable[[float], Any]:
    """Her lights' and shapes' order up and down in each lighting as placed on her at a length (within
    :data:`~navlights.notation.LEVEL_TOL_M` of each other level, as a picture reads them): where the text leaves
    heights open they are drawn from her length. Which lights stand in one line seen from a side changes with her
    length too (places fore and aft and athwartships are drawn from it, partly at fixed distances); that is
    navlights' drawing, not the text, and indexing it as well drew chance alignments over more aspects than any
    one length shows them, putting them ahead of the readings an examiner expects (a small drift-netter's lights
    over her sidelight ahead of a dredger for R/W/R W): not done."""
    from ...placement import place

    def order(length_m: float) -> Any:
        return tuple(_steps([(p.z_m, p.role) for p in place(chosen, length_m, breadth_m).positions], LEVEL_TOL_M)
                     for chosen in lightings)
    return order


def build_index(edition: Edition, key: str = "") -> EditionIndex:
    """Every reading of one edition, indexed by the picture she shows (see the package's docstring)."""
    b = _Builder(edition)
    for label, v in vessels(edition):
        d = b.add_class(label, v)
        for other in b.other_lengths(d) if d is not None else ():   # her lights in each other order they take
            b.add_class(label, {**v, "length": f"{other} m"})
    readings = b.readings()
    idx = _maps(edition.id, key, readings, b.kinds)
    idx.stats = {"classes": b.n_classes, "records": b.n_records, "readings": len(readings),
                 "dominated": b.n_dropped, "pictures": len(idx.by_key),
                 "variants": sum(len(x) for x in b.variant_cache.values()), "placements": len(b.piece_cache)}
    return idx
