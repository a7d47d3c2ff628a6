"""Lighting-plan compliance (issue 16): table-driven checks at and either side of each limit, bad plans.

Expected values are read from the rule texts, not from the engine:
- intl-1960 Rule 2(a)(i): the forward masthead light at least 20 ft above the hull, and at least the breadth
  where the breadth exceeds 20 ft, but never needed higher than 40 ft; arc 20 points (225°), range 5 miles.
- Rule 2(a)(ii): the second masthead light at least 15 ft higher than the first, the horizontal distance
  between them at least three times the vertical.
- Rule 2(a)(iv)-(v): green on the starboard side, red on the port side, 10 points (112.5°) each, 2 miles.
- Rule 11 (as carried over, inferred): at anchor, a vessel of 150 ft or more shows two white lights.
- COLREGs 1972 Annex I 8: I = 3.43e6 T D^2 K^-D with T = 2e-7 lux, K = 0.8; the Annex's table gives
  0.9, 4.3, 12, 27, 52 and 94 cd for 1 to 6 miles.
"""

from __future__ import annotations

import copy
import json
import math

import pytest

import navlights.api as api
from navlights.errors import PlanError
from navlights.model import Citation, Intensity

FT = 0.3048

BASE = {
    "edition": "intl-1960",
    "vessel": {"propulsion": "power", "length": "61 m", "breadth": "10 m"},
    "lights": [
        {"id": "fwd-masthead", "role": "masthead", "colour": "white", "arc_deg": [247.5, 112.5],
         "position_m": {"x": 45, "y": 0, "z": 10}, "range_nm": 5},
        {"id": "aft-masthead", "role": "masthead-aft", "colour": "white", "arc_deg": [247.5, 112.5],
         "position_m": {"x": 20, "y": 0, "z": 15}, "range_nm": 5},
        {"id": "stbd", "role": "sidelight-starboard", "colour": "green", "arc_deg": [0, 112.5],
         "position_m": {"x": 40, "y": 5, "z": 6}, "range_nm": 2},
        {"id": "port", "role": "sidelight-port", "colour": "red", "arc_deg": [247.5, 360],
         "position_m": {"x": 40, "y": -5, "z": 6}, "range_nm": 2},
        {"id": "stern", "role": "sternlight", "colour": "white", "arc_deg": [112.5, 247.5],
         "position_m": {"x": 0.5, "y": 0, "z": 3}},
    ],
}


def plan(**changes):
    """BASE with changes: 'breadth', or '<light id>.<field>' = value (position fields as 'z', 'x', 'y')."""
    p = copy.deepcopy(BASE)
    for key, value in changes.items():
        if key == "breadth":
            p["vessel"]["breadth"] = value
            continue
        lid, field = key.split("__")
        light = next(x for x in p["lights"] if x["id"] == lid.replace("_", "-"))
        if field in ("x", "y", "z"):
            light["position_m"][field] = value
        elif value is None:
            light.pop(field, None)
        else:
            light[field] = value
    return p


def statuses(report, check, role):
    return {f.status for f in report.findings if f.check == check and f.role == role}


def test_base_plan_complies_under_way():
    r = api.check_plan(BASE)
    assert r.compliant, [f for f in r.findings if f.status == "fail"]
    assert r.counts()["pass"] >= 15


@pytest.mark.parametrize("changes, check, role, status", [
    # Rule 2(a)(i): breadth 10 m (over 20 ft): at least 10 m above the hull
    ({"fwd_masthead__z": 10.0}, "height", "masthead", {"pass"}),
    ({"fwd_masthead__z": 9.99, "aft_masthead__z": 14.99}, "height", "masthead", {"fail"}),
    # breadth 15 m: capped at 40 ft = 12.192 m
    ({"breadth": "15 m", "fwd_masthead__z": 12.2, "aft_masthead__z": 17.0}, "height", "masthead", {"pass"}),
    ({"breadth": "15 m", "fwd_masthead__z": 12.1, "aft_masthead__z": 17.0}, "height", "masthead", {"fail"}),
    # breadth 5 m (under 20 ft): at least 20 ft = 6.096 m
    ({"breadth": "5 m", "fwd_masthead__z": 6.1, "aft_masthead__z": 11, "stbd__y": 2.5, "port__y": -2.5},
     "height", "masthead", {"pass"}),
    ({"breadth": "5 m", "fwd_masthead__z": 6.09, "aft_masthead__z": 11, "stbd__y": 2.5, "port__y": -2.5},
     "height", "masthead", {"fail"}),
    # Rule 2(a)(ii): 15 ft = 4.572 m higher; horizontal at least 3 x vertical (here 25 m abaft)
    ({"aft_masthead__z": 10 + 15 * FT + 0.001}, "relation", "masthead-aft", {"pass"}),
    ({"aft_masthead__z": 10 + 15 * FT - 0.01}, "relation", "masthead-aft", {"fail", "pass"}),
    ({"aft_masthead__z": 15, "aft_masthead__x": 30}, "relation", "masthead-aft", {"pass"}),       # 15 >= 3 x 5
    ({"aft_masthead__z": 15, "aft_masthead__x": 30.1}, "relation", "masthead-aft", {"pass", "fail"}),
    # Rule 2(a)(i): 20 points from right ahead to 2 points abaft the beam on either side
    ({"fwd_masthead__arc_deg": [247.0, 113.0]}, "arc", "masthead", {"pass"}),     # within the 0.5° tolerance
    ({"fwd_masthead__arc_deg": [240.0, 120.0]}, "arc", "masthead", {"fail"}),
    ({"fwd_masthead__colour": "yellow"}, "colour", "masthead", {"fail"}),
    # Rule 2(a)(i): visible at least 5 miles; 2(a)(iv): sidelights 2 miles
    ({"fwd_masthead__range_nm": 4.9}, "range", "masthead", {"fail"}),
    ({"stbd__range_nm": 2.0}, "range", "sidelight-starboard", {"pass"}),
    ({"stbd__range_nm": 1.9}, "range", "sidelight-starboard", {"fail"}),
    # intl-1960 gives no law of intensity: candela alone cannot be checked
    ({"stbd__range_nm": None, "stbd__intensity_cd": 10}, "range", "sidelight-starboard", {"not-checked"}),
    # Rule 2(a)(iv)-(v): green on the starboard side, red on the port side
    ({"stbd__y": -5, "port__y": 5}, "side", "sidelight-starboard", {"fail"}),
    ({"stbd__y": -5, "port__y": 5}, "side", "sidelight-port", {"fail"}),
])
def test_limits(changes, check, role, status):
    r = api.check_plan(plan(**changes))
    assert statuses(r, check, role) == status


def test_missing_light_fails_presence():
    p = copy.deepcopy(BASE)
    p["lights"] = [x for x in p["lights"] if x["id"] != "port"]
    r = api.check_plan(p)
    assert not r.compliant
    assert statuses(r, "presence", "sidelight-port") == {"fail"}


def test_each_state_is_checked():
    """Rule 11 (inferred): at anchor, 150 ft and over, two white lights; a plan without them fails there."""
    p = copy.deepcopy(BASE)
    p["states"] = [{}, {"status": "anchored"}]
    r = api.check_plan(p)
    assert r.states == ("as described", "status=anchored")
    fails = {f.role for f in r.findings if f.status == "fail"}
    assert {"anchor-forward", "anchor-aft"} <= fails
    p["lights"] += [
        {"id": "anchor-f", "role": "anchor-forward", "colour": "white", "all_round": True,
         "position_m": {"x": 55, "y": 0, "z": 8}},
        {"id": "anchor-a", "role": "anchor-aft", "colour": "white", "all_round": True,
         "position_m": {"x": 2, "y": 0, "z": 3}}]
    p["shapes"] = [{"id": "ball", "role": "anchor-ball", "shape": "ball", "position_m": {"x": 55, "y": 0, "z": 6},
                    "size_m": 0.61}]
    assert api.check_plan(p).compliant


def test_a_rule_gap_is_reported_not_passed():
    """intl-1960 Rule 10 (stern light) was not found: its range and arc are not checked, and the report says so."""
    r = api.check_plan(BASE)
    stern = [f for f in r.findings if f.role == "sternlight" and f.check in ("arc", "range")]
    assert {f.status for f in stern} == {"not-checked"}
    assert any("not found" in f.limit for f in stern)


@pytest.mark.parametrize("distance_nm, candela", [(1, 0.9), (2, 4.3), (3, 12), (4, 27), (5, 52), (6, 94)])
def test_intensity_law_matches_the_annex_table(distance_nm, candela):
    law = Intensity(2e-7, 0.8, Citation("intl-1972", "Annex I 8", "primary"))
    assert math.isclose(law.candela(distance_nm), candela, rel_tol=0.06)


def _bad(path, value):
    p = copy.deepcopy(BASE)
    node = p
    *head, last = path
    for k in head:
        node = node[k]
    if value is KeyError:
        del node[last]
    else:
        node[last] = value
    return p


@pytest.mark.parametrize("path, value, field", [
    (("edition",), "intl-1984", "edition"),
    (("lights",), KeyError, "lights"),
    (("vessel", "length"), KeyError, "vessel.length"),
    (("vessel", "length"), "61 furlongs", "vessel.length"),
    (("lights", 0, "role"), "mast-head", "lights[0].role"),
    (("lights", 0, "colour"), "purple", "lights[0].colour"),
    (("lights", 0, "position_m", "x"), 70.0, "lights[0].position_m.x"),
    (("lights", 0, "position_m", "x"), -1.0, "lights[0].position_m.x"),
    (("lights", 2, "position_m", "y"), 6.0, "lights[2].position_m.y"),
    (("lights", 0, "position_m", "z"), -0.5, "lights[0].position_m.z"),
    (("lights", 0, "position_m", "z"), float("nan"), "lights[0].position_m.z"),
    (("lights", 0, "intensity_cd"), float("inf"), "lights[0].intensity_cd"),
    (("lights", 0, "arc_deg"), [0, 400], "lights[0].arc_deg"),
    (("lights", 1, "id"), "fwd-masthead", "lights[1].id"),
    (("lights", 0, "colour_x"), "white", "lights[0].colour_x"),
])
def test_bad_plans_one_line_naming_the_field(path, value, field):
    with pytest.raises(PlanError) as e:
        api.check_plan(_bad(path, value))
    assert e.value.field == field
    assert "\n" not in str(e.value) and str(e.value).startswith(field)


def test_nested_too_deep():
    deep: dict = {}
    node = deep
    for _ in range(50):
        node["a"] = {}
        node = node["a"]
    p = copy.deepcopy(BASE)
    p["vessel"]["extra"] = deep
    with pytest.raises(PlanError, match="too deep"):
        api.check_plan(p)


def test_cli_exit_codes_and_json(tmp_path):
    from navlights.cli import main
    good, bad, broken = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "broken.json"
    good.write_text(json.dumps(BASE))
    bad.write_text(json.dumps(plan(fwd_masthead__colour="yellow")))
    broken.write_text("{")
    assert main(["check-plan", str(good), "--json"]) == 0
    assert main(["check-plan", str(bad), "--json"]) == 1
    assert main(["check-plan", str(broken)]) == 2
    html = tmp_path / "r.html"
    assert main(["check-plan", str(bad), "--html", str(html)]) == 1
    text = html.read_text()
    assert "does not comply" in text and "<svg" in text and "<script" not in text


# Each kind of bad plan through the CLI: one line on stderr naming the field, exit 2, no traceback. The JSON
# texts are written out so that NaN arrives as JSON's NaN literal, as a file would carry it.
_LIGHT = ('{"id": "m", "role": "masthead", "colour": "white", "arc_deg": [247.5, 112.5], '
          '"position_m": {"x": 45, "y": 0, "z": 10}}')


@pytest.mark.parametrize("text, field", [
    ('{"edition": "intl-1960", "vessel": {"propulsion": "power", "length": "61 m"}}', "lights"),     # missing
    ('{"edition": "intl-1960", "vessel": {"propulsion": "power"}, "lights": [' + _LIGHT + "]}", "vessel.length"),
    ('{"edition": "intl-1960", "vessel": {"propulsion": "power", "length": "61 m"}, "lights": ['
     + _LIGHT.replace('"masthead"', '"mast-head"') + "]}", "lights[0].role"),                       # unknown role
    ('{"edition": "intl-1960", "vessel": {"propulsion": "power", "length": "61 m"}, "lights": ['
     + _LIGHT.replace('"x": 45', '"x": 61.5') + "]}", "lights[0].position_m.x"),                   # beyond the stem
    ('{"edition": "intl-1960", "vessel": {"propulsion": "power", "length": "61 m", "breadth": "10 m"}, "lights": ['
     + _LIGHT.replace('"y": 0', '"y": -5.01') + "]}", "lights[0].position_m.y"),                   # over the side
    ('{"edition": "intl-1960", "vessel": {"propulsion": "power", "length": "61 m"}, "lights": ['
     + _LIGHT.replace('"z": 10', '"z": NaN') + "]}", "lights[0].position_m.z"),                    # NaN
    ('{"edition": "intl-1960", "vessel": {"propulsion": "power", "length": "61 m"}, "lights": ['
     + _LIGHT.replace('"x": 45', '"x": Infinity') + "]}", "lights[0].position_m.x"),
])
def test_cli_bad_plans_exit_2_one_line(tmp_path, capsys, text, field):
    from navlights.cli import main
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert main(["check-plan", str(path), "--json"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err and err.split(": ")[2] == field, err


def test_html_escapes_plan_text():
    p = copy.deepcopy(BASE)
    p["lights"][0]["id"] = "<b>mast</b>"
    page = api.plan_report_html(api.check_plan(p))
    assert "<b>mast</b>" not in page and "&lt;b&gt;mast&lt;/b&gt;" in page


def test_report_and_input_match_their_schemas():
    from pathlib import Path

    import jsonschema
    schema = Path(__file__).parents[1] / "docs" / "schema"
    report = json.loads((schema / "plan-report.schema.json").read_text())
    plan_in = json.loads((schema / "plan-input.schema.json").read_text())
    jsonschema.Draft202012Validator(plan_in).validate(BASE)
    p = copy.deepcopy(BASE)
    p["states"] = [{}, {"status": "anchored"}]
    jsonschema.Draft202012Validator(report).validate(api.check_plan_json(p))


def test_web_page_and_json_twin(tmp_path):
    from fastapi.testclient import TestClient

    from navlights.web.app import create_app
    c = TestClient(create_app(tmp_path / "p.db"))
    r = c.get("/plan")
    assert r.status_code == 200 and "The plan complies" in r.text
    r = c.get("/plan", params={"example": "intl-1960-61m-power-after-masthead-too-low.json"})
    assert "does not comply" in r.text and "at least 4.57 m higher" in r.text      # Rule 2(a)(ii): 15 ft
    assert c.post("/plan.json", json=BASE).json()["compliant"] is True
    bad = c.post("/plan.json", json=_bad(("lights", 0, "role"), "mast"))
    assert bad.status_code == 422 and bad.json()["field"] == "lights[0].role"
    form = c.post("/plan", data={"plan": "{"}, headers={"Origin": "http://testserver"})
    assert form.status_code == 422 and "malformed JSON" in form.text
    assert "/plan.json" in c.get("/openapi.json").json()["paths"]


# --- Placement keys for Annex I style limits, on a small test edition (the values mirror COLREGs Annex I
# 2(a)(i)-(ii), 2(g), 3(a)-(b); the real edition's tests are in tests/editions). -------------------------

from test_loader import GOOD  # noqa: E402  (the loader tests' edition header and source)

ANNEX_EDITION = GOOD.split("[light.white]")[0].replace('id = "test-1900"', 'id = "test-annex"') + """
[light.mast]
canonical = "masthead"
term = "masthead light"
colour = "white"
arc_deg = [247.5, 112.5]
cite = "Rule 21(a)"
provenance = "primary"
source = ["S1"]
[light.side-g]
canonical = "sidelight"
term = "green sidelight"
colour = "green"
arc_deg = [0, 112.5]
cite = "Rule 21(b)"
provenance = "primary"
source = ["S1"]
[[provision]]
id = "power"
title = "Power-driven vessel under way"
when = { propulsion = "power" }
cite = "Rule 23(a)"
provenance = "primary"
source = ["S1"]
  [[provision.show]]
  role = "masthead"
  light = "mast"
  placement = { height_above_hull_min = "6 m", height_breadth_rule = true, height_need_not_exceed = "12 m", from_stem_max_length_ratio = 0.25 }
  [[provision.show]]
  role = "masthead-aft"
  light = "mast"
  placement = { higher_than = "masthead", higher_by_min = "4.5 m", abaft_min_length_ratio = 0.5, abaft_need_not_exceed = "100 m" }
  [[provision.show]]
  role = "sidelight-starboard"
  light = "side-g"
  placement = { height_ratio_of = "masthead", height_max_ratio = 0.75, not_forward_of = "masthead" }
"""


def _annex_check(length_m, mast, aft, side, breadth_m=10.0):
    import tomllib

    from navlights.plan.check import check
    from navlights.plan.model import LightingPlan, PlanLight
    from navlights.rulebase.loader import parse_edition
    ed = parse_edition(tomllib.loads(ANNEX_EDITION), "test-annex.toml")
    v = api.make_vessel({"propulsion": "power", "length": f"{length_m} m", "breadth": f"{breadth_m} m"})
    lights = tuple(PlanLight.model_validate(
        {"id": role, "role": role, "colour": colour, "arc_deg": arc, "position_m": {"x": x, "y": y, "z": z}})
        for role, colour, arc, (x, y, z) in (("masthead", "white", [247.5, 112.5], mast),
                                             ("masthead-aft", "white", [247.5, 112.5], aft),
                                             ("sidelight-starboard", "green", [0, 112.5], side)))
    return check(LightingPlan(ed.id, v, (("as described", v),), lights, ()), ed)


@pytest.mark.parametrize("length, mast, aft, side, check, role, status", [
    # forward masthead light within a quarter of the length from the stem (120 m: 30 m; x from the aft end)
    (120, (90, 0, 12), (30, 0, 16.5), (85, 5, 9), "position", "masthead", {"pass"}),
    (120, (89.9, 0, 12), (30, 0, 16.5), (85, 5, 9), "position", "masthead", {"fail"}),
    # after masthead light abaft by half the length (120 m: 60 m) ...
    (120, (90, 0, 12), (30, 0, 16.5), (85, 5, 9), "relation", "masthead-aft", {"pass"}),
    (120, (90, 0, 12), (30.1, 0, 16.5), (85, 5, 9), "relation", "masthead-aft", {"pass", "fail"}),
    # ... which need not exceed 100 m (250 m vessel: 100 m is enough)
    (250, (200, 0, 12), (100, 0, 16.5), (190, 5, 9), "relation", "masthead-aft", {"pass"}),
    (250, (200, 0, 12), (100.1, 0, 16.5), (190, 5, 9), "relation", "masthead-aft", {"pass", "fail"}),
    # after light at least 4.5 m higher
    (120, (90, 0, 12), (30, 0, 16.49), (85, 5, 9), "relation", "masthead-aft", {"pass", "fail"}),
    # sidelight at most three quarters of the forward masthead light's height (12 m: 9 m), not forward of it
    (120, (90, 0, 12), (30, 0, 16.5), (85, 5, 9.0), "relation", "sidelight-starboard", {"pass"}),
    (120, (90, 0, 12), (30, 0, 16.5), (85, 5, 9.01), "relation", "sidelight-starboard", {"pass", "fail"}),
    (120, (90, 0, 12), (30, 0, 16.5), (90.5, 5, 9), "relation", "sidelight-starboard", {"pass", "fail"}),
    # height: breadth 10 m over 6 m: at least 10 m; breadth 14 m: capped at 12 m
    (120, (90, 0, 9.99), (30, 0, 16.5), (85, 5, 7), "height", "masthead", {"fail"}),
])
def test_annex_style_limits(length, mast, aft, side, check, role, status):
    r = _annex_check(length, mast, aft, side)
    assert statuses(r, check, role) == status


def test_breadth_cap():
    assert statuses(_annex_check(120, (90, 0, 12), (30, 0, 16.5), (85, 6, 9), breadth_m=14.0),
                    "height", "masthead") == {"pass"}
    assert statuses(_annex_check(120, (90, 0, 11.9), (30, 0, 16.5), (85, 6, 8), breadth_m=14.0),
                    "height", "masthead") == {"fail"}


def test_typical_placement_meets_the_keys():
    """The view's typical placement honours the same keys: the after light half the length abaft, the
    sidelight no higher than three quarters of the masthead light and not forward of it."""
    import tomllib

    from navlights.engines.display import display
    from navlights.placement import place
    from navlights.rulebase.loader import parse_edition
    ed = parse_edition(tomllib.loads(ANNEX_EDITION), "test-annex.toml")
    d = display({"propulsion": "power", "length": "120 m", "breadth": "10 m"}, ed)
    p = place(d.items, 120.0, 10.0)
    m, a, s = p.get("masthead"), p.get("masthead-aft"), p.get("sidelight-starboard")
    assert m.x_m - a.x_m >= 60 - 1e-6
    assert s.z_m - p.freeboard_m <= 0.75 * (m.z_m - p.freeboard_m) + 1e-6 and s.x_m <= m.x_m


# --- intl-1972, Annex I, at and either side of each limit. Expected values from the Annex's text:
# 2(a)(i) forward masthead light at least 6 m above the hull, at least the breadth where it exceeds 6 m, never
# more than 12 m needed; 2(a)(ii) the after one at least 4.5 m higher; 3(a) two masthead lights at least half
# the length apart (never more than 100 m needed), the forward one within a quarter of the length from the
# stem; 2(g) sidelights no higher than three quarters of the forward masthead light; 3(b) from 20 m not in
# front of it; 2(k) forward anchor light of a vessel of 50 m or more at least 6 m above the hull, and at
# least 4.5 m above the after one; 2(i)(i) lights in a vertical line at least 2 m apart from 20 m, the lowest
# at least 4 m above the hull; 8 intensity by the formula, the table giving 94 cd for 6 miles, 12 cd for 3.

SHIP = "intl-1972-120m-power.json"


def example(name):
    return json.loads(api.example_plans()[name])


def edit(p, role, **pos):
    light = next(x for x in [*p["lights"], *p.get("shapes", [])] if x["role"] == role)
    for k, v in pos.items():
        if k in ("x", "y", "z"):
            light["position_m"][k] = v
        else:
            light[k] = v
    return p


def findings_for(p, check, role, state=None):
    r = api.check_plan(p)
    return {f.status for f in r.findings if f.check == check and f.role == role and (state is None or f.state == state)}


def test_the_1972_examples():
    assert api.check_plan(example(SHIP)).compliant
    assert api.check_plan(example("intl-1972-30m-tug.json")).compliant
    assert api.check_plan(example("intl-1972-15m-sailing-yacht.json")).compliant
    for bad in ("intl-1972-120m-power-masthead-lights-too-close.json", "intl-1972-120m-power-sidelights-too-high.json",
                "intl-1972-30m-tug-no-towing-light.json"):
        r = api.check_plan(example(bad))
        assert not r.compliant and sum(f.status == "fail" for f in r.findings) in (1, 2), bad


@pytest.mark.parametrize("edits, check, role, status", [
    # 2(a)(i): breadth 20 m, so 12 m (the cap)
    ({"masthead": {"z": 12.0}}, "height", "masthead", {"pass"}),
    ({"masthead": {"z": 11.99}}, "height", "masthead", {"fail"}),
    # 2(a)(ii): 4.5 m higher (forward at 12 m)
    ({"masthead-aft": {"z": 16.5}}, "relation", "masthead-aft", {"pass"}),
    ({"masthead-aft": {"z": 16.49}}, "relation", "masthead-aft", {"pass", "fail"}),
    # 3(a): 120 m long: at least 60 m apart; forward light within 30 m of the stem (x from the aft end)
    ({"masthead-aft": {"x": 35.0}}, "relation", "masthead-aft", {"pass"}),
    ({"masthead-aft": {"x": 35.1}}, "relation", "masthead-aft", {"pass", "fail"}),
    ({"masthead": {"x": 90.0}, "masthead-aft": {"x": 30.0}}, "position", "masthead", {"pass"}),
    ({"masthead": {"x": 89.9}, "masthead-aft": {"x": 29.9}}, "position", "masthead", {"fail"}),
    # 2(g): sidelights at most 3/4 of 12 m = 9 m; 3(b): not in front of the forward masthead light (x 95)
    ({"sidelight-starboard": {"z": 9.0}}, "relation", "sidelight-starboard", {"pass"}),
    ({"sidelight-starboard": {"z": 9.01}}, "relation", "sidelight-starboard", {"pass", "fail"}),
    ({"sidelight-starboard": {"x": 95.0}}, "relation", "sidelight-starboard", {"pass"}),
    ({"sidelight-starboard": {"x": 95.1}}, "relation", "sidelight-starboard", {"pass", "fail"}),
    # 8: 6 miles (Rule 22(a), 50 m or more) = 94 cd; sidelights 3 miles = 12 cd
    ({"masthead": {"intensity_cd": 94}}, "range", "masthead", {"pass"}),
    ({"masthead": {"intensity_cd": 93.9}}, "range", "masthead", {"fail"}),
    ({"sidelight-port": {"intensity_cd": 12}}, "range", "sidelight-port", {"pass"}),
    ({"sidelight-port": {"intensity_cd": 11.9}}, "range", "sidelight-port", {"fail"}),
])
def test_annex_i_limits_under_way(edits, check, role, status):
    p = example(SHIP)
    p["states"] = [{}]
    for r, pos in edits.items():
        edit(p, r, **pos)
    assert findings_for(p, check, role) == status


@pytest.mark.parametrize("edits, check, role, status", [
    # 2(k): forward anchor light at least 6 m above the hull (50 m or more) ...
    ({"anchor-forward": {"z": 6.0}, "anchor-aft": {"z": 1.5}}, "height", "anchor-forward", {"pass"}),
    ({"anchor-forward": {"z": 5.99}, "anchor-aft": {"z": 1.0}}, "height", "anchor-forward", {"fail"}),
    # ... and at least 4.5 m above the after one
    ({"anchor-aft": {"z": 5.5}}, "relation", "anchor-aft", {"pass"}),
    ({"anchor-aft": {"z": 5.51}}, "relation", "anchor-aft", {"fail"}),
])
def test_annex_i_limits_at_anchor(edits, check, role, status):
    p = example(SHIP)
    p["states"] = [{"status": "anchored"}]
    for r, pos in edits.items():
        edit(p, r, **pos)
    assert findings_for(p, check, role) == status


@pytest.mark.parametrize("upper_z, lower_z, status", [
    (20.0, 18.0, {"pass"}),        # 2(i)(i): 2 m apart
    (19.99, 18.0, {"fail"}),
])
def test_annex_i_vertical_spacing(upper_z, lower_z, status):
    p = example(SHIP)
    p["states"] = [{"not_under_command": True}]
    edit(p, "nuc-upper", z=upper_z)
    edit(p, "nuc-lower", z=lower_z)
    assert findings_for(p, "spacing", "nuc-upper") == status


RRS = "intl-1972-rrs-sir-david-attenborough.json"


@pytest.mark.parametrize("upper_z, status", [
    (17.5, {"pass"}),              # 2(i)(i): 20 m or more, the lights of a vertical line at least 2 m apart: the
    (17.49, {"fail"}),             # upper pair of the three restricted-manoeuvre lights too (middle at 15.5 m)
])
def test_annex_i_spacing_holds_for_every_pair_of_a_line_of_three(upper_z, status):
    p = example(RRS)
    p["states"] = [{"restricted": "survey"}]
    edit(p, "nuc-upper", z=upper_z)              # the red-upper lantern serves as work-upper too
    assert findings_for(p, "spacing", "work-upper") == status


# --- us-inland, 33 CFR 84: masthead light at least 5 m above the hull, at least the breadth, never more than
# 8 m needed (84.02(a)(i)); the law of intensity as the Annex's (84.14). A placement navlights assumes (the
# data's `assumed`) is never failed.

def test_us_inland_masthead_height_and_intensity():
    p = example("intl-1972-30m-tug.json")
    p["edition"], p["states"] = "us-inland", [{}]
    edit(p, "masthead", z=8.0)
    edit(p, "towing-2", z=10.0)
    assert findings_for(p, "height", "masthead") == {"pass"}           # breadth 9 m: 8 m is enough
    edit(p, "masthead", z=7.99)
    assert findings_for(p, "height", "masthead") == {"fail"}
    edit(p, "masthead", z=8.0, intensity_cd=51.9)                      # 5 miles (20 to 50 m): 52 cd
    assert findings_for(p, "range", "masthead") == {"fail"}


def test_an_assumed_placement_is_not_failed():
    p = example("intl-1972-30m-tug.json")
    p["edition"], p["states"] = "us-inland", [{"pushing": True}]
    p["lights"] += [
        {"id": "tl-1", "role": "towing-light", "colour": "yellow", "arc_deg": [112.5, 247.5],
         "position_m": {"x": 0.3, "y": 0, "z": 0.5}, "intensity_cd": 4.3},
        {"id": "tl-2", "role": "towing-light-lower", "colour": "yellow", "arc_deg": [112.5, 247.5],
         "position_m": {"x": 0.3, "y": 0, "z": 0.2}, "intensity_cd": 4.3}]
    p["lights"] = [x for x in p["lights"] if x["id"] != "towing-light"]
    r = api.check_plan(p)
    heights = [f for f in r.findings if f.role == "towing-light-lower" and f.check == "height"]
    assert heights and {f.status for f in heights} == {"not-checked"}
    assert all("assumes" in f.limit for f in heights)
