"""What each page shows, as JSON-ready data: the HTML page and its ``.json`` twin are built from it.

Everything comes from :mod:`navlights.api`. The renderer (``api.render_svg``) and identification
(``api.identify_json``) are optional: where the facade lacks them the pages say so and fall back to
words.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from datetime import date
from functools import lru_cache
from typing import Any
from urllib.parse import quote_plus, urlencode

from .. import api
from ..errors import NavlightsError
from .queries import (ChangesQuery, CompareQuery, DifferencesQuery, IdentifyQuery, RenderQuery, ViewQuery,
                      vessel_params)

log = logging.getLogger("navlights.web")

PROVENANCE_WORDS = {
    "primary": "from the text of the rules",
    "secondary": "from a secondary source",
    "inferred": "inferred (argument given)",
    "gap": "not found: a gap",
}

#: Picture sizes used by the pages (pixels).
NIGHT_SIZE = (560, 320)
PLAN_SIZE = (360, 360)


# ---------------------------------------------------------------------------------------------
# Optional engines


def renderer() -> Any:
    """``api.render_svg`` when the renderer is present, else None."""
    return getattr(api, "render_svg", None)


def picture_renderer() -> Any:
    """``api.render_picture_svg`` (a picture already made, drawn) when the renderer is present, else None."""
    return getattr(api, "render_picture_svg", None) if renderer() is not None else None


def identifier() -> Any:
    """``api.identify_json`` when identification is present, else None."""
    return getattr(api, "identify_json", None)


#: Where the renderer names an id (render/svg.py writes ids only on gradients, and no other attribute ends in
#: "id"): its definition, and the two ways of referring to it.
_ID_PLACES = ('id="', "url(#", 'href="#')


def scope_ids(svg: str | None, prefix: str) -> str | None:
    """The SVG with its ids prefixed, so several pictures share a page without their gradients colliding.

    >>> scope_ids('<g id="sky"/><rect fill="url(#sky)"/><use href="#sky"/><a href="x"/>', "view")
    '<g id="view-sky"/><rect fill="url(#view-sky)"/><use href="#view-sky"/><a href="x"/>'
    """
    if svg is None:
        return None
    for place in _ID_PLACES:                   # plain replacing: a regex with a callback per match cost ~0.1 ms
        svg = svg.replace(place, place + prefix + "-")
    return svg


_TITLE = re.compile(r"<title>.*?</title>\s*", re.S)
_GIVEAWAY = re.compile(r'\s(?:data-role|data-roles|data-cite|data-edition)="[^"]*"')


def anonymise(svg: str | None) -> str | None:
    """The SVG without what would give a training question away: its title, roles and cites."""
    if svg is None:
        return None
    return _GIVEAWAY.sub("", _TITLE.sub("", svg))


@lru_cache(maxsize=1024)
def _render_cached(fn: Any, vessel: api.Vessel, edition: str, view: str, aspect_deg: float,
                   distance_nm: float | None, width: int, height: int, caption: bool, hull: bool,
                   eye_height_m: float | None, visibility_nm: float | None, choose: str) -> str:
    chosen: Any = json.loads(choose) if choose.startswith("{") else choose
    return fn(vessel, edition, view=view, aspect_deg=aspect_deg, distance_nm=distance_nm, width=width, height=height,
              caption=caption, hull=hull, eye_height_m=eye_height_m, visibility_nm=visibility_nm, choose=chosen)


def render_svg(vessel: dict[str, Any] | api.Vessel, edition: str, *, view: str, aspect_deg: float = 0.0,
               distance_nm: float | None = None, width: int = NIGHT_SIZE[0], height: int = NIGHT_SIZE[1],
               caption: bool = True, hull: bool = True, eye_height_m: float | None = None,
               visibility_nm: float | None = None, choose: str | Mapping[str, Any] = "typical") -> str | None:
    """``api.render_svg``, remembered for the last 1024 pictures (a slider comes back to the same aspects). A
    ``choose`` mapping (a lighting of identify's: options, scheme, optional items) is remembered by its JSON."""
    fn = renderer()
    if fn is None:
        return None
    key = choose if isinstance(choose, str) else json.dumps(dict(choose), sort_keys=True)
    return _render_cached(fn, api.make_vessel(vessel), edition, view, float(aspect_deg), distance_nm,
                          width, height, caption, hull, eye_height_m, visibility_nm, key)


def _drawn(draw: Any, what: str) -> str | None:
    """``draw()``, or None where it fails with anything but a navlights error (logged): a renderer bug must not
    take the page down with it; pages degrade to words."""
    try:
        return draw()
    except NavlightsError:
        raise
    except Exception:
        log.exception("drawing failed: %s", what)
        return None


def render(vessel: dict[str, Any] | api.Vessel, edition: str, *, view: str, aspect_deg: float = 0.0,
           distance_nm: float | None = None, size: tuple[int, int] = NIGHT_SIZE, caption: bool = True,
           hull: bool = True, choose: str | Mapping[str, Any] = "typical") -> str | None:
    """An SVG picture, or None where the renderer is missing or fails (logged): pages degrade to words."""
    return _drawn(lambda: render_svg(vessel, edition, view=view, aspect_deg=aspect_deg, distance_nm=distance_nm,
                                     width=size[0], height=size[1], caption=caption, hull=hull, choose=choose),
                  f"{edition} {vessel} view={view} aspect={aspect_deg}")


# ---------------------------------------------------------------------------------------------
# Editions


@lru_cache(maxsize=1)
def editions() -> list[dict[str, Any]]:
    """Every edition's header, sources, coverage and gaps (``api.editions_json``)."""
    return api.editions_json()


def edition_choices() -> list[dict[str, str]]:
    """(id, title, years) for the edition selectors, in :func:`edition_order` (those in force today first)."""
    by_id = {e["id"]: e for e in editions()}
    out = []
    for ed in edition_order(list(by_id)):
        e = by_id[ed]
        years = f"{(e['in_force_from'] or '?')[:4]}–{(e['in_force_end'] or '')[:4]}"
        out.append({"id": e["id"], "title": e["title"], "years": years})
    return out


def in_force(e: dict[str, Any], today: date) -> bool:
    """Whether an edition (as :func:`editions` gives it) is in force on ``today`` (``api.in_force``)."""
    return api.in_force(e, today)


def edition_order(ids: list[str], today: date | None = None) -> list[str]:
    """The order the pages show editions in (``api.edition_order``): those in force today first, then the history.
    So: intl-1972, us-inland, intl-1897, intl-1948, intl-1960, gl-1895."""
    return api.edition_order(ids, today, editions())


def editions_in_force(today: date | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the editions in force on ``today``, the history), each in :func:`edition_order`."""
    today = today or date.today()
    by_id = {e["id"]: e for e in editions()}
    ordered = [by_id[i] for i in edition_order(list(by_id), today)]
    return [e for e in ordered if in_force(e, today)], [e for e in ordered if not in_force(e, today)]


def differences(q: DifferencesQuery) -> dict[str, Any]:
    """Two regimes side by side as a whole list (``api.differences``), grouped by side, with both cites; an
    unknown edition or two editions of the same waters is an error naming the field (a or b)."""
    a, b = _edition_ids(q)
    data = api.differences_json(a, b)
    groups = {side: [d for d in data["differences"] if d["side"] == side] for side in ("a", "b", "both")}
    return {**data, "groups": groups, "query": {"a": a, "b": b}}


def _edition_ids(q: ChangesQuery | DifferencesQuery) -> tuple[str, str]:
    """The two editions' ids, or an error naming the field (a or b) of an unknown one."""
    ids = []
    for name in ("a", "b"):
        try:
            ids.append(api.edition(getattr(q, name)).id)
        except NavlightsError as e:
            raise NavlightsError(f"{name}: {e}", field=name, value=getattr(q, name)) from None
    return ids[0], ids[1]


def _json_bytes(data: Any) -> bytes:
    """JSON as the app's responses write it (FastAPI's JSONResponse)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode("utf-8")


@lru_cache(maxsize=128)
def changes_bytes(a: str, b: str) -> bytes:
    """/api/changes.json for two editions (ids) as the response's bytes, made once per pair: what changed (made once
    by ``api.changes``) and, for editions of different waters, the pointer to /api/differences.json."""
    data: dict[str, Any] = {"from": a, "to": b, "changes": api.changes(a, b)}
    pointer = api.regimes_pointer(a, b)
    if pointer:
        data.update(relation="regimes", see=f"/api/differences.json?a={a}&b={b}", words=pointer)
    return _json_bytes(data)


@lru_cache(maxsize=128)
def differences_bytes(a: str, b: str, page: bool) -> bytes:
    """/regimes.json (``page``: with the groups and the query) or /api/differences.json (without) for two editions
    (ids) as the response's bytes, made once per pair."""
    data = api.differences_json(a, b)
    if page:
        groups = {side: [d for d in data["differences"] if d["side"] == side] for side in ("a", "b", "both")}
        return _json_bytes({**data, "groups": groups, "query": {"a": a, "b": b}})
    return _json_bytes(data)


def changes_json(q: ChangesQuery) -> bytes:
    return changes_bytes(*_edition_ids(q))


def differences_json(q: DifferencesQuery, page: bool) -> bytes:
    return differences_bytes(*_edition_ids(q), page)


def editions_page() -> dict[str, Any]:
    """The editions page: each edition's title, waters, in-force dates, sources, coverage and gaps, in
    :func:`edition_order` (those in force today, named in ``in_force``, first; then the history)."""
    current, history = editions_in_force()
    return {"editions": current + history, "in_force": [e["id"] for e in current],
            "provenance_words": PROVENANCE_WORDS}


@lru_cache(maxsize=1)
def editions_bytes() -> bytes:
    """/editions.json's bytes, made once (a few milliseconds of encoding that no request waits for again)."""
    return _json_bytes(editions_page())


# ---------------------------------------------------------------------------------------------
# Explore


def _url(path: str, params: dict[str, Any]) -> str:
    clean = {k: (str(v).lower() if isinstance(v, bool) else v) for k, v in params.items() if v is not None}
    return f"{path}?{urlencode(clean)}" if clean else path


def explore(q: ViewQuery) -> dict[str, Any]:
    """The explore page: the display with its cites and gaps, the picture at the aspect, the sectors.

    Remembered for the last 512 queries; callers must not change the answer."""
    return _explore(q, renderer() is not None)


@lru_cache(maxsize=512)
def _explore(q: ViewQuery, render_available: bool) -> dict[str, Any]:
    return {**explore_static(q.vessel(), q.edition, q.choose, q.period), **_explore_dynamic(q, render_available)}


@lru_cache(maxsize=256)
def explore_static(vessel: api.Vessel, edition: str, choose: str, period: str | None) -> dict[str, Any]:
    """What explore shows that does not depend on the observer (the display, the sectors, the gaps), per
    (vessel, edition, choose, period): remembered for 256 of them, as data and (below) as JSON text."""
    display = api.display_json(vessel, edition)
    sectors = api.sectors_json(vessel, edition, choose=choose, period=period)
    items = display["lights"] + display["shapes"]
    return {
        "edition": display["edition"],
        "edition_title": display["edition_title"],
        "vessel": display["vessel"],
        "description": display["description"],
        "complete": display["complete"],
        "gaps": [n for n in display["notes"] if n["kind"] == "gap"],
        "uncertain": [i["role"] for i in items if i["provenance"] in ("gap", "inferred") or i["arc_assumed"]],
        "display": display,
        "sectors": sectors["sectors"],
        "sounds": _sounds(vessel, edition),
    }


def _with_edition(link: str, edition: str) -> str:
    """A link of the vessel's (compare's, across editions) that names the edition too."""
    return f"{link}{'&' if '?' in link else '?'}edition={quote_plus(edition)}"


def _sounds(vessel: api.Vessel, edition: str) -> dict[str, Any]:
    """What she sounds in restricted visibility, in words, and whether a signal of hers can be played (Part D)."""
    try:
        s = api.signals_json(vessel, edition)
    except NavlightsError as e:          # a fact the signals need that the lights did not: said, not hidden
        return {"summary": f"Not known: {e}", "signals": [], "playable": False}
    signals = [{"id": x["id"], "words": x["words"], "interval": x["interval"], "status": x["status"],
                "cite": f"{x['citation']['edition']} {x['citation']['rule']}",
                "provenance": x["citation"]["provenance"]} for x in s["signals"]]
    playable = any(x["elements"] and all(e["sound"] != "flash" for e in x["elements"]) for x in s["signals"])
    return {"summary": s["summary"], "signals": signals, "playable": playable}


@lru_cache(maxsize=256)
def _explore_static_json(vessel: api.Vessel, edition: str, choose: str, period: str | None) -> str:
    return _dumps(explore_static(vessel, edition, choose, period))


def _dumps(data: Any) -> str:
    """JSON as the app's JSONResponse writes it."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))


def _explore_dynamic(q: ViewQuery, render_available: bool) -> dict[str, Any]:
    """What depends on the observer: the picture at the aspect, and the links that carry the query."""
    picture = api.picture_json(_picture(q), q.edition)
    params = q.params()
    before, after, compare = _links(tuple((k, v) for k, v in params.items() if k != "aspect"))
    # the query string, written once for the three links that carry it (and all but the aspect once per query)
    query = f"{before}aspect={quote_plus(str(params['aspect']))}{after}"
    render = f"/api/render.svg{query}&"
    return {
        "query": params,
        "picture": picture,
        "render": {"available": render_available,
                   "view": f"{render}view={picture['period']}&width={NIGHT_SIZE[0]}&height={NIGHT_SIZE[1]}",
                   "plan": f"{render}view=plan&width={PLAN_SIZE[0]}&height={PLAN_SIZE[1]}"},
        "links": {"json": "/explore.json" + query, "compare": compare,
                  "sounds": _with_edition(compare.replace("/compare", "/sounds", 1), q.edition),
                  "sounds_wav": _with_edition(compare.replace("/compare", "/sounds.wav", 1), q.edition)},
    }


#: A view query's parameters that do not describe the vessel (the compare link leaves them out).
_OBSERVER_PARAMS = frozenset({"edition", "aspect", "distance", "eye_height", "visibility", "period", "choose"})


@lru_cache(maxsize=1024)
def _links(params: tuple[tuple[str, Any], ...]) -> tuple[str, str, str]:
    """For a view query's parameters without the aspect (in the query's order): what its query string holds before
    the aspect (from "?", ending in "&"), what it holds after it (from "&", or ""), and the compare link."""
    names = [k for k, _ in params]
    cut = next((i for i, k in enumerate(names) if k in _AFTER_ASPECT), len(names))
    before, after = _url("", dict(params[:cut])), _url("", dict(params[cut:]))
    return ((before + "&") if before else "?"), ("&" + after[1:]) if after else "", \
        _url("/compare", {k: v for k, v in params if k not in _OBSERVER_PARAMS})


#: The parameters a view query writes after its aspect (the field order of ``ViewQuery``).
_AFTER_ASPECT = frozenset(list(ViewQuery.model_fields)[list(ViewQuery.model_fields).index("aspect") + 1:])


def explore_bytes(q: ViewQuery) -> bytes:
    """``/explore.json``: :func:`explore` as JSON, the observer-independent part written once per vessel."""
    static = _explore_static_json(q.vessel(), q.edition, q.choose, q.period)
    dynamic = _dumps(_explore_dynamic(q, renderer() is not None))
    return (dynamic[:-1] + "," + static[1:]).encode()


@lru_cache(maxsize=64)
def _picture(q: ViewQuery) -> Any:
    """The view an explore query asks for (``api.view``): its words (the JSON, the page) and the page's drawing
    are made from this one picture. Remembered for the last 64 queries (a page asks twice)."""
    return api.view(api.display(q.vessel(), q.edition), q.aspect, q.distance, eye_height_m=q.eye_height,
                    visibility_nm=q.visibility, choose=q.choose, period=q.period)


def explore_svgs(data: dict[str, Any], q: ViewQuery) -> dict[str, str | None]:
    """The night (or day) picture for the explore page, drawn inline (the plan is an image the browser fetches):
    the drawing of the very view the page describes."""
    return {"view": _explore_svg(q, picture_renderer())}


@lru_cache(maxsize=1024)
def _explore_svg(q: ViewQuery, draw: Any) -> str | None:
    """The explore page's inline picture (``draw``: :func:`picture_renderer`), ids scoped; None where the renderer
    is missing or fails (logged). Remembered for the last 1024 queries (a slider comes back to the same aspects)."""
    if draw is None:
        return None
    return scope_ids(_drawn(lambda: draw(_picture(q), q.edition, width=NIGHT_SIZE[0], height=NIGHT_SIZE[1],
                                         caption=False), str(q)), "view")


def render_query(q: RenderQuery) -> str | None:
    """The SVG for ``/api/render.svg``; None where the renderer is missing."""
    vessel = q.vessel()
    api.display(vessel, q.edition)          # a bad vessel or edition is one line naming the field
    return render_svg(vessel, q.edition, view=q.view, aspect_deg=q.aspect, distance_nm=q.distance, width=q.width,
                      height=q.height, caption=q.caption, hull=q.hull, eye_height_m=q.eye_height,
                      visibility_nm=q.visibility, choose=q.choose)


# ---------------------------------------------------------------------------------------------
# Compare


def _cell(item: dict[str, Any]) -> dict[str, Any]:
    arc = item["arc"]
    arc_words = "all round" if item["all_round"] or arc is None and item["what"] == "light" else (
        "" if arc is None else f"{arc[0]:g}°–{arc[1]:g}°")
    return {"term": item["term"], "colour": item["colour"], "what": item["what"], "arc": arc_words,
            "arc_as_written": item["arc_as_written"],
            "range": None if item["range_nm"] is None else f"{item['range_nm']:g} nm",
            "range_as_written": item["range_as_written"], "status": item["status"], "cite": item["cite"],
            "provenance": item["provenance"], "changed": [], "change": None,
            "character": item.get("character", "fixed"), "alternating": bool(item.get("alternating")),
            "character_as_written": item.get("character_as_written")}


def compare(q: CompareQuery) -> dict[str, Any]:
    """One vessel under each edition side by side; cells that differ from the edition before are marked.

    The columns (``editions``, each row's ``cells``, ``complete``, ``notes``) are in :func:`edition_order`: the
    editions in force today first, then the history in time order within each waters; ``in_force`` names the
    first. ``steps`` stay in time order, and ``comparison`` is the engine's answer as the CLI gives it (oldest
    first)."""
    vessel = q.vessel()
    data = api.compare_json(vessel, q.edition_list())
    today = date.today()
    eds = edition_order(data["editions"], today)
    current = {e["id"] for e in editions() if in_force(e, today)}
    roles: list[str] = []
    cells: dict[str, dict[str, Any]] = {}
    for ed in eds:
        d = data["displays"].get(ed)
        for item in (d["lights"] + d["shapes"]) if d else []:
            if item["role"] not in roles:
                roles.append(item["role"])
            cells[f"{ed}|{item['role']}"] = _cell(item)
    for step in data["steps"]:
        for diff in step["differences"]:
            key = f"{step['to']}|{diff['role']}"
            if diff["change"] == "removed":
                cells.setdefault(key, {"absent": True, "changed": [], "change": "removed",
                                       "text": diff["text"]})
                cells[key]["change"] = "removed"
            elif key in cells:
                cells[key]["change"] = cells[key]["change"] or diff["change"]
                if diff["field"]:
                    cells[key]["changed"].append(diff["field"])
    rows = [{"role": r, "cells": [cells.get(f"{ed}|{r}") for ed in eds]} for r in roles]
    titles = {e["id"]: e["title"] for e in editions()}
    return {
        "query": q.params(), "vessel": data["vessel"], "description": data["description"], "editions": eds,
        "in_force": [e for e in eds if e in current],
        "edition_titles": {e: titles.get(e, e) for e in eds},
        "complete": {e: (data["displays"][e]["complete"] if data["displays"][e] else None) for e in eds},
        "notes": {e: (data["displays"][e]["notes"] if data["displays"][e] else []) for e in eds},
        "errors": {e: data["errors"][e] for e in eds if e in data["errors"]}, "rows": rows, "steps": data["steps"],
        "comparison": data,
    }


# ---------------------------------------------------------------------------------------------
# Identify


def _identify_cache_dir() -> str | None:
    """Where the identification index is kept on disk: as the command line keeps it (docs/identify.md)."""
    return api.identify_cache_dir()


def identify(q: IdentifyQuery) -> dict[str, Any]:
    """Ranked lines of a typed picture (one per meaning), ``q.limit`` of them after the first ``q.offset``, each
    with its cites and a link to explore it; links to the next lines (the page's "show more") and to the JSON."""
    fn = identifier()
    out: dict[str, Any] = {"query": q.model_dump(exclude_none=True), "available": fn is not None,
                           "notation": q.notation, "edition": q.edition, "result": None}
    if fn is None or not q.notation:
        return out
    result = fn(q.notation, q.edition, near=q.near, limit=q.offset + q.limit, cache_dir=_identify_cache_dir(),
                **({} if q.bearing is None else {"bearing": q.bearing}))
    lines = hypotheses(result)[q.offset:]
    result["hypotheses"], result["returned"], result["offset"] = lines, len(lines), q.offset
    for h in lines:
        params = {**vessel_params(h.get("vessel") or {}), "edition": h.get("edition")}
        if h.get("aspect_deg") is not None:
            params["aspect"] = round(float(h["aspect_deg"]), 1)
        h["explore"] = _url("/explore", params)
    out["result"] = result
    base = q.model_dump(exclude_none=True)
    nxt = q.offset + q.limit
    out["links"] = {"json": _url("/identify.json", base),
                    "all_json": _url("/identify.json", {**base, "limit": 500, "offset": 0}),
                    "more": _url("/identify", {**base, "offset": nxt}) if nxt < result["total"] else None,
                    "more_lines": _url("/identify/lines", {**base, "offset": nxt}) if nxt < result["total"] else None,
                    "more_count": max(0, min(q.limit, result["total"] - nxt))}
    return out


def sector_label(s: dict[str, Any]) -> str:
    """'(0°, 84.98°]' with at most one decimal: '(0°, 85°]'."""
    def deg(x: float) -> str:
        return f"{round(float(x), 1):g}°"
    if s.get("point"):
        return f"[{deg(s['start_deg'])}]"
    return (("[" if s.get("start_closed") else "(") + deg(s["start_deg"]) + ", " + deg(s["end_deg"])
            + ("]" if s.get("end_closed") else ")"))


def hypothesis_picture(h: dict[str, Any], n: int) -> str | None:
    """The night picture of one hypothesis (its vessel, edition, middle aspect and lighting: an optional item or
    an option it rests on is drawn, as seen), small, without caption."""
    vessel, ed, aspect = h.get("vessel"), h.get("edition"), h.get("aspect_deg")
    if not isinstance(vessel, dict) or not ed or aspect is None:
        return None
    period = "day" if h.get("period") == "day" else "night"
    choose = h.get("choose")
    lit: str | Mapping[str, Any] = choose if isinstance(choose, (str, Mapping)) and choose else "typical"
    try:
        return scope_ids(render(vessel, ed, view=period, aspect_deg=float(aspect), size=(240, 150), caption=False,
                                choose=lit), f"h{n}")
    except NavlightsError:
        return None


def hypotheses(result: Any) -> list[dict[str, Any]]:
    """The ranked hypotheses of an identify result."""
    if isinstance(result, dict):
        return [h for h in result.get("hypotheses") or [] if isinstance(h, dict)]
    return []


def notation_guide() -> str | None:
    """How to type a picture (the identification engine's own help; None where it is missing)."""
    return getattr(api, "NOTATION_HELP", None)
