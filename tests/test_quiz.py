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
