"""The trainer (issue 21, point 7): spaced repetition in time, a trainer per learner, exams, reset and export.

The scheduler's due dates are computed by hand from its documented intervals (web/schedule.py: box 1 one
minute, box 2 ten minutes, box 3 a day, box 4 four days, box 5 sixteen days). Learners are told apart by a
signed cookie; two test clients are two browsers.
"""

from __future__ import annotations

import json
import random
import sqlite3
import stat
import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from navlights.web import schedule
from navlights.web.app import create_app
from navlights.web.schedule import CardState
from navlights.web.training import LEGACY_NOTE, Progress

T0 = 1_700_000_000.0          # a fixed 'now' (seconds since the epoch)
MIN, DAY = 60.0, 86_400.0


# --- the scheduler, by hand ---------------------------------------------------------------------------------


@pytest.mark.parametrize("before, correct, after", [
    (None, True, CardState(2, T0 + 10 * MIN)),              # new, right: box 2, back in ten minutes
    (None, False, CardState(1, T0 + 1 * MIN)),              # new, wrong: box 1, back in a minute
    (CardState(2, T0), True, CardState(3, T0 + 1 * DAY)),   # box 2 right: box 3, tomorrow
    (CardState(3, T0), True, CardState(4, T0 + 4 * DAY)),
    (CardState(4, T0), True, CardState(5, T0 + 16 * DAY)),
    (CardState(5, T0), True, CardState(5, T0 + 16 * DAY)),  # box 5 is the last
    (CardState(5, T0), False, CardState(1, T0 + 1 * MIN)),  # any wrong answer: box 1
])
def test_a_card_after_an_answer(before, correct, after):
    assert schedule.after_answer(before, correct, T0) == after


def test_the_most_overdue_card_comes_first():
    states = {"a": CardState(3, T0 - 5 * MIN), "b": CardState(1, T0 - 2 * MIN), "c": CardState(2, T0 + MIN)}
    rng = random.Random(1)
    assert schedule.pick(["a", "b", "c", "d"], states, T0, rng) == "a"       # due 5 min ago beats 2 min ago
    assert schedule.due_now(["a", "b", "c", "d"], states, T0) == ["a", "b"]
    assert schedule.next_due(["a", "b", "c", "d"], states, T0) == T0 + MIN
    # a tie on the due time: the lower box first
    tie = {"a": CardState(3, T0 - MIN), "b": CardState(1, T0 - MIN)}
    assert schedule.pick(["a", "b"], tie, T0, rng) == "b"


def test_nothing_due_a_new_card_then_the_soonest():
    states = {"a": CardState(2, T0 + 9 * MIN), "b": CardState(3, T0 + DAY)}
    assert schedule.pick(["a", "b", "c"], states, T0, random.Random(2)) == "c"     # not seen yet
    assert schedule.pick(["a", "b"], states, T0, random.Random(2)) == "a"          # due soonest
    assert schedule.next_due(["a", "b"], states, T0) == T0 + 9 * MIN
    assert schedule.pick([], states, T0, random.Random(2)) is None


def test_the_card_just_answered_waits_while_another_can_be_asked():
    states = {"a": CardState(1, T0 - 2 * MIN), "b": CardState(1, T0 - MIN)}
    assert schedule.pick(["a", "b"], states, T0, random.Random(3), last="a") == "b"
    assert schedule.pick(["a"], states, T0, random.Random(3), last="a") == "a"      # alone: asked again


def test_due_dates_through_the_store(tmp_path):
    # the store keeps the scheduler's due dates for the learner's card: right at T0 (box 2, +10 min), right again at
    # T0 + 11 min (box 3, +1 day), wrong the next day (box 1, +1 min)
    clock = {"now": T0}
    p = Progress(tmp_path / "p.sqlite", seed=4, clock=lambda: clock["now"])
    me = "a" * 22
    q = p.stored(me, p.question(me, "intl-1972", "rule-30")["id"])
    p.answer(me, q["id"], q["answer"])
    row = _card_row(tmp_path / "p.sqlite", me, q["item"])
    assert (row["box"], row["due"], row["seen"], row["correct"]) == (2, T0 + 10 * MIN, 1, 1)
    assert p.summary(me, "intl-1972", "rule-30")["next_due_in_s"] == 10 * MIN
    clock["now"] = T0 + 11 * MIN
    q2 = _ask_until(p, me, q["item"])
    p.answer(me, q2["id"], q2["answer"])
    row = _card_row(tmp_path / "p.sqlite", me, q["item"])
    assert (row["box"], row["due"]) == (3, T0 + 11 * MIN + DAY)
    clock["now"] = T0 + 11 * MIN + DAY + 5
    q3 = _ask_until(p, me, q["item"])
    p.answer(me, q3["id"], (q3["answer"] + 1) % len(q3["choices"]))
    row = _card_row(tmp_path / "p.sqlite", me, q["item"])
    assert (row["box"], row["due"], row["seen"], row["correct"]) == (1, T0 + 11 * MIN + DAY + 5 + MIN, 3, 2)
    p.close()


def _card_row(db, learner, card):
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    return conn.execute("SELECT * FROM cards WHERE learner = ? AND card = ?", (learner, card)).fetchone()


def _ask_until(p, learner, card, tries=40):
    """The learner's next question on ``card``: it is due, the others are answered right (their due dates later)."""
    for _ in range(tries):
        q = p.stored(learner, p.question(learner, "intl-1972", "rule-30")["id"])
        if q["item"] == card:
            return q
        p.answer(learner, q["id"], q["answer"])
    raise AssertionError(f"{card} was not asked")


# --- a trainer per learner --------------------------------------------------------------------------------


@pytest.fixture()
def app(tmp_path):
    return create_app(tmp_path / "progress.sqlite", seed=9)


def _learner(client):
    p = client.app.state.progress
    learner, new = p.learner(client.cookies.get(p.cookie_name()))
    assert not new
    return learner


def _answer(client, right=True, topic="all"):
    q = client.get(f"/train.json?topic={topic}").json()["question"]
    full = client.app.state.progress.stored(_learner(client), q["id"])
    choice = full["answer"] if right else (full["answer"] + 1) % len(q["choices"])
    r = client.post("/train/answer.json", json={"question": q["id"], "choice": choice})
    assert r.status_code == 200, r.text
    return q, r.json()


def test_the_learner_cookie(app, tmp_path):
    r = TestClient(app).get("/train.json")
    cookie = r.headers["set-cookie"]
    p = app.state.progress
    assert cookie.startswith(p.cookie_name() + "=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie and "Max-Age=34560000" in cookie
    assert "Secure" not in cookie                       # plain http on loopback; set over https
    key = tmp_path / "progress.sqlite.key"
    assert key.exists() and stat.S_IMODE(key.stat().st_mode) == 0o600


def test_two_learners_each_have_their_own_progress(app):
    ann, bob = TestClient(app), TestClient(app)
    q1, _ = _answer(ann, right=True)
    _answer(ann, right=False)
    assert ann.get("/train.json").json()["progress"]["answered"] == 2
    assert "Answered: 2" in ann.get("/train").text
    bobs = bob.get("/train.json").json()
    assert bobs["progress"]["answered"] == 0 and bobs["progress"]["boxes"]["0"] == bobs["progress"]["cards"]
    assert "Answered: 0" in bob.get("/train").text
    # Ann's question is no question of Bob's: 404, never its answer; he cannot answer it for her
    for path in (f"/train/q/{q1['id']}.json", f"/train/picture/{q1['id']}.svg"):
        r = bob.get(path)
        assert r.status_code == 404 and r.json()["field"] == "question" and "answer" not in r.json()
    assert bob.get(f"/train/q/{q1['id']}").status_code == 404
    pending = ann.get("/train.json").json()["question"]
    r = bob.post("/train/answer.json", json={"question": pending["id"], "choice": 0})
    assert r.status_code == 404 and r.json() == {"error": f"question: no question {pending['id']}",
                                                 "field": "question", "status": 404}
    assert bob.post("/train/answer", data={"question": pending["id"], "choice": 0}).status_code == 404
    assert ann.get(f"/train/q/{pending['id']}.json").json()["answered"] is False
    assert ann.get("/train.json").json()["progress"]["answered"] == 2


def test_a_tampered_cookie_gets_a_fresh_learner(app):
    ann, mallory = TestClient(app), TestClient(app)
    _answer(ann)
    p = app.state.progress
    name, value = p.cookie_name(), ann.cookies.get(p.cookie_name())
    learner, _, mac = value.rpartition(".")
    forged = [f"{learner}.{'0' * len(mac)}",                          # her id, a made-up signature
              f"{learner[:-1]}{'A' if learner[-1] != 'A' else 'B'}.{mac}",   # another id, her signature
              learner, f"{learner}.", "", "x" * 5000]
    for bad in forged:
        mallory.cookies.clear()
        mallory.cookies.set(name, bad)
        r = mallory.get("/train.json")
        assert r.status_code == 200 and r.json()["progress"]["answered"] == 0, bad[:40]
        fresh = r.cookies.get(name)
        assert fresh and fresh.rpartition(".")[0] != learner
    # a cookie signed by another database's key (another server) is not one of this server's learners
    other = Progress(app.state.progress.path.with_name("other.sqlite"))
    mallory.cookies.clear()
    mallory.cookies.set(name, other.sign(learner))
    assert mallory.get("/train.json").json()["progress"]["answered"] == 0
    assert ann.get("/train.json").json()["progress"]["answered"] == 1


def test_servers_on_other_databases_keep_their_cookies_apart(tmp_path):
    a, b = create_app(tmp_path / "a.sqlite"), create_app(tmp_path / "b.sqlite")
    assert a.state.progress.cookie_name() != b.state.progress.cookie_name()


def test_one_answer_from_many_workers_is_counted_once(tmp_path):
    # issue 23, item 11: the check that a question is not answered and the write are one transaction, so eight
    # workers (each with its own connection, as separate processes have) given the same answer record it once
    db = tmp_path / "p.sqlite"
    first = Progress(db, seed=1)
    me = "b" * 22
    q = first.stored(me, first.question(me, "intl-1972")["id"])
    workers = [Progress(db) for _ in range(8)]
    results, errors = [], []
    start = threading.Barrier(len(workers))

    def work(p):
        try:
            start.wait()
            results.append(p.answer(me, q["id"], q["answer"]))
        except Exception as e:             # noqa: BLE001 - the test reports any
            errors.append(e)
    threads = [threading.Thread(target=work, args=(p,)) for p in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(results) == 8 and {r["answered_at"] for r in results} == {results[0]["answered_at"]}
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT seen, correct, box FROM cards").fetchall() == [(1, 1, 2)]
    assert first.summary(me, "intl-1972")["answered"] == 1


# --- exams ----------------------------------------------------------------------------------------------------


def test_an_exam_is_scored_and_reviewed(app):
    ann, bob = TestClient(app), TestClient(app)
    exam = ann.post("/train/exam.json", json={"edition": "intl-1972", "topic": "rule-27", "size": 5}).json()
    assert exam["size"] == 5 and exam["answered"] == 0 and not exam["finished"] and exam["topic_label"] == "Rule 27"
    assert "review" not in exam and "answer" not in exam["question"]
    rights = [True, False, True, False, False]              # two right of five: 0.4
    me = _learner(ann)
    for n, right in enumerate(rights, 1):
        q = exam["question"]
        assert q["exam"] == exam["id"] and q["seq"] == n
        assert ann.get(f"/train/q/{q['id']}.json").json().get("answer") is None    # nothing given away
        full = app.state.progress.stored(me, q["id"])
        choice = full["answer"] if right else (full["answer"] + 1) % len(q["choices"])
        r = ann.post("/train/answer", data={"question": q["id"], "choice": choice}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == f"/train/exam/{exam['id']}"
        exam = ann.get(f"/train/exam/{exam['id']}.json").json()
    assert exam["finished"] and exam["correct"] == 2 and exam["score"] == 0.4 and exam["question"] is None
    assert [r["correct"] for r in exam["review"]] == rights
    for r in exam["review"]:
        assert r["answer_text"] and r["chosen_text"] and any("Rule 27" in c for c in r["cites"])     # the topic's rule
        assert (r["chosen_text"] == r["answer_text"]) == r["correct"]
    page = ann.get(f"/train/exam/{exam['id']}")
    assert "Score: 2 of 5" in page.text and page.text.count('<tr class="') == 5
    # exam answers feed the learner's boxes: five cards seen, two of them in box 2
    summary = ann.get("/train.json?topic=rule-27").json()["progress"]
    assert summary["answered"] == 5 and summary["boxes"]["2"] == 2 and summary["boxes"]["1"] == 3
    # another learner's exam is none of his
    assert bob.get(f"/train/exam/{exam['id']}.json").status_code == 404
    assert bob.get(f"/train/exam/{exam['id']}").status_code == 404


def test_an_exam_page_asks_one_question_at_a_time(app):
    c = TestClient(app)
    r = c.post("/train/exam", data={"edition": "intl-1960", "topic": "lights", "size": 5}, follow_redirects=False)
    assert r.status_code == 303
    page = c.get(r.headers["location"])
    assert "Question 1 of 5" in page.text and page.text.count('class="choice"') >= 2
    qid = int(page.text.split('data-question="')[1].split('"')[0])
    # an exam question not yet answered has no result page: back to the exam
    r2 = c.get(f"/train/q/{qid}", follow_redirects=False)
    assert r2.status_code == 303 and r2.headers["location"] == r.headers["location"]


@pytest.mark.parametrize("body, field", [
    ({"topic": "rule-99"}, "topic"), ({"size": 0}, "size"), ({"size": 31}, "size"), ({"size": "10"}, "size"),
    ({"edition": "1984"}, "edition"), ({"topic": "all", "colour": "red"}, "colour")])
def test_exam_bad_input_is_one_line(app, body, field):
    r = TestClient(app).post("/train/exam.json", json=body)
    assert r.status_code == 422 and r.json()["field"] == field and "\n" not in r.json()["error"]


def test_a_topic_of_another_edition_is_one_line(app):
    c = TestClient(app)
    r = c.get("/train.json?edition=intl-1897&topic=rule-24")
    assert r.status_code == 422 and r.json()["field"] == "topic" and "article-11" in r.json()["error"]
    page = c.get("/train?edition=intl-1897&topic=rule-24")
    assert page.status_code == 422 and "topic" in page.text


def test_topics_train_on_their_own_cards(app):
    c = TestClient(app)
    for topic, period in (("lights", "night"), ("shapes", "day")):
        for _ in range(3):
            q, r = _answer(c, topic=topic)
            assert q["period"] == period and r["result"]["period"] == period
    q = c.get("/train.json?topic=rule-30").json()
    assert q["question"]["topic"] == "rule-30" and q["progress"]["topic_label"] == "Rule 30"
    assert "By day you see" in c.get("/train?topic=shapes").text


# --- reset and export -----------------------------------------------------------------------------------


def test_reset_deletes_only_ones_own_progress(app):
    ann, bob = TestClient(app), TestClient(app)
    _answer(ann)
    _answer(bob)
    _answer(bob)
    assert ann.post("/train/reset.json", json={"confirm": False}).status_code == 422
    r = ann.post("/train/reset", data={}, follow_redirects=False)
    assert r.status_code == 422 and "confirm" in r.text
    assert ann.get("/train.json").json()["progress"]["answered"] == 1           # nothing deleted yet
    r = ann.post("/train/reset", data={"confirm": "yes"}, params={"edition": "intl-1972", "topic": "all"},
                 follow_redirects=False)
    assert r.status_code == 303 and "notice=reset" in r.headers["location"]
    page = ann.get(r.headers["location"])
    assert "Answered: 0" in page.text and 'id="notice"' in page.text
    assert bob.get("/train.json").json()["progress"]["answered"] == 2
    # a page elsewhere cannot reset a learner's progress
    r = bob.post("/train/reset.json", json={"confirm": True}, headers={"origin": "https://evil.example"})
    assert r.status_code == 403 and bob.get("/train.json").json()["progress"]["answered"] == 2
    assert bob.post("/train/reset.json", json={"confirm": True}).json()["deleted"]["questions"] >= 2


def test_export_is_ones_own_progress_as_a_file(app):
    ann, bob = TestClient(app), TestClient(app)
    qa, ra = _answer(ann, right=True)
    _answer(bob, right=False)
    r = ann.get("/train/export.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.headers["content-disposition"].startswith('attachment; filename="navlights-training-')
    data = r.json()
    assert data["format"] == "navlights-training-progress" and data["version"] == 1
    assert [a["id"] for a in data["answers"]] == [qa["id"]] and data["answers"][0]["correct"] is True
    assert data["cards"] == [{**data["cards"][0], "card": ra["result"]["item"], "box": 2, "seen": 1, "correct": 1}]
    assert "learner" not in json.dumps(data)


# --- the schema of version 1 (one progress for everybody) -----------------------------------------------------

SCHEMA_1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE items (edition TEXT NOT NULL, item TEXT NOT NULL, box INTEGER NOT NULL DEFAULT 1,
    due INTEGER NOT NULL DEFAULT 0, seen INTEGER NOT NULL DEFAULT 0, correct INTEGER NOT NULL DEFAULT 0,
    last_seen TEXT, PRIMARY KEY (edition, item));
CREATE TABLE questions (id INTEGER PRIMARY KEY AUTOINCREMENT, edition TEXT NOT NULL, item TEXT NOT NULL,
    vessel TEXT NOT NULL, aspect_deg REAL NOT NULL, choices TEXT NOT NULL, answer INTEGER NOT NULL,
    created TEXT NOT NULL, chosen INTEGER, correct INTEGER, answered TEXT);
CREATE INDEX questions_pending ON questions (edition, answered);
INSERT INTO meta VALUES ('schema_version', '1');
INSERT INTO items VALUES ('intl-1972', 'vessel at anchor', 2, 3, 1, 1, '2024-01-01T00:00:00+00:00');
INSERT INTO questions VALUES (1, 'intl-1972', 'vessel at anchor', '{"propulsion": "power", "status": "anchored"}',
    90, '[{"text": "vessel at anchor", "item": "vessel at anchor", "vessel": {}}]', 0,
    '2024-01-01T00:00:00+00:00', 0, 1, '2024-01-01T00:00:01+00:00');
"""


def test_schema_1_is_kept_aside_and_read_by_no_learner(tmp_path):
    db = tmp_path / "old.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(SCHEMA_1)
    conn.close()
    client = TestClient(create_app(db))
    data = client.get("/train.json").json()
    assert data["progress"]["answered"] == 0                 # the old answers were everybody's: nobody's now
    assert client.get("/train/q/1.json").json().get("answer") is None
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == "2"
    assert conn.execute("SELECT value FROM meta WHERE key = 'legacy'").fetchone()[0] == LEGACY_NOTE
    assert conn.execute("SELECT item, box FROM legacy_items_v1").fetchall() == [("vessel at anchor", 2)]
    assert conn.execute("SELECT id, chosen FROM legacy_questions_v1").fetchall() == [(1, 0)]
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # opening it again changes nothing more
    client.app.state.progress.close()
    TestClient(create_app(db)).get("/train.json")
    assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM legacy_questions_v1").fetchone()[0] == 1


def test_a_database_of_a_newer_navlights_is_refused(tmp_path):
    db = tmp_path / "new.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                       "INSERT INTO meta VALUES ('schema_version', '9');")
    conn.close()
    r = TestClient(create_app(db)).get("/train.json")
    assert r.status_code == 503 and r.json()["field"] == "db" and "newer navlights" in r.json()["error"]


def test_the_database_file_is_the_owners(tmp_path):
    TestClient(create_app(tmp_path / "fresh.sqlite")).get("/train.json")
    assert stat.S_IMODE(Path(tmp_path / "fresh.sqlite").stat().st_mode) == 0o600
