"""Reading AIS: NMEA sentences (AIVDM/AIVDO, with or without tag blocks); tabular exports (CSV, Parquet) are read
by :mod:`navlights.traffic.tables` into the same values.

Values are typed here, at the edge: AIS's "not available" codes (heading 511, speed 102.3 kn, course 360,
latitude 91, longitude 181, dimension 0) become None; values out of range are refused with a note. Each
MMSI's static data (message 5, 24 parts A and B, 19) is kept apart and joined to her position reports
(messages 1, 2, 3, 18, 19, 27) by :func:`fixes`. A sentence or row that cannot be read is counted by reason
in :attr:`AisData.bad`, never raised.

pyais is imported inside the functions that decode (the CLI's start stays light); pandas for tables only.

>>> from pyais import encode_dict
>>> lines = encode_dict({"type": 1, "mmsi": 366000001, "status": 7, "lat": 40.5, "lon": -73.9, "heading": 511})
>>> r = read_nmea(lines, default_time="2024-05-01T21:00:00Z").reports[0]
>>> r.mmsi, r.status, r.lat, r.lon, r.heading_deg
('366000001', 7, 40.5, -73.9, None)
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import excerpt
from .aisvalues import (AisData, AisInputError, Report, Static, _finite, _text, course, dimensions, heading, position,
                        ship_type, sizes, speed, status, utc)

if TYPE_CHECKING:
    from .model import Fix

POSITION_TYPES = frozenset({1, 2, 3, 18, 19, 27})
#: The longest line read as NMEA: a sentence is at most 82 characters (IEC 61162-1), a tag block adds some; a longer
#: line is counted as bad, and a file is read at most ``MAX_LINE_BYTES + 2`` bytes a line (:func:`bounded_lines`),
#: so a file with no newline (or one huge line) costs no more memory than a short one.
MAX_LINE_BYTES = 1024
TOO_LONG = f"line over {MAX_LINE_BYTES} bytes (an NMEA sentence is at most 82 characters)"
NO_TIME = "no time (no tag block time, no time before the sentence, no default time)"
_SOURCE = {k: f"msg {k}" for k in POSITION_TYPES}
_STARTS = frozenset(b"!\\$")
#: What may follow a receiver log's time (as :func:`_line_time` reads it): a sentence or its tag block.
_AFTER_TIME = (b"!", b"\\")
STATIC_TYPES = frozenset({5, 19, 24})


# ---------------------------------------------------------------------------------------------
# NMEA


def _line_time(line: bytes) -> tuple[bytes, dt.datetime | None, bool]:
    """The sentence (with its tag block) and a time written before it on the line, if any; False: a prefix
    that is not a time."""
    if line[:1] in (b"!", b"\\", b"$"):
        return line, None, True
    bang, slash = line.find(b"!"), line.find(b"\\")
    cut = bang if slash <= 0 or 0 < bang < slash else slash
    if cut <= 0:
        return line, None, False
    t = _prefix_time(line[:cut])
    return line[cut:], t, t is not None


_UTC = dt.timezone.utc


def _stamped(line: bytes, stamps: dict[bytes, dt.datetime | None]) -> tuple[bytes, dt.datetime | None, bool]:
    """:func:`_line_time` of a line that does not begin with its sentence; the common receiver log's stamp (ten
    digits of Unix seconds and a space) is remembered in ``stamps`` (bounded: cleared past :data:`MAX_IDENTS`), where
    :func:`iter_nmea` finds it for the next lines of that second."""
    sentence, t, ok = _line_time(line)
    if t is not None and line[10:11] == b" " and line[:10].isdigit():
        if len(stamps) >= MAX_IDENTS:
            stamps.clear()
        stamps[line[:10]] = t
    return sentence, t, ok


@lru_cache(maxsize=4096)
def _prefix_time(prefix: bytes) -> dt.datetime | None:
    p = prefix.strip(b" ,;\t")
    if 9 <= len(p) <= 10 and p.isdigit():      # Unix seconds, the common receiver log: no parsing beyond int()
        return dt.datetime.fromtimestamp(int(p), _UTC)
    return utc(p.decode("ascii", "replace"))


def _tag_time(sentence: Any) -> dt.datetime | None:
    tb = sentence.tag_block
    if tb is None:
        return None
    tb.init()
    c = tb.receiver_timestamp
    return utc(c) if c else None


class _Assembler:
    """Multi-part messages put together fragment by fragment; what never completes is counted."""

    def __init__(self, bad: Counter[str]) -> None:
        self.pending: dict[tuple[Any, ...], list[Any]] = {}
        self.bad = bad

    def add(self, msg: Any) -> list[Any] | None:
        if msg.frag_cnt == 1:
            return [msg]
        key = (msg.seq_id, msg.channel, msg.talker_id, msg.type, msg.frag_cnt)
        parts = self.pending.get(key)
        if msg.frag_num == 1:
            if parts is not None:
                self.bad["multi-part message incomplete (next one began)"] += 1
            self.pending[key] = [msg]
            return None
        if parts is None:
            self.bad["fragment without its first part"] += 1
            return None
        if msg.frag_num != len(parts) + 1:
            self.bad["fragment out of order"] += 1
            del self.pending[key]
            return None
        parts.append(msg)
        if len(parts) < msg.frag_cnt:
            return None
        del self.pending[key]
        return parts

    def close(self) -> None:
        if self.pending:
            self.bad["multi-part message incomplete (end of input)"] += len(self.pending)
        self.pending.clear()


def iter_nmea(lines: Iterable[str | bytes], default_time: Any = None, data: AisData | None = None, *,
              timeless: bool = False) -> Iterator[Report]:
    """Decode NMEA AIVDM/AIVDO lines one at a time, yielding each position report as it is read; static data,
    counts and bad input go into ``data`` as they come (nothing here grows with the number of sentences but the
    counters, the static data by MMSI and the multi-part messages not yet complete).

    The time of each message: its tag block's ``c:`` (Unix seconds), a time written before the sentence on its
    line (ISO 8601 or Unix seconds), else ``default_time``; a message with none of these is counted as bad ("no
    time"), unless ``timeless``: then it is kept with time None (the edition is named, so time decides nothing)."""
    from pyais.exceptions import UnknownMessageException
    from pyais.messages import AISSentence, NMEASentenceFactory
    fallback = utc(default_time) if default_time is not None else None
    data = AisData() if data is None else data
    asm = _Assembler(data.bad)
    times: dict[int, dt.datetime | None] = {}
    produce = NMEASentenceFactory.produce
    bad = data.bad
    idents: dict[int, str] = {}         # each MMSI's text, made once (bounded: cleared past MAX_IDENTS)
    stamps: dict[bytes, dt.datetime | None] = {}    # a receiver log's Unix seconds -> the time (bounded likewise)
    for raw in lines:
        line = (raw.encode("ascii", "replace") if isinstance(raw, str) else raw).strip()
        if not line or line[0] == 35:       # '#': a comment
            continue
        data.read += 1
        if len(line) > MAX_LINE_BYTES:
            bad[TOO_LONG] += 1
            continue
        if line[0] in _STARTS:
            sentence_bytes, t = line, None
        elif line[10:11] == b" " and (t := stamps.get(line[:10])) is not None and line[11:12] in _AFTER_TIME:
            sentence_bytes = line[11:]          # a receiver log's second-stamp read before (:func:`_stamped`)
        else:
            sentence_bytes, t, ok = _stamped(line, stamps)
            if not ok:
                bad["not an NMEA sentence"] += 1
                continue
        try:
            s = produce(sentence_bytes)
        except UnknownMessageException:     # a sentence of another kind ($GPGGA ...): read, not AIS
            data.sentences += 1
            data.other["other NMEA sentence"] += 1
            continue
        except Exception:   # pyais raises its own and builtin errors on malformed text
            bad["malformed sentence"] += 1
            continue
        data.sentences += 1
        if not isinstance(s, AISSentence):
            data.other["other NMEA sentence"] += 1
            continue
        if not s.is_valid:
            bad["checksum mismatch"] += 1
            continue
        if s.frag_cnt == 1:
            when = t or (_tag_time(s) if s.tag_block else None) or fallback
            try:
                msg = s.decode()
            except Exception:   # an unknown message type, a missing or undecodable payload
                bad["payload cannot be decoded"] += 1
                continue
            r = _common(msg, when, idents) if when is not None or timeless else None
            if r is None:
                r = _decoded(msg, when, data, timeless)
        else:
            parts = asm.add(s)
            if s.frag_num == 1:
                times[id(s)] = t or _tag_time(s) or fallback
            if parts is None:
                continue
            r = _decode(AISSentence.assemble_from_iterable(parts), times.pop(id(parts[0]), None), data, timeless)
        if r is not None:
            data.positions += 1
            yield r
    asm.close()


def read_nmea(lines: Iterable[str | bytes], default_time: Any = None, *, timeless: bool = False) -> AisData:
    """:func:`iter_nmea` with every report kept in :attr:`AisData.reports` (small inputs and tests; the commands
    stream)."""
    data = AisData()
    data.reports = list(iter_nmea(lines, default_time, data, timeless=timeless))
    return data


def bounded_lines(fh: Any, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of a binary file (split at newlines, without them), each cut to ``limit + 1`` bytes (a longer one is
    then counted as too long and the rest of it skipped, never held): the file's own buffered ``readline``, asked
    for at most ``limit + 2`` bytes at a time."""
    readline = fh.readline
    size = limit + 2
    while True:
        line = readline(size)
        if not line:
            return
        if line[-1:] == b"\n":
            yield line[:-1]
            continue
        if len(line) < size:            # the last line, without a newline
            yield line
            return
        yield line[:limit + 1]
        while line and line[-1:] != b"\n":     # the rest of a long line: skipped
            line = readline(size)


#: The MMSIs whose text a stream remembers (then forgotten at once: memory does not grow with the fleet).
MAX_IDENTS = 100_000
_COMMON = {1: "msg 1", 2: "msg 2", 3: "msg 3", 18: "msg 18"}


def _common(msg: Any, when: dt.datetime | None, idents: dict[int, str]) -> Report | None:
    """The common position report (message 1, 2, 3 or 18 with every value in range and a valid MMSI) typed
    straight from pyais's decoded message, the fields read once; None for anything else (then :func:`_decoded`
    reads it, with every check and note)."""
    source = _COMMON.get(msg.msg_type)
    if source is None:
        return None
    mmsi, lat, lon, sog, cog, hdg = msg.mmsi, msg.lat, msg.lon, msg.speed, msg.course, msg.heading
    if not (type(mmsi) is int and mmsi > 0 and type(lat) is float and type(lon) is float and -90 <= lat <= 90
            and -180 <= lon <= 180 and type(sog) is float and type(cog) is float and type(hdg) is int
            and cog <= 360 and not 359 < hdg < 511):
        return None
    ident = idents.get(mmsi)
    if ident is None:
        if len(idents) >= MAX_IDENTS:
            idents.clear()
        ident = idents[mmsi] = str(mmsi)
    return _report((ident, when, lat, lon, None if sog >= 102.3 else sog, None if cog == 360.0 else cog,
                    None if hdg == 511 else float(hdg), int(msg.status) if source != "msg 18" else None, source, ()))


_report = Report._make       # a named tuple from its fields in order (half the cost of calling the class)


def _decode(sentence: Any, when: dt.datetime | None, data: AisData, timeless: bool = False) -> Report | None:
    try:
        msg = sentence.decode()
    except Exception:   # an unknown message type, a missing or undecodable payload
        data.bad["payload cannot be decoded"] += 1
        return None
    return _decoded(msg, when, data, timeless)


def _decoded(msg: Any, when: dt.datetime | None, data: AisData, timeless: bool = False) -> Report | None:
    kind: int = getattr(msg, "msg_type", 0)
    mmsi = getattr(msg, "mmsi", None)
    position_report = kind in POSITION_TYPES
    if not position_report and kind not in STATIC_TYPES:
        data.other[f"msg {kind}"] += 1
        return None
    if type(mmsi) is not int or mmsi <= 0:
        data.bad["no MMSI"] += 1
        return None
    ident = str(mmsi)
    if kind in STATIC_TYPES:
        _static_message(ident, msg, data)
    if not position_report:
        return None
    if when is None and not timeless:
        data.bad[NO_TIME] += 1
        return None
    return _position_message(ident, kind, msg, when, data)



def _static_message(ident: str, msg: Any, data: AisData) -> None:
    """Message 5, 19 or 24 (part A: the name; part B: type and dimensions)."""
    part_a = getattr(msg, "partno", None) == 0
    if part_a:
        data.add_static(ident, Static(name=_text(getattr(msg, "shipname", None))))
        return
    if getattr(msg, "to_bow", None) is None and getattr(msg, "mothership_mmsi", None) is not None:
        length = breadth = None      # an auxiliary craft's part B names her mothership, not her size
        notes: tuple[str, ...] = ()
    else:
        length, breadth, notes = dimensions(msg.to_bow, msg.to_stern, msg.to_port, msg.to_starboard)
    imo = getattr(msg, "imo", None)
    draught = _finite(getattr(msg, "draught", None))
    data.add_static(ident, Static(ship_type=ship_type(getattr(msg, "ship_type", None)), length_m=length,
                                  breadth_m=breadth, draught_m=draught or None,
                                  name=_text(getattr(msg, "shipname", None)),
                                  callsign=_text(getattr(msg, "callsign", None)), imo=imo or None, notes=notes))


def _position_message(ident: str, kind: int, msg: Any, when: dt.datetime | None, data: AisData) -> Report | None:
    """Messages 1, 2, 3, 18, 19 (the common case, typed inline: the batch path's hot loop) and 27."""
    lat, lon = msg.lat, msg.lon
    if kind == 27 or not (type(lat) is float and type(lon) is float and -90 <= lat <= 90 and -180 <= lon <= 180):
        return _position_slow(ident, kind, msg, when, data)
    sog, cog, hdg = msg.speed, msg.course, msg.heading
    if type(sog) is not float or type(cog) is not float or type(hdg) is not int or cog > 360 or 359 < hdg < 511:
        return _position_slow(ident, kind, msg, when, data)
    st = int(msg.status) if kind <= 3 else None
    return Report(ident, when, lat, lon, None if sog >= 102.3 else sog, None if cog == 360.0 else cog,
                  None if hdg == 511 else float(hdg), st, _SOURCE[kind], ())


def _position_slow(ident: str, kind: int, msg: Any, when: dt.datetime | None, data: AisData) -> Report | None:
    lat, lon, why = position(msg.lat, msg.lon)
    if why:
        data.bad[why.split(" (")[0]] += 1
        return None
    long_range = kind == 27
    sog, n1 = speed(msg.speed, 63 if long_range else 102.3)
    cog, n2 = course(msg.course, 511 if long_range else 360.0)
    hdg, n3 = heading(None if long_range else msg.heading)
    st = status(int(msg.status)) if kind in (1, 2, 3, 27) else None
    notes = tuple(n for n in (n1, n2, n3) if n)
    return Report(ident, when, lat, lon, sog, cog, hdg, st, _SOURCE[kind], notes)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Reading any file, and fixes


def check_time(time: Any) -> None:
    """``time`` (the time of NMEA messages that carry none) is None or an ISO 8601 date-time; else one line."""
    if time is not None and utc(time) is None:
        raise AisInputError(f"time: {excerpt(time)} is not a date-time; allowed: ISO 8601, e.g. 2024-05-01T21:00:00Z",
                            field="time", value=time, allowed="ISO 8601")


def open_stream(path: str | Path, time: Any = None, *, timeless: bool = False) -> tuple[AisData, Iterator[Report]]:
    """An AIS file as counters and static data that fill as its position reports are drawn from the iterator
    returned beside them (:func:`stream`), ``time`` checked first (:func:`check_time`)."""
    check_time(time)
    return stream(path, time, timeless=timeless)


def _unreadable(p: Path, problem: str) -> AisInputError:
    return AisInputError(f"file: '{p}' {problem}", field="file", value=str(p), allowed="an NMEA, CSV or Parquet file")


def stream(path: str | Path, default_time: Any = None, *, timeless: bool = False,
           chunk_rows: int = 50_000) -> tuple[AisData, Iterator[Report]]:
    """An AIS file by its suffix (``.csv``, ``.parquet``/``.pq``; anything else NMEA text, read in bounded pieces:
    :func:`bounded_lines`) as counters and static data that fill as the reports are drawn from the iterator: a
    table ``chunk_rows`` rows at a time (its static data joined chunk by chunk), NMEA line by line. A file that
    cannot be read at all is one :class:`AisInputError` naming it: not a readable file or empty (raised here), not
    a table of its kind, or NMEA text holding no sentence (raised by the iterator)."""
    p = Path(path)
    try:
        size = p.stat().st_size if p.is_file() else None
    except OSError:
        size = None
    if size is None:
        raise _unreadable(p, "is not a readable file")
    if size == 0:
        raise _unreadable(p, "is empty")
    data = AisData()
    if p.suffix.lower() in (".csv", ".parquet", ".pq"):
        from .tables import iter_table
        return data, iter_table(p, data, chunk_rows)
    return data, _nmea_file(p, default_time, data, timeless)


def _nmea_file(p: Path, default_time: Any, data: AisData, timeless: bool) -> Iterator[Report]:
    try:
        with p.open("rb") as fh:
            yield from iter_nmea(bounded_lines(fh), default_time, data, timeless=timeless)
    except OSError as e:
        raise _unreadable(p, f"cannot be read: {e.strerror or type(e).__name__}") from None
    if not data.sentences:
        why = ", ".join(f"{n} x {reason}" for reason, n in data.bad.most_common(2))
        raise _unreadable(p, f"holds no NMEA sentence ({data.read} line(s): {why or 'blank or comments only'}); "
                             "allowed: NMEA AIVDM/AIVDO text, or a .csv or .parquet table")


def read(path: str | Path, default_time: Any = None, *, timeless: bool = False) -> AisData:
    """:func:`stream` with every report kept in :attr:`AisData.reports` (the scene and the encounter from AIS, tests)."""
    data, reports = stream(path, default_time, timeless=timeless)
    data.reports = list(reports)
    return data


def fix_of(r: Report, st: Static | None) -> Fix:
    """A report as a :class:`Fix` (no candidates yet), with the notes of her static data (or of its absence)."""
    from .model import Fix          # here: the vessel model (pydantic) is not needed to read and count
    notes = r.notes + (st.notes if st else ("no static data (message 5 or 24) for this MMSI",))
    return Fix(ident=r.mmsi, time=r.time, lat=r.lat, lon=r.lon, heading_deg=r.heading_deg,  # type: ignore[arg-type]
               course_deg=r.course_deg, speed_kn=r.speed_kn, notes=notes)   # time None: timeless, edition named


def fixes(data: AisData, reports: Iterable[Report] | None = None) -> Iterator[tuple[Fix, Static | None, int | None]]:
    """Each report (``reports``, else those kept in ``data``) as a :class:`Fix`, with her static data as known when
    the report is drawn (joined as it arrives) and her navigational status."""
    statics = data.statics
    for r in data.reports if reports is None else reports:
        st = statics.get(r.mmsi)
        yield fix_of(r, st), st, r.status


__all__ = ["AisData", "AisInputError", "Report", "Static", "course", "dimensions", "fix_of", "fixes", "heading",
           "iter_nmea", "position", "read", "read_nmea", "replace", "ship_type", "sizes", "speed", "status",
           "stream", "utc"]
