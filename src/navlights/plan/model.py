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

import math
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..errors import NavlightsError, PlanError
from ..vessel import Vessel, make_vessel

Colour = Literal["white", "red", "green", "yellow", "blue"]
ShapeKind = Literal["ball", "cone-up", "cone-down", "diamond", "cylinder", "basket", "double-cone", "other"]
MAX_DEPTH = 6


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _finite(v: Any) -> Any:
    if isinstance(v, float) and not math.isfinite(v):
        raise ValueError("must be a finite number")
    return v


class Point(_Strict):
    """Where a light or shape stands, in metres."""

    x: float = Field(..., description="forward from the aft end of the hull")
    y: float = Field(..., description="to starboard of the centreline (port negative)")
    z: float = Field(..., ge=0, description="above the hull (the uppermost continuous deck)")

    _fin = field_validator("x", "y", "z", mode="after")(_finite)


class Screen(_Strict):
    """A sidelight's screen as fitted (Annex I 5; 33 CFR 84.05)."""

    inboard: bool = Field(..., description="an inboard screen is fitted")
    matt_black: bool = Field(..., description="the screen is painted matt black")
    cutoff_deg: float | None = Field(None, ge=-45, le=45, description="measured: degrees outside the forward limit "
                                     "of the sector at which the light reaches practical cut-off (negative: inside)")

    _fin = field_validator("cutoff_deg", mode="after")(_finite)


class HorizontalSector(_Strict):
    """A light's horizontal sector as measured (Annex I 9(a); 33 CFR 84.15(a)); ends in ``arc_deg`` order."""

    cutoff_outside_deg: tuple[float, float] | None = Field(
        None, description="degrees outside each end of the arc [from, to] at which the light reaches practical "
        "cut-off (negative: inside the arc)")
    min_cd_within_5_deg: float | None = Field(None, ge=0, description="least intensity over the arc up to 5 degrees "
                                              "inside its limits, candela")
    min_cd_edges: tuple[float, float] | None = Field(None, description="least intensity in the last 5 degrees to "
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

    min_cd_5_deg: float | None = Field(None, ge=0, description="least intensity from 5 degrees above to 5 below")
    min_cd_7_5_deg: float | None = Field(None, ge=0, description="least intensity from 7.5 degrees above to 7.5 below")
    min_cd_25_deg: float | None = Field(None, ge=0, description="least intensity from 25 degrees above to 25 below")

    _fin = field_validator("min_cd_5_deg", "min_cd_7_5_deg", "min_cd_25_deg", mode="after")(_finite)


class Hull(_Strict):
    """Facts of the hull for the 1,000 m condition on masthead lights (Annex I 2(b); 33 CFR 84.02(b))."""

    freeboard_m: float | None = Field(None, ge=0, le=100, description="height of the uppermost continuous deck above "
                                      "the waterline under the masthead lights, in level trim")
    trim_deg: tuple[float, float] | None = Field(None, description="the range of normal trim [least, most], degrees, "
                                                 "positive by the stern (bow up)")
    draught_m: float | None = Field(None, gt=0, le=100, description="for the record: not used by the checks")

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
    arc_deg: tuple[float, float] | None = Field(None, description="[from, to] clockwise from right ahead")
    all_round: bool = False
    position_m: Point
    intensity_cd: float | None = Field(None, gt=0, description="minimum luminous intensity, candela")
    range_nm: float | None = Field(None, gt=0, description="certified range, nautical miles")
    chromaticity: tuple[float, float] | None = Field(None, description="CIE 1931 (x, y) as measured")
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
    size_m: float | None = Field(None, gt=0, description="diameter (height for a cylinder's base diameter)")


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


def _depth(v: Any, d: int = 0) -> int:
    if d > MAX_DEPTH:
        return d
    if isinstance(v, dict):
        return max((_depth(x, d + 1) for x in v.values()), default=d + 1)
    if isinstance(v, list):
        return max((_depth(x, d + 1) for x in v), default=d + 1)
    return d


def _where(loc: tuple[Any, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p)) for i, p in enumerate(loc))


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
        e = err.errors()[0]
        where = _where(e["loc"]) or "plan"
        msg = "unknown field" if e["type"] == "extra_forbidden" else e["msg"].removeprefix("Value error, ")
        value = e.get("input")
        shown = "" if e["type"] in ("missing", "extra_forbidden") else f" {value!r}:"
        raise PlanError(f"{where}:{shown} {msg}", field=where, value=value) from None
    from .. import api
    try:
        ed = api.edition(raw.edition)
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


def _check_entries(raw: RawPlan, roles: dict[str, str], vessel: Vessel) -> None:
    L = float(vessel.length_m or 0.0)
    B = vessel.breadth_m
    seen: set[str] = set()
    entries: list[tuple[str, PlanLight | PlanShape]] = [(f"lights[{i}]", x) for i, x in enumerate(raw.lights)]
    entries += [(f"shapes[{i}]", x) for i, x in enumerate(raw.shapes)]
    for where, e in entries:
        if e.id in seen:
            raise PlanError(f"{where}.id: {e.id!r}: used twice; ids must be unique", field=f"{where}.id", value=e.id)
        seen.add(e.id)
        for field, role in ((f"{where}.role", e.role), *((f"{where}.also_roles[{k}]", r)
                                                        for k, r in enumerate(e.also_roles))):
            if role not in roles:
                known = ", ".join(sorted(roles))
                raise PlanError(f"{field}: {role!r}: not a role of {raw.edition}; known: {known}",
                                field=field, value=role, allowed=known)
        p = e.position_m
        if not 0 <= p.x <= L:
            raise PlanError(f"{where}.position_m.x: {p.x:g}: outside the hull (0 to {L:g} m from the aft end)",
                            field=f"{where}.position_m.x", value=p.x, allowed=f"0 to {L:g}")
        if B is not None and abs(p.y) > B / 2 + 1e-9:
            raise PlanError(f"{where}.position_m.y: {p.y:g}: outside the hull (breadth {B:g} m: at most "
                            f"{B / 2:g} m either side)", field=f"{where}.position_m.y", value=p.y,
                            allowed=f"-{B / 2:g} to {B / 2:g}")
