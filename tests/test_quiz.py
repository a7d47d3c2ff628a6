"""The quiz engine (engines/quiz.py) through the facade: no web, no storage."""

from __future__ import annotations

import random

import pytest

from navlights import api


def _card(edition, period, member):
    """The card of ``edition`` at ``period`` that stands for the situation ``member``."""
    found = [c for c in api.quiz_cards(edition) if c.period == period and member in c.members]
    assert len(found) == 1, (edition, period, member, found)
    return found[0]


def test_items_are_cards_that_show_a_light():
    items = api.quiz_items("1960")
    assert items and len(items) == len(set(items))
    # 1960 Rule 11(a): a vessel at anchor shows her anchor lights; the card that stands for her is asked
    assert _card("1960", "night", "vessel at anchor").name in items


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
        assert stored["choices"][q.answer]["item"] == item and stored["choices"][q.answer]["vessel"] == q.vessel
        assert stored["period"] == "night"


def test_an_item_of_no_edition_has_no_question():
    assert api.quiz_question("1960", "no such situation", random.Random(1)) is None
    assert api.quiz_question("1960", api.quiz_items("1960")[0], random.Random(1), period="noon") is None


# --- issue 12, section 4; issue 21, point 7: only questions the picture can answer ------------------------------


def _questions(edition, period, n, seed):
    rng = random.Random(seed)
    items = api.quiz_items(edition, period)
    for k in range(n):
        q = api.quiz_question(edition, items[(k * 7) % len(items)], rng, period)
        if q is not None:
            yield q


PERIODS = [(ed, period) for ed in api.edition_ids() for period in ("night", "day")
           if api.quiz_items(ed, period)]


@pytest.mark.parametrize("edition, period", PERIODS)
def test_the_picture_seen_answers_the_question(edition, period):
    """For many seeded questions of every edition, at night and by day: no two answers show the same picture from
    the question's aspect, and no answer but the right one could show the question's picture there, at any length
    or with any lighting the rules allow (the identification engine says which situations can)."""
    asked_any = False
    for q in _questions(edition, period, 10, 21):
        asked_any = True
        assert 2 <= len(q.choices) <= 4 and q.period == period
        pictures = [api.view(api.display(c.vessel, edition), q.aspect_deg, period=period) for c in q.choices]
        assert all(p.items for p in pictures)
        notations = [api.parse_picture(p).notation() for p in pictures]
        assert len(set(notations)) == len(notations), (edition, q.item, notations)
        seen = pictures[q.answer]
        readings = [h for h in api.identify(seen, edition, near=False) if h.contains(q.aspect_deg)]
        can_show = {s for h in readings for s in (h.situation, *h.also)}
        assert set(q.choices[q.answer].members) & can_show, (edition, q.item)
        for k, c in enumerate(q.choices):
            if k != q.answer:
                assert not set(c.members) & can_show, (edition, period, q.item, c.item, q.aspect_deg)
    assert asked_any


def test_answers_give_lengths_as_a_mariner_says_them():
    # 1960 Rule 11(a)-(b) cut at 150 ft, Rule 7 at 65 ft (power) and 40 ft (sail): classes, not metres
    texts = [c.text for q in _questions("intl-1960", "night", 30, 7) for c in q.choices]
    assert texts and not any(" m)" in t or ".5 ft" in t for t in texts), texts
    assert any(t.endswith(("under 150 ft", "150 ft or more", "under 65 ft", "under 40 ft", "40 ft or more"))
               or "65 ft or more" in t for t in texts)
    anchor = _card("intl-1960", "night", "vessel at anchor").name
    said = [c.text for q in _questions("intl-1960", "night", 60, 11) for c in q.choices if c.item == anchor]
    assert said and set(said) <= {f"{anchor}, under 150 ft", f"{anchor}, 150 ft or more"}


# --- cards: what looks the same from every aspect is one answer, named as a mariner says it ----------------------


def test_at_night_every_work_not_making_way_is_one_answer():
    # 1972 Rule 27(b)(i): red-white-red all round, whatever the work; (b)(iii) only a vessel making way adds
    # masthead, side and stern lights. So replenishment, cable, survey and dredging work look the same.
    card = _card("intl-1972", "night", "vessel engaged in replenishment work, not making way")
    assert card.name == "vessel restricted in her ability to manoeuvre, not making way"
    assert {"vessel engaged in cable work, not making way", "vessel engaged in survey work, not making way",
            "vessel engaged in dredging work, not making way"} <= set(card.members)
    assert card.rules == ("Rule 27",)
    making_way = _card("intl-1972", "night", "vessel engaged in cable work")
    assert making_way.name == "vessel restricted in her ability to manoeuvre" and making_way is not card
    # no night answer of the 1972 Rules names the work where the lights do not tell it
    assert not any("replenishment" in n or "cable work" in n for n in api.quiz_items("intl-1972", "night"))


def test_by_day_the_work_is_named_only_where_the_shapes_differ():
    # 1972 Rule 27(b)(ii): ball, diamond, ball for every such vessel, making way or not; (d)(ii): a dredger with an
    # obstruction adds two balls on the obstructed side and two diamonds on the side to pass
    day = _card("intl-1972", "day", "vessel engaged in dredging work")
    assert day.name == "vessel restricted in her ability to manoeuvre"
    assert {"vessel engaged in cable work", "vessel engaged in cable work, not making way",
            "vessel engaged in replenishment work"} <= set(day.members)
    obstruction = _card("intl-1972", "day", "dredger at anchor with an obstruction to port")
    assert obstruction is not day and obstruction.members == ("dredger at anchor with an obstruction to port",)


@pytest.mark.parametrize("edition", ["intl-1960", "intl-1972", "us-inland"])
def test_a_situation_the_edition_has_no_rule_for_is_never_offered(edition):
    # harbour tugs, ferries, canal and St Lawrence boats are vessels of the Great Lakes rules of 1895 (their Rules
    # 3-4); the international and inland rules since have no such vessels: under them she is a power-driven vessel
    members = {m for c in api.quiz_cards(edition) for m in c.members}
    assert not members & {"harbour-tug", "harbour-tug towing", "ferry", "canal-boat", "st-lawrence-boat"}
    texts = {c.text for q in _questions(edition, "night", 12, 3) for c in q.choices}
    assert not any("harbour-tug" in t or "ferry" in t for t in texts)


def test_the_great_lakes_rules_keep_their_harbour_tugs():
    assert "harbour-tug towing" in {m for c in api.quiz_cards("gl-1895") for m in c.members}


def test_cards_are_one_per_name_and_period():
    for ed in api.edition_ids():
        keys = [c.key for c in api.quiz_cards(ed)]
        assert len(keys) == len(set(keys)), ed
        members = [(c.period, m) for c in api.quiz_cards(ed) for m in c.members]
        assert len(members) == len(set(members)), ed           # a situation stands in one card per period


def test_topics_lights_shapes_and_rules():
    topics = {t.id: t for t in api.quiz_topics("intl-1972")}
    assert {"all", "lights", "shapes", "rule-24", "rule-26", "rule-27", "rule-30"} <= set(topics)
    cards = {c.key: c for c in api.quiz_cards("intl-1972")}
    assert all(cards[k].period == "night" for k in topics["lights"].cards)
    assert all(cards[k].period == "day" for k in topics["shapes"].cards)
    # Rule 24(a): a power-driven vessel towing; Rule 30(a): a vessel at anchor; Rule 26(b): trawling
    assert f"night:{_card('intl-1972', 'night', 'power-driven vessel towing').name}" in topics["rule-24"].cards
    assert f"night:{_card('intl-1972', 'night', 'vessel at anchor').name}" in topics["rule-30"].cards
    assert f"night:{_card('intl-1972', 'night', 'vessel fishing (trawl)').name}" in topics["rule-26"].cards
    # a towing vessel's masthead lights and sidelights are Rule 23's general lights: not a Rule 23 question
    assert f"night:{_card('intl-1972', 'night', 'power-driven vessel towing').name}" not in topics["rule-23"].cards
    # the 1897 Regulations number Articles
    assert "article-11" in {t.id for t in api.quiz_topics("intl-1897")}
