"""Every byte of a request is bounded in time, and connections that send slowly or sit idle cannot crowd out the
clients that do not.

uvicorn (0.38) has no header or body timeout, and counts every connection it holds (idle kept-alive ones too)
against ``limit_concurrency``: 1,000 half-open heads (issue 23), 1,100 bodies sent a byte every 5 s, or 1,100
kept-alive connections each asking every 4 s (issue 35) made every new request a 503. uvicorn takes the HTTP
protocol as a class (``uvicorn.run(..., http=GuardedHTTP)``, its documented extension point); this one wraps the
protocol uvicorn would use (its ``auto`` choice), talks to it through the public asyncio protocol and transport
interfaces only, and adds guards at the connection level, before any HTTP or ASGI:

* a **head timeout**: a connection must complete a request head (the empty line after the headers) within
  :attr:`GuardedHTTP.head_timeout_s` of opening, or of the server's last answer on it; otherwise it is closed;
* a **body timeout and minimum rate**: once the head is complete, the body it announces (``Content-Length``, or
  chunks until the server answers) must arrive within :data:`BODY_TIMEOUT_S` plus its length at
  :data:`MIN_BODY_RATE_BPS`; otherwise the connection is closed (64 KiB, the largest body: 5 + 16 s);
* **capacity kept for new clients**, three pools with a bound overall and per client address: connections waiting
  for their first request head (:data:`MAX_WAITING`, :data:`MAX_WAITING_PER_CLIENT`), connections sending a body
  (:data:`MAX_READING`, :data:`MAX_READING_PER_CLIENT`), and kept-alive connections idle after an answer
  (:data:`MAX_IDLE`, :data:`MAX_IDLE_PER_CLIENT`). Past a bound, the connections that have been in that pool
  longest are closed. The bounds are enforced a moment (:data:`ENFORCE_AFTER_S`) after a connection enters a pool,
  once the server has read what arrived with it: a client that sends its request (and its body) at once has left
  the pool by then, so it is served however many slow or idle connections another client (or the same address)
  holds. An idle kept-alive connection closed so is one the client must open again (HTTP lets a server close an
  idle connection at any time); one that has begun a new request is never closed for being idle.

The three pools together stay far below uvicorn's ``limit_concurrency`` (``navlights serve``: 1,024), which is
left for requests the server is working on. uvicorn's own protocol is made for a connection only once its first
request head is complete (or over :data:`MAX_HEAD_BYTES`): a half-open connection costs an asyncio transport and
this small object, and closing it touches nothing of uvicorn's.

Nothing here parses HTTP beyond looking for the end of a head (``\\r\\n\\r\\n`` or ``\\n\\n``) and its
``Content-Length`` and ``Transfer-Encoding`` in the bytes that arrive while a connection is waiting for one, and
noticing when the server writes an answer (a ``100 Continue`` is not an answer).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
from collections import OrderedDict
from typing import Any

log = logging.getLogger("navlights.web")

#: Defaults; ``navlights serve --head-timeout`` sets the first through the environment variable (worker processes
#: import this class by name, so its bounds travel in the environment).
HEAD_TIMEOUT_S = 10.0
HEAD_TIMEOUT_ENV = "NAVLIGHTS_HEAD_TIMEOUT"
#: Set to 1 by ``navlights serve --behind-proxy``: every connection comes from the front server, which bounds each
#: client address itself, so the per-address bounds here are the overall ones.
BEHIND_PROXY_ENV = "NAVLIGHTS_BEHIND_PROXY"
#: A body must arrive within this long after its head, plus its length at the minimum rate.
BODY_TIMEOUT_S = 5.0
MIN_BODY_RATE_BPS = 4096
#: The pools' bounds, overall (per server process) and per client address.
MAX_WAITING, MAX_WAITING_PER_CLIENT = 256, 32
MAX_READING, MAX_READING_PER_CLIENT = 128, 16
MAX_IDLE, MAX_IDLE_PER_CLIENT = 256, 32
#: An idle connection is closed for the bounds only once the server has written nothing to it for this long.
IDLE_QUIET_S = 1.0
#: The bytes a first request head is held before uvicorn's protocol takes over in any case (h11 refuses a head over
#: 16 KiB itself, with its own answer); the bytes of a later head looked at for its length.
MAX_HEAD_BYTES = 64 * 1024
#: How long after a connection enters a pool its bounds are enforced (the server reads what came with it meanwhile).
ENFORCE_AFTER_S = 0.1
#: How often overdue heads and bodies are looked for (a connection is closed at most this late).
SWEEP_S = 0.5
_INNER: list[type[asyncio.Protocol]] = []
_LENGTH = re.compile(rb"\r?\ncontent-length[ \t]*:[ \t]*(\d{1,12})[ \t]*\r?\n", re.IGNORECASE)
_CHUNKED = re.compile(rb"\r?\ntransfer-encoding[ \t]*:[^\r\n]*chunked", re.IGNORECASE)
_HEAD_END = re.compile(rb"\r?\n\r?\n")


def _inner_class() -> type[asyncio.Protocol]:
    """The protocol uvicorn would use (its ``auto`` choice: httptools if installed, else h11)."""
    if not _INNER:
        from uvicorn.config import HTTP_PROTOCOLS
        from uvicorn.importer import import_from_string
        _INNER.append(import_from_string(HTTP_PROTOCOLS["auto"]))
    return _INNER[0]


class _Pool:
    """Connections in one state (waiting for a first head, sending a body, idle), oldest first, overall and by
    client address, with their bounds."""

    def __init__(self, name: str, overall: int, per_client: int) -> None:
        self.name, self.overall, self.per_client = name, overall, per_client
        self.all: OrderedDict[int, GuardedHTTP] = OrderedDict()
        self.by_client: dict[str, OrderedDict[int, GuardedHTTP]] = {}

    def add(self, conn: GuardedHTTP) -> None:
        self.all[id(conn)] = conn
        self.by_client.setdefault(conn.client, OrderedDict())[id(conn)] = conn

    def remove(self, conn: GuardedHTTP) -> None:
        if self.all.pop(id(conn), None) is None:
            return
        mine = self.by_client.get(conn.client)
        if mine is not None:
            mine.pop(id(conn), None)
            if not mine:
                del self.by_client[conn.client]

    def enforce(self, now: float, quiet_s: float = 0.0) -> None:
        """Close the connections that have been here longest past the bounds (one pass for a burst); only those
        the server has not written to for ``quiet_s`` (an answer still being sent is never cut)."""
        def closable(conns: Any) -> list[GuardedHTTP]:
            return [c for c in conns if now - c.last_write >= quiet_s]
        for client in list(self.by_client):
            mine = self.by_client.get(client)
            extra = len(mine) - self.per_client if mine else 0
            for conn in closable(mine.values())[:max(extra, 0)] if mine else ():
                conn.close(f"more than {self.per_client} connections from {client} {self.name}")
        extra = len(self.all) - self.overall
        for conn in closable(self.all.values())[:max(extra, 0)]:
            conn.close(f"more than {self.overall} connections {self.name}")


class _Waiting:
    """The guarded connections of one server: those with a deadline (swept every :data:`SWEEP_S`), and the pools."""

    def __init__(self) -> None:
        self.timed: dict[int, GuardedHTTP] = {}
        proxied = os.environ.get(BEHIND_PROXY_ENV) == "1"     # one client, the proxy: its bounds are the overall
        self.new = _Pool("waiting for a request head", MAX_WAITING, MAX_WAITING if proxied else MAX_WAITING_PER_CLIENT)
        self.reading = _Pool("sending a request body", MAX_READING,
                             MAX_READING if proxied else MAX_READING_PER_CLIENT)
        self.idle = _Pool("idle after an answer", MAX_IDLE, MAX_IDLE if proxied else MAX_IDLE_PER_CLIENT)
        self.enforcing = False
        self.sweeping = False

    def time(self, conn: GuardedHTTP, loop: asyncio.AbstractEventLoop) -> None:
        self.timed[id(conn)] = conn
        if not self.sweeping:
            self.sweeping = True
            loop.call_later(SWEEP_S, self.sweep, loop)

    def sweep(self, loop: asyncio.AbstractEventLoop) -> None:
        """Close the connections whose head or body is overdue; again in a moment while any has a deadline."""
        now = loop.time()
        for conn in [c for c in self.timed.values() if c.deadline <= now]:
            conn.close(conn.overdue)
        self.sweeping = bool(self.timed)
        if self.sweeping:
            loop.call_later(SWEEP_S, self.sweep, loop)

    def enter(self, pool: _Pool, conn: GuardedHTTP, loop: asyncio.AbstractEventLoop) -> None:
        """``conn`` enters ``pool``: counted in its bounds, enforced in a moment."""
        pool.add(conn)
        if not self.enforcing:
            self.enforcing = True
            loop.call_later(ENFORCE_AFTER_S, self.enforce, loop)

    def enforce(self, loop: asyncio.AbstractEventLoop) -> None:
        self.enforcing = False
        now = loop.time()
        self.new.enforce(now)
        self.reading.enforce(now)
        self.idle.enforce(now, IDLE_QUIET_S)

    def leave(self, conn: GuardedHTTP) -> None:
        self.timed.pop(id(conn), None)
        for pool in (self.new, self.reading, self.idle):
            pool.remove(conn)


#: The guarded connections of each server (keyed by uvicorn's per-server state object, kept with it).
_SERVERS: dict[int, tuple[Any, _Waiting]] = {}


def _waiting_of(server_state: Any) -> _Waiting:
    got = _SERVERS.get(id(server_state))
    if got is None or got[0] is not server_state:
        got = _SERVERS[id(server_state)] = (server_state, _Waiting())
    return got[1]


class _Transport:
    """The transport as the wrapped protocol sees it: the real one, with its writes reported to the guard."""

    def __init__(self, transport: asyncio.Transport, guard: GuardedHTTP) -> None:
        self._transport = transport
        self._guard = guard

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self._transport.write(data)
        self._guard.answered(bytes(data[:12]))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class GuardedHTTP(asyncio.Protocol):
    """uvicorn's HTTP protocol behind head and body timeouts and bounds on slow and idle connections."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.head_timeout_s = float(os.environ.get(HEAD_TIMEOUT_ENV) or HEAD_TIMEOUT_S)
        self._args, self._kwargs = args, kwargs
        self._inner: asyncio.Protocol | None = None       # uvicorn's protocol, made once a first head is complete
        self._buffer = b""
        self._waiting = _waiting_of(kwargs.get("server_state"))
        self._loop = kwargs.get("_loop") or asyncio.get_event_loop()
        self._transport: asyncio.Transport | None = None
        self.deadline = 0.0
        self.overdue = ""
        self._head = b""          # the head being received (at most MAX_HEAD_BYTES of it)
        self.client = ""
        self.state = "new"        # new, head (a later head begun), reading, busy, idle
        self.body_left = 0        # bytes of the body still to come
        self.chunked = False      # a chunked body: read until the server answers (bounded in time alike)
        self.served = False
        self.last_write = 0.0

    # --- the asyncio protocol, passed on ------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        peer = transport.get_extra_info("peername")
        self.client = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else str(peer or "")
        self._await_head()

    def data_received(self, data: bytes) -> None:
        complete = self._watch(data)
        if self._inner is not None:
            self._inner.data_received(data)
            return
        self._buffer += data
        if complete or len(self._buffer) > MAX_HEAD_BYTES:
            assert self._transport is not None
            self._inner = _inner_class()(*self._args, **self._kwargs)
            self._inner.connection_made(_Transport(self._transport, self))  # type: ignore[arg-type]
            data, self._buffer = self._buffer, b""
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        self._waiting.leave(self)
        if self._inner is not None:
            self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()

    def __getattr__(self, name: str) -> Any:      # what uvicorn asks of its protocol (shutdown, ...)
        inner = self.__dict__.get("_inner")
        if inner is None:
            raise AttributeError(name)
        return getattr(inner, name)

    # --- the guard ----------------------------------------------------------------------------------------

    def _watch(self, data: bytes) -> bool:
        """Follow the request as its bytes come: the end of its head (True when this data completes it), then its
        body. Bytes past a body (a pipelined request) are left to uvicorn."""
        if self.state == "idle":                # a new request begins on a kept-alive connection
            self._waiting.idle.remove(self)
            self.state = "head"
        if self.state in ("new", "head"):
            seen = self._head + data
            end = _HEAD_END.search(seen)
            if end is None:
                self._head = seen[-MAX_HEAD_BYTES:]
                return False
            self._head = b""
            self._body(seen[:end.end()], len(seen) - end.end())
            return True
        if self.state == "reading" and not self.chunked:
            self.body_left -= len(data)
            if self.body_left <= 0:
                self._done_reading()
        return False

    def _body(self, head: bytes, sent: int) -> None:
        """A head is complete: its body (announced by ``head``, ``sent`` bytes of it come already) is awaited."""
        self._waiting.leave(self)
        length = _LENGTH.search(head)
        self.chunked = length is None and _CHUNKED.search(head) is not None
        self.body_left = int(length.group(1)) - sent if length is not None else 0
        if self.body_left <= 0 and not self.chunked:
            self.state = "busy"
            return
        expected = self.body_left if not self.chunked else MAX_HEAD_BYTES
        allowed_s = BODY_TIMEOUT_S + expected / MIN_BODY_RATE_BPS
        self.state = "reading"
        self.deadline = self._loop.time() + allowed_s
        self.overdue = f"request body not sent in {allowed_s:.0f} s"
        self._waiting.time(self, self._loop)
        self._waiting.enter(self._waiting.reading, self, self._loop)

    def _done_reading(self) -> None:
        self._waiting.leave(self)
        self.state = "busy"

    def answered(self, head: bytes) -> None:
        """The server wrote (part of) an answer: the next request's head is awaited from now on."""
        self.last_write = self._loop.time()
        if head.startswith(b"HTTP/1.1 100"):
            return
        if self.state in ("busy", "reading"):
            self.served = True
            self._waiting.leave(self)
            self._await_head()

    def _await_head(self) -> None:
        if self._transport is None or self._transport.is_closing():
            return
        self._head = b""
        self.deadline = self._loop.time() + self.head_timeout_s
        self.overdue = f"no request head in {self.head_timeout_s:g} s"
        self._waiting.time(self, self._loop)
        if self.served:
            self.state = "idle"
            self._waiting.enter(self._waiting.idle, self, self._loop)
        else:
            self.state = "new"
            self._waiting.enter(self._waiting.new, self, self._loop)

    def close(self, why: str) -> None:
        """Closed by the guard: its head or body is overdue, or it has been longest in a pool past its bounds."""
        self._waiting.leave(self)
        if self._transport is not None and not self._transport.is_closing():
            log.debug("closing a connection from %s: %s", self.client, why)
            self._transport.close()


__all__ = ["BEHIND_PROXY_ENV", "GuardedHTTP", "HEAD_TIMEOUT_ENV"]
