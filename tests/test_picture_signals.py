"""Issue 31: the picture in words names signals as a mariner does (picture_words.describe_signals).

Expected words written by hand from the rules: the mine-clearance lights and shapes as a triangle (COLREGs 1972
Rule 27(f): one at or near the foremast head and one at each end of the fore yard), the trawler's column (Rule
26(b)(i) green over white; Annex II 2(a) hauling: white over red, below), a pilot's white over red (Rule 29(a)(i)),
two masthead lights with the lower, forward one's side (Rule 23(a)(ii)), the restricted vessel's red-white-red
(Rule 27(b)(i)). The vessel's own lights are named one by one.
"""

from __future__ import annotations

import pytest

import navlights

MINE = {"propulsion": "power", "restricted": "minesweeping", "length": "60 m"}
PILOT = {"propulsion": "power", "pilot_on_duty": True, "length": "15 m"}
RAM = {"propulsion": "power", "restricted": "dredging", "length": "60 m"}
HAULING = {"propulsion": "power", "fishing": {"method": "trawl", "trawl_activity": "hauling", "close_proximity": True},
           "length": "30 m"}

# (vessel, aspect, period, words that must be in the text, words that must not, cite)
ROWS = [
    (MINE, 0, "night", ["three green lights in a triangle", "mine clearance"], ["two green lights, the lower"],
     "Rule 27(f): three all-round green lights, one at the foremast head, one at each end of the fore yard"),
    (MINE, 0, "day", ["three black balls in a triangle", "mine clearance"], ["from left to right"],
     "Rule 27(f): three balls, placed as the lights"),
    (PILOT, 90, "night", ["white over red lights, in a vertical line (vessel engaged on pilotage duty)",
                          "her starboard sidelight (green)"], ["a green light directly below"],
     "Rule 29(a)(i), (ii): white over red at or near the masthead; under way her sidelights"),
    (RAM, 300, "night", ["red over white over red lights, in a vertical line (vessel restricted in her ability",
                         "her two masthead lights, the lower (forward) one to the left", "her port sidelight (red)"],
     [], "Rule 27(b)(i), (ii); Rule 23(a)(ii): the after masthead light higher: from her port side the lower "
         "(forward) one stands to your left"),
    (RAM, 300, "day", ["ball over diamond over ball, in a vertical line"], [], "Rule 27(b)(ii)"),
    ({"propulsion": "power", "length": "80 m"}, 60, "night",
     ["her two masthead lights, the lower (forward) one to the right", "her starboard sidelight (green)"], [],
     "Rule 23(a)(ii): from her starboard bow the lower (forward) masthead light stands to your right"),
]


@pytest.mark.parametrize("vessel,aspect,period,has,hasnt,cite", ROWS)
def test_words_by_signal(vessel, aspect, period, has, hasnt, cite):
    assert cite
    text = navlights.view(vessel, aspect, period=period, edition_name="intl-1972").signal_words()
    for w in has:
        assert w in text, (text, cite)
    for w in hasnt:
        assert w not in text, (text, cite)


def test_trawlers_column_is_one_signal():
    """A trawler hauling close to others (Annex II 2(a)(ii)): green over white over white over red, one column, read
    top down, its meanings together (trawling first, the hauling lights below)."""
    pic = navlights.view(HAULING, 90, period="night", edition_name="intl-1972", choose="all")
    column = [s for s in pic.signals() if "over" in s[0]]
    assert column and column[0][0].startswith("green over white over white over red"), pic.signals()
    assert column[0][1] is not None and column[0][1].index("trawling") < column[0][1].index("hauling")


def test_json_carries_signals():
    data = navlights.view(PILOT, 90, period="night", edition_name="intl-1972").to_dict()
    assert data["signals"][0] == {"words": "white over red lights, in a vertical line",
                                  "meaning": "vessel engaged on pilotage duty"} or \
        {"words": "white over red lights, in a vertical line", "meaning": "vessel engaged on pilotage duty"} \
        in data["signals"]
    assert data["signal_words"].count(";") == len(data["signals"]) - 1
