"""The AIS mapping over a whole dataset: rows out per position report, in one process or on Dask.

Both paths share :func:`rows` (reports -> output rows), so they give the same rows: :func:`map_table` runs it on
one pandas DataFrame; :func:`run` runs it on every partition of a Dask DataFrame read from partitioned Parquet or
CSV, on a ``LocalCluster`` (``workers`` processes) or on any scheduler by address, and writes Parquet.

Static data may sit in another partition than a vessel's position reports (a ship sends message 5 every six
minutes): it is gathered first over the whole dataset (last value given, per MMSI and field) and handed to
every partition.

Output columns (:data:`OUTPUT`): mmsi, time (UTC), lat, lon, edition, lights (the distinct required-light strings
of all candidates, ``||`` between them; :func:`navlights.traffic.mapping.compact`), candidates (how many
readings fit), flags (what AIS left open), notes, schemes (JSON: per candidate, each light with its status,
scheme, group, option and cite; :func:`row_schemes`).
"""

from __future__ import annotations

import glob
import json
import logging
import os
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import NavlightsError
from .ais import AisData, AisInputError, Static
from .tables import frame_statics, normalise_columns, read_frame, unreadable_table
from .lighttable import lights_row as row_lights
from .mapping import MOVING_KN, Choice, _band, candidates, lit, row_flags

CONNECT_TIMEOUT = "10s"
#: How many workers a partition may take down (killed, out of memory) before the run stops: Dask retries it on
#: another worker that many times (``distributed.scheduler.allowed-failures``), then the run fails in one line.
ALLOWED_FAILURES = 2
#: A run with no worker for this long stops with one line (a cluster whose workers keep dying, a scheduler left
#: alone); checked every WATCH_S.
LOST_WORKERS_S = 60.0
WATCH_S = 2.0
#: Closing the cluster after the output is written waits at most this long; past it (a loaded machine), the run
#: is still a success, with a warning.
CLOSE_TIMEOUT_S = 30
log = logging.getLogger("navlights.traffic")


class BatchError(NavlightsError, RuntimeError):
    """A batch run that cannot finish: its workers keep dying, or none is left."""
OUTPUT = ("mmsi", "time", "lat", "lon", "edition", "lights", "candidates", "flags", "notes", "schemes")


_NO_STATIC = ("no static data (message 5 or 24) for this MMSI",)
_NOT_A_VESSEL = "status 14: an AIS-SART, MOB or EPIRB beacon, not a vessel: no lights"


def rows(data: AisData, choice: Choice) -> list[dict[str, Any]]:
    """One output row per position report, in input order. The lights come from
    :func:`~navlights.traffic.lighttable.lights_row` (remembered per status, ship type, length band, motion and
    edition), the notes and flags from the report and her static data."""
    reps = data.reports
    eds = choice.editions([r.time for r in reps], [r.lat for r in reps], [r.lon for r in reps])
    out = []
    statics = data.statics
    for r, (edition, how) in zip(reps, eds):
        st = statics.get(r.mmsi)
        ship, length, breadth = (st.ship_type, st.length_m, st.breadth_m) if st else (None, None, None)
        moving = None if r.speed_kn is None else r.speed_kn >= MOVING_KN
        notes = r.notes + (st.notes if st else _NO_STATIC)
        if edition is None:
            lights, count, undecided = "?", len(candidates(r.status, ship, length, breadth, moving)), True
            notes += (f"no edition: {how}",)
        else:
            lights, count, undecided = row_lights(r.status, ship, length, breadth, moving, edition)
            if r.status == 14:
                notes += (_NOT_A_VESSEL,)
        out.append({"mmsi": r.mmsi, "time": r.time, "lat": r.lat, "lon": r.lon, "edition": edition or "",
                    "lights": lights, "candidates": count,
                    "flags": row_flags(st is None, st is not None and length is None, r.status, edition is None,
                                       count, undecided, r.heading_deg is None),
                    "notes": "; ".join(notes) if notes else "",
                    "schemes": "" if edition is None else row_schemes(r.status, ship, length, breadth, moving,
                                                                        edition)})
    return out


@lru_cache(maxsize=65536)
def row_schemes(code: int | None, ship: int | None, length_m: float | None, breadth_m: float | None,
                moving: bool | None, edition: str) -> str:
    """The ``schemes`` column: JSON, one entry per candidate reading, each light it names with its status,
    scheme, group, option and cite, so that lights shown *instead of* others (Rule 25(b)'s tricolour for a
    sailing vessel's sidelights and sternlight; Rule 23(d)'s all-round white) are never read as all required
    together; an undecided candidate gives ``{"undecided": why}``. Remembered per key, banded as
    :func:`~navlights.traffic.mapping.row_lights` is."""
    length = _band(edition, "length", length_m)
    breadth = _band(edition, "breadth", breadth_m)
    if length is not None and breadth is not None:
        breadth = min(breadth, length)
    return _schemes_json(code, ship, length, breadth, moving, edition)


@lru_cache(maxsize=16384)
def _schemes_json(code: int | None, ship: int | None, length: float | None, breadth: float | None,
                  moving: bool | None, edition: str) -> str:
    """:func:`row_schemes` per banded key (the text made once per band, not per length)."""
    out: list[dict[str, Any]] = []
    for x in lit(code, ship, length, breadth, moving, edition):
        if x.display is None:
            out.append({"undecided": x.why})
            continue
        out.append({"lights": [{"role": i.role, "colour": i.colour, "status": i.status, "scheme": i.scheme,
                                "group": i.group, "option": i.option, "cite": str(i.citation)}
                               for i in x.display.lights]})
    return json.dumps(out, separators=(",", ":"))


def _frame(records: list[dict[str, Any]]) -> Any:
    import pandas as pd
    frame = pd.DataFrame.from_records(records, columns=list(OUTPUT))
    frame["time"] = pd.to_datetime(frame["time"], utc=True)
    return frame.astype({"mmsi": "string", "edition": "string", "lights": "string", "flags": "string",
                         "notes": "string", "candidates": "int64", "lat": "float64", "lon": "float64",
                         "schemes": "string"})


def map_table(frame: Any, choice: Choice, statics: dict[str, Static] | None = None) -> Any:
    """The single-process path: a DataFrame of AIS rows (any of the reader's columns) to output rows."""
    data = read_frame(frame, where="table")
    if statics is not None:
        data.statics = statics
    return _frame(rows(data, choice))


def _partition(frame: Any, choice: Choice, statics: dict[str, Static]) -> Any:
    return map_table(frame, choice, statics)


def _inputs(path: str) -> tuple[list[str], str]:
    """The files of a dataset (a file, a directory of partitions, or a glob) and their kind."""
    p = Path(path)
    if p.is_dir():
        files = sorted(str(f) for f in p.rglob("*") if f.is_file() and f.suffix.lower() in (".parquet", ".pq", ".csv"))
    else:
        files = sorted(glob.glob(path)) if any(ch in path for ch in "*?[") else ([path] if p.is_file() else [])
    if not files:
        raise AisInputError(f"input: {path!r} holds no .parquet or .csv file", field="input", value=path,
                            allowed="a Parquet or CSV file, a directory of them, or a glob")
    kinds = {"csv" if f.lower().endswith(".csv") else "parquet" for f in files}
    if len(kinds) > 1:
        raise AisInputError(f"input: {path!r} mixes CSV and Parquet files; give one kind", field="input",
                            value=path, allowed="all .csv or all .parquet")
    return files, kinds.pop()


def read_dataset(path: str, blocksize: str = "64MB") -> Any:
    """A Dask DataFrame of the dataset's rows, columns renamed to the reader's (CSV read as text)."""
    import dask.dataframe as dd
    files, kind = _inputs(path)
    for f in files:
        if os.path.getsize(f) == 0:
            raise AisInputError(f"input: '{f}' is empty; allowed: a Parquet or CSV file with rows", field="input",
                                value=f, allowed="a Parquet or CSV file with rows")
    try:
        if kind == "csv":
            ddf = dd.read_csv(files, dtype=str, keep_default_na=False, blocksize=blocksize)
        else:
            ddf = dd.read_parquet(files)
    except Exception as e:      # dask, pandas and pyarrow raise many kinds on a file that is not what it says
        raise _unreadable(files, path, e, kind) from None
    ddf = ddf.rename(columns=normalise_columns(list(ddf.columns), path))
    return ddf.loc[:, [c for c in dict.fromkeys(ddf.columns)]]


def _unreadable(files: list[str], path: str, e: BaseException, kind: str) -> AisInputError:
    """One line naming the input (its one file, or the dataset) and why it cannot be read."""
    err = unreadable_table(files[0] if len(files) == 1 else path, e, kind == "parquet")
    return AisInputError(str(err).replace("file: ", "input: ", 1), field="input", value=err.value,
                         allowed=err.allowed)


#: What reading a table raises where a file is not what it says (found only when a block is read, on a worker).
def _table_errors() -> tuple[type[BaseException], ...]:
    import pandas as pd
    import pyarrow as pa
    return (UnicodeDecodeError, pd.errors.ParserError, pd.errors.EmptyDataError, pa.lib.ArrowException)


def _statics(ddf: Any) -> dict[str, Static]:
    """Static data by MMSI over the whole dataset: each partition's, then merged in partition order."""
    import dask
    parts = dask.compute(*[dask.delayed(frame_statics)(p) for p in ddf.to_delayed()])
    merged = AisData()
    for part in parts:
        for mmsi, st in part.items():
            merged.add_static(mmsi, st)
    return merged.statics


def _client(scheduler: str | None, workers: int | None) -> tuple[Any, Any]:
    from distributed import Client, LocalCluster
    if scheduler:
        try:
            return Client(scheduler, timeout=CONNECT_TIMEOUT), None
        except (OSError, ValueError, TypeError) as e:
            raise AisInputError(f"scheduler: cannot reach {scheduler!r} ({e}); allowed: the address of a running "
                                "Dask scheduler, e.g. tcp://10.0.0.5:8786", field="scheduler", value=scheduler,
                                allowed="tcp://HOST:PORT") from None
    n = workers or max(1, min(4, os.cpu_count() or 1))
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
    return Client(cluster), cluster


def run(input_path: str, output_path: str, choice: Choice, *, scheduler: str | None = None,
        workers: int | None = None, progress: bool = True, blocksize: str = "64MB") -> dict[str, Any]:
    """Map a dataset to output rows on Dask and write them as Parquet under ``output_path``; a summary. An input
    file that cannot be read as its kind is one :class:`AisInputError` naming it."""
    if workers is not None and not 1 <= workers <= 256:
        raise AisInputError(f"workers: {workers} is out of range; allowed: 1 to 256", field="workers",
                            value=workers, allowed="1 to 256")
    t0 = time.perf_counter()
    out_dir = Path(output_path)
    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        raise AisInputError(f"output: {output_path!r} exists and is not an empty directory; allowed: a new or empty "
                            "directory", field="output", value=output_path, allowed="a new or empty directory")
    ddf = read_dataset(input_path, blocksize)
    files, kind = _inputs(input_path)
    import dask
    from distributed import KilledWorker
    with dask.config.set({"distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
        client, cluster = _client(scheduler, workers)
        try:
            return _run(ddf, output_path, choice, client, progress, input_path, t0)
        except _table_errors() as e:
            raise _unreadable(files, input_path, e, kind) from None
        except KilledWorker as e:
            where = getattr(e.last_worker, "address", e.last_worker) if len(e.args) > 1 else "?"
            raise BatchError(f"batch: a partition took down {ALLOWED_FAILURES + 1} workers in turn (killed or out of "
                             f"memory; the last {str(where)[:60]}); the run cannot finish; allowed: workers that stay "
                             "up (more memory, fewer rows a partition)", field="batch") from None
        finally:
            _close(client, cluster)


def _close(client: Any, cluster: Any) -> None:
    """Close the client and the local cluster; never fail a run over it (a loaded machine may not close in time:
    the output is written by then)."""
    for what, closing in (("client", lambda: client.close(timeout=CLOSE_TIMEOUT_S)),
                          ("cluster", lambda: cluster.close(timeout=CLOSE_TIMEOUT_S) if cluster is not None else None)):
        try:
            closing()
        except Exception as e:       # TimeoutError, a comm closed: the run's answer stands
            log.warning("ais-batch: closing the Dask %s failed (%s: %s); the output is complete", what,
                        type(e).__name__, e)


def _watch(future: Any, client: Any, progress: bool) -> None:
    """Wait for ``future``; every WATCH_S, a line of progress on stderr (tasks done of all) and a look at the
    workers: none for LOST_WORKERS_S stops the run with :class:`BatchError` (before, such a run waited for ever)."""
    from distributed import wait
    lost_since: float | None = None
    while True:
        try:
            wait(future, timeout=WATCH_S)
            break
        except TimeoutError:
            pass
        now = time.monotonic()
        try:
            n = len(client.scheduler_info().get("workers", {}))
        except Exception:              # the scheduler itself gone: as if no worker were left
            n = 0
        if n == 0:
            lost_since = lost_since or now
            if now - lost_since >= LOST_WORKERS_S:
                future.cancel()
                raise BatchError(f"batch: no Dask worker for {LOST_WORKERS_S:g} s (they died and were not "
                                 "replaced); the run cannot finish; allowed: a cluster whose workers stay up",
                                 field="batch")
        else:
            lost_since = None
        if progress:
            try:
                done, total = client.run_on_scheduler(_task_counts)
                sys.stderr.write(f"\rais-batch: {done}/{total} tasks, {n} worker(s)   ")
                sys.stderr.flush()
            except Exception:           # progress is a courtesy
                pass
    if progress:
        sys.stderr.write("\n")


def _task_counts(dask_scheduler: Any) -> tuple[int, int]:
    """(tasks done, tasks known) on the scheduler."""
    tasks = dask_scheduler.tasks
    return sum(1 for t in tasks.values() if t.state in ("memory", "released", "forgotten")), len(tasks)


def _run(ddf: Any, output_path: str, choice: Choice, client: Any, progress: bool, input_path: str,
         t0: float) -> dict[str, Any]:
    """:func:`run` once the dataset is open and the cluster up (it closes them)."""
    import pandas as pd
    t1 = time.perf_counter()
    statics = _statics(ddf)
    t2 = time.perf_counter()
    cpu0 = client.run(time.process_time)
    meta = _frame([])
    out = ddf.map_partitions(_partition, choice, statics, meta=meta)
    task = out.to_parquet(output_path, write_index=False, compute=False)
    future = client.compute(task)
    _watch(future, client, progress)        # progress on stderr, so that stdout stays the summary (or its JSON)
    future.result()
    t3 = time.perf_counter()
    cpu1 = client.run(time.process_time)
    rows_n = several = undecided = 0
    for f in sorted(Path(output_path).glob("*.parquet")):   # a file at a time: memory bounded by a partition
        written = pd.read_parquet(f, columns=["candidates", "flags"])
        rows_n += len(written)
        several += int((written["candidates"] > 1).sum())
        undecided += int(written["flags"].str.contains("undecided").sum())
    return {"input": input_path, "output": output_path, "rows": rows_n,
            "partitions": int(ddf.npartitions), "vessels_with_static": len(statics),
            "several_candidates": several, "undecided": undecided,
            "seconds": {"start": round(t1 - t0, 2), "static": round(t2 - t1, 2), "map": round(t3 - t2, 2)},
            "workers_cpu_s": sorted(round(cpu1[w] - cpu0.get(w, 0.0), 2) for w in cpu1)}
