"""A scene from AIS data: each vessel where she was at a given time, seen from a given own ship.

Each MMSI's last position report at or before the time, no older than a window (10 minutes by default), is
carried forward to the time along her course over ground at her speed over ground (a straight line; the
note on the vessel says how far and from when). Older reports, and reports after the time, are left out and
counted. Her readings and their lights come from the AIS mapping (:mod:`.mapping`); the view from
:mod:`.scene`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from . import geo
from .inputs import number, when
from .model import Fix
from .scene import Observer, bad

DEFAULT_WINDOW_MIN = 10.0


def observer(text: Any) -> Observer:
    """``"lat,lon,heading[,eye_height[,visibility]][,speed=KN][,course=DEG]"`` (degrees, metres, nautical miles,
    knots) -> :class:`Observer`; with her speed, each vessel's role against her."""
    allowed = ("lat,lon,heading[,eye height in m[,visibility in nm]][,speed=KN][,course=DEG], "
               "e.g. 49.9,-3.2,75,18,10,speed=12")
    parts = [p.strip() for p in str(text).split(",")] if isinstance(text, str) else []
    motion = {p.partition("=")[0].strip().lower(): p.partition("=")[2].strip() for p in parts if "=" in p}
    parts = [p for p in parts if "=" not in p]
    if set(motion) - {"speed", "course"}:
        raise bad("observer", text, allowed, f"names {sorted(set(motion) - {'speed', 'course'})[0]!r}")
    if not 3 <= len(parts) <= 5:
        raise bad("observer", text, allowed, "is not three to five comma-separated numbers")
    values: list[float | None] = []
    for part, (name, lo, hi, unit) in zip(parts, (("lat", -90, 90, "degrees"), ("lon", -180, 180, "degrees"),
                                                  ("heading", 0, 360, "degrees"), ("eye_height", 0, 500, "metres"),
                                                  ("visibility", 0.01, 1000, "nautical miles"))):
        try:
            x: Any = float(part)
        except ValueError:
            x = part
        values.append(number(x, f"observer.{name}", lo, hi, unit))
    values += [None] * (5 - len(values))
    lat, lon, heading, eye, vis = values
    speed, course = motion.get("speed"), motion.get("course")
    return Observer(lat=float(lat or 0.0), lon=float(lon or 0.0), heading_deg=float(heading or 0.0),
                    eye_height_m=eye, visibility_nm=vis,
                    speed_kn=number(speed, "observer.speed", 0, 100, "knots", optional=True),
                    course_deg=number(course, "observer.course", 0, 360, "degrees", optional=True))


def window(minutes: Any) -> dt.timedelta:
    m = number(minutes, "window", 0, 24 * 60, "minutes")
    return dt.timedelta(minutes=float(m or 0.0))


def carry(fix: Fix, at: dt.datetime) -> Fix:
    """The fix moved to ``at`` along her course over ground at her speed (none known: left where she was)."""
    seconds = (at - fix.time).total_seconds()
    if seconds <= 0:
        return fix
    if fix.speed_kn is None or fix.course_deg is None:
        note = f"position as reported {seconds:.0f} s before (no course or speed to carry it forward)"
        return replace(fix, time=at, notes=(*fix.notes, note))
    run = fix.speed_kn * seconds / 3600.0
    lat, lon = geo.destination(fix.lat, fix.lon, fix.course_deg, run) if run > 0 else (fix.lat, fix.lon)
    note = (f"position carried {run:.2f} nm along her course over ground {fix.course_deg:.0f}° at "
            f"{fix.speed_kn:.1f} kn from her report {seconds:.0f} s before")
    return replace(fix, lat=lat, lon=lon, time=at, notes=(*fix.notes, note))


def fixes_at(fixes: list[Fix], at: dt.datetime, within: dt.timedelta) -> tuple[list[Fix], dict[str, int]]:
    """Each vessel's last fix at or before ``at`` no older than ``within``, carried to ``at``; what was left out."""
    last: dict[str, Fix] = {}
    later: set[str] = set()
    for f in fixes:
        if f.time > at:
            later.add(f.ident)
        elif f.ident not in last or f.time >= last[f.ident].time:
            last[f.ident] = f
    kept = [carry(f, at) for f in last.values() if at - f.time <= within]
    counts = {"vessels": len(kept), "too_old": len(last) - len(kept),
              "only_after": len(later - set(last))}
    return kept, counts


def scene(mapped_fixes: list[Fix], at_text: Any, observer_text: Any, window_min: Any = DEFAULT_WINDOW_MIN,
          waters: str = "high-seas") -> tuple[Any, dict[str, int]]:
    """The scene at ``at_text`` from ``observer_text`` over the mapped AIS fixes, and the counts left out."""
    from .scene import compute
    at = when(at_text, "at")
    own = observer(observer_text)
    kept, counts = fixes_at(mapped_fixes, at, window(window_min))
    return compute(own, kept, at, waters=waters), counts
