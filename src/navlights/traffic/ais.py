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
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import NavlightsError
from .model import Fix

POSITION_TYPES = frozenset({1, 2, 3, 18, 19, 27})
#: The longest line read as NMEA: a sentence is at most 82 characters (IEC 61162-1), a tag block adds some; a longer
#: line is counted as bad, and a file is read in pieces of :data:`CHUNK_BYTES`, so a file with no newline (or one
#: huge line) costs no more memory than a short one.
MAX_LINE_BYTES = 1024
CHUNK_BYTES = 64 * 1024
TOO_LONG = f"line over {MAX_LINE_BYTES} bytes (an NMEA sentence is at most 82 characters)"
_SOURCE = {k: f"msg {k}" for k in POSITION_TYPES}
_STARTS = frozenset(b"!\\$")
STATIC_TYPES = frozenset({5, 19, 24})


class AisInputError(NavlightsError, ValueError):
    """An AIS file or option that cannot be read at all (a missing column, an unknown format)."""


@dataclass(frozen=True)
class Static:
    """What one MMSI's static reports said (lengths in metres); None: not sent or "not available"."""

    ship_type: int | None = None
    length_m: float | None = None
    breadth_m: float | None = None
    draught_m: float | None = None
    name: str | None = None
    callsign: str | None = None
    imo: int | None = None
    notes: tuple[str, ...] = ()

    def merged(self, newer: "Static") -> "Static":
        """This static data with what ``newer`` says laid over it (a part B does not erase a part A's name)."""
        keep = {k: getattr(newer, k) if getattr(newer, k) is not None else getattr(self, k)
                for k in ("ship_type", "length_m", "breadth_m", "draught_m", "name", "callsign", "imo")}
        return Static(**keep, notes=tuple(dict.fromkeys(self.notes + newer.notes)))


class Report(NamedTuple):
    """One position report, typed. ``status`` is None where the message has no status (class B: 18, 19).
    A named tuple: the batch path makes one per message."""

    mmsi: str
    time: dt.datetime
    lat: float
    lon: float
    speed_kn: float | None
    course_deg: float | None
    heading_deg: float | None
    status: int | None
    source: str                   # "msg 1" ... "msg 27", or "csv", "parquet"
    notes: tuple[str, ...] = ()


@dataclass
class AisData:
    """What a file held: position reports, static data by MMSI, and what could not be read, by reason."""

    reports: list[Report] = field(default_factory=list)
    statics: dict[str, Static] = field(default_factory=dict)
    bad: Counter[str] = field(default_factory=Counter)
    other: Counter[str] = field(default_factory=Counter)    # messages read but not used (e.g. msg 4, 21)
    read: int = 0                                           # sentences or rows read
    sentences: int = 0                                      # NMEA: lines that were sentences (good or not)

    def add_static(self, mmsi: str, static: Static) -> None:
        old = self.statics.get(mmsi)
        self.statics[mmsi] = static if old is None else old.merged(static)

    def counts(self) -> dict[str, Any]:
        """The counts a report shows: read, used, bad by reason, other messages by type."""
        return {"read": self.read, "positions": len(self.reports), "vessels_with_static": len(self.statics),
                "bad": dict(sorted(self.bad.items())), "bad_total": sum(self.bad.values()),
                "other": dict(sorted(self.other.items()))}


# ---------------------------------------------------------------------------------------------
# Typing values at the edge


def _finite(v: Any) -> float | None:
    if type(v) is float or type(v) is int:      # the common case: pyais's decoded numbers
        return float(v) if v == v and v not in (math.inf, -math.inf) else None
    if v is None or isinstance(v, str) and not v.strip():
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def position(lat: Any, lon: Any) -> tuple[float | None, float | None, str | None]:
    """Latitude and longitude, or a reason: 91 and 181 are AIS's "not available"; beyond them, out of range."""
    la, lo = _finite(lat), _finite(lon)
    if la is None or lo is None or la == 91 or lo == 181:
        return None, None, "position not available (lat 91 / lon 181 or empty)"
    if not (-90 <= la <= 90 and -180 <= lo <= 180):
        return None, None, f"position out of range (lat {la:g}, lon {lo:g}; allowed: -90..90, -180..180)"
    return la, lo, None


def speed(v: Any, not_available: float = 102.3) -> tuple[float | None, str | None]:
    """Speed over ground in knots; 102.3 (63 in message 27) is "not available", negative is refused."""
    s = _finite(v)
    if s is None or abs(s - not_available) < 1e-6:
        return None, None
    if s < 0 or s > not_available:
        return None, f"speed {s:g} kn refused (allowed: 0 to {not_available:g})"
    return s, None


def course(v: Any, not_available: float = 360.0) -> tuple[float | None, str | None]:
    """Course over ground in degrees; 360 (511 in message 27) is "not available"."""
    c = _finite(v)
    if c is None or abs(c - not_available) < 1e-6:
        return None, None
    if not 0 <= c < 360:
        return None, f"course {c:g}° refused (allowed: 0 to 359.9)"
    return c, None


def heading(v: Any) -> tuple[float | None, str | None]:
    """True heading in degrees; 511 is "not available"."""
    h = _finite(v)
    if h is None or h == 511:
        return None, None
    if not 0 <= h < 360:
        return None, f"heading {h:g}° refused (allowed: 0 to 359, 511 not available)"
    return h, None


def status(v: Any) -> int | None:
    """Navigational status 0-15, or None where none was given."""
    s = _finite(v)
    return int(s) if s is not None and s == int(s) and 0 <= s <= 15 else None


def ship_type(v: Any) -> int | None:
    """Type of ship and cargo 1-99; 0 is "not available"; 100-255 are reserved for future use."""
    t = _finite(v)
    return int(t) if t is not None and t == int(t) and 1 <= t <= 99 else None


def dimensions(a: Any, b: Any, c: Any, d: Any) -> tuple[float | None, float | None, tuple[str, ...]]:
    """Length (A + B) and breadth (C + D) from the distances to bow, stern, port and starboard (0: not
    available; 511 and 63 mean "that or more")."""
    vals = [_finite(x) or 0.0 for x in (a, b, c, d)]
    return sizes(vals[0] + vals[1], vals[2] + vals[3], at_least=vals[0] >= 511 or vals[1] >= 511,
                 breadth_at_least=vals[2] >= 63 or vals[3] >= 63)


def sizes(length: Any, breadth: Any, *, at_least: bool = False,
          breadth_at_least: bool = False) -> tuple[float | None, float | None, tuple[str, ...]]:
    """Length and breadth in metres as navlights takes them (positive, at most 500 m and 100 m, breadth at most
    the length), with notes for what was refused or is a lower bound."""
    from ..vessel import MAX_BREADTH_M, MAX_LENGTH_M
    notes: list[str] = []
    ln, br = _finite(length), _finite(breadth)
    ln = ln if ln and ln > 0 else None
    br = br if br and br > 0 else None
    if ln is not None and ln > MAX_LENGTH_M:
        notes.append(f"length {ln:g} m refused (allowed: at most {MAX_LENGTH_M:g} m)")
        ln = None
    if br is not None and (br > MAX_BREADTH_M or ln is not None and br > ln):
        notes.append(f"breadth {br:g} m refused (allowed: at most {MAX_BREADTH_M:g} m and at most her length)")
        br = None
    if at_least and ln is not None:
        notes.append(f"length at least {ln:g} m (AIS's largest dimension code)")
    if breadth_at_least and br is not None:
        notes.append(f"breadth at least {br:g} m (AIS's largest dimension code)")
    return ln, br, tuple(notes)


def utc(value: Any) -> dt.datetime | None:
    """A timezone-aware UTC time from a datetime, ISO text (naive: UTC) or Unix seconds (or milliseconds)."""
    if isinstance(value, dt.datetime):
        t = value
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        secs = value / 1000 if value > 1e11 else value
        return dt.datetime.fromtimestamp(secs, dt.timezone.utc)
    elif isinstance(value, str) and value.strip():
        text = value.strip()
        if re.fullmatch(r"\d{9,13}(\.\d+)?", text):
            return utc(float(text))
        try:
            t = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    return t.replace(tzinfo=dt.timezone.utc) if t.tzinfo is None else t.astimezone(dt.timezone.utc)


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


@lru_cache(maxsize=4096)
def _prefix_time(prefix: bytes) -> dt.datetime | None:
    return utc(prefix.decode("ascii", "replace").strip(" ,;\t"))


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


def read_nmea(lines: Iterable[str | bytes], default_time: Any = None) -> AisData:
    """Decode NMEA AIVDM/AIVDO lines. The time of each message: its tag block's ``c:`` (Unix seconds), a time
    written before the sentence on its line (ISO 8601 or Unix seconds), else ``default_time``; a message
    with none of these is counted as bad ("no time")."""
    from pyais.messages import AISSentence, NMEASentenceFactory
    fallback = utc(default_time) if default_time is not None else None
    data = AisData()
    asm = _Assembler(data.bad)
    times: dict[int, dt.datetime | None] = {}
    produce = NMEASentenceFactory.produce
    read = 0
    sentences = 0
    for raw in lines:
        line = raw.encode("ascii", "replace") if isinstance(raw, str) else raw
        line = line.strip()
        if not line or line[0] == 35:       # '#': a comment
            continue
        read += 1
        if len(line) > MAX_LINE_BYTES:
            data.bad[TOO_LONG] += 1
            continue
        if line[0] in _STARTS:
            sentence_bytes, t = line, None
        else:
            sentence_bytes, t, ok = _line_time(line)
            if not ok:
                data.bad["not an NMEA sentence"] += 1
                continue
        try:
            s = produce(sentence_bytes)
        except Exception:   # pyais raises its own and builtin errors on malformed text
            data.bad["malformed sentence"] += 1
            continue
        sentences += 1
        if not isinstance(s, AISSentence):
            data.other["other NMEA sentence"] += 1
            continue
        if not s.is_valid:
            data.bad["checksum mismatch"] += 1
            continue
        if s.frag_cnt == 1:
            _decode(s, t or (_tag_time(s) if s.tag_block else None) or fallback, data)
            continue
        parts = asm.add(s)
        if s.frag_num == 1:
            times[id(s)] = t or _tag_time(s) or fallback
        if parts is not None:
            _decode(AISSentence.assemble_from_iterable(parts), times.pop(id(parts[0]), None), data)
    asm.close()
    data.read = read
    data.sentences = sentences
    return data


def bounded_lines(fh: Any, limit: int = MAX_LINE_BYTES, chunk: int = CHUNK_BYTES) -> Iterator[bytes]:
    """The lines of a binary file, each cut to ``limit + 1`` bytes (a longer one is then counted as too long and the
    rest of it skipped, never held), read ``chunk`` bytes at a time."""
    pending = b""
    skipping = False
    while True:
        block = fh.read(chunk)
        if not block:
            break
        start = 0
        while True:
            nl = block.find(b"\n", start)
            if nl < 0:
                if not skipping:
                    pending += block[start:]
                    if len(pending) > limit:
                        yield pending[:limit + 1]
                        pending, skipping = b"", True
                break
            if not skipping:
                piece = pending + block[start:nl]
                yield piece if len(piece) <= limit else piece[:limit + 1]
            pending, skipping = b"", False
            start = nl + 1
    if pending and not skipping:
        yield pending


def _decode(sentence: Any, when: dt.datetime | None, data: AisData) -> None:
    try:
        msg = sentence.decode()
    except Exception:   # an unknown message type, a missing or undecodable payload
        data.bad["payload cannot be decoded"] += 1
        return
    kind: int = getattr(msg, "msg_type", 0)
    mmsi = getattr(msg, "mmsi", None)
    position_report = kind in POSITION_TYPES
    if not position_report and kind not in STATIC_TYPES:
        data.other[f"msg {kind}"] += 1
        return
    if type(mmsi) is not int or mmsi <= 0:
        data.bad["no MMSI"] += 1
        return
    ident = str(mmsi)
    if kind in STATIC_TYPES:
        _static_message(ident, msg, data)
    if position_report:
        if when is None:
            data.bad["no time (no tag block time, no time before the sentence, no default time)"] += 1
            return
        _position_message(ident, kind, msg, when, data)


def _text(v: Any) -> str | None:
    return v.strip(" @") or None if isinstance(v, str) else None


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


def _position_message(ident: str, kind: int, msg: Any, when: dt.datetime, data: AisData) -> None:
    """Messages 1, 2, 3, 18, 19 (the common case, typed inline: the batch path's hot loop) and 27."""
    lat, lon = msg.lat, msg.lon
    if kind == 27 or not (type(lat) is float and type(lon) is float and -90 <= lat <= 90 and -180 <= lon <= 180):
        _position_slow(ident, kind, msg, when, data)
        return
    sog, cog, hdg = msg.speed, msg.course, msg.heading
    if type(sog) is not float or type(cog) is not float or type(hdg) is not int or cog > 360 or 359 < hdg < 511:
        _position_slow(ident, kind, msg, when, data)
        return
    st = int(msg.status) if kind <= 3 else None
    data.reports.append(Report(ident, when, lat, lon, None if sog >= 102.3 else sog,
                               None if cog == 360.0 else cog, None if hdg == 511 else float(hdg),
                               st, _SOURCE[kind], ()))


def _position_slow(ident: str, kind: int, msg: Any, when: dt.datetime, data: AisData) -> None:
    lat, lon, why = position(msg.lat, msg.lon)
    if why:
        data.bad[why.split(" (")[0]] += 1
        return
    long_range = kind == 27
    sog, n1 = speed(msg.speed, 63 if long_range else 102.3)
    cog, n2 = course(msg.course, 511 if long_range else 360.0)
    hdg, n3 = heading(None if long_range else msg.heading)
    st = status(int(msg.status)) if kind in (1, 2, 3, 27) else None
    notes = tuple(n for n in (n1, n2, n3) if n)
    data.reports.append(Report(ident, when, lat, lon, sog, cog, hdg, st, _SOURCE[kind], notes))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Reading any file, and fixes


def _unreadable(p: Path, problem: str) -> AisInputError:
    return AisInputError(f"file: '{p}' {problem}", field="file", value=str(p), allowed="an NMEA, CSV or Parquet file")


def read(path: str | Path, default_time: Any = None) -> AisData:
    """An AIS file by its suffix: ``.csv``, ``.parquet``/``.pq``; anything else is read as NMEA text (in bounded
    pieces: :func:`bounded_lines`). A file that cannot be read at all is one :class:`AisInputError` naming it: not
    a readable file, empty, not a table of its kind (tables.read_table), or NMEA text holding no sentence."""
    p = Path(path)
    try:
        size = p.stat().st_size if p.is_file() else None
    except OSError:
        size = None
    if size is None:
        raise _unreadable(p, "is not a readable file")
    if size == 0:
        raise _unreadable(p, "is empty")
    if p.suffix.lower() in (".csv", ".parquet", ".pq"):
        from .tables import read_table
        return read_table(p)
    try:
        with p.open("rb") as fh:
            data = read_nmea(bounded_lines(fh), default_time)
    except OSError as e:
        raise _unreadable(p, f"cannot be read: {e.strerror or type(e).__name__}") from None
    if not data.sentences:
        why = ", ".join(f"{n} x {reason}" for reason, n in data.bad.most_common(2))
        raise _unreadable(p, f"holds no NMEA sentence ({data.read} line(s): {why or 'blank or comments only'}); "
                             "allowed: NMEA AIVDM/AIVDO text, or a .csv or .parquet table")
    return data


def fixes(data: AisData) -> Iterator[tuple[Fix, Static | None, int | None]]:
    """Each report as a :class:`Fix` (no candidates yet), with her static data and navigational status."""
    for r in data.reports:
        st = data.statics.get(r.mmsi)
        notes = r.notes + (st.notes if st else ("no static data (message 5 or 24) for this MMSI",))
        fix = Fix(ident=r.mmsi, time=r.time, lat=r.lat, lon=r.lon, heading_deg=r.heading_deg,
                  course_deg=r.course_deg, speed_kn=r.speed_kn, notes=notes)
        yield fix, st, r.status


__all__ = ["AisData", "AisInputError", "Report", "Static", "fixes", "read", "read_nmea", "replace"]
