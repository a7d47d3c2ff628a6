"""intl-1948: the International Rules of 1948 as enacted in the US (Pub. L. 172, 65 Stat. 406;
Proclamation 3030, 68 Stat. C54), lights and shapes, Rules 1-14.

Every expected value below is written by hand from the 1948 text as read (65 Stat. 409-410,
68 Stat. C56 and C62, the Australian enactment for Rule 1(c)(i)-(ii)); see
shared/reference/rules/1948.md. Where the text was not found the expectation is a gap: the display is
incomplete and carries a gap note citing the rule.
"""

from __future__ import annotations

import datetime as dt

import pytest

import navlights
from navlights.errors import MissingFactError
from support import disp, items, lights, note_kinds, shapes

E = "intl-1948"


def tow(vessels: int, length: str | None = None) -> dict:
    t: dict = {"vessels": vessels}
    if length is not None:
        t["tow_length"] = length
    return t


# ---------------------------------------------------------------------------------------------
# Edition header and definitions (Rule 1)

def test_edition_header():
    ed = navlights.edition("1948")                      # alias
    assert ed.id == E
    assert ed.regime == "international"
    assert ed.waters == ("high-seas",)
    assert ed.in_force_from == dt.date(1954, 1, 1)      # Proclamation 3030 (via CG pamphlet, US Code notes)
    assert ed.in_force_citation.provenance == "secondary"
    assert "gross" in ed.tonnage_basis                  # Rule 1(c)(xiii): 'tons' means gross tons
    assert ed.mile == "nautical"


DEFINITIONS = [
    # (term, rule, provenance)
    ("vessel", "Rule 1(c)(i)", "primary"),              # Australian enactment of the same text
    ("seaplane", "Rule 1(c)(ii)", "primary"),
    ("power-driven vessel", "Rule 1(c)(iii)", "primary"),
    ("sail and power", "Rule 1(c)(iv)", "primary"),
    ("under way", "Rule 1(c)(v)", "primary"),
    ("height above the hull", "Rule 1(c)(vi)", "primary"),
    ("length and breadth", "Rule 1(c)(vii)", "primary"),
    ("length and span of a seaplane", "Rule 1(c)(viii)", "primary"),
    ("visible", "Rule 1(c)(ix)", "primary"),
    ("tons", "Rule 1(c)(xiii)", "primary"),
    ("application", "Rule 1(a)", "gap"),                # first half of Rule 1(a) not read
    ("hours of lights", "Rule 1(b)", "gap"),            # Rule 1(b) not read
]


@pytest.mark.parametrize("term, rule, provenance", DEFINITIONS)
def test_definitions(term, rule, provenance):
    defs = {d.term: d for d in navlights.edition(E).definitions}
    assert defs[term].citation.rule == rule
    assert defs[term].citation.provenance == provenance


def test_no_fishing_definition():
    # Rule 1(c) as read ends at (xiii) ('tons'); Part B follows. No 'engaged in fishing' definition.
    terms = {d.term for d in navlights.edition(E).definitions}
    assert "engaged in fishing" not in terms


def test_coverage_lists_gaps():
    cov = navlights.edition(E).coverage()
    gap_rules = {g.split(":")[0] for g in cov["gaps"]}
    for rule in ("Rule 1(b)", "Rule 2(b)", "Rule 5", "Rule 7", "Rule 8", "Rule 9", "Rule 10", "Rule 13",
                 "Rule 14"):
        assert rule in gap_rules
    assert cov["entries"] == sum(cov[p] for p in ("primary", "secondary", "inferred", "gap"))


# ---------------------------------------------------------------------------------------------
# Rule 2(a): power-driven vessel under way

def test_power_underway_lights():
    # Rule 2(a)(i)-(v): two bright white masthead lights (150 ft and over), green to starboard, red to port.
    d = items(E, length="200 ft", time="night")
    assert set(d) == {"masthead", "masthead-aft", "sidelight-starboard", "sidelight-port"}
    assert d["masthead"].colour == "white"
    assert d["masthead"].arc_deg == (247.5, 112.5)      # 2(a)(i): 20 points, right ahead to 2 pt abaft the beam
    assert d["masthead"].range_nm == 5                  # 2(a)(i): at least 5 miles
    assert d["masthead-aft"].arc_deg == (247.5, 112.5)  # 2(a)(ii): similar in construction and character
    assert d["sidelight-starboard"].colour == "green"
    assert d["sidelight-starboard"].arc_deg == (0, 112.5)  # 2(a)(iv): 10 points
    assert d["sidelight-starboard"].range_nm == 2
    assert d["sidelight-port"].colour == "red"          # 2(a)(v), first words only
    assert d["sidelight-port"].provenance == "inferred"  # its arc and range: not read, inferred


def test_masthead_placement():
    # Rule 2(a)(iii): lower (or only) light at least 20 ft above the hull, at least the breadth if
    # over 20 ft, need not exceed 40 ft; second light at least 15 ft higher, horizontal >= 3 x vertical.
    d = items(E, length="200 ft")
    p = d["masthead"].placement.to_dict()
    assert p["height_above_hull_min"] == "20 ft"
    assert p["height_breadth_rule"] is True
    assert p["height_need_not_exceed"] == "40 ft"
    assert p["clear_of_other_lights"] is True
    q = d["masthead-aft"].placement.to_dict()
    assert q["higher_than"] == "masthead"
    assert q["higher_by_min"] == "15 ft"
    assert q["horizontal_to_vertical_min"] == 3


SECOND_MASTHEAD = [
    # Rule 2(a)(ii): second white light required at 150 ft and over; vessels under 150 ft and vessels
    # engaged in towing need not carry it but may (Rule 3(b) repeats: optional for the towing vessel).
    ({"length": "149 ft"}, "optional"),
    ({"length": "150 ft"}, "required"),
    ({"length": "151 ft"}, "required"),
    ({"length": "600 ft"}, "required"),
    ({"length": "149 ft", "towing": tow(1, "300 ft")}, "optional"),
    ({"length": "150 ft", "towing": tow(1, "300 ft")}, "optional"),     # towing exemption, 2(a)(ii)
    ({"length": "400 ft", "towing": tow(3, "900 ft")}, "optional"),
    ({"length": "150 ft", "towing": tow(1)}, "optional"),               # no tow length needed
    # A vessel pushing is not "engaged in towing" in 2(a)(ii) nor "the towing vessel" of 3(b):
    ({"length": "150 ft", "pushing": True}, "required"),
    ({"length": "149 ft", "pushing": True}, "optional"),
]


@pytest.mark.parametrize("vessel, status", SECOND_MASTHEAD)
def test_second_masthead_light(vessel, status):
    d = items(E, **vessel)
    assert d["masthead"].status == "required"           # 2(a)(i), every length
    assert d["masthead-aft"].status == status


def test_second_masthead_needs_length():
    # Rule 2(a)(ii) turns on length (150 ft) unless she is towing.
    with pytest.raises(MissingFactError) as e:
        disp(E)
    assert e.value.field == "length"


# ---------------------------------------------------------------------------------------------
# Rule 3(a): towing or pushing

TOWING_LIGHTS = [
    # (vessel, towing roles expected) - Rule 3(a): two bright white lights >= 6 ft apart (one in the
    # place of the 2(a)(i) light: the role 'masthead'), plus an additional one when towing MORE THAN ONE
    # vessel IF the tow (stern of tug to stern of last vessel or seaplane) EXCEEDS 600 ft.
    ({"towing": tow(1)}, {"towing-2"}),
    ({"towing": tow(1, "600 ft")}, {"towing-2"}),
    ({"towing": tow(1, "601 ft")}, {"towing-2"}),       # one vessel: never a third light
    ({"towing": tow(1, "3000 ft")}, {"towing-2"}),
    ({"towing": tow(2, "300 ft")}, {"towing-2"}),
    ({"towing": tow(2, "600 ft")}, {"towing-2"}),       # 600 ft does not exceed 600 ft
    ({"towing": tow(2, "601 ft")}, {"towing-2", "towing-3"}),
    ({"towing": tow(3, "1000 ft")}, {"towing-2", "towing-3"}),
    ({"pushing": True}, {"towing-2"}),                  # pushing: the two lights; the third is for towing
]


@pytest.mark.parametrize("length", ["100 ft", "200 ft"])
@pytest.mark.parametrize("vessel, towing_roles", TOWING_LIGHTS)
def test_towing_lights(vessel, towing_roles, length):
    got = lights(E, length=length, **vessel)
    assert {r for r in got if r.startswith("towing-")} == towing_roles
    assert {"masthead", "sidelight-starboard", "sidelight-port"} <= got   # "in addition to her sidelights"


def test_towing_light_character():
    d = items(E, length="100 ft", towing=tow(2, "700 ft"))
    for role in ("towing-2", "towing-3"):
        assert d[role].colour == "white"
        assert d[role].arc_deg == (247.5, 112.5)        # same construction as the 2(a)(i) light
        assert d[role].range_nm == 5
        assert d[role].status == "required"
        assert d[role].cite == "intl-1948 Rule 3(a)"
    assert d["towing-2"].placement.to_dict()["vertical_sep_min"] == "6 ft"
    p3 = d["towing-3"].placement.to_dict()
    assert p3["height_above_hull_min"] == "14 ft"       # the additional light: >= 14 ft above the hull
    assert p3["vertical_sep_min"] == "6 ft"             # 6 ft above or below the pair


def test_third_light_needs_tow_length_when_more_than_one_vessel():
    # Rule 3(a): with two or more vessels in tow the tow length decides the third light.
    with pytest.raises(MissingFactError) as e:
        disp(E, length="100 ft", towing=tow(2))
    assert e.value.field == "towing.tow_length"


# Rule 3(b): the towing vessel shows the Rule 10 stern light OR, in lieu, a small white light abaft
# the funnel or aftermast, not visible forward of the beam.

def test_towing_stern_or_steering_light():
    d = items(E, length="100 ft", towing=tow(1, "300 ft"))
    assert d["sternlight"].group == d["steering-light"].group == "towing-stern"
    assert {d["sternlight"].option, d["steering-light"].option} == {"stern light", "steering light"}
    assert d["steering-light"].colour == "white"
    assert d["steering-light"].placement.to_dict()["not_visible_forward_of_beam"] is True
    assert d["steering-light"].provenance == "primary"
    # The stern light itself is Rule 10, not found: a gap.
    assert d["sternlight"].kind_citation.provenance == "gap"


def test_pushing_vessel_has_no_steering_light():
    # Rule 3(b) speaks of "the towing vessel" only.
    assert "steering-light" not in lights(E, length="100 ft", pushing=True)


def test_seaplane_towing():
    # Rule 3(c): a second white light like her 2(b)(i) light, in a vertical line >= 6 ft from it.
    d = disp(E, seaplane=True, length="60 ft", towing=True)
    it = d.get("towing-2")
    assert it is not None and it.colour == "white" and it.status == "required"
    assert it.cite == "intl-1948 Rule 3(c)"
    assert it.placement.to_dict()["vertical_sep_min"] == "6 ft"
    # Rule 2(b) (her own lights) was not found; the second light's arc is unknown.
    assert d.complete is False
    assert "intl-1948 Rule 2(b)" in {str(n.citation) for n in d.notes if n.kind == "gap"}
    assert it.kind_citation.provenance == "gap"


# ---------------------------------------------------------------------------------------------
# Rule 4: not under command; cable, navigation-mark, survey and underwater work

NUC = [
    # Rule 4(a): two all-round red lights, on a power-driven vessel in lieu of the 2(a)(i)-(ii) lights;
    # Rule 4(d): sidelights only when making way.
    ({"length": "200 ft"}, {"nuc-upper", "nuc-lower", "sidelight-starboard", "sidelight-port"}),
    ({"length": "100 ft"}, {"nuc-upper", "nuc-lower", "sidelight-starboard", "sidelight-port"}),
    ({"length": "200 ft", "making_way": False}, {"nuc-upper", "nuc-lower"}),
    ({"length": "100 ft", "making_way": False}, {"nuc-upper", "nuc-lower"}),
]


@pytest.mark.parametrize("vessel, roles", NUC)
def test_not_under_command_lights(vessel, roles):
    assert lights(E, not_under_command=True, **vessel) == roles


def test_not_under_command_detail():
    d = items(E, length="200 ft", not_under_command=True)
    for role in ("nuc-upper", "nuc-lower"):
        assert d[role].colour == "red" and d[role].all_round and d[role].range_nm == 2
    assert d["nuc-upper"].placement.to_dict()["vertical_sep_min"] == "6 ft"
    for role in ("nuc-ball-upper", "nuc-ball-lower"):    # by day: two black balls >= 2 ft, >= 6 ft apart
        assert d[role].colour == "black" and d[role].canonical == "ball"
        assert d[role].size_as_written == "2 ft"
        assert d[role].placement.to_dict()["vertical_sep_min"] == "6 ft"
    assert "in-lieu" in note_kinds(E, length="200 ft", not_under_command=True)


def test_not_under_command_by_day():
    assert shapes(E, length="200 ft", not_under_command=True, time="day") == {"nuc-ball-upper", "nuc-ball-lower"}
    assert lights(E, length="200 ft", not_under_command=True, time="day") == set()


def test_not_making_way_prohibits_sidelights():
    assert "prohibited" in note_kinds(E, length="200 ft", not_under_command=True, making_way=False)


def test_sailing_vessel_not_under_command():
    # Rule 4(a) applies to "a vessel" of any kind; her other lights (Rule 5) were not found.
    d = disp(E, propulsion="sail", length="60 ft", tonnage=30, not_under_command=True)
    assert {i.role for i in d.lights} == {"nuc-upper", "nuc-lower"}
    assert {i.role for i in d.shapes} == {"nuc-ball-upper", "nuc-ball-lower"}
    assert d.complete is False


def test_seaplane_not_under_command():
    # Rule 4(b): she MAY show two red lights >= 3 ft apart (2 miles) and by day two black balls.
    d = items(E, seaplane=True, length="60 ft", not_under_command=True)
    for role in ("nuc-upper", "nuc-lower", "nuc-ball-upper", "nuc-ball-lower"):
        assert d[role].status == "optional"
    assert d["nuc-upper"].colour == "red" and d["nuc-upper"].range_nm == 2
    assert d["nuc-upper"].placement.to_dict()["vertical_sep_min"] == "3 ft"
    assert d["nuc-ball-upper"].placement.to_dict()["vertical_sep_min"] == "3 ft"


WORK = ["cable", "navigation-mark", "survey", "underwater"]


@pytest.mark.parametrize("work", WORK)
def test_restricted_work(work):
    # Rule 4(c): red over white over red, all round, 2 miles, >= 6 ft apart, in lieu of the 2(a)(i)-(ii)
    # lights; by day red ball, white diamond, red ball, >= 2 ft.
    d = items(E, length="200 ft", restricted=work)
    assert {"masthead", "masthead-aft"}.isdisjoint(d)
    assert [d[r].colour for r in ("work-upper", "work-middle", "work-lower")] == ["red", "white", "red"]
    assert all(d[r].all_round and d[r].range_nm == 2 for r in ("work-upper", "work-middle", "work-lower"))
    assert [(d[r].colour, d[r].canonical) for r in ("work-shape-upper", "work-shape-middle", "work-shape-lower")] \
        == [("red", "ball"), ("white", "diamond"), ("red", "ball")]
    assert {"sidelight-starboard", "sidelight-port"} <= set(d)           # making way: 4(d)


@pytest.mark.parametrize("work", WORK)
def test_restricted_work_not_making_way(work):
    # Rule 4(d): no coloured sidelights when not making way through the water.
    assert lights(E, length="200 ft", restricted=work, making_way=False) == {"work-upper", "work-middle", "work-lower"}


@pytest.mark.parametrize("work", ["minesweeping", "dredging", "replenishment", "aircraft"])
def test_other_work_is_a_gap(work):
    # Rule 4(c) names cable, navigation-mark, survey and underwater work only; 4(e) ff. not found.
    d = disp(E, length="200 ft", restricted=work)
    assert not any(r.startswith("work-") for r in d.roles())
    assert d.complete is False
    assert "intl-1948 Rule 4(e) ff." in {str(n.citation) for n in d.notes if n.kind == "gap"}


# ---------------------------------------------------------------------------------------------
# Rule 11: at anchor, aground; seaplanes at anchor and aground

ANCHOR = [
    # Rule 11(a)-(b) not found; inferred: one all-round white light under 150 ft, two at 150 ft and over.
    # Rule 11(c) (found): every vessel at anchor shows one black ball by day.
    ({"length": "149 ft"}, {"anchor-forward"}, {"anchor-ball"}),
    ({"length": "150 ft"}, {"anchor-forward", "anchor-aft"}, {"anchor-ball"}),
    ({"length": "40 ft", "propulsion": "sail"}, {"anchor-forward"}, {"anchor-ball"}),
]


@pytest.mark.parametrize("vessel, night, day", ANCHOR)
def test_at_anchor(vessel, night, day):
    assert lights(E, status="anchored", **vessel) == night
    assert shapes(E, status="anchored", **vessel) == day


def test_anchor_provenance():
    d = items(E, length="200 ft", status="anchored")
    assert d["anchor-forward"].colour == "white" and d["anchor-forward"].all_round
    assert d["anchor-forward"].provenance == "inferred"
    assert d["anchor-forward"].range_nm is None          # range not known for 1948
    assert d["anchor-ball"].provenance == "primary"
    assert d["anchor-ball"].cite == "intl-1948 Rule 11(c)"
    assert d["anchor-ball"].colour == "black" and d["anchor-ball"].size_as_written == "2 ft"


@pytest.mark.parametrize("work", WORK)
def test_work_at_anchor(work):
    # Rule 11(d): the Rule 4(c) lights and shapes in addition to the anchor lights and ball.
    assert lights(E, length="200 ft", status="anchored", restricted=work) == \
        {"anchor-forward", "anchor-aft", "work-upper", "work-middle", "work-lower"}
    assert shapes(E, length="200 ft", status="anchored", restricted=work) == \
        {"anchor-ball", "work-shape-upper", "work-shape-middle", "work-shape-lower"}


AGROUND = [
    # Rule 11(e): anchor light or lights and the two red lights of Rule 4(a); by day three black balls
    # >= 6 ft apart. No "in or near a fairway" condition.
    ({"length": "149 ft"}, {"anchor-forward", "aground-red-upper", "aground-red-lower"}),
    ({"length": "150 ft"}, {"anchor-forward", "anchor-aft", "aground-red-upper", "aground-red-lower"}),
]


@pytest.mark.parametrize("vessel, night", AGROUND)
def test_aground(vessel, night):
    d = items(E, status="aground", **vessel)
    assert {r for r, i in d.items() if i.what == "light"} == night
    assert {r for r, i in d.items() if i.what == "shape"} == {"aground-ball-1", "aground-ball-2", "aground-ball-3"}
    assert d["aground-red-upper"].colour == "red" and d["aground-red-upper"].range_nm == 2
    assert d["aground-ball-1"].placement.to_dict()["vertical_sep_min"] == "6 ft"
    assert "anchor-ball" not in d                         # 11(c) is for a vessel at anchor


SEAPLANE_ANCHOR = [
    # Rule 11(f): under 150 ft one all-round white light, 2 miles.
    # Rule 11(g): 150 ft or upwards a white light forward and one aft, all round, 3 miles.
    ({"length": "149 ft", "status": "anchored"}, {"anchor-forward": 2}),
    ({"length": "150 ft", "status": "anchored"}, {"anchor-forward": 3, "anchor-aft": 3}),
    # Rule 11(h): a seaplane aground carries the (f)/(g) anchor lights, and may add two red lights.
    ({"length": "149 ft", "status": "aground"}, {"anchor-forward": 2, "aground-red-upper": None,
                                                 "aground-red-lower": None}),
    ({"length": "150 ft", "status": "aground"}, {"anchor-forward": 3, "anchor-aft": 3,
                                                 "aground-red-upper": None, "aground-red-lower": None}),
]


@pytest.mark.parametrize("vessel, ranges", SEAPLANE_ANCHOR)
def test_seaplane_at_anchor_and_aground(vessel, ranges):
    d = items(E, seaplane=True, **vessel)
    assert {r: i.range_nm for r, i in d.items()} == ranges       # 11(h) reds: no range stated
    assert all(i.colour == "white" for r, i in d.items() if r.startswith("anchor-"))
    for r in ("aground-red-upper", "aground-red-lower"):
        if r in d:
            assert d[r].status == "optional" and d[r].colour == "red"
            assert d[r].placement.to_dict()["vertical_sep_min"] == "3 ft"
    assert not [i for i in d.values() if i.what == "shape"]      # 11(c), (e) are for vessels only


@pytest.mark.parametrize("length, info", [("149 ft", False), ("150 ft", True)])
def test_seaplane_span_lights_note(length, info):
    # Rule 11(g): span lights if the span exceeds 150 ft; navlights has no span field: an info note.
    d = disp(E, seaplane=True, length=length, status="anchored")
    assert any(n.kind == "info" and n.citation.rule == "Rule 11(g)" for n in d.notes) is info


# ---------------------------------------------------------------------------------------------
# Gaps: situations the 1948 text covers but whose text was not found. Each display is incomplete and
# carries a gap note citing the rule.

GAPS = [
    ({"propulsion": "sail", "length": "60 ft", "tonnage": 30}, "Rule 5", set()),   # 20 tons or more: no Rule 7(c)
    ({"propulsion": "sail", "length": "30 ft", "tonnage": 10}, "Rule 5", None),     # Rule 7(c) lantern, see below
    ({"propulsion": "none", "length": "100 ft", "being_towed": True}, "Rule 5", set()),
    ({"propulsion": "none", "length": "100 ft", "being_pushed": True}, "Rule 5", set()),
    ({"seaplane": True, "length": "60 ft"}, "Rule 2(b)", set()),
    ({"length": "30 ft", "tonnage": 10}, "Rule 7", None),   # the power-driven limit (Rule 7 opening) was not read
    ({"length": "100 ft", "pilot_on_duty": True}, "Rule 8", None),
    ({"length": "100 ft", "service": "pilot-vessel"}, "Rule 8", None),
    ({"length": "100 ft", "fishing": "trawl"}, "Rule 9", None),
    ({"length": "100 ft", "fishing": "drift-net", "status": "anchored"}, "Rule 9", None),
    ({"length": "200 ft"}, "Rule 10", None),
    ({"length": "200 ft"}, "Rule 2(a)(v)-(vi)", None),
    ({"length": "300 ft", "service": "warship"}, "Rule 13", None),
    ({"length": "100 ft", "sails_set": True}, "Rule 14", None),
    ({"propulsion": "sail", "machinery": True, "length": "100 ft", "tonnage": 200}, "Rule 14", None),
    ({"length": "200 ft", "time": "restricted-visibility"}, "Rule 1(b)", None),
]


@pytest.mark.parametrize("vessel, rule, roles", GAPS)
def test_gap_situations(vessel, rule, roles):
    d = disp(E, **vessel)
    assert d.complete is False
    assert "gap" in [n.kind for n in d.notes]
    gap_notes = [n for n in d.notes if n.kind == "gap"]
    assert rule in {n.citation.rule for n in gap_notes}
    assert all(n.citation.provenance == "gap" for n in gap_notes if n.citation.rule == rule)
    if roles is not None:                                 # nothing is invented for these
        assert set(d.roles()) == roles


def test_nothing_from_1960_for_sailing_or_towed_vessels():
    # Rule 5 not found: no 1960-style red-over-green, no diamond, no sidelights invented.
    assert disp(E, propulsion="sail", length="60 ft", tonnage=30).items == ()
    assert disp(E, propulsion="none", length="100 ft",
                being_towed={"tow_length": "700 ft"}, time="day").items == ()


# Rule 7(c)-(d) (official Coast Guard reprint, c. 1957, p. 15): vessels under oars or sails of less than 20 tons
# that do not carry sidelights carry a green/red lantern visible 1 mile (kept ready and shown in time if it
# cannot be fixed); small rowing boats need only an electric torch or lighted lantern showing white at hand.
@pytest.mark.parametrize("tonnage, lantern", [(19, True), (19.9, True), (20, False), (30, False)])
def test_small_sailing_vessel_lantern(tonnage, lantern):
    d = disp(E, propulsion="sail", length="30 ft", tonnage=tonnage)
    assert (d.get("lantern-starboard") is not None) == lantern          # 'less than 20 tons' (gross: 1(c)(xiii))
    assert not d.complete                                                # Rule 5 (her sidelights) not found
    if lantern:
        for role, colour, arc in (("lantern-starboard", "green", (0.0, 112.5)), ("lantern-port", "red", (247.5, 360.0))):
            it = d.get(role)
            assert (it.colour, it.range_nm, it.arc_assumed, it.cite) == (colour, 1.0, True, "intl-1948 Rule 7(c)")
            assert it.arc_deg == arc                   # drawn as a sidelight's arc: the text only bars the wrong side
            assert it.status == "optional"             # only if she does not carry sidelights (Rule 5 not found)
            assert it.provenance == "secondary"        # an official reprint, held secondary (schema.md)


def test_small_sailing_vessel_needs_tonnage():
    with pytest.raises(MissingFactError) as e:
        disp(E, propulsion="sail", length="30 ft")
    assert e.value.field == "tonnage" and "Rule 7(c)" in str(e.value)


def test_rowing_boat_torch():
    it = items(E, propulsion="oars", length="14 ft")["torch"]
    assert (it.colour, it.status, it.cite, it.provenance) == ("white", "on-approach", "intl-1948 Rule 7(d)",
                                                              "secondary")


def test_small_power_driven_vessel_stays_a_gap():
    # Rule 7(a)-(b) lights were read, but not the opening that says which power-driven vessels may use them
    d = disp(E, length="30 ft", tonnage=10)
    (n,) = [n for n in d.notes if n.kind == "gap" and n.citation.rule == "Rule 7"]
    assert "opening" in n.text and "small-white" not in d.roles()


def test_no_screens_recorded():
    # Rule 2(a)(vi) (screens in 1897 and 1960) was not read for 1948: no screen placement recorded.
    d = items(E, length="200 ft")
    for r in ("sidelight-starboard", "sidelight-port"):
        assert "screen_forward_min" not in d[r].placement.to_dict()


def test_anchor_display_is_complete():
    # A vessel at anchor: every item has text or an argument (no gap items).
    assert disp(E, length="200 ft", status="anchored").complete is True
