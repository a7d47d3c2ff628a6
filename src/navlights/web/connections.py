"""Connections that never finish their request head (slowloris) cannot crowd out the clients that do.

uvicorn (0.38) has no header timeout: a connection that sends half a request head and then nothing stays open for
ever, and counts against ``limit_concurrency``, so 1,000 of them made every new request a 503 (issue 23). uvicorn
takes the HTTP protocol as a class (``uvicorn.run(..., http=GuardedHTTP)``, its documented extension point); this one
wraps the protocol uvicorn would use (its ``auto`` choice) and talks to it through the public asyncio protocol and
transport interfaces only, and adds two guards at the connection level, before any HTTP or ASGI:

* a **head timeout**: a connection must complete a request head (the empty line after the headers) within
  :attr:`GuardedHTTP.head_timeout_s` of opening, or of the server's last answer on it; otherwise it is closed;
* a **bound on waiting connections**: at most :attr:`GuardedHTTP.max_waiting` connections of a server process may be
  waiting for their head at once, and at most :attr:`GuardedHTTP.max_waiting_per_client` from one address; past it,
  the connection that has waited longest is closed. A client that sends its request at once is never the one that
  waited longest, so it is served however many half-open connections another client (or the same address) holds.

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


class _Waiting:
    """The connections of one server waiting for a request head, oldest first, overall and by client address."""

    def __init__(self) -> None:
        self.all: OrderedDict[int, GuardedHTTP] = OrderedDict()
        self.by_client: dict[str, OrderedDict[int, GuardedHTTP]] = {}

    def add(self, conn: GuardedHTTP) -> None:
        self.all[id(conn)] = conn
        self.by_client.setdefault(conn.client, OrderedDict())[id(conn)] = conn

    def remove(self, conn: GuardedHTTP) -> None:
        self.all.pop(id(conn), None)
        mine = self.by_client.get(conn.client)
        if mine is not None:
            mine.pop(id(conn), None)
            if not mine:
                del self.by_client[conn.client]

    def over(self, conn: GuardedHTTP) -> list[GuardedHTTP]:
        """The connections to close so that the bounds hold again after ``conn`` came: the oldest waiting."""
        out: list[GuardedHTTP] = []
        mine = self.by_client.get(conn.client, OrderedDict())
        extra = len(mine) - conn.max_waiting_per_client
        out += [c for c in list(mine.values())[:max(extra, 0)]]
        extra = len(self.all) - conn.max_waiting - len(out)
        if extra > 0:
            out += [c for c in self.all.values() if c not in out][:extra]
        return out


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
        from uvicorn.config import HTTP_PROTOCOLS
        from uvicorn.importer import import_from_string
        inner_class = import_from_string(HTTP_PROTOCOLS["auto"])
        self._inner: asyncio.Protocol = inner_class(*args, **kwargs)
        self._waiting = _waiting_of(kwargs.get("server_state"))
        self._loop = kwargs.get("_loop") or asyncio.get_event_loop()
        self._transport: asyncio.Transport | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._tail = b""
        self.client = ""
        self.waiting = False

    # --- the asyncio protocol, passed on ------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        peer = transport.get_extra_info("peername")
        self.client = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else str(peer or "")
        self._inner.connection_made(_Transport(transport, self))  # type: ignore[arg-type]
        self._wait()

    def data_received(self, data: bytes) -> None:
        if self.waiting:
            seen = self._tail + data
            if b"\r\n\r\n" in seen or b"\n\n" in seen:
                self._done_waiting()
            else:
                self._tail = seen[-3:]
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self._done_waiting()
        self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self._inner.pause_writing()

    def resume_writing(self) -> None:
        self._inner.resume_writing()

    def __getattr__(self, name: str) -> Any:      # what uvicorn asks of its protocol (shutdown, ...)
        if name == "_inner":
            raise AttributeError(name)
        return getattr(self._inner, name)

    # --- the guard ----------------------------------------------------------------------------------------

    def answered(self, head: bytes) -> None:
        """The server wrote (part of) an answer: the next request's head is awaited from now on."""
        if not head.startswith(b"HTTP/1.1 100") and not self.waiting:
            self._wait()

    def _wait(self) -> None:
        if self._transport is None or self._transport.is_closing():
            return
        self.waiting = True
        self._tail = b""
        self._timer = self._loop.call_later(self.head_timeout_s, self._close, "no request head in "
                                            f"{self.head_timeout_s:g} s")
        self._waiting.add(self)
        for old in self._waiting.over(self):
            old._close(f"more than {self.max_waiting_per_client} connections from {old.client} (or "
                       f"{self.max_waiting} in all) waiting for a request head; the oldest closed")

    def _done_waiting(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.waiting:
            self.waiting = False
            self._waiting.remove(self)

    def _close(self, why: str) -> None:
        self._done_waiting()
        if self._transport is not None and not self._transport.is_closing():
            log.debug("closing a connection from %s: %s", self.client, why)
            self._transport.close()


__all__ = ["GuardedHTTP", "HEAD_TIMEOUT_ENV"]
