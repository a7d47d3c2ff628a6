"""Issue 31: identify answers a watchkeeper in one line: what she is, what she is doing, which way she heads.

Each row is a sighting with the verdict written by hand from the rule (cited; texts: COLREGs 1972 Part C and
Annex I, USCG Navigation Rules handbook; 33 CFR 83 for the Inland Rules), never by running the engine. Notation as
docs/identify.md: a vertical line top first with '/', separate lights left to right, '<' '>' '=' for heights.

``what``: words her name holds; ``motion``: 'making way' / 'not making way' only where her lights tell it (her
signal changes with it), 'under way' where they do not, 'at anchor'; ``heading`` (verdict.HEADINGS): 'left'
(her head to your left: you see her port side), 'right', 'toward' (head-on), 'away' (you are astern of her),
'any' (the lights do not show it). ``notice``: words the doubt must hold, or None for the picture as typed.
"""

from __future__ import annotations

import pytest

from navlights import api
from navlights.engines.identify import HEADINGS

BOTH = ("intl-1972", "us-inland")
INTL = ("intl-1972",)
INLAND = ("us-inland",)

RAM = "restricted in her ability to manoeuvre"
PDV = "power-driven vessel under way"
TOWING = "power-driven vessel towing"
NUC = "not under command"
TRAWL = "engaged in trawling"
FISH = "fishing other than trawling"
PILOT = "pilot vessel"
ANCHOR = "vessel at anchor"

# (picture, editions, what, motion, heading, notice, cite)
SIGHTINGS = [
    # --- the issue's own rows -----------------------------------------------------------------------------------
    ("R/W/R R", BOTH, RAM, "making way", "left", "masthead light not noticed",
     "Rule 27(b)(i): red-white-red all round; 27(b)(ii): making way she adds masthead light(s), sidelights and "
     "sternlight: a red sidelight is hers, her port side, her masthead light not reported"),
    ("W < W", INTL, ANCHOR, "at anchor", "right", None,
     "Rule 30(a)(i), (ii): the forward anchor light higher, the one at the stern lower: the lower one (left) is "
     "her stern, her head to your right"),
    ("W < W R", BOTH, PDV, "under way", "left", None,
     "Rule 23(a)(i), (ii): the after masthead light higher than the forward one: the lower (forward) light on the "
     "left, and her red sidelight: her head to your left"),
    ("G W", BOTH, PDV, "under way", "right", None,
     "Rule 23(a)(i), (iii), 21(a), (b): a masthead light and the green sidelight: her starboard side"),
    ("W/W R", BOTH, TOWING, "under way", "left", None,
     "Rule 24(a)(i): two masthead lights in a vertical line; the red sidelight: her port side"),
    # --- two masthead lights: the lower (forward) one shows her head -----------------------------------------
    ("W > W G", BOTH, PDV, "under way", "right", None,
     "Rule 23(a)(ii): the forward masthead light lower, on the right, and the green sidelight: head to your right"),
    ("W > W", INTL, ANCHOR, "at anchor", "left", None,
     "Rule 30(a)(ii): the higher anchor light is forward, on the left: her head to your left"),
    ("G < W/W > R", BOTH, TOWING, "under way", "toward", None,
     "Rule 24(a)(i): two masthead lights in a vertical line (a power-driven vessel's two, Rule 23(a)(ii), stand "
     "in line only from right ahead: the alternative); both sidelights, 21(b): right ahead of her"),
    ("G < W > R", BOTH, PDV, "under way", "toward", None,
     "Rule 23(a)(i), 21(b): one masthead light, both sidelights lower: head-on"),
    # --- sidelights and the sternlight ------------------------------------------------------------------------
    ("W R", BOTH, PDV, "under way", "left", None, "Rule 23(a)(i), (iii): a masthead light and the red sidelight"),
    ("W", INTL, PDV, "under way", "away", None, "Rule 21(c): the sternlight, seen from astern only"),
    ("G R", BOTH, "sailing vessel", "under way", "toward", None,
     "Rule 25(a)(i), 21(b): both sidelights, no masthead light: a sailing vessel right ahead"),
    ("W/W G", BOTH, TOWING, "under way", "right", None, "Rule 24(a)(i): towing; the green sidelight"),
    ("W/W/W R", BOTH, TOWING, "under way", "left", None,
     "Rule 24(a)(i): three masthead lights in a vertical line (tow over 200 m); the red sidelight"),
    ("Y/W", INTL, TOWING, "under way", "away", None,
     "Rule 24(a)(iv), (v): a yellow towing light over the sternlight: seen from astern"),
    ("Y/Y", INLAND, "pushing ahead or towing alongside", "under way", "away", None,
     "33 CFR 83.24(c)(iii): two towing lights in a vertical line in place of the sternlight: from astern"),
    # --- a sidelight beside an all-round signal: making way, and her side -----------------------------------
    ("R/W/R G", BOTH, RAM, "making way", "right", "masthead light not noticed",
     "Rule 27(b)(i), (ii): the all-round signal and a green sidelight: making way, her starboard side"),
    ("R/W/R", BOTH, RAM, "not making way", "any", None,
     "Rule 27(b)(i): red-white-red all round only; no sidelights or sternlight: not making way, heading untold"),
    ("R/R", BOTH, NUC, "not making way", "any", None,
     "Rule 27(a)(i), (ii): two all-round reds; sidelights and sternlight only when making way, 27(a)(iii)"),
    ("R/R G", BOTH, NUC, "making way", "right", None,
     "Rule 27(a)(iii): making way she adds sidelights and a sternlight: the green one, her starboard side"),
    ("R/R R", BOTH, NUC, "making way", "left", None, "Rule 27(a)(iii): the red sidelight, her port side"),
    ("G/W", BOTH, TRAWL, "not making way", "any", None,
     "Rule 26(b)(i), (iii): green over white all round; sidelights and sternlight only when making way"),
    ("G/W G", BOTH, TRAWL, "making way", "right", None,
     "Rule 26(b)(iii): making way she adds sidelights and a sternlight: the green one"),
    ("R/W", BOTH, FISH, "not making way", "any", None,
     "Rule 26(c)(i), (iii): red over white all round; sidelights and sternlight only when making way"),
    ("R/W R", BOTH, FISH, "making way", "left", None, "Rule 26(c)(iii): making way, the red sidelight"),
    ("W/R G", BOTH, PILOT, "under way", "right", None,
     "Rule 29(a)(i), (ii): white over red all round; under way sidelights and a sternlight: the green one"),
    ("W/R R", BOTH, PILOT, "under way", "left", None, "Rule 29(a)(ii): the red sidelight, her port side"),
    ("R/R/R", INTL, "constrained by her draught", "under way", "any", "not reported",
     "Rule 28: three all-round reds in addition to Rule 23's lights: her own signal, the heading not reported"),
    # --- by day: shapes do not show her heading, and show making way only where the rule says ---------------
    ("O/D/O", BOTH, RAM, "under way", "any", None, "Rule 27(b)(ii): ball, diamond, ball; the same making way or not"),
    ("O/O", BOTH, NUC, "under way", "any", None, "Rule 27(a)(ii): two balls; the same making way or not"),
    ("O", BOTH, ANCHOR, "at anchor", "any", None, "Rule 30(a)(i): one ball forward at anchor"),
    ("X", BOTH, "fishing", "under way", "any", None, "Rule 26(b)(ii), (c)(i): two cones apex to apex"),
    ("V", INTL, "under sail also propelled by machinery", "under way", "any", None,
     "Rule 25(e): a cone, apex downwards, forward"),
    # --- the same sightings under the Inland Rules --------------------------------------------------------------
    ("W/W R", INLAND, TOWING, "under way", "left", None,
     "33 CFR 83.24(a)(i): two masthead lights in a vertical line; the red sidelight"),
    ("R/W/R R", INLAND, RAM, "making way", "left", "masthead light not noticed",
     "33 CFR 83.27(b)(i), (ii): the all-round signal; making way, sidelights: her port side"),
]


@pytest.mark.parametrize("picture,eds,what,motion,heading,notice,cite", SIGHTINGS,
                         ids=[f"{s[0]}@{'+'.join(s[1])}" for s in SIGHTINGS])
def test_verdict(picture, eds, what, motion, heading, notice, cite):
    assert cite
    for ed in eds:
        v = api.identify(picture, ed).verdict
        assert v is not None, (picture, ed)
        got = (v.what, v.motion, v.heading, v.notice)
        assert what in v.what, (picture, ed, got, cite)
        assert v.motion == motion, (picture, ed, got, cite)
        assert v.heading == heading, (picture, ed, got, cite)
        if notice is None:
            assert v.notice is None, (picture, ed, got, cite)
        else:
            assert v.notice is not None and notice in v.notice, (picture, ed, got, cite)


def test_enough_sightings():
    assert len(SIGHTINGS) >= 30
    assert {s[4] for s in SIGHTINGS} >= {"left", "right", "toward", "away", "any"}


def test_first_issue_row_reads_as_a_watchkeeper_needs():
    """R/W/R R: restricted, making way, her port side, her head to your left, the masthead light perhaps missed."""
    v = api.identify("R/W/R R", "intl-1972").verdict
    text = v.text()
    assert text.startswith("A vessel restricted in her ability to manoeuvre, making way, showing her port side, "
                           "her head to your left (her masthead light not noticed?)")
    assert v.side == "port" and v.own_vessel is None
    assert "her red (port) sidelight: her port side toward you" in v.cues


ENGINE_WORDS = ("score", "prior", "[", "(0", "°", "sidelight-", "masthead-aft", "extra-light", "missed-light",
                "regrouped", "hauling-")


@pytest.mark.parametrize("picture", ["R/W/R R", "W < W", "G W", "W/W R", "R/R/R", "W", "X"])
def test_verdict_in_a_mariners_words(picture):
    """No score, prior, interval notation or role id in the verdict's text (the JSON keeps them in the detail)."""
    data = api.identify_json(picture, "intl-1972")
    text = data["verdict"]["text"]
    assert not [w for w in ENGINE_WORDS if w in text], text
    assert data["verdict"]["head"] in text
    assert data["verdict"]["own_vessel"] is None        # the conduct engine's (Part B), not identify's


def test_heading_words_cover_every_code():
    assert set(HEADINGS) == {"left", "right", "toward", "away", "left-or-right", "toward-or-away", "any"}


def test_nothing_fits_has_no_verdict():
    r = api.identify("B/B/B/B", "intl-1972", near=False)
    assert r.verdict is None and api.identify_json("B/B/B/B", "intl-1972", near=False)["verdict"] is None


def test_the_facade_answers_for_you_with_a_bearing():
    # Rule 15: a red sidelight with her masthead light, seen 45° on your starboard bow: she crosses from your
    # starboard side and you give way (the facade loads Part B on first use: issue 36's lazy names)
    from navlights import api
    got = api.identify_json("W R", "intl-1972", bearing=45)
    assert got["conduct"] is not None
    assert api.identify("W R", "intl-1972", bearing=45).hypotheses
