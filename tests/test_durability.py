"""Issue 15: training answers survive a server killed with SIGKILL, again and again.

`navlights serve` runs as a real subprocess on 127.0.0.1 (a free port; nothing leaves the machine).
Answers are posted in a loop while a timer kills the server at a random moment (often mid-request,
sometimes mid-transaction); the server is started again on the same database and the loop goes on.
Every answer the server acknowledged (200) must then be in the database, with the choice that was
sent, and SQLite's integrity check must pass. Bounded: five kills, about a second of answering each.
"""

from __future__ import annotations

import http.client
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


def _start(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    code = "import sys; from navlights.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(db), "--log-level", "warning"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
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


def _call(url: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 200
        return json.loads(r.read())


def _answer_until_killed(url: str, rng: random.Random, acked: dict[int, int]) -> int:
    """Answer questions until the server stops answering; the acknowledged ones go into ``acked``."""
    sent = 0
    while True:
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
        killer.start()
        try:
            _answer_until_killed(url, rng, acked)
        finally:
            killer.cancel()
            if proc.poll() is None:
                proc.kill()
            proc.wait(10)
            if proc.stderr:
                proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL
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
