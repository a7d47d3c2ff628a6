"""Traffic situations in DNV's maritime-schema format (traffic/situation.py, `navlights conduct --situation`).

Expected values are worked by hand from the rule text and the geometry (cite per case). Positions near the equator:
a minute of latitude is about 0.995 nm and of longitude about 1.002 nm there, so 0.0333° is about 2 nm either way.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from navlights import api
from navlights.cli import main
from navlights.errors import NavlightsError

ROOT = Path(__file__).parents[1]
FIXTURES = ROOT / "tests" / "data" / "trafficgen"
SCHEMA = jsonschema.Draft202012Validator(json.loads((ROOT / "docs/schema/conduct-situation.schema.json").read_text()))
CONDUCT = jsonschema.Draft202012Validator(json.loads((ROOT / "docs/schema/conduct.schema.json").read_text()))
D = 2.0 / 60.0   # about 2 nm in degrees at the equator


def ship(lat: float, lon: float, cog: float, sog: float = 10.0, status: Any = "Under way using engine",
         length: float | None = 100.0, **more: Any) -> dict[str, Any]:
    initial: dict[str, Any] = {"position": {"lat": lat, "lon": lon}, "sog": sog, "cog": cog, "heading": cog}
    if status is not None:
        initial["navStatus"] = status
    static: dict[str, Any] = {"name": "t", "id": "00000000-0000-0000-0000-000000000001"}
    if length is not None:
        static["length"] = length
    return {"static": static, "initial": initial | more}


def situation(own: dict[str, Any], *targets: dict[str, Any]) -> dict[str, Any]:
    return {"title": "t", "ownShip": own, "targetShips": list(targets)}


OWN = ship(0.0, 0.0, 0.0)

# (case, own ship, target, encounter, give_way, first rule cited, cite of the law)
CASES = [
    ("crossing from starboard", OWN, ship(D, D, 270.0), "crossing", ["own"], "Rule 15", "COLREGs Rule 15"),
    ("crossing from port", OWN, ship(D, -D, 90.0), "crossing", ["other"], "Rule 15", "COLREGs Rule 15"),
    ("NUC from port (status in words)", OWN, ship(D, -D, 90.0, status="Not under command"), "crossing", ["own"],
     "Rule 18(a)", "COLREGs Rule 18(a)(i)"),
    ("NUC from port (AIS status number 2)", OWN, ship(D, -D, 90.0, status=2), "crossing", ["own"], "Rule 18(a)",
     "COLREGs Rule 18(a)(i); ITU-R M.1371 status 2"),
    ("fishing (status 7) from port", OWN, ship(D, -D, 90.0, status=7), "crossing", ["own"], "Rule 18(a)",
     "COLREGs Rule 18(a)(iii)"),
    ("own sailing, power from starboard", ship(0.0, 0.0, 0.0, status="Under way sailing"), ship(D, D, 270.0),
     "crossing", ["other"], "Rule 18(a)", "COLREGs Rule 18(a)(iv)"),
    ("head-on", OWN, ship(2.5 * D, 0.0, 180.0), "head-on", ["own", "other"], "Rule 14(a)", "COLREGs Rule 14(a)"),
    ("overtaking her from astern", OWN, ship(D, 0.0, 0.0, sog=4.0), "overtaking", ["own"], "Rule 13(a)",
     "COLREGs Rule 13(a), (b)"),
    ("she overtakes from 30° abaft the beam (bearing 240°)", OWN, ship(-D / 2, -D * 0.866, 20.0, sog=20.0),
     "overtaking", ["other"], "Rule 13(a)", "COLREGs Rule 13(b): more than 22.5° abaft the beam"),
    ("she crosses from 10° before the limit (bearing 102.5°)", OWN, ship(-D * 0.2164, D * 0.9763, 300.0, sog=14.0),
     "crossing", ["own"], "Rule 15", "COLREGs Rule 13(b) limit 112.5°; Rule 15"),
]


@pytest.mark.parametrize("case,own,target,encounter,give_way,rule,cite", CASES, ids=[c[0] for c in CASES])
def test_roles(case, own, target, encounter, give_way, rule, cite):
    d = api.conduct_situation_json(situation(own, target), "intl-1972")
    c = d["targets"][0]["conduct"]
    assert (c["encounter"], c["give_way"]) == (encounter, give_way), (case, cite, c["answer"])
    assert c["rules"][0]["cite"] == rule, (case, cite)


def test_crossing_geometry_by_hand():
    """Her at 2 nm N, 2 nm E, steering 270° at 10 kn, own 000° at 10 kn: relative motion (-10, -10) kn from (2, 2):
    straight at own ship, CPA 0, TCPA 2.83 nm / 14.14 kn = 12 min; range 2.83 nm; she bears 045°."""
    d = api.conduct_situation_json(situation(OWN, ship(D, D, 270.0)), "intl-1972")
    k = d["targets"][0]["conduct"]["kinematics"]
    t = d["targets"][0]["ship"]
    assert abs(t["east_nm"] - 2.0) < 0.02 and abs(t["north_nm"] - 2.0) < 0.02
    assert abs(k["relative_bearing_deg"] - 45.0) < 0.5 and abs(k["range_nm"] - 2.828) < 0.03
    assert k["cpa_nm"] < 0.03 and abs(k["tcpa_min"] - 12.0) < 0.2


# Lights seen of a power-driven vessel of 100 m right ahead (Rule 23(a): two masthead lights and sidelights;
# Rule 22(a): masthead lights 6 nm, sidelights 3 nm for a vessel of 50 m or more).
@pytest.mark.parametrize("north_d,words_has,words_lacks,in_range", [
    (2.5, ("two white lights",), ("red", "green"), None),                # 5 nm: masthead lights only
    (1.25, ("two white lights", "red", "green"), (), None),                # 2.5 nm: sidelights too
    (4.0, ("no light",), (), "two white lights"),                          # 8 nm: beyond 6 nm
])
def test_lights_seen_by_range(north_d, words_has, words_lacks, in_range):
    d = api.conduct_situation_json(situation(OWN, ship(north_d * D, 0.0, 180.0)), "intl-1972")
    seen = d["targets"][0]["lights_seen"]
    assert all(w in seen["words"] for w in words_has), seen
    assert not any(w in seen["words"] for w in words_lacks), seen
    assert (seen["within_range"] is None) if in_range is None else in_range in seen["within_range"]


def test_missing_status_is_an_assumption_shown():
    d = api.conduct_situation_json(situation(OWN, ship(D, D, 270.0, status=None)), "intl-1972")
    t = d["targets"][0]
    assert t["status_term"] == "power-driven vessel"
    assert any("navStatus not given" in a and "assumption" in a for a in t["ship"]["assumptions"])


def test_older_schema_keys_latitude_longitude_snake_case():
    t = {"static": {"name": "old"}, "initial": {"position": {"latitude": D, "longitude": D}, "sog": 10, "cog": 270,
                                                 "nav_status": "Under way using engine"}}
    d = api.conduct_situation_json({"own_ship": OWN, "target_ships": [t]}, "intl-1972")
    assert d["targets"][0]["conduct"]["give_way"] == ["own"]


# trafficgen's own label per target ship (the situation's title), from its classifier: head-on within 5° of each
# bow, the overtaking sector from 22.5° abaft the beam (src/trafficgen/settings/encounter_settings.json).
CODES = {("head-on", ()): "HO", ("crossing", ("own",)): "CR-GW", ("crossing", ("other",)): "CR-SO"}


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("traffic_situation_*.json")), ids=lambda p: p.stem)
def test_trafficgen_fixtures_agree_under_its_angles(path):
    text = path.read_text()
    theirs = [s.strip() for s in json.loads(text)["title"].split(",")]
    d = api.conduct_situation_json(text, "intl-1972", head_on_deg=5.0)
    assert not list(SCHEMA.iter_errors(d))
    ours = []
    for t in d["targets"]:
        c = t["conduct"]
        assert not list(CONDUCT.iter_errors(c))
        if c["encounter"] == "overtaking":
            ours.append("OT-GW" if c["overtaking"] == "own" else "OT-SO")
        else:
            ours.append(CODES.get((c["encounter"], () if c["encounter"] == "head-on" else tuple(c["give_way"])), "?"))
    assert ours == theirs


@pytest.mark.parametrize("data,field", [
    (situation(ship(95.0, 0.0, 0.0), ship(D, D, 270.0)), "ownShip.initial.position.lat"),
    (situation(OWN, ship(D, D, 400.0, heading=10.0)), "targetShips[0].initial.cog"),
    (situation(OWN, ship(D, D, 270.0, sog=-1.0)), "targetShips[0].initial.sog"),
    (situation(OWN, ship(D, D, 270.0, status=True)), "targetShips[0].initial.navStatus"),
    ({"title": "t", "ownShip": OWN, "targetShips": []}, "situation.targetShips"),
    ({"title": "t", "targetShips": [OWN]}, "situation.ownShip"),
    ({"title": "t", "ownShip": {"initial": {}}, "targetShips": [OWN]}, "ownShip.initial.position"),
    ("{not json", "situation"),
    ([1, 2], "situation"),
])
def test_bad_input_one_line_naming_the_field(data, field):
    with pytest.raises(NavlightsError) as e:
        api.conduct_situation_json(data, "intl-1972")
    assert str(e.value).startswith(field + ":") and "\n" not in str(e.value)


def test_cli_text_json_and_bad_file(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    path = FIXTURES / "traffic_situation_07.json"
    assert main(["conduct", "--situation", str(path), "-e", "intl-1972"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("HO, CR-GW: own ship BASTO VI (power-driven vessel)")
    assert "target_ship_2 (power-driven vessel): you see" in out and "you are the give-way vessel (Rule" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert main(["conduct", "--situation", str(path), "-e", "intl-1972", "--json"]) == 0
    assert not list(SCHEMA.iter_errors(json.loads(capsys.readouterr().out)))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(situation(OWN, ship(D, D, 270.0, sog="fast"))))
    assert main(["conduct", "--situation", str(bad), "-e", "intl-1972"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "targetShips[0].initial.sog" in err
