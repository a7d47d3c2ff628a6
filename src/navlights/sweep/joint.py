"""Records as the edition's conditions see them: every core combination with every class of family combinations,
grouped by the value each of the edition's conditions takes on the whole vessel (true, false or undecided), with
the facts read outside any condition (:data:`.residual.READ_DIRECTLY`) and the core facts the engine reads itself
(status, seaplane, time; her length where her masthead light stands off the centreline).

The display engine reads a vessel through exactly these (``engines/display.py``: ``_applied``, ``_choose``,
``_band`` evaluate conditions; ``display`` reads the seaplane flag, the time and the off-centreline placement), and
the invariants through these and her display, so two vessels of one group get the same display and the same
verdicts. A group is one record: the sweep checks one vessel of it (the first the vessel model accepts) and a seeded
share of the others against it (``run._verify``), so the claim is tested as it is used. The columns (a condition's
residual decided on every core) are made once per residual with numpy, so grouping costs a row per pair, not a
display.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

from ..model import Edition
from . import residual
from .space import Part, Plan

_CODE = {False: 0, True: 1, None: 2}


@dataclass(slots=True)
class Group:
    """One record: the (core, class) pairs no condition tells apart."""

    pairs: int = 0                 # (core, class) pairs in it
    covered: int = 0               # the family combinations those pairs stand for (each class's members)
    first: list[tuple[int, int]] = field(default_factory=list)   # the first pair of each class met (tried in turn)
    longest: tuple[int, int] | None = None    # the pair whose core is longest (a breadth fits her best)
    longest_m: float = -1.0
    other: tuple[int, int] | None = None                          # one more pair, drawn at random (verified)

    def tries(self) -> list[tuple[int, int]]:
        """The pairs tried in turn for the record's vessel: the first of each class met, the longest, then the one
        drawn at random (the last: ``run`` counts a record first accepted there as found late)."""
        out = list(self.first)
        if self.longest is not None and self.longest not in out:
            out.append(self.longest)
        return out


#: How many of a group's pairs (the first of each class met, in order) are tried before it counts as refused by
#: the vessel model; one more, drawn at random, is tried last (``run`` counts a record refused this far but
#: accepted there: a record the first tries missed).
TRIES = 4


def groups(edition: Edition, part: Part, made: Plan, seed: int = 0) -> dict[bytes, Group]:
    """The partition's records, keyed by a digest of the edition and what the engine reads (comparable across
    partitions)."""
    import numpy as np
    cols: dict[tuple[Any, ...], Any] = {}
    facts = made.core_facts
    n = len(facts)

    def col(r: tuple[Any, ...]) -> Any:
        got = cols.get(r)
        if got is None:
            got = cols[r] = np.fromiter((_CODE[residual.truth(r, f)] for f in facts), np.uint8, n)
        return got

    plain = [repr((part.propulsion, f["status"], f["seaplane"], f["time"])).encode() for f in facts]
    exact = [repr((part.propulsion, f["status"], f["seaplane"], f["time"], f["length"])).encode() for f in facts]
    lengths = [f["length"] if f["length"] is not None else -1.0 for f in facts]
    rng = random.Random(seed)
    out: dict[bytes, Group] = {}
    for k, key in enumerate(made.keys):
        read_directly, residuals, _, residuals_unrelieved = key
        m = np.ascontiguousarray(np.stack([col(r) for r in residuals + residuals_unrelieved], axis=1))
        head = repr((part.edition, read_directly)).encode()
        specials = exact if read_directly[0] else plain        # READ_DIRECTLY[0]: the off-centreline placement
        members = len(made.classes[k])
        for c in range(n):
            digest = hashlib.blake2b(head + specials[c] + m[c].tobytes(), digest_size=16).digest()
            g = out.get(digest)
            if g is None:
                g = out[digest] = Group()
            g.pairs += 1
            g.covered += members
            if len(g.first) < TRIES and (not g.first or g.first[-1][1] != k):
                g.first.append((c, k))        # pairs of distinct classes: the model refuses by a class's facts
            elif rng.random() * g.pairs < 1.0:
                g.other = (c, k)
            if lengths[c] > g.longest_m:      # ... and by her length (a breadth more than her length)
                g.longest, g.longest_m = (c, k), lengths[c]
    return out
