"""Frozen objects for things: editions, light and shape kinds, provisions, displays."""

from __future__ import annotations

import datetime as _dt
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from .units import LengthSystem
from .vessel_facts import WATERS  # noqa: F401 (re-exported: the waters the editions name)

PROVENANCES = ("primary", "secondary", "inferred", "gap")

#: What each status of an item in a display means (shown in tables and remarks).

STATUS_WORDS = {
    "required": "required",
    "optional": "optional: she may show it",
    "on-approach": "kept at hand and shown on approach",
    "general": "general lights: her situation's own rule was not found and may replace or add to them",
}


def weaker(*provenances: str) -> str:
    """The weakest of the provenances given (primary < secondary < inferred < gap)."""
    return max(provenances, key=PROVENANCES.index)


class At(StrEnum):
    """Where along the hull a rule puts a light or shape (the data's ``at``; its words stay in ``position``)."""

    FORWARD = "forward"              # on or before the foremast, in the forepart
    FORWARD_END = "forward-end"      # at the very fore end (e.g. a barge's sidelights)
    MIDSHIPS = "midships"
    AFT = "aft"                      # at or near the stern
    ABAFT_FUNNEL = "abaft-funnel"    # abaft the funnel or after mast (a steering light)
    FOREMAST_TOP = "foremast-top"    # at the top of the foremast
    BY_KIND = "by-kind"              # the rule leaves it open ("where best seen"): the typical place of its kind


class Side(StrEnum):
    """Which side of the vessel a light stands on, where the rule says."""

    STARBOARD = "starboard"
    PORT = "port"


@dataclass(frozen=True, slots=True)
class PlacementSpec:
    """Where the law puts one light or shape: typed constraints, lengths in metres (parsed once, at load).

    ``as_written`` keeps the data's own keys and values (feet, the rule's words) for output.
    """

    at: At | None = None
    side: Side | None = None
    position: str | None = None
    height_above_hull_min_m: float | None = None
    height_breadth_rule: bool = False
    height_need_not_exceed_m: float | None = None
    above_gunwale_min_m: float | None = None
    height_min_m: float | None = None
    height_max_m: float | None = None
    higher_than: str | None = None
    higher_by_min_m: float | None = None
    horizontal_to_vertical_min: float | None = None
    vertical_line: str | None = None
    vertical_sep_min_m: float | None = None
    vertical_sep_max_m: float | None = None
    stack_order: int | None = None
    below: str | None = None
    below_by_min_m: float | None = None
    above: str | None = None
    abaft: str | None = None
    abaft_min_m: float | None = None
    forward_of: str | None = None
    athwartships_sep_min_m: float | None = None
    horizontal_sep_min_m: float | None = None
    horizontal_sep_max_m: float | None = None
    screen_forward_min_m: float | None = None
    abaft_min_length_ratio: float | None = None     # abaft its reference light by at least this share of the length
    abaft_need_not_exceed_m: float | None = None    # ... which need not be more than this
    from_stem_max_length_ratio: float | None = None  # no further from the stem than this share of the length
    height_max_ratio: float | None = None           # at most this share of the height of ``height_ratio_of``
    height_ratio_of: str | None = None              # the role whose height above the hull that share is of
    not_forward_of: str | None = None               # not forward of this role
    apart_from: str | None = None                   # horizontal_sep_min/_max measured from this role
    between: tuple[str, str] | None = None          # stands between these two roles, evenly spaced with the
    #                                                 others that name the same two (fore and aft)
    keel_line: bool = False
    off_centreline_under_m: float | None = None     # under this length she may carry it off the centreline ...
    off_centreline_if: str | None = None            # ... "combined-lantern-in-line" (COLREGs 23(d)(iii)) or
    #                                                 "as-nearly-as-practicable" (Inland 21(a), (b))
    clear_of_other_lights: bool = False
    not_visible_forward_of_beam: bool = False
    assumed: bool = False
    note: str | None = None
    as_written: tuple[tuple[str, Any], ...] = ()
    cites: tuple[tuple[str, str], ...] = ()         # limit key -> the paragraph that sets it (the loader resolves
    #                                                 every limit key: its own cite, the table's, else the entry's)

    def relations(self) -> tuple[tuple[str, str], ...]:
        """(key, role) for every constraint that places this item relative to another."""
        pairs = (("higher_than", self.higher_than), ("below", self.below), ("above", self.above),
                 ("abaft", self.abaft), ("forward_of", self.forward_of), ("height_ratio_of", self.height_ratio_of),
                 ("not_forward_of", self.not_forward_of), ("apart_from", self.apart_from))
        return tuple((k, r) for k, r in pairs if r)

    def cite_of(self, *keys: str) -> str | None:
        """The paragraph that sets the first of these limits the placement has (None: none of them)."""
        got = dict(self.cites)
        return next((got[k] for k in keys if k in got), None)

    def has_height_rule(self) -> bool:
        return any(v is not None for v in (self.above_gunwale_min_m, self.height_above_hull_min_m,
                                           self.height_min_m, self.height_max_m)) or self.height_breadth_rule

    def to_dict(self) -> dict[str, Any]:
        """The keys as written, as JSON has them (a pair such as ``between`` as a list)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.as_written}


@dataclass(frozen=True, slots=True)
class Source:
    """A text the rule data rests on: a statute page, a textbook, research notes."""

    id: str
    kind: str
    title: str
    cite: str | None = None
    url: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a fact comes from: edition, rule and subsection, and how it is known."""

    edition: str
    rule: str
    provenance: str
    sources: tuple[str, ...] = ()
    argument: str | None = None
    note: str | None = None

    def __str__(self) -> str:
        return f"{self.edition} {self.rule}"

    def to_dict(self) -> dict[str, Any]:
        d = {"edition": self.edition, "rule": self.rule, "text": str(self),
             "provenance": self.provenance, "sources": list(self.sources)}
        if self.argument:
            d["argument"] = self.argument
        if self.note:
            d["note"] = self.note
        return d


@dataclass(frozen=True, slots=True)
class RangeBand:
    """One band of a light's minimum range by the vessel's length ("6 miles in vessels of 50 m or more")."""

    when: "Condition"
    range_nm: float
    range_as_written: str
    citation: Citation


@dataclass(frozen=True, slots=True)
class Item:
    """One light or shape in a display, with everything the law says of it."""

    role: str
    what: str                      # "light" | "shape"
    kind: str                      # the edition's light/shape kind id
    canonical: str                 # masthead, sidelight, sternlight, towing, all-round, ball, cone, ...
    term: str                      # the edition's own words
    colour: str
    arc_deg: tuple[float, float] | None   # [from, to] clockwise from right ahead; None for shapes
    all_round: bool
    arc_as_written: str | None
    range_nm: float | None
    range_as_written: str | None
    size_as_written: str | None
    placement: PlacementSpec
    status: str                    # "required" | "optional" | "on-approach" (kept at hand, shown when needed)
    #                                | "general" (required by the general rules; her situation's own rule, a gap,
    #                                  may replace or add to it: set by the display engine, never in the data)
    group: str | None              # alternatives: exactly one option of a group is shown
    option: str | None
    period: str                    # "night" (lights) | "day" (shapes)
    citation: Citation
    kind_citation: Citation
    note: str | None = None
    arc_assumed: bool = False      # the text gives no arc; the one recorded is drawn for pictures only
    scheme: str | None = None      # an alternative lighting scheme (e.g. small-craft lights); None: any
    size_m: float | None = None    # a shape's size (diameter or height), parsed from size_as_written
    range_bands: tuple[RangeBand, ...] = ()   # minimum range by length; display picks one per vessel
    character: str = "fixed"       # "fixed" | "flashing"
    flashes_per_min: tuple[float, float | None] | None = None   # (at least, at most or None: no upper limit)
    character_as_written: str | None = None
    alternating: bool = False      # flashing in turn with the other lights of its kind (Annex II 3)
    range_citation: Citation | None = None    # the band of range_by_length that gave range_nm (Rule 22(a), ...)
    off_centreline: str | None = None   # the provision under which this light stands off the fore and aft
    #                                     centreline on this vessel (COLREGs 23(d)(iii), Inland 21(a)); set by the
    #                                     display engine (engines.off_centre), never in the data

    @property
    def cite(self) -> str:
        return str(self.citation)

    @property
    def provenance(self) -> str:
        """One status for the entry: the weaker of its provision's and its light or shape kind's provenance
        (the 1960 stern light is required by an inference, but its rule, giving arc and range, is a gap:
        it is shown as a gap; both citations stay in the JSON)."""
        return weaker(self.citation.provenance, self.kind_citation.provenance)

    def to_dict(self) -> dict[str, Any]:
        return {
            "role": self.role, "what": self.what, "kind": self.kind, "canonical": self.canonical,
            "term": self.term, "colour": self.colour,
            "arc": list(self.arc_deg) if self.arc_deg else None, "all_round": self.all_round,
            "arc_as_written": self.arc_as_written, "arc_assumed": self.arc_assumed,
            "range_nm": self.range_nm, "range_as_written": self.range_as_written,
            "size_as_written": self.size_as_written,
            "placement": self.placement.to_dict(), "status": self.status,
            "group": self.group, "option": self.option, "scheme": self.scheme, "period": self.period,
            "cite": self.cite, "provenance": self.provenance, "citation": self.citation.to_dict(),
            "kind_citation": self.kind_citation.to_dict(), "note": self.note,
            "character": self.character,
            "flashes_per_min": list(self.flashes_per_min) if self.flashes_per_min else None,
            "character_as_written": self.character_as_written,
            "alternating": self.alternating,
        } | ({"off_centreline": self.off_centreline} if self.off_centreline else {})


@dataclass(frozen=True, slots=True)
class Note:
    """Something the user must know beside the lights: a gap, a referral, a substitution."""

    kind: str                      # gap | referral | in-lieu | prohibited | info | substitute | placement
    text: str
    citation: Citation
    subject: str = ""              # what it is about, in short: a provision's title or an item's term
    role: str | None = None        # for a note on one item: its role
    signal_unknown: bool = False   # a gap that is the situation's own signal (the general lights stand in)
    about_time: bool = False       # its provision turns on the time or visibility (when lights, when shapes: Rule 20)

    def words(self) -> str:
        """'Rule 10 (stern light of a vessel under way) not found': a gap in a few words."""
        subject = self.subject.removesuffix(f" ({self.citation.rule})").strip()
        first, _, rest = subject.partition(" ")
        if first[1:].islower() and not rest[:1].isdigit():      # 'Stern light ...', not 'Rule 8 ...'
            subject = subject[:1].lower() + subject[1:]
        return f"{self.citation.rule} ({subject}) not found" if subject else f"{self.citation.rule} not found"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "text": self.text, "cite": str(self.citation),
                             "provenance": self.citation.provenance, "citation": self.citation.to_dict()}
        if self.kind == "gap":
            d.update(words=self.words(), role=self.role, signal_unknown=self.signal_unknown)
        if self.about_time:
            d["about_time"] = True
        return d


@dataclass(frozen=True, slots=True)
class Display:
    """The lights and shapes one vessel shows under one edition."""

    edition: str
    vessel: Any
    items: tuple[Item, ...]
    notes: tuple[Note, ...]
    provisions: tuple[str, ...]
    complete: bool
    length_system: LengthSystem = "feet"   # the edition's unit system, for words with lengths (units.fmt_length)
    memo: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """Per-display memo for engines (what a view prepares before the aspect matters); lives with the display.
    Not an init field, so ``dataclasses.replace`` (a display with other items) starts an empty one."""

    @property
    def lights(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.what == "light")

    @property
    def shapes(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.what == "shape")

    def roles(self) -> tuple[str, ...]:
        return tuple(i.role for i in self.items)

    def get(self, role: str) -> Item | None:
        for i in self.items:
            if i.role == role:
                return i
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "vessel": self.vessel.to_json(),
            "description": self.vessel.describe(self.length_system),
            "complete": self.complete,
            "provisions": list(self.provisions),
            "lights": [i.to_dict() for i in self.lights],
            "shapes": [i.to_dict() for i in self.shapes],
            "notes": [n.to_dict() for n in self.notes],
            "status_words": {st: STATUS_WORDS[st] for st in dict.fromkeys(i.status for i in self.items)},
        }


@dataclass(frozen=True, slots=True)
class Condition:
    """A compiled ``when``: all tests must hold; ``any_of`` holds if one branch does."""

    tests: tuple[tuple[str, str, Any], ...] = ()
    any_of: tuple["Condition", ...] = ()
    text: str = ""
    always: bool = field(init=False, default=False, compare=False)   # no test at all: holds for every vessel
    fn: Any = field(init=False, default=None, compare=False, repr=False)   # its tests as one Python function
    """Set on first evaluation by ``conditions.evaluate``: facts -> True, False or None (a fact missing)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "always", not (self.tests or self.any_of))

    def __bool__(self) -> bool:
        return not self.always


@dataclass(frozen=True, slots=True, eq=False)
class Show:
    """One item a provision shows, with its own extra condition."""

    when: Condition
    item: Item


@dataclass(frozen=True, slots=True, eq=False)
class Provision:
    """A situation the law names and what it shows."""

    id: str
    title: str
    effect: str                    # show | gap | referral | info | reference
    when: Condition
    shows: tuple[Show, ...]
    in_lieu_of: tuple[str, ...]
    never: tuple[str, ...]
    relieves: tuple[str, ...]
    substitute_for: tuple[str, ...]
    citation: Citation
    authority: str | None = None
    summary: str | None = None
    signal_unknown: bool = False   # a gap: this situation's own signal was not found (only general lights shown)
    leaves_unlit: bool = False     # the text lets the lights it relieves go with nothing in their place (Rule 24(h))
    periods: frozenset[str] = frozenset()   # "night" and/or "day": when its items are shown


@dataclass(frozen=True, slots=True)
class Intensity:
    """An edition's law of luminous intensity (e.g. COLREGs Annex I 8): I = 3.43e6 T D^2 K^-D candela."""

    threshold_lux: float           # T
    transmissivity: float          # K, per nautical mile
    citation: Citation

    def candela(self, range_nm: float) -> float:
        """The minimum luminous intensity (cd) for a light to be seen at ``range_nm``, by the formula."""
        return 3.43e6 * self.threshold_lux * range_nm ** 2 * self.transmissivity ** (-range_nm)

    def candela_as_tabled(self, range_nm: float) -> float:
        """The formula's figure rounded as the Annex's table rounds it (whole candela from 10 cd, tenths below):
        COLREGs Annex I 8(b) gives 0.9, 4.3, 12, 27, 52 and 94 cd for 1 to 6 miles. A light rated at the
        table's figure meets the rule."""
        i = self.candela(range_nm)
        return float(round(i)) if i >= 10 else round(i, 1)


@dataclass(frozen=True, slots=True)
class AnnexChecks:
    """An edition's technical limits for lights as fitted (COLREGs Annex I 5, 7, 9, 10, 2(b); 33 CFR 84), each
    with its paragraph, as the rule file gives them: what a lighting plan is checked against."""

    colour_cite: str                      # chromaticity: the corners of each colour's area on the CIE 1931 diagram
    screens_cite: str                     # sidelight screens
    sector_cite: str                      # horizontal sectors
    sector_forward_cite: str              # ... a sidelight's forward cut-off
    sector_other_cite: str                # ... every other limit
    vertical_cite: str                    # vertical sectors, power-driven vessels
    vertical_sail_cite: str               # ... sailing vessels under way
    masthead_1000m_cite: str              # masthead lights seen apart from 1,000 m ahead
    cutoff_note: str                      # words added to a cut-off limit ("" for none)
    colour_areas: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]    # colour -> corners, boundary order
    side_cutoff_deg: tuple[float, float]  # a sidelight's practical cut-off forward, outside its sector: (least, most)
    other_cutoff_max_deg: float           # any other limit: cut-off at most this far outside
    edge_share: float                     # the least share of the minimum intensity in the last 5 degrees
    vertical_power: tuple[float, float]   # (angle above and below the horizontal, least share of the minimum)
    vertical_sail: tuple[float, float]    # the same for a sailing vessel under way
    sight_m: float                        # the distance ahead of the stem the masthead lights are seen apart from
    citation: Citation

    def area(self, colour: str) -> tuple[tuple[float, float], ...] | None:
        """The corners of ``colour``'s area, or None where the text gives none."""
        return next((corners for name, corners in self.colour_areas if name == colour), None)


@dataclass(frozen=True, slots=True)
class LightKind:
    """A light defined once by an edition: its kind, colour, arc, range and placement."""

    id: str
    canonical: str
    term: str
    colour: str
    arc_deg: tuple[float, float]   # [from, to] clockwise from right ahead; (0, 360) all round
    all_round: bool
    arc_as_written: str | None
    arc_assumed: bool
    range_nm: float | None
    range_as_written: str | None
    placement: PlacementSpec
    citation: Citation
    range_bands: tuple[RangeBand, ...] = ()
    character: str = "fixed"
    flashes_per_min: tuple[float, float | None] | None = None
    character_as_written: str | None = None
    alternating: bool = False          # flashing: the lights of this kind in a line flash in turn


@dataclass(frozen=True, slots=True)
class ShapeKind:
    """A day shape defined once by an edition: its kind, colour and size."""

    id: str
    canonical: str
    term: str
    colour: str
    size_as_written: str | None
    size_m: float | None
    citation: Citation


@dataclass(frozen=True, slots=True)
class Definition:
    """A defined term of the edition and how navlights maps it onto the vessel model."""

    term: str
    summary: str
    maps_to: str | None
    citation: Citation


@dataclass(frozen=True, slots=True)
class Edition:
    """One enacted text as checked data."""

    id: str
    title: str
    regime: str
    waters: tuple[str, ...]
    aliases: tuple[str, ...]
    enacted: str
    in_force_from: _dt.date | None
    in_force_to: _dt.date | None
    in_force_citation: Citation
    mile: str
    tonnage_basis: str | None
    units: tuple[tuple[str, str], ...]
    summary: str
    sources: dict[str, Source]
    lights: dict[str, LightKind]
    shapes: dict[str, ShapeKind]
    provisions: tuple[Provision, ...]
    definitions: tuple[Definition, ...]
    path: str = ""
    mile_note: str = ""
    seaplanes: bool = True          # False: the edition predates seaplanes (they get no lights and a note)
    role_terms: dict[str, str] = field(default_factory=dict)   # role -> the edition's term for it
    intensity: Intensity | None = None   # the law of intensity, where the edition gives one
    annex_checks: AnnexChecks | None = None   # the technical limits of fitted lights, where the edition gives them
    succeeds: dict[str, str] = field(default_factory=dict)     # waters -> the edition it replaced there
    in_force_from_waters: tuple[tuple[str, _dt.date], ...] = ()   # waters whose start differs from in_force_from
    length_system: LengthSystem = "feet"   # the unit its lengths are written in (parsed from units.length)
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Per-edition memo for engines (item variants); lives and dies with the edition."""

    def in_force_from_in(self, waters: str) -> _dt.date | None:
        """The day the edition came into force in these waters (``in_force_from`` unless the data says otherwise)."""
        return dict(self.in_force_from_waters).get(waters, self.in_force_from)

    def citations(self) -> list[Citation]:
        """Every citation in the edition: definitions, kinds, provisions and their items."""
        out = [d.citation for d in self.definitions]
        out += [k.citation for k in self.lights.values()] + [k.citation for k in self.shapes.values()]
        for p in self.provisions:
            out.append(p.citation)
            out += [s.item.citation for s in p.shows]
        return out

    def coverage(self) -> dict[str, Any]:
        """Share of the edition's provisions (definitions, kinds, provisions) by provenance."""
        entries = [d.citation for d in self.definitions] + [p.citation for p in self.provisions]
        entries += [k.citation for k in self.lights.values()] + [k.citation for k in self.shapes.values()]
        counts = {p: 0 for p in PROVENANCES}
        for c in entries:
            counts[c.provenance] += 1
        total = len(entries)
        return {"entries": total, **counts,
                "primary_share": round(counts["primary"] / total, 3) if total else 0.0,
                "gaps": self.gaps()}

    def gaps(self) -> list[str]:
        """Every entry recorded as a gap: provisions, definitions and light or shape kinds."""
        out = [f"{d.citation.rule}: {d.term}" for d in self.definitions if d.citation.provenance == "gap"]
        out += [f"{p.citation.rule}: {p.title}" for p in self.provisions if p.citation.provenance == "gap"]
        kinds: list[LightKind | ShapeKind] = [*self.lights.values(), *self.shapes.values()]
        out += [f"{k.citation.rule}: {k.term}" for k in kinds if k.citation.provenance == "gap"]
        return list(dict.fromkeys(out))

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "regime": self.regime, "waters": list(self.waters),
            "aliases": list(self.aliases), "enacted": self.enacted,
            "in_force_from": self.in_force_from.isoformat() if self.in_force_from else None,
            "in_force_to": self.in_force_to.isoformat() if self.in_force_to else None,
            "in_force_citation": self.in_force_citation.to_dict(), "succeeds": dict(self.succeeds),
            **({"in_force_from_waters": {w: d.isoformat() for w, d in self.in_force_from_waters}}
               if self.in_force_from_waters else {}),
            "mile": self.mile, "tonnage_basis": self.tonnage_basis, "units": dict(self.units),
            "summary": self.summary,
            "sources": [asdict(s) for s in self.sources.values()],
            "coverage": self.coverage(),
        }
