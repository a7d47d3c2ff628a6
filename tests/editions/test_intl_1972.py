"""intl-1972: cases transcribed by hand from the 1972 Regulations as amended (Rules 20-31, Annexes I and II).

Each case cites its rule. Expected roles, ranges, arcs and heights come from the rule text (read in the
Canadian enactment, C.R.C. c. 1416, and the US Coast Guard handbook), never from running the engine.
Lengths are given as the Rules give them, in metres; boundaries are tested either side of 7, 12, 20, 50
and 100 m, a tow of 200 m and gear of 150 m.
"""

from __future__ import annotations

import pytest

import navlights
from navlights.errors import MissingFactError, VesselError
from support import disp, items, lights, note_kinds, required, shapes

E = "intl-1972"
SIDES = {"sidelight-starboard", "sidelight-port"}
COMBINED = {"combined-starboard", "combined-port"}
MASTHEAD_ARC = (247.5, 112.5)            # Rule 21(a): 225 deg, right ahead to 22.5 deg abaft either beam
GREEN_ARC, RED_ARC = (0.0, 112.5), (247.5, 360.0)   # Rule 21(b)
STERN_ARC = (112.5, 247.5)               # Rule 21(c): 67.5 deg either side of right aft


def typical(**v) -> set[str]:
    """Roles of the standard scheme, first option of each group, optional items left out."""
    d = disp(E, **v)
    groups: dict[str, str] = {}
    for i in d.items:
        if i.group:
            groups.setdefault(i.group, i.option)
    return {i.role for i in d.items if i.status == "required" and i.scheme in (None, "standard")
            and (i.group is None or groups[i.group] == i.option)}


# ---------------------------------------------------------------------------------------------
# Edition header: in force on the high seas from 15 July 1977 (Convention Art. IV; 1050 UNTS 16).

def test_edition_header():
    e = navlights.edition(E)
    assert str(e.in_force_from) == "1977-07-15" and e.in_force_to is None
    assert e.waters == ("high-seas",) and e.mile == "nautical"       # Annex I 8(a): D in nautical miles
    assert e.in_force_citation.rule == "Art. IV" and e.in_force_citation.provenance == "primary"
    assert navlights.edition("colregs").id == E and navlights.edition("1972").id == E
    assert str(navlights.edition("intl-1960").in_force_to) == "1977-07-15"


def test_primary_throughout_but_the_amendment_history():
    cov = navlights.edition(E).coverage()
    assert cov["inferred"] == cov["secondary"] == 0
    assert cov["gap"] == 1 and cov["gaps"] == ["Rules 20-31; Annex I: Wording before the amendments of 1981-2001"]


def test_governing_on_the_high_seas():
    assert navlights.governing("1990-01-01", "high-seas").edition == E
    assert navlights.governing("1977-07-15", "high-seas").edition == E
    assert navlights.governing("1977-07-14", "high-seas").edition == "intl-1960"


# ---------------------------------------------------------------------------------------------
# Rule 21: the lights defined once.

def test_rule_21_arcs_and_colours():
    it = items(E, length="60 m")
    assert (it["masthead"].colour, it["masthead"].arc_deg) == ("white", MASTHEAD_ARC)            # 21(a)
    assert (it["sidelight-starboard"].colour, it["sidelight-starboard"].arc_deg) == ("green", GREEN_ARC)  # 21(b)
    assert (it["sidelight-port"].colour, it["sidelight-port"].arc_deg) == ("red", RED_ARC)
    assert (it["sternlight"].colour, it["sternlight"].arc_deg) == ("white", STERN_ARC)          # 21(c)
    tow = items(E, length="60 m", towing={"tow_length": "100 m"})["towing-light"]
    assert (tow.colour, tow.arc_deg, tow.canonical) == ("yellow", STERN_ARC, "towing")          # 21(d)
    nuc = items(E, length="60 m", not_under_command=True)["nuc-upper"]
    assert nuc.all_round and nuc.arc_deg == (0.0, 360.0)                                         # 21(e)


def test_rule_21f_flashing_lights_carry_their_character():
    ac = items(E, length="30 m", air_cushion=True, non_displacement=True)["air-cushion-flashing"]
    assert (ac.colour, ac.all_round, ac.character, ac.flashes_per_min) == ("yellow", True, "flashing", (120.0, None))
    d = ac.to_dict()
    assert d["character"] == "flashing" and d["flashes_per_min"] == [120.0, None]
    wig = items(E, length="30 m", wig=True, wig_near_surface=True)["wig-flashing"]
    assert (wig.colour, wig.character, wig.flashes_per_min) == ("red", "flashing", (120.0, None))
    assert items(E, length="30 m")["masthead"].character == "fixed"


# ---------------------------------------------------------------------------------------------
# Rule 22: minimum ranges by length band (nautical miles).

@pytest.mark.parametrize("length, masthead, side, stern, allround, cite", [
    ("100 m", 6, 3, 3, 3, "Rule 22(a)"),
    ("50 m", 6, 3, 3, 3, "Rule 22(a)"),      # "50 metres or more"
    ("49.9 m", 5, 2, 2, 2, "Rule 22(b)"),
    ("20 m", 5, 2, 2, 2, "Rule 22(b)"),      # masthead 3 mi only where the length is less than 20 m
    ("19.9 m", 3, 2, 2, 2, "Rule 22(b)"),
    ("12 m", 3, 2, 2, 2, "Rule 22(b)"),      # "12 metres or more but less than 50"
    ("11.9 m", 2, 1, 2, 2, "Rule 22(c)"),
    ("7 m", 2, 1, 2, 2, "Rule 22(c)"),
])
def test_rule_22_ranges_by_band(length, masthead, side, stern, allround, cite):
    it = items(E, length=length)
    assert it["masthead"].range_nm == masthead
    assert it["sidelight-starboard"].range_nm == it["sidelight-port"].range_nm == side
    assert it["sternlight"].range_nm == stern
    assert it["masthead"].range_as_written == f"{masthead} mi"
    nuc = items(E, length=length, not_under_command=True, making_way=False)
    if "nuc-upper" in nuc:
        assert nuc["nuc-upper"].range_nm == allround


@pytest.mark.parametrize("length, tow_light", [("50 m", 3), ("30 m", 2), ("10 m", 2)])   # Rule 22: towing light
def test_rule_22_towing_light(length, tow_light):
    assert items(E, length=length, towing={"tow_length": "50 m"})["towing-light"].range_nm == tow_light


def test_rule_22_combined_lantern_is_a_sidelight_pair():
    it = items(E, length="10 m")
    assert it["combined-starboard"].range_nm == 1 and it["combined-port"].range_nm == 1        # 22(c)
    assert items(E, length="15 m")["combined-starboard"].range_nm == 2                           # 22(b)


def test_rule_22d_partly_submerged_tow_3_miles_whatever_its_length():
    for length in ("10 m", "150 m"):
        it = items(E, propulsion="none", length=length, breadth="5 m",
                   being_towed={"partly_submerged": True, "tow_length": "100 m"})
        assert it["submerged-fore"].range_nm == it["submerged-aft"].range_nm == 3


def test_rule_22_a_range_band_asks_for_the_length():
    with pytest.raises(MissingFactError) as e:
        disp(E)
    assert e.value.field == "length"
    assert str(e.value).startswith("length: needed to decide intl-1972 ")


# ---------------------------------------------------------------------------------------------
# Rule 23: power-driven vessels underway.

@pytest.mark.parametrize("length, aft", [
    ("200 m", "required"),
    ("50 m", "required"),        # 23(a)(ii): only a vessel of less than 50 m is not obliged
    ("49.9 m", "optional"),
    ("20 m", "optional"),
    ("12 m", "optional"),
])
def test_rule_23a_second_masthead_light(length, aft):
    it = items(E, length=length)
    assert it["masthead-aft"].status == aft and it["masthead"].status == "required"
    assert it["masthead-aft"].citation.rule.startswith("Rule 23(a)(ii)")


def test_rule_23a_power_driven_over_50_m():
    assert required(E, length="60 m") == {"masthead", "masthead-aft", "sternlight"} | SIDES


@pytest.mark.parametrize("length, combined", [("20 m", False), ("19.9 m", True), ("12 m", True), ("6 m", True)])
def test_rule_21b_sidelights_combined_under_20_m(length, combined):
    it = items(E, length=length)
    assert (COMBINED <= set(it)) is combined
    if combined:
        assert {it[r].group for r in SIDES | COMBINED} == {"sidelights"}
        assert {it[r].option for r in COMBINED} == {"combined lantern"}
    else:
        assert it["sidelight-starboard"].group is None    # no alternative at 20 m or more


@pytest.mark.parametrize("length, allowed", [("12 m", False), ("11.9 m", True), ("7 m", True)])
def test_rule_23d_i_allround_white_in_lieu_under_12_m(length, allowed):
    it = items(E, length=length)
    assert ("allround-white" in it) is allowed
    if allowed:
        w = it["allround-white"]
        assert w.scheme == "power-small" and w.all_round and w.colour == "white"
        assert {it[r].scheme for r in ("masthead", "masthead-aft", "sternlight")} == {"standard"}
        assert it["sidelight-starboard"].scheme is None       # sidelights go with both schemes


@pytest.mark.parametrize("length, speed, relieved", [
    ("6.9 m", 7, True),      # 23(d)(ii): less than 7 m, maximum speed does not exceed 7 knots
    ("6.9 m", 6, True),
    ("6.9 m", 7.1, False),
    ("7 m", 5, False),
])
def test_rule_23d_ii_small_slow_boat_sidelights_if_practicable(length, speed, relieved):
    d = disp(E, length=length, max_speed_kn=speed)
    side = d.get("sidelight-starboard")
    assert (side.status == "optional") is relieved
    assert ("relieved" in [n.kind for n in d.notes]) is relieved
    assert d.get("allround-white") is not None


def test_rule_23d_ii_without_a_speed_says_what_to_give():
    d = disp(E, length="5 m")
    assert d.get("sidelight-starboard").status == "required"
    assert any("max_speed_kn" in n.text and n.citation.rule == "Rule 23(d)(ii)" for n in d.notes)


def test_rule_23b_air_cushion_only_in_non_displacement_mode():
    assert "air-cushion-flashing" in lights(E, length="30 m", air_cushion=True, non_displacement=True)
    assert "air-cushion-flashing" not in lights(E, length="30 m", air_cushion=True)
    assert {"masthead", "sternlight"} <= lights(E, length="30 m", air_cushion=True, non_displacement=True)


def test_rule_23c_wig_only_near_the_surface():
    it = items(E, length="30 m", wig=True, wig_near_surface=True)
    assert {"masthead", "sternlight", "wig-flashing"} <= set(it)
    assert it["wig-flashing"].cite == "intl-1972 Rule 23(c)"
    assert "wig-flashing" not in lights(E, length="30 m", wig=True)
    assert "info" in note_kinds(E, length="30 m", wig=True)        # Rule 31


# ---------------------------------------------------------------------------------------------
# Rule 24: towing and pushing.

@pytest.mark.parametrize("tow, line, diamond", [
    ("200 m", {"masthead", "towing-2"}, False),       # "exceeds 200 metres": 200 m is two lights
    ("201 m", {"masthead", "towing-2", "towing-3"}, True),
    ("100 m", {"masthead", "towing-2"}, False),
])
def test_rule_24a_towing_astern(tow, line, diamond):
    it = items(E, length="30 m", towing={"tow_length": tow})
    assert line <= set(it) and ("towing-3" in it) is (len(line) == 3)
    assert {"sternlight", "towing-light"} | SIDES <= set(it)                      # 24(a)(ii)-(iv)
    assert ("tow-diamond" in it) is diamond                                        # 24(a)(v)
    assert it["towing-2"].placement.vertical_line == "forward"


def test_rule_24d_towing_vessel_of_50_m_keeps_the_after_masthead_light():
    it = items(E, length="60 m", towing={"tow_length": "300 m"})
    assert it["masthead-aft"].status == "required"
    assert {"masthead", "towing-2", "towing-3", "masthead-aft"} <= set(it)


def test_rule_24a_tow_length_is_asked_for():
    with pytest.raises(MissingFactError) as e:
        disp(E, length="30 m", towing=True)
    assert e.value.field == "towing.tow_length"


@pytest.mark.parametrize("vessel", [
    {"pushing": True},
    {"towing": {"alongside": True}},
])
def test_rule_24c_pushing_ahead_or_towing_alongside(vessel):
    it = items(E, length="30 m", **vessel)
    assert {"masthead", "towing-2", "sternlight"} | SIDES <= set(it)
    assert "towing-3" not in it and "towing-light" not in it            # no yellow towing light in 24(c)


def test_rule_24b_composite_unit_is_one_power_driven_vessel():
    assert typical(length="60 m", pushing=True, composite_unit=True) == {"masthead", "masthead-aft", "sternlight"} | SIDES
    pushed = disp(E, propulsion="none", length="60 m", being_pushed=True, composite_unit=True)
    assert pushed.items == () and [n.citation.rule for n in pushed.notes] == ["Rule 24(b)"]


@pytest.mark.parametrize("tow, diamond", [("200 m", False), ("201 m", True)])
def test_rule_24e_vessel_towed(tow, diamond):
    it = items(E, propulsion="none", length="40 m", being_towed={"tow_length": tow})
    assert set(it) - {"tow-diamond"} == SIDES | {"sternlight"}
    assert ("tow-diamond" in it) is diamond


def test_rule_24f_pushed_ahead_and_towed_alongside():
    pushed = items(E, propulsion="none", length="40 m", being_pushed=True)
    assert set(pushed) == SIDES                                                        # 24(f)(i)
    assert pushed["sidelight-starboard"].placement.at.value == "forward-end"
    alongside = items(E, propulsion="none", length="40 m", being_towed={"alongside": True})
    assert set(alongside) == SIDES | {"sternlight"}                                   # 24(f)(ii)
    assert alongside["sidelight-port"].placement.at.value == "forward-end"


@pytest.mark.parametrize("length, breadth, tow, expect", [
    ("50 m", "24.9 m", "150 m", {"submerged-fore", "submerged-aft", "tow-diamond"}),            # 24(g)(i), (iv)
    ("50 m", "25 m", "150 m", {"submerged-fore", "submerged-aft", "submerged-starboard",
                                "submerged-port", "tow-diamond"}),                               # (ii): 25 m or more
    ("100 m", "10 m", "150 m", {"submerged-fore", "submerged-aft", "tow-diamond"}),             # (iii): exceeds 100 m
    ("101 m", "10 m", "150 m", {"submerged-fore", "submerged-aft", "submerged-mid-1", "tow-diamond"}),
    # (iii): no two lights more than 100 m apart: 200 m long needs one between, over 200 m two (issue 25)
    ("200 m", "10 m", "250 m", {"submerged-fore", "submerged-aft", "submerged-mid-1", "tow-diamond",
                                "tow-diamond-forward"}),
    ("250 m", "10 m", "300 m", {"submerged-fore", "submerged-aft", "submerged-mid-1", "submerged-mid-2",
                                "tow-diamond", "tow-diamond-forward"}),
    ("300 m", "10 m", "350 m", {"submerged-fore", "submerged-aft", "submerged-mid-1", "submerged-mid-2",
                                "tow-diamond", "tow-diamond-forward"}),
    ("250 m", "30 m", "300 m", {"submerged-fore", "submerged-aft", "submerged-starboard", "submerged-port",
                                "submerged-mid-1", "submerged-mid-2", "tow-diamond", "tow-diamond-forward"}),
    ("50 m", "10 m", "201 m", {"submerged-fore", "submerged-aft", "tow-diamond", "tow-diamond-forward"}),
])
def test_rule_24g_partly_submerged_tow(length, breadth, tow, expect):
    v = {"propulsion": "none", "length": length, "breadth": breadth,
         "being_towed": {"partly_submerged": True, "tow_length": tow}}
    assert set(items(E, **v)) == expect
    assert "sternlight" not in items(E, **v)
    got = items(E, **v)
    assert all(got[r].colour == "white" and got[r].all_round and got[r].range_nm == 3.0      # Rule 22(d): 3 miles
               for r in expect if r.startswith("submerged"))


# 24(g)(iii): the lights between stand between the end lights so that none are over 100 m apart; drawn where they
# stand (evenly spaced, assumed): for 250 m, at the thirds between the end lights, each gap under 100 m.
@pytest.mark.parametrize("length, between", [("150 m", 1), ("250 m", 2), ("300 m", 2)])
def test_rule_24g_iii_lights_between_drawn_where_they_stand(length, between):
    from navlights.placement import place
    d = disp(E, propulsion="none", length=length, breadth="10 m",
             being_towed={"partly_submerged": True, "tow_length": "400 m"})
    p = place(d.lights, d.vessel.length_m, d.vessel.breadth_m)
    xs = sorted(p.get(i.role).x_m for i in d.lights)
    assert len(xs) == 2 + between
    gaps = [b - a for a, b in zip(xs, xs[1:])]
    assert max(gaps) - min(gaps) < 1e-6 and max(gaps) <= 100.0                # evenly spaced, none over 100 m
    assert all(p.get(i.role).y_m == 0.0 for i in d.lights)                     # on the centreline


def test_rule_24g_asks_for_the_breadth():
    with pytest.raises(MissingFactError) as e:
        disp(E, propulsion="none", length="50 m", being_towed={"partly_submerged": True, "tow_length": "100 m"})
    assert e.value.field == "breadth"


# ---------------------------------------------------------------------------------------------
# Rule 25: sailing vessels and vessels under oars.

def test_rule_25a_sailing_vessel():
    it = items(E, propulsion="sail", length="25 m")
    assert required(E, propulsion="sail", length="25 m") == SIDES | {"sternlight"}
    assert it["top-red"].status == it["top-green"].status == "optional"                 # 25(c)
    assert "masthead" not in it


@pytest.mark.parametrize("length, tricolour", [("20 m", False), ("19.9 m", True), ("8 m", True)])
def test_rule_25b_tricolour_under_20_m_never_with_red_over_green(length, tricolour):
    it = items(E, propulsion="sail", length=length)
    assert ("tricolour-starboard" in it) is tricolour
    if tricolour:
        assert {it[r].scheme for r in ("tricolour-starboard", "tricolour-port", "tricolour-stern")} == {"sailing-tricolour"}
        assert it["top-red"].scheme == it["top-green"].scheme == "standard"              # 25(c): not with 25(b)
        assert (it["tricolour-stern"].arc_deg, it["tricolour-starboard"].arc_deg) == (STERN_ARC, GREEN_ARC)


@pytest.mark.parametrize("length, torch", [("7 m", False), ("6.9 m", True)])
def test_rule_25d_i_sailing_under_7_m_torch(length, torch):
    it = items(E, propulsion="sail", length=length)
    assert ("torch" in it) is torch
    if torch:
        assert it["torch"].status == "on-approach" and it["torch"].scheme == "sailing-small-torch"


def test_rule_25d_ii_oars():
    it = items(E, propulsion="oars", length="4 m")
    assert it["torch"].status == "on-approach" and it["torch"].scheme == "standard"
    assert it["sternlight"].scheme == "oars-sailing-lights"


def test_rule_25e_sail_and_machinery_cone_apex_down():
    d = disp(E, length="15 m", sails_set=True)
    assert {"masthead", "sternlight"} <= {i.role for i in d.lights}
    cone = d.get("sail-power-cone")
    assert cone.canonical == "cone-down" and cone.colour == "black" and cone.placement.at.value == "forward"


# ---------------------------------------------------------------------------------------------
# Rule 26: fishing vessels.

@pytest.mark.parametrize("length, masthead", [("50 m", "required"), ("49.9 m", "optional")])
def test_rule_26b_trawling(length, masthead):
    it = items(E, length=length, fishing={"method": "trawl"})
    assert (it["fishing-upper"].colour, it["fishing-lower"].colour) == ("green", "white")
    assert it["fishing-upper"].all_round and it["fishing-upper"].placement.stack_order == 2
    assert it["fishing-masthead"].status == masthead and it["fishing-masthead"].placement.higher_than == "fishing-upper"
    assert SIDES | {"sternlight"} <= set(it)                                             # 26(b)(iii)
    assert it["fishing-cones"].canonical == "double-cone"
    assert "masthead" not in it and "masthead-aft" not in it                             # 26(a): only these


def test_rule_26b_iii_not_making_way_no_sidelights():
    it = items(E, length="30 m", fishing={"method": "trawl"}, making_way=False)
    assert not (SIDES | {"sternlight"}) & set(it)


@pytest.mark.parametrize("gear, extra", [("150 m", False), ("151 m", True), ("50 m", False)])
def test_rule_26c_other_fishing_gear_over_150_m(gear, extra):
    it = items(E, length="30 m", fishing={"method": "drift-net", "gear_extent": gear})
    assert (it["fishing-upper"].colour, it["fishing-lower"].colour) == ("red", "white")
    assert ("gear-light" in it) is extra and ("gear-cone" in it) is extra
    if extra:
        assert it["gear-light"].colour == "white" and it["gear-cone"].canonical == "cone-up"
        pl = it["gear-light"].placement.to_dict()
        assert (pl["horizontal_sep_min"], pl["horizontal_sep_max"]) == ("2 m", "6 m")   # Annex I 4(a)


def test_rule_26c_gear_extent_not_given_is_said():
    # Rule 26(c)(ii): the gear light turns on the extent; not given, she is answered without it, and a note says
    # what giving it would change (as under us-inland; issue 34)
    d = disp(E, length="30 m", fishing={"method": "line"})
    assert "gear-light" not in {i.role for i in d.items}
    assert any(n.citation.rule == "Rule 26(c)(ii)" and "gear_extent" in n.text for n in d.notes)


def test_rule_26a_fishing_at_anchor_shows_no_anchor_lights():
    it = items(E, length="60 m", status="anchored", fishing={"method": "trawl"})
    assert {"fishing-upper", "fishing-lower", "fishing-cones"} <= set(it)
    assert not {"anchor-forward", "anchor-aft", "anchor-ball"} & set(it)


def test_rule_26d_annex_ii_and_26e_not_engaged():
    assert "Annex II" in disp(E, length="30 m", fishing={"method": "trawl"}).notes[0].citation.rule
    d = disp(E, length="30 m", fishing={"method": "trawl", "gear_out": False})
    assert {"masthead", "sternlight"} <= set(d.roles()) and "fishing-upper" not in d.roles()
    assert any(n.citation.rule == "Rule 26(e)" for n in d.notes)


# ---------------------------------------------------------------------------------------------
# Rule 27: not under command, restricted in ability to manoeuvre.

def test_rule_27a_not_under_command():
    moving = items(E, length="60 m", not_under_command=True)
    assert set(moving) == {"nuc-upper", "nuc-lower", "nuc-ball-upper", "nuc-ball-lower", "sternlight"} | SIDES
    assert {moving[r].colour for r in ("nuc-upper", "nuc-lower")} == {"red"}
    stopped = items(E, length="60 m", not_under_command=True, making_way=False)
    assert set(stopped) == {"nuc-upper", "nuc-lower", "nuc-ball-upper", "nuc-ball-lower"}


@pytest.mark.parametrize("work", ["cable", "survey", "underwater", "navigation-mark", "dredging", "replenishment",
                                  "aircraft"])
def test_rule_27b_restricted_in_ability_to_manoeuvre(work):
    it = items(E, length="60 m", restricted=work)
    assert [it[r].colour for r in ("work-upper", "work-middle", "work-lower")] == ["red", "white", "red"]
    assert [it[r].canonical for r in ("work-shape-upper", "work-shape-middle", "work-shape-lower")] == \
        ["ball", "diamond", "ball"]
    assert {"masthead", "masthead-aft", "sternlight"} | SIDES <= set(it)              # 27(b)(iii) making way
    stopped = items(E, length="60 m", restricted=work, making_way=False)
    assert not ({"masthead", "sternlight"} | SIDES) & set(stopped)
    anchored = items(E, length="60 m", restricted=work, status="anchored")          # 27(b)(iv)
    assert {"work-upper", "anchor-forward", "anchor-aft", "anchor-ball"} <= set(anchored)


def test_rule_27c_towing_operation_restricting_her():
    it = items(E, length="40 m", towing={"tow_length": "250 m"}, restricted="towing")
    assert {"masthead", "towing-2", "towing-3", "towing-light", "tow-diamond"} <= set(it)      # Rule 24(a)
    assert {"work-upper", "work-middle", "work-lower", "work-shape-middle"} <= set(it)
    assert it["work-upper"].citation.rule.startswith("Rule 27(c)")


@pytest.mark.parametrize("side, other", [("port", "starboard"), ("starboard", "port")])
def test_rule_27d_dredging_with_an_obstruction(side, other):
    it = items(E, length="60 m", restricted="dredging", obstruction_side=side)
    assert it["obstruction-upper"].colour == it["obstruction-lower"].colour == "red"
    assert it["pass-upper"].colour == it["pass-lower"].colour == "green"
    assert it["obstruction-upper"].placement.side.value == side and it["pass-upper"].placement.side.value == other
    assert it["obstruction-ball-upper"].canonical == "ball" and it["pass-diamond-upper"].canonical == "diamond"
    pl = it["obstruction-upper"].placement.to_dict()
    assert pl["horizontal_sep_min"] == "2 m" and pl["below"] == "work-lower"                  # Annex I 4(b)


def test_rule_27d_iii_at_anchor_instead_of_the_anchor_signals():
    it = items(E, length="60 m", restricted="dredging", obstruction_side="port", status="anchored")
    assert {"work-upper", "obstruction-upper", "pass-upper"} <= set(it)
    assert not {"anchor-forward", "anchor-aft", "anchor-single", "anchor-ball"} & set(it)
    no_obstruction = items(E, length="60 m", restricted="dredging", status="anchored")
    assert {"anchor-forward", "anchor-ball"} <= set(no_obstruction)


def test_rule_27e_diving_vessel_flag_a():
    it = items(E, length="10 m", restricted="diving")
    flag = it["diving-flag"]
    assert (flag.canonical, flag.size_as_written, flag.scheme) == ("flag", "1 m", "diving-small")   # 27(e)(ii)
    assert it["work-shape-middle"].canonical == "diamond" and it["work-shape-middle"].scheme == "standard"
    assert it["work-upper"].status == "required"             # 27(g): diving is not relieved under 12 m


# Rule 27(d) gives a vessel in underwater (diving) operations the 27(b)(i) lights: red, white, red all round in a
# vertical line; Rule 27(e)(i) gives one too small for all the 27(d) signals the same three. One set of three
# lights either way (issue 25): what 27(e) changes is the flag A for the ball-diamond-ball (27(e)(ii)) and the rest
# of the 27(d) signals. Expected: exactly three all-round lights red, white, red, in no scheme, both rules cited.
@pytest.mark.parametrize("length, making_way", [
    ("10 m", False), ("10 m", True),          # under 12 m: 27(g) does not relieve diving
    ("11.99 m", False), ("19.99 m", False), ("20 m", False), ("60 m", True),
])
def test_rule_27b_27e_diving_lights_one_set(length, making_way):
    d = disp(E, length=length, restricted="diving", making_way=making_way)
    all_round = [i for i in d.lights if i.all_round and i.colour in ("red", "white")]
    assert [i.role for i in all_round] == ["work-upper", "work-middle", "work-lower"]
    assert [i.colour for i in all_round] == ["red", "white", "red"]
    assert all(i.scheme is None and i.status == "required" for i in all_round)     # shown under either scheme
    assert all("Rule 27(b)(i)" in i.cite and "Rule 27(e)(i)" in i.cite for i in all_round)
    assert {i.placement.vertical_line for i in all_round} == {"work"}
    # the 27(e) scheme is the flag, taking the place of the ball-diamond-ball (and of the making-way lights)
    assert {i.role for i in d.items if i.scheme == "diving-small"} == {"diving-flag"}
    std = {i.role for i in d.items if i.scheme == "standard"}
    assert {"work-shape-upper", "work-shape-middle", "work-shape-lower"} <= std
    assert ("sternlight" in std) is making_way                                      # 27(b)(iii)


def test_diving_lights_listed_once_as_under_us_inland():
    """us-inland (33 CFR 83.27(b)(i), (e)(i)) lists the three lights once; so does intl-1972, by the same roles."""
    v = dict(length="10 m", restricted="diving", making_way=False)
    mine = [(i.role, i.colour) for i in disp(E, **v).lights]
    inland = [(i.role, i.colour) for i in disp("us-inland", **v).lights]
    assert mine == inland == [("work-upper", "red"), ("work-middle", "white"), ("work-lower", "red")]


def test_rule_27f_mine_clearance():
    it = items(E, length="50 m", mine_clearance=True)
    assert {"masthead", "masthead-aft", "sternlight"} | SIDES <= set(it)                 # Rule 23 lights
    greens = [it[r] for r in ("mine-top", "mine-starboard", "mine-port")]
    assert all(g.colour == "green" and g.all_round for g in greens)
    assert {it[r].canonical for r in ("mine-ball-top", "mine-ball-starboard", "mine-ball-port")} == {"ball"}
    anchored = items(E, length="50 m", mine_clearance=True, status="anchored")
    assert {"mine-top", "anchor-forward", "anchor-ball"} <= set(anchored) and "masthead" not in anchored
    assert "mine-top" in items(E, length="50 m", restricted="minesweeping")


@pytest.mark.parametrize("length, relieved", [("12 m", False), ("11.9 m", True)])
def test_rule_27g_under_12_m_not_required(length, relieved):
    nuc = items(E, length=length, not_under_command=True)
    assert (nuc["nuc-upper"].status == "optional") is relieved
    ram = items(E, length=length, restricted="cable")
    assert (ram["work-upper"].status == "optional") is relieved
    mine = items(E, length=length, mine_clearance=True)
    assert (mine["mine-top"].status == "optional") is relieved
    assert mine["masthead"].status == "required" if length == "12 m" else True
    tow = items(E, length=length, towing={"tow_length": "50 m"}, restricted="towing")
    assert (tow["work-upper"].status == "optional") is relieved
    assert tow["towing-2"].status == "required"                 # Rule 24 lights are not Rule 27's


# ---------------------------------------------------------------------------------------------
# Rule 28: constrained by her draught.

def test_rule_28_constrained_by_draught():
    it = items(E, length="200 m", constrained_by_draught=True)
    assert {"masthead", "masthead-aft", "sternlight"} | SIDES <= set(it)
    cbd = [it[r] for r in ("cbd-upper", "cbd-middle", "cbd-lower")]
    assert all(c.colour == "red" and c.all_round and c.status == "optional" for c in cbd)
    assert it["cbd-cylinder"].canonical == "cylinder" and it["cbd-cylinder"].status == "optional"


def test_rule_3h_constrained_by_draught_is_power_driven_only():
    with pytest.raises(VesselError) as e:
        navlights.make_vessel({"propulsion": "sail", "constrained_by_draught": True})
    assert e.value.field == "constrained_by_draught" and "\n" not in str(e.value)


# ---------------------------------------------------------------------------------------------
# Rule 29: pilot vessels.

def test_rule_29_pilot_vessel():
    on = items(E, length="20 m", pilot_on_duty=True, service="pilot-vessel")
    assert set(on) == {"pilot-white", "pilot-red", "sternlight"} | SIDES                  # 29(a)(i), (ii)
    assert on["pilot-white"].placement.stack_order == 2 and on["pilot-red"].colour == "red"
    anchored = items(E, length="20 m", pilot_on_duty=True, status="anchored")            # 29(a)(iii)
    assert {"pilot-white", "pilot-red", "anchor-forward", "anchor-ball"} <= set(anchored)
    assert "sternlight" not in anchored
    off = items(E, length="20 m", service="pilot-vessel")                                # 29(b)
    assert {"masthead", "sternlight"} <= set(off) and "pilot-white" not in off


# ---------------------------------------------------------------------------------------------
# Rule 30: anchored and aground.

@pytest.mark.parametrize("length, single", [("50 m", False), ("49.9 m", True)])
def test_rule_30ab_anchor_lights(length, single):
    it = items(E, length=length, status="anchored")
    assert {"anchor-forward", "anchor-aft", "anchor-ball"} <= set(it)                     # 30(a)
    assert ("anchor-single" in it) is single                                              # 30(b)
    assert it["anchor-aft"].placement.below == "anchor-forward"


@pytest.mark.parametrize("length, relieved", [("7 m", False), ("6.9 m", True)])
def test_rule_30e_small_vessel_away_from_traffic(length, relieved):
    it = items(E, length=length, status="anchored", near_channel=False)
    assert (it["anchor-ball"].status == "optional") is relieved
    assert (it["anchor-forward"].status == "optional") is relieved
    near = items(E, length=length, status="anchored", near_channel=True)
    assert near["anchor-ball"].status == "required"


def test_rule_30c_deck_lights():
    assert "Rule 30(c)" in [n.citation.rule for n in disp(E, length="100 m", status="anchored").notes]
    big = [n.text for n in disp(E, length="100 m", status="anchored").notes if n.citation.rule == "Rule 30(c)"]
    small = [n.text for n in disp(E, length="99 m", status="anchored").notes if n.citation.rule == "Rule 30(c)"]
    assert "must" in big[0] and "may" in small[0]


@pytest.mark.parametrize("length, relieved", [("12 m", False), ("11.9 m", True)])
def test_rule_30df_aground(length, relieved):
    it = items(E, length=length, status="aground")
    assert {"anchor-forward", "aground-red-upper", "aground-red-lower",
            "aground-ball-1", "aground-ball-2", "aground-ball-3"} <= set(it)               # 30(d)
    assert "anchor-ball" not in it
    assert (it["aground-red-upper"].status == "optional") is relieved                   # 30(f)
    assert it["anchor-forward"].status == "required"


# ---------------------------------------------------------------------------------------------
# Rule 31: seaplanes and WIG craft (a seaplane is a vessel, Rule 3(a)).

def test_rule_31_seaplane_shows_power_driven_lights():
    d = disp(E, seaplane=True, length="15 m")
    assert {"masthead", "sternlight"} <= set(d.roles())
    assert any(n.citation.rule == "Rule 31" for n in d.notes)


# ---------------------------------------------------------------------------------------------
# Annex I: positions as typed placement constraints.

def test_annex_i_2a_masthead_heights_and_spacing():
    it = items(E, length="60 m")
    pl = it["masthead"].placement.to_dict()
    assert (pl["height_above_hull_min"], pl["height_breadth_rule"], pl["height_need_not_exceed"]) == ("6 m", True, "12 m")
    aft = it["masthead-aft"].placement.to_dict()
    assert (aft["higher_than"], aft["higher_by_min"]) == ("masthead", "4.5 m")            # 2(a)(ii)


@pytest.mark.parametrize("length, key, value", [
    ("20 m", "height_above_hull_min", "6 m"),      # 2(a): 20 m or more
    ("19.9 m", "above_gunwale_min", "2.5 m"),      # 2(c): 12 m but less than 20 m
    ("12 m", "above_gunwale_min", "2.5 m"),
])
def test_annex_i_2ac_masthead_height_by_length(length, key, value):
    assert items(E, length=length)["masthead"].placement.to_dict()[key] == value


def test_annex_i_2d_under_12_m_no_fixed_height():
    pl = items(E, length="11.9 m")["masthead"].placement
    assert pl.height_above_hull_min_m is None and pl.above_gunwale_min_m is None


def test_annex_i_2h_combined_lantern_1_m_below_the_masthead_light():
    pl = items(E, length="15 m")["combined-starboard"].placement.to_dict()
    assert (pl["below"], pl["below_by_min"]) == ("masthead", "1 m")


@pytest.mark.parametrize("length, sep, low_key, low", [
    ("20 m", "2 m", "height_above_hull_min", "4 m"),    # 2(i)(i)
    ("19.9 m", "1 m", "above_gunwale_min", "2 m"),      # 2(i)(ii)
])
def test_annex_i_2i_vertical_lines(length, sep, low_key, low):
    nuc = items(E, length=length, not_under_command=True)["nuc-lower"].placement.to_dict()
    assert nuc["vertical_sep_min"] == sep and nuc[low_key] == low
    tow = items(E, length=length, towing={"tow_length": "50 m"})
    assert tow["towing-2"].placement.to_dict()["vertical_sep_min"] == sep
    assert tow["towing-light"].placement.to_dict()["vertical_sep_min"] == sep
    assert tow["towing-light"].placement.above == "sternlight"


def test_annex_i_2k_anchor_lights():
    big = items(E, length="50 m", status="anchored")
    assert big["anchor-forward"].placement.to_dict()["height_above_hull_min"] == "6 m"
    assert big["anchor-aft"].placement.to_dict()["below_by_min"] == "4.5 m"
    assert items(E, length="49.9 m", status="anchored")["anchor-forward"].placement.height_above_hull_min_m is None


def test_annex_i_6_shapes():
    it = items(E, length="60 m", not_under_command=True)
    ball = it["nuc-ball-upper"]
    assert (ball.colour, ball.size_as_written, ball.size_m) == ("black", "0.6 m", 0.6)      # 6(a)(i)
    assert ball.placement.to_dict()["vertical_sep_min"] == "1.5 m"                       # 6(b)
    cyl = items(E, length="60 m", constrained_by_draught=True)["cbd-cylinder"]
    assert cyl.size_as_written == "0.6 m"                                                 # 6(a)(iii)


def test_day_and_night():
    assert shapes(E, length="60 m", not_under_command=True, time="day") == {"nuc-ball-upper", "nuc-ball-lower"}
    assert lights(E, length="60 m", not_under_command=True, time="day") == set()
    assert shapes(E, length="60 m", not_under_command=True, time="night") == set()


# ---------------------------------------------------------------------------------------------
# The vessel facts the 1972 Rules need: one-line errors naming the field.

@pytest.mark.parametrize("data, field", [
    ({"propulsion": "power", "non_displacement": True}, "non_displacement"),
    ({"propulsion": "power", "wig_near_surface": True}, "wig_near_surface"),
    ({"propulsion": "power", "max_speed_kn": 0}, "max_speed_kn"),
    ({"propulsion": "power", "max_speed_kn": "fast"}, "max_speed_kn"),
    ({"propulsion": "power", "restricted": "towing"}, "restricted"),
    ({"propulsion": "power", "restricted": "cable", "obstruction_side": "port"}, "obstruction_side"),
    ({"propulsion": "power", "restricted": "dredging", "obstruction_side": "ahead"}, "obstruction_side"),
    ({"propulsion": "power", "composite_unit": True}, "composite_unit"),
    ({"propulsion": "none", "being_towed": {"partly_submerged": "sometimes"}}, "being_towed.partly_submerged"),
    ({"propulsion": "power", "near_channel": "maybe"}, "near_channel"),
])
def test_new_vessel_facts_are_checked(data, field):
    with pytest.raises(VesselError) as e:
        navlights.make_vessel(data)
    assert e.value.field == field and "\n" not in str(e.value)


def test_facts_an_edition_does_not_test_are_ignored():
    plain = navlights.display({"propulsion": "power", "length": "200 ft"}, "intl-1960").roles()
    hover = navlights.display({"propulsion": "power", "length": "200 ft", "air_cushion": True,
                               "non_displacement": True, "max_speed_kn": 30}, "intl-1960").roles()
    assert plain == hover
