"""The Explore page draws the very view it describes, and /api/render.svg honours the whole observer (issue 15).

Before, the page's words came from the view with the query's choice, eye and visibility, while its picture (and
the slider's /api/render.svg) were drawn with the defaults: with ``choose=all`` the words said two white lights
and the picture showed one. Expected values are from the rules: intl-1972 Rule 23(a)(ii) lets a power-driven
vessel under 50 m show a second (after) masthead light, which ``choose=all`` shows and ``typical`` does not."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from navlights.web import pages  # noqa: E402
from navlights.web.app import create_app  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "progress.sqlite", seed=7))


def _lights(svg: str) -> list[str]:
    return re.findall(r'<g class="light[^"]*" data-role="([^"]+)"', svg)


def _inline(page: str) -> str:
    m = re.search(r'<div class="svg-box" id="night-view">(<svg.*?</svg>)', page, re.S)
    assert m, "no inline picture"
    return m.group(1)


QUERIES = [
    "edition=intl-1972&length=20+m&aspect=359.5&choose=all",          # both masthead lights: Rule 23(a)(ii)
    "edition=intl-1972&length=20+m&aspect=359.5",                     # the first only (typical)
    "edition=intl-1960&length=200+ft&aspect=30&distance=3&eye_height=2&visibility=1",
    "edition=intl-1960&length=200+ft&aspect=200&period=day",
]


@pytest.mark.parametrize("query", QUERIES)
def test_the_page_draws_the_view_its_words_describe(client: TestClient, query: str) -> None:
    page = client.get("/explore?" + query).text
    words = client.get("/explore.json?" + query).json()["picture"]
    drawn = _inline(page)
    seen = [s["role"] for s in words["items"]]
    if words["period"] == "night":
        assert sorted(_lights(drawn)) == sorted(seen)
    # the slider's picture (/api/render.svg with the same query) is the same drawing
    render = client.get("/api/render.svg?" + query + f"&view={words['period']}&width={pages.NIGHT_SIZE[0]}"
                        f"&height={pages.NIGHT_SIZE[1]}&caption=false")
    assert render.status_code == 200
    assert pages.scope_ids(render.text, "view").strip() == drawn.strip()


def test_choose_all_draws_the_optional_after_masthead_light(client: TestClient) -> None:
    base = "/api/render.svg?edition=intl-1972&length=20+m&aspect=359.5&width=480&height=300"
    typical = _lights(client.get(base).text)
    every = _lights(client.get(base + "&choose=all").text)
    assert "masthead" in typical and "masthead-aft" not in typical
    assert "masthead" in every and "masthead-aft" in every


def test_eye_height_and_visibility_reach_the_picture(client: TestClient) -> None:
    # intl-1960 Rule 2(a)(i): a masthead light visible at least 5 miles; Rule 2(a)(iv): sidelights 2 miles.
    # At 3 nm in clear weather the masthead light is seen and the green sidelight is not (beyond its 2 miles).
    base = "/api/render.svg?edition=intl-1960&length=200+ft&aspect=30&distance=3&width=480&height=300"
    clear = _lights(client.get(base).text)
    assert "masthead" in clear and "sidelight-starboard" not in clear
    # In a visibility of 0.5 nm nothing of her reaches an observer 3 nm off.
    assert _lights(client.get(base + "&visibility=0.5").text) == []
