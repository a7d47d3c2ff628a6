"""Looking up a picture: exact and near matches, ranked by kind and score."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Sequence

from ...errors import NavlightsError
from ...model import Edition
from ...notation import Pattern, as_pattern, is_flashing, toggle_flashing
from ...rulebase.situations import Family, family_of, line_name, load, ranked as ranked_labels
from ...rulebase.situations import name as situation_name
from .cache import index
from .results import FIRST_TIER, KINDS, EditionIndex, Hypothesis, Identification

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


def _exact(idx: EditionIndex, q: Pattern) -> list[int]:
    if q.complete:
        return idx.by_key.get(q.key(), [])
    return [k for rels, k in idx.by_cols.get((q.period, q.columns), ())
            if all(a is None or a == b for a, b in zip(q.relations, rels))]



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
    rank = {k: v[0] for k, v in KINDS.items()}
    rels = q.relations
    for r, k in idx.by_signal.get((q.period, q.columns), ()):
        if k not in found and (r == rels if q.complete else all(a is None or a == b for a, b in zip(rels, r))):
            found[k] = ("signal", ())

    def better(k: int, kind: str) -> bool:
        return k not in found or rank[found[k][0]] > rank[kind]

    lines = sorted(q.columns)
    for k in idx.by_bag.get((q.period, q.bag()), ()):
        kind = "arrangement" if sorted(idx.readings[k].pattern_key[1]) == lines else "regrouped"
        if better(k, kind):
            found[k] = (kind, ())
    if q.period == "night":
        for ci, ki, tok in q.lights():
            for other in doubts(tok):
                for k in _exact(idx, q.with_token(ci, ki, other)):
                    if better(k, "colour-doubt"):
                        found[k] = ("colour-doubt", (ci, ki, other))
    for r, k, role, tok in idx.by_missed.get((q.period, q.columns), ()):
        if better(k, "missed-light") and (r == rels if q.complete else
                                          all(a is None or a == b for a, b in zip(rels, r))):
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
    order = sorted(editions, key=lambda e: (e.id in ended, -(e.in_force_from.toordinal() if e.in_force_from and
                                                               e.id in ended else -editions.index(e))))
    return ended, {ed.id: n for n, ed in enumerate(order)}


def identify(picture: Any, editions: Sequence[Edition], *, near: bool = True,
             limit: int | None = None, cache: str | Path | None = None) -> Identification:
    """Every reading of ``picture`` in the given editions, one line per meaning, ranked (docs/identify.md,
    "Ranking"): the rules in force today before the historical ones; then exact and signal matches before
    near ones; then by score; ties by the line's name, then edition, then situation.

    ``picture``: notation text, JSON (text or object), a :class:`navlights.engines.view.Picture`
    or a :class:`~navlights.notation.Pattern`. ``limit``: at most this many lines (None: all).
    """
    q = as_pattern(picture)
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise NavlightsError(f"limit: {limit!r} is not allowed; allowed: a whole number, 0 or more (0: all)",
                             field="limit", value=limit, allowed="a whole number, 0 or more")
    ended, currency = _currency(editions)
    lines: dict[str, list[tuple]] = {}
    count = 0
    for ed in editions:
        e_ord = currency[ed.id]
        historical = ed.id in ended
        idx = index(ed, cache)
        readings = idx.readings
        for k, (kind, detail) in search(idx, q, near).items():
            r = readings[k]
            weight = KINDS[kind][1]
            count += 1
            tier = 0 if kind in FIRST_TIER else 1
            got = lines.get(r.line)
            if got is None:
                got = lines[r.line] = []
            got.append((historical, tier, -weight * r.prior, e_ord, r.order, r, kind, detail))
    ranked = []
    for vs in lines.values():
        vs.sort(key=_variant_key)
        best = vs[0]
        first = [v for v in vs if v[0] == best[0] and v[1] == best[1]]
        # the line's score: how likely the meaning is, over the lengths, aspects and lightings of its best tier
        # (the sum of the scores of one situation's readings in one edition; the best one's)
        score: dict[tuple[str, str], float] = {}
        for v in first:
            sk = (v[5].edition, v[5].situation)
            score[sk] = score.get(sk, 0.0) - v[2]
        line_score = min(max(score.values()), 1.0)
        # its lead: the best exact reading where the best tier has one (the picture as typed names her)
        lead = next((v for v in first if v[6] == "exact"), best)
        if lead is not best:
            vs.remove(lead)
            vs.insert(0, lead)
        name, kinds = line_name(frozenset().union(*(v[5].labels for v in first if v[6] == lead[6])))
        ranked.append(((best[0], best[1], -line_score, name, lead[3], lead[4]), name, kinds, vs, line_score))
    ranked.sort(key=lambda t: t[0])
    total = len(ranked)
    exact = sum(1 for t in ranked if t[3][0][6] == "exact")
    if limit:
        ranked = ranked[:limit]
    hyps = tuple(_line(q, name, kinds, vs, score) for _, name, kinds, vs, score in ranked)
    return Identification(q, tuple(e.id for e in editions), hyps, total, exact, count,
                          tuple(e.id for e in editions if e.id in ended))


def _variant_key(v: tuple) -> tuple:
    return v[:5]


def _line(q: Pattern, name: str, kinds: tuple[str, ...], vs: list[tuple], score: float) -> Hypothesis:
    """A line of the answer: its lead reading, with every reading of it as variants (the lead first); its score
    the line's."""
    variants = tuple(Hypothesis(v[5], v[6], -v[2], q, v[7], v[0]) for v in vs)
    lead = dataclasses.replace(variants[0], raw_score=score)
    fam = family(lead.reading.line)
    inside = {lab for v in vs for lab in v[5].labels if family_of(lab) == lead.reading.line}
    others = ranked_labels({lab for v in vs if v[6] == lead.match for lab in v[5].labels} - inside)
    words = None if not (fam and kinds) else fam.kinds if len(kinds) > 1 else fam.one
    return dataclasses.replace(lead, name=name, kinds=kinds, kinds_words=words,
                               also_names=tuple(dict.fromkeys(situation_name(lab) for lab in others)),
                               variants=variants)


def family(line: str) -> Family | None:
    """The family a line stands for, or None (a line of one situation)."""
    return load().families.get(line.removeprefix("family:")) if line.startswith("family:") else None
