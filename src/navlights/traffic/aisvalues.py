"""The values AIS readers share, typed at the edge: a position report, one MMSI's static data, what a file held
(by counters: nothing here keeps a list that grows with the input), and the typing of each field.

The lowest of the traffic modules after :mod:`.model`: the NMEA reader (:mod:`.ais`) and the table reader
(:mod:`.tables`) both import from here and never from each other at import time (issue 26, item 6).

AIS's "not available" codes (heading 511, speed 102.3 kn, course 360, latitude 91, longitude 181, dimension 0)
become None; values out of range are refused with a note.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..errors import NavlightsError

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
    time: dt.datetime | None      # None only where the edition is named and the NMEA carried no time (timeless)
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
    """What a file held: static data by MMSI, counters (read, positions, bad by reason, other messages), and the
    position reports where a reader keeps them (``read``; the streaming readers yield them instead)."""

    reports: list[Report] = field(default_factory=list)
    statics: dict[str, Static] = field(default_factory=dict)
    bad: Counter[str] = field(default_factory=Counter)
    other: Counter[str] = field(default_factory=Counter)    # messages read but not used (e.g. msg 4, 21)
    read: int = 0                                           # sentences or rows read
    sentences: int = 0                                      # NMEA: lines that were sentences (good or not)
    positions: int = 0                                      # position reports read (kept or yielded)

    def add_static(self, mmsi: str, static: Static) -> None:
        old = self.statics.get(mmsi)
        self.statics[mmsi] = static if old is None else old.merged(static)

    def counts(self) -> dict[str, Any]:
        """The counts a report shows: read, used, bad by reason, other messages by type."""
        return {"read": self.read, "positions": max(self.positions, len(self.reports)), "vessels_with_static": len(self.statics),
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
    from ..units import MAX_BREADTH_M, MAX_LENGTH_M
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


def _text(v: Any) -> str | None:
    return v.strip(" @") or None if isinstance(v, str) else None
