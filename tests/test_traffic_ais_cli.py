"""`navlights ais` and `navlights ais-batch`: per-vessel output, counts of bad input, one-line errors (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from pyais import encode_dict

from navlights.cli import main

T0 = "2024-05-01T21:00:00Z"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def nmea(tmp_path):
    lines = encode_dict({"type": 5, "mmsi": 366000001, "ship_type": 30, "to_bow": 20, "to_stern": 10,
                         "to_port": 4, "to_starboard": 4, "shipname": "ANNA"}, seq_id=1)
    lines += encode_dict({"type": 1, "mmsi": 366000001, "status": 7, "lat": 40.5, "lon": -73.9, "speed": 3.0})
    lines += encode_dict({"type": 1, "mmsi": 366000002, "status": 1, "lat": 40.6, "lon": -73.8, "speed": 0.0})
    first = lines[0]
    lines += ["garbage", first[:-1] + ("1" if first[-1] == "0" else "0")]     # a wrong checksum
    p = tmp_path / "a.nmea"
    p.write_text("\n".join(lines) + "\n")
    return p


def test_ais_json_per_vessel(capsys, nmea):
    code, out, err = run(capsys, "ais", nmea, "--time", T0, "--edition", "intl-1972", "--json", "--expand")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["counts"]["bad"] == {"not an NMEA sentence": 1, "checksum mismatch": 1}
    fishing, anchored = data["vessels"]
    assert (fishing["mmsi"], fishing["name"], fishing["length_m"], fishing["status"]["code"]) == \
        ("366000001", "ANNA", 30.0, 7)
    assert {c["vessel"]["fishing"].get("method", "other") for c in fishing["candidates"]} == \
        {"trawl", "drift-net", "line", "other"}          # "other" is the default, left out of the vessel JSON
    assert all(c["lights"] and c["assumptions"] for c in fishing["candidates"])
    assert anchored["status"]["words"] == "at anchor" and anchored["edition"] == "intl-1972"
    assert any("no static data" in n for n in anchored["notes"])
    schema = json.loads((Path(__file__).parents[1] / "docs" / "schema" / "ais.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    assert not errors, errors[0].message


def test_ais_text_names_counts_and_candidates(capsys, nmea):
    code, out, _ = run(capsys, "ais", nmea, "--time", T0, "--waters", "us-inland")
    assert code == 0
    assert "2 bad" in out and "MMSI 366000001 ANNA" in out and "edition us-inland" in out


def test_ais_text_header_reads_at_80_columns(capsys, nmea, monkeypatch):
    """Each vessel's head: who, when and where on one line; her status and type, each code with its words, on the
    next (never a code on one line and its words on the next), within 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "ais", nmea, "--time", T0, "--edition", "intl-1972")
    lines = out.splitlines()
    i = lines.index("MMSI 366000001 ANNA  2024-05-01T21:00:00+00:00  40.50000 -73.90000")
    assert lines[i + 1] == "  status 7 (engaged in fishing), type 30 (fishing); edition intl-1972"
    assert code == 0 and max(map(len, lines)) <= 80


def test_region_file(capsys, nmea, tmp_path):
    region = tmp_path / "inland.geojson"
    region.write_text(json.dumps({"type": "Polygon", "coordinates": [[[-74.0, 40.55], [-73.7, 40.55],
                                                                       [-73.7, 40.7], [-74.0, 40.7],
                                                                       [-74.0, 40.55]]]}))
    code, out, _ = run(capsys, "ais", nmea, "--time", T0, "--region", region, "--json")
    assert code == 0
    assert [v["edition"] for v in json.loads(out)["vessels"]] == ["intl-1972", "us-inland"]


@pytest.mark.parametrize("argv, words", [
    (["ais", "{tmp}/missing.nmea"], "file: "),
    (["ais", "{nmea}", "--time", "yesterday"], "time: 'yesterday' is not a date-time"),
    (["ais", "{nmea}", "--edition", "1972", "--waters", "us-inland"], "give one of edition, waters and region"),
    (["ais", "{nmea}", "--edition", "1999"], "1999"),
    (["ais", "{nmea}", "--waters", "lake"], "'lake' is not one of"),
    (["ais", "{nmea}", "--region", "{nmea}"], "region: "),
    (["ais", "{csv}"], "no column for lat, lon"),
    (["ais-batch", "{tmp}/nothing", "{tmp}/out", "--workers", "1"], "input: "),
    (["ais-batch", "{csv}", "{tmp}/out", "--workers", "0"], "0 is not in the range"),
    (["ais-batch", "{csv}", "{tmp}", "--workers", "1"], "exists and is not an empty directory"),
    (["ais-batch", "{good}", "{tmp}/out", "--scheduler", "nonsense"], "scheduler: cannot reach 'nonsense'"),
])
def test_bad_input_is_one_line_exit_2(capsys, nmea, tmp_path, argv, words):
    csv = tmp_path / "bad.csv"
    csv.write_text("MMSI,BaseDateTime\n1,2024-05-01\n")
    good = tmp_path / "good.csv"
    good.write_text("MMSI,BaseDateTime,LAT,LON\n366000001,2024-05-01T21:00:00,40.5,-73.9\n")
    code, out, err = run(capsys, *[a.format(tmp=tmp_path, nmea=nmea, csv=csv, good=good) for a in argv])
    assert code == 2 and out == ""
    assert err.startswith("navlights: error: ") and words in err and err.count("\n") == 1
