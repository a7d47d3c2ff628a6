"""Compare: one vessel under every edition side by side, with the differences; Regimes: two regimes in force
together as a whole list of differences; and their twins."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from .. import pages
from ..common import answer, defaults_if_empty, form_values, heavy, json_query, page, query_parameters
from ..queries import CompareQuery, DifferencesQuery

router = APIRouter()

#: What a first visit shows: a 200 ft power-driven vessel of 1000 tons (the 1897 rules need a tonnage).
DEFAULT_COMPARE = {"length": "200 ft", "tonnage": "1000"}


@router.get("/compare", response_class=HTMLResponse, include_in_schema=False)
def compare_page(request: Request) -> HTMLResponse:
    data, err = answer(CompareQuery, request, pages.compare, DEFAULT_COMPARE)
    return page(request, "compare.html", status=422 if err else 200, title="Compare", data=data,
                form=form_values(request, DEFAULT_COMPARE), error=err)


@router.get("/compare.json", tags=["pages"], summary="One vessel under every edition, with the differences",
            response_model=dict[str, Any], openapi_extra=query_parameters(CompareQuery))
def compare_json(request: Request) -> JSONResponse:
    """Side by side: each edition's display, a row per light or shape, cells that differ from the
    edition before marked, and the differences in words with both cites."""
    q = json_query(CompareQuery, request)
    return JSONResponse(pages.compare(defaults_if_empty(request, q, DEFAULT_COMPARE)))


#: What a first visit to /regimes shows: the Inland Rules beside the COLREGs, as the Coast Guard's handbook does.
DEFAULT_REGIMES = {"a": "intl-1972", "b": "us-inland"}


@router.get("/regimes", response_class=HTMLResponse, include_in_schema=False)
async def regimes_page(request: Request) -> HTMLResponse:
    return await heavy(_regimes_page, request)


def _regimes_page(request: Request) -> HTMLResponse:
    data, err = answer(DifferencesQuery, request, pages.differences, DEFAULT_REGIMES)
    return page(request, "regimes.html", status=422 if err else 200, title="Regimes side by side", data=data,
                form=form_values(request, DEFAULT_REGIMES), error=err)


@router.get("/regimes.json", tags=["pages"], summary="Two regimes in force together: every difference, both cites",
            response_model=dict[str, Any], openapi_extra=query_parameters(DifferencesQuery))
async def regimes_json(request: Request) -> Response:
    """The Regimes page as data: each difference between two editions of different waters once, grouped by
    side (shown under a only, under b only, under both differently), with the situations, lengths and both cites.
    Made once per pair, off the event loop."""
    q = defaults_if_empty(request, json_query(DifferencesQuery, request), DEFAULT_REGIMES)
    return Response(await heavy(pages.differences_json, q, True), media_type="application/json")
