"""The Sounds page (issue 33): what a vessel sounds with a play button, identify by sound, the signals in sight;
its JSON twin and the WAV. Expected values by hand from the rule text (cites in test_signals_rules.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from navlights import api
from navlights.render.sound import read_wav
from navlights.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return TestClient(create_app(db_path=str(tmp_path_factory.mktemp("w") / "p.sqlite")))


def test_json_twin_is_the_facade_data(client):
    r = client.get("/sounds.json", params={"edition": "intl-1972", "length": "50 m", "heard": "prolonged",
                                           "visibility": "restricted"})
    assert r.status_code == 200
    d = r.json()
    assert d["sounds"] == api.signals_json({"propulsion": "power", "length": "50 m"}, "intl-1972")
    assert d["heard"]["readings"][0]["citation"]["rule"] == "Rule 35(a)"                 # 35(a) first in fog
    assert "Rule 34(e)" in d["heard"]["summary"]                                         # and 34(e) said too
    assert d["links"]["wav"].startswith("/sounds.wav?")


def test_page_says_it_first_with_a_play_button(client):
    r = client.get("/sounds", params={"edition": "us-inland", "length": "30 m", "status": "anchored",
                                      "fishing": "trawl"})
    assert r.status_code == 200
    assert "one prolonged blast, then two short blasts" in r.text and "Rule 35(c)" in r.text   # Inland 35(c)
    assert '<audio controls preload="none" id="play" src="/sounds.wav?' in r.text
    assert "I intend to leave you on my port side" in r.text                             # Inland 34(a) table


def test_wav_is_her_signal(client):
    r = client.get("/sounds.wav", params={"edition": "intl-1972", "length": "50 m", "making_way": "false"})
    assert r.status_code == 200 and r.headers["content-type"] == "audio/wav"
    x, rate = read_wav(r.content)
    assert rate == 16000 and len(x) / rate == pytest.approx(12.5, abs=0.01)   # 5 s + 2 s + 5 s + 0.5 s tail


@pytest.mark.parametrize("path,params,field", [
    ("/sounds.json", {"edition": "intl-1972", "length": "50 m", "heard": "hoot"}, "heard"),
    ("/sounds.json", {"edition": "intl-1972", "length": "50 m", "visibility": "foggy"}, "visibility"),
    ("/sounds.wav", {"edition": "intl-1972", "length": "50 m", "signal": "light-port"}, "signal"),
    ("/sounds.wav", {"edition": "intl-1972", "length": "50 m", "repeat": "50"}, "repeat"),
    ("/sounds.json", {"edition": "intl-1972", "status": "anchored"}, "length"),
])
def test_bad_input_is_422_naming_the_field(client, path, params, field):
    r = client.get(path, params=params, headers={"accept": "application/json"})
    assert r.status_code == 422
    assert field in r.json()["error"]


def test_historical_gap_shown(client):
    r = client.get("/sounds", params={"edition": "intl-1960", "length": "200 ft"})
    assert r.status_code == 200 and 'id="sound-gaps"' in r.text and "Gap:" in r.text


def test_explore_links_to_what_she_sounds(client):
    """Explore says where to hear her: its link opens Sounds for the same vessel and edition."""
    r = client.get("/explore", params={"edition": "intl-1972", "length": "30 m", "fishing": "trawl"})
    import re
    href = re.search(r'href="([^"]+)" id="sounds-link"', r.text).group(1).replace("&amp;", "&")
    assert href.startswith("/sounds?")
    s = client.get(href)
    assert s.status_code == 200 and "one prolonged blast, then two short blasts" in s.text     # Rule 35(c)


def test_heard_alone_is_answered_for_the_default_vessel(client):
    """A link that names only what was heard (`/sounds?heard=prolonged`) is answered, not refused for a vessel's
    length it never asked about: one prolonged blast reads as Rule 35(a) (making way in fog) among its readings."""
    r = client.get("/sounds.json?heard=prolonged&edition=intl-1972")
    assert r.status_code == 200, r.text
    assert any(x["citation"]["rule"].startswith("Rule 35(a)") for x in r.json()["heard"]["readings"])
    assert client.get("/sounds?heard=prolonged&edition=intl-1972").status_code == 200
