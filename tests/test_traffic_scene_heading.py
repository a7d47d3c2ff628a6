"""Issue 31, piece 2: a scene reads her heading from her two masthead lights where both are seen apart, as identify
and the encounter do (``encounter.masthead_side``).

Rule 23(a)(i)-(ii) (COLREGs 1972; USCG handbook transcription in github.com/sailingnaturali/colregs-vault
rules/international/rule-23.md): a power-driven vessel of 50 m or more shows a second masthead light abaft of and
higher than the forward one. So where both are seen apart across the line of sight, the lower (forward) one stands
on the side her head points to. Own ship heads 000 (tests/test_traffic_scene.py's setting); a 120 m power-driven
vessel 2 nm off.
"""

from __future__ import annotations

import pytest

from test_traffic_scene import BIG, one, scene, vessel

# her bearing from own ship, her heading -> the cue expected (None: the lights do not tell it so), why
CASES = [
    (90.0, 0.0, "her head to your left", "east of you heading north: you look east, north is to your left"),
    (90.0, 180.0, "her head to your right", "east of you heading south: south is to your right"),
    (0.0, 170.0, "her head to your right", "ahead, heading 170: 10° on her starboard bow, she moves to your right"),
    (0.0, 190.0, "her head to your left", "ahead, heading 190: 10° on her port bow, she moves to your left"),
    (45.0, 222.0, "her head to your right", "3° on her starboard bow: the lights apart, forward one to your right"),
    (45.0, 228.0, "her head to your left", "3° on her port bow: forward one to your left"),
    (0.0, 180.0, None, "right ahead, heading for you: the masthead lights in a line (both sidelights tell it)"),
    (0.0, 0.0, None, "right astern of her: the masthead lights are out of arc (Rule 21(a)), the sternlight only"),
]


@pytest.mark.parametrize("bearing,heading,cue,why", CASES)
def test_scene_reads_heading_from_masthead_lights(bearing, heading, cue, why):
    r = one(scene(vessel(bearing, 2.0, heading, BIG)))["readings"][0]
    if cue is None:
        assert r["heading_cue"] is None, why
        assert "her head to your" not in r["picture"], why
    else:
        assert r["heading_cue"].startswith(cue), (why, r["heading_cue"])
        assert r["picture"].endswith(r["heading_cue"]), why
        assert "lower, forward masthead light" in r["heading_cue"]


def test_one_masthead_light_tells_no_heading():
    """Under 50 m she may show one masthead light (Rule 23(a)(ii)): no order of two to read."""
    small = {"propulsion": "power", "length": "30 m"}
    r = one(scene(vessel(90.0, 2.0, 0.0, small)))["readings"][0]
    assert r["heading_cue"] is None and "masthead light (aft)" not in r["picture"]
