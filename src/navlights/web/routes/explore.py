"""Explore: an edition and a vessel -> the display, the picture at an aspect, the sectors; and its twin."""

from __future__ import annotations

import re
import secrets
from collections import OrderedDict
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment
from markupsafe import Markup, escape

from ... import api
from ...errors import MissingFactError, NavlightsError
from .. import pages
from ..figure import figure_html
from ..common import (context, defaults_if_empty, failed, form_values, json_query, page, page_html, parse,
                      query_parameters, theme_of)
from ..form import edition_id as vessel_form_edition, render as vessel_form_html
from ..queries import EXPLORE_EDITION, SituationsQuery, ViewQuery
from .. import situations

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
    figure = figure_html(data, svgs.get("view"), form.get("aspect", "45")) if data else Markup()
    if data and q and not err and not ask:
        # The page round the picture is the same for every aspect: written once per form, the slots filled here.
        shell = _explore_shell(request, q, data, form)
        return HTMLResponse(shell.fill({_FIGURE: figure, _JSON_LINK: str(escape(data["links"]["json"])),
                                        _PLAN: str(escape(data["render"]["plan"]))}))
    return page(request, "explore.html", status=422 if err else 200, **_page_context(request, q, data, form, err,
                                                                                      ask, figure))


def _page_context(request: Request, q: ViewQuery | None, data: dict[str, Any] | None, form: dict[str, str],
                  err: Any, ask: Any, figure: Markup) -> dict[str, Any]:
    templates = context(request).templates
    vessel_form = tuple(sorted((k, v) for k, v in form.items() if k not in OBSERVER_FIELDS))
    edition = vessel_form_edition(form.get("edition") or EXPLORE_EDITION)
    return dict(title="Explore", data=data, form=form, error=err, ask=ask, figure_html=figure,
                vessel_fields_html=_vessel_fields_html(templates, edition, vessel_form, ask[0] if ask else None),
                details_html=_details_html(templates, q.vessel(), q.edition, q.choose, q.period,
                                           data["links"]["compare"]) if data and q else "")


#: The slots of a page shell, written where what moves with the aspect goes (the figure, the links that carry the
#: query): letters and digits only (HTML escaping leaves them as they are), unknown to anyone outside this process.
_SLOT = "navlightsslot" + secrets.token_hex(8)
_FIGURE, _JSON_LINK, _PLAN = _SLOT + "figure", _SLOT + "json", _SLOT + "plan"


class Shell:
    """A page's text cut at its slots: the parts between them, and which slot follows each part."""

    def __init__(self, text: str, slots: tuple[str, ...]) -> None:
        self.parts: list[str] = []
        self.slots: list[str] = []
        pattern = re.compile("|".join(re.escape(s) for s in slots))
        pos = 0
        for m in pattern.finditer(text):
            self.parts.append(text[pos:m.start()])
            self.slots.append(m.group())
            pos = m.end()
        self.parts.append(text[pos:])

    def fill(self, values: dict[str, str]) -> str:
        out = [self.parts[0]]
        for slot, part in zip(self.slots, self.parts[1:]):
            out += (values[slot], part)
        return "".join(out)


_SHELLS: OrderedDict[tuple[Any, ...], Shell] = OrderedDict()
_MAX_SHELLS = 256


def _explore_shell(request: Request, q: ViewQuery, data: dict[str, Any], form: dict[str, str]) -> Shell:
    """The Explore page with slots for the figure and the links that carry the aspect, per form without its aspect
    (the page's every other part follows from it), the app's templates, what this build can do (pictures,
    identification) and the reader's theme (written into <html>); remembered for the last 256."""
    templates = context(request).templates
    key = (id(templates), data["render"]["available"], pages.identifier() is not None, theme_of(request),
           tuple(sorted((k, v) for k, v in form.items() if k != "aspect")))
    shell = _SHELLS.get(key)
    if shell is not None:
        _SHELLS.move_to_end(key)
        return shell
    # What depends on the aspect is a slot or left out (the picture is the figure's), so that no request's aspect
    # stays in the shell (tests/test_web_explore_shell.py compares the shell with the whole page written afresh).
    slotted = {**data, "picture": None, "query": None, "links": {**data["links"], "json": _JSON_LINK},
               "render": {**data["render"], "plan": _PLAN, "view": None}}
    ctx = _page_context(request, q, slotted, form, None, None, Markup(_FIGURE))
    shell = _SHELLS[key] = Shell(page_html(request, "explore.html", **ctx), (_FIGURE, _JSON_LINK, _PLAN))
    if len(_SHELLS) > _MAX_SHELLS:
        _SHELLS.popitem(last=False)
    return shell


#: The form's fields that describe the observer, not the vessel (the slider moves them).
OBSERVER_FIELDS = frozenset({"aspect", "distance", "period", "choose", "edition"})


@lru_cache(maxsize=256)
def _vessel_fields_html(env: Environment, edition: str | None, vessel_form: tuple[tuple[str, str], ...],
                        needed: str | None) -> Markup:
    """The vessel's part of the form (forty fields, those the edition's rules test shown): the same for every
    aspect, so written once per edition and vessel as the user typed it (and the fact asked for), not on every move
    of the slider."""
    return vessel_form_html(env, edition, dict(vessel_form), needed)


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


@router.get("/explore/situations.json", tags=["pages"], summary="Find a situation by name among an edition's own",
            response_model=dict[str, Any], openapi_extra=query_parameters(SituationsQuery))
def situations_json(request: Request) -> Response:
    """The edition's situations whose words answer `q` ('trawler', 'pilot at anchor'), best first, each with the
    flat vessel fields that describe her and the Explore address that shows her; without `q`, every situation of
    the edition, in its order. Made once per edition (and query)."""
    q = json_query(SituationsQuery, request)
    return Response(situations.matches_json(api.edition(q.edition).id, q.q), media_type="application/json")


@router.get("/explore/situations", response_class=HTMLResponse, include_in_schema=False)
def situations_page(request: Request) -> HTMLResponse:
    """The search box's answer without JavaScript: the matches as links to Explore."""
    q, err = parse(SituationsQuery, request)
    found: tuple[situations.Situation, ...] = ()
    edition = EXPLORE_EDITION
    if q is not None:
        try:
            edition = api.edition(q.edition).id
            found = situations.matches(edition, q.q) if q.q else situations.candidates(edition)
        except NavlightsError as e:
            err = failed(e)
    return page(request, "situations.html", status=422 if err else 200, title="Find a situation", error=err,
                found=found, query=q.q if q else request.query_params.get("q", ""), edition=edition)
