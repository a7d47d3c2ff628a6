"""Either/or lights survive every traffic output (issue 24, the defect): a small-craft scheme that may replace the
standard lights is carried as ``scheme`` on each light, never flattened into "required" beside them.

Expectations written by hand from the rules (COLREGS 1972):
- Rule 25(a): a sailing vessel under way shows sidelights and a sternlight; Rule 25(b): under 20 m she may combine
  them in one lantern at or near the top of the mast, *instead of* them. So the sidelights and sternlight are one
  scheme ("standard") and the three sectors of the masthead lantern another; the combined lantern at deck level
  (Rule 21(b), under 20 m) is an option of the sidelights group, not a third scheme.
- Rule 23(a): a power-driven vessel shows a masthead light, sidelights and a sternlight; Rule 23(d)(i): under 12 m
  she may show an all-round white light and sidelights in lieu of the lights of (a). So masthead and sternlight
  are "standard", the all-round white the other scheme, and the sidelights stand in both (scheme None).
"""

from __future__ import annotations

import json

import pytest
from pyais import encode_dict

from navlights.cli import main
from navlights.traffic import api as traffic

T0 = "2024-05-01T21:00:00Z"
SAIL = "366000036"        # ship type 36, status 8 (under way sailing), 8 + 4 = 12 m
POWER = "366000070"       # ship type 70, status 0 (under way using engine), 6 + 4 = 10 m


@pytest.fixture()
def small_craft(tmp_path):
    lines = []
    for mmsi, ship, bow, stern, st, lat in ((SAIL, 36, 8, 4, 8, 40.50), (POWER, 70, 6, 4, 0, 40.52)):
        lines += encode_dict({"type": 5, "mmsi": int(mmsi), "ship_type": ship, "to_bow": bow, "to_stern": stern,
                              "to_port": 2, "to_starboard": 2, "shipname": f"S{ship}"}, seq_id=1)
        for k in range(3):
            lines += [f"2024-05-01T21:0{k}:00Z {s}" for s in encode_dict(
                {"type": 1, "mmsi": int(mmsi), "status": st, "lat": lat + k * 0.001, "lon": -73.9, "speed": 5.0,
                 "course": 0.0, "heading": 0})]
    p = tmp_path / "small.nmea"
    p.write_text("\n".join(lines) + "\n")
    return p


def schemes(cand):
    """(role, scheme) of each required light of a candidate, and its groups' options."""
    req = [x for x in cand["lights_detail"] if x["status"] == "required"]
    return {x["role"]: x["scheme"] for x in req}, {x["role"]: (x["group"], x["option"]) for x in req}


def test_sailing_vessel_of_12_m_tricolour_is_the_alternative_scheme(capsys, small_craft):
    assert main(["ais", str(small_craft), "--edition", "intl-1972", "--json", "--expand"]) == 0
    vessels = {v["mmsi"]: v for v in json.loads(capsys.readouterr().out)["vessels"]}
    sail = [c for c in vessels[SAIL]["candidates"] if c["vessel"]["propulsion"] == "sail"]
    assert len(sail) == 1
    by_role, groups = schemes(sail[0])
    # Rule 25(a): the standard lights
    assert {r for r, s in by_role.items() if s == "standard"} == {
        "sidelight-starboard", "sidelight-port", "combined-starboard", "combined-port", "sternlight"}
    # Rule 25(b): the masthead lantern instead of them, one scheme of its own
    tri = {r for r, s in by_role.items() if s not in ("standard", None)}
    assert tri == {"tricolour-starboard", "tricolour-port", "tricolour-stern"}
    assert len({by_role[r] for r in tri}) == 1
    # Rule 21(b): separate sidelights or one combined lantern: options of one group within the standard scheme
    assert groups["sidelight-port"][0] == groups["combined-port"][0] is not None
    assert groups["sidelight-port"][1] != groups["combined-port"][1]
    assert groups["tricolour-stern"] == (None, None)
    assert "Rule 25(b)" in " ".join(sail[0]["schemes"])
    assert "{standard: " in sail[0]["lights"] and " / " in sail[0]["lights"]


def test_power_driven_vessel_of_10_m_all_round_white_is_the_alternative(capsys, small_craft):
    assert main(["ais", str(small_craft), "--edition", "intl-1972", "--json", "--expand"]) == 0
    power = {v["mmsi"]: v for v in json.loads(capsys.readouterr().out)["vessels"]}[POWER]
    assert power["length_m"] == 10.0
    for cand in power["candidates"]:
        by_role, _ = schemes(cand)
        # Rule 23(a) against 23(d)(i)
        assert by_role["masthead"] == by_role["sternlight"] == "standard"
        assert by_role["allround-white"] not in ("standard", None)
        # the sidelights are shown under either scheme
        assert by_role["sidelight-starboard"] is None and by_role["sidelight-port"] is None
        assert "Rule 23(d)" in " ".join(cand["schemes"])


def test_text_output_names_the_schemes(capsys, small_craft):
    assert main(["ais", str(small_craft), "--edition", "intl-1972"]) == 0
    out = capsys.readouterr().out
    assert "{standard: " in out and "instead of the standard lights" in out


def test_jsonl_carries_the_schemes_on_every_report(capsys, small_craft):
    assert main(["ais", str(small_craft), "--edition", "intl-1972", "--jsonl", "--expand"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 6
    sail = [c for r in rows if r["mmsi"] == SAIL for c in r["candidates"] if c["vessel"]["propulsion"] == "sail"]
    assert len(sail) == 3 and all(schemes(c)[0]["tricolour-stern"] not in ("standard", None) for c in sail)


def test_encounter_from_ais_keeps_the_schemes(small_craft):
    enc = traffic.encounter_from_ais(small_craft, [SAIL, POWER], readings=[f"{SAIL}=1"], edition="intl-1972")
    lights = {x["role"]: x["scheme"] for x in enc.to_dict()["vessels"][POWER]["lights"] if x["status"] == "required"}
    assert lights["masthead"] == "standard" and lights["allround-white"] not in ("standard", None)
    assert any(POWER in n and "another lighting scheme" in n for n in enc.notes)
