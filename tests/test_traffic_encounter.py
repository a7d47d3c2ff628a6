"""Encounter timelines (navlights.traffic.encounter): a hand-worked meeting, the edition by date, bad input, the
CLI and the web page.

The hand-worked case: A (power-driven, 120 m) lies stopped heading 000; B (power-driven, 60 m) comes from 7.1 nm
due east of her, heading 270 at 12 knots (0.2 nm a minute), straight at her, for 30 minutes. Under intl-1972
(Rule 22: a vessel of 50 m or more shows her masthead lights 6 miles, sidelights and sternlight 3 miles;
Rule 23(a): two masthead lights, sidelights, sternlight; Rule 21(b): each sidelight shows from right ahead to
22.5° abaft the beam on its side) A sees, of B:
  21:00 nothing in range (7.1 nm);
  21:06 both masthead lights come into view (5.9 nm: the first minute within 6 nm);
  21:21 both sidelights come into view (2.9 nm: the first minute within 3 nm); both sidelights are seen together
        only from right ahead of her: she is heading for you.
B sees A on her starboard beam (aspect 090): A's masthead lights at 21:06, then her green sidelight (not her red)
at 21:21: A's starboard side, her head to B's right.
"""

from __future__ import annotations

import json

import pytest

from navlights.traffic import api as traffic
from navlights.traffic import geo
from navlights.traffic.scene import SceneError

A = (50.0, -1.0)


def tracks(date: str = "2020-09-14", start_nm: float = 7.1, minutes: int = 30, extra: str = "",
           b_fields: str = "power,60 m") -> str:
    b0 = geo.destination(*A, 90.0, start_nm)
    b1 = geo.destination(*A, 90.0, start_nm - 0.2 * minutes)
    t0, t1 = f"{date}T21:00:00Z", f"{date}T21:{minutes:02d}:00Z"
    return ("time,ident,lat,lon,heading,speed,eye_height,propulsion,length\n"
            f"{t0},A,{A[0]},{A[1]},0,0,20,power,120 m\n{t1},A,{A[0]},{A[1]},0,0,20,power,120 m\n"
            f"{t0},B,{b0[0]:.7f},{b0[1]:.7f},270,12,15,{b_fields}\n{t1},B,{b1[0]:.7f},{b1[1]:.7f},270,12,15,{b_fields}\n"
            + extra)


def events(enc, observer: str) -> list[tuple[str, str, tuple[str, ...], float | None]]:
    """(hh:mm, kind, roles named, distance) of one observer's events; roles from the event text's light names."""
    out = []
    for e in enc.events:
        if e.observer == observer:
            out.append((f"{e.time:%H:%M}", e.kind, e.text, None if e.distance_nm is None else round(e.distance_nm, 1)))
    return out


def test_hand_worked_meeting_under_1972() -> None:
    enc = traffic.encounter(tracks())
    assert enc.edition == "intl-1972"
    ev = events(enc, "A")
    kinds = [(t, k, d) for t, k, _, d in ev]
    assert kinds == [("21:00", "start", 7.1), ("21:06", "in-view", 5.9), ("21:06", "picture", 5.9),
                     ("21:21", "in-view", 2.9), ("21:21", "picture", 2.9)]
    assert "no light in range" in ev[0][2]
    assert ev[1][2] == "her white masthead light and white masthead light (aft) came into view (within their ranges) at 5.9 nm"
    assert ev[3][2] == "her green sidelight and red sidelight came into view (within their ranges) at 2.9 nm"
    assert ev[4][2].endswith("she is heading for you")
    # Her masthead lights alone (Rule 21(a): 225°, right ahead to 22.5° abaft either beam) say only that A is
    # forward of her beam, not that she is heading for A.
    assert "you are forward of her beam" in ev[2][2] and "heading" not in ev[2][2]


def test_hand_worked_meeting_seen_from_the_other_side() -> None:
    enc = traffic.encounter(tracks())
    ev = events(enc, "B")
    assert [(t, k) for t, k, _, _ in ev] == [("21:00", "start"), ("21:06", "in-view"), ("21:06", "picture"),
                                             ("21:21", "in-view"), ("21:21", "picture")]
    assert ev[3][2] == "her green sidelight came into view (within its range) at 2.9 nm"
    assert "starboard side" in ev[4][2] and "her head is to your right" in ev[4][2]
    last = [lk for lk in enc.looks if lk.observer == "B"][-1]
    assert last.aspect_deg == pytest.approx(90.0, abs=1e-6)
    assert "sidelight-port" in last.hidden and last.hidden["sidelight-port"] == "arc"


def test_minutes_and_geometry() -> None:
    enc = traffic.encounter(tracks())
    looks = [lk for lk in enc.looks if lk.observer == "A"]
    assert len(looks) == 31                                     # 21:00 to 21:30 inclusive
    assert [round(lk.distance_nm, 3) for lk in looks[:3]] == [7.1, 6.9, 6.7]
    assert all(lk.bearing_deg == pytest.approx(90.0, abs=1e-6) for lk in looks)
    assert all(lk.aspect_deg == pytest.approx(0.0, abs=1e-6) or lk.aspect_deg == pytest.approx(360.0, abs=1e-6)
               for lk in looks)


@pytest.mark.parametrize("date, waters, edition", [
    ("1956-07-25", "high-seas", "intl-1948"),
    ("1966-01-01", "high-seas", "intl-1960"),
    ("2020-09-14", "high-seas", "intl-1972"),
    ("2020-09-14", "us-inland", "us-inland"),
])
def test_edition_by_date_and_waters(date, waters, edition) -> None:
    assert traffic.encounter(tracks(date), waters=waters).edition == edition


def test_1956_is_judged_under_1948_ranges() -> None:
    """intl-1948 Rule 2(a): masthead light 5 miles, sidelights 2 miles: into view at 4.9 and 1.9 nm."""
    enc = traffic.encounter(tracks("1956-07-25"))
    ev = [(t, k, d) for t, k, _, d in events(enc, "A") if k == "in-view"]
    assert ev[0][:1] == ("21:11",) and ev[0][2] == 4.9
    assert ev[-1][:1] == ("21:26",) and ev[-1][2] == 1.9


def test_named_edition_overrides_the_date() -> None:
    assert traffic.encounter(tracks("1956-07-25"), edition="intl-1972").edition == "intl-1972"


def test_a_gap_is_said_not_hidden() -> None:
    """Under intl-1948 the stern light's rule was not found: the vessel's gaps are carried, never 'no light'."""
    enc = traffic.encounter(tracks("1956-07-25")).to_dict()
    assert any("Rule 10" in g for g in enc["vessels"]["B"]["gaps"])


H = "time,ident,lat,lon,heading,propulsion,length\n"
BAD = [
    # text, the line starts with, and names
    ("", "tracks", "empty"),
    ("time,ident,lat,lon\n", "tracks", "'heading'"),
    ("time,ident,lat,lon,heading,colour\n", "column colour", "not a known column"),
    (H + "2020-09-14T21:00:00Z,A,95,0,0,power,20 m\n", "line 2: lat: '95'", "-90 to 90"),
    (H + "yesterday,A,50,0,0,power,20 m\n", "line 2: time: 'yesterday'", "ISO 8601"),
    (H + "2020-09-14T21:00:00Z,A,50,0,400,power,20 m\n", "line 2: heading: '400'", "0 to 360"),
    (H + "2020-09-14T21:00:00Z,A,50,0,0,power,20 m\n", "tracks: '1 vessel'", "two or more"),
    (H + "2020-09-14T21:00:00Z,,50,0,0,power,20 m\n", "line 2: ident", "empty"),
    # a lone carriage return inside an unquoted field is not CSV (it was a 500 on the web)
    (H + "2020-09-14T21:00:00Z,A\rB,50,0,0,power,20 m\n", "tracks: 'line 2'", "cannot be read as CSV"),
    ("time,ident\rx,lat,lon,heading\n", "tracks: 'line 1'", "cannot be read as CSV"),
]


@pytest.mark.parametrize("text, start, words", BAD)
def test_bad_tracks_one_line_naming_the_field(text, start, words) -> None:
    with pytest.raises(SceneError) as e:
        traffic.encounter(text)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(start) and words in msg and "allowed" in msg


def test_bad_vessel_field_names_its_line() -> None:
    with pytest.raises(SceneError) as e:
        traffic.encounter(tracks(b_fields="power,60"))
    assert str(e.value).startswith("line 4: length")


def test_tracks_that_do_not_overlap() -> None:
    text = tracks() + "2020-09-15T01:00:00Z,C,50,0,0,0,10,power,20 m\n2020-09-15T01:10:00Z,C,50,0,0,0,10,power,20 m\n"
    with pytest.raises(SceneError, match="do not overlap"):
        traffic.encounter(text)


# --- the command line -----------------------------------------------------------------------------


def test_cli_events_json_and_plot(tmp_path) -> None:
    from navlights.cli import main
    f = tmp_path / "t.csv"
    f.write_text(tracks())
    out = tmp_path / "p.png"
    assert main(["encounter", str(f), "--plot", str(out), "--no-table"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_json(tmp_path, capsys) -> None:
    from navlights.cli import main
    f = tmp_path / "t.csv"
    f.write_text(tracks())
    assert main(["encounter", str(f), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edition"] == "intl-1972" and len(data["steps"]) == 62


@pytest.mark.parametrize("text", ["time,ident,lat,lon\n", "not,a,track\n"])
def test_cli_bad_input_exit_2_one_line(tmp_path, capsys, text) -> None:
    from navlights.cli import main
    f = tmp_path / "t.csv"
    f.write_text(text)
    assert main(["encounter", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("navlights: error: tracks:") and "\n" not in err


# --- the web page ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from fastapi.testclient import TestClient

    from navlights.web.app import create_app
    return TestClient(create_app(tmp_path_factory.mktemp("web") / "progress.sqlite"))     # kept results beside it


def test_page_shows_the_example(client) -> None:
    r = client.get("/encounter")
    assert r.status_code == 200
    assert 'id="encounter-events"' in r.text and "data:image/png;base64," in r.text
    assert 'href="/encounter"' in r.text                          # in the nav


def test_page_posted_tracks(client) -> None:
    """The posted tracks are kept: 303 to their address, which shows the timeline."""
    r = client.post("/encounter", data={"tracks": tracks(), "waters": "high-seas", "edition": ""})
    assert r.history[0].status_code == 303 and r.url.path.startswith("/encounter/r/")
    assert r.status_code == 200 and "she is heading for you" in r.text


def test_page_bad_tracks_422(client) -> None:
    r = client.post("/encounter", data={"tracks": "time,ident,lat,lon\n", "waters": "high-seas"})
    assert r.status_code == 422 and 'data-field="tracks"' in r.text


def test_json_twin(client) -> None:
    r = client.post("/encounter.json", content=tracks(), headers={"content-type": "text/csv"})
    assert r.status_code == 200 and r.json()["edition"] == "intl-1972"
    r = client.get("/encounter.json", params={"example": "1956-crossing-high-seas.csv"})
    assert r.status_code == 200 and r.json()["edition"] == "intl-1948"


@pytest.mark.parametrize("params, field", [({"waters": "moon"}, "waters"), ({"example": "nope.csv"}, "example"),
                                           ({"edition": "intl-1066"}, "edition")])
def test_json_twin_bad_query_422(client, params, field) -> None:
    r = client.get("/encounter.json", params=params)
    assert r.status_code == 422 and r.json()["field"] == field and "\n" not in r.json()["error"]


def test_json_twin_bad_body_422(client) -> None:
    r = client.post("/encounter.json", content=b"\xff\xfe", headers={"content-type": "text/csv"})
    assert r.status_code == 422 and r.json()["field"] == "tracks"


def test_json_twin_other_methods_name_both(client) -> None:
    r = client.put("/encounter.json")
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST" and r.json()["field"] == "method"


@pytest.mark.parametrize("name, edition, sentence", [
    ("2020-crossing-high-seas.csv", "intl-1972",
     "21:52 Aldebaran sees Boreas: her red sidelight came into view (within its range) at 3.0 nm"),
    ("1956-crossing-high-seas.csv", "intl-1948",
     "02:26 Sea Wren sees Meridian: her red sidelight came into view (within its range) at 1.8 nm"),
])
def test_examples(name, edition, sentence) -> None:
    """The examples: in 2020 Boreas crosses from Aldebaran's starboard side, so Aldebaran sees her red sidelight
    once within its 3 miles (Rule 22); in 1956 the 2-mile sidelights of intl-1948 Rule 2(a)."""
    enc = traffic.encounter(traffic.example_encounters()[name])
    assert enc.edition == edition
    assert sentence in [e.sentence for e in enc.events]


# --- issue 31: her two masthead lights tell her bow ---------------------------------------------------------------

@pytest.mark.parametrize("aspect, side, bow", [(330.0, "left", "port"), (30.0, "right", "starboard"),
                                               (350.0, "left", "port"), (10.0, "right", "starboard")])
def test_two_masthead_lights_tell_the_bow(aspect, side, bow) -> None:
    """A power-driven vessel of 100 m, 5 nm off: her masthead lights (6 M, Rule 22(a)) are seen, her sidelights (3 M)
    are not; the after masthead light stands higher (Rule 23(a)(ii)), so the lower, forward one's side is where her
    head points: on her port bow (aspect 330) it stands to your left, on her starboard bow (30) to your right."""
    import navlights
    from navlights.engines.sectors import sectors
    from navlights.engines.view import view
    from navlights.traffic.encounter import masthead_side, meaning
    d = navlights.display({"propulsion": "power", "length": "100 m"}, "intl-1972")
    p = view(d, aspect, 5.0)
    assert {i.role for i in p.items} == {"masthead", "masthead-aft"}
    assert masthead_side(p) == side
    words = meaning(sectors(d, period="night"), {"masthead", "masthead-aft"}, masthead=masthead_side(p))
    assert f"her {bow} bow" in words and f"her head is to your {side}" in words
    assert "cannot be told" in meaning(sectors(d, period="night"), {"masthead", "masthead-aft"})  # without the cue
