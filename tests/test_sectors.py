"""Aspect sectors: the exact intervals where the picture does not change, from the arc end points.

Expected sectors are written by hand from the arcs of intl-1960 Rule 2(a) (masthead light
[247.5, 112.5], sidelights [0, 112.5] and [247.5, 360]), the assumed stern light arc [112.5, 247.5]
(Rule 10 not found), the towing vessel's steering light "not visible forward of the beam" (Rule 3(b),
inferred; drawn [90, 270]) and all-round lights (Rules 4(a), 11). Arcs are closed: where two arcs
meet, the single aspect is a sector of its own showing both.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import navlights
from navlights import api
from navlights.cli import main
from navlights.engines.sectors import Sector

E60 = "intl-1960"
M, MA, G, R, S = "masthead", "masthead-aft", "sidelight-starboard", "sidelight-port", "sternlight"


def table(vessel, **kw):
    return [(s.label(), set(s.roles)) for s in navlights.sectors(navlights.display(vessel, E60), **kw)]


def test_power_driven_200ft():
    # Rule 2(a): dead ahead both sidelights; to starboard mastheads and green; abaft 112.5 the stern light
    assert table({"propulsion": "power", "length": "200 ft"}) == [
        ("[0°]", {M, MA, G, R}),
        ("(0°, 112.5°)", {M, MA, G}),
        ("[112.5°]", {M, MA, G, S}),
        ("(112.5°, 247.5°)", {S}),
        ("[247.5°]", {M, MA, R, S}),
        ("(247.5°, 360°)", {M, MA, R}),
    ]


def test_sailing_vessel():
    # Rule 5(a): sidelights and stern light only
    assert table({"propulsion": "sail", "length": "50 ft"}) == [
        ("[0°]", {G, R}), ("(0°, 112.5°)", {G}), ("[112.5°]", {G, S}), ("(112.5°, 247.5°)", {S}),
        ("[247.5°]", {R, S}), ("(247.5°, 360°)", {R}),
    ]


def test_towing_with_every_option():
    # Rule 3(a) towing lights (2(a)(i) arcs); Rule 3(b): stern light or steering light [90, 270]
    rows = table({"propulsion": "power", "length": "100 ft", "towing": {"tow_length": "700 ft"}}, choose="all")
    tow = {M, MA, "towing-2", "towing-3"}
    assert rows == [
        ("[0°]", tow | {G, R}),
        ("(0°, 90°)", tow | {G}),
        ("[90°, 112.5°)", tow | {G, "steering-light"}),
        ("[112.5°]", tow | {G, S, "steering-light"}),
        ("(112.5°, 247.5°)", {S, "steering-light"}),
        ("[247.5°]", tow | {R, S, "steering-light"}),
        ("(247.5°, 270°]", tow | {R, "steering-light"}),
        ("(270°, 360°)", tow | {R}),
    ]


def test_all_round_only_is_one_sector():
    # Rule 11 (inferred): anchor lights all round
    rows = table({"propulsion": "power", "length": "200 ft", "status": "anchored"})
    assert rows == [("[0°, 360°)", {"anchor-forward", "anchor-aft"})]
    (s,) = navlights.sectors(navlights.display({"propulsion": "power", "length": "200 ft", "status": "anchored"}))
    assert s.width_deg == 360 and not s.point and not s.wraps and s.contains(0) and s.contains(359.999)


def test_sector_through_right_ahead_wraps():
    # Rule 4(a) red lights all round, no sidelights when not making way: only the stern light's ends cut
    secs = navlights.sectors(navlights.display(
        {"propulsion": "power", "length": "200 ft", "not_under_command": True, "making_way": False}, E60))
    assert [(s.label(), set(s.roles)) for s in secs] == [
        ("(247.5°, 112.5°)", {"nuc-upper", "nuc-lower"}),
        ("[112.5°, 247.5°]", {S, "nuc-upper", "nuc-lower"}),
    ]
    assert secs[0].wraps and secs[0].width_deg == 225 and secs[0].contains(0) and secs[0].contains(300)
    assert not secs[0].contains(112.5) and secs[1].contains(112.5)


def test_day_is_one_sector():
    secs = navlights.sectors(navlights.display({"propulsion": "power", "length": "200 ft",
                                                "not_under_command": True}, E60), period="day")
    assert [(s.label(), set(s.roles)) for s in secs] == [("[0°, 360°)", {"nuc-ball-upper", "nuc-ball-lower"})]


def test_points_and_contains():
    secs = navlights.sectors(navlights.display({"propulsion": "power", "length": "200 ft"}, E60))
    pts = [s for s in secs if s.point]
    assert [s.start_deg for s in pts] == [0.0, 112.5, 247.5]
    assert all(s.width_deg == 0 and s.start_closed and s.end_closed for s in pts)
    for a in [0, 1e-10, 0.001, 45, 112.5, 112.5000001, 200, 247.5, 300, 359.9999, 360]:
        assert sum(s.contains(a) for s in secs) == 1, a
    assert secs[1].inner() == pytest.approx(56.25)
    assert secs[1].to_dict()["label"] == "(0°, 112.5°)"


def test_sectors_agree_with_view_on_a_sweep():
    for vessel in ({"propulsion": "power", "length": "200 ft"},
                   {"propulsion": "power", "length": "100 ft", "towing": {"tow_length": "700 ft"}},
                   {"propulsion": "power", "length": "40 ft", "seaplane": True}):
        d = navlights.display(vessel, E60)
        for choose in ("typical", "all"):
            secs = navlights.sectors(d, choose=choose)
            for k in range(0, 1440):
                a = k / 4
                (s,) = [s for s in secs if s.contains(a)]
                assert set(navlights.view(d, a, choose=choose).roles()) == set(s.roles), (vessel, a)


def test_json_and_schema():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).parents[1] / "docs" / "schema" / "sectors.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    for vessel in ({"propulsion": "power", "length": "200 ft"},
                   {"propulsion": "power", "length": "200 ft", "not_under_command": True, "making_way": False},
                   {"propulsion": "power", "length": "200 ft", "status": "anchored"}):
        data = api.sectors_json(vessel, E60, choose="all")
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
        assert not errors, errors[0].message


def test_sector_is_frozen():
    s = Sector(0.0, 112.5, False, False, (M,), ("white",))
    with pytest.raises(AttributeError):
        s.start_deg = 1.0  # type: ignore[misc]


def test_cli_sectors(capsys):
    assert main(["sectors", "--length", "200 ft"]) == 0
    out = capsys.readouterr().out
    assert "[0°]" in out and "(112.5°, 247.5°)  sternlight (white)" in out
    assert main(["sectors", "--propulsion", "sail", "--length", "50 ft", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["label"] for s in data["sectors"]][:2] == ["[0°]", "(0°, 112.5°)"]
