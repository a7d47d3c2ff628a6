"""The web app's outer guard: request size limits, security headers, and the last catch for a bug.

A pure ASGI middleware, so it sees every request before routing and every exception that no
handler took. Oversized requests get 413 (body) or 414 (query string); a POST whose Origin is
another site gets 403 (a page elsewhere cannot answer training questions for you); an unexpected
exception is logged with its traceback and answered with a one-line JSON error, never a traceback
page. A client that goes away before its body is read is no error of ours: nothing is logged at
``info`` (one short line at ``debug``).

The log is bounded too (:class:`Repeats`, installed by ``navlights serve``): a line logged again and
again (a 503 for each refused request, a client gone) is written once per :data:`REPEAT_WINDOW_S`,
with how many like it were left out.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import uuid
from typing import Any, Awaitable, Callable, Sequence

log = logging.getLogger("navlights.web")

MAX_BODY_BYTES = 64 * 1024
MAX_QUERY_BYTES = 4 * 1024
MAX_PATH_BYTES = 1024

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]


class TooLarge(Exception):
    """The request body ran past the limit while it was read."""


async def _send_json(send: Send, status: int, body: dict[str, Any], extra: Sequence[tuple[bytes, bytes]] = ()) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *SECURITY_HEADERS, *extra]})
    await send({"type": "http.response.body", "body": data})


def _same_origin(headers: dict[bytes, bytes]) -> bool:
    """A request that changes something comes from this app's own pages (or from no browser page at all)."""
    origin = headers.get(b"origin")
    if origin is None:
        return True
    host = headers.get(b"host", b"")
    return origin.split(b"://", 1)[-1] == host


class Guard:
    """Size limits, security headers and the catch-all around an ASGI app."""

    def __init__(self, app: Callable[..., Awaitable[None]], max_body: int = MAX_BODY_BYTES,
                 max_query: int = MAX_QUERY_BYTES) -> None:
        self.app = app
        self.max_body = max_body
        self.max_query = max_query

    def _refusal(self, scope: Scope) -> dict[str, Any] | None:
        """The error body of a request refused before routing (414, 404, 403, 400, 413), or None."""
        query = scope.get("query_string", b"")
        if len(query) > self.max_query:
            return {"error": f"query string: too long ({len(query)} bytes); allowed: at most {self.max_query} bytes",
                    "field": "query", "status": 414}
        if len(scope.get("raw_path") or scope.get("path", "").encode()) > MAX_PATH_BYTES:
            return {"error": f"path: too long; allowed: at most {MAX_PATH_BYTES} bytes", "field": "path", "status": 414}
        if "\x00" in scope.get("path", ""):
            return {"error": "path: contains a NUL byte (%00); no such page", "field": "path", "status": 404}
        headers = dict(scope.get("headers") or [])
        if scope.get("method") not in ("GET", "HEAD", "OPTIONS") and not _same_origin(headers):
            return {"error": "origin: a form from another site may not post here", "field": "origin", "status": 403}
        length = headers.get(b"content-length")
        if length is None:
            return None
        try:
            n = int(length)
        except ValueError:
            n = -1
        if n < 0:
            return {"error": "content-length: not a number", "field": "content-length", "status": 400}
        if n > self.max_body:
            return {"error": f"body: too large ({n} bytes); allowed: at most {self.max_body} bytes", "field": "body",
                    "status": 413}
        return None

    async def _head(self, scope: Scope, receive: Receive, send: Send) -> None:
        """HEAD as GET, the body left out (its Content-Length kept)."""
        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                if not message.get("more_body", False):
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            await send(message)
        await self(dict(scope, method="GET"), receive, without_body)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            await _send_json(send, refusal["status"], refusal)
            return
        if scope.get("method") == "HEAD":          # every GET route answers HEAD: the same status and headers
            await self._head(scope, receive, send)
            return

        received = 0
        overflow = False          # the body ran past the limit: whatever the app answers becomes a 413
        replaced = False

        async def limited_receive() -> Message:
            nonlocal received, overflow
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    overflow = True
                    raise TooLarge()
            return message

        started = False

        async def guarded_send(message: Message) -> None:
            nonlocal started, replaced
            if replaced:
                return
            if overflow and message["type"] == "http.response.start":
                started = replaced = True
                await _send_json(send, 413, {"error": f"body: too large; allowed: at most {self.max_body} bytes",
                                             "field": "body", "status": 413})
                return
            if message["type"] == "http.response.start":
                started = True
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except TooLarge:
            if not started:
                await _send_json(send, 413, {"error": f"body: too large; allowed: at most {self.max_body} bytes",
                                             "field": "body", "status": 413})
        except Exception as e:
            if _client_gone(e):
                log.debug("client went away on %s %s before its request was read", scope.get("method"),
                          scope.get("path"))
                return
            ref = uuid.uuid4().hex[:12]
            log.exception("internal error %s on %s %s", ref, scope.get("method"), scope.get("path"))
            if not started:
                await _send_json(send, 500, {"error": f"internal error (reference {ref}); the server log has "
                                                      "the details", "field": None, "status": 500})


def _client_gone(e: BaseException) -> bool:
    """The client closed its connection before its request was read (Starlette's ``ClientDisconnect``)."""
    from starlette.requests import ClientDisconnect
    return isinstance(e, ClientDisconnect)


#: A line repeated within this window is written once, and the count of those left out with the next one.
REPEAT_WINDOW_S = 10.0


class Repeats(logging.Filter):
    """A logging filter that writes a message (by its logger and format, not its arguments) at most once per
    :data:`REPEAT_WINDOW_S`; the next one written after a window says how many like it were left out. A
    traceback (a bug of ours) is always written. Used in ``navlights serve``'s logging configuration."""

    def __init__(self, name: str = "", window_s: float = REPEAT_WINDOW_S, clock: Any = time.monotonic) -> None:
        super().__init__(name)
        self.window_s, self.clock = window_s, clock
        self._seen: dict[tuple[str, str], tuple[float, int]] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            return True
        key = (record.name, str(record.msg))
        now = self.clock()
        with self._lock:
            first, left_out = self._seen.get(key, (-self.window_s - 1.0, 0))
            if now - first < self.window_s:
                self._seen[key] = (first, left_out + 1)
                return False
            if len(self._seen) > 1000:
                self._seen.clear()
            self._seen[key] = (now, 0)
        if left_out:
            record.msg = f"{record.msg} ({left_out} more like this in the last {self.window_s:g} s left out)"
        return True
