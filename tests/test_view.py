"""The observer's view, table-driven: (edition, vessel, aspect, distance) -> lights seen, left to right.

Expected values are written by hand from the rule text (arcs and ranges, cited on each row) and
from the view's conventions (docs/view.md): aspect is the observer's bearing from the vessel,
clockwise from her bow; arcs are closed; offsets are as the observer sees them (dead ahead, her
starboard green is on his left); placement is the typical rule (sidelights abreast of the foremast
light and below it, after masthead light higher and abaft, stern light at the stern, anchor light
aft lower than forward, vertical lines stacked upward, stack_order 1 lowest). Lights at the same
apparent offset are listed bottom to top.

intl-1960 arcs and ranges (77 Stat. 196; 79 Stat. 1456): Rule 2(a)(i) masthead 225° (20 points),
right ahead to 2 points abaft the beam, 5 mi; 2(a)(ii) the second masthead light, 15 ft higher,
required at 150 ft and over; 2(a)(iv)/(v) sidelights 112.5° (10 points) each side, 2 mi; Rule 3(a)
towing lights "of the same construction and character" as 2(a)(i), three when the tow exceeds
600 ft; Rule 5(a) sailing: sidelights and stern light, no masthead light; Rule 4(a) two all-round red
lights 2 mi (inferred from 1948); Rule 11 anchor lights all round, a second one aft at 150 ft
(inferred). The stern light's arc (Rule 10, not found) is the assumed 12 points right aft and its
range is not stated.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import navlights
from navlights import api
from navlights.cli import main
from navlights.engines.view import describe, select
from navlights.errors import NavlightsError, ViewError

E60 = "intl-1960"
E97 = "intl-1897"
P200 = {"propulsion": "power", "length": "200 ft"}
P100 = {"propulsion": "power", "length": "100 ft"}
P50 = {"propulsion": "power", "length": "50 ft"}
TOW700 = {"propulsion": "power", "length": "100 ft", "towing": {"tow_length": "700 ft"}}
TOW400 = {"propulsion": "power", "length": "100 ft", "towing": {"tow_length": "400 ft"}}
TOW600 = {"propulsion": "power", "length": "100 ft", "towing": {"tow_length": "600 ft"}}
SAIL50 = {"propulsion": "sail", "length": "50 ft"}
ANCH200 = {"propulsion": "power", "length": "200 ft", "status": "anchored"}
ANCH100 = {"propulsion": "power", "length": "100 ft", "status": "anchored"}
NUC200 = {"propulsion": "power", "length": "200 ft", "not_under_command": True}
NUC200_STOPPED = {**NUC200, "making_way": False}
CABLE200 = {"propulsion": "power", "length": "200 ft", "restricted": "cable"}
SEAPLANE = {"propulsion": "power", "seaplane": True, "length": "40 ft"}

M, MA = "masthead", "masthead-aft"
G, R, S = "sidelight-starboard", "sidelight-port", "sternlight"


def seen(edition, vessel, aspect, distance=1.0, **kw):
    return navlights.view(navlights.display(vessel, edition), aspect, distance, **kw).roles()


CASES_1960 = [
    # --- power-driven vessel of 200 ft: Rule 2(a)(i), (ii), (iv), (v); stern light Rule 10 (assumed arc)
    (P200, 0, 1.0, (G, M, MA, R)),            # dead ahead: both sidelights (closed ends meet at 0), mastheads in line
    (P200, 0.5, 1.0, (G, MA, M)),             # just to starboard: red gone; her head to his right, lower light right
    (P200, 359.5, 1.0, (M, MA, R)),           # just to port: green gone
    (P200, 45, 1.0, (MA, G, M)),              # starboard bow: green (2(a)(iv)) below, forward light lower and right
    (P200, 90, 1.0, (MA, G, M)),              # starboard beam: green directly below the forward light
    (P200, 112.4, 1.0, (MA, M, G)),           # just inside 2 points abaft the beam: mastheads and green
    (P200, 112.5, 1.0, (S, MA, M, G)),        # exactly on the edge: closed arcs: mastheads, green and stern light
    (P200, 112.6, 1.0, (S,)),                 # just outside: stern light only
    (P200, 180, 1.0, (S,)),                   # right astern
    (P200, 247.4, 1.0, (S,)),                 # just outside the port edge
    (P200, 247.5, 1.0, (R, M, MA, S)),        # exactly on the port edge: red, mastheads and stern light
    (P200, 247.6, 1.0, (R, M, MA)),           # just inside: 2(a)(i), (ii), (v)
    (P200, 270, 1.0, (R, M, MA)),             # port beam: red directly below the forward light
    (P200, 315, 1.0, (M, R, MA)),             # port bow: her head to his left, the lower light left
    (P200, 0, 2.5, (M, MA)),                  # sidelights 2 mi (2(a)(iv), (v)): beyond them at 2.5 nm
    (P200, 30, 2.0, (MA, G, M)),              # exactly at the sidelight's 2 mi: seen (closed range)
    (P200, 30, 5.0, (MA, M)),                 # exactly at the mastheads' 5 mi
    (P200, 30, 5.1, ()),                      # beyond 5 mi: nothing (stern light out of its arc)
    (P200, 180, 10.0, (S,)),                  # stern light: range not stated (Rule 10 not found): shown as seen
    # --- under 150 ft: the second masthead light optional (2(a)(ii)); typical leaves it out
    (P100, 0, 1.0, (G, M, R)),
    (P100, 200, 1.0, (S,)),
    # --- towing: Rule 3(a), tow over 600 ft: three white lights in a vertical line at the 2(a)(i) place
    (TOW700, 0, 1.0, (G, M, "towing-2", "towing-3", R)),
    (TOW700, 90, 1.0, (G, M, "towing-2", "towing-3")),   # green under the stack (abreast of the foremast)
    (TOW700, 112.6, 1.0, (S,)),               # towing lights are 2(a)(i) lights: not seen abaft 112.5
    (TOW700, 180, 1.0, (S,)),                 # Rule 3(b): stern light (the first option) by default
    (TOW700, 300, 6.0, ()),                   # beyond the towing lights' 5 mi
    (TOW400, 0, 1.0, (G, M, "towing-2", R)),  # tow not over 600 ft: two lights
    (TOW600, 10, 1.0, (G, M, "towing-2")),    # exactly 600 ft does not "exceed": two lights
    # --- sailing vessel: Rule 5(a): sidelights and stern light, never the masthead lights
    (SAIL50, 0, 1.0, (G, R)),
    (SAIL50, 45, 1.0, (G,)),
    (SAIL50, 112.5, 1.0, (S, G)),             # on the edge: green and stern light
    (SAIL50, 180, 1.0, (S,)),
    (SAIL50, 300, 1.0, (R,)),
    (SAIL50, 45, 2.1, ()),                    # beyond the sidelights' 2 mi
    # --- at anchor: Rule 11 (inferred): all-round white, a second one aft at 150 ft and over, lower
    (ANCH200, 0, 1.0, ("anchor-aft", "anchor-forward")),     # in line: bottom to top
    (ANCH200, 90, 1.0, ("anchor-aft", "anchor-forward")),    # her head to his right: forward light right
    (ANCH200, 137, 1.0, ("anchor-aft", "anchor-forward")),
    (ANCH200, 180, 1.0, ("anchor-aft", "anchor-forward")),
    (ANCH200, 270, 1.0, ("anchor-forward", "anchor-aft")),   # her head to his left
    (ANCH200, 90, 20.0, ("anchor-aft", "anchor-forward")),   # range not stated: seen
    (ANCH100, 200, 1.0, ("anchor-forward",)),                # under 150 ft: one light
    # --- not under command: Rule 4(a) (inferred): two all-round red lights 2 mi, in lieu of 2(a)(i), (ii)
    (NUC200, 0, 1.0, (G, "nuc-lower", "nuc-upper", R)),
    (NUC200, 180, 1.0, (S, "nuc-lower", "nuc-upper")),     # stern light under the red lights
    (NUC200_STOPPED, 0, 1.0, ("nuc-lower", "nuc-upper")),  # not making way: no sidelights (1948 Rule 4(d))
    (NUC200, 45, 2.5, ()),                                 # beyond 2 mi: neither the reds nor the sidelights
    # --- restricted by her work: Rule 4(c) (inferred): red, white, red all round, in lieu of the mastheads
    (CABLE200, 90, 1.0, ("work-lower", "work-middle", "work-upper", G)),
    # --- seaplane: Rule 2(b): white 220° (to 20° abaft the beam) 3 mi, sidelights 110°, 2 mi
    (SEAPLANE, 110, 1.0, ("seaplane-white", G)),           # on the edge of both
    (SEAPLANE, 111, 1.0, ()),                              # abaft them; the stern light is a gap (Rule 10)
    (SEAPLANE, 0, 2.5, ("seaplane-white",)),
]


@pytest.mark.parametrize("vessel,aspect,distance,expected", CASES_1960)
def test_intl_1960_picture(vessel, aspect, distance, expected):
    assert seen(E60, vessel, aspect, distance) == expected


def test_case_count():
    assert len(CASES_1960) >= 40


# --- alternatives --------------------------------------------------------------------------------


def test_choose_all_adds_the_optional_after_light_flagged():
    # Rule 2(a)(ii): under 150 ft the second masthead light is optional
    p = navlights.view(navlights.display(P100, E60), 0, 1.0, choose="all")
    assert p.roles() == (G, M, MA, R)
    assert "optional" in p.get(MA).flags and "optional" not in p.get(M).flags


def test_choose_mapping_picks_an_option():
    # Rule 3(b) (inferred): the towing vessel's stern light, or a steering light in lieu
    d = navlights.display(TOW700, E60)
    assert navlights.view(d, 180, 1.0, choose={"options": {"towing-stern": "steering light"}}).roles() == \
        ("steering-light",)
    # the steering light is not visible forward of the beam (arc assumed 90-270)
    assert navlights.view(d, 80, 1.0, choose={"options": {"towing-stern": "steering light"}}).roles() == \
        (G, M, "towing-2", "towing-3")


def test_choose_all_flags_alternatives():
    d = navlights.display(TOW700, E60)
    p = navlights.view(d, 180, 1.0, choose="all")
    assert set(p.roles()) == {S, "steering-light"}
    assert all("option" in i.flags for i in p.items)


def test_small_craft_scheme():
    # Rule 7(a): a power-driven vessel under 65 ft may carry the small-craft lights instead of Rule 2's
    d = navlights.display(P50, E60)
    assert navlights.view(d, 0, 0.5).roles() == (G, M, R)              # typical: the standard scheme
    small = navlights.view(d, 0, 0.5, choose={"scheme": "small-power"})
    assert small.roles() == ("small-sidelight-starboard", "small-white", "small-sidelight-port")
    # Rule 7(a)(ii): the small sidelights' 1 mile
    assert navlights.view(d, 0, 1.5, choose={"scheme": "small-power"}).roles() == ("small-white",)
    combined = navlights.view(d, 0, 0.5, choose={"scheme": "small-power",
                                                 "options": {"small-sidelights": "combined lantern"}})
    assert combined.roles() == ("combined-starboard", "small-white", "combined-port")


def test_bad_choice_is_one_line():
    d = navlights.display(TOW700, E60)
    with pytest.raises(ViewError, match="towing-stern.*no option 'lantern'"):
        navlights.view(d, 0, choose={"options": {"towing-stern": "lantern"}})
    with pytest.raises(ViewError, match="choose"):
        navlights.view(d, 0, choose="some")


def test_on_approach_items_are_not_shown_by_default():
    # Rule 7(f): a rowing boat has a white torch ready, shown in time to prevent collision
    d = navlights.display({"propulsion": "oars", "length": "15 ft"}, E60)
    assert navlights.view(d, 0, 0.5).roles() == ()
    p = navlights.view(d, 0, 0.5, choose="all")
    assert p.roles() == ("torch",) and "on-approach" in p.get("torch").flags
    assert navlights.view(d, 0, 0.5, choose={"on_approach": True}).roles() == ("torch",)


# --- flags ---------------------------------------------------------------------------------------


def test_edge_flags():
    d = navlights.display(P200, E60)
    p = navlights.view(d, 111.0, 1.0)                   # 1.5° inside the 112.5° end
    assert "edge" in p.get(G).flags and "edge" in p.get(M).flags
    assert p.get(G).edge_margin_deg == pytest.approx(1.5)
    assert navlights.view(d, 100.0, 1.0).get(G).flags == ()
    assert "edge" not in navlights.view(d, 111.0, 1.0, edge_tol_deg=1.0).get(G).flags
    # dead ahead both sidelights are on their edge
    p0 = navlights.view(d, 0, 1.0)
    assert "edge" in p0.get(G).flags and "edge" in p0.get(R).flags and "edge" not in p0.get(M).flags
    # just outside: the stern light may be glimpsed
    assert [h.role for h in navlights.view(d, 111.0, 1.0).glimpsed] == [S]


def test_range_flags():
    d = navlights.display(P200, E60)
    p = navlights.view(d, 30, 1.9)
    assert "near-range-limit" in p.get(G).flags and "near-range-limit" not in p.get(M).flags
    # 1960 Rule 10 (the stern light) was not found: its range is unknown, not "not stated" (issue 12)
    astern = navlights.view(d, 180, 1.0)
    assert "range-unknown" in astern.get(S).flags and "range-not-stated" not in astern.get(S).flags
    assert any("Rule 10) was not found, so its range is not known" in r for r in astern.to_dict()["remarks"])
    assert not any("states no range" in r for r in astern.to_dict()["remarks"])
    # 1960 Rule 11 (inferred from 1948 Rule 11): the anchor lights' rule gives no range
    assert "range-not-stated" in navlights.view(navlights.display(ANCH200, E60), 90, 1.0).get("anchor-aft").flags
    assert navlights.view(d, 30).get(G).flags == ()          # no distance: no range test, no flags
    hidden = {h.role: h.reason for h in navlights.view(d, 30, 3.0).hidden}
    assert hidden == {G: "range", R: "arc", S: "arc"}


# --- range options ------------------------------------------------------------------------------


def test_geographic_range_limits():
    # 2.08 (sqrt(h_light) + sqrt(h_eye)) nm, heights in metres. The stern light (no range stated)
    # is limited by the horizon alone; the sidelights by the lesser of 2 mi and the horizon.
    d = navlights.display(SAIL50, E60)
    p = navlights.view(d, 180, 1.0, eye_height_m=0.0)
    z = p.placement.get(S).z_m
    limit = 2.08 * math.sqrt(z)
    assert p.get(S).range_limit_nm == pytest.approx(limit) and "range-not-stated" not in p.get(S).flags
    assert navlights.view(d, 180, limit * 1.01, eye_height_m=0.0).roles() == ()
    assert navlights.view(d, 180, limit * 0.99, eye_height_m=0.0).roles() == (S,)
    eye = 4.0
    assert navlights.view(d, 180, 1.0, eye_height_m=eye).get(S).range_limit_nm == \
        pytest.approx(2.08 * (math.sqrt(z) + math.sqrt(eye)))
    assert navlights.view(d, 45, 1.0, eye_height_m=0.0).get(G).range_limit_nm == pytest.approx(2.0)


def test_luminous_range_in_fog():
    # Allard's law with the nominal range at 10 nm meteorological visibility: at V = 10 nm the
    # luminous range is the nominal range; in thick weather far less.
    d = navlights.display(P200, E60)
    assert navlights.view(d, 30, 1.99, visibility_nm=10.0).get(G) is not None
    p = navlights.view(d, 30, 1.0, visibility_nm=1.0)
    assert p.get(G) is None and p.get(M) is not None        # 2 mi light: ~0.81 nm; 5 mi light: ~1.37 nm
    assert {h.role for h in p.hidden if h.reason == "range"} == {G}


# --- the picture in words and as data -----------------------------------------------------------


@pytest.mark.parametrize("vessel,aspect,words", [
    (P200, 0, "two white lights in a vertical line; a green light below them on the left; "
              "a red light below them on the right"),
    (P200, 45, "two white lights, the lower one to the right; a green light below them in the middle"),
    (P200, 300, "two white lights, the lower one to the left; a red light below them in the middle"),
    (P200, 180, "a white light"),
    (TOW700, 10, "three white lights in a vertical line; a green light below them on the left"),
    (SAIL50, 0, "a green light; a red light level with it on the right"),
    (NUC200, 300, "two red lights in a vertical line; a red light below them on the left"),
    (CABLE200, 180, "three lights in a vertical line, red over white over red; a white light directly below them"),
    (ANCH200, 90, "two white lights, the lower one to the left"),
])
def test_describe(vessel, aspect, words):
    assert navlights.view(navlights.display(vessel, E60), aspect, 1.0).describe() == words


def test_day_shapes():
    # by day: the shapes, seen from every aspect (Rule 11(c) ball; Rule 4(a) two balls)
    d = navlights.display({**ANCH200, "time": "day"}, E60)
    p = navlights.view(d, 123, 1.0)
    assert p.period == "day" and p.roles() == ("anchor-ball",) and p.describe() == "a black ball"
    n = navlights.view(navlights.display(NUC200, E60), 10, 1.0, period="day")
    assert n.roles() == ("nuc-ball-lower", "nuc-ball-upper")
    assert n.describe() == "two black balls in a vertical line"


def test_offsets_mirror_and_sign():
    d = navlights.display(P200, E60)
    p = navlights.view(d, 0, 1.0)
    assert p.get(G).offset_m < 0 < p.get(R).offset_m          # green on his left facing her bow
    q = navlights.view(d, 90, 1.0)
    assert q.get(M).offset_m > q.get(MA).offset_m              # her bow to his right on her starboard beam
    assert p.get(G).offset_deg == pytest.approx(math.degrees(math.atan2(p.get(G).offset_m, 1852.0)))


def test_placement_marked_assumed_and_rule_heights():
    # Rule 2(a)(i): at least 20 ft above the hull, or the breadth if more, need not exceed 40 ft;
    # 2(a)(ii): the after light at least 15 ft higher, horizontal distance at least 3 times the vertical
    d = navlights.display({**P200, "breadth": "30 ft"}, E60)
    p = navlights.view(d, 90, 1.0)
    pl = p.placement
    fwd, aft = pl.get(M), pl.get(MA)
    assert fwd.z_m - pl.freeboard_m == pytest.approx(30 * 0.3048)
    assert aft.z_m - fwd.z_m == pytest.approx(15 * 0.3048)
    assert fwd.x_m - aft.x_m == pytest.approx(3 * 15 * 0.3048)
    assert all(q.assumed for q in pl.positions) and not pl.breadth_assumed
    wide = navlights.view(navlights.display({**P200, "breadth": "60 ft"}, E60), 90).placement
    assert wide.get(M).z_m - wide.freeboard_m == pytest.approx(40 * 0.3048)   # capped at 40 ft
    narrow = navlights.view(navlights.display({**P200, "breadth": "15 ft"}, E60), 90).placement
    assert narrow.get(M).z_m - narrow.freeboard_m == pytest.approx(20 * 0.3048)
    # Rule 3(a): towing lights 6 ft apart in the vertical line of the 2(a)(i) light
    t = navlights.view(navlights.display(TOW700, E60), 90).placement
    assert t.get("towing-2").z_m - t.get(M).z_m == pytest.approx(6 * 0.3048)
    assert t.get("towing-3").z_m - t.get("towing-2").z_m == pytest.approx(6 * 0.3048)
    assert t.get("towing-3").x_m == t.get(M).x_m


def test_errors_name_the_field():
    d = navlights.display(P200, E60)
    for kwargs, field in [({"aspect_deg": -1}, "aspect"), ({"aspect_deg": 360.5}, "aspect"),
                          ({"aspect_deg": float("nan")}, "aspect"), ({"aspect_deg": "ahead"}, "aspect"),
                          ({"aspect_deg": 0, "distance_nm": 0}, "distance"),
                          ({"aspect_deg": 0, "distance_nm": 1e6}, "distance"),
                          ({"aspect_deg": 0, "eye_height_m": -2}, "eye-height"),
                          ({"aspect_deg": 0, "visibility_nm": 0}, "visibility")]:
        with pytest.raises(ViewError) as e:
            navlights.view(d, **kwargs)
        assert e.value.field == field and "\n" not in str(e.value) and "allowed" in str(e.value)
        assert isinstance(e.value, NavlightsError) and isinstance(e.value, ValueError)
    assert navlights.view(d, 360).aspect_deg == 0.0


def test_view_accepts_a_vessel_and_select_is_exposed():
    p = api.view(P200, 45, 1.0)
    assert p.roles() == (MA, G, M)
    assert [i.role for i, _ in select(navlights.display(P100, E60), "all")][:2] == [M, MA]
    assert describe([]) == "no light"


def test_json_validates_against_schema():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).parents[1] / "docs" / "schema" / "picture.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    for vessel, kw in [(P200, {"aspect_deg": 0, "distance_nm": 1.0}),
                       (TOW700, {"aspect_deg": 112.5, "distance_nm": 1.9, "eye_height_m": 3, "visibility_nm": 4,
                                 "choose": "all"}),
                       ({**ANCH200, "time": "day"}, {"aspect_deg": 30}),
                       (P50, {"aspect_deg": 10, "choose": {"scheme": "small-power"}})]:
        data = api.view_json(vessel, E60, **kw)
        errors = list(v.iter_errors(data))
        assert not errors, (errors[0].message, list(errors[0].path))
        json.dumps(data)


# --- CLI -----------------------------------------------------------------------------------------


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_view_text(capsys):
    code, out, err = run(capsys, "view", "-e", "1960", "--length", "200 ft", "--aspect", "45", "--distance", "1")
    assert code == 0 and err == ""
    words = " ".join(out.split())     # the text is wrapped to the terminal's width (issue 27)
    assert "two white lights, the lower one to the right; a green light below them in the middle" in words
    assert "on her starboard bow" in words and "Rule 2(a)(iv)" in words and "assumed" in words


def test_cli_view_json(capsys):
    code, out, _ = run(capsys, "view", "-e", "1960", "--propulsion", "sail", "--length", "50 ft",
                       "--aspect", "0", "--distance", "1", "--eye-height", "3", "--visibility", "5", "--json")
    data = json.loads(out)
    assert code == 0 and [i["role"] for i in data["items"]] == [G, R]
    assert data["observer"]["eye_height_m"] == 3.0 and data["observer"]["visibility_nm"] == 5.0


@pytest.mark.parametrize("argv,field", [
    (["--aspect", "400"], "aspect"), (["--aspect", "-5"], "aspect"),
    (["--aspect", "10", "--distance", "0"], "distance"), (["--aspect", "10", "--distance", "-1"], "distance"),
    (["--aspect", "10", "--visibility", "0"], "visibility"), (["--aspect", "10", "--eye-height", "-1"], "eye-height"),
])
def test_cli_view_errors(capsys, argv, field):
    code, out, err = run(capsys, "view", "--length", "200 ft", *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"navlights: error: {field}:") and err.count("\n") == 1 and "allowed" in err


def test_cli_view_missing_aspect(capsys):
    code, _, err = run(capsys, "view", "--length", "200 ft")
    assert code == 2 and "--aspect" in err and err.count("\n") == 1


# --- other editions, where they load --------------------------------------------------------------


def _edition_or_skip(eid):
    try:
        return navlights.edition(eid)
    except NavlightsError as e:
        pytest.skip(f"{eid} not loadable: {e}")


def test_gl_1895_all_round_after_light():
    # gl-1895 Rule 3(e): a steamer over 150 ft carries an additional bright light all round the
    # horizon, 3 miles, at least 15 ft higher and more than 75 ft abaft the 3(a) light; Rule 3(a)-(c)
    # arcs as the international rules. No stern light: from astern she shows that light alone.
    ed = _edition_or_skip("gl-1895")
    d = navlights.display(P200, ed)
    aft = d.get("masthead-aft")
    if aft is None or not aft.all_round:
        pytest.skip("gl-1895 data in progress: no all-round after light")
    assert navlights.view(d, 180, 1.0).roles() == ("masthead-aft",)
    assert navlights.view(d, 180, 3.5).roles() == ()                  # beyond its 3 miles
    assert navlights.view(d, 0, 1.0).roles() == (G, M, MA, R)
    assert navlights.view(d, 90, 1.0).roles() == (MA, G, M)


def test_intl_1948_power_and_anchor():
    # intl-1948 Rule 2(a)(i), (ii), (iv), (v): the same arcs as 1960; Rule 11 anchor lights all round
    ed = _edition_or_skip("intl-1948")
    d = navlights.display(P200, ed)
    if {M, MA, G, R} - set(d.roles()):
        pytest.skip("intl-1948 data in progress")
    assert navlights.view(d, 0, 1.0).roles()[:1] == (G,) and navlights.view(d, 0, 1.0).roles()[-1] == R
    assert navlights.view(d, 45, 1.0).roles() == (MA, G, M)
    assert navlights.view(d, 300, 2.5).roles() == (M, MA)            # sidelights 2 mi, mastheads 5 mi
    a = navlights.display(ANCH200, ed)
    if not all(i.all_round for i in a.lights):
        pytest.skip("intl-1948 anchor data in progress")
    for aspect in (0, 90, 180, 270):
        assert len(navlights.view(a, aspect, 0.5).items) == len(a.lights)


def test_intl_1897_stern_light_only_on_approach():
    # intl-1897 Art. 10: a vessel being overtaken shows a white light or flare-up from her stern;
    # steamers carried no fixed stern light: from astern, by default, nothing is seen
    ed = _edition_or_skip("intl-1897")
    d = navlights.display({**P200, "tonnage": 1000}, ed)
    stern = [i for i in d.lights if i.canonical in ("sternlight", "flare-up")]
    if not stern or any(i.status != "on-approach" for i in stern):
        pytest.skip("intl-1897 data in progress")
    assert navlights.view(d, 180, 0.5).roles() == ()
    p = navlights.view(d, 180, 0.5, choose="all")
    assert p.items and all("on-approach" in i.flags for i in p.items)


# --- the docs cannot go stale ----------------------------------------------------------------------


DOCS = Path(__file__).parents[1] / "docs" / "view.md"


def test_docs_examples_run():
    import doctest
    result = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 4


def test_docs_cli_error_example(capsys):
    text = DOCS.read_text()
    line = next(ln for ln in text.splitlines() if ln.startswith("navlights: error: aspect:"))
    code, _, err = run(capsys, "view", "--length", "200 ft", "--aspect", "400")
    assert code == 2 and err.strip() == line


def test_import_stays_light():
    import subprocess
    import sys
    code = ("import sys, navlights; d = navlights.display({'propulsion': 'power', 'length': '200 ft'}); "
            "navlights.view; navlights.sectors; assert 'numpy' not in sys.modules, 'numpy imported'; "
            "navlights.view(d, 10, 1.0); assert 'numpy' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_one_arc_test_everywhere_even_on_the_eps_band():
    # an aspect exactly eps (1e-9°) from an arc end: view, sweep and pairs agree to the bit
    # (Sector.contains has its own 1e-9° tolerance: it is checked just outside that band)
    import numpy as np

    from navlights import geometry as g
    d = navlights.display(P200, E60)
    aspects = [1e-9, 2e-9, 360 - 1e-9, 112.5 - 1e-9, 112.5 + 1e-9, 112.5 + 2e-9, 247.5 - 1e-9, 247.5 + 1e-9]
    pl = navlights.view(d, 0).placement
    lights = [i for i, _ in select(d)]
    rows = [(i.arc_deg[0], float(g.arc_width(*i.arc_deg)), i.range_nm or math.nan,
             pl.get(i.role).x_m, pl.get(i.role).y_m, pl.get(i.role).z_m) for i in lights]
    table = g.LightTable.from_rows(rows)
    sw = g.sweep(table, aspects, 1.0)["seen"]
    pr = g.pairs(g.Fleet.stack([table]), np.zeros(len(aspects), dtype=int), aspects, np.ones(len(aspects)))["seen"]
    secs = navlights.sectors(d)
    for k, a in enumerate(aspects):
        want = set(navlights.view(d, a, 1.0).roles())
        assert {i.role for j, i in enumerate(lights) if sw[k, j]} == want
        assert {i.role for j, i in enumerate(lights) if pr[k, j]} == want
    for a in [1e-6, 360 - 1e-6, 112.5 - 1e-6, 112.5, 112.5 + 1e-6, 247.5, 247.5 + 1e-6]:
        assert set(next(s for s in secs if s.contains(a)).roles) == set(navlights.view(d, a).roles())


# --- words agree with the geometry (issue 12, section 3) --------------------------------------------
# Lights at one height side by side are a row, never "a vertical line"; lights level are never
# ranked lowest and highest. Each row: (edition, vessel, aspect, choose, phrases that must appear,
# phrases that must not).

SAIL30 = {"propulsion": "sail", "length": "30 ft"}
P75_97 = {"propulsion": "power", "length": "75 ft", "tonnage": 10}

GEOMETRY_WORDS = [
    # intl-1960 Rule 7(d): a sailing vessel under 40 ft may show a combined lantern in lieu of her
    # sidelights, green half to starboard, red to port, in one lantern: from right ahead its two
    # halves stand side by side at one height, green on the observer's left.
    (E60, SAIL30, 0, {"scheme": "small-sail"}, ["a green light; a red light close beside it"],
     ["vertical line"]),
    # intl-1897 Art. 2(b)/(c) sidelights and Art. 7 small-vessel sidelights are alternatives drawn at
    # one place under choose=all: level, side by side; the combined lantern's red half lower.
    (E97, P75_97, 0, "all", ["two green lights side by side, level", "three red lights: from left to right one, "
                                                                   "then two level, higher"],
     ["six lights in a vertical line", "two green lights in a vertical line", "the lowest, a middle one"]),
]


@pytest.mark.parametrize("edition,vessel,aspect,choose,present,absent", GEOMETRY_WORDS)
def test_words_agree_with_the_geometry(edition, vessel, aspect, choose, present, absent):
    words = navlights.view(navlights.display(vessel, edition), aspect, choose=choose).describe()
    for w in present:
        assert w in words, (w, words)
    for w in absent:
        assert w not in words, (w, words)


# --- restricted visibility: what the rules say of lights by day and shapes, in display and view (issue 25) ------
# COLREGs 1972 Rule 20 (33 CFR 83.20 alike): (b) lights from sunset to sunrise; (c) the lights also from sunrise
# to sunset in restricted visibility; (d) shapes by day. 1960 Rule 1(b): lights MAY be shown by day in restricted
# visibility; 1948 Rule 1(b) not found (a gap); 1897 Art. 1: lights sunset to sunrise, nothing said of thick
# weather by day; gl-1895: nothing held.
RV_VESSEL = {"propulsion": "power", "length": "200 ft", "tonnage": 500, "time": "restricted-visibility"}


@pytest.mark.parametrize("edition, cites, kinds", [
    ("intl-1972", ["Rule 20(c)", "Rule 20(d)"], ["info", "info"]),
    ("us-inland", ["Rule 20(c)", "Rule 20(d)"], ["info", "info"]),
    ("intl-1960", ["Rule 1(b)"], ["info"]),
    ("intl-1948", ["Rule 1(b)"], ["gap"]),
    ("intl-1897", ["Article 1"], ["info"]),
    ("gl-1895", [], []),
])
def test_restricted_visibility_notes_in_the_display(edition, cites, kinds):
    d = navlights.display(RV_VESSEL, edition)
    said = [n for n in d.notes if n.about_time]
    assert [n.citation.rule for n in said] == cites and [n.kind for n in said] == kinds
    night = navlights.display({**RV_VESSEL, "time": "night"}, edition)
    assert not any(n.about_time for n in night.notes)            # the provision is about restricted visibility


def test_restricted_visibility_is_said_first_in_the_lights_text(capsys):
    assert main(["lights", "-e", "intl-1972", "--length", "60m", "--not-under-command",
                 "--time", "restricted-visibility"]) == 0
    out = capsys.readouterr().out
    assert out.index("In restricted visibility:") < out.index("Rule 20(c)") < out.index("By night she shows")
    assert "Rule 20(d)" in out and out.count("Lights by day in restricted visibility") == 1   # not again in Notes


def test_restricted_visibility_in_the_view():
    p = api.view(navlights.display({**RV_VESSEL, "not_under_command": True}, "intl-1972"), 90)
    assert p.period == "night" and {"nuc-upper", "nuc-lower"} <= set(p.roles())            # her lights are drawn
    rv = [r for r in p.to_dict()["remarks"] if r.startswith("restricted visibility")]
    assert len(rv) == 1 and "Rule 20(c)" in rv[0] and "Rule 20(d)" in rv[0] and "her lights" in rv[0]
    day = api.view(navlights.display({**RV_VESSEL, "not_under_command": True}, "intl-1972"), 90, period="day")
    assert [i.canonical for i in day.items] == ["ball", "ball"]
    assert any("her shapes, as by day" in r for r in day.to_dict()["remarks"])
    night = api.view(navlights.display({**RV_VESSEL, "time": "night"}, "intl-1972"), 90)
    assert not any(r.startswith("restricted visibility") for r in night.to_dict()["remarks"])


def test_restricted_visibility_gap_is_said_as_a_gap_in_the_view():
    p = api.view(navlights.display(RV_VESSEL, "intl-1948"), 90)
    rv = [r for r in p.to_dict()["remarks"] if r.startswith("restricted visibility")]
    assert len(rv) == 1 and "Rule 1(b), not found" in rv[0]


def test_restricted_visibility_view_text_and_display_json(capsys):
    import jsonschema
    assert main(["view", "-e", "intl-1972", "--length", "60m", "--time", "restricted-visibility",
                 "--aspect", "90"]) == 0
    assert "(intl-1972, restricted visibility: her lights)" in capsys.readouterr().out.replace("\n", " ")
    schema = json.loads((Path(__file__).parents[1] / "docs" / "schema" / "display.schema.json").read_text())
    data = api.display_json(RV_VESSEL, "intl-1972")
    jsonschema.Draft202012Validator(schema).validate(data)
    assert [n["cite"] for n in data["notes"] if n.get("about_time")] == ["intl-1972 Rule 20(c)",
                                                                        "intl-1972 Rule 20(d)"]
