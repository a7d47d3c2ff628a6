"""The web pages say it as the engines do (issue 12): gaps, general lights, end dates, compare steps.

Expected values by hand from the rule data's recorded gaps and in-force dates (cited on each test)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from navlights.web.app import create_app  # noqa: E402


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "progress.sqlite", seed=7))


def test_editions_page_end_dates_agree_with_governing(client):
    # intl-1897 gave way to intl-1948 on 1 Jan. 1954 (Proclamation 3030); intl-1948 to intl-1960 on 1 Sept. 1965
    html = client.get("/editions").text
    assert "1897-07-01 to <span class=\"in-force-end\">1954-01-01</span>" in html
    assert "1954-01-01 to <span class=\"in-force-end\">1965-09-01</span>" in html
    data = client.get("/editions.json").json()
    ends = {e["id"]: e["in_force_end"] for e in data["editions"]}
    assert ends["intl-1897"] == "1954-01-01" and ends["intl-1948"] == "1965-09-01"


def test_explore_table_shows_general_lights_and_unknown_range(client):
    # 1960 Rule 8 (pilot vessels) not found: her lights are the general ones; Rule 10 (stern light) not found
    html = client.get("/explore", params={"edition": "intl-1960", "length": "100 ft", "pilot_on_duty": "true"}).text
    assert "status-general" in html and "may replace or add to them" in html
    assert "not known: its rule (Rule 10) was not found" in html


def test_compare_page_sets_regimes_side_by_side(client):
    html = client.get("/compare", params={"length": "200 ft", "tonnage": "1000"}).text
    assert "gl-1895 beside intl-1897" in html and "not a change in time" in html
    assert "intl-1897 → intl-1948" in html
    data = client.get("/compare.json", params={"length": "200 ft", "tonnage": "1000"}).json()
    assert [(s["from"], s["to"], s["relation"]) for s in data["steps"]][0] == ("gl-1895", "intl-1897", "regimes")


def test_compare_asks_for_the_number_of_vessels_in_tow(client):
    # 1948 Rule 3(a): the third light for more than one vessel in tow and a tow over 600 ft
    data = client.get("/compare.json", params={"length": "120 ft", "tonnage": "200", "towing": "true",
                                               "tow_length": "700 ft"}).json()
    assert "tow_vessels" in data["errors"]["intl-1948"]
