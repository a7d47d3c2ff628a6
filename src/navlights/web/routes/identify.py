"""Identify: a picture seen (clicked or typed in the notation) -> the readings, ranked; and its twin."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...errors import NavlightsError
from .. import pages
from ..common import Unavailable, answer, json_query, page, query_parameters
from ..queries import IdentifyQuery

router = APIRouter()

#: Small pictures drawn for the first readings.
PICTURES = 20


@router.get("/identify", response_class=HTMLResponse, include_in_schema=False)
def identify_page(request: Request) -> HTMLResponse:
    data, err = answer(IdentifyQuery, request, pages.identify)
    pictures: dict[int, str | None] = {}
    if data and data.get("result"):
        for n, h in enumerate(pages.hypotheses(data["result"])[:PICTURES]):
            pictures[n] = pages.hypothesis_picture(h, n)
    return page(request, "identify.html", status=422 if err else 200, title="Identify", data=data,
                pictures=pictures, form=dict(request.query_params), error=err, guide=pages.notation_guide())


@router.get("/identify.json", tags=["pages"], summary="Ranked readings of a picture seen",
            response_model=dict[str, Any], openapi_extra=query_parameters(IdentifyQuery))
def identify_json(request: Request) -> JSONResponse:
    """What a typed picture may be: ranked hypotheses (vessel class, aspect interval, heading cue,
    cites). 503 where this build has no identification engine."""
    q = json_query(IdentifyQuery, request)
    if pages.identifier() is None:
        raise Unavailable("identify: identification is not available in this build yet", field="identify")
    if not q.notation:
        raise NavlightsError("notation: is required; type the lights seen", field="notation")
    return JSONResponse(pages.identify(q))
