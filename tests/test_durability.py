"""Issue 15: training answers survive a server killed with SIGKILL, again and again. Issue 23, item 11: and a
server of four worker processes answering many learners at once, the same answer often posted twice at once.

`navlights serve` runs as a real subprocess on 127.0.0.1 (a free port; nothing leaves the machine).
Answers are posted in a loop while a timer kills the server at a random moment (often mid-request,
sometimes mid-transaction); the server is started again on the same database and the loop goes on.
Every answer the server acknowledged (200) must then be in the database, with the choice that was
sent, and SQLite's integrity check must pass. Bounded: five kills, about a second of answering each.

Progress is per learner (a signed cookie, issue 21): each loop keeps its learner's cookie, as a browser does, and
the cookie key beside the database makes the learner the same one after a restart.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import contextlib
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

KILLS = 5


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(db: Path, workers: int = 1) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    code = "import sys; from navlights.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(db), "--log-level", "warning", "--workers", str(workers)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60 * workers
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {proc.stderr.read().decode()[-2000:] if proc.stderr else ''}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("server did not start in 60 s")


def _browser() -> urllib.request.OpenerDirector:
    """A client that keeps its cookies, as a browser keeps the learner's."""
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


BROWSER = _browser()


def _call(url: str, body: dict | None = None, browser: urllib.request.OpenerDirector = BROWSER,
          timeout: float = 10) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with browser.open(req, timeout=timeout) as r:
        assert r.status == 200
        return json.loads(r.read())


def _answer_until_killed(url: str, rng: random.Random, acked: dict[int, int],
                         first: threading.Timer | None = None) -> int:
    """Answer questions until the server stops answering; the acknowledged ones go into ``acked``. ``first``: a
    timer started once the server has answered its first question (it loads the edition's identification index
    first, seconds on a loaded machine)."""
    sent = 0
    while True:
        if first is not None and sent == 1:
            first.start()
        try:
            question = _call(url + "/train.json?edition=intl-1960")["question"]
            choice = rng.randrange(len(question["choices"]))
            sent += 1
            result = _call(url + "/train/answer.json", {"question": question["id"], "choice": choice})["result"]
        except (OSError, http.client.HTTPException, json.JSONDecodeError):
            # killed: whatever was in flight was not acknowledged. A kill between the headers and the
            # body reads as IncompleteRead, an HTTPException (not an OSError).
            return sent
        assert result["id"] == question["id"] and result["chosen"] == choice
        acked[question["id"]] = choice


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_acknowledged_answers_survive_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite"
    rng = random.Random(15)
    acked: dict[int, int] = {}
    for _ in range(KILLS):
        proc, url = _start(db)
        killer = threading.Timer(rng.uniform(0.6, 1.4), lambda p=proc: os.kill(p.pid, signal.SIGKILL))
        try:
            _answer_until_killed(url, rng, acked, first=killer)
        finally:
            killer.cancel()
            if proc.poll() is None:
                proc.kill()
            proc.wait(10)
            if proc.stderr:
                proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL
        _kill_group(proc)
    assert len(acked) >= KILLS                       # it did answer between the kills

    proc, url = _start(db)                           # the server comes back on what was left
    try:
        progress = _call(url + "/train.json?edition=intl-1960")["progress"]
        assert progress["answered"] >= len(acked)
        for qid, choice in rng.sample(sorted(acked.items()), min(5, len(acked))):
            assert _call(f"{url}/train/q/{qid}.json")["chosen"] == choice
    finally:
        proc.terminate()
        proc.wait(10)
        if proc.stderr:
            proc.stderr.close()

    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = dict(conn.execute("SELECT id, chosen FROM questions WHERE answered IS NOT NULL").fetchall())
    lost = {qid: choice for qid, choice in acked.items() if rows.get(qid) != choice}
    assert not lost, f"acknowledged answers lost or changed: {lost}"


# --- issue 23, item 11: four workers, many learners, the same answer twice at once, SIGKILLs ----------------

WORKERS, LEARNERS, ROUNDS = 4, 4, 2


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL whatever is left of the server's process group (its workers)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


def _workers(proc: subprocess.Popen[bytes]) -> list[int]:
    """The server's worker processes (the children of uvicorn's supervisor), from /proc."""
    try:
        text = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


class Learner(threading.Thread):
    """One browser answering questions until told to stop; each answer is posted twice at once (a double click,
    a retry racing the first try), so two workers may take the same answer together."""

    def __init__(self, n: int, url: str, stop: threading.Event, seed: int) -> None:
        super().__init__(daemon=True)
        self.browser = _browser()
        self.url, self.stop, self.rng = url, stop, random.Random(seed)
        self.acked: dict[int, int] = {}           # question id -> the choice the server acknowledged
        self.mismatch: list[tuple[int, int, int]] = []
        self.n = n

    def _post(self, qid: int, choice: int, out: list[dict]) -> None:
        try:
            out.append(_call(self.url + "/train/answer.json", {"question": qid, "choice": choice}, self.browser)["result"])
        except (OSError, http.client.HTTPException, json.JSONDecodeError):
            pass                                        # killed: not acknowledged

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                question = _call(self.url + "/train.json?edition=intl-1960&topic=lights", None, self.browser)["question"]
            except (OSError, http.client.HTTPException, json.JSONDecodeError):
                time.sleep(0.05)                        # a worker was killed, or the whole server: try again
                continue
            choice = self.rng.randrange(len(question["choices"]))
            results: list[dict] = []
            twins = [threading.Thread(target=self._post, args=(question["id"], choice, results)) for _ in range(2)]
            for t in twins:
                t.start()
            for t in twins:
                t.join()
            for result in results:
                if result["id"] != question["id"] or result["chosen"] != choice:
                    self.mismatch.append((question["id"], choice, result["chosen"]))
                self.acked[question["id"]] = choice


@pytest.mark.skipif(not (hasattr(signal, "SIGKILL") and Path("/proc/self/task").exists()),
                    reason="needs SIGKILL and /proc")
def test_four_workers_many_learners_and_sigkills(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite"
    rng = random.Random(23)
    learners: list[Learner] = []
    for round_ in range(ROUNDS):
        proc, url = _start(db, workers=WORKERS)
        stop = threading.Event()
        if not learners:
            learners = [Learner(n, url, stop, 100 + n) for n in range(LEARNERS)]
        else:              # the same browsers (their cookies) on the restarted server
            learners = [_again(old, url, stop) for old in learners]
        before = [len(t.acked) for t in learners]
        for t in learners:
            t.start()
        try:
            # every worker loads the edition's identification index before its first question (seconds each on a
            # loaded machine): the kills start once every learner has had an answer acknowledged in this round
            deadline = time.monotonic() + 180
            while time.monotonic() < deadline and any(len(t.acked) == b for t, b in zip(learners, before)):
                time.sleep(0.2)
            for _ in range(1):                          # a worker killed mid-work; the supervisor starts another
                time.sleep(rng.uniform(0.8, 1.6))
                alive = _workers(proc)
                if alive:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(rng.choice(alive), signal.SIGKILL)
            time.sleep(rng.uniform(0.8, 1.6))
        finally:
            _kill_group(proc)                           # then the whole server at once, answers in flight
            proc.wait(10)
            if proc.stderr:
                proc.stderr.close()
            stop.set()
            for t in learners:
                t.join(30)
    acked = {(t.n, qid): choice for t in learners for qid, choice in t.acked.items()}
    assert not [m for t in learners for m in t.mismatch], "an answer came back with another choice"
    print(f"{len(acked)} answers acknowledged by {WORKERS} workers to {LEARNERS} learners over {ROUNDS} rounds")
    assert len(acked) >= LEARNERS * ROUNDS              # they did answer, all of them, between the kills

    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = {qid: (learner, chosen) for qid, learner, chosen in conn.execute(
            "SELECT id, learner, chosen FROM questions WHERE answered IS NOT NULL")}
        per_learner = dict(conn.execute("SELECT learner, COUNT(*) FROM questions WHERE answered IS NOT NULL "
                                        "GROUP BY learner").fetchall())
        seen = dict(conn.execute("SELECT learner, SUM(seen) FROM cards GROUP BY learner").fetchall())
    lost = {key: choice for key, choice in acked.items() if rows.get(key[1], (None, None))[1] != choice}
    assert not lost, f"acknowledged answers lost or changed: {lost}"
    owners = {rows[qid][0] for (n, qid) in acked if n == 0}
    assert len(owners) == 1                            # a learner stays herself across restarts (the cookie key)
    # nothing counted twice: each answered question moved its card once, though posted twice to four workers
    assert seen == per_learner
    assert len(per_learner) == LEARNERS


def _again(old: Learner, url: str, stop: threading.Event) -> Learner:
    new = Learner(old.n, url, stop, old.rng.randrange(10 ** 6))
    new.browser, new.acked, new.mismatch = old.browser, old.acked, old.mismatch
    return new
