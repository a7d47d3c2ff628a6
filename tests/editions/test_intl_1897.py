"""intl-1897: International Regulations as in force in the US from 1897 (26 Stat. 320 as amended 1894-1896).

Every expected value below is transcribed by hand from the article text (Preliminary, Arts. 1-14 and the
1885 Art. 10 on fishing vessels re-enacted in 1894), with the article cited on each case. None was produced
by running the engine.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

import navlights
from navlights import api
from navlights.errors import MissingFactError
from support import disp, items, lights, note_kinds, required, shapes

ED = "intl-1897"
DATA = Path(navlights.__file__).parent / "rulebase" / "data" / f"{ED}.toml"

SIDES = {"sidelight-starboard", "sidelight-port"}                       # Art. 2(b), (c)
STEAM = {"masthead", "masthead-aft"} | SIDES                            # Art. 2(a)-(c), optional 2(e)
OVERTAKEN = {"sternlight", "flare-up-stern"}                            # Art. 10: shown when overtaken
STEER = {"steering-light"}                                              # Art. 3 end: may carry a steering light
SMALL_STEAM = {"small-white", "small-sidelight-starboard", "small-sidelight-port",
               "combined-starboard", "combined-port"}                    # Art. 7 First
SMALL_LANTERNS = {"lantern-starboard", "lantern-port", "rowing-lantern"}  # Art. 7 Third, Fourth
FISHING_LANTERN = {"fishing-lantern-starboard", "fishing-lantern-port"}   # 1885 Art. 10, first paragraph
PILOT = {"pilot-white", "pilot-flare", "sidelight-starboard", "sidelight-port",
         "pilot-lantern-starboard", "pilot-lantern-port"}               # Art. 8


def steam(length: str, tonnage: float = 500, **kw):
    """A steam vessel (Preliminary: any vessel propelled by machinery, under steam) under way."""
    return {"propulsion": "power", "length": length, "tonnage": tonnage, **kw}


def sail(length: str, tonnage: float = 100, **kw):
    return {"propulsion": "sail", "length": length, "tonnage": tonnage, **kw}


# --- what is shown by night: vessel -> light roles ---------------------------------------------------
LIGHT_CASES = [
    # Art. 2(a)-(c) and the optional 2(e) light at any length; Art. 10 light or flare-up when overtaken
    pytest.param(steam("200 ft"), STEAM | OVERTAKEN, id="steam-200ft"),
    pytest.param(steam("60 ft"), STEAM | OVERTAKEN, id="steam-60ft-2e-at-any-length"),
    # Preliminary: under steam and under sail is a steam vessel
    pytest.param(steam("200 ft", sails_set=True), STEAM | OVERTAKEN, id="steam-and-sail"),
    # Art. 7: steam vessels of less than 40 tons gross may carry the Art. 7 First lights instead
    pytest.param(steam("60 ft", tonnage=39), STEAM | SMALL_STEAM | OVERTAKEN, id="steam-39t"),
    pytest.param(steam("60 ft", tonnage=40), STEAM | OVERTAKEN, id="steam-40t"),
    # Art. 3: two white lights (one in the Art. 2(a) place) besides the side lights
    pytest.param(steam("100 ft", towing={"vessels": 1}), STEAM | {"towing-2"} | STEER | OVERTAKEN, id="towing"),
    # Art. 3: the third light needs BOTH more than one vessel in tow AND a tow over 600 ft
    pytest.param(steam("100 ft", towing={"vessels": 1, "tow_length": "600 ft"}), STEAM | {"towing-2"} | STEER | OVERTAKEN,
                 id="tow-1-vessel-600ft"),
    pytest.param(steam("100 ft", towing={"vessels": 1, "tow_length": "601 ft"}), STEAM | {"towing-2"} | STEER | OVERTAKEN,
                 id="tow-1-vessel-601ft"),
    pytest.param(steam("100 ft", towing={"vessels": 2, "tow_length": "600 ft"}), STEAM | {"towing-2"} | STEER | OVERTAKEN,
                 id="tow-2-vessels-600ft"),
    pytest.param(steam("100 ft", towing={"vessels": 2, "tow_length": "601 ft"}),
                 STEAM | {"towing-2", "towing-3"} | STEER | OVERTAKEN, id="tow-2-vessels-601ft"),
    # Art. 3 is for steam vessels: a sailing vessel towing shows her Art. 5 lights only
    pytest.param(sail("80 ft", towing={}), SIDES | OVERTAKEN, id="sailing-vessel-towing"),
    # Art. 4(a): two red lights in lieu of the Art. 2(a) light; side lights when making way (4(c))
    pytest.param(steam("200 ft", not_under_command=True), (STEAM - {"masthead"}) | {"nuc-upper", "nuc-lower"}
                 | OVERTAKEN, id="nuc-making-way"),
    # Art. 4(c): not making way: no side lights
    pytest.param(steam("200 ft", not_under_command=True, making_way=False),
                 {"masthead-aft", "nuc-upper", "nuc-lower"} | OVERTAKEN, id="nuc-stopped"),
    # Art. 4(a): a sailing vessel not under command has no white light to replace
    pytest.param(sail("80 ft", not_under_command=True), SIDES | {"nuc-upper", "nuc-lower"} | OVERTAKEN,
                 id="nuc-sailing"),
    # Art. 4(b): cable ship: red-white-red in lieu of the Art. 2(a) light; 4(c) side lights when making way
    pytest.param(steam("300 ft", restricted="cable"),
                 (STEAM - {"masthead"}) | {"work-upper", "work-middle", "work-lower"} | OVERTAKEN, id="cable"),
    pytest.param(steam("300 ft", restricted="cable", making_way=False),
                 {"masthead-aft", "work-upper", "work-middle", "work-lower"} | OVERTAKEN, id="cable-stopped"),
    # Art. 4 names only cable ships: a survey vessel shows the ordinary lights
    pytest.param(steam("200 ft", restricted="survey"), STEAM | OVERTAKEN, id="survey-no-signal"),
    # Art. 5: sailing vessel: the Art. 2 lights without the white lights, i.e. the side lights
    pytest.param(sail("100 ft", tonnage=100), SIDES | OVERTAKEN, id="sailing-100t"),
    # Preliminary: a steam vessel under sail only is a sailing vessel
    pytest.param(sail("200 ft", tonnage=900, machinery=True), SIDES | OVERTAKEN, id="steamer-under-sail-only"),
    # Art. 7 Third, Fourth: under oars or sails, less than 20 tons gross: hand lantern instead
    pytest.param(sail("30 ft", tonnage=19), SIDES | SMALL_LANTERNS | OVERTAKEN, id="sailing-19t"),
    pytest.param(sail("40 ft", tonnage=20), SIDES | OVERTAKEN, id="sailing-20t"),
    # Art. 7 Third, Fourth: under oars (no Art. 2 or 5 lights apply to oars); 1885 Art. 10: an open boat under
    # 20 tons keeps a green and red lantern at hand in lieu of side lights
    pytest.param({"propulsion": "oars", "length": "16 ft", "tonnage": 1}, SMALL_LANTERNS | FISHING_LANTERN | OVERTAKEN,
                 id="oars"),
    # Art. 5: a vessel being towed: side lights, never the white lights
    pytest.param({"propulsion": "none", "length": "200 ft", "being_towed": True}, SIDES | OVERTAKEN, id="towed"),
    # Art. 8: pilot vessel on station: not the lights of other vessels; white all round, flare-up,
    # side lights (or, for a boat that goes alongside, a hand lantern) near other vessels
    pytest.param(sail("70 ft", tonnage=60, pilot_on_duty=True), PILOT | OVERTAKEN, id="pilot-sail"),
    pytest.param(steam("120 ft", tonnage=200, pilot_on_duty=True), PILOT | OVERTAKEN, id="pilot-steam"),
    # Art. 8: on station also at anchor: not the anchor lights of other vessels
    pytest.param(sail("70 ft", tonnage=60, pilot_on_duty=True, status="anchored"), PILOT, id="pilot-at-anchor"),
    # Art. 8 last paragraph: off station, the lights of other vessels of her tonnage
    pytest.param(sail("70 ft", tonnage=60, service="pilot-vessel"), SIDES | OVERTAKEN, id="pilot-off-station"),
    # Art. 11: at anchor: one light under 150 ft; 150 ft or upwards a second light aft
    pytest.param(steam("149 ft", status="anchored"), {"anchor-forward"}, id="anchored-149ft"),
    pytest.param(steam("150 ft", status="anchored"), {"anchor-forward", "anchor-aft"}, id="anchored-150ft"),
    pytest.param(steam("151 ft", status="anchored"), {"anchor-forward", "anchor-aft"}, id="anchored-151ft"),
    pytest.param(sail("60 ft", status="anchored"), {"anchor-forward"}, id="anchored-sailing"),
    # Art. 11 last paragraph: aground: anchor light(s) and the two red lights of Art. 4(a)
    pytest.param(steam("149 ft", status="aground"), {"anchor-forward", "aground-red-upper", "aground-red-lower"},
                 id="aground-149ft"),
    pytest.param(steam("200 ft", status="aground"),
                 {"anchor-forward", "anchor-aft", "aground-red-upper", "aground-red-lower"}, id="aground-200ft"),
    # 1885 Art. 10 first paragraph: fishing vessel under 20 tons without gear out: green/red lantern at hand
    pytest.param(sail("35 ft", tonnage=19, fishing={"gear_out": False}),
                 SIDES | FISHING_LANTERN | SMALL_LANTERNS | OVERTAKEN, id="fishing-19t-no-gear"),
    pytest.param(sail("40 ft", tonnage=20, fishing={"gear_out": False}), SIDES | OVERTAKEN, id="fishing-20t-no-gear"),
    # Outside European waters the US fishing article gives a vessel with gear out no special lights
    pytest.param(sail("60 ft", tonnage=40, fishing="trawl"), SIDES | OVERTAKEN, id="fishing-trawl"),
]


@pytest.mark.parametrize("vessel, expected", LIGHT_CASES)
def test_lights(vessel, expected):
    assert lights(ED, **vessel) == expected


@pytest.mark.parametrize("vessel, expected", [
    # Art. 2: the 2(a)-(c) lights required; the 2(e) light optional; Art. 10 lights only when overtaken
    pytest.param(steam("200 ft"), {"masthead"} | SIDES, id="steam"),
    # Art. 3: the second towing light, and the third for more than one vessel and over 600 ft
    pytest.param(steam("100 ft", towing={"vessels": 2, "tow_length": "601 ft"}),
                 {"masthead", "towing-2", "towing-3"} | SIDES, id="tow-3-lights"),
    # Art. 5
    pytest.param(sail("100 ft"), SIDES, id="sailing"),
    # Art. 11
    pytest.param(steam("200 ft", status="anchored"), {"anchor-forward", "anchor-aft"}, id="anchored"),
    # Art. 7 last paragraph: Art. 7 vessels need not carry the Art. 11 last-paragraph lights when aground
    pytest.param(steam("60 ft", tonnage=39, status="aground"), set(), id="aground-steam-39t"),
    pytest.param(steam("60 ft", tonnage=40, status="aground"),
                 {"anchor-forward", "aground-red-upper", "aground-red-lower"}, id="aground-steam-40t"),
    pytest.param(sail("30 ft", tonnage=19, status="aground"), set(), id="aground-sail-19t"),
    pytest.param(sail("30 ft", tonnage=20, status="aground"),
                 {"anchor-forward", "aground-red-upper", "aground-red-lower"}, id="aground-sail-20t"),
    # Art. 7 last paragraph: nor the Art. 4(a) lights (the day shapes are not mentioned, so stay required)
    # (she is making way, so her side lights stay required in the standard scheme: Art. 4(c)); and since Art. 4(a)
    # puts the red lights "in lieu of" the Art. 2(a) white light, a vessel not obliged to carry them keeps that
    # light (nothing stands in its place: the rule of Inland 24(i), docs/coverage.md "Texts read two ways")
    pytest.param(steam("60 ft", tonnage=39, not_under_command=True),
                 {"nuc-ball-upper", "nuc-ball-lower", "masthead"} | SIDES,
                 id="nuc-steam-39t"),
    pytest.param(steam("60 ft", tonnage=40, not_under_command=True),
                 {"nuc-upper", "nuc-lower", "nuc-ball-upper", "nuc-ball-lower"} | SIDES, id="nuc-steam-40t"),
    # 1885 Art. 10: the small fishing vessel need not carry the coloured side lights
    pytest.param(sail("35 ft", tonnage=19, fishing={"gear_out": False}), set(), id="fishing-19t"),
    pytest.param(sail("40 ft", tonnage=20, fishing={"gear_out": False}), SIDES, id="fishing-20t"),
    # Art. 8: the white light and the flare-ups are required; side lights only near other vessels
    pytest.param(sail("70 ft", tonnage=60, pilot_on_duty=True), {"pilot-white", "pilot-flare"}, id="pilot"),
])
def test_required(vessel, expected):
    assert required(ED, **vessel) == expected


@pytest.mark.parametrize("vessel, expected", [
    # Art. 4(a): by day two black balls or shapes
    pytest.param(steam("200 ft", not_under_command=True), {"nuc-ball-upper", "nuc-ball-lower"}, id="nuc"),
    # Art. 4(b): by day red ball, white diamond, red ball
    pytest.param(steam("300 ft", restricted="cable"), {"work-shape-upper", "work-shape-middle", "work-shape-lower"},
                 id="cable"),
    # Art. 14: steam vessel under sail only with her funnel up: one black ball forward
    pytest.param(sail("200 ft", tonnage=900, machinery=True), {"sail-only-ball"}, id="steamer-under-sail-only"),
    # Art. 14 is for a steam vessel: a sailing vessel without machinery shows no ball
    pytest.param(sail("200 ft", tonnage=900), set(), id="sailing-ship"),
    # Art. 14 is for sail only: under steam and sail she is a steam vessel (Preliminary), no ball
    pytest.param(steam("200 ft", sails_set=True), set(), id="steam-and-sail"),
    # No day signal at anchor or aground in the 1897 text
    pytest.param(steam("200 ft", status="anchored"), set(), id="anchored"),
    pytest.param(steam("200 ft", status="aground"), set(), id="aground"),
])
def test_day_shapes(vessel, expected):
    assert shapes(ED, **vessel) == expected


@pytest.mark.parametrize("time, expected", [
    # Art. 1: lights from sunset to sunrise; the shapes are day signals
    ("night", {"nuc-upper", "nuc-lower", "masthead-aft"} | SIDES | OVERTAKEN),
    ("day", {"nuc-ball-upper", "nuc-ball-lower"}),
])
def test_time_of_day(time, expected):
    d = disp(ED, **steam("200 ft", not_under_command=True, time=time))
    assert set(d.roles()) == expected


# --- the lights themselves ---------------------------------------------------------------------------
def _width(arc):
    return (arc[1] - arc[0]) % 360 or 360


@pytest.mark.parametrize("vessel, role, colour, arc_from, arc_width, range_nm, rule", [
    # Art. 2(a): 20 points, right ahead to 2 points abaft the beam each side; 5 miles
    (steam("200 ft"), "masthead", "white", 247.5, 225.0, 5.0, "Article 2(a)"),
    # Art. 2(b), (c): 10 points each; 2 miles
    (steam("200 ft"), "sidelight-starboard", "green", 0.0, 112.5, 2.0, "Article 2(b)"),
    (steam("200 ft"), "sidelight-port", "red", 247.5, 112.5, 2.0, "Article 2(c)"),
    # Art. 2(e): 'similar in construction' to the 2(a) light: its arc; no range stated (not 'and character')
    (steam("200 ft"), "masthead-aft", "white", 247.5, 225.0, None, "Article 2(e)"),
    # Art. 3: towing lights like the 2(a) light
    (steam("100 ft", towing={"vessels": 2, "tow_length": "700 ft"}), "towing-2", "white", 247.5, 225.0, 5.0, "Article 3"),
    (steam("100 ft", towing={"vessels": 2, "tow_length": "700 ft"}), "towing-3", "white", 247.5, 225.0, 5.0, "Article 3"),
    # Art. 4(a): red, all round, 2 miles
    (steam("200 ft", not_under_command=True), "nuc-upper", "red", 0.0, 360.0, 2.0, "Article 4(a)"),
    # Art. 4(b): highest and lowest red, middle white, all round, 2 miles
    (steam("300 ft", restricted="cable"), "work-upper", "red", 0.0, 360.0, 2.0, "Article 4(b)"),
    (steam("300 ft", restricted="cable"), "work-middle", "white", 0.0, 360.0, 2.0, "Article 4(b)"),
    (steam("300 ft", restricted="cable"), "work-lower", "red", 0.0, 360.0, 2.0, "Article 4(b)"),
    # Art. 7 First (a): white light like 2(a), 2 miles
    (steam("50 ft", tonnage=20), "small-white", "white", 247.5, 225.0, 2.0, "Article 7 First (a)"),
    # Art. 7 First (b): side lights like 2(b), (c), 1 mile; combined lantern (no range given)
    (steam("50 ft", tonnage=20), "small-sidelight-starboard", "green", 0.0, 112.5, 1.0, "Article 7 First (b)"),
    (steam("50 ft", tonnage=20), "small-sidelight-port", "red", 247.5, 112.5, 1.0, "Article 7 First (b)"),
    (steam("50 ft", tonnage=20), "combined-starboard", "green", 0.0, 112.5, None, "Article 7 First (b)"),
    (steam("50 ft", tonnage=20), "combined-port", "red", 247.5, 112.5, None, "Article 7 First (b)"),
    # Art. 10: a fixed lantern throws 12 points, 6 each side of right aft; 1 mile
    (steam("200 ft"), "sternlight", "white", 112.5, 135.0, 1.0, "Article 10"),
    # Art. 11: all round, 1 mile
    (steam("200 ft", status="anchored"), "anchor-forward", "white", 0.0, 360.0, 1.0, "Article 11"),
    (steam("200 ft", status="anchored"), "anchor-aft", "white", 0.0, 360.0, 1.0, "Article 11"),
    # Art. 11 last paragraph: the two red lights of Art. 4(a)
    (steam("200 ft", status="aground"), "aground-red-upper", "red", 0.0, 360.0, 2.0, "Article 11 (last paragraph)"),
])
def test_light_characteristics(vessel, role, colour, arc_from, arc_width, range_nm, rule):
    it = items(ED, **vessel)[role]
    assert it.what == "light"
    assert it.colour == colour
    assert it.arc_deg[0] % 360 == arc_from
    assert _width(it.arc_deg) == arc_width
    assert it.range_nm == range_nm
    assert it.citation.rule == rule


@pytest.mark.parametrize("vessel, role, status, group", [
    # Art. 2(e): 'may carry'
    (steam("200 ft"), "masthead-aft", "optional", None),
    # Art. 10: shown to the overtaking vessel, a white light OR a flare-up
    (steam("200 ft"), "sternlight", "on-approach", "overtaken"),
    (steam("200 ft"), "flare-up-stern", "on-approach", "overtaken"),
    # Art. 7 First (b): separate side lights or a combined lantern
    (steam("50 ft", tonnage=20), "small-sidelight-starboard", "required", "small-sidelights"),
    (steam("50 ft", tonnage=20), "combined-starboard", "required", "small-sidelights"),
    # Art. 7 Third, Fourth: lanterns kept at hand and shown in time
    (sail("30 ft", tonnage=19), "lantern-starboard", "on-approach", "small-lantern"),
    (sail("30 ft", tonnage=19), "rowing-lantern", "on-approach", "small-lantern"),
    # Art. 8: white light and flare-ups carried; side lights near other vessels, or the hand lantern
    (sail("70 ft", tonnage=60, pilot_on_duty=True), "pilot-white", "required", None),
    (sail("70 ft", tonnage=60, pilot_on_duty=True), "pilot-flare", "required", None),
    (sail("70 ft", tonnage=60, pilot_on_duty=True), "sidelight-port", "on-approach", "pilot-sides"),
    (sail("70 ft", tonnage=60, pilot_on_duty=True), "pilot-lantern-port", "on-approach", "pilot-sides"),
    # 1885 Art. 10: 'shall not be obliged to carry the colored side lights'
    (sail("35 ft", tonnage=19, fishing={"gear_out": False}), "sidelight-starboard", "optional", None),
    # Art. 7 last paragraph: small craft relieved of the Art. 4(a) lights
    (steam("60 ft", tonnage=39, not_under_command=True), "nuc-upper", "optional", None),
])
def test_status(vessel, role, status, group):
    it = items(ED, **vessel)[role]
    assert (it.status, it.group) == (status, group)


@pytest.mark.parametrize("vessel, role, scheme", [
    # Art. 7: 'not obliged to carry the lights mentioned in article 2 (a), (b), and (c), but if they do
    # not carry them': two whole schemes
    (steam("60 ft", tonnage=39), "masthead", "standard"),
    (steam("60 ft", tonnage=39), "small-white", "small-steam"),
    (sail("30 ft", tonnage=19), "sidelight-starboard", "standard"),
    (sail("30 ft", tonnage=19), "lantern-port", "small-sail-oars"),
    # 40 tons is not 'less than 40': no alternative scheme
    (steam("60 ft", tonnage=40), "masthead", None),
])
def test_small_craft_schemes(vessel, role, scheme):
    assert items(ED, **vessel)[role].scheme == scheme


@pytest.mark.parametrize("vessel, role, key, value", [
    # Art. 2(a): at least 20 ft above the hull, at least the breadth if over 20 ft, need not exceed 40 ft
    (steam("200 ft"), "masthead", "height_above_hull_min", "20 ft"),
    (steam("200 ft"), "masthead", "height_breadth_rule", True),
    (steam("200 ft"), "masthead", "height_need_not_exceed", "40 ft"),
    # Art. 2(d): inboard screens projecting at least 3 ft forward
    (steam("200 ft"), "sidelight-starboard", "screen_forward_min", "3 ft"),
    # Art. 2(e): in line with the keel, at least 15 ft higher, the lower forward,
    # the vertical distance less than the horizontal
    (steam("200 ft"), "masthead-aft", "keel_line", True),
    (steam("200 ft"), "masthead-aft", "higher_than", "masthead"),
    (steam("200 ft"), "masthead-aft", "higher_by_min", "15 ft"),
    (steam("200 ft"), "masthead-aft", "horizontal_to_vertical_min", 1),
    # Art. 3: not less than 6 ft apart
    (steam("100 ft", towing={"vessels": 1}), "towing-2", "vertical_sep_min", "6 ft"),
    (steam("100 ft", towing={"vessels": 2, "tow_length": "601 ft"}), "towing-3", "vertical_sep_min", "6 ft"),
    # Art. 4(a), (b): not less than 6 ft apart
    (steam("200 ft", not_under_command=True), "nuc-upper", "vertical_sep_min", "6 ft"),
    (steam("300 ft", restricted="cable"), "work-middle", "vertical_sep_min", "6 ft"),
    # Art. 7 First: white light at least 9 ft above the gunwale; combined lantern at least 3 ft below it
    (steam("50 ft", tonnage=20), "small-white", "above_gunwale_min", "9 ft"),
    (steam("50 ft", tonnage=20), "combined-port", "below", "small-white"),
    (steam("50 ft", tonnage=20), "combined-port", "below_by_min", "3 ft"),
    # Art. 11: under 150 ft, not over 20 ft above the hull
    (steam("149 ft", status="anchored"), "anchor-forward", "height_max", "20 ft"),
    # Art. 11: 150 ft and over, forward light 20-40 ft; after light at least 15 ft lower
    (steam("150 ft", status="anchored"), "anchor-forward", "height_min", "20 ft"),
    (steam("150 ft", status="anchored"), "anchor-forward", "height_max", "40 ft"),
    (steam("150 ft", status="anchored"), "anchor-aft", "below", "anchor-forward"),
    (steam("150 ft", status="anchored"), "anchor-aft", "below_by_min", "15 ft"),
])
def test_placement(vessel, role, key, value):
    assert items(ED, **vessel)[role].placement.to_dict()[key] == value


@pytest.mark.parametrize("vessel, role, canonical, colour, size", [
    # Art. 4(a): black balls or shapes, 2 ft in diameter
    (steam("200 ft", not_under_command=True), "nuc-ball-upper", "ball", "black", "2 ft"),
    # Art. 4(b): top and bottom globular and red, middle diamond and white
    (steam("300 ft", restricted="cable"), "work-shape-upper", "ball", "red", "2 ft"),
    (steam("300 ft", restricted="cable"), "work-shape-middle", "diamond", "white", "2 ft"),
    # Art. 14: one black ball or shape, 2 ft in diameter
    (sail("200 ft", tonnage=900, machinery=True), "sail-only-ball", "ball", "black", "2 ft"),
])
def test_shapes(vessel, role, canonical, colour, size):
    it = items(ED, **vessel)[role]
    assert (it.what, it.canonical, it.colour, it.size_as_written) == ("shape", canonical, colour, size)


# --- provenance as recorded ------------------------------------------------------------------------
@pytest.mark.parametrize("vessel, role, provenance", [
    # Art. 2: 29 Stat. 885 breaks off in the 2(a) height clause; the rest of Art. 2 is read only in Nicholls's
    # Seamanship, a textbook (schema.md, "Provenance"): secondary
    (steam("200 ft"), "masthead", "secondary"),
    (steam("200 ft"), "sidelight-port", "secondary"),
    (steam("200 ft"), "masthead-aft", "secondary"),
    # Art. 3 first sentence: Nicholls and quotations of Government printings; the third light only in snippets
    (steam("100 ft", towing={"vessels": 2, "tow_length": "700 ft"}), "towing-2", "secondary"),
    (steam("100 ft", towing={"vessels": 2, "tow_length": "700 ft"}), "towing-3", "secondary"),
    # Art. 4(a) read only in pieces of reprints and a treatise
    (steam("200 ft", not_under_command=True), "nuc-upper", "secondary"),
    # Art. 7 Third: 28 Stat. 83
    (sail("30 ft", tonnage=19), "lantern-starboard", "primary"),
    # Art. 10: paraphrase and reprints
    (steam("200 ft"), "sternlight", "secondary"),
    # Art. 11: 26 Stat. 325
    (steam("200 ft", status="anchored"), "anchor-aft", "primary"),
])
def test_provenance(vessel, role, provenance):
    assert items(ED, **vessel)[role].citation.provenance == provenance   # as recorded on the provision


# --- notes -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("vessel, kind", [
    # Art. 8: the US wording of the steam pilot vessel paragraph was not found
    pytest.param(steam("120 ft", tonnage=200, pilot_on_duty=True), "gap", id="steam-pilot-gap"),
    # Art. 5: 'which they shall never carry'
    pytest.param(sail("100 ft"), "prohibited", id="sailing-never-white"),
    pytest.param({"propulsion": "none", "being_towed": True}, "prohibited", id="towed-never-white"),
    # Art. 4(a): the red lights in lieu of the Art. 2(a) light on a steam vessel
    pytest.param(steam("200 ft", not_under_command=True), "in-lieu", id="nuc-in-lieu"),
    # Art. 4(c): no side lights when not making way
    pytest.param(steam("200 ft", not_under_command=True, making_way=False), "prohibited", id="nuc-stopped"),
    # Art. 7: the small-craft scheme
    pytest.param(steam("60 ft", tonnage=39), "substitute", id="small-steam"),
    # Art. 7 last paragraph
    pytest.param(steam("60 ft", tonnage=39, status="aground"), "relieved", id="small-aground"),
    # Art. 8: not the lights of other vessels
    pytest.param(sail("70 ft", tonnage=60, pilot_on_duty=True), "prohibited", id="pilot-never"),
    # 1885 Art. 10: gear in the water: the European clause is recorded, not applied
    pytest.param(sail("60 ft", tonnage=40, fishing="trawl"), "info", id="fishing-gear-out"),
    # Art. 13: special rules for ships of war
    pytest.param(steam("300 ft", service="warship"), "info", id="warship"),
    # Art. 1: lights from sunset to sunrise; the text says nothing of day fog
    pytest.param(steam("200 ft", time="restricted-visibility"), "info", id="restricted-visibility"),
])
def test_note_kinds(vessel, kind):
    assert kind in note_kinds(ED, **vessel)


@pytest.mark.parametrize("vessel", [
    # Art. 2 is read in full (its opening on 29 Stat. 885, the rest in Nicholls): a plain steamer has no gap
    pytest.param(steam("200 ft"), id="steam"),
    pytest.param(sail("100 ft"), id="sailing"),
    pytest.param(steam("200 ft", status="anchored"), id="anchored"),
    # the sailing pilot vessel: the steam pilot paragraph does not concern her
    pytest.param(sail("70 ft", tonnage=60, pilot_on_duty=True), id="sailing-pilot"),
])
def test_complete(vessel):
    d = disp(ED, **vessel)
    assert d.complete and "gap" not in [n.kind for n in d.notes]


@pytest.mark.parametrize("vessel, field", [
    # Art. 7: whether a steam vessel is under 40 tons gross decides her alternatives
    pytest.param({"propulsion": "power", "length": "100 ft"}, "tonnage", id="steam-no-tonnage"),
    # Art. 11: at anchor the length decides one light or two
    pytest.param({"propulsion": "none", "status": "anchored"}, "length", id="anchored-no-length"),
    # Art. 3: more than one vessel in tow: the length of the tow decides the third light
    pytest.param(steam("100 ft", towing={"vessels": 2}), "towing.tow_length", id="tow-no-length"),
])
def test_missing_fact(vessel, field):
    with pytest.raises(MissingFactError) as e:
        navlights.display(vessel, ED)
    assert e.value.field == field


@pytest.mark.parametrize("vessel, applies", [
    # 1885 Art. 10, first paragraph: fishing vessels under 20 tons net, under way, no gear in the water
    pytest.param(sail("35 ft", tonnage=19, fishing={"gear_out": False}), True, id="19t-no-gear"),
    pytest.param(sail("40 ft", tonnage=20, fishing={"gear_out": False}), False, id="20t-no-gear"),
    # gear in the water: the paragraph does not apply
    pytest.param(sail("35 ft", tonnage=19, fishing="drift-net"), False, id="19t-gear-out"),
    # at anchor: the paragraph is for vessels under way
    pytest.param(sail("35 ft", tonnage=19, fishing={"gear_out": False}, status="anchored"), False, id="at-anchor"),
    # 'open boats' of the same size (navlights takes a vessel under oars as an open boat)
    pytest.param({"propulsion": "oars", "length": "18 ft", "tonnage": 1}, True, id="open-boat"),
])
def test_fishing_first_paragraph_applies(vessel, applies):
    assert ("fishing-small-lantern" in disp(ED, **vessel).provisions) == applies


@pytest.mark.parametrize("vessel", [
    # a sailing and a rowing fishing vessel under 20 tons, under way with no gear in the water
    pytest.param(sail("30 ft", tonnage=19, fishing={"gear_out": False}), id="sail-fishing-19t"),
    pytest.param({"propulsion": "oars", "length": "20 ft", "tonnage": 2, "fishing": {"gear_out": False}},
                 id="oars-fishing-2t"),
    # an open boat (a vessel under oars, as navlights reads it) of the same size
    pytest.param({"propulsion": "oars", "length": "16 ft", "tonnage": 1}, id="open-boat"),
])
def test_fishing_lantern_in_lieu_of_side_lights_in_the_standard_display(vessel):
    # 1885 Art. 10 (re-enacted Aug. 13, 1894), first paragraph: open boats and fishing vessels under 20 tons net,
    # under way without gear in the water, need not carry the coloured side lights, but in lieu of them keep a
    # green and red lantern at hand, shown in time to prevent collision. So the standard display (her own lights,
    # not the Art. 7 small-craft scheme) has that lantern, kept at hand.
    typical = {i.role for i, _ in api.select(navlights.display(vessel, ED), {"on_approach": True})}
    assert FISHING_LANTERN <= typical
    it = items(ED, **vessel)
    for role, colour in (("fishing-lantern-starboard", "green"), ("fishing-lantern-port", "red")):
        assert (it[role].colour, it[role].status, it[role].group) == (colour, "on-approach", None)
        assert it[role].cite == "intl-1897 Article 10 of 1885 (re-enacted 1894), first paragraph"


def test_fishing_lantern_not_doubled_in_the_small_craft_scheme():
    # Art. 7 Third gives the same green and red lantern to vessels under oars or sails under 20 tons gross: in
    # that scheme the lantern is the Art. 7 one, not a second lantern under the 1885 article.
    v = sail("30 ft", tonnage=19, fishing={"gear_out": False})
    chosen = {i.role for i, _ in api.select(navlights.display(v, ED),
                                                  {"scheme": "small-sail-oars", "on_approach": True})}
    assert {"lantern-starboard", "lantern-port"} <= chosen and not FISHING_LANTERN & chosen


def test_one_vessel_in_tow_needs_no_tow_length():
    # Art. 3: with one vessel in tow the tow length cannot give a third light
    assert "towing-3" not in lights(ED, **steam("100 ft", towing={"vessels": 1}))


# --- the edition record -----------------------------------------------------------------------------
def test_edition_header():
    e = navlights.edition(ED)
    assert e.waters == ("high-seas",)
    assert "26 Stat. 320" in e.enacted and "29 Stat. 885" in e.enacted
    assert e.in_force_from == dt.date(1897, 7, 1)
    assert e.in_force_citation.provenance == "secondary"      # only the year is read in a source
    assert "not read" in e.in_force_citation.note or "unverified" in e.in_force_citation.note
    assert e.mile == "nautical" and "assumed" in e.mile_note.lower()
    assert "gross" in e.tonnage_basis and "net" in e.tonnage_basis


def test_definitions():
    defs = {d.term: d for d in navlights.edition(ED).definitions}
    # Preliminary: 'steam-vessel' includes any vessel propelled by machinery
    assert defs["steam vessel"].maps_to == "propulsion = power"
    assert defs["steam vessel"].citation.provenance == "primary"
    # Art. 11: length is the length in the certificate of registry
    assert defs["length"].citation.rule == "Article 11"
    # Art. 14: funnel up is modelled by machinery = true
    assert "machinery = true" in defs["funnel up"].maps_to


def test_coverage_lists_the_gaps():
    cov = navlights.edition(ED).coverage()
    assert cov["entries"] == sum(cov[p] for p in ("primary", "secondary", "inferred", "gap"))
    rules = [g.split(":")[0] for g in cov["gaps"]]
    assert "Article 8" in rules and "Article 3" not in rules   # the end of Art. 3 was found in a treatise reprint


def test_art9_repealed_and_european_fishing_clause_recorded_not_applied():
    provs = {p.id: p for p in navlights.edition(ED).provisions}
    assert provs["art9-repealed"].effect == "reference"
    assert provs["fishing-europe"].effect == "reference"
    assert "not found" in provs["fishing-europe"].citation.note.lower()


def test_trawler_red_light_above_the_white_recorded():
    # 1885 Art. 10(c) (European waters only; recorded, not applied): a vessel trawling shows a red and a white
    # light, the red above the white (read in an unidentified US book, pp. 52-53: secondary)
    p = {p.id: p for p in navlights.edition(ED).provisions}["fishing-europe"]
    assert "red light above the white" in p.summary
    assert "US-BOOK-52" in p.citation.sources and p.citation.provenance == "secondary"
    assert "which of the trawler's red and white lights is the upper" not in p.citation.note


@pytest.mark.parametrize("role, canonical, colour", [
    # Art. 4(b), by day: red ball, white diamond, red ball, at least 2 ft, at least 6 ft apart
    ("work-shape-upper", "ball", "red"), ("work-shape-middle", "diamond", "white"), ("work-shape-lower", "ball", "red"),
])
def test_cable_ship_day_signal_sources(role, canonical, colour):
    it = items(ED, **steam("300 ft", restricted="cable"))[role]
    assert (it.canonical, it.colour, it.size_as_written) == (canonical, colour, "2 ft")
    assert "US-BOOK-52" in it.kind_citation.sources and "US-BOOK-52" in it.citation.sources
    # issue 25 item 13: the whole of Art. 4(b) is read in the 1926 Code, an official reprint of the 1890 words
    assert "USC-1926" in it.kind_citation.sources and "USC-1926" in it.citation.sources
    assert it.provenance == "primary"


# issue 25 item 13 (shared/reference/rules/sources-3.md): what the 1926 Code (44 Stat. pt. 1, 33 U.S.C. § 74, an
# official compilation of the 1890 text, Art. 4 unamended) settles, and what stays secondary.
def test_art4_from_the_1926_code():
    ed = navlights.edition(ED)
    src = ed.sources["USC-1926"]
    assert src.kind == "official-reprint" and "Volume_44_Part_1.djvu/1066" in (src.url or "")
    provs = {p.id: p for p in ed.provisions}
    # Art. 4(b) whole, 4(c) (no side lights when not making way), 4(d) (what the signals mean): primary
    for pid, cite in (("cable-ship", "Article 4(b)"), ("art4-not-making-way", "Article 4(c)"),
                      ("art4-meaning", "Article 4(d)")):
        c = provs[pid].citation
        assert (c.rule, c.provenance) == (cite, "primary") and "USC-1926" in c.sources, pid
    # Art. 4(a): the opening (an accident; two red lights at the height of the 2(a) light) is read only in a
    # British treatise: the provision and its red lights stay secondary; the day balls (two, black, 2 ft, at
    # least 6 ft apart) are all in the Code: primary
    nuc = provs["not-under-command"].citation
    assert nuc.provenance == "secondary" and {"TREATISE-UK", "USC-1926"} <= set(nuc.sources)
    red = ed.lights["nuc-red"]
    assert red.citation.provenance == "secondary" and "USC-1926" in red.citation.sources
    assert (red.colour, red.all_round, red.range_nm) == ("red", True, 2.0)
    ball = ed.shapes["black-ball"]
    assert (ball.citation.provenance, ball.colour, ball.size_as_written) == ("primary", "black", "2 ft")
    it = items(ED, **steam("200 ft", not_under_command=True))
    assert it["nuc-ball-upper"].placement.vertical_sep_min_m == pytest.approx(6 * 0.3048)


def test_art10_lantern_words_recorded_and_still_secondary():
    # Art. 10: the lantern sentence is read up to 'an arc of the horizon of' (FRUS 1894, Kenealy 1905); the arc
    # and range after it only in a paraphrase: secondary; a later statute of another regime is named, not used
    light = navlights.edition(ED).lights["overtaken-white"]
    assert light.citation.provenance == "secondary"
    assert {"FRUS-1894", "KENEALY", "ENCYC-US"} <= set(light.citation.sources)
    assert "62 Stat. 252" in (light.citation.note or "")


def test_end_of_art3_steering_light_and_third_light_height():
    # Art. 3, end (treatise reprint): the additional light may be carried not less than 14 ft above the hull;
    # a towing steam vessel may carry a small white light abaft the funnel or aftermast, not seen forward of the beam
    it = items(ED, **steam("100 ft", tonnage=300, towing={"tow_length": "700 ft", "vessels": 2}))
    s = it["steering-light"]
    assert (s.status, s.colour, s.provenance, s.cite) == ("optional", "white", "secondary", "intl-1897 Article 3")
    assert s.placement.to_dict()["not_visible_forward_of_beam"] is True
    assert it["towing-3"].placement.to_dict()["height_above_hull_min"] == "14 ft"

