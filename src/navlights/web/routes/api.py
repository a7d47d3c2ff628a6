"""The JSON API under /api/: changes between editions, the governing edition, pictures, a posted display."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ... import api
from .. import pages
from ..common import SVG_RESPONSES, Unavailable, heavy, json_query, query_parameters
from ..queries import ChangesQuery, DifferencesQuery, DisplayBody, GoverningQuery, RenderQuery, ViewQuery

router = APIRouter()


# --- editions ---------------------------------------------------------------------------------


@router.get("/api/changes.json", tags=["editions"], summary="What changed from one edition to another",
            response_model=dict[str, Any], openapi_extra=query_parameters(ChangesQuery))
async def changes_json(request: Request) -> Response:
    """As `navlights changes A B --json`: every difference, derived from the rule data, grouped by vessel
    situation, with both cites and the lengths (ft) where it holds. Editions of different waters are worded as
    two regimes side by side, and `see` points to /api/differences.json, their whole list. Made once per pair of
    editions, off the event loop."""
    q = json_query(ChangesQuery, request)
    return Response(await heavy(pages.changes_json, q), media_type="application/json")


@router.get("/api/differences.json", tags=["editions"],
            summary="Two regimes in force together (editions of different waters): every difference, both cites",
            response_model=dict[str, Any], openapi_extra=query_parameters(DifferencesQuery))
async def differences_json(request: Request) -> Response:
    """As `navlights differences A B --json`: each difference between two regimes (e.g. intl-1972 and
    us-inland) once, with the situations and lengths (ft) it touches and both cites. 422 naming `a` or `b` on an
    unknown edition, or on two editions of the same waters (their changes are /api/changes.json). Made once per
    pair, off the event loop."""
    q = json_query(DifferencesQuery, request)
    return Response(await heavy(pages.differences_json, q, False), media_type="application/json")


@router.get("/api/governing.json", tags=["editions"], summary="Which edition governed on a date in given waters",
            response_model=dict[str, Any], openapi_extra=query_parameters(GoverningQuery))
async def governing_json(request: Request) -> JSONResponse:
    """As `navlights governing --json`: the edition in force, or an honest 'not covered', with its basis."""
    q = json_query(GoverningQuery, request)
    return JSONResponse(api.governing(q.date, q.waters).to_dict())


# --- pictures ---------------------------------------------------------------------------------


@router.get("/api/view.json", tags=["pictures"], summary="What an observer sees of a vessel",
            response_model=dict[str, Any], openapi_extra=query_parameters(ViewQuery))
async def view_json(request: Request) -> JSONResponse:
    """The picture at `aspect` (and `distance`): the items seen left to right, in words and as data
    (schema: docs/schema/picture.schema.json)."""
    q = json_query(ViewQuery, request)
    return JSONResponse(api.view_json(q.vessel(), q.edition, aspect_deg=q.aspect, distance_nm=q.distance,
                                      eye_height_m=q.eye_height, visibility_nm=q.visibility, choose=q.choose,
                                      period=q.period))


@router.get("/api/render.svg", tags=["pictures"], summary="The night, day or plan view as SVG",
            response_class=Response, responses=SVG_RESPONSES, openapi_extra=query_parameters(RenderQuery))
async def render_svg(request: Request) -> Response:
    """The picture drawn by the renderer. 503 where this build has no renderer."""
    q = json_query(RenderQuery, request)
    svg = pages.render_query(q)
    if svg is None:
        raise Unavailable("render: the renderer is not available in this build yet", field="render")
    return Response(svg, media_type="image/svg+xml", headers={"cache-control": "max-age=3600"})


@router.post("/api/display.json", tags=["pictures"], summary="The display of a vessel given as a JSON object",
             response_model=dict[str, Any])
async def display_post(body: DisplayBody) -> JSONResponse:
    """As `navlights lights --vessel-json ... --json` (schema: docs/schema/display.schema.json): the vessel read as
    the CLI reads it (every field optional; propulsion defaults to power, none when being towed or pushed)."""
    vessel = api.vessel_from_fields(api.check_json_depth(body.vessel, "vessel"))
    return JSONResponse(api.display_json(vessel, body.edition))
