"""Answers per pair of editions, made once while a process runs (comparisons: ``changes``, ``differences``)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from .model import Edition


class PairMemo:
    """Answers per pair of editions, made once (editions do not change while a process runs): bounded (the
    ``maxsize`` pairs used last), and made by one thread at a time per pair, so that many requests for a pair not
    yet made wait for the one making it rather than all making it (a hostile client repeating the slowest pair costs
    one computation). Keyed by the editions' ids and objects (a rule base loaded again is a new key; the entry keeps
    its editions alive, so their ids are not reused). An error is not remembered."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._done: OrderedDict[tuple[Any, ...], tuple[Any, Edition, Edition]] = OrderedDict()
        self._making: dict[tuple[Any, ...], Any] = {}
        self._lock = threading.Lock()
        self._new_lock = threading.Lock

    def get(self, a: Edition, b: Edition, make: Any) -> Any:
        key = (a.id, b.id, id(a), id(b))
        with self._lock:
            hit = self._done.get(key)
            if hit is not None:
                self._done.move_to_end(key)
                return hit[0]
            making = self._making.setdefault(key, self._new_lock())
        with making:
            with self._lock:
                hit = self._done.get(key)
            if hit is not None:
                return hit[0]
            try:
                value = make(a, b)
            finally:
                with self._lock:
                    self._making.pop(key, None)
            with self._lock:
                self._done[key] = (value, a, b)
                while len(self._done) > self.maxsize:
                    self._done.popitem(last=False)
            return value

    def cached(self, a: Edition, b: Edition) -> bool:
        """Whether the pair's answer is made already."""
        return (a.id, b.id, id(a), id(b)) in self._done

    def clear(self) -> None:
        with self._lock:
            self._done.clear()
