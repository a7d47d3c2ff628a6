"""The AIS-to-lights table (issue 24, item 2): keyed by what the lights depend on, made ahead by ``navlights
prepare``, read by a fresh process, never answering for changed code or rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from navlights.traffic import lighttable, mapping


def vessels(code, ship, moving=True):
    return {c.vessel for c in mapping.candidates(code, ship, 30.0, 8.0, moving)}


@pytest.mark.parametrize("code", [0, 3, 7, 8, None])
def test_every_ship_type_reads_as_its_class(code):
    # the readings name ship types 20-29 (WIG, one class), 30-37, 50, 52 and 55; every other code reads alike
    for ship in range(1, 100):
        assert vessels(code, ship) == vessels(code, lighttable.ship_class(ship)), ship


@pytest.mark.parametrize("value, band", [
    (None, None), (3.0, 3.5), (7.0, 7.0), (10.0, 9.5), (12.0, 12.0), (30.0, 35.0), (60.0, 75.0), (450.0, 300.0)])
def test_band_of_a_length_under_the_1972_thresholds(value, band):
    # Rules 22-26 (1972) compare lengths with 7, 12, 20, 50, 100 and 200 m; a length stands for its interval's middle
    assert lighttable.band((7.0, 12.0, 20.0, 50.0, 100.0, 200.0), value) == band


@pytest.fixture()
def prepared_dir(tmp_path: Path, monkeypatch) -> Path:
    """A folder of prepared data of its own, and no user cache."""
    monkeypatch.setenv("NAVLIGHTS_PREPARED_DIR", str(tmp_path))
    monkeypatch.setenv("NAVLIGHTS_CACHE_DIR", "off")
    return tmp_path


def test_prepared_table_is_read_and_never_answers_for_other_rules(prepared_dir: Path, monkeypatch):
    assert lighttable.prepare(prepared_dir, ["intl-1948"]) == ["intl-1948"]
    lighttable._TABLES.clear()
    t = lighttable.table("intl-1948")
    assert len(t.rows) == len(lighttable.keys("intl-1948")) and t.lengths == (45.72,)   # 1948: 150 feet
    # a prepared row says what the engine says for the same key
    key = t.key(0, 70, 30.0, None, True)
    assert t.rows[key] == mapping._row_lights(*key, "intl-1948")
    monkeypatch.setattr(lighttable, "table_key", lambda ed: "another")
    lighttable._TABLES.clear()
    assert lighttable.table("intl-1948").rows == {}          # stale: not read; the engine answers
    lighttable._TABLES.clear()


def test_row_lights_by_the_table_and_by_the_engine_agree():
    lighttable._TABLES.clear()
    # Rule 23(a): masthead light, sidelights, sternlight; (a)(ii): a second masthead light from 50 m
    small, _, _ = lighttable.lights_row(0, 70, 30.0, 8.0, True, "intl-1972")
    big, _, _ = lighttable.lights_row(0, 70, 120.0, 20.0, True, "intl-1972")
    assert "W:masthead" in small and "masthead-aft" not in small and "W:masthead-aft" in big
    assert lighttable.lights_row(0, 71, 31.0, 8.0, True, "intl-1972")[0] == small   # same class, same band


def test_prepared_readings_are_what_the_engine_says_and_never_stale(prepared_dir: Path, monkeypatch):
    # issue 36: each key's readings made ahead (navlights prepare) are read instead of running the engine; they are
    # what the engine makes for the same key, byte for byte, and a store made by other code or rules is not read
    from navlights.traffic import ais_keys
    assert ais_keys.prepare(prepared_dir, ["intl-1948"]) == ["intl-1948"]
    ais_keys._STORES.clear()
    every = lighttable.keys("intl-1948")
    # a power-driven vessel under way making way, 30 m (under 150 feet: Art. 2(a)); at anchor; no status, no size
    for key in [(0, 70, 30.0, None, True), (1, 90, 60.0, None, False), (None, None, None, None, None),
                *every[:: max(1, len(every) // 40)]]:
        key = lighttable.table("intl-1948").key(*key)
        got = ais_keys.made_ahead(key, "intl-1948")
        assert got is not None, key
        fresh = ais_keys.Detail(mapping.lit(*key, "intl-1948"), "intl-1948")
        assert ais_keys.entry(got) == ais_keys.entry(fresh), key
        assert got.lights == fresh.lights       # worked out from the engine when asked for
    monkeypatch.setattr(ais_keys, "store_key", lambda ed: "another")
    ais_keys._STORES.clear()
    assert ais_keys.made_ahead(every[0], "intl-1948") is None      # stale: not read; the engine answers
    ais_keys._STORES.clear()


def test_every_output_is_the_same_with_the_readings_made_ahead_or_not(prepared_dir: Path, monkeypatch):
    # issue 36: the prepared readings change how fast `ais` is, never what it writes: compact and full, --jsonl and
    # --json, byte for byte, on a generated file (every status, classes A and B, some without static data, WIG)
    from test_traffic_ais_compact import generated

    from navlights.traffic import ais_keys, ais_run
    from navlights.traffic.api import ais_json, ais_lines
    assert ais_keys.prepare(prepared_dir, ["intl-1948"]) == ["intl-1948"]
    path = generated(prepared_dir / "a.nmea", reports=600)

    def outputs() -> list[str]:
        ais_run._DETAILS.items.clear()
        ais_run._LINES.items.clear()
        ais_run._DETAILS.chars = ais_run._LINES.chars = 0
        got = []
        for compact in (True, False):
            lines: list[str] = []
            ais_lines(path, lines.append, edition="intl-1948", compact=compact)
            got += ["".join(lines), json.dumps(ais_json(path, edition="intl-1948", compact=compact))]
        return got

    ais_keys._STORES.clear()
    made_ahead = outputs()
    assert ais_keys._STORES["intl-1948"] is not None and ais_keys._STORES["intl-1948"].opened   # the store was read
    ais_keys._STORES.clear()
    ais_keys._STORES["intl-1948"] = None                       # as if nothing were prepared: the engine answers
    assert outputs() == made_ahead
    ais_keys._STORES.clear()


def test_a_damaged_group_of_readings_is_not_used(monkeypatch):
    # a group that does not decompress is treated as not prepared: the engine answers, no traceback
    from navlights.traffic import ais_keys
    key = lighttable.table("intl-1948").key(0, 70, 30.0, None, True)
    facts = ais_keys.Facts("feet", (), ())
    monkeypatch.setitem(ais_keys._STORES, "intl-1948", ais_keys._Store(facts, {ais_keys.group_of(key): b"not zlib"}))
    assert ais_keys.made_ahead(key, "intl-1948") is None


def test_the_prepared_readings_carry_the_editions_unit_and_thresholds(prepared_dir: Path, monkeypatch):
    """The reader takes an edition's unit system and table thresholds from its prepared readings (no rule base
    loaded); they are the rule base's and the table's. The 1948 Rules write lengths in feet, with one length
    threshold in the table: 150 feet (45.72 m; Rule 2(a)(ii), the second masthead light)."""
    from navlights.traffic import ais_keys
    assert lighttable.prepare(prepared_dir, ["intl-1948"]) == ["intl-1948"]
    assert ais_keys.prepare(prepared_dir, ["intl-1948"]) == ["intl-1948"]
    ais_keys._STORES.clear()
    got = ais_keys.facts("intl-1948")
    assert ais_keys._STORES["intl-1948"] is not None            # read from the store
    assert got.system == "feet" and got.lengths == (45.72,) and got.breadths == lighttable.table("intl-1948").breadths
    ais_keys._STORES.clear()


# The AIS reader checks a vessel's size without building the vessel model (its start imports no pydantic); the
# bounds are the model's: length more than 0 and at most 500 m, breadth more than 0, at most 100 m and at most her
# length (units.MAX_LENGTH_M, MAX_BREADTH_M; vessel.py's validators). Each case by hand, either side of each bound.
@pytest.mark.parametrize(("length", "breadth", "accepted"), [
    (60.96, None, True), (60.96, 10.0, True), (500.0, None, True), (500.0000004, None, True),   # rounds to 500 m
    (500.000001, None, False), (0.000001, None, True), (0.0000004, None, False), (0.0, None, False),
    (-1.0, None, False), (float("nan"), None, False), (float("inf"), None, False),
    (20.0, 20.0, True), (20.0, 20.000001, False), (400.0, 100.0, True), (400.0, 100.000001, False),
    (20.0, 0.0, False), (20.0, float("nan"), False),
])
def test_the_readers_size_check_is_the_vessel_models(length, breadth, accepted):
    from navlights.errors import NavlightsError
    from navlights.units import metres_text, vessel_size
    from navlights.vessel import make_vessel
    got = vessel_size(length, breadth)
    assert (got is not None) is accepted
    fields = {"propulsion": "power", "length": metres_text(length)} | \
        ({"breadth": metres_text(breadth)} if breadth is not None else {})
    try:
        v = make_vessel(fields)
    except NavlightsError:
        assert got is None
    else:
        assert got == (v.length_m, v.breadth_m)


def test_the_ais_command_builds_no_vessel_model_when_its_readings_are_prepared(tmp_path: Path):
    """The AIS reader's start (issue 36): with the readings prepared (as ``make`` does), no mode imports pydantic."""
    import subprocess
    import sys
    from pyais import encode_dict
    lines = encode_dict({"type": 5, "mmsi": 366000001, "ship_type": 70, "to_bow": 50, "to_stern": 10,
                         "to_port": 5, "to_starboard": 5, "shipname": "A"})
    lines += encode_dict({"type": 1, "mmsi": 366000001, "status": 0, "lat": 40.5, "lon": -73.9, "speed": 10.0,
                          "course": 90.0, "heading": 90})
    f = tmp_path / "a.nmea"
    f.write_text("".join(f"1714597200 {s}\n" for s in lines))
    code = ("import sys; from navlights.cli import main\n"
            "for m in ([], ['--json'], ['--jsonl']):\n"
            "    rc = main(['ais', sys.argv[1], '--edition', 'intl-1972', *m])\n"
            "    assert not rc, rc\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic' or m == 'navlights.vessel'))")
    out = subprocess.run([sys.executable, "-c", code, str(f)], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
