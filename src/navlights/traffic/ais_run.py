"""`navlights ais` as a stream: the file read in chunks (:func:`navlights.traffic.ais.stream`), each MMSI's static
data joined as it arrives, and the output written as it goes; memory holds the static data and the latest report
of each vessel, the counters and a chunk, never the file (issue 24, item 1).

Two outputs: per vessel her latest fix (:func:`latest_json`: the human text and ``--json``, from the counters and
the latest reports), or every position report as one JSON line written as it is read (:func:`write_lines`,
``--jsonl``: each line joined to the static data known when it is read). Each candidate list is turned into JSON
once per (status, ship type, dimensions, motion, edition) and reused (:func:`_candidates_json`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from .aisvalues import AisData, Report
from .mapping import Choice, Lit, is_moving, lit, length_system, map_fix
from .report import candidate_json, fix_json


def _open(path: Any, choice: Choice, time: Any) -> tuple[AisData, Iterator[Report]]:
    """The file as a stream; with the edition named and no --time, NMEA without times is still read (time then
    decides nothing: not the edition, and not day or night, which ``ais`` does not judge)."""
    from .api import read_ais_stream
    return read_ais_stream(path, time=time, timeless=bool(choice.edition) and time is None)


def latest(path: Any, choice: Choice, time: Any = None) -> tuple[AisData, dict[str, Report]]:
    """Each vessel's latest position report (the later of two of one time; the last read where times are absent)."""
    data, reports = _open(path, choice, time)
    last: dict[str, Report] = {}
    for r in reports:
        old = last.get(r.mmsi)
        if old is None or r.time is None or old.time is None or r.time >= old.time:
            last[r.mmsi] = r
    return data, last


def latest_json(path: Any, choice: Choice, time: Any = None) -> dict[str, Any]:
    """Per vessel her latest fix with every candidate and its lights (the shape of ``ais --json``)."""
    from .ais import fix_of
    data, last = latest(path, choice, time)
    reps = list(last.values())
    eds = choice.editions([r.time for r in reps], [r.lat for r in reps], [r.lon for r in reps])
    vessels = []
    for r, (ed, how) in zip(reps, eds):
        st = data.statics.get(r.mmsi)
        fix, lits = map_fix(fix_of(r, st), st, r.status, ed, how)
        vessels.append(fix_json(fix, lits, st, r.status))
    return {"file": str(path), "counts": data.counts(), "vessels": vessels}


_CANDS: dict[tuple[Any, ...], str] = {}


def _candidates_json(lits: tuple[Lit, ...], edition: str | None) -> str:
    """The candidates' JSON text, made once per candidate list (``lit`` returns the same tuple for the same key)."""
    key = (id(lits), edition)
    got = _CANDS.get(key)
    if got is None:
        if len(_CANDS) > 4096:
            _CANDS.clear()
        got = _CANDS[key] = json.dumps([candidate_json(x, length_system(edition)) for x in lits],
                                       ensure_ascii=False)
    return got


def write_lines(path: Any, choice: Choice, write: Callable[[str], Any], time: Any = None,
                chunk: int = 2048) -> AisData:
    """Every position report as one JSON line (the fields of ``ais --json``'s vessels), written as read; the
    counters after the last."""
    from .ais import fix_of
    data, reports = _open(path, choice, time)
    buf: list[Report] = []

    def flush() -> None:
        eds = choice.editions([r.time for r in buf], [r.lat for r in buf], [r.lon for r in buf])
        out = []
        for r, (ed, how) in zip(buf, eds):
            st = data.statics.get(r.mmsi)
            fix = fix_of(r, st)
            if ed is None:
                fix, lits = map_fix(fix, st, r.status, ed, how)
                out.append(json.dumps(fix_json(fix, lits, st, r.status), ensure_ascii=False))
                continue
            lits = lit(r.status, st.ship_type if st else None, st.length_m if st else None,
                       st.breadth_m if st else None, is_moving(r.speed_kn), ed)
            head = fix_json(fix, (), st, r.status)
            head |= {"edition": ed, "certain": len(lits) == 1 and lits[0].display is not None,
                     "notes": list(fix.notes) + (["status 14: an AIS-SART, MOB or EPIRB beacon, not a vessel: no "
                                                  "lights"] if r.status == 14 else [])}
            head.pop("candidates")
            text = json.dumps(head, ensure_ascii=False)
            out.append(text[:-1] + ', "candidates": ' + _candidates_json(lits, ed) + "}")
        write("\n".join(out) + "\n")
        buf.clear()

    for r in reports:
        buf.append(r)
        if len(buf) >= chunk:
            flush()
    if buf:
        flush()
    return data
