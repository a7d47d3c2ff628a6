"""Encounter timelines: paste or load two or more tracks (CSV), or pick an example; events, plot and table on
screen, and the JSON twin /encounter.json (docs/traffic.md "Encounters")."""

from __future__ import annotations

import base64
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...errors import NavlightsError, excerpt
import navlights.traffic.api as traffic
from ..common import error_json, failed, page

router = APIRouter()
EXAMPLE = "2020-crossing-high-seas.csv"
WATERS = traffic.TRAFFIC_WATERS


def _run(text: str, waters: str, edition: str | None) -> tuple[Any, tuple[str, str] | None]:
    """The encounter of the tracks, or the error as (field, message)."""
    if waters not in WATERS:
        return None, ("waters", f"waters: {excerpt(waters)} is not allowed; allowed: {', '.join(WATERS)}")
    try:
        return traffic.encounter(text, waters=waters, edition=edition or None), None
    except NavlightsError as e:
        return None, failed(e)


def _render(request: Request, text: str, waters: str, edition: str, example: str | None) -> HTMLResponse:
    enc, err = _run(text, waters, edition)
    plot = ""
    if enc is not None:
        plot = "data:image/png;base64," + base64.b64encode(traffic.encounter_plot_png(enc)).decode("ascii")
    return page(request, "encounter.html", status=422 if err else 200, title="Encounter", text=text, error=err,
                enc=enc.to_dict() if enc else None, rows=traffic.encounter_table(enc) if enc else [], plot=plot,
                examples=list(traffic.example_encounters()), example=example, waters=waters, waters_choices=WATERS,
                edition=edition)


@router.get("/encounter", response_class=HTMLResponse, include_in_schema=False)
async def encounter_page(request: Request) -> HTMLResponse:
    q = request.query_params
    examples = traffic.example_encounters()
    name = q.get("example", EXAMPLE)
    text = examples.get(name, examples[EXAMPLE])
    return _render(request, text, q.get("waters", "high-seas"), q.get("edition", ""),
                   name if name in examples else EXAMPLE)


@router.post("/encounter", response_class=HTMLResponse, include_in_schema=False)
async def encounter_submit(request: Request) -> HTMLResponse:
    form = parse_qs((await request.body()).decode("utf-8", "replace"), keep_blank_values=True)
    text = (form.get("tracks") or [""])[0]
    return _render(request, text, (form.get("waters") or ["high-seas"])[0], (form.get("edition") or [""])[0], None)


_RESPONSES: dict[int | str, dict[str, Any]] = {
    422: {"description": "the tracks cannot be read: one line naming the field, the value and what is allowed"}}


@router.get("/encounter.json", tags=["pages"], summary="An example encounter's timeline", response_model=dict[str, Any],
            responses=_RESPONSES)
async def encounter_example_json(example: str = Query(EXAMPLE, description="an example track file's name",
                                                     json_schema_extra={"enum": list(traffic.example_encounters())}),
                                 waters: str = Query("high-seas", description="high-seas, great-lakes or us-inland",
                                                     json_schema_extra={"enum": list(WATERS)}),
                                 edition: str | None = Query(None, description="judge under this edition")
                                 ) -> JSONResponse:
    """The timeline of an example encounter: vessels, events and every minute's look."""
    examples = traffic.example_encounters()
    if example not in examples:
        return error_json(422, "example", f"example: {excerpt(example)} is not an example; allowed: {', '.join(examples)}")
    enc, err = _run(examples[example], waters, edition)
    return error_json(422, *err) if err else JSONResponse(enc.to_dict())


_CSV_BODY = {"requestBody": {"required": True, "description": "track CSV: time, ident, lat, lon, heading, and the "
                              "vessel fields (docs/traffic.md)",
                              "content": {"text/csv": {"schema": {"type": "string"}}}}}


@router.post("/encounter.json", tags=["pages"], summary="The timeline of posted tracks", response_model=dict[str, Any],
             responses=_RESPONSES, openapi_extra=_CSV_BODY)
async def encounter_json(request: Request,
                         waters: str = Query("high-seas", description="high-seas, great-lakes or us-inland"),
                         edition: str | None = Query(None, description="judge under this edition")) -> JSONResponse:
    """Minute by minute, what each vessel could see of the others (docs/traffic.md "Encounters")."""
    try:
        tracks = (await request.body()).decode("utf-8")
    except UnicodeDecodeError:
        return error_json(422, "tracks", "tracks: the body is not UTF-8 text; allowed: track CSV as UTF-8")
    enc, err = _run(tracks, waters, edition)
    return error_json(422, *err) if err else JSONResponse(enc.to_dict())


@router.api_route("/encounter.json", methods=["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"], include_in_schema=False)
async def encounter_json_other(request: Request) -> JSONResponse:
    """Both methods of the path in Allow (Starlette would name only the first route's)."""
    return error_json(405, "method", f"method: {request.method} is not allowed; allowed: GET, POST",
                      headers={"Allow": "GET, POST"})
