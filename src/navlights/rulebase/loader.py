"""Load and check an edition's TOML file; report every problem with its key path.

The file format is documented in ``schema.md`` beside this module. Parsing is
two-staged: pydantic models with ``extra="forbid"`` check the shape (every
problem at once), then cross-checks resolve references, units, provenance and
conditions. The result is a frozen :class:`~navlights.model.Edition`.

The shape models live in ``raw.py`` and load only when a file is parsed: :func:`load` reads an
edition back from the compiled cache (``compiled.py``) when one was made from the same bytes by
the same code, so a command that names one edition pays neither for pydantic's rule-file models
nor for parsing.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import compiled
from ..conditions import ConditionError, compile_when
from ..errors import RuleDataError, UnknownEditionError
from ..model import (WATERS, AnnexChecks, At, Citation, Condition, Definition, Edition, Intensity, Item, LightKind, PlacementSpec, Provision,
                     RangeBand, ShapeKind, Show, Side, Source)
from ..units import LengthSystem, length_system, miles_to_nm, parse_length, parse_quantity, points_to_deg

if TYPE_CHECKING:
    from pydantic import ValidationError

    from .raw import RawFile, RawLight, RawProvision, RawShape, RawShow

DATA = Path(__file__).with_name("data")

PRIMARY_KINDS = {"statute", "enactment", "official-reprint"}
SECONDARY_KINDS = {"textbook", "official-summary", "research-notes", "other"}


def _loc(loc: tuple[Any, ...], data: dict[str, Any]) -> str:
    """A readable key path: provision[3](power-underway).show[1].role."""
    out = ""
    node: Any = data
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
            try:
                node = node[part]
                if isinstance(node, dict) and "id" in node:
                    out += f"({node['id']})"
            except (IndexError, KeyError, TypeError):
                node = None
        else:
            out += ("." if out else "") + str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return out


def _citation(edition: str, c: Any, problems: list[str], path: str, sources: dict[str, Source],
              *, cite: str | None = None, provenance: str | None = None, source: list[str] | None = None,
              argument: str | None = None, note: str | None = None) -> Citation:
    cite = cite or c.cite
    provenance = provenance or c.provenance
    src = tuple(source if source is not None else c.source)
    argument = argument if argument is not None else getattr(c, "argument", None)
    note = note if note is not None else getattr(c, "note", None)
    for s in src:
        if s not in sources:
            problems.append(f"{path}.source: unknown source '{s}'; known: {', '.join(sources)}")
    kinds = {sources[s].kind for s in src if s in sources}
    if provenance == "primary" and not kinds & PRIMARY_KINDS:
        problems.append(f"{path}: provenance 'primary' needs a source of kind statute, enactment or official-reprint")
    if provenance == "secondary" and not kinds:
        problems.append(f"{path}: provenance 'secondary' needs a named source")
    if provenance == "inferred" and (not argument or not src):
        problems.append(f"{path}: provenance 'inferred' needs an argument and supporting sources")
    if provenance == "gap" and not note:
        problems.append(f"{path}: provenance 'gap' needs a note saying what was not found")
    return Citation(edition, cite, provenance, src, argument, note)


def _kind_arc(raw: RawLight, path: str, problems: list[str]) -> tuple[float, float] | None:
    given = [x for x in (raw.arc_deg, raw.arc_pt) if x is not None]
    if raw.all_round:
        if given:
            problems.append(f"{path}: all_round excludes arc_deg and arc_pt")
        return (0.0, 360.0)
    if len(given) != 1:
        problems.append(f"{path}: give exactly one of arc_deg, arc_pt or all_round = true")
        return None
    if raw.arc_pt is not None:
        a, b = (points_to_deg(p) % 360 for p in raw.arc_pt)
    else:
        a, b = raw.arc_deg  # type: ignore[misc]
    if b == 0 and a > 0:  # a sector ending at right ahead ends at 360, e.g. the port sidelight [247.5, 360]
        b = 360.0
    if not (0 <= a <= 360 and 0 <= b <= 360) or a == b:
        problems.append(f"{path}: arc [{a}, {b}] must lie in [0, 360] with distinct ends")
    return (float(a), float(b))


_LENGTH_KEYS = frozenset(("height_above_hull_min", "height_need_not_exceed", "above_gunwale_min", "height_min", "height_max",
                "higher_by_min", "vertical_sep_min", "vertical_sep_max", "below_by_min", "abaft_min",
                "athwartships_sep_min", "horizontal_sep_min", "horizontal_sep_max", "screen_forward_min", "abaft_need_not_exceed",
                "off_centreline_under"))
_NO_PLACEMENT = PlacementSpec()


#: Placement keys that state no limit (words, where it stands, drawing hints): they carry no cite.
_NOT_LIMITS = frozenset(("position", "at", "side", "vertical_line", "stack_order", "keel_line", "assumed", "note",
                         "between", "cite", "cites", "off_centreline_if"))


def _limit_cites(written: dict[str, Any], default: str, path: str, problems: list[str]) -> dict[str, str]:
    """Each limit key of one placement table -> the paragraph that sets it: its own ``cites`` entry, else the
    table's ``cite``, else ``default`` (the rule of the entry that writes the table)."""
    own = dict(written.get("cites") or {})
    problems += [f"{path}.cites.{k}: not a limit written in this placement" for k in own
                 if k not in written or k in _NOT_LIMITS]
    table = written.get("cite") or default
    return {k: own.get(k, table) for k in written if k not in _NOT_LIMITS}


def _placement_spec(written: dict[str, Any], path: str, problems: list[str],
                    cites: tuple[tuple[str, str], ...] = ()) -> PlacementSpec:
    """Typed placement (metres, enums) from the keys as written; lengths parsed here, once."""
    metres: dict[str, float | None] = {}
    for k in _LENGTH_KEYS.intersection(written):
        try:
            metres[f"{k}_m"] = parse_length(written[k], f"{path}.{k}")
        except ValueError as e:
            problems.append(str(e))
    if written.get("position") and not written.get("at"):
        problems.append(f"{path}: position words need 'at' (one of {', '.join(a.value for a in At)})")
    at, side = written.get("at"), written.get("side")
    written = {k: v for k, v in written.items() if k not in ("cite", "cites")}
    fields: dict[str, Any] = {k: v for k, v in written.items() if k not in _LENGTH_KEYS and k not in ("at", "side")}
    fields.update(metres)
    if "between" in fields:
        if fields["between"][0] == fields["between"][1]:
            problems.append(f"{path}.between: two different roles, the ends it stands between")
    return PlacementSpec(at=At(at) if at else None, side=Side(side) if side else None, **fields,
                         as_written=tuple(sorted(written.items())), cites=cites)


#: Where the project's own account of an edition's sources lives (our words: the searches, the reading of the OCR'd
#: pages, the arguments); it ships with the project and the docs site builds it.
SOURCES_PAGE = "docs/sources/{edition}.md"
#: A path outside the project: the team's shared folder beside the checkout, or any path up out of it.
_OUTSIDE = re.compile(r"(^|[\s(/.'\"])(shared[/\\]|\.\./)")


def public_source_problems(edition: str, s: Source) -> list[str]:
    """A source a reader cannot open: it must name a public reference (a web address, or a citation such as
    "28 Stat. 646"), or, for the project's research notes, the edition's sources page; and nothing of it may point
    to a file outside the project (schema.md, ``[[source]]``)."""
    problems = []
    text = " ".join(v for v in (s.title, s.cite, s.url, s.note) if v)
    if _OUTSIDE.search(text):
        problems.append(f"source({s.id}): names a file outside the project (a folder beside the checkout); name "
                        f"the public page and put what the data rests on in {SOURCES_PAGE.format(edition=edition)}")
    page = SOURCES_PAGE.format(edition=edition)
    if s.kind == "research-notes" and page not in s.title:
        problems.append(f"source({s.id}): research notes are the edition's sources page; its title names {page}")
    elif s.kind != "research-notes" and not (s.cite or (s.url or "").startswith(("https://", "http://"))):
        problems.append(f"source({s.id}): no public reference; give a url (https://...) or a cite (e.g. "
                        "'28 Stat. 646')")
    return problems


class _Build:
    """One edition being built: its id, sources and the problems found so far."""

    def __init__(self, raw: RawFile) -> None:
        self.raw = raw
        self.eid = raw.edition.id
        self.problems: list[str] = []
        self.sources: dict[str, Source] = {}
        self._placements: dict[tuple[tuple[tuple[str, Any], ...], tuple[tuple[str, str], ...]], PlacementSpec] = {}
        self._conditions: dict[str, Condition] = {}
        self._bands: dict[tuple[Any, ...], tuple[RangeBand, ...]] = {}
        self.system: LengthSystem = "feet"
        try:
            self.system = length_system(raw.edition.units.get("length"))
        except ValueError as e:
            self.problems.append(f"edition.{e}")
        for s in raw.source:
            if s.id in self.sources:
                self.problems.append(f"source({s.id}): duplicate id")
            self.sources[s.id] = Source(**s.model_dump())
            self.problems += public_source_problems(self.eid, self.sources[s.id])

    def placement(self, written: dict[str, Any], path: str, cites: dict[str, str] | None = None) -> PlacementSpec:
        """The typed placement, shared between entries that write the same constraints with the same cites."""
        written = {k: tuple(v) if isinstance(v, list) else v for k, v in written.items()}   # hashable, as written
        resolved = tuple(sorted((cites or {}).items()))
        key = (tuple(sorted((k, v) for k, v in written.items() if k not in ("cite", "cites"))), resolved)
        got = self._placements.get(key)
        if got is None:
            problems: list[str] = []
            got = _placement_spec(written, path, problems, resolved)
            if problems:
                self.problems += problems
            else:
                self._placements[key] = got
        return got

    def cite(self, c: Any, path: str, **over: Any) -> Citation:
        return _citation(self.eid, c, self.problems, path, self.sources, **over)

    def miles(self, written: str, path: str) -> float | None:
        """A range as written ("6 mi") in nautical miles, by the edition's mile."""
        try:
            num, unit = parse_quantity(written)
            if unit not in ("mi", "mile", "miles"):
                raise ValueError(f"unit '{unit}' is not miles")
            return round(miles_to_nm(num, self.raw.edition.mile), 4)
        except ValueError as e:
            self.problems.append(f"{path}: {e}")
            return None

    def bands(self, k: RawLight, kp: str, cit: Citation) -> tuple[RangeBand, ...]:
        if k.range_by_length is None:
            return ()
        if not k.range_by_length:
            self.problems.append(f"{kp}.range_by_length: give at least one band")
        out = []
        for i, b in enumerate(k.range_by_length):
            bp = f"{kp}.range_by_length[{i}]"
            rng = self.miles(b.range, f"{bp}.range")
            band_cit = Citation(cit.edition, b.cite or cit.rule, cit.provenance, cit.sources, cit.argument, cit.note)
            if rng is not None:
                out.append(RangeBand(self.when(b.when, f"{bp}.when"), rng, b.range, band_cit))
        key = tuple((id(b.when), b.range_nm, b.range_as_written, b.citation) for b in out)
        return self._bands.setdefault(key, tuple(out))   # equal tables share one tuple (memoised by identity)

    def alternating(self, k: RawLight, kp: str) -> bool:
        if k.alternating and k.character != "flashing":
            self.problems.append(f"{kp}.alternating: goes with character = 'flashing'")
        return k.alternating

    def character(self, k: RawLight, kp: str) -> tuple[float, float | None] | None:
        f = k.flashes_per_min
        if f is None:
            return None
        if k.character != "flashing":
            self.problems.append(f"{kp}.flashes_per_min: goes with character = 'flashing'")
        if not 1 <= len(f) <= 2 or any(x <= 0 for x in f) or (len(f) == 2 and f[0] > f[1]):
            self.problems.append(f"{kp}.flashes_per_min: expected [at least] or [at least, at most], positive, "
                                 f"in order (got {f})")
            return None
        return (float(f[0]), float(f[1]) if len(f) == 2 else None)

    def light(self, kid: str, k: RawLight) -> LightKind:
        kp = f"light.{kid}"
        arc = _kind_arc(k, kp, self.problems) or (0.0, 360.0)
        rng = self.miles(k.range, f"{kp}.range") if k.range is not None else None
        cit = self.cite(k, kp)
        written = k.placement.model_dump(exclude_unset=True)
        placement = self.placement(written, f"{kp}.placement",
                                   _limit_cites(written, cit.rule, f"{kp}.placement", self.problems))
        return LightKind(kid, k.canonical, k.term, k.colour, arc, k.all_round, k.arc_as_written, k.arc_assumed,
                         rng, k.range, placement, cit, self.bands(k, kp, cit), k.character,
                         self.character(k, kp), k.character_as_written, self.alternating(k, kp))

    def shape(self, kid: str, k: RawShape) -> ShapeKind:
        kp = f"shape.{kid}"
        size_m = None
        if k.size:
            try:
                size_m = parse_length(k.size, f"{kp}.size")
            except ValueError as e:
                self.problems.append(str(e))
        return ShapeKind(kid, k.canonical, k.term, k.colour, k.size, size_m, self.cite(k, kp))

    def item(self, s: RawShow, kind: LightKind | ShapeKind, raw_kind: RawLight | RawShape, cit: Citation,
             sp: str) -> Item:
        own = s.placement.model_dump(exclude_unset=True) if s.placement.model_fields_set else {}
        if not own:
            placement = kind.placement if isinstance(kind, LightKind) else _NO_PLACEMENT   # parsed once
        else:
            from .raw import RawLight          # loaded by now (parse_edition); imported here to keep the start light
            written = raw_kind.placement.model_dump(exclude_unset=True) if isinstance(raw_kind, RawLight) else {}
            cites = _limit_cites(written, kind.citation.rule, f"{sp}.placement", self.problems)
            cites.update(_limit_cites(own, cit.rule, f"{sp}.placement", self.problems))
            written = {k: v for k, v in written.items() if k not in ("cite", "cites")}
            written.update(own)
            placement = self.placement(written, f"{sp}.placement", cites)
        if isinstance(kind, LightKind):
            return Item(role=s.role, what="light", kind=kind.id, canonical=kind.canonical, term=kind.term,
                        colour=kind.colour, arc_deg=kind.arc_deg, all_round=kind.all_round,
                        arc_as_written=kind.arc_as_written, range_nm=kind.range_nm,
                        range_as_written=kind.range_as_written, size_as_written=None, placement=placement,
                        status=s.status, group=s.group, option=s.option, period="night", citation=cit,
                        kind_citation=kind.citation, note=s.note, arc_assumed=kind.arc_assumed,
                        range_bands=kind.range_bands, character=kind.character,
                        flashes_per_min=kind.flashes_per_min, character_as_written=kind.character_as_written,
                        alternating=kind.alternating)
        return Item(role=s.role, what="shape", kind=kind.id, canonical=kind.canonical, term=kind.term,
                    colour=kind.colour, arc_deg=None, all_round=False, arc_as_written=None, range_nm=None,
                    range_as_written=None, size_as_written=kind.size_as_written, placement=placement,
                    status=s.status, group=s.group, option=s.option, period="day", citation=cit,
                    kind_citation=kind.citation, note=s.note, size_m=kind.size_m)

    def when(self, when: dict[str, Any] | None, path: str) -> Condition:
        """The compiled condition; equal tables share one object (so engines can memoise by identity)."""
        key = repr(when)
        got = self._conditions.get(key)
        if got is not None:
            return got
        try:
            got = compile_when(when, path, system=self.system)
        except ConditionError as e:
            self.problems.append(str(e))
            return Condition()
        self._conditions[key] = got
        return got

    def show(self, s: RawShow, p: RawProvision, sp: str, lights: dict[str, LightKind],
             shapes: dict[str, ShapeKind]) -> Show | None:
        swhen = self.when(s.when, f"{sp}.when")
        if (s.light is None) == (s.shape is None):
            self.problems.append(f"{sp}: give exactly one of light or shape")
            return None
        if (s.group is None) != (s.option is None):
            self.problems.append(f"{sp}: group and option go together")
        kind: LightKind | ShapeKind | None = lights.get(s.light) if s.light else shapes.get(s.shape or "")
        if kind is None:
            known = ", ".join(lights if s.light else shapes)
            self.problems.append(f"{sp}: unknown {'light' if s.light else 'shape'} "
                                 f"'{s.light or s.shape}'; known: {known}")
            return None
        raw_kind: RawLight | RawShape = self.raw.light[s.light] if s.light else self.raw.shape[s.shape or ""]
        cit = self.cite(p, sp, cite=s.cite, provenance=s.provenance, source=s.source, argument=s.argument,
                        note=s.note)
        return Show(swhen, self.item(s, kind, raw_kind, cit, sp))

    def provision(self, i: int, p: RawProvision, lights: dict[str, LightKind],
                  shapes: dict[str, ShapeKind]) -> Provision:
        pp = f"provision[{i}]({p.id})"
        when = self.when(p.when, f"{pp}.when")
        pcit = self.cite(p, pp)
        if p.effect != "show" or p.signal_unknown:
            checks = ((p.effect == "referral" and not p.authority, "effect 'referral' needs authority"),
                      (p.effect == "reference" and bool(p.when), "effect 'reference' never applies; remove when"),
                      (bool(p.show), f"effect '{p.effect}' shows nothing; remove show"),
                      (p.signal_unknown and p.effect != "gap", "signal_unknown goes with effect 'gap'"),
                      (p.effect == "gap" and p.provenance != "gap", "effect 'gap' needs provenance 'gap'"))
            self.problems += [f"{pp}: {msg}" for bad, msg in checks if bad]
        shows = [self.show(s, p, f"{pp}.show[{j}]({s.role})", lights, shapes) for j, s in enumerate(p.show)]
        kept = tuple(s for s in shows if s is not None)
        return Provision(
            id=p.id, title=p.title, effect=p.effect, when=when, shows=kept, in_lieu_of=tuple(p.in_lieu_of),
            never=tuple(p.never), relieves=tuple(p.relieves), substitute_for=tuple(p.substitute_for),
            citation=pcit, authority=p.authority, summary=p.summary, signal_unknown=p.signal_unknown,
            leaves_unlit=p.leaves_unlit,
            periods=frozenset(s.item.period for s in kept))

    def cross_check(self, provisions: list[Provision], lights: dict[str, LightKind]) -> None:
        """References between entries: roles named by in_lieu_of/never/relieves/placement, provision ids."""
        ids = [p.id for p in provisions]
        self.problems += [f"provision({pid}): duplicate id" for pid in sorted({x for x in ids if ids.count(x) > 1})]
        all_roles = {s.item.role for p in provisions for s in p.shows}
        for i, p in enumerate(provisions):
            pp = f"provision[{i}]({p.id})"
            self.problems += [f"{pp}: role '{r}' in in_lieu_of/never is shown by no provision"
                              for r in p.in_lieu_of + p.never + p.relieves if r not in all_roles]
            self.problems += [f"{pp}.substitute_for: unknown provision '{ref}'"
                              for ref in p.substitute_for if ref not in ids]
        where = [(f"{kid}.placement", k.placement) for kid, k in lights.items()]
        where += [(f"provision({p.id}).show({s.item.role}).placement", s.item.placement)
                  for p in provisions for s in p.shows if s.item.placement.relations()]
        self.problems += [f"{path}.{key}: role '{ref}' is shown by no provision"
                          for path, spec in where for key, ref in spec.relations() if ref not in all_roles]
        self.problems += [f"provision({p.id}).show({s.item.role}).placement.between: role '{ref}' is shown by no "
                          "provision" for p in provisions for s in p.shows for ref in (s.item.placement.between or ())
                          if ref not in all_roles]


def _shape_errors(err: ValidationError, data: dict[str, Any]) -> list[str]:
    return [f"{_loc(e['loc'], data)}: {'unknown key' if e['type'] == 'extra_forbidden' else e['msg']}"
            for e in err.errors()]


#: The colours an area may be given for (the lights' colours).
_AREA_COLOURS = frozenset({"white", "red", "green", "yellow", "blue"})


def _annex_checks(a: Any, b: Any) -> AnnexChecks:
    """``[edition.annex_checks]`` typed: each area a polygon of three or more corners on the CIE diagram (0 to 1),
    each limit in range; what is wrong is a problem of the file."""
    path = "edition.annex_checks"
    for colour, corners in a.colour_areas.items():
        if colour not in _AREA_COLOURS:
            b.problems.append(f"{path}.colour_areas.{colour}: not a colour of a light ({', '.join(sorted(_AREA_COLOURS))})")
        if len(corners) < 3 or not all(0 <= v <= 1 for xy in corners for v in xy):
            b.problems.append(f"{path}.colour_areas.{colour}: at least three corners (x, y), each from 0 to 1")
    lo, hi = a.side_cutoff_deg
    if not 0 <= lo <= hi:
        b.problems.append(f"{path}.side_cutoff_deg: [least, most] with 0 <= least <= most")
    for name in ("vertical_power", "vertical_sail"):
        angle, share = getattr(a, name)
        if not (0 < angle <= 90 and 0 < share <= 1):
            b.problems.append(f"{path}.{name}: [angle in (0, 90] degrees, share in (0, 1]]")
    return AnnexChecks(a.colour_cite, a.screens_cite, a.sector_cite, a.sector_forward_cite, a.sector_other_cite,
                       a.vertical_cite, a.vertical_sail_cite, a.masthead_1000m_cite, a.cutoff_note,
                       tuple((c, tuple((float(x), float(y)) for x, y in corners))
                             for c, corners in a.colour_areas.items()),
                       (float(lo), float(hi)), a.other_cutoff_max_deg, a.edge_share,
                       tuple(map(float, a.vertical_power)), tuple(map(float, a.vertical_sail)),  # type: ignore[arg-type]
                       a.sight_m, b.cite(a, path))


def parse_edition(data: dict[str, Any], path: str = "<data>") -> Edition:
    """Build an :class:`Edition` from a parsed TOML table, or raise :class:`RuleDataError`."""
    from pydantic import ValidationError

    from .raw import RawFile
    try:
        raw = RawFile.model_validate(data)
    except ValidationError as err:
        raise RuleDataError(path, _shape_errors(err, data)) from None
    b = _Build(raw)
    e = raw.edition
    in_force = b.cite(e.in_force, "edition.in_force")
    definitions = tuple(Definition(d.term, d.summary, d.maps_to, b.cite(d, f"definition[{i}]({d.term})"))
                        for i, d in enumerate(raw.definition))
    lights = {kid: b.light(kid, k) for kid, k in raw.light.items()}
    shapes = {kid: b.shape(kid, k) for kid, k in raw.shape.items()}
    provisions = [b.provision(i, p, lights, shapes) for i, p in enumerate(raw.provision)]
    b.cross_check(provisions, lights)
    intensity = None if e.intensity is None else Intensity(e.intensity.threshold_lux, e.intensity.transmissivity,
                                                           b.cite(e.intensity, "edition.intensity"))
    annex_checks = None if e.annex_checks is None else _annex_checks(e.annex_checks, b)
    b.problems += [f"edition.waters: '{w}' is not one of {', '.join(WATERS)}" for w in e.waters if w not in WATERS]
    b.problems += [f"edition.succeeds.{w}: '{w}' is not one of the edition's waters ({', '.join(e.waters)})"
                   for w in e.succeeds if w not in e.waters]
    b.problems += [f"edition.succeeds.{w}: an edition cannot succeed itself" for w, p in e.succeeds.items()
                   if p == e.id]
    b.problems += [f"edition.in_force_from_waters.{w}: not one of the edition's waters ({', '.join(e.waters)})"
                   for w in e.in_force_from_waters if w not in e.waters]
    if b.problems:
        raise RuleDataError(path, b.problems)
    role_terms: dict[str, str] = {}
    for prov in provisions:
        for sh in prov.shows:
            role_terms.setdefault(sh.item.role, sh.item.term)
    return Edition(
        id=b.eid, title=e.title, regime=e.regime, waters=tuple(e.waters), aliases=tuple(e.aliases),
        enacted=e.enacted, in_force_from=e.in_force_from, in_force_to=e.in_force_to,
        in_force_citation=in_force, mile=e.mile, tonnage_basis=e.tonnage_basis,
        units=tuple(sorted(e.units.items())), summary=e.summary, sources=b.sources,
        lights=lights, shapes=shapes, provisions=tuple(provisions), definitions=definitions, path=path,
        mile_note=e.mile_note, seaplanes=e.seaplanes, role_terms=role_terms, intensity=intensity,
        annex_checks=annex_checks,
        succeeds=dict(e.succeeds), in_force_from_waters=tuple(sorted(e.in_force_from_waters.items())),
        length_system=b.system)


def load_file(path: str | Path) -> Edition:
    """Load one edition file (parsed and checked every time; :func:`load` keeps the rule base's own)."""
    path = Path(path)
    return parse_bytes(path.read_bytes(), path)


def parse_bytes(data: bytes, path: Path) -> Edition:
    """An edition from a rule file's bytes, or :class:`RuleDataError` (``path`` names it in messages)."""
    import tomllib
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise RuleDataError(str(path), [f"TOML syntax: {e}"]) from None
    return parse_edition(table, path.name)


_STARTS: dict[str, Any] = {}   # edition id -> its in_force_from as the header gives it (filled by _index)


def _read_names() -> tuple[dict[str, str], dict[str, Any]]:
    """Edition id and aliases -> file stem, and each file's in_force_from, from the [edition] headers only."""
    out: dict[str, str] = {}
    starts: dict[str, Any] = {}
    for f in sorted(DATA.glob("*.toml")):
        head = _header(f)
        starts[f.stem] = head.get("in_force_from")
        for name in [head.get("id", f.stem), *head.get("aliases", [])]:
            out[str(name).lower()] = f.stem
    return out, starts


@lru_cache(maxsize=None)
def _index() -> dict[str, Path]:
    """Edition id and aliases -> file, read from each file's [edition] header only (not the whole file); kept
    in the compiled cache under the files' names, sizes and times, so that a start reads no rule file at all."""
    stems, starts = compiled.names(DATA, _read_names)
    _STARTS.clear()
    _STARTS.update(starts)
    return {name: DATA / f"{stem}.toml" for name, stem in stems.items()}


def prepare(into: Path) -> list[str]:
    """Write the name map and every edition, compiled, into ``into`` (``navlights prepare``); their ids."""
    compiled.names(DATA, _read_names, into=into)
    ids = edition_ids()
    for eid in ids:
        compiled.load(DATA / f"{eid}.toml", parse_bytes, into=into)
    return ids


def _header(path: Path) -> dict[str, Any]:
    """The ``[edition]`` table of a rule file, parsed on its own (the whole file if it cannot be cut out)."""
    import tomllib
    text = path.read_text(encoding="utf-8")
    start = text.find("\n[edition]\n")
    if start >= 0:
        end = text.find("\n[", start + 10)
        try:
            head = tomllib.loads(text[start:end if end >= 0 else len(text)]).get("edition", {})
            if isinstance(head, dict) and "id" in head:
                return head
        except tomllib.TOMLDecodeError:
            pass
    try:
        head = tomllib.loads(text).get("edition", {})
    except tomllib.TOMLDecodeError:
        return {}
    return head if isinstance(head, dict) else {}


def names() -> list[str]:
    """Every edition id and alias, lower case."""
    return list(_index())


#: The ids in date order, with the index they were read from (made again only when the index is read again).
_IDS: list[Any] = []


def edition_ids() -> list[str]:
    """Ids of every edition in the rule base, in date order of their files (sorted once per index: every identify
    without an edition asks for them)."""
    index = _index()
    if not _IDS or _IDS[0] is not index:
        _IDS[:] = [index, sorted({f.stem for f in index.values()}, key=_order)]
    return list(_IDS[1])


def _order(eid: str) -> tuple[int, str]:
    """Date order: the year the edition came into force, else the year in its id (us-inland has none)."""
    start = _STARTS.get(eid)
    if isinstance(start, dt.date):
        return (start.year, eid)
    year = "".join(ch for ch in eid if ch.isdigit())
    return (int(year) if year else 0, eid)


def resolve(name: str) -> str:
    """An edition id from an id or alias, or :class:`UnknownEditionError`."""
    index = _index()
    f = index.get(str(name).strip().lower())
    if f is None:
        known = known_names(index)
        year = str(name).strip()
        hint = (f" (the rules in force in {year}: navlights governing --date {year}-07-01 --waters high-seas)"
                if year.isdigit() and len(year) == 4 else "")
        raise UnknownEditionError(f"edition: unknown edition '{name}'; known: {known}{hint}",
                                  field="edition", value=name, allowed=known)
    return f.stem


def known_names(index: dict[str, Path] | None = None) -> str:
    """Every edition id with its two shortest aliases (not the id without its hyphen), for an error:
    'gl-1895 (1895, lakes-1895), ..., intl-1972 (1972, colreg)'."""
    index = _index() if index is None else index
    aliases: dict[str, list[str]] = {}
    for name, f in index.items():
        if name not in (f.stem, f.stem.replace("-", "")):
            aliases.setdefault(f.stem, []).append(name)
    return ", ".join(f"{eid} ({', '.join(sorted(aliases[eid], key=lambda a: (len(a), a))[:2])})"
                     if aliases.get(eid) else eid for eid in edition_ids())


@lru_cache(maxsize=None)
def load(name: str) -> Edition:
    """The edition with this id or alias, loaded once and cached: read back from the compiled cache
    (``compiled.py``) when it holds one made from the file's bytes by this code, else parsed and
    written there."""
    return compiled.load(DATA / f"{resolve(name)}.toml", parse_bytes)


def edition(name: str | Edition) -> Edition:
    """An edition by id or alias ('1960' -> intl-1960), loaded once; an :class:`Edition` is returned as it is. What
    every layer above the rule base uses (the facade's ``edition`` is this)."""
    return name if isinstance(name, Edition) else load(resolve(name))


def editions() -> list[Edition]:
    """Every edition, oldest first."""
    return [load(e) for e in edition_ids()]
