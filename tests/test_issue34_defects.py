"""Issue 34: the nine defects a new user found, each tested from the text it breaks (and its siblings).

Texts: COLREGs 1972 as amended and the US Inland Rules (33 CFR 83, 88), read in the USCG Navigation Rules handbook
transcription (github.com/sailingnaturali/colregs-vault, rules/international/rule-NN.md, rules/inland/rule-NN.md)
and the eCFR. Expected roles are written by hand from those paragraphs, never by running the engine.
"""

from __future__ import annotations

import pytest

from navlights.traffic import api as traffic
from navlights.traffic import geo
from support import disp

I72, US = "intl-1972", "us-inland"
SIDES = {"sidelight-starboard", "sidelight-port"}
STANDARD_23A = {"masthead", "sternlight"}                        # Rule 23(a)(i), (iv)
WORK = {"work-upper", "work-middle", "work-lower"}               # Rule 27(b)(i)
NUC = {"nuc-upper", "nuc-lower"}                                 # Rule 27(a)(i)


def roles(d, status: str | None = None, scheme: str = "any") -> set[str]:
    """Roles of her lights; scheme "standard": the standard lights (or no scheme), "small": a substitute scheme."""
    return {i.role for i in d.lights if (status is None or i.status == status)
            and (scheme == "any" or (i.scheme in (None, "standard")) == (scheme == "standard"))}


# ------------------------------------------------------------------------------------------------------------
# 1. Rule 27(g) relieves a vessel under 12 m of the lights of Rule 27 only: under way she is still a
#    power-driven vessel (Rule 23, 23(d) under 12 m), a sailing vessel (Rule 25) or a vessel under oars.
#    At 12 m the relief does not apply (27(g): "less than 12 meters"), and never to diving (27(g) "except").

RELIEF_CASES = [
    # edition, vessel facts, required lights that must stay (standard scheme), Rule 27 lights now optional
    (I72, dict(length="10 m", restricted="dredging", making_way=True), STANDARD_23A, WORK),      # 27(g); 23(a)
    (I72, dict(length="10 m", restricted="cable", making_way=False), STANDARD_23A, WORK),        # 27(g); 23(a)
    (I72, dict(length="11.9 m", not_under_command=True, making_way=True), STANDARD_23A, NUC),   # 27(g); 23(a)
    (I72, dict(length="10 m", not_under_command=True, making_way=False), STANDARD_23A, NUC),    # 27(g); 23(a)
    (US, dict(length="10 m", restricted="survey", making_way=True), STANDARD_23A, WORK),         # 27(g); 23(a)
    (US, dict(length="10 m", not_under_command=True, making_way=True), STANDARD_23A, NUC),      # 27(g); 23(a)
]


@pytest.mark.parametrize("edition, facts, stays, relieved", RELIEF_CASES)
def test_27g_relieves_rule_27_lights_only(edition, facts, stays, relieved):
    d = disp(edition, **facts)
    assert stays <= roles(d, "required", "standard")
    assert SIDES <= roles(d, "required") or {"combined-starboard", "combined-port"} <= roles(d, "required")
    assert "allround-white" in roles(d, "required", "small")      # Rule 23(d)(i) (Inland 23(d)) under 12 m
    assert relieved <= roles(d, "optional")
    assert any(n.kind == "relieved" and n.citation.rule == "Rule 27(g)" for n in d.notes)


@pytest.mark.parametrize("edition", [I72, US])
def test_27g_at_12_m_no_relief(edition):
    # "less than 12 meters": at 12 m she shows the Rule 27(b) lights, and no Rule 23 masthead light unless making
    # way (27(b)(iii)); not making way, the three all-round lights only
    d = disp(edition, length="12 m", restricted="dredging", making_way=False)
    assert WORK <= roles(d, "required")
    assert "masthead" not in roles(d)


@pytest.mark.parametrize("edition", [I72, US])
def test_27g_sailing_vessel_keeps_rule_25(edition):
    # Rule 27(g) with Rule 25(a): a 9 m sailing vessel not under command still shows sidelights and a sternlight
    d = disp(edition, propulsion="sail", length="9 m", not_under_command=True, making_way=True)
    req = roles(d, "required")
    assert "sternlight" in req or "tricolour-white" in req
    assert NUC <= roles(d, "optional")


# ------------------------------------------------------------------------------------------------------------
# 2. Rule 24(b): a composite unit is a power-driven vessel and shows the Rule 23 lights, so under 12 m she may
#    show the 23(d) all-round white light and sidelights instead (Inland 23(d) likewise).

@pytest.mark.parametrize("edition, length, small", [(I72, "11 m", True), (I72, "12 m", False),
                                                    (US, "11 m", True), (US, "12 m", False)])
def test_24b_composite_unit_under_12_m_may_show_23d(edition, length, small):
    d = disp(edition, length=length, pushing=True, composite_unit=True)
    assert STANDARD_23A <= roles(d, "required", "standard")
    assert ("allround-white" in roles(d, "required", "small")) is small


# ------------------------------------------------------------------------------------------------------------
# 3. Rule 24(g)(iv): the diamond goes "at or near the aftermost extremity of the last vessel or object being
#    towed": not on one that is not the last.

@pytest.mark.parametrize("edition", [I72, US])
@pytest.mark.parametrize("last, diamond", [(True, True), (False, False)])
def test_24g_iv_diamond_on_the_last_object_only(edition, last, diamond):
    d = disp(edition, propulsion="none", length="50 m", breadth="5 m", time="day",
             being_towed={"partly_submerged": True, "last_of_tow": last, "tow_length": "100 m"})
    assert ("tow-diamond" in {i.role for i in d.shapes}) is diamond


# ------------------------------------------------------------------------------------------------------------
# 4. Inland 24(i): the towing lights of 24(c) relieved, nothing stands in place of the sternlight they replaced.

def test_inland_24i_sternlight_stays_when_towing_lights_relieved():
    d = disp(US, length="30 m", pushing=True, assisting_distress=True, tow_lights_impracticable=True)
    assert "sternlight" in roles(d, "required")                     # Rule 23(a)(iv), 24(c) not shown
    assert {"towing-light", "towing-light-lower"} <= roles(d, "optional")   # Rule 24(i)
    plain = disp(US, length="30 m", pushing=True)                  # 24(c)(iii): two towing lights, no sternlight
    assert "sternlight" not in roles(plain) and {"towing-light", "towing-light-lower"} <= roles(plain, "required")


# ------------------------------------------------------------------------------------------------------------
# 5. Inland 30(j): a barge made fast to mooring buoys "may carry" the corner lights, whatever 30(h) says.

CORNERS = {"barge-corner-forward-port", "barge-corner-forward-starboard", "barge-corner-aft-port",
           "barge-corner-aft-starboard"}                          # 30(j)(ii): the corner extremities


@pytest.mark.parametrize("case", [{}, {"barge_mooring": "none"}, {"near_channel": False}])
def test_inland_30j_single_barge_on_buoys_may_carry_corner_lights(case):
    d = disp(US, propulsion="none", service="barge", length="60 m", status="moored", mooring_buoys=True,
             barge_corners="single-both-sides", **case)
    assert roles(d, "optional") == CORNERS and not roles(d, "required")
    assert not any("no provision of this edition" in n.text for n in d.notes)


# ------------------------------------------------------------------------------------------------------------
# 6. Inland 26(f)(ii)(2)(A) (Annex II, 33 CFR 85): each vessel of a pair may direct a searchlight.

def test_inland_pair_trawling_note_has_its_verb():
    d = disp(US, length="30 m", fishing={"method": "trawl", "close_proximity": True, "pair_trawling": True,
                                        "trawl_activity": "hauling"})
    text = " ".join(n.text for n in d.notes if n.citation.rule.startswith("Rule 26(f)(ii)(2)"))
    assert "may, by night, direct a searchlight" in text


# ------------------------------------------------------------------------------------------------------------
# 7. 33 CFR 88.07 (Part 88): the public-safety light flashes alternately red and yellow.

def test_part_88_public_safety_light_alternates():
    d = disp(US, length="10 m", service="public-safety")
    ps = [i for i in d.lights if i.role.startswith("public-safety")]
    assert {i.colour for i in ps} == {"red", "yellow"}
    assert all(i.character == "flashing" and i.alternating for i in ps)


# ------------------------------------------------------------------------------------------------------------
# 8. Rule 26(c)(ii): a purse seiner (fishing other than trawling) without her gear's extent is answered the same
#    under both regimes: her Rule 26(c)(i), (iii) lights, and a note that the gear light turns on the extent.

@pytest.mark.parametrize("edition", [I72, US])
@pytest.mark.parametrize("extent, gear_light", [(None, False), ("150 m", False), ("151 m", True)])
def test_26c_gear_extent(edition, extent, gear_light):
    fishing = {"method": "purse-seine"} | ({"gear_extent": extent} if extent else {})
    d = disp(edition, length="30 m", fishing=fishing)
    assert {"fishing-upper", "fishing-lower"} <= roles(d, "required")
    assert ("gear-light" in roles(d)) is gear_light                # "more than 150 meters"
    said = any(n.citation.rule == "Rule 26(c)(ii)" and "gear_extent" in n.text for n in d.notes)
    assert said is (extent is None)


# ------------------------------------------------------------------------------------------------------------
# 9. Scene: of a sailing vessel's tricolour (Rule 25(b)) only the sections in arc are seen. From 20 deg on her
#    starboard bow only the green section (Rule 21(b): right ahead to 22.5 deg abaft the starboard beam).

OWN = {"lat": 50.0, "lon": -1.0, "heading": 0, "eye_height": 15}


@pytest.mark.parametrize("aspect, seen", [(20.0, {"green"}), (200.0, {"white"}), (300.0, {"red"})])
def test_scene_tricolour_only_sections_in_arc(aspect, seen):
    lat, lon = geo.destination(OWN["lat"], OWN["lon"], 0.0, 1.0)          # 1 nm dead ahead of own ship
    v = {"ident": "sail", "lat": lat, "lon": lon, "heading": (180.0 - aspect) % 360.0,
         "vessel": {"propulsion": "sail", "length": "12 m"}}
    data = {"time": "2020-09-14T21:30:00Z", "observer": dict(OWN), "vessels": [v], "edition": I72}
    r = traffic.scene_json(data)["vessels"][0]["readings"][0]
    alt = [a for a in r["alternatives"] if a["scheme"] == "sailing-tricolour"]
    assert alt
    assert {x["name"].split()[0] for x in alt[0]["lights"] if x["seen"]} == seen


# ------------------------------------------------------------------------------------------------------------
# 10. Found by the sweep's pairs of families (depth 2). Historical texts: the 1897 Regulations (Art. 4(a), (c),
#     Art. 7, Art. 10: 28 Stat. 82-83 and the 1926 Code's reprint) and the 1960 Rules (Rule 5, Rule 7(a), (e):
#     Proclamation 3632, 1964).

I97, I60 = "intl-1897", "intl-1960"


def test_1897_small_steam_vessel_nuc_keeps_her_white_light():
    # Art. 4(a): the red lights are carried "in lieu of" the Art. 2(a) white light; Art. 7 (last paragraph): a steam
    # vessel under 40 tons is not obliged to carry them, so nothing stands in the white light's place.
    d = disp(I97, length="45 m", tonnage=39, not_under_command=True, making_way=False)
    assert "masthead" in roles(d, "required", "standard")
    assert not NUC & roles(d, "required")
    assert not SIDES & roles(d)                       # Art. 4(c): not making way, no side lights


def test_1897_small_sailing_craft_nuc_stopped_is_left_unlit_and_says_so():
    # Art. 7 excuses the Art. 4(a) red lights; Art. 4(c) bars the side lights when not making way; Art. 10 leaves
    # her the stern light shown to an overtaking vessel. Read as written she has no light of her own: said in a note.
    d = disp(I97, propulsion="sail", length="12 m", tonnage=19, not_under_command=True, making_way=False)
    assert roles(d, "required") == set()
    assert any(i.status == "on-approach" for i in d.lights)
    assert "small-craft-nuc-stopped" in d.provisions
    assert any("Article 4(c)" in str(n.citation) and n.kind == "info" for n in d.notes)


def test_1897_small_steam_vessel_in_tow_nuc_stopped_is_left_unlit_and_says_so():
    # Found by the sweep's threes of families. Art. 5: a vessel being towed carries the side lights, never the white
    # lights; Art. 4(c): not under command and not making way, no side lights; Art. 7 (last paragraph): a steam
    # vessel under 40 tons need not carry the Art. 4(a) red lights. Read as the sailing craft above: no light of
    # her own, said in a note; without the status (Art. 5 alone) she shows her side lights.
    d = disp(I97, length="45 m", tonnage=19, not_under_command=True, making_way=False,
             being_towed={"tow_length": "600 ft"})
    assert roles(d, "required") == set()
    assert "small-craft-nuc-stopped" in d.provisions
    assert any("Article 4(c)" in str(n.citation) and n.kind == "info" for n in d.notes)
    towed = disp(I97, length="45 m", tonnage=19, making_way=False, being_towed={"tow_length": "600 ft"})
    assert SIDES <= roles(towed, "required")
    # 40 tons or more: not a vessel of Art. 7, so the red lights stand (and the note is not given)
    big = disp(I97, length="45 m", tonnage=40, not_under_command=True, making_way=False,
               being_towed={"tow_length": "600 ft"})
    assert NUC <= roles(big, "required") and "small-craft-nuc-stopped" not in big.provisions


@pytest.mark.parametrize("being", [{"being_towed": {"last_of_tow": True, "tow_length": "300 ft"}}, {"being_pushed": True}])
def test_1960_small_power_vessel_in_tow_gets_no_white_light(being):
    # Rule 7(a) lets a power-driven vessel under 65 ft show a white light "except as otherwise provided"; a vessel in
    # tow (Rule 5, 7(e)) or pushed shows no white light but her stern light: the Rule 7(a) white is not offered.
    d = disp(I60, length="15 m", **being)
    assert "small-white" not in roles(d)


@pytest.mark.parametrize("vessel, field", [
    (dict(propulsion="sail", length="10 m", pushing=True), "pushing"),          # Rule 24(c): a power-driven vessel
    (dict(propulsion="oars", length="5 m", pushing=True), "pushing"),
    # Rule 27(c): "A power-driven vessel engaged in a towing operation such as severely restricts ..."
    (dict(propulsion="sail", length="6 m", towing={"tow_length": "50 m"}, restricted="towing"), "restricted"),
    (dict(propulsion="power", length="30 m", being_pushed=True, towing={"tow_length": "100 m"}),
     "towing and being_pushed"),
])
def test_contradictions_found_by_the_sweep_are_refused_by_name(vessel, field):
    import navlights
    from navlights.errors import NavlightsError
    with pytest.raises(NavlightsError, match=field):
        navlights.display(vessel, I72)
