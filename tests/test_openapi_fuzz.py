"""Issue 15: a bounded schemathesis run over the whole JSON API, in process, with every check.

Per operation: 40 examples, a fixed seed, deterministic generation, the examples, coverage and fuzzing
phases, every check (server errors, status codes, content types, response schemas, negative data
rejected, positive data accepted, unsupported methods). The app is the ASGI app itself (no socket), with a
training database of its own.

One allowance, written here and in docs/web.md: a request whose every value the schema allows may
still be refused (422) for a rule that spans fields, which OpenAPI cannot say: a vessel cannot both tow
and be towed, an edition needs a fact the request lacks (1897: tonnage), a typed picture breaks the
notation's grammar. So positive data may get 422 here; ``test_every_value_the_schema_allows_alone_is_accepted``
then checks that no single value the schema allows is refused for itself.
"""

from __future__ import annotations

import re
import signal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from navlights.web.app import create_app

schemathesis = pytest.importorskip("schemathesis")

EXAMPLES = 40
SEED = 15
#: The time bound of one operation's run (it takes 1-4 s of CPU; generous for a loaded 2-core CI machine).
OPERATION_BUDGET_S = 120

APP = create_app(Path("/nonexistent-navlights-test-dir") / "unused.sqlite", seed=SEED)
CONFIG = schemathesis.Config.from_dict({
    "seed": SEED,
    "suppress-health-check": ["all"],
    "generation": {"max-examples": EXAMPLES, "deterministic": True, "database": "none"},
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "3xx", "404", "422"]}},
    "phases": {"stateful": {"enabled": False}},
})
schema = schemathesis.openapi.from_asgi("/openapi.json", APP, config=CONFIG)


@pytest.fixture(scope="module", autouse=True)
def _training_db(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The training routes write to a database of this module's own."""
    progress = APP.state.ctx.progress
    progress.close()
    progress.path = tmp_path_factory.mktemp("fuzz") / "progress.sqlite"
    yield
    progress.close()


@pytest.fixture()
def time_bound() -> Any:
    """Fail an operation's run that goes past OPERATION_BUDGET_S rather than let the suite hang."""
    def expired(signum: int, frame: Any) -> None:
        raise TimeoutError(f"schemathesis: one operation ran past {OPERATION_BUDGET_S} s")
    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(OPERATION_BUDGET_S)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@schema.parametrize()
def test_the_api_holds_to_its_schema(case, time_bound):
    case.call_and_validate()


# --- the stateful phase: a question followed from asked to answered ------------------------------------------

#: The stateful run's size: scenarios, and steps in each (about 15 s of CPU); the bound only stops a hang (a loaded CI).
STATEFUL_SCENARIOS = 12
STATEFUL_STEPS = 6
STATEFUL_BUDGET_S = 180
STATEFUL = schemathesis.openapi.from_asgi("/openapi.json", APP, config=schemathesis.Config.from_dict({
    "seed": SEED, "suppress-health-check": ["all"],
    "generation": {"max-examples": STATEFUL_SCENARIOS, "deterministic": True, "database": "none"},
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "3xx", "404", "422"]}},
})).include(tag="training")


def test_the_training_flow_holds_statefully(monkeypatch):
    """Schemathesis's stateful phase over the OpenAPI links (issue 23): GET /train.json gives a question's id to
    /train/q/{id}.json, /train/picture/{id}.svg and POST /train/answer.json (whose answer links back), so a
    scenario asks, answers (again, and with bad choices) and reads back; every check on every step."""
    machine = STATEFUL.as_state_machine()
    steps: list[str] = []
    step = machine.step

    def counted(self: Any, input: Any) -> Any:
        steps.append(input.case.operation.label)
        return step(self, input)

    monkeypatch.setattr(machine, "step", counted)

    def expired(signum: int, frame: Any) -> None:
        raise TimeoutError(f"schemathesis: the stateful run went past {STATEFUL_BUDGET_S} s")
    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(STATEFUL_BUDGET_S)
    try:
        machine.run(settings=settings(max_examples=STATEFUL_SCENARIOS, stateful_step_count=STATEFUL_STEPS,
                                      deadline=None, derandomize=True, database=None,
                                      suppress_health_check=list(HealthCheck)))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    # the links were followed: answers and read-backs of questions the run was given, not only first calls
    assert {"GET /train.json", "POST /train/answer.json", "GET /train/q/{question_id}.json"} <= set(steps), steps


# --- what the schema allows, value by value ----------------------------------------------------------------

SPEC = TestClient(APP).get("/openapi.json").json()
#: A vessel every edition can decide (the 1897 rules need a tonnage); values under test replace these.
BASE = {"length": "200 ft", "tonnage": "1000"}


def _values(schema_: dict[str, Any]) -> st.SearchStrategy[str]:
    if "enum" in schema_:
        return st.sampled_from([str(v) for v in schema_["enum"]])
    if "pattern" in schema_:
        return st.from_regex(re.compile(schema_["pattern"]), fullmatch=True)
    if schema_.get("type") == "boolean":
        return st.sampled_from(["true", "false"])
    if schema_.get("type") in ("number", "integer"):
        lo = schema_.get("minimum", schema_.get("exclusiveMinimum", 0))
        hi = schema_.get("maximum", 10_000)
        ints = st.integers(int(lo) + ("exclusiveMinimum" in schema_), int(hi)).map(str)
        return ints if schema_["type"] == "integer" else st.one_of(ints, st.floats(lo, hi).filter(
            lambda x: x > lo or "exclusiveMinimum" not in schema_).map(str))
    return st.nothing()


#: (path, parameter, strategy) for every query parameter the schema bounds by itself.
LONE = [(path, p["name"], _values(p["schema"])) for path, ops in SPEC["paths"].items() for op in ops.values()
        for p in op.get("parameters", []) if p["in"] == "query" and p["name"] not in ("notation", "date", "heard")
        and not _values(p["schema"]).is_empty]
#: Facts a value presupposes (1972 Rules 23-27 facts): (parameter, value or None for any) -> parameters to add.
NEEDS: dict[tuple[str, str | None], dict[str, str]] = {
    ("restricted", "towing"): {"towing": "true"}, ("obstruction_side", None): {"restricted": "dredging"},
    ("non_displacement", "true"): {"air_cushion": "true"}, ("wig_near_surface", "true"): {"wig": "true"},
    ("composite_unit", "true"): {"pushing": "true"}, ("towed_alongside", "true"): {"being_towed": "true"},
    ("partly_submerged", "true"): {"being_towed": "true"}, ("special_anchorage", "true"): {"status": "anchored"},
    # Inland Rules 24(f)(iii), 24(h), (i), 30(h)-(l) (issue 25)
    ("towed_both_sides", "true"): {"being_towed": "true", "towed_alongside": "true"},
    ("tow_lights_impracticable", "true"): {"being_towed": "true"}, ("assisting_distress", "true"): {"pushing": "true"},
    ("barge_mooring", None): {"service": "barge", "status": "moored"},
    ("barge_exempt", None): {"service": "barge", "status": "moored"},
    ("mooring_buoys", "true"): {"status": "moored"},
    ("barge_corners", None): {"service": "barge", "status": "anchored"},
    ("dredge_pipeline", "true"): {"propulsion": "none", "status": "moored"},
    ("trawl_activity", None): {"fishing": "trawl"}, ("pair_trawling", "true"): {"fishing": "trawl"},
    ("hampered_by_gear", "true"): {"fishing": "purse-seine"},
}
#: Routes that take no vessel: the value under test goes alone.
NO_VESSEL = ("/api/changes.json", "/api/governing.json", "/identify.json", "/train.json")


@pytest.mark.parametrize("path, name, values", LONE, ids=[f"{p} {n}" for p, n, _ in LONE])
@settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_value_the_schema_allows_alone_is_accepted(path, name, values, data):
    """A value the schema allows is never refused for itself: the answer is 200, or a 422 naming another field
    (a fact this vessel then needs: towing=true asks for her tow's length under 1960 Rule 3(a))."""
    value = data.draw(values)
    params = {name: value} if path in NO_VESSEL else {**BASE, name: value}
    if name == "breadth":
        params["length"] = "1000 ft"                 # a breadth is at most her length: a rule across fields
    # other rules across fields (the vessel model's coherence checks): give the fact the value presupposes
    params.update(NEEDS.get((name, value), NEEDS.get((name, None), {})) if path not in NO_VESSEL else {})
    if path == "/api/governing.json":
        params["date"] = "1960-01-01"
    r = TestClient(APP).get(path, params=params)
    assert r.status_code in (200, 503) or r.status_code == 422 and r.json()["field"] != name, (
        path, params, r.text[:300])
