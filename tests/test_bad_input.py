"""Issue 15: every failure found by fuzzing and by hand, answered as one line naming the field (CLI exit 2,
web 422 or 404), never a traceback or a 500."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from navlights import api
from navlights.cli import main
from navlights.web.app import create_app

BIG = 2 ** 63          # one past SQLite's largest integer


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "progress.sqlite", seed=3), raise_server_exceptions=False)


def one_line_error(r, status: int, field: str) -> str:
    assert r.status_code == status, r.text[:300]
    body = r.json()
    assert body["field"] == field and body["status"] == status
    assert "\n" not in body["error"] and "Traceback" not in body["error"]
    return body["error"]


# --- web ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [f"/train/q/{BIG}.json", f"/train/picture/{BIG}.svg", f"/train/q/{BIG * 10}.json"])
def test_question_ids_past_sqlite_integers_are_422(client, path):
    assert "is out of range; allowed: at most 9223372036854775807" in one_line_error(client.get(path), 422,
                                                                                      "question_id")


def test_question_id_past_sqlite_integers_on_the_page_and_the_answer(client):
    r = client.get(f"/train/q/{BIG}")
    assert r.status_code == 422 and "question_id" in r.text and "Traceback" not in r.text
    r = client.post("/train/answer.json", json={"question": BIG, "choice": 0})
    assert "out of range" in one_line_error(r, 422, "question")
    r = client.post("/train/answer", content=f"question={BIG}&choice=0".encode(),
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 422 and "out of range" in r.text


@pytest.mark.parametrize("path", ["/static/%00", "/static/style.css%00.js", "/explore%00.json"])
def test_nul_bytes_in_paths_are_404(client, path):
    assert "NUL" in one_line_error(client.get(path), 404, "path")


def test_true_is_not_a_question_id(client):
    r = client.post("/train/answer.json", json={"question": True, "choice": True})
    assert one_line_error(r, 422, "question") == "question: true is not a whole number"
    r = client.post("/train/answer.json", json={"question": 1, "choice": 1.0})
    one_line_error(r, 422, "choice")


def test_an_unknown_question_is_404(client):
    r = client.post("/train/answer.json", json={"question": 4242, "choice": 0})
    assert one_line_error(r, 404, "question") == "question: no question 4242"


@pytest.mark.parametrize("query, field", [("service=", "service"), ("length=", "length"), ("towing=", "towing"),
                                          ("editions=", "editions")])
def test_an_empty_value_on_a_json_twin_is_refused(client, query, field):
    msg = one_line_error(client.get("/compare.json?" + query), 422, field)
    assert msg.startswith(f"{field}: ")


def test_an_empty_value_on_a_page_is_not_given(client):
    assert client.get("/compare?service=&length=200+ft&tonnage=1000").status_code == 200   # the form's blanks


def test_breadth_over_length_is_refused(client):
    msg = one_line_error(client.get("/explore.json?length=200+ft&breadth=300+ft"), 422, "breadth")
    assert msg == "breadth: 91.44 m is more than her length (60.96 m); allowed: at most her length"
    assert client.get("/explore.json?length=200+ft&breadth=30+ft").status_code == 200


@pytest.mark.parametrize("body", [
    "[" * 20_000 + "]" * 20_000,                                             # past Python's recursion limit
    '{"vessel": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}",                   # parses, but deeper than allowed
    '{"question": ' + "[" * 50 + "]" * 50 + ', "choice": 0}',
], ids=["past-the-recursion-limit", "deep-vessel", "deep-question"])
def test_deeply_nested_bodies_are_too_deep(client, body):
    for path in ("/api/display.json", "/train/answer.json"):
        r = client.post(path, content=body.encode(), headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["field"] in ("body", "vessel"), (path, r.text[:200])
        assert "too deep" in r.json()["error"] and "\n" not in r.json()["error"]


def test_a_deep_vessel_in_a_valid_body_is_too_deep(client):
    vessel: dict = {"propulsion": "power"}
    inner = vessel
    for _ in range(20):
        inner["towing"] = {}
        inner = inner["towing"]
    r = client.post("/api/display.json", json={"vessel": vessel})
    assert r.status_code == 422 and "too deep" in r.json()["error"]


@pytest.mark.parametrize("path", ["/", "/explore", "/explore.json?length=200+ft", "/editions", "/static/style.css"])
def test_head_answers_like_get_without_a_body(client, path):
    get, head = client.get(path), client.head(path)
    assert head.status_code == get.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == get.headers["content-type"]
    assert "content-security-policy" in head.headers


def test_swagger_ui_is_served_locally_under_the_apps_csp(client):
    page = client.get("/docs/swagger")
    assert page.status_code == 200
    assert "cdn" not in page.text.lower() and "<script>" not in page.text      # no outside or inline scripts
    csp = page.headers["content-security-policy"]
    assert "script-src 'self';" in csp and "http" not in csp
    for src in ("/static/swagger-ui/swagger-ui-bundle.js", "/static/swagger-ui/swagger-ui.css",
                "/static/swagger-init.js"):
        assert src in page.text
        r = client.get(src)
        assert r.status_code == 200 and len(r.content) > 300, src
    assert 'href="/docs/swagger"' in client.get("/docs").text


# --- the command line --------------------------------------------------------------------------------------


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_breadth_over_length_is_one_line(capsys):
    code, _, err = run(capsys, "lights", "--length", "200 ft", "--breadth", "300 ft")
    assert code == 2
    assert err == ("navlights: error: breadth: 91.44 m is more than her length (60.96 m); allowed: at most her "
                   "length\n")


@pytest.mark.parametrize("depth", [40, 100_000], ids=["deep", "past-the-recursion-limit"])
def test_cli_deeply_nested_vessel_json_is_one_line(capsys, depth):
    code, _, err = run(capsys, "lights", "--vessel-json", '{"towing": ' * depth + "1" + "}" * depth)
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("navlights: error: vessel-json: too deep")


@pytest.mark.parametrize("argv, words", [
    (["--tonnage", "nan"], "tonnage: nan is not a finite number; allowed: 0 to 1000000"),
    (["--tonnage", "inf"], "tonnage: inf is not a finite number; allowed: 0 to 1000000"),
    (["--vessel-json", '{"propulsion": "power", "tonnage": NaN}'], "tonnage: nan is not a finite number"),
    (["--vessel-json", '{"propulsion": "power", "tonnage": -Infinity}'], "tonnage: -inf is not a finite number"),
    (["--towing", "--tow-vessels", "0"], "tow_vessels: 0 is out of range; allowed: 1 to 100"),
])
def test_cli_nan_and_inf_in_our_words(capsys, argv, words):
    code, _, err = run(capsys, "lights", "--length", "200 ft", *argv)
    assert code == 2 and err.startswith(f"navlights: error: {words}") and err.count("\n") == 1
    assert "Input should" not in err


def test_the_vessel_of_any_output_still_round_trips(capsys):
    v = api.vessel_from_fields(length="200 ft", breadth="30 ft")
    code, out, _ = run(capsys, "lights", "--vessel-json", json.dumps(v.to_json()), "--json")
    assert code == 0 and json.loads(out)["vessel"] == v.to_json()
