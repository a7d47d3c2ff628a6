"""Compact ``ais --jsonl`` and ``--json`` (issue 36): each report or vessel names her key; each vessel's static
data, each key's readings and candidates and each candidate's lights are written once, before first use; joined
back (``ais_expand_lines``, ``ais_expand_json``) they are exactly the full expansion (``--expand``) for every
report and every vessel of a generated file, under editions that speak metres and feet and with no edition."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

import jsonschema
import pytest
import referencing

from navlights.traffic import ais_run
from navlights.traffic.api import ais_expand_json, ais_expand_lines, ais_json, ais_lines

pytest.importorskip("pyais")
SCHEMA = Path(__file__).parents[1] / "docs" / "schema"
#: Ship types: none, WIG (20, 25), fishing, towing, sailing, pleasure, tug, cargo, passenger, unknown (0).
TYPES = [None, 20, 25, 30, 31, 36, 37, 52, 70, 60, 0]


def generated(path: Path, reports: int = 1500, seed: int = 36, stamp: bool = False) -> Path:
    """Position reports of 120 vessels (every status; classes A and B; 1 in 7 without static data; every 10th
    vessel's dimensions sent again, changed, part way through), static messages first."""
    from pyais import encode_dict
    rng = random.Random(seed)
    lines: list[str] = []

    def static(v: int, grow: int = 0) -> list[str]:
        return encode_dict({"type": 5, "mmsi": 366100000 + v, "ship_type": TYPES[v % len(TYPES)] or 0,
                            "to_bow": (3 + v * 7 % 160 + grow) if v % 13 else 0, "to_stern": 2 + v % 30,
                            "to_port": 1 + v % 9, "to_starboard": 1 + v % 8 if v % 4 else 0,
                            "shipname": f"T{v}"}, seq_id=v % 10)

    for v in range(120):
        if v % 7:
            lines += static(v)
    for i in range(reports):
        v = rng.randrange(120)
        kind = 18 if v % 5 == 0 else 1
        msg = {"type": kind, "mmsi": 366100000 + v, "lat": 40 + rng.random(), "lon": -74 + rng.random(),
               "speed": rng.choice([0.0, 0.4, 0.5, 7.5, 102.3]), "course": round(rng.random() * 359, 1),
               "heading": rng.choice([511, rng.randrange(360)])}
        if kind == 1:
            msg["status"] = rng.randrange(16)
        lines += encode_dict(msg)
        if i == reports // 2:
            for w in range(0, 120, 10):
                lines += static(w, grow=40)
    text = "\n".join((f"1714597200 {s}" if stamp else s) for s in lines) + "\n"
    path.write_text(text)
    return path


CHOICES = [
    pytest.param({"edition": "intl-1972"}, False, id="intl-1972 (metres)"),
    pytest.param({"edition": "gl-1895"}, False, id="gl-1895 (feet)"),
    pytest.param({"waters": "us-inland"}, True, id="waters: us-inland on the date"),
    pytest.param({"waters": "high-seas", "time": "1850-01-01T00:00:00Z"}, False, id="no edition in force"),
]


def _both_lines(path: Path, **choice) -> tuple[list[str], list[str]]:
    compact: list[str] = []
    full: list[str] = []
    ais_lines(path, compact.append, compact=True, **choice)
    ais_lines(path, full.append, **choice)
    return "".join(compact).splitlines(), "".join(full).splitlines()


@pytest.fixture(scope="module")
def validators():
    resources = [(f"https://navlights.example/schema/{n}", referencing.Resource.from_contents(
        json.loads((SCHEMA / n).read_text()))) for n in ("ais.schema.json", "ais-lines.schema.json",
                                                          "ais-compact.schema.json")]
    registry = referencing.Registry().with_resources(resources)
    out = {}
    for n in ("ais-lines.schema.json", "ais-compact.schema.json"):
        schema = json.loads((SCHEMA / n).read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        out[n] = jsonschema.Draft202012Validator(schema, registry=registry)
    return out


@pytest.mark.parametrize("choice,stamp", CHOICES)
def test_jsonl_joined_back_is_the_full_expansion(tmp_path, validators, choice, stamp):
    path = generated(tmp_path / "gen.nmea", stamp=stamp)
    compact, full = _both_lines(path, **choice)
    joined = list(ais_expand_lines(compact))
    assert len(joined) == len(full) > 1000
    for got, want in zip(joined, full):
        assert got == json.loads(want), got["mmsi"]
    # each record once, before the first line that names it; every line valid
    seen: dict[str, set] = {"vessel": set(), "detail": set(), "key": set()}
    for line in compact:
        rec = json.loads(line)
        errors = list(validators["ais-lines.schema.json"].iter_errors(rec))
        assert not errors, (errors[0].message, line[:200])
        kind = rec["type"]
        if kind == "report":
            assert rec["mmsi"] in seen["vessel"] and rec["key"] in seen["key"]
        elif kind == "key":
            assert rec["key"] not in seen["key"]
            assert all(c["lights_detail"] in seen["detail"] for c in rec["candidates"])
            seen["key"].add(rec["key"])
        elif kind == "detail":
            assert rec["detail"] not in seen["detail"]
            seen["detail"].add(rec["detail"])
        else:
            seen["vessel"].add(rec["mmsi"])
    reports = sum(1 for line in compact if line.startswith('{"type":"report"'))
    assert reports == len(full)
    if choice.get("edition") == "intl-1972":        # sized keys: a band's readings serve each length in it
        assert len("\n".join(compact)) < len("\n".join(full)) / 3


@pytest.mark.parametrize("choice,stamp", CHOICES)
def test_json_joined_back_is_the_full_expansion(tmp_path, validators, choice, stamp):
    path = generated(tmp_path / "gen.nmea", stamp=stamp)
    compact = json.loads(json.dumps(ais_json(path, compact=True, **choice)))
    full = json.loads(json.dumps(ais_json(path, **choice)))
    errors = list(validators["ais-compact.schema.json"].iter_errors(compact))
    assert not errors, (errors[0].message, list(errors[0].path))
    assert len(full["vessels"]) == 120
    assert ais_expand_json(compact) == full
    for v, w in zip(compact["vessels"], full["vessels"]):
        assert v.get("likely") == (w["readings"][0] if w["readings"] else None)


def test_a_changed_static_writes_her_vessel_record_again(tmp_path):
    # reports are mapped 2,048 at a time, each chunk with the static data known at its end: the change comes
    # in the second chunk
    compact: list[str] = []
    ais_lines(generated(tmp_path / "gen.nmea", reports=5000), compact.append, compact=True, edition="intl-1972")
    first = [json.loads(x) for x in "".join(compact).splitlines()
             if x.startswith('{"type": "vessel", "mmsi": "366100010"')]
    # her length: bow 3 + 70 + stern 12 = 85 m, then 40 m more (the second message 5)
    assert [v["length_m"] for v in first] == [85.0, 125.0]


def test_keys_forgotten_at_the_bound_are_written_again(tmp_path, monkeypatch):
    path = generated(tmp_path / "gen.nmea", reports=400)
    monkeypatch.setattr(ais_run, "MAX_KEYS", 3)
    compact, full = _both_lines(path, edition="intl-1972")
    keys = [json.loads(x)["key"] for x in compact if x.startswith('{"type": "key"')]
    assert len(keys) == len(set(keys))                  # numbers never reused
    assert [json.dumps(x) for x in ais_expand_lines(compact)] == [json.dumps(json.loads(x)) for x in full]


def test_a_report_line_names_vessel_time_position_and_key(tmp_path, capsys):
    from navlights.cli import main
    path = generated(tmp_path / "gen.nmea", reports=50, stamp=True)
    assert main(["ais", str(path), "--edition", "intl-1972", "--jsonl"]) == 0
    out, err = capsys.readouterr()
    reports = [json.loads(x) for x in out.splitlines() if '"report"' in x[:20]]
    assert len(reports) == 50 and "50 position reports" in err
    assert set(reports[0]) >= {"type", "mmsi", "time", "lat", "lon", "heading_deg", "course_deg", "speed_kn",
                               "status", "key"}
    assert reports[0]["time"] == "2024-05-01T21:00:00+00:00"      # Unix 1714597200


def _jq_recipe() -> list[str]:
    """The jq recipe of docs/traffic.md ("Compact output"), as the argument list it gives."""
    import shlex
    text = (Path(__file__).parents[1] / "docs" / "traffic.md").read_text()
    start = text.index("    jq -c -n '")
    block = []
    for line in text[start:].splitlines():
        if not line.startswith("    "):
            break
        block.append(line[4:])
    return shlex.split(" ".join(block))


def test_the_documented_jq_recipe_joins_back(tmp_path):
    import shutil
    import subprocess
    if shutil.which("jq") is None:
        pytest.skip("no jq")
    compact, full = _both_lines(generated(tmp_path / "gen.nmea", reports=300), edition="intl-1972")
    (tmp_path / "out.jsonl").write_text("\n".join(compact) + "\n")
    args = _jq_recipe()
    assert args[:3] == ["jq", "-c", "-n"] and args[-1] == "out.jsonl"
    got = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, check=True).stdout.splitlines()
    assert [json.loads(x) for x in got] == [json.loads(x) for x in full]


def test_ais_json_on_the_command_line_is_the_compact_document(tmp_path, capsys):
    from navlights.cli import main
    path = generated(tmp_path / "gen.nmea", reports=200)
    assert main(["ais", str(path), "--edition", "intl-1972", "--json"]) == 0
    out = capsys.readouterr().out
    got = json.loads(out)                       # one item a line, still one JSON document
    want = json.loads(json.dumps(ais_json(path, edition="intl-1972", compact=True)))
    assert got == want and len(got["vessels"]) > 50         # vessels with a report among the 200
    assert out.count("\n") >= len(got["vessels"]) + len(got["keys"]) + len(got["details"])


_T = dt.datetime(2024, 5, 1, 21, 0, tzinfo=dt.timezone.utc)


@pytest.mark.parametrize("hdg, cog, sog", [
    pytest.param(48.0, 294.8, 0.7, id="every number"),
    pytest.param(None, None, None, id="none known (AIS's not-available codes)"),
    pytest.param(48.0, 294.8, 0.7, id="the same numbers again (their texts remembered)"),
    pytest.param(359.0, 0.1, 102.2, id="the ends of AIS's ranges"),
    pytest.param(48, 294.8, 0.7, id="an int heading: written as json writes it"),
])
def test_a_report_line_is_what_json_writes(hdg, cog, sog, monkeypatch):
    """The report line is written directly (its numbers' texts remembered): it must read back as the dict json
    would write, for floats, None and (the slow path) a value of another type."""
    from navlights.traffic.aisvalues import Report
    monkeypatch.setattr(ais_run, "MAX_NUMBERS", 4)      # the bound reached and cleared on the way
    r = Report("366000663", _T, 40.947865, -73.605177, sog, cog, hdg, 2, "msg 1", ())
    line = ais_run._report(r, 7)
    want = {"type": "report", "mmsi": "366000663", "time": "2024-05-01T21:00:00+00:00", "lat": 40.947865,
            "lon": -73.605177, "heading_deg": hdg, "course_deg": cog, "speed_kn": sog, "status": 2, "key": 7}
    assert line == json.dumps(want, separators=(",", ":"))
    assert json.loads(line) == want and type(json.loads(line)["heading_deg"]) is type(hdg)
