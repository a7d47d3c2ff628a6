"""The situations shared by every edition (``situations.toml``): each one's prior, the reason for it, the
name an examiner writes, and the families of situations one signal may not tell apart.

Read once and checked whole: an unknown key, a situation of :data:`navlights.classes.SITUATIONS` missing
(or one that is not there), a prior outside (0, 1], a family or slot value not declared: a
:class:`~navlights.errors.RuleDataError` listing every problem. Identification ranks and names its readings
from here (docs/identify.md, "Ranking" and "One line per meaning").

>>> s = situation("vessel fishing (drift-net) at anchor")
>>> s.prior, s.family
(0.3, 'fishing')
>>> line_name(["vessel fishing (drift-net) at anchor", "vessel fishing (line) at anchor",
...            "vessel fishing (other) at anchor"])
('vessel engaged in fishing other than trawling, not making way', ('drift-nets', 'lines', 'other gear'))
>>> line_name(["vessel fishing (trawl)", "vessel fishing (trawl) at anchor", "vessel fishing (line)"])[0]
'vessel engaged in fishing'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..errors import RuleDataError

PATH = Path(__file__).with_name("situations.toml")

_SITUATION_KEYS = {"prior", "why", "name", "family", "kind", "slots"}
_FAMILY_KEYS = {"name", "cite", "kinds", "one", "slots"}


@dataclass(frozen=True, slots=True)
class Family:
    """Situations one signal may not tell apart: one line, named by ``name`` with its slots filled."""

    id: str
    name: str                                       # a template: {slot} filled from the situations present
    cite: str
    kinds: str | None                               # the words before the list of kinds present, or None
    one: str | None                                 # the words before her kind where only one is present
    slots: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]   # slot -> ((value(s), word), ...) in file order

    def word(self, slot: str, values: set[str | None]) -> str:
        """The word for a slot given the values present (None: a situation without a value for it)."""
        table = dict(self.slots)[slot]
        words = dict(table)
        if len(values) == 1 and None not in values:
            (v,) = values
            return words[v] if v in words else words["*"]
        if None not in values:
            for key, w in table:
                if " " in key and values <= set(key.split()):
                    return w
        return words["*"]


@dataclass(frozen=True, slots=True)
class Situation:
    """One situation of :data:`navlights.classes.SITUATIONS`, as every edition ranks and names it."""

    label: str
    prior: float                                    # how often a look-out meets her, 0 to 1 (our judgement)
    why: str                                        # the reason for the prior, in a few words
    name: str                                       # the name an examiner writes (outside a family)
    family: str | None
    kind: str | None                                # her kind within the family ("surveying")
    slots: tuple[tuple[str, str], ...]              # slot -> value


@dataclass(frozen=True, slots=True)
class Situations:
    """Every situation and family, read from ``situations.toml``."""

    situations: Mapping[str, Situation]
    families: Mapping[str, Family]
    order: Mapping[str, int]                        # the situations' place in classes.SITUATIONS
    lengths: tuple[tuple[float, float], ...] = ()   # (upper end in metres, or inf; share), shortest first

    def length_share(self, lo: float | None, hi: float | None, hi_closed: bool = False) -> float:
        """The share of vessels met whose length band [below, under) reaches into the lengths from ``lo`` to
        ``hi`` (metres; None: open; ``hi_closed``: ``hi`` itself included)."""
        out, below = 0.0, 0.0
        for upper, share in self.lengths:
            if (hi is None or hi > below or (hi_closed and hi == below)) and (lo is None or lo < upper):
                out += share
            below = upper
        return min(out, 1.0)


def _check(data: dict[str, Any], labels: list[str]) -> list[str]:
    """Every problem of the file, each with its key path."""
    problems = [f"{k}: unknown table; allowed: family, situation, length" for k in data
                if k not in ("family", "situation", "length")]
    fams = data.get("family", {})
    return (problems + _check_lengths(data.get("length", [])) + _check_families(fams)
            + _check_situations(data.get("situation", {}), fams, labels))


def _check_lengths(bands: list[dict[str, Any]]) -> list[str]:
    problems = []
    for n, b in enumerate(bands):
        problems += [f"length[{n}].{k}: unknown key; allowed: under, share, why" for k in b
                     if k not in ("under", "share", "why")]
        if ("under" in b) == (n == len(bands) - 1):
            problems.append(f"length[{n}]: every band but the last has an upper end ('under', metres)")
    if not bands or abs(sum(float(b.get("share", 0)) for b in bands) - 1.0) > 1e-9:
        problems.append("length: the shares of the bands must add up to 1")
    return problems


def _check_families(fams: dict[str, Any]) -> list[str]:
    problems = []
    for fid, f in fams.items():
        problems += [f"family.{fid}.{k}: unknown key; allowed: {', '.join(sorted(_FAMILY_KEYS))}"
                     for k in f if k not in _FAMILY_KEYS]
        if not isinstance(f.get("name"), str) or not isinstance(f.get("cite"), str):
            problems.append(f"family.{fid}: needs a name and a cite (text)")
            continue
        for slot, table in f.get("slots", {}).items():
            if "{" + slot + "}" not in f["name"]:
                problems.append(f"family.{fid}.slots.{slot}: not used in the name {f['name']!r}")
            if not isinstance(table, dict) or "*" not in table:
                problems.append(f"family.{fid}.slots.{slot}: needs a table with a '*' word")
    return problems


def _check_situations(sits: dict[str, Any], fams: dict[str, Any], labels: list[str]) -> list[str]:
    problems = [f"situation.{label!r}: missing (every situation of classes.SITUATIONS has an entry)"
                for label in labels if label not in sits]
    for label, s in sits.items():
        where = f"situation.{label!r}"
        if label not in labels:
            problems.append(f"{where}: not a situation of classes.SITUATIONS")
        problems += [f"{where}.{k}: unknown key; allowed: {', '.join(sorted(_SITUATION_KEYS))}"
                     for k in s if k not in _SITUATION_KEYS]
        prior = s.get("prior")
        if isinstance(prior, bool) or not isinstance(prior, (int, float)) or not 0 < prior <= 1:
            problems.append(f"{where}.prior: {prior!r} is not allowed; allowed: a number over 0 and at most 1")
        if not isinstance(s.get("why"), str) or not s.get("why"):
            problems.append(f"{where}.why: the reason for the prior is required")
        problems += _check_member(where, s, fams)
    return problems


def _check_member(where: str, s: dict[str, Any], fams: dict[str, Any]) -> list[str]:
    """A situation's family, slots and kind: declared by its family."""
    fid = s.get("family")
    if fid is None:
        return [f"{where}: slots and kind belong to a family member; give a family"] if "slots" in s or "kind" in s \
            else []
    if fid not in fams:
        return [f"{where}.family: {fid!r} is not a family; allowed: {', '.join(sorted(fams))}"]
    problems = []
    declared = fams[fid].get("slots", {})
    for slot, value in s.get("slots", {}).items():
        if slot not in declared:
            problems.append(f"{where}.slots.{slot}: family {fid} has no such slot")
        elif value not in declared[slot]:
            problems.append(f"{where}.slots.{slot}: {value!r} is not a value of family {fid}")
    if fams[fid].get("kinds") and not s.get("kind"):
        problems.append(f"{where}.kind: family {fid} lists kinds; give hers")
    return problems


@lru_cache(maxsize=1)
def load() -> Situations:
    """The shared situations, read and checked once."""
    from ..classes import SITUATIONS
    labels = [label for label, _ in SITUATIONS]
    with PATH.open("rb") as fh:
        data = tomllib.load(fh)
    problems = _check(data, labels)
    if problems:
        raise RuleDataError(PATH.name, problems)
    fams = {fid: Family(fid, f["name"], f["cite"], f.get("kinds"), f.get("one"),
                        tuple((slot, tuple(table.items())) for slot, table in f.get("slots", {}).items()))
            for fid, f in data.get("family", {}).items()}
    sits = {label: Situation(label, float(s["prior"]), s["why"], s.get("name", label), s.get("family"),
                             s.get("kind"), tuple(s.get("slots", {}).items()))
            for label, s in data["situation"].items()}
    lengths = tuple((float(b.get("under", float("inf"))), float(b["share"])) for b in data["length"])
    return Situations(sits, fams, {label: k for k, label in enumerate(labels)}, lengths)


def situation(label: str) -> Situation:
    """One situation by its label."""
    return load().situations[label]


def prior(label: str) -> float:
    """How often a look-out meets her situation, 0 to 1: the ranking's prior (our judgement of traffic)."""
    s = load().situations.get(label)
    return s.prior if s is not None else min(x.prior for x in load().situations.values())


def ranked(labels: Iterable[str]) -> list[str]:
    """The labels, most common first, then in the order of classes.SITUATIONS (a written rule, never a
    file's order)."""
    got = load()
    return sorted(set(labels), key=lambda s: (-prior(s), got.order.get(s, 10**6), s))


@lru_cache(maxsize=4096)
def names_of(labels: frozenset[str]) -> tuple[str, ...]:
    """The situations' own names, most common first, each once (identify's "also shows the same")."""
    return tuple(dict.fromkeys(name(s) for s in ranked(labels)))


def family_of(label: str) -> str:
    """The line a situation's readings go to: her family's id, or her own label."""
    s = load().situations.get(label)
    return f"family:{s.family}" if s is not None and s.family else label


@lru_cache(maxsize=4096)
def _line_name(labels: frozenset[str]) -> tuple[str, tuple[str, ...]]:
    got = load()
    order = ranked(labels)
    first = got.situations.get(order[0])
    if first is None:
        return order[0], ()
    if first.family is None:
        return first.name, ()
    fam = got.families[first.family]
    members = [got.situations[s] for s in order if s in got.situations and got.situations[s].family == fam.id]
    words = {slot: fam.word(slot, {dict(m.slots).get(slot) for m in members}) for slot, _ in fam.slots}
    kinds = tuple(dict.fromkeys(m.kind for m in members if m.kind))
    shown = fam.kinds is not None and (len(kinds) > 1 or (len(kinds) == 1 and fam.one is not None))
    return fam.name.format(**words), (kinds if shown else ())


def line_name(labels: Iterable[str]) -> tuple[str, tuple[str, ...]]:
    """The name an examiner writes for these situations seen as one (the first one's family's name, its
    slots filled from the members present), and the kinds it cannot tell apart (where one, hers if the family
    says a word for one: a restricted vessel's work)."""
    return _line_name(frozenset(labels))


@lru_cache(maxsize=1024)
def name(label: str) -> str:
    """One situation's own name, as an examiner writes it."""
    return _line_name(frozenset((label,)))[0]
