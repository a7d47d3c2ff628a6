"""The AIS-to-lights table (issue 24, item 2): each report's lights keyed by what they depend on and nothing else:
navigational status, ship type class, length band, breadth band, motion and edition. The key space is finite (the
bands are the edition's own thresholds), so ``navlights prepare`` makes each edition's whole table ahead and a fresh
process reads it instead of running the display engine; a table not prepared (or made stale by a change of the rule
data or the code: its key covers both) is simply not used, and the engine answers, remembered per key.

Ship types fall into classes that the readings treat alike (:func:`ship_class`, from the codes :mod:`.mapping`
tests); a test checks every code 1-99 against its class's representative.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from hashlib import sha256
from pathlib import Path
from typing import Any


#: The ship types the readings name one by one (mapping._by_status, _by_ship_type, _unknown_status, _tow_of_type);
#: 20-29 (WIG) are one class, every other code another ("no special reading": 90 stands for it).
_NAMED = frozenset({30, 31, 32, 33, 34, 35, 36, 37, 50, 52, 55})
OTHER_SHIP = 90
FORMAT = 2
#: The code the table's answers come from: a change to any of these makes every table stale.
CODE = ("traffic/mapping.py", "traffic/lighttable.py", "engines/display.py", "vessel.py", "model.py", "conditions.py",
        "api.py", "units.py")
Row = tuple[str, int, bool]
Key = tuple[int | None, int | None, float | None, float | None, bool | None]


def ship_class(code: int | None) -> int | None:
    """The representative of the class of ``code`` (None: no ship type)."""
    if code is None or code in _NAMED:
        return code
    return 20 if 20 <= code <= 29 else OTHER_SHIP


def band(ts: tuple[float, ...], value: float | None) -> float | None:
    """:func:`~navlights.traffic.mapping._band` on thresholds at hand (the prepared table carries them, so that a
    fresh process need not load the edition): a value on a threshold stands for itself, any other for the middle
    of the interval between the thresholds around it."""
    if value is None or not ts:
        return None
    i = bisect_left(ts, value)
    if i < len(ts) and ts[i] == value:
        return value
    lower = ts[i - 1] if i > 0 else 0.0
    upper = ts[i] if i < len(ts) else ts[-1] * 2
    return (lower + upper) / 2


def key_of(lengths: tuple[float, ...], breadths: tuple[float, ...], code: int | None, ship: int | None,
           length_m: float | None, breadth_m: float | None, moving: bool | None) -> Key:
    """The key of a report in a table of these length and breadth thresholds: her status, her ship type's class,
    her length band and her breadth band (at most her length's), her motion."""
    length = band(lengths, length_m)
    breadth = band(breadths, breadth_m)
    if length is not None and breadth is not None:
        breadth = min(breadth, length)
    return code, ship_class(ship), length, breadth, moving


class Table:
    """One edition's table: its thresholds, the rows by key, and a memo by the raw values (a fleet repeats them)."""

    __slots__ = ("edition", "lengths", "breadths", "rows", "memo")

    def __init__(self, edition: str, lengths: tuple[float, ...], breadths: tuple[float, ...],
                 rows: dict[Key, Row]) -> None:
        self.edition, self.lengths, self.breadths, self.rows = edition, lengths, breadths, rows
        self.memo: dict[Key, Row] = {}

    def key(self, code: int | None, ship: int | None, length_m: float | None, breadth_m: float | None,
            moving: bool | None) -> Key:
        return key_of(self.lengths, self.breadths, code, ship, length_m, breadth_m, moving)

    def row(self, key: Key) -> Row:
        got = self.rows.get(key)
        if got is None:
            from .mapping import _row_lights
            got = self.rows[key] = _row_lights(*key, self.edition)
        return got


_TABLES: dict[str, Table] = {}


def table(edition: str) -> Table:
    """The edition's table: prepared (read once per process), else an empty one that fills as it is asked."""
    t = _TABLES.get(edition)
    if t is None:
        got = _load(edition)
        if got is not None:
            t = Table(edition, got[0], got[1], got[2])
        else:
            from .mapping import _edition_thresholds
            t = Table(edition, _edition_thresholds(edition, "length"), _edition_thresholds(edition, "breadth"), {})
        t = _TABLES[edition] = t
    return t


def lights_row(code: int | None, ship: int | None, length_m: float | None, breadth_m: float | None,
               moving: bool | None, edition: str) -> Row:
    """The report's lights (:func:`~navlights.traffic.mapping.lights_summary`), candidate count and whether any
    candidate is undecided: from the prepared table where there is one, else from the engine (remembered)."""
    t = _TABLES.get(edition) or table(edition)
    raw = (code, ship, length_m, breadth_m, moving)
    got = t.memo.get(raw)
    if got is None:
        if len(t.memo) > 200_000:
            t.memo.clear()
        got = t.memo[raw] = t.row(t.key(code, ship, length_m, breadth_m, moving))
    return got


def _representatives(edition: str, fact: str) -> list[float | None]:
    from .mapping import _edition_thresholds
    ts = _edition_thresholds(edition, fact)
    if not ts:
        return [None]
    edges = [0.0, *ts, ts[-1] * 2]
    return [None, *ts, *((lo + hi) / 2 for lo, hi in zip(edges, edges[1:]))]


def keys(edition: str) -> list[Key]:
    """Every key of the edition's table."""
    ships = [None, 20, *sorted(_NAMED), OTHER_SHIP]
    out: dict[Key, None] = {}
    for length in _representatives(edition, "length"):
        for b in _representatives(edition, "breadth"):
            breadth = min(b, length) if b is not None and length is not None else b
            for code in (None, *range(16)):
                for ship in ships:
                    for moving in (None, True, False):
                        out[(code, ship, length, breadth, moving)] = None
    return list(out)


def build(edition: str) -> tuple[tuple[float, ...], tuple[float, ...], dict[Key, Row]]:
    """The edition's whole table (tens of thousands of keys: seconds to a minute per edition), with its thresholds."""
    from .mapping import _edition_thresholds, _row_lights
    same: dict[Row, Row] = {}          # one object per distinct row: the pickle stores each once, and loads fast
    rows = {k: same.setdefault(r, r) for k in keys(edition) for r in (_row_lights(*k, edition),)}
    return _edition_thresholds(edition, "length"), _edition_thresholds(edition, "breadth"), rows


@lru_cache(maxsize=64)
def table_key(edition: str) -> str:
    """SHA-256 over the code the answers come from and the edition's rule file."""
    from ..rulebase import compiled
    h = sha256(f"navlights-ais-lights v{FORMAT} {compiled.code_key()}".encode())
    for name in CODE:
        h.update((compiled.PACKAGE / name).read_bytes())
    rules = compiled.rule_file(edition)        # an edition id names its file
    if rules is None:
        from ..rulebase import loader       # an alias: the loader's map of names (it loads the vessel model)
        rules = Path(loader._index()[edition])
    h.update(rules.read_bytes())
    return h.hexdigest()[:32]


def _name(edition: str) -> str:
    return f"ais-lights-{edition}-{table_key(edition)}.pickle"


def _load(edition: str) -> Any:
    from ..rulebase import compiled
    try:
        dirs = compiled.search_dirs(compiled.cache_dir(compiled.default_cache_dir()))
        return compiled.read(dirs, _name(edition), ("navlights-ais-lights", FORMAT, table_key(edition)), tuple)
    except (OSError, KeyError):
        return None


def prepare(where: Path, editions: list[str]) -> list[str]:
    """Write each edition's whole table into ``where`` (``navlights prepare``); the editions written."""
    from ..rulebase import compiled
    done = []
    for ed in editions:
        head: tuple[Any, ...] = ("navlights-ais-lights", FORMAT, table_key(ed))
        if compiled.write(where, _name(ed), head, build(ed), prune=f"ais-lights-{ed}-*.pickle"):
            done.append(ed)
    return done


def map_reports(data: Any, reports: Any, edition: str) -> Any:
    """Each report with her lights row (static data joined as it arrives): the batch mapping's work per report,
    without the vessel model (the benchmark's "AIS to lights")."""
    statics = data.statics
    moving_kn = 0.5                  # mapping.MOVING_KN (not imported: that would load the vessel model)
    t = table(edition)
    memo = t.memo                    # lights_row's memo, read here without a call per report
    for r in reports:
        st = statics.get(r.mmsi)
        sog = r.speed_kn
        moving = None if sog is None else sog >= moving_kn
        raw: Key = (r.status, None, None, None, moving) if st is None else \
            (r.status, st.ship_type, st.length_m, st.breadth_m, moving)
        got = memo.get(raw)
        yield r, got if got is not None else lights_row(raw[0], raw[1], raw[2], raw[3], raw[4], edition)
