"""Either/or lights kept through the traffic outputs, scenes near the floor and the display memo (issue 24).

Expectations written from the rule text (COLREGs 1972):
- Rule 25(a): a sailing vessel under way shows sidelights and a sternlight; Rule 25(b): in a sailing vessel of
  less than 20 m those lights *may* be combined in one lantern at the masthead (the tricolour): an alternative,
  shown instead of them, never beside them.
- Rule 23(d)(i): a power-driven vessel of less than 12 m may show an all-round white light and sidelights in lieu
  of the lights of Rule 23(a); from 12 m on, that choice is not hers.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import navlights
from navlights import api
from navlights.engines.display_memo import DisplayMemo
from navlights.engines import display as engine
from navlights.geometry import luminous_once, luminous_range_nm
from navlights.traffic import api as traffic
from navlights.traffic.batch import OUTPUT, map_table
from navlights.traffic.mapping import Choice

pd = pytest.importorskip("pandas")

SAILING_12M_SCENE = {
    "time": "2020-09-14T21:30:00Z", "waters": "high-seas",
    "observer": {"lat": 50.0, "lon": -1.0, "heading": 0, "eye_height": 3, "visibility": 10},
    # one mile north of the observer, heading south: her bow toward the observer (both sidelights in arc)
    "vessels": [{"ident": "sail12", "lat": 50.0 + 1 / 60, "lon": -1.0, "heading": 180,
                 "vessel": {"propulsion": "sail", "length": "12 m"}}],
}


def test_a_scene_keeps_each_lights_scheme_and_the_tricolour_as_an_alternative():
    res = traffic.scene(SAILING_12M_SCENE)
    (reading,) = res.targets[0].readings
    by_role = {x.role: x for x in reading.lights}
    # Rule 25(a): sidelights (one option of the sidelights group) and sternlight, scheme "standard", required
    for role, group in (("sidelight-starboard", "sidelights"), ("sidelight-port", "sidelights"),
                        ("sternlight", None)):
        lt = by_role[role]
        assert (lt.status, lt.scheme, lt.group) == ("required", "standard", group), role
        assert "Rule 25(a)" in lt.cite
    assert not any(r.startswith("tricolour") for r in by_role)       # never drawn beside them
    d = reading.to_dict()
    alt = [a for a in d["alternatives"] if a["scheme"] == "sailing-tricolour"]
    assert len(alt) == 1 and alt[0]["why"].startswith("another scheme")
    assert {x["role"] for x in alt[0]["lights"]} == {"tricolour-starboard", "tricolour-port", "tricolour-stern"}
    assert all("Rule 25(b)" in x["cite"] for x in alt[0]["lights"])
    shows = {x["role"]: x for x in d["shows"]}
    assert shows["sidelight-port"]["scheme"] == "standard" and shows["sidelight-port"]["option"]
    # the panorama's labels carry the same
    labels = traffic.panorama_labels(traffic.panorama(res))["items"]
    assert labels and {x["scheme"] for x in labels} == {"standard"}
    assert {x["status"] for x in labels} == {"required"}


def _frame(rows):
    cols = ["MMSI", "BaseDateTime", "LAT", "LON", "SOG", "COG", "Heading", "VesselType", "Status", "Length",
            "Width"]
    return pd.DataFrame(rows, columns=cols)


SAILING_ROW = ["235000012", "2024-05-01T21:00:00", 50.0, -1.0, 5.0, 90.0, 90, "36", "8", "12", "4"]


def _tricolour_kept(schemes_json: str) -> None:
    readings = json.loads(schemes_json)
    sail = [r for r in readings if any(x["role"].startswith("tricolour") for x in r.get("lights", []))]
    assert sail, readings
    lights = {x["role"]: x for x in sail[0]["lights"]}
    for role in ("tricolour-starboard", "tricolour-port", "tricolour-stern"):
        assert lights[role]["scheme"] == "sailing-tricolour" and "Rule 25(b)" in lights[role]["cite"]
    for role in ("sidelight-starboard", "sidelight-port", "sternlight"):
        assert lights[role]["scheme"] == "standard" and lights[role]["status"] == "required"
    assert lights["sidelight-port"]["group"] == "sidelights"


def test_the_batch_rows_keep_each_lights_scheme():
    out = map_table(_frame([SAILING_ROW]), Choice(edition="intl-1972").check())
    assert list(out.columns) == list(OUTPUT)
    _tricolour_kept(out["schemes"].iloc[0])


def test_the_batch_parquet_keeps_each_lights_scheme(tmp_path):
    out = map_table(_frame([SAILING_ROW]), Choice(edition="intl-1972").check())
    out.to_parquet(tmp_path / "x.parquet", index=False)
    back = pd.read_parquet(tmp_path / "x.parquet")
    _tricolour_kept(back["schemes"].iloc[0])


@pytest.mark.parametrize("length_m, all_round_white", [
    (7.0, True), (11.9, True),      # Rule 23(d)(i): less than 12 m
    (12.0, False), (12.1, False), (30.0, False),
])
def test_the_display_memo_by_facts_keeps_thresholds(length_m, all_round_white):
    memo = DisplayMemo(exact=4, by_facts=64)
    ed = navlights.edition("intl-1972")
    for warm in (5.0, 11.0, 12.5, 40.0):                # fill the facts level with the neighbouring bands first
        memo.get(navlights.make_vessel({"propulsion": "power", "length": f"{warm} m"}), ed, engine.display)
    v = navlights.make_vessel({"propulsion": "power", "length": f"{length_m} m"})
    d = memo.get(v, ed, engine.display)
    assert d.vessel is v
    assert ("allround-white" in d.roles()) is all_round_white
    assert d.items == engine.display(v, ed).items


def test_a_fleet_of_distinct_vessels_hits_the_memo_and_stays_bounded():
    memo = DisplayMemo(exact=1024, by_facts=1024)
    ed = navlights.edition("intl-1972")
    n = 100_000
    for k in range(n):
        memo.get(navlights.make_vessel({"propulsion": "power", "length": f"{5 + k * 0.001:.3f} m"}), ed,
                 engine.display)
    assert memo.misses < 50            # a handful of length bands, not one display per vessel
    assert memo.facts_hits == n - memo.misses
    assert len(memo) == 1024 and len(memo._facts) <= 1024


def test_api_display_answers_from_the_memo_as_the_engine_does():
    ed = api.edition("intl-1972")
    for length in ("9.5 m", "9.75 m", "15 m", "15.5 m"):
        v = navlights.make_vessel({"propulsion": "power", "length": length})
        d = api.display(v, "intl-1972")
        assert d.vessel == v and d.items == engine.display(v, ed).items and d.notes == engine.display(v, ed).notes


def test_luminous_range_solved_once_per_pair_agrees_with_newton_everywhere():
    ranges = np.array([[1.0, 2.0, np.inf, 3.0], [2.0, 6.0, 1.0, np.inf]])
    for vis in (10.0, 2.5, math.inf):
        got = luminous_once(ranges, vis)
        want = luminous_range_nm(np.where(np.isinf(ranges), np.nan, ranges), vis)
        want = np.where(np.isnan(want), np.inf, want)
        assert np.array_equal(got, want)
    per_column = np.array([10.0, 1.0, 5.0, 2.0])
    want = luminous_range_nm(np.where(np.isinf(ranges), np.nan, ranges), per_column)
    assert np.array_equal(luminous_once(ranges, per_column), np.where(np.isnan(want), np.inf, want))
    # Allard: in the visibility of the nominal range's definition (10 nm) a light reaches its nominal range
    assert luminous_once(np.array([3.0]), 10.0)[0] == pytest.approx(3.0)


def test_the_scene_command_names_the_tricolour_as_the_other_scheme(tmp_path):
    from click.testing import CliRunner

    from navlights.cli import cli
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SAILING_12M_SCENE))
    out = CliRunner().invoke(cli, ["scene", str(path)])
    assert out.exit_code == 0, out.output
    line = next(x for x in out.output.splitlines() if "or instead" in x)
    assert "sailing-tricolour" in line and "tricolour" in line.split(":", 1)[1]
    assert "Rule 25(b)" in out.output


def _nudged(v: dict, by: float) -> dict:
    """The vessel with every length in it moved by ``by`` metres (her own, her tow's, her gear's)."""
    out = {}
    for k, x in v.items():
        if isinstance(x, dict):
            out[k] = _nudged(x, by)
        elif isinstance(x, str) and x.endswith(" m"):
            out[k] = f"{float(x[:-2]) + by:.3f} m"
        else:
            out[k] = x
    return out


@pytest.mark.parametrize("edition_id", ["gl-1895", "intl-1897", "intl-1948", "intl-1960", "intl-1972", "us-inland"])
def test_the_memo_by_facts_answers_as_the_engine_for_every_representative_vessel(edition_id):
    """Every situation and length band of the edition (navlights.classes.vessels), then the same vessels with
    their lengths nudged (most stay in their band and are answered from the facts level): each answer's items,
    notes and provisions are the engine's own for that vessel."""
    from navlights.classes import vessels
    from navlights.errors import NavlightsError
    ed = navlights.edition(edition_id)
    memo = DisplayMemo(exact=64, by_facts=100_000)
    kinds = [v for _, v in vessels(ed)]
    for by in (0.0, 0.013, -0.011):
        for raw in kinds:
            v = navlights.make_vessel(_nudged(raw, by))
            try:
                want = engine.display(v, ed)
            except NavlightsError:
                continue
            got = memo.get(v, ed, engine.display)
            assert (got.items, got.notes, got.provisions, got.complete) == \
                (want.items, want.notes, want.provisions, want.complete), (edition_id, raw, by)
    assert memo.facts_hits > 0


def test_the_memo_keeps_a_displaced_light_s_own_length():
    """COLREGs 23(d)(iii): the note of a masthead light off the centreline names her own length, which no condition
    bands, so two such vessels of 13 m and 14 m (both 12 m or more: not permitted) must not share a display."""
    from navlights import api
    words = {}
    for length in ("13 m", "14 m"):
        d = api.display({"propulsion": "power", "length": length, "masthead_off_centreline": True}, "intl-1972")
        words[length] = " ".join(n.text for n in d.notes)
    assert "13 m" in words["13 m"] and "14 m" in words["14 m"]
    assert "14 m" not in words["13 m"]
