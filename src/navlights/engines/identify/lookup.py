"""Looking up a picture: exact and near matches, ranked by kind and score."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ...errors import NavlightsError, excerpt
from ...model import Edition
from ...notation import Pattern, as_pattern, is_flashing, toggle_flashing
from .cache import index
from .results import KINDS, EditionIndex, Hypothesis, Identification

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
    rels = q.relations
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



def identify(picture: Any, editions: Sequence[Edition], *, near: bool = True,
             limit: int | None = None, cache: str | Path | None = None) -> Identification:
    """Every reading of ``picture`` in the given editions, ranked: exact matches first, then near ones.

    ``picture``: notation text, JSON (text or object), a :class:`navlights.engines.view.Picture`
    or a :class:`~navlights.notation.Pattern`. ``limit``: at most this many (None: all).
    """
    q = as_pattern(picture)
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise NavlightsError(f"limit: {excerpt(limit)} is not allowed; allowed: a whole number, 0 or more (0: all)",
                             field="limit", value=limit, allowed="a whole number, 0 or more")
    scored = []
    exact = 0
    # Within a match kind the rules in force today come first (a look-out's likely reading), then the others,
    # newest first; then the score.
    superseded = {old for e in editions for old in e.succeeds.values()}
    ended = {e.id for e in editions if e.in_force_to is not None or e.id in superseded}
    currency = {ed.id: n for n, ed in enumerate(sorted(
        editions, key=lambda e: (e.id in ended, -(e.in_force_from.toordinal() if e.in_force_from and e.id in ended
                                                  else editions.index(e)))))}
    for ed in editions:
        e_ord = currency[ed.id]
        historical = ed.id in ended
        idx = index(ed, cache)
        readings = idx.readings
        for k, (kind, detail) in search(idx, q, near).items():
            r = readings[k]
            rank, weight, _ = KINDS[kind]
            exact += rank == 0
            scored.append((rank, historical, -weight * r.prior, e_ord, r.order, r, kind, detail))
    scored.sort(key=lambda t: t[:5])
    total = len(scored)
    if limit:
        scored = scored[:limit]
    hyps = tuple(Hypothesis(t[5], t[6], -t[2], q, t[7]) for t in scored)
    return Identification(q, tuple(e.id for e in editions), hyps, total, exact)
