"""Check a plan: paste or load a lighting plan, see the report on screen; and its JSON twin (docs/plan.md)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Body, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ... import api
from ...errors import NavlightsError
from ..common import failed, page

router = APIRouter()
EXAMPLE = "intl-1960-61m-power.json"


def _check(text: str) -> tuple[Any, tuple[str, str] | None]:
    """The report for a plan given as JSON text, or the error as (field, message)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return None, ("plan", f"plan: malformed JSON at line {e.lineno} column {e.colno}: {e.msg}")
    except RecursionError:
        return None, ("plan", "plan: nested too deep")
    try:
        return api.check_plan(data), None
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


@router.post("/plan.json", tags=["pages"], summary="Check a lighting plan against its edition",
             response_model=dict[str, Any],
             responses={422: {"description": "the plan cannot be read: one line naming the field"}})
async def plan_json(plan: dict[str, Any] = Body(..., description="a lighting plan (docs/schema/plan-input.schema.json)")
                    ) -> JSONResponse:
    """Every finding, state by state (docs/schema/plan-report.schema.json); 422 for a plan that cannot be read."""
    return JSONResponse(api.check_plan_json(plan))
