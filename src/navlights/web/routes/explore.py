"""Explore: an edition and a vessel -> the display, the picture at an aspect, the sectors; and its twin."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment
from markupsafe import Markup, escape

from ...errors import NavlightsError
from .. import pages
from ... import api
from ..common import context, defaults_if_empty, failed, form_values, json_query, page, parse, query_parameters
from ..queries import ViewQuery

router = APIRouter()

#: What a first visit shows: the issue's 200 ft power-driven vessel.
DEFAULT_VESSEL = {"length": "200 ft"}


#: Where the aspect goes in the form rendered without it.
_ASPECT = "\x00aspect\x00"


@router.get("/explore", response_class=HTMLResponse, include_in_schema=False)
async def explore_page(request: Request) -> HTMLResponse:
    q, err = parse(ViewQuery, request, DEFAULT_VESSEL)
    data, svgs, static = None, {}, None
    env = context(request).templates
    if q is not None:
        try:
            data = pages.explore(q)
            svgs = pages.explore_svgs(data, q)
            static = _static_html(env, q.vessel(), q.edition, q.choose, q.period)
        except NavlightsError as e:
            err = failed(e)
    form = form_values(request, DEFAULT_VESSEL)
    form_html = Markup(_form_html(env, tuple(sorted((k, v) for k, v in form.items() if k != "aspect"))).replace(
        _ASPECT, str(escape(form.get("aspect", "45")))))
    return page(request, "explore.html", status=422 if err else 200, title="Explore", data=data, svgs=svgs,
                form=form, form_html=form_html, static_html=static, error=err)


@lru_cache(maxsize=512)
def _form_html(env: Environment, form: tuple[tuple[str, str], ...]) -> str:
    """The form, rendered once per set of values other than the aspect (a slider changes only that)."""
    return env.get_template("_explore_form.html").render(form={**dict(form), "aspect": _ASPECT},
                                                         editions=pages.edition_choices())


@lru_cache(maxsize=256)
def _static_html(env: Environment, vessel: api.Vessel, edition: str, choose: str,
                 period: str | None) -> dict[str, Markup]:
    """The parts of the page that do not depend on the observer (the vessel's heading and gaps; the lights and
    shapes, notes and sectors tables), rendered once per vessel, edition, choose and period."""
    data = pages.explore_static(vessel, edition, choose, period)
    template = env.get_template("_explore_static.html")
    return {part: Markup(template.render(data=data, part=part)) for part in ("head", "tables")}


@router.get("/explore.json", tags=["pages"], summary="The display, the picture and the sectors of one vessel",
            response_model=dict[str, Any], openapi_extra=query_parameters(ViewQuery))
async def explore_json(request: Request) -> Response:
    """The explore page's data: the lights and shapes with their cites and provenance, the gaps,
    what an observer sees from `aspect` (and `distance`), the aspect sectors, and picture links."""
    q = defaults_if_empty(request, json_query(ViewQuery, request), DEFAULT_VESSEL)
    return Response(pages.explore_bytes(q), media_type="application/json")
