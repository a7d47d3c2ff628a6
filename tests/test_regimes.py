"""Two regimes in force together, as a whole list: the Inland Rules (33 CFR 83) beside the COLREGs (intl-1972).

The expected differences are read from the rule texts, not from the engine: Inland Rule 24(c) (two towing
lights in a vertical line instead of a sternlight when pushing ahead), 24(f) (special flashing light on a
vessel pushed ahead), 24(j) (on the Western Rivers a vessel pushing ahead need not show masthead lights),
Rule 28 (reserved: no constrained-by-draft signal) and 23(e) (Great Lakes: all-round white light in lieu of
the second masthead light and the sternlight)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from navlights import api
from navlights.cli import main
from navlights.errors import NavlightsError
from navlights.web.app import create_app


@pytest.fixture(scope="module")
def diffs() -> dict:
    return api.differences("intl-1972", "us-inland")


def _one(data: dict, side: str, role: str, situation: str) -> dict:
    hits = [d for d in data["differences"] if d["side"] == side and d["role"] == role
            and any(situation in s for s in d["situations"])]
    assert len(hits) == 1, (side, role, situation, hits)
    return hits[0]


def _cited(cites: list[str], edition: str, rule: str) -> bool:
    return any(c.startswith(f"{edition} {rule}") for c in cites)


def test_known_inland_differences_with_both_cites(diffs):
    assert diffs["relation"] == "regimes" and (diffs["a"], diffs["b"]) == ("intl-1972", "us-inland")
    # Inland 24(c): pushing ahead, two yellow towing lights in a vertical line instead of a sternlight
    for role in ("towing-light", "towing-light-lower"):
        d = _one(diffs, "b", role, "power-driven vessel pushing")
        assert d["term"].startswith("towing light (yellow)") and _cited(d["cites_b"], "us-inland", "Rule 24(c)")
        assert _cited(d["cites_a"], "intl-1972", "Rule 24(c)")            # what COLREGs 24(c) has her show
        assert "us-inland shows" in d["text"] and "intl-1972 does not" in d["text"]
    d = _one(diffs, "a", "sternlight", "power-driven vessel pushing")
    assert _cited(d["cites_a"], "intl-1972", "Rule 23(a)(iv)") and d["cites_b"]
    # Inland 24(f): special flashing light on a vessel pushed ahead
    d = _one(diffs, "b", "special-flashing", "vessel being pushed ahead")
    assert _cited(d["cites_b"], "us-inland", "Rule 24(f)") and _cited(d["cites_a"], "intl-1972", "Rule 24(f)")
    # Inland 24(j): on the Western Rivers, pushing ahead without masthead lights
    d = _one(diffs, "a", "masthead", "power-driven vessel pushing on the Western Rivers")
    assert _cited(d["cites_a"], "intl-1972", "Rule 23(a)(i)") and d["cites_b"]
    # Inland Rule 28 is reserved: no constrained-by-draft signal; the Inland side cites its Rule 28 first
    for role in ("cbd-upper", "cbd-middle", "cbd-lower", "cbd-cylinder"):
        d = _one(diffs, "a", role, "vessel constrained by her draught")
        assert _cited(d["cites_a"], "intl-1972", "Rule 28") and d["cites_b"][0] == "us-inland Rule 28"
    # Inland 23(e): Great Lakes, all-round white light in the position of the second masthead light
    d = _one(diffs, "b", "all-round-white-aft", "on the Great Lakes")
    assert _cited(d["cites_b"], "us-inland", "Rule 23(e)") and d["cites_a"]


def test_each_difference_once_worded_as_regimes(diffs):
    rows = diffs["differences"]
    keys = [(d["role"], d["change"], d["field"], str(d["a_value"]), str(d["b_value"])) for d in rows]
    assert len(keys) == len(set(keys))
    assert [d["side"] for d in rows] == sorted((d["side"] for d in rows), key=["a", "b", "both"].index)
    for d in rows:
        assert d["cites_a"] and d["cites_b"] and d["situations"] and d["lengths_ft"]
        assert not any(w in d["text"] for w in (" adds ", "is not shown under", " -> ", "no longer"))


def test_same_waters_refused_and_changes_points_to_differences():
    with pytest.raises(NavlightsError, match="navlights changes intl-1960 intl-1972"):
        api.differences("intl-1960", "intl-1972")
    assert "navlights differences intl-1972 us-inland" in (api.regimes_pointer("intl-1972", "us-inland") or "")
    assert api.regimes_pointer("intl-1960", "intl-1972") is None


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_differences(capsys):
    code, out, _ = _run(capsys, "differences", "intl-1972", "us-inland", "--json")
    assert code == 0 and any(d["role"] == "special-flashing" for d in json.loads(out)["differences"])
    code, out, _ = _run(capsys, "differences", "intl-1972", "us-inland")
    # issue 27: the lines are grouped by situation; the side is counted in the summary and said on each line
    assert code == 0 and "shown under us-inland, not under intl-1972" in out and "24(f)" in out
    said = " ".join(out.split())                  # the lines are wrapped at the width
    assert "only under us-inland: special flashing light (yellow) (special-flashing; us-inland Rule 24(f)" in said
    code, _, err = _run(capsys, "differences", "intl-1972", "nowhere")
    assert code == 2 and "unknown edition 'nowhere'" in err and len(err.strip().splitlines()) == 1
    code, _, err = _run(capsys, "differences", "1960", "1972")
    assert code == 2 and "navlights changes" in err and len(err.strip().splitlines()) == 1
    code, _, err = _run(capsys, "changes", "intl-1972", "us-inland")
    assert code == 2 and "navlights differences" in err and len(err.strip().splitlines()) == 1


@pytest.fixture(scope="module")
def client(tmp_path_factory) -> TestClient:
    return TestClient(create_app(Path(tmp_path_factory.mktemp("db")) / "t.sqlite", seed=7))


def test_web_api_and_page(client):
    r = client.get("/api/differences.json", params={"a": "intl-1972", "b": "us-inland"})
    assert r.status_code == 200
    data = r.json()
    d = next(d for d in data["differences"] if d["role"] == "all-round-white-aft")
    assert _cited(d["cites_b"], "us-inland", "Rule 23(e)")
    for params, field in (({"a": "intl-1972", "b": "nowhere"}, "b"), ({"a": "nowhere"}, "a"),
                          ({"a": "intl-1960", "b": "intl-1972"}, "b")):
        r = client.get("/api/differences.json", params=params)
        assert r.status_code == 422 and r.json()["field"] == field, (params, r.json())
    r = client.get("/regimes")
    assert r.status_code == 200 and "special flashing light" in r.text and "us-inland Rule 24(f)" in r.text
    assert "intl-1972 Rule 28" in r.text and "us-inland Rule 23(e)" in r.text
    r = client.get("/regimes", params={"a": "intl-1972", "b": "nowhere"})
    assert r.status_code == 422 and 'data-field="b"' in r.text
    r = client.get("/regimes.json", params={"a": "us-inland", "b": "intl-1972"})
    assert r.status_code == 200 and {"a", "b", "both"} == set(r.json()["groups"])
    assert any(d["role"] == "special-flashing" for d in r.json()["groups"]["a"])
    assert 'href="/regimes"' in client.get("/compare").text
    r = client.get("/api/changes.json", params={"a": "intl-1972", "b": "us-inland"})
    assert r.status_code == 200 and r.json()["see"] == "/api/differences.json?a=intl-1972&b=us-inland"
    spec = client.get("/openapi.json").json()
    params = spec["paths"]["/api/differences.json"]["get"]["parameters"]
    assert all("us-inland" in p["schema"]["enum"] for p in params if p["name"] in ("a", "b"))
