"""What every route module shares: the app's state, page rendering, error bodies, query parsing.

The app's state is one :class:`Context` on ``app.state.ctx`` (the training progress and the
templates), built by ``create_app``; handlers reach it through the request, never a closure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from collections.abc import Callable
from typing import Any, TypeVar, cast
from urllib.parse import parse_qsl

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup, escape
from pydantic import BaseModel, ValidationError

from .. import api
from ..errors import NavlightsError
from . import figure, form, pages
from .queries import one_line
from .results import NotKept, ResultStore, ResultStoreError, TooManyPosts
from .training import Crowded, NoSuchQuestion, Progress, ProgressError

HERE = Path(__file__).parent
M = TypeVar("M", bound=BaseModel)
R = TypeVar("R")
#: (field, message): a bad input, shown on the page that was asked for.
FieldError = tuple[str, str]
#: The OpenAPI responses of a route that answers an SVG picture.
SVG_RESPONSES: dict[int | str, dict[str, Any]] = {200: {"content": {"image/svg+xml": {}}}}


class Unavailable(NavlightsError, RuntimeError):
    """A feature this build lacks (the renderer, identification)."""


@dataclass(frozen=True, slots=True)
class Context:
    """Per-app state: the learner's progress and the kept results (SQLite, each opened on first use) and the page
    templates."""

    progress: Progress
    templates: Environment
    results: ResultStore


def context(request: Request) -> Context:
    """The app's :class:`Context`."""
    return cast(Context, request.app.state.ctx)


def progress(request: Request) -> Progress:
    """The app's training progress."""
    return context(request).progress


# ---------------------------------------------------------------------------------------------
# Templates


def templates() -> Environment:
    """The Jinja2 environment of the pages: autoescaping, and the filters the templates use."""
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, trim_blocks=True,
                      lstrip_blocks=True, auto_reload=False)
    env.globals.update(version=api.version(), provenance_words=pages.PROVENANCE_WORDS, status_words=api.STATUS_WORDS,
                       aspect_slider=figure.aspect_slider)
    env.globals["vessel_form"] = partial(form.render, env)
    env.filters["sector_label"] = pages.sector_label
    env.filters["ticks"] = _ticks
    env.filters["swatch"] = figure.swatch
    env.filters["token_swatch"] = figure.token_swatch
    env.filters["prov"] = _prov
    env.filters["article"] = _article
    env.filters["lengths"] = api.lengths_words          # lengths_ft of a difference, in the editions' unit
    env.globals["unit_of"] = {"metres": "m", "feet": "ft"}
    return env


def _prov(provenance: str, edition: str | None = None) -> Markup:
    """A provenance badge: primary, secondary, inferred or gap, with its meaning on hover; given the edition, a
    link to that edition's sources (the Editions page's list, which names the docs' sources page)."""
    p = escape(provenance)
    words = escape(pages.PROVENANCE_WORDS.get(provenance, provenance))
    if edition:
        e = escape(edition)
        return Markup(f'<a class="prov prov-{p}" href="/editions#{e}-sources" title="{words}; what it rests on: '
                      f'the sources of {e}">{p}</a>')
    return Markup(f'<span class="prov prov-{p}" title="{words}">{p}</span>')


def _ticks(text: str) -> Markup:
    """Escaped text with `backticks` as <code>."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))


def _article(words: str) -> str:
    """'a vessel', 'an anchor light'."""
    return ("an " if words[:1].lower() in "aeiou" else "a ") + words


#: The cookie that keeps the reader's choice of theme; without it a page follows the browser's preference
#: (``prefers-color-scheme``). Read here so that the page is written in its theme from the first byte.
THEME_COOKIE = "navlights_theme"
THEMES = ("light", "night")


def theme_of(request: Request) -> str | None:
    """The theme the reader chose ('light' or 'night'), or None: follow the browser."""
    chosen = request.cookies.get(THEME_COOKIE)
    return chosen if chosen in THEMES else None


def page(request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
    """An HTML page from its template; every page gets the edition list and what this build can do."""
    return HTMLResponse(page_html(request, name, **ctx), status_code=status)


def page_html(request: Request, name: str, **ctx: Any) -> str:
    """The text of :func:`page`."""
    ctx.setdefault("editions", pages.edition_choices())
    ctx.setdefault("render_available", pages.renderer() is not None)
    ctx.setdefault("identify_available", pages.identifier() is not None)
    ctx.setdefault("theme", theme_of(request))
    ctx.setdefault("path", request.url.path)
    return context(request).templates.get_template(name).render(**ctx)


def error_page(request: Request, status: int, message: str, field: str | None = None) -> HTMLResponse:
    """The error page: the status and the one-line message."""
    return page(request, "error.html", status=status, error=message, field=field, title=f"{status}")


# ---------------------------------------------------------------------------------------------
# Errors


def status_of(err: NavlightsError) -> int:
    """503 for a missing feature or an unusable database, 404 for no such question or kept result, 429 for too
    many new results from one client, else 422."""
    if isinstance(err, (Unavailable, ResultStoreError, Crowded)) or (isinstance(err, ProgressError) and
                                                                    err.field == "db"):
        return 503
    if isinstance(err, (NoSuchQuestion, NotKept)):
        return 404
    if isinstance(err, TooManyPosts):
        return 429
    return 422


def error_body(status: int, field: str | None, message: str) -> dict[str, Any]:
    """The JSON of every error: one line naming the field."""
    return {"error": message, "field": field, "status": status}


def error_json(status: int, field: str | None, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(error_body(status, field, message), status_code=status, headers=headers)


def wants_json(request: Request) -> bool:
    """Whether errors on this path are answered as JSON (the twins, the API, pictures) rather than a page."""
    path = request.scope.get("path", "")      # the decoded path (request.url.path cuts at a decoded "?")
    return path.endswith((".json", ".svg", ".wav")) or path.startswith(("/api/", "/openapi"))


def first_error(errors: Any, allowed_fields: tuple[str, ...] = ()) -> FieldError:
    """(field, message) for the first of pydantic's or FastAPI's validation errors."""
    return one_line(list(errors), allowed_fields)


# ---------------------------------------------------------------------------------------------
# Query strings of the HTML pages (the .json twins let FastAPI parse theirs)


def parse(model: type[M], request: Request, defaults: dict[str, Any] | None = None) -> tuple[M | None,
                                                                                              FieldError | None]:
    """The query string as ``model`` (``defaults`` when there is none), or the first error. A query string that is
    not valid UTF-8 percent-encoding is refused as its .json twin refuses it (issue 35 item 12), not read with
    replacement characters."""
    try:
        parse_qsl(request.scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True, errors="strict")
    except (UnicodeDecodeError, ValueError):
        return None, first_error([{"type": "value_error", "loc": ("query",), "input": None,
                                   "msg": "query string: not valid UTF-8 percent-encoding"}])
    raw = dict(request.query_params)
    if not raw and defaults:
        raw = dict(defaults)
    try:
        return model.model_validate(raw), None
    except ValidationError as e:
        return None, first_error(e.errors(include_url=False), tuple(model.model_fields))


def json_query(model: type[M], request: Request) -> M:
    """The query string of a .json twin as ``model``, parsed once per distinct query (remembered for the last
    4096). An empty value is refused (a page's form takes it as 'not given'); a bad one raises FastAPI's validation
    error, which the app answers as one line naming the field."""
    return _json_query(model, request.scope.get("query_string", b""))


@lru_cache(maxsize=4096)
def _json_query(model: type[M], query: bytes) -> M:
    try:
        raw = dict(parse_qsl(query.decode("latin-1"), keep_blank_values=True, errors="strict"))
    except (UnicodeDecodeError, ValueError):
        raise RequestValidationError([{"type": "value_error", "loc": ("query",), "input": None,
                                       "msg": "query string: not valid UTF-8 percent-encoding"}]) from None
    blank = [k for k, v in raw.items() if k in model.model_fields and not v.strip()]
    if blank:
        raise RequestValidationError([{"type": "blank", "loc": ("query", blank[0]), "input": "",
                                       "msg": "'' (empty) is not allowed; leave the parameter out for its default"}])
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        raise RequestValidationError([{**err, "loc": ("query", *err["loc"])}
                                      for err in e.errors(include_url=False)]) from None


def query_parameters(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI ``parameters`` of a .json twin whose query string :func:`json_query` parses as ``model``."""
    schema = model.model_json_schema()
    required = set(schema.get("required", ()))
    params = []
    for name, prop in schema.get("properties", {}).items():
        options = [o for o in prop.get("anyOf", [prop]) if o.get("type") != "null"]
        inner = dict(options[0]) if len(options) == 1 else {"anyOf": options}
        inner.update({k: v for k, v in prop.items() if k not in ("anyOf", "title", "description")})
        inner.pop("title", None)
        params.append({"name": name, "in": "query", "required": name in required, "schema": inner,
                       "description": prop.get("description", "")})
    return {"parameters": params}


def form_values(request: Request, defaults: dict[str, Any] | None = None) -> dict[str, str]:
    """What the page's form shows: the query, or the defaults when there is none."""
    raw = dict(request.query_params)
    return raw if raw or not defaults else {k: str(v) for k, v in defaults.items()}


def defaults_if_empty(request: Request, q: M, defaults: dict[str, Any]) -> M:
    """``q``, or the defaults when the query string is empty (a first visit)."""
    return type(q).model_validate(defaults) if not request.scope.get("query_string") else q


# ---------------------------------------------------------------------------------------------
# Work off the event loop


_HEAVY: list[Any] = []


def heavy_limiter() -> Any:
    """The one thread (per process) that makes what is slow the first time and remembered after (the comparisons
    of two editions: a second or so of CPU each, once per pair). One at a time: the event loop keeps the GIL most
    of the time, so /healthz and the other routes stay fast while it works, and a client asking for every pair at
    once queues here (waiting costs no thread) rather than filling the threadpool."""
    if not _HEAVY:
        import anyio
        _HEAVY.append(anyio.CapacityLimiter(1))
    return _HEAVY[0]


async def heavy(fn: Callable[..., R], *args: Any) -> R:
    """``fn(*args)`` in the heavy thread (:func:`heavy_limiter`), off the event loop."""
    import anyio
    return await anyio.to_thread.run_sync(partial(fn, *args), limiter=heavy_limiter())


def failed(err: NavlightsError) -> FieldError:
    """A navlights error as (field, message), for a page that shows it in its form."""
    return (err.field or "request", str(err))


def answer(model: type[M], request: Request, build: Callable[[M], Any],
           defaults: dict[str, Any] | None = None) -> tuple[Any, FieldError | None]:
    """A form page's query parsed and answered: (data, None), or (None, the error as (field, message))."""
    q, err = parse(model, request, defaults)
    if q is None:
        return None, err
    try:
        return build(q), None
    except NavlightsError as e:
        return None, failed(e)
