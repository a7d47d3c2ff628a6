"""One translation from flat fields to a vessel: the CLI's options and the web's query parameters agree.

Every flat field (``navlights.vessel.FLAT_FIELDS``) is walked through both the command line (``navlights
lights --<field> ... --json``) and the web (``/explore.json?<field>=...``): both accept it and give the same
display under every edition, or both refuse it naming the same field. Bad values are refused by both
(CLI exit 2, web 422) naming the same field, in the same words where the vessel model is the one refusing.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient

import navlights
from navlights.cli import main
from navlights.cli.options import VESSEL_OPTIONS, option_words
from navlights.vessel import FLAT_FIELDS, Vessel
from navlights.web.app import create_app
from navlights.web.queries import VESSEL_PARAMS

EDITIONS = navlights.edition_ids()
#: The negative spelling of the on/off options whose false is a fact.
NEGATIVE = {"making_way": "--not-making-way", "machinery": "--no-machinery", "gear_out": "--no-gear-out",
            "near_channel": "--not-near-channel"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("web") / "progress.sqlite", seed=1))


def cli_args(fields: dict[str, Any]) -> list[str]:
    """The command-line options for flat fields."""
    out: list[str] = []
    for k, v in fields.items():
        option = "--" + k.replace("_", "-")
        if v is True:
            out.append(option)
        elif v is False:
            out.append(NEGATIVE[k])
        else:
            out += [option, str(v)]
    return out


def web_params(fields: dict[str, Any]) -> dict[str, str]:
    return {k: ("true" if v else "false") if isinstance(v, bool) else str(v) for k, v in fields.items()}


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def both(capsys: pytest.CaptureFixture[str], client: TestClient, fields: dict[str, Any],
         edition: str) -> tuple[tuple[int, str, str], Any]:
    cli = run_cli(capsys, "lights", "-e", edition, *cli_args(fields), "--json")
    web = client.get("/explore.json?" + urlencode({**web_params(fields), "edition": edition}))
    return cli, web


def test_the_cli_and_the_web_take_the_same_fields():
    cli_names = {decls[-1] if decls[-1].isidentifier() else decls[0].split("/")[0].lstrip("-").replace("-", "_")
                 for decls, _ in VESSEL_OPTIONS} - {"vessel_json"}
    assert cli_names == set(FLAT_FIELDS) == set(VESSEL_PARAMS)


#: Every flat field with a value, and the fields it needs beside it (a length and tonnage are added for all).
FIELD_CASES: list[tuple[str, dict[str, Any]]] = [
    ("propulsion", {"propulsion": "sail"}),
    ("seaplane", {"seaplane": True}),
    ("length", {"length": "61 m"}),
    ("breadth", {"breadth": "30 ft"}),
    ("tonnage", {"tonnage": 30}),
    ("status", {"status": "anchored"}),
    ("making_way", {"making_way": False}),
    ("towing", {"towing": True}),
    ("tow_length", {"towing": True, "tow_length": "700 ft"}),
    ("tow_vessels", {"towing": True, "tow_vessels": 3}),
    ("tow_raft", {"towing": True, "tow_raft": True}),
    ("tow_alongside", {"towing": True, "tow_alongside": True}),
    ("pushing", {"pushing": True}),
    ("being_towed", {"being_towed": True}),
    ("not_last_of_tow", {"being_towed": True, "not_last_of_tow": True}),
    ("being_pushed", {"being_pushed": True}),
    ("not_under_command", {"not_under_command": True}),
    ("restricted", {"restricted": "dredging"}),
    ("fishing", {"fishing": "trawl"}),
    ("gear_extent", {"fishing": "line", "gear_extent": "500 ft"}),
    ("gear_out", {"fishing": "drift-net", "gear_out": False}),
    ("close_proximity", {"fishing": "trawl", "close_proximity": True}),
    ("trawl_activity", {"fishing": "trawl", "close_proximity": True, "trawl_activity": "net-fast"}),
    ("pair_trawling", {"fishing": "trawl", "close_proximity": True, "pair_trawling": True}),
    ("hampered_by_gear", {"fishing": "purse-seine", "gear_extent": "100 m", "close_proximity": True,
                          "hampered_by_gear": True}),
    ("pilot_on_duty", {"service": "pilot-vessel", "pilot_on_duty": True}),
    ("service", {"service": "harbour-tug"}),
    ("sails_set", {"sails_set": True}),
    ("machinery", {"propulsion": "sail", "machinery": True}),
    ("time", {"time": "day"}),
    ("towed_alongside", {"being_towed": True, "towed_alongside": True}),
    ("partly_submerged", {"being_towed": True, "partly_submerged": True}),
    ("air_cushion", {"air_cushion": True}),
    ("non_displacement", {"air_cushion": True, "non_displacement": True}),
    ("wig", {"wig": True}),
    ("wig_near_surface", {"wig": True, "wig_near_surface": True}),
    ("max_speed_kn", {"length": "6 m", "max_speed_kn": 6}),
    ("constrained_by_draught", {"constrained_by_draught": True}),
    ("mine_clearance", {"mine_clearance": True}),
    ("obstruction_side", {"restricted": "dredging", "obstruction_side": "port"}),
    ("composite_unit", {"pushing": True, "composite_unit": True}),
    ("near_channel", {"length": "6 m", "status": "anchored", "near_channel": False}),
    ("waters", {"waters": "western-rivers", "pushing": True}),
    ("special_anchorage", {"length": "15 m", "status": "anchored", "special_anchorage": True}),
    ("tow_partly_submerged", {"towing": True, "tow_partly_submerged": True}),
    ("towed_both_sides", {"being_towed": True, "towed_alongside": True, "towed_both_sides": True}),
    ("barge_mooring", {"propulsion": "none", "service": "barge", "status": "moored", "barge_mooring": "wide-group"}),
    ("barge_exempt", {"propulsion": "none", "service": "barge", "status": "moored", "barge_mooring": "not-parallel",
                      "barge_exempt": "behind-pierhead"}),
    ("mooring_buoys", {"status": "moored", "mooring_buoys": True}),
    ("barge_corners", {"propulsion": "none", "service": "barge", "status": "anchored",
                       "barge_corners": "projects-from-group"}),
    ("tow_lights_impracticable", {"being_towed": True, "tow_lights_impracticable": True}),
    ("assisting_distress", {"towing": True, "assisting_distress": True, "tow_lights_impracticable": True}),
    ("masthead_off_centreline", {"masthead_off_centreline": True}),
    ("dredge_pipeline", {"propulsion": "none", "status": "moored", "dredge_pipeline": True}),
]


def test_every_field_has_a_case():
    assert {name for name, _ in FIELD_CASES} == set(FLAT_FIELDS)


@pytest.mark.parametrize("name, fields", FIELD_CASES, ids=[n for n, _ in FIELD_CASES])
def test_every_field_gives_the_same_display_on_the_cli_and_the_web(capsys, client, name, fields):
    fields = {"length": "200 ft", "tonnage": 1000, **fields}
    vessel = Vessel.from_fields(**fields).to_json()
    for edition in EDITIONS:
        (code, out, err), web = both(capsys, client, fields, edition)
        if code == 0:
            assert web.status_code == 200, (edition, web.text)
            cli_display = json.loads(out)
            assert cli_display == web.json()["display"], edition
            assert cli_display["vessel"] == vessel
        else:                           # the edition cannot light her (a fact it needs): both say so, the CLI
            assert code == 2 and web.status_code == 422, (edition, err, web.text)   # naming its option (issue 37)
            assert err.strip() == f"navlights: error: {option_words(web.json()['error'])}", edition


#: Bad values: (flat fields, the field named, whether the vessel model refuses it: then the words are the same).
BAD: list[tuple[dict[str, Any], str, bool]] = [
    ({"length": "abc"}, "length", True),
    ({"length": "-20 ft"}, "length", True),
    ({"length": "9000 ft"}, "length", True),
    ({"breadth": "1 mile"}, "breadth", True),
    ({"tonnage": -5}, "tonnage", True),
    ({"towing": True, "tow_length": "two cables"}, "tow_length", True),
    ({"towing": True, "tow_length": "0 ft"}, "tow_length", True),
    ({"being_towed": True, "tow_length": "-700 ft"}, "tow_length", True),
    ({"tow_vessels": 0}, "tow_vessels", True),
    ({"tow_vessels": 101}, "tow_vessels", True),
    ({"fishing": "trawl", "gear_extent": "far"}, "gear_extent", True),
    ({"status": "anchored", "making_way": True}, "making_way", True),
    ({"propulsion": "sail", "sails_set": True}, "sails_set", True),
    ({"propulsion": "oars", "seaplane": True}, "seaplane", True),
    ({"towing": True, "being_towed": True}, "towing and being_towed", True),
    ({"tow_length": "300 ft", "being_towed": True, "tow_vessels": 2}, "towing and being_towed", True),
    ({"pushing": True, "being_pushed": True}, "pushing and being_pushed", True),
    ({"being_towed": True, "being_pushed": True}, "being_towed and being_pushed", True),
    # refused by each interface's own parsing (click's choices and types; the web's query model)
    ({"propulsion": "jet"}, "propulsion", False),
    ({"status": "sunk"}, "status", False),
    ({"restricted": "knitting"}, "restricted", False),
    ({"fishing": "dynamite"}, "fishing", False),
    ({"service": "spaceship"}, "service", False),
    ({"time": "noon"}, "time", False),
    ({"tonnage": "heavy"}, "tonnage", False),
    ({"tow_vessels": "two"}, "tow_vessels", False),
]


@pytest.mark.parametrize("fields, field, same_words", BAD, ids=[f"{f}-{json.dumps(v)}" for v, f, _ in BAD])
def test_bad_values_are_refused_by_both_naming_the_field(capsys, client, fields, field, same_words):
    fields = {"length": "200 ft", **fields}
    (code, out, err), web = both(capsys, client, fields, "intl-1960")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert web.status_code == 422, web.text
    body = web.json()
    assert body["field"] == field and body["error"].startswith(field)
    if same_words:
        assert err.strip() == f"navlights: error: {body['error']}"
    else:
        assert f"'--{field.replace('_', '-')}'" in err


def test_being_towed_with_a_tow_length_is_accepted_by_both(capsys, client):
    """1960 Rule 5(d): a vessel towed, the tow over 600 ft, shows a black diamond by day."""
    fields = {"length": "120 ft", "being_towed": True, "tow_length": "700 ft", "time": "day"}
    (code, out, err), web = both(capsys, client, fields, "intl-1960")
    assert code == 0 and web.status_code == 200, (err, web.text)
    data = json.loads(out)
    assert data == web.json()["display"]
    assert data["vessel"]["being_towed"] == {"tow_length": "213.36 m"} and "towing" not in data["vessel"]
    assert [s["role"] for s in data["shapes"]] == ["tow-diamond"] and data["shapes"][0]["cite"] == "intl-1960 Rule 5(d)"


def test_a_query_builds_its_vessel_once(client, monkeypatch):
    """The page, its .json twin, the picture and the comparison each build (and check) the vessel once."""
    calls = []
    real = Vessel.from_fields.__func__  # type: ignore[attr-defined]

    def counting(cls, *a, **k):
        calls.append(k)
        return real(cls, *a, **k)
    monkeypatch.setattr(Vessel, "from_fields", classmethod(counting))
    import navlights.vessel as vessel_module
    validations = []
    real_validate = vessel_module.Vessel.model_validate
    monkeypatch.setattr(vessel_module.Vessel, "model_validate",
                        classmethod(lambda cls, *a, **k: validations.append(a) or real_validate(*a, **k)))
    for n, path in enumerate(("/explore.json", "/explore", "/api/view.json", "/api/render.svg", "/compare.json")):
        calls.clear()
        validations.clear()
        params = {"length": f"{171 + n} ft", "tonnage": 7, **({} if path == "/compare.json" else {"aspect": 33})}
        r = client.get(f"{path}?" + urlencode(params))
        assert r.status_code == 200, (path, r.text[:200])
        assert len(calls) == 1 and len(validations) == 1, path


def test_the_cli_offers_every_value_the_vessel_model_allows():
    """The command line's choices are written out (click loads before the model); they must not drift."""
    from typing import get_args

    from navlights import vessel as model
    choices = {decls[0].lstrip("-").replace("-", "_"): set(kw["type"].choices)
               for decls, kw in VESSEL_OPTIONS if hasattr(kw.get("type"), "choices")}
    for name, literal in (("propulsion", model.Propulsion), ("status", model.Status), ("restricted", model.Restricted),
                          ("fishing", model.FishingMethod), ("service", model.Service), ("time", model.TimeOfDay),
                          ("obstruction_side", model.Side), ("waters", model.InlandWaters)):
        assert choices[name] == set(get_args(literal)), name
