"""Which of a vessel's readings is the likely one (issue 24, item 5): the same priors as identification ranks by.

Identification weighs a situation by its prior (``rulebase/situations.toml``, read through
:func:`navlights.rulebase.situations.prior`) and, where her length is open, by the share of vessels met whose length
falls in the band (:meth:`~navlights.rulebase.situations.Situations.length_share`). Here each AIS candidate is given
the situation of :data:`navlights.classes.SITUATIONS` her facts name (:func:`situation_of`: the most specific one
whose every fact she has), and a group of readings that look the same (``report.readings``) weighs

    sum over the distinct situations of its members of prior(situation) x length share of her bands there

(the sight is shown by any of them, so the chance of seeing it is their total; a situation met twice in a group,
making way or not where the priors do not tell the two apart, counts once; a length band counts by the share of
vessels of those lengths, the bands of one situation merged first so that no share is counted twice). A
candidate whose facts name no situation is weighed as identification weighs an unknown one (the least prior).
Nothing here changes which readings there are or their numbers: it only orders the grouped view.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from functools import lru_cache
from typing import Any


#: A fact that is an object in the vessel's JSON (``towing``, ``fishing``): present, whatever it holds.
_OBJECT = "<object>"
#: Facts measured in metres or tonnes: the situations leave them to each edition, AIS gives them or a band does.
_MEASURES = frozenset({"length", "breadth", "tonnage", "towing.tow_length", "fishing.gear_extent"})
#: The words a candidate's assumption starts with where her length is a band AIS did not give (mapping.light_candidates).
_LENGTH_BAND = "her length between "


def _flat(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in data.items():
        path = prefix + k
        if path in _MEASURES:
            continue
        if isinstance(v, dict):
            out[path] = _OBJECT
            out.update(_flat(v, path + "."))
        else:
            out[path] = v
    return out


@lru_cache(maxsize=1)
def _bases() -> tuple[tuple[str, dict[str, Any]], ...]:
    from ..classes import SITUATIONS
    from ..vessel import Vessel
    underway = Vessel.model_fields["status"].default      # a situation that names no status is under way
    return tuple((label, {"status": underway, **_flat(base)}) for label, base in SITUATIONS)


def _same(a: Any, b: Any) -> bool:
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def _specificity(base: dict[str, Any], have: dict[str, Any]) -> tuple[int, int] | None:
    """How many of the situation's facts she has, and how many she leaves open (None: a fact she has otherwise, or
    an object she does not have: no tow rules out every situation with one). A fact left open (None: how many
    vessels she tows, whether she is on pilotage service, her waters) does not rule the situation out."""
    n = opened = 0
    for path, value in base.items():
        got = have.get(path)
        if got is None and value != _OBJECT:
            opened += 1
        elif _same(got, value):
            n += 1
        else:
            return None
    return n, opened


@lru_cache(maxsize=4096)
def _situation(facts: str) -> str | None:
    from ..rulebase import situations as _situations
    own, have = json.loads(facts)
    prior, best = _situations.prior, None
    for k, (label, base) in enumerate(_bases()):
        got = _specificity(base, have)
        if got is not None:
            missed = sum(1 for path in own if path not in base)
            rank = (-missed, got[0], -got[1], prior(label), -k)
            if best is None or rank > best[0]:
                best = (rank, label)
    return best[1] if best is not None else None


def situation_of(vessel: Any) -> str | None:
    """The situation of :data:`navlights.classes.SITUATIONS` her facts name. Of the situations none of whose facts
    she has otherwise: the one that names the most of her own facts (those not at their defaults; whether she makes
    way counts only where the situation says: a mine-clearance vessel stopped is one engaged in mine clearance,
    not a power-driven vessel stopped), then the one with the most facts she has (not making way, where she is
    not), then the fewest she leaves open (a pusher whose waters are not named is not taken for one on the
    Western Rivers), then the commonest (as identification names a reading by its commonest situation); None
    where none fits. Her length and other measures are left aside (each edition fills its own); her facts are
    read with their defaults (``fishing.method`` other)."""
    own = [p for p in _flat(vessel.to_json()) if p != "making_way"]
    have = _flat(vessel.model_dump(mode="json", by_alias=True))
    return _situation(json.dumps([own, have], sort_keys=True))


@lru_cache(maxsize=64)
def _length_edges(edition: str) -> tuple[float, ...]:
    """The edges of the length bands light_candidates opens for ``edition`` (mapping._bands)."""
    from ..units import MAX_LENGTH_M
    from .mapping import _edition_thresholds
    return (0.0, *(t for t in _edition_thresholds(edition, "length") if 0 < t < MAX_LENGTH_M), MAX_LENGTH_M)


def _band(x: Any, edition: str | None) -> tuple[float, float] | None:
    """The length band of a candidate whose length AIS did not give (None: her length is known or not asked)."""
    c = x.candidate
    length = c.vessel.length_m
    if edition is None or length is None or not any(a.startswith(_LENGTH_BAND) for a in c.assumptions):
        return None
    edges = _length_edges(edition)
    i = bisect_right(edges, length)
    return (edges[i - 1], edges[i]) if 0 < i < len(edges) else None


def _share(bands: list[tuple[float, float] | None]) -> float:
    """The share of vessels met whose length lies in any of the bands (1: one member's length is not a band)."""
    if any(b is None for b in bands):
        return 1.0
    runs: list[list[float]] = []
    for lo, hi in sorted(b for b in bands if b is not None):
        if runs and lo <= runs[-1][1]:
            runs[-1][1] = max(runs[-1][1], hi)
        else:
            runs.append([lo, hi])
    from ..rulebase import situations as _situations
    shares = _situations.load()
    return min(sum(shares.length_share(lo, hi) for lo, hi in runs), 1.0)


def weight(members: list[Any], edition: str | None) -> tuple[float, list[str]]:
    """A group's weight (the sum above) and its members' situations, commonest first."""
    from ..rulebase import situations as _situations      # read where a weight is made (not at the AIS start)
    by_situation: dict[str, list[tuple[float, float] | None]] = {}
    for x in members:
        by_situation.setdefault(situation_of(x.candidate.vessel) or "", []).append(_band(x, edition))
    total = sum(_situations.prior(s) * _share(bands) for s, bands in by_situation.items())
    return total, _situations.ranked(s for s in by_situation if s)
