"""Scenes give each vessel's role against own ship (traffic/scene_conduct.py): hand-worked cases, a cite each.

Near the equator 2/60 of a degree is about 2 nm either way (a minute of latitude about 0.995 nm, of longitude
about 1.002 nm), so the bearings below are within half a degree of the round figures named.
"""

from __future__ import annotations

from typing import Any

import pytest

from navlights.cli import main
from navlights.errors import NavlightsError
from navlights.traffic import api as traffic
from navlights.traffic.ais_scene import observer

D = 2.0 / 60.0


def scene(own_speed: float | None, *vessels: dict[str, Any]) -> dict[str, Any]:
    o: dict[str, Any] = {"lat": 0.0, "lon": 0.0, "heading": 0}
    if own_speed is not None:
        o["speed"] = own_speed
    return {"time": "2024-06-01T00:00:00Z", "edition": "intl-1972", "observer": o, "vessels": list(vessels)}


def vessel(ident: str, lat: float, lon: float, course: float | None, speed: float | None, **v: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"ident": ident, "lat": lat, "lon": lon, "heading": course,
                           "vessel": {"propulsion": "power", "length": "100 m"} | v}
    if course is not None:
        out["course"] = course
    if speed is not None:
        out["speed"] = speed
    return out


# (case, vessel, encounter, give_way, first rule, cite)
CASES = [
    ("power crossing from starboard (bearing 045°, steering 270°)", vessel("a", D, D, 270, 10), "crossing", ["own"],
     "Rule 15", "COLREGs Rule 15: she is on own ship's starboard side"),
    ("power crossing from port (bearing 315°, steering 090°)", vessel("b", D, -D, 90, 10), "crossing", ["other"],
     "Rule 15", "COLREGs Rule 15: own ship is on her starboard side"),
    ("not under command crossing from port", vessel("c", D, -D, 90, 10, not_under_command=True), "crossing",
     ["own"], "Rule 18(a)", "COLREGs Rule 18(a)(i)"),
    ("head-on (dead ahead, steering 180°)", vessel("d", 2 * D, 0.0, 180, 10), "head-on", ["own", "other"],
     "Rule 14(a)", "COLREGs Rule 14(a)"),
    ("she overtakes from right astern", vessel("e", -D, 0.0, 0, 18), "overtaking", ["other"], "Rule 13(a)",
     "COLREGs Rule 13(a), (b)"),
]


@pytest.mark.parametrize("case,v,encounter,give_way,rule,cite", CASES, ids=[c[0] for c in CASES])
def test_role_against_own_ship(case, v, encounter, give_way, rule, cite):
    d = traffic.scene_json(scene(10.0, v))
    c = d["vessels"][0]["conduct"][0]
    assert (c["encounter"], c["give_way"], c["rules"][0]) == (encounter, give_way, rule), (case, cite, c["answer"])
    assert c["edition"] == "intl-1972" and any("power-driven" in a for a in c["assumptions"])


def test_missing_speed_gives_a_gap_not_a_role():
    d = traffic.scene_json(scene(10.0, vessel("a", D, D, 270, None)))
    c = d["vessels"][0]["conduct"][0]
    assert c["answer"] is None and "course or speed over ground is not known" in c["gap"]


def test_no_own_speed_no_roles():
    d = traffic.scene_json(scene(None, vessel("a", D, D, 270, 10)))
    assert d["vessels"][0]["conduct"] is None and d["observer"]["speed_kn"] is None


@pytest.mark.parametrize("text,speed,course", [
    ("0,0,45,speed=12", 12.0, None),
    ("0,0,45,18,10,speed=12,course=50", 12.0, 50.0),
    ("0,0,45", None, None),
])
def test_observer_text_with_motion(text, speed, course):
    o = observer(text)
    assert (o.heading_deg, o.speed_kn, o.course_deg) == (45.0, speed, course)


@pytest.mark.parametrize("text,field", [("0,0,45,speed=fast", "observer.speed"),
                                        ("0,0,45,course=400", "observer.course"), ("0,0,45,drift=2", "observer")])
def test_observer_text_bad(text, field):
    with pytest.raises(NavlightsError) as e:
        observer(text)
    assert str(e.value).startswith(field + ":") and "\n" not in str(e.value)


def test_scene_file_bad_speed():
    with pytest.raises(NavlightsError) as e:
        traffic.scene_json(scene(-3.0, vessel("a", D, D, 270, 10)))
    assert str(e.value).startswith("observer.speed:")


def test_cli_text_says_the_role(capsys, tmp_path):
    import json
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scene(10.0, vessel("a", D, D, 270, 10))))
    assert main(["scene", str(path)]) == 0
    out = capsys.readouterr().out
    assert "    you: She is crossing from your starboard side: you are the give-way" in out
