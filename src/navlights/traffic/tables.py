"""AIS tables (CSV, Parquet): columns matched by name, values typed column by column in pandas.

The same typing as the NMEA reader (:mod:`navlights.traffic.ais`): "not available" codes become None, values out of
range are refused (the row, for time and position) or dropped with a note (speed, course, heading); each row that
cannot be a report is counted by reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .aisvalues import AisData, AisInputError, Report, Static, _finite, _text, dimensions, ship_type, sizes
from ..errors import excerpt

#: Column names read from a table, lower case, to our field: the US MarineCadastre / NOAA AIS export
#: (MMSI, BaseDateTime, LAT, LON, SOG, COG, Heading, VesselName, IMO, CallSign, VesselType, Status, Length,
#: Width, Draft, Cargo, TransceiverClass) and a generic set (docs/traffic.md, "AIS").
COLUMNS = {
    "mmsi": "mmsi", "basedatetime": "time", "time": "time", "timestamp": "time", "datetime": "time",
    "lat": "lat", "latitude": "lat", "lon": "lon", "longitude": "lon",
    "sog": "sog", "speed": "sog", "cog": "cog", "course": "cog", "heading": "heading",
    "status": "status", "nav_status": "status", "navstatus": "status",
    "vesseltype": "ship_type", "ship_type": "ship_type", "shiptype": "ship_type",
    "length": "length", "width": "breadth", "breadth": "breadth", "beam": "breadth",
    "to_bow": "to_bow", "to_stern": "to_stern", "to_port": "to_port", "to_starboard": "to_starboard",
    "draft": "draught", "draught": "draught", "vesselname": "name", "name": "name", "shipname": "name",
    "callsign": "callsign", "imo": "imo",
}
REQUIRED = ("mmsi", "time", "lat", "lon")
STATIC_FIELDS = ("ship_type", "length", "breadth", "to_bow", "to_stern", "to_port", "to_starboard",
                 "draught", "name", "callsign", "imo")


def normalise_columns(columns: Iterable[str], where: str) -> dict[str, str]:
    """The table's columns renamed to ours; an :class:`AisInputError` naming what is missing."""
    rename: dict[str, str] = {}
    for c in columns:
        ours = COLUMNS.get(str(c).strip().lower())
        if ours and ours not in rename.values():
            rename[c] = ours
    missing = [r for r in REQUIRED if r not in rename.values()]
    if missing:
        raise AisInputError(f"{where}: no column for {', '.join(missing)}; allowed names: "
                            f"{', '.join(k for k, v in COLUMNS.items() if v in missing)}", field="columns",
                            value=list(columns), allowed="MarineCadastre or generic AIS columns (docs/traffic.md)")
    return rename


def extra_install(extra: str, packages: tuple[str, ...]) -> str:
    """The pip command that installs what an extra adds, with the pins this install of navlights was built with (read
    from its metadata, so it works for a wheel file or a checkout alike, where ``navlights[extra]`` from an index
    would not): ``pip install 'pandas==2.3.3' 'pyarrow==22.0.0'``; the packages unpinned if the metadata is missing."""
    from importlib import metadata
    try:
        reqs = metadata.requires("navlights") or []
    except metadata.PackageNotFoundError:
        reqs = []
    pins = {}
    for r in reqs:
        spec, _, marker = r.partition(";")
        name = re.split(r"[=<>!~\[ ]", spec.strip(), maxsplit=1)[0].lower()
        if name in packages and f'extra == "{extra}"' in marker.replace("'", '"'):
            pins[name] = re.sub(r"\[.*?\]", "", spec.strip()).replace(" ", "")
    return "pip install " + " ".join(f"'{pins.get(n, n)}'" for n in packages)


def _pandas(p: Path, parquet: bool) -> Any:
    """pandas, imported; without the ``traffic`` extra, one line saying so (an installed wheel has NMEA alone)."""
    try:
        import pandas as pd
    except ImportError:
        kind = "Parquet" if parquet else "CSV"
        raise AisInputError(f"file: '{p}' is a {kind} table, which needs navlights[traffic], the traffic extra: "
                            f"{extra_install('traffic', ('pandas', 'pyarrow'))}; allowed without it: NMEA "
                            "AIVDM/AIVDO text",
                            field="file", value=str(p), allowed="NMEA AIVDM/AIVDO text") from None
    return pd


#: The widest CSV table read: its header at most this many columns (an AIS table has a few dozen), and no line
#: longer than this many bytes (a row is a few hundred). Checked on the header before pandas reads anything; a
#: longer data line is refused by pandas' own count of its fields against the header.
MAX_CSV_COLUMNS = 256
MAX_CSV_LINE_BYTES = 64 * 1024


def check_csv_header(p: Path) -> None:
    """Refuse, before the work, a CSV table whose header line is over :data:`MAX_CSV_LINE_BYTES` or has more than
    :data:`MAX_CSV_COLUMNS` columns (one line naming the file and the bound)."""
    try:
        with p.open("rb") as fh:
            line = fh.readline(MAX_CSV_LINE_BYTES + 1)
    except OSError as e:
        raise unreadable_table(p, e, False) from None
    problem = None
    if len(line) > MAX_CSV_LINE_BYTES:
        problem = f"has a header line over {MAX_CSV_LINE_BYTES // 1024} KiB"
    else:
        n = line.count(b",") + 1           # a comma inside a quoted name counts too: a bound, not a parse
        if n > MAX_CSV_COLUMNS:
            problem = f"has {n} columns in its header"
    if problem:
        allowed = f"a CSV table of at most {MAX_CSV_COLUMNS} columns, lines of at most {MAX_CSV_LINE_BYTES // 1024} KiB"
        raise AisInputError(f"file: '{p}' {problem}; allowed: {allowed}", field="file", value=str(p), allowed=allowed)


def read_table(path: str | Path) -> AisData:
    """A CSV or Parquet AIS table (by its suffix) read into reports and static data. Tables need the ``traffic``
    extra (pandas; pyarrow for Parquet): without it, one line saying so (an installed wheel has NMEA alone)."""
    p = Path(path)
    parquet = p.suffix.lower() in (".parquet", ".pq")
    pd = _pandas(p, parquet)
    if not parquet:
        check_csv_header(p)
    try:
        frame = pd.read_parquet(p) if parquet else pd.read_csv(p, dtype=str, keep_default_na=False)
    except Exception as e:         # pandas' and pyarrow's many errors on a file that is not what it says
        raise unreadable_table(p, e, parquet) from None
    return read_frame(frame, source="parquet" if parquet else "csv", where=str(p))


def iter_table(path: str | Path, data: AisData, chunk_rows: int = 50_000) -> Iterator[Report]:
    """A CSV or Parquet AIS table read ``chunk_rows`` rows at a time (pandas' CSV chunks, pyarrow's record batches):
    each chunk's static data merged into ``data.statics`` and its counts added before its reports are yielded, so
    that memory holds one chunk, never the file."""
    p = Path(path)
    parquet = p.suffix.lower() in (".parquet", ".pq")
    pd = _pandas(p, parquet)
    if not parquet:
        check_csv_header(p)
    try:
        if parquet:
            import pyarrow.parquet as pq
            chunks: Iterable[Any] = (b.to_pandas() for b in pq.ParquetFile(p).iter_batches(batch_size=chunk_rows))
        else:
            chunks = pd.read_csv(p, dtype=str, keep_default_na=False, chunksize=chunk_rows)
        it = iter(chunks)
        first = next(it, None)
    except Exception as e:         # pandas' and pyarrow's many errors on a file that is not what it says
        raise unreadable_table(p, e, parquet) from None
    source = "parquet" if parquet else "csv"
    if first is None:             # a header and no rows: the columns are still checked
        frame = pd.read_parquet(p) if parquet else pd.read_csv(p, dtype=str, keep_default_na=False, nrows=0)
        normalise_columns(frame.columns, str(p))
        return
    frame = first
    while frame is not None:
        part = read_frame(frame, source=source, where=str(p))
        for mmsi, st in part.statics.items():
            data.add_static(mmsi, st)
        data.bad.update(part.bad)
        data.read += part.read
        data.positions += len(part.reports)
        yield from part.reports
        try:
            frame = next(it, None)
        except Exception as e:
            raise unreadable_table(p, e, parquet) from None


def unreadable_table(p: Path | str, e: BaseException, parquet: bool) -> AisInputError:
    """One line naming a table file and why it cannot be read (not UTF-8, not CSV, not Parquet, no permission)."""
    if isinstance(e, UnicodeDecodeError):
        problem = f"is not UTF-8 text (byte {e.start}; a binary file?)"
    elif isinstance(e, OSError) and e.strerror:
        problem = f"cannot be read: {e.strerror}"
    else:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        first = first if len(first) <= 120 else first[:120] + "…"
        problem = f"cannot be read as {'Parquet' if parquet else 'CSV'} ({first})"
    kind = "a Parquet file" if parquet else "a CSV file with a header row"
    return AisInputError(f"file: '{p}' {problem}; allowed: {kind}", field="file", value=str(p), allowed=kind)


def frame_statics(frame: Any) -> dict[str, Static]:
    """Static data by MMSI from a table already renamed to our columns: for each field, the last value given (an
    empty cell gives nothing), typed once per MMSI."""
    import pandas as pd
    cols = [c for c in STATIC_FIELDS if c in frame.columns]
    if not cols or not len(frame):
        return {}
    given = frame[cols].apply(lambda c: c.mask(c.astype(str).str.strip() == "")
                              if c.dtype == object or pd.api.types.is_string_dtype(c) else c)
    keep = given.notna().any(axis=1)
    mmsi = pd.to_numeric(frame["mmsi"], errors="coerce")
    keep &= (mmsi > 0) & (mmsi < 1e9) & (mmsi == mmsi.round())
    if not keep.any():
        return {}
    part = given[keep].assign(mmsi=mmsi[keep].astype("int64").astype(str))
    last = part.groupby("mmsi", sort=False)[cols].last()
    last = last.astype(object).where(last.notna(), None)
    out: dict[str, Static] = {}
    for key, row in zip(last.index, last.itertuples(index=False)):
        st = _row_static(row._asdict())
        if st != Static():
            out[key] = st
    return out


def _row_static(row: Mapping[str, Any]) -> Static:
    if "length" in row or "breadth" in row:
        length, breadth, notes = sizes(row.get("length"), row.get("breadth"))
    else:
        length, breadth, notes = dimensions(row.get("to_bow"), row.get("to_stern"), row.get("to_port"),
                                            row.get("to_starboard"))
    imo = _finite(str(row.get("imo") or "").upper().removeprefix("IMO"))
    return Static(ship_type=ship_type(row.get("ship_type")), length_m=length, breadth_m=breadth,
                  draught_m=_finite(row.get("draught")) or None, name=_text(_str(row.get("name"))),
                  callsign=_text(_str(row.get("callsign"))), imo=int(imo) if imo else None, notes=notes)


def _str(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def _mmsi(v: Any) -> str | None:
    m = _finite(v)
    return str(int(m)) if m is not None and m == int(m) and 0 < m < 1_000_000_000 else None




def read_frame(frame: Any, *, source: str = "table", where: str = "table") -> AisData:
    """A pandas DataFrame of AIS rows (any of :data:`COLUMNS`) into reports and static data, typed column by
    column."""
    frame = frame.rename(columns=normalise_columns(frame.columns, where))
    frame = frame.loc[:, ~frame.columns.duplicated()].reset_index(drop=True)
    data = AisData(statics=frame_statics(frame), read=len(frame))
    if not len(frame):
        return data
    cols = _typed(frame)
    bad = cols.pop("bad")
    for reason in _REASONS:
        n = int((bad == reason).sum())
        if n:
            data.bad[reason] += n
    ok = (bad == "").to_numpy()
    notes = cols.pop("notes")
    lists = [cols[k][ok].tolist() for k in ("mmsi", "time", "lat", "lon", "sog", "cog", "heading", "status")]
    note_list = notes[ok].tolist()
    data.reports = [Report(m, t, la, lo, s, c, h, st, source, n)
                    for m, t, la, lo, s, c, h, st, n in zip(*lists, note_list)]
    data.positions = len(data.reports)
    return data


_REASONS = ("mmsi: not a number from 1 to 999999999", "time: not a date-time (ISO 8601 or Unix seconds)",
            "position not available", "position out of range")


def _num(frame: Any, col: str) -> Any:
    import pandas as pd
    if col not in frame.columns:
        return pd.Series(float("nan"), index=frame.index)
    return pd.to_numeric(frame[col], errors="coerce").astype("float64")


#: The last second datetime64[ns] holds (2262-04-11): a Unix time past it is refused as missing.
_MAX_UNIX_S = 9_223_372_036


def _times(col: Any) -> Any:
    """UTC timestamps from datetimes, ISO 8601 text (naive: UTC) or Unix seconds (milliseconds over 1e11)."""
    import pandas as pd
    if pd.api.types.is_datetime64_any_dtype(col):
        return col.dt.tz_localize("UTC") if col.dt.tz is None else col.dt.tz_convert("UTC")
    text = col.astype(str).str.strip()
    num = pd.to_numeric(text.where(text.str.fullmatch(r"\d{9,13}(\.\d+)?")), errors="coerce")
    secs = num.where(num <= 1e11, num / 1000)
    out = pd.to_datetime(text.where(num.isna()), format="ISO8601", utc=True, errors="coerce")
    # Only the rows that hold a number within datetime64[ns] (to 2262) go through the conversion by unit: a column
    # of NaN there ran pandas' cast under np.errstate(over="raise") and failed now and then inside Dask workers
    # (issue 23, item 6), and a number past 2262 raised OutOfBoundsDatetime; such a time is refused as missing.
    ok = secs.notna() & (secs < _MAX_UNIX_S)
    if ok.any():
        out = out.where(~ok, pd.to_datetime(secs[ok], unit="s", utc=True).reindex(out.index))
    return out


def _typed(frame: Any) -> dict[str, Any]:
    """Each column typed, with the reason a row is refused ("" where it is not) and each row's notes."""
    import numpy as np
    import pandas as pd
    n = len(frame)
    mmsi = _num(frame, "mmsi")
    good_mmsi = (mmsi > 0) & (mmsi < 1e9) & (mmsi == mmsi.round())
    times = _times(frame["time"])
    lat, lon = _num(frame, "lat"), _num(frame, "lon")
    na_pos = lat.isna() | lon.isna() | (lat == 91) | (lon == 181)
    out_pos = ~na_pos & ((lat.abs() > 90) | (lon.abs() > 180))
    bad = np.select([~good_mmsi, times.isna(), na_pos, out_pos], list(_REASONS), default="")
    sog, cog, hdg = _num(frame, "sog"), _num(frame, "cog"), _num(frame, "heading")
    bad_sog = (sog < 0) | (sog > 102.3)
    bad_cog = (cog < 0) | (cog > 360)
    bad_hdg = ((hdg < 0) | (hdg >= 360)) & (hdg != 511)
    status = _num(frame, "status")
    good_status = (status >= 0) & (status <= 15) & (status == status.round())
    raw_status = frame["status"].astype(str).str.strip() if "status" in frame.columns else pd.Series("", index=frame.index)
    text_status = status.isna() & (raw_status != "") & (raw_status.str.lower() != "nan")
    notes = [()] * n
    for mask, words in ((bad_sog, lambda i: f"speed {sog[i]:g} kn refused (allowed: 0 to 102.3)"),
                        (bad_cog, lambda i: f"course {cog[i]:g}° refused (allowed: 0 to 359.9)"),
                        (bad_hdg, lambda i: f"heading {hdg[i]:g}° refused (allowed: 0 to 359, 511 not available)"),
                        (text_status, lambda i: f"status {excerpt(raw_status[i])} is not a code 0-15; taken as not given")):
        for i in np.flatnonzero(mask.to_numpy()):
            notes[i] = notes[i] + (words(i),)
    def opt(s: Any, drop: Any) -> Any:
        return s.astype(object).where(~(drop | s.isna()), None)
    return {"bad": pd.Series(bad, index=frame.index), "notes": pd.Series(notes, index=frame.index, dtype=object),
            "mmsi": mmsi.fillna(0).astype("int64").astype(str), "time": _python_times(times),
            "lat": lat, "lon": lon, "sog": opt(sog, bad_sog | (sog == 102.3)),
            "cog": opt(cog, bad_cog | (cog == 360)), "heading": opt(hdg, bad_hdg | (hdg == 511)),
            "status": pd.Series([int(x) if x == x else None for x in status.where(good_status).tolist()],
                                index=frame.index, dtype=object)}


def _python_times(times: Any) -> Any:
    """Timestamps as Python datetimes (UTC), None where missing."""
    import datetime as dt

    import pandas as pd
    utc = dt.timezone.utc
    return pd.Series([None if t is pd.NaT else t.to_pydatetime().replace(tzinfo=utc) for t in times],
                     index=times.index, dtype=object)
