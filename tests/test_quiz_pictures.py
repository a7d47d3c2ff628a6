"""Issue 31: Train never offers two answers that show the same picture from the question's aspect.

A property over every question the deck can give, by night and by day, for the rules in force today: for each
question, no wrong answer's card has a vessel (a representative of its situations, or the same vessel stopped: still
under way, Rule 3, so still that card) that shows the picture asked about from that aspect; and the answers' own
pictures from there differ. The case of the issue: a green over white alone, a trawler under way but stopped (Rule
26(b)(i); sidelights and sternlight only when making way, 26(b)(iii)) shows what a trawler at anchor shows.
"""

from __future__ import annotations

import random

import pytest

from navlights.engines import quiz
from navlights.engines.view import view
from navlights.notation import as_pattern
from navlights.rulebase.loader import load

SEEDS = (0,)


def _pattern(vessel_display, aspect: float, period: str) -> str | None:
    p = view(vessel_display, aspect, None, period=period)
    return as_pattern(p).notation() if p.items else None


@pytest.mark.parametrize("eid", ["intl-1972", "us-inland"])
@pytest.mark.parametrize("period", ["night", "day"])
def test_no_two_answers_show_the_same_picture(eid, period):
    ed = load(eid)
    seen = quiz._seen(ed, period)
    asked = 0
    for item in quiz.items(ed, period):
        for seed in SEEDS:
            q = quiz.question(ed, item, random.Random(seed), period)
            if q is None:
                continue
            asked += 1
            right = q.choices[q.answer]
            mine = next(c for c, _ in seen if c.vessel == q.vessel)
            pat = _pattern(mine.display, q.aspect_deg, period)
            assert pat is not None
            pats = set()
            for n, ch in enumerate(q.choices):
                cands = [c for c, _ in seen if c.item in ch.members]
                if n != q.answer:
                    assert not quiz.shows_picture(ed, cands, pat, q.aspect_deg, period), \
                        (eid, period, item, seed, q.aspect_deg, pat, ch.name, right.name)
                own = next(c for c in cands if c.vessel == ch.vessel)
                pats.add(_pattern(own.display, q.aspect_deg, period))
            assert len(pats) == len(q.choices), (eid, period, item, seed, [c.name for c in q.choices])
    assert asked >= 10


def test_a_stopped_trawler_is_not_offered_beside_one_at_anchor():
    """The issue's question: green over white alone; 'vessel fishing (trawl)' (under way: she may be stopped) is no
    wrong answer beside 'vessel fishing (trawl) at anchor'."""
    ed = load("intl-1972")
    seen = quiz._seen(ed, "night")
    trawl = next(k for k in quiz.cards(ed, "night") if k.name == "vessel fishing (trawl)")
    cands = [c for c, _ in seen if c.item in trawl.members]
    assert quiz.shows_picture(ed, cands, "G/W", 135.0, "night")     # a trawler stopped, seen from her quarter
