"""The traffic facade: what the command line and the web app may call for AIS, scenes and encounters.

Like :mod:`navlights.api`, it returns typed values and JSON-ready dicts; heavy libraries (pandas, pyarrow,
Dask, matplotlib) are imported inside the functions that need them.
"""

from __future__ import annotations

# --- AIS: reading and mapping (traffic/ais.py, traffic/mapping.py, traffic/batch.py) ---

from typing import Any  # noqa: E402


def ais_choice(edition: str | None = None, waters: str | None = None, region: Any = None) -> Any:
    """How each fix's edition is chosen: a named edition, named waters, or a region (a GeoJSON polygon file:
    inside it the waters its features name, default us-inland; outside, the high seas); none given: the high
    seas. The edition is then ``navlights.api.governing`` for the fix's date in her waters."""
    from .mapping import Choice
    from .regions import Region
    if isinstance(region, (str, bytes)) or hasattr(region, "__fspath__"):
        region = Region.from_file(region)
    return Choice(edition=edition, waters=waters, region=region).check()


def read_ais(path: Any, *, time: Any = None) -> Any:
    """An AIS file (NMEA text, ``.csv`` or ``.parquet``) read: reports, static data by MMSI, bad input by reason.
    ``time``: the time of NMEA messages that carry none (ISO 8601)."""
    from .ais import AisInputError, read, utc
    if time is not None and utc(time) is None:
        raise AisInputError(f"time: {time!r} is not a date-time; allowed: ISO 8601, e.g. 2024-05-01T21:00:00Z",
                            field="time", value=time, allowed="ISO 8601")
    return read(path, time)


def ais_fixes(path: Any, *, edition: str | None = None, waters: str | None = None, region: Any = None,
              time: Any = None, latest: bool = False) -> tuple[list[tuple[Any, Any, int | None]], Any]:
    """Every position report (or each vessel's latest: ``latest``) as a mapped :class:`~navlights.traffic.model.Fix`
    with each candidate's lights (:class:`~navlights.traffic.mapping.Lit`) and her AIS status code, and what was
    read (:class:`~navlights.traffic.ais.AisData`: its counts, static data by MMSI)."""
    from .ais import fixes
    from .mapping import map_fix
    choice = ais_choice(edition, waters, region)
    data = read_ais(path, time=time)
    items = list(fixes(data))
    if latest:
        last: dict[str, int] = {}
        for i, (f, _, _) in enumerate(items):
            if f.ident not in last or f.time >= items[last[f.ident]][0].time:
                last[f.ident] = i
        items = [items[i] for i in sorted(last.values())]
    eds = choice.editions([f.time for f, _, _ in items], [f.lat for f, _, _ in items], [f.lon for f, _, _ in items])
    return [(*map_fix(f, st, code, ed, how), code) for (f, st, code), (ed, how) in zip(items, eds)], data


def ais_json(path: Any, *, edition: str | None = None, waters: str | None = None, region: Any = None,
             time: Any = None) -> dict[str, Any]:
    """Per vessel: her latest fix, every candidate reading with its basis and assumptions and the lights it must
    show; with the file's counts (read, used, bad by reason)."""
    from .report import fix_json
    mapped, data = ais_fixes(path, edition=edition, waters=waters, region=region, time=time, latest=True)
    return {"file": str(path), "counts": data.counts(),
            "vessels": [fix_json(f, lits, data.statics.get(f.ident), code) for f, lits, code in mapped]}


def ais_batch(input_path: str, output_path: str, *, scheduler: str | None = None, workers: int | None = None,
              edition: str | None = None, waters: str | None = None, region: Any = None,
              progress: bool = True) -> dict[str, Any]:
    """The mapping over a dataset (partitioned Parquet or CSV) on Dask, written as Parquet; a summary."""
    from .batch import run
    return run(input_path, output_path, ais_choice(edition, waters, region), scheduler=scheduler, workers=workers,
               progress=progress)

# --- scenes and encounters (traffic/geo.py, traffic/scene.py, traffic/encounter.py) ---
