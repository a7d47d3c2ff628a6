"""Finding a situation by name on Explore: each edition's own situations (one vessel each, ``api.situations``) as
candidates, matched by words through a small table of synonyms (``data/situation_words.toml``) and ranked.

A query's words are normalised (lower case, a plural "s" and an "-ing" dropped), each widened by its synonyms; a
candidate scores one for each query word it answers (the last word may be a beginning: the box is typed into),
then ranks by how common her situation is (``api.commonness``), by the share of her name's words the query used,
then by the edition's order. A word that names a
fact the situation lacks ("at anchor", "on the Western Rivers") may add that fact to it, where the edition's rules
test that value and the vessel stays coherent: "pilot at anchor" is the pilot vessel on duty, at anchor.

>>> [m.label for m in matches("intl-1972", "trawler")][:1]
['vessel fishing (trawl)']
>>> [m.label for m in matches("intl-1972", "pilot at anchor")][:1]
['pilot vessel on duty, at anchor']
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from .. import api
from ..errors import NavlightsError
from .form import SPECS

WORDS_FILE = Path(__file__).parent / "data" / "situation_words.toml"
#: At most this many matches are answered.
LIMIT = 12


def normalise(word: str) -> str:
    """A word as compared: lower case, without a plural 's' or an '-ing' ('Rivers' -> 'river', 'towing' -> 'tow')."""
    w = word.lower().removesuffix("'s")
    if len(w) >= 6 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) >= 4 and w.endswith("s") and not w.endswith(("ss", "us")):
        w = w[:-1]
    return w


def words(text: str) -> list[str]:
    """The normalised words of a text, without the stop words."""
    return [n for w in re.findall(r"[a-z0-9]+", text.lower()) if (n := normalise(w)) and n not in _table().stop]


@dataclass(frozen=True, slots=True)
class Modifier:
    """Words that add a fact to a situation found by its other words."""

    words: frozenset[str]
    label: str
    fields: tuple[tuple[str, str], ...]
    conflicts: frozenset[str]


@dataclass(frozen=True, slots=True)
class Table:
    stop: frozenset[str]
    synonyms: dict[str, frozenset[str]]
    modifiers: tuple[Modifier, ...]


@lru_cache(maxsize=1)
def _table() -> Table:
    raw = tomllib.loads(WORDS_FILE.read_text(encoding="utf-8"))
    stop = frozenset(normalise(w) for w in raw["stop"])
    synonyms = {normalise(k): frozenset(normalise(w) for w in v) for k, v in raw["synonyms"].items()}
    modifiers = tuple(Modifier(frozenset(normalise(w) for w in m["words"]), m["label"],
                               tuple((k, str(v)) for k, v in m["fields"].items()), frozenset(m.get("conflicts", ())))
                      for m in raw.get("modifier", ()))
    return Table(stop, synonyms, modifiers)


@dataclass(frozen=True, slots=True)
class Situation:
    """A situation of one edition, with the query parameters that describe her and the words she is found by."""

    label: str
    fields: tuple[tuple[str, str], ...]     # flat field -> query value
    edition: str
    names: frozenset[str]                   # the words of her name
    terms: frozenset[str]                   # every word she answers to: her name's, her facts' and their words'

    @property
    def href(self) -> str:
        """Her Explore page; where her own signal is one the rule only permits ('may'), every item drawn, each
        marked optional (issue 31: searched for by what defines her, she is drawn with it)."""
        draw = [("choose", "all")] if _signal_optional(self.edition, self.fields) else []
        return "/explore?" + urlencode([("edition", self.edition), *self.fields, *draw])

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "fields": dict(self.fields), "href": self.href}


@lru_cache(maxsize=4096)
def _signal_optional(edition: str, fields: tuple[tuple[str, str], ...]) -> bool:
    return api.signal_optional(dict(fields), edition)


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _situation(edition: str, label: str, fields: dict[str, Any]) -> Situation:
    names = frozenset(words(label))
    terms = set(names)
    for name, value in fields.items():
        spec = SPECS.get(name)
        if value is True:
            terms |= set(words(name.replace("_", " ")))
            if spec:
                terms |= set(words(spec.label))
        elif isinstance(value, str) and not re.match(r"^[0-9.]", value):
            terms |= set(words(value.replace("-", " ")))
            if spec and value in spec.words and name != "propulsion":
                terms |= set(words(spec.words[value]))
    return Situation(label, tuple((k, _query_value(v)) for k, v in fields.items()), edition, names, frozenset(terms))


@lru_cache(maxsize=16)
def candidates(edition: str) -> tuple[Situation, ...]:
    """Every situation of the edition (its id), in its order; made once per edition."""
    return tuple(_situation(edition, label, fields) for label, fields in api.situations(edition))


@lru_cache(maxsize=16)
def _modifiers(edition: str) -> tuple[Modifier, ...]:
    """The modifiers whose facts' values the edition's rules test."""
    tested = api.facts_tested(api.edition(edition))
    return tuple(m for m in _table().modifiers if all((k, v) in tested for k, v in m.fields))


@lru_cache(maxsize=16)
def _vocabulary(edition: str) -> frozenset[str]:
    """Every word the edition's situations answer to, and every word of the synonym table."""
    return frozenset().union(*(s.terms for s in candidates(edition)), _table().synonyms)


def _alternatives(query: str, vocabulary: frozenset[str]) -> list[frozenset[str]]:
    """Each query word with its synonyms; the last word, where it is no word known, also as the beginning of the
    synonym table's words (typed so far)."""
    table = _table()
    qwords = words(query)
    out = []
    for i, w in enumerate(qwords):
        alts = {w} | table.synonyms.get(w, frozenset())
        if i == len(qwords) - 1 and len(w) >= 3 and w not in vocabulary:
            for key, syn in table.synonyms.items():
                if key.startswith(w):
                    alts |= {key} | syn
        out.append(frozenset(alts))
    return out


def _answered(alts: list[frozenset[str]], terms: frozenset[str], typed: str = "") -> set[int]:
    """Which query words the terms answer (the last one also as the beginning ``typed`` of a term)."""
    out = {i for i, alt in enumerate(alts) if alt & terms}
    if typed and len(alts) - 1 not in out and any(t.startswith(typed) for t in terms):
        out.add(len(alts) - 1)
    return out


def _coherent(fields: tuple[tuple[str, str], ...]) -> bool:
    try:
        api.vessel_from_fields(**{k: (v == "true") if v in ("true", "false") else v for k, v in fields})
    except NavlightsError:
        return False
    return True


@lru_cache(maxsize=1024)
def matches(edition: str, query: str) -> tuple[Situation, ...]:
    """The edition's situations that answer the query's words, best first (at most :data:`LIMIT`)."""
    vocabulary = _vocabulary(edition)
    alts = _alternatives(query, vocabulary)
    if not alts:
        return ()
    last = words(query)[-1]
    typed = last if len(last) >= 3 and last not in vocabulary else ""
    scored: list[tuple[int, float, float, int, Situation]] = []
    for order, s in enumerate(candidates(edition)):
        answered = _answered(alts, s.terms, typed)
        if not answered:
            continue
        share = len(answered) / max(len(s.names), 1)
        common = api.commonness(s.label)
        scored.append((len(answered), common, share, order, s))
        for m in _modifiers(edition):
            more = _answered(alts, m.words) - answered
            if not more or any(k in m.conflicts for k, _v in s.fields):
                continue
            fields = tuple((k, v) for k, v in s.fields if k not in dict(m.fields)) + m.fields
            if _coherent(fields):
                both = Situation(f"{s.label}, {m.label}", fields, edition, s.names | m.words, s.terms | m.words)
                scored.append((len(answered | more), common, share, order, both))
    scored.sort(key=lambda t: (-t[0], -t[1], -t[2], t[3]))
    out: list[Situation] = []
    seen: set[frozenset[tuple[str, str]]] = set()
    for *_rank, s in scored:
        if frozenset(s.fields) not in seen:
            seen.add(frozenset(s.fields))
            out.append(s)
        if len(out) == LIMIT:
            break
    return tuple(out)


@lru_cache(maxsize=1024)
def matches_json(edition: str, query: str | None) -> bytes:
    """The JSON of ``/explore/situations.json``: the matches, or with no query every situation of the edition."""
    found = matches(edition, query) if query else candidates(edition)
    return json.dumps({"edition": edition, "query": query, "situations": [s.to_dict() for s in found]},
                      ensure_ascii=False).encode()
