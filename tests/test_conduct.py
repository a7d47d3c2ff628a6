"""The steering and sailing rules (Part B) applied to two vessels: cases written by hand from the rule text.

Every case names its paragraph (COLREGs 1972 as enacted in CA-CRC-1416 and printed in the USCG handbook; 33 CFR 83
for us-inland). Geometry is set so the expected answer can be read off the text: own vessel at the origin heading
000 unless said; the other placed by her relative bearing and range, or by the aspect she sees own vessel at.
The editions are always named (the default edition is about to change, issue 37).
"""

from __future__ import annotations

import math

import pytest

from navlights import api
from navlights.errors import NavlightsError, RuleDataError
from navlights.rulebase.conduct import parse_conduct

INTL, INLAND = "intl-1972", "us-inland"


def at_bearing(kind: str, rb: float, course: float, speed: float, rng: float = 2.0, extra: str = "") -> str:
    """The other vessel `rng` nm off on relative (= true, own heads 000) bearing `rb`."""
    return f"{kind} course={course % 360:g} speed={speed:g} bearing={rb % 360:g} range={rng:g} {extra}".strip()


def collision(kind: str, rb: float, speed: float = 10.0, own_speed: float = 10.0, extra: str = "") -> str:
    """The other on a collision course: she sits on relative bearing `rb`, 2 nm off, and steers for the point own
    vessel reaches in the same time (so the bearing stays steady)."""
    b = math.radians(rb)
    px, py = 2 * math.sin(b), 2 * math.cos(b)
    # meet at (0, own_speed*t) with |meet - p| = speed*t: solve for t
    a = own_speed ** 2 - speed ** 2
    bq = -2 * py * own_speed
    c = px * px + py * py
    if abs(a) < 1e-12:
        t = -c / bq
    else:
        disc = math.sqrt(bq * bq - 4 * a * c)
        t = min(x for x in ((-bq - disc) / (2 * a), (-bq + disc) / (2 * a)) if x > 0)
    course = math.degrees(math.atan2(-px, own_speed * t - py)) % 360
    return f"{kind} course={course:.6f} speed={speed:g} at={px:.9f},{py:.9f} {extra}".strip()


OWN = "power course=0 speed=10"


def roles(own: str, other: str, edition: str = INTL, **kw):
    c = api.conduct(own, other, edition, **kw)
    return c.encounter, c.give_way, c.stand_on


# --- Rule 13(b): the overtaking sector, more than 22.5 degrees abaft the beam (112.5 to 247.5), either side ------
# She comes up on own's course at 15 kn from `rb`; inside the sector she is overtaking (13(a)); just forward of it,
# the two power-driven vessels are crossing and the one with the other on her starboard side gives way (15).
SECTOR_CASES = [
    (100.0, "crossing", ("own",)),        # forward of the sector, she is on own's starboard side: 15
    (112.4, "crossing", ("own",)),        # 0.1 deg short of 22.5 abaft the beam: 13(b) not met
    (112.6, "overtaking", ("other",)),    # 0.1 deg past it: 13(b), she keeps out of the way, 13(a)
    (135.0, "overtaking", ("other",)),
    (180.0, "overtaking", ("other",)),    # right astern
    (225.0, "overtaking", ("other",)),
    (247.4, "overtaking", ("other",)),
    (247.6, "crossing", ("other",)),      # on own's port quarter, forward of the sector: she has own on her
    (260.0, "crossing", ("other",)),      # starboard side, so she gives way (15)
]


@pytest.mark.parametrize("rb, encounter, give_way", SECTOR_CASES)
def test_overtaking_sector_13b(rb, encounter, give_way):
    enc, gw, _ = roles("power course=0 speed=5", at_bearing("power", rb, 0, 15, rng=1))
    assert (enc, gw) == (encounter, give_way)  # Rule 13(b), 13(a); Rule 15


# Own vessel coming up on her: own is overtaking when own bears more than 22.5 abaft HER beam (13(b)).
def at_aspect(kind: str, aspect: float, course: float, speed: float, rng: float = 1.0) -> str:
    """The other placed so that own vessel bears `aspect` on her bow (relative to her course)."""
    th = math.radians(course + aspect)
    return f"{kind} course={course:g} speed={speed:g} at={-rng * math.sin(th):.9f},{-rng * math.cos(th):.9f}"


OWN_OVERTAKING = [
    (112.4, "crossing"), (112.6, "overtaking"), (180.0, "overtaking"), (200.0, "overtaking"), (247.4, "overtaking"),
    (247.6, "crossing"),
]


@pytest.mark.parametrize("aspect, encounter", OWN_OVERTAKING)
def test_own_overtaking_13b(aspect, encounter):
    c = api.conduct("power course=0 speed=15", at_aspect("power", aspect, 0, 5), INTL)
    assert c.encounter == encounter  # Rule 13(b)
    if encounter == "overtaking":
        assert c.give_way == ("own",) and c.stand_on == "other" and c.reading.overtaking == "own"  # 13(a), 17(a)(i)
        assert [r.cite for r in c.reading.rules][:2] == ["Rule 13(a)", "Rule 13(b)"]


def test_overtaking_sector_is_read_from_the_data():
    """13(b) gives 22.5 degrees; the file carries it with its cite."""
    from navlights.rulebase.conduct import conduct_rules
    for ed in (INTL, INLAND):
        s = conduct_rules(ed).sector
        assert s.overtaking_abaft_beam_deg == 22.5 and s.citation.rule == "Rule 13(b)"  # 13(b) both texts


def test_overtaking_overrides_rule_18():
    """13(a): 'notwithstanding' Section II: a sailing vessel overtaking a power-driven vessel keeps out of her way."""
    c = api.conduct("power course=0 speed=4", at_bearing("sail", 180, 0, 8, rng=0.5), INTL)
    assert (c.encounter, c.give_way) == ("overtaking", ("other",))  # 13(a) over 18(a)(iv)
    c = api.conduct("fishing course=0 speed=3", at_bearing("power", 170, 0, 12, rng=0.5), INTL)
    assert c.give_way == ("other",)  # 13(a): the overtaking power-driven vessel keeps clear of the fishing vessel anyway


# --- Rule 14: head-on; the half-angle of "ahead or nearly ahead" is a convention (default 6 deg) -----------------
# She sits on relative bearing rb and steers straight for own vessel, so she sees own right ahead; own sees her at rb.
HEAD_ON_CASES = [
    (0.0, None, "head-on", ("own", "other")),
    (5.9, None, "head-on", ("own", "other")),      # within 6 deg: 14(b)
    (6.1, None, "crossing", ("own",)),             # just outside: on own's starboard bow, 15
    (-5.9, None, "head-on", ("own", "other")),
    (-6.1, None, "crossing", ("other",)),          # on own's port bow: she has own on her starboard side, 15
    (4.9, 5.0, "head-on", ("own", "other")),       # DNV's 5 deg
    (5.1, 5.0, "crossing", ("own",)),
    (11.0, 11.25, "head-on", ("own", "other")),    # one point
    (11.5, 11.25, "crossing", ("own",)),
    (12.9, 13.0, "head-on", ("own", "other")),     # NTNU's 13 deg
    (13.1, 13.0, "crossing", ("own",)),
    (-12.9, 13.0, "head-on", ("own", "other")),
    (-13.1, 13.0, "crossing", ("other",)),
]


@pytest.mark.parametrize("rb, half, encounter, give_way", HEAD_ON_CASES)
def test_head_on_14(rb, half, encounter, give_way):
    other = at_bearing("power", rb, rb + 180, 10, rng=3)
    c = api.conduct(OWN, other, INTL, head_on_deg=half)
    assert (c.encounter, c.give_way) == (encounter, give_way)  # Rule 14(a), (b); Rule 15
    assert c.conventions.head_on_deg == (half if half is not None else 6.0)


def test_head_on_needs_each_to_see_the_other_ahead():
    """14(b) 'a vessel sees the other ahead or nearly ahead': she is right ahead of own but heads 30 deg off
    reciprocal, so own is 30 deg on her bow: not head-on; she comes from own's port side... she heads 210, moving
    west-south-west across own's bow from starboard to port, own is on her starboard bow: she gives way? No: own
    bears 330 from her heading (30 on her port bow), so own has her right ahead and she has own on her port side:
    own gives way (15 read from her side)."""
    c = api.conduct(OWN, "power course=210 speed=10 at=0,3", INTL)
    assert c.encounter == "crossing" and c.give_way == ("own",)  # 14(b) not met; 15


def test_head_on_cites_14a_and_14b():
    c = api.conduct(OWN, "power course=180 speed=10 at=0,4", INTL)
    assert [r.cite for r in c.reading.rules][:2] == ["Rule 14(a)", "Rule 14(b)"] and c.stand_on is None


# --- Border readings: within the margin of a limit both readings are given, with the doubt rule ------------------
BORDER_CASES = [
    (112.4, "overtaking sector", "overtaking", "Rule 13(c)"),   # crossing now; overtaking in the other reading
    (113.0, "overtaking sector", "crossing", "Rule 13(c)"),
    (247.0, "overtaking sector", "crossing", "Rule 13(c)"),
    (120.0, None, None, None),                                   # 7.5 deg inside: no flag at the 2 deg margin
]


@pytest.mark.parametrize("rb, limit, other_reading, doubt", BORDER_CASES)
def test_border_flags_13c(rb, limit, other_reading, doubt):
    c = api.conduct("power course=0 speed=5", at_bearing("power", rb, 0, 15, rng=1), INTL)
    if limit is None:
        assert c.borders == ()
        return
    b = c.borders[0]
    assert (b.limit, b.reading.encounter, b.doubt.cite) == (limit, other_reading, doubt)  # Rule 13(c)


@pytest.mark.parametrize("rb, flagged", [(4.5, True), (7.5, True), (3.9, False), (8.1, False), (0.0, False)])
def test_border_flags_14c(rb, flagged):
    """Head-on limit 6 deg, margin 2 deg: 4-8 deg is the border band (14(c): in doubt, assume head-on)."""
    c = api.conduct(OWN, at_bearing("power", rb, rb + 180, 10, rng=3), INTL)
    heads = [b for b in c.borders if b.limit == "head-on"]
    assert bool(heads) == flagged
    if flagged:
        assert heads[0].doubt.cite == "Rule 14(c)"
        assert {c.encounter, heads[0].reading.encounter} == {"head-on", "crossing"}


def test_border_margin_is_a_convention():
    c = api.conduct(OWN, at_bearing("power", 7.5, 187.5, 10, rng=3), INTL, border_deg=1.0)
    assert c.borders == () and c.conventions.border_deg == 1.0


# --- Rule 15 crossing, Rule 17 stand-on --------------------------------------------------------------------------
CROSSING_CASES = [(rb, ("own",) if 0 < rb < 180 else ("other",)) for rb in
                  (10, 30, 45, 60, 89, 90, 91, 110, 250, 269, 270, 271, 300, 315, 330, 350)]


@pytest.mark.parametrize("rb, give_way", CROSSING_CASES)
def test_crossing_15(rb, give_way):
    c = api.conduct(OWN, collision("power", rb, speed=15), INTL)
    assert c.encounter == "crossing" and c.give_way == give_way  # Rule 15: she on own's starboard side -> own
    assert c.risk_of_collision and c.kinematics.cpa_nm < 1e-6      # steady bearing, Rule 7(b)
    stand = "other" if give_way == ("own",) else "own"
    cites = [r.cite for r in c.reading.rules]
    assert c.stand_on == stand and "Rule 17(a)(i)" in cites and "Rule 17(c)" in cites and "Rule 16" in cites


# --- Rule 18: the status matrix (power, sail, fishing, NUC, RAM, CBD), in a crossing with the other vessel on own's
# starboard bow (45 deg, collision course), so Rule 15 alone would make own the give-way vessel -------------------
S = ["power", "sail", "fishing", "nuc", "ram", "cbd"]
# MATRIX[own][other] = (give_way, cite of the deciding rule, duties as (who, cite))
MATRIX = {
    "power":   {"power": ("own", "Rule 15", ()), "sail": ("own", "Rule 18(a)", ()), "fishing": ("own", "Rule 18(a)", ()),
                "nuc": ("own", "Rule 18(a)", ()), "ram": ("own", "Rule 18(a)", ()),
                "cbd": ("own", "Rule 15", (("own", "Rule 18(d)"),))},
    "sail":    {"power": ("other", "Rule 18(a)", ()), "sail": ("own", "Rule 12(a)(i)", ()),
                "fishing": ("own", "Rule 18(b)", ()), "nuc": ("own", "Rule 18(b)", ()), "ram": ("own", "Rule 18(b)", ()),
                "cbd": ("other", "Rule 18(a)", (("own", "Rule 18(d)"),))},
    "fishing": {"power": ("other", "Rule 18(a)", ()), "sail": ("other", "Rule 18(b)", ()),
                "fishing": ("own", "Rule 15", ()), "nuc": ("own", "Rule 18(c)", ()), "ram": ("own", "Rule 18(c)", ()),
                "cbd": ("other", "Rule 18(a)", (("own", "Rule 18(d)"),))},
    "nuc":     {"power": ("other", "Rule 18(a)", ()), "sail": ("other", "Rule 18(b)", ()),
                "fishing": ("other", "Rule 18(c)", ()), "nuc": ("own", "Rule 15", ()), "ram": ("own", "Rule 15", ()),
                "cbd": ("other", "Rule 18(a)", ())},
    "ram":     {"power": ("other", "Rule 18(a)", ()), "sail": ("other", "Rule 18(b)", ()),
                "fishing": ("other", "Rule 18(c)", ()), "nuc": ("own", "Rule 15", ()), "ram": ("own", "Rule 15", ()),
                "cbd": ("other", "Rule 18(a)", ())},
    "cbd":     {"power": ("own", "Rule 15", (("other", "Rule 18(d)"),)),
                "sail": ("own", "Rule 18(a)", (("other", "Rule 18(d)"),)),
                "fishing": ("own", "Rule 18(a)", (("other", "Rule 18(d)"),)), "nuc": ("own", "Rule 18(a)", ()),
                "ram": ("own", "Rule 18(a)", ()),
                "cbd": ("own", "Rule 15", (("own", "Rule 18(d)"), ("other", "Rule 18(d)")))},
}


def _spec(kind: str, speed: float, wind: str, extra: str = "") -> str:
    return f"{kind} course=0 speed={speed:g}" + (f" wind={wind}" if kind == "sail" else "") + extra


@pytest.mark.parametrize("own_kind", S)
@pytest.mark.parametrize("other_kind", S)
def test_rule_18_matrix(own_kind, other_kind):
    give, cite, duties = MATRIX[own_kind][other_kind]
    # for two sailing vessels: own has the wind to port, she to starboard, so 12(a)(i) makes own keep clear
    own = _spec(own_kind, 10, "port")
    other = collision(other_kind, 45) + (" wind=starboard" if other_kind == "sail" else "")
    c = api.conduct(own, other, INTL)
    assert c.encounter == "crossing"
    assert c.give_way == (give,), (own_kind, other_kind)        # Rule 18(a)-(c), 15, 12
    assert c.reading.rules[0].cite == cite
    assert tuple((d.who, d.rule.cite) for d in c.duties) == duties  # Rule 18(d)(i)
    assert c.reading.rules[0].provenance == "primary"


INLAND_CBD = [("power", "cbd", "own", "Rule 15(a)"), ("cbd", "power", "own", "Rule 15(a)"),
              ("sail", "cbd", "other", "Rule 18(a)"), ("cbd", "sail", "own", "Rule 18(a)"),
              ("fishing", "cbd", "other", "Rule 18(a)"), ("nuc", "cbd", "other", "Rule 18(a)")]


@pytest.mark.parametrize("own_kind, other_kind, give, cite", INLAND_CBD)
def test_inland_has_no_constrained_by_draught_status(own_kind, other_kind, give, cite):
    """33 CFR 83.18(d) is reserved: a vessel constrained by her draught is a power-driven vessel, nothing more."""
    c = api.conduct(_spec(own_kind, 10, "port"), collision(other_kind, 45), INLAND)
    assert c.give_way == (give,) and c.reading.rules[0].cite == cite and c.duties == ()
    assert "cbd" not in (c.own_status, c.other_status)


INLAND_MATRIX = [(o, t, MATRIX[o][t][0], MATRIX[o][t][1].replace("Rule 15", "Rule 15(a)"))
                 for o in S[:5] for t in S[:5]]


@pytest.mark.parametrize("own_kind, other_kind, give, cite", INLAND_MATRIX)
def test_rule_18_matrix_inland(own_kind, other_kind, give, cite):
    """33 CFR 83.18(a)-(c) read as the International 18(a)-(c); 83.15(a) for two power-driven vessels."""
    own = _spec(own_kind, 10, "port")
    other = collision(other_kind, 45) + (" wind=starboard" if other_kind == "sail" else "")
    c = api.conduct(own, other, INLAND)
    assert c.give_way == (give,) and c.reading.rules[0].cite == cite


def test_seaplane_and_wig():
    """18(e): a seaplane keeps well clear in general (a duty), and in risk of collision follows Part B as a
    power-driven vessel; 18(f)(i): a WIG craft near the surface keeps well clear of all; 18(f)(ii) on the water she
    is a power-driven vessel."""
    c = api.conduct("seaplane course=0 speed=10", collision("power", 315), INTL)
    assert c.give_way == ("other",) and [(d.who, d.duty, d.rule.cite) for d in c.duties] == [
        ("own", "keep-well-clear", "Rule 18(e)")]                     # 15: she has own on her starboard side
    c = api.conduct("wig-flight course=0 speed=10", collision("power", 315), INTL)
    assert c.give_way == ("own",) and c.reading.rules[0].cite == "Rule 18(f)(i)"
    c = api.conduct("wig course=0 speed=10", collision("sail", 45, extra="wind=port"), INTL)
    assert c.give_way == ("own",) and c.reading.rules[0].cite == "Rule 18(a)"  # 18(f)(ii): as power-driven


def test_no_rule_orders_a_rowing_boat():
    """Rule 18 names no vessel under oars; nothing in Section II orders her with a sailing vessel: a gap-like
    answer naming Rules 2, 7 and 8, never an invented give-way vessel."""
    c = api.conduct("oars course=0 speed=3", collision("sail", 45, speed=3, own_speed=3, extra="wind=port"), INTL)
    assert c.give_way == () and c.stand_on is None and any("Rules 2, 7 and 8" in g for g in c.reading.gaps)


def test_anchored_vessel_has_no_standing():
    c = api.conduct("anchored course=0 speed=0", collision("power", 45, own_speed=0.0), INTL)
    assert c.own_status is None and c.give_way == ()


# --- Rule 12: sailing vessels --------------------------------------------------------------------------------------
SAIL_CASES = [
    # own wind, other wind, wind_from, other placed at (E,N), expected give-way, cite
    ("port", "starboard", None, (2, 2), "own", "Rule 12(a)(i)"),
    ("starboard", "port", None, (2, 2), "other", "Rule 12(a)(i)"),
    ("starboard", "starboard", 90.0, (2, 2), "other", "Rule 12(a)(ii)"),    # she is east, up-wind: to windward
    ("starboard", "starboard", 270.0, (2, 2), "own", "Rule 12(a)(ii)"),     # wind from the west: own to windward
    ("port", "port", 0.0, (2, 2), "other", "Rule 12(a)(ii)"),               # she is north of own: to windward
    ("port", "port", 180.0, (2, 2), "own", "Rule 12(a)(ii)"),
    ("port", "unknown", 45.0, (2, 2), "own", "Rule 12(a)(iii)"),            # she is to windward, her tack unseen
    ("unknown", "port", 225.0, (2, 2), "other", "Rule 12(a)(iii)"),         # own to windward, she on port tack
]


@pytest.mark.parametrize("own_wind, other_wind, wind_from, at, give, cite", SAIL_CASES)
def test_rule_12(own_wind, other_wind, wind_from, at, give, cite):
    e, n = at
    c = api.conduct(f"sail course=0 speed=5 wind={own_wind}", f"sail course=270 speed=5 at={e},{n} wind={other_wind}",
                    INTL, wind_from_deg=wind_from)
    assert c.give_way == (give,) and c.reading.rules[0].cite == cite


@pytest.mark.parametrize("own_wind, other_wind, wind_from", [("starboard", "starboard", None),
                                                             ("port", "unknown", 225.0), ("unknown", "unknown", None)])
def test_rule_12_undecided_is_a_gap(own_wind, other_wind, wind_from):
    """Same side with no wind direction (who is to windward?), or the 12(a)(iii) case with her to leeward: the text
    decides nothing from what was given, and the answer says so."""
    c = api.conduct(f"sail course=0 speed=5 wind={own_wind}", f"sail course=270 speed=5 at=2,2 wind={other_wind}",
                    INTL, wind_from_deg=wind_from)
    assert c.give_way == () and c.reading.gaps


@pytest.mark.parametrize("wind_from, tack", [(45.0, "starboard"), (135.0, "starboard"), (315.0, "port"),
                                             (225.0, "port")])
def test_rule_12_wind_side_from_direction(wind_from, tack):
    """Heading 000: wind from 045 is on the starboard side, from 315 on the port side (12(b) with the mainsail to
    leeward). Against a sailing vessel with the wind on the other side, the port-tack one keeps clear."""
    other_wind = "port" if tack == "starboard" else "starboard"
    c = api.conduct("sail course=0 speed=5", f"sail course=270 speed=5 at=2,2 wind={other_wind}", INTL,
                    wind_from_deg=wind_from)
    assert c.give_way == (("other",) if tack == "starboard" else ("own",))  # 12(a)(i)


# --- Rule 13(d): once overtaking, until finally past and clear ---------------------------------------------------
def test_13d_keeps_the_overtaking_vessel():
    # She has drawn up to 100 deg on own's starboard side (forward of the sector) and still closes: without 13(d)
    # a crossing in which own would give way; with 13(d) she stays the give-way vessel.
    other = at_bearing("power", 100, 350, 15, rng=0.5)
    assert roles("power course=0 speed=5", other)[:2] == ("crossing", ("own",))
    c = api.conduct("power course=0 speed=5", other, INTL, was_overtaking="other")
    assert (c.encounter, c.give_way) == ("overtaking", ("other",))
    assert "Rule 13(d)" in [r.cite for r in c.reading.rules]


def test_13d_ends_when_past_and_clear():
    # She is now 3 nm ahead, opening: past and clear; no encounter.
    c = api.conduct("power course=0 speed=5", at_bearing("power", 20, 0, 15, rng=3), INTL, was_overtaking="other")
    assert c.encounter == "passing-clear" and c.give_way == ()


def test_13d_own_latch():
    c = api.conduct("power course=0 speed=15", at_bearing("power", 280, 10, 5, rng=0.4), INTL, was_overtaking="own")
    assert c.give_way == ("own",) and c.reading.overtaking == "own"


# --- Rule 9: narrow channels; Rule 10: traffic separation schemes -------------------------------------------------
CHANNEL_CASES = [
    ("sail course=0 speed=5 length=10m wind=port", "power channel-only length=150m", "narrow-channel", ["Rule 9(b)"]),
    ("power course=0 speed=8 length=19.9m", "power channel-only length=150m", "narrow-channel", ["Rule 9(b)"]),
    ("power course=0 speed=8 length=20m", "power channel-only length=150m", "narrow-channel", []),   # not under 20 m
    ("power course=0 speed=8 length=25m", "power channel-only length=150m", "narrow-channel", []),
    ("power course=0 speed=8 length=19.9m", "power length=150m", "narrow-channel", []),  # she is not confined
    ("sail course=0 speed=5 length=10m wind=port", "power channel-only length=150m", "open", []),  # not a channel
    ("fishing course=0 speed=5 length=30m", "power length=150m", "narrow-channel", ["Rule 9(c)"]),
    ("fishing course=0 speed=5 length=30m", "sail length=8m wind=port", "narrow-channel", ["Rule 9(c)"]),
    ("power course=0 speed=8 length=40m crossing", "power channel-only length=150m", "narrow-channel", ["Rule 9(d)"]),
    ("power course=0 speed=8 length=40m crossing", "power length=150m", "narrow-channel", []),
    ("sail course=0 speed=5 length=10m wind=port crossing", "power channel-only length=150m", "narrow-channel",
     ["Rule 9(b)", "Rule 9(d)"]),
    ("fishing course=0 speed=5 length=30m", "power in-lane length=150m", "tss", ["Rule 10(i)"]),
    ("fishing course=0 speed=5 length=30m", "power length=150m", "tss", []),
    ("sail course=0 speed=5 length=10m wind=port", "power in-lane length=150m", "tss", ["Rule 10(j)"]),
    ("power course=0 speed=8 length=19.9m", "power in-lane length=150m", "tss", ["Rule 10(j)"]),
    ("power course=0 speed=8 length=20m", "power in-lane length=150m", "tss", []),
    ("sail course=0 speed=5 length=10m wind=port", "sail in-lane length=30m wind=starboard", "tss", []),  # 10(j): power
]


@pytest.mark.parametrize("own, other, area, cites", CHANNEL_CASES)
def test_rules_9_and_10_not_impede(own, other, area, cites):
    kind, _, rest = other.partition(" ")
    c = api.conduct(own, collision(kind, 45, speed=8, own_speed=float(own.split("speed=")[1].split()[0]), extra=rest),
                    INTL, area=area)
    assert [d.rule.cite for d in c.duties if d.who == "own"] == cites  # Rule 9(b)-(d), 10(i), (j)
    assert all(d.duty == "not-impede" for d in c.duties if d.who == "own")


def test_not_impede_leaves_the_roles():
    """Rule 9(b) adds a duty; the give-way vessel is still the one Rule 18 names (a power-driven vessel keeps out of
    a sailing vessel's way, 18(a)(iv); the sailing vessel must not impede her, 9(b))."""
    c = api.conduct("sail course=0 speed=5 length=10m wind=port", collision("power", 45, speed=8, own_speed=5,
                    extra="channel-only length=150m"), INTL, area="narrow-channel")
    assert c.give_way == ("other",) and [d.rule.cite for d in c.duties] == ["Rule 9(b)"]


# --- Rule 19: not in sight, restricted visibility ----------------------------------------------------------------
FOG_CASES = [
    (30.0, ["Rule 19(a)", "Rule 19(d)(i)", "Rule 19(e)"]),
    (89.9, ["Rule 19(a)", "Rule 19(d)(i)", "Rule 19(e)"]),
    (90.0, ["Rule 19(a)", "Rule 19(d)(ii)"]),         # abeam: "abeam or abaft the beam"
    (120.0, ["Rule 19(a)", "Rule 19(d)(ii)"]),
    (270.0, ["Rule 19(a)", "Rule 19(d)(ii)"]),
    (270.1, ["Rule 19(a)", "Rule 19(d)(i)", "Rule 19(e)"]),
    (330.0, ["Rule 19(a)", "Rule 19(d)(i)", "Rule 19(e)"]),
]


@pytest.mark.parametrize("rb, cites", FOG_CASES)
@pytest.mark.parametrize("edition", [INTL, INLAND])
def test_rule_19(rb, cites, edition):
    c = api.conduct(OWN, collision("power", rb), edition, in_sight=False)
    assert c.encounter == "restricted-visibility" and c.give_way == () and c.stand_on is None  # 19: no stand-on
    assert [r.cite for r in c.reading.rules] == cites


def test_rule_19_overtaking_in_fog():
    """19(d)(i) spares 'a vessel being overtaken': overtaking her, own may turn to port; 19(e) still applies."""
    c = api.conduct("power course=0 speed=15", at_bearing("power", 5, 0, 5, rng=1), INTL, in_sight=False)
    assert [r.cite for r in c.reading.rules] == ["Rule 19(a)", "Rule 19(e)"]


# --- US Inland differences ---------------------------------------------------------------------------------------
def test_inland_9a_ii_downbound_right_of_way():
    own = "power course=0 speed=6 upbound"
    other = "power course=180 speed=10 at=0,3 downbound"
    c = api.conduct(own, other, INLAND, area="narrow-channel", waters="western-rivers")
    assert c.give_way == ("own",) and c.reading.rules[0].cite == "Rule 9(a)(ii)"      # 33 CFR 83.09(a)(ii)
    c = api.conduct(own, other, INLAND, waters="great-lakes")
    assert c.give_way == ("own",) and c.reading.rules[0].cite == "Rule 14(d)"         # 83.14(d), open water
    c = api.conduct(own, other, INLAND, area="narrow-channel")
    assert c.give_way == ("own", "other") and c.reading.rules[0].cite == "Rule 14(a)"  # not on those waters
    c = api.conduct(own, other, INTL, area="narrow-channel", waters="western-rivers")
    assert c.give_way == ("own", "other")                                              # COLREGs: no such rule


def test_inland_15b_crossing_a_river():
    # She comes down the river from own's port bow; own crosses it. 15(a) alone: she has own on her starboard side
    # and gives way; 15(b) on Western Rivers: the vessel crossing the river keeps out of the way.
    other = collision("power", 315, extra="downbound")
    c = api.conduct("power course=0 speed=10 crossing", other, INLAND, waters="western-rivers")
    assert c.give_way == ("own",) and c.reading.rules[0].cite == "Rule 15(b)"
    c = api.conduct("power course=0 speed=10 crossing", other, INLAND)
    assert c.give_way == ("other",) and c.reading.rules[0].cite == "Rule 15(a)"
    c = api.conduct("power course=0 speed=10 crossing", other, INTL, waters="western-rivers")
    assert c.give_way == ("other",) and c.reading.rules[0].cite == "Rule 15"


@pytest.mark.parametrize("edition, cited", [(INLAND, True), (INTL, False)])
def test_inland_34_whistle_agreement(edition, cited):
    c = api.conduct(OWN, collision("power", 45), edition)
    assert ("Rule 34(a), (c), (h)" in [r.cite for r in c.reading.rules]) == cited
    c = api.conduct(OWN, collision("sail", 45, extra="wind=port"), edition)
    assert "Rule 34(a), (c), (h)" not in [r.cite for r in c.reading.rules]  # 34(a): power-driven vessels only


# --- Historical editions: a gap, shown as a gap ------------------------------------------------------------------
@pytest.mark.parametrize("edition, read", [("gl-1895", set()), ("intl-1897", {"Art. 17(c)", "Art. 18", "Art. 19"}),
                                           ("intl-1948", {"Rule 24(c)", "Rule 25", "Rule 26"}),
                                           ("intl-1960", {"Rule 18(a)", "Rule 19", "Rule 20"})])
def test_historical_editions_are_gaps(edition, read):
    """Their overtaking sectors were not read (1897 Art. 24, 1948 Rule 24(a)-(b), 1960 Rule 24): no roles are
    decided, never from another edition; the paragraphs found on the Statutes at Large pages are listed, primary."""
    c = api.conduct(OWN, collision("power", 45), edition)
    assert c.encounter == "none" and c.give_way == () and c.stand_on is None and c.reading.gaps
    assert {r.cite for r in c.reading.rules if r.provenance == "primary"} >= read
    assert any(r.provenance == "gap" for r in c.reading.rules)
    assert "gap" in api.conduct_json(OWN, collision("power", 45), edition)["answer"]


# --- CPA / TCPA / bearing rate worked by hand ---------------------------------------------------------------------
KIN_CASES = [
    # own spec, other spec, range, CPA, TCPA (min), bearing rate (deg/min)
    ("power course=0 speed=10", "power course=180 speed=10 at=0,10", 10.0, 0.0, 30.0, 0.0),   # 20 kn closing
    ("power course=0 speed=10", "power course=0 speed=0 at=5,0", 5.0, 5.0, 0.0, 10 / 5 * 180 / math.pi / 60),
    ("power course=0 speed=0", "power course=270 speed=6 at=3,4", 5.0, 4.0, 30.0, -6 * 4 / 25 * 180 / math.pi / 60),
    # opening: she is 2 nm ahead, 5 kn faster on the same line; her relative track passed through own position
    # 2/5 h = 24 min ago, so the closest point (0 nm) lies in the past
    ("power course=0 speed=10", "power course=0 speed=15 at=0,2", 2.0, 0.0, -24.0, 0.0),
    ("power course=0 speed=0", "power course=0 speed=0 at=3,4", 5.0, 5.0, 0.0, 0.0),           # no relative motion
    ("power course=90 speed=12", "power course=0 speed=12 at=6,-6", 6 * math.sqrt(2), 0.0, 30.0, 0.0),
    ("power course=0 speed=10", "power course=270 speed=10 at=4,1", math.sqrt(17), 3 / math.sqrt(2), 15.0,
     None),  # rel v (-10,-10): t=(40+10)/200 h=15 min; closest (1.5,-1.5)
]


@pytest.mark.parametrize("own, other, rng, cpa, tcpa, rate", KIN_CASES)
def test_cpa_tcpa_by_hand(own, other, rng, cpa, tcpa, rate):
    k = api.conduct(own, other, INTL).kinematics
    assert k.range_nm == pytest.approx(rng, abs=1e-9)
    assert k.cpa_nm == pytest.approx(cpa, abs=1e-9)
    assert k.tcpa_min == pytest.approx(tcpa, abs=1e-9)
    if rate is not None:
        assert k.bearing_rate_deg_min == pytest.approx(rate, abs=1e-9)


def test_bearings_both_ways():
    # She is 2 nm on own's starboard beam heading 270 (towards own's track): own sees her at 090, she sees own
    # right ahead (000).
    k = api.conduct("power course=0 speed=10", "power course=270 speed=10 at=2,0", INTL).kinematics
    assert (round(k.relative_bearing_deg, 6), round(k.aspect_deg, 6)) == (90.0, 0.0)
    k = api.conduct("power course=0 speed=10 heading=10", "power course=270 speed=10 at=2,0", INTL).kinematics
    assert round(k.relative_bearing_deg, 6) == 80.0   # heading, not course, sets the bow


def test_vectorised_approach_matches_one_by_one():
    import numpy as np

    from navlights import geometry as g
    x, y = np.array([0.0, 5.0, 3.0]), np.array([10.0, 0.0, 4.0])
    vx, vy = np.array([0.0, 0.0, -6.0]), np.array([-20.0, -10.0, 0.0])
    a = g.approach(x, y, vx, vy)
    assert a.cpa_nm.tolist() == pytest.approx([0.0, 5.0, 4.0]) and a.tcpa_min.tolist() == pytest.approx([30.0, 0.0, 30.0])


@pytest.mark.parametrize("cpa_limit, risk", [(0.5, False), (0.8, True)])
def test_risk_of_collision_is_a_convention(cpa_limit, risk):
    # Closing to a CPA of 0.6 nm in the future: risk or not by the named convention.
    c = api.conduct("power course=0 speed=0", "power course=270 speed=6 at=3,0.6", INTL, risk_cpa_nm=cpa_limit)
    assert c.kinematics.cpa_nm == pytest.approx(0.6) and c.risk_of_collision is risk


# --- Answers and bad input ----------------------------------------------------------------------------------------
def test_answer_leads_with_the_roles():
    d = api.conduct_json(OWN, collision("power", 45), INTL)
    assert d["answer"].startswith("She is crossing from your starboard side: you are the give-way vessel (Rule 15)")
    assert "6°" in d["conventions"]["words"] and "colregs-core" in d["conventions"]["words"]
    d = api.conduct_json(OWN, collision("power", 315), INTL)
    assert d["answer"].startswith("She is crossing from your port side: she is the give-way vessel; you stand on")


@pytest.mark.parametrize("own, other, kw, field", [
    ("power course=400 speed=1", OWN, {}, "own.course"),
    (OWN, "power course=1 speed=-3", {}, "other.speed"),
    (OWN, "power course=1", {}, "other"),
    (OWN, "boat course=1 speed=2", {}, "other"),
    (OWN, "power course=1 speed=2 wind=aft", {}, "other.wind"),
    (OWN, "power course=1 speed=2 at=x", {}, "other.at"),
    (OWN, "power course=1 speed=2 bearing=10", {}, "other.bearing"),
    (OWN, collision("power", 45), {"area": "canal"}, "area"),
    (OWN, collision("power", 45), {"waters": "nile"}, "waters"),
    (OWN, collision("power", 45), {"head_on_deg": 90.0}, "head_on_deg"),
])
def test_bad_input_is_one_line(own, other, kw, field):
    with pytest.raises(NavlightsError) as e:
        api.conduct(own, other, INTL, **kw)
    assert e.value.field == field and "\n" not in str(e.value)


@pytest.mark.parametrize("patch, problem", [
    ({"duty": [{"id": "x", "who": [{"status": ["boat"]}], "duty": "not-impede", "effect": "not-impede",
                "summary": "s", "cite": "Rule 9", "provenance": "primary", "source": ["S"]}]}, "unknown status 'boat'"),
    ({"paragraph": [{"role": "crossing", "summary": "s", "cite": "Rule 15", "provenance": "primary",
                     "source": ["T"]}]}, "provenance 'primary' needs"),
    ({"paragraph": [{"role": "crossing", "summary": "s", "cite": "Rule 15", "provenance": "gap"}]}, "needs a note"),
    ({"paragraph": [{"role": "swimming", "summary": "s", "cite": "Rule 15", "provenance": "primary", "source": ["S"]}]},
     "unknown role"),
    ({"colour": "red"}, "unknown key"),
])
def test_conduct_files_are_strict(patch, problem):
    data = {"schema": 1, "conduct": {"edition": "intl-1972", "summary": "s"},
            "source": [{"id": "S", "kind": "statute", "title": "t"}, {"id": "T", "kind": "textbook", "title": "t"}]}
    data.update(patch)
    with pytest.raises(RuleDataError) as e:
        parse_conduct(data)
    assert problem in str(e.value)
