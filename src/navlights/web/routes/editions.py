"""Editions: each edition's header, dates, sources, coverage and gaps; and its twin."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from .. import pages
from ..common import page

router = APIRouter()


@router.get("/editions", response_class=HTMLResponse, include_in_schema=False)
def editions_page(request: Request) -> HTMLResponse:
    return page(request, "editions.html", title="Editions", data=pages.editions_page())


@router.get("/editions.json", tags=["pages"], summary="Every edition: title, waters, dates, sources, coverage, gaps",
            response_model=dict[str, Any])
async def editions_json() -> Response:
    """Each edition's header, in-force dates with their citation, sources, and coverage (share of
    entries by provenance) with every listed gap."""
    return Response(pages.editions_bytes(), media_type="application/json")
