"""What is left of a condition once some facts are known: the ground for treating as one record the vessels that no
condition of an edition can tell apart.

The display engine reads a vessel's facts only through the edition's conditions (provisions, their shows, range
bands), and through her status, propulsion, seaplane flag, time and the few facts named in :data:`READ_DIRECTLY`.
So if two vessels agree in those, and every condition is left the same by their other facts (:func:`residual`
of each, with the facts the sweep does not vary per record left open), the engine gives them the same answer
whatever the open facts are. The sweep (:mod:`.space`) checks one vessel of each such class and a seeded sample of
the others against it (:mod:`.run`), so the claim is tested as it is used.
"""

from __future__ import annotations

from typing import Any

from ..conditions import _test
from ..model import Condition, Edition

#: Facts the engines or the invariants read from the vessel outside any condition (``engines/display.py``:
#: the off-centreline placement; ``invariants.all_round``: a dredge's pipeline): their values are part of a class.
READ_DIRECTLY = ("masthead_off_centreline", "dredge_pipeline", "being_towed")

#: A condition decided False whatever the open facts are.
FALSE = ("F",)


def residual(cond: Condition, known: dict[str, Any]) -> tuple[Any, ...]:
    """``cond`` with the ``known`` facts put in: :data:`FALSE`, or what remains, in a form equal for two sets of
    known facts exactly when they leave the condition the same (tests on open facts, in order; whether a known
    fact was missing where a number was wanted, which leaves the condition undecided unless it is false)."""
    unknown = False
    left: list[tuple[str, str, Any]] = []
    for fact, op, want in cond.tests:
        if fact not in known:
            left.append((fact, op, want))
            continue
        r = _test(op, known[fact], want)
        if r is False:
            return FALSE
        if r is None:
            unknown = True
    branches: list[tuple[Any, ...]] = []
    if cond.any_of:
        got = [residual(c, known) for c in cond.any_of]
        if not any(g == ("T",) for g in got):
            branches = [g for g in got if g != FALSE]
            if not branches:
                return FALSE
    if not left and not branches:
        return ("U",) if unknown else ("T",)
    return ("R", unknown, tuple(left), tuple(branches))


def conditions(edition: Edition) -> list[Condition]:
    """Every condition the display engine may evaluate for the edition, in a fixed order (memoised on it)."""
    got = edition.memo.get(("sweep-conditions",))
    if got is None:
        from ..engines.display_memo import _conditions
        got = edition.memo[("sweep-conditions",)] = [c for c in sorted(_conditions(edition.provisions),
                                                                       key=lambda c: c.text) if not c.always]
    return list(got)


def class_key(edition: Edition, known: dict[str, Any]) -> tuple[Any, ...]:
    """The facts ``known`` as far as the edition's conditions (and :data:`READ_DIRECTLY`) can tell them apart."""
    return (tuple(known.get(f) for f in READ_DIRECTLY),
            tuple(residual(c, known) for c in conditions(edition)))


def truth(res: tuple[Any, ...], facts: dict[str, Any]) -> bool | None:
    """A residual (:func:`residual`) decided on the facts it left open."""
    tag = res[0]
    if tag == "F":
        return False
    if tag == "T":
        return True
    if tag == "U":
        return None
    _, unknown, tests, branches = res
    for fact, op, want in tests:
        r = _test(op, facts[fact], want)
        if r is False:
            return False
        if r is None:
            unknown = True
    if branches:
        got = [truth(b, facts) for b in branches]
        if True not in got:
            return None if None in got else False
    return None if unknown else True
