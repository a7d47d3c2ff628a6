"""A scene built from AIS data (navlights.traffic.ais_scene): each vessel's last report at or before the time,
carried to the time along her course, her readings from the AIS mapping, seen from own ship.

Hand-worked case (own ship at 50.0 N, 1.0 W, heading 000, eye 15 m): the file holds, in MarineCadastre columns,
- 366000001: a power-driven vessel (ship type 70, cargo; 120 m by 20 m) under way using engine (status 0),
  reported at 20:55 one nautical mile due east of own ship, course and heading 000 at 12 kn. At 21:00 she has run
  5 minutes at 12 kn = 1.0 nm north: she is then 1 nm east and 1 nm north, so at a true bearing of about 045
  and about 1.41 nm. Under intl-1972 (in force in 2024 on the high seas) she is a power-driven vessel of 50 m or
  more under way: masthead lights, sidelights, sternlight (Rule 23(a)); seen from her port bow... own ship lies
  225 true from her, her heading 000: relative 225, on her port quarter, where her sternlight shows (Rule
  21(c): 67.5 degrees either side of right astern, so 112.5-247.5).
- 366000002: at anchor (status 1), reported at 20:40, 20 minutes before the time: over the 10-minute window, so
  left out and counted as too old.
- 366000003: reported only at 21:05, after the time: left out and counted.
"""

from __future__ import annotations

import json

import pytest
from navlights.cli import main
from navlights.traffic import api as traffic
from navlights.traffic.ais_scene import carry, observer
from navlights.traffic.scene import SceneError

HEAD = ("MMSI,BaseDateTime,LAT,LON,SOG,COG,Heading,VesselName,IMO,CallSign,VesselType,Status,Length,Width,Draft,"
        "Cargo,TransceiverClass\n")
EAST_1NM = -1.0 + 1852.0 / (111_320.0 * 0.6427876)        # 1 nm east of 1.0 W at 50 N (cos 50 = 0.6428)
ROWS = (f"366000001,2024-05-01T20:55:00,50.0,{EAST_1NM:.6f},12.0,0.0,0,CARGO,,,70,0,120,20,7,70,A\n"
        "366000002,2024-05-01T20:40:00,50.02,-1.02,0.0,0.0,90,ANCHORED,,,70,1,200,30,9,70,A\n"
        "366000003,2024-05-01T21:05:00,49.98,-0.98,10.0,180.0,180,LATE,,,70,0,100,16,6,70,A\n")
OWN = "50.0,-1.0,0,15"
AT = "2024-05-01T21:00:00Z"


@pytest.fixture()
def ais_file(tmp_path):
    p = tmp_path / "traffic.csv"
    p.write_text(HEAD + ROWS)
    return p


def test_scene_from_ais_carries_positions_and_counts_what_is_left_out(ais_file):
    result, counts = traffic.scene_from_ais(ais_file, at=AT, observer=OWN)
    assert counts == {"vessels": 1, "too_old": 1, "only_after": 1}
    d = result.to_dict()
    (v,) = d["vessels"]
    assert v["ident"] == "366000001"
    assert v["bearing_deg"] == pytest.approx(45.0, abs=0.5)
    assert v["distance_nm"] == pytest.approx(2 ** 0.5, abs=0.02)
    assert v["aspect_deg"] == pytest.approx(225.0, abs=0.5)
    assert any("carried 1.00 nm" in n for n in v["notes"])
    (r,) = v["readings"]
    assert "sternlight" in r["picture"] and "sidelight" not in r["picture"] and "masthead" not in r["picture"]


def test_carry_without_course_keeps_the_position(ais_file):
    from navlights.traffic.ais_scene import fixes_at
    import datetime as dt
    mapped, _ = traffic.ais_fixes(ais_file)
    fix = next(f for f, _, _ in mapped if f.ident == "366000001")
    still = carry(fix.__class__(**{**fix.__dict__, "course_deg": None}), fix.time + dt.timedelta(minutes=3))
    assert (still.lat, still.lon) == (fix.lat, fix.lon) and "no course or speed" in still.notes[-1]
    kept, counts = fixes_at([fix], fix.time + dt.timedelta(minutes=10), dt.timedelta(minutes=10))
    assert counts["too_old"] == 0 and len(kept) == 1       # exactly at the window's edge: kept
    kept, counts = fixes_at([fix], fix.time + dt.timedelta(minutes=10, seconds=1), dt.timedelta(minutes=10))
    assert counts["too_old"] == 1 and kept == []


@pytest.mark.parametrize("text, field", [
    ("50,-1", "observer"), ("50,-1,0,15,10,3", "observer"), ("91,-1,0", "observer.lat"),
    ("50,-1,361", "observer.heading"), ("50,x,0", "observer.lon"),
])
def test_bad_observer_names_the_field(text, field):
    with pytest.raises(SceneError) as e:
        observer(text)
    assert str(e.value).startswith(field + ":") and "\n" not in str(e.value)


def test_cli_scene_from_ais(ais_file, tmp_path, capsys):
    code = main(["scene", "--ais", str(ais_file), "--at", AT, "--observer", OWN, "--json",
                 "--png", str(tmp_path / "p.png")])
    out, err = capsys.readouterr()
    assert code == 0, err
    d = json.loads(out)
    assert [v["ident"] for v in d["vessels"]] == ["366000001"]
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
    assert "left out: 1 vessel(s)" in err


@pytest.mark.parametrize("args, start", [
    (["--at", AT, "--observer", OWN], "scene:"),                 # neither a scene file nor --ais
    (["--ais", "AIS", "--observer", OWN], "at: missing"),
    (["--ais", "AIS", "--at", AT], "observer: missing"),
    (["--ais", "AIS", "--at", "yesterday", "--observer", OWN], "at:"),
])
def test_cli_scene_from_ais_bad_input_one_line(ais_file, args, start, capsys):
    args = [str(ais_file) if a == "AIS" else a for a in args]
    code = main(["scene", *args])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("navlights: error: " + start) and err.count("\n") == 1, err


# --- an encounter from AIS data ------------------------------------------------------------------------------
# Two reports each (20:55 and 21:00): 366000001 as above, running north at 12 kn from 1 nm east of own ship's
# position; 366000004, a fishing vessel (status 7, ship type 30), lying stopped 1 nm north of that position.
# Status 7 does not say trawling or other fishing (Rule 26(b) or (c)), so her reading must be chosen.

TWO = (HEAD + ROWS.splitlines(keepends=True)[0]
       + f"366000001,2024-05-01T21:00:00,50.016667,{EAST_1NM:.6f},12.0,0.0,0,CARGO,,,70,0,120,20,7,70,A\n"
       "366000004,2024-05-01T20:55:00,50.016667,-1.0,0.0,0.0,90,FISHER,,,30,7,20,6,3,30,A\n"
       "366000004,2024-05-01T21:00:00,50.016667,-1.0,0.0,0.0,90,FISHER,,,30,7,20,6,3,30,A\n")


@pytest.fixture()
def two_file(tmp_path):
    p = tmp_path / "two.csv"
    p.write_text(TWO)
    return p


def test_encounter_from_ais_needs_a_chosen_reading_where_ais_fits_several(two_file, capsys):
    code = main(["encounter", "--ais", str(two_file), "--mmsi", "366000001,366000004", "--no-table"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("navlights: error: reading 366000004:") and err.count("\n") == 1
    assert "--reading 366000004=N" in err


def test_encounter_from_ais_with_the_reading_chosen(two_file, capsys):
    enc = traffic.encounter_from_ais(two_file, "366000001,366000004", readings=["366000004=1"])
    assert enc.edition == "intl-1972"
    assert enc.vessels["366000004"]["vessel"]["fishing"]["method"] == "trawl"
    assert any(n.startswith("366000004: reading 1 of") and "chosen by the user" in n for n in enc.notes)
    assert (enc.start.strftime("%H:%M"), enc.end.strftime("%H:%M")) == ("20:55", "21:00")


@pytest.mark.parametrize("kwargs, start", [
    ({"mmsi": "366000001"}, "mmsi:"),                               # one vessel is not an encounter
    ({"mmsi": "366000001,999"}, "mmsi:"),                           # no reports for 999
    ({"mmsi": "366000001,366000004", "readings": ["366000004=99"]}, "reading 366000004:"),
    ({"mmsi": "366000001,366000004", "readings": ["366000004"]}, "reading:"),
])
def test_encounter_from_ais_bad_input_one_line(two_file, kwargs, start):
    from navlights.errors import NavlightsError
    with pytest.raises(NavlightsError) as e:
        traffic.encounter_from_ais(two_file, **kwargs)
    assert str(e.value).startswith(start) and "\n" not in str(e.value)
