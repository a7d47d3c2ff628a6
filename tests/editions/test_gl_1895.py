"""gl-1895: US Great Lakes Rules, Act of Feb. 8, 1895, ch. 64, 28 Stat. 645.

Every expected value below is transcribed by hand from the rule text (28 Stat. 646: Rule 3(a) from its
height clause to the first words of Rule 8; Rule 3's opening from the 1926 Code), with the rule cited on
each case. None was produced by running the engine.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

import navlights
from navlights.cli import main
from navlights.errors import MissingFactError
from support import disp, items, lights, note_kinds, required, shapes

ED = "gl-1895"
DATA = Path(navlights.__file__).parent / "rulebase" / "data" / f"{ED}.toml"

SIDES = {"sidelight-starboard", "sidelight-port"}
STEAM = {"masthead"} | SIDES                                   # Rule 3(a)-(c)


def steam(length: str, **kw):
    """A steam vessel (Rule 1: under steam) under way."""
    return {"propulsion": "power", "length": length, **kw}


# --- what is shown: vessel -> the set of light roles -------------------------------------------------
LIGHT_CASES = [
    # Rule 3(a)-(c): steam vessel under way: bright white forward light and the two side lights
    pytest.param(steam("100 ft"), STEAM, id="steam-100ft"),
    # Rule 3(e): the all-round after light only 'over' 150 ft register length
    pytest.param(steam("149 ft"), STEAM, id="steam-149ft"),
    pytest.param(steam("150 ft"), STEAM, id="steam-150ft-not-over"),
    pytest.param(steam("151 ft"), STEAM | {"masthead-aft"}, id="steam-151ft"),
    pytest.param(steam("200 ft"), STEAM | {"masthead-aft"}, id="steam-200ft"),
    # Rule 3 sets no breadth-dependent light, only a height: a broad steamer shows the same lights
    pytest.param(steam("120 ft", breadth="30 ft"), STEAM, id="steam-broad"),
    # Rule 1: a steam vessel under steam and also under sail is a steam vessel
    pytest.param(steam("120 ft", sails_set=True), STEAM, id="steam-also-under-sail"),
    # Rule 4: a tow other than a raft: a second light in line with the 3(a) light, and a steering light
    pytest.param(steam("120 ft", towing={}), STEAM | {"towing-2", "steering-light"}, id="towing"),
    # Rule 4 has no tow-length or number-of-vessels clause
    pytest.param(steam("120 ft", towing={"tow_length": "900 ft", "vessels": 3}),
                 STEAM | {"towing-2", "steering-light"}, id="towing-long-tow"),
    # Rules 3(e) and 4: a towing steamer over 150 ft still carries the after light
    pytest.param(steam("200 ft", towing={}), STEAM | {"masthead-aft", "towing-2", "steering-light"},
                 id="towing-200ft"),
    # Rule 4 speaks of 'a tow': towing alongside is still having a tow
    pytest.param(steam("120 ft", towing={"alongside": True}), STEAM | {"towing-2", "steering-light"},
                 id="towing-alongside"),
    # Rule 5: a raft in tow: two all-round lights athwartships instead of the Rule 4 forward lights
    # (the 3(a) light and the second light), side lights kept, steering light aft
    pytest.param(steam("120 ft", towing={"raft": True}), SIDES | {"raft-port", "raft-starboard", "steering-light"},
                 id="towing-raft"),
    pytest.param(steam("200 ft", towing={"raft": True}),
                 SIDES | {"raft-port", "raft-starboard", "steering-light", "masthead-aft"}, id="towing-raft-200ft"),
    # Rule 6: sailing vessel under way: the side lights of Rule 3, nothing else
    pytest.param({"propulsion": "sail", "length": "80 ft"}, SIDES, id="sailing"),
    # Rule 1: a steam vessel under sail and not under steam is a sail vessel (Rule 6 lights)
    pytest.param({"propulsion": "sail", "machinery": True, "length": "200 ft"}, SIDES, id="steamer-under-sail-only"),
    # Rule 6: any vessel being towed: the side lights and a small bright light aft
    pytest.param({"propulsion": "none", "length": "150 ft", "being_towed": True}, SIDES | {"sternlight"},
                 id="towed"),
    pytest.param({"propulsion": "sail", "length": "80 ft", "being_towed": {"last_of_tow": False}},
                 SIDES | {"sternlight"}, id="towed-schooner-not-last"),
    # Rule 7: tugs under 30 tons register, mainly harbour towing: left to the Board, no lights of the statute
    pytest.param(steam("60 ft", service="harbour-tug", tonnage=25), set(), id="harbour-tug-25t"),
    pytest.param(steam("60 ft", service="harbour-tug", tonnage=29), set(), id="harbour-tug-29t"),
    # Rule 7: 30 tons is not 'under thirty tons': Rule 3, and Rule 4 when towing
    pytest.param(steam("60 ft", service="harbour-tug", tonnage=30), STEAM, id="harbour-tug-30t"),
    pytest.param(steam("60 ft", service="harbour-tug", tonnage=30, towing={}),
                 STEAM | {"towing-2", "steering-light"}, id="harbour-tug-30t-towing"),
    # Rule 7: a small tug that is not a harbour tug is an ordinary steam vessel
    pytest.param(steam("50 ft", tonnage=20), STEAM, id="small-steamer-no-service"),
    # Rule 7: St. Lawrence boats, ferry boats, rafts and canal boats: left to the Board
    pytest.param(steam("120 ft", service="st-lawrence-boat"), set(), id="st-lawrence-boat"),
    pytest.param(steam("120 ft", service="ferry"), set(), id="ferry"),
    pytest.param(steam("120 ft", service="ferry", status="anchored"), set(), id="ferry-at-anchor"),
    pytest.param({"propulsion": "none", "service": "canal-boat", "being_towed": True}, set(), id="canal-boat"),
    pytest.param({"propulsion": "none", "service": "raft", "being_towed": True}, set(), id="raft"),
    # Rules 8-12 not found: no anchor or aground lights are known (recorded gaps)
    pytest.param(steam("200 ft", status="anchored"), set(), id="anchored"),
    pytest.param(steam("200 ft", status="aground"), set(), id="aground"),
]


@pytest.mark.parametrize("vessel, expected", LIGHT_CASES)
def test_lights(vessel, expected):
    assert lights(ED, **vessel) == expected


@pytest.mark.parametrize("vessel, expected", [
    # Rules 3-6 as read give no optional lights or alternatives: everything shown is required
    pytest.param(steam("200 ft"), STEAM | {"masthead-aft"}, id="steam-200ft"),
    pytest.param(steam("120 ft", towing={"raft": True}), SIDES | {"raft-port", "raft-starboard", "steering-light"},
                 id="raft"),
    pytest.param({"propulsion": "none", "being_towed": True}, SIDES | {"sternlight"}, id="towed"),
])
def test_all_required(vessel, expected):
    assert required(ED, **vessel) == expected


@pytest.mark.parametrize("vessel", [
    # No day signal was found in the text read (Rules 3-8, 13, 14)
    pytest.param(steam("200 ft"), id="steam"),
    pytest.param({"propulsion": "sail", "machinery": True, "length": "200 ft"}, id="steamer-under-sail"),
])
def test_no_day_shapes(vessel):
    assert shapes(ED, **vessel) == set()


# --- the lights themselves: colour, arc, range, placement (ranges in nautical miles: 'miles' assumed nautical)
def _arc_width(arc):
    return (arc[1] - arc[0]) % 360 or 360


@pytest.mark.parametrize("vessel, role, colour, arc_from, arc_width, range_nm, rule", [
    # Rule 3(a): 20 points (225 deg), 10 each side from right ahead; 5 miles
    (steam("200 ft"), "masthead", "white", 247.5, 225.0, 5.0, "Rule 3(a)"),
    # Rule 3(b): green, right ahead to 2 points abaft the starboard beam (10 points); 2 miles
    (steam("200 ft"), "sidelight-starboard", "green", 0.0, 112.5, 2.0, "Rule 3(b)"),
    # Rule 3(c): red, right ahead to 2 points abaft the port beam (10 points); 2 miles
    (steam("200 ft"), "sidelight-port", "red", 247.5, 112.5, 2.0, "Rule 3(c)"),
    # Rule 3(e): all round the horizon; 3 miles
    (steam("200 ft"), "masthead-aft", "white", 0.0, 360.0, 3.0, "Rule 3(e)"),
    # Rule 4: the second light like the 3(a) light
    (steam("120 ft", towing={}), "towing-2", "white", 247.5, 225.0, 5.0, "Rule 4"),
    # Rule 4: steering light, not visible forward of the beam: no range stated (arc drawn, assumed)
    (steam("120 ft", towing={}), "steering-light", "white", 90.0, 180.0, None, "Rule 4"),
    # Rule 5: raft lights all round the horizon; 5 miles
    (steam("120 ft", towing={"raft": True}), "raft-port", "white", 0.0, 360.0, 5.0, "Rule 5"),
    (steam("120 ft", towing={"raft": True}), "raft-starboard", "white", 0.0, 360.0, 5.0, "Rule 5"),
    # Rule 6: side lights of Rule 3 on a sailing vessel
    ({"propulsion": "sail", "length": "80 ft"}, "sidelight-starboard", "green", 0.0, 112.5, 2.0, "Rule 6"),
    # Rule 6: small bright light aft of a vessel in tow, not visible forward of the beam; no range stated
    ({"propulsion": "none", "being_towed": True}, "sternlight", "white", 90.0, 180.0, None, "Rule 6"),
])
def test_light_characteristics(vessel, role, colour, arc_from, arc_width, range_nm, rule):
    it = items(ED, **vessel)[role]
    assert it.what == "light"
    assert it.colour == colour
    assert it.arc_deg[0] % 360 == arc_from
    assert _arc_width(it.arc_deg) == arc_width
    assert it.all_round == (arc_width == 360.0)
    assert it.range_nm == range_nm
    assert it.citation.rule == rule


@pytest.mark.parametrize("vessel, role, key, value", [
    # Rule 3(a): at least 20 ft above the hull, at least the beam if over 20 ft, need not exceed 40 ft
    (steam("200 ft"), "masthead", "height_above_hull_min", "20 ft"),
    (steam("200 ft"), "masthead", "height_breadth_rule", True),
    (steam("200 ft"), "masthead", "height_need_not_exceed", "40 ft"),
    # Rule 3(d): inboard screens projecting at least 3 ft forward
    (steam("200 ft"), "sidelight-starboard", "screen_forward_min", "3 ft"),
    (steam("200 ft"), "sidelight-port", "screen_forward_min", "3 ft"),
    # Rule 3(e): in line with the keel, at least 15 ft higher, more than 75 ft abaft the 3(a) light
    (steam("200 ft"), "masthead-aft", "keel_line", True),
    (steam("200 ft"), "masthead-aft", "higher_than", "masthead"),
    (steam("200 ft"), "masthead-aft", "higher_by_min", "15 ft"),
    (steam("200 ft"), "masthead-aft", "abaft", "masthead"),
    (steam("200 ft"), "masthead-aft", "abaft_min", "75 ft"),
    # Rule 4: second light in a vertical line, not less than 6 ft above or below the 3(a) light
    (steam("120 ft", towing={}), "towing-2", "vertical_sep_min", "6 ft"),
    # Rule 4: steering light abaft the funnel or after mast, not visible forward of the beam
    (steam("120 ft", towing={}), "steering-light", "not_visible_forward_of_beam", True),
    # Rule 5: horizontal line athwartships, not less than 8 ft apart; height as the 3(a) light
    (steam("120 ft", towing={"raft": True}), "raft-port", "athwartships_sep_min", "8 ft"),
    (steam("120 ft", towing={"raft": True}), "raft-starboard", "height_above_hull_min", "20 ft"),
    (steam("120 ft", towing={"raft": True}), "raft-starboard", "height_need_not_exceed", "40 ft"),
    # Rule 6: the towed vessel's light aft is not visible forward of the beam
    ({"propulsion": "none", "being_towed": True}, "sternlight", "not_visible_forward_of_beam", True),
])
def test_placement(vessel, role, key, value):
    assert items(ED, **vessel)[role].placement.to_dict()[key] == value


@pytest.mark.parametrize("vessel, role", [
    # Rule 4 and Rule 6: the text gives no arc for these lights, only 'not visible forward of the beam'
    (steam("120 ft", towing={}), "steering-light"),
    ({"propulsion": "none", "being_towed": True}, "sternlight"),
])
def test_arc_assumed_where_no_arc_written(vessel, role):
    assert items(ED, **vessel)[role].arc_assumed


# --- notes: referral, gaps, in lieu, info -----------------------------------------------------------
@pytest.mark.parametrize("vessel, kinds", [
    # Rule 7: the Board decides; the display shows that and nothing else
    pytest.param(steam("60 ft", service="harbour-tug", tonnage=25), ["referral"], id="harbour-tug"),
    pytest.param({"propulsion": "power", "service": "harbour-tug", "tonnage": 25}, ["referral"], id="harbour-tug-no-length"),
    pytest.param(steam("120 ft", service="ferry", status="anchored"), ["referral"], id="ferry-at-anchor"),
    pytest.param({"propulsion": "none", "service": "raft", "being_towed": True}, ["referral"], id="raft"),
    # Rules 8 (rest)-12 were not found: a vessel under way may lack a light they require
    pytest.param(steam("200 ft"), ["gap"], id="steam-gap"),
    # Rule 5 'instead of the forward lights mentioned in rule four': the 3(a) light is replaced
    pytest.param(steam("120 ft", towing={"raft": True}), ["gap", "in-lieu"], id="raft-in-lieu"),
])
def test_note_kinds(vessel, kinds):
    assert sorted(note_kinds(ED, **vessel)) == sorted(kinds)


@pytest.mark.parametrize("vessel, kind", [
    # Rules 9-12 not found: anchor, aground, not under command, pilot, fishing, restricted work
    pytest.param(steam("200 ft", status="anchored"), "gap", id="anchored"),
    pytest.param(steam("200 ft", status="aground"), "gap", id="aground"),
    pytest.param(steam("200 ft", not_under_command=True), "gap", id="nuc"),
    pytest.param(steam("60 ft", pilot_on_duty=True), "gap", id="pilot"),
    pytest.param(steam("60 ft", fishing="trawl"), "gap", id="fishing"),
    pytest.param(steam("200 ft", restricted="cable"), "gap", id="cable"),
    # Rule 13 (1926 Code form): lights of vessels of war may be suspended
    pytest.param(steam("200 ft", service="warship"), "info", id="warship"),
])
def test_notes_present(vessel, kind):
    d = disp(ED, **vessel)
    assert kind in [n.kind for n in d.notes]
    if kind == "gap":
        assert not d.complete


def test_referral_names_the_board():
    # Rule 7: 'rules ... prescribed by the Board of Supervising Inspectors of Steam Vessels'
    d = disp(ED, **steam("60 ft", service="harbour-tug", tonnage=25))
    assert d.items == ()
    (note,) = d.notes
    assert note.kind == "referral"
    assert "Board of Supervising Inspectors" in note.text
    assert note.citation.rule == "Rule 7"


@pytest.mark.parametrize("vessel, field", [
    # Rule 3(e) turns on register length: a steam vessel under way must give it
    pytest.param({"propulsion": "power"}, "length", id="steam-no-length"),
    # Rule 7 turns on tons register for a harbour tug
    pytest.param({"propulsion": "power", "length": "60 ft", "service": "harbour-tug"}, "tonnage", id="tug-no-tonnage"),
])
def test_missing_fact(vessel, field):
    with pytest.raises(MissingFactError) as e:
        navlights.display(vessel, ED)
    assert e.value.field == field


# --- the edition record -----------------------------------------------------------------------------
def test_edition_header():
    e = navlights.edition(ED)
    assert e.waters == ("great-lakes",)
    assert e.regime == "great-lakes"
    assert "28 Stat. 645" in e.enacted
    assert e.in_force_from == dt.date(1895, 2, 8)          # approved Feb. 8, 1895 (cited by the 1928 act)
    assert e.in_force_to == dt.date(1928, 5, 17)           # Rule 7 rewritten, effective on approval
    assert e.in_force_citation.provenance == "inferred"
    assert e.mile == "nautical" and "assumed" in e.mile_note.lower()
    assert "register" in e.tonnage_basis


def test_in_force_dates_rest_on_what_was_read():
    # Start: the date of approval, Feb. 8, 1895 (the 1928 act, 45 Stat. 593, names the act 'approved February 8,
    # 1895'); the act's own commencement words were not read, so the start is said to be the approval date.
    # End: ch. 601 of May 17, 1928 (45 Stat. 593, read) rewrote Rule 7 and took effect on approval. Ch. 600 of the
    # same day, whose first page was not read, is not a ground for the date.
    c = navlights.edition(ED).in_force_citation
    assert c.rule == "Act of Feb. 8, 1895, ch. 64; Act of May 17, 1928, ch. 601"
    assert "STAT45-593" in c.sources and "G5" not in c.sources
    assert "approval" in c.argument and "Feb. 8, 1895" in c.argument and "ch. 601" in c.argument
    if "ch. 600" in c.argument:
        assert "not read" in c.argument


def test_scope_clause_recorded_as_secondary():
    # Preliminary (28 Stat. 645, not read; quoted in a later compilation): all US vessels, public and private, on
    # the Great Lakes and their connecting and tributary waters as far east as Montreal
    e = navlights.edition(ED)
    d = {d.term: d for d in e.definitions}["application"]
    assert "Montreal" in d.summary and d.maps_to == "waters = great-lakes"
    assert d.citation.provenance == "secondary" and d.citation.sources == ("G1",)
    assert e.sources["G1"].kind == "other"


def test_steam_vessel_definition_maps_to_power():
    defs = {d.term: d for d in navlights.edition(ED).definitions}
    assert defs["steam vessel"].maps_to == "propulsion = power"
    assert defs["sail vessel and steam vessel"].citation.rule == "Rule 1"


def test_coverage_lists_the_gaps():
    cov = navlights.edition(ED).coverage()
    assert cov["entries"] == sum(cov[p] for p in ("primary", "secondary", "inferred", "gap"))
    titles = " ".join(cov["gaps"])
    for subject in ("anchor", "aground", "not under command", "Pilot", "fishing", "Rule 12"):
        assert subject in titles


def test_referral_provision_is_primary_with_authority():
    (p,) = [p for p in navlights.edition(ED).provisions if p.effect == "referral"]
    assert p.citation.rule == "Rule 7" and p.citation.provenance == "primary"
    assert p.authority == "the Board of Supervising Inspectors of Steam Vessels"




# --- the command line (acceptance checks of issue 4) ------------------------------------------------
def _run(capsys, *args):
    rc = main(["lights", "--edition", ED, *args])
    out = capsys.readouterr().out
    return rc, " ".join(out.split())


def test_cli_200ft_steamer_shows_all_round_after_light(capsys):
    rc, out = _run(capsys, "--length", "200 ft")
    assert rc == 0
    assert "masthead-aft" in out and "all round" in out and "Rule 3(e)" in out


def test_cli_small_harbour_tug_is_referred(capsys):
    rc, out = _run(capsys, "--service", "harbour-tug", "--tonnage", "25")
    assert rc == 0
    words = " ".join(out.split())     # the text is wrapped to the terminal's width (issue 27)
    # Rule 7: the statute leaves these classes' lights to the Board: said first, and no table of lights follows
    assert "leaves her lights to another authority" in words and "Board of Supervising Inspectors" in words
    assert "\nLights\n" not in out and "masthead" not in words


def test_cli_small_harbour_tug_json(capsys):
    rc = main(["lights", "--edition", ED, "--service", "harbour-tug", "--tonnage", "25", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert data["lights"] == [] and data["shapes"] == []
    assert [n["kind"] for n in data["notes"]] == ["referral"]
