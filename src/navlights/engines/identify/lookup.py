"""Looking up a picture: exact and near matches, ranked by kind and score."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from ...errors import NavlightsError, excerpt
from ...model import Edition
from ...notation import Pattern, as_pattern, is_flashing, toggle_flashing
from ...rulebase.situations import Family, line_name, load, names_of
from .cache import index
from .results import FIRST_TIER, KINDS, EditionIndex, Hypothesis, Identification, Reading
from .verdict import verdict

_DOUBT = {"W": "Y", "Y": "W"}


def doubts(tok: str) -> list[str]:
    """The tokens a light may really be: white for yellow or the reverse; fixed for flashing or the
    reverse (a flashing light not noticed as such, or a steady one taken for flashing)."""
    base = tok[:-1] if is_flashing(tok) else tok
    out = [toggle_flashing(tok)]
    if base in _DOUBT:
        other = _DOUBT[base]
        out.append(other + tok[len(base):])
    return out


def _holds(q: Pattern) -> Callable[[tuple[str | None, ...]], bool]:
    """Whether a reading's relations agree with what the query says of them (a relation not said agrees)."""
    rels = q.relations
    if q.complete:
        return rels.__eq__
    said = tuple((i, a) for i, a in enumerate(rels) if a is not None)
    if not said:
        return lambda r: True
    return lambda r: all(r[i] == a for i, a in said)


def _exact(idx: EditionIndex, q: Pattern) -> list[int]:
    if q.complete:
        return idx.by_key.get(q.key(), [])
    holds = _holds(q)
    return [k for rels, k in idx.by_cols.get((q.period, q.columns), ()) if holds(rels)]


def search(idx: EditionIndex, q: Pattern, near: bool = True) -> dict[int, tuple[str, tuple]]:
    """Reading number -> (match kind, detail), the best kind for each reading; :func:`remark` words the detail.

    The same lights arranged otherwise are an ``arrangement`` when they stand in the same vertical lines
    as seen (only their order or heights differ), ``regrouped`` when not: a vertical line seen is a
    strong observation, and a reading that keeps it with one light missed ranks before one that breaks it.
    """
    found: dict[int, tuple[str, tuple]] = {}
    for k in _exact(idx, q):
        found[k] = ("exact", ())
    if not near:
        return found
    rank = _RANKS
    holds = _holds(q)
    for r, k in idx.by_signal.get((q.period, q.columns), ()):
        if k not in found and holds(r):
            found[k] = ("signal", ())

    lines = tuple(sorted(q.columns))
    for cols, k in idx.by_bag.get((q.period, q.bag()), ()):
        if k not in found:
            found[k] = ("arrangement" if cols == lines else "regrouped", ())
    if q.period == "night":
        doubt = rank["colour-doubt"]
        for ci, ki, tok in q.lights():
            for other in doubts(tok):
                for k in _exact(idx, q.with_token(ci, ki, other)):
                    got = found.get(k)
                    if got is None or rank[got[0]] > doubt:
                        found[k] = ("colour-doubt", (ci, ki, other))
    missed = rank["missed-light"]
    for r, k, role, tok in idx.by_missed.get((q.period, q.columns), ()):
        got = found.get(k)
        if (got is None or rank[got[0]] > missed) and holds(r):
            found[k] = ("missed-light", (role, tok))
    if q.size > 1:
        for ci, ki, tok in q.lights():
            for k in _exact(idx, q.without(ci, ki)):
                if k not in found:
                    found[k] = ("extra-light", (ci, ki))
    return found


def _currency(editions: Sequence[Edition]) -> tuple[set[str], dict[str, int]]:
    """The editions no longer in force (ended, or succeeded by another searched), and each edition's place:
    the rules in force today first (in the order given), then the historical ones, newest first."""
    superseded = {old for e in editions for old in e.succeeds.values()}
    ended = {e.id for e in editions if e.in_force_to is not None or e.id in superseded}
    given = {e.id: n for n, e in enumerate(editions)}           # by id: an edition's == compares all its data
    order = sorted(editions, key=lambda e: (e.id in ended, -(e.in_force_from.toordinal() if e.in_force_from and
                                                               e.id in ended else -given[e.id])))
    return ended, {ed.id: n for n, ed in enumerate(order)}


def identify(picture: Any, editions: Sequence[Edition], *, near: bool = True,
             limit: int | None = None, cache: str | Path | None = None) -> Identification:
    """Every reading of ``picture`` in the given editions, one line per meaning, ranked (docs/identify.md,
    "Ranking"): the rules in force today before the historical ones; then exact and signal matches before
    near ones; then by score; ties by the line's key (its family's id, or its situation's label).

    ``picture``: notation text, JSON (text or object), a :class:`navlights.engines.view.Picture`
    or a :class:`~navlights.notation.Pattern`. ``limit``: at most this many lines (None: all).
    """
    q = as_pattern(picture)
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise NavlightsError(f"limit: {excerpt(limit)} is not allowed; allowed: a whole number, 0 or more (0: all)",
                             field="limit", value=limit, allowed="a whole number, 0 or more")
    ended, currency = _currency(editions)
    lines: dict[str, list[tuple]] = {}
    weights, tiers = _WEIGHTS, _TIERS
    searched = []
    # lines with an exact or signal reading under rules of the same currency: their near readings add nothing
    exact_lines: dict[bool, set[str]] = {False: set(), True: set()}
    for ed in editions:
        idx = index(ed, cache)
        found = search(idx, q, near)
        searched.append((ed, idx.readings, found))
        readings = idx.readings
        first_lines = exact_lines[ed.id in ended]
        for k, (kind, _) in found.items():
            if kind in FIRST_TIER:
                first_lines.add(readings[k].line)
            else:
                break                   # search puts the exact and signal readings first
    for ed, readings, found in searched:
        e_ord = currency[ed.id]
        historical = ed.id in ended
        skip = exact_lines[historical]
        for k, (kind, detail) in found.items():
            r = readings[k]
            tier = tiers[kind]
            if tier and r.line in skip:
                continue
            got = lines.get(r.line)
            if got is None:
                got = lines[r.line] = []
            got.append((historical, tier, -weights[kind] * r.prior, e_ord, r.order, k, r, kind, detail))
    ranked = []
    for line, vs in lines.items():
        best = min(vs) if len(vs) > 1 else vs[0]    # (history, tier, -score, edition, order, k) is unique
        lead = best
        if best[7] != "exact" and len(vs) > 1:      # its lead: the best exact reading of its best tier, if any
            hist, tier = best[0], best[1]
            lead = min((v for v in vs if v[7] == "exact" and v[1] == tier and v[0] == hist), default=best)
        ranked.append(((best[0], best[1], best[2], line), vs, -best[2], lead))
    ranked.sort(key=lambda t: t[0])
    total = len(ranked)
    count = sum(len(t[1]) for t in ranked)     # the readings the lines hold (a line's weaker near ones left out)
    exact = sum(1 for t in ranked if t[3][7] == "exact")
    order = tuple(sorted(currency, key=currency.__getitem__))
    hyps = tuple(_line(q, vs, score, lead, order) for _, vs, score, lead in ranked[:limit or None])
    said = verdict(q, ranked, [h.name for h in hyps])
    return Identification(q, tuple(e.id for e in editions), hyps, total, exact, count,
                          tuple(e.id for e in editions if e.id in ended), said)


#: Each kind of match: its rank, its weight in the score, and its tier (exact and signal first, near after).
_RANKS = {k: v[0] for k, v in KINDS.items()}
_WEIGHTS = {k: v[1] for k, v in KINDS.items()}
_TIERS = {k: 0 if k in FIRST_TIER else 1 for k in KINDS}


def _line(q: Pattern, vs: list[tuple], score: float, v0: tuple, order: tuple[str, ...]) -> Hypothesis:
    """A line of the answer: its lead reading ``v0`` and every reading of it as found (``rows``: put in rank order
    only when asked for, ``Hypothesis.variants``); its score the line's; its name from the situations of the
    readings of its best tier that match as the lead does."""
    lead: Reading = v0[6]
    hist, tier, kind = v0[0], v0[1], v0[7]
    name, kinds = line_name(frozenset().union(*{v[6].labels for v in vs if v[7] == kind and v[1] == tier
                                                and v[0] == hist}))
    fam = family(lead.line)
    others = names_of(frozenset().union(*{v[6].others for v in vs if v[7] == v0[7]}))
    words = None if not (fam and kinds) else fam.kinds if len(kinds) > 1 else fam.one
    return Hypothesis(lead, v0[7], score, q, v0[8], v0[0], name, kinds, words,
                      others, tuple(vs), v0, order)


def family(line: str) -> Family | None:
    """The family a line stands for, or None (a line of one situation)."""
    return load().families.get(line.removeprefix("family:")) if line.startswith("family:") else None
