"""The rule file's shape as pydantic models (``extra="forbid"``): the first stage of loading (``loader.py``).

Imported only when a rule file is parsed: an edition read back from the compiled cache (``compiled.py``)
needs neither these models nor pydantic's work to build them.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Provenance = Literal["primary", "secondary", "inferred", "gap"]
SourceKind = Literal["statute", "enactment", "official-reprint", "textbook", "official-summary", "research-notes",
                     "code", "other"]
Colour = Literal["white", "red", "green", "yellow", "blue", "black", "red-green", "white-blue"]
LightCanonical = Literal["masthead", "masthead-aft", "sidelight", "combined-lantern", "sternlight",
                         "towing", "steering", "all-round", "anchor", "flare-up", "tricolour",
                         "portable-sidelight", "optional-top", "other"]
ShapeCanonical = Literal["ball", "cone-up", "cone-down", "diamond", "cylinder", "basket", "double-cone",
                         "flag", "other"]
AT_WORDS = Literal["forward", "forward-end", "midships", "aft", "abaft-funnel", "foremast-top", "by-kind"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Cited(_M):
    cite: str
    provenance: Provenance
    source: list[str] = Field(default_factory=list)
    argument: str | None = None
    note: str | None = None


class RawPlacement(_M):
    """Placement constraints as written (lengths with units); see schema.md, "Placement keys"."""

    position: str | None = None
    at: AT_WORDS | None = None
    side: Literal["starboard", "port"] | None = None
    height_above_hull_min: str | None = None
    height_breadth_rule: bool = False
    height_need_not_exceed: str | None = None
    above_gunwale_min: str | None = None
    height_min: str | None = None
    height_max: str | None = None
    higher_than: str | None = None
    higher_by_min: str | None = None
    horizontal_to_vertical_min: float | None = None
    vertical_line: str | None = None
    vertical_sep_min: str | None = None
    vertical_sep_max: str | None = None
    stack_order: int | None = None
    below: str | None = None
    below_by_min: str | None = None
    above: str | None = None
    abaft: str | None = None
    abaft_min: str | None = None
    forward_of: str | None = None
    athwartships_sep_min: str | None = None
    horizontal_sep_min: str | None = None
    horizontal_sep_max: str | None = None
    screen_forward_min: str | None = None
    abaft_min_length_ratio: float | None = Field(None, gt=0, le=1)
    abaft_need_not_exceed: str | None = None
    from_stem_max_length_ratio: float | None = Field(None, gt=0, le=1)
    height_max_ratio: float | None = Field(None, gt=0, le=1)
    height_ratio_of: str | None = None
    not_forward_of: str | None = None
    apart_from: str | None = None
    between: list[str] | None = Field(None, min_length=2, max_length=2)
    keel_line: bool = False
    off_centreline_under: str | None = None     # a vessel shorter than this may carry it off the centreline ...
    off_centreline_if: Literal["combined-lantern-in-line", "as-nearly-as-practicable"] | None = None   # ... thus
    clear_of_other_lights: bool = False
    not_visible_forward_of_beam: bool = False
    assumed: bool = False
    note: str | None = None
    cite: str | None = None            # the paragraph that sets this table's limits (else the entry's own cite)
    cites: dict[str, str] = Field(default_factory=dict)   # limit key -> the paragraph that sets it


class RawSource(_M):
    id: str
    kind: SourceKind
    title: str
    cite: str | None = None
    url: str | None = None
    note: str | None = None


class RawIntensity(_Cited):
    threshold_lux: float = Field(..., gt=0)
    transmissivity: float = Field(..., gt=0, lt=1)


class RawAnnexChecks(_Cited):
    """The technical limits a fitted light is checked against (COLREGs Annex I 5, 7, 9, 10, 2(b); 33 CFR 84), with
    the paragraph of each: what ``navlights plan`` checks beyond the rules' lights (docs/plan.md)."""

    colour_cite: str
    screens_cite: str
    sector_cite: str
    sector_forward_cite: str
    sector_other_cite: str
    vertical_cite: str
    vertical_sail_cite: str
    masthead_1000m_cite: str
    cutoff_note: str = ""
    colour_areas: dict[str, list[tuple[float, float]]]
    side_cutoff_deg: tuple[float, float]
    other_cutoff_max_deg: float = Field(..., gt=0)
    edge_share: float = Field(..., gt=0, le=1)
    vertical_power: tuple[float, float]
    vertical_sail: tuple[float, float]
    sight_m: float = Field(..., gt=0)


class RawEdition(_M):
    id: str
    title: str
    regime: str
    waters: list[str]
    aliases: list[str] = Field(default_factory=list)
    enacted: str
    in_force_from: dt.date | None = None
    in_force_to: dt.date | None = None
    in_force_from_waters: dict[str, dt.date] = Field(default_factory=dict)
    in_force: _Cited
    mile: Literal["nautical", "statute"]
    mile_note: str
    tonnage_basis: str | None = None
    seaplanes: bool = True
    intensity: RawIntensity | None = None
    annex_checks: RawAnnexChecks | None = None
    succeeds: dict[str, str] = Field(default_factory=dict)
    units: dict[str, str]
    summary: str


class RawRangeBand(_M):
    """One band of ``range_by_length``: the range where ``when`` holds (first band that holds wins)."""

    when: dict[str, Any]
    range: str
    cite: str | None = None


class RawLight(_Cited):
    canonical: LightCanonical
    term: str
    colour: Colour
    arc_deg: tuple[float, float] | None = None
    arc_pt: tuple[float, float] | None = None
    all_round: bool = False
    arc_as_written: str | None = None
    arc_assumed: bool = False
    range: str | None = None
    range_assumed: bool = False
    range_by_length: list[RawRangeBand] | None = None
    character: Literal["fixed", "flashing"] = "fixed"
    flashes_per_min: list[float] | None = None
    character_as_written: str | None = None
    alternating: bool = False
    placement: RawPlacement = Field(default_factory=RawPlacement)


class RawShape(_Cited):
    canonical: ShapeCanonical
    term: str
    colour: Colour
    size: str | None = None


class RawShow(_M):
    role: str
    light: str | None = None
    shape: str | None = None
    status: Literal["required", "optional", "on-approach"] = "required"
    group: str | None = None
    option: str | None = None
    when: dict[str, Any] | None = None
    cite: str | None = None
    provenance: Provenance | None = None
    source: list[str] | None = None
    argument: str | None = None
    note: str | None = None
    placement: RawPlacement = Field(default_factory=RawPlacement)


class RawProvision(_Cited):
    id: str
    title: str
    summary: str | None = None
    effect: Literal["show", "gap", "referral", "info", "reference"] = "show"
    authority: str | None = None
    signal_unknown: bool = False
    when: dict[str, Any] | None = None
    in_lieu_of: list[str] = Field(default_factory=list)
    never: list[str] = Field(default_factory=list)
    relieves: list[str] = Field(default_factory=list)
    leaves_unlit: bool = False
    substitute_for: list[str] = Field(default_factory=list)
    show: list[RawShow] = Field(default_factory=list)


class RawDefinition(_Cited):
    term: str
    summary: str
    maps_to: str | None = None


class RawFile(_M):
    schema_version: Literal[1] = Field(1, alias="schema")
    edition: RawEdition
    source: list[RawSource]
    definition: list[RawDefinition] = Field(default_factory=list)
    light: dict[str, RawLight]
    shape: dict[str, RawShape] = Field(default_factory=dict)
    provision: list[RawProvision]
