"""Who gives way? Two vessels by form (a shareable address: the form is a GET), the answer with its rules, and
its JSON twin. Plain ``def`` routes: the work (a few milliseconds) runs in the thread pool, off the event loop."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ... import api
from ..common import answer, json_query, page, query_parameters
from ..queries import ConductQuery

router = APIRouter()


def _answer(q: ConductQuery) -> dict[str, Any]:
    data = api.conduct_json(q.own, q.other, q.edition, **q.options())
    given = {k: v for k, v in q.model_dump().items() if v not in (None, False)}
    data["links"] = {"json": "/conduct.json?" + urlencode(given), "page": "/conduct?" + urlencode(given)}
    return data


@router.get("/conduct", response_class=HTMLResponse, include_in_schema=False)
def conduct_page(request: Request) -> HTMLResponse:
    data, err = answer(ConductQuery, request, _answer)
    form = ConductQuery().model_dump() | dict(request.query_params)
    return page(request, "conduct.html", status=422 if err else 200, title="Who gives way?", data=data, form=form,
                error=err)


@router.get("/conduct.json", tags=["pages"], summary="Who gives way between two vessels (Part B)",
            response_model=dict[str, Any], openapi_extra=query_parameters(ConductQuery))
def conduct_json(request: Request) -> JSONResponse:
    """The encounter (overtaking, head-on, crossing), the give-way and stand-on vessels, the duties beside them, the
    rules with their provenance, CPA/TCPA and the bearing's rate, and the conventions used (schema:
    docs/schema/conduct.schema.json, plus ``links``)."""
    return JSONResponse(_answer(json_query(ConductQuery, request)))
