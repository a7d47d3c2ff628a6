"""Issue 37: a first hour without surprises. Today's rules by default (item 2), a misspelled command or edition and a
bare number (item 5), make test after make run (item 6), the missing-extra line for a wheel install (item 7), and
what is known by day when the only gaps are by night (item 8). Expected values written by hand from the rules."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from navlights.cli import main

ROOT = Path(__file__).resolve().parents[1]
TODAY = "Under today's rules, intl-1972 (the default; -e for another edition)."
INLAND = "Under today's rules, us-inland (default with --waters; -e for another edition)."


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- item 2: today's rules by default, said in the first line ----------------------------------------------------


@pytest.mark.parametrize("argv, first, edition_line", [
    # a 20 m power-driven vessel under way: COLREGs Rule 23(a); the title line names the edition
    (["lights", "--length", "20 m"], TODAY, "(intl-1972)"),
    # --waters names US inland waters: the Inland Rules (33 CFR 83), Rule 24(j) on the Western Rivers
    (["lights", "--length", "30 m", "--pushing", "--waters", "western-rivers"], INLAND, "(us-inland)"),
    (["lights", "--length", "30 m", "--waters", "great-lakes"], INLAND, "(us-inland)"),
    (["view", "--length", "200 ft", "--aspect", "45"], TODAY, "You see:"),
    (["sectors", "--length", "200 ft"], TODAY, ""),
    (["rules", "--provenance", "gap"], TODAY, "(intl-1972)"),
])
def test_without_edition_a_command_answers_under_todays_rules_and_says_so(capsys, argv, first, edition_line):
    code, out, err = run(capsys, *argv)
    lines = out.splitlines()
    assert code == 0 and err == "" and lines[0] == first
    assert edition_line in lines[1]


@pytest.mark.parametrize("argv", [
    ["lights", "-e", "1960", "--length", "20 m"],        # an edition named: no default line
    ["lights", "--edition", "intl-1972", "--length", "20 m"],
])
def test_a_named_edition_gets_no_default_line(capsys, argv):
    code, out, _ = run(capsys, *argv)
    assert code == 0 and not out.startswith("Under today's rules")


@pytest.mark.parametrize("argv, edition", [
    (["lights", "--length", "20 m", "--json"], "intl-1972"),
    (["lights", "--length", "20 m", "--waters", "western-rivers", "--json"], "us-inland"),
])
def test_json_stays_json_and_names_the_default(capsys, argv, edition):
    code, out, _ = run(capsys, *argv)
    assert code == 0 and json.loads(out)["edition"] == edition


def test_render_says_the_default_before_what_it_wrote(capsys, tmp_path):
    out_file = tmp_path / "a.svg"
    code, out, _ = run(capsys, "render", "--length", "20 m", "-o", str(out_file))
    assert code == 0 and out.splitlines() == [TODAY, f"wrote {out_file}"]


def test_an_error_under_the_default_is_still_one_line(capsys):
    # Rule 23(d)(i): under 12 m a power-driven vessel may show one all-round white light: the length decides
    code, out, err = run(capsys, "lights")
    assert code == 2 and out == "" and err.count("\n") == 1 and "intl-1972 Rule 23(d)(i)" in err


@pytest.mark.parametrize("argv, words", [
    (["lights", "--help"], "default: intl-1972, today's International Rules, or us-inland with --waters"),
    (["rules", "--help"], "default: intl-1972, today's International Rules"),
    (["--help"], "under the rules in force today (intl-1972, the COLREGs; us-inland with --waters) by default"),
    (["compare", "--help"], "today's rules first"),
])
def test_the_help_says_the_default(capsys, argv, words):
    code, out, _ = run(capsys, *argv)
    assert code == 0 and words in " ".join(out.split())
    assert "intl-1960]" not in out and "historical edition of the rules." not in out


def test_compare_lists_todays_rules_first(capsys):
    code, out, _ = run(capsys, "compare", "--length", "120 ft", "--tonnage", "200", "--towing", "--tow-length",
                       "700 ft", "--tow-vessels", "1")
    block = out.split("\n\n")[1]                       # the editions' lines, between the summary and the steps
    heads = [line.split(":")[0].split(" ")[0] for line in block.splitlines() if not line.startswith(" ")]
    # in force today first (1972 from 15 July 1977, then Inland from 24 Dec. 1981), then the history in time
    # within each waters, as the web app's columns (pages.edition_order)
    assert heads == ["intl-1972", "us-inland", "intl-1897", "intl-1948", "intl-1960", "gl-1895"]


def test_the_web_forms_default_to_todays_rules():
    from navlights.web.queries import DEFAULT_EDITION, ChangesQuery
    assert DEFAULT_EDITION == "intl-1972"
    assert (ChangesQuery().a, ChangesQuery().b) == ("intl-1960", "intl-1972")     # the latest change


# --- item 5: a misspelled command, an unknown edition, a bare number ----------------------------------------------


@pytest.mark.parametrize("argv, words", [
    (["lihgts", "--length", "20 m"], "no such command 'lihgts'; did you mean lights?"),
    (["compre"], "did you mean compare?"),
    (["frobnicate"], "no such command 'frobnicate' (navlights --help lists them)"),
    # the aliases beside each id; a year that names no edition points to `governing`
    (["lights", "-e", "1966", "--length", "20 m"], "intl-1960 (1960, colregs-1960)"),
    (["lights", "-e", "1966", "--length", "20 m"], "us-inland (inland, 33cfr83)"),
    (["lights", "-e", "1966", "--length", "20 m"], "navlights governing --date 1966-07-01 --waters high-seas"),
    (["lights", "-e", "colregs-1966", "--length", "20 m"], "intl-1972 (1972, colreg)"),
    # as --vessel-json's {"length": 200}: a number alone needs a unit
    (["lights", "--length", "200"], "length: '200' needs a unit; write e.g. '200 ft' or '61 m'"),
    (["lights", "--length", "12.5"], "needs a unit"),
    (["lights", "--length", "200 furlongs"], "is not a length"),
])
def test_a_slip_gets_one_helpful_line(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and words in err


def test_a_fact_asked_for_names_the_option(capsys):
    # 1897 Art. 3: a third towing light when towing more than one vessel with the tow over 600 ft
    code, out, err = run(capsys, "lights", "-e", "1897", "--length", "120 ft", "--tonnage", "200", "--towing",
                         "--tow-length", "700 ft")
    assert code == 2 and "give it, e.g. --tow-vessels 2" in err and "towing.vessels=" not in err
    _, out, _ = run(capsys, "compare", "--length", "120 ft", "--tonnage", "200", "--towing", "--tow-length", "700 ft")
    assert "--tow-vessels 2" in " ".join(out.split()) and "towing.vessels=2" not in out


# --- item 8: what is known by day when the only gap is a night light ----------------------------------------------


def test_a_1960_power_vessel_by_day_says_what_is_known(capsys):
    # 1960 Rule 2(a): no shape for a power-driven vessel under way; the one gap is the Rule 10 stern light (night)
    code, out, _ = run(capsys, "lights", "-e", "1960", "--length", "20 m")
    words = " ".join(out.split())
    assert code == 0 and "By day: none known" not in words
    assert "By day: no shape required by the rules found; her gaps (below) concern only what she shows by night." \
        in words


def test_a_gap_by_day_still_says_none_known(capsys):
    # 1960 Rule 11 (anchor, by day the ball) was not found: an anchored vessel's day answer rests on the gap
    code, out, _ = run(capsys, "lights", "-e", "1960", "--length", "200 ft", "--status", "anchored")
    words = " ".join(out.split())
    assert code == 0 and "concern only what she shows by" not in words


# --- item 7: the missing-extra line works for a wheel install ----------------------------------------------------


def test_the_missing_extra_line_gives_a_command_that_works_without_an_index(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    sample = ROOT / "examples" / "ais" / "2020-channel-night.csv"
    code, _, err = run(capsys, "ais", str(sample))
    # the pins of pyproject.toml's traffic extra, so no index needs to know navlights
    assert code == 2 and "pip install 'pandas==2.3.3' 'pyarrow==22.0.0'" in err
    assert "pip install 'navlights[traffic]'" not in err


# --- item 6: make test after make run does not prepare everything again ------------------------------------------


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_installing_the_test_extra_does_not_prepare_again(tmp_path):
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "src" / "navlights").mkdir(parents=True)
    (tmp_path / "src" / "navlights" / "a.py").write_text("")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    # make run: the venv, the runtime install, the preparing; then make test installs the test extra, which
    # touches both install stamps, after the preparing
    order = [".venv/bin/python", "pyproject.toml", "src/navlights/a.py", ".venv/.installed-run", ".venv/.prepared",
             ".venv/.installed"]
    now = time.time()
    for k, name in enumerate(order):
        (tmp_path / name).touch()
        os.utime(tmp_path / name, (now - 100 + k, now - 100 + k))
    os.utime(tmp_path / ".venv/.installed-run", (now - 90, now - 90))     # touched again with .installed
    plan = subprocess.run(["make", "-n", ".venv/.prepared"], cwd=tmp_path, capture_output=True, text=True)
    assert plan.returncode == 0 and "navlights prepare" not in plan.stdout, plan.stdout
    (tmp_path / "src" / "navlights" / "a.py").touch()                     # a source changed: prepared again
    plan = subprocess.run(["make", "-n", ".venv/.prepared"], cwd=tmp_path, capture_output=True, text=True)
    assert "navlights prepare" in plan.stdout
