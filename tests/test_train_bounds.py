"""Issue 35 item 4: one learner's work is never removed by another's traffic. Pruning is per learner; learners
who have answered nothing (anonymous: a cookieless visitor is a new one each time) have their questions and exams
expire after a day and bounded all together, past which a new anonymous one is refused (503, Retry-After) rather
than made by removing another's (src/navlights/web/training.py "Bounds", docs/web.md)."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from fastapi.testclient import TestClient

from navlights.web import training
from navlights.web.app import create_app
from navlights.web.training import Crowded, NoSuchQuestion, Progress

EDITION = "intl-1972"
DAY_S = 86_400


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def _learner() -> str:
    return secrets.token_urlsafe(16)


def _open(p: Progress) -> int:
    return int(p._db().execute("SELECT COUNT(*) FROM questions WHERE answered IS NULL").fetchone()[0])


@pytest.fixture()
def small(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> tuple[Progress, Clock]:
    monkeypatch.setattr(training, "MAX_ANONYMOUS_QUESTIONS", 20)
    monkeypatch.setattr(training, "MAX_OPEN_PER_LEARNER", 3)
    monkeypatch.setattr(training, "MAX_EXAMS_PER_LEARNER", 2)
    clock = Clock()
    return Progress(tmp_path / "p.sqlite", seed=35, clock=clock), clock


def test_a_flood_of_anonymous_visitors_never_removes_another_learners_question(small):
    """Issue 35's attack: cookieless GET /train.json again and again. Her pending question stays answerable."""
    p, _ = small
    her = _learner()
    mine = p.question(her, EDITION)
    refused = 0
    for _ in range(40):                                    # twice the bound, each a new anonymous learner
        try:
            p.question(_learner(), EDITION)
        except Crowded:
            refused += 1
    assert refused == 40 - 19                              # 20 in all: hers and 19 others; the rest refused
    assert p.answer(her, mine["id"], 0)["answered"]        # hers is still there


def test_a_learner_who_has_answered_is_never_refused(small):
    p, _ = small
    her = _learner()
    q = p.question(her, EDITION)
    p.answer(her, q["id"], 0)
    for _ in range(25):
        try:
            p.question(_learner(), EDITION)
        except Crowded:
            pass
    assert p.question(her, "intl-1960")["answered"] is False   # a new question for her, past the anonymous bound


@pytest.mark.parametrize("after_s, kept", [(DAY_S - 1, True), (DAY_S + 1, False)])     # ANONYMOUS_TTL_S
def test_anonymous_questions_expire_after_a_day(small, after_s, kept):
    p, clock = small
    her = _learner()
    q = p.question(her, EDITION)
    clock.now += after_s
    p.question(_learner(), EDITION)                         # any new question sweeps what has expired
    if kept:
        assert p.answer(her, q["id"], 0)["answered"]
    else:
        with pytest.raises(NoSuchQuestion):
            p.answer(her, q["id"], 0)


def test_a_learner_who_has_answered_keeps_her_questions_past_a_day(small):
    p, clock = small
    her = _learner()
    p.answer(her, p.question(her, EDITION)["id"], 0)
    q = p.question(her, "intl-1960")
    clock.now += 30 * DAY_S
    p.question(_learner(), EDITION)
    assert p.answer(her, q["id"], 0)["answered"]


def test_pruning_is_per_learner(small):
    """MAX_OPEN_PER_LEARNER (3 here): her fourth open question pushes out her own oldest, nobody else's."""
    p, _ = small
    other = _learner()
    theirs = p.question(other, EDITION)
    her = _learner()
    mine = [p.question(her, e)["id"] for e in ("intl-1972", "intl-1960", "intl-1948", "intl-1897")]
    with pytest.raises(NoSuchQuestion):
        p.answer(her, mine[0], 0)
    assert p.answer(her, mine[1], 0)["answered"] and p.answer(other, theirs["id"], 0)["answered"]


def test_exams_are_bounded_per_learner_and_anonymous_ones_count_in_the_bound(small):
    p, _ = small
    her = _learner()
    first = p.start_exam(her, EDITION, size=5)
    p.start_exam(her, EDITION, size=5)
    p.start_exam(her, EDITION, size=5)                     # MAX_EXAMS_PER_LEARNER (2 here): her first goes
    with pytest.raises(NoSuchQuestion):
        p.exam(her, first["id"])
    with pytest.raises(Crowded):                           # 10 held, + 15 > 20
        p.start_exam(_learner(), EDITION, size=15)


def test_the_web_answers_crowded_with_503_and_retry_after(tmp_path, monkeypatch):
    monkeypatch.setattr(training, "MAX_ANONYMOUS_QUESTIONS", 2)
    client = TestClient(create_app(tmp_path / "p.sqlite", seed=35), raise_server_exceptions=False)
    codes = [TestClient(client.app).get("/train.json").status_code for _ in range(3)]   # a new cookie-less each
    assert codes[:2] == [200, 200] and codes[2] == 503
    r = TestClient(client.app).get("/train.json")
    assert r.status_code == 503 and int(r.headers["retry-after"]) == training.CROWDED_RETRY_S
    assert "at most 2" in r.json()["error"]
