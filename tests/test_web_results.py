"""Results worth keeping (issue 21 point 9; issue 23 item 1): a checked plan and an encounter have an address, a
JSON twin and a report to download; the store is bounded and its failure breaks nothing; the encounter's work is
bounded by what it costs and runs off the event loop.

The expectations are the ones the plan and encounter tests derive from the rules (tests/test_plan.py,
tests/test_traffic_encounter.py): the 61 m power-driven vessel of intl-1960 complies; the same with her after
masthead light too low fails 1960 Rule 2(a)(ii) (at least 15 ft, 4.57 m, above the forward one); in the 2020
crossing Aldebaran first sees Boreas' red sidelight at 21:52, 3.0 nm off (1972 Rule 22: sidelights 2 miles for a
vessel under 50 m, 3 miles from 50 m; Boreas is 60 m)."""

from __future__ import annotations

import dataclasses
from typing import Any
import json
import multiprocessing
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import navlights.api as api
import navlights.traffic.api as traffic
from navlights.traffic.encounter import check_cost
from navlights.traffic.limits import MAX_LOOKS
from navlights.web.app import create_app
from navlights.web.results import ResultStore

COMPLIES = "intl-1960-61m-power.json"
TOO_LOW = "intl-1960-61m-power-after-masthead-too-low.json"
CROSSING = "2020-crossing-high-seas.csv"
RED_AT_2152 = "21:52 Aldebaran sees Boreas: her red sidelight came into view (within its range) at 3.0 nm"
KEY = re.compile(r"^/(plan|encounter)/r/([0-9a-f]{64})#(plan-report|encounter-result)$")


@pytest.fixture()
def client(tmp_path):
    return TestClient(create_app(tmp_path / "progress.sqlite"), raise_server_exceptions=False)


def _post_plan(client: TestClient, text: str) -> str:
    r = client.post("/plan", data={"plan": text}, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    m = KEY.match(r.headers["location"])
    assert m and m.group(1) == "plan", r.headers["location"]
    return f"/plan/r/{m.group(2)}"


def _post_encounter(client: TestClient, text: str, waters: str = "high-seas", edition: str = "") -> str:
    r = client.post("/encounter", data={"tracks": text, "waters": waters, "edition": edition}, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    m = KEY.match(r.headers["location"])
    assert m and m.group(1) == "encounter", r.headers["location"]
    return f"/encounter/r/{m.group(2)}"


def _plan(name: str) -> str:
    return api.example_plans()[name]


# --- an address for a checked plan and an encounter ---------------------------------------------------------


@pytest.mark.parametrize("name, verdict, detail", [
    (COMPLIES, "The plan complies", "under intl-1960"),
    (TOO_LOW, "does not comply", "at least 4.57 m higher"),          # 1960 Rule 2(a)(ii): 15 ft
])
def test_a_checked_plan_is_kept_and_its_address_shows_the_result(client, name, verdict, detail):
    path = _post_plan(client, _plan(name))
    r = client.get(path)
    assert r.status_code == 200 and verdict in r.text and detail in r.text
    assert f'id="kept-address">http://testserver{path}</a>' in r.text
    assert f"navlights {api.version()}" in r.text and "each time the address is opened" in r.text
    assert client.get(path).text == r.text                     # a reload: the same page, nothing posted again


def test_a_posted_encounter_is_kept_and_its_address_shows_the_timeline(client):
    text = traffic.example_encounters()[CROSSING]
    path = _post_encounter(client, text.replace("\n", "\r\n"))       # as a browser's form sends it
    r = client.get(path)
    assert r.status_code == 200 and "Judged under intl-1972" in r.text
    assert "her red sidelight came into view (within its range) at 3.0 nm" in r.text
    assert 'id="kept-address"' in r.text and "data:image/png;base64," in r.text


def test_the_same_input_gives_the_same_address(client):
    text = _plan(COMPLIES)
    first = _post_plan(client, text)
    assert _post_plan(client, text) == first
    data = json.loads(text)
    reordered = json.dumps(dict(reversed(list(data.items()))))          # other key order, no indentation
    assert _post_plan(client, reordered) == first
    assert _post_plan(client, _plan(TOO_LOW)) != first
    enc = traffic.example_encounters()[CROSSING]
    a = _post_encounter(client, enc)
    assert _post_encounter(client, enc.replace("\n", "\r\n")) == a        # line ends do not change the input
    assert _post_encounter(client, enc, edition="intl-1972") != a         # a named edition does


def test_the_json_twin_of_a_kept_plan(client):
    text = _plan(TOO_LOW)
    path = _post_plan(client, text)
    r = client.get(path + ".json")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    body = r.json()
    assert body["kind"] == "plan" and body["key"] == path.rsplit("/", 1)[1]
    assert body["address"] == "http://testserver" + path and body["navlights_version"] == api.version()
    assert body["input"] == json.loads(text)
    assert body["result"] == client.post("/plan.json", json=json.loads(text)).json()
    assert body["result"]["compliant"] is False


def test_the_json_twin_of_a_kept_encounter(client):
    text = traffic.example_encounters()[CROSSING]
    path = _post_encounter(client, text)
    body = client.get(path + ".json").json()
    assert body["kind"] == "encounter" and body["input"] == {"tracks": text, "waters": "high-seas", "edition": None}
    assert body["result"]["edition"] == "intl-1972"
    assert RED_AT_2152 in [e["sentence"] for e in body["result"]["events"]]


def test_the_report_downloads_of_a_plan_and_an_encounter(client):
    path = _post_plan(client, _plan(TOO_LOW))
    key = path.rsplit("/", 1)[1]
    r = client.get(path + "/report.html")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert r.headers["content-disposition"] == f'attachment; filename="navlights-plan-intl-1960-{key[:12]}.html"'
    assert "does not comply" in r.text and "<script" not in r.text
    assert f"Kept at http://testserver{path}" in r.text and f"navlights {api.version()}" in r.text

    path = _post_encounter(client, traffic.example_encounters()[CROSSING])
    key = path.rsplit("/", 1)[1]
    r = client.get(path + "/report.html")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert r.headers["content-disposition"] == (
        f'attachment; filename="navlights-encounter-2020-09-14-{key[:12]}.html"')
    html = r.text
    assert "judged under intl-1972" in html and "<script" not in html and 'src="data:image/png;base64,' in html
    assert "her red sidelight came into view (within its range) at 3.0 nm" in html
    assert "Minute by minute (62 rows)" in html                    # 31 minutes, each vessel seeing the other
    assert "The tracks as given" in html and "Aldebaran,45.86670" in html
    assert f"Kept at http://testserver{path}" in html


def test_the_encounter_report_escapes_what_the_tracks_say(client):
    text = traffic.example_encounters()[CROSSING].replace("Boreas", "<b>Bo&reas</b>")
    path = _post_encounter(client, text)
    html = client.get(path + "/report.html").text
    assert "<b>Bo" not in html and "&lt;b&gt;Bo&amp;reas&lt;/b&gt;" in html


# --- unknown and malformed addresses ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["plan", "encounter"])
def test_an_unknown_key_is_404_and_a_malformed_one_422(client, kind):
    unknown = "0" * 64
    r = client.get(f"/{kind}/r/{unknown}")
    assert r.status_code == 404 and 'id="error"' in r.text and "nothing is kept at" in r.text
    r = client.get(f"/{kind}/r/{unknown}.json")
    assert r.status_code == 404 and r.json()["field"] == "result" and "\n" not in r.json()["error"]
    assert client.get(f"/{kind}/r/{unknown}/report.html").status_code == 404
    for bad in ("xyz", "A" * 64, "0" * 65):
        r = client.get(f"/{kind}/r/{bad}.json")
        assert r.status_code == 422 and r.json()["field"] == "key" and "64 hexadecimal digits" in r.json()["error"]
        assert client.get(f"/{kind}/r/{bad}").status_code == 422


def test_a_plan_kept_for_one_kind_is_not_found_as_the_other(client):
    key = _post_plan(client, _plan(COMPLIES)).rsplit("/", 1)[1]
    assert client.get(f"/encounter/r/{key}").status_code == 404


def test_bad_input_is_not_kept(client, tmp_path):
    r = client.post("/plan", data={"plan": "{"}, follow_redirects=False)
    assert r.status_code == 422 and "malformed JSON" in r.text
    r = client.post("/encounter", data={"tracks": "time,ident,lat,lon\n", "waters": "high-seas"},
                    follow_redirects=False)
    assert r.status_code == 422 and 'data-field="tracks"' in r.text
    assert client.app.state.ctx.results.count() == (0, 0)


# --- the store's bounds ------------------------------------------------------------------------------------


def _small_store(client: TestClient, path: Path, **bounds: Any) -> ResultStore:
    store = ResultStore(path, **bounds)
    client.app.state.ctx = dataclasses.replace(client.app.state.ctx, results=store)
    return store


class Clock:
    """A clock the test moves: seconds since the epoch."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


DAY_S = 86_400


def test_the_oldest_is_evicted_past_the_number_bound_once_it_is_old(client, tmp_path):
    """Inputs kept more than KEEP_DAYS (7) ago and never opened again go, oldest first (docs/web.md)."""
    clock = Clock()
    store = _small_store(client, tmp_path / "small.sqlite", max_items=3, clock=clock)
    names = [COMPLIES, TOO_LOW, "intl-1972-120m-power.json", "intl-1972-30m-tug.json"]
    paths = [_post_plan(client, _plan(n)) for n in names[:3]]
    clock.now += 7 * DAY_S + 1                                           # just past the 7 days
    paths.append(_post_plan(client, _plan(names[3])))
    assert store.count()[0] == 3
    assert client.get(paths[0]).status_code == 404                     # the oldest went
    assert all(client.get(p).status_code == 200 for p in paths[1:])


def test_within_7_days_nothing_is_pushed_out_and_the_new_one_is_shown_unkept(client, tmp_path):
    clock = Clock()
    store = _small_store(client, tmp_path / "small.sqlite", max_items=3, clock=clock)
    names = [COMPLIES, TOO_LOW, "intl-1972-120m-power.json", "intl-1972-30m-tug.json"]
    paths = [_post_plan(client, _plan(n)) for n in names[:3]]
    clock.now += 7 * DAY_S - 1                                           # just inside the 7 days
    r = client.post("/plan", data={"plan": _plan(names[3])}, follow_redirects=False)
    assert r.status_code == 200 and 'id="kept-note"' in r.text and "none of them is pushed out" in r.text
    assert store.count()[0] == 3 and all(client.get(p).status_code == 200 for p in paths)


def test_an_address_opened_again_stays_however_old(client, tmp_path):
    """The poster's own 303 is the first opening; a colleague's is the second: it stays past 7 days."""
    clock = Clock()
    store = _small_store(client, tmp_path / "small.sqlite", max_items=2, clock=clock)
    shared = _post_plan(client, _plan(COMPLIES))
    assert client.get(shared).status_code == 200 and client.get(shared).status_code == 200    # opened twice
    once = _post_plan(client, _plan(TOO_LOW))
    assert client.get(once).status_code == 200                                                # opened once
    clock.now += 30 * DAY_S
    _post_plan(client, _plan("intl-1972-120m-power.json"))
    assert client.get(shared).status_code == 200 and client.get(once).status_code == 404
    assert store.count()[0] == 2


def test_the_oldest_is_evicted_past_the_bytes_bound(tmp_path):
    clock = Clock()
    store = ResultStore(tmp_path / "r.sqlite", max_items=100, max_bytes=2500, max_input=1000, clock=clock)
    for k in range(3):
        store.put("plan", f"{k:064x}", "x" * 900)
        clock.now += 8 * DAY_S
    assert store.get("plan", f"{0:064x}") is None and store.get("plan", f"{2:064x}") is not None
    n, size = store.count()
    assert n == 2 and size <= 2500


@pytest.mark.parametrize("posts, status", [(20, 303), (21, 429)])      # POSTS_PER_MINUTE = 20
def test_new_posts_past_the_rate_of_one_client_are_429_with_retry_after(client, tmp_path, posts, status):
    clock = Clock()
    _small_store(client, tmp_path / "rate.sqlite", clock=clock)
    plan = json.loads(_plan(COMPLIES))
    r = None
    for k in range(posts):
        plan["vessel"]["length"] = f"{61 + k} m"                         # a new input each time
        r = client.post("/plan", data={"plan": json.dumps(plan)}, follow_redirects=False)
        clock.now += 1
    assert r is not None and r.status_code == status, r.text[:200]
    if status == 429:
        assert 1 <= int(r.headers["retry-after"]) <= 60 and "at most 20 a minute" in r.text
        again = client.post("/plan", data={"plan": _plan(TOO_LOW)}, follow_redirects=False)
        assert again.status_code == 429                                 # a new input, still inside the minute
        clock.now += 60
        assert client.post("/plan", data={"plan": json.dumps(plan)}, follow_redirects=False).status_code == 303


def test_the_store_and_its_wal_are_the_owners_alone(client, tmp_path):
    path = _post_plan(client, _plan(COMPLIES))
    assert client.get(path).status_code == 200
    store = client.app.state.ctx.results.path
    made = [p for p in (store, store.with_name(store.name + "-wal"), store.with_name(store.name + "-shm"))
            if p.exists()]
    assert store in made
    assert all(p.stat().st_mode & 0o777 == 0o600 for p in made), [oct(p.stat().st_mode) for p in made]


def test_an_input_over_the_size_bound_is_not_kept_but_shown(client, tmp_path):
    _small_store(client, tmp_path / "tiny.sqlite", max_items=10, max_bytes=1000, max_input=500)
    r = client.post("/plan", data={"plan": _plan(COMPLIES)}, follow_redirects=False)
    assert r.status_code == 200 and "The plan complies" in r.text
    assert 'id="kept-note"' in r.text and "at most 500 bytes" in r.text


def _hammer(path: str, worker: int) -> None:
    store = ResultStore(path, max_items=20, keep_days=0)          # the oldest may go at once
    for k in range(40):
        store.put("plan", f"{worker:032x}{k:032x}", f"input {worker} {k}")


def test_several_processes_share_one_store(tmp_path):
    path = str(tmp_path / "shared.sqlite")
    procs = [multiprocessing.get_context("fork").Process(target=_hammer, args=(path, w)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.execute("SELECT COUNT(*), COUNT(DISTINCT seq) FROM results").fetchone() == (20, 20)


# --- a store that cannot be opened -------------------------------------------------------------------------


def test_an_unwritable_store_still_shows_the_result_with_a_note(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    client = TestClient(create_app(tmp_path / "progress.sqlite", results_db=blocker / "results.sqlite"),
                        raise_server_exceptions=False)
    r = client.post("/plan", data={"plan": _plan(TOO_LOW)}, follow_redirects=False)
    assert r.status_code == 200 and "does not comply" in r.text and "at least 4.57 m higher" in r.text
    assert 'id="kept-note"' in r.text and "No address could be kept" in r.text and 'id="kept-address"' not in r.text
    r = client.post("/encounter", data={"tracks": traffic.example_encounters()[CROSSING], "waters": "high-seas"},
                    follow_redirects=False)
    assert r.status_code == 200 and "Judged under intl-1972" in r.text and "No address could be kept" in r.text
    assert client.get("/plan").status_code == 200 and client.get("/explore").status_code == 200
    assert client.get("/plan/r/" + "0" * 64).status_code == 404        # nothing kept: no file made to look


def test_a_store_that_cannot_be_read_is_503_on_its_addresses(tmp_path):
    broken = tmp_path / "results.sqlite"
    broken.write_bytes(b"this is not a database" * 100)
    client = TestClient(create_app(tmp_path / "progress.sqlite"), raise_server_exceptions=False)
    r = client.get("/plan/r/" + "0" * 64 + ".json")
    assert r.status_code == 503 and r.json()["field"] == "results" and "\n" not in r.json()["error"]
    r = client.post("/plan", data={"plan": _plan(COMPLIES)}, follow_redirects=False)
    assert r.status_code == 200 and "No address could be kept" in r.text


# --- the encounter's work, bounded ---------------------------------------------------------------------------


def _tracks(vessels: int, minutes: int) -> str:
    """``vessels`` power-driven vessels, each with two rows ``minutes`` apart (the issue's file: 12, a week)."""
    rows = ["time,ident,lat,lon,heading,propulsion,length"]
    for k, t in enumerate(("2020-09-14T00:00:00Z", None)):
        for v in range(vessels):
            when = t or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1600041600 + 60 * minutes))
            rows.append(f"{when},V{v},{45 + 0.02 * v + 0.001 * k:.4f},{-7 + 0.01 * v:.4f},{(37 * v) % 360},power,60 m")
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("vessels, minutes, refused", [
    (2, 5000, False),             # 2 x 1 x 5000 = 10,000 looks: the bound
    (2, 5001, True),
    (3, 1666, False),             # 3 x 2 x 1666 = 9,996
    (3, 1667, True),
    (12, 75, False),              # 12 x 11 x 75 = 9,900
    (12, 10080, True),            # the issue's file: 12 vessels, a week
])
def test_the_cost_bound(vessels, minutes, refused):
    if refused:
        with pytest.raises(traffic_error()) as e:
            check_cost(vessels, minutes)
        assert f"at most {MAX_LOOKS} looks" in str(e.value) and "\n" not in str(e.value)
    else:
        check_cost(vessels, minutes)


def traffic_error() -> type[Exception]:
    from navlights.traffic.scene import SceneError
    return SceneError


def test_the_issues_file_is_refused_at_once_on_the_web_and_in_the_cli(client, tmp_path, capsys):
    text = _tracks(12, 10079)                  # two rows a week apart: 10,080 minutes in common
    start = time.monotonic()
    r = client.post("/encounter.json", content=text, headers={"content-type": "text/csv"})
    assert r.status_code == 422 and r.json()["field"] == "tracks"
    error = r.json()["error"]
    assert error.startswith("tracks: '1330560 looks' is too much work") and f"at most {MAX_LOOKS} looks" in error
    r = client.post("/encounter", data={"tracks": text, "waters": "high-seas"}, follow_redirects=False)
    assert r.status_code == 422 and f"at most {MAX_LOOKS} looks" in r.text
    from navlights.cli import main
    f = tmp_path / "week.csv"
    f.write_text(text)
    assert main(["encounter", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("navlights: error: tracks: '1330560 looks'") and "\n" not in err
    assert time.monotonic() - start < 20                    # refused before the work (the work took minutes)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture()
def live(tmp_path):
    """The app under uvicorn in a process of its own (one worker, no start-up preparation)."""
    port = _free_port()
    code = ("import sys, uvicorn; from navlights.web.app import create_app; "
            f"uvicorn.run(create_app(sys.argv[1], prepare=False), host='127.0.0.1', port={port}, log_level='warning')")
    proc = subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "p.sqlite")], stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"server did not start: {proc.stderr.read().decode()[-1000:]}") from None
            time.sleep(0.2)
    yield url
    proc.terminate()
    proc.wait(10)


def test_a_slow_encounter_does_not_stall_other_requests(live):
    """An encounter at the bound (10,000 looks: seconds of CPU) runs in the thread pool: /healthz is answered
    meanwhile, promptly (before this change it waited for the whole encounter)."""
    body = _tracks(2, 4999).encode()          # 5,000 minutes in common, 2 pairs: 10,000 looks
    done: dict[str, float] = {}

    def post() -> None:
        t = time.monotonic()
        req = urllib.request.Request(live + "/encounter.json", data=body, headers={"Content-Type": "text/csv"})
        with urllib.request.urlopen(req, timeout=120) as r:
            assert r.status == 200
            r.read()
        done["encounter_s"] = time.monotonic() - t

    worker = threading.Thread(target=post)
    worker.start()
    time.sleep(0.3)
    waits = []
    while worker.is_alive() and len(waits) < 20:
        t = time.monotonic()
        with urllib.request.urlopen(live + "/healthz", timeout=30) as r:
            assert r.status == 200
        if worker.is_alive():                        # answered while the encounter was still being computed
            waits.append(time.monotonic() - t)
        time.sleep(0.05)
    worker.join(120)
    assert "encounter_s" in done and waits, (done, waits)
    assert max(waits) < 1.0, (waits, done)


def test_more_encounters_at_once_than_allowed_are_refused_503(client, monkeypatch):
    """Memory bound: at most MAX_AT_ONCE encounters are computed at once in a process; one more is refused at once
    (503, Retry-After), not queued. Here every slot is taken."""
    from navlights.web.routes import encounter as route
    slots = threading.BoundedSemaphore(1)
    slots.acquire()
    monkeypatch.setattr(route, "_SLOTS", slots)
    text = _tracks(2, 30)
    r = client.post("/encounter.json", content=text, headers={"content-type": "text/csv"})
    assert r.status_code == 503 and r.headers["retry-after"] == "5" and r.json()["field"] == "encounter"
    assert f"at most {route.MAX_AT_ONCE} at once" in r.json()["error"]
    r = client.post("/encounter", data={"tracks": text, "waters": "high-seas"}, follow_redirects=False)
    assert r.status_code == 503 and "try again in a few seconds" in r.text and text.splitlines()[1] in r.text
    slots.release()                                                    # a slot free: computed and kept
    assert client.post("/encounter.json", content=text, headers={"content-type": "text/csv"}).status_code == 200
