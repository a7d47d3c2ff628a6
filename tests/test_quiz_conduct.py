"""Training questions on conduct (engines/quiz_conduct.py): the right answer for each kind and scene worked by hand
from the rule text (COLREGs 1972; own vessel power-driven, steering 000 at 12 kn), four answers offered, each a
role the Rules can give."""

from __future__ import annotations

import random

import pytest

from navlights.engines.quiz_conduct import ANSWERS, KINDS, SCENES, build, question
from navlights.rulebase.loader import edition

ED = edition("intl-1972")
GIVE, STAND, BOTH = ANSWERS[("own",)], ANSWERS[("other",)], ANSWERS[("own", "other")]

# (kind, bearing, course, speed, right answer, cite)
CASES = [
    ("power", 45, 270, 10, GIVE, "Rule 15: she is on your starboard side"),
    ("power", 60, 300, 12, GIVE, "Rule 15"),
    ("power", 315, 90, 10, STAND, "Rule 15 (she keeps clear), Rule 17(a)(i)"),
    ("power", 300, 60, 12, STAND, "Rule 15, 17(a)(i)"),
    ("power", 0, 180, 10, BOTH, "Rule 14(a): reciprocal courses"),
    ("power", 180, 0, 18, STAND, "Rule 13(a): she overtakes from right astern"),
    ("power", 10, 0, 5, GIVE, "Rule 13(a): you come up from her stern"),
    ("sail", 315, 90, 10, GIVE, "Rule 18(a)(iv): power keeps out of the way of sail, either side"),
    ("sail", 0, 180, 10, GIVE, "Rule 18(a)(iv): not Rule 14, which is between power-driven vessels"),
    ("sail", 180, 0, 18, STAND, "Rule 13(a): an overtaking sailing vessel keeps clear; 18 gives way to 13"),
    ("fishing", 315, 90, 10, GIVE, "Rule 18(a)(iii)"),
    ("nuc", 300, 60, 12, GIVE, "Rule 18(a)(i)"),
    ("ram", 315, 90, 10, GIVE, "Rule 18(a)(ii)"),
    ("nuc", 10, 0, 5, GIVE, "Rule 13(a): you overtake her"),
]


@pytest.mark.parametrize("kind,bearing,course,speed,right,cite", CASES)
@pytest.mark.parametrize("qkind", ["seen", "situation"])
def test_right_answer(kind, bearing, course, speed, right, cite, qkind):
    q = build(ED, kind, qkind, bearing, course, speed, random.Random(7))
    assert q is not None, cite
    assert q.choices[q.answer] == right, (cite, q.why)
    assert sorted(q.choices) == sorted(ANSWERS.values()) and len(set(q.choices)) == 4
    assert q.rules and q.why


def test_seen_prompt_tells_the_lights_not_her_kind():
    q = build(ED, "nuc", "seen", 315, 90, 10, random.Random(1))
    assert q is not None and "red lights in a vertical line" in q.prompt and "not under command" not in q.prompt
    q = build(ED, "nuc", "situation", 315, 90, 10, random.Random(1))
    assert q is not None and "not under command" in q.prompt


@pytest.mark.parametrize("qkind", ["seen", "situation"])
def test_every_kind_and_scene_gives_a_question_and_draws_vary(qkind):
    assert all(build(ED, k, qkind, *s, random.Random(0)) for k in KINDS for s in SCENES)
    answers = {question(ED, qkind, random.Random(seed)).answer for seed in range(12)}  # type: ignore[union-attr]
    assert len(answers) > 1                     # the right answer does not sit in one place


def test_bad_kind():
    with pytest.raises(ValueError):
        question(ED, "pictures", random.Random(0))
