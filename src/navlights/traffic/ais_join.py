"""Reading ``navlights ais``'s compact output back into the full expansion (docs/traffic.md, "Compact output"):
:func:`expand_lines` for ``--jsonl`` (a stream of ``vessel``, ``key`` and ``report`` records), :func:`expand_json`
for ``--json``. Plain JSON in, plain JSON out: no engine, no rule data (a reader needs navlights for nothing else).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any


def fill(value: Any, stand_ins: dict[str, str]) -> Any:
    """``value`` (a key's candidates) with each stand-in (``<length>``, ``<breadth>``, ``<length in metres>``, ...)
    replaced by her own (her vessel record's ``fill``) in every string."""
    kind = type(value)          # JSON's own types first, without a call per string (a summary fills thousands)
    if kind is dict:
        return {k: (_filled(x, stand_ins) if type(x) is str else
                    x if x is None or type(x) in _LEAVES else fill(x, stand_ins)) for k, x in value.items()}
    if kind is list:
        return [_filled(x, stand_ins) if type(x) is str else fill(x, stand_ins) for x in value]
    if isinstance(value, str):
        if "<" in value:
            for k, v in stand_ins.items():
                value = value.replace(k, v)
        return value
    if isinstance(value, list):
        return [fill(x, stand_ins) for x in value]
    if isinstance(value, dict):
        return {k: fill(x, stand_ins) for k, x in value.items()}
    return value


_LEAVES = frozenset({int, float, bool})


def _filled(text: str, stand_ins: dict[str, str]) -> str:
    if "<" in text:
        for k, v in stand_ins.items():
            text = text.replace(k, v)
    return text


def candidates(key: dict[str, Any], vessel: dict[str, Any], details: dict[int, Any]) -> list[dict[str, Any]]:
    """A key's candidates as hers: each one's ``lights_detail`` from its ``detail`` record (a number names it),
    stand-ins filled where the key is ``sized``."""
    got = fill(key["candidates"], vessel.get("fill") or {}) if key.get("sized") else key["candidates"]
    return [c | {"lights_detail": details[c["lights_detail"]]} if isinstance(c["lights_detail"], int) else c
            for c in got]


def join(report: dict[str, Any], vessel: dict[str, Any], key: dict[str, Any],
         details: dict[int, Any]) -> dict[str, Any]:
    """One report with her vessel record and her key: the line ``--jsonl --expand`` writes for it."""
    return {"mmsi": report["mmsi"], "time": report["time"], "lat": report["lat"], "lon": report["lon"],
            "heading_deg": report["heading_deg"], "course_deg": report["course_deg"], "speed_kn": report["speed_kn"],
            "status": key["status"], "ship_type": vessel["ship_type"], "name": vessel["name"],
            "length_m": vessel["length_m"], "breadth_m": vessel["breadth_m"], "edition": key["edition"],
            "certain": key["certain"], "notes": report.get("notes", []) + vessel["notes"] + key["notes"],
            "readings": key["readings"], "candidates": candidates(key, vessel, details)}


def expand_lines(lines: Iterable[str | bytes | dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Each ``report`` of a compact ``--jsonl`` stream joined with the latest ``vessel`` record of her MMSI and the
    latest ``key`` record of its number (each candidate's lights from the latest ``detail`` record of its number), as ``--jsonl --expand`` writes it."""
    keys: dict[int, dict[str, Any]] = {}
    vessels: dict[str, dict[str, Any]] = {}
    details: dict[int, Any] = {}
    for line in lines:
        if isinstance(line, (str, bytes)):
            if not line.strip():
                continue
            line = json.loads(line)
        kind = line.get("type")
        if kind == "key":
            keys[line["key"]] = line
        elif kind == "vessel":
            vessels[line["mmsi"]] = line
        elif kind == "detail":
            details[line["detail"]] = line["lights_detail"]
        elif kind == "report":
            yield join(line, vessels[line["mmsi"]], keys[line["key"]], details)


def expand_json(doc: dict[str, Any]) -> dict[str, Any]:
    """A compact ``ais --json`` document as ``ais --json --expand`` writes it: each vessel's ``key`` replaced by its
    readings and candidates (her own, stand-ins filled)."""
    keys = {k["key"]: k for k in doc["keys"]}
    details = {d["detail"]: d["lights_detail"] for d in doc["details"]}
    vessels = []
    for v in doc["vessels"]:
        key = keys[v["key"]]
        out = {k: x for k, x in v.items() if k not in ("key", "fill", "likely")}
        out |= {"readings": key["readings"], "candidates": candidates(key, v, details)}
        vessels.append(out)
    return {"file": doc["file"], "counts": doc["counts"], "vessels": vessels}
