"""Issue 31, piece 1: the verdict says what the sighting means for own vessel when her bearing on own bow is given.

Expected roles written by hand from the rule text (COLREGs 1972, USCG Navigation Rules handbook; transcription in
github.com/sailingnaturali/colregs-vault rules/international/rule-13.md, rule-14.md, rule-15.md, rule-18.md):
13(a) the overtaking vessel keeps out of the way; 13(b) overtaking = coming up from more than 22.5 degrees abaft her
beam, at night seeing only her sternlight; 14(a)/(b) head-on: each alters to starboard, she ahead or nearly ahead
showing both sidelights; 15 crossing: the vessel which has the other on her own starboard side keeps out of the
way; 18(a) a power-driven vessel under way keeps out of the way of a vessel not under command, restricted in her
ability to manoeuvre, engaged in fishing, or sailing. The head-on angle is navlights' named convention (6 degrees,
Conventions.head_on_deg): the boundary cases sit either side of it.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlencode

import jsonschema
import pytest
from fastapi.testclient import TestClient

from navlights import api
from navlights.cli import main
from navlights.errors import NavlightsError

SCHEMA = Path(__file__).parents[1] / "docs" / "schema" / "identify.schema.json"
ED = "intl-1972"

# notation, her bearing on own bow, own vessel, the roles' sentence expected (first reading), rule, cite
CASES = [
    ("W R", 45, "power", "She is crossing from your starboard side: you are the give-way vessel", "Rule 15",
     "Rule 15: she is on own starboard side (red sidelight: her port side to you, crossing)"),
    ("W < W R", 45, "power", "She is crossing from your starboard side: you are the give-way vessel", "Rule 15",
     "Rule 15; her masthead lights and red sidelight: her head to your left"),
    ("W G", 315, "power", "She is crossing from your port side: she is the give-way vessel; you stand on",
     "Rule 15", "Rule 15: she has own vessel on her starboard side; Rule 17 stand on"),
    ("G W R", 0, "power", "You are meeting her head-on: each of you alters course to starboard", "Rule 14",
     "Rule 14(a),(b): right ahead, both sidelights"),
    ("G W R", 5, "power", "You are meeting her head-on", "Rule 14",
     "Rule 14(b) 'nearly ahead': 5 degrees is inside the 6-degree convention"),
    ("G W R", 7, "power", "She is crossing from your starboard side: you are the give-way vessel", "Rule 15",
     "7 degrees is outside the 6-degree head-on convention: crossing, Rule 15 (14(c) doubt flagged)"),
    ("W", 0, "power", "You are overtaking her: you are the give-way vessel", "Rule 13",
     "Rule 13(a),(b): only her sternlight seen"),
    ("R/W/R G", 315, "power", "you are the give-way vessel", "Rule 18",
     "Rule 18(a)(ii): restricted in her ability to manoeuvre, even on own port side"),
    ("R/R G", 315, "power", "you are the give-way vessel", "Rule 18",
     "Rule 18(a)(i): not under command, even on own port side"),
    ("G/W R", 45, "power", "you are the give-way vessel", "Rule 18",
     "Rule 18(a)(iii): engaged in trawling (Rule 26(b))"),
    ("W G", 315, "sail", "she is the give-way vessel; you stand on", "Rule 18",
     "Rule 18(a)(iv): own vessel sailing, she power-driven"),
    ("W R", 45, "sail", "she is the give-way vessel; you stand on", "Rule 18",
     "Rule 18(a)(iv): own vessel sailing; Rule 15 would say otherwise between two power-driven vessels"),
    ("ball/diamond/ball", 300, "power", "you are the give-way vessel", "Rule 18",
     "Rule 18(a)(ii) by day: ball, diamond, ball (Rule 27(b)(ii)) show no heading"),
]


def _first(own_vessel: str) -> str:
    """The first reading's sentence (the border cases follow it)."""
    return own_vessel.split(" Border case")[0]


@pytest.mark.parametrize("notation,bearing,own,roles,rule,cite", CASES)
def test_verdict_says_what_she_means_for_own_vessel(notation, bearing, own, roles, rule, cite):
    v = api.identify(notation, ED, bearing=bearing, own=own).verdict
    assert v is not None and v.own_vessel, cite
    first = _first(v.own_vessel)
    assert roles in first, (cite, v.own_vessel)
    assert rule in first, (cite, v.own_vessel)
    assert f"She bears {bearing:g}° on your bow" in v.own_vessel
    assert "Convention: head-on when each is within 6° of the other's bow" in v.own_vessel
    assert v.own_vessel in v.text()


def test_head_on_border_named_both_sides():
    """5 and 7 degrees: within the 2-degree border margin of the 6-degree convention, so the other reading is given,
    with Rule 14(c) (in doubt, assume head-on)."""
    for bearing in (5, 7):
        own = api.identify("G W R", ED, bearing=bearing).verdict.own_vessel
        assert "Border case (head-on limit 6°)" in own and "Rule 14(c)" in own


def test_no_bearing_no_own_vessel():
    v = api.identify("W R", ED).verdict
    assert v.own_vessel is None
    assert "conduct" not in api.identify_json("W R", ED)


def test_json_carries_conduct_and_validates():
    data = api.identify_json("W R", ED, bearing=45)
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    validator.validate(data)
    assert data["conduct"]["encounter"] == "crossing" and data["conduct"]["give_way"] == ["own"]
    assert "Rule 15" in data["verdict"]["own_vessel"]


@pytest.mark.parametrize("bad", [400, -1, "abc", float("nan"), True])
def test_bad_bearing_one_line(bad):
    with pytest.raises(NavlightsError) as e:
        api.identify("W R", ED, bearing=bad)
    assert str(e.value).startswith("bearing:") and "0 to 360" in str(e.value) and "\n" not in str(e.value)


def test_cli_bearing(capsys):
    assert main(["identify", "W R", "-e", ED, "--bearing", "45"]) == 0
    out = capsys.readouterr()
    assert "you are the give-way vessel (Rule 15)" in " ".join(out.out.split())
    assert main(["identify", "W R", "-e", ED, "--bearing", "400"]) == 2
    out = capsys.readouterr()
    assert "bearing: '400' is not a bearing" in out.err + out.out and "Traceback" not in out.err + out.out


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    from navlights.web.app import create_app
    return TestClient(create_app(tmp_path / "progress.db", seed=7))


def test_web_bearing_field_and_answer(client):
    html = client.get("/identify?" + urlencode({"notation": "R/W/R G", "edition": ED, "bearing": "315"})).text
    assert 'id="f-bearing"' in html and 'id="verdict-own"' in html
    own = html[html.index('id="verdict-own"'):]
    assert "you are the give-way vessel (Rule 18(a))" in own[:600]
    j = client.get("/identify.json?" + urlencode({"notation": "R/W/R G", "edition": ED, "bearing": "315"})).json()
    assert j["result"]["conduct"]["give_way"] == ["own"]
    assert client.get("/identify.json?" + urlencode({"notation": "W R", "edition": ED, "bearing": "400"})).status_code \
        == 422
    blank = client.get("/identify?" + urlencode({"notation": "W R", "edition": ED, "bearing": ""}))
    assert blank.status_code == 200 and 'id="verdict-own"' not in blank.text
