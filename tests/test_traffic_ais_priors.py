"""The likely reading first (issue 24, item 5) and ``--jsonl`` remembered per key (item 2).

Every weight below is worked out by hand from ``src/navlights/rulebase/situations.toml`` (each prior cited by its
entry) and its ``[[length]]`` shares (under 7 m 0.05, under 12 m 0.1, under 20 m 0.15, under 50 m 0.3, the rest
0.4); the light groups from the rules named. A group weighs the sum over its members' distinct situations of
prior x the share of the lengths its bands cover (docs/traffic.md, "Which reading is likely").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from navlights.traffic.mapping import lit
from navlights.traffic.priors import situation_of
from navlights.traffic.report import candidate_json, readings

ED = "intl-1972"
HARBOUR = Path(__file__).parents[1] / "src" / "navlights" / "traffic" / "examples" / "ais" / "harbour.nmea"

#: The restricted work AIS status 3 stands for that shows Rule 27(b)'s lights alone (no obstruction, no tow), with
#: their priors: navigation-mark 0.06, cable 0.05, survey 0.08, dredging 0.12, underwater 0.06, diving 0.06,
#: replenishment 0.02, aircraft 0.02 (situations.toml, "vessel engaged in ... work"): 0.47 in all.
RAM_PLAIN = 0.06 + 0.05 + 0.08 + 0.12 + 0.06 + 0.06 + 0.02 + 0.02


def groups(code, ship, length, breadth, moving):
    return readings(lit(code, ship, length, breadth, moving, ED), ED)


@pytest.mark.parametrize("key, weights, first_situation, last_situations", [
    # status 3, no ship type, 30 m, making way: Rule 27(b)(i)+(ii) lights (0.47) first; then the dredger's or
    # underwater work's obstruction lights, Rule 27(d): "dredger with an obstruction to port" 0.1, "... to
    # starboard" 0.1, underwater work 0.06 (no situation names underwater work's side) = 0.26; the two towing
    # readings of Rule 27(c) (tow up to 200 m and over: "power-driven vessel in a towing operation restricting her"
    # 0.06 each); mine clearance, Rule 27(f), last ("vessel engaged in mine clearance" 0.01)
    ((3, None, 30.0, 8.0, True), [RAM_PLAIN, 0.26, 0.06, 0.06, 0.01], "vessel engaged in dredging work",
     ["vessel engaged in mine clearance"]),
    # status 3, no ship type, no static data, speed not given (the 210-candidate case): the likeliest is Rule
    # 27(b)(i) alone, not making way, at every length from 12 m (Rule 27(g) relieves a vessel under 12 m, but not
    # one engaged in diving): the ", not making way" priors (the same 0.47) x the share of 12 m and over (0.15 +
    # 0.3 + 0.4 = 0.85), with diving's 0.06 x the share under 12 m (0.05 + 0.1) beside: 0.3995 + 0.009 = 0.4085;
    # then the obstruction lights not making way, 0.26 x 0.85 = 0.221
    ((3, None, None, None, None), [0.4085, 0.221], "vessel engaged in dredging work, not making way", None),
    # status 7, 30 m, speed not given: Rule 26(c)'s red over white (drift-net 0.35, line 0.35, other 0.35: 1.05),
    # making way or not (two sights; since issue 34 the outlying-gear light of 26(c)(ii) is a note on each when the
    # gear's extent is not given, as AIS never gives it, not a sight of its own), before Rule 26(b)'s green over
    # white (trawl 0.4), though trawling is the commonest single method
    ((7, None, 30.0, 8.0, None), [1.05, 1.05, 0.4, 0.4], "vessel fishing (drift-net)",
     ["vessel fishing (trawl)"]),
    # status 1, no static data, not moving: Rule 30(b)'s choice under 50 m (0.05 + 0.1 + 0.15 + 0.3 = 0.6 of
    # lengths) before 30(a)'s two anchor lights from 50 m (0.4: three bands of the edition in one share, not three
    # times), each x "vessel at anchor" 0.6
    ((1, None, None, None, False), [0.36, 0.24], "vessel at anchor", ["vessel at anchor"]),
    # status 0, a tug (31), 30 m, moving: not towing ("power-driven vessel under way" 1.0) before towing, Rule 24(a)
    # ("power-driven vessel towing" 0.3: the commonest towing situation, AIS not telling how many she tows), a tow
    # up to 200 m and over
    ((0, 31, 30.0, 8.0, True), [1.0, 0.3, 0.3], "power-driven vessel under way", ["power-driven vessel towing"]),
    # status 12: pushing ahead ("power-driven vessel pushing" 0.25) and towing alongside (0.1) show the same, one sight
    ((12, None, 30.0, 8.0, True), [0.35], "power-driven vessel pushing", ["power-driven vessel pushing",
                                                                        "power-driven vessel towing alongside"]),
])
def test_the_likely_reading_comes_first(key, weights, first_situation, last_situations):
    got = groups(*key)
    assert [g["weight"] for g in got[: len(weights)]] == pytest.approx(weights)
    assert got[0]["situations"][0] == first_situation
    if last_situations is not None:
        assert got[-1]["situations"] == last_situations
    assert all(a["weight"] >= b["weight"] for a, b in zip(got, got[1:]))


def test_status_3_the_first_reading_holds_the_commonest_restricted_work():
    first = groups(3, None, 30.0, 8.0, True)[0]
    # dredging (0.12) is the commonest restricted work in situations.toml; then survey (0.08)
    assert first["situations"][:2] == ["vessel engaged in dredging work", "vessel engaged in survey work"]
    assert set(first["situations"]) == {
        "vessel engaged in navigation-mark work", "vessel engaged in cable work", "vessel engaged in survey work",
        "vessel engaged in dredging work", "vessel engaged in underwater work", "vessel engaged in diving work",
        "vessel engaged in replenishment work", "vessel engaged in aircraft work"}


@pytest.mark.parametrize("fields, situation", [
    ({"propulsion": "power", "status": "moored"}, "vessel made fast"),
    ({"propulsion": "power", "status": "anchored"}, "vessel at anchor"),      # not the "small vessel ... away from
    # channels" (0.2): AIS does not say where she lies, and "vessel at anchor" (0.6) is the commoner
    ({"propulsion": "power", "making_way": False}, "power-driven vessel under way, not making way"),
    ({"propulsion": "power", "fishing": {"method": "other"}}, "vessel fishing (other)"),   # the default method
    ({"propulsion": "power", "restricted": "dredging", "obstruction_side": "port", "making_way": False},
     "dredger with an obstruction to port, not making way"),
    ({"propulsion": "power", "restricted": "underwater", "obstruction_side": "port"}, "vessel engaged in underwater work"),
    ({"propulsion": "power", "towing": {}}, "power-driven vessel towing"),
    ({"propulsion": "power", "pilot_on_duty": True}, "pilot vessel on duty"),
    ({"propulsion": "sail", "length": "12 m"}, "sailing vessel under way"),
])
def test_situation_of_a_candidate(fields, situation):
    from navlights.vessel import make_vessel
    assert situation_of(make_vessel(fields)) == situation


def test_the_order_leaves_the_candidate_numbers_alone():
    lits = lit(7, None, 30.0, 8.0, None, ED)
    got = readings(lits, ED)
    # candidate 1 is still trawling making way, as mapping lists the readings (--reading 1 means what it meant)
    assert lits[0].candidate.vessel.fishing.method == "trawl" and lits[0].candidate.vessel.making_way
    assert 1 not in got[0]["candidates"] and got[-2:][0]["candidates"] + got[-1]["candidates"] == [1, 2]
    assert sorted(k for g in got for k in g["candidates"]) == list(range(1, len(lits) + 1))


def test_jsonl_gives_the_readings_and_candidates_of_json(capsys):
    from navlights.cli import main
    assert main(["ais", str(HARBOUR), "--edition", ED, "--json", "--expand"]) == 0
    whole = {v["mmsi"]: v for v in json.loads(capsys.readouterr().out)["vessels"]}
    assert main(["ais", str(HARBOUR), "--edition", ED, "--jsonl", "--expand"]) == 0
    last = {}
    for line in capsys.readouterr().out.splitlines():
        row = json.loads(line)
        last[row["mmsi"]] = row
    assert set(last) == set(whole)
    for mmsi, v in whole.items():
        assert last[mmsi]["readings"] == v["readings"] and last[mmsi]["candidates"] == v["candidates"], mmsi
        assert last[mmsi]["readings"]                       # were always empty in --jsonl before


def test_jsonl_a_key_seen_is_a_dict_lookup(monkeypatch):
    from navlights.traffic import ais_run
    from navlights.traffic.aisvalues import Static
    st = Static(ship_type=70, length_m=123.0, breadth_m=20.0)
    first = ais_run._parts(3, st, True, ED)

    def engine(*args):
        raise AssertionError("the engine ran for a key already seen")
    monkeypatch.setattr(ais_run, "lit", engine)
    monkeypatch.setattr(ais_run, "candidates", engine)
    assert ais_run._parts(3, st, True, ED) == first
    # another length and breadth in the same bands (intl-1972: 100 m to 500 m; the same breadth band), another type
    # of the same class (80, like 70, no reading of its own): her own length put into the key's candidates
    other = ais_run._parts(3, Static(ship_type=80, length_m=140.0, breadth_m=21.0), True, ED)
    assert other[1] == first[1] and '"length": "140 m"' in other[0] and '"breadth": "21 m"' in other[0]
    assert "140 m (459.3 ft)" in other[0]
    monkeypatch.undo()
    own = [candidate_json(x, "metres") for x in lit(3, 80, 140.0, 21.0, True, ED)]
    assert json.loads(other[0]) == own


def test_jsonl_band_facts_on_her_own_vessel():
    # a tug's tow length is a band AIS does not give (Rule 24(a)(i): over 200 m, three masthead lights): her own
    # candidates carry her own length and the band's tow length, as the engine run on her own would give them
    from navlights.traffic import ais_run
    from navlights.traffic.aisvalues import Static
    st = Static(ship_type=52, length_m=33.0, breadth_m=9.0)
    texts, groups_text, certain = ais_run._parts(0, st, True, ED)
    own = [candidate_json(x, "metres") for x in lit(0, 52, 33.0, 9.0, True, ED)]
    assert json.loads(texts) == own and not certain
    assert json.loads(groups_text) == readings(lit(0, 52, 33.0, 9.0, True, ED), ED)
