"""The web app: pages for explore, identify, compare, train and editions, each with a ``.json`` twin.

``create_app(db_path=None)`` builds the FastAPI app; ``navlights serve`` runs it. The JSON API is
documented at ``/docs``. Bad input is a 422 whose ``error`` is one line naming the field; oversized
requests are refused (413, 414); an unexpected exception is logged and answered with a JSON error.

The routes live in ``routes/`` (a module per page), the helpers they share in ``common.py``; this
module builds the app, its middleware and error handlers, and includes the routers.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import AsyncIterator, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from swagger_ui_bundle import swagger_ui_path

from .. import api
from . import pages
from ..errors import NavlightsError
from .common import HERE, Context, error_json, error_page, first_error, status_of, templates, wants_json
from .guard import Guard
from .queries import CompareQuery, IdentifyQuery, RenderQuery, TrainQuery, ViewQuery
from .routes import ROUTERS
from .routes.docs import SWAGGER_STATIC
from .results import ResultStore, default_results_path
from .training import Progress

log = logging.getLogger("navlights.web")
#: The environment variable that asks create_app to prepare (worker processes of ``navlights serve``).
PREPARE_ENV = "NAVLIGHTS_PREPARE"

DESCRIPTION = """\
What lights and shapes a vessel shows under each historical edition of the rules held in the rule base
(listed at `/editions.json`), what an observer sees of her, and how the editions differ.

Every page has a `.json` twin taking the same query parameters (`/explore` and `/explore.json`).
Errors are JSON: `{"error": "<one line naming the field>", "field": "<field>", "status": 422}`.
Vessel parameters mirror the CLI's vessel options (`--tow-length` is `tow_length`).
"""

TAGS = [
    {"name": "pages", "description": "The data behind each HTML page."},
    {"name": "pictures", "description": "The observer's view, in words and as SVG."},
    {"name": "editions", "description": "What changed between editions, and which governed when and where."},
    {"name": "training", "description": "Questions, answers and progress (kept in SQLite)."},
]


class ErrorBody(BaseModel):
    """Every error the app answers: one line naming the field."""

    error: str = Field(..., description="one line naming the field, the value and what is allowed")
    field: str | None = Field(None, description="the parameter or field at fault")
    status: int = Field(..., description="the HTTP status, repeated")


#: Every status the app answers besides 200, on every operation (the guard and the handlers answer them all alike).
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "A Content-Length that is not a number"},
    403: {"model": ErrorBody, "description": "A POST whose Origin is another site"},
    404: {"model": ErrorBody, "description": "No such page, question or file (a NUL byte in a path included)"},
    405: {"model": ErrorBody, "description": "Method not allowed here (the `Allow` header lists those that are)"},
    413: {"model": ErrorBody, "description": "Body over 64 KiB"},
    414: {"model": ErrorBody, "description": "Query string over 4 KiB, or path over 1 KiB"},
    422: {"model": ErrorBody, "description": "Bad input: `error` is one line naming the field, the value and what "
                                             "is allowed"},
    429: {"model": ErrorBody, "description": "More new results kept from one address in a minute than allowed "
                                             "(Retry-After)"},
    500: {"model": ErrorBody, "description": "A bug: logged with a reference the answer gives, never a traceback"},
    503: {"model": ErrorBody, "description": "No renderer or identification in this build, the training "
                                             "database or the result store cannot be opened, or the server is "
                                             "computing as many encounters as it may at once (Retry-After)"},
}

#: The parameters each JSON route takes, for 'unknown parameter' messages.
_QUERY_MODELS: dict[str, type[BaseModel]] = {
    "/explore.json": ViewQuery, "/api/view.json": ViewQuery, "/api/render.svg": RenderQuery,
    "/compare.json": CompareQuery, "/identify.json": IdentifyQuery, "/train.json": TrainQuery}


def create_app(db_path: str | Path | None = None, *, seed: int | None = None, prepare: bool | None = None,
               results_db: str | Path | None = None) -> FastAPI:
    """The web app; training progress goes to ``db_path`` (default: $NAVLIGHTS_DB or the user's data dir), the
    inputs of kept results to ``results_db`` (default: ``results.sqlite`` beside the progress database).

    ``prepare``: when the server starts, make the identification indexes in a background thread (read from
    the disk cache, or built), so that the first identify request finds them ready (default: $NAVLIGHTS_PREPARE
    is 1; ``navlights serve`` sets it)."""
    if prepare is None:
        prepare = os.environ.get(PREPARE_ENV) == "1"
    app = FastAPI(title="navlights", version=api.version(), description=DESCRIPTION, openapi_tags=TAGS,
                  docs_url=None, redoc_url=None, responses=ERRORS, lifespan=_prepare if prepare else None)
    ctx = Context(progress=Progress(db_path, seed=seed), templates=templates(),
                  results=ResultStore(results_db if results_db is not None else default_results_path(db_path)))
    app.state.ctx = ctx
    app.state.progress = ctx.progress
    app.mount(SWAGGER_STATIC, StaticFiles(directory=str(swagger_ui_path)), name="swagger-ui")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_middleware(Guard)
    app.exception_handler(NavlightsError)(navlights_error)
    app.exception_handler(RequestValidationError)(validation_error)
    app.exception_handler(StarletteHTTPException)(http_error)
    for router in ROUTERS:
        app.include_router(router)
    return app


@asynccontextmanager
async def _prepare(app: FastAPI) -> AsyncIterator[None]:
    """Server start: the identification indexes are made in a background thread, at low priority; then one
    identify request is rehearsed on the server's own event loop (:func:`_rehearse`)."""
    loop = asyncio.get_running_loop()
    threading.Thread(target=_prepare_identify, args=(app, loop), name="navlights-prepare", daemon=True).start()
    yield


#: The request rehearsed at start (a picture none of the benchmarks or tests asks for first).
REHEARSAL = ("/identify.json", b"notation=W%2FW+R")


def _prepare_identify(app: FastAPI | None = None, loop: asyncio.AbstractEventLoop | None = None) -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)      # Linux: this thread only
    except (AttributeError, OSError):
        pass
    try:
        if pages.identifier() is None:
            return
        api.prepare_identify(api.identify_cache_dir())
    except Exception:  # the first identify request builds what is missing and reports its own errors
        log.exception("preparing the identification indexes failed")
        return
    if app is not None and loop is not None and not loop.is_closed():
        try:
            asyncio.run_coroutine_threadsafe(_rehearse(app, *REHEARSAL), loop).result(timeout=60)
        except Exception:  # a rehearsal only warms; a real request reports its own errors
            log.debug("rehearsing %s failed", REHEARSAL[0], exc_info=True)


async def _rehearse(app: FastAPI, path: str, query: bytes) -> int:
    """One GET through the whole app (the guard, routing, the query model, the engine, the JSON response), its
    answer dropped: what a first request did and later ones do not (the query model's first validation, the
    standard library's percent-decoding table, each layer's first pass) is done before a client asks. The
    status."""
    status = 0

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
             "query_string": query, "headers": [(b"host", b"127.0.0.1")], "client": ("127.0.0.1", 0),
             "server": ("127.0.0.1", 0), "state": {}}
    await app(scope, receive, send)
    return status


# --- errors -----------------------------------------------------------------------------------


async def navlights_error(request: Request, exc: NavlightsError) -> Response:
    """navlights' own errors: their one line and field, 422 (404, 503 where they say so)."""
    status = status_of(exc)
    retry = getattr(exc, "retry_after_s", None)
    headers = {"Retry-After": str(retry)} if retry is not None else None
    if wants_json(request):
        return error_json(status, exc.field, str(exc), headers=headers)
    answer = error_page(request, status, str(exc), exc.field)
    answer.headers.update(headers or {})
    return answer


async def validation_error(request: Request, exc: RequestValidationError) -> Response:
    """FastAPI's validation errors, reduced to one line naming the field."""
    m = _QUERY_MODELS.get(request.scope.get("path", ""))
    field, message = first_error(exc.errors(), tuple(m.model_fields) if m else ())
    if api.json_depth(getattr(exc, "body", None)) > api.MAX_JSON_DEPTH:
        field, message = "body", str(api.too_deep("body"))
    if wants_json(request):
        return error_json(422, field, message)
    return error_page(request, 422, message, field)


async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
    """404, 405 and a body that is not JSON, in the same form."""
    words = {404: f"{request.url.path}: no such page", 405: f"{request.method}: not allowed here"}
    message = words.get(exc.status_code, str(exc.detail))
    if exc.status_code == 400 and "parsing the body" in str(exc.detail):
        if isinstance(exc.__cause__, RecursionError):
            return error_json(422, "body", str(api.too_deep("body")))
        return error_json(422, "body", "body: cannot be read as JSON (malformed or not UTF-8)")
    if wants_json(request) or exc.status_code == 405:
        return error_json(exc.status_code, None, message, headers=getattr(exc, "headers", None))
    return error_page(request, exc.status_code, message)


__all__ = ["create_app"]
