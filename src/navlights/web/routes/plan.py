"""Check a plan: paste or load a lighting plan, see the report on screen; its JSON twin (docs/plan.md); and the
address of a checked plan, with its own twin and a report to download (docs/web.md "Results worth keeping").

Every route here is a plain ``def`` (run in the thread pool) or hands its work to it: no check runs on the event
loop."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ... import api
from ...errors import NavlightsError
from ..common import FieldError, error_json, failed, page
from ..kept import attachment, find, foot, keep, kept, key_param, see_other, twin
from ..results import MAX_INPUT_BYTES

router = APIRouter()
EXAMPLE = "intl-1960-61m-power.json"
KIND = "plan"
KEY = key_param("the key of a kept plan: the SHA-256 of its canonical input")


def _parse(text: str) -> tuple[Any, FieldError | None]:
    """The plan's JSON text parsed, or the error as (field, message): malformed JSON, nested too deep, a key given
    twice in one object (``api.parse_plan``, issue 23)."""
    try:
        return api.parse_plan(text), None
    except NavlightsError as e:
        return None, failed(e)


def _check(data: Any) -> tuple[Any, FieldError | None]:
    """The report for a parsed plan, or the error as (field, message)."""
    try:
        return api.check_plan(data), None
    except NavlightsError as e:
        return None, failed(e)


def _kept_text(data: Any) -> str:
    """The text kept for a plan: indented JSON in the plan's own order (compact where that would be over the
    bound). It parses to the same plan, so the address shows what was checked."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return text if len(text.encode("utf-8")) <= MAX_INPUT_BYTES else json.dumps(data, ensure_ascii=False,
                                                                                 separators=(",", ":"))


def _render(request: Request, text: str, report: Any, err: FieldError | None, **extra: Any) -> HTMLResponse:
    return page(request, "plan.html", status=422 if err else 200, title="Check a plan", text=text, error=err,
                report=report.to_dict() if report else None, views=api.plan_views_svg(report) if report else "",
                examples=api.example_plans(), **extra)


@router.get("/plan", response_class=HTMLResponse, include_in_schema=False)
def plan_page(request: Request) -> HTMLResponse:
    name = request.query_params.get("example", EXAMPLE)
    text = api.example_plans().get(name, api.example_plans()[EXAMPLE])
    data, err = _parse(text)
    report, err = _check(data) if err is None else (None, err)
    return _render(request, text, report, err)


@router.post("/plan", response_class=HTMLResponse, include_in_schema=False)
async def plan_submit(request: Request) -> Response:
    """The plan is checked; a plan that can be read is kept and answered with 303 to its address."""
    form = parse_qs((await request.body()).decode("utf-8", "replace"), keep_blank_values=True)
    return await run_in_threadpool(_submit, request, (form.get("plan") or [""])[0])


def _submit(request: Request, text: str) -> Response:
    data, err = _parse(text)
    report, err = _check(data) if err is None else (None, err)
    if err is not None:
        return _render(request, text, None, err)
    key, note = keep(request, KIND, data, _kept_text(data))
    if key is None:
        return _render(request, text, report, None, kept_note=note)
    return see_other(KIND, key, "plan-report")


#: The body of POST /plan.json in the OpenAPI document: a lighting plan, its schema made from the model that reads
#: it (docs/schema/plan-input.schema.json).
PLAN_BODY = {"requestBody": {"required": True, "description": "a lighting plan (docs/schema/plan-input.schema.json)",
                             "content": {"application/json": {"schema": api.plan_input_schema(embedded=True)}}}}


def _check_json(body: bytes) -> JSONResponse:
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return error_json(422, "body", "body: cannot be read as JSON (malformed or not UTF-8)")
    data, err = _parse(text)
    report, err = _check(data) if err is None else (None, err)
    if err is not None or report is None:
        return error_json(422, *(err or ("plan", "plan: cannot be read")))
    return JSONResponse(report.to_dict())


@router.post("/plan.json", tags=["pages"], summary="Check a lighting plan against its edition",
             response_model=dict[str, Any], openapi_extra=PLAN_BODY,
             responses={422: {"description": "the plan cannot be read: one line naming the field"}})
async def plan_json(request: Request) -> JSONResponse:
    """Every finding, state by state (docs/schema/plan-report.schema.json); 422 for a plan that cannot be read (a
    key given twice in one object included: the body is parsed here, not by the framework, to see it)."""
    return await run_in_threadpool(_check_json, await request.body())


# --- a kept plan: its address, its twin, its report -----------------------------------------------------------


def _kept_report(request: Request, key: str) -> tuple[str, Any, Any, FieldError | None, dict[str, Any]]:
    """The kept plan's text, parsed data, its report checked now (or the error) and what the page says of it."""
    text, _, when = find(request, KIND, key)
    data, err = _parse(text)
    report, err = _check(data) if err is None else (None, err)
    return text, data, report, err, kept(request, KIND, key, when)


@router.get("/plan/r/{key}.json", tags=["pages"], summary="A kept plan, checked again now",
            response_model=dict[str, Any],
            responses={404: {"description": "nothing is kept under that key (never, or no longer)"}})
def plan_kept_json(request: Request, key: str = KEY) -> JSONResponse:
    """The plan kept at `/plan/r/{key}` and its report, checked afresh by this navlights (`result`, as
    `POST /plan.json` answers); a plan this version can no longer read gives `result: null` and `error`."""
    _, data, report, err, info = _kept_report(request, key)
    body = twin(request, KIND, key, info["since"], data, report.to_dict() if report else None)
    if err is not None:
        body["error"] = {"field": err[0], "error": err[1]}
    return JSONResponse(body)


@router.get("/plan/r/{key}/report.html", include_in_schema=False)
def plan_kept_report(request: Request, key: str = KEY) -> Response:
    """The standalone report of a kept plan (as `navlights check-plan --html` writes it), to be saved."""
    text, _, report, err, info = _kept_report(request, key)
    if report is None:
        return _render(request, text, None, err, kept_info=info)
    return attachment(api.plan_report_html(report, foot(info)), f"navlights-plan-{report.edition}-{key[:12]}.html")


@router.get("/plan/r/{key}", response_class=HTMLResponse, include_in_schema=False)
def plan_kept(request: Request, key: str = KEY) -> HTMLResponse:
    """A kept plan, checked afresh: the same page as after Check, with its address."""
    text, _, report, err, info = _kept_report(request, key)
    return _render(request, text, report, err, kept_info=info)
