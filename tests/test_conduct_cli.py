"""`navlights conduct`: answer first at 80 columns, --json valid against docs/schema/conduct.schema.json, pairs,
the lights seen, and bad input as one line with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from navlights.cli import main

SCHEMA = json.loads((Path(__file__).parents[1] / "docs" / "schema" / "conduct.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
OWN = "power course=0 speed=12"
OTHER = "power course=270 speed=10 bearing=45 range=3"


def run(capsys, *args: str) -> tuple[int, str, str]:
    if "-e" not in args and "--edition" not in args and "--waters" not in args:
        args = (*args, "-e", "intl-1972")  # the edition named, so the answer is the first line
    rc = main(["conduct", *args])
    out, err = capsys.readouterr()
    return rc, out, err


def test_schema_is_valid():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("args", [
    ["--own", OWN, "--other", OTHER],
    ["--own", OWN, "--other", OTHER, "-e", "us-inland"],
    ["--own", OWN, "--other", OTHER, "--fog"],
    ["--own", OWN, "--other", OTHER, "-e", "intl-1960"],
    ["--own", "power course=0 speed=5", "--other", "power course=0 speed=15 bearing=112.4 range=1"],
    ["--own", "sail course=0 speed=5 wind=port length=8m", "--other",
     "power channel-only length=120m course=180 speed=10 bearing=3 range=2", "--area", "narrow-channel"],
    ["--seen", "R W<W", "--bearing", "40"],
    ["--seen", "R/R", "--bearing", "30"],
])
def test_json_validates(capsys, args):
    rc, out, _ = run(capsys, *args, "--json")
    assert rc == 0
    errors = list(VALIDATOR.iter_errors(json.loads(out)))
    assert not errors, (errors[0].message, list(errors[0].path))


def test_text_answer_first_at_80_columns(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    rc, out, _ = run(capsys, "--own", OWN, "--other", OTHER)
    assert rc == 0 and out.startswith("She is crossing from your starboard side: you are the give-way vessel")
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "Rule 15 (primary)" in out and "CPA" in out and "Conventions: head-on within 6°" in out


def test_seen_answer(capsys):
    rc, out, _ = run(capsys, "--seen", "R W<W", "--bearing", "40")
    assert rc == 0 and out.startswith("She is crossing from your starboard side: you are the give-way vessel (Rule")


def test_pairs_file(capsys, tmp_path):
    f = tmp_path / "pairs.json"
    f.write_text(json.dumps([{"own": OWN, "other": OTHER},
                             {"own": "sail course=0 speed=5 wind=port", "other": "sail course=270 speed=5 at=2,2 "
                              "wind=starboard"},
                             {"own": OWN, "other": OTHER, "in_sight": False}]))
    rc, out, _ = run(capsys, "--pairs", str(f), "--json")
    data = json.loads(out)
    assert rc == 0 and [d["give_way"] for d in data] == [["own"], ["own"], []]  # Rule 15; 12(a)(i); 19
    for d in data:
        assert not list(VALIDATOR.iter_errors(d))
    rc, out, _ = run(capsys, "--pairs", str(f))
    assert rc == 0 and out.startswith("Pair 1: She is crossing")


@pytest.mark.parametrize("args, words", [
    (["--own", OWN], "give --own and --other"),
    (["--own", "power course=0", "--other", OTHER], "own: course and speed are needed"),
    (["--own", OWN, "--other", "power course=1 speed=x"], "other.speed"),
    (["--own", OWN, "--other", OTHER, "--head-on-deg", "60"], "head_on_deg"),
    (["--own", OWN, "--other", OTHER, "--area", "canal"], "canal"),
    (["--own", OWN, "--other", OTHER, "-e", "1984"], "unknown edition"),
    (["--seen", "R W<W"], "needs --bearing"),
    (["--seen", "Q", "--bearing", "10"], ""),
    (["--pairs", "/nonexistent/pairs.json"], "pairs: cannot read"),
])
def test_bad_input_one_line_exit_2(capsys, args, words):
    rc, out, err = run(capsys, *args)
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err


@pytest.mark.parametrize("content, words", [("{", "not JSON"), ("[]", "list of 1 to"), ('[{"own": "x"}]', "pairs[0]"),
                                            ('[{"own": "power course=0 speed=1", "other": "x", "fog": 1}]', "fog")])
def test_bad_pairs_file(capsys, tmp_path, content, words):
    f = tmp_path / "p.json"
    f.write_text(content)
    rc, _, err = run(capsys, "--pairs", str(f))
    assert rc == 2 and words in err and len(err.strip().splitlines()) == 1


def test_no_risk_of_collision_makes_the_roles_conditional(capsys):
    """Rules 14(a) and 15 apply to vessels meeting or crossing so as to involve risk of collision: with the CPA
    (1.24 nm worked from the geometry: she 4 nm off at 045, steering 240 at 10 kn, own 000 at 12 kn) above the 1 nm
    convention, the answer does not say flatly that own vessel gives way while saying there is no risk."""
    rc, out, _ = run(capsys, "--own", "power course=0 speed=12", "--other",
                     "power course=240 speed=10 bearing=45 range=4")
    first = " ".join(out.split())
    assert rc == 0
    assert first.startswith("She is crossing from your starboard side; if risk of collision develops, you are the "
                            "give-way vessel (Rule 15).")
    assert "no risk of collision by the CPA convention" in first
