"""Reading the scene files (JSON) and track files (CSV) of docs/traffic.md into observers and fixes.

Every bad value is one :class:`~navlights.traffic.scene.SceneError` naming the field (with its row or index),
the value and what is allowed.

Track CSV columns (one row per vessel per time; header required, order free):

* ``time`` ISO 8601 (``2020-09-14T21:30:00Z``; no zone = UTC), ``ident`` (name or MMSI), ``lat``, ``lon``
  (WGS 84 degrees), ``heading`` (true degrees; empty = not known, her course is used if given);
* optional: ``course`` (over ground), ``speed`` (knots), ``eye_height`` (her bridge's height of eye, m; what she
  sees of the others), and any navlights vessel field (``Vessel.from_fields``: ``propulsion``, ``length`` with its
  unit, ``breadth``, ``status``, ``fishing``, ``towing``, ``tow_length``, ``not_under_command``, ``restricted``, ...).
  Her vessel fields come from her first row that gives any (later rows may change them: a new reading from then on).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
from typing import Any, Iterator

from .model import Candidate, Fix
from .scene import Observer, SceneError, bad

MAX_ROWS = 200_000
TRACK_REQUIRED = ("time", "ident", "lat", "lon", "heading")
TRACK_OWN = ("time", "ident", "lat", "lon", "heading", "course", "speed", "eye_height")


def number(value: Any, name: str, lo: float, hi: float, unit: str, *, optional: bool = False) -> float | None:
    """A finite number in [lo, hi], or None where optional and empty."""
    if optional and (value is None or (isinstance(value, str) and not value.strip())):
        return None
    allowed = f"a number from {lo:g} to {hi:g} {unit}".rstrip()
    if isinstance(value, bool):
        raise bad(name, value, allowed, "is not a number")
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise bad(name, value, allowed, "is not a number") from None
    if not math.isfinite(v) or not lo <= v <= hi:
        raise bad(name, value, allowed, "is out of range")
    return v


def when(value: Any, name: str = "time") -> dt.datetime:
    """An ISO 8601 time as an aware UTC datetime (no zone: UTC)."""
    allowed = "an ISO 8601 time, e.g. 2020-09-14T21:30:00Z"
    if not isinstance(value, str):
        raise bad(name, value, allowed, "is not a time")
    try:
        t = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        raise bad(name, value, allowed, "is not a time") from None
    return t.replace(tzinfo=dt.timezone.utc) if t.tzinfo is None else t.astimezone(dt.timezone.utc)


def _vessel(data: Any, name: str) -> Any:
    from ..errors import VesselError
    from ..vessel import make_vessel
    if not isinstance(data, dict):
        raise bad(name, data, "a navlights vessel object, e.g. {\"propulsion\": \"power\", \"length\": \"120 m\"}",
                  "is not an object")
    try:
        return make_vessel(data)
    except VesselError as e:
        raise SceneError(f"{name}.{e}", field=f"{name}.{e.field}", value=e.value, allowed=e.allowed) from None


def _candidates(v: dict[str, Any], name: str) -> tuple[Candidate, ...]:
    if "candidates" in v:
        cs = v["candidates"]
        if not isinstance(cs, list) or not cs:
            raise bad(f"{name}.candidates", cs, "a non-empty list of {\"vessel\": {...}, \"basis\": \"...\"}")
        out = []
        for j, c in enumerate(cs):
            if not isinstance(c, dict):
                raise bad(f"{name}.candidates[{j}]", c, "an object with vessel and basis", "is not an object")
            out.append(Candidate(_vessel(c.get("vessel"), f"{name}.candidates[{j}].vessel"),
                                 str(c.get("basis") or "given in the scene file"),
                                 tuple(str(a) for a in c.get("assumptions") or ())))
        return tuple(out)
    if "vessel" in v:
        return (Candidate(_vessel(v["vessel"], f"{name}.vessel"), "given in the scene file"),)
    return ()


def _fix(v: Any, k: int, time: dt.datetime | None) -> Fix:
    name = f"vessels[{k}]"
    if not isinstance(v, dict):
        raise bad(name, v, "an object with ident, lat, lon, heading and vessel (or candidates)", "is not an object")
    unknown = set(v) - {"ident", "lat", "lon", "heading", "course", "speed", "time", "edition", "vessel",
                        "candidates", "notes"}
    if unknown:
        raise bad(f"{name}.{sorted(unknown)[0]}", v[sorted(unknown)[0]],
                  "ident, lat, lon, heading, course, speed, time, edition, vessel, candidates, notes",
                  "is not a known key")
    return Fix(ident=str(v.get("ident", f"vessel {k + 1}")),
               time=when(v["time"], f"{name}.time") if "time" in v else time,  # type: ignore[arg-type]
               lat=number(v.get("lat"), f"{name}.lat", -90, 90, "degrees"),  # type: ignore[arg-type]
               lon=number(v.get("lon"), f"{name}.lon", -180, 180, "degrees"),  # type: ignore[arg-type]
               heading_deg=number(v.get("heading"), f"{name}.heading", 0, 360, "degrees", optional=True),
               course_deg=number(v.get("course"), f"{name}.course", 0, 360, "degrees", optional=True),
               speed_kn=number(v.get("speed"), f"{name}.speed", 0, 100, "knots", optional=True),
               candidates=_candidates(v, name), edition=v.get("edition"),
               notes=tuple(str(n) for n in v.get("notes") or ()))


def _known(data: dict[str, Any], prefix: str, keys: tuple[str, ...]) -> None:
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise bad(f"{prefix}{unknown[0]}", data[unknown[0]], ", ".join(keys), "is not a known key")


def read_scene(data: Any) -> dict[str, Any]:
    """A scene file's data -> {observer, fixes, time, waters, edition}."""
    if not isinstance(data, dict):
        raise bad("scene", type(data).__name__, "a JSON object with observer and vessels", "is not an object")
    _known(data, "", ("description", "time", "waters", "edition", "observer", "vessels"))
    time = when(data["time"]) if data.get("time") is not None else None
    o = data.get("observer")
    if not isinstance(o, dict):
        raise bad("observer", o, "an object with lat, lon, heading, eye_height, visibility", "is not an object")
    _known(o, "observer.", ("ident", "lat", "lon", "heading", "eye_height", "visibility", "speed", "course"))
    obs = Observer(lat=number(o.get("lat"), "observer.lat", -90, 90, "degrees"),  # type: ignore[arg-type]
                   lon=number(o.get("lon"), "observer.lon", -180, 180, "degrees"),  # type: ignore[arg-type]
                   heading_deg=number(o.get("heading", 0), "observer.heading", 0, 360, "degrees") or 0.0,
                   eye_height_m=number(o.get("eye_height"), "observer.eye_height", 0, 500, "metres", optional=True),
                   visibility_nm=number(o.get("visibility"), "observer.visibility", 0.01, 1000, "nautical miles",
                                        optional=True),
                   ident=str(o.get("ident", "own ship")),
                   speed_kn=number(o.get("speed"), "observer.speed", 0, 100, "knots", optional=True),
                   course_deg=number(o.get("course"), "observer.course", 0, 360, "degrees", optional=True))
    vs = data.get("vessels")
    if not isinstance(vs, list):
        raise bad("vessels", vs, "a list of vessels", "is not a list")
    fixes = [_fix(v, k, time) for k, v in enumerate(vs)]
    return {"observer": obs, "fixes": fixes, "time": time, "waters": str(data.get("waters") or "high-seas"),
            "edition": data.get("edition")}


# ------------------------------------------------------------------------------------------
# Tracks


def _bounded_lines(text: str) -> Iterator[str]:
    """The lines of track CSV, each refused past the bounds of a CSV table (:data:`tables.MAX_CSV_LINE_BYTES`,
    :data:`tables.MAX_CSV_COLUMNS`) before the CSV reader splits it."""
    from .tables import MAX_CSV_COLUMNS, MAX_CSV_LINE_BYTES
    allowed = f"CSV lines of at most {MAX_CSV_LINE_BYTES // 1024} KiB and {MAX_CSV_COLUMNS} columns"
    for n, line in enumerate(io.StringIO(text), start=1):
        if len(line) > MAX_CSV_LINE_BYTES or line.count(",") >= MAX_CSV_COLUMNS:
            what = f"is over {MAX_CSV_LINE_BYTES // 1024} KiB" if len(line) > MAX_CSV_LINE_BYTES else \
                f"has over {MAX_CSV_COLUMNS} fields"
            raise bad("tracks", f"line {n}", allowed, what)
        yield line


def read_tracks(text: str) -> dict[str, list[dict[str, Any]]]:
    """Track CSV text -> rows by ident, in time order: {ident: [{time, lat, lon, heading, course, speed,
    eye_height, fields}]} (``fields``: the vessel fields the row gives)."""
    if not text.strip():
        raise bad("tracks", "", "CSV with a header: time, ident, lat, lon, heading, ...", "is empty")
    reader = csv.DictReader(_bounded_lines(text.lstrip("\ufeff")))
    try:
        return _track_rows(reader)
    except csv.Error as e:          # a line break inside an unquoted field (a lone CR), a NUL byte
        reason = str(e).split(" - ")[0]
        raise bad("tracks", f"line {reader.line_num + 1}", "CSV text, a line break only inside a quoted field",
                  f"cannot be read as CSV ({reason})") from None


def _track_rows(reader: csv.DictReader[str]) -> dict[str, list[dict[str, Any]]]:
    """The rows of :func:`read_tracks`, by ident, in time order."""
    from ..vessel import FLAT_FIELDS
    cols = [c.strip() for c in (reader.fieldnames or [])]
    missing = [c for c in TRACK_REQUIRED if c not in cols]
    if missing:
        raise bad("tracks", ",".join(cols)[:60], f"a header with {', '.join(TRACK_REQUIRED)}",
                  f"lacks the column '{missing[0]}'")
    extra = [c for c in cols if c not in TRACK_OWN and c not in FLAT_FIELDS]
    if extra:
        raise bad(f"column {extra[0]}", extra[0], "time, ident, lat, lon, heading, course, speed, eye_height and the "
                  "navlights vessel fields (propulsion, length, status, ...)", "is not a known column")
    out: dict[str, list[dict[str, Any]]] = {}
    for n, raw in enumerate(reader, start=2):
        if n > MAX_ROWS + 1:
            raise bad("tracks", f"{n - 1} rows", f"at most {MAX_ROWS} rows", "is too many")
        row = {k.strip(): (v or "").strip() for k, v in raw.items() if k is not None}
        out.setdefault(row["ident"] or "?", []).append(_track_row(row, n, FLAT_FIELDS))
    for rows in out.values():
        rows.sort(key=lambda r: r["time"])
    if len(out) < 2:
        raise bad("tracks", f"{len(out)} vessel", "two or more vessels (ident) in one file", "is too few")
    return out


def _track_row(row: dict[str, str], n: int, flat: tuple[str, ...]) -> dict[str, Any]:
    at = f"line {n}"
    if not row["ident"]:
        raise bad(f"{at}: ident", "", "a name or MMSI", "is empty")
    return {"time": when(row["time"], f"{at}: time"),
            "lat": number(row["lat"], f"{at}: lat", -90, 90, "degrees"),
            "lon": number(row["lon"], f"{at}: lon", -180, 180, "degrees"),
            "heading": number(row["heading"], f"{at}: heading", 0, 360, "degrees", optional=True),
            "course": number(row.get("course"), f"{at}: course", 0, 360, "degrees", optional=True),
            "speed": number(row.get("speed"), f"{at}: speed", 0, 100, "knots", optional=True),
            "eye_height": number(row.get("eye_height"), f"{at}: eye_height", 0, 500, "metres", optional=True),
            "fields": {k: row[k] for k in flat if k not in TRACK_OWN and row.get(k)}, "line": n}
