"""Output that round-trips: the ``vessel`` of any ``--json`` output is accepted back and gives the same display.

For the representative vessels of every edition (``navlights.classes.vessels``, as lint and the golden
tables use them): ``Vessel.to_json()`` read back gives the same vessel; fed to ``navlights lights
--vessel-json`` (through click's CliRunner) it gives the same display; and ``to_fields`` / ``from_fields``
(the flat fields the CLI and the web take) give the same vessel too.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

import navlights
from navlights import api
from navlights.classes import vessels
from navlights.cli import cli
from navlights.errors import MissingFactError
from navlights.vessel import Vessel, make_vessel

EDITIONS = navlights.edition_ids()


def _displays(eid: str) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(situation, vessel mapping, display JSON) for every representative vessel the edition can light."""
    out = []
    for label, v in vessels(navlights.edition(eid)):
        try:
            out.append((label, v, api.display_json(v, eid)))
        except MissingFactError:
            continue
    return out


def _lights(*argv: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["lights", *argv, "--json"])
    assert result.exit_code == 0, (argv, result.output)
    return json.loads(result.stdout)


@pytest.mark.parametrize("eid", EDITIONS)
def test_every_representative_vessel_round_trips_through_json_and_flat_fields(eid):
    n = 0
    for label, v, d in _displays(eid):
        vessel = make_vessel(v)
        written = vessel.to_json()
        assert written == d["vessel"], label
        assert json.loads(json.dumps(written)) == written
        assert make_vessel(written) == vessel, (label, written)
        assert Vessel.from_fields(**vessel.to_fields()) == vessel, (label, vessel.to_fields())
        assert api.display_json(written, eid) == d, label
        n += 1
    assert n > 100


@pytest.mark.parametrize("eid", EDITIONS)
def test_the_json_vessel_fed_back_to_the_cli_gives_the_same_display(eid):
    """One CLI run for the first and the last representative of each situation (their lengths and tows differ)."""
    by_label: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for label, v, d in _displays(eid):
        by_label.setdefault(label, []).append((v, d))
    assert len(by_label) > 20
    for label, rows in by_label.items():
        for v, d in {id(r): r for r in (rows[0], rows[-1])}.values():
            back = _lights("-e", eid, "--vessel-json", json.dumps(d["vessel"]))
            assert back == d, (label, v, d["vessel"])


V120_TOWING = ["--length", "120 ft", "--tonnage", "500", "--towing", "--tow-length", "700 ft", "--tow-vessels", "2"]
V_IN_TOW = ["--length", "120 ft", "--tonnage", "500", "--being-towed", "--tow-length", "700 ft", "--time", "day"]
V_FISHING = ["--length", "60 ft", "--tonnage", "40", "--fishing", "drift-net", "--gear-extent", "500 ft",
             "--breadth", "15 ft"]


@pytest.mark.parametrize("command, extra", [
    ("lights", []),
    ("view", ["--aspect", "45", "--distance", "1"]),
    ("sectors", []),
    ("compare", []),
])
@pytest.mark.parametrize("vessel_args", [V120_TOWING, V_IN_TOW, V_FISHING], ids=["towing", "in-tow", "fishing"])
def test_every_json_output_vessel_is_accepted_back(command, extra, vessel_args):
    runner = CliRunner()
    edition_args = [] if command == "compare" else ["-e", "1960"]
    out = runner.invoke(cli, [command, *edition_args, *vessel_args, *extra, "--json"])
    assert out.exit_code == 0, out.output
    written = json.loads(out.stdout)["vessel"]
    assert _lights("-e", "1960", "--vessel-json", json.dumps(written)) == _lights("-e", "1960", *vessel_args)


@pytest.mark.parametrize("view", ["night", "day", "plan"])
def test_render_labels_vessel_is_accepted_back(tmp_path, view):
    """The labels name the vessel as drawn: with the time of day of the view (the plan shows the night's lights)."""
    out = CliRunner().invoke(cli, ["render", "-e", "1960", *V120_TOWING, "--view", view, "-o", str(tmp_path / "p.svg"),
                                   "--json"])
    assert out.exit_code == 0, out.output
    written = json.loads(out.stdout)["vessel"]
    time = "day" if view == "day" else "night"
    assert written["time"] == time
    assert (_lights("-e", "1960", "--vessel-json", json.dumps(written))
            == _lights("-e", "1960", *V120_TOWING, "--time", time))


@pytest.mark.parametrize("text, metres", [
    ("200 ft", "60.96 m"), ("61 m", "61 m"), ("150 ft", "45.72 m"), ("0.5 m", "0.5 m"), ("1 ft", "0.3048 m"),
    ("499.999999 m", "499.999999 m"), ("33.3333 ft", "10.15999 m"),
])
def test_lengths_are_written_in_metres_with_their_unit(text, metres):
    v = make_vessel({"propulsion": "power", "length": text})
    assert v.to_json()["length"] == metres
    assert make_vessel(v.to_json()).length_m == v.length_m
