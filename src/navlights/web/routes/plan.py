"""Check a plan: paste or load a lighting plan, see the report on screen; and its JSON twin (docs/plan.md)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.concurrency import run_in_threadpool

from ... import api
from ...errors import NavlightsError
from ..common import error_json, failed, page

router = APIRouter()
EXAMPLE = "intl-1960-61m-power.json"


def _check(text: str) -> tuple[Any, tuple[str, str] | None]:
    """The report for a plan given as JSON text, or the error as (field, message): malformed JSON, a key given
    twice, a field the plan model refuses (``api.parse_plan``, ``api.check_plan``)."""
    try:
        return api.check_plan(api.parse_plan(text)), None
    except NavlightsError as e:
        return None, failed(e)


def _render(request: Request, text: str, report: Any, err: tuple[str, str] | None) -> HTMLResponse:
    examples = api.example_plans()
    return page(request, "plan.html", status=422 if err else 200, title="Check a plan", text=text, error=err,
                report=report.to_dict() if report else None, views=api.plan_views_svg(report) if report else "",
                examples=examples)


@router.get("/plan", response_class=HTMLResponse, include_in_schema=False)
async def plan_page(request: Request) -> HTMLResponse:
    name = request.query_params.get("example", EXAMPLE)
    text = api.example_plans().get(name, api.example_plans()[EXAMPLE])
    report, err = _check(text)
    return _render(request, text, report, err)


@router.post("/plan", response_class=HTMLResponse, include_in_schema=False)
async def plan_submit(request: Request) -> HTMLResponse:
    form = parse_qs((await request.body()).decode("utf-8", "replace"), keep_blank_values=True)
    text = (form.get("plan") or [""])[0]
    report, err = _check(text)
    return _render(request, text, report, err)


#: The body of POST /plan.json in the OpenAPI document: a lighting plan, its schema made from the model that reads
#: it (docs/schema/plan-input.schema.json).
PLAN_BODY = {"requestBody": {"required": True, "description": "a lighting plan (docs/schema/plan-input.schema.json)",
                             "content": {"application/json": {"schema": api.plan_input_schema(embedded=True)}}}}


def _check_json(body: bytes) -> JSONResponse:
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return error_json(422, "body", "body: cannot be read as JSON (malformed or not UTF-8)")
    report, err = _check(text)
    return error_json(422, *err) if err else JSONResponse(report.to_dict())


@router.post("/plan.json", tags=["pages"], summary="Check a lighting plan against its edition",
             response_model=dict[str, Any], openapi_extra=PLAN_BODY,
             responses={422: {"description": "the plan cannot be read: one line naming the field"}})
async def plan_json(request: Request) -> JSONResponse:
    """Every finding, state by state (docs/schema/plan-report.schema.json); 422 for a plan that cannot be read (a
    key given twice in one object included: the body is parsed here, not by the framework, to see it)."""
    return await run_in_threadpool(_check_json, await request.body())
