"""Connections that never finish their request head (slowloris) cannot crowd out the clients that do.

uvicorn (0.38) has no header timeout: a connection that sends half a request head and then nothing stays open for
ever, and counts against ``limit_concurrency``, so 1,000 of them made every new request a 503 (issue 23). uvicorn
takes the HTTP protocol as a class (``uvicorn.run(..., http=GuardedHTTP)``, its documented extension point); this one
wraps the protocol uvicorn would use (its ``auto`` choice) and talks to it through the public asyncio protocol and
transport interfaces only, and adds two guards at the connection level, before any HTTP or ASGI:

* a **head timeout**: a connection must complete a request head (the empty line after the headers) within
  :attr:`GuardedHTTP.head_timeout_s` of opening, or of the server's last answer on it; otherwise it is closed;
* a **bound on new connections waiting**: at most :attr:`GuardedHTTP.max_waiting` connections of a server process
  may be waiting for their first request head at once, and at most :attr:`GuardedHTTP.max_waiting_per_client` from
  one address; past it, those that have waited longest are closed. The bounds are enforced a moment
  (:data:`ENFORCE_AFTER_S`) after a connection comes, once the server has read what arrived with it: a client that
  sends its request at once has then left the waiting, so it is served however many half-open connections another
  client (or the same address) holds, even when it connects amid a burst of them. A kept-alive connection that has been answered is not counted (its next head has the timeout;
  closing it under a client about to reuse it would lose that client's request).

uvicorn's own protocol is made for a connection only once its first request head is complete (or over
:data:`MAX_HEAD_BYTES`): a half-open connection costs an asyncio transport and this small object, never counts in
uvicorn's ``limit_concurrency``, and closing it touches nothing of uvicorn's.

Nothing here parses HTTP beyond looking for the end of a head (``\\r\\n\\r\\n`` or ``\\n\\n``) in the bytes that
arrive while a connection is waiting for one, and noticing when the server writes an answer (a ``100 Continue``
is not an answer).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import OrderedDict
from typing import Any

log = logging.getLogger("navlights.web")

#: Defaults; ``navlights serve --head-timeout`` sets the first through the environment variable (worker processes
#: import this class by name, so its bounds travel in the environment).
HEAD_TIMEOUT_S = 10.0
MAX_WAITING = 256
MAX_WAITING_PER_CLIENT = 32
HEAD_TIMEOUT_ENV = "NAVLIGHTS_HEAD_TIMEOUT"
#: The bytes a first request head is held before uvicorn's protocol takes over in any case (h11 refuses a head over
#: 16 KiB itself, with its own answer).
MAX_HEAD_BYTES = 64 * 1024
#: How long after a connection comes the bounds are enforced (the server reads what came with it meanwhile).
ENFORCE_AFTER_S = 0.1
#: How often overdue heads are looked for (a connection is closed at most this late).
SWEEP_S = 0.5
_INNER: list[type[asyncio.Protocol]] = []


def _inner_class() -> type[asyncio.Protocol]:
    """The protocol uvicorn would use (its ``auto`` choice: httptools if installed, else h11)."""
    if not _INNER:
        from uvicorn.config import HTTP_PROTOCOLS
        from uvicorn.importer import import_from_string
        _INNER.append(import_from_string(HTTP_PROTOCOLS["auto"]))
    return _INNER[0]


class _Waiting:
    """The connections of one server waiting for a request head: all of them with their deadlines (swept every
    :data:`SWEEP_S`), and the new ones (not yet answered) oldest first, overall and by client address."""

    def __init__(self) -> None:
        self.timed: dict[int, GuardedHTTP] = {}
        self.all: OrderedDict[int, GuardedHTTP] = OrderedDict()
        self.by_client: dict[str, OrderedDict[int, GuardedHTTP]] = {}
        self.enforcing = False
        self.sweeping = False

    def wait(self, conn: GuardedHTTP, loop: asyncio.AbstractEventLoop) -> None:
        self.timed[id(conn)] = conn
        if not self.sweeping:
            self.sweeping = True
            loop.call_later(SWEEP_S, self.sweep, loop)

    def sweep(self, loop: asyncio.AbstractEventLoop) -> None:
        """Close the connections whose head is overdue; again in a moment while any waits."""
        now = loop.time()
        for conn in [c for c in self.timed.values() if c.deadline <= now]:
            conn.close(f"no request head in {conn.head_timeout_s:g} s")
        self.sweeping = bool(self.timed)
        if self.sweeping:
            loop.call_later(SWEEP_S, self.sweep, loop)

    def count(self, conn: GuardedHTTP, loop: asyncio.AbstractEventLoop) -> None:
        """A new connection waits for its first head: counted in the bounds, enforced in a moment."""
        self.all[id(conn)] = conn
        self.by_client.setdefault(conn.client, OrderedDict())[id(conn)] = conn
        if not self.enforcing:
            self.enforcing = True
            loop.call_later(ENFORCE_AFTER_S, self.enforce, conn.max_waiting_per_client, conn.max_waiting)

    def enforce(self, per_client: int, overall: int) -> None:
        """Close the connections that have waited longest past the bounds (one pass for a burst)."""
        self.enforcing = False
        for client in list(self.by_client):
            mine = self.by_client.get(client)
            extra = len(mine) - per_client if mine else 0
            for conn in list(mine.values())[:max(extra, 0)] if mine else ():
                conn.close(f"more than {per_client} connections from {client} waiting for a request head")
        extra = len(self.all) - overall
        for conn in list(self.all.values())[:max(extra, 0)]:
            conn.close(f"more than {overall} connections waiting for a request head")

    def done(self, conn: GuardedHTTP) -> None:
        self.timed.pop(id(conn), None)
        if conn.counted:
            conn.counted = False
            self.all.pop(id(conn), None)
            mine = self.by_client.get(conn.client)
            if mine is not None:
                mine.pop(id(conn), None)
                if not mine:
                    del self.by_client[conn.client]


#: The waiting connections of each server (keyed by uvicorn's per-server state object, kept with it).
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
    """uvicorn's HTTP protocol behind a head timeout and a bound on connections waiting for their head."""

    max_waiting: int = MAX_WAITING
    max_waiting_per_client: int = MAX_WAITING_PER_CLIENT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.head_timeout_s = float(os.environ.get(HEAD_TIMEOUT_ENV) or HEAD_TIMEOUT_S)
        self._args, self._kwargs = args, kwargs
        self._inner: asyncio.Protocol | None = None       # uvicorn's protocol, made once a first head is complete
        self._buffer = b""
        self._waiting = _waiting_of(kwargs.get("server_state"))
        self._loop = kwargs.get("_loop") or asyncio.get_event_loop()
        self._transport: asyncio.Transport | None = None
        self.deadline = 0.0
        self._tail = b""
        self.client = ""
        self.waiting = False
        self.counted = False      # in the bound on new connections waiting (until its first answer)
        self.served = False

    # --- the asyncio protocol, passed on ------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        peer = transport.get_extra_info("peername")
        self.client = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else str(peer or "")
        self._wait()

    def data_received(self, data: bytes) -> None:
        complete = False
        if self.waiting:
            seen = self._tail + data
            complete = b"\r\n\r\n" in seen or b"\n\n" in seen
            if complete:
                self._done_waiting()
            else:
                self._tail = seen[-3:]
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
        self._done_waiting()
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

    def answered(self, head: bytes) -> None:
        """The server wrote (part of) an answer: the next request's head is awaited from now on."""
        if not self.waiting and not head.startswith(b"HTTP/1.1 100"):
            self.served = True
            self._wait()

    def _wait(self) -> None:
        if self._transport is None or self._transport.is_closing():
            return
        self.waiting = True
        self._tail = b""
        self.deadline = self._loop.time() + self.head_timeout_s
        self._waiting.wait(self, self._loop)
        if not self.served:
            self.counted = True
            self._waiting.count(self, self._loop)

    def _done_waiting(self) -> None:
        if self.waiting:
            self.waiting = False
            self._waiting.done(self)

    def close(self, why: str) -> None:
        """Closed by the guard: its head is overdue, or it has waited longest past the bounds."""
        self._done_waiting()
        if self._transport is not None and not self._transport.is_closing():
            log.debug("closing a connection from %s: %s", self.client, why)
            self._transport.close()


__all__ = ["GuardedHTTP", "HEAD_TIMEOUT_ENV"]
