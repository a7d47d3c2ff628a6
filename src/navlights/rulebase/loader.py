"""Load and check an edition's TOML file; report every problem with its key path.

The file format is documented in ``schema.md`` beside this module. Parsing is
two-staged: pydantic models with ``extra="forbid"`` check the shape (every
problem at once), then cross-checks resolve references, units, provenance and
conditions. The result is a frozen :class:`~navlights.model.Edition`.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..conditions import ConditionError, compile_when
from ..errors import RuleDataError, UnknownEditionError
from ..model import Citation, Condition, Definition, Edition, Item, Provision, Show, Source
from ..units import miles_to_nm, parse_length, parse_quantity, points_to_deg

DATA = Path(__file__).with_name("data")

Provenance = Literal["primary", "secondary", "inferred", "gap"]
SourceKind = Literal["statute", "enactment", "seed", "textbook", "official-summary", "research-notes",
                     "code", "other"]
Colour = Literal["white", "red", "green", "yellow", "blue", "black", "red-green"]
LightCanonical = Literal["masthead", "masthead-aft", "sidelight", "combined-lantern", "sternlight",
                         "towing", "steering", "all-round", "anchor", "flare-up", "tricolour",
                         "portable-sidelight", "optional-top", "other"]
ShapeCanonical = Literal["ball", "cone-up", "cone-down", "diamond", "cylinder", "basket", "double-cone",
                         "other"]
PRIMARY_KINDS = {"statute", "enactment", "seed"}
SECONDARY_KINDS = {"textbook", "official-summary", "research-notes", "other"}
PLACEMENT_KEYS = {
    "position": str, "height_above_hull_min": str, "height_breadth_rule": bool,
    "height_need_not_exceed": str, "above_gunwale_min": str, "higher_than": str, "higher_by_min": str,
    "horizontal_to_vertical_min": (int, float), "vertical_line": str, "vertical_sep_min": str,
    "vertical_sep_max": str, "below": str, "below_by_min": str, "above": str, "abaft": str,
    "abaft_min": str, "athwartships_sep_min": str, "screen_forward_min": str, "keel_line": bool,
    "clear_of_other_lights": bool, "not_visible_forward_of_beam": bool, "height_max": str,
    "height_min": str, "forward_of": str, "horizontal_sep_min": str, "horizontal_sep_max": str,
    "stack_order": int, "assumed": bool, "note": str,
}


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Cited(_M):
    cite: str
    provenance: Provenance
    source: list[str] = Field(default_factory=list)
    argument: str | None = None
    note: str | None = None


class RawSource(_M):
    id: str
    kind: SourceKind
    title: str
    cite: str | None = None
    url: str | None = None
    note: str | None = None


class RawEdition(_M):
    id: str
    title: str
    regime: str
    waters: list[str]
    aliases: list[str] = Field(default_factory=list)
    enacted: str
    in_force_from: dt.date | None = None
    in_force_to: dt.date | None = None
    in_force: _Cited
    mile: Literal["nautical", "statute"]
    mile_note: str
    tonnage_basis: str | None = None
    seaplanes: bool = True
    units: dict[str, str]
    summary: str


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
    placement: dict[str, Any] = Field(default_factory=dict)


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
    placement: dict[str, Any] = Field(default_factory=dict)


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


def _loc(loc: tuple[Any, ...], data: dict[str, Any]) -> str:
    """A readable key path: provision[3](power-underway).show[1].role."""
    out, node = "", data
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
        problems.append(f"{path}: provenance 'primary' needs a source of kind statute, enactment or seed")
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


def _placement(p: dict[str, Any], path: str, problems: list[str]) -> tuple[tuple[str, Any], ...]:
    for k, v in p.items():
        if k not in PLACEMENT_KEYS:
            problems.append(f"{path}.{k}: unknown placement key; known: {', '.join(sorted(PLACEMENT_KEYS))}")
        elif not isinstance(v, PLACEMENT_KEYS[k]) or isinstance(v, bool) != (PLACEMENT_KEYS[k] is bool):
            problems.append(f"{path}.{k}: wrong type {type(v).__name__}")
        elif PLACEMENT_KEYS[k] is str and k.endswith(("_min", "_max", "_exceed")):
            try:
                parse_length(v, f"{path}.{k}")
            except ValueError as e:
                problems.append(str(e))
    return tuple(sorted(p.items()))


def parse_edition(data: dict[str, Any], path: str = "<data>") -> Edition:
    """Build an :class:`Edition` from a parsed TOML table, or raise :class:`RuleDataError`."""
    try:
        raw = RawFile.model_validate(data)
    except ValidationError as err:
        probs = []
        for e in err.errors():
            where = _loc(e["loc"], data)
            msg = "unknown key" if e["type"] == "extra_forbidden" else e["msg"]
            probs.append(f"{where}: {msg}")
        raise RuleDataError(path, probs) from None
    problems: list[str] = []
    eid = raw.edition.id
    sources: dict[str, Source] = {}
    for s in raw.source:
        if s.id in sources:
            problems.append(f"source({s.id}): duplicate id")
        sources[s.id] = Source(**s.model_dump())
    in_force = _citation(eid, raw.edition.in_force, problems, "edition.in_force", sources)
    mile = raw.edition.mile
    definitions = tuple(
        Definition(d.term, d.summary, d.maps_to,
                   _citation(eid, d, problems, f"definition[{i}]({d.term})", sources))
        for i, d in enumerate(raw.definition))

    lights: dict[str, dict[str, Any]] = {}
    for kid, k in raw.light.items():
        kp = f"light.{kid}"
        arc = _kind_arc(k, kp, problems)
        rng = None
        if k.range is not None:
            try:
                num, unit = parse_quantity(k.range)
                if unit not in ("mi", "mile", "miles"):
                    raise ValueError(f"unit '{unit}' is not miles")
                rng = round(miles_to_nm(num, mile), 4)
            except ValueError as e:
                problems.append(f"{kp}.range: {e}")
        lights[kid] = {"raw": k, "arc": arc, "range_nm": rng,
                       "placement": _placement(k.placement, f"{kp}.placement", problems),
                       "citation": _citation(eid, k, problems, kp, sources)}
    shapes: dict[str, dict[str, Any]] = {}
    for kid, k in raw.shape.items():
        kp = f"shape.{kid}"
        if k.size:
            try:
                parse_length(k.size, f"{kp}.size")
            except ValueError as e:
                problems.append(str(e))
        shapes[kid] = {"raw": k, "citation": _citation(eid, k, problems, kp, sources)}

    provisions: list[Provision] = []
    ids: set[str] = set()
    all_roles: set[str] = set()
    for i, p in enumerate(raw.provision):
        pp = f"provision[{i}]({p.id})"
        if p.id in ids:
            problems.append(f"{pp}: duplicate id")
        ids.add(p.id)
        try:
            when = compile_when(p.when, f"{pp}.when")
        except ConditionError as e:
            problems.append(str(e))
            when = Condition()
        pcit = _citation(eid, p, problems, pp, sources)
        if p.effect == "referral" and not p.authority:
            problems.append(f"{pp}: effect 'referral' needs authority")
        if p.effect == "reference" and p.when:
            problems.append(f"{pp}: effect 'reference' never applies to a display; remove when")
        if p.effect != "show" and p.show:
            problems.append(f"{pp}: effect '{p.effect}' shows nothing; remove show")
        if p.signal_unknown and p.effect != "gap":
            problems.append(f"{pp}: signal_unknown goes with effect 'gap'")
        if p.effect == "gap" and p.provenance != "gap":
            problems.append(f"{pp}: effect 'gap' needs provenance 'gap'")
        shows: list[Show] = []
        roles_here: set[str] = set()
        for j, s in enumerate(p.show):
            sp = f"{pp}.show[{j}]({s.role})"
            try:
                swhen = compile_when(s.when, f"{sp}.when")
            except ConditionError as e:
                problems.append(str(e))
                swhen = Condition()
            if (s.light is None) == (s.shape is None):
                problems.append(f"{sp}: give exactly one of light or shape")
                continue
            if (s.group is None) != (s.option is None):
                problems.append(f"{sp}: group and option go together")
            kind = lights.get(s.light) if s.light else shapes.get(s.shape)  # type: ignore[arg-type]
            if kind is None:
                known = ", ".join(lights if s.light else shapes)
                problems.append(f"{sp}: unknown {'light' if s.light else 'shape'} "
                                f"'{s.light or s.shape}'; known: {known}")
                continue
            roles_here.add(s.role)
            cit = _citation(eid, p, problems, sp, sources, cite=s.cite, provenance=s.provenance,
                            source=s.source, argument=s.argument, note=s.note)
            k = kind["raw"]
            placement = dict(kind.get("placement", ()))
            placement.update(_placement(s.placement, f"{sp}.placement", problems))
            is_light = s.light is not None
            item = Item(
                role=s.role, what="light" if is_light else "shape", kind=s.light or s.shape or "",
                canonical=k.canonical, term=k.term, colour=k.colour,
                arc_deg=kind["arc"] if is_light else None, all_round=bool(is_light and k.all_round),
                arc_as_written=k.arc_as_written if is_light else None,
                range_nm=kind["range_nm"] if is_light else None,
                range_as_written=k.range if is_light else None,
                size_as_written=None if is_light else k.size,
                placement=tuple(sorted(placement.items())), status=s.status, group=s.group,
                option=s.option, period="night" if is_light else "day", citation=cit,
                kind_citation=kind["citation"], note=s.note, arc_assumed=bool(is_light and k.arc_assumed))
            shows.append(Show(swhen, item))
        all_roles |= roles_here
        provisions.append(Provision(
            id=p.id, title=p.title, effect=p.effect, when=when, shows=tuple(shows),
            in_lieu_of=tuple(p.in_lieu_of), never=tuple(p.never), relieves=tuple(p.relieves), substitute_for=tuple(p.substitute_for),
            citation=pcit, authority=p.authority, summary=p.summary, signal_unknown=p.signal_unknown))
    for i, p in enumerate(raw.provision):
        pp = f"provision[{i}]({p.id})"
        for r in p.in_lieu_of + p.never + p.relieves:
            if r not in all_roles:
                problems.append(f"{pp}: role '{r}' in in_lieu_of/never is shown by no provision")
        for ref in p.substitute_for:
            if ref not in ids:
                problems.append(f"{pp}.substitute_for: unknown provision '{ref}'")
    for kid, k in list(lights.items()) + list(shapes.items()):
        for key in ("higher_than", "below", "above", "abaft", "forward_of"):
            ref = dict(k.get("placement", ())).get(key)
            if ref and ref not in all_roles:
                problems.append(f"{kid}.placement.{key}: role '{ref}' is shown by no provision")
    if problems:
        raise RuleDataError(path, problems)
    role_terms: dict[str, str] = {}
    for prov in provisions:
        for sh in prov.shows:
            role_terms.setdefault(sh.item.role, sh.item.term)
    e = raw.edition
    return Edition(
        id=eid, title=e.title, regime=e.regime, waters=tuple(e.waters), aliases=tuple(e.aliases),
        enacted=e.enacted, in_force_from=e.in_force_from, in_force_to=e.in_force_to,
        in_force_citation=in_force, mile=mile, tonnage_basis=e.tonnage_basis,
        units=tuple(sorted(e.units.items())), summary=e.summary, sources=sources,
        lights=lights, shapes=shapes, provisions=tuple(provisions), definitions=definitions, path=path,
        extra={"mile_note": e.mile_note, "role_terms": role_terms, "seaplanes": e.seaplanes})


def load_file(path: str | Path) -> Edition:
    """Load one edition file."""
    path = Path(path)
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as e:
        raise RuleDataError(str(path), [f"TOML syntax: {e}"]) from None
    return parse_edition(data, path.name)


@lru_cache(maxsize=None)
def _index() -> dict[str, Path]:
    """Edition id and aliases -> file, read from each file's [edition] header only."""
    out: dict[str, Path] = {}
    for f in sorted(DATA.glob("*.toml")):
        with f.open("rb") as fh:
            head = tomllib.load(fh).get("edition", {})
        for name in [head.get("id", f.stem), *head.get("aliases", [])]:
            out[str(name).lower()] = f
    return out


def edition_ids() -> list[str]:
    """Ids of every edition in the rule base, in date order of their files."""
    return sorted({f.stem for f in _index().values()}, key=_order)


def _order(eid: str) -> tuple[int, str]:
    year = "".join(ch for ch in eid if ch.isdigit())
    return (int(year) if year else 0, eid)


def resolve(name: str) -> str:
    """An edition id from an id or alias, or :class:`UnknownEditionError`."""
    f = _index().get(str(name).strip().lower())
    if f is None:
        known = ", ".join(edition_ids())
        raise UnknownEditionError(f"edition: unknown edition '{name}'; known: {known}",
                                  field="edition", value=name, allowed=known)
    return f.stem


@lru_cache(maxsize=None)
def load(name: str) -> Edition:
    """The edition with this id or alias, loaded once and cached."""
    return load_file(DATA / f"{resolve(name)}.toml")
