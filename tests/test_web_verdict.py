"""Issue 31 on the web: the identify page leads with the verdict, the notation field first, the engine's words in a
disclosure; plain-language input accepted and said back; the .json twin carries the verdict."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient

from navlights.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "progress.db", seed=7))


def _page(client: TestClient, **params) -> str:
    r = client.get("/identify?" + urlencode(params))
    assert r.status_code == 200, r.text[:400]
    return r.text


def test_verdict_comes_first(client):
    html = _page(client, notation="R/W/R R", edition="intl-1972")
    main = html[html.index("<h1>Identify</h1>"):]
    assert main.index('id="verdict"') < main.index('id="f-notation"') < main.index('id="hypotheses"') \
        < main.index('id="palette"')
    text = re.sub(r"<[^>]+>", "", main[main.index('id="verdict-text"'):main.index('id="you-saw"')])
    assert "A vessel restricted in her ability to manoeuvre, making way, showing her port side, her head to your " \
           "left (her masthead light not noticed?)." in text
    assert 'href="#f-notation"' in main and 'id="edit-seen"' in main


def test_engine_words_behind_a_disclosure(client):
    html = _page(client, notation="R/W/R R", edition="intl-1972")
    main = html[html.index("<h1>Identify</h1>"):]
    # outside every <details>, no score, prior, interval notation or role id
    outside = re.sub(r"<details.*?</details>", "", main, flags=re.S)
    outside = re.sub(r"<script.*?</script>|<svg.*?</svg>", "", outside, flags=re.S)
    words = re.sub(r"<[^>]+>", " ", outside)
    for engine in ("score", "prior", "extra-light", "missed-light", "sidelight-port", "[0°", "(247.5°"):
        assert engine not in words, engine


def test_plain_words_accepted_and_said_back(client):
    html = _page(client, notation="red over white over red and red", edition="intl-1972")
    assert "You said “red over white over red and red”, read as <code>R/W/R R</code>" in html
    data = client.get("/identify.json?" + urlencode({"notation": "green and red", "edition": "intl-1972"})).json()
    assert data["result"]["query"]["notation"] == "G R" and data["result"]["verdict"]["heading"] == "toward"


def test_words_not_understood_are_a_422_line(client):
    r = client.get("/identify?" + urlencode({"notation": "red over purple", "edition": "intl-1972"}))
    assert r.status_code == 422 and "word &#39;purple&#39; not understood" in r.text
    main = r.text[r.text.index("<h1>Identify</h1>"):]
    assert main.index("not understood") < main.index('id="f-notation"')     # the message above the form


def test_night_mode_kept_on_back():
    """site.js applies the theme chosen in the cookie on every pageshow, not only on one from the bfcache."""
    js = (Path(__file__).parents[1] / "src/navlights/web/static/site.js").read_text()
    block = js[js.index('addEventListener("pageshow"'):]
    block = block[:block.index("});")]
    assert "persisted" not in block and "chosenInCookie()" in block
