"""Published examination questions on meeting, crossing, overtaking and responsibilities, answered by the conduct
engine. Each question is paraphrased in our words with the public address where it was read; the situation is set
up from the question, and the expected answer is the one the page marks correct, checked against the rule text
(the cite in the comment). Editions are named: intl-1972 for 'BOTH INTERNATIONAL & INLAND' questions (and
us-inland too where both are checked), us-inland for 'INLAND ONLY'.
"""

from __future__ import annotations

import pytest

from navlights import api

INTL, INLAND = "intl-1972", "us-inland"
BOTH = (INTL, INLAND)


def cites(c) -> list[str]:
    return [r.cite for r in c.reading.rules]


# (address, our paraphrase, editions, own, other, situation keywords, check(conduct) -> bool)
QUESTIONS = [
    ("https://www.coastguardexams.com/questions/rules-of-the-road/1",
     "A comes up on B from astern and overtakes her: what is B?  -> B stands on",
     BOTH, "power course=0 speed=5", "power course=0 speed=12 bearing=180 range=1", {},
     lambda c: c.stand_on == "own" and c.give_way == ("other",) and "Rule 13(a)" in cites(c)),       # 13(a), 17(a)(i)
    ("https://www.coastguardexams.com/Questions/RulesOfTheRoad/38",
     "In an overtaking, which is right?  -> the overtaking vessel keeps out of the other's way",
     BOTH, "power course=0 speed=14", "power course=0 speed=6 bearing=0 range=1", {},
     lambda c: c.encounter == "overtaking" and c.give_way == ("own",)),                                # 13(a)
    ("https://www.coastguardexams.com/questions/rules-of-the-road/241",
     "A, pushing ahead, sees B off her starboard bow, crossing: which is true?  -> B stands on, being to starboard",
     BOTH, "power course=0 speed=6 pushing=true", "power course=300 speed=8 bearing=45 range=1.5", {},
     lambda c: c.encounter == "crossing" and c.stand_on == "other" and c.give_way == ("own",)),        # 15
    ("https://www.coastguardexams.com/questions/rules-of-the-road/233",
     "Two power-driven vessels meet head-on with risk of collision: what must be done?  -> alter course to "
     "starboard", BOTH, "power course=0 speed=10", "power course=180 speed=10 bearing=0 range=3", {},
     lambda c: c.give_way == ("own", "other") and "alters course to starboard" in api.conduct_json(
         "power course=0 speed=10", "power course=180 speed=10 bearing=0 range=3", c.edition)["answer"]),  # 14(a)
    ("https://www.coastguardexams.com/questions/rules-of-the-road/231",
     "Two vessels meet head-on: how do they pass?  -> both alter to starboard, port to port",
     BOTH, "power course=90 speed=12", "power course=272 speed=12 bearing=91 range=4", {},
     lambda c: c.encounter == "head-on" and c.give_way == ("own", "other") and "Rule 14(a)" in cites(c)),
    ("https://coastguardexams.com/Questions/RulesOfTheRoad/223",
     "A meets B, which is pushing ahead, head-on: how must they pass?  -> both to starboard, port to port",
     BOTH, "power course=0 speed=8", "power course=180 speed=6 bearing=0 range=2 pushing=true", {},
     lambda c: c.encounter == "head-on" and c.give_way == ("own", "other")),                          # 14(a)
    ("https://www.coastguardexams.com/questions/rules-of-the-road/186",
     "When must both vessels change course?  -> two power-driven vessels meeting head-on (not in a crossing)",
     (INTL,), "power course=0 speed=10", "power course=180 speed=10 at=0,5", {},
     lambda c: c.give_way == ("own", "other")
     and api.conduct("power course=0 speed=10", "power course=270 speed=10 at=3,3", INTL).give_way == ("own",)),
    ("https://www.uscgq.com/question/deck/1/next/",
     "Crossing power-driven vessels: the one with the other to starboard keeps out of the way if ...  -> the "
     "situation involves risk of collision", (INTL,), "power course=0 speed=10",
     "power course=270 speed=10 at=3,3", {},
     lambda c: c.risk_of_collision and "risk of collision" in c.reading.rules[0].summary
     and not api.conduct("power course=0 speed=10", "power course=270 speed=10 at=3,8", INTL).risk_of_collision),
    ("https://coastguardexams.com/Modules/RVR01/40",
     "Western Rivers, narrow channel: a power-driven vessel going downstream meets one going upstream: which has "
     "the right of way?  -> the one moving downstream with a following current", (INLAND,),
     "power course=0 speed=6 upbound", "power course=180 speed=9 bearing=0 range=2 downbound",
     {"area": "narrow-channel", "waters": "western-rivers"},
     lambda c: c.give_way == ("own",) and c.stand_on == "other" and cites(c)[0] == "Rule 9(a)(ii)"),   # 83.09(a)(ii)
    ("https://www.coastguardexams.com/questions/rules-of-the-road/305",
     "Western Rivers: a vessel downbound with a following current meeting an upbound one has the right of way ... "
     "-> only if she is power-driven", (INLAND,), "power course=0 speed=6 upbound",
     "sail course=180 speed=4 bearing=0 range=2 downbound wind=port", {"waters": "western-rivers"},
     lambda c: not {"Rule 9(a)(ii)", "Rule 14(d)"} & set(cites(c))
     and api.conduct("power course=0 speed=6 upbound", "power course=180 speed=9 bearing=0 range=2 downbound",
                     INLAND, waters="western-rivers").reading.rules[0].cite == "Rule 14(d)"),         # 83.14(d)
    ("https://www.coastguardexams.com/questions/rules-of-the-road/310",
     "Western Rivers: what is true of a power-driven vessel downbound with the current meeting an upbound one?  "
     "-> she proposes the manner of passage", (INLAND,), "power course=0 speed=6 upbound",
     "power course=180 speed=9 bearing=0 range=2 downbound", {"waters": "western-rivers"},
     lambda c: c.reading.rules[0].cite == "Rule 14(d)" and "proposes the manner of passage" in c.reading.rules[0].summary),
    ("https://www.coastguardexams.com/questions/rules-of-the-road/307",
     "Narrow channel, following current, Great Lakes or Western Rivers, meeting an upbound vessel: what is true?  "
     "-> she has the right of way, proposes manner and place of passage, starts the signals", (INLAND,),
     "power course=0 speed=6 upbound", "power course=180 speed=9 bearing=0 range=2 downbound",
     {"area": "narrow-channel", "waters": "great-lakes"},
     lambda c: cites(c)[0] == "Rule 9(a)(ii)" and all(w in c.reading.rules[0].summary for w in (
         "right-of-way", "proposes how and where to pass", "starts the whistle signals"))),
    ("https://www.coastguardexams.com/modules/rvr01/20",
     "Crossing a river on the Great Lakes, a power-driven vessel going up the river crosses your course from port "
     "to starboard: what is true?  -> the vessel ascending the river has the right of way", (INLAND,),
     "power course=0 speed=8 crossing", "power course=60 speed=8 at=-2,1 upbound", {"waters": "great-lakes"},
     lambda c: c.give_way == ("own",) and cites(c)[0] == "Rule 15(b)"),                                # 83.15(b)
    ("https://captainsground.com/q/611-on-the-great-lakes-a-power-driven-vessel-is-crossing-a-river-a-second",
     "Great Lakes: one power-driven vessel crosses a river, another ascends it: who keeps out of the way?  -> the "
     "crossing vessel", (INLAND,), "power course=90 speed=8 upbound", "power course=0 speed=8 at=2,-2 crossing",
     {"waters": "great-lakes"},
     lambda c: c.give_way == ("other",) and cites(c)[0] == "Rule 15(b)"),
    ("https://captainsground.com/q/846-under-the-inland-navigation-rules-when-two-power-driven-vessels-are-me",
     "Inland: two power-driven vessels meeting on reciprocal courses with risk of collision: each?  -> alters to "
     "starboard, passing port to port", (INLAND,), "power course=0 speed=10", "power course=180 speed=10 at=0,3", {},
     lambda c: c.give_way == ("own", "other") and cites(c)[0] == "Rule 14(a)"
     and "Unless they agree otherwise" in c.reading.rules[0].summary),
    ("https://captainsground.com/q/3368-a-vessel-proceeding-in-restricted-visibility-detects-another-vessel-by",
     "Restricted visibility, radar only, close quarters developing with a vessel forward of the beam: which "
     "alteration to avoid?  -> to port", BOTH, "power course=0 speed=10", "power course=200 speed=10 bearing=30 "
     "range=3", {"in_sight": False},
     lambda c: c.stand_on is None and "Rule 19(d)(i)" in cites(c)),                                     # 19(d)(i)
    ("https://captainsground.com/q/203-your-vessel-is-navigating-in-dense-fog-and-detects-a-radar-contact-fin",
     "Dense fog, radar contact fine on the port bow, close quarters developing: the constraint?  -> avoid a port "
     "alteration; starboard is not restricted", BOTH, "power course=0 speed=10",
     "power course=175 speed=10 bearing=355 range=3", {"in_sight": False},
     lambda c: "Rule 19(d)(i)" in cites(c) and "Rule 19(d)(ii)" not in cites(c)),
    ("https://video.waltoncountyga.gov/know/46986019",
     "Restricted visibility, radar alone, close quarters or risk of collision: she shall ...  -> avoid altering "
     "toward a vessel abaft the beam", BOTH, "power course=0 speed=8", "power course=330 speed=14 bearing=135 "
     "range=2", {"in_sight": False},
     lambda c: "Rule 19(d)(ii)" in cites(c) and "Rule 19(d)(i)" not in cites(c)),
    ("https://www.coastguardexams.com/questions/rules-of-the-road/163",
     "Your 15 m vessel crosses a narrow channel; a large cargo vessel in the channel, to port, crosses your course: "
     "what must you do?  -> not cross if you might impede her", BOTH,
     "power course=90 speed=6 length=15m crossing", "power course=0 speed=10 at=-1,-1 channel-only length=180m",
     {"area": "narrow-channel"},
     lambda c: {"Rule 9(b)", "Rule 9(d)"} <= {d.rule.cite for d in c.duties if d.who == "own"}),
    ("https://www.coastguardexams.com/questions/rules-of-the-road/63",
     "You cross a narrow channel in your 15 m vessel; a deeply loaded cargo vessel comes down the channel: what is "
     "correct?  -> you may not impede her passage", BOTH, "power course=90 speed=6 length=15m crossing",
     "power course=180 speed=10 at=1,2 channel-only length=200m", {"area": "narrow-channel"},
     lambda c: any(d.who == "own" and d.duty == "not-impede" for d in c.duties)),
    ("https://asa.com/news/2016/04/08/navigation-rules-quiz/",
     "Two reaching sailboats on a collision course, wind on different sides: who gives way?  -> the one with the "
     "wind on her port side", BOTH, "sail course=0 speed=5 wind=port", "sail course=270 speed=5 at=2,2 "
     "wind=starboard", {},
     lambda c: c.give_way == ("own",) and cites(c)[0] == "Rule 12(a)(i)"),
    ("https://asa.com/news/2016/04/08/navigation-rules-quiz/#same-side",
     "Two sailboats with the wind on the same side: who keeps out of the way?  -> the windward boat", BOTH,
     "sail course=0 speed=5 wind=starboard", "sail course=300 speed=5 at=2,1 wind=starboard",
     {"wind_from_deg": 90.0},
     lambda c: c.give_way == ("other",) and cites(c)[0] == "Rule 12(a)(ii)"),
    ("https://asa.com/news/2016/04/08/navigation-rules-quiz/#overtaking",
     "Power does not give way to sail when ...  -> the sailboat is overtaking the powerboat", BOTH,
     "power course=0 speed=4", "sail course=0 speed=7 bearing=190 range=0.5 wind=port", {},
     lambda c: c.encounter == "overtaking" and c.give_way == ("other",) and c.stand_on == "own"),
    ("http://boatoncourse.com/b07_sailing_vessels.php",
     "A sailboat under sail must keep clear of which: a tug restricted in her ability to manoeuvre?  -> yes", BOTH,
     "sail course=0 speed=5 wind=port", "ram course=270 speed=4 at=2,2", {},
     lambda c: c.give_way == ("own",) and cites(c)[0] == "Rule 18(b)"),
    ("http://boatoncourse.com/b07_sailing_vessels.php#q2",
     "A recreational powerboat meeting a sailboat under sail must typically ...  -> give way", BOTH,
     "power course=0 speed=15", "sail course=270 speed=5 at=2,6 wind=starboard", {},
     lambda c: c.give_way == ("own",) and cites(c)[0] == "Rule 18(a)"),
    ("https://seatrials.net/study/both-international-inland-in-open-waters-a-vessel-fishing-is-in-a-crossing-situation-with-a-vessel-s",
     "Open water: a fishing vessel crossing with a sailing vessel on her starboard side: which stands on?  -> the "
     "fishing vessel", BOTH, "fishing course=0 speed=4", "sail course=270 speed=4 at=2,2 wind=port", {},
     lambda c: c.stand_on == "own" and c.give_way == ("other",) and cites(c)[0] == "Rule 18(b)"),
]


@pytest.mark.parametrize("address, question, editions, own, other, kw, check", QUESTIONS,
                         ids=[f"q{i + 1}" for i in range(len(QUESTIONS))])
def test_exam_question(address, question, editions, own, other, kw, check):
    assert address.startswith("http")
    for edition in editions:
        c = api.conduct(own, other, edition, **kw)
        assert check(c), (question, edition, api.conduct_json(own, other, edition, **kw)["answer"])


def test_at_least_twenty_questions():
    assert len(QUESTIONS) >= 20
    assert len({q[1] for q in QUESTIONS}) == len(QUESTIONS)


@pytest.mark.parametrize("edition", BOTH)
def test_overtaking_from_the_sternlight_alone(edition):
    """https://ssata.cn/q/LbXmKl.html -- a vessel is deemed overtaking when at night she can see ... -> only the
    sternlight of the vessel ahead (13(b)): her white light alone, right ahead, reads as overtaking."""
    d = api.conduct_seen_json("W", 0, edition)
    assert d["encounter"] == "overtaking" and d["overtaking"] == "own" and d["give_way"] == ["own"]


def test_head_on_from_the_lights():
    """14(b): masthead lights in a line and both sidelights, right ahead -> head-on (the same question pages as
    coastguardexams.com/questions/rules-of-the-road/233)."""
    d = api.conduct_seen_json("G W/W R", 0, INTL)
    assert d["encounter"] == "head-on" and d["give_way"] == ["own", "other"]


def test_two_reds_from_the_lights_give_rule_18():
    """Two all-round reds (not under command) seen broad on the starboard bow: a power-driven vessel keeps out of
    her way (18(a)(i)); the lights show no heading, so the overtaking reading comes as a border."""
    d = api.conduct_seen_json("R/R", 30, INTL)
    assert d["other"]["status"] == "nuc" and d["give_way"] == ["own"] and d["rules"][0]["cite"] == "Rule 18(a)"
