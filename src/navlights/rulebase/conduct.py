"""Load and check an edition's steering and sailing rules (Part B): ``data/conduct/<edition>.toml``.

The format is documented in ``conduct-schema.md`` beside this module. As for the edition files, loading is
two-staged: pydantic models with ``extra="forbid"`` check the shape (every problem at once), then cross-checks
resolve sources, statuses, roles and provenance (the same rules as the edition files: ``loader._citation``) and
raise one :class:`~navlights.errors.RuleDataError` listing every problem. The result is a frozen
:class:`ConductRules` that the conduct engine reads; the engine knows no edition.

>>> r = conduct_rules("intl-1972")
>>> r.sector.overtaking_abaft_beam_deg, r.paragraph("crossing").citation.rule
(22.5, 'Rule 15')
>>> [s.id for s in conduct_rules("us-inland").statuses][:4]
['wig-flight', 'nuc', 'ram', 'fishing']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError

from ..conditions import ConditionError, compile_when
from ..errors import RuleDataError, UnknownEditionError
from ..model import Citation, Condition, Source
from ..units import parse_length
from .loader import DATA, _citation, _loc, edition_ids, resolve
from .raw import Provenance, RawSource, _M

CONDUCT_DATA = DATA / "conduct"

#: A vessel's standing under Rule 18, in the engine's words (each file maps vessel facts onto them).
STATUSES = ("wig-flight", "nuc", "ram", "cbd", "fishing", "seaplane", "sail", "power")
#: What a duty asks of the vessel it binds.
DUTIES = ("keep-out-of-way", "keep-out-of-way-so-far-as-possible", "yield-right-of-way", "keep-well-clear",
          "not-impede", "avoid-impeding")
#: A duty either decides who gives way (the first that holds, in file order) or adds a duty beside the roles.
EFFECTS = ("give-way", "not-impede")
#: Where the two vessels are: open water, a narrow channel or fairway (Rule 9), a traffic separation scheme (10).
AREAS = ("open", "narrow-channel", "tss")
#: Waters some rules name apart (the Inland Rules' Great Lakes, Western Rivers and waters the Secretary specifies).
SPECIAL_WATERS = ("great-lakes", "western-rivers", "lower-mississippi", "specified-waters")
ENCOUNTERS = ("overtaking", "head-on", "crossing")
#: The paragraphs the engine names by role (a role an edition lacks is reported as a gap).
ROLES = ("overtaking", "overtaking-sector", "overtaking-doubt", "overtaking-latch", "head-on", "head-on-deemed",
         "head-on-doubt", "crossing", "sail-wind-different", "sail-wind-same", "sail-wind-unknown", "windward-side",
         "give-way-action", "stand-on", "stand-on-may", "stand-on-must", "stand-on-not-port", "restricted-visibility",
         "restricted-visibility-forward", "restricted-visibility-abaft", "restricted-visibility-slow",
         "narrow-channel-keep-right", "responsibilities", "whistle-agreement")
#: The facts a duty's ``who`` / ``of`` alternatives may test (besides ``status`` and ``length_lt``).
PARTY_FLAGS = ("power_driven", "channel_only", "in_lane", "crossing", "downbound", "upbound")




class _RawCited(_M):
    cite: str
    provenance: Provenance
    source: list[str] = Field(default_factory=list)
    argument: str | None = None
    note: str | None = None


class RawParty(_M):
    status: list[str] | None = None
    length_lt: str | None = None
    power_driven: bool | None = None
    channel_only: bool | None = None
    in_lane: bool | None = None
    crossing: bool | None = None
    downbound: bool | None = None
    upbound: bool | None = None


class RawHead(_M):
    edition: str
    summary: str


class RawSector(_RawCited):
    overtaking_abaft_beam_deg: float = Field(..., gt=0, lt=90)


class RawStatus(_RawCited):
    id: str
    term: str
    when: dict[str, Any]


class RawDuty(_RawCited):
    id: str
    who: list[RawParty] = Field(..., min_length=1)
    of: list[RawParty] = Field(default_factory=lambda: [RawParty()])
    duty: Literal["keep-out-of-way", "keep-out-of-way-so-far-as-possible", "yield-right-of-way", "keep-well-clear",
                  "not-impede", "avoid-impeding"]
    effect: Literal["give-way", "not-impede"]
    area: list[str] | None = None
    waters: list[str] | None = None
    encounter: list[str] | None = None
    summary: str


class RawParagraph(_RawCited):
    role: str
    summary: str


class RawConductFile(_M):
    schema_version: Literal[1] = Field(1, alias="schema")
    conduct: RawHead
    source: list[RawSource]
    sector: RawSector | None = None
    status: list[RawStatus] = Field(default_factory=list)
    duty: list[RawDuty] = Field(default_factory=list)
    paragraph: list[RawParagraph] = Field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Party:
    """One alternative of a duty's ``who`` or ``of``: every fact given must hold (None: not tested)."""

    statuses: frozenset[str] | None = None
    length_lt_m: float | None = None
    flags: tuple[tuple[str, bool], ...] = ()

    def holds(self, status: str, length_m: float | None, facts: dict[str, bool]) -> bool:
        """Whether a vessel of this status, length and situational facts is one this alternative names."""
        if self.statuses is not None and status not in self.statuses:
            return False
        if self.length_lt_m is not None and (length_m is None or not length_m < self.length_lt_m - 1e-6):
            return False
        return all(facts.get(k, False) == v for k, v in self.flags)


@dataclass(frozen=True, slots=True)
class Sector:
    """The overtaking sector the text fixes (Rule 13(b)): more than this many degrees abaft the beam."""

    overtaking_abaft_beam_deg: float
    citation: Citation


@dataclass(frozen=True, slots=True)
class StatusClass:
    """A Rule 18 standing and the vessel facts that give it."""

    id: str
    term: str
    when: Condition
    citation: Citation


@dataclass(frozen=True, slots=True)
class Duty:
    """What one vessel owes another: keep out of her way, not impede her, yield her the right of way."""

    id: str
    who: tuple[Party, ...]
    of: tuple[Party, ...]
    duty: str
    effect: str
    areas: frozenset[str] | None
    waters: frozenset[str] | None
    encounters: frozenset[str] | None
    summary: str
    citation: Citation


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph the engine names by its role, with our summary."""

    role: str
    summary: str
    citation: Citation


@dataclass(frozen=True, slots=True)
class ConductRules:
    """An edition's Part B as data."""

    edition: str
    summary: str
    sources: tuple[Source, ...]
    sector: Sector | None
    statuses: tuple[StatusClass, ...]
    duties: tuple[Duty, ...]
    paragraphs: tuple[Paragraph, ...]

    def paragraph(self, role: str) -> Paragraph | None:
        """The paragraph with this role, or None where the edition's file holds none."""
        return next((p for p in self.paragraphs if p.role == role), None)


def _party(raw: RawParty, path: str, known: set[str], problems: list[str]) -> Party:
    statuses = None
    if raw.status is not None:
        for s in raw.status:
            if s not in known:
                problems.append(f"{path}.status: unknown status '{s}'; defined: {', '.join(sorted(known))}")
        statuses = frozenset(raw.status)
    length = None
    if raw.length_lt is not None:
        try:
            length = parse_length(raw.length_lt, f"{path}.length_lt")
        except ValueError as e:
            problems.append(f"{path}.length_lt: {e}")
    flags = tuple((k, v) for k in PARTY_FLAGS if (v := getattr(raw, k)) is not None)
    return Party(statuses, length, flags)


def _words(values: list[str] | None, allowed: tuple[str, ...], path: str, problems: list[str]) -> frozenset[str] | None:
    if values is None:
        return None
    for v in values:
        if v not in allowed:
            problems.append(f"{path}: unknown value '{v}'; allowed: {', '.join(allowed)}")
    return frozenset(values)


def parse_conduct(data: dict[str, Any], path: str = "<data>") -> ConductRules:
    """Check a parsed conduct file and build its rules; every problem at once in one :class:`RuleDataError`."""
    try:
        raw = RawConductFile.model_validate(data)
    except ValidationError as err:
        raise RuleDataError(path, [f"{_loc(e['loc'], data)}: {'unknown key' if e['type'] == 'extra_forbidden' else e['msg']}"
                                   for e in err.errors()]) from None
    problems: list[str] = []
    eid = raw.conduct.edition
    sources = {s.id: Source(s.id, s.kind, s.title, s.cite, s.url, s.note) for s in raw.source}
    if len(sources) != len(raw.source):
        problems.append("source: duplicate source id")

    def cite(c: Any, p: str) -> Citation:
        return _citation(eid, c, problems, p, sources)

    sector = Sector(raw.sector.overtaking_abaft_beam_deg, cite(raw.sector, "sector")) if raw.sector else None
    statuses = []
    for i, s in enumerate(raw.status):
        p = f"status[{i}]({s.id})"
        if s.id not in STATUSES:
            problems.append(f"{p}.id: unknown status '{s.id}'; allowed: {', '.join(STATUSES)}")
        try:
            when = compile_when(s.when, f"{p}.when")
        except ConditionError as e:
            problems.append(str(e))
            continue
        statuses.append(StatusClass(s.id, s.term, when, cite(s, p)))
    known = {s.id for s in statuses}
    if len(known) != len(statuses):
        problems.append("status: duplicate status id")
    duties = []
    for i, d in enumerate(raw.duty):
        p = f"duty[{i}]({d.id})"
        duties.append(Duty(
            d.id, tuple(_party(w, f"{p}.who[{j}]", known, problems) for j, w in enumerate(d.who)),
            tuple(_party(o, f"{p}.of[{j}]", known, problems) for j, o in enumerate(d.of)), d.duty, d.effect,
            _words(d.area, AREAS, f"{p}.area", problems), _words(d.waters, SPECIAL_WATERS, f"{p}.waters", problems),
            _words(d.encounter, ENCOUNTERS, f"{p}.encounter", problems), d.summary, cite(d, p)))
    if len({d.id for d in duties}) != len(duties):
        problems.append("duty: duplicate duty id")
    paragraphs = []
    for i, g in enumerate(raw.paragraph):
        p = f"paragraph[{i}]({g.role})"
        if g.role not in ROLES:
            problems.append(f"{p}.role: unknown role '{g.role}'; allowed: {', '.join(ROLES)}")
        paragraphs.append(Paragraph(g.role, g.summary, cite(g, p)))
    if len({g.role for g in paragraphs}) != len(paragraphs):
        problems.append("paragraph: duplicate role")
    if problems:
        raise RuleDataError(path, problems)
    return ConductRules(eid, raw.conduct.summary, tuple(sources.values()), sector, tuple(statuses), tuple(duties),
                        tuple(paragraphs))


def load_conduct_file(path: str | Path) -> ConductRules:
    """A conduct file checked and built; its ``edition`` must match the file's name and a known edition."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise RuleDataError(str(path), [f"cannot read: {e}"]) from None
    rules = parse_conduct(data, str(path))
    if rules.edition != path.stem or rules.edition not in edition_ids():
        raise RuleDataError(str(path), [f"conduct.edition: '{rules.edition}' must be the file's name and one of: "
                                        f"{', '.join(edition_ids())}"])
    return rules


@lru_cache(maxsize=None)
def _load(eid: str) -> ConductRules:
    path = CONDUCT_DATA / f"{eid}.toml"
    if not path.exists():
        raise UnknownEditionError(f"edition: no steering and sailing rules for '{eid}'; held: "
                                  f"{', '.join(conduct_edition_ids())}", field="edition", value=eid,
                                  allowed=", ".join(conduct_edition_ids()))
    return load_conduct_file(path)


def conduct_rules(name: str) -> ConductRules:
    """The steering and sailing rules of the edition with this id or alias, loaded once."""
    return _load(resolve(name))


def conduct_edition_ids() -> list[str]:
    """The editions that have a conduct file, in the rule base's date order."""
    held = {p.stem for p in CONDUCT_DATA.glob("*.toml")}
    return [e for e in edition_ids() if e in held]
