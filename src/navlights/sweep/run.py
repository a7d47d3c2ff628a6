"""Running the sweep: every partition of every edition's fact space checked against the invariants, in one process
or partitioned on Dask (a local cluster of ``workers`` processes, or any scheduler by address).

A partition (:class:`~.space.Part`) is checked by :func:`check_part`, which returns a :class:`Tally`: records
checked (distinct vessels the model accepts), refused by the vessel model (contradictions), merged (the same facts
as an earlier combination), asked (the display asks for a fact, by name), CPU seconds, and the violations, each
with the facts that produce it. :func:`sweep` adds the tallies up.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..errors import MissingFactError, NavlightsError
from ..model import Display
from . import space
from .invariants import CHECKS, PER_DISPLAY, indexed

#: At most this many violations are kept per partition (the count is always whole).
KEEP = 50
#: A sample checks one partition for this many records asked for.
SAMPLE_PARTS = 40


@dataclass
class Tally:
    """What a partition (or the whole sweep) found."""

    checked: int = 0
    covered: int = 0
    refused_records: int = 0
    late: int = 0
    verified: int = 0
    refused: int = 0
    merged: int = 0
    asked: int = 0
    displays: int = 0
    indexed: int = 0               # distinct displays identify's index holds (read back, invariant 6)
    violations: int = 0
    cpu_s: float = 0.0
    parts: int = 0
    examples: list[dict[str, Any]] = field(default_factory=list)
    digests: set[bytes] = field(default_factory=set)     # the records checked, comparable across partitions
    per_part: list[tuple[str, int]] = field(default_factory=list)   # (edition, records checked) of each partition

    def add(self, other: Tally) -> Tally:
        for k in ("checked", "covered", "refused_records", "late", "verified", "refused", "merged", "asked", "displays", "indexed", "violations", "cpu_s",
                  "parts"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.examples += other.examples[: max(0, 10 * KEEP - len(self.examples))]
        self.digests |= other.digests
        self.per_part += other.per_part
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"checked": self.checked, "distinct": len(self.digests), "covered": self.covered,
                "refused_records": self.refused_records, "late": self.late, "verified": self.verified, "refused": self.refused, "merged": self.merged, "asked": self.asked,
                "displays": self.displays, "indexed": self.indexed, "violations": self.violations, "cpu_s": round(self.cpu_s, 3),
                "parts": self.parts, "records_per_cpu_s": round(self.checked / self.cpu_s) if self.cpu_s else None,
                "examples": self.examples}


def check_part(part: space.Part, sample: int | None = None, seed: int = 0) -> Tally:
    """Check one partition (``sample``: only that many of its records, drawn with ``seed``): one vessel of each
    record (:mod:`.joint`: the pairs of core and family class no condition tells apart), and a seeded share
    (:data:`VERIFY`) of the others against it."""
    from ..rulebase import loader
    from .joint import groups
    t0 = time.process_time()
    edition = loader.edition(part.edition)
    tally = Tally(parts=1)
    shown: set[tuple[int, ...]] = set()
    made = space.plan(edition, part)
    found = groups(edition, part, made, seed)
    records: Iterable[tuple[bytes, Any]] = found.items()
    share = 1.0
    if sample is not None:
        records = _draw(records, len(found), sample, seed)
        share = min(1.0, sample / max(len(found), 1))
    tally.refused += round(made.refused * share)
    tally.merged += round(made.merged * share)
    rng = random.Random(seed)
    for digest, g in records:
        got = _first_accepted(made, g.tries())
        if got is None and g.other is not None:
            got = _first_accepted(made, [g.other])
            tally.late += got is not None      # refused in every first try, accepted in the drawn one
        if got is None:
            tally.refused_records += 1
            continue
        (c, k), v, mapping = got
        tally.digests.add(digest)
        d = _check(tally, part, edition, v, mapping, shown)
        if d is None:
            continue
        tally.covered += g.covered
        if rng.random() < VERIFY:
            for c2, k2, i in _others(made, g.first + ([g.other] if g.other else []), (c, k), rng):
                _verify(tally, part, edition, d, space.vessel_mapping({**made.cores[c2], **made.classes[k2][i]}))
    tally.cpu_s = time.process_time() - t0
    tally.per_part.append((part.edition, tally.checked))
    return tally


#: The share of records whose other vessels (a few of its pairs, one other member of its class) are checked
#: against the first (each a display made and compared).
VERIFY = 0.05


def _others(made: space.Plan, pairs: list[tuple[int, int]], checked: tuple[int, int],
            rng: random.Random) -> list[tuple[int, int, int]]:
    """Other vessels of a record, as (core, class, member): its other pairs kept, and one other member of the
    checked pair's class."""
    out = [(c, k, 0) for c, k in pairs if (c, k) != checked]
    members = len(made.classes[checked[1]])
    if members > 1:
        out.append((checked[0], checked[1], rng.randrange(1, members)))
    return out


def _first_accepted(made: space.Plan, pairs: list[tuple[int, int]]) -> tuple[tuple[int, int], Any, dict[str, Any]] | None:
    """The first of a record's pairs whose vessel the model accepts: the pair, the vessel and its mapping."""
    from ..vessel import make_vessel
    for c, k in pairs:
        mapping = space.vessel_mapping({**made.cores[c], **made.classes[k][0]})
        try:
            return (c, k), make_vessel(mapping), mapping
        except NavlightsError:
            continue
    return None


def _check(tally: Tally, part: space.Part, edition: Any, v: Any, mapping: dict[str, Any],
           shown: set[tuple[int, ...]]) -> Display | None:
    """One record: its vessel's display checked against every invariant; the display, or None."""
    from ..engines.display import display
    tally.checked += 1
    try:
        d = display(v, edition)
    except MissingFactError as e:
        tally.asked += 1
        if not e.field:
            _violation(tally, part, "asks", mapping, [f"asks for a fact without naming it: {e}"])
        return None
    except NavlightsError as e:
        _violation(tally, part, "answers", mapping, [f"refused: {e}"])
        return None
    except Exception as e:   # noqa: BLE001 - a crash on a valid vessel is the worst violation
        _violation(tally, part, "answers", mapping, [f"crashed: {type(e).__name__}: {e}"])
        return None
    for name, check in CHECKS.items():
        found = check(edition, d)
        if found:
            _violation(tally, part, name, mapping, found)
    ids = tuple(id(i) for i in d.items)
    if ids not in shown:
        shown.add(ids)
        tally.displays += 1
        tally.indexed += indexed(edition, d)
        for name, check in PER_DISPLAY.items():
            found = check(edition, d)
            if found:
                _violation(tally, part, name, mapping, found)
    return d


def _answer(d: Display) -> tuple[Any, ...]:
    return (d.items, tuple((n.kind, n.text) for n in d.notes), d.provisions, d.complete)


def _verify(tally: Tally, part: space.Part, edition: Any, first: Display, mapping: dict[str, Any]) -> None:
    """Another member of a class: the model accepts it, and its display is the first member's (a violation of
    the class, naming both vessels, where not); a vessel the model refuses stands with nothing."""
    from ..engines.display import display
    from ..vessel import make_vessel
    try:
        v = make_vessel(mapping)
    except NavlightsError:
        return
    tally.verified += 1
    try:
        d = display(v, edition)
    except NavlightsError as e:
        _violation(tally, part, "class", mapping, [f"answers apart from its class ({e}); first: "
                                                   f"{first.vessel.to_json()}"])
        return
    if _answer(d) != _answer(first):
        _violation(tally, part, "class", mapping, [f"a display apart from its class's first member "
                                                   f"{first.vessel.to_json()}"])


def _draw(combos: Iterable[Any], n: int, k: int, seed: int) -> Iterable[Any]:
    """``k`` of the ``n`` combinations, drawn with ``seed`` (in their order)."""
    if k >= n:
        yield from combos
        return
    pick = set(random.Random(seed).sample(range(n), k))
    for i, c in enumerate(combos):
        if i in pick:
            yield c


def _violation(tally: Tally, part: space.Part, check: str, mapping: dict[str, Any], found: list[str]) -> None:
    tally.violations += 1
    if len(tally.examples) < KEEP:
        tally.examples.append({"edition": part.edition, "check": check, "vessel": mapping, "found": found})


def plan(editions: list[str] | None = None, depth: int = 1) -> list[space.Part]:
    """Every partition of the chosen editions (all when None)."""
    from ..rulebase import loader
    eds = [loader.edition(e) for e in editions] if editions else list(loader.editions())
    return [p for e in eds for p in space.parts(e, depth)]


def whole(editions: list[str] | None = None, depth: int = 1) -> int:
    """How many combinations the space holds, before the vessel model refuses or merges any."""
    from ..rulebase import loader
    return sum(space.size(loader.edition(p.edition), p) for p in plan(editions, depth))


def sweep(editions: list[str] | None = None, *, depth: int = 1, sample: int | None = None, seed: int = 0,
          workers: int | None = None, scheduler: str | None = None, whole_parts: int | None = None) -> Tally:
    """Check every partition; ``sample``: about that many combinations, from partitions drawn with ``seed``;
    ``whole_parts``: that many partitions beyond pairs (:func:`beyond_pairs`) drawn with ``seed``, each checked
    whole; ``workers``/``scheduler``: on Dask (a local cluster, or the scheduler at that address), else in this
    process."""
    parts = plan(editions, depth)
    if whole_parts is not None:
        jobs = _whole_jobs(beyond_pairs(parts), whole_parts, seed)
    else:
        jobs = _jobs(parts, sample, seed)
    total = Tally()
    if workers is None and scheduler is None:
        for part, n, s in jobs:
            total.add(check_part(part, n, s))
        return total
    from ..traffic.batch import _client
    client, cluster = _client(scheduler, workers)
    try:
        futures = client.map(_check_job, jobs, pure=False)
        for got in client.gather(futures):
            total.add(got)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return total


def beyond_pairs(parts: list[space.Part]) -> list[space.Part]:
    """The partitions with three families or more (those the full run, every pair, leaves out); all of them where
    none has."""
    more = [p for p in parts if len(p.families) > 2]
    return more or parts


def _whole_jobs(parts: list[space.Part], n: int, seed: int) -> list[tuple[space.Part, int | None, int]]:
    """``n`` of ``parts`` drawn with ``seed``, each checked whole (every record of it)."""
    chosen = random.Random(seed).sample(parts, min(n, len(parts)))
    return [(p, None, seed * 100003 + i) for i, p in enumerate(chosen)]


def estimate(tally: Tally, parts: dict[str, int]) -> dict[str, tuple[float, float]]:
    """Per edition, the records of all ``parts[edition]`` partitions estimated from the partitions checked whole
    (drawn at random): the mean times the number, and the half-width of its 95% interval (1.96 standard errors,
    with the finite-population correction)."""
    import statistics
    out: dict[str, tuple[float, float]] = {}
    for ed, total in parts.items():
        got = [n for e, n in tally.per_part if e == ed]
        if not got:
            continue
        mean = statistics.fmean(got)
        sd = statistics.stdev(got) if len(got) > 1 else 0.0
        fpc = ((total - len(got)) / (total - 1)) ** 0.5 if total > 1 else 0.0
        out[ed] = (mean * total, 1.96 * total * sd / len(got) ** 0.5 * fpc)
    return out


def _check_job(job: tuple[space.Part, int | None, int]) -> Tally:
    return check_part(*job)


def _jobs(parts: list[space.Part], sample: int | None, seed: int) -> list[tuple[space.Part, int | None, int]]:
    """The partitions to check; for a sample, one in ``SAMPLE_PARTS`` records of it (at least one per edition),
    drawn with the seed, each checking an equal share of the records."""
    if sample is None:
        return [(p, None, seed) for p in parts]
    rng = random.Random(seed)
    by_edition: dict[str, list[space.Part]] = {}
    for p in parts:
        by_edition.setdefault(p.edition, []).append(p)
    n = max(len(by_edition), sample // SAMPLE_PARTS)
    chosen = [rng.choice(ps) for ps in by_edition.values()]
    rest = [p for p in parts if p not in chosen]
    chosen += rng.sample(rest, min(len(rest), n - len(chosen)))
    k = max(1, sample // len(chosen))
    return [(p, k, seed * 100003 + i) for i, p in enumerate(chosen)]
