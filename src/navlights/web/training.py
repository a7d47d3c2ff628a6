"""Training progress, one learner at a time, in SQLite. The questions come from the quiz engine, through the facade.

A *card* is one answer a look-out can give at one period, night or day (``api.quiz_cards``: "vessel at anchor",
"vessel restricted in her ability to manoeuvre, not making way", …); ``api.quiz_question`` makes a question on
one (engines/quiz.py). A *topic* is a set of cards: all, lights (night), shapes (day), or one rule's
(``api.quiz_topics``). This module decides which card to ask next (``schedule.py``: Leitner boxes with intervals
in time), keeps the answers, makes exams, and keeps each learner's progress apart.

**Learners.** A learner is a random id (128 bits) that the browser keeps in a cookie signed with HMAC-SHA-256;
the key is made at first use and kept beside the database (``<db>.key``, mode 0600), so every worker and every
restart on the same database knows the same learners. Every row is keyed by its learner and every query asks
for the learner's own rows: another learner's question is "no such question". A cookie that does not verify
gets a fresh learner, never another's.

**Storage.** WAL, ``synchronous=FULL``; one connection per thread. Every write is one ``BEGIN IMMEDIATE``
transaction that checks what it changes (a question not yet answered) and writes it, so several server
workers (processes) can answer at once: an answer is recorded once, counted once, and committed before the
browser is told. A ``BEGIN`` that fails (the database busy past its timeout) is a 503 and leaves nothing to
roll back. Schema 1 (one progress for everybody) is kept, renamed ``legacy_items_v1`` and
``legacy_questions_v1``, and read by no learner.

**Bounds** (issue 35; docs/web.md). One learner's traffic removes only her own rows: she keeps at most
:data:`MAX_OPEN_PER_LEARNER` questions shown and not answered outside exams, and :data:`MAX_EXAMS_PER_LEARNER`
exams (her oldest go first). A learner who has answered nothing yet (a visitor without a cookie is a new one each
time) is *anonymous*: her unanswered questions and exams expire :data:`ANONYMOUS_TTL_S` after they were made, and
all anonymous learners together hold at most :data:`MAX_ANONYMOUS_QUESTIONS` unanswered questions; past that a new
anonymous question or exam is refused (503 with Retry-After, :class:`Crowded`), never made by removing another's.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import os
import random
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from .. import api
from ..errors import NavlightsError
from . import schedule
from .schedule import CardState

SCHEMA_VERSION = 2
#: Per learner: questions shown and not answered outside exams (her oldest go first; one dropped so is made
#: afresh), and exams kept (her oldest go first, with their questions).
MAX_OPEN_PER_LEARNER = 64
MAX_EXAMS_PER_LEARNER = 50
#: Learners who have answered nothing yet: their unanswered questions (and exams) expire after a day, and all of
#: them together hold at most this many unanswered questions (a crawler costs a bounded amount of disk).
ANONYMOUS_TTL_S = 86_400
MAX_ANONYMOUS_QUESTIONS = 10_000
#: The Retry-After of :class:`Crowded` (seconds): the oldest anonymous questions expire meanwhile.
CROWDED_RETRY_S = 600
#: Exams: this many questions unless asked otherwise, at most EXAM_MAX (one per card of the topic at most).
EXAM_SIZE, EXAM_MAX = 10, 30
#: The learner cookie lives this long (browsers cap it at 400 days); every training page renews it.
COOKIE_MAX_AGE_S = 400 * 86_400
_LEARNER = re.compile(r"[A-Za-z0-9_-]{22}")

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS cards (
        learner TEXT NOT NULL, edition TEXT NOT NULL, period TEXT NOT NULL, card TEXT NOT NULL,
        box INTEGER NOT NULL, due REAL NOT NULL, seen INTEGER NOT NULL DEFAULT 0,
        correct INTEGER NOT NULL DEFAULT 0, last_seen TEXT,
        PRIMARY KEY (learner, edition, period, card))""",
    """CREATE TABLE IF NOT EXISTS exams (
        id INTEGER PRIMARY KEY AUTOINCREMENT, learner TEXT NOT NULL, edition TEXT NOT NULL, topic TEXT NOT NULL,
        size INTEGER NOT NULL, created TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS questions (
        id INTEGER PRIMARY KEY AUTOINCREMENT, learner TEXT NOT NULL, edition TEXT NOT NULL, topic TEXT NOT NULL,
        period TEXT NOT NULL, card TEXT NOT NULL, vessel TEXT NOT NULL, aspect_deg REAL NOT NULL,
        choices TEXT NOT NULL, answer INTEGER NOT NULL, also TEXT NOT NULL DEFAULT '[]', exam INTEGER, seq INTEGER,
        created TEXT NOT NULL,
        chosen INTEGER, correct INTEGER, answered TEXT)""",
    "CREATE INDEX IF NOT EXISTS questions_by_learner ON questions (learner, edition, answered)",
    "CREATE UNIQUE INDEX IF NOT EXISTS questions_in_exam ON questions (exam, seq)",
    "CREATE INDEX IF NOT EXISTS questions_open ON questions (id) WHERE answered IS NULL AND exam IS NULL",
    "CREATE INDEX IF NOT EXISTS exams_by_learner ON exams (learner, id)",
]
LEGACY_NOTE = ("schema 1 kept one progress for everybody: its rows are kept in legacy_items_v1 and "
               "legacy_questions_v1 and read by no learner")


class ProgressError(NavlightsError, OSError):
    """The progress database cannot be opened or written, or an answer names no question of it."""


class NoSuchQuestion(ProgressError, LookupError):
    """A question id (or an exam id) that is not the learner's."""


class Crowded(NavlightsError, RuntimeError):
    """Learners who have answered nothing hold as many questions as allowed: a new one is refused (503)."""

    retry_after_s = CROWDED_RETRY_S


class TrainingInputError(NavlightsError, ValueError):
    """A topic, an exam size or a confirmation the trainer refuses (422)."""


def default_db_path() -> Path:
    """$NAVLIGHTS_DB, else $XDG_DATA_HOME/navlights/progress.sqlite, else ~/.local/share/navlights/...sqlite."""
    if os.environ.get("NAVLIGHTS_DB"):
        return Path(os.environ["NAVLIGHTS_DB"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "navlights" / "progress.sqlite"


def iso(t_s: float | None) -> str | None:
    """Seconds since the epoch as ISO 8601 UTC ('2025-01-02T03:04:05+00:00'); None stays None."""
    if t_s is None:
        return None
    return dt.datetime.fromtimestamp(t_s, dt.timezone.utc).isoformat(timespec="seconds")


def _card_key(period: str, card: str) -> str:
    return f"{period}:{card}"


def card_label(edition_id: str, period: str, name: str) -> str:
    """A card in a few words for a list (the weakest cards): a picture card's situation as it is; a sound card's
    situation; a conduct card's vessel, where she bears and her course (never a card id such as ``sail-0``)."""
    if api.is_conduct_period(period):
        return str(api.conduct_card(edition_id, name, period)["label"])
    if api.is_sound_period(period):
        return str(api.sound_card(edition_id, name, period)["label"])
    return name


def _make_question(edition_id: str, name: str, rng: random.Random, period: str) -> Any:
    """A question on one card: a sound card's (``api.sound_question``), a conduct card's (``api.conduct_question``)
    or a picture's (``api.quiz_question``)."""
    if api.is_conduct_period(period):
        return api.conduct_question(edition_id, name, rng, period)
    if api.is_sound_period(period):
        return api.sound_question(edition_id, name, rng, period)
    return api.quiz_question(edition_id, name, rng, period)


# ---------------------------------------------------------------------------------------------
# The store


class Progress:
    """Every learner's progress in one SQLite file, opened on first use; safe across threads and processes."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, seed: int | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.clock = clock
        self._rng = random.Random(seed)
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()       # bookkeeping of connections only, never of the data
        self._generation = 0
        self._ready_path: Path | None = None
        self._key: tuple[Path, bytes] | None = None

    # -- connection ------------------------------------------------------------------------

    def _unusable(self, e: BaseException) -> ProgressError:
        return ProgressError(f"db: cannot open the progress database '{self.path}': {e}; set NAVLIGHTS_DB or --db "
                             "to a writable file", field="db", value=str(self.path), allowed="a writable file path")

    def _db(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is not None and getattr(self._local, "generation", -1) == self._generation:
            return conn
        conn = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            new = not self.path.exists()
            conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
            if new:
                with suppress(OSError):
                    os.chmod(self.path, 0o600)          # learners' answers: the owner's alone
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA busy_timeout = 10000")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            if self._ready_path != self.path:
                self._init(conn)
                self._ready_path = self.path
        except (OSError, sqlite3.Error) as e:
            if conn is not None:
                with suppress(sqlite3.Error):
                    conn.close()
            if isinstance(e, ProgressError):
                raise
            raise self._unusable(e) from None
        self._local.conn, self._local.generation = conn, self._generation
        with self._conns_lock:
            self._conns.append(conn)
        return conn

    def _init(self, conn: sqlite3.Connection) -> None:
        """Create the tables, or move schema 1's aside, in one transaction (workers may start together)."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            version = None
            if "meta" in tables:
                got = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
                version = int(got[0]) if got else None
            if version is not None and version > SCHEMA_VERSION:
                raise ProgressError(f"db: '{self.path}' was written by a newer navlights (schema {version}; this one "
                                    f"reads {SCHEMA_VERSION}); use another --db", field="db", value=str(self.path))
            if "questions" in tables:
                columns = {r[1] for r in conn.execute("PRAGMA table_info(questions)")}
                if "learner" not in columns:                 # schema 1: one progress for everybody
                    conn.execute("ALTER TABLE questions RENAME TO legacy_questions_v1")
                    if "items" in tables:
                        conn.execute("ALTER TABLE items RENAME TO legacy_items_v1")
                    conn.execute("DROP INDEX IF EXISTS questions_pending")
            for statement in _SCHEMA:
                conn.execute(statement)
            if "legacy_questions_v1" in {r[0] for r in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}:
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('legacy', ?)", (LEGACY_NOTE,))
            conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        except BaseException:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    @contextmanager
    def _write(self, db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        """One write transaction: BEGIN IMMEDIATE (the write lock, before anything is read), the body, COMMIT; a
        failure in the body rolls back; a BEGIN that fails leaves no transaction, so nothing is rolled back."""
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise ProgressError(f"db: the progress database is busy or cannot be written: {e}", field="db") from None
        try:
            yield db
        except sqlite3.Error as e:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise ProgressError(f"db: the progress could not be saved: {e}", field="db") from None
        except BaseException:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise
        try:
            db.execute("COMMIT")
        except sqlite3.Error as e:
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise ProgressError(f"db: the progress could not be saved: {e}", field="db") from None

    def close(self) -> None:
        """Close every connection (the next use opens the database again, at ``self.path``)."""
        with self._conns_lock:
            conns, self._conns = self._conns, []
            self._generation += 1
            self._ready_path = None
            self._key = None
        for conn in conns:
            with suppress(sqlite3.Error):
                conn.close()

    # -- learners --------------------------------------------------------------------------

    @property
    def key_path(self) -> Path:
        """Where the cookie key lives: beside the database."""
        return self.path.with_name(self.path.name + ".key")

    def _secret(self) -> bytes:
        cached = self._key
        if cached is not None and cached[0] == self.key_path:
            return cached[1]
        path = self.key_path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists():
                tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                try:
                    os.write(fd, secrets.token_hex(32).encode())
                    os.fsync(fd)
                finally:
                    os.close(fd)
                try:
                    os.link(tmp, path)               # atomic: the first worker's key wins, whole
                except FileExistsError:
                    pass
                finally:
                    tmp.unlink()
            key = path.read_bytes().strip()
        except OSError as e:
            raise self._unusable(e) from None
        if len(key) < 32:
            raise ProgressError(f"db: the key file '{path}' is damaged (too short); remove it (every learner then "
                                "starts afresh)", field="db", value=str(path))
        self._key = (path, key)
        return key

    def cookie_name(self) -> str:
        """The learner cookie's name: one per key, so servers on other databases (another port of the same host
        shares the browser's cookies) keep their learners apart rather than overwrite each other's cookie."""
        return "navlights_learner_" + hashlib.sha256(b"cookie-name:" + self._secret()).hexdigest()[:10]

    def sign(self, learner: str) -> str:
        """The cookie value of a learner: 'id.mac'."""
        mac = hmac.new(self._secret(), learner.encode(), hashlib.sha256).hexdigest()
        return f"{learner}.{mac}"

    def learner(self, cookie: str | None) -> tuple[str, bool]:
        """The learner a cookie names, if it verifies; else a new learner. (id, new)."""
        if cookie:
            learner, _, mac = cookie.rpartition(".")
            if _LEARNER.fullmatch(learner):
                good = hmac.new(self._secret(), learner.encode(), hashlib.sha256).hexdigest()
                if hmac.compare_digest(good, mac):
                    return learner, False
        return secrets.token_urlsafe(16), True

    # -- topics ----------------------------------------------------------------------------

    @staticmethod
    def topics(edition_id: str) -> tuple[Any, ...]:
        """The edition's topics (``api.quiz_topics``), then its sound and conduct topics (``api.sound_topics``,
        ``api.conduct_topics``)."""
        return (*api.quiz_topics(edition_id), *api.sound_topics(edition_id), *api.conduct_topics(edition_id))

    def topic(self, edition_id: str, topic_id: str) -> Any:
        """The topic of that id in the edition, or a 422 naming the topics it has."""
        found = {t.id: t for t in self.topics(edition_id)}
        if topic_id not in found:
            raise TrainingInputError(f"topic: {topic_id!r} is not a topic of {edition_id}; allowed: "
                                     f"{', '.join(found)}", field="topic", value=topic_id, allowed=", ".join(found))
        return found[topic_id]

    # -- scheduling ------------------------------------------------------------------------

    def _states(self, db: sqlite3.Connection, learner: str, edition_id: str) -> dict[str, sqlite3.Row]:
        return {_card_key(r["period"], r["card"]): r for r in db.execute(
            "SELECT * FROM cards WHERE learner = ? AND edition = ?", (learner, edition_id))}

    def _last_card(self, db: sqlite3.Connection, learner: str, edition_id: str) -> str | None:
        row = db.execute("SELECT period, card FROM questions WHERE learner = ? AND edition = ? AND answered IS NOT "
                         "NULL ORDER BY answered DESC, id DESC LIMIT 1", (learner, edition_id)).fetchone()
        return None if row is None else _card_key(row["period"], row["card"])

    def _make(self, db: sqlite3.Connection, learner: str, edition_id: str, topic: Any) -> Any:
        """A question on the card the schedule picks in the topic (the engine's work: outside any transaction)."""
        rows = self._states(db, learner, edition_id)
        states = {k: CardState(r["box"], r["due"]) for k, r in rows.items()}
        keys = list(topic.cards)
        last = self._last_card(db, learner, edition_id)
        now = self.clock()
        while keys:
            key = schedule.pick(keys, states, now, self._rng, last)
            assert key is not None
            period, _, name = key.partition(":")
            q = _make_question(edition_id, name, self._rng, period)
            if q is not None:
                return q
            keys.remove(key)         # no fair question fits this card: another
        raise TrainingInputError(f"topic: no training questions can be made for {topic.id} in {edition_id}",
                                 field="topic", value=topic.id)

    # -- questions -------------------------------------------------------------------------

    def _pending(self, db: sqlite3.Connection, learner: str, edition_id: str, topic_id: str) -> sqlite3.Row | None:
        return db.execute("SELECT * FROM questions WHERE learner = ? AND edition = ? AND topic = ? AND exam IS NULL "
                          "AND answered IS NULL ORDER BY id DESC LIMIT 1", (learner, edition_id, topic_id)).fetchone()

    def _insert(self, db: sqlite3.Connection, learner: str, edition_id: str, topic_id: str, q: Any,
                exam: int | None = None, seq: int | None = None) -> int:
        cur = db.execute("INSERT INTO questions (learner, edition, topic, period, card, vessel, aspect_deg, choices, "
                         "answer, also, exam, seq, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (learner, edition_id, topic_id, q.period, q.item, json.dumps(q.vessel), q.aspect_deg,
                          json.dumps([c.to_dict() for c in q.choices]), q.answer, json.dumps(list(q.also)), exam, seq,
                          iso(self.clock())))
        return int(cur.lastrowid or 0)

    def question(self, learner: str, edition_id: str, topic_id: str = "all") -> dict[str, Any]:
        """The learner's pending question for the edition and topic, or a new one (stored before it is shown)."""
        edition_id = api.edition(edition_id).id
        topic = self.topic(edition_id, topic_id)
        db = self._db()
        row = self._pending(db, learner, edition_id, topic.id)
        if row is None:
            q = self._make(db, learner, edition_id, topic)
            with self._write(db):
                row = self._pending(db, learner, edition_id, topic.id)      # another request of hers was quicker
                if row is None:
                    self._make_room(db, learner, 1)
                    qid = self._insert(db, learner, edition_id, topic.id, q)
                    db.execute("DELETE FROM questions WHERE id IN (SELECT id FROM questions WHERE learner = ? AND "
                               "answered IS NULL AND exam IS NULL ORDER BY id DESC LIMIT -1 OFFSET ?)",
                               (learner, MAX_OPEN_PER_LEARNER))
                    row = db.execute("SELECT * FROM questions WHERE id = ?", (qid,)).fetchone()
        return self._public(row)

    def _make_room(self, db: sqlite3.Connection, learner: str, n: int) -> None:
        """Before ``n`` new unanswered questions of ``learner`` (in a write transaction): anonymous learners'
        expired questions and exams go; if she is anonymous herself and anonymous learners hold
        :data:`MAX_ANONYMOUS_QUESTIONS` already, :class:`Crowded`. Nobody's unexpired question is removed."""
        cutoff = iso(self.clock() - ANONYMOUS_TTL_S)
        anonymous = "learner NOT IN (SELECT learner FROM cards)"
        db.execute(f"DELETE FROM questions WHERE answered IS NULL AND created < ? AND {anonymous}", (cutoff,))
        db.execute(f"DELETE FROM exams WHERE created < ? AND {anonymous} AND id NOT IN (SELECT exam FROM questions "
                   "WHERE exam IS NOT NULL)", (cutoff,))
        if db.execute("SELECT 1 FROM cards WHERE learner = ? LIMIT 1", (learner,)).fetchone():
            return
        held = db.execute(f"SELECT COUNT(*) FROM questions WHERE answered IS NULL AND {anonymous}").fetchone()[0]
        if held + n > MAX_ANONYMOUS_QUESTIONS:
            raise Crowded(f"train: {held} questions are waiting for learners who have not answered any yet; allowed: "
                          f"at most {MAX_ANONYMOUS_QUESTIONS}; try again in {CROWDED_RETRY_S // 60} minutes (a "
                          "learner who has answered is never refused)", field="train", value=held,
                          allowed=f"at most {MAX_ANONYMOUS_QUESTIONS}")

    def _row(self, db: sqlite3.Connection, learner: str, question_id: int) -> sqlite3.Row:
        row = db.execute("SELECT * FROM questions WHERE id = ? AND learner = ?", (question_id, learner)).fetchone()
        if row is None:
            raise NoSuchQuestion(f"question: no question {question_id}", field="question", value=question_id)
        return row

    def stored(self, learner: str, question_id: int) -> dict[str, Any]:
        """One of the learner's questions with its answer (for pictures and results); another's is no question."""
        return self._full(self._row(self._db(), learner, question_id))

    def _picture(self, row: sqlite3.Row) -> Any:
        period = "night" if api.is_conduct_period(row["period"]) else row["period"]   # her lights, at night
        return api.view(api.display(json.loads(row["vessel"]), row["edition"]), row["aspect_deg"], None,
                        period=period)

    def _public(self, row: sqlite3.Row) -> dict[str, Any]:
        """A question as shown before it is answered: no vessel, no aspect, no answer. A sound card's shows what
        it asks in words, and, signal to situation, the signal to play (``sound``); a conduct card's, the situation
        in words, and from her lights, her picture."""
        sound, conduct = api.is_sound_period(row["period"]), api.is_conduct_period(row["period"])
        if sound or conduct:
            card = (api.sound_card if sound else api.conduct_card)(row["edition"], row["card"], row["period"])
            words = card["prompt"]
        else:
            words = self._picture(row).describe()
        drawn = not sound and row["period"] != "conduct-situation"
        return {"id": row["id"], "edition": row["edition"], "topic": row["topic"], "period": row["period"],
                "picture_words": words, "picture": f"/train/picture/{row['id']}.svg" if drawn else None,
                "sound": f"/train/sound/{row['id']}.wav" if row["period"] == "sound-to-situation" else None,
                "choices": [c["text"] for c in json.loads(row["choices"])], "exam": row["exam"], "seq": row["seq"],
                "answered": row["answered"] is not None}

    def _full(self, row: sqlite3.Row) -> dict[str, Any]:
        out = self._public(row)
        choices = json.loads(row["choices"])
        right = choices[row["answer"]]
        if api.is_sound_period(row["period"]):
            cites = api.sound_card(row["edition"], row["card"], row["period"])["cites"]
        elif api.is_conduct_period(row["period"]):
            cites = api.conduct_card(row["edition"], row["card"], row["period"])["cites"]
        else:
            cites = list(dict.fromkeys(i.cite for i in self._picture(row).items))
        out.update({"item": row["card"], "members": right.get("members", [right["item"]]),
                    "vessel": json.loads(row["vessel"]), "aspect_deg": row["aspect_deg"], "answer": row["answer"],
                    "answer_text": right["text"], "chosen": row["chosen"],
                    "chosen_text": None if row["chosen"] is None else choices[row["chosen"]]["text"],
                    "correct": None if row["correct"] is None else bool(row["correct"]),
                    "cites": cites, "also": json.loads(row["also"]),
                    "choice_items": [c["item"] for c in choices], "choice_vessels": [c["vessel"] for c in choices],
                    "created": row["created"], "answered_at": row["answered"]})
        return out

    # -- answers ---------------------------------------------------------------------------

    def answer(self, learner: str, question_id: int, choice: int) -> dict[str, Any]:
        """Record the learner's answer (once: answering again returns the first result) and move the card's box.

        The check that the question is not yet answered and the writes are one transaction, taken with the write
        lock first: two workers given the same answer at once record it once and count it once."""
        db = self._db()
        with self._write(db):
            row = self._row(db, learner, question_id)
            n = len(json.loads(row["choices"]))
            if not 0 <= choice < n:
                raise TrainingInputError(f"choice: {choice} is out of range; allowed: 0 to {n - 1}", field="choice",
                                         value=choice, allowed=f"0 to {n - 1}")
            if row["answered"] is None:
                now = self.clock()
                correct = choice == row["answer"]
                done = db.execute("UPDATE questions SET chosen = ?, correct = ?, answered = ? WHERE id = ? AND "
                                  "answered IS NULL", (choice, int(correct), iso(now), question_id)).rowcount
                if done == 1:
                    old = db.execute("SELECT box, due FROM cards WHERE learner = ? AND edition = ? AND period = ? AND "
                                     "card = ?", (learner, row["edition"], row["period"], row["card"])).fetchone()
                    state = schedule.after_answer(None if old is None else CardState(old["box"], old["due"]),
                                                  correct, now)
                    db.execute("INSERT INTO cards (learner, edition, period, card, box, due, seen, correct, last_seen) "
                               "VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (learner, edition, period, card) DO "
                               "UPDATE SET box = excluded.box, due = excluded.due, seen = seen + 1, "
                               "correct = correct + excluded.correct, last_seen = excluded.last_seen",
                               (learner, row["edition"], row["period"], row["card"], state.box, state.due_s,
                                int(correct), iso(now)))
            row = db.execute("SELECT * FROM questions WHERE id = ?", (question_id,)).fetchone()
        return self._full(row)

    # -- progress --------------------------------------------------------------------------

    def summary(self, learner: str, edition_id: str, topic_id: str = "all") -> dict[str, Any]:
        """The learner's answers on the edition, and on the topic's cards: per box (0: not yet seen), what is due
        now and when the next falls due, the weakest cards."""
        edition_id = api.edition(edition_id).id
        topic = self.topic(edition_id, topic_id)
        db = self._db()
        asked, right = db.execute("SELECT COUNT(*), COALESCE(SUM(correct), 0) FROM questions WHERE learner = ? AND "
                                  "edition = ? AND answered IS NOT NULL", (learner, edition_id)).fetchone()
        rows = self._states(db, learner, edition_id)
        recent = [dict(r) for r in db.execute(
            "SELECT id, period, card, correct, answered FROM questions WHERE learner = ? AND edition = ? AND "
            "answered IS NOT NULL ORDER BY id DESC LIMIT 10", (learner, edition_id))]
        keys = list(topic.cards)
        mine = {k: rows[k] for k in keys if k in rows}
        states = {k: CardState(r["box"], r["due"]) for k, r in mine.items()}
        now = self.clock()
        boxes = {str(b): 0 for b in range(0, schedule.BOXES + 1)}
        boxes["0"] = len(keys) - len(mine)
        for r in mine.values():
            boxes[str(r["box"])] += 1
        due = schedule.due_now(keys, states, now)
        upcoming = schedule.next_due(keys, states, now)
        weak = sorted(({"item": r["card"], "period": r["period"], "box": r["box"], "seen": r["seen"],
                        "correct": r["correct"]} for r in mine.values() if r["box"] <= 2 and r["seen"] > r["correct"]),
                      key=lambda r: (r["box"], r["correct"] / r["seen"], r["item"]))[:8]
        for w in weak:
            w["label"] = card_label(edition_id, w["period"], w["item"])
        return {"edition": edition_id, "topic": topic.id, "topic_label": topic.label, "answered": int(asked),
                "correct": int(right), "items": len(keys), "cards": len(keys), "boxes": boxes, "new": boxes["0"],
                "due_now": len(due), "due": [{"period": k.partition(":")[0], "item": k.partition(":")[2]}
                                             for k in due[:8]],
                "next_due": iso(upcoming), "next_due_in_s": None if upcoming is None else round(upcoming - now),
                "weak": weak, "recent": [{"id": r["id"], "period": r["period"], "item": r["card"],
                                          "correct": bool(r["correct"]), "answered": r["answered"]} for r in recent]}

    # -- exams -----------------------------------------------------------------------------

    def start_exam(self, learner: str, edition_id: str, topic_id: str = "all", size: int = EXAM_SIZE) -> dict[str, Any]:
        """A new exam: up to ``size`` questions on as many cards of the topic, drawn at random, made and stored
        together (answers are given one at a time; they feed the learner's boxes as any answer does)."""
        edition_id = api.edition(edition_id).id
        topic = self.topic(edition_id, topic_id)
        if not 1 <= size <= EXAM_MAX:
            raise TrainingInputError(f"size: {size} is out of range; allowed: 1 to {EXAM_MAX}", field="size",
                                     value=size, allowed=f"1 to {EXAM_MAX}")
        keys = list(topic.cards)
        self._rng.shuffle(keys)
        made: list[Any] = []
        for key in keys:
            if len(made) == size:
                break
            period, _, name = key.partition(":")
            q = _make_question(edition_id, name, self._rng, period)
            if q is not None:
                made.append(q)
        if not made:
            raise TrainingInputError(f"topic: no exam questions can be made for {topic.id} in {edition_id}",
                                     field="topic", value=topic.id)
        db = self._db()
        with self._write(db):
            self._make_room(db, learner, len(made))
            cur = db.execute("INSERT INTO exams (learner, edition, topic, size, created) VALUES (?, ?, ?, ?, ?)",
                             (learner, edition_id, topic.id, len(made), iso(self.clock())))
            exam_id = int(cur.lastrowid or 0)
            for seq, q in enumerate(made, 1):
                self._insert(db, learner, edition_id, topic.id, q, exam_id, seq)
            old = [r[0] for r in db.execute("SELECT id FROM exams WHERE learner = ? ORDER BY id DESC LIMIT -1 "
                                            "OFFSET ?", (learner, MAX_EXAMS_PER_LEARNER))]
            for gone in old:                        # her own oldest exams, with their questions
                db.execute("DELETE FROM questions WHERE exam = ?", (gone,))
                db.execute("DELETE FROM exams WHERE id = ?", (gone,))
        return self.exam(learner, exam_id)

    def exam(self, learner: str, exam_id: int) -> dict[str, Any]:
        """An exam as it stands: its next question, or, once every question is answered, the score and a review of
        each question (what was seen, the learner's answer, the right one, and the cites of what was seen)."""
        db = self._db()
        ex = db.execute("SELECT * FROM exams WHERE id = ? AND learner = ?", (exam_id, learner)).fetchone()
        if ex is None:
            raise NoSuchQuestion(f"exam: no exam {exam_id}", field="exam", value=exam_id)
        rows = db.execute("SELECT * FROM questions WHERE exam = ? ORDER BY seq", (exam_id,)).fetchall()
        answered = [r for r in rows if r["answered"] is not None]
        right = sum(1 for r in answered if r["correct"])
        pending = next((r for r in rows if r["answered"] is None), None)
        topic = next((t for t in self.topics(ex["edition"]) if t.id == ex["topic"]), None)
        out: dict[str, Any] = {
            "id": ex["id"], "edition": ex["edition"], "topic": ex["topic"],
            "topic_label": topic.label if topic else ex["topic"], "size": len(rows), "answered": len(answered),
            "correct": right, "finished": pending is None, "created": ex["created"],
            "question": None if pending is None else self._public(pending)}
        if pending is None:
            out["score"] = round(right / len(rows), 4) if rows else 0.0
            out["review"] = [{k: q[k] for k in ("id", "seq", "period", "picture_words", "aspect_deg", "chosen_text",
                                                 "answer_text", "correct", "cites", "members", "also")}
                             for q in (self._full(r) for r in rows)]
        return out

    def exams(self, learner: str, edition_id: str, limit: int = 5) -> list[dict[str, Any]]:
        """The learner's latest exams on the edition: id, topic, size, answered, right."""
        rows = self._db().execute(
            "SELECT e.id, e.topic, e.size, e.created, COUNT(q.answered) AS answered, COALESCE(SUM(q.correct), 0) AS "
            "correct FROM exams e LEFT JOIN questions q ON q.exam = e.id WHERE e.learner = ? AND e.edition = ? "
            "GROUP BY e.id ORDER BY e.id DESC LIMIT ?", (learner, api.edition(edition_id).id, limit)).fetchall()
        return [dict(r) for r in rows]

    # -- the learner's own data ------------------------------------------------------------

    def reset(self, learner: str) -> dict[str, int]:
        """Delete everything of the learner's (her cards, questions and exams) in one transaction; the counts."""
        db = self._db()
        with self._write(db):
            counts = {table: db.execute(f"DELETE FROM {table} WHERE learner = ?", (learner,)).rowcount
                      for table in ("cards", "questions", "exams")}
        return counts

    def export(self, learner: str) -> dict[str, Any]:
        """Everything the learner did, as JSON-ready data: her cards (box, due), her answers, her exams."""
        db = self._db()
        cards = [{"edition": r["edition"], "period": r["period"], "card": r["card"], "box": r["box"],
                  "due": iso(r["due"]), "seen": r["seen"], "correct": r["correct"], "last_seen": r["last_seen"]}
                 for r in db.execute("SELECT * FROM cards WHERE learner = ? ORDER BY edition, period, card", (learner,))]
        answers = []
        for r in db.execute("SELECT * FROM questions WHERE learner = ? AND answered IS NOT NULL ORDER BY id",
                            (learner,)):
            choices = json.loads(r["choices"])
            answers.append({"id": r["id"], "edition": r["edition"], "topic": r["topic"], "period": r["period"],
                            "card": r["card"], "aspect_deg": r["aspect_deg"], "choices": [c["text"] for c in choices],
                            "answer": r["answer"], "chosen": r["chosen"], "correct": bool(r["correct"]),
                            "exam": r["exam"], "seq": r["seq"], "asked": r["created"], "answered": r["answered"]})
        exams = [dict(r) for r in db.execute(
            "SELECT e.id, e.edition, e.topic, e.size, e.created, COUNT(q.answered) AS answered, "
            "COALESCE(SUM(q.correct), 0) AS correct FROM exams e LEFT JOIN questions q ON q.exam = e.id "
            "WHERE e.learner = ? GROUP BY e.id ORDER BY e.id", (learner,))]
        return {"format": "navlights-training-progress", "version": 1, "exported": iso(self.clock()),
                "intervals_s": {str(b): s for b, s in schedule.INTERVALS_S.items()},
                "cards": cards, "answers": answers, "exams": exams}
