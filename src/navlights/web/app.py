"""The web app: pages for explore, identify, compare, train and editions, each with a ``.json`` twin.

``create_app(db_path=None)`` builds the FastAPI app; ``navlights serve`` runs it. The JSON API is
documented at ``/docs``. Bad input is a 422 whose ``error`` is one line naming the field; oversized
requests are refused (413, 414); an unexpected exception is logged and answered with a JSON error.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import parse_qsl

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup, escape
from pydantic import BaseModel, Field, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__, api
from ..errors import NavlightsError
from . import pages
from .guard import Guard
from .queries import (Answer, ChangesQuery, CompareQuery, DisplayBody, GoverningQuery, IdentifyQuery, RenderQuery,
                      TrainQuery, ViewQuery,
                      one_line)
from .training import NoSuchQuestion, Progress, ProgressError

log = logging.getLogger("navlights.web")

HERE = Path(__file__).parent
#: What a first visit to explore or compare shows: the issue's 200 ft power-driven vessel.
DEFAULT_VESSEL = {"length": "200 ft"}
#: Compare adds a tonnage, which the 1897 rules need to decide a small vessel's lights.
DEFAULT_COMPARE = {"length": "200 ft", "tonnage": "1000"}

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
    {"name": "training", "description": "Questions, answers and progress (kept in SQLite)."},
]


class ErrorBody(BaseModel):
    """Every error the app answers: one line naming the field."""

    error: str = Field(..., description="one line naming the field, the value and what is allowed")
    field: str | None = Field(None, description="the parameter or field at fault")
    status: int = Field(..., description="the HTTP status, repeated")


ERRORS: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorBody, "description": "Bad input: `error` is one line naming the field"},
    413: {"model": ErrorBody, "description": "Body over 64 KiB"},
    414: {"model": ErrorBody, "description": "Query string over 4 KiB"},
}


class Unavailable(NavlightsError, RuntimeError):
    """A feature this build lacks (the renderer, identification)."""


def _status(err: NavlightsError) -> int:
    if isinstance(err, Unavailable) or (isinstance(err, ProgressError) and err.field == "db"):
        return 503
    if isinstance(err, NoSuchQuestion):
        return 404
    return 422


def _error_body(status: int, field: str | None, message: str) -> dict[str, Any]:
    return {"error": message, "field": field, "status": status}


def _wants_json(request: Request) -> bool:
    path = request.url.path
    return path.endswith((".json", ".svg")) or path.startswith(("/api/", "/openapi"))


def create_app(db_path: str | Path | None = None, *, seed: int | None = None) -> FastAPI:
    """The web app; training progress goes to ``db_path`` (default: $NAVLIGHTS_DB or the user's data dir)."""
    app = FastAPI(title="navlights", version=__version__, description=DESCRIPTION, openapi_tags=TAGS,
                  docs_url="/docs/swagger", redoc_url=None, responses=ERRORS)
    progress = Progress(db_path, seed=seed)
    app.state.progress = progress
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, trim_blocks=True,
                      lstrip_blocks=True, auto_reload=False)
    env.globals.update(version=__version__, provenance_words=pages.PROVENANCE_WORDS)
    env.filters["sector_label"] = pages.sector_label
    env.filters["ticks"] = _ticks
    env.filters["swatch"] = _swatch
    env.filters["prov"] = _prov
    env.filters["article"] = lambda words: ("an " if words[:1].lower() in "aeiou" else "a ") + words
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_middleware(Guard)

    def page(name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        ctx.setdefault("editions", pages.edition_choices())
        ctx.setdefault("render_available", pages.renderer() is not None)
        ctx.setdefault("identify_available", pages.identifier() is not None)
        return HTMLResponse(env.get_template(name).render(**ctx), status_code=status)

    def error_page(status: int, message: str, field: str | None = None) -> HTMLResponse:
        return page("error.html", status=status, error=message, field=field, title=f"{status}")

    # --- errors ---------------------------------------------------------------------------

    @app.exception_handler(NavlightsError)
    async def _navlights_error(request: Request, exc: NavlightsError) -> Response:
        status = _status(exc)
        if _wants_json(request):
            return JSONResponse(_error_body(status, exc.field, str(exc)), status_code=status)
        return error_page(status, str(exc), exc.field)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> Response:
        field, message = one_line(list(exc.errors()), _allowed_for(request.url.path))
        if _wants_json(request):
            return JSONResponse(_error_body(422, field, message), status_code=422)
        return error_page(422, message, field)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        words = {404: f"{request.url.path}: no such page", 405: f"{request.method}: not allowed here"}
        message = words.get(exc.status_code, str(exc.detail))
        if exc.status_code == 400 and "parsing the body" in str(exc.detail):
            body = _error_body(422, "body", "body: cannot be read as JSON (malformed or not UTF-8)")
            return JSONResponse(body, status_code=422)
        if _wants_json(request) or exc.status_code == 405:
            return JSONResponse(_error_body(exc.status_code, None, message), status_code=exc.status_code,
                                headers=getattr(exc, "headers", None))
        return error_page(exc.status_code, message)

    # --- helpers --------------------------------------------------------------------------

    def parse(model: type, request: Request,
              defaults: dict[str, Any] | None = None) -> tuple[Any, tuple[str, str] | None]:
        raw = dict(request.query_params)
        if not raw and defaults:
            raw = dict(defaults)
        try:
            return model.model_validate(raw), None
        except ValidationError as e:
            return None, one_line(e.errors(include_url=False), tuple(model.model_fields))

    def form_values(request: Request, defaults: dict[str, Any] | None = None) -> dict[str, str]:
        raw = dict(request.query_params)
        return raw if raw or not defaults else {k: str(v) for k, v in defaults.items()}

    def defaults_if_empty(request: Request, q: Any, model: type, defaults: dict[str, Any]) -> Any:
        return model.model_validate(defaults) if not request.url.query else q

    # --- pages ----------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> HTMLResponse:
        return page("index.html", title="navlights")

    @app.get("/explore", response_class=HTMLResponse, include_in_schema=False)
    async def explore_page(request: Request) -> HTMLResponse:
        q, err = parse(ViewQuery, request, DEFAULT_VESSEL)
        data, svgs = None, {}
        if err is None:
            try:
                data = pages.explore(q)
                svgs = pages.explore_svgs(data, q)
            except NavlightsError as e:
                err = (e.field or "request", str(e))
        return page("explore.html", status=422 if err else 200, title="Explore", data=data, svgs=svgs,
                    form=form_values(request, DEFAULT_VESSEL), error=err)

    @app.get("/explore.json", tags=["pages"], summary="The display, the picture and the sectors of one vessel")
    async def explore_json(request: Request, q: Annotated[ViewQuery, Query()]) -> dict[str, Any]:
        """The explore page's data: the lights and shapes with their cites and provenance, the gaps,
        what an observer sees from `aspect` (and `distance`), the aspect sectors, and picture links."""
        return JSONResponse(pages.explore(defaults_if_empty(request, q, ViewQuery, DEFAULT_VESSEL)))

    @app.get("/compare", response_class=HTMLResponse, include_in_schema=False)
    async def compare_page(request: Request) -> HTMLResponse:
        q, err = parse(CompareQuery, request, DEFAULT_COMPARE)
        data = None
        if err is None:
            try:
                data = pages.compare(q)
            except NavlightsError as e:
                err = (e.field or "request", str(e))
        return page("compare.html", status=422 if err else 200, title="Compare", data=data,
                    form=form_values(request, DEFAULT_COMPARE), error=err)

    @app.get("/compare.json", tags=["pages"], summary="One vessel under every edition, with the differences")
    async def compare_json(request: Request, q: Annotated[CompareQuery, Query()]) -> dict[str, Any]:
        """Side by side: each edition's display, a row per light or shape, cells that differ from the
        edition before marked, and the differences in words with both cites."""
        return JSONResponse(pages.compare(defaults_if_empty(request, q, CompareQuery, DEFAULT_COMPARE)))

    @app.get("/identify", response_class=HTMLResponse, include_in_schema=False)
    async def identify_page(request: Request) -> HTMLResponse:
        q, err = parse(IdentifyQuery, request)
        data = None
        if err is None:
            try:
                data = pages.identify(q)
            except NavlightsError as e:
                err = (e.field or "request", str(e))
        pictures: dict[int, str | None] = {}
        if data and data.get("result"):
            for n, h in enumerate(pages.hypotheses(data["result"])[:20]):
                pictures[n] = pages.hypothesis_picture(h, n)
        return page("identify.html", status=422 if err else 200, title="Identify", data=data,
                    pictures=pictures, form=dict(request.query_params), error=err,
                    guide=pages.notation_guide())

    @app.get("/identify.json", tags=["pages"], summary="Ranked readings of a picture seen")
    async def identify_json(q: Annotated[IdentifyQuery, Query()]) -> dict[str, Any]:
        """What a typed picture may be: ranked hypotheses (vessel class, aspect interval, heading cue,
        cites). 503 where this build has no identification engine."""
        if pages.identifier() is None:
            raise Unavailable("identify: identification is not available in this build yet", field="identify")
        if not q.notation:
            raise NavlightsError("notation: is required; type the lights seen", field="notation")
        return JSONResponse(pages.identify(q))

    @app.get("/editions", response_class=HTMLResponse, include_in_schema=False)
    async def editions_page() -> HTMLResponse:
        return page("editions.html", title="Editions", data=pages.editions_page())

    @app.get("/editions.json", tags=["pages"], summary="Every edition: title, waters, dates, sources, coverage, gaps")
    async def editions_json() -> dict[str, Any]:
        """Each edition's header, in-force dates with their citation, sources, and coverage (share of
        entries by provenance) with every listed gap."""
        return JSONResponse(pages.editions_page())

    @app.get("/api/changes.json", tags=["editions"], summary="What changed from one edition to another")
    async def changes_json(q: Annotated[ChangesQuery, Query()]) -> dict[str, Any]:
        """As `navlights changes A B --json`: every difference, derived from the rule data, grouped by vessel
        situation, with both cites and the lengths (ft) where it holds."""
        a, b = api.edition(q.a), api.edition(q.b)
        return JSONResponse({"from": a.id, "to": b.id, "changes": api.changes(a.id, b.id)})

    @app.get("/api/governing.json", tags=["editions"], summary="Which edition governed on a date in given waters")
    async def governing_json(q: Annotated[GoverningQuery, Query()]) -> dict[str, Any]:
        """As `navlights governing --json`: the edition in force, or an honest 'not covered', with its basis."""
        return JSONResponse(api.governing(q.date, q.waters).to_dict())

    # --- pictures -------------------------------------------------------------------------

    @app.get("/api/view.json", tags=["pictures"], summary="What an observer sees of a vessel")
    async def view_json(q: Annotated[ViewQuery, Query()]) -> dict[str, Any]:
        """The picture at `aspect` (and `distance`): the items seen left to right, in words and as data
        (schema: docs/schema/picture.schema.json)."""
        return JSONResponse(api.view_json(q.vessel(), q.edition, aspect_deg=q.aspect, distance_nm=q.distance,
                                          eye_height_m=q.eye_height, visibility_nm=q.visibility, choose=q.choose,
                                          period=q.period))

    @app.get("/api/render.svg", tags=["pictures"], summary="The night, day or plan view as SVG",
             response_class=Response, responses={200: {"content": {"image/svg+xml": {}}}})
    async def render_svg(q: Annotated[RenderQuery, Query()]) -> Response:
        """The picture drawn by the renderer. 503 where this build has no renderer."""
        svg = pages.render_query(q)
        if svg is None:
            raise Unavailable("render: the renderer is not available in this build yet", field="render")
        return Response(svg, media_type="image/svg+xml", headers={"cache-control": "max-age=3600"})

    @app.post("/api/display.json", tags=["pictures"], summary="The display of a vessel given as a JSON object")
    async def display_post(body: DisplayBody) -> dict[str, Any]:
        """As `navlights lights --vessel-json ... --json` (schema: docs/schema/display.schema.json)."""
        return JSONResponse(api.display_json(body.vessel, body.edition))

    # --- training -------------------------------------------------------------------------

    def train_ctx(edition: str, **ctx: Any) -> dict[str, Any]:
        return {"title": "Train", "edition": edition, "progress": progress.summary(edition), **ctx}

    @app.get("/train", response_class=HTMLResponse, include_in_schema=False)
    def train_page(request: Request) -> HTMLResponse:
        q, err = parse(TrainQuery, request)
        if err is not None:
            return page("train.html", status=422, title="Train", error=err, question=None, progress=None,
                        edition=request.query_params.get("edition", ""))
        question = progress.question(q.edition)
        svg = _question_svg(question["id"])
        return page("train.html", **train_ctx(question["edition"], question=question, svg=svg, error=None))

    @app.get("/train.json", tags=["training"], summary="The current question and the progress")
    def train_json(q: Annotated[TrainQuery, Query()]) -> dict[str, Any]:
        """The pending question for the edition (a new one once the last is answered): its picture
        (an SVG link and words) and the answers to choose from; and the learner's progress."""
        question = progress.question(q.edition)
        return {"question": question, "progress": progress.summary(question["edition"])}

    @app.post("/train/answer", include_in_schema=False)
    async def train_answer_form(request: Request) -> Response:
        body = (await request.body()).decode("utf-8", "replace")
        try:
            a = Answer.model_validate(dict(parse_qsl(body, keep_blank_values=True)))
        except ValidationError as e:
            field, message = one_line(e.errors(include_url=False), tuple(Answer.model_fields))
            return error_page(422, message, field)
        await run_in_threadpool(progress.answer, a.question, a.choice)      # SQLite waits for the disk
        return RedirectResponse(f"/train/q/{a.question}", status_code=303)

    @app.post("/train/answer.json", tags=["training"], summary="Answer a question")
    def train_answer_json(a: Answer) -> dict[str, Any]:
        """Record the answer (once; answering again returns the first result), with the right answer,
        the vessel's lights and their cites, and the progress."""
        result = progress.answer(a.question, a.choice)
        return {"result": result, "progress": progress.summary(result["edition"])}

    @app.get("/train/q/{question_id}.json", tags=["training"],
             summary="One question (with its answer once answered)")
    def train_result_json(question_id: int) -> dict[str, Any]:
        """A question as asked; once answered, also the vessel, the aspect, the right answer and the choice."""
        result = progress.stored(question_id)
        if not result["answered"]:
            return {k: v for k, v in result.items() if k in ("id", "edition", "picture_words", "picture",
                                                              "choices", "answered")}
        return result

    @app.get("/train/q/{question_id}", response_class=HTMLResponse, include_in_schema=False)
    def train_result_page(question_id: int) -> Response:
        result = progress.stored(question_id)
        if not result["answered"]:
            return RedirectResponse(f"/train?edition={result['edition']}", status_code=303)
        display = api.display_json(result["vessel"], result["edition"])
        picture = api.view_json(result["vessel"], result["edition"], aspect_deg=result["aspect_deg"])
        return page("train_result.html", **train_ctx(result["edition"], result=result, display=display,
                                                     picture=picture, svg=_question_svg(question_id)))

    @app.get("/train/picture/{question_id}.svg", tags=["training"], summary="A question's night picture",
             response_class=Response, responses={200: {"content": {"image/svg+xml": {}}}})
    def train_picture(question_id: int) -> Response:
        """The question's picture, without caption or hull (they would give the answer away)."""
        svg = _question_svg(question_id)
        if svg is None:
            raise Unavailable("render: the renderer is not available in this build yet", field="render")
        return Response(svg, media_type="image/svg+xml")

    def _question_svg(question_id: int) -> str | None:
        q = progress.stored(question_id)
        return pages.anonymise(pages.render(q["vessel"], q["edition"], view="night", aspect_deg=q["aspect_deg"],
                                            caption=False, hull=False))

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        return page("api_docs.html", title="API", endpoints=api_reference(app.openapi()))

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app


def _swatch(colour: str) -> Markup:
    """A coloured dot and the colour's name."""
    c = escape(colour)
    return Markup(f'<span class="swatch c-{c.replace(" ", "-")}" aria-hidden="true"></span>{c}')


def _prov(provenance: str) -> Markup:
    """A provenance badge: primary, secondary, inferred or gap, with its meaning on hover."""
    p = escape(provenance)
    words = escape(pages.PROVENANCE_WORDS.get(provenance, provenance))
    return Markup(f'<span class="prov prov-{p}" title="{words}">{p}</span>')


def _ticks(text: str) -> Markup:
    """Escaped text with `backticks` as <code>."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))


def _type_words(schema: dict[str, Any]) -> str:
    """A parameter's type in words: 'string (at most 40)', 'one of: power, sail', 'number 0 to 360'."""
    options = [o for o in schema.get("anyOf", [schema]) if o.get("type") != "null"]
    words = []
    for o in options:
        if "enum" in o:
            words.append("one of: " + ", ".join(str(v) for v in o["enum"]))
            continue
        t = {"integer": "whole number", "number": "number", "boolean": "true or false",
             "string": "text", "object": "JSON object"}.get(o.get("type", ""), o.get("type", "any"))
        lo = o.get("minimum", o.get("exclusiveMinimum", schema.get("minimum", schema.get("exclusiveMinimum"))))
        hi = o.get("maximum", schema.get("maximum"))
        if lo is not None or hi is not None:
            t += f" {'' if lo is None else f'{lo:g}'} to {'' if hi is None else f'{hi:g}'}".rstrip()
        if o.get("maxLength"):
            t += f" (at most {o['maxLength']} characters)"
        words.append(t)
    return " or ".join(words) or "any"


def api_reference(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The OpenAPI document as a list of endpoints for the /docs page (served without outside scripts)."""
    schemas = spec.get("components", {}).get("schemas", {})
    out = []
    for path, methods in spec.get("paths", {}).items():
        for method, op in methods.items():
            params = [{"name": p["name"], "in": p["in"], "required": p.get("required", False),
                       "type": _type_words(p.get("schema", {})), "default": p.get("schema", {}).get("default"),
                       "description": p.get("description", "")} for p in op.get("parameters", [])]
            body = None
            ref = (op.get("requestBody", {}).get("content", {}).get("application/json", {})
                   .get("schema", {}).get("$ref"))
            if ref:
                model = schemas.get(ref.rsplit("/", 1)[-1], {})
                required = set(model.get("required", []))
                body = [{"name": k, "required": k in required, "type": _type_words(v),
                         "description": v.get("description", ""), "default": v.get("default")}
                        for k, v in model.get("properties", {}).items()]
            out.append({"method": method.upper(), "path": path, "summary": op.get("summary", ""),
                        "description": op.get("description", ""), "tags": op.get("tags", []),
                        "params": params, "body": body,
                        "responses": sorted(str(c) for c in op.get("responses", {}))})
    return out


def _allowed_for(path: str) -> tuple[str, ...]:
    """The parameters a JSON route takes, for 'unknown parameter' messages."""
    models = {"/explore.json": ViewQuery, "/api/view.json": ViewQuery, "/api/render.svg": RenderQuery,
              "/compare.json": CompareQuery, "/identify.json": IdentifyQuery, "/train.json": TrainQuery}
    m = models.get(path)
    return tuple(m.model_fields) if m else ()


__all__ = ["create_app"]
