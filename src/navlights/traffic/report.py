"""A mapped AIS fix as JSON-ready data (``navlights ais --json``; docs/traffic.md, "AIS")."""

from __future__ import annotations

from typing import Any

from .mapping import Lit, compact, length_system, ship_type_words, status_words


def _lights(display: Any) -> list[dict[str, Any]]:
    return [{"role": i.role, "colour": i.colour, "status": i.status, "group": i.group, "option": i.option,
             "cite": i.cite} for i in display.lights]


def candidate_json(x: Lit, system: str = "feet") -> dict[str, Any]:
    """One candidate with her lights; her lengths in words in ``system`` first (her edition's)."""
    c = x.candidate
    out: dict[str, Any] = {"vessel": c.vessel.to_json(), "description": c.vessel.describe(system), "basis": c.basis,
                           "assumptions": list(c.assumptions)}
    if x.display is None:
        out |= {"lights": None, "undecided": x.why, "lights_detail": []}
    else:
        out |= {"lights": compact(x.display), "undecided": None, "lights_detail": _lights(x.display)}
    return out


def fix_json(fix: Any, lits: tuple[Lit, ...], static: Any, code: int | None) -> dict[str, Any]:
    """One vessel's fix: where and when, what AIS said, the edition, and every candidate with its lights."""
    ship = static.ship_type if static else None
    return {
        "mmsi": fix.ident, "time": fix.time.isoformat(), "lat": fix.lat, "lon": fix.lon,
        "heading_deg": fix.heading_deg, "course_deg": fix.course_deg, "speed_kn": fix.speed_kn,
        "status": {"code": code, "words": status_words(code)},
        "ship_type": {"code": ship, "words": ship_type_words(ship)},
        "name": static.name if static else None,
        "length_m": static.length_m if static else None, "breadth_m": static.breadth_m if static else None,
        "edition": fix.edition, "certain": len(lits) == 1 and lits[0].display is not None,
        "candidates": [candidate_json(x, length_system(fix.edition)) for x in lits], "notes": list(fix.notes),
    }
