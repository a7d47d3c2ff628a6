"""Issue 35 item 6: every file-taking command and endpoint answers one line (exit 2, 422) for a huge integer, and
accepts a byte order mark the same way everywhere; a closed pipe ends quietly with 141, never 1. (FIFOs, devices,
too-wide CSV and huge integers per input file: tests/test_hostile_files.py.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from navlights.cli import main
from navlights.web.app import create_app

ROOT = Path(__file__).parents[1]
PLAN = ROOT / "src/navlights/plan/examples/intl-1960-61m-power.json"
SCENE = ROOT / "examples/scenes" / sorted(p.name for p in (ROOT / "examples/scenes").glob("*.json"))[0]
TRACKS = ROOT / "examples/encounters/2020-crossing-high-seas.csv"
BOM = b"\xef\xbb\xbf"
HUGE = "9" * 5000                   # past Python's 4,300 digits


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    app = create_app(tmp_path_factory.mktemp("inputs") / "progress.sqlite", seed=35)
    return TestClient(app, raise_server_exceptions=False)


def run(capsys: Any, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


#: (command line with {f}, the file given, exit status with and without a BOM: the same).
WITH_BOM = [
    ("check-plan {f} --json", PLAN, 0),
    ("scene {f} --json", SCENE, 0),
    ("encounter {f} --json", TRACKS, 0),
    ("lights --vessel-json @{f} --json", None, 0),
    ("identify @{f} --json", None, 0),
]


@pytest.mark.parametrize("command, given, code", WITH_BOM, ids=[c.split()[0] for c, _, _ in WITH_BOM])
def test_a_byte_order_mark_is_accepted_everywhere_alike(tmp_path, capsys, command, given, code):
    if given is None:
        text = (b'{"propulsion": "power", "length": "30 m"}' if "vessel-json" in command
                else b'{"lights": [{"colour": "white", "offset_m": 0, "height_m": 12}]}')   # docs/identify.md
    else:
        text = given.read_bytes()
    suffix = given.suffix if given is not None else ".json"
    plain, marked = tmp_path / f"plain{suffix}", tmp_path / f"bom{suffix}"
    plain.write_bytes(text)
    marked.write_bytes(BOM + text)
    got_plain = run(capsys, command.format(f=plain).split())
    got_marked = run(capsys, command.format(f=marked).split())
    assert got_plain[0] == code, got_plain[2][-300:]
    assert got_marked[0] == got_plain[0] and got_marked[1] == got_plain[1], got_marked[2][-300:]


def test_a_byte_order_mark_on_a_posted_plan_is_read_as_the_cli_reads_it(client):
    text = PLAN.read_text(encoding="utf-8")
    plain = client.post("/plan.json", content=text.encode(), headers={"content-type": "application/json"})
    marked = client.post("/plan.json", content=BOM + text.encode(), headers={"content-type": "application/json"})
    assert plain.status_code == 200 and marked.status_code == 200, marked.text
    assert marked.json() == plain.json()


@pytest.mark.parametrize("path, form", [("/plan.json", False), ("/plan", True)])
def test_a_huge_integer_in_a_posted_plan_is_422_naming_the_bound(client, path, form):
    body = '{"edition": "intl-1972", "vessel": {"length": %s}}' % HUGE
    if form:
        from urllib.parse import urlencode
        r = client.post(path, content=urlencode({"plan": body}),
                        headers={"content-type": "application/x-www-form-urlencoded"})
    else:
        r = client.post(path, content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text[:300]
    assert "5000 digits" in r.text and "at most 100 digits" in r.text and "4300" not in r.text


@pytest.mark.parametrize("command", ["check-plan {f}", "scene {f}", "lights --vessel-json @{f}",
                                     "identify @{f}"])
def test_a_huge_integer_is_one_line_exit_2(tmp_path, capsys, command):
    f = tmp_path / "huge.json"
    f.write_text('{"length": %s}' % HUGE)
    code, out, err = run(capsys, command.format(f=f).split())
    assert code == 2 and err.count("\n") == 1, err[-300:]
    assert "5000 digits" in err and "at most 100 digits" in err


def test_100_digits_are_still_read_as_a_number(tmp_path, capsys):
    """The bound's other side: an integer of exactly 100 digits is JSON like any other (refused as a length)."""
    f = tmp_path / "long.json"
    f.write_text('{"propulsion": "power", "length": %s}' % ("9" * 100))
    code, _, err = run(capsys, ["lights", "--vessel-json", f"@{f}"])
    assert "digits" not in err


@pytest.mark.parametrize("text, why", [
    ("time,ident,lat,lon,heading\n" + "1," * 300 + "\n", "fields"),          # 301 fields on a line
    ("time,ident,lat,lon,heading\n" + "A" * (65 * 1024) + "\n", "KiB"),      # a line over 64 KiB
])
def test_tracks_too_wide_are_refused_before_the_work(tmp_path, capsys, text, why):
    f = tmp_path / "wide.csv"
    f.write_text(text)
    code, _, err = run(capsys, ["encounter", str(f)])
    assert code == 2 and err.count("\n") == 1 and why in err, err[-300:]


@pytest.mark.parametrize("argv", [["editions"], ["editions", "--json"], ["rules", "--edition", "1972"]])
def test_a_closed_pipe_ends_quietly_with_141(argv):
    """`navlights editions | head -c 1`: the reader goes away; the status is 141 (128 + SIGPIPE, what a shell
    reports for a program SIGPIPE ended; docs/cli.md), nothing on stderr. 141 is never 1 (not compliant)."""
    code = ("import sys, os\nr, w = os.pipe()\nos.close(r)\nos.dup2(w, 1)\n"
            "from navlights.cli import main\nrc = main(sys.argv[1:])\nos.write(2, b'RC=%d' % rc)\nsys.exit(rc)\n")
    p = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, timeout=120)
    assert p.returncode == 141, p.stderr[-500:]
    assert p.stderr == b"RC=141", p.stderr[-500:]


def test_bad_percent_encoding_refused_alike_by_page_and_twin(client: TestClient) -> None:
    """Issue 35 item 12: `/explore/situations.json?q=%ff` was 422 while its HTML page was 200; both refuse it now,
    naming the query string."""
    for path in ("/explore/situations.json?q=%ff", "/explore/situations?q=%ff", "/identify?notation=%ff"):
        r = client.get(path)
        assert r.status_code == 422, path
        assert "UTF-8" in r.text, path
