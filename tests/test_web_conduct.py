"""The "Who gives way?" page and its JSON twin (issue 32): the answer first, its rules, a shareable address, bad
input as 422 with one line naming the field."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from navlights.web.app import create_app

CROSSING = {"own": "power course=0 speed=10", "other": "power course=270 speed=10 at=3,3", "edition": "intl-1972"}


@pytest.fixture(scope="module")
def client(tmp_path_factory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("web") / "progress.sqlite", seed=7))


def test_page_answers_first_with_rules_and_address(client):
    r = client.get("/conduct", params=CROSSING)
    assert r.status_code == 200
    text = r.text
    assert "She is crossing from your starboard side: you are the give-way vessel (Rule 15)" in text  # Rule 15
    assert 'id="conduct-rules"' in text and "Rule 17(a)(i)" in text
    assert 'href="/conduct?own=power+course%3D0' in text and 'href="/conduct.json?own=' in text


def test_twin_is_the_same_answer(client):
    d = client.get("/conduct.json", params=CROSSING).json()
    assert d["give_way"] == ["own"] and d["stand_on"] == "other" and d["rules"][0]["cite"] == "Rule 15"
    assert client.get(d["links"]["json"]).json()["answer"] == d["answer"]


def test_default_page_shows_an_example(client):
    r = client.get("/conduct")
    assert r.status_code == 200 and "give-way vessel" in r.text


@pytest.mark.parametrize("params, field", [({"own": "power course=x speed=1"}, "own.course"),
                                           ({"area": "canal"}, "area"), ({"edition": "1984"}, "edition"),
                                           ({"head_on_deg": "90"}, "head_on_deg")])
def test_bad_input_is_422_one_line(client, params, field):
    r = client.get("/conduct.json", params=params)
    assert r.status_code == 422 and r.json()["field"] == field and "\n" not in r.json()["error"]
    page = client.get("/conduct", params=params)
    assert page.status_code == 422 and f'data-field="{field}"' in page.text
