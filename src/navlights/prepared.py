"""What is made ahead of a first command (``navlights prepare``, the web app's start): every edition compiled and
every edition's identification index (docs/design.md, "Caches and start-up")."""

from __future__ import annotations

from typing import Any

from .errors import NavlightsError
from .model import Edition
from .rulebase import loader


def _editions() -> list[Edition]:
    return [loader.load(e) for e in loader.edition_ids()]


#: AIS began to be carried in 2002 (SOLAS V/19 phase-in): the editions in force since then are those an AIS file's
#: times choose; an older edition named with ``--edition`` builds its table on first use, into the user's cache.
AIS_ERA = "2002-07-01"


def ais_editions() -> list[str]:
    """The editions whose AIS-to-lights tables ``prepare`` makes: those in force on or after :data:`AIS_ERA`, an
    edition that another succeeds counting as ended (each table costs seconds of CPU to build).

    >>> ais_editions()
    ['intl-1972', 'us-inland']"""
    import datetime as dt
    era = dt.date.fromisoformat(AIS_ERA)
    eds = _editions()
    succeeded = {old for ed in eds for old in dict(ed.succeeds).values()}
    return [ed.id for ed in eds if ed.id not in succeeded and (ed.in_force_to is None or ed.in_force_to > era)]


def prepare(directory: str | None = None, *, ais: bool = True) -> dict[str, Any]:
    """Make ahead what a first command would otherwise make: the map of edition names, every edition compiled,
    every edition's identification index and (``ais``) its AIS-to-lights table (traffic/lighttable.py) with each key's readings (traffic/ais_keys.py), in ``directory`` (default: the prepared directory, ``$NAVLIGHTS_PREPARED_DIR``
    or ``<sys.prefix>/share/navlights``), which later commands read and never write. Entries are keyed by the rule
    data and the code, so what a later change makes stale is not read (docs/design.md, "Caches and start-up").
    ``make`` runs it (``navlights prepare``) after installing."""
    from pathlib import Path

    from .engines.identify import cache as _icache
    from .rulebase import compiled
    where = Path(directory).expanduser() if directory else compiled.prepared_dir()
    if where is None:
        raise NavlightsError(f"dir: no directory: {compiled.PREPARED_ENV} is off", field="dir", value="",
                             allowed="a writable directory")
    try:
        where.mkdir(parents=True, exist_ok=True)
        probe = where / f".probe.{id(where)}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise NavlightsError(f"dir: cannot write to '{where}': {e.strerror}", field="dir", value=str(where),
                             allowed="a writable directory") from None
    ids = loader.prepare(where)
    built = [ed.id for ed in _editions() if _icache.store(ed, where)]
    out: dict[str, Any] = {"directory": str(where), "editions": ids, "indexes_written": built}
    if ais:
        from .traffic import ais_keys, lighttable
        out["ais_tables_written"] = lighttable.prepare(where, ais_editions())
        out["ais_readings_written"] = ais_keys.prepare(where, ais_editions())
    return out


def prepare_identify(cache_dir: str | None = None) -> list[str]:
    """Make every edition's identification index now, so that the first :func:`identify` finds it ready: read
    from ``cache_dir`` on disk when it holds it, else built (and written there). The ids of the editions."""
    from .engines import identify as _identify
    eds = _editions()
    for ed in eds:
        _identify.index(ed, cache_dir)
    return [ed.id for ed in eds]
