"""A lighting plan as typed objects, read once at the edge (docs/plan.md, docs/schema/plan-input.schema.json).

Coordinates: ``x`` metres forward from the aft end of the hull, ``y`` to starboard of the centreline,
``z`` above the hull (Annex I's "height above the hull"); arcs ``[from, to]`` clockwise from right ahead.

>>> p = read_plan({"edition": "intl-1960", "vessel": {"propulsion": "power", "length": "60 m"},
...                "lights": [{"id": "m", "role": "masthead", "colour": "white", "arc_deg": [247.5, 112.5],
...                            "position_m": {"x": 45, "y": 0, "z": 9}}]})
>>> p.lights[0].position_m.z, p.length_m
(9.0, 60.0)
"""

from __future__ import annotations

import json
import math
from typing import Annotated, Any, Literal

from pydantic import AllowInfNan, BaseModel, ConfigDict, Field, Strict, ValidationError, field_validator

from .. import jsoninput
from ..errors import NavlightsError, PlanError, excerpt
from ..vessel import Vessel, make_vessel

Colour = Literal["white", "red", "green", "yellow", "blue"]
ShapeKind = Literal["ball", "cone-up", "cone-down", "diamond", "cylinder", "basket", "double-cone", "other"]
MAX_DEPTH = 6
#: A number in a plan: a JSON number, finite (true, "12", NaN and Infinity are refused, never read as numbers).
Num = Annotated[float, Strict(), AllowInfNan(False)]
#: true or false only (not 1, "yes").
Flag = Annotated[bool, Strict()]
#: The plausible bounds of a plan's numbers (beyond them a value is a typing slip, never a ship): metres along and
#: across the hull, above the hull, a shape's size, candela, nautical miles.
MAX_ALONG_M = 1000.0
MAX_HEIGHT_M = 100.0
MAX_SHAPE_M = 10.0
MAX_CANDELA = 1_000_000.0
MAX_RANGE_NM = 100.0


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _finite(v: Any) -> Any:
    if isinstance(v, float) and not math.isfinite(v):
        raise ValueError("must be a finite number")
    return v


class Point(_Strict):
    """Where a light or shape stands, in metres."""

    x: Num = Field(..., ge=-MAX_ALONG_M, le=MAX_ALONG_M, description="forward from the aft end of the hull")
    y: Num = Field(..., ge=-MAX_ALONG_M, le=MAX_ALONG_M, description="to starboard of the centreline (port negative)")
    z: Num = Field(..., ge=0, le=MAX_HEIGHT_M, description="above the hull (the uppermost continuous deck)")

    _fin = field_validator("x", "y", "z", mode="after")(_finite)


class Screen(_Strict):
    """A sidelight's screen as fitted (Annex I 5; 33 CFR 84.05)."""

    inboard: Flag = Field(..., description="an inboard screen is fitted")
    matt_black: Flag = Field(..., description="the screen is painted matt black")
    cutoff_deg: Num | None = Field(None, ge=-45, le=45, description="measured: degrees outside the forward limit "
                                     "of the sector at which the light reaches practical cut-off (negative: inside)")

    _fin = field_validator("cutoff_deg", mode="after")(_finite)


class HorizontalSector(_Strict):
    """A light's horizontal sector as measured (Annex I 9(a); 33 CFR 84.15(a)); ends in ``arc_deg`` order."""

    cutoff_outside_deg: tuple[Num, Num] | None = Field(
        None, description="degrees outside each end of the arc [from, to] at which the light reaches practical "
        "cut-off (negative: inside the arc)")
    min_cd_within_5_deg: Num | None = Field(None, ge=0, le=MAX_CANDELA, description="least intensity over the arc "
                                            "up to 5 degrees inside its limits, candela")
    min_cd_edges: tuple[Num, Num] | None = Field(None, description="least intensity in the last 5 degrees to "
                                                     "each limit [from end, to end], candela")

    @field_validator("cutoff_outside_deg", "min_cd_edges", "min_cd_within_5_deg", mode="after")
    @classmethod
    def _ok(cls, v: Any, info: Any) -> Any:
        vals = v if isinstance(v, tuple) else () if v is None else (v,)
        if not all(math.isfinite(a) for a in vals):
            raise ValueError("must be finite numbers")
        if info.field_name == "cutoff_outside_deg" and not all(-45 <= a <= 45 for a in vals):
            raise ValueError("each end must lie in [-45, 45] degrees")
        if info.field_name == "min_cd_edges" and not all(a >= 0 for a in vals):
            raise ValueError("intensities must not be negative")
        return v


class VerticalSector(_Strict):
    """A light's least intensity within angles above and below the horizontal, as measured (Annex I 10;
    33 CFR 84.16)."""

    min_cd_5_deg: Num | None = Field(None, ge=0, le=MAX_CANDELA,
                                     description="least intensity from 5 degrees above to 5 below")
    min_cd_7_5_deg: Num | None = Field(None, ge=0, le=MAX_CANDELA,
                                       description="least intensity from 7.5 degrees above to 7.5 below")
    min_cd_25_deg: Num | None = Field(None, ge=0, le=MAX_CANDELA,
                                      description="least intensity from 25 degrees above to 25 below")

    _fin = field_validator("min_cd_5_deg", "min_cd_7_5_deg", "min_cd_25_deg", mode="after")(_finite)


class Hull(_Strict):
    """Facts of the hull for the 1,000 m condition on masthead lights (Annex I 2(b); 33 CFR 84.02(b))."""

    freeboard_m: Num | None = Field(None, ge=0, le=100, description="height of the uppermost continuous deck above "
                                      "the waterline under the masthead lights, in level trim")
    trim_deg: tuple[Num, Num] | None = Field(None, description="the range of normal trim [least, most], degrees, "
                                                 "positive by the stern (bow up)")
    draught_m: Num | None = Field(None, gt=0, le=100, description="for the record: not used by the checks")

    _fin = field_validator("freeboard_m", "draught_m", mode="after")(_finite)

    @field_validator("trim_deg", mode="after")
    @classmethod
    def _trim(cls, v: tuple[float, float] | None) -> tuple[float, float] | None:
        if v is not None and not (all(math.isfinite(a) and -10 <= a <= 10 for a in v) and v[0] <= v[1]):
            raise ValueError("trim must be [least, most] within -10 to 10 degrees")
        return v


class PlanLight(_Strict):
    """One installed light."""

    id: str = Field(..., min_length=1, max_length=80)
    role: str = Field(..., min_length=1, max_length=80, description="navlights' role name, e.g. masthead")
    also_roles: list[Annotated[str, Field(min_length=1, max_length=80)]] = Field(
        default_factory=list, max_length=4, description="further roles the same lantern serves, e.g. a red light "
        "that is both nuc-upper and work-upper")
    colour: Colour
    arc_deg: tuple[Num, Num] | None = Field(None, description="[from, to] clockwise from right ahead")
    all_round: Flag = False
    position_m: Point
    intensity_cd: Num | None = Field(None, gt=0, le=MAX_CANDELA, description="minimum luminous intensity, candela")
    range_nm: Num | None = Field(None, gt=0, le=MAX_RANGE_NM, description="certified range, nautical miles")
    chromaticity: tuple[Num, Num] | None = Field(None, description="CIE 1931 (x, y) as measured")
    screen: Screen | None = None
    horizontal_sector: HorizontalSector | None = None
    vertical_sector: VerticalSector | None = None

    _fin = field_validator("intensity_cd", "range_nm", mode="after")(_finite)

    @field_validator("chromaticity", mode="after")
    @classmethod
    def _xy(cls, v: tuple[float, float] | None) -> tuple[float, float] | None:
        if v is not None and not all(math.isfinite(a) and 0 <= a <= 1 for a in v):
            raise ValueError("x and y must lie in [0, 1]")
        return v

    @field_validator("arc_deg", mode="after")
    @classmethod
    def _arc(cls, v: tuple[float, float] | None) -> tuple[float, float] | None:
        if v is None:
            return v
        if not all(math.isfinite(a) and 0 <= a <= 360 for a in v) or v[0] == v[1]:
            raise ValueError("arc ends must lie in [0, 360] and differ")
        return v

    def arc(self) -> tuple[float, float]:
        """The arc in degrees, (0, 360) for an all-round light."""
        return (0.0, 360.0) if self.all_round or self.arc_deg is None else self.arc_deg


class PlanShape(_Strict):
    """One day shape the vessel carries."""

    id: str = Field(..., min_length=1, max_length=80)
    role: str = Field(..., min_length=1, max_length=80)
    also_roles: list[Annotated[str, Field(min_length=1, max_length=80)]] = Field(
        default_factory=list, max_length=4, description="further roles the same shape serves")
    shape: ShapeKind
    colour: Literal["black", "white", "red"] = "black"
    position_m: Point
    size_m: Num | None = Field(None, gt=0, le=MAX_SHAPE_M,
                               description="diameter (height for a cylinder's base diameter)")


class RawPlan(_Strict):
    edition: str
    notes: list[Annotated[str, Field(max_length=1000)]] = Field(default_factory=list, max_length=20,
                             description="where the plan's facts come from: particulars cited, positions assumed")
    hull: Hull | None = None
    vessel: dict[str, Any]
    states: list[dict[str, Any]] = Field(default_factory=list, max_length=20,
                                         description="states to check, each a change to the vessel")
    lights: list[PlanLight] = Field(..., max_length=200)
    shapes: list[PlanShape] = Field(default_factory=list, max_length=50)


class LightingPlan:
    """A checked, typed plan: the edition id, each state's vessel, the lights and shapes."""

    __slots__ = ("edition", "vessel", "states", "lights", "shapes", "notes", "hull")

    def __init__(self, edition: str, vessel: Vessel, states: tuple[tuple[str, Vessel], ...],
                 lights: tuple[PlanLight, ...], shapes: tuple[PlanShape, ...], notes: tuple[str, ...] = (),
                 hull: Hull | None = None) -> None:
        self.edition, self.vessel, self.states, self.lights, self.shapes = edition, vessel, states, lights, shapes
        self.notes, self.hull = notes, hull

    @property
    def length_m(self) -> float:
        return float(self.vessel.length_m or 0.0)


def input_schema() -> dict[str, Any]:
    """The JSON Schema of a plan as read here (docs/schema/plan-input.schema.json is this, written out)."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://navlights.example/schema/plan-input.schema.json",
            "title": "navlights lighting plan (input of `navlights check-plan`)",
            "description": "x metres forward from the aft end of the hull, y to starboard, z above the hull; arcs "
                           "[from, to] clockwise from right ahead. `vessel` is a navlights vessel (display.schema.json's "
                           "vessel); `states` are changes to it, each checked. Numbers are JSON numbers (never true, "
                           "false or text), finite; a key is given once in each object.",
            **{k: v for k, v in RawPlan.model_json_schema().items() if k != "title"}}


def _depth(v: Any, d: int = 0) -> int:
    if d > MAX_DEPTH:
        return d
    if isinstance(v, dict):
        return max((_depth(x, d + 1) for x in v.values()), default=d + 1)
    if isinstance(v, list):
        return max((_depth(x, d + 1) for x in v), default=d + 1)
    return d


def _where(loc: tuple[Any, ...]) -> str:
    names = [p if isinstance(p, int) or len(str(p)) <= 60 else excerpt(str(p)) for p in loc]
    return "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p)) for i, p in enumerate(names))


def _state_name(change: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in change.items()) or "as described"


def read_plan(data: Any) -> LightingPlan:
    """The plan from parsed JSON/TOML, or :class:`PlanError` naming the field, the value and what is allowed."""
    if not isinstance(data, dict):
        raise PlanError(f"plan: expected an object, got {type(data).__name__}", field="plan", value=data,
                        allowed="a JSON object with edition, vessel, lights")
    if _depth(data) > MAX_DEPTH:
        raise PlanError("plan: nested too deep", field="plan", allowed=f"at most {MAX_DEPTH + 2} levels")
    try:
        raw = RawPlan.model_validate(data)
    except ValidationError as err:
        raise _one_line(err) from None
    from ..rulebase.loader import edition
    try:
        ed = edition(raw.edition)
        base = make_vessel(raw.vessel)
        states = [("as described", base)] if not raw.states else [
            (_state_name(ch), make_vessel({**raw.vessel, **ch})) for ch in raw.states]
    except NavlightsError as err:
        field = "edition" if err.field == "edition" else f"vessel.{err.field}" if err.field else "vessel"
        text = err.message
        if err.field and text.startswith(f"{err.field}: "):
            text = text[len(err.field) + 2:]
        raise PlanError(f"{field}: {text}", field=field, value=err.value, allowed=err.allowed) from None
    if base.length_m is None:
        raise PlanError("vessel.length: needed to check a plan (e.g. '120 m')", field="vessel.length",
                        allowed="a length with a unit")
    _check_entries(raw, ed.role_terms, base)
    return LightingPlan(ed.id, base, tuple(states), tuple(raw.lights), tuple(raw.shapes), tuple(raw.notes),
                        raw.hull)


#: pydantic's error types in our words (the value is quoted before them).
_WORDS = {"float_type": "is not a number (a JSON number; true, false and text are not numbers)",
          "finite_number": "is not a finite number", "bool_type": "is not true or false",
          "string_type": "is not text", "list_type": "is not a list", "tuple_type": "is not a list",
          "dict_type": "is not an object", "model_type": "is not an object"}
_BOUNDS = {"greater_than_equal": "at least", "less_than_equal": "at most", "greater_than": "more than",
           "less_than": "less than"}


def _shown(value: Any) -> str:
    """A value as the plan wrote it: JSON's true and false, anything else a short excerpt."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return excerpt(value)


def _one_line(err: ValidationError) -> PlanError:
    """The first of pydantic's errors as one line naming the field, the value (an excerpt) and what is allowed."""
    e = err.errors()[0]
    where = _where(e["loc"]) or "plan"
    kind, value = e["type"], e.get("input")
    if kind == "extra_forbidden":
        return PlanError(f"{where}: unknown field", field=where, value=value)
    if kind == "missing":
        return PlanError(f"{where}: is required", field=where)
    if kind in _BOUNDS:
        limit = next(iter((e.get("ctx") or {}).values()), "")
        allowed = f"{_BOUNDS[kind]} {limit:g}" if isinstance(limit, (int, float)) else f"{_BOUNDS[kind]} {limit}"
        return PlanError(f"{where}: {_shown(value)} is out of range; allowed: {allowed}", field=where, value=value,
                         allowed=allowed)
    msg = _WORDS.get(kind) or e["msg"].removeprefix("Value error, ")
    sep = " " if kind in _WORDS else ": "
    return PlanError(f"{where}: {_shown(value)}{sep}{msg}", field=where, value=value)


class _Twice(dict[str, Any]):
    """An object in which a key was given more than once (the keys given twice, in order)."""

    twice: list[str]


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    twice = []
    for k, v in pairs:
        if k in out:
            twice.append(k)
        out[k] = v
    if not twice:
        return out
    marked = _Twice(out)
    marked.twice = twice
    return marked


def _first_twice(v: Any, where: str = "") -> str | None:
    """The path of the first key given twice in parsed JSON, or None."""
    if isinstance(v, _Twice):
        return f"{where}.{v.twice[0]}" if where else v.twice[0]
    items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
    for k, x in items:
        found = _first_twice(x, f"{where}[{k}]" if isinstance(k, int) else f"{where}.{k}" if where else str(k))
        if found:
            return found
    return None


def loads(text: str) -> Any:
    """A plan's JSON text parsed, or :class:`PlanError`: malformed JSON (line and column), nested too deep, or a key
    given twice in one object (JSON parsers differ on which one wins, so the plan is refused, naming the key's
    path). NaN and Infinity are parsed here and refused by the model, naming their field."""
    try:
        data = jsoninput.loads(text, "plan", PlanError, object_pairs_hook=_pairs)
    except json.JSONDecodeError as e:
        raise PlanError(f"plan: malformed JSON at line {e.lineno} column {e.colno}: {e.msg}", field="plan",
                        allowed="a JSON object (docs/schema/plan-input.schema.json)") from None
    except RecursionError:
        raise PlanError("plan: nested too deep", field="plan", allowed=f"at most {MAX_DEPTH + 2} levels") from None
    twice = _first_twice(data) if _depth(data) <= MAX_DEPTH else None
    if twice:
        where = ".".join(p if len(p) <= 60 else excerpt(p) for p in twice.split("."))
        raise PlanError(f"{where}: given twice in one object; allowed: each key once", field=where,
                        allowed="each key once")
    return data


def _check_entries(raw: RawPlan, roles: dict[str, str], vessel: Vessel) -> None:
    L = float(vessel.length_m or 0.0)
    B = vessel.breadth_m
    seen: set[str] = set()
    entries: list[tuple[str, PlanLight | PlanShape]] = [(f"lights[{i}]", x) for i, x in enumerate(raw.lights)]
    entries += [(f"shapes[{i}]", x) for i, x in enumerate(raw.shapes)]
    for where, e in entries:
        if e.id in seen:
            raise PlanError(f"{where}.id: {excerpt(e.id)}: used twice; ids must be unique", field=f"{where}.id",
                            value=e.id)
        seen.add(e.id)
        own = [e.role]
        for k, r in enumerate(e.also_roles):
            if r in own:
                what = "the entry's own role" if r == e.role else "given twice"
                raise PlanError(f"{where}.also_roles[{k}]: {excerpt(r)} is {what}; allowed: other roles, each once",
                                field=f"{where}.also_roles[{k}]", value=r, allowed="other roles, each once")
            own.append(r)
        for field, role in ((f"{where}.role", e.role), *((f"{where}.also_roles[{k}]", r)
                                                        for k, r in enumerate(e.also_roles))):
            if role not in roles:
                known = ", ".join(sorted(roles))
                raise PlanError(f"{field}: {excerpt(role)}: not a role of {raw.edition}; known: {known}",
                                field=field, value=role, allowed=known)
        p = e.position_m
        if not 0 <= p.x <= L:
            raise PlanError(f"{where}.position_m.x: {p.x:g}: outside the hull (0 to {L:g} m from the aft end)",
                            field=f"{where}.position_m.x", value=p.x, allowed=f"0 to {L:g}")
        if B is not None and abs(p.y) > B / 2 + 1e-9:
            raise PlanError(f"{where}.position_m.y: {p.y:g}: outside the hull (breadth {B:g} m: at most "
                            f"{B / 2:g} m either side)", field=f"{where}.position_m.y", value=p.y,
                            allowed=f"-{B / 2:g} to {B / 2:g}")
