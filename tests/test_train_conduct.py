"""Train's conduct topics (issue 32, point 6): who gives way, from her lights (her night picture drawn) and from the
situation told in words, as cards of the trainer; the answer with its rules and their provenance after answering;
exams and progress as for every card.

Own vessel is power-driven, steering 000 at 12 kn (engines/quiz_conduct.py). Expected roles by hand from COLREGs 1972
(USCG Navigation Rules handbook, transcription in github.com/sailingnaturali/colregs-vault
rules/international/rule-13.md ... rule-18.md):
- Rule 13(a): any vessel overtaking keeps out of the way of the one overtaken, notwithstanding Rules 4-18; 13(b):
  coming up from more than 22.5 degrees abaft her beam is overtaking.
- Rule 14(a): two power-driven vessels meeting on reciprocal or nearly reciprocal courses each alter to starboard.
- Rule 15: two power-driven vessels crossing: the one with the other on her own starboard side keeps out of the way.
- Rule 18(a): a power-driven vessel under way keeps out of the way of a vessel not under command, one restricted in
  her ability to manoeuvre, one engaged in fishing and a sailing vessel (except where Rules 9, 10 and 13 say otherwise).
"""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from navlights import api
from navlights.web.app import create_app

# Scenes (engines/quiz_conduct.SCENES): 0 her bearing 045 steering 270; 2 bearing 315 steering 090; 4 right ahead
# steering 180; 5 right astern steering 000 at 18 kn (she overtakes); 6 bearing 010 steering 000 at 5 kn (you overtake)
CASES = [
    ("power-0", "you-give-way", "Rule 15"),      # she is on your starboard side: you keep out of her way
    ("power-2", "she-gives-way", "Rule 15"),     # you are on her starboard side: she keeps out of your way
    ("power-4", "both-alter", "Rule 14"),        # two power-driven vessels head-on: each alters to starboard
    ("power-5", "she-gives-way", "Rule 13"),     # she overtakes you
    ("power-6", "you-give-way", "Rule 13"),      # you overtake her
    ("sail-2", "you-give-way", "Rule 18"),       # a sailing vessel on your port bow: 18(a)(iv), not Rule 15
    ("sail-4", "you-give-way", "Rule 18"),       # head-on with sail: Rule 14 is power and power only; 18(a)(iv)
    ("sail-5", "she-gives-way", "Rule 13"),      # a sailing vessel overtaking you still keeps out of the way: 13(a)
    ("fishing-2", "you-give-way", "Rule 18"),    # 18(a)(iii)
    ("nuc-2", "you-give-way", "Rule 18"),        # 18(a)(i)
    ("ram-0", "you-give-way", "Rule 18"),        # 18(a)(ii)
]


@pytest.fixture()
def app(tmp_path):
    return create_app(tmp_path / "progress.sqlite", seed=9)


@pytest.mark.parametrize("edition, has", [
    ("intl-1972", True),        # Rules 13-18 read (primary)
    ("us-inland", True),        # 33 CFR 83.13-83.18
    ("gl-1895", False),         # not read: one gap entry, no roles decided, so no conduct topic
    ("intl-1960", False),       # overtaking sector not read: no roles decided (a gap, never "no give-way vessel")
    ("intl-1897", False),       # likewise; and her lights need a tonnage the scene does not give
])
def test_conduct_topics_per_edition(edition, has):
    topics = {t.id: t for t in api.conduct_topics(edition)}
    assert set(topics) == ({"conduct-seen", "conduct-situation"} if has else set())
    if has:
        assert "conduct-situation:power-0" in topics["conduct-situation"].cards
        assert "conduct-seen:power-0" in topics["conduct-seen"].cards


@pytest.mark.parametrize("card, role, rule", CASES)
@pytest.mark.parametrize("period", ["conduct-situation", "conduct-seen"])
def test_the_right_answer_is_the_rules(card, role, rule, period):
    for seed in range(3):
        q = api.conduct_question("intl-1972", card, random.Random(seed), period)
        assert q is not None and q.period == period and q.item == card
        assert q.choices[q.answer].item == role
        assert len({c.item for c in q.choices}) == 4           # all four roles offered
    assert (q.vessel != {}) is (period == "conduct-seen")      # her lights are drawn only from her lights
    c = api.conduct_card("intl-1972", card, period)
    assert any(r.startswith(f"intl-1972 {rule}") for r in c["cites"]), c["cites"]
    assert all(r["provenance"] in ("primary", "secondary", "inferred", "gap") for r in c["rules"])
    assert c["why"] and c["lights"] is (period == "conduct-seen")


@pytest.mark.parametrize("card", ["power-7", "tug-0", "power", "power-x"])
def test_a_card_of_no_scene_makes_no_question(card):
    assert api.conduct_question("intl-1972", card, random.Random(1), "conduct-seen") is None
    assert api.conduct_card("intl-1972", card, "conduct-seen")["cites"] == []


def _right(c, q):
    p = c.app.state.progress
    return p.stored(p.learner(c.cookies.get(p.cookie_name()))[0], q["id"])["answer"]


def test_from_her_lights_through_the_trainer(app):
    c = TestClient(app)
    r = c.get("/train.json?edition=intl-1972&topic=conduct-seen")
    assert r.status_code == 200, r.text
    q = r.json()["question"]
    assert q["period"] == "conduct-seen" and q["sound"] is None and q["picture"] == f"/train/picture/{q['id']}.svg"
    assert q["picture_words"].startswith("Night, clear visibility.") and len(q["choices"]) == 4
    svg = c.get(q["picture"])
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    page = c.get("/train?edition=intl-1972&topic=conduct-seen")
    assert "Train: who gives way?" in page.text and 'id="question-picture"' in page.text
    res = c.post("/train/answer.json", json={"question": q["id"], "choice": _right(c, q)}).json()["result"]
    assert res["correct"] is True and res["cites"] and all(x.startswith("intl-1972 Rule 1") for x in res["cites"])
    shown = c.get(f"/train/q/{q['id']}")
    assert shown.status_code == 200 and "Right:" in shown.text
    assert 'id="conduct-why"' in shown.text and 'id="conduct-rules"' in shown.text and "<svg" in shown.text


def test_from_the_situation_has_no_picture(app):
    c = TestClient(app)
    q = c.get("/train.json?edition=intl-1972&topic=conduct-situation").json()["question"]
    assert q["picture"] is None and q["picture_words"].startswith("You are a power-driven vessel under way")
    assert q["picture_words"].endswith("Who gives way?")
    assert c.get(f"/train/picture/{q['id']}.svg").status_code == 404
    wrong = (_right(c, q) + 1) % 4
    res = c.post("/train/answer.json", json={"question": q["id"], "choice": wrong}).json()
    assert res["result"]["correct"] is False
    shown = c.get(f"/train/q/{q['id']}").text
    assert "Not quite" in shown and 'id="conduct-rules"' in shown


def test_a_conduct_exam_is_reviewed_with_its_rules_and_counts_in_progress(app):
    c = TestClient(app)
    exam = c.post("/train/exam.json", json={"edition": "intl-1972", "topic": "conduct-situation", "size": 3}).json()
    assert exam["size"] == 3
    while exam["question"] is not None:
        c.post("/train/answer.json", json={"question": exam["question"]["id"], "choice": 0})
        exam = c.get(f"/train/exam/{exam['id']}.json").json()
    assert all(r["cites"] and r["cites"][0].startswith("intl-1972 Rule 1") for r in exam["review"])
    assert "who gives way:" in c.get(f"/train/exam/{exam['id']}").text
    progress = c.get("/train.json?edition=intl-1972&topic=conduct-situation").json()["progress"]
    assert progress["answered"] == 3 and progress["topic"] == "conduct-situation"
