"""Lighting plans: Annex I's technical checks (src/navlights/plan/annex.py), at and either side of each limit.

Expected values are read from COLREGs 1972 Annex I (and 33 CFR 84 for us-inland), not from the engine:
- 7 (84.13(b)): the corners of each colour's area on the CIE diagram. White 0.525 0.382, 0.525 0.440,
  0.452 0.440, 0.310 0.348, 0.310 0.283, 0.443 0.382; green 0.028 0.385, 0.009 0.723, 0.300 0.511,
  0.203 0.356; red 0.680 0.320, 0.660 0.320, 0.735 0.265, 0.721 0.259 (the edge through 0.680 0.320 and
  0.735 0.265 lies on x + y = 1, the one through 0.721 0.259 and 0.660 0.320 on x + y = 0.98); yellow 0.612
  0.382, 0.618 0.382, 0.575 0.425, 0.575 0.406.
- 5 (84.05(a)): sidelights of a vessel of 20 m or more have inboard screens painted matt black, meeting 9.
- 9(a)(i) (84.15(a)(i)): forward, a sidelight shows the minimum intensity and cuts off between 1 and 3
  degrees outside its sector; 9(a)(ii): masthead lights, sternlights and a sidelight's after end keep the
  minimum up to 5 degrees inside the limits, may fall by half to the limits, and cut off at most 5 degrees
  outside.
- 10(a) (84.16(a)): the minimum from 5 degrees above to 5 below the horizontal, 60% of it from 7.5 above to
  7.5 below; 10(b) for a sailing vessel under way: the minimum within 5 degrees, 50% within 25.
- 8: 94 cd for 6 miles, 12 cd for 3, 4.3 cd for 2 (the table).
- 2(b) (84.02(b)): the after masthead light seen over and separate from the forward one from sea level
  1,000 m from the stem in all normal trim. Worked by hand for the 120 m example (stem at x = 120; forward
  light x 95, z 12; after light x 35, z 16.5): the eye is 1,025 m from the forward light and 1,085 m from
  the after one; the after light clears the sight line while (F + 16.5) * 1025 > (F + 12) * 1085, i.e. for
  a freeboard F below (16.5 * 1025 - 12 * 1085) / 60 = 64.875 m. Trimmed by the stern psi about amidships
  (x 60), the forward light rises 35 tan psi and the after one sinks 25 tan psi: with F = 10 it clears while
  3.2122 > 62.0488 tan psi, i.e. psi below 2.96 degrees. (Annex I 13(b)'s formula for high-speed craft,
  (a + 17 psi) C / 1000 + 2, is the same geometry plus a 2 m margin.)
"""

from __future__ import annotations

import json

import pytest

import navlights.api as api
from navlights.errors import PlanError
from navlights.plan.annex import inside

SHIP = "intl-1972-120m-power.json"
YACHT = "intl-1972-15m-sailing-yacht.json"


def example(name):
    return json.loads(api.example_plans()[name])


def light(p, lid):
    return next(x for x in p["lights"] if x["id"] == lid)


def found(p, check, lid=None):
    r = api.check_plan(p)
    return [f for f in r.findings if f.check == check and (lid is None or f.light_id == lid)]


def statuses(p, check, lid=None):
    return {f.status for f in found(p, check, lid)}


# --- 7: colour boundaries --------------------------------------------------------------------------------

@pytest.mark.parametrize("colour, xy, ok", [
    ("white", (0.525, 0.410), True),      # on the edge x = 0.525
    ("white", (0.5249, 0.410), True),
    ("white", (0.5251, 0.410), False),
    ("white", (0.500, 0.440), True),      # on the edge y = 0.440
    ("white", (0.500, 0.4401), False),
    ("white", (0.500, 0.4399), True),
    ("white", (0.310, 0.283), True),      # a corner
    ("white", (0.443, 0.382), True),      # the inward corner
    ("white", (0.443, 0.381), False),     # just below it: outside
    ("white", (0.443, 0.383), True),
    ("green", (0.2515, 0.4335), True),    # midway along 0.300 0.511 - 0.203 0.356
    ("green", (0.2525, 0.4335), False),
    ("green", (0.2505, 0.4335), True),
    ("green", (0.009, 0.723), True),
    ("green", (0.300, 0.300), False),
    ("red", (0.700, 0.300), True),        # on x + y = 1
    ("red", (0.701, 0.300), False),
    ("red", (0.699, 0.300), True),
    ("red", (0.690, 0.290), True),        # on x + y = 0.98
    ("red", (0.689, 0.290), False),
    ("red", (0.670, 0.320), True),        # on y = 0.320
    ("red", (0.670, 0.3201), False),
    ("red", (0.670, 0.3199), True),
    ("yellow", (0.600, 0.400), True),     # on x + y = 1
    ("yellow", (0.601, 0.400), False),
    ("yellow", (0.599, 0.400), True),
    ("yellow", (0.575, 0.415), True),     # on x = 0.575
    ("yellow", (0.5749, 0.415), False),
])
def test_colour_areas(colour, xy, ok):
    assert inside(api.edition("intl-1972").annex_checks.area(colour), xy) is ok


@pytest.mark.parametrize("lid, xy, status", [
    ("fwd-masthead", (0.5249, 0.410), "pass"),
    ("fwd-masthead", (0.5251, 0.410), "fail"),
    ("stbd-side", (0.2505, 0.4335), "pass"),
    ("stbd-side", (0.2525, 0.4335), "fail"),
    ("port-side", (0.699, 0.300), "pass"),
    ("port-side", (0.701, 0.300), "fail"),
    ("port-side", None, "not-checked"),
])
def test_chromaticity_in_a_plan(lid, xy, status):
    p = example(SHIP)
    light(p, lid)["chromaticity"] = xy
    f = found(p, "chromaticity", lid)
    assert [x.status for x in f] == [status] and f[0].cite == "intl-1972 Annex I 7"


def test_chromaticity_yellow_and_inland_cite():
    p = example("intl-1972-30m-tug.json")
    p["edition"] = "us-inland"
    light(p, "towing-light")["chromaticity"] = [0.601, 0.400]
    f = found(p, "chromaticity", "towing-light")
    assert [x.status for x in f] == ["fail"] and f[0].cite == "us-inland Sec. 84.13(b)"


# --- 5 and 9(a)(i): sidelight screens --------------------------------------------------------------------

@pytest.mark.parametrize("screen, expected", [
    (None, {"not-checked"}),
    ({"inboard": True, "matt_black": True}, {"pass"}),
    ({"inboard": False, "matt_black": True}, {"fail"}),
    ({"inboard": True, "matt_black": False}, {"fail"}),
    ({"inboard": True, "matt_black": True, "cutoff_deg": 1.0}, {"pass"}),
    ({"inboard": True, "matt_black": True, "cutoff_deg": 0.9}, {"pass", "fail"}),
    ({"inboard": True, "matt_black": True, "cutoff_deg": 3.0}, {"pass"}),
    ({"inboard": True, "matt_black": True, "cutoff_deg": 3.1}, {"pass", "fail"}),
])
def test_sidelight_screens_20m_or_more(screen, expected):
    p = example(SHIP)
    if screen is not None:
        light(p, "stbd-side")["screen"] = screen
    f = found(p, "screen", "stbd-side")
    assert {x.status for x in f} == expected
    assert all(x.cite.startswith("intl-1972 Annex I 5") for x in f)


def test_screen_under_20m_only_where_needed():
    p = example(YACHT)
    f = found(p, "screen", "stbd-side")
    assert [x.status for x in f] == ["not-checked"] and "where needed" in f[0].limit
    light(p, "stbd-side")["screen"] = {"inboard": True, "matt_black": False}
    assert statuses(p, "screen", "stbd-side") == {"fail"}


# --- 9(a): horizontal sectors ------------------------------------------------------------------------------

@pytest.mark.parametrize("lid, sector, expected", [
    # starboard sidelight [0, 112.5], 3 miles = 12 cd: forward end (0) cut-off 1 to 3 degrees, the minimum;
    # after end cut-off at most 5 degrees, at least half the minimum (6 cd); the minimum up to 5 degrees inside
    ("stbd-side", {"cutoff_outside_deg": [1.0, 5.0]}, {"pass"}),
    ("stbd-side", {"cutoff_outside_deg": [3.0, 4.9]}, {"pass"}),
    ("stbd-side", {"cutoff_outside_deg": [0.9, 5.0]}, {"pass", "fail"}),
    ("stbd-side", {"cutoff_outside_deg": [3.1, 5.0]}, {"pass", "fail"}),
    ("stbd-side", {"cutoff_outside_deg": [2.0, 5.1]}, {"pass", "fail"}),
    ("stbd-side", {"min_cd_edges": [12.0, 6.0]}, {"pass", "not-checked"}),
    ("stbd-side", {"min_cd_edges": [11.9, 6.0]}, {"pass", "fail", "not-checked"}),
    ("stbd-side", {"min_cd_edges": [12.0, 5.9]}, {"pass", "fail", "not-checked"}),
    ("stbd-side", {"min_cd_within_5_deg": 12.0}, {"not-checked", "pass"}),
    ("stbd-side", {"min_cd_within_5_deg": 11.9}, {"not-checked", "fail"}),
    # port sidelight [247.5, 360]: the forward end is the second
    ("port-side", {"cutoff_outside_deg": [5.0, 1.0]}, {"pass"}),
    ("port-side", {"cutoff_outside_deg": [5.0, 0.9]}, {"pass", "fail"}),
    ("port-side", {"cutoff_outside_deg": [1.0, 5.0]}, {"pass", "fail"}),
    # masthead light, 6 miles = 94 cd: half at the edges is 47 cd; cut-off at most 5 degrees both ends
    ("fwd-masthead", {"cutoff_outside_deg": [5.0, 5.0], "min_cd_edges": [47.0, 47.0],
                      "min_cd_within_5_deg": 94.0}, {"pass"}),
    ("fwd-masthead", {"cutoff_outside_deg": [5.0, 5.1], "min_cd_edges": [47.0, 47.0],
                      "min_cd_within_5_deg": 94.0}, {"pass", "fail"}),
    ("fwd-masthead", {"cutoff_outside_deg": [5.0, 5.0], "min_cd_edges": [46.9, 47.0],
                      "min_cd_within_5_deg": 94.0}, {"pass", "fail"}),
    ("fwd-masthead", {"cutoff_outside_deg": [5.0, 5.0], "min_cd_edges": [47.0, 47.0],
                      "min_cd_within_5_deg": 93.9}, {"pass", "fail"}),
    # sternlight, 3 miles = 12 cd: 6 cd at the edges
    ("stern", {"cutoff_outside_deg": [4.9, 5.0], "min_cd_edges": [6.0, 6.0], "min_cd_within_5_deg": 12.0},
     {"pass"}),
    ("stern", {"cutoff_outside_deg": [4.9, 5.0], "min_cd_edges": [6.0, 5.9], "min_cd_within_5_deg": 12.0},
     {"pass", "fail"}),
    ("stern", None, {"not-checked"}),
])
def test_horizontal_sectors(lid, sector, expected):
    p = example(SHIP)
    if sector is not None:
        light(p, lid)["horizontal_sector"] = sector
    assert statuses(p, "horizontal-sector", lid) == expected


def test_horizontal_sector_cites_paragraph_exact():
    p = example(SHIP)
    light(p, "stbd-side")["horizontal_sector"] = {"cutoff_outside_deg": [2.0, 4.0], "min_cd_edges": [12, 6]}
    cites = {(f.measured.split(" ")[-2] if f.measured else "", f.cite) for f in found(p, "horizontal-sector",
                                                                                      "stbd-side")}
    assert ("0°", "intl-1972 Annex I 9(a)(i)") in cites and ("112.5°", "intl-1972 Annex I 9(a)(ii)") in cites
    p["edition"] = "us-inland"
    f = found(p, "horizontal-sector", "stbd-side")
    assert {x.cite for x in f} <= {"us-inland Sec. 84.15(a)(i)", "us-inland Sec. 84.15(a)(ii)",
                                   "us-inland Sec. 84.15(a)"}
    assert any("84.01(c)" in x.limit for x in f)           # Inland defines practical cut-off: 12.5%


# --- 10: vertical sectors ------------------------------------------------------------------------------------

@pytest.mark.parametrize("sector, expected", [
    # masthead light, 94 cd: all of it within 5 degrees, 60% (56.4 cd) within 7.5 degrees
    ({"min_cd_5_deg": 94.0, "min_cd_7_5_deg": 56.4}, {"pass"}),
    ({"min_cd_5_deg": 93.9, "min_cd_7_5_deg": 56.4}, {"pass", "fail"}),
    ({"min_cd_5_deg": 94.0, "min_cd_7_5_deg": 56.3}, {"pass", "fail"}),
    ({"min_cd_5_deg": 94.0}, {"pass", "not-checked"}),
    (None, {"not-checked"}),
])
def test_vertical_sectors_power(sector, expected):
    p = example(SHIP)
    if sector is not None:
        light(p, "fwd-masthead")["vertical_sector"] = sector
    f = found(p, "vertical-sector", "fwd-masthead")
    assert {x.status for x in f} == expected
    assert all(x.cite.startswith("intl-1972 Annex I 10(a)") for x in f)


@pytest.mark.parametrize("sector, sailing, power", [
    # sidelight of a 15 m yacht, 2 miles = 4.3 cd. Under sail 10(b): 50% (2.15 cd) within 25 degrees;
    # under power 10(a): 60% (2.58 cd) within 7.5 degrees
    ({"min_cd_5_deg": 4.3, "min_cd_25_deg": 2.15, "min_cd_7_5_deg": 2.58}, {"pass"}, {"pass"}),
    ({"min_cd_5_deg": 4.3, "min_cd_25_deg": 2.14, "min_cd_7_5_deg": 2.58}, {"pass", "fail"}, {"pass"}),
    ({"min_cd_5_deg": 4.3, "min_cd_25_deg": 2.15, "min_cd_7_5_deg": 2.57}, {"pass"}, {"pass", "fail"}),
    ({"min_cd_5_deg": 4.29, "min_cd_25_deg": 2.15, "min_cd_7_5_deg": 2.58}, {"pass", "fail"}, {"pass", "fail"}),
])
def test_vertical_sectors_sailing_vessel_under_way(sector, sailing, power):
    p = example(YACHT)
    light(p, "stbd-side")["vertical_sector"] = sector
    f = found(p, "vertical-sector", "stbd-side")
    under_sail = {x.status for x in f if "10(b)" in x.cite}
    under_power = {x.status for x in f if "10(a)" in x.cite}
    assert under_sail == sailing and under_power == power


# --- 2(b): the 1,000 m condition ---------------------------------------------------------------------------

@pytest.mark.parametrize("hull, status, words", [
    (None, "not-checked", "freeboard up to 64.8"),            # 64.875 (its last digit is float rounding)
    ({"freeboard_m": 64.8}, "pass", "level trim"),
    ({"freeboard_m": 64.9}, "fail", "level trim"),
    ({"freeboard_m": 10, "trim_deg": [0, 2.9]}, "pass", "trim 2.9°"),
    ({"freeboard_m": 10, "trim_deg": [0, 3.0]}, "fail", "trim 3°"),
    ({"freeboard_m": 10, "trim_deg": [-3.0, 0]}, "pass", "trim 0°"),  # by the head only helps
    # no freeboard, trimmed 3 degrees: (3.7976 - 62.0488 tan 3) / (60 / 1025) = 9.32 m
    ({"trim_deg": [0, 3.0]}, "not-checked", "freeboard up to 9.3"),
])
def test_masthead_lights_1000m(hull, status, words):
    p = example(SHIP)
    if hull is not None:
        p["hull"] = hull
    f = found(p, "visibility-1000m")
    assert [x.status for x in f] == [status] and f[0].light_id == "aft-masthead"
    assert words in f[0].measured and f[0].cite == "intl-1972 Annex I 2(b)"
    if hull is None:
        assert float(f[0].measured.split("up to ")[1].split(" m")[0]) == pytest.approx(64.875, abs=0.006)


def test_1000m_fails_at_any_freeboard_when_the_after_light_is_too_low():
    p = example(SHIP)
    light(p, "aft-masthead")["position_m"]["z"] = 12.6      # 12 * 1085 / 1025 = 12.70: below at freeboard 0
    assert [x.status for x in found(p, "visibility-1000m")] == ["fail"]


def test_1000m_inland_and_not_for_sail():
    p = example(SHIP)
    p["edition"], p["hull"] = "us-inland", {"freeboard_m": 5}
    assert [x.cite for x in found(p, "visibility-1000m")] == ["us-inland Sec. 84.02(b)"]
    assert found(example(YACHT), "visibility-1000m") == []


def test_technical_facts_are_reported_once_per_light():
    r = api.check_plan(example(SHIP))
    keys = [(f.check, f.light_id) for f in r.findings if f.check == "chromaticity"]
    assert len(keys) == len(set(keys)) == 9                  # nine lights, three states


def test_older_editions_have_no_annex_checks():
    r = api.check_plan(example("intl-1960-61m-power.json"))
    assert not [f for f in r.findings if f.check in ("chromaticity", "screen", "horizontal-sector",
                                                     "vertical-sector", "visibility-1000m")]
    assert "no Annex I" in r.notes[-1]


# --- the plan's own notes are carried into the report ------------------------------------------------------

def test_plan_notes_shown():
    p = example(SHIP)
    p["notes"] = ["Length: cited. Light positions: assumed."]
    r = api.check_plan(p)
    assert r.notes[0] == "About this plan: Length: cited. Light positions: assumed."
    assert r.to_dict()["plan_notes"] == ["Length: cited. Light positions: assumed."]
    assert "Light positions: assumed." in api.plan_report_html(r)


# --- bad technical facts: one line naming the field ---------------------------------------------------------

@pytest.mark.parametrize("where, value, field", [
    # the element at fault is named (issue 23 item 7: finite numbers, each checked where it stands)
    (("lights", 0, "chromaticity"), [float("nan"), 0.4], "lights[0].chromaticity[0]"),
    (("lights", 0, "chromaticity"), [1.2, 0.4], "lights[0].chromaticity"),
    (("lights", 0, "screen"), {"inboard": True}, "lights[0].screen.matt_black"),
    (("lights", 0, "screen"), {"inboard": True, "matt_black": True, "cutoff_deg": 50}, "lights[0].screen.cutoff_deg"),
    (("lights", 0, "horizontal_sector"), {"cutoff_outside_deg": [1, float("inf")]},
     "lights[0].horizontal_sector.cutoff_outside_deg[1]"),
    (("lights", 0, "horizontal_sector"), {"min_cd_edges": [-1, 5]}, "lights[0].horizontal_sector.min_cd_edges"),
    (("lights", 0, "vertical_sector"), {"min_cd_5_deg": float("nan")}, "lights[0].vertical_sector.min_cd_5_deg"),
    (("lights", 0, "vertical_sector"), {"min_cd_6_deg": 3}, "lights[0].vertical_sector.min_cd_6_deg"),
    (("hull",), {"freeboard_m": -1}, "hull.freeboard_m"),
    (("hull",), {"trim_deg": [2, 1]}, "hull.trim_deg"),
    (("notes",), ["x" * 1001], "notes[0]"),
])
def test_bad_technical_facts(where, value, field):
    p = example(SHIP)
    node = p
    for k in where[:-1]:
        node = node[k]
    node[where[-1]] = value
    with pytest.raises(PlanError) as e:
        api.check_plan(p)
    assert e.value.field == field and "\n" not in str(e.value) and str(e.value).startswith(field)


# --- a real vessel: RRS Sir David Attenborough (particulars cited in the plan's notes, positions assumed) -----

SDA = "intl-1972-rrs-sir-david-attenborough.json"


def test_sda_complies_in_each_state():
    r = api.check_plan(example(SDA))
    assert r.compliant and r.counts()["fail"] == 0
    assert r.states == ("as described", "status=anchored", "not_under_command=True", "restricted=survey")
    # each state's required lights are all present
    for state in r.states:
        assert {f.status for f in r.findings if f.state == state and f.check == "presence"} == {"pass"}
    # 2(b): freeboard 6 m, trim up to 1 degree by the stern; forward light x 98 z 20, after light x 32 z 25,
    # stem at 129 m. At tan 1° = 0.017455 about amidships (64.5): forward 26 + 33.5 t = 26.585 m above the
    # water, 1,031 m off; after 31 - 32.5 t = 30.433 m, 1,097 m off: the sight line there is at 28.287 m.
    f = found(example(SDA), "visibility-1000m")
    assert [x.status for x in f] == ["pass"] and "2.15 m above the sight line at trim 1°" in f[0].measured


def test_sda_complies_on_either_cited_length():
    p = example(SDA)
    p["vessel"]["length"] = "128 m"        # Marine Technology Reporter's figure
    assert api.check_plan(p).compliant


def test_sda_notes_cite_and_assume():
    notes = example(SDA)["notes"]
    assert any("nationalacademies.org" in n and "129 m" in n and "7 m" in n for n in notes)
    assert any("marinelink.com" in n and "128 m" in n and "24 m" in n for n in notes)
    assert any(n.startswith("Assumed:") and "position" in n for n in notes)


def test_sda_end_to_end_cli(tmp_path, capsys):
    from navlights.cli import main
    path = tmp_path / "sda.json"
    path.write_text(api.example_plans()[SDA])
    assert main(["check-plan", str(path)]) == 0
    out = capsys.readouterr().out
    assert "COMPLIANT under intl-1972" in out and "About this plan: Vessel: RRS Sir David Attenborough" in out
    assert main(["check-plan", str(path), "--json", "--html", str(tmp_path / "r.html")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["compliant"] is True and data["plan_notes"][0].startswith("Vessel: RRS Sir David Attenborough")
    assert data["hull"]["freeboard_m"] == 6.0
    page = (tmp_path / "r.html").read_text()
    assert "About this plan" in page and "waterline" in page and 'class="dim"' not in page


def test_a_failing_dimension_is_drawn():
    p = example(SDA)
    light(p, "aft-masthead")["position_m"]["x"] = 40.0     # 58 m abaft the forward light: half the length is 64.5
    svg = api.plan_views_svg(api.check_plan(p))
    assert svg.count('class="dim"') == 1 and 'data-role="masthead-aft"' in svg
    assert "58.00 m abaft &#x27;masthead&#x27; (limit 64.50 m)" in svg


def test_vertical_sectors_inland_sailing_cite():
    p = example(YACHT)
    p["edition"] = "us-inland"
    light(p, "stbd-side")["vertical_sector"] = {"min_cd_5_deg": 4.3, "min_cd_25_deg": 2.14}
    f = {x.cite: x.status for x in found(p, "vertical-sector", "stbd-side") if "84.16(b)" in x.cite}
    assert f == {"us-inland Sec. 84.16(b)(i)": "pass", "us-inland Sec. 84.16(b)(ii)": "fail"}


# --- every finding cites the paragraph that sets its limit (issue 25) ------------------------------------------
# COLREGs 1972 Annex I: 2(a)(i) forward masthead light at least 6 m above the hull and at least the breadth
# (need not exceed 12 m); 2(a)(ii) the after one at least 4.5 m higher; 3(a) at least half the length apart (need
# not exceed 100 m), the forward one within a quarter of the length from the stem; 2(g) sidelights no higher
# than three quarters of the forward masthead light; 3(b) (20 m or more) sidelights not in front of the forward
# masthead light; 2(k) forward anchor light 6 m above the hull (50 m or more) and 4.5 m above the after one;
# 2(i)(i) (20 m or more) lights in a vertical line at least 2 m apart, the lowest at least 4 m above the hull;
# 6(b) shapes at least 1.5 m apart. Rule 22(a): masthead light 6 miles from 50 m. 33 CFR 84 (us-inland): 84.02(a)(i)
# 5 m, the breadth, need not exceed 8 m; 84.02(a)(ii) 2 m higher; 84.02(g) sidelights at least 1 m lower than the
# forward masthead light; 84.02(k) as 2(k); 84.02(i) vertical lines 1 m apart. The 120 m example: breadth 20 m.

@pytest.mark.parametrize("edition, lid, key, value, state, check, cite", [
    ("intl-1972", "fwd-masthead", "z", 8, "as described", "height", "Annex I 2(a)(i)"),       # under 12 m
    ("intl-1972", "fwd-masthead", "x", 80, "as described", "position", "Annex I 3(a)"),       # 40 m from the stem
    ("intl-1972", "aft-masthead", "z", 15, "as described", "relation", "Annex I 2(a)(ii)"),   # 3 m higher only
    ("intl-1972", "aft-masthead", "x", 50, "as described", "relation", "Annex I 3(a)"),       # 45 m abaft, not 60
    ("intl-1972", "stbd-side", "z", 10, "as described", "relation", "Annex I 2(g)"),          # over 0.75 x 12 m
    ("intl-1972", "stbd-side", "x", 100, "as described", "relation", "Annex I 3(b)"),         # before the masthead
    ("intl-1972", "anchor-fwd", "z", 5, "status=anchored", "height", "Annex I 2(k)"),        # under 6 m
    ("intl-1972", "anchor-aft", "z", 6, "status=anchored", "relation", "Annex I 2(k)"),      # 4 m below, not 4.5
    ("intl-1972", "nuc-lower", "z", 3.5, "not_under_command=True", "height", "Annex I 2(i)(i)"),  # under 4 m
    ("intl-1972", "nuc-upper", "z", 19, "not_under_command=True", "spacing", "Annex I 2(i)(i)"),  # 1 m apart
    ("us-inland", "fwd-masthead", "z", 7, "as described", "height", "Sec. 84.02(a)(i)"),     # under 8 m
    ("us-inland", "aft-masthead", "z", 13, "as described", "relation", "Sec. 84.02(a)(ii)"),  # 1 m higher only
    ("us-inland", "stbd-side", "z", 11.5, "as described", "relation", "Sec. 84.02(g)"),       # 0.5 m lower only
    ("us-inland", "anchor-fwd", "z", 5, "status=anchored", "height", "Sec. 84.02(k)"),
    ("us-inland", "nuc-upper", "z", 18.5, "not_under_command=True", "spacing", "Sec. 84.02(i)"),  # 0.5 m apart
])
def test_each_failure_cites_the_paragraph_of_its_limit(edition, lid, key, value, state, check, cite):
    p = example(SHIP)
    p["edition"] = edition
    light(p, lid)["position_m"][key] = value
    fails = [f for f in api.check_plan(p).findings if f.status == "fail" and f.light_id == lid]
    assert [(f.state, f.check, f.cite) for f in fails] == [(state, check, f"{edition} {cite}")]


def test_shape_spacing_cites_annex_i_6b():
    p = example(SHIP)
    next(s for s in p["shapes"] if s["id"] == "nuc-ball-upper")["position_m"]["z"] = 13.6   # 1.0 m above, not 1.5
    fails = [f for f in api.check_plan(p).findings if f.status == "fail"]
    assert [(f.check, f.light_id, f.cite) for f in fails] == [("spacing", "nuc-ball-upper", "intl-1972 Annex I 6(b)")]


def test_a_certified_range_cites_rule_22():
    p = example(SHIP)
    fwd = light(p, "fwd-masthead")
    del fwd["intensity_cd"]
    fwd["range_nm"] = 5                       # Rule 22(a): 6 miles from 50 m
    f = [x for x in found(p, "range", "fwd-masthead")]
    assert [(x.status, x.cite) for x in f] == [("fail", "intl-1972 Rule 22(a)")]


def test_no_finding_cites_rule_21_for_a_placement_limit():
    """Rule 21 defines the lights (colour, arc); it sets no height, spacing or position."""
    for edition in ("intl-1972", "us-inland"):
        p = example(SHIP)
        p["edition"] = edition
        for f in api.check_plan(p).findings:
            if f.check in ("height", "relation", "spacing", "position"):
                assert "Rule 21" not in f.cite, (f.check, f.role, f.cite)


# --- two lights marked 'masthead': the after one is taken as 'masthead-aft', and the report says so ------------

def test_both_masthead_lights_marked_masthead():
    p = example(SHIP)
    light(p, "aft-masthead")["role"] = "masthead"
    r = api.check_plan(p)
    assert r.compliant                                              # the lights as fitted still comply
    aft = [f for f in r.findings if f.role == "masthead-aft"]
    assert aft and {f.light_id for f in aft} == {"aft-masthead"}
    assert {f.light_id for f in r.findings if f.role == "masthead"} == {"fwd-masthead"}
    said = [n for n in r.notes if n.startswith("Roles: ")]
    assert len(said) == 1 and "'aft-masthead'" in said[0] and "masthead-aft" in said[0] and "after" in said[0]


def test_a_role_given_twice_otherwise_is_named():
    p = example(SHIP)
    light(p, "anchor-aft")["role"] = "sternlight"                   # two lights marked 'sternlight'
    said = [n for n in api.check_plan(p).notes if n.startswith("Roles: ")]
    assert len(said) == 1 and "'sternlight' is given to 2 entries" in said[0] and "'stern'" in said[0]


def test_the_role_note_comes_first_in_the_terminal(tmp_path, capsys):
    from navlights.cli import main
    p = example(SHIP)
    light(p, "aft-masthead")["role"] = "masthead"
    f = tmp_path / "plan.json"
    f.write_text(json.dumps(p))
    assert main(["check-plan", str(f)]) == 0
    out = capsys.readouterr().out
    assert out.index("Roles:") < out.index("Not checked") and out.count("Roles:") == 1


def test_the_role_note_comes_first_on_the_web_page(tmp_path):
    from fastapi.testclient import TestClient

    from navlights.web.app import create_app
    p = example(SHIP)
    light(p, "aft-masthead")["role"] = "masthead"
    c = TestClient(create_app(tmp_path / "p.db"), headers={"Origin": "http://testserver"})
    r = c.post("/plan", data={"plan": json.dumps(p)})
    assert r.status_code == 200 and "The plan complies" in r.text
    assert 'id="plan-roles"' in r.text and r.text.count("Roles: ") == 1
    assert r.text.index("Roles: ") < r.text.index("State: as described")
