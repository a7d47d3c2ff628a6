"""Identify: a picture seen (clicked or typed in the notation) -> its lines, ranked; the next lines as a fragment
(the page's "show more"); and its JSON twin. Plain ``def`` routes: the work runs in the thread pool, off the event
loop."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ...errors import NavlightsError
from .. import pages
from ..common import Unavailable, answer, json_query, page, page_html, query_parameters
from ..queries import IdentifyQuery

router = APIRouter()

#: Small pictures drawn for the lines of one page (a page of lines is ``limit`` long, 20 unless asked).
PICTURES = 20


def _pictures(data: dict[str, Any] | None) -> dict[int, str | None]:
    """The small picture of each line shown (its lead reading's vessel and aspect), by its place on the page."""
    out: dict[int, str | None] = {}
    if data and data.get("result"):
        for n, h in enumerate(pages.hypotheses(data["result"])[:PICTURES]):
            out[n] = pages.hypothesis_picture(h, data["result"].get("offset", 0) + n)
    return out


@router.get("/identify", response_class=HTMLResponse, include_in_schema=False)
def identify_page(request: Request) -> HTMLResponse:
    data, err = answer(IdentifyQuery, request, pages.identify)
    return page(request, "identify.html", status=422 if err else 200, title="Identify", data=data,
                pictures=_pictures(data), form=dict(request.query_params), error=err, guide=pages.notation_guide())


@router.get("/identify/lines", response_class=HTMLResponse, include_in_schema=False)
def identify_lines(request: Request) -> HTMLResponse:
    """The next lines of the answer as list items (the page's "show more" appends them), with their pictures."""
    q = json_query(IdentifyQuery, request)
    if pages.identifier() is None:
        raise Unavailable("identify: identification is not available in this build yet", field="identify")
    if not q.notation:
        raise NavlightsError("notation: is required; type the lights seen", field="notation")
    data = pages.identify(q)
    return HTMLResponse(page_html(request, "_hypotheses_lines.html", data=data, pictures=_pictures(data)))


@router.get("/identify.json", tags=["pages"], summary="Ranked readings of a picture seen",
            response_model=dict[str, Any], openapi_extra=query_parameters(IdentifyQuery))
def identify_json(request: Request) -> JSONResponse:
    """What a typed picture may be: one line per meaning, ranked (the likely vessel first, the rules in force today
    before history), each with why it ranks there, what each light says with its cite, and its readings (vessel
    class, aspect interval, heading cue, cites). 503 where this build has no identification engine."""
    q = json_query(IdentifyQuery, request)
    if pages.identifier() is None:
        raise Unavailable("identify: identification is not available in this build yet", field="identify")
    if not q.notation:
        raise NavlightsError("notation: is required; type the lights seen", field="notation")
    return JSONResponse(pages.identify(q))
