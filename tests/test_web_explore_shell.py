"""The Explore page is written once per form without its aspect (a shell) and its moving parts filled per request
(issue 15): a shell made at one aspect must serve every other aspect exactly as a shell made at that aspect."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from navlights.web.app import create_app  # noqa: E402
from navlights.web.routes import explore  # noqa: E402

# (query without its aspect, two aspects whose pictures differ: the first built the shell, the second is served)
CASES = [
    ("edition=intl-1960&length=200+ft", "10", "250.5"),           # masthead and green, then stern light
    ("edition=intl-1960&length=120+ft&towing=true&tow_length=650+ft", "0", "180"),
    ("edition=intl-1948&length=200+ft&status=anchored", "45", "300.2"),
    ("edition=gl-1895&length=180+ft&fishing=trawl", "359.9", "90"),
    ("edition=intl-1972&length=20+m&propulsion=sail", "112.5", "112.6"),    # either side of the stern arc's edge
    ("edition=intl-1960&length=200+ft&period=day&distance=2", "30", "200"),
    ("edition=intl-1972&length=60+m&choose=all&fishing=trawl", "5", "95"),
]


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "progress.sqlite", seed=7))


def _get(client: TestClient, query: str, aspect: str) -> str:
    r = client.get(f"/explore?{query}&aspect={aspect}")
    assert r.status_code == 200, r.text[:300]
    return r.text


@pytest.mark.parametrize("query,first,second", CASES)
def test_a_shell_made_at_one_aspect_serves_another_as_its_own(client: TestClient, query: str, first: str,
                                                               second: str) -> None:
    explore._SHELLS.clear()
    own = _get(client, query, second)                   # a shell made at the second aspect
    explore._SHELLS.clear()
    at_first = _get(client, query, first)               # a shell made at the first ...
    served = _get(client, query, second)                # ... fills the second
    assert served == own
    assert at_first != served                           # the aspect moved the picture, its words and links
    assert f"aspect={second}" in served and f"aspect={first}" not in served
    assert f'value="{second}"' in served                 # the slider


def test_the_slots_never_reach_a_page(client: TestClient) -> None:
    explore._SHELLS.clear()
    for query, first, second in CASES:
        for aspect in (first, second):
            text = _get(client, query, aspect)
            assert "navlightsslot" not in text
            assert "<svg" in text and 'id="seen-list"' in text and 'id="plan-img"' in text


def test_a_page_with_an_error_or_a_question_is_written_whole(client: TestClient) -> None:
    explore._SHELLS.clear()
    r = client.get("/explore?edition=intl-1960&length=abc&aspect=10")
    assert r.status_code == 422 and "length" in r.text
    r = client.get("/explore?edition=intl-1897&length=200+ft&aspect=10")     # 1897 asks for her tonnage
    assert r.status_code == 200 and "tonnage" in r.text
    assert not explore._SHELLS


def test_shells_are_bounded(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    explore._SHELLS.clear()
    monkeypatch.setattr(explore, "_MAX_SHELLS", 3)
    for n in range(6):
        _get(client, f"edition=intl-1960&length={100 + n}+ft", "45")
    assert len(explore._SHELLS) == 3


def test_a_shell_follows_what_the_build_can_do(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from navlights.web import pages
    explore._SHELLS.clear()
    query = "edition=intl-1960&length=200+ft"
    assert 'id="plan-img"' in _get(client, query, "10")          # a shell made with pictures
    monkeypatch.setattr(pages, "renderer", lambda: None)
    without = _get(client, query, "20")
    assert 'id="plan-img"' not in without and "Plan view: not available in this build yet." in without
