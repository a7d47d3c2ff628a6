"""Training progress: Leitner boxes in SQLite. The questions come from the quiz engine, through the facade.

An *item* is one situation of one edition ("vessel at anchor", "power-driven vessel towing", …);
``api.quiz_items`` lists them and ``api.quiz_question`` makes a question on one (engines/quiz.py:
a representative vessel seen from a fair aspect, and up to four answers whose pictures differ).
This module decides which item to ask next and keeps the answers.

Spaced repetition (Leitner): every item sits in box 1 to 5 (a new item starts in box 1). A right
answer moves it up one box and schedules it ``2 ** (box - 1)`` answers later (box 2: after two, box
5: after sixteen); a wrong answer puts it back in box 1, due again after one other question. The
next question is the due item in the lowest box; with nothing due, an item not yet seen; with none
left, the item due soonest. So weak items come back more often.

Progress lives in SQLite (WAL, ``synchronous=FULL``), one transaction per answer, so an answer
acknowledged to the browser survives a restart or a killed server.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import sqlite3
import threading
from pathlib import Path
from typing import Any

from .. import api
from ..errors import NavlightsError

BOXES = 5
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS items (
    edition TEXT NOT NULL, item TEXT NOT NULL,
    box INTEGER NOT NULL DEFAULT 1, due INTEGER NOT NULL DEFAULT 0,
    seen INTEGER NOT NULL DEFAULT 0, correct INTEGER NOT NULL DEFAULT 0, last_seen TEXT,
    PRIMARY KEY (edition, item));
CREATE TABLE IF NOT EXISTS questions (
    id INTEGER PRIMARY KEY AUTOINCREMENT, edition TEXT NOT NULL, item TEXT NOT NULL,
    vessel TEXT NOT NULL, aspect_deg REAL NOT NULL, choices TEXT NOT NULL, answer INTEGER NOT NULL,
    created TEXT NOT NULL, chosen INTEGER, correct INTEGER, answered TEXT);
CREATE INDEX IF NOT EXISTS questions_pending ON questions (edition, answered);
"""


class ProgressError(NavlightsError, OSError):
    """The progress database cannot be opened or written, or an answer names no question of it."""


class NoSuchQuestion(ProgressError, LookupError):
    """A question id the progress database does not hold."""


def default_db_path() -> Path:
    """$NAVLIGHTS_DB, else $XDG_DATA_HOME/navlights/progress.sqlite, else ~/.local/share/navlights/...sqlite."""
    if os.environ.get("NAVLIGHTS_DB"):
        return Path(os.environ["NAVLIGHTS_DB"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "navlights" / "progress.sqlite"


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


# ---------------------------------------------------------------------------------------------
# The store


class Progress:
    """The learner's progress in one SQLite file, opened on first use; safe across threads."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, seed: int | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._rng = random.Random(seed)

    # -- connection ------------------------------------------------------------------------

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
                conn.row_factory = sqlite3.Row
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=FULL")
                conn.executescript(_SCHEMA)
                conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            except (OSError, sqlite3.Error) as e:
                raise ProgressError(f"db: cannot open the progress database '{self.path}': {e}; "
                                    "set NAVLIGHTS_DB or --db to a writable file", field="db",
                                    value=str(self.path), allowed="a writable file path") from None
            self._conn = conn
        return self._conn

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # -- scheduling ------------------------------------------------------------------------

    def _answered(self, db: sqlite3.Connection, edition_id: str) -> int:
        row = db.execute("SELECT COUNT(*) FROM questions WHERE edition = ? AND answered IS NOT NULL",
                         (edition_id,)).fetchone()
        return int(row[0])

    def _next_item(self, db: sqlite3.Connection, edition_id: str) -> str:
        items = api.quiz_items(edition_id)
        asked = self._answered(db, edition_id)
        rows = {r["item"]: r for r in db.execute("SELECT * FROM items WHERE edition = ?", (edition_id,))}
        known = [r for r in rows.values() if r["item"] in items]
        due = [r for r in known if r["due"] <= asked]
        if due:
            low = min(r["box"] for r in due)
            first = min(r["due"] for r in due if r["box"] == low)
            return self._rng.choice([r["item"] for r in due if r["box"] == low and r["due"] == first])
        fresh = [i for i in items if i not in rows]
        if fresh:
            return self._rng.choice(fresh)
        soonest = min(r["due"] for r in known)
        return self._rng.choice([r["item"] for r in known if r["due"] == soonest])

    # -- questions -------------------------------------------------------------------------

    def question(self, edition_id: str) -> dict[str, Any]:
        """The pending question for the edition, or a new one (stored before it is shown)."""
        edition_id = api.edition(edition_id).id
        with self._lock:
            db = self._db()
            row = db.execute("SELECT * FROM questions WHERE edition = ? AND answered IS NULL "
                             "ORDER BY id DESC LIMIT 1", (edition_id,)).fetchone()
            if row is not None:
                return self._public(row)
            tried: set[str] = set()
            q = None
            while q is None:
                item = self._next_item(db, edition_id)
                if item in tried:     # the scheduler keeps offering an item no fair question fits
                    item = self._rng.choice([i for i in api.quiz_items(edition_id) if i not in tried] or [item])
                tried.add(item)
                q = api.quiz_question(edition_id, item, self._rng)
                if q is None and len(tried) >= len(api.quiz_items(edition_id)):
                    raise ProgressError(f"edition: no training questions can be made for {edition_id}",
                                        field="edition", value=edition_id)
            cur = db.execute("INSERT INTO questions (edition, item, vessel, aspect_deg, choices, answer, created) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (edition_id, q.item, json.dumps(q.vessel), q.aspect_deg,
                              json.dumps([c.to_dict() for c in q.choices]), q.answer, _now()))
            row = db.execute("SELECT * FROM questions WHERE id = ?", (cur.lastrowid,)).fetchone()
            return self._public(row)

    def stored(self, question_id: int) -> dict[str, Any]:
        """A stored question with its answer (for pictures and results)."""
        with self._lock:
            row = self._db().execute("SELECT * FROM questions WHERE id = ?", (question_id,)).fetchone()
        if row is None:
            raise NoSuchQuestion(f"question: no question {question_id}", field="question", value=question_id)
        return self._full(row)

    def _public(self, row: sqlite3.Row) -> dict[str, Any]:
        """A question as shown before it is answered: no vessel, no aspect, no answer."""
        vessel = json.loads(row["vessel"])
        p = api.view(api.display(vessel, row["edition"]), row["aspect_deg"], None)
        return {"id": row["id"], "edition": row["edition"], "picture_words": p.describe(),
                "picture": f"/train/picture/{row['id']}.svg",
                "choices": [c["text"] for c in json.loads(row["choices"])],
                "answered": row["answered"] is not None}

    def _full(self, row: sqlite3.Row) -> dict[str, Any]:
        out = self._public(row)
        choices = json.loads(row["choices"])
        out.update({"item": row["item"], "vessel": json.loads(row["vessel"]), "aspect_deg": row["aspect_deg"],
                    "answer": row["answer"], "answer_text": choices[row["answer"]]["text"],
                    "chosen": row["chosen"], "correct": None if row["correct"] is None else bool(row["correct"]),
                    "choice_items": [c["item"] for c in choices],
                    "choice_vessels": [c["vessel"] for c in choices]})
        return out

    # -- answers ---------------------------------------------------------------------------

    def answer(self, question_id: int, choice: int) -> dict[str, Any]:
        """Record an answer (once: answering again returns the first result) and move the item's box."""
        with self._lock:
            db = self._db()
            row = db.execute("SELECT * FROM questions WHERE id = ?", (question_id,)).fetchone()
            if row is None:
                raise NoSuchQuestion(f"question: no question {question_id}", field="question", value=question_id)
            n = len(json.loads(row["choices"]))
            if not 0 <= choice < n:
                raise ProgressError(f"choice: {choice} is out of range; allowed: 0 to {n - 1}", field="choice",
                                    value=choice, allowed=f"0 to {n - 1}")
            if row["answered"] is None:
                correct = choice == row["answer"]
                ed, item = row["edition"], row["item"]
                try:
                    db.execute("BEGIN IMMEDIATE")
                    db.execute("UPDATE questions SET chosen = ?, correct = ?, answered = ? WHERE id = ?",
                               (choice, int(correct), _now(), question_id))
                    asked = self._answered(db, ed)
                    old = db.execute("SELECT box FROM items WHERE edition = ? AND item = ?", (ed, item)).fetchone()
                    box = min((old["box"] if old else 1) + 1, BOXES) if correct else 1
                    due = asked + (2 ** (box - 1) if correct else 1)
                    db.execute("INSERT INTO items (edition, item, box, due, seen, correct, last_seen) "
                               "VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (edition, item) DO UPDATE SET "
                               "box = excluded.box, due = excluded.due, seen = seen + 1, "
                               "correct = correct + excluded.correct, last_seen = excluded.last_seen",
                               (ed, item, box, due, int(correct), _now()))
                    db.execute("COMMIT")
                except sqlite3.Error as e:
                    db.execute("ROLLBACK")
                    raise ProgressError(f"db: the answer could not be saved: {e}", field="db") from None
                row = db.execute("SELECT * FROM questions WHERE id = ?", (question_id,)).fetchone()
            return self._full(row)

    # -- progress --------------------------------------------------------------------------

    def summary(self, edition_id: str) -> dict[str, Any]:
        """Answers, right answers, items per box (0: not yet seen), and the weakest items."""
        edition_id = api.edition(edition_id).id
        items = api.quiz_items(edition_id)
        with self._lock:
            db = self._db()
            asked = self._answered(db, edition_id)
            right = db.execute("SELECT COUNT(*) FROM questions WHERE edition = ? AND correct = 1",
                               (edition_id,)).fetchone()[0]
            rows = [dict(r) for r in db.execute("SELECT item, box, due, seen, correct FROM items WHERE edition = ?",
                                                (edition_id,)) if r["item"] in items]
            recent = [dict(r) for r in db.execute(
                "SELECT id, item, correct, answered FROM questions WHERE edition = ? AND answered IS NOT NULL "
                "ORDER BY id DESC LIMIT 10", (edition_id,))]
        boxes = {str(b): 0 for b in range(0, BOXES + 1)}
        boxes["0"] = len(items) - len(rows)
        for r in rows:
            boxes[str(r["box"])] += 1
        weak = sorted((r for r in rows if r["box"] <= 2 and r["seen"] > r["correct"]),
                      key=lambda r: (r["box"], r["correct"] / r["seen"], r["item"]))[:8]
        return {"edition": edition_id, "answered": asked, "correct": int(right), "items": len(items),
                "boxes": boxes, "weak": weak, "recent": [{**r, "correct": bool(r["correct"])} for r in recent]}
