"""The quiz engine (engines/quiz.py) through the facade: no web, no storage."""

from __future__ import annotations

import random

from navlights import api


def test_items_are_situations_that_show_a_light():
    items = api.quiz_items("1960")
    assert items and len(items) == len(set(items))
    assert "vessel at anchor" in items


def test_a_seeded_generator_gives_the_same_question():
    item = api.quiz_items("1948")[0]
    a = api.quiz_question("1948", item, random.Random(11))
    b = api.quiz_question("intl-1948", item, random.Random(11))
    assert a is not None and a == b and a.edition == "intl-1948" and a.item == item


def test_exactly_one_answer_fits_the_picture():
    rng = random.Random(5)
    for item in api.quiz_items("1960")[:6]:
        q = api.quiz_question("1960", item, rng)
        assert q is not None
        assert 2 <= len(q.choices) <= 4 and q.choices[q.answer].vessel == q.vessel
        words = [api.view(api.display(c.vessel, "1960"), q.aspect_deg).describe() for c in q.choices]
        assert len(set(words)) == len(words)
        stored = q.to_dict()
        assert stored["choices"][q.answer] == {"text": q.choices[q.answer].text, "item": item, "vessel": q.vessel}


def test_an_item_of_no_edition_has_no_question():
    assert api.quiz_question("1960", "no such situation", random.Random(1)) is None


# --- issue 12, section 4: only questions the lights can answer; lengths as a mariner says them ----------


def _questions(edition, n, seed):
    rng = random.Random(seed)
    items = api.quiz_items(edition)
    for k in range(n):
        q = api.quiz_question(edition, items[k % len(items)], rng)
        if q is not None:
            yield q


def test_the_lights_seen_answer_the_question():
    # no other answer's situation can show her picture from that aspect, at any length or lighting: e.g.
    # 1897 Art. 11 (a vessel at anchor) and a fishing vessel at anchor showing the same white lights
    for edition in ("intl-1897", "intl-1960"):
        for q in _questions(edition, 24, 3):
            asked = api.view(api.display(q.vessel, edition), q.aspect_deg)
            # every reading (issue 22: the answer's lines hold their readings as variants)
            readings = [h for h in api.identify(asked, edition, near=False).readings() if h.contains(q.aspect_deg)]
            can_show = {s for h in readings for s in (h.situation, *h.also)}
            assert q.item in can_show
            for k, c in enumerate(q.choices):
                if k != q.answer:
                    assert c.item not in can_show, (edition, q.item, c.item, q.aspect_deg)
            pats = [api.parse_picture(api.view(api.display(c.vessel, edition), q.aspect_deg)).notation()
                    for c in q.choices]
            assert len(set(pats)) == len(pats)


def test_answers_give_lengths_as_a_mariner_says_them():
    # 1960 Rule 11(a)-(b) cut at 150 ft, Rule 7 at 65 ft (power) and 40 ft (sail): classes, not metres
    texts = [c.text for q in _questions("intl-1960", 30, 7) for c in q.choices]
    assert texts and not any(" m)" in t or ".5 ft" in t for t in texts), texts
    assert any(t.endswith(("under 150 ft", "150 ft or more", "under 65 ft", "under 40 ft", "40 ft or more"))
               or "65 ft or more" in t for t in texts)
    anchor = [c.text for q in _questions("intl-1960", 60, 11) for c in q.choices if c.item == "vessel at anchor"]
    assert anchor and set(anchor) <= {"vessel at anchor, under 150 ft", "vessel at anchor, 150 ft or more"}
