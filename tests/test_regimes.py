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


# ---- issue 25 item 4: a difference is a difference in what she shows or may show ------------------------------
#
# The full display of a vessel is every lighting it allows: each scheme (items of no scheme are in all of them),
# one option of each alternatives group, her optional and on-approach items shown or not. Below it is enumerated
# by brute force, lighting by lighting, independently of the engine's counting (compare.may_show).

def _sig(i) -> tuple:
    """A light or shape as an observer meets it, not the role's name (``work-*`` and ``diving-*`` alike)."""
    return (i.period, i.what, i.canonical, i.colour, i.arc_deg, i.character, i.flashes_per_min, i.range_nm,
            i.placement.side, i.placement.stack_order)


def _counts(d, sig: tuple) -> set[int]:
    """How many lights or shapes of signal ``sig`` the display shows, lighting by lighting: every scheme (items of
    no scheme are in all), every choice of one option per alternatives group, every subset of her optional and
    on-approach items of that signal (the other items do not change this count)."""
    import itertools
    schemes = {i.scheme for i in d.items if i.scheme is not None} or {None}
    if None not in schemes:
        schemes.add("standard")
    out: set[int] = set()
    for sch in schemes:
        items = [i for i in d.items if i.scheme in (None, sch)]
        groups: dict[str, set[str]] = {}
        for i in items:
            if i.group is not None:
                groups.setdefault(i.group, set()).add(i.option)
        for pick in itertools.product(*[[(g, o) for o in sorted(os)] for g, os in groups.items()]):
            chosen = dict(pick)
            shown = [i for i in items if (i.group is None or chosen[i.group] == i.option) and _sig(i) == sig]
            must = sum(1 for i in shown if i.status not in ("optional", "on-approach"))
            may = [i for i in shown if i.status in ("optional", "on-approach")]
            for k in range(len(may) + 1):
                for extra in itertools.combinations(may, k):
                    out.add(must + len(extra))
    return out


@pytest.fixture(scope="module")
def full_displays() -> dict[str, list[tuple[dict, object, object]]]:
    """situation label -> [(vessel, intl-1972 display, us-inland display)] over every representative vessel of
    both editions (classes.vessels, as the comparison itself uses) that both can decide."""
    from navlights.classes import vessels
    from navlights.engines.display import display
    from navlights.errors import MissingFactError, VesselError
    from navlights.vessel import make_vessel
    a, b = api.edition("intl-1972"), api.edition("us-inland")
    out: dict[str, list[tuple[dict, object, object]]] = {}
    for label, v in vessels(a, b):
        try:
            vessel = make_vessel(v)
            out.setdefault(label, []).append((v, display(vessel, a), display(vessel, b)))
        except (MissingFactError, VesselError):
            continue
    return out


def test_every_listed_difference_is_a_difference_of_the_full_displays(diffs, full_displays):
    """Property over every representative vessel of both editions: each listed difference (by role) is, for some
    vessel of a situation it names, a difference in how many of its light or shape she shows or may show over
    all her lightings, schemes and options included."""
    assert diffs["differences"]
    for row in diffs["differences"]:
        real = False
        for label in row["situations"]:
            for _, da, db in full_displays[label]:
                items = [i for i in (da.get(row["role"]), db.get(row["role"])) if i is not None]
                if any(_counts(da, _sig(i)) != _counts(db, _sig(i)) for i in items):
                    real = True
                    break
            if real:
                break
        assert real, f"listed but no vessel of its situations shows it differently: {row['text']}"


def _regime_diffs(vessel: dict) -> list[str]:
    """The roles of the differences between intl-1972 and us-inland for one vessel (api.compare)."""
    c = api.compare(vessel, ["intl-1972", "us-inland"])
    (step,) = [s for s in c.steps if s.relation == "regimes"]
    return [d.role for d in step.differences]


# Hand-written: the two false differences of issue 25 item 4, and cases that stay real.
#   Inland Rule 21(b) and Rule 25(a): a sailing vessel under 20 m may combine her sidelights in one lantern, as
#   COLREGs Rule 21(b)/25(a) allow; Inland 23(d) / COLREGs 23(d)(i) give a power-driven vessel under 12 m the
#   all-round white light and sidelights (combined or not) under both; Rule 27(b)(i)/(e)(i): the diving vessel's
#   red-white-red lights are one set under both (named work-* there, whatever the provision).
NO_DIFFERENCE = [
    ("sailing vessel 10 m", {"propulsion": "sail", "length": "10 m"},
     {"combined-port", "combined-starboard", "sidelight-port", "sidelight-starboard"}),
    ("power-driven vessel 7 m", {"propulsion": "power", "length": "7 m"},
     {"combined-port", "combined-starboard", "small-combined-port", "small-combined-starboard", "allround-white"}),
    ("diving, not making way, 10 m", {"propulsion": "power", "length": "10 m", "restricted": "diving",
                                      "making_way": False},
     {"work-upper", "work-middle", "work-lower", "diving-upper", "diving-middle", "diving-lower"}),
    ("not under command, making way, 15 m (Inland 27(a)(iii) with 21(b))",
     {"propulsion": "power", "length": "15 m", "not_under_command": True, "making_way": True},
     {"combined-port", "combined-starboard"}),
]


@pytest.mark.parametrize("case,vessel,absent", NO_DIFFERENCE, ids=[c[0] for c in NO_DIFFERENCE])
def test_no_difference_where_both_allow_the_same(case, vessel, absent):
    assert not absent & set(_regime_diffs(vessel)), case


def test_the_false_examples_are_not_in_the_whole_list(diffs):
    for d in diffs["differences"]:
        if d["role"] in ("combined-port", "combined-starboard"):
            assert not {"sailing vessel under way", "power-driven vessel under way"} & set(d["situations"]), d["text"]
        assert not d["role"].startswith("diving-") or d["role"] == "diving-flag", d["text"]
        assert d["role"] not in ("work-upper", "work-middle", "work-lower"), d["text"]


# The provision that decides it on the side without the light (hand-written from the texts):
#   Inland 24(c): towing lights in lieu of the sternlight; Inland 24(j): no masthead lights on the Western
#   Rivers; Inland Rule 28 reserved (no constrained-by-draft signal); Inland 24(g): the partly submerged tow's
#   lights; COLREGs 24(c): what a pushing vessel shows there; COLREGs 24(f): the vessel pushed ahead; nothing in
#   the COLREGs provides the Inland law-enforcement light (33 CFR 88.05) or the Great Lakes light (Inland 23(e)).
THERE = [
    ("a", "sternlight", "power-driven vessel pushing", "us-inland Rule 24(c)", "in lieu"),
    ("a", "masthead", "power-driven vessel pushing on the Western Rivers", "us-inland Rule 24(j)", "in lieu"),
    ("a", "cbd-upper", "vessel constrained by her draught", "us-inland Rule 28", "same situation"),
    ("a", "submerged-fore", "partly submerged object in tow", "us-inland Rule 24(g)", "same situation"),
    ("b", "towing-light", "power-driven vessel pushing", "intl-1972 Rule 24(c)", "same situation"),
    ("b", "special-flashing", "vessel being pushed ahead", "intl-1972 Rule 24(f)(i)", "same situation"),
    ("b", "law-enforcement-blue", "law-enforcement vessel", None, "none"),
    ("b", "all-round-white-aft", "power-driven vessel on the Great Lakes", None, "none"),
]


@pytest.mark.parametrize("side,role,situation,cite,how", THERE, ids=[f"{t[1]}@{t[2]}" for t in THERE])
def test_there_is_the_deciding_provision(diffs, side, role, situation, cite, how):
    d = _one(diffs, side, role, situation)
    lacking = d["cites_b"] if side == "a" else d["cites_a"]
    other = "us-inland" if side == "a" else "intl-1972"
    assert d["there_how"] == how
    if cite is None:
        assert f"there: no provision of {other} that applies to her gives it" in d["text"]
    else:
        assert lacking[0] == cite and f"(there: {cite})" in d["text"]


def test_cli_says_when_no_provision_decides(capsys):
    # 33 CFR 88.05: the Inland law-enforcement light; the COLREGs have no provision for it: the line says so
    # rather than passing her Rule 23 lights off as the deciding cite
    code, out, _ = _run(capsys, "differences", "intl-1972", "us-inland", "--all")
    said = " ".join(out.split())
    assert code == 0
    assert ("law-enforcement-blue; us-inland Sec. 88.05; intl-1972 there: no provision for it; what applies to her:"
            in said)
    assert "cbd-upper; intl-1972 Rule 28; us-inland there: Rule 28)" in said


def test_one_vessel_compare_lists_only_real_differences():
    """The same property on Compare's one-vessel path (diff_displays(..., "regimes")), over every named situation
    of both editions (api.situations): each difference it lists is one of the full displays."""
    from navlights.engines.display import display
    from navlights.errors import MissingFactError, NavlightsError
    a, b = api.edition("intl-1972"), api.edition("us-inland")
    seen = 0
    for name in ("intl-1972", "us-inland"):
        for label, v in api.situations(name):
            try:
                da, db = display(v, a), display(v, b)
                c = api.compare(v, ["intl-1972", "us-inland"])
            except (MissingFactError, NavlightsError):
                continue
            (step,) = [s for s in c.steps if s.relation == "regimes"]
            for d in step.differences:
                items = [i for i in (da.get(d.role), db.get(d.role)) if i is not None]
                assert any(_counts(da, _sig(i)) != _counts(db, _sig(i)) for i in items), (label, d.text)
                seen += 1
    assert seen > 0
