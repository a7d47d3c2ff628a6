"""The web app's inputs: query parameters as checked models, and errors as one line naming the field.

The same models check a page's query string and its ``.json`` twin's, so both refuse the same input
with the same words. Vessel parameters are the CLI's vessel options (``--tow-length`` is ``tow_length``):
both turn them into the vessel by one translation, ``Vessel.from_fields``, which also checks them.
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from .. import api
from ..api import BargeCorners, BargeExempt, BargeMooring, FishingMethod, InlandWaters, Propulsion, Restricted, Service, Side, Status, TimeOfDay, TrawlActivity, Vessel, make_vessel
from ..errors import excerpt

DEFAULT_EDITION = "intl-1972"   # today's rules by default (issue 37); history is one choice away
EXPLORE_EDITION = "intl-1972"   # Explore opens on the rules in force today (issue 14)
MAX_TEXT = 40          # a length such as '200 ft', an edition id or alias
MAX_NOTATION = 200     # a typed picture
MAX_SEARCH = 100       # words of a situation to find
MAX_ID = 2 ** 63 - 1   # SQLite's largest integer: a question id past it names no question


# --- what the OpenAPI document says of each value (schema only: the server parses as the CLI does) ------


def _length_pattern(feet: str, metres: str) -> str:
    """A length with its unit, bounded as the vessel model bounds it (a number of feet or metres, then the unit)."""
    return rf"^({feet})(\.[0-9]{{1,3}})? ?(ft|feet)$|^({metres})(\.[0-9]{{1,3}})? ?m$"


#: Lengths as the schema describes them: '200 ft', '61 m', '61.5 m' (at most 1,000 ft or 500 m, over 0).
LENGTH_PATTERN = _length_pattern("[1-9][0-9]{0,2}", "[1-9][0-9]?|[1-4][0-9]{2}")
BREADTH_PATTERN = _length_pattern("[1-9][0-9]?|[12][0-9]{2}", "[1-9][0-9]?")
TOW_PATTERN = _length_pattern("[1-9][0-9]{0,3}", "[1-9][0-9]{0,2}|[1-4][0-9]{3}")
DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"


def _edition_enum(schema: dict[str, Any]) -> None:
    """The edition ids and aliases the rule base holds, read when the OpenAPI document is made."""
    schema["enum"] = api.edition_names()


def _editions_pattern(schema: dict[str, Any]) -> None:
    names = "|".join(re.escape(n) for n in api.edition_names())
    schema["pattern"] = f"^({names})(,({names}))*$"


def _pattern(pattern: str) -> dict[str, Any]:
    """The schema of a length: the vessel model checks it (with the CLI's words), the schema describes it."""
    return {"pattern": pattern}


class _Query(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, str_strip_whitespace=True, frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _blank_is_not_given(cls, data: Any) -> Any:
        """An empty form field means 'not given' (so the default applies); the .json twins refuse it before."""
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if not (isinstance(v, str) and not v.strip())}
        return data


class VesselFields(_Query):
    """The vessel, field by field (as the CLI's vessel options)."""

    propulsion: Propulsion | None = Field(None, description="what drives her now (default: power; none when in tow)")
    seaplane: bool | None = Field(None, description="a seaplane on the water")
    length: str | None = Field(None, max_length=MAX_TEXT, description="length, e.g. '200 ft' or '61 m'",
                               json_schema_extra=_pattern(LENGTH_PATTERN))
    breadth: str | None = Field(None, max_length=MAX_TEXT, description="breadth, e.g. '30 ft' (at most her length)",
                                json_schema_extra=_pattern(BREADTH_PATTERN))
    tonnage: float | None = Field(None, description="tons, as the edition measures them",
                                  json_schema_extra={"minimum": 0, "maximum": 1_000_000})
    status: Status | None = Field(None, description="underway (default), anchored, aground or moored")
    making_way: bool | None = Field(None, description="moving through the water (default: true when under way)")
    towing: bool | None = Field(None, description="towing another vessel")
    tow_length: str | None = Field(None, max_length=MAX_TEXT,
                                   description="stern of tug to stern of last vessel towed, e.g. '650 ft' "
                                               "(with being_towed: the length of the tow she is in)",
                                   json_schema_extra=_pattern(TOW_PATTERN))
    tow_vessels: int | None = Field(None, description="number of vessels in tow",
                                    json_schema_extra={"minimum": 1, "maximum": 100})
    tow_raft: bool | None = Field(None, description="the tow is a raft")
    tow_alongside: bool | None = Field(None, description="towing alongside")
    pushing: bool | None = Field(None, description="pushing another vessel ahead")
    being_towed: bool | None = Field(None, description="in tow")
    not_last_of_tow: bool | None = Field(None, description="in tow, but not the last vessel")
    being_pushed: bool | None = Field(None, description="pushed ahead by another vessel")
    not_under_command: bool | None = Field(None, description="not under command")
    restricted: Restricted | None = Field(None, description="work that restricts her ability to manoeuvre")
    fishing: FishingMethod | None = Field(None, description="engaged in fishing, by method")
    gear_extent: str | None = Field(None, max_length=MAX_TEXT, description="horizontal extent of fishing gear",
                                    json_schema_extra=_pattern(TOW_PATTERN))
    gear_out: bool | None = Field(None, description="fishing gear in the water (default: true when fishing)")
    close_proximity: bool | None = Field(None, description="fishing in close proximity to other vessels fishing")
    trawl_activity: TrawlActivity | None = Field(None, description="a trawler shooting or hauling her nets, or her "
                                                 "net fast upon an obstruction (net-fast)")
    pair_trawling: bool | None = Field(None, description="a trawler engaged in pair trawling")
    hampered_by_gear: bool | None = Field(None, description="a purse seiner hampered by her fishing gear")
    pilot_on_duty: bool | None = Field(None, description="a pilot vessel on her station on pilotage duty")
    service: Service | None = Field(None, description="a trade an edition names a class by")
    sails_set: bool | None = Field(None, description="a power-driven vessel also under sail")
    machinery: bool | None = Field(None, description="has propelling machinery")
    time: TimeOfDay | None = Field(None, description="night, day or restricted-visibility (default: both)")
    towed_alongside: bool | None = Field(None, description="in tow alongside another vessel")
    partly_submerged: bool | None = Field(None, description="in tow: an inconspicuous, partly submerged vessel or object")
    air_cushion: bool | None = Field(None, description="an air-cushion vessel")
    non_displacement: bool | None = Field(None, description="an air-cushion vessel in the non-displacement mode")
    wig: bool | None = Field(None, description="a wing-in-ground (WIG) craft")
    wig_near_surface: bool | None = Field(None, description="a WIG craft taking off, landing or in flight near the surface")
    max_speed_kn: float | None = Field(None, gt=0, le=100, description="her maximum speed in knots")
    constrained_by_draught: bool | None = Field(None, description="a power-driven vessel constrained by her draught")
    mine_clearance: bool | None = Field(None, description="engaged in mine clearance operations")
    obstruction_side: Side | None = Field(None, description="dredging or underwater work: the side of the obstruction")
    composite_unit: bool | None = Field(None, description="pusher and pushed rigidly connected")
    near_channel: bool | None = Field(None, description="at anchor in or near a channel, fairway or anchorage")
    waters: InlandWaters | None = Field(None, description="US inland waters named apart: great-lakes, western-rivers, "
                                        "lower-mississippi (below the Huey P. Long Bridge) or specified-waters "
                                        "(specified by the Secretary for Inland Rule 24(j))")
    special_anchorage: bool | None = Field(None, description="at anchor in a special anchorage area (US Inland)")
    tow_partly_submerged: bool | None = Field(None, description="towing an inconspicuous, partly submerged vessel or "
                                              "object (US Inland Rule 24(g)(v))")
    towed_both_sides: bool | None = Field(None, description="towed alongside, with vessels alongside on both sides of "
                                          "the towing vessel (US Inland Rule 24(f)(iii))")
    barge_mooring: BargeMooring | None = Field(None, description="a moored barge's case of US Inland Rule 30(h)")
    barge_exempt: BargeExempt | None = Field(None, description="a moored barge exempt by US Inland Rule 30(k), (l)")
    mooring_buoys: bool | None = Field(None, description="made fast to mooring buoys or a similar device")
    barge_corners: BargeCorners | None = Field(None, description="a barge lit at its corners by US Inland Rule 30(j)")
    tow_lights_impracticable: bool | None = Field(None, description="for sufficient cause the Rule 24 lights of her "
                                                  "situation cannot practicably be shown (Rule 24(h), (i))")
    assisting_distress: bool | None = Field(None, description="not normally engaged in towing, towing a vessel in "
                                            "distress or in need of assistance (Rule 24(i))")
    masthead_off_centreline: bool | None = Field(None, description="her masthead light (or all-round white light) "
                                                 "stands off the fore and aft centreline (COLREGs Rule 23(d)(iii); "
                                                 "US Inland Rule 21(a))")
    dredge_pipeline: bool | None = Field(None, description="a dredge pipeline, floating or on trestles (US Inland "
                                         "Rule 27(d)(iv)): propulsion none, status moored")

    def vessel(self) -> Vessel:
        """The vessel these parameters describe (as ``navlights lights`` builds it), built once per query."""
        return self.built_vessel

    @cached_property
    def built_vessel(self) -> Vessel:
        """:meth:`Vessel.from_fields` of the vessel parameters, remembered on this (frozen) query and, across
        queries, per distinct set of values (a slider's requests differ only in the observer's fields)."""
        return _vessel_from(tuple(getattr(self, k) for k in VESSEL_PARAMS))

    def params(self) -> dict[str, Any]:
        """The parameters that were given, for links and forms."""
        return self.model_dump(exclude_none=True)


def vessel_params(vessel: dict[str, Any] | Vessel) -> dict[str, Any]:
    """Query parameters describing a vessel (the inverse of :meth:`VesselFields.vessel`), for links."""
    fields = make_vessel(vessel).to_fields()
    return {k: ("true" if v else "false") if isinstance(v, bool) else v for k, v in fields.items()}


VESSEL_PARAMS = tuple(VesselFields.model_fields)


@lru_cache(maxsize=1024)
def _vessel_from(values: tuple[Any, ...]) -> Vessel:
    """The vessel of the flat fields' values (in :data:`VESSEL_PARAMS` order); a refusal is not remembered."""
    return Vessel.from_fields(**dict(zip(VESSEL_PARAMS, values)))


class VesselQuery(VesselFields):
    """A vessel under one edition."""

    edition: str = Field(EXPLORE_EDITION, max_length=MAX_TEXT, description="edition id or alias, e.g. 1972",
                         json_schema_extra=_edition_enum)


class ViewQuery(VesselQuery):
    """A vessel under one edition, seen by an observer."""

    aspect: float = Field(45.0, ge=0, le=360,
                          description="your bearing from her, degrees clockwise from her bow: 0 dead ahead, "
                                      "90 her starboard beam")
    distance: float | None = Field(None, gt=0, le=100, description="how far off she is, nautical miles")
    eye_height: float | None = Field(None, gt=0, le=500, description="your height of eye, metres")
    visibility: float | None = Field(None, gt=0, le=1000, description="meteorological visibility, nautical miles")
    period: Literal["night", "day"] | None = Field(None, description="night: lights; day: shapes")
    choose: Literal["typical", "all"] = Field("typical", description="typical: required items and first "
                                              "options; all: every item, flagged")


class SituationsQuery(_Query):
    """A situation to find by name among one edition's own."""

    edition: str = Field(EXPLORE_EDITION, max_length=MAX_TEXT, description="edition id or alias (default: intl-1972)",
                         json_schema_extra=_edition_enum)
    q: str | None = Field(None, max_length=MAX_SEARCH, description="words of the situation, e.g. 'trawler', 'pilot "
                          "at anchor', 'tug pushing on the Western Rivers' (none: every situation of the edition)")


class RenderQuery(ViewQuery):
    """A picture to draw."""

    view: Literal["night", "day", "plan"] = Field("night", description="night: lights as seen; day: shapes; "
                                                  "plan: arcs and ranges from above")
    width: int = Field(480, ge=100, le=2000, description="pixels")
    height: int = Field(300, ge=100, le=2000, description="pixels")
    caption: bool = Field(True, description="write the vessel and aspect under the picture")
    hull: bool = Field(True, description="draw her hull")


class CompareQuery(VesselFields):
    """A vessel under several editions."""

    editions: str | None = Field(None, max_length=200, description="comma-separated edition ids (default: all)",
                                 json_schema_extra=_editions_pattern)

    def edition_list(self) -> list[str] | None:
        return [e.strip() for e in self.editions.split(",") if e.strip()] if self.editions else None


class IdentifyQuery(_Query):
    """A picture seen, typed."""

    notation: str | None = Field(None, max_length=MAX_NOTATION, description="the lights seen, left to right, "
                                 "e.g. 'W/W G' (a vertical line top first with '/'; see /identify)")
    edition: str | None = Field(None, max_length=MAX_TEXT, description="one edition (default: every edition)",
                                json_schema_extra=_edition_enum)
    near: bool = Field(True, description="add near matches (arranged otherwise, colour doubt, a light missed "
                                         "or extra)")
    limit: int = Field(20, ge=1, le=500, description="at most this many lines (one per meaning)")
    offset: int = Field(0, ge=0, le=500, description="lines to skip first (the page's 'show more')")
    bearing: float | None = Field(None, ge=0, le=360, description="her bearing on your bow in degrees, clockwise "
                                  "from right ahead (optional): the verdict adds who gives way (Rules 13-15, 18)")


#: The trainer opens on the current international rules (mariners train for today's examinations), as Explore does.
TRAIN_EDITION = "intl-1972"


class TrainQuery(_Query):
    """Which edition and topic to train on."""

    edition: str = Field(TRAIN_EDITION, max_length=MAX_TEXT, description="edition id or alias (default: intl-1972)",
                         json_schema_extra=_edition_enum)
    topic: str = Field("all", max_length=MAX_TEXT, description="all (default), lights (night), shapes (day), or a "
                       "rule's topic such as rule-24: one of the edition's topics, listed in the answer (which topics "
                       "there are depends on the edition, so an id may be refused with 422 naming them)")
    notice: Literal["reset"] | None = Field(None, description="a page's note of what was just done (reset)")


class Answer(_Query):
    """An answer to a training question (JSON numbers: ``true`` is not a question id)."""

    question: StrictInt = Field(..., ge=1, le=MAX_ID, description="the question's id")
    choice: StrictInt = Field(..., ge=0, le=9, description="the index of the chosen answer")


class _Body(BaseModel):
    """A JSON body (or a form posted as one): an empty value is a value, so an unknown key is always refused."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, str_strip_whitespace=True, frozen=True)


class ExamStart(_Body):
    """A new exam: the edition, the topic and how many questions (one per card of the topic at most)."""

    edition: str = Field(TRAIN_EDITION, max_length=MAX_TEXT, description="edition id or alias (default: intl-1972)",
                         json_schema_extra=_edition_enum)
    topic: str = Field("all", max_length=MAX_TEXT, description="all (default), lights, shapes or a rule's topic of "
                       "the edition (see /train.json's topics)")
    size: StrictInt = Field(10, ge=1, le=30, description="how many questions (default 10)")


class ResetBody(_Body):
    """Reset the learner's own progress: ``confirm`` must be true."""

    confirm: StrictBool = Field(..., description="true: delete every answer, box and exam of this learner")


def _vessel_schema(schema: dict[str, Any]) -> None:
    """The body's vessel in the OpenAPI document: the vessel as JSON input (``api.vessel_input_schema``)."""
    description = schema.get("description")
    schema.clear()
    schema.update(api.vessel_input_schema(), description=description)


class DisplayBody(_Query):
    """A vessel as a JSON object (every field of ``navlights lights --vessel-json``) and an edition."""

    vessel: dict[str, Any] = Field(..., description="the vessel, e.g. {\"propulsion\": \"power\", "
                                   "\"length\": \"200 ft\"}; every field optional, as --vessel-json",
                                   json_schema_extra=_vessel_schema)
    edition: str = Field(DEFAULT_EDITION, max_length=MAX_TEXT, description="edition id or alias",
                         json_schema_extra=_edition_enum)


# ---------------------------------------------------------------------------------------------
# Errors as one line

_WORDS = {
    "float_parsing": "is not a number", "float_type": "is not a number", "finite_number": "is not a finite number",
    "int_parsing": "is not a whole number", "int_type": "is not a whole number",
    "int_from_float": "is not a whole number", "bool_parsing": "is not true or false",
    "bool_type": "is not true or false", "string_type": "is not text", "dict_type": "is not a JSON object",
    "model_type": "is not a JSON object", "json_invalid": "is not valid JSON",
}


def field_of(loc: tuple[Any, ...] | list[Any]) -> str:
    """The field a validation error's location names, without 'query' or 'body'."""
    parts = [str(p) if len(str(p)) <= 60 else excerpt(str(p)) for p in loc
             if not isinstance(p, int) and p not in ("query", "body", "path")]
    if not parts and loc and loc[0] == "body":
        return "body"
    return ".".join(parts) or "request"


def one_line(errors: list[dict[str, Any]], allowed_fields: tuple[str, ...] = ()) -> tuple[str, str]:
    """(field, message) for the first of pydantic's or FastAPI's validation errors."""
    if not errors:
        return "request", "request: invalid"
    e = errors[0]
    field = field_of(e.get("loc", ()))
    kind, val, ctx = e.get("type", ""), e.get("input"), e.get("ctx") or {}
    shown = excerpt(val) if isinstance(val, (str, int, float)) and not isinstance(val, bool) else None
    if isinstance(val, bool):
        shown = "true" if val else "false"
    if kind == "extra_forbidden":
        allowed = f"; allowed: {', '.join(allowed_fields)}" if allowed_fields else ""
        return field, f"{field}: unknown parameter{allowed}"
    if kind == "missing":
        return field, f"{field}: is required"
    if kind == "literal_error":
        allowed = str(ctx.get("expected", "")).replace("'", "")
        return field, f"{field}: {shown} is not allowed; allowed: {allowed}"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        bounds = {"greater_than_equal": "at least", "less_than_equal": "at most",
                  "greater_than": "more than", "less_than": "less than"}[kind]
        limit = next(iter(ctx.values()), "")
        limit = f"{limit:g}" if isinstance(limit, float) else limit
        return field, f"{field}: {shown} is out of range; allowed: {bounds} {limit}"
    if kind == "string_too_long":
        return field, f"{field}: too long; allowed: at most {ctx.get('max_length')} characters"
    if kind in _WORDS:
        return field, f"{field}: {shown + ' ' if shown else ''}{_WORDS[kind]}"
    msg = str(e.get("msg", "invalid")).removeprefix("Value error, ")
    return field, f"{field}: {msg}"


class ChangesQuery(_Query):
    """Two editions whose differences are derived from the rule data."""

    a: str = Field("intl-1960", max_length=MAX_TEXT, description="the earlier edition (id or alias)",
                   json_schema_extra=_edition_enum)
    b: str = Field("intl-1972", max_length=MAX_TEXT, description="the later edition (id or alias)",
                   json_schema_extra=_edition_enum)


class DifferencesQuery(_Query):
    """Two regimes in force together: editions of different waters, set side by side."""

    a: str = Field("intl-1972", max_length=MAX_TEXT, description="one regime (edition id or alias)",
                   json_schema_extra=_edition_enum)
    b: str = Field("us-inland", max_length=MAX_TEXT, description="the other regime, of other waters (id or alias)",
                   json_schema_extra=_edition_enum)


class GoverningQuery(_Query):
    """A date and waters."""

    date: str = Field(..., max_length=10, description="YYYY-MM-DD, e.g. 1956-07-25",
                      json_schema_extra={"pattern": DATE_PATTERN, "format": "date"})
    waters: Literal["high-seas", "great-lakes", "us-inland"] = Field(..., description="the waters")


#: The longest vessel spec the conduct page takes ("power course=0 speed=12 bearing=45 range=3 length=20m ...").
MAX_SPEC = 300


class ConductQuery(_Query):
    """Two vessels and where they meet: who gives way (Part B)."""

    own: str = Field("power course=0 speed=10", max_length=MAX_SPEC, description="own vessel: 'KIND course=DEG "
                     "speed=KN [heading= at=E,N length= wind= flags]' (docs: Who gives way?)")
    other: str = Field("power course=270 speed=10 bearing=45 range=3", max_length=MAX_SPEC,
                       description="the other vessel, the same way; or bearing=DEG range=NM from own")
    edition: str = Field("intl-1972", max_length=MAX_TEXT, description="edition id or alias (default: intl-1972)",
                         json_schema_extra=_edition_enum)
    fog: bool = Field(False, description="not in sight of one another, in restricted visibility (Rule 19)")
    area: Literal["open", "narrow-channel", "tss"] = Field("open", description="open water, a narrow channel or "
                                                           "fairway (Rule 9), a traffic separation scheme (10)")
    waters: Literal["great-lakes", "western-rivers", "lower-mississippi", "specified-waters"] | None = Field(
        None, description="waters some rules name apart (Inland)")
    wind_from: float | None = Field(None, ge=0, le=360, description="true direction of the wind (Rule 12)")
    was_overtaking: Literal["own", "other"] | None = Field(None, description="the vessel that was overtaking "
                                                           "(Rule 13(d))")
    head_on_deg: float | None = Field(None, ge=0, le=45, description="'ahead or nearly ahead' half-angle (default 6)")
    border_deg: float | None = Field(None, ge=0, le=20, description="flag cases this near a limit (default 2)")
    risk_cpa_nm: float | None = Field(None, ge=0, le=50, description="risk of collision below this CPA (default 1)")

    def options(self) -> dict[str, Any]:
        """The facade's keywords."""
        return {"in_sight": not self.fog, "area": self.area, "waters": self.waters, "wind_from_deg": self.wind_from,
                "was_overtaking": self.was_overtaking, "head_on_deg": self.head_on_deg,
                "border_deg": self.border_deg, "risk_cpa_nm": self.risk_cpa_nm}
