"""Traffic in restricted visibility (issue 33, point 6): what own ship hears in a scene, by bearing and distance
within each signal's Annex III audibility range, and what each vessel of an encounter should have been sounding.

Worked by hand from the texts (COLREGs 1972, USCG handbook transcription in github.com/sailingnaturali/
colregs-vault rules/international/rule-35.md and annex-3.md): Rule 35(a) a power-driven vessel making way, one
prolonged blast at most every 2 minutes; 35(b) not making way, two prolonged blasts; 35(g) at anchor, the bell
rung rapidly for about 5 s at most every minute. Annex III 1(c): audibility 2 nm for 200 m or more, 1.5 nm for
75 m to under 200 m, 1 nm for 20 m to under 75 m, 0.5 nm under 20 m; the bell has a sound level (3(a)), no range.
Distances: one minute of latitude is about one nautical mile (a little more at 50° N), margins of 0.1 nm or more.
"""

from __future__ import annotations

import json

import pytest

import navlights.traffic.api as traffic
from navlights.cli import main

N = 1 / 60          # a minute of latitude, about a nautical mile


def _vessel(ident, dlat_nm, dlon_deg, length, **more):
    return {"ident": ident, "lat": 50.0 + dlat_nm * N, "lon": -1.0 + dlon_deg, "heading": 0, "speed": 10,
            "vessel": {"propulsion": "power", "length": length, **more}}


def _scene(edition, *vessels):
    return {"edition": edition, "observer": {"lat": 50.0, "lon": -1.0, "heading": 0}, "vessels": list(vessels)}


SCENE = _scene("intl-1972",
               _vessel("A", 1.0, 0.0, "120 m", making_way=True),     # 1.0 nm ahead, 75-200 m: 1.5 nm: heard
               _vessel("B", 0.0, 0.0311, "30 m", making_way=True),   # 1.2 nm abeam, 20-75 m: 1 nm: not heard
               _vessel("C", -1.8, 0.0, "250 m", making_way=True),    # 1.8 nm astern, 200 m+: 2 nm: heard
               _vessel("D", 0.3, 0.0, "50 m", status="anchored"),    # 0.3 nm, the bell: no range laid down
               _vessel("E", 1.4, 0.0, "50 m", making_way=False),     # 1.4 nm, 20-75 m: 1 nm: not heard
               _vessel("F", 0.9, 0.0, "50 m", making_way=False))     # 0.9 nm, 1 nm: heard, 35(b)


def _heard(scene):
    return {v["ident"]: v for v in traffic.scene_heard(traffic.scene(scene))}


@pytest.mark.parametrize("ident, signal, cite, heard, reach", [
    ("A", "one prolonged blast", "intl-1972 Rule 35(a)", True, 1.5),
    ("C", "one prolonged blast", "intl-1972 Rule 35(a)", True, 2.0),
    ("D", "the bell rung rapidly for about 5 s", "intl-1972 Rule 35(g)", None, None),
    ("F", "two prolonged blasts", "intl-1972 Rule 35(b)", True, 1.0),
])
def test_what_own_ship_hears(ident, signal, cite, heard, reach):
    v = _heard(SCENE)[ident]
    s = v["readings"][0]["signals"][0]
    assert s["words"].startswith(signal) and s["cite"] == cite and s["heard"] is heard and s["audibility_nm"] == reach
    if reach is not None:
        assert s["audibility_cite"].startswith("intl-1972 Annex III")
    else:
        assert "not a range" in s["range_note"]


def test_beyond_her_range_she_is_not_listed_and_the_list_is_nearest_first():
    got = _heard(SCENE)
    assert "B" not in got and "E" not in got                     # 1.2 nm > 1 nm; 1.4 nm > 1 nm
    assert list(got) == ["D", "F", "A", "C"]
    assert got["A"]["bearing_deg"] == 0.0 and got["C"]["bearing_deg"] == 180.0
    assert 0.95 <= got["A"]["distance_nm"] <= 1.05


def test_a_gap_edition_says_so():
    # intl-1960: the fog-signal rule (Rule 15) was not read: a gap, listed as one, never as silence
    got = _heard(_scene("intl-1960", _vessel("G", 0.5, 0.0, "50 m", making_way=True)))
    r = got["G"]["readings"][0]
    assert r["signals"] == [] and r["gaps"] == ["the fog signals of this edition (fog-signal rule)"]


def test_an_edition_with_no_range_says_whether_she_is_heard_is_not_known():
    # intl-1948 Rule 15(c)(i): one prolonged blast at most every 2 minutes; it lays down no audibility range
    got = _heard(_scene("intl-1948", _vessel("H", 0.5, 0.0, "50 m", making_way=True)))
    s = got["H"]["readings"][0]["signals"][0]
    assert s["cite"] == "intl-1948 Rule 15(c)(i)" and s["heard"] is None and "no audibility range" in s["range_note"]


def test_scene_cli_text_and_json(tmp_path, capsys):
    f = tmp_path / "scene.json"
    f.write_text(json.dumps(SCENE))
    assert main(["scene", str(f), "--visibility", "restricted"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("In restricted visibility own ship would hear:")
    assert "Rule 35(b)" in out and "heard: within 1.5 nm" in out and "range not laid down" in out
    assert main(["scene", str(f), "--visibility", "restricted", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["visibility"] == "restricted" and [v["ident"] for v in d["heard"]] == ["D", "F", "A", "C"]
    assert main(["scene", str(f), "--json"]) == 0
    assert "heard" not in json.loads(capsys.readouterr().out)
    assert main(["scene", str(f), "--visibility", "foggy"]) == 2


TRACKS = """time,ident,lat,lon,heading,course,speed,eye_height,propulsion,length,making_way
2020-09-14T10:00:00Z,Aldebaran,50.00000,-1.00000,0,0,30,20,power,180 m,true
2020-09-14T10:00:00Z,Boreas,50.04750,-1.00000,0,0,0,10,power,60 m,false
2020-09-14T10:06:00Z,Aldebaran,50.05000,-1.00000,0,0,30,20,power,180 m,true
2020-09-14T10:06:00Z,Boreas,50.04750,-1.00000,0,0,0,10,power,60 m,false
"""


def test_what_each_vessel_of_an_encounter_should_have_been_sounding(tmp_path, capsys):
    # Aldebaran closes Boreas at half a mile a minute from 2.85 nm: within 1.5 nm (her whistle, 180 m) from
    # 10:03 (1.35 nm; 1.85 nm at 10:02); within 1 nm (Boreas's whistle, 60 m) from 10:04 (0.85 nm; 1.35 at 10:03)
    got = traffic.encounter_sounding(traffic.encounter(TRACKS, edition="intl-1972"))
    a, b = got["Aldebaran"], got["Boreas"]
    assert [s["cite"] for s in a["signals"]] == ["intl-1972 Rule 35(a)"] and a["audibility_nm"] == 1.5
    assert [s["cite"] for s in b["signals"]] == ["intl-1972 Rule 35(b)"] and b["audibility_nm"] == 1.0
    assert a["first_heard_by"] == {"Boreas": "10:03"} and b["first_heard_by"] == {"Aldebaran": "10:04"}
    f = tmp_path / "tracks.csv"
    f.write_text(TRACKS)
    assert main(["encounter", str(f), "-e", "intl-1972", "--visibility", "restricted", "--no-table"]) == 0
    out = capsys.readouterr().out
    assert "each should have been sounding" in out and "two prolonged blasts" in out and "from 10:04" in out
    assert main(["encounter", str(f), "-e", "intl-1972", "--visibility", "restricted", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sounding"]["Boreas"]["first_heard_by"] == {"Aldebaran": "10:04"}
