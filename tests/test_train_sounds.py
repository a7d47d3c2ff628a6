"""Train's sound-signal topics (issue 33, point 5): situation to signal and signal to situation, as cards of the
trainer, with distractors that sound different, a play button signal to situation, and the rule in the result.

Expected values by hand from the rule text (COLREGs 1972, USCG handbook transcription in
github.com/sailingnaturali/colregs-vault rules/international/rule-35.md): 35(a) one prolonged blast at intervals of
not more than 2 minutes (power-driven, making way); 35(c) one prolonged followed by two short (not under command,
restricted, constrained, sailing, fishing, towing or pushing); 35(e) one prolonged followed by three short (the last
vessel towed, if manned).
"""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from navlights import api
from navlights.web.app import create_app


@pytest.fixture()
def app(tmp_path):
    return create_app(tmp_path / "progress.sqlite", seed=9)


@pytest.mark.parametrize("edition, has", [
    ("intl-1972", True),        # Part D encoded: Rules 32-37
    ("us-inland", True),        # 33 CFR 83.32-83.37
    ("intl-1960", False),       # no signal encoded to drill (a gap): no sound topic
])
def test_sound_topics_per_edition(edition, has):
    topics = {t.id: t for t in api.sound_topics(edition)}
    assert (set(topics) == {"sound-to-signal", "sound-to-situation"}) is has
    if has:
        assert "sound-to-signal:power-making-way" in topics["sound-to-signal"].cards
        assert "sound-to-situation:power-making-way" in topics["sound-to-situation"].cards


@pytest.mark.parametrize("signal, right_words, cite", [
    ("power-making-way", "one prolonged blast", "Rule 35(a)"),
    ("special-status", "one prolonged blast, then two short blasts", "Rule 35(c)"),
    ("towed", "one prolonged blast, then three short blasts", "Rule 35(e)"),
])
def test_situation_to_signal_offers_signals_that_sound_apart(signal, right_words, cite):
    for seed in range(6):
        q = api.sound_question("intl-1972", signal, random.Random(seed), "sound-to-signal")
        texts = [c.text for c in q.choices]
        assert texts[q.answer].startswith(right_words)
        assert len(texts) == len(set(texts)) == 4
        assert q.choices[q.answer].item == signal and q.vessel == {} and q.period == "sound-to-signal"
    card = api.sound_card("intl-1972", signal, "sound-to-signal")
    assert card["prompt"].endswith("What does she sound?") and card["cites"] == [f"intl-1972 {cite}"]
    assert card["playable"] is False


@pytest.mark.parametrize("signal, heard, answer_words", [
    ("towed", "You hear one prolonged blast, then three short blasts", "vessel towed"),
    ("special-status", "You hear one prolonged blast, then two short blasts", "vessel not under command"),
])
def test_signal_to_situation_names_who_sounds_it(signal, heard, answer_words):
    q = api.sound_question("intl-1972", signal, random.Random(3), "sound-to-situation")
    assert answer_words in q.choices[q.answer].text
    card = api.sound_card("intl-1972", signal, "sound-to-situation")
    assert card["prompt"].startswith(heard) and card["playable"] is True


def test_a_signal_of_no_edition_makes_no_question():
    assert api.sound_question("intl-1972", "no-such-signal", random.Random(1), "sound-to-signal") is None


def test_a_sound_question_through_the_trainer(app):
    c = TestClient(app)
    r = c.get("/train.json?edition=intl-1972&topic=sound-to-situation")
    assert r.status_code == 200, r.text
    q = r.json()["question"]
    assert q["period"] == "sound-to-situation" and q["picture"] is None
    assert q["sound"] == f"/train/sound/{q['id']}.wav" and q["picture_words"].startswith("You hear ")
    assert {t["id"] for t in r.json()["topics"]} >= {"sound-to-signal", "sound-to-situation"}
    wav = c.get(q["sound"])
    assert wav.status_code == 200 and wav.headers["content-type"] == "audio/wav" and wav.content[:4] == b"RIFF"
    assert c.get(f"/train/picture/{q['id']}.svg").status_code == 404
    page = c.get("/train?edition=intl-1972&topic=sound-to-situation")
    assert 'id="question-sound"' in page.text and "Train: sound signals" in page.text and q["picture_words"] in page.text.replace("&#39;", "'")
    full = c.app.state.progress.stored(c.app.state.progress.learner(c.cookies.get(
        c.app.state.progress.cookie_name()))[0], q["id"])
    res = c.post("/train/answer.json", json={"question": q["id"], "choice": full["answer"]}).json()["result"]
    assert res["correct"] is True and res["cites"][0].startswith("intl-1972 Rule 3")
    shown = c.get(f"/train/q/{q['id']}")
    assert shown.status_code == 200 and 'id="result-sound"' in shown.text and "Right:" in shown.text


def test_a_picture_question_has_no_sound(app):
    c = TestClient(app)
    q = c.get("/train.json?edition=intl-1972&topic=lights").json()["question"]
    assert q["sound"] is None and c.get(f"/train/sound/{q['id']}.wav").status_code == 404


def test_a_sound_exam_is_reviewed_with_its_rules(app):
    c = TestClient(app)
    exam = c.post("/train/exam.json", json={"edition": "intl-1972", "topic": "sound-to-signal", "size": 3}).json()
    assert exam["size"] == 3
    while exam["question"] is not None:
        c.post("/train/answer.json", json={"question": exam["question"]["id"], "choice": 0})
        exam = c.get(f"/train/exam/{exam['id']}.json").json()
    assert all(r["cites"] and r["cites"][0].startswith("intl-1972 Rule 3") for r in exam["review"])
    assert "sound signal:" in c.get(f"/train/exam/{exam['id']}").text


@pytest.mark.parametrize("topic, words", [
    # a sound card: its signal's situation, in restricted visibility (Rule 35) or in sight (Rules 34, 9(e))
    ("sound-to-signal", ("In restricted visibility: ", "In sight of one another: ")),
    # a conduct card: her kind, where she bears, her course (never an id such as "sail-0")
    ("conduct-situation", ("a power-driven vessel ", "a sailing vessel ", "a vessel ")),
])
def test_the_weakest_cards_are_named_in_words(tmp_path, topic, words):
    from navlights.web.training import Progress
    p = Progress(tmp_path / "p.sqlite", seed=4)
    learner = "cadet"
    for _ in range(3):
        q = p.question(learner, "intl-1972", topic)
        wrong = next(i for i in range(len(q["choices"])) if i != p.stored(learner, q["id"])["answer"])
        p.answer(learner, q["id"], wrong)
    weak = p.summary(learner, "intl-1972", topic)["weak"]
    assert weak
    for w in weak:
        assert w["label"].startswith(words) and w["label"] != w["item"], w
