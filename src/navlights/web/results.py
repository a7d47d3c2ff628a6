"""Results worth keeping: a checked plan or an encounter kept by the hash of its input, so that it has an address.

``POST /plan`` and ``POST /encounter`` store the input they were given (never the result) under the SHA-256 of a
canonical form of it (:func:`digest`) and answer 303 to ``/plan/r/<hash>`` or ``/encounter/r/<hash>``; that
address shows the result computed afresh from the stored input by the navlights that serves it, so a fix to the
code or the rule data shows there as the corrected answer.

The store is one SQLite file beside the training database (``results.sqlite``, :func:`default_results_path`),
opened on first use; WAL, one short ``BEGIN IMMEDIATE`` transaction a write, so several server workers share it.
It is bounded: an input of at most 64 KiB (the request body limit), at most :data:`MAX_ITEMS` inputs and
:data:`MAX_BYTES` in all. What stays where it was shared (issue 35; docs/web.md "Results worth keeping"): past
either bound the oldest input (by its last submission) goes, but only one that was kept more than
:data:`KEEP_DAYS` days ago and whose address nobody opened again (the first opening is the poster's own, after
the 303); when no input may go, the new one is not kept (shown with a note) rather than push out another's. One
client (by address) may keep at most :data:`POSTS_PER_MINUTE` new inputs a minute, counted in the store so that
every server worker counts alike; past it :class:`TooManyPosts` (429 with Retry-After). Nothing else depends on
the store: when it cannot be opened or written, the result is still shown, with a note that no address could be
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
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from ..errors import NavlightsError
from .guard import MAX_BODY_BYTES
from .training import default_db_path

#: What a result is of: the page that shows it (``/plan/r/<hash>``, ``/encounter/r/<hash>``).
KINDS = ("plan", "encounter")
MAX_ITEMS = 20_000
MAX_BYTES = 32 * 1024 * 1024
#: An input kept (or submitted again) within this many days is never pushed out by newer ones.
KEEP_DAYS = 7
#: An address opened this many times (the poster's own 303 and one more) is never pushed out by newer ones.
OPENED_AGAIN = 2
#: New inputs one client may keep a minute (a flood from one address is refused, 429).
POSTS_PER_MINUTE = 20
RATE_WINDOW_S = 60.0
MAX_INPUT_BYTES = MAX_BODY_BYTES
#: A result's key: the SHA-256 of its canonical input, in lower-case hexadecimal.
KEY_PATTERN = "^[0-9a-f]{64}$"
_KEY = re.compile(KEY_PATTERN)
SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    kind TEXT NOT NULL, key TEXT NOT NULL, input TEXT NOT NULL, params TEXT NOT NULL,
    size INTEGER NOT NULL, seq INTEGER NOT NULL, stored TEXT NOT NULL,
    PRIMARY KEY (kind, key));
CREATE UNIQUE INDEX IF NOT EXISTS results_seq ON results (seq);
CREATE TABLE IF NOT EXISTS posts (client TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS posts_by_client ON posts (client, at);
"""
#: Columns added in schema 2 (a store of schema 1 gains them: its inputs count as kept when it was opened).
_ADDED = (("kept_at", "REAL NOT NULL DEFAULT 0"), ("opens", "INTEGER NOT NULL DEFAULT 0"))


class ResultStoreError(NavlightsError, OSError):
    """The result store cannot be opened or written, or an input is over what it keeps."""


class TooManyPosts(NavlightsError, ValueError):
    """One client kept more new inputs in a minute than allowed (429; ``retry_after_s`` for Retry-After)."""

    def __init__(self, message: str, *, retry_after_s: int, **kw: Any) -> None:
        super().__init__(message, **kw)
        self.retry_after_s = retry_after_s


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


def _owner_only(path: Path) -> None:
    """The store is the owner's alone (0600, like the progress database): made so when new, and an older store
    (or its WAL and shared-memory files, which SQLite makes with the store's own mode) narrowed to it."""
    if not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if p.stat().st_mode & 0o077:
                p.chmod(0o600)
        except OSError:
            pass


class ResultStore:
    """Kept inputs in one SQLite file, opened on first write (a lookup in a file not yet made finds nothing);
    safe across threads and processes."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, max_items: int = MAX_ITEMS,
                 max_bytes: int = MAX_BYTES, max_input: int = MAX_INPUT_BYTES, keep_days: float = KEEP_DAYS,
                 posts_per_minute: int = POSTS_PER_MINUTE, clock: Any = time.time) -> None:
        if max_items < 1 or max_bytes < max_input:
            raise ValueError("a result store keeps at least one input of the largest size")
        self.path = Path(path) if path is not None else default_results_path()
        self.max_items, self.max_bytes, self.max_input = max_items, max_bytes, max_input
        self.keep_s, self.posts_per_minute, self.clock = keep_days * 86_400, posts_per_minute, clock
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                _owner_only(self.path)
                conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")     # an input lost to a power cut is submitted again
                conn.executescript(_SCHEMA)
                have = {row[1] for row in conn.execute("PRAGMA table_info(results)")}
                for name, kind in _ADDED:
                    if name not in have:
                        conn.execute(f"ALTER TABLE results ADD COLUMN {name} {kind}")
                        conn.execute(f"UPDATE results SET {name} = ?", (time.time() if name == "kept_at" else 0,))
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
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

    def put(self, kind: str, key: str, text: str, params: dict[str, Any] | None = None, client: str = "") -> None:
        """Keep ``text`` (and ``params``) under ``key``; the same key again counts as the newest. A new key from a
        ``client`` (an address; none: not counted) past :data:`POSTS_PER_MINUTE` is :class:`TooManyPosts`. Then inputs go, oldest first, until at
        most ``max_items`` and ``max_bytes`` are kept, but only those neither kept within ``keep_days`` nor opened
        again; when that is not enough, this one is not kept (:class:`ResultStoreError`)."""
        extra = json.dumps(params or {}, sort_keys=True, ensure_ascii=False)
        size = len(text.encode("utf-8")) + len(extra.encode("utf-8"))
        if size > self.max_input:
            raise ResultStoreError(f"results: the input is {size} bytes; allowed: at most {self.max_input} bytes "
                                   "kept at an address", field="results", value=size,
                                   allowed=f"at most {self.max_input} bytes")
        who = hashlib.sha256(client.encode("utf-8", "replace")).hexdigest()[:16] if client else ""
        with self._lock:
            db = self._db()
            try:
                db.execute("BEGIN IMMEDIATE")
                now_s = float(self.clock())          # read holding the write lock: every writer's times in order
                now = dt.datetime.fromtimestamp(now_s, dt.timezone.utc).isoformat(timespec="seconds")
                try:
                    self._count_post(db, kind, key, who, now_s)
                    db.execute("INSERT INTO results (kind, key, input, params, size, seq, stored, kept_at) VALUES "
                               "(?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM results), ?, ?) "
                               "ON CONFLICT (kind, key) DO UPDATE SET seq = excluded.seq, kept_at = excluded.kept_at",
                               (kind, key, text, extra, size, now, now_s))
                    self._evict(db, now_s)
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as e:
                raise ResultStoreError(f"results: cannot write the result store '{self.path}': {e}",
                                       field="results", value=str(self.path), allowed="a writable file") from None

    def _count_post(self, db: sqlite3.Connection, kind: str, key: str, who: str, now_s: float) -> None:
        """Count a new input against its client's rate (an input kept already is not new); past it,
        :class:`TooManyPosts` naming when the oldest post of the window leaves it."""
        if not who or db.execute("SELECT 1 FROM results WHERE kind = ? AND key = ?", (kind, key)).fetchone():
            return
        since = now_s - RATE_WINDOW_S
        db.execute("DELETE FROM posts WHERE at <= ?", (since,))
        n, first = db.execute("SELECT COUNT(*), MIN(at) FROM posts WHERE client = ?", (who,)).fetchone()
        if n >= self.posts_per_minute:
            wait = max(1, int(first - since + 0.999))
            raise TooManyPosts(f"results: {n} new inputs kept from this address in the last minute; allowed: at "
                               f"most {self.posts_per_minute} a minute; try again in {wait} s", field="results",
                               value=n, allowed=f"at most {self.posts_per_minute} a minute", retry_after_s=wait)
        db.execute("INSERT INTO posts VALUES (?, ?)", (who, now_s))

    def _evict(self, db: sqlite3.Connection, now_s: float) -> None:
        """Past a bound, the oldest inputs that may go (kept before ``keep_days``, not opened again) go; when that
        is not enough, :class:`ResultStoreError` (the caller's transaction is rolled back: the new one not kept)."""
        n, total = db.execute("SELECT COUNT(*), COALESCE(SUM(size), 0) FROM results").fetchone()
        if n <= self.max_items and total <= self.max_bytes:
            return
        may_go = db.execute("SELECT seq, size FROM results WHERE kept_at < ? AND opens < ? ORDER BY seq",
                            (now_s - self.keep_s, OPENED_AGAIN)).fetchall()
        gone = []
        for seq, size in may_go:
            if n <= self.max_items and total <= self.max_bytes:
                break
            gone.append((seq,))
            n, total = n - 1, total - size
        db.executemany("DELETE FROM results WHERE seq = ?", gone)
        if n > self.max_items or total > self.max_bytes:
            days = f"{self.keep_s / 86_400:g}"
            raise ResultStoreError(f"results: the store is full ({n - 1} inputs) of inputs kept within {days} days "
                                   "or opened again, and none of them is pushed out for a new one",
                                   field="results", value=n - 1, allowed=f"at most {self.max_items} inputs")

    def get(self, kind: str, key: str) -> tuple[str, dict[str, Any], str] | None:
        """The input kept under ``key`` as (text, params, when first kept), or None."""
        with self._lock:
            if self._conn is None and not self.path.exists():
                return None                    # nothing kept yet: no file made for a lookup
            try:
                db = self._db()
                row = db.execute("SELECT input, params, stored, opens FROM results WHERE kind = ? AND key = ?",
                                 (kind, key)).fetchone()
                if row is not None and row[3] < OPENED_AGAIN:     # opened again: it stays where it was shared
                    with suppress(sqlite3.Error):                 # a store that can only be read still shows it
                        db.execute("UPDATE results SET opens = opens + 1 WHERE kind = ? AND key = ?", (kind, key))
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
