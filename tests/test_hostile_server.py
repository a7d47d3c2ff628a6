"""Issue 35 items 1 and 5: every byte of a request is bounded in time (a body timeout and a minimum rate), slow
bodies and idle kept-alive connections cannot crowd out a new client, and the log stays bounded (a client that
goes away is no traceback; a repeated line is written once per window). Each test runs `navlights serve` on
loopback (the helpers of tests/test_hostile.py)."""

from __future__ import annotations

import logging
import socket
import time
import urllib.request
from typing import Any

import pytest
from test_hostile import _closed_by_server, _serve

from navlights.web import connections
from navlights.web.guard import Repeats


def _probe(port: int) -> float:
    """Seconds a new client waits for /healthz (200)."""
    t0 = time.monotonic()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as r:
        assert r.status == 200
    return time.monotonic() - t0


def _post_head(port: int, length: int, first: bytes) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"POST /plan.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
              b"Content-Length: %d\r\n\r\n" % length + first)
    return s


SLOW = 100


def test_slow_bodies_do_not_crowd_out_a_client(tmp_path):
    """100 complete heads announcing 60,000 bytes, then one byte (issue 35's attack, opened 10 ms apart): a new
    client is answered at once, and past 16 from one address (MAX_READING_PER_CLIENT) the oldest are closed."""
    proc, port = _serve(tmp_path, "--workers", "1")
    socks = []
    try:
        for _ in range(SLOW):
            socks.append(_post_head(port, 60_000, b"{"))
            time.sleep(0.01)
        assert _probe(port) < 5.0
        time.sleep(1.0)
        assert sum(_closed_by_server(s) for s in socks) >= SLOW - connections.MAX_READING_PER_CLIENT
        assert _probe(port) < 5.0
    finally:
        for s in socks:
            s.close()
        proc.terminate()
        proc.wait(30)


def _answered_or_closed(s: socket.socket, within_s: float) -> tuple[str, float]:
    """('answer', t) or ('closed', t): what the server did first, and when."""
    t0 = time.monotonic()
    s.settimeout(within_s)
    try:
        got = s.recv(4096)
    except TimeoutError:
        return "nothing", time.monotonic() - t0
    except ConnectionResetError:
        return "closed", time.monotonic() - t0
    return ("answer" if got.startswith(b"HTTP/1.1") else "closed"), time.monotonic() - t0


def test_a_body_below_the_minimum_rate_is_closed_and_one_within_it_answered(tmp_path):
    """A 100-byte body may take BODY_TIMEOUT_S (5 s) + 100 / 4096 s: 10 bytes then nothing is closed at about 5 s
    (before: never); 8 bytes dribbled over 3.2 s are answered."""
    proc, port = _serve(tmp_path, "--workers", "1")
    try:
        stalled = _post_head(port, 100, b"0123456789")
        what, when = _answered_or_closed(stalled, 15)
        assert what == "closed" and 4.5 <= when <= 7.0, (what, when)
        slow = _post_head(port, 8, b"")
        for k in range(8):
            time.sleep(0.4)
            slow.sendall(b"12345678"[k:k + 1])
        what, _ = _answered_or_closed(slow, 10)
        assert what == "answer"
        stalled.close()
        slow.close()
    finally:
        proc.terminate()
        proc.wait(30)


IDLE = 80


def _whole_answer(s: socket.socket) -> bytes:
    """An answer read to its last byte (by its Content-Length), so that what comes next is the server's close."""
    got = b""
    while b"\r\n\r\n" not in got:
        got += s.recv(4096)
    head, _, body = got.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += s.recv(4096)
    return got


def test_idle_keep_alive_connections_past_the_bound_are_closed(tmp_path):
    """80 connections, each answered once and kept alive (issue 35: 1,100 of them made probes 503): once quiet
    for a second, past 32 from one address (MAX_IDLE_PER_CLIENT) the longest idle are closed; a new client is
    answered throughout."""
    proc, port = _serve(tmp_path, "--workers", "1")
    socks = []
    try:
        for _ in range(IDLE):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert _whole_answer(s).startswith(b"HTTP/1.1 200")
            socks.append(s)
        assert _probe(port) < 5.0
        time.sleep(connections.IDLE_QUIET_S + 0.3)
        assert _probe(port) < 5.0                        # a connection entering a pool: the bounds enforced
        time.sleep(0.5)
        closed = sum(_closed_by_server(s) for s in socks)
        assert closed >= IDLE - connections.MAX_IDLE_PER_CLIENT, closed
        assert not _closed_by_server(socks[-1])          # the most recent stay
    finally:
        for s in socks:
            s.close()
        proc.terminate()
        proc.wait(30)


def test_a_client_gone_mid_body_leaves_no_traceback(tmp_path):
    """20 posts abandoned mid-body (before: 'internal error' and a 40-line ClientDisconnect traceback each)."""
    proc, port = _serve(tmp_path, "--workers", "1", "--log-level", "info")
    try:
        for _ in range(20):
            s = _post_head(port, 1000, b'{"edition": ')
            time.sleep(0.05)
            s.close()
        time.sleep(0.5)
        assert _probe(port) < 5.0
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    text = err.decode(errors="replace")
    assert "Traceback" not in text and "internal error" not in text and "ClientDisconnect" not in text, text[-2000:]


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _record(msg: str, *args: Any, exc: bool = False) -> logging.LogRecord:
    info = (ValueError, ValueError("bug"), None) if exc else None
    return logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, msg, args, info)


@pytest.mark.parametrize("after_s, written", [(9.9, False), (10.0, True)])    # REPEAT_WINDOW_S = 10
def test_a_repeated_line_is_written_once_per_window(after_s, written):
    clock = Clock()
    f = Repeats(clock=clock)
    assert f.filter(_record("Exceeded concurrency limit."))
    for _ in range(5):
        assert not f.filter(_record("Exceeded concurrency limit."))
    clock.now += after_s
    again = _record("Exceeded concurrency limit.")
    assert f.filter(again) is written
    if written:
        assert "(6 more like this in the last 10 s left out)" in again.getMessage() or \
            "(5 more like this in the last 10 s left out)" in again.getMessage()


def test_lines_that_differ_and_tracebacks_are_always_written():
    f = Repeats(clock=Clock())
    assert f.filter(_record("closing %s", "a")) and not f.filter(_record("closing %s", "b"))   # same format
    assert f.filter(_record("another line"))
    assert f.filter(_record("internal error %s", "x", exc=True)) and f.filter(_record("internal error %s", "y",
                                                                                          exc=True))
