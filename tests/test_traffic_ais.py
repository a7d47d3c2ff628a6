"""AIS (issue 17): reading NMEA and tables, typing values at the edge, mapping codes to vessel readings and lights.

Messages are built with pyais's encoder; tables are written by the tests. Expected code values are those of the
AIS message specification (ITU-R M.1371: message 1 navigational status, message 5 type of ship, dimensions A-D);
expected lights are those of the rules (COLREGs 1972, US Inland Rules), written by hand.
"""

from __future__ import annotations

import datetime as dt
from functools import reduce

import pytest
from pyais import encode_dict
from pyais.constants import NavigationStatus, ShipType

from navlights.traffic import mapping
from navlights.traffic.ais import AisInputError, fixes, read_nmea
from navlights.traffic.tables import read_frame, read_table
from navlights.traffic.regions import Region, RegionError

T0 = "2024-05-01T21:00:00Z"
WHEN = dt.datetime(2024, 5, 1, 21, 0, tzinfo=dt.timezone.utc)


def pos(mmsi=366000001, **kw):
    return encode_dict({"type": 1, "mmsi": mmsi, "lat": 40.5, "lon": -73.9, "speed": 5.0, "course": 90.0,
                        "heading": 88, **kw})


def static5(mmsi=366000001, seq=1, **kw):
    return encode_dict({"type": 5, "mmsi": mmsi, "ship_type": 70, "to_bow": 20, "to_stern": 10, "to_port": 4,
                        "to_starboard": 4, "shipname": "ANNA", **kw}, seq_id=seq)


def nmea_checksum(body: str) -> str:
    return f"{reduce(lambda a, c: a ^ ord(c), body, 0):02X}"


# --- reading NMEA ------------------------------------------------------------------------------

@pytest.mark.parametrize("code", range(16))
def test_every_navigational_status_is_read(code):
    data = read_nmea(pos(status=code), default_time=T0)
    assert [r.status for r in data.reports] == [code]


@pytest.mark.parametrize("field, value, attr", [
    ("heading", 511, "heading_deg"),        # 511: no heading
    ("speed", 102.3, "speed_kn"),           # 1023 tenths: not available
    ("course", 360.0, "course_deg"),        # 3600 tenths: not available
])
def test_not_available_codes_become_none(field, value, attr):
    r = read_nmea(pos(**{field: value}), default_time=T0).reports[0]
    assert getattr(r, attr) is None


def test_position_not_available_is_refused_and_counted():
    data = read_nmea(pos(lat=91.0, lon=181.0), default_time=T0)
    assert data.reports == [] and data.bad == {"position not available": 1}


def test_class_b_report_has_no_status_and_values_typed():
    data = read_nmea(encode_dict({"type": 18, "mmsi": 366000002, "lat": 40.6, "lon": -73.8, "speed": 0.0,
                                  "course": 123.4, "heading": 511}), default_time=T0)
    r = data.reports[0]
    assert (r.mmsi, r.status, r.speed_kn, r.course_deg, r.heading_deg) == ("366000002", None, 0.0, 123.4, None)


def test_long_range_message_27_not_available_codes():
    # message 27: speed 63 and course 511 are "not available"
    data = read_nmea(encode_dict({"type": 27, "mmsi": 366000003, "status": 1, "lat": 40.5, "lon": -73.9,
                                  "speed": 63, "course": 511}), default_time=T0)
    r = data.reports[0]
    assert (r.status, r.speed_kn, r.course_deg, r.heading_deg) == (1, None, None, None)


def test_multipart_type_5_is_assembled_and_joined():
    lines = static5(ship_type=30) + pos(status=7)
    assert len(static5()) == 2                       # message 5 does not fit one sentence
    data = read_nmea(lines, default_time=T0)
    st = data.statics["366000001"]
    # A + B = 20 + 10 m; C + D = 4 + 4 m
    assert (st.ship_type, st.length_m, st.breadth_m, st.name) == (30, 30.0, 8.0, "ANNA")
    assert data.bad == {}


def test_type_24_parts_a_and_b_join():
    a = encode_dict({"type": 24, "mmsi": 366000004, "partno": 0, "shipname": "SPRAY"})
    b = encode_dict({"type": 24, "mmsi": 366000004, "partno": 1, "ship_type": 36, "to_bow": 6, "to_stern": 5,
                     "to_port": 2, "to_starboard": 1})
    st = read_nmea(a + b).statics["366000004"]
    assert (st.name, st.ship_type, st.length_m, st.breadth_m) == ("SPRAY", 36, 11.0, 3.0)


def test_dimension_zero_is_not_available():
    st = read_nmea(static5(to_bow=0, to_stern=0, to_port=0, to_starboard=0)).statics["366000001"]
    assert st.length_m is None and st.breadth_m is None


@pytest.mark.parametrize("lines, reason", [
    (["this is not nmea"], "not an NMEA sentence"),
    (["!AIVDM,1,1"], "malformed sentence"),
    ([pos()[0][:-1] + ("1" if pos()[0][-1] == "0" else "0")], "checksum mismatch"),
    (static5()[1:], "fragment without its first part"),
    (static5()[:1], "multi-part message incomplete (end of input)"),
    (static5()[:1] + static5()[:1] + static5()[1:], "multi-part message incomplete (next one began)"),
])
def test_broken_sentences_are_counted_by_reason(lines, reason):
    data = read_nmea(lines, default_time=T0)
    assert data.bad[reason] == 1
    assert data.reports == []


def test_out_of_order_fragment():
    three = encode_dict({"type": 8, "mmsi": 1, "data": b"\x01" * 120}, seq_id=2)
    assert len(three) >= 3
    data = read_nmea([three[0], three[2]])
    assert data.bad["fragment out of order"] == 1


def test_no_time_is_counted_not_guessed():
    data = read_nmea(pos())
    assert data.reports == [] and sum(data.bad.values()) == 1
    assert next(iter(data.bad)).startswith("no time")


def test_tag_block_time_and_line_prefix_time():
    body = "c:1714597200"                           # 2024-05-01T21:00:00Z in Unix seconds
    tagged = f"\\{body}*{nmea_checksum(body)}\\{pos()[0]}"
    prefixed = f"2024-05-01T21:05:00Z {pos(mmsi=366000009)[0]}"
    data = read_nmea([tagged, prefixed])
    assert [(r.mmsi, r.time) for r in data.reports] == [
        ("366000001", WHEN), ("366000009", WHEN + dt.timedelta(minutes=5))]


def test_vessel_without_static_data_is_noted():
    (fix, static, code), = fixes(read_nmea(pos(status=0), default_time=T0))
    assert static is None and code == 0
    assert any("no static data" in n for n in fix.notes)
    assert (fix.ident, fix.time, fix.lat, fix.lon, fix.heading_deg) == ("366000001", WHEN, 40.5, -73.9, 88.0)


# --- reading tables ----------------------------------------------------------------------------

MARINECADASTRE = ("MMSI,BaseDateTime,LAT,LON,SOG,COG,Heading,VesselName,IMO,CallSign,VesselType,Status,Length,"
                  "Width,Draft,Cargo,TransceiverClass\n"
                  "366000001,2024-05-01T21:00:00,40.5,-73.9,3.2,90.0,511,ANNA,IMO1234567,WDA1234,30,7,30,8,3.1,30,A\n"
                  "366000002,2024-05-01T21:01:00,91.0,181.0,0,0,511,,,,,,,,,,B\n"
                  "366000003,2024-05-01T21:02:00,40.7,-73.7,102.3,360.0,45,,,,,,,,,,B\n"
                  "366000004,not-a-time,40.7,-73.7,1,1,1,,,,,,,,,,B\n")


def test_marinecadastre_csv(tmp_path):
    p = tmp_path / "ais.csv"
    p.write_text(MARINECADASTRE)
    data = read_table(p)
    assert data.read == 4
    assert data.bad == {"position not available": 1, "time: not a date-time (ISO 8601 or Unix seconds)": 1}
    a, c = data.reports
    assert (a.mmsi, a.time, a.status, a.heading_deg, a.speed_kn) == ("366000001", WHEN, 7, None, 3.2)
    assert (c.speed_kn, c.course_deg, c.heading_deg, c.status) == (None, None, 45.0, None)
    st = data.statics["366000001"]
    assert (st.ship_type, st.length_m, st.breadth_m, st.imo, st.callsign) == (30, 30.0, 8.0, 1234567, "WDA1234")


def test_generic_columns_parquet(tmp_path):
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"mmsi": [366000001], "time": [pd.Timestamp("2024-05-01 21:00", tz="UTC")],
                          "latitude": [40.5], "longitude": [-73.9], "speed": [0.1], "course": [None],
                          "heading": [511], "nav_status": [1], "ship_type": [52], "to_bow": [15], "to_stern": [5],
                          "to_port": [3], "to_starboard": [3]})
    p = tmp_path / "ais.parquet"
    frame.to_parquet(p)
    data = read_table(p)
    r, = data.reports
    assert (r.time, r.status, r.course_deg) == (WHEN, 1, None)
    assert (data.statics["366000001"].length_m, data.statics["366000001"].ship_type) == (20.0, 52)


def test_table_without_position_columns_is_refused_in_one_line():
    pd = pytest.importorskip("pandas")
    with pytest.raises(AisInputError, match=r"^t: no column for lat, lon; allowed names: lat, latitude, lon, "):
        read_frame(pd.DataFrame({"MMSI": [1], "BaseDateTime": [T0]}), where="t")


# --- the code tables, against pyais's enums ---------------------------------------------------------

@pytest.mark.parametrize("code", sorted(mapping.STATUS))
def test_status_codes_match_pyais(code):
    assert NavigationStatus(code).name == mapping.STATUS[code][1]


@pytest.mark.parametrize("code", sorted(mapping.SHIP_TYPES))
def test_ship_type_codes_match_pyais(code):
    assert ShipType(code).name == mapping.SHIP_TYPES[code][1]


def test_ship_type_codes_named_in_the_brief():
    # M.1371 type of ship: 30 fishing, 31 towing, 32 towing (long or broad), 33 dredging or underwater operations,
    # 34 diving, 35 military, 36 sailing, 37 pleasure craft, 50 pilot, 52 tug, 55 law enforcement
    expected = {30: "Fishing", 31: "Towing", 32: "Towing_LengthOver200", 33: "DredgingOrUnderwaterOps",
                34: "DivingOps", 35: "MilitaryOps", 36: "Sailing", 37: "PleasureCraft", 50: "PilotVessel",
                52: "Tug", 55: "LawEnforcement"}
    assert {k: mapping.SHIP_TYPES[k][1] for k in expected} == expected


# --- from codes to readings (vessel facts) -------------------------------------------------------

def facts(code, ship=None, length=30.0, breadth=8.0, moving=True):
    return [c.vessel for c in mapping.candidates(code, ship, length, breadth, moving)]


@pytest.mark.parametrize("code, check, count", [
    (0, lambda v: v.propulsion == "power" and v.status == "underway", 1),
    (1, lambda v: v.status == "anchored", 1),
    (2, lambda v: v.not_under_command and v.making_way, 1),
    (4, lambda v: v.constrained_by_draught and v.propulsion == "power", 1),
    (5, lambda v: v.status == "moored", 1),
    (6, lambda v: v.status == "aground", 1),
    (7, lambda v: v.fishing is not None and v.making_way, 4),          # trawl, drift-net, line, other
    (8, lambda v: v.propulsion == "sail" or v.sails_set, 2),           # under sail; or sail and engine
    (11, lambda v: v.towing is not None and not v.towing.alongside, 1),
    (12, lambda v: v.pushing or (v.towing is not None and v.towing.alongside), 2),
    (15, lambda v: v.status == "underway" and v.making_way, 1),        # moving: under way
    (None, lambda v: v.status == "underway", 1),                       # class B, moving
])
def test_status_to_vessel_facts(code, check, count):
    vs = facts(code)
    assert len(vs) == count and all(check(v) for v in vs)
    assert all(v.length_m == 30.0 and v.breadth_m == 8.0 for v in vs)


def test_status_14_is_not_a_vessel():
    assert facts(14) == []


def test_fishing_methods_are_all_candidates():
    assert sorted(v.fishing.method for v in facts(7)) == ["drift-net", "line", "other", "trawl"]


@pytest.mark.parametrize("ship, expected", [
    (33, {("dredging", None), ("dredging", "port"), ("dredging", "starboard"),
          ("underwater", None), ("underwater", "port"), ("underwater", "starboard")}),
    (34, {("diving", None)}),
])
def test_restricted_work_narrowed_by_ship_type(ship, expected):
    assert {(v.restricted, v.obstruction_side) for v in facts(3, ship)} == expected


def test_restricted_without_ship_type_gives_every_work():
    vs = facts(3)
    works = {v.restricted for v in vs if not v.mine_clearance} | {"mine clearance" for v in vs if v.mine_clearance}
    assert works == {"navigation-mark", "cable", "survey", "dredging", "underwater", "diving", "replenishment",
                     "aircraft", "towing", "mine clearance"}


@pytest.mark.parametrize("ship, check", [
    (50, lambda vs: {v.pilot_on_duty for v in vs} == {True, False}),
    (55, lambda vs: all(v.service == "law-enforcement" for v in vs)),
    (36, lambda vs: {(v.propulsion, v.sails_set) for v in vs} == {("power", False), ("power", True)}),
    (31, lambda vs: {v.towing is not None for v in vs} == {True, False}),
])
def test_ship_types_that_change_the_lights_under_status_0(ship, check):
    assert check(facts(0, ship))


def test_stopped_class_b_may_be_under_way_at_anchor_or_moored():
    vs = facts(None, None, moving=False)
    assert {v.status for v in vs} == {"underway", "anchored", "moored"}
    assert all(not v.making_way for v in vs)


# --- lights: from navlights' display engine --------------------------------------------------------

def lights(code, ship=None, length=30.0, moving=True, edition="intl-1972"):
    return [mapping.compact(x.display) if x.display is not None else None
            for x in mapping.lit(code, ship, length, None, moving, edition)]


def test_trawling_and_other_fishing_show_different_lights():
    got = dict(zip([v.fishing.method for v in facts(7, length=30.0, breadth=None)], lights(7)))
    # Rule 26(b)(i): trawling, green over white; 26(c)(i): other fishing, red over white
    assert "G:fishing-upper W:fishing-lower" in got["trawl"]
    assert all("R:fishing-upper W:fishing-lower" in got[m] for m in ("drift-net", "line", "other"))


@pytest.mark.parametrize("code, roles", [
    (2, {"R:nuc-upper", "R:nuc-lower"}),                   # Rule 27(a): two all-round red
    (6, {"R:aground-red-upper", "R:aground-red-lower"}),   # Rule 30(d): two all-round red besides anchor lights
])
def test_status_lights(code, roles):
    assert all(roles <= set(s.split()) for s in lights(code))


def test_sailing_shows_no_masthead_light():
    # Rule 25(a): sidelights and sternlight; a sailing vessel under power too is power-driven (Rule 3(c))
    got = lights(8)
    assert any("masthead" not in s for s in got) and any("W:masthead" in s for s in got)


def test_unknown_tow_length_gives_both_bands():
    # Rule 24(a)(i): three masthead lights in a vertical line when the tow exceeds 200 m, else two
    got = lights(11, length=40.0)
    assert len(got) == 2
    assert sum("W:towing-3" in s for s in got) == 1


def test_unknown_length_gives_one_candidate_per_band():
    # Rule 23(a)(ii): a second masthead light abaft for a vessel of 50 m or more
    lits = mapping.lit(0, None, None, None, True, "intl-1972")
    by_len = {x.candidate.vessel.length_m: mapping.compact(x.display) for x in lits}
    assert len(by_len) > 2
    assert all(("masthead-aft" in s) == (ln >= 50) for ln, s in by_len.items())


def test_constrained_by_draught_in_both_waters():
    intl = mapping.lit(4, None, 120.0, None, True, "intl-1972")[0].display
    inland = mapping.lit(4, None, 120.0, None, True, "us-inland")[0].display
    # Rule 28 (1972): may show three all-round red lights; the Inland Rules reserve Rule 28
    assert [(i.colour, i.status) for i in intl.lights if i.all_round] == [("red", "optional")] * 3
    assert not any(i.colour == "red" and i.all_round for i in inland.lights)


def test_law_enforcement_blue_light_only_inland():
    intl = mapping.lit(0, 55, 30.0, None, True, "intl-1972")[0].display
    inland = mapping.lit(0, 55, 30.0, None, True, "us-inland")[0].display
    assert not any(i.colour == "blue" for i in intl.lights)
    assert [i.status for i in inland.lights if i.colour == "blue"] == ["optional"]


# --- the edition: named, waters, region -------------------------------------------------------------

SQUARE = {"type": "Feature", "properties": {},
          "geometry": {"type": "Polygon", "coordinates": [[[-74.5, 40.0], [-73.5, 40.0], [-73.5, 41.0],
                                                           [-74.5, 41.0], [-74.5, 40.0]]]}}


def test_region_polygon_gives_us_inland_inside_and_intl_outside():
    choice = mapping.Choice(region=Region.from_geojson(SQUARE)).check()
    eds = choice.editions([WHEN, WHEN], [40.5, 39.0], [-73.9, -73.9])
    assert [e for e, _ in eds] == ["us-inland", "intl-1972"]


def test_polygon_with_a_hole():
    ring = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]
    hole = [[4, 4], [6, 4], [6, 6], [4, 6], [4, 4]]
    r = Region.from_geojson({"type": "Polygon", "coordinates": [ring, hole]})
    assert r.waters_many([5, 2, 20], [5, 2, 5]) == ["high-seas", "us-inland", "high-seas"]


@pytest.mark.parametrize("geojson, words", [
    ({"type": "Point", "coordinates": [0, 0]}, "type 'Point' is not a polygon"),
    ({"type": "Polygon", "coordinates": [[[0, 0], [1, 1]]]}, "a ring has 2 points"),
    ({"type": "Polygon", "coordinates": [[[0, 0], [200, 0], [0, 1]]]}, "out of range"),
])
def test_bad_region_is_one_line(geojson, words):
    with pytest.raises(RegionError, match=words) as e:
        Region.from_geojson(geojson)
    assert "\n" not in str(e.value)


def test_named_edition_and_waters():
    assert mapping.Choice(edition="1972").check().editions([WHEN], [0.0], [0.0]) == [
        ("intl-1972", "intl-1972 (named)")]
    assert mapping.Choice(waters="us-inland").check().editions([WHEN], [0.0], [0.0])[0][0] == "us-inland"
