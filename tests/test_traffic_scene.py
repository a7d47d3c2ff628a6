"""Scenes (navlights.traffic.scene) and the night panorama: what own ship sees of each vessel, worked by hand.

Own ship at 50° N 1° W heading 000. Under intl-1972 a power-driven vessel of 50 m or more shows two masthead
lights (6 miles), sidelights and a sternlight (3 miles) (Rules 22, 23(a)); each sidelight shows from right ahead
to 22.5° abaft the beam on its side, the sternlight 67.5° either side of right astern, the masthead lights
112.5° either side of right ahead (Rule 21).
"""

from __future__ import annotations

import json

import pytest

from navlights.traffic import api as traffic
from navlights.traffic import geo
from navlights.traffic.scene import SceneError

OWN = {"lat": 50.0, "lon": -1.0, "heading": 0, "eye_height": 15}
BIG = {"propulsion": "power", "length": "120 m"}


def vessel(bearing: float, dist: float, heading: float | None, v: dict | None = None, **kw) -> dict:
    lat, lon = geo.destination(OWN["lat"], OWN["lon"], bearing, dist)
    out = {"ident": kw.pop("ident", f"{bearing:g}/{dist:g}"), "lat": lat, "lon": lon, "heading": heading, **kw}
    if v is not None:
        out["vessel"] = v
    return out


def scene(*vessels: dict, time: str = "2020-09-14T21:30:00Z", **kw) -> dict:
    return {"time": time, "observer": dict(OWN), "vessels": list(vessels), **kw}


def one(data: dict) -> dict:
    return traffic.scene_json(data)["vessels"][0]


# bearing, distance, her heading -> aspect, the roles seen, the roles not seen and why
CASES = [
    # dead ahead of own ship, heading for her: aspect 0, both sidelights and both masthead lights; no sternlight
    (0.0, 2.0, 180.0, 0.0, {"masthead", "masthead-aft", "sidelight-starboard", "sidelight-port"},
     {"sternlight": "arc"}),
    # the same at 4 nm: the sidelights (3 miles) are beyond their range, the masthead lights (6) are not
    (0.0, 4.0, 180.0, 0.0, {"masthead", "masthead-aft"},
     {"sternlight": "arc", "sidelight-starboard": "range", "sidelight-port": "range"}),
    # she is east of own ship heading north: own ship is on her port beam (aspect 270): red, masthead lights
    (90.0, 2.0, 0.0, 270.0, {"masthead", "masthead-aft", "sidelight-port"},
     {"sternlight": "arc", "sidelight-starboard": "arc"}),
    # she is north of own ship heading north: own ship is right astern of her: the sternlight only
    (0.0, 2.0, 0.0, 180.0, {"sternlight"},
     {"masthead": "arc", "masthead-aft": "arc", "sidelight-starboard": "arc", "sidelight-port": "arc"}),
    # 30° abaft her starboard beam (aspect 120): the sternlight (from 112.5°), not the green (to 112.5°)
    (300.0, 2.0, 0.0, 120.0, {"sternlight"},
     {"masthead": "arc", "masthead-aft": "arc", "sidelight-starboard": "arc", "sidelight-port": "arc"}),
]


@pytest.mark.parametrize("bearing, dist, heading, aspect, seen, hidden", CASES)
def test_what_own_ship_sees(bearing, dist, heading, aspect, seen, hidden) -> None:
    v = one(scene(vessel(bearing, dist, heading, BIG)))
    assert v["bearing_deg"] == pytest.approx(bearing, abs=0.01) or v["bearing_deg"] == pytest.approx(bearing + 360)
    assert v["distance_nm"] == pytest.approx(dist, abs=0.001)
    assert v["aspect_deg"] % 360 == pytest.approx(aspect, abs=0.01)
    r = v["readings"][0]
    assert set(r["seen"]) == seen
    assert {x["role"]: x["reason"] for x in r["shows"] if not x["seen"]} == hidden


def test_relative_bearing_from_own_ships_head() -> None:
    data = scene(vessel(30.0, 2.0, 180.0, BIG))
    data["observer"]["heading"] = 300
    assert one(data)["relative_deg"] == pytest.approx(90.0, abs=0.01)


def test_every_reading_is_kept_and_marked() -> None:
    v = vessel(0.0, 1.0, 180.0, candidates=[
        {"vessel": {"propulsion": "power", "length": "24 m", "fishing": {"method": "trawl"}}, "basis": "trawling"},
        {"vessel": {"propulsion": "power", "length": "24 m", "fishing": {"method": "other", "gear_extent": "100 m"}},
         "basis": "other fishing"}])
    out = one(scene(v))
    assert out["certain"] is False and [r["basis"] for r in out["readings"]] == ["trawling", "other fishing"]
    # Rule 26: trawling, green over white all round; other fishing, red over white
    colours = [sorted(x["colour"] for x in r["shows"] if x["seen"] and "all-round" in x["name"])
               for r in out["readings"]]
    assert colours == [["green", "white"], ["red", "white"]]


def test_a_missing_fact_is_not_known_not_no_light() -> None:
    v = vessel(0.0, 1.0, 180.0, {"propulsion": "power", "towing": {}, "length": "24 m"})
    r = one(scene(v))["readings"][0]
    assert r["error"] and r["picture"].startswith("not known: towing.tow_length")
    assert r["seen"] == []


def test_a_gap_is_named() -> None:
    """intl-1948 (1956): from right astern of a steamer nothing is seen, and the stern light's rule was not found."""
    r = one(scene(vessel(0.0, 1.0, 0.0, BIG), time="1956-07-25T02:00:00Z"))["readings"][0]
    assert r["edition"] == "intl-1948" and r["seen"] == []
    assert r["picture"].startswith("no light known:") and "Rule 10" in r["picture"]


def test_heading_not_known() -> None:
    """No heading nor course: only all-round lights can be said to be seen (an anchored vessel's are)."""
    under_way = one(scene(vessel(0.0, 1.0, None, BIG)))
    assert under_way["aspect_deg"] is None and under_way["readings"][0]["seen"] == []
    assert {x["reason"] for x in under_way["readings"][0]["shows"]} == {"aspect-unknown"}
    anchored = one(scene(vessel(0.0, 1.0, None, {**BIG, "status": "anchored"})))
    assert set(anchored["readings"][0]["seen"]) == {"anchor-forward", "anchor-aft"}      # Rule 30(a): 50 m or more
    by_course = one(scene(vessel(0.0, 1.0, None, BIG, course=180)))
    assert by_course["aspect_deg"] == pytest.approx(0.0, abs=0.01)
    assert any("course" in n for n in by_course["notes"])


@pytest.mark.parametrize("time, edition", [("1956-07-25T02:00:00Z", "intl-1948"), ("1966-01-01T00:00:00Z", "intl-1960"),
                                           ("2020-09-14T21:30:00Z", "intl-1972")])
def test_edition_by_date(time, edition) -> None:
    assert one(scene(vessel(0.0, 1.0, 180.0, BIG), time=time))["readings"][0]["edition"] == edition


def test_visibility_caps_the_range() -> None:
    """In 1 nm visibility a 3-mile sidelight carries 1.02 nm (Allard's law): not seen at 1.5 nm."""
    data = scene(vessel(0.0, 1.5, 180.0, BIG))
    data["observer"]["visibility"] = 1.0
    r = one(data)["readings"][0]
    assert "sidelight-port" not in r["seen"] and "masthead" in r["seen"]


BAD = [
    ({"observer": None, "vessels": []}, "observer"),
    (scene(vessel(0.0, 1.0, 0.0, BIG)) | {"observer": {**OWN, "lat": 95}}, "observer.lat: 95"),
    (scene({"ident": "x", "lat": 50, "lon": -1, "heading": 400, "vessel": BIG}), "vessels[0].heading: 400"),
    (scene({"ident": "x", "lat": 50, "lon": -1, "heading": 0, "vessel": {"propulsion": "steam"}}),
     "vessels[0].vessel.propulsion"),
    (scene({"ident": "x", "lat": 50, "lon": -1, "heading": 0, "colour": "red"}), "vessels[0].colour"),
    (scene(time="1700-01-01T00:00:00Z"), "time: '1700-01-01'"),
    (scene(time="tomorrow"), "time: 'tomorrow'"),
    (scene(waters="moon"), "waters"),
    (scene(colour="red"), "colour: 'red' is not a known key"),
    (scene() | {"observer": {**OWN, "height": 3}}, "observer.height: 3 is not a known key"),
]


@pytest.mark.parametrize("data, start", BAD)
def test_bad_scene_one_line(data, start) -> None:
    from navlights.errors import NavlightsError
    with pytest.raises(NavlightsError) as e:
        traffic.scene_json(data)
    assert str(e.value).startswith(start) and "\n" not in str(e.value)
    assert isinstance(e.value, SceneError) or start == "waters"


# --- the panorama ---------------------------------------------------------------------------------


def test_panorama_places_lights_at_their_bearings() -> None:
    """360° over 3600 px: 10 px a degree, own ship's head in the middle (x 1800). A vessel dead ahead has her
    lights within her own breadth of x 1800; one on the starboard beam near x 2700; masthead lights above the
    sea-level lights of the same vessel."""
    res = traffic.scene(scene(vessel(0.0, 2.0, 90.0, BIG, ident="ahead"), vessel(90.0, 2.0, 0.0, BIG, ident="beam")))
    lab = traffic.panorama_labels(traffic.panorama(res, width=3600, height=600))
    assert lab["h_px_per_deg"] == pytest.approx(10.0)
    ahead = [i for i in lab["items"] if i["ident"] == "ahead"]
    beam = [i for i in lab["items"] if i["ident"] == "beam"]
    assert ahead and all(abs(i["x"] - 1800) < 10 for i in ahead)    # a 120 m ship at 2 nm spans under 1°
    assert beam and all(abs(i["x"] - 2700) < 10 for i in beam)
    mast = next(i for i in ahead if i["role"] == "masthead")
    side = next(i for i in ahead if i["role"].startswith("sidelight"))
    assert mast["y"] < side["y"]
    assert {"x", "y", "colour", "ident", "role", "distance_nm"} <= set(ahead[0])


def test_panorama_field_of_view_leaves_out_what_is_behind() -> None:
    res = traffic.scene(scene(vessel(0.0, 2.0, 90.0, BIG, ident="ahead"), vessel(180.0, 2.0, 0.0, BIG, ident="astern")))
    lab = traffic.panorama_labels(traffic.panorama(res, fov=90, width=900, height=400))
    assert {i["ident"] for i in lab["items"]} == {"ahead"}
    assert lab["h_px_per_deg"] == pytest.approx(10.0)


def test_panorama_svg_and_png() -> None:
    pano = traffic.panorama(traffic.scene(scene(vessel(0.0, 2.0, 90.0, BIG))), width=800, height=300)
    assert traffic.panorama_svg(pano).startswith("<svg") and 'class="light"' in traffic.panorama_svg(pano)
    assert traffic.panorama_png(pano)[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("fov", [0, -5, 361, "wide"])
def test_bad_fov(fov) -> None:
    with pytest.raises(SceneError, match="^fov: "):
        traffic.check_fov(fov)


# --- the command line -----------------------------------------------------------------------------


def test_cli_scene_writes_png_svg_and_labels(tmp_path, capsys) -> None:
    from navlights.cli import main
    f = tmp_path / "s.json"
    f.write_text(json.dumps(scene(vessel(0.0, 2.0, 180.0, BIG, ident="235000001"))))
    png, svg, lab = tmp_path / "p.png", tmp_path / "p.svg", tmp_path / "l.json"
    assert main(["scene", str(f), "--png", str(png), "--svg", str(svg), "--labels", str(lab), "--fov", "120"]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG" and svg.read_text().startswith("<svg")
    items = json.loads(lab.read_text())["items"]
    assert {i["ident"] for i in items} == {"235000001"} and len(items) == 4
    out = capsys.readouterr().out
    assert "235000001" in out and "red sidelight" in out


def test_cli_scene_json(tmp_path, capsys) -> None:
    from navlights.cli import main
    f = tmp_path / "s.json"
    f.write_text(json.dumps(scene(vessel(0.0, 2.0, 180.0, BIG))))
    assert main(["scene", str(f), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["vessels"][0]["aspect_deg"] == pytest.approx(0.0, abs=0.01)


@pytest.mark.parametrize("text, start", [("{", "scene: malformed JSON"), ('{"vessels": []}', "observer"),
                                         ("[]", "scene")])
def test_cli_scene_bad_input_exit_2(tmp_path, capsys, text, start) -> None:
    from navlights.cli import main
    f = tmp_path / "s.json"
    f.write_text(text)
    assert main(["scene", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"navlights: error: {start}") and "\n" not in err


def test_example_scene_reads() -> None:
    for name, text in traffic.example_scenes().items():
        res = traffic.scene_json(json.loads(text))
        assert res["vessels"], name
