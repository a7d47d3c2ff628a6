"""The sound-signal drill (issue 33): situation to signal and signal to situation, distractors that sound different,
every question with its cite; on the Sounds page, answered by following a choice."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from navlights import api
from navlights.engines import sound_quiz
from navlights.errors import NavlightsError
from navlights.web.app import create_app


@pytest.mark.parametrize("edition", ["intl-1972", "us-inland", "intl-1948", "gl-1895"])
@pytest.mark.parametrize("direction", sound_quiz.DIRECTIONS)
def test_every_question_has_one_right_answer_that_sounds_apart(edition, direction):
    for seed in range(40):
        d = sound_quiz.drill(edition, seed, direction)
        assert len(d.choices) == len(set(d.choices)) >= 3
        book = {s.id: s for s in __import__("navlights.rulebase.signals", fromlist=["book"]).book(edition).signals}
        assert d.signal.id in book and d.signal.cite.rule
        if direction == "to-signal":     # the signal's words are the answer, and no other choice is the same sound
            assert d.choices.count(d.choices[d.answer]) == 1
        else:                            # no other choice is a situation that sounds what was heard
            same = {sound_quiz._situation(s) for s in book.values() if s.pattern == d.signal.pattern}
            assert [c for i, c in enumerate(d.choices) if i != d.answer and c in same] == []


def test_same_seed_same_question_and_json():
    a = api.sound_drill_json("intl-1972", 7, "to-situation", choice=0)
    assert a == api.sound_drill_json("intl-1972", 7, "to-situation", choice=0)
    assert a["correct"] == (a["answer"] == 0) and a["citation"]["rule"] in a["explanation"]


def test_drill_refuses_what_it_cannot_ask():
    with pytest.raises(NavlightsError, match="direction"):
        sound_quiz.drill("intl-1972", 1, "sideways")
    with pytest.raises(NavlightsError, match="intl-1960 has no sound signals"):
        sound_quiz.drill("intl-1960", 1)


def test_drill_on_the_page():
    c = TestClient(create_app())
    r = c.get("/sounds", params={"edition": "intl-1972", "length": "50 m", "drill": "2"})
    assert r.status_code == 200 and 'id="drill-prompt"' in r.text
    first = re.search(r'<ol class="drill-choices"[^>]*><li><a href="([^"]+)"', r.text).group(1).replace("&amp;", "&")
    answered = c.get(first)
    assert answered.status_code == 200 and 'id="drill-result"' in answered.text
    d = c.get("/sounds.json", params={"edition": "intl-1972", "length": "50 m", "drill": "2", "choice": "0"}).json()
    assert ("Right" if d["drill"]["correct"] else "Not so") in answered.text
