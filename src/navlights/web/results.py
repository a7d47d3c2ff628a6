"""Results worth keeping: a checked plan or an encounter kept by the hash of its input, so that it has an address.

``POST /plan`` and ``POST /encounter`` store the input they were given (never the result) under the SHA-256 of a
canonical form of it (:func:`digest`) and answer 303 to ``/plan/r/<hash>`` or ``/encounter/r/<hash>``; that
address shows the result computed afresh from the stored input by the navlights that serves it, so a fix to the
code or the rule data shows there as the corrected answer.

The store is one SQLite file beside the training database (``results.sqlite``, :func:`default_results_path`),
opened on first use; WAL, one short ``BEGIN IMMEDIATE`` transaction a write, so several server workers share it.
It is bounded: an input of at most 64 KiB (the request body limit), at most :data:`MAX_ITEMS` inputs and
:data:`MAX_BYTES` in all; past either bound the oldest input (by its last submission) goes. Nothing else depends
on it: when it cannot be opened or written, the result is still shown, with a note that no address could be
kept (:class:`ResultStoreError`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any

from ..errors import NavlightsError
from .guard import MAX_BODY_BYTES
from .training import default_db_path

#: What a result is of: the page that shows it (``/plan/r/<hash>``, ``/encounter/r/<hash>``).
KINDS = ("plan", "encounter")
MAX_ITEMS = 2000
MAX_BYTES = 32 * 1024 * 1024
MAX_INPUT_BYTES = MAX_BODY_BYTES
#: A result's key: the SHA-256 of its canonical input, in lower-case hexadecimal.
KEY_PATTERN = "^[0-9a-f]{64}$"
_KEY = re.compile(KEY_PATTERN)
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    kind TEXT NOT NULL, key TEXT NOT NULL, input TEXT NOT NULL, params TEXT NOT NULL,
    size INTEGER NOT NULL, seq INTEGER NOT NULL, stored TEXT NOT NULL,
    PRIMARY KEY (kind, key));
CREATE UNIQUE INDEX IF NOT EXISTS results_seq ON results (seq);
"""


class ResultStoreError(NavlightsError, OSError):
    """The result store cannot be opened or written, or an input is over what it keeps."""


class NotKept(NavlightsError, LookupError):
    """No input is kept under that key (never kept, or evicted)."""


def default_results_path(db_path: str | os.PathLike[str] | None = None) -> Path:
    """``results.sqlite`` beside the training database (``db_path``, default :func:`training.default_db_path`)."""
    base = Path(db_path) if db_path is not None else default_db_path()
    return base.expanduser().parent / "results.sqlite"


def canonical(kind: str, data: Any) -> str:
    """The canonical text of an input: kind and data as JSON, keys sorted, no spaces, UTF-8 as it is."""
    return json.dumps({"kind": kind, "input": data}, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def digest(kind: str, data: Any) -> str:
    """The key of an input: the SHA-256 of :func:`canonical`, 64 lower-case hexadecimal digits."""
    return hashlib.sha256(canonical(kind, data).encode("utf-8")).hexdigest()


def is_key(text: str) -> bool:
    return bool(_KEY.match(text))


class ResultStore:
    """Kept inputs in one SQLite file, opened on first write (a lookup in a file not yet made finds nothing);
    safe across threads and processes."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, max_items: int = MAX_ITEMS,
                 max_bytes: int = MAX_BYTES, max_input: int = MAX_INPUT_BYTES) -> None:
        if max_items < 1 or max_bytes < max_input:
            raise ValueError("a result store keeps at least one input of the largest size")
        self.path = Path(path) if path is not None else default_results_path()
        self.max_items, self.max_bytes, self.max_input = max_items, max_bytes, max_input
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")     # an input lost to a power cut is submitted again
                conn.executescript(_SCHEMA)
                conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            except (OSError, sqlite3.Error) as e:
                raise ResultStoreError(f"results: cannot open the result store '{self.path}': {e}", field="results",
                                       value=str(self.path), allowed="a writable file path") from None
            self._conn = conn
        return self._conn

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def put(self, kind: str, key: str, text: str, params: dict[str, Any] | None = None) -> None:
        """Keep ``text`` (and ``params``) under ``key``; the same key again counts as the newest. Then the oldest
        inputs go until at most ``max_items`` and ``max_bytes`` are kept."""
        extra = json.dumps(params or {}, sort_keys=True, ensure_ascii=False)
        size = len(text.encode("utf-8")) + len(extra.encode("utf-8"))
        if size > self.max_input:
            raise ResultStoreError(f"results: the input is {size} bytes; allowed: at most {self.max_input} bytes "
                                   "kept at an address", field="results", value=size,
                                   allowed=f"at most {self.max_input} bytes")
        now = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        with self._lock:
            db = self._db()
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    db.execute("INSERT INTO results (kind, key, input, params, size, seq, stored) VALUES "
                               "(?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM results), ?) "
                               "ON CONFLICT (kind, key) DO UPDATE SET seq = excluded.seq",
                               (kind, key, text, extra, size, now))
                    db.execute("DELETE FROM results WHERE seq <= (SELECT seq FROM results ORDER BY seq DESC "
                               "LIMIT 1 OFFSET ?)", (self.max_items,))
                    db.execute("DELETE FROM results WHERE seq IN (SELECT seq FROM (SELECT seq, SUM(size) OVER "
                               "(ORDER BY seq DESC) AS total FROM results) WHERE total > ?)", (self.max_bytes,))
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as e:
                raise ResultStoreError(f"results: cannot write the result store '{self.path}': {e}",
                                       field="results", value=str(self.path), allowed="a writable file") from None

    def get(self, kind: str, key: str) -> tuple[str, dict[str, Any], str] | None:
        """The input kept under ``key`` as (text, params, when first kept), or None."""
        with self._lock:
            if self._conn is None and not self.path.exists():
                return None                    # nothing kept yet: no file made for a lookup
            try:
                row = self._db().execute("SELECT input, params, stored FROM results WHERE kind = ? AND key = ?",
                                         (kind, key)).fetchone()
            except sqlite3.Error as e:
                raise ResultStoreError(f"results: cannot read the result store '{self.path}': {e}",
                                       field="results", value=str(self.path), allowed="a readable file") from None
        if row is None:
            return None
        return str(row[0]), dict(json.loads(row[1])), str(row[2])

    def count(self) -> tuple[int, int]:
        """(inputs kept, their bytes)."""
        with self._lock:
            if self._conn is None and not self.path.exists():
                return 0, 0
            n, size = self._db().execute("SELECT COUNT(*), COALESCE(SUM(size), 0) FROM results").fetchone()
        return int(n), int(size)
