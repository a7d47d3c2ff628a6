"""The CLI: the issue's acceptance command, text output, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from navlights.cli import main

ACCEPT = ["lights", "--edition", "intl-1960", "--vessel-json",
          '{"propulsion":"power","length":"200 ft","status":"underway","making_way":true}', "--json"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_acceptance_200ft_power_driven_json(capsys):
    code, out, err = run(capsys, *ACCEPT)
    assert code == 0 and err == ""
    data = json.loads(out)
    lights = {i["role"]: i for i in data["lights"]}
    # Rule 2(a)(i), (ii) (after light required at 200 ft), (iv), (v); the stern light by cross-reference to Rule 10
    assert list(lights) == ["masthead", "masthead-aft", "sidelight-starboard", "sidelight-port", "sternlight"]
    assert lights["masthead-aft"]["status"] == "required"
    assert lights["masthead"]["cite"] == "intl-1960 Rule 2(a)(i)"
    assert lights["masthead-aft"]["cite"] == "intl-1960 Rule 2(a)(ii), (iii)"
    assert lights["sidelight-starboard"]["cite"] == "intl-1960 Rule 2(a)(iv)"
    assert lights["sidelight-port"]["cite"] == "intl-1960 Rule 2(a)(v)"
    assert all(i["provenance"] in ("primary", "secondary", "inferred", "gap") for i in data["lights"])
    assert data["edition"] == "intl-1960" and data["complete"] is False


def test_text_output_has_citations(capsys):
    code, out, _ = run(capsys, "lights", "-e", "1960", "--length", "200 ft")
    assert code == 0
    assert "Rule 2(a)(i)" in out and "masthead-aft" in out and "primary" in out


def test_options_override_json(capsys):
    code, out, _ = run(capsys, "lights", "--vessel-json", '{"propulsion":"power","length":"50 ft"}',
                       "--length", "200 ft", "--json")
    # the vessel's lengths are written with their unit so that the output is accepted back (issue 13; was 60.96)
    assert code == 0 and json.loads(out)["vessel"]["length"] == "60.96 m"


def test_editions(capsys):
    code, out, _ = run(capsys, "editions", "--json")
    data = {e["id"]: e for e in json.loads(out)}
    assert code == 0 and "intl-1960" in data
    e = data["intl-1960"]
    assert e["waters"] == ["high-seas"] and "1960" in e["aliases"]
    assert 0 < e["coverage"]["primary_share"] < 1 and e["coverage"]["gap"] > 0
    assert e["in_force_from"] == "1965-09-01" and e["in_force_citation"]["provenance"] == "inferred"
    code, out, _ = run(capsys, "editions")
    assert code == 0 and "intl-1960" in out


@pytest.mark.parametrize("argv, words", [
    (["lights", "--edition", "1984"], "edition: unknown edition '1984'; known: "),
    (["lights", "--vessel-json", '{"propulsion":"power","lenght":"20 ft"}'], "unknown field 'lenght'"),
    (["lights", "--length", "-20 ft"], "length: '-20 ft': must be more than 0"),
    (["lights", "--length", "90000 ft"], "at most 500 m"),
    (["lights", "--length", "twenty"], "length: 'twenty' is not a length"),
    (["lights", "--vessel-json", '{"propulsion":"power","status":"anchored","making_way":true}'],
     "making_way: true contradicts status 'anchored'"),
    (["lights", "--towing", "--tow-length", "300 ft", "--being-towed"], "towing and being_towed"),
    (["lights", "--vessel-json", '{"propulsion": power}'], "vessel-json: malformed JSON at line 1"),
    (["lights", "--vessel-json", "[1, 2]"], "vessel-json: expected a JSON object, got list"),
    (["lights", "--vessel-json", "@/nonexistent/file.json"], "vessel-json: cannot read"),
    (["lights", "--propulsion", "steam"], "Invalid value for '--propulsion'"),
    (["lights", "--bogus"], "No such option: --bogus"),
    (["lights"], "length: needed to decide intl-1972 Rule 23(d)"),   # today's rules by default: 23(d), under 12 m
    (["lights", "-e", "1960"], "length: needed to decide intl-1960 Rule"),
])
def test_bad_input_one_line_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("navlights: error: ")
    assert words in err
    assert "Traceback" not in err and out == ""


def test_console_script_exit_code_and_no_traceback():
    r = subprocess.run([sys.executable, "-m", "navlights.cli", "lights", "--edition", "nope"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.startswith("navlights: error: edition: unknown edition 'nope'")
    assert "Traceback" not in r.stderr


def test_compare_changes_governing_commands(capsys):
    code, out, _ = run(capsys, "compare", "--editions", "1948,1960", "--length", "120 ft", "--towing",
                       "--tow-length", "700 ft", "--tow-vessels", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["editions"] == ["intl-1948", "intl-1960"]
    diffs = {(d["role"], d["change"]) for d in data["steps"][0]["differences"]}
    assert ("towing-3", "added") in diffs            # 1960 Rule 3(a): third light with one vessel in tow
    code, out, _ = run(capsys, "changes", "1948", "1960", "--json")
    assert code == 0 and "power-driven vessel towing" in json.loads(out)
    code, out, _ = run(capsys, "governing", "--date", "1956-07-25", "--waters", "high-seas", "--json")
    assert code == 0 and json.loads(out)["edition"] == "intl-1948"
    code, out, err = run(capsys, "governing", "--date", "1956-13-01", "--waters", "high-seas")
    assert code == 2 and err.startswith("navlights: error: date: '1956-13-01' is not a date")


def test_cli_docs_are_current():
    """docs/cli.md is the help of every command; regenerate with `python -m navlights.cli.clidoc > docs/cli.md`."""
    from pathlib import Path

    from navlights.cli.clidoc import render
    path = Path(__file__).parents[1] / "docs" / "cli.md"
    assert path.read_text() == render()
    for name in ("editions", "rules", "lights", "view", "sectors", "identify", "render", "gallery", "compare", "changes",
                 "governing", "serve"):
        assert f"## navlights {name}" in path.read_text(), f"command {name} is undocumented"


def test_rules_command_lists_every_entry_with_provenance(capsys):
    import navlights
    code, out, _ = run(capsys, "rules", "-e", "1960", "--json")
    data = json.loads(out)
    ed = navlights.edition("intl-1960")
    assert code == 0 and len(data["provisions"]) == len(ed.provisions)
    assert len(data["definitions"]) + len(data["kinds"]) + len(data["provisions"]) == ed.coverage()["entries"]
    inferred = [p for p in data["provisions"] if p["citation"]["provenance"] == "inferred"]
    assert inferred and all(p["citation"]["argument"] for p in inferred)
    code, out, _ = run(capsys, "rules", "-e", "1960", "--provenance", "gap", "--json")
    gaps = json.loads(out)["provisions"]
    assert {p["citation"]["rule"] for p in gaps} >= {"Rule 8", "Rule 9", "Rule 14"}   # pilot, fishing, Rule 14


def test_every_edition_is_documented():
    """README and NEWS name every edition in the rule base."""
    from pathlib import Path

    import navlights
    root = Path(__file__).parents[1]
    readme, news = (root / "README.md").read_text(), (root / "NEWS.md").read_text()
    titles = {"gl-1895": "Great Lakes", "intl-1897": "1897", "intl-1948": "1948", "intl-1960": "1960"}
    for eid in navlights.edition_ids():
        assert f"`{eid}`" in news, f"NEWS.md does not mention {eid}"
        assert titles.get(eid, eid) in readme, f"README.md does not mention {eid}"
