"""Issue 25, items 7, 8 and 10: Rule 24(h), (i) (intl-1972 and us-inland), Inland 24(f)(iii), 24(g)(v), 24(j)'s
places, and the moored barges of Inland Rule 30(h)-(l).

Each case cites its paragraph; the expectations are written from the texts as read: the 1972 Regulations (the
Canadian enactment, C.R.C. c. 1416, and the Coast Guard handbook) and 33 CFR 83 (eCFR, 2026-06-01; "Rule 24(f)" is
33 CFR 83.24(f)). Rules (h) and (i) of Rule 24 excuse lights and ask for "all possible measures": the excused lights
become optional, a note says what must still be done, and no light is drawn for the measures.
"""

from __future__ import annotations

import pytest

import navlights
from navlights import api
from navlights.errors import VesselError
from support import disp, items, required

I72, US = "intl-1972", "us-inland"


def notes(d, kind: str) -> list[str]:
    return [n.citation.rule for n in d.notes if n.kind == kind]


# --- Rule 24(h): a tow that cannot practicably show its lights or shapes ----------------------------------------

TOWED = {"propulsion": "none", "length": "30 m", "being_towed": {"tow_length": "100 m"}}
SUBMERGED = {"propulsion": "none", "length": "150 m", "breadth": "10 m",
             "being_towed": {"partly_submerged": True, "tow_length": "250 m"}}


@pytest.mark.parametrize("edition, vessel, excused", [
    # 24(h) names the lights and shapes of 24(e): sidelights and sternlight (and the diamond over 200 m)
    (I72, TOWED, {"sidelight-starboard", "sidelight-port", "sternlight"}),
    (US, TOWED, {"sidelight-starboard", "sidelight-port", "sternlight"}),
    # ... and of 24(g): the white lights of a partly submerged tow and its diamond(s); over 200 m intl-1972 24(g)(iv)
    # adds a second diamond, Inland 24(g)(iv) has one; lights at most 100 m apart (24(g)(iii)): two between at 150 m
    (I72, SUBMERGED, {"submerged-fore", "submerged-aft", "submerged-mid-1", "tow-diamond", "tow-diamond-forward"}),
    (US, SUBMERGED, {"submerged-fore", "submerged-aft", "submerged-mid-1", "tow-diamond"}),
])
def test_rule_24h_the_excused_lights_become_optional_and_the_measures_are_stated(edition, vessel, excused):
    plain = items(edition, **vessel)
    assert all(plain[r].status == "required" for r in excused)          # without the fact: required
    d = disp(edition, **vessel, tow_lights_impracticable=True)
    got = {i.role: i for i in d.items}
    assert excused <= set(got) and all(got[r].status == "optional" for r in excused)
    assert not required(edition, **vessel, tow_lights_impracticable=True)
    # "all possible measures ... to light ... or at least to indicate the presence": said, with its cite
    info = [n for n in d.notes if n.kind == "info" and n.citation.rule == "Rule 24(h)"]
    assert info and "every possible measure" in info[0].text and "at least to show that she is there" in info[0].text
    assert "Rule 24(h)" in notes(d, "relieved")
    assert set(got) == set(plain)                                          # no light invented for the measures


@pytest.mark.parametrize("edition", [I72, US])
def test_rule_24h_names_paragraphs_e_and_g_only(edition):
    # 24(h): "(e) or (g)"; a vessel towed alongside is lit under 24(f): her lights stay required, and a note says why
    v = {"propulsion": "none", "length": "30 m", "being_towed": {"alongside": True}, "tow_lights_impracticable": True}
    d = disp(edition, **v)
    assert all(i.status == "required" for i in d.items) and "sternlight" in {i.role for i in d.items}
    assert "Rule 24(h)" in notes(d, "info") and not notes(d, "relieved")


# --- Rule 24(i): a vessel not normally towing, towing one in distress ---------------------------------------------

@pytest.mark.parametrize("edition, fields, excused, kept", [
    # intl-1972 24(i): the lights of 24(a) (towing astern): the masthead lights in a line and the towing light
    (I72, {"towing": {"tow_length": "100 m"}}, {"towing-2", "towing-light"}, {"masthead", "sternlight"}),
    # Inland 24(i): the lights of 24(a), (c) or (j); 24(c) pushing ahead: two masthead lights and two towing lights
    (US, {"towing": {"tow_length": "100 m"}}, {"towing-2", "towing-light"}, {"masthead", "sternlight"}),
    (US, {"pushing": True}, {"towing-2", "towing-light", "towing-light-lower"}, {"masthead"}),
    # Inland 24(j) on the Western Rivers: its two towing lights
    (US, {"pushing": True, "waters": "western-rivers"}, {"towing-light", "towing-light-lower"}, set()),
])
def test_rule_24i_assisting_a_vessel_in_distress(edition, fields, excused, kept):
    base = {"length": "30 m", **fields}
    d = disp(edition, **base, assisting_distress=True, tow_lights_impracticable=True)
    got = {i.role: i for i in d.items}
    assert all(got[r].status == "optional" for r in excused)
    assert all(got[r].status == "required" for r in kept | {"sidelight-starboard", "sidelight-port"})  # Rule 23
    info = [n for n in d.notes if n.kind == "info" and n.citation.rule == "Rule 24(i)"]
    # "all possible measures ... to indicate the nature of the relationship"; intl: "in particular by illuminating
    # the towline"; Inland: "the searchlight authorized by Rule 36 may be used to illuminate the tow"
    assert info and "all possible measures" in info[0].text
    assert ("lighting the towline" if edition == I72 else "Rule 36 searchlight") in info[0].text


@pytest.mark.parametrize("edition", [I72, US])
@pytest.mark.parametrize("assisting, impracticable, excused", [
    (True, True, True),        # both conditions of 24(i)
    (True, False, False),      # towing a vessel in distress, but her lights can be shown: she shows them
    (False, True, False),      # impracticable, but a vessel normally towing: 24(i) does not excuse her
])
def test_rule_24i_needs_both_of_its_conditions(edition, assisting, impracticable, excused):
    v = {"length": "30 m", "towing": {"tow_length": "100 m"}}
    if assisting:
        v["assisting_distress"] = True
    if impracticable:
        v["tow_lights_impracticable"] = True
    d = disp(edition, **v)
    assert ({i.role: i for i in d.items}["towing-2"].status == "optional") == excused
    if impracticable and not assisting:
        assert "Rule 24(i)" in notes(d, "info")          # says why the lights stay


@pytest.mark.parametrize("vessel, field", [
    ({"propulsion": "power", "assisting_distress": True}, "assisting_distress"),           # 24(i): towing
    ({"propulsion": "power", "tow_lights_impracticable": True}, "tow_lights_impracticable"),
    ({"propulsion": "none", "being_towed": {"both_sides": True}}, "being_towed.both_sides"),  # 24(f)(iii): alongside
])
def test_the_new_towing_facts_refuse_a_vessel_they_do_not_fit(vessel, field):
    with pytest.raises(VesselError) as e:
        navlights.display(vessel, US)
    assert e.value.field == field


# --- Inland 24(f)(iii), 24(g)(v), 24(j) -----------------------------------------------------------------------------

def test_inland_24f_iii_vessels_alongside_on_both_sides():
    v = {"propulsion": "none", "length": "30 m", "being_towed": {"alongside": True, "both_sides": True}}
    d = disp(US, **v)
    got = {i.role: i for i in d.items}
    # a sternlight on the stern of the outboard vessel on each side; one set of sidelights as far forward and as far
    # outboard as practicable; a single special flashing light
    assert set(got) == {"sternlight", "sidelight-starboard", "sidelight-port", "special-flashing"}
    assert all(i.cite.endswith("Rule 24(f)(iii)") for i in got.values())
    assert got["special-flashing"].colour == "yellow"
    # under intl-1972 the fact is not tested: 24(f)(ii) as for any vessel towed alongside
    assert "towed_both_sides" not in {f for f, _v in api.facts_tested(navlights.edition(I72))}


def test_inland_24g_v_a_searchlight_toward_a_partly_submerged_tow_is_said_not_drawn():
    v = {"length": "30 m", "towing": {"tow_length": "100 m", "partly_submerged": True}}
    d = disp(US, **v)
    assert "Rule 24(g)(v)" in notes(d, "info")
    assert {i.role for i in d.items} == {i.role for i in disp(US, length="30 m", towing={"tow_length": "100 m"}).items}
    assert "Rule 24(g)(v)" not in notes(disp(I72, **v), "info")           # the 1972 Rule 24(g) has no (v)


@pytest.mark.parametrize("waters, masthead, towing_lights, rule", [
    # 24(j): on the Western Rivers and on waters the Secretary specifies: sidelights and two towing lights only
    ("western-rivers", False, True, "Rule 24(j)"),
    ("specified-waters", False, True, "Rule 24(j)"),
    # "except below the Huey P. Long Bridge ... on the Mississippi River": there 24(c) (masthead lights kept)
    ("lower-mississippi", True, True, "Rule 24(c)"),
    (None, True, True, "Rule 24(c)"),
    ("great-lakes", True, True, "Rule 24(c)"),
])
def test_inland_24j_and_its_places(waters, masthead, towing_lights, rule):
    v = {"length": "30 m", "pushing": True}
    if waters:
        v["waters"] = waters
    d = disp(US, **v)
    got = {i.role: i for i in d.items}
    assert ("masthead" in got) == masthead and ("towing-2" in got) == masthead
    assert {"towing-light", "towing-light-lower", "sidelight-port"} <= set(got)
    assert got["towing-light"].cite.startswith(f"{US} {rule}(")
    if waters == "lower-mississippi":
        assert "Rule 24(j); Rule 3(n)" in notes(d, "info")


# --- Inland Rule 30(h)-(l): moored barges ---------------------------------------------------------------------------

BARGE = {"propulsion": "none", "length": "60 m", "service": "barge"}
LIGHTS = {"barge-light-forward", "barge-light-aft"}


@pytest.mark.parametrize("case", ["projects-into-channel", "narrows-channel", "wide-group", "not-parallel"])
def test_inland_30h_each_case_lights_the_barge(case):
    # 30(h)(i)-(iv), 30(i): two unobstructed all-round white lights of at least 1 nautical mile
    got = items(US, **BARGE, status="moored", barge_mooring=case)
    assert set(got) == LIGHTS
    assert all(i.all_round and i.colour == "white" and i.range_nm == 1.0 and i.status == "required"
               for i in got.values())


def test_inland_30h_none_of_the_cases():
    assert not disp(US, **BARGE, status="moored", barge_mooring="none").items


@pytest.mark.parametrize("near, lit", [(True, True), (False, False)])
def test_near_channel_on_a_moored_barge_is_a_shorthand_that_says_so(near, lit):
    d = disp(US, **BARGE, status="moored", near_channel=near)
    assert bool(d.items) == lit
    said = [n.text for n in d.notes if n.kind == "info" and n.citation.rule == "Rule 30(h)"]
    assert said and "one of the four cases" in said[0] and "barge_mooring" in said[0]


@pytest.mark.parametrize("exempt, rule", [
    ("slip-or-slough", "Rule 30(k)(i)"),     # a slip or slough used primarily for mooring
    ("behind-pierhead", "Rule 30(k)(ii)"),   # behind a pierhead
    ("well-lit-area", "Rule 30(l)"),         # the well-illuminated areas listed
])
def test_inland_30k_l_exemptions_relieve_the_lights(exempt, rule):
    d = disp(US, **BARGE, status="moored", barge_mooring="wide-group", barge_exempt=exempt)
    assert {i.role for i in d.items} == LIGHTS and all(i.status == "optional" for i in d.items)
    assert rule in notes(d, "relieved") and rule in notes(d, "info")


@pytest.mark.parametrize("corners, roles", [
    # 30(j)(i): a barge projecting from a group: her outboard corners (drawn at the projecting end, assumed)
    ("projects-from-group", {"barge-corner-forward-port", "barge-corner-forward-starboard"}),
    # 30(j)(ii), (iii): the corner extremities of the barge, or of the group
    ("single-both-sides", {"barge-corner-forward-port", "barge-corner-forward-starboard", "barge-corner-aft-port",
                           "barge-corner-aft-starboard"}),
    ("group-both-sides", {"barge-corner-forward-port", "barge-corner-forward-starboard", "barge-corner-aft-port",
                          "barge-corner-aft-starboard"}),
])
def test_inland_30j_corner_lights_at_anchor_in_lieu_of_the_anchor_lights(corners, roles):
    d = disp(US, **BARGE, status="anchored", barge_corners=corners)
    scheme = {i.role for i in d.items if i.scheme == "barge-corner-lights"}
    assert scheme == roles
    assert all(i.colour == "white" and i.all_round and i.range_nm == 1.0 for i in d.items if i.role in roles)
    assert {"anchor-forward", "anchor-aft"} <= {i.role for i in d.items if i.scheme == "standard"}
    assert "substitute" in [n.kind for n in d.notes]


def test_inland_30j_on_mooring_buoys():
    # "made fast to one or more mooring buoys": an alternative to the 30(i) lights of a barge in a 30(h) case
    d = disp(US, **BARGE, status="moored", mooring_buoys=True, barge_mooring="narrows-channel",
             barge_corners="single-both-sides")
    assert {i.role for i in d.items if i.scheme == "standard"} == LIGHTS
    assert len([i for i in d.items if i.scheme == "barge-corner-lights"]) == 4
    # in none of the 30(h) cases there is nothing for them to replace: she may carry them, none required (30(j)
    # "may carry"; issue 34: before, they were said and not listed)
    alone = disp(US, **BARGE, status="moored", mooring_buoys=True, barge_mooring="none",
                 barge_corners="single-both-sides")
    assert len(alone.items) == 4 and {i.status for i in alone.items} == {"optional"}
    assert "Rule 30(j)" in notes(alone, "info")


@pytest.mark.parametrize("vessel, field", [
    ({**BARGE, "status": "anchored", "barge_mooring": "wide-group"}, "barge_mooring"),     # 30(h): moored barges
    ({"propulsion": "power", "status": "moored", "barge_exempt": "slip-or-slough"}, "barge_exempt"),
    ({**BARGE, "status": "moored", "barge_corners": "single-both-sides"}, "barge_corners"),  # 30(j): anchor or buoys
    ({**BARGE, "status": "anchored", "mooring_buoys": True}, "mooring_buoys"),
    ({**BARGE, "status": "moored", "near_channel": False, "barge_mooring": "wide-group"}, "near_channel"),
])
def test_the_barge_facts_refuse_what_contradicts_them(vessel, field):
    with pytest.raises(VesselError) as e:
        navlights.display(vessel, US)
    assert e.value.field == field


# --- Inland Rule 27(d)(iv): dredge pipelines -------------------------------------------------------------------------

PIPELINE = {"propulsion": "none", "status": "moored", "dredge_pipeline": True, "length": "100 m"}


def test_inland_27d_iv_dredge_pipeline_lights():
    got = items(US, **PIPELINE)
    reds = {r: i for r, i in got.items() if r.startswith("pipeline-red")}
    yellows = {r: i for r, i in got.items() if r.startswith("pipeline-yellow")}
    # (2): two red lights at each end, all round, at least 2 miles, 1 m apart in a vertical line
    assert set(reds) == {"pipeline-red-fore-upper", "pipeline-red-fore-lower", "pipeline-red-aft-upper",
                         "pipeline-red-aft-lower"}
    assert all(i.colour == "red" and i.all_round and i.range_nm == 2.0 for i in reds.values())
    upper = got["pipeline-red-fore-upper"].placement
    assert upper.vertical_sep_min_m == upper.vertical_sep_max_m == 1.0
    # (1): a row of yellow lights flashing 50 to 70 times a minute, all round, at least 2 miles, 1 to 3.5 m up
    assert yellows and all(i.colour == "yellow" and i.all_round and i.range_nm == 2.0 and i.character == "flashing"
                           and tuple(i.flashes_per_min) == (50, 70) for i in yellows.values())
    assert all(i.placement.height_min_m == 1.0 and i.placement.height_max_m == 3.5 for i in yellows.values())
    assert all(i.status == "required" and i.cite.endswith(("Rule 27(d)(iv)(1)", "Rule 27(d)(iv)(2)"))
               for i in got.values())
    # the number of yellow lights is not the rule's: the display says so
    assert any("spacing, not their number" in (i.citation.note or "") for i in got.values())


@pytest.mark.parametrize("vessel", [
    {**PIPELINE, "propulsion": "power"},                    # a pipeline is no vessel: nothing propels it
    {**PIPELINE, "status": "anchored"},
    {**PIPELINE, "service": "barge"},
])
def test_a_dredge_pipeline_is_no_vessel(vessel):
    with pytest.raises(VesselError) as e:
        navlights.display(vessel, US)
    assert e.value.field == "dredge_pipeline"


def test_a_dredger_is_told_of_her_pipeline_lights():
    d = disp(US, length="60 m", restricted="dredging")
    assert "Rule 27(d)(iv)" in notes(d, "info") and not any(i.role.startswith("pipeline") for i in d.items)
