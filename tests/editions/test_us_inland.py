"""us-inland: cases transcribed by hand from the US Inland Rules (33 CFR 83 Rules 20-31, Part 84, Part 88).

Each case cites its rule ("Rule 24(c)" = 33 CFR 83.24(c); "Sec. 84.02" = 33 CFR 84.02). Expected roles,
colours, ranges and values come from the rule text as read in the eCFR (2026-06-01), not from running the
engine. Boundaries are taken either side of the rules' own lengths: 7, 12, 20, 25 (breadth), 50 and 100 m,
tows of 200 m and gear of 150 m.
"""

from __future__ import annotations

import datetime as dt

import pytest

import navlights
from navlights.notation import as_pattern
from navlights.placement import place
from support import disp, items, lights, note_kinds, shapes

E = "us-inland"


def nm(item) -> float | None:
    return item.range_nm


# --- Edition: sources, dates, coverage ------------------------------------------------------------------

def test_edition_header_and_in_force_dates():
    e = navlights.edition(E)
    assert e.waters == ("us-inland", "great-lakes")
    # Inland Rules in force 24 Dec. 1981; on the Great Lakes 1 Mar. 1983 (Coast Guard record of changes)
    assert e.in_force_from == dt.date(1981, 12, 24) and e.in_force_to is None
    assert e.in_force_from_in("great-lakes") == dt.date(1983, 3, 1)
    assert e.in_force_from_in("us-inland") == dt.date(1981, 12, 24)
    assert e.mile == "nautical"           # Sec. 84.14(a): ranges of visibility in nautical miles
    assert navlights.edition("inland").id == E


def test_primary_throughout_with_one_recorded_gap():
    cov = navlights.edition(E).coverage()
    assert cov["primary_share"] >= 0.95
    assert cov["inferred"] == 0
    assert cov["gaps"] == ["Rules 20-31: Earlier wording of the lights rules not found"]
    kinds = {s.kind for s in navlights.edition(E).sources.values()}
    assert "statute" in kinds                                  # the CFR text itself


@pytest.mark.parametrize("date, waters, edition", [
    ("1970-01-01", "us-inland", None),          # before the Inland Rules: navlights holds no edition
    ("1981-12-23", "us-inland", None),
    ("1981-12-24", "us-inland", E),             # in force on inland waters
    ("1982-06-01", "great-lakes", None),        # not yet on the Great Lakes; gl-1895 ended in 1928
    ("1983-02-28", "great-lakes", None),
    ("1983-03-01", "great-lakes", E),           # in force on the Great Lakes
    ("2026-06-01", "us-inland", E),
    ("1900-01-01", "great-lakes", "gl-1895"),   # the 1895 Great Lakes Rules still answer for their years
])
def test_governing(date, waters, edition):
    g = navlights.governing(date, waters)
    assert g.edition == edition
    if edition is None:
        assert g.text.startswith("not covered")


# --- Rule 21: the lights defined --------------------------------------------------------------------------

def test_rule_21_light_definitions():
    it = items(E, length="60 m")
    # 21(a) masthead: white, 225 deg, right ahead to 22.5 deg abaft the beam each side
    assert (it["masthead"].colour, it["masthead"].arc_deg) == ("white", (247.5, 112.5))
    # 21(b) sidelights: green starboard / red port, 112.5 deg each
    assert (it["sidelight-starboard"].colour, it["sidelight-starboard"].arc_deg) == ("green", (0.0, 112.5))
    assert (it["sidelight-port"].colour, it["sidelight-port"].arc_deg) == ("red", (247.5, 360.0))
    # 21(c) sternlight: white, 135 deg, 67.5 deg each side of right aft
    assert (it["sternlight"].colour, it["sternlight"].arc_deg) == ("white", (112.5, 247.5))
    # 21(d) towing light: yellow, the sternlight's characteristics
    t = items(E, length="30 m", towing={"tow_length": "100 m"})["towing-light"]
    assert (t.colour, t.arc_deg) == ("yellow", (112.5, 247.5))


def test_rule_21g_special_flashing_light():
    s = items(E, propulsion="none", length="30 m", being_pushed=True)["special-flashing"]
    # yellow, 50 to 70 flashes a minute, at least 180 and at most 225 degrees from right ahead; 2 miles (22(b)(vi))
    assert (s.colour, s.character, s.flashes_per_min) == ("yellow", "flashing", (50.0, 70.0))
    assert s.arc_deg == (270.0, 90.0)          # the 180 degrees every such lantern shows
    assert s.range_nm == 2.0
    assert s.placement.to_dict()["at"] == "forward-end"


# --- Rule 22: ranges by length band -----------------------------------------------------------------------

@pytest.mark.parametrize("length, masthead, side, stern", [
    ("11.99 m", 2, 1, 2),      # 22(c): under 12 m
    ("12 m", 3, 2, 2),         # 22(b): 12 m or more, masthead 3 miles under 20 m
    ("19.99 m", 3, 2, 2),
    ("20 m", 5, 2, 2),         # 22(b)(i): masthead 5 miles from 20 m
    ("49.99 m", 5, 2, 2),
    ("50 m", 6, 3, 3),         # 22(a): 50 m or more
    ("200 m", 6, 3, 3),
])
def test_rule_22_ranges_power(length, masthead, side, stern):
    it = items(E, length=length)
    assert nm(it["masthead"]) == masthead
    side_role = "sidelight-starboard"
    assert nm(it[side_role]) == side and nm(it["sidelight-port"]) == side
    assert nm(it["sternlight"]) == stern


@pytest.mark.parametrize("length, towing_light, all_round, special", [
    ("11.99 m", 2, 2, 2),      # 22(c)(iv)-(vi)
    ("12 m", 2, 2, 2),         # 22(b)(iv)-(vi)
    ("49.99 m", 2, 2, 2),
    ("50 m", 3, 3, 2),         # 22(a)(iv)-(vi): the special flashing light stays 2 miles
])
def test_rule_22_ranges_towing_allround_special(length, towing_light, all_round, special):
    assert nm(items(E, length=length, towing={"tow_length": "50 m"})["towing-light"]) == towing_light
    assert nm(items(E, length=length, not_under_command=True)["nuc-upper"]) == all_round
    assert nm(items(E, propulsion="none", length=length, being_pushed=True)["special-flashing"]) == special


def test_rule_22d_partly_submerged_three_miles():
    it = items(E, propulsion="none", length="10 m", breadth="5 m", being_towed={"partly_submerged": True})
    assert nm(it["submerged-fore"]) == 3.0 and nm(it["submerged-aft"]) == 3.0


def test_missing_length_is_asked_for_by_rule():
    with pytest.raises(navlights.MissingFactError) as e:
        disp(E)
    assert e.value.field == "length" and "us-inland Rule" in str(e.value)


# --- Rule 23: power-driven vessels underway ---------------------------------------------------------------

@pytest.mark.parametrize("length, aft", [
    ("49.99 m", "optional"),   # 23(a)(ii): under 50 m not obliged, may
    ("50 m", "required"),
    ("100 m", "required"),
])
def test_rule_23a(length, aft):
    it = items(E, length=length)
    assert {"masthead", "masthead-aft", "sidelight-starboard", "sidelight-port", "sternlight"} <= set(it)
    assert it["masthead-aft"].status == aft and it["masthead"].status == "required"


@pytest.mark.parametrize("length, combined", [("19.99 m", True), ("20 m", False)])
def test_rule_21b_combined_lantern_under_20m(length, combined):
    it = items(E, length=length)
    assert ("combined-starboard" in it) == combined
    if combined:
        assert it["combined-starboard"].group == it["sidelight-starboard"].group == "sidelights"


def test_rule_23b_air_cushion_flashing_yellow():
    it = items(E, length="30 m", air_cushion=True, non_displacement=True)
    y = it["air-cushion-flashing"]
    assert (y.colour, y.all_round, y.character, y.flashes_per_min) == ("yellow", True, "flashing", (120.0, None))
    assert "masthead" in it                                   # in addition to the 23(a) lights
    assert "air-cushion-flashing" not in items(E, length="30 m", air_cushion=True)   # displacement mode


def test_rule_23c_wig_flashing_red():
    it = items(E, length="30 m", wig=True, wig_near_surface=True)
    assert (it["wig-flashing"].colour, it["wig-flashing"].character) == ("red", "flashing")
    assert "wig-flashing" not in items(E, length="30 m", wig=True)


@pytest.mark.parametrize("length, small", [("11.99 m", True), ("12 m", False)])
def test_rule_23d_under_12m_all_round_white_and_sidelights(length, small):
    it = items(E, length=length)
    assert ("allround-white" in it) == small
    if small:
        assert it["allround-white"].scheme == "small-power" and it["masthead"].scheme == "standard"
        assert it["small-sidelight-starboard"].scheme == "small-power"
        assert it["allround-white"].all_round and it["allround-white"].colour == "white"


def test_no_7m_7kn_rule_inland():
    # Inland Rule 23 has no under-7 m / 7-knot relief: the vessel keeps her 23(a) or (d) lights, with a note.
    d = disp(E, length="6 m", max_speed_kn=6)
    assert {"masthead", "sternlight", "allround-white"} <= {i.role for i in d.items}
    assert any("7 m" in n.text and n.kind == "info" for n in d.notes)


def test_rule_23e_great_lakes_all_round_white():
    it = items(E, length="60 m", waters="great-lakes")
    gl = it["all-round-white-aft"]
    # in lieu of the second masthead light and sternlight, same minimum range as the second masthead light
    assert gl.all_round and gl.colour == "white" and gl.range_nm == 6.0
    assert gl.group == it["masthead-aft"].group == it["sternlight"].group == "great-lakes"
    assert gl.option != it["sternlight"].option
    assert "all-round-white-aft" not in items(E, length="60 m")                          # not off the Great Lakes
    assert "all-round-white-aft" not in items(E, length="30 m", waters="western-rivers")
    assert items(E, length="30 m", waters="great-lakes")["all-round-white-aft"].range_nm == 5.0


# --- Rule 24: towing and pushing --------------------------------------------------------------------------

@pytest.mark.parametrize("tow, third, diamond", [
    ("200 m", False, False),       # 24(a)(i), (v): "exceeds 200 meters"
    ("200.01 m", True, True),
    ("1000 m", True, True),
])
def test_rule_24a_towing_astern(tow, third, diamond):
    it = items(E, length="30 m", towing={"tow_length": tow})
    # two masthead lights in a vertical line: the forward masthead light and towing-2 above it
    assert it["masthead"].canonical == it["towing-2"].canonical == "masthead"
    assert ("towing-3" in it) == third
    assert ("tow-diamond" in it) == diamond
    # 24(a)(ii)-(iv): sidelights, sternlight, towing light in a vertical line above the sternlight
    assert {"sidelight-starboard", "sidelight-port", "sternlight", "towing-light"} <= set(it)
    assert it["towing-light"].placement.to_dict()["above"] == "sternlight"


def test_rule_24d_towing_vessel_keeps_rule_23a_lights():
    assert items(E, length="60 m", towing={"tow_length": "100 m"})["masthead-aft"].status == "required"
    assert items(E, length="40 m", towing={"tow_length": "100 m"})["masthead-aft"].status == "optional"


@pytest.mark.parametrize("vessel", [
    {"pushing": True},                                  # 24(c): pushing ahead
    {"towing": {"alongside": True}},                    # 24(c): towing alongside
])
def test_rule_24c_two_towing_lights_not_a_sternlight(vessel):
    d = disp(E, length="30 m", **vessel)
    it = {i.role: i for i in d.items}
    assert {"masthead", "towing-2", "sidelight-starboard", "sidelight-port", "towing-light",
            "towing-light-lower"} <= set(it)
    assert "sternlight" not in it
    assert it["towing-light"].colour == it["towing-light-lower"].colour == "yellow"
    assert "in-lieu" in [n.kind for n in d.notes]
    # from astern: two yellow lights in a vertical line (the Inland Y/Y)
    assert as_pattern(navlights.view(d, 180, 0.5)).notation() == "Y/Y"


@pytest.mark.parametrize("vessel", [{"pushing": True}, {"towing": {"alongside": True}}])
def test_rule_24j_western_rivers_no_masthead_lights(vessel):
    it = items(E, length="30 m", waters="western-rivers", **vessel)
    assert set(it) == {"sidelight-starboard", "sidelight-port", "towing-light", "towing-light-lower"}
    assert it["towing-light"].cite == "us-inland Rule 24(j)(ii); Sec. 84.02(i)"


def test_rule_24b_composite_unit_is_a_power_driven_vessel():
    d = disp(E, length="60 m", pushing=True, composite_unit=True)
    roles = {i.role for i in d.items}
    assert {"masthead", "masthead-aft", "sidelight-starboard", "sidelight-port", "sternlight"} == roles
    assert any(n.citation.rule == "Rule 24(b)" for n in d.notes)
    pushed = disp(E, propulsion="none", length="60 m", being_pushed=True, composite_unit=True)
    assert not pushed.items


@pytest.mark.parametrize("tow, diamond", [("200 m", False), ("200.01 m", True)])
def test_rule_24e_towed(tow, diamond):
    it = items(E, propulsion="none", length="30 m", being_towed={"tow_length": tow})
    assert {"sidelight-starboard", "sidelight-port", "sternlight"} <= set(it)
    assert ("tow-diamond" in it) == diamond
    assert "special-flashing" not in it


def test_rule_24f_pushed_ahead_and_towed_alongside():
    pushed = items(E, propulsion="none", length="30 m", being_pushed=True)
    # 24(f)(i): at the forward end sidelights and a special flashing light; no sternlight
    assert set(pushed) == {"sidelight-starboard", "sidelight-port", "special-flashing"}
    assert pushed["sidelight-starboard"].placement.to_dict()["at"] == "forward-end"
    alongside = items(E, propulsion="none", length="30 m", being_towed={"alongside": True})
    # 24(f)(ii): a sternlight, and at the forward end sidelights and a special flashing light
    assert set(alongside) == {"sternlight", "sidelight-starboard", "sidelight-port", "special-flashing"}


@pytest.mark.parametrize("length, breadth, lights_", [
    ("100 m", "24.99 m", {"submerged-fore", "submerged-aft"}),                       # 24(g)(i)
    ("100 m", "25 m", {"submerged-forward-port", "submerged-forward-starboard",         # 24(g)(ii): four
                       "submerged-aft-port", "submerged-aft-starboard"}),
    ("100.01 m", "10 m", {"submerged-fore", "submerged-aft", "submerged-mid-1"}),      # 24(g)(iii)
    ("200.01 m", "10 m", {"submerged-fore", "submerged-aft", "submerged-mid-1", "submerged-mid-2"}),
    ("300 m", "10 m", {"submerged-fore", "submerged-aft", "submerged-mid-1", "submerged-mid-2"}),  # 100 m apart
    ("150 m", "30 m", {"submerged-forward-port", "submerged-forward-starboard", "submerged-aft-port",
                       "submerged-aft-starboard", "submerged-mid-1-port", "submerged-mid-1-starboard"}),
])
def test_rule_24g_partly_submerged(length, breadth, lights_):
    v = dict(propulsion="none", length=length, breadth=breadth, being_towed={"partly_submerged": True})
    assert lights(E, **v) == lights_
    # 24(g)(iv): one diamond at the after end, whatever the tow's length (no second diamond inland)
    assert shapes(E, **v) == {"tow-diamond"}


# 24(g)(iii): the lights between, at most 100 m apart, drawn where they stand: evenly spaced between the end (or,
# from 25 m breadth, the corner) lights on their own line (placement assumed).
@pytest.mark.parametrize("length, breadth, rows", [
    ("150 m", "10 m", [("submerged-fore", "submerged-mid-1", "submerged-aft")]),
    ("250 m", "10 m", [("submerged-fore", "submerged-mid-1", "submerged-mid-2", "submerged-aft")]),
    ("250 m", "30 m", [("submerged-forward-port", "submerged-mid-1-port", "submerged-mid-2-port", "submerged-aft-port"),
                       ("submerged-forward-starboard", "submerged-mid-1-starboard", "submerged-mid-2-starboard",
                        "submerged-aft-starboard")]),
])
def test_rule_24g_iii_drawn_where_they_stand(length, breadth, rows):
    d = disp(E, propulsion="none", length=length, breadth=breadth, being_towed={"partly_submerged": True})
    p = place(d.lights, d.vessel.length_m, d.vessel.breadth_m)
    for row in rows:
        xs = [p.get(r).x_m for r in row]
        assert xs == sorted(xs, reverse=True)                                  # forward to aft, in order
        gaps = [a - b for a, b in zip(xs, xs[1:])]
        assert max(gaps) - min(gaps) < 1e-6 and max(gaps) <= 100.0
        assert len({p.get(r).y_m for r in row}) == 1                            # one line, on its own side


def test_rule_24g_needs_the_breadth():
    with pytest.raises(navlights.MissingFactError) as e:
        disp(E, propulsion="none", length="50 m", being_towed={"partly_submerged": True})
    assert e.value.field == "breadth" and "Rule 24(g)" in str(e.value)


# --- Rule 25: sailing vessels and vessels under oars ------------------------------------------------------

def test_rule_25a_c_sailing():
    it = items(E, propulsion="sail", length="25 m")
    assert {"sidelight-starboard", "sidelight-port", "sternlight"} <= set(it)
    assert "masthead" not in it
    # 25(c): optional all-round red over green at or near the top of the mast
    assert it["top-red"].status == it["top-green"].status == "optional"
    assert "tricolour-starboard" not in it                        # 25(b) only under 20 m


@pytest.mark.parametrize("length, tricolour", [("19.99 m", True), ("20 m", False)])
def test_rule_25b_tricolour_under_20m(length, tricolour):
    it = items(E, propulsion="sail", length=length)
    assert ("tricolour-stern" in it) == tricolour
    if tricolour:
        # a scheme of its own: the 25(c) red-over-green is in the standard scheme only
        assert it["tricolour-stern"].scheme == "sailing-tricolour" and it["top-red"].scheme == "standard"


@pytest.mark.parametrize("length, small", [("6.99 m", True), ("7 m", False)])
def test_rule_25d_small_sailing_vessel(length, small):
    it = items(E, propulsion="sail", length=length)
    assert ("allround-white" in it) == small
    if small:
        assert it["torch"].status == "on-approach" and it["torch"].group == it["allround-white"].group


def test_rule_25d_ii_oars():
    it = items(E, propulsion="oars", length="4 m")
    # an all-round white light or a torch at hand; or the sailing lights as a scheme
    assert it["allround-white"].group == it["torch"].group
    assert it["sternlight"].scheme == "oars-sailing-lights"


@pytest.mark.parametrize("length, status", [("11.99 m", "optional"), ("12 m", "required")])
def test_rule_25e_cone_for_sail_and_power(length, status):
    it = items(E, length=length, sails_set=True)
    assert it["sail-power-cone"].canonical == "cone-down" and it["sail-power-cone"].status == status


# --- Rule 26: fishing vessels -----------------------------------------------------------------------------

@pytest.mark.parametrize("length, masthead", [("49.99 m", "optional"), ("50 m", "required")])
def test_rule_26b_trawling(length, masthead):
    it = items(E, length=length, fishing="trawl")
    assert (it["fishing-upper"].colour, it["fishing-lower"].colour) == ("green", "white")
    assert it["fishing-upper"].all_round
    assert it["fishing-masthead"].status == masthead                  # 26(b)(ii)
    assert {"sidelight-starboard", "sidelight-port", "sternlight"} <= set(it)   # making way (iii)
    assert "masthead" not in it and "masthead-aft" not in it           # 26(a): only Rule 26 lights
    assert it["fishing-cones"].canonical == "double-cone"


def test_rule_26b_not_making_way_and_at_anchor():
    still = items(E, length="30 m", fishing="trawl", making_way=False)
    assert "sidelight-starboard" not in still and "sternlight" not in still
    anchored = items(E, length="30 m", fishing="trawl", status="anchored")
    assert "fishing-upper" in anchored and "anchor-forward" not in anchored and "anchor-ball" not in anchored


@pytest.mark.parametrize("gear, extra", [("150 m", False), ("150.01 m", True)])
def test_rule_26c_other_fishing_and_outlying_gear(gear, extra):
    it = items(E, length="30 m", fishing={"method": "line", "gear_extent": gear})
    assert (it["fishing-upper"].colour, it["fishing-lower"].colour) == ("red", "white")
    assert ("gear-light" in it) == extra and ("gear-cone" in it) == extra
    if extra:
        assert it["gear-cone"].canonical == "cone-up"
        pl = it["gear-light"].placement.to_dict()
        assert (pl["horizontal_sep_min"], pl["horizontal_sep_max"]) == ("2 m", "6 m")   # Sec. 84.04(a)


def test_rule_26c_gear_not_given_is_a_note_not_an_error():
    d = disp(E, length="30 m", fishing="other")
    assert "gear-light" not in {i.role for i in d.items}
    assert any(n.citation.rule == "Rule 26(c)(ii)" for n in d.notes)


def test_rule_26f_trawler_signals_follow_her_activity_and_are_optional():
    """Rule 26(f)(ii)(1): may show, shooting two white, hauling white over red, net fast two red (issue 25: by the
    activity given, no longer as alternatives); none when she is not fishing in close proximity (26(f))."""
    near = {"method": "trawl", "close_proximity": True}
    for act, roles, colours in (("shooting", ("shooting-upper", "shooting-lower"), ("white", "white")),
                                ("hauling", ("hauling-upper", "hauling-lower"), ("white", "red")),
                                ("net-fast", ("fast-upper", "fast-lower"), ("red", "red"))):
        it = items(E, length="30 m", fishing={**near, "trawl_activity": act})
        assert tuple(it[r].colour for r in roles) == colours, act
        assert all(it[r].status == "optional" and it[r].range_nm == 1.0 and it[r].option is None for r in roles)
    assert not {"shooting-upper", "hauling-upper", "fast-upper"} & set(items(E, length="30 m", fishing="trawl"))


def test_rule_26e_not_engaged_in_fishing():
    it = items(E, length="30 m", fishing={"method": "trawl", "gear_out": False})
    assert "fishing-upper" not in it and "masthead" in it
    assert "info" in note_kinds(E, length="30 m", fishing={"method": "trawl", "gear_out": False})


# --- Rule 27: not under command, restricted in ability to maneuver ----------------------------------------

def test_rule_27a_not_under_command():
    it = items(E, length="30 m", not_under_command=True)
    assert it["nuc-upper"].colour == it["nuc-lower"].colour == "red"
    assert {"sidelight-starboard", "sidelight-port", "sternlight"} <= set(it)
    assert "masthead" not in it
    assert {"nuc-ball-upper", "nuc-ball-lower"} <= set(it)
    still = items(E, length="30 m", not_under_command=True, making_way=False)
    assert "sidelight-starboard" not in still and "sternlight" not in still


@pytest.mark.parametrize("making_way, underway_lights", [(True, True), (False, False)])
def test_rule_27b_restricted(making_way, underway_lights):
    it = items(E, length="30 m", restricted="cable", making_way=making_way)
    assert [it[r].colour for r in ("work-upper", "work-middle", "work-lower")] == ["red", "white", "red"]
    assert [it[r].canonical for r in ("work-shape-upper", "work-shape-middle", "work-shape-lower")] == \
        ["ball", "diamond", "ball"]
    assert ("masthead" in it) == underway_lights and ("sternlight" in it) == underway_lights


def test_rule_27b_iv_restricted_at_anchor():
    it = items(E, length="30 m", restricted="survey", status="anchored")
    assert {"work-upper", "anchor-ball"} <= set(it) and "anchor-forward" in it


def test_rule_27c_restricted_towing():
    it = items(E, length="30 m", towing={"tow_length": "250 m"}, restricted="towing")
    assert {"work-upper", "work-middle", "work-lower", "towing-2", "towing-3", "towing-light", "tow-diamond",
            "work-shape-middle"} <= set(it)


@pytest.mark.parametrize("side, other", [("port", "starboard"), ("starboard", "port")])
def test_rule_27d_obstruction(side, other):
    it = items(E, length="30 m", restricted="dredging", obstruction_side=side)
    assert it["obstruction-upper"].colour == "red" and it["obstruction-upper"].placement.side.value == side
    assert it["pass-upper"].colour == "green" and it["pass-upper"].placement.side.value == other
    assert it["obstruction-ball-lower"].canonical == "ball" and it["pass-diamond-lower"].canonical == "diamond"
    # 27(d)(iii): at anchor these instead of the Rule 30 lights
    anchored = items(E, length="30 m", restricted="dredging", obstruction_side=side, status="anchored")
    assert "anchor-forward" not in anchored and "anchor-ball" not in anchored and "obstruction-upper" in anchored


def test_rule_27d_iv_dredge_pipeline_is_listed():
    d = disp(E, length="30 m", restricted="dredging")
    assert any(n.citation.rule == "Rule 27(d)(iv)" and "50 to 70" in n.text for n in d.notes)


def test_rule_27e_diving_flag_alternative():
    it = items(E, length="8 m", restricted="diving")
    assert it["diving-flag"].canonical == "flag" and it["diving-flag"].colour == "white-blue"
    assert it["diving-flag"].group == it["work-shape-middle"].group
    assert it["work-upper"].status == "required"       # 27(g): under 12 m, but diving: still required


def test_rule_27f_mine_clearance():
    it = items(E, length="60 m", mine_clearance=True)
    assert {it[r].colour for r in ("mine-top", "mine-port", "mine-starboard")} == {"green"}
    assert {"masthead", "masthead-aft", "sternlight"} <= set(it)          # with the Rule 23 lights
    assert {"mine-ball-top", "mine-ball-port", "mine-ball-starboard"} <= set(it)


@pytest.mark.parametrize("length, status", [("11.99 m", "optional"), ("12 m", "required")])
def test_rule_27g_small_vessels(length, status):
    assert items(E, length=length, not_under_command=True)["nuc-upper"].status == status
    assert items(E, length=length, restricted="cable")["work-middle"].status == status


# --- Rule 28 (reserved), Rule 29 pilot vessels ------------------------------------------------------------

def test_rule_28_reserved_constrained_by_draught_gets_a_note():
    d = disp(E, length="200 m", constrained_by_draught=True)
    plain = disp(E, length="200 m")
    assert [i.role for i in d.items] == [i.role for i in plain.items]
    note = next(n for n in d.notes if n.citation.rule == "Rule 28")
    assert "reserved" in note.text


def test_rule_29_pilot_vessel():
    it = items(E, length="20 m", pilot_on_duty=True, service="pilot-vessel")
    assert (it["pilot-white"].colour, it["pilot-red"].colour) == ("white", "red")
    assert {"sidelight-starboard", "sidelight-port", "sternlight"} <= set(it) and "masthead" not in it
    anchored = items(E, length="20 m", pilot_on_duty=True, status="anchored")
    assert {"pilot-white", "pilot-red", "anchor-ball"} <= set(anchored) and "sternlight" not in anchored
    off = items(E, length="20 m", service="pilot-vessel")
    assert "pilot-white" not in off and "masthead" in off


# --- Rule 30: anchored, aground, moored barges -------------------------------------------------------------

@pytest.mark.parametrize("length, two_required", [("49.99 m", False), ("50 m", True)])
def test_rule_30ab_anchor_lights(length, two_required):
    it = items(E, length=length, status="anchored")
    assert it["anchor-ball"].canonical == "ball"
    if two_required:
        assert it["anchor-forward"].group is None and it["anchor-aft"].group is None
        assert "anchor-single" not in it
    else:   # 30(b): under 50 m one all-round white light may serve instead
        assert it["anchor-single"].group == it["anchor-forward"].group == "anchor-lights"


# Rule 30(c) (33 CFR 83.30(c)): any vessel at anchor may light her decks with her working or equivalent lights;
# one of 100 m or more shall. One note either way, its word following the length.
@pytest.mark.parametrize("length, word", [("100 m", "must"), ("150 m", "must"), ("99.99 m", "may"), ("10 m", "may")])
def test_rule_30c_deck_lights_note(length, word):
    notes = [n for n in disp(E, length=length, status="anchored").notes if n.citation.rule == "Rule 30(c)"]
    assert len(notes) == 1 and notes[0].kind == "info"
    assert f" {word} " in notes[0].text
    assert notes[0].citation.provenance == "primary"


def test_rule_30c_not_under_way():
    assert not any(n.citation.rule == "Rule 30(c)" for n in disp(E, length="50 m").notes)


@pytest.mark.parametrize("length, status", [("11.99 m", "optional"), ("12 m", "required")])
def test_rule_30df_aground(length, status):
    it = items(E, length=length, status="aground")
    assert it["aground-red-upper"].colour == "red" and it["aground-red-upper"].status == status   # 30(f)
    assert [it[f"aground-ball-{k}"].status for k in (1, 2, 3)] == [status] * 3
    assert "anchor-single" in it or "anchor-forward" in it
    assert "anchor-ball" not in it


@pytest.mark.parametrize("length, near, relieved", [
    ("6.99 m", False, True),       # 30(e)
    ("7 m", False, False),
    ("6.99 m", True, False),
    ("6.99 m", None, False),       # not given: the lights stay required
])
def test_rule_30e_small_vessel_clear_of_channels(length, near, relieved):
    v = dict(length=length, status="anchored")
    if near is not None:
        v["near_channel"] = near
    it = items(E, **v)
    assert (it["anchor-single"].status == "optional") == relieved


@pytest.mark.parametrize("length, relieved", [("19.99 m", True), ("20 m", False)])
def test_rule_30g_special_anchorage(length, relieved):
    it = items(E, length=length, status="anchored", special_anchorage=True)
    assert (it["anchor-ball"].status == "optional") == relieved


def test_rule_30h_l_moored_barges():
    lit = items(E, propulsion="none", length="60 m", service="barge", status="moored", near_channel=True)
    assert set(lit) == {"barge-light-forward", "barge-light-aft"}
    assert all(i.all_round and i.colour == "white" and i.range_nm == 1.0 for i in lit.values())
    clear = disp(E, propulsion="none", length="60 m", service="barge", status="moored", near_channel=False)
    # near_channel = false: the shorthand for none of the cases of 30(h), and the display says what it assumes
    assert not clear.items and any(n.citation.rule == "Rule 30(h)" for n in clear.notes)
    bare = disp(E, propulsion="none", length="60 m", service="barge", status="moored")
    assert not bare.items and any(n.citation.rule == "Rule 30(h)-(l)" for n in bare.notes)
    small = items(E, propulsion="none", length="19.99 m", service="barge", status="moored", near_channel=True,
                  special_anchorage=True)
    assert small["barge-light-forward"].status == "optional"        # 30(k)(iii)


def test_moored_vessel_gets_a_note_not_silence():
    d = disp(E, length="30 m", status="moored")
    assert not d.items and any(n.citation.rule == "Rule 3(i); Rule 30(h)" for n in d.notes)


# --- Rule 31; Part 88 ------------------------------------------------------------------------------------

def test_rule_31_seaplane():
    d = disp(E, seaplane=True, length="15 m")
    assert "masthead" in {i.role for i in d.items}
    assert any(n.citation.rule == "Rule 31" for n in d.notes)


def test_part_88_law_enforcement_and_public_safety():
    le = items(E, length="10 m", service="law-enforcement")["law-enforcement-blue"]
    assert (le.colour, le.status, le.character) == ("blue", "optional", "flashing")           # Sec. 88.05
    ps = items(E, length="10 m", service="public-safety")
    assert {ps["public-safety-red"].colour, ps["public-safety-yellow"].colour} == {"red", "yellow"}   # 88.07
    assert all(ps[r].status == "optional" for r in ("public-safety-red", "public-safety-yellow"))


# --- Annex I (Part 84): placement values ------------------------------------------------------------------

def test_sec_84_02_masthead_heights_as_typed_constraints():
    it = items(E, length="60 m")
    m = it["masthead"].placement
    assert (m.height_above_hull_min_m, m.height_breadth_rule, m.height_need_not_exceed_m) == (5.0, True, 8.0)
    a = it["masthead-aft"].placement
    assert (a.higher_than, a.higher_by_min_m) == ("masthead", 2.0)                 # 84.02(a)(ii)
    s = it["sidelight-starboard"].placement
    assert (s.below, s.below_by_min_m) == ("masthead", 1.0)                       # 84.02(g)
    assert items(E, length="15 m")["masthead"].placement.above_gunwale_min_m == 2.5   # 84.02(c)
    assert items(E, length="30 m", towing={"tow_length": "100 m"})["towing-2"].placement.vertical_sep_min_m == 1.0


@pytest.mark.parametrize("length, breadth, height", [
    ("60 m", "4 m", 5.0),     # at least 5 m
    ("60 m", "7 m", 7.0),     # the breadth when it exceeds 5 m
    ("60 m", "12 m", 8.0),    # need not exceed 8 m
])
def test_sec_84_02_masthead_height_placed(length, breadth, height):
    d = disp(E, length=length, breadth=breadth)
    p = place(d.lights, d.vessel.length_m, d.vessel.breadth_m)
    fwd, aft, side = p.get("masthead"), p.get("masthead-aft"), p.get("sidelight-starboard")
    assert fwd.z_m - p.freeboard_m == pytest.approx(height)
    assert aft.z_m - fwd.z_m >= 2.0 - 1e-9                      # 84.02(a)(ii)
    assert fwd.z_m - side.z_m >= 1.0 - 1e-9                     # 84.02(g)
    assert fwd.x_m - aft.x_m >= d.vessel.length_m / 4 - 1e-9    # 84.03(a)


def test_sec_84_06_shapes():
    it = items(E, length="30 m", not_under_command=True)
    assert it["nuc-ball-upper"].size_m == 0.6                                   # 84.06(a)(i)
    assert it["nuc-ball-upper"].placement.vertical_sep_min_m == 1.5             # 84.06(b)
    assert "cylinder" not in {s.canonical for s in navlights.edition(E).shapes.values()}   # no Rule 28 shape


def test_sec_84_02k_anchor_lights_50m():
    it = items(E, length="60 m", status="anchored")
    assert it["anchor-forward"].placement.height_above_hull_min_m == 6.0
    assert (it["anchor-aft"].placement.below, it["anchor-aft"].placement.below_by_min_m) == ("anchor-forward", 4.5)


# --- Views at sector edges --------------------------------------------------------------------------------

@pytest.mark.parametrize("aspect, seen", [
    (0, "G = R"),          # dead ahead both sidelights meet (21(b)); the special flashing light between
    (90, "Y"),             # abeam: the special flashing light (to abeam) and the green sidelight
    (112.5, "G"),          # the sidelight's arc ends 22.5 deg abaft the beam
    (113.5, ""),           # past it: nothing (no sternlight on a vessel pushed ahead)
])
def test_pushed_barge_sector_edges(aspect, seen):
    d = disp(E, propulsion="none", length="30 m", being_pushed=True)
    p = navlights.view(d, aspect, 0.5)
    colours = sorted(i.colour for i in p.items)
    expect = {"G = R": ["green", "red", "yellow"], "Y": ["green", "yellow"], "G": ["green"], "": []}[seen]
    assert colours == expect


def test_vessel_errors_name_the_field():
    with pytest.raises(navlights.VesselError) as e:
        disp(E, length="10 m", special_anchorage=True)
    assert e.value.field == "special_anchorage"
    with pytest.raises(navlights.VesselError) as e:
        disp(E, length="10 m", waters="lakes")
    assert e.value.field == "waters"
