"""Identify: from the lights (or shapes) seen to every vessel, edition and aspect that fits.

Expected readings are written by hand from the rule texts (each cited) and from the view's
conventions (docs/view.md: aspect = the observer's bearing from her, clockwise from her bow; at
aspect 90 you are on her starboard beam and her head points to your RIGHT; arcs closed), never
by running the engine and pasting. Where a reading depends on where a light stands on deck
(left-to-right order of lights on different masts), the typical placement of docs/view.md is
assumed: sidelights abreast of the foremast light and below it, the after masthead light higher
and abaft, anchor light aft lower than forward, vertical lines one above another.

Texts: intl-1960 (77 Stat. 194, 1960 Rules), intl-1948 (Pub. L. 172, 1948 Rules), intl-1897
(26 Stat. 320 as amended, the International Rules in force 1897), gl-1895 (Great Lakes Rules,
Act of Feb. 8, 1895).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import navlights
from navlights import api
from navlights.cli import main
from navlights.engines import identify as eng
from navlights.engines.identify import AspectRange, heading_words, union
from navlights.errors import NavlightsError, NotationError

DOCS = Path(__file__).parents[1] / "docs"
E60, E48, E97, E95 = "intl-1960", "intl-1948", "intl-1897", "gl-1895"


def ident(picture, edition=None, near=False, **kw):
    return api.identify(picture, edition, near=near, **kw)


def has(result, edition, situation, *, aspect=None, vessel=None, match="exact", heading=(), typical=None):
    """Some reading of that edition and situation (or one read the same), matching so, holding for
    the vessel (its length, tonnage, tow length) and seen at the aspect. (Issue 22: the answer is one line per
    meaning, each holding its readings as variants; every reading is still there, in ``readings()``.)"""
    for h in result.readings():
        if h.edition != edition or h.match != match:
            continue
        if situation != h.situation and situation not in h.also:
            continue
        if vessel is not None and not h.reading.covers(vessel):
            continue
        if aspect is not None and not h.contains(aspect):
            continue
        if typical is not None and (not h.variant) != typical:
            continue
        if any(w not in h.heading for w in heading):
            continue
        return h
    return None


# --- the issue's own example ---------------------------------------------------------------------


def test_three_whites_in_a_line_and_a_red_on_the_right_1960():
    # Rule 3(a): a power-driven vessel towing shows two white lights in a vertical line, three when
    # the tow exceeds 600 ft; Rule 2(a)(v): her red sidelight on the port side. Under 150 ft she
    # need not carry the after masthead light (Rule 2(a)(ii)), so three whites and a red is all.
    # Red below and to the right of the line: you are on her port bow, her head to your left.
    r = ident("W/W/W R", E60)
    h = has(r, E60, "power-driven vessel towing", vessel={"length": "100 ft", "towing": {"tow_length": "700 ft"}},
            aspect=315, heading=("port side", "your left"), typical=True)
    assert h is not None
    assert "Rule 3(a)" in " ".join(h.rules) and any("Rule 2(a)(v)" in c for c in h.citations)
    # not a tow of 600 ft or less from her port bow: two white lights then (Rule 3(a)), and the after
    # masthead light (Rule 2(a)(ii)), higher and abaft, stands apart. (Nearly dead ahead it comes into
    # line with the two: that reading is returned too, for a narrow band of aspect.)
    tow500 = {"length": "100 ft", "towing": {"tow_length": "500 ft"}}
    assert not has(r, E60, "power-driven vessel towing", vessel=tow500, aspect=315)
    near_ahead = has(r, E60, "power-driven vessel towing", vessel={"length": "200 ft",
                                                                   "towing": {"tow_length": "500 ft"}})
    assert near_ahead and all(a.start_deg > 350 for a in near_ahead.aspects)
    # the picture is a port-side one only: nothing on her starboard side shows red
    assert not any(h.contains(45) for h in r)


def test_three_whites_and_a_red_1897_needs_more_than_one_vessel_in_tow():
    # Art. 3 (1897): two white lights in a vertical line; a third when towing more than one vessel
    # and the tow exceeds 600 ft.
    r = ident("W/W/W > R", E97)
    assert has(r, E97, "power-driven vessel towing two vessels",
               vessel={"length": "100 ft", "tonnage": 500, "towing": {"tow_length": "700 ft"}}, aspect=315)
    # one vessel in tow: two lights; from her port bow the optional after light (Art. 2(e)) stands apart
    assert not has(r, E97, "power-driven vessel towing", vessel={"length": "100 ft", "tonnage": 500,
                                                              "towing": {"tow_length": "700 ft"}}, aspect=315)


def test_two_whites_in_a_line_green_lower_left_1960():
    # Rule 3(a), tow of 600 ft or less: two white lights in a vertical line; Rule 2(a)(iv) green to
    # starboard. From her starboard bow the green (on her near side) is left of and below the line.
    r = ident("G < W/W", E60)
    assert has(r, E60, "power-driven vessel towing", vessel={"length": "100 ft", "towing": {"tow_length": "400 ft"}},
               aspect=30, heading=("starboard side", "your right"))
    assert not has(r, E60, "power-driven vessel towing", vessel={"length": "100 ft",
                                                                 "towing": {"tow_length": "700 ft"}})


# --- a single light has many readings; all are returned ----------------------------------------


def test_a_single_white_light_has_many_readings():
    r = ident("W")
    # intl-1960 Rule 11(a): a vessel under 150 ft at anchor, one white light all round
    assert has(r, E60, "vessel at anchor", vessel={"length": "100 ft"}, aspect=0)
    assert has(r, E60, "vessel at anchor", vessel={"length": "100 ft"}, aspect=200)
    # intl-1960 Rule 10 (stern light) from astern: a power-driven vessel (Rule 2(a)), a sailing
    # vessel (Rule 5(a)), the last vessel of a tow (Rule 5(a))
    assert has(r, E60, "power-driven vessel under way", vessel={"length": "200 ft"}, aspect=180,
               heading=("stern", "away"))
    assert has(r, E60, "sailing vessel under way", vessel={"length": "50 ft"}, aspect=180)
    assert has(r, E60, "vessel being towed, last of the tow", vessel={"length": "50 ft"}, aspect=180)
    # intl-1960 Rule 7(f): a rowing boat's white torch or lantern, shown in time to prevent collision
    assert has(r, E60, "vessel under oars", vessel={"length": "15 ft"}, aspect=90, typical=False)
    # intl-1948 Rule 11(a) and intl-1897 Art. 11: one white light at anchor under 150 ft
    assert has(r, E48, "vessel at anchor", vessel={"length": "100 ft"}, aspect=0)
    assert has(r, E97, "vessel at anchor", vessel={"length": "100 ft", "tonnage": 200}, aspect=0)
    # gl-1895 Rule 3(e): the after light of a steamer over 150 ft, all round and higher, alone from astern
    assert has(r, E95, "power-driven vessel under way", vessel={"length": "200 ft"}, aspect=180)
    assert len({h.edition for h in r}) == len(navlights.edition_ids()) and r.exact == len(r.hypotheses) >= 20


def test_a_single_green_light_is_a_sailing_vessel_or_a_tow_from_her_starboard_side():
    # Rule 5(a) (1960): a sailing vessel under way and a vessel being towed show the sidelights of
    # Rule 2 and no white masthead light; from her starboard beam only the green is seen.
    r = ident("G", E60)
    for situation in ("sailing vessel under way", "vessel being towed, last of the tow"):
        h = has(r, E60, situation, vessel={"length": "50 ft"}, aspect=90)
        assert h and h.heading.startswith("showing her starboard side, her head to your right")
    assert not any(h.contains(270) for h in r)                 # never from her port side


def test_a_single_red_light_is_seen_from_her_port_side():
    # Rule 5(a), 2(a)(v) (1960): the red sidelight shows on the port side; her head is to your left.
    h = has(ident("R", E60), E60, "sailing vessel under way", vessel={"length": "50 ft"}, aspect=270)
    assert h and "port side" in h.heading and "your left" in h.heading


def test_green_and_red_level_dead_ahead():
    # Rule 5(a), 2(a)(iv), (v): both sidelights seen together only dead ahead (their arcs meet at
    # right ahead); her green is on your left, her red on your right: she heads straight for you.
    r = ident("G = R", E60)
    h = has(r, E60, "sailing vessel under way", vessel={"length": "50 ft"}, aspect=0)
    assert h and "straight for you" in h.heading
    assert not any(h.contains(90) or h.contains(180) for h in r)


def test_red_left_of_green_is_no_vessel_heading_for_you():
    # The red sidelight is on the port side: when both are seen (from ahead) the red is on your
    # right. Red on the left and green on the right is no picture of any rule; only near readings.
    r = ident("R = G", near=True)
    assert r.exact == 0 and r.total > 0
    assert all(h.match != "exact" for h in r)


def test_green_over_red_is_no_rule():
    # The sailing vessel's optional top lights are red OVER green (1960 Rule 5(b)); no edition here
    # prescribes green over red.
    r = ident("G/R", near=True)
    assert r.exact == 0
    assert all(h.near for h in r)


def test_red_over_green_at_the_masthead_with_both_sidelights_dead_ahead():
    # 1960 Rule 5(b): a sailing vessel MAY carry, on top of the foremast, two lights in a vertical
    # line, red over green (optional: a variant); with her sidelights (Rule 5(a)) from dead ahead.
    r = ident("G < R/G > R", E60)
    h = has(r, E60, "sailing vessel under way", vessel={"length": "50 ft"}, aspect=0, typical=False)
    assert h and any("top-red" in w for w in h.variant)
    assert "Rule 5(b)" in " ".join(h.citations)


# --- vertical lines of red, and red-white-red -----------------------------------------------------


def test_two_reds_in_a_line_not_under_command_not_making_way():
    # 1960 Rule 4(a): two red lights in a vertical line, visible all round; not making way she
    # shows no sidelights; from ahead nothing else (the stern light shows only astern, Rule 10).
    r = ident("R/R", E60)
    for a in (0, 90, 270):
        assert has(r, E60, "vessel not under command, not making way", vessel={"length": "200 ft"}, aspect=a)
    # 1948 Rule 4(a) and 1897 Art. 4(a) say the same
    assert has(ident("R/R", E48), E48, "vessel not under command, not making way", vessel={"length": "200 ft"},
               aspect=0)
    assert has(ident("R/R", E97), E97, "vessel not under command, not making way",
               vessel={"length": "200 ft", "tonnage": 500}, aspect=0)


def test_two_reds_in_a_line_between_the_sidelights_making_way():
    # 1960 Rule 4(a): when making way, the sidelights too; dead ahead green left, red right.
    r = ident("G R/R R", E60)
    assert has(r, E60, "vessel not under command, making way", vessel={"length": "200 ft"}, aspect=0)


def test_red_white_red_vertical_restricted_by_her_work():
    # 1960 Rule 4(c): a vessel laying or picking up a cable, surveying, or in underwater work: three
    # lights in a vertical line, the highest and lowest red, the middle white; not making way, no
    # sidelights. 1948 Rule 4(c) and 1897 Art. 4(b) (cable ship) alike.
    r = ident("R/W/R")
    assert has(r, E60, "vessel engaged in cable work, not making way", vessel={"length": "200 ft"}, aspect=45)
    assert has(r, E60, "vessel engaged in survey work, not making way", vessel={"length": "200 ft"}, aspect=45)
    assert has(r, E48, "vessel engaged in cable work, not making way", vessel={"length": "200 ft"}, aspect=45)
    assert has(r, E97, "vessel engaged in cable work, not making way", vessel={"length": "200 ft", "tonnage": 500},
               aspect=45)


# --- two white lights: the lower one to the right or to the left ---------------------------------


def test_two_whites_the_lower_on_the_right_anchor_port_side():
    # 1960 Rule 11(b): at anchor, 150 ft or more: a white light forward and one at or near the stern
    # not less than 15 ft lower. The higher (forward) light on your left: her head is to your left,
    # you see her port side.
    r = ident("W > W", E60)
    h = has(r, E60, "vessel at anchor", vessel={"length": "200 ft"}, aspect=270)
    assert h and "port side" in h.heading and "your left" in h.heading
    assert not has(r, E60, "vessel at anchor", vessel={"length": "100 ft"})   # under 150 ft: one light (11(a))
    assert not has(r, E60, "vessel at anchor", vessel={"length": "200 ft"}, aspect=90)


def test_two_whites_the_lower_on_the_left_anchor_starboard_side():
    h = has(ident("W < W", E60), E60, "vessel at anchor", vessel={"length": "200 ft"}, aspect=90)   # Rule 11(b)
    assert h and "starboard side" in h.heading and "your right" in h.heading


def test_two_whites_heights_not_said_both_sides_returned():
    # Heights not typed: both readings of Rule 11(b) come back, one per side.
    r = ident("W W", E60)
    assert has(r, E60, "vessel at anchor", vessel={"length": "200 ft"}, aspect=90)
    assert has(r, E60, "vessel at anchor", vessel={"length": "200 ft"}, aspect=270)


def test_two_whites_at_anchor_1897():
    # Art. 11 (1897): 150 ft or upwards, two white lights, the after one at least 15 ft lower.
    r = ident("W > W", E97)
    assert has(r, E97, "vessel at anchor", vessel={"length": "200 ft", "tonnage": 500}, aspect=270)


def test_dead_ahead_of_a_steamer_of_150_ft_or_more():
    # 1960 Rule 2(a)(i), (ii): two masthead lights, the after one higher, in line from dead ahead;
    # (iv), (v) both sidelights below them, green on your left, red on your right.
    r = ident("G < W/W > R", E60)
    h = has(r, E60, "power-driven vessel under way", vessel={"length": "200 ft"}, aspect=0)
    assert h and "straight for you" in h.heading
    # gl-1895 Rule 3(a)-(e): a steamer over 150 ft carries an after light 15 ft higher: the same picture
    assert has(ident("G < W/W > R", E95), E95, "power-driven vessel under way", vessel={"length": "200 ft"},
               aspect=0)


def test_masthead_light_with_green_below_left_starboard_bow_1960():
    # 1960 Rule 2(a)(i), (iv): one masthead light (under 150 ft the after one is not required) and
    # the green below it abreast; from her starboard bow the green stands left of and below it.
    r = ident("G < W", E60)
    h = has(r, E60, "power-driven vessel under way", vessel={"length": "100 ft"}, aspect=30, typical=True)
    assert h and h.heading.startswith("showing her starboard side, her head to your right")


def test_range_lights_and_green_the_lower_white_to_the_right():
    # 1960 Rule 2(a)(ii): the after masthead light higher; from her starboard bow the forward (lower)
    # one is to your right, the after (higher) one to your left, the green between and below.
    r = ident("W > G < W", E60)
    assert has(r, E60, "power-driven vessel under way", vessel={"length": "200 ft"}, aspect=45)


# --- day shapes --------------------------------------------------------------------------------


def test_one_black_ball_at_anchor_by_day():
    # 1960 Rule 11(c), 1948 Rule 11(c): by day a vessel at anchor shows one black ball forward.
    r = ident("O")
    assert has(r, E60, "vessel at anchor", vessel={"length": "100 ft"}, aspect=123)
    assert has(r, E48, "vessel at anchor", vessel={"length": "100 ft"}, aspect=123)
    # 1897 Art. 14: a steam vessel under sail only, funnel up, shows a black ball by day
    assert has(r, E97, "steam vessel under sail only", vessel={"length": "100 ft", "tonnage": 500})


def test_two_black_balls_not_under_command_by_day():
    # 1960 Rule 4(a), 1948 Rule 4(a), 1897 Art. 4(a): by day two black balls in a vertical line.
    r = ident("ball/ball")
    assert has(r, E60, "vessel not under command, making way", vessel={"length": "200 ft"})
    assert has(r, E48, "vessel not under command, making way", vessel={"length": "200 ft"})
    assert has(r, E97, "vessel not under command, making way", vessel={"length": "200 ft", "tonnage": 500})


def test_three_black_balls_aground_by_day():
    # 1960 Rule 11(e), 1948 Rule 11(e): aground, by day three black balls in a vertical line.
    r = ident("O/O/O")
    assert has(r, E60, "vessel aground", vessel={"length": "200 ft"})
    assert has(r, E48, "vessel aground", vessel={"length": "200 ft"})


def test_red_ball_white_diamond_red_ball_by_day():
    # 1960 and 1948 Rule 4(c), 1897 Art. 4(b): red globular shapes above and below a white diamond.
    r = ident("red-ball/white-diamond/red-ball")
    for ed in (E60, E48):
        assert has(r, ed, "vessel engaged in cable work", vessel={"length": "200 ft"})
    assert has(r, E97, "vessel engaged in cable work", vessel={"length": "200 ft", "tonnage": 500})


def test_black_diamond_a_long_tow_by_day():
    # 1960 Rule 5(d): a vessel towed, the tow exceeding 600 ft, shows a black diamond by day.
    r = ident("D", E60)
    assert has(r, E60, "vessel being towed, last of the tow", vessel={"length": "100 ft",
                                                                      "being_towed": {"tow_length": "700 ft"}})
    assert not has(r, E60, "vessel being towed, last of the tow", vessel={"length": "100 ft",
                                                                          "being_towed": {"tow_length": "500 ft"}})


# --- more readings, one row each: (edition, picture, situation, vessel, aspect, cite) ---------------

TABLE = [
    # gl-1895 Rule 4: a steamer towing carries two white lights in a vertical line besides her side
    # lights (the steering light aft is not seen forward of the beam); red on the port side, Rule 3(c)
    (E95, "W/W > R", "power-driven vessel towing", {"length": "100 ft"}, 315, "Rule 4"),
    # gl-1895 (sailing vessels: the side lights only): both seen only dead ahead
    (E95, "G = R", "sailing vessel under way", {"length": "50 ft"}, 0, "sidelights"),
    # intl-1897 Art. 5: a sailing vessel under way carries the side lights only
    (E97, "G = R", "sailing vessel under way", {"length": "50 ft", "tonnage": 100}, 0, "Art. 5"),
    (E97, "G", "sailing vessel under way", {"length": "50 ft", "tonnage": 100}, 90, "Art. 5, 2(b)"),
    # intl-1948 Rule 11(a): 150 ft or more at anchor, two white lights, the after one lower
    (E48, "W > W", "vessel at anchor", {"length": "200 ft"}, 270, "Rule 11(a)"),
    (E48, "W < W", "vessel at anchor", {"length": "200 ft"}, 90, "Rule 11(a)"),
    # intl-1948 Rule 4(a): two black balls by day, not under command
    (E48, "O/O", "vessel not under command, making way", {"length": "200 ft"}, 10, "Rule 4(a)"),
    # intl-1960 Rule 4(a) and Rule 10: not under command, from her starboard quarter the stern light
    # (at the stern, low) left of the two reds (amidships, high)
    (E60, "W < R/R", "vessel not under command, not making way", {"length": "200 ft"}, 150, "Rule 4(a), 10"),
    # intl-1960 Rule 3(a): tow of 600 ft or less, from the port bow, two whites and the red
    (E60, "W/W > R", "power-driven vessel towing", {"length": "100 ft", "towing": {"tow_length": "400 ft"}}, 315,
     "Rule 3(a)"),
    # intl-1960 Rule 4(a), by day: two black balls, whatever her heading
    (E60, "O/O", "vessel not under command, making way", {"length": "200 ft"}, 200, "Rule 4(a)"),
]


@pytest.mark.parametrize("edition,picture,situation,vessel,aspect,cite", TABLE)
def test_table(edition, picture, situation, vessel, aspect, cite):
    assert has(ident(picture, edition), edition, situation, vessel=vessel, aspect=aspect), cite


# --- near matches, each marked ------------------------------------------------------------------


def test_yellow_may_be_white():
    # No rule of these editions shows a yellow light; a yellow seen may be the white anchor light
    # (1960 Rule 11(a)): a near match, marked as colour doubt.
    r = ident("Y", E60, near=True)
    assert r.exact == 0
    h = has(r, E60, "vessel at anchor", vessel={"length": "100 ft"}, match="colour-doubt")
    assert h and h.near and "white" in h.remark


def test_three_whites_alone_a_sidelight_missed():
    # Rule 3(a) (1960): a towing vessel's three white lights always show with a sidelight (the same
    # arcs as the masthead light, Rule 2(a)(i), (iv), (v)); alone they are not an exact match.
    # Issue 22 changed the kind deliberately: three whites in a line are her signal as an examiner shows it,
    # her sidelight (an ordinary light standing apart) not typed: a `signal` match, which ranks with the exact.
    r = ident("W/W/W", E60, near=True)
    assert r.exact == 0
    h = has(r, E60, "power-driven vessel towing", vessel={"length": "100 ft", "towing": {"tow_length": "700 ft"}},
            match="signal")
    assert h and "ordinary lights" in h.remark and h.picture != "W/W/W"
    assert r.hypotheses[0].situation == "power-driven vessel towing"


def test_a_light_that_is_not_hers():
    # A blue light is in no rule of 1960; two reds in a line are Rule 4(a): near match, extra light.
    r = ident("R/R B", E60, near=True)
    assert r.exact == 0
    h = has(r, E60, "vessel not under command, not making way", vessel={"length": "200 ft"}, match="extra-light")
    assert h and "blue light" in h.remark


def test_the_same_lights_arranged_otherwise():
    # Red on the left, green on the right, masthead lights between: the lights of Rule 2(a) for
    # 150 ft and more, but a vessel heading for you shows her green on your left: arrangement doubt.
    r = ident("R < W/W > G", E60, near=True)
    assert r.exact == 0
    assert has(r, E60, "power-driven vessel under way", vessel={"length": "200 ft"}, match="arrangement")


def test_exact_matches_come_first_and_scores_are_between_0_and_1():
    # Issue 22 changed the order deliberately: the rules in force today answer first, history after; within
    # each, the exact (and signal) lines before the near ones; near ones by score, no longer by kind.
    r = ident("W/W/W R", near=True)
    keys = [(h.history, h.match not in eng.FIRST_TIER) for h in r]
    assert keys == sorted(keys)
    assert r.hypotheses[0].match == "exact"
    assert all(0 < h.score <= 1 for h in r.readings())
    for k in set(keys):
        scores = [h.score for h, key in zip(r, keys) if key == k]
        assert scores == sorted(scores, reverse=True)


# --- the answer is readable ---------------------------------------------------------------------


def test_adjacent_lengths_are_merged():
    # 1960 Rule 11(a)/(b) cut at 150 ft only: one reading for 'under 150 ft', one per side for
    # '150 ft or more', not one per representative length.
    r = ident("W", E60)
    anchor = [h for h in r.readings() if h.situation == "vessel at anchor" and not h.variant]
    assert [h.conditions for h in anchor] == [("length under 150 ft",)]
    two = [h for h in ident("W W", E60).readings() if h.situation == "vessel at anchor"]
    assert sorted(h.conditions for h in two) == [("length 150 ft or more",)] * 2


def test_situations_that_read_the_same_are_listed_together():
    # 1960 Rule 11 draws no line between vessels at anchor by their propulsion
    h = has(ident("W", E60), E60, "vessel at anchor", vessel={"length": "100 ft"})
    assert "sailing vessel at anchor" in h.also


def test_hypothesis_fields():
    h = ident("W/W/W R", E60).hypotheses[0]
    d = h.to_dict()
    for key in ("edition", "situation", "class", "vessel", "conditions", "limits", "sector", "aspects", "aspect_deg",
                "heading", "picture", "lights", "rules", "citations", "match", "score", "variant"):
        assert key in d
    # the example vessel reproduces the reading through the view
    p = api.view(api.display(d["vessel"], d["edition"]), d["aspect_deg"], choose=d["choose"])
    assert eng.as_pattern(p).key() == h.pattern_key


def test_limit_and_totals():
    r = ident("W", near=True, limit=5)
    assert len(r.hypotheses) == 5 and r.total > 5
    assert len(ident("W", near=True, limit=0).hypotheses) == r.total
    with pytest.raises(NavlightsError):
        eng.identify("W", [navlights.edition(E60)], limit=-1)


def test_edition_names_and_lists():
    assert {h.edition for h in ident("W", "1960")} == {E60}
    assert {h.edition for h in ident("W", ["1948", "1960"])} == {E48, E60}
    with pytest.raises(navlights.UnknownEditionError):
        ident("W", "1984")


def test_a_picture_from_the_view_and_its_json():
    d = api.display({"propulsion": "power", "length": "100 ft", "towing": {"tow_length": "700 ft"}}, E60)
    p = api.view(d, 315, 1.0)
    for q in (p, p.to_dict(), {"lights": [{"colour": i.colour, "offset_m": i.offset_m, "height_m": i.height_m}
                                          for i in p.items]}):
        assert has(ident(q, E60), E60, "power-driven vessel towing",
                   vessel={"length": "100 ft", "towing": {"tow_length": "700 ft"}}, aspect=315)


def test_bad_notation_is_one_line():
    with pytest.raises(NotationError) as e:
        ident("W/W/W Q")
    assert "unknown light or shape 'Q' at position 7" in str(e.value)


# --- heading: at aspect 90 her head is to your right -------------------------------------------


@pytest.mark.parametrize("ranges,words", [
    ([AspectRange(90, 90, True, True)], "her head is to your right"),
    ([AspectRange(270, 270, True, True)], "her head is to your left"),
    ([AspectRange(0, 0, True, True)], "she heads straight for you"),
    ([AspectRange(0, 112.5, False, False)], "showing her starboard side, her head to your right"),
    ([AspectRange(10, 80, False, False)], "crossing toward you"),
    ([AspectRange(100, 170, False, False)], "going away"),
    ([AspectRange(247.5, 360, False, False)], "showing her port side, her head to your left"),
    ([AspectRange(112.5, 247.5, False, False)], "showing her stern"),
    ([AspectRange(247.5, 112.5, False, False)], "showing her bow"),
    ([AspectRange(0, 360, True, False)], "any heading"),
])
def test_heading_words(ranges, words):
    assert words in heading_words(ranges)


def test_union_of_aspect_ranges():
    a = union([AspectRange(10, 20, False, False), AspectRange(20, 30, True, False)])
    assert [r.label() for r in a] == ["(10°, 30°)"]
    b = union([AspectRange(300, 360, False, False), AspectRange(0, 30, True, False)])
    assert [r.label() for r in b] == ["(300°, 30°)"]
    c = union([AspectRange(0, 360, True, False), AspectRange(5, 5, True, True)])
    assert [r.label() for r in c] == ["[0°, 360°)"]


# --- rebuilding after a change to the rule data -------------------------------------------------


def test_changed_rule_data_rebuilds_the_index(tmp_path, monkeypatch):
    from navlights.rulebase import loader
    src = (loader.DATA / "intl-1960.toml").read_text()
    # a copy where the anchor light is red: the index built from it must say so
    marker = '[light.anchor-white]'
    assert marker in src
    head, tail = src.split(marker, 1)
    tail = tail.replace('colour = "white"', 'colour = "red"', 1)
    path = tmp_path / "intl-1960.toml"
    path.write_text(head + marker + tail)
    monkeypatch.setenv(eng.CACHE_ENV, str(tmp_path / "cache"))
    changed = loader.load_file(path)
    assert eng.index_key(changed) != eng.index_key(navlights.edition(E60))
    r = eng.identify("R", [changed], near=False)
    assert any(h.situation == "vessel at anchor" for h in r)
    assert not any(h.situation == "vessel at anchor" for h in eng.identify("R", [navlights.edition(E60)], near=False))
    # written to disk under the new key, and read back from there
    files = {f.name for f in (tmp_path / "cache").glob("identify-intl-1960-*.pickle")}
    assert f"identify-intl-1960-{eng.index_key(changed)}.pickle" in files
    reloaded = loader.load_file(path)                  # a new object with the same data: read from disk
    again = eng.index(reloaded)
    assert again.key == eng.index_key(changed) and again is not eng.index(changed)
    assert any(h.situation == "vessel at anchor" for h in eng.identify("R", [reloaded], near=False))


def test_index_memo_follows_the_edition_object():
    ed = navlights.edition(E60)
    assert eng.index(ed) is eng.index(ed)


def test_code_hash_covers_every_module_of_the_identify_package():
    # an index built by other code is never read back: the key hashes the package's own modules too
    names = {str(p.relative_to(eng.cache.ROOT)) for p in eng.code_files()}
    package = Path(eng.__file__).parent
    assert {f"engines/identify/{p.name}" for p in package.glob("*.py")} <= names
    assert {"notation.py", "engines/display.py", "engines/sectors.py", "classes.py", "placement.py"} <= names
    assert not any(n.startswith(("web/", "render/")) for n in names)


# --- CLI ----------------------------------------------------------------------------------------


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(eng.CACHE_ENV, str(tmp_path))
    return tmp_path


def test_cli_text(capsys, cache):
    code, out, err = run(capsys, "identify", "W/W/W R", "--edition", "1960", "--limit", "3")
    assert code == 0 and err == ""
    assert "power-driven vessel towing" in out and "tow over 600 ft" in out and "Rule 3(a)" in out
    assert out.count(" exact ") >= 1


def test_cli_json(capsys, cache):
    code, out, _ = run(capsys, "identify", "W > W", "-e", "intl-1960", "--json", "--exact")
    assert code == 0
    data = json.loads(out)
    assert data["query"]["notation"] == "W > W" and data["exact"] == data["total"] >= 1
    assert all(h["match"] == "exact" for h in data["hypotheses"])


def test_cli_json_file(capsys, cache, tmp_path):
    f = tmp_path / "p.json"
    f.write_text(json.dumps({"lights": [{"colour": "red", "offset_m": 0, "height_m": 10},
                                        {"colour": "red", "offset_m": 0, "height_m": 8}]}))
    code, out, _ = run(capsys, "identify", f"@{f}", "-e", "1960", "--json")
    assert code == 0 and json.loads(out)["query"]["notation"] == "R/R"


@pytest.mark.parametrize("argv,piece", [
    (["identify", "W/W %"], "notation: unexpected character '%' at position 5"),
    (["identify", "W", "--edition", "1984"], "1984"),
    (["identify", "@/nonexistent/p.json"], "picture: cannot read"),
    (["identify", "W", "--limit", "-1"], "limit"),
])
def test_cli_errors_are_one_line_exit_2(capsys, cache, argv, piece):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("navlights: error: ") and piece in err and err.count("\n") == 1


def test_docs_cli_error_example(capsys, cache):
    line = next(ln for ln in (DOCS / "identify.md").read_text().splitlines()
                if ln.startswith("navlights: error: notation:"))
    code, _, err = run(capsys, "identify", "W/W %")
    assert code == 2 and err.strip() == line


# --- docs, schema, light import ----------------------------------------------------------------


def test_docs_examples_run():
    import doctest
    result = doctest.testfile(str(DOCS / "identify.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 5


def test_json_validates_against_schema():
    import jsonschema
    schema = json.loads((DOCS / "schema" / "identify.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    for q in ("W", "W/W/W R", "O/O", "R < W/W > G", "Y"):
        data = api.identify_json(q, near=True, limit=40)
        errors = list(v.iter_errors(data))
        assert not errors, (q, errors[0].message, list(errors[0].path))


def test_import_stays_light():
    code = ("import sys, navlights, navlights.notation, navlights.engines.identify, navlights.cli.identify; "
            "navlights.identify; assert 'numpy' not in sys.modules, 'numpy imported'; "
            "from navlights import api; p = api.parse_picture('W/W R'); assert 'numpy' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


# --- the likely reading first, and every reading true (issue 12, section 3) ------------------------


def test_red_over_green_is_never_a_combined_lantern_seen_from_ahead():
    # 1960 Rule 7(d), 1897 Art. 7: a small vessel's combined lantern has its green and red halves side
    # by side in one lantern; from right ahead the view draws them level, green on the left (G = R),
    # never red over green. No rule of these editions shows red over green and nothing else.
    assert ident("R/G").exact == 0
    d = navlights.display({"propulsion": "sail", "length": "30 ft"}, E60)
    p = navlights.view(d, 0, choose={"scheme": "small-sail"})
    assert p.roles() == ("lantern-starboard", "lantern-port")
    assert api.parse_picture(p).notation() == "G = R"
    assert has(ident("G = R", E60), E60, "sailing vessel under way", vessel={"length": "30 ft"}, aspect=0)


def test_red_over_green_reads_a_sailing_vessel_among_the_first_three():
    # 1960 Rule 5(b): a sailing vessel may carry red over green at the top of her foremast (with her
    # sidelights, Rule 5(a)): a look-out who saw red over green and missed a sidelight.
    top = list(ident("R/G", E60, near=True))[:3]
    assert any(h.situation == "sailing vessel under way" and "Rule 5(b)" in " ".join(h.citations) for h in top), \
        [(h.situation, h.match) for h in top]


RANKING = [
    # (picture, edition, the first reading's situation, a situation that must come after every reading
    #  of the first one's situation, why)
    ("G < W/W", None, "power-driven vessel towing", "seaplane towing",
     "1960 Rule 3(a) / 1948 Rule 3(a) / 1897 Art. 3: a towing vessel's two whites with her green; a seaplane "
     "towing (1960 Rule 3(c)) is rare"),
    ("W/W/W R", E60, "power-driven vessel towing", "seaplane towing", "1960 Rule 3(a): tow over 600 ft"),
    ("W", E60, "vessel at anchor", "seaplane at anchor", "1960 Rule 11(a): one all-round white light"),
]


@pytest.mark.parametrize("picture,edition,first,later,why", RANKING)
def test_the_common_vessel_comes_first(picture, edition, first, later, why):
    r = list(ident(picture, edition))
    assert r[0].situation == first, (why, [(h.edition, h.situation) for h in r[:5]])
    last_first = max(k for k, h in enumerate(r) if h.situation == first)
    assert all(k > last_first for k, h in enumerate(r) if h.situation == later), why


def test_typical_lights_rank_before_options_within_a_situation():
    # 1960 Rule 2(a)(ii): the second masthead light is optional under 150 ft; a towing vessel under
    # 150 ft with it reads after every typical reading of the same picture.
    r = list(ident("W/W/W R", E60))
    kinds = [bool(h.variant) for h in r]
    assert kinds == sorted(kinds), [(h.description, h.variant) for h in r]


def test_each_reading_cites_the_lights_it_shows():
    # 1960 Rule 3(a): the third towing light only when the tow exceeds 600 ft; a towing vessel of
    # 150 ft or more with a tow of 600 ft or less shows W/W/W from her two masthead lights
    # (Rule 2(a)(i), (ii)) and one towing light above the first, with the red sidelight.
    r = ident("W/W/W R", E60)
    h = has(r, E60, "power-driven vessel towing", vessel={"length": "200 ft", "towing": {"tow_length": "400 ft"}})
    assert h is not None
    assert {role for role, _, _ in h.lights} == {"masthead", "masthead-aft", "towing-2", "sidelight-port"}
    h = has(r, E60, "power-driven vessel towing", vessel={"length": "100 ft", "towing": {"tow_length": "700 ft"}})
    assert {role for role, _, _ in h.lights} == {"masthead", "towing-2", "towing-3", "sidelight-port"}
