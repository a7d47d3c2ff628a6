"""The display memo (``engines.display.remembered``, which ``api.display`` and the layers beside it call): keyed by what a display depends on, so that a fleet of distinct vessels
shares entries.

A display (engines/display.py) depends on the vessel only through the facts the edition's conditions test
(``Vessel.facts``), her ``seaplane`` flag and her ``time``: every condition compares a number fact with the
values written in the rule data, so two vessels whose lengths fall between the same two values (neither equal
to one) get the same items, notes and provisions. Two levels, both bounded:

- **exact**: (vessel, edition) -> the display, the last ``exact`` pairs (a display keeps its per-engine memo,
  e.g. a scene's light table, so repeated vessels find theirs);
- **by facts**: (edition, the vessel's facts with each number replaced by its place among the edition's values
  for that fact) -> the display's items, notes and provisions, the last ``by_facts`` keys. A miss on the exact
  level that hits here costs a dataclass, not the engine; the items and notes are shared, never copied.

Memory: the facts level holds one display's tuples per key (a few KB; 16,384 keys: some tens of MB at the very
most, and far fewer in practice, since keys are few: an edition's tested values make a few hundred bands); the
exact level holds the vessels and their small displays.
"""

from __future__ import annotations

import bisect
import operator
import dataclasses
import threading
from collections import OrderedDict
from typing import Any, Callable

from ..model import Condition, Display, Edition

EXACT = 4096
BY_FACTS = 16384
#: Facts whose display words her exact numbers (``engines/off_centre.py``: the note names her length against the
#: placement key ``off_centreline_under``, which no condition tests): a vessel with one set is remembered on the
#: exact level only.
EXACT_ONLY = ("masthead_off_centreline",)


def _conditions(root: Any) -> list[Condition]:
    """Every compiled condition reachable from ``root`` (provisions, their shows, items, range bands ...)."""
    out: list[Condition] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        x = stack.pop()
        if id(x) in seen or x is None or isinstance(x, (str, int, float, bool)):
            continue
        seen.add(id(x))
        if isinstance(x, Condition):
            out.append(x)
            stack.extend(x.any_of)
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend(getattr(x, f.name, None) for f in dataclasses.fields(x))
    return out


def tested_values(edition: Edition) -> dict[str, tuple[float, ...]]:
    """Per number fact, every value the edition's conditions compare it with, sorted (from the rule data)."""
    found: dict[str, set[float]] = {}
    for cond in _conditions(edition.provisions):
        for name, _op, value in cond.tests:
            for v in (value if isinstance(value, (list, tuple, set, frozenset)) else (value,)):
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    found.setdefault(name, set()).add(float(v))
    return {k: tuple(sorted(v)) for k, v in found.items()}


def signature(facts: dict[str, Any], values: dict[str, tuple[float, ...]]) -> tuple[Any, ...] | None:
    """The facts as a key: a number fact (not a bool) as (its place among the tested values, whether it equals
    the one at that place); other facts as they are. None: a fact that cannot be a key (not hashable)."""
    out: list[Any] = []
    for name, v in facts.items():
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            ts = values.get(name, ())
            i = bisect.bisect_left(ts, v)
            out.append((i, i < len(ts) and ts[i] == v))
        elif isinstance(v, list):
            out.append(tuple(v))
        else:
            out.append(v)
    key = tuple(out)
    try:
        hash(key)
    except TypeError:
        return None
    return key


_GETTERS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], tuple[int, ...]]] = {}


def _may_hold_model(annotation: Any) -> bool:
    from typing import get_args
    from pydantic import BaseModel
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_may_hold_model(a) for a in get_args(annotation))


def _plain(x: Any) -> Any:
    if hasattr(type(x), "model_fields"):
        return _fields(x)
    if isinstance(x, (list, tuple)):
        return tuple(_plain(y) for y in x)
    return x


def _fields(vessel: Any) -> tuple[Any, ...]:
    """The vessel's field values as a key, its parts (towing, fishing ...) as theirs: equal vessels, equal keys,
    compared as plain values (a pydantic model's own ``==`` also compares what its cached properties hold, some
    twenty times slower)."""
    cls = type(vessel)
    got = _GETTERS.get(cls)
    if got is None:
        names = tuple(cls.model_fields)
        item = operator.itemgetter(*names) if len(names) > 1 else (lambda d: (d[names[0]],))
        nested = tuple(i for i, n in enumerate(names) if _may_hold_model(cls.model_fields[n].annotation))
        got = _GETTERS[cls] = (lambda v: item(v.__dict__), nested)   # a pydantic model keeps its fields in __dict__
    vals = got[0](vessel)
    for i in got[1]:
        if vals[i] is not None:
            vals = vals[:i] + (_plain(vals[i]),) + vals[i + 1:]
    return (cls, vals)


class DisplayMemo:
    """The two bounded levels described above; thread-safe (the web app calls it from a thread pool)."""

    def __init__(self, exact: int = EXACT, by_facts: int = BY_FACTS) -> None:
        self.exact_size, self.facts_size = exact, by_facts
        self._exact: OrderedDict[tuple[Any, ...], Display] = OrderedDict()
        self._facts: OrderedDict[tuple[Any, ...], Display] = OrderedDict()
        self._values: dict[str, tuple[Edition, dict[str, tuple[float, ...]]]] = {}
        self._lock = threading.Lock()
        self.hits = self.facts_hits = self.misses = 0

    def get(self, vessel: Any, edition: Edition, make: Callable[[Any, Edition], Display]) -> Display:
        key = (_fields(vessel), edition.id)
        with self._lock:
            got = self._exact.get(key)
            if got is not None:
                self._exact.move_to_end(key)
                self.hits += 1
                return got
        sig = self._signature(vessel, edition)
        core = None
        if sig is not None:
            with self._lock:
                core = self._facts.get(sig)
                if core is not None:
                    self._facts.move_to_end(sig)
        if core is not None:
            got = Display(core.edition, vessel, core.items, core.notes, core.provisions, core.complete,
                          core.length_system)
            self.facts_hits += 1
        else:
            got = make(vessel, edition)          # an error is not remembered
            self.misses += 1
        with self._lock:
            self._exact[key] = got
            while len(self._exact) > self.exact_size:
                self._exact.popitem(last=False)
            if sig is not None and core is None:
                self._facts[sig] = got
                while len(self._facts) > self.facts_size:
                    self._facts.popitem(last=False)
        return got

    def _signature(self, vessel: Any, edition: Edition) -> tuple[Any, ...] | None:
        held = self._values.get(edition.id)
        if held is None or held[0] is not edition:
            held = self._values[edition.id] = (edition, tested_values(edition))
        if any(getattr(vessel, name, False) for name in EXACT_ONLY):
            return None
        sig = signature(vessel.facts, held[1])
        return None if sig is None else (edition.id, id(edition), bool(vessel.seaplane), vessel.time, sig)

    def cache_clear(self) -> None:
        with self._lock:
            self._exact.clear()
            self._facts.clear()
            self.hits = self.facts_hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._exact)
