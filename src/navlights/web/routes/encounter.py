"""Encounter timelines: paste or load two or more tracks (CSV), or pick an example; events, plot and table on
screen, and the JSON twin /encounter.json (docs/traffic.md "Encounters"); the address of a posted encounter, with
its own twin and a report to download (docs/web.md "Results worth keeping").

The work is CPU-bound (seconds at the engine's bound, ``MAX_LOOKS``): every route is a plain ``def`` (run in the
thread pool) or hands its work to it, so the event loop keeps answering other requests meanwhile."""

from __future__ import annotations

import base64
import threading
from collections import OrderedDict
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ...errors import NavlightsError, excerpt
import navlights.traffic.api as traffic
from ..common import FieldError, error_json, failed, page
from ..kept import attachment, find, foot, keep, kept, key_param, see_other, twin

router = APIRouter()
EXAMPLE = "2020-crossing-high-seas.csv"
WATERS = traffic.TRAFFIC_WATERS
KIND = "encounter"
KEY = key_param("the key of a kept encounter: the SHA-256 of its canonical input")


#: At most this many encounters are computed at once in one server process: each holds up to some 30 MB while it
#: is made (at the engine's bound), so memory stays bounded whatever the number of requests; one more is refused
#: at once (503, Retry-After), not queued where it would hold a thread of the pool.
MAX_AT_ONCE = 2
_SLOTS = threading.BoundedSemaphore(MAX_AT_ONCE)
RETRY_AFTER_S = 5


class Computed:
    """An encounter computed from its input (or the error and its status), and its plot, made once when first
    asked for."""

    def __init__(self, enc: Any, err: FieldError | None, status: int = 422) -> None:
        self.enc, self.err, self.status = enc, err, status
        self._plot: bytes | None = None
        self._lock = threading.Lock()

    def plot(self) -> bytes:
        with self._lock:
            if self._plot is None:
                self._plot = traffic.encounter_plot_png(self.enc)
            return self._plot


#: The last few encounters computed, by input: the page after a 303, its twin and its report do not compute it
#: again (each holds at most MAX_LOOKS looks: some 20 MB at the bound; docs/traffic.md "Limits").
_RECENT: OrderedDict[tuple[str, str, str | None], Computed] = OrderedDict()
_RECENT_MAX = 4
_RECENT_LOCK = threading.Lock()


def _run(text: str, waters: str, edition: str | None) -> Computed:
    """The encounter of the tracks (or the error as (field, message)), remembered for the last few inputs."""
    key = (text, waters, edition or None)
    with _RECENT_LOCK:
        if key in _RECENT:
            _RECENT.move_to_end(key)
            return _RECENT[key]
    if waters not in WATERS:
        done = Computed(None, ("waters", f"waters: {excerpt(waters)} is not allowed; allowed: {', '.join(WATERS)}"))
    elif not _SLOTS.acquire(blocking=False):
        return Computed(None, ("encounter", f"encounter: {MAX_AT_ONCE} encounters are being computed on this server; "
                               f"allowed: at most {MAX_AT_ONCE} at once; try again in a few seconds"), 503)
    else:
        try:
            done = Computed(traffic.encounter(text, waters=waters, edition=edition or None), None)
        except NavlightsError as e:
            done = Computed(None, failed(e))
        finally:
            _SLOTS.release()
    with _RECENT_LOCK:
        _RECENT[key] = done
        while len(_RECENT) > _RECENT_MAX:
            _RECENT.popitem(last=False)
    return done


def _tracks(text: str) -> str:
    """Track CSV as kept and computed: line ends as LF (a browser's form sends CRLF), one newline at the end."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").rstrip("\n") + "\n"


def _render(request: Request, text: str, waters: str, edition: str, example: str | None,
            done: Computed | None = None, **extra: Any) -> HTMLResponse:
    done = done or _run(text, waters, edition)
    enc, err = done.enc, done.err
    plot = "data:image/png;base64," + base64.b64encode(done.plot()).decode("ascii") if enc is not None else ""
    return page(request, "encounter.html", status=done.status if err else 200, title="Encounter", text=text, error=err,
                enc=enc.to_dict() if enc else None, rows=traffic.encounter_table(enc) if enc else [], plot=plot,
                examples=list(traffic.example_encounters()), example=example, waters=waters, waters_choices=WATERS,
                edition=edition, **extra)


@router.get("/encounter", response_class=HTMLResponse, include_in_schema=False)
def encounter_page(request: Request) -> HTMLResponse:
    q = request.query_params
    examples = traffic.example_encounters()
    name = q.get("example", EXAMPLE)
    text = examples.get(name, examples[EXAMPLE])
    return _render(request, text, q.get("waters", "high-seas"), q.get("edition", ""),
                   name if name in examples else EXAMPLE)


@router.post("/encounter", response_class=HTMLResponse, include_in_schema=False)
async def encounter_submit(request: Request) -> Response:
    """The tracks are computed; tracks that give an encounter are kept and answered with 303 to its address."""
    form = parse_qs((await request.body()).decode("utf-8", "replace"), keep_blank_values=True)
    text = _tracks((form.get("tracks") or [""])[0])
    return await run_in_threadpool(_submit, request, text, (form.get("waters") or ["high-seas"])[0],
                                   (form.get("edition") or [""])[0])


def _submit(request: Request, text: str, waters: str, edition: str) -> Response:
    done = _run(text, waters, edition)
    if done.err is not None:
        return _render(request, text, waters, edition, None, done)
    key, note = keep(request, KIND, {"tracks": text, "waters": waters, "edition": edition or None}, text,
                     {"waters": waters, "edition": edition or None})
    if key is None:
        return _render(request, text, waters, edition, None, done, kept_note=note)
    return see_other(KIND, key, "encounter-result")


_RESPONSES: dict[int | str, dict[str, Any]] = {
    422: {"description": "the tracks cannot be read, or ask for more work than allowed (at most "
                         f"{traffic.MAX_ENCOUNTER_LOOKS} looks: ordered vessel pairs x minutes): one line naming the "
                         "field, the value and what is allowed"}}


@router.get("/encounter.json", tags=["pages"], summary="An example encounter's timeline", response_model=dict[str, Any],
            responses=_RESPONSES)
def encounter_example_json(example: str = Query(EXAMPLE, description="an example track file's name",
                                               json_schema_extra={"enum": list(traffic.example_encounters())}),
                           waters: str = Query("high-seas", description="high-seas, great-lakes or us-inland",
                                               json_schema_extra={"enum": list(WATERS)}),
                           edition: str | None = Query(None, description="judge under this edition")
                           ) -> JSONResponse:
    """The timeline of an example encounter: vessels, events and every minute's look."""
    examples = traffic.example_encounters()
    if example not in examples:
        return error_json(422, "example", f"example: {excerpt(example)} is not an example; allowed: {', '.join(examples)}")
    done = _run(examples[example], waters, edition)
    return _refused(done) if done.err else JSONResponse(done.enc.to_dict())


def _refused(done: Computed) -> JSONResponse:
    """The error of a twin: 422 for the input, 503 (with Retry-After) when the server is busy with others."""
    assert done.err is not None
    return error_json(done.status, *done.err,
                      headers={"Retry-After": str(RETRY_AFTER_S)} if done.status == 503 else None)


_CSV_BODY = {"requestBody": {"required": True, "description": "track CSV: time, ident, lat, lon, heading, and the "
                              "vessel fields (docs/traffic.md)",
                              "content": {"text/csv": {"schema": {"type": "string"}}}}}


@router.post("/encounter.json", tags=["pages"], summary="The timeline of posted tracks", response_model=dict[str, Any],
             responses=_RESPONSES, openapi_extra=_CSV_BODY)
async def encounter_json(request: Request,
                         waters: str = Query("high-seas", description="high-seas, great-lakes or us-inland"),
                         edition: str | None = Query(None, description="judge under this edition")) -> JSONResponse:
    """Minute by minute, what each vessel could see of the others (docs/traffic.md "Encounters")."""
    try:
        tracks = (await request.body()).decode("utf-8")
    except UnicodeDecodeError:
        return error_json(422, "tracks", "tracks: the body is not UTF-8 text; allowed: track CSV as UTF-8")
    done = await run_in_threadpool(_run, tracks, waters, edition)
    if done.err:
        return _refused(done)
    return await run_in_threadpool(lambda: JSONResponse(done.enc.to_dict()))


@router.api_route("/encounter.json", methods=["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"], include_in_schema=False)
async def encounter_json_other(request: Request) -> JSONResponse:
    """Both methods of the path in Allow (Starlette would name only the first route's)."""
    return error_json(405, "method", f"method: {request.method} is not allowed; allowed: GET, POST",
                      headers={"Allow": "GET, POST"})


# --- a kept encounter: its address, its twin, its report ------------------------------------------------------


def _kept(request: Request, key: str) -> tuple[str, str, str, Computed, dict[str, Any]]:
    """The kept tracks, waters and edition, the encounter computed now, and what the page says of its address."""
    text, params, when = find(request, KIND, key)
    waters, edition = str(params.get("waters") or "high-seas"), str(params.get("edition") or "")
    return text, waters, edition, _run(text, waters, edition), kept(request, KIND, key, when)


@router.get("/encounter/r/{key}.json", tags=["pages"], summary="A kept encounter, computed again now",
            response_model=dict[str, Any],
            responses={404: {"description": "nothing is kept under that key (never, or no longer)"}})
def encounter_kept_json(request: Request, key: str = KEY) -> JSONResponse:
    """The tracks kept at `/encounter/r/{key}` (with their waters and edition) and their timeline, computed afresh
    by this navlights (`result`, as `POST /encounter.json` answers); tracks this version refuses give
    `result: null` and `error`."""
    text, waters, edition, done, info = _kept(request, key)
    body = twin(request, KIND, key, info["since"], {"tracks": text, "waters": waters, "edition": edition or None},
                done.enc.to_dict() if done.enc else None)
    if done.err is not None:
        body["error"] = {"field": done.err[0], "error": done.err[1]}
    return JSONResponse(body)


@router.get("/encounter/r/{key}/report.html", include_in_schema=False)
def encounter_kept_report(request: Request, key: str = KEY) -> Response:
    """The standalone report of a kept encounter, to be saved."""
    text, waters, edition, done, info = _kept(request, key)
    if done.enc is None:
        return _render(request, text, waters, edition, None, done, kept_info=info)
    html = traffic.encounter_report_html(done.enc, done.plot(), tracks=text, footer=foot(info))
    return attachment(html, f"navlights-encounter-{done.enc.start:%Y-%m-%d}-{key[:12]}.html")


@router.get("/encounter/r/{key}", response_class=HTMLResponse, include_in_schema=False)
def encounter_kept(request: Request, key: str = KEY) -> HTMLResponse:
    """A kept encounter, computed afresh: the same page as after Show, with its address."""
    text, waters, edition, done, info = _kept(request, key)
    return _render(request, text, waters, edition, None, done, kept_info=info)
