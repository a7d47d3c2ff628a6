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

from .aisvalues import AisData, Report, Static
from .mapping import Choice, Lit, candidates, is_moving, length_system, lit, map_fix
from .report import candidate_json, fix_json


def _open(path: Any, choice: Choice, time: Any) -> tuple[AisData, Iterator[Report]]:
    """The file as a stream; with the edition named and no --time, NMEA without times is still read (time then
    decides nothing: not the edition, and not day or night, which ``ais`` does not judge)."""
    from .ais import open_stream
    return open_stream(path, time, timeless=bool(choice.edition) and time is None)


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


#: The candidates' JSON texts kept, by candidate list, up to this many characters in all (then forgotten at once): a
#: status 3 vessel's 90 readings make some 100 kB, and memory must not grow with the fleet either.
MAX_KEPT_CHARS = 8_000_000
_CANDS: dict[tuple[Any, ...], tuple[tuple[Lit, ...], str]] = {}
_KEPT = [0]


def _candidates_json(lits: tuple[Lit, ...], edition: str | None) -> str:
    """The candidates' JSON text, made once per candidate list (``lit`` returns the same tuple for the same key;
    the tuple is kept beside its text, so that its id is not reused while the text is)."""
    key = (id(lits), edition)
    got = _CANDS.get(key)
    if got is None:
        text = json.dumps([candidate_json(x, length_system(edition)) for x in lits], ensure_ascii=False)
        if _KEPT[0] + len(text) > MAX_KEPT_CHARS:
            _CANDS.clear()
            _KEPT[0] = 0
        got = _CANDS[key] = (lits, text)
        _KEPT[0] += len(text)
    return got[1]


def _lits(code: int | None, st: Static | None, moving: bool | None, edition: str) -> tuple[Lit, ...]:
    """Her candidates (her own length and breadth) with the displays of her length and breadth band: every condition
    of an edition compares a length with its thresholds only, so the band's display is hers, and the engine runs
    once per band, not once per length a fleet reports. Where the two lists do not pair (a band opens candidates of
    its own), her own are worked out."""
    if st is None:
        return lit(code, None, None, None, moving, edition)
    if st.length_m is None and st.breadth_m is None:
        return lit(code, st.ship_type, None, None, moving, edition)
    from .lighttable import table
    _, _, length, breadth, _ = table(edition).key(code, None, st.length_m, st.breadth_m, moving)
    banded = lit(code, st.ship_type, length, breadth, moving, edition)
    own = candidates(code, st.ship_type, st.length_m, st.breadth_m, moving)
    if len(own) != len(banded) or any(b.candidate.assumptions != c.assumptions for b, c in zip(banded, own)):
        return lit(code, st.ship_type, st.length_m, st.breadth_m, moving, edition)
    key = (id(own), id(banded))
    got = _PAIRED.get(key)
    if got is None or got[0] is not own or got[1] is not banded:
        if len(_PAIRED) > 4096:
            _PAIRED.clear()
        got = _PAIRED[key] = (own, banded, tuple(Lit(c, b.display, b.why) for c, b in zip(own, banded)))
    return got[2]


_PAIRED: dict[tuple[int, int], tuple[Any, Any, tuple[Lit, ...]]] = {}


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
            lits = _lits(r.status, st, is_moving(r.speed_kn), ed)
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
