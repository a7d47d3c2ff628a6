"""The AIS samples shipped with navlights (src/navlights/traffic/examples/ais, written for navlights: a harbour
approach as a receiver logs it, and the same traffic as a MarineCadastre-style CSV) read without error, with the
counts by reason written by hand from the files' lines (issue 24, items 6 and 7)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from navlights.cli import main

FOLDER = resources.files("navlights.traffic") / "examples" / "ais"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_nmea_sample_counts_by_reason(capsys):
    data = json.loads(run(capsys, "ais", FOLDER / "harbour.nmea", "--json"))
    c = data["counts"]
    # 24 sentence lines: 4 static (msg 5 twice in 2 fragments + 24 A and B = 6 lines), 1 msg 4, 13 positions
    # with a time, 1 without (no tag block, no prefix), a wrong checksum, a second fragment alone, a $GPGGA
    assert c["read"] == 24 and c["positions"] == 13
    assert c["bad"] == {"checksum mismatch": 1, "fragment without its first part": 1,
                        "no time (no tag block time, no time before the sentence, no default time)": 1}
    assert c["other"] == {"msg 4": 1, "other NMEA sentence": 1}
    assert c["vessels_with_static"] == 3                       # the tug's msg 5 lost its first fragment
    assert [v["mmsi"] for v in data["vessels"]] == ["367100001", "367100002", "367100003", "367100004"]


def test_nmea_without_times_still_gives_lights_when_the_edition_is_named(capsys):
    data = json.loads(run(capsys, "ais", FOLDER / "harbour.nmea", "--edition", "intl-1972", "--json", "--expand"))
    assert data["counts"]["positions"] == 14 and "no time" not in " ".join(data["counts"]["bad"])
    moored = {v["mmsi"]: v for v in data["vessels"]}["367100006"]
    assert moored["time"] is None and moored["status"]["code"] == 5 and moored["candidates"][0]["lights"]


@pytest.mark.parametrize("edition", [None, "intl-1972"])
def test_csv_sample_counts_by_reason(capsys, edition):
    data = json.loads(run(capsys, "ais", FOLDER / "harbour.csv", "--json", *(["--edition", edition] if edition else [])))
    c = data["counts"]
    # 11 rows: MMSI 0, "not a time", and LAT 91 / LON 181 refused; 8 reports of 5 vessels
    assert c["read"] == 11 and c["positions"] == 8 and c["bad_total"] == 3
    assert set(c["bad"]) == {"mmsi: not a number from 1 to 999999999",
                             "time: not a date-time (ISO 8601 or Unix seconds)", "position not available"}
    last = {v["mmsi"]: v for v in data["vessels"]}["367100007"]
    # SOG -3 and COG 400 dropped with a note; status text is not a code
    assert last["speed_kn"] is None and last["course_deg"] is None
    assert any("status 'Under way' is not a code 0-15" in n for n in last["notes"])


def test_text_summary_shows_counts_by_reason(capsys):
    out = run(capsys, "ais", FOLDER / "harbour.nmea")
    assert "1 x checksum mismatch" in out and "not used: 1 x msg 4" in out and "not used: 1 x other NMEA" in out


def test_readings_that_differ_only_by_length_band_are_one(capsys):
    data = json.loads(run(capsys, "ais", FOLDER / "harbour.nmea", "--edition", "intl-1972", "--json", "--expand"))
    anchored = {v["mmsi"]: v for v in data["vessels"]}["367100004"]        # status 1, no static data: no length
    assert len(anchored["candidates"]) == 7                                  # one per band, numbered as before
    under, over = anchored["readings"]
    # Rule 30(a): two anchor lights; 30(b): under 50 m she may show one all-round white instead (another scheme)
    assert under["candidates"] == [1, 2, 3, 4] and over["candidates"] == [5, 6, 7]
    assert "{standard: " in under["lights"] and "{" not in over["lights"]
    assert [b["band"] for b in under["bands"]][-1] == "her length between 20 m and 50 m"
    assert all(b["ranges_nm"] for b in under["bands"] + over["bands"])
    out = run(capsys, "ais", FOLDER / "harbour.nmea", "--edition", "intl-1972")
    assert "7 candidate(s), 2 different sight(s)" in out and "1-4. power-driven vessel, at anchor:" in out
