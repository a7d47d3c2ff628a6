"""The readings of each key of the AIS-to-lights table (:mod:`.lighttable`) as ``navlights ais`` writes them, made
ahead (issue 36): per key her band's candidates as JSON text with stand-ins for her own length and breadth, the
grouped readings as JSON text and whether she is certain (:class:`Detail`). ``navlights prepare`` writes them
beside the table, keyed by the table's key (the rule data and the code of the lights) and the code the texts
come from (:data:`CODE`), so a store made by other code or rules is never read; a key not prepared is answered
by the engine, once per process. A fresh process reads only the groups of keys its file touches (each group
compressed on its own), not the whole store.
"""

from __future__ import annotations

import json
import pickle
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from .lighttable import Key, keys, table_key
from .mapping import Lit, length_system, lit
from .report import candidate_head, lights_part, readings

FORMAT = 4
#: The code the texts come from beyond the table's own (:data:`navlights.traffic.lighttable.CODE`): a change to
#: any of these makes every store stale.
CODE = ("traffic/ais_keys.py", "traffic/report.py", "traffic/priors.py", "traffic/model.py", "errors.py",
        "vessel_words.py", "vessel_schema.py", "classes.py", "notation.py", "rulebase/situations.py",
        "rulebase/situations.toml", "engines/display_memo.py")

#: Stand-ins for her own length, breadth and length in words in a candidate's JSON text, as JSON writes them.
STAND_L, STAND_B, STAND_F = "\\u0000L", "\\u0000B", "\\u0000F"

#: Where her own length, breadth and length in words go in a key's candidates in the compact output (``"sized":
#: true``), each replaced by her vessel record's ``fill`` (:func:`navlights.traffic.ais_join.fill`).
PLACE_LENGTH, PLACE_BREADTH = "<length>", "<breadth>"
#: A number written where a candidate's lights detail goes, to split her JSON text there (:func:`pieces`).
_MARK = 9_007_199_254_740_993

Templates = tuple[tuple[str, ...], bool]
Pieces = tuple[tuple[str, str, str], ...]
Entry = tuple[bool, str, Templates | None, Pieces | None]
#: As stored: where the pieces are, the templates are made from them (:func:`templates`), so only their breadth flag.
Stored = tuple[bool, str, Templates | bool | None, Pieces | None]


class Detail:
    """One key's readings: the candidates of her band (``banded``), each one's lights as JSON text without its
    braces (``lights``), the grouped readings, the likely one first, as JSON text (``readings``), whether she is
    certain, and her candidates' JSON with stand-ins by unit system (:func:`templates`). Made from the engine, or
    from a prepared entry (:meth:`made_ahead`): then ``banded`` and ``lights`` are worked out only if asked for."""

    __slots__ = ("key", "edition", "_banded", "_lights", "readings", "certain", "chars", "templates", "split",
                 "breadth")

    def __init__(self, banded: tuple[Lit, ...], edition: str) -> None:
        self.key: Key | None = None
        self.edition = edition
        self._banded: tuple[Lit, ...] | None = banded
        self.templates: dict[str, Templates | None] = {}
        self.split: dict[str, Pieces | None] = {}
        self.breadth: bool | None = None
        self._lights: tuple[str, ...] | None = tuple(json.dumps(lights_part(x), ensure_ascii=False)[1:]
                                                     for x in banded)
        self.readings = json.dumps(readings(banded, edition), ensure_ascii=False)
        self.certain = len(banded) == 1 and banded[0].display is not None
        self.chars = sum(map(len, self._lights)) + len(self.readings)

    @classmethod
    def made_ahead(cls, key: Key, edition: str, entry: Stored) -> "Detail":
        """The detail of ``key`` from its prepared entry."""
        d = cls.__new__(cls)
        certain, text, made, split = entry
        d.key, d.edition, d._banded, d._lights = key, edition, None, None
        d.readings, d.certain = text, certain
        system = length_system(edition)
        d.split, d.breadth = {system: split}, made if isinstance(made, bool) else None
        d.templates = {} if isinstance(made, bool) else {system: made}
        d.chars = len(text) + (sum(len(b) + len(t) + len(a) for b, t, a in split) if split is not None else
                               sum(map(len, made[0])) if isinstance(made, tuple) else 0)
        return d

    @property
    def banded(self) -> tuple[Lit, ...]:
        if self._banded is None:
            assert self.key is not None
            self._banded = lit(*self.key, self.edition)
        return self._banded

    @property
    def lights(self) -> tuple[str, ...]:
        if self._lights is None:
            self._lights = tuple(json.dumps(lights_part(x), ensure_ascii=False)[1:] for x in self.banded)
        return self._lights


def templates(detail: Detail, system: str) -> Templates | None:
    """Each candidate's JSON text with stand-ins where her own length and breadth go (in her vessel and her
    description, whose length follows the kind of vessel: ``vessel_words.describe``), and whether they have a
    breadth; None where a description does not read so, or some have a breadth and some not (then her own are
    worked out)."""
    if system in detail.templates:
        return detail.templates[system]
    split = detail.split.get(system)
    if split is not None and detail.breadth is not None:     # made ahead: from the pieces, the stand-ins put back
        place = place_words(system)
        back = tuple((b + t + a).replace(place, STAND_F, 1).replace(PLACE_LENGTH, STAND_L, 1)
                     .replace(PLACE_BREADTH, STAND_B, 1) for b, t, a in split)
        made = detail.templates[system] = (back, detail.breadth)
        return made
    from ..units import fmt_length
    out: list[str] | None = []
    breadths = {x.candidate.vessel.breadth_m is not None for x in detail.banded}
    for x, part in zip(detail.banded, detail.lights):
        c = x.candidate
        head = candidate_head(c, system)
        words = fmt_length(c.vessel.length_m, system) if c.vessel.length_m is not None else None
        kind, _, rest = head["description"].partition(", ")
        if out is None or words is None or not rest.startswith(words) or "\x00" in json.dumps(head):
            out = None
            break
        head["description"] = f"{kind}, \x00F{rest[len(words):]}"
        head["vessel"]["length"] = "\x00L"
        if "breadth" in head["vessel"]:
            head["vessel"]["breadth"] = "\x00B"
        out.append(json.dumps(head, ensure_ascii=False)[:-1] + ", " + part)
    got = detail.templates[system] = (tuple(out), breadths.pop()) if out is not None and len(breadths) == 1 else None
    return got


def place_words(system: str) -> str:
    """The stand-in for her length in words in ``system`` ("metres" or "feet")."""
    return f"<length in {system}>"


def placed(detail: Detail, system: str) -> str | None:
    """A band's candidates as JSON text with stand-ins for her own length, breadth and words (``"sized"`` keys);
    None where its texts cannot take stand-ins safely (then her own candidates are written)."""
    got = templates(detail, system)
    if got is None or any("<length" in t or "<breadth" in t for t in got[0]):
        return None
    words = place_words(system)
    return "[" + ", ".join(t.replace(STAND_L, PLACE_LENGTH, 1).replace(STAND_B, PLACE_BREADTH, 1)
                           .replace(STAND_F, words, 1) for t in got[0]) + "]"


def pieces(detail: Detail, system: str) -> Pieces | None:
    """The band's candidates with stand-ins (:func:`placed`), each as JSON text split where its lights detail goes:
    the text before, the lights detail as JSON, the text after (the compact output writes a detail's number
    between, as ``json.dumps`` would write the candidate with that number); None where :func:`placed` is None."""
    if system in detail.split:
        return detail.split[system]
    text = placed(detail, system)
    out: list[tuple[str, str, str]] | None = None if text is None else []
    mark = str(_MARK)
    for c in json.loads(text) if text is not None else ():
        lights = json.dumps(c["lights_detail"], ensure_ascii=False)
        c["lights_detail"] = _MARK
        before, found, after = json.dumps(c, ensure_ascii=False).partition(mark)
        if out is None or not found or mark in after:
            out = None
            break
        out.append((before, lights, after))
    got = detail.split[system] = tuple(out) if out is not None else None
    return got


# ---------------------------------------------------------------------------------------------
# Made ahead


def group_of(key: Key) -> tuple[Any, ...]:
    """The group a key is stored in (status, ship type class, motion): one compressed piece each."""
    return key[0], key[1], key[4]


@lru_cache(maxsize=64)
def store_key(edition: str) -> str:
    """SHA-256 over the table's key (its rule data and code) and the code the texts come from."""
    from ..rulebase import compiled
    h = compiled.sha256(f"navlights-ais-readings v{FORMAT} {table_key(edition)}".encode())
    for name in CODE:
        h.update((compiled.PACKAGE / name).read_bytes())
    return h.hexdigest()[:32]


def _name(edition: str) -> str:
    return f"ais-readings-{edition}-{store_key(edition)}.pickle"


def _head(edition: str) -> tuple[Any, ...]:
    return ("navlights-ais-readings", FORMAT, store_key(edition))


def entry(detail: Detail) -> Entry:
    """What a prepared key holds: whether she is certain, the readings' text, the candidates' templates and their
    compact pieces in the edition's unit system."""
    system = length_system(detail.edition)
    return detail.certain, detail.readings, templates(detail, system), pieces(detail, system)


class Facts(NamedTuple):
    """What the AIS reader asks of an edition beside its keys' readings: the unit system it writes lengths in and
    its table's length and breadth thresholds (:class:`navlights.traffic.lighttable.Table`)."""

    system: str
    lengths: tuple[float, ...]
    breadths: tuple[float, ...]


def facts(edition: str) -> Facts:
    """The edition's :class:`Facts`: from its prepared store (then neither the rule base nor the table is loaded:
    the reader's start), else from the table and the rule base."""
    store = _STORES.get(edition) if edition in _STORES else _store(edition)
    if store is not None:
        return store.facts
    from .lighttable import table
    t = table(edition)
    return Facts(length_system(edition), t.lengths, t.breadths)


def build(edition: str) -> tuple[tuple[Any, ...], dict[tuple[Any, ...], bytes]]:
    """The edition's :class:`Facts` (as a plain tuple) and every key's entry (about a millisecond of CPU a key: half a minute for
    intl-1972's 33,000), in groups (:func:`group_of`), each group pickled and compressed; a text that recurs is
    stored once per group."""
    groups: dict[tuple[Any, ...], dict[Key, Stored]] = {}
    same: dict[Any, Any] = {}
    for key in keys(edition):
        certain, text, made, split = entry(Detail(lit(*key, edition), edition))
        kept: Templates | bool | None = made
        if split is not None and made is not None:
            kept = made[1]                    # the templates are made again from the pieces (:func:`templates`)
            split = tuple(tuple(same.setdefault(t, t) for t in piece) for piece in split)
        elif made is not None:
            kept = (tuple(same.setdefault(t, t) for t in made[0]), made[1])
        groups.setdefault(group_of(key), {})[key] = (certain, same.setdefault(text, text), kept, split)
    from .lighttable import table
    t = table(edition)
    return (tuple(Facts(length_system(edition), t.lengths, t.breadths)),       # plain: read without this module's class
            {g: zlib.compress(pickle.dumps(got, protocol=pickle.HIGHEST_PROTOCOL), 6) for g, got in groups.items()})


def prepare(where: Path, editions: list[str]) -> list[str]:
    """Write each edition's store into ``where`` (``navlights prepare``, after the tables); the editions written."""
    from ..rulebase import compiled
    return [ed for ed in editions
            if compiled.write(where, _name(ed), _head(ed), build(ed), prune=f"ais-readings-{ed}-*.pickle")]


class _Store:
    """One edition's prepared groups, each opened on first use."""

    __slots__ = ("facts", "packed", "opened")

    def __init__(self, facts: Facts, packed: dict[tuple[Any, ...], bytes]) -> None:
        self.facts = facts
        self.packed = packed
        self.opened: dict[tuple[Any, ...], dict[Key, Stored]] = {}

    def get(self, key: Key) -> Stored | None:
        g = group_of(key)
        got = self.opened.get(g)
        if got is None:
            blob = self.packed.get(g)
            if blob is None:
                return None
            try:
                got = pickle.loads(zlib.decompress(blob))
            except Exception:          # a damaged group is not used, as compiled.read does: the engine answers
                got = {}
            self.opened[g] = got
        return got.get(key)


_STORES: dict[str, _Store | None] = {}


def _store(edition: str) -> _Store | None:
    if edition not in _STORES:
        from ..rulebase import compiled
        try:
            dirs = compiled.search_dirs(compiled.cache_dir(compiled.default_cache_dir()))
            stored = compiled.read(dirs, _name(edition), _head(edition), tuple)
            store = _Store(Facts(*stored[0]), stored[1]) if stored is not None else None
        except (OSError, KeyError, TypeError, ValueError, IndexError):     # not a store of this form: not used
            store = None
        _STORES[edition] = store
        if store is not None:
            from .mapping import PREPARED_SYSTEMS
            PREPARED_SYSTEMS[edition] = store.facts.system
    return _STORES[edition]


def made_ahead(key: Key, edition: str) -> Detail | None:
    """The prepared detail of ``key`` (a key of the edition's table); None where none is prepared."""
    store = _STORES.get(edition) if edition in _STORES else _store(edition)
    got = store.get(key) if store is not None else None
    if got is None:
        return None
    return Detail.made_ahead(key, edition, got)
