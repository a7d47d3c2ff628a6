"""Explore: an edition and a vessel -> the display, the picture at an aspect, the sectors; and its twin."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment
from markupsafe import Markup

from ... import api
from ...errors import MissingFactError, NavlightsError
from .. import pages
from ..common import context, defaults_if_empty, failed, form_values, json_query, page, parse, query_parameters
from ..queries import ViewQuery

router = APIRouter()

#: What a first visit shows: the issue's 200 ft power-driven vessel.
DEFAULT_VESSEL = {"length": "200 ft"}


@router.get("/explore", response_class=HTMLResponse, include_in_schema=False)
async def explore_page(request: Request) -> HTMLResponse:
    q, err = parse(ViewQuery, request, DEFAULT_VESSEL)
    data, svgs, ask = None, {}, None
    if q is not None:
        try:
            data = pages.explore(q)
            svgs = pages.explore_svgs(data, q)
        except MissingFactError as e:      # a fact the edition needs: asked for in the form, not an error page
            message = str(e)
            ask = (api.flat_field(e.field or ""), message.split(": ", 1)[1] if message.startswith(f"{e.field}: ")
                   else message)
        except NavlightsError as e:
            err = failed(e)
    form = form_values(request, DEFAULT_VESSEL)
    vessel_form = tuple(sorted((k, v) for k, v in form.items() if k not in OBSERVER_FIELDS))
    return page(request, "explore.html", status=422 if err else 200, title="Explore", data=data, svgs=svgs,
                form=form, error=err, ask=ask,
                vessel_fields_html=_vessel_fields_html(context(request).templates, vessel_form,
                                                       ask[0] if ask else None),
                details_html=_details_html(context(request).templates, q.vessel(), q.edition, q.choose, q.period,
                                           data["links"]["compare"]) if data and q else "")


#: The form's fields that describe the observer, not the vessel (the slider moves them).
OBSERVER_FIELDS = frozenset({"aspect", "distance", "period", "choose", "edition"})


@lru_cache(maxsize=256)
def _vessel_fields_html(env: Environment, vessel_form: tuple[tuple[str, str], ...], needed: str | None) -> Markup:
    """The vessel's part of the form (some forty fields): the same for every aspect, so written once per vessel
    as the user typed it (and the fact asked for), not on every move of the slider."""
    macro = env.get_template("_macros.html").module.vessel_fields  # type: ignore[attr-defined]
    return Markup(macro(dict(vessel_form), needed))


@lru_cache(maxsize=256)
def _details_html(env: Environment, vessel: api.Vessel, edition: str, choose: str, period: str | None,
                  compare_link: str) -> Markup:
    """The tables under the picture (lights and shapes, notes, sectors): they do not depend on the observer, so
    they are written once per vessel, edition, choice and period, not on every move of the slider."""
    data = {**pages.explore_static(vessel, edition, choose, period), "links": {"compare": compare_link}}
    return Markup(env.get_template("_explore_details.html").render(data=data))


@router.get("/explore.json", tags=["pages"], summary="The display, the picture and the sectors of one vessel",
            response_model=dict[str, Any], openapi_extra=query_parameters(ViewQuery))
async def explore_json(request: Request) -> Response:
    """The explore page's data: the lights and shapes with their cites and provenance, the gaps,
    what an observer sees from `aspect` (and `distance`), the aspect sectors, and picture links."""
    q = defaults_if_empty(request, json_query(ViewQuery, request), DEFAULT_VESSEL)
    return Response(pages.explore_bytes(q), media_type="application/json")
