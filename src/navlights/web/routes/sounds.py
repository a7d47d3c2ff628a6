"""Sounds: what a vessel sounds in restricted visibility (with a play button), identify by sound, and the edition's
manoeuvring and warning signals; its JSON twin and the WAV. Plain ``def`` routes: the work runs in the thread pool,
off the event loop; a WAV is at most a few repeats of one signal (render/sound.py bounds it)."""

from __future__ import annotations

from typing import Any, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import Field

from ... import api
from ...errors import NavlightsError
from ..common import answer, json_query, page, query_parameters
from ..queries import MAX_TEXT, VESSEL_PARAMS, VesselQuery

router = APIRouter()

#: What a first visit shows: a 50 m power-driven vessel making way, under the rules in force today.
DEFAULT_VESSEL = {"length": "50 m", "propulsion": "power"}
#: The vessel fields the page's form offers (every other field of the vessel is still taken from the query).
FORM_FIELDS = ("propulsion", "length", "status", "making_way", "towing", "pushing", "composite_unit", "being_towed",
               "not_under_command", "restricted", "fishing", "constrained_by_draught", "pilot_on_duty",
               "special_anchorage", "tonnage")


def _sound_ids() -> dict[str, list[str]]:
    return api.sound_signal_ids()


def _signal_enum(schema: dict[str, Any]) -> None:
    """The signal ids any edition can sound, read when the OpenAPI document is made."""
    schema["enum"] = sorted(_sound_ids())


class SoundsQuery(VesselQuery):
    """A vessel under one edition, and what was heard."""

    heard: str | None = Field(None, max_length=200, description="what was heard, e.g. 'prolonged-short-short' "
                              "(short, prolonged, bell, gong, stroke; a count: 5short)")
    interval: float | None = Field(None, gt=0, le=3600, description="seconds between repeats of what was heard")
    visibility: Literal["restricted", "clear"] | None = Field(None, description="was visibility restricted?")
    signal: str | None = Field(None, max_length=MAX_TEXT, pattern=r"^[a-z0-9-]+$",
                               description="the signal to play (an id from the JSON); default: hers",
                               json_schema_extra=_signal_enum)
    repeat: int = Field(1, ge=1, le=3, description="how many times the WAV sounds the signal, at its interval")
    drill: int | None = Field(None, ge=0, le=1_000_000, description="a drill question's number")
    direction: Literal["to-signal", "to-situation"] = Field("to-signal", description="the drill asks for the signal "
                                                            "of a situation, or the situation of a signal")
    choice: int | None = Field(None, ge=0, le=3, description="the drill answer chosen (0-3)")


_NOT_VESSEL = ("heard", "interval", "visibility", "signal", "repeat", "drill", "direction", "choice")


def _vessel_query(q: SoundsQuery) -> str:
    keep = {k: v for k, v in q.params().items() if k not in _NOT_VESSEL}
    return urlencode({k: ("true" if v is True else "false" if v is False else v) for k, v in keep.items()})


def _with_default_vessel(q: SoundsQuery) -> SoundsQuery:
    """A query that names no vessel (only what was heard, a drill, a signal: `/sounds?heard=prolonged`) is answered
    for the page's default vessel, as the empty page is, rather than refused for her length."""
    if any(k in VESSEL_PARAMS for k in q.model_fields_set):
        return q
    return SoundsQuery.model_validate({**q.params(), **DEFAULT_VESSEL})


def build(q: SoundsQuery) -> dict[str, Any]:
    """The page's data: her signals, the heard readings (if any), the edition's table, links."""
    q = _with_default_vessel(q)
    if q.signal and q.signal not in _sound_ids():
        raise NavlightsError(f"signal: unknown signal '{q.signal}'", field="signal", value=q.signal,
                             allowed="a signal id of the JSON (e.g. power-making-way)")
    vq = _vessel_query(q)
    out: dict[str, Any] = {"sounds": api.signals_json(q.vessel(), q.edition),
                           "manoeuvring": api.in_sight_json(q.edition),
                           "heard": api.heard_json(q.heard, q.edition, interval_s=q.interval, visibility=q.visibility)
                           if q.heard else None}
    if q.drill is not None:
        out["drill"] = api.sound_drill_json(q.edition, q.drill, q.direction, q.choice)
        base = f"/sounds?{vq}&direction={q.direction}&drill="
        out["drill"]["links"] = {"choose": [f"{base}{q.drill}&choice={i}#drill" for i in range(4)],
                                 "next": f"{base}{q.drill + 1}#drill",
                                 "other_way": f"/sounds?{vq}&drill={q.drill}&direction="
                                              + ("to-situation" if q.direction == "to-signal" else "to-signal")
                                              + "#drill"}
    playable = [s for s in out["sounds"]["signals"] if s["elements"] and all(e["sound"] != "flash"
                                                                             for e in s["elements"])]
    out["links"] = {"json": "/sounds.json?" + urlencode(q.params()),
                    "wav": ("/sounds.wav?" + vq) if playable else None,
                    "wav_for": {s["id"]: f"/sounds.wav?{vq}&signal={s['id']}"
                                for s in out["manoeuvring"]["signals"] + out["manoeuvring"]["other"]
                                if s["elements"] and all(e["sound"] != "flash" for e in s["elements"])}}
    return out


@router.get("/sounds", response_class=HTMLResponse, include_in_schema=False)
def sounds_page(request: Request) -> HTMLResponse:
    data, err = answer(SoundsQuery, request, build, DEFAULT_VESSEL)
    form = dict(request.query_params) or {k: str(v) for k, v in DEFAULT_VESSEL.items()}
    return page(request, "sounds.html", status=422 if err else 200, title="Sounds", data=data, form=form,
                error=err)


@router.get("/sounds.json", tags=["pages"], summary="What a vessel sounds, what was heard, the signals in sight",
            response_model=dict[str, Any], openapi_extra=query_parameters(SoundsQuery))
def sounds_json(request: Request) -> JSONResponse:
    """Her signals in or near restricted visibility (Rule 35) with their status for her, her appliances and whistle
    band (Rule 33, Annex III); the edition's manoeuvring, warning, attention and distress signals (Rules 34, 36,
    37); with ``heard``, every reading of what was heard, likely first. Each with its cite and provenance."""
    return JSONResponse(build(json_query(SoundsQuery, request)))


@router.get("/sounds.wav", tags=["pages"], summary="A signal as sound (WAV)", response_class=Response,
            responses={200: {"content": {"audio/wav": {}}, "description": "16-bit mono PCM WAV"}},
            openapi_extra=query_parameters(SoundsQuery))
def sounds_wav(request: Request) -> Response:
    """Her signal in restricted visibility (or ``signal``), rendered from the rules' numbers: blast lengths of
    Rule 32, the whistle at the middle of her Annex III band, ``repeat`` times at the signal's interval."""
    q = _with_default_vessel(json_query(SoundsQuery, request))
    owners = _sound_ids().get(q.signal or "", [])
    edition_id = api.edition(q.edition).id
    if q.signal and owners and edition_id not in owners:      # a signal of other editions: the edition is at odds
        raise NavlightsError(f"edition: {edition_id} has no signal '{q.signal}' (it is a signal of "
                             f"{', '.join(owners)})", field="edition", value=q.edition, allowed=", ".join(owners))
    data, _ = api.signal_wav(q.vessel(), q.edition, q.signal, repeats=q.repeat)
    return Response(data, media_type="audio/wav")
