"""A mapped AIS fix as JSON-ready data (``navlights ais --json``; docs/traffic.md, "AIS"), and the lights of a display
as every traffic output gives them (:func:`lights_detail`: ``ais``, its JSON Lines, encounters; the batch Parquet and
scenes use it too), so that no output loses which lights are alternatives of one another."""

from __future__ import annotations

from typing import Any

from .mapping import Lit, compact, length_system, ship_type_words, status_words
from .priors import weight


def lights_detail(display: Any) -> list[dict[str, Any]]:
    """Every light of a display with what says whether she shows it: ``status`` (required, general, optional,
    on-approach), ``group`` and ``option`` (exactly one option of a group is shown), ``scheme`` (None: under every
    scheme; else "standard" or the id of the small-craft provision whose lights she may show instead of the
    standard ones, Rule 23(d), 25(b)), with the cite and its provenance."""
    return [{"role": i.role, "colour": i.colour, "status": i.status, "group": i.group, "option": i.option,
             "scheme": i.scheme, "cite": i.cite, "provenance": i.provenance} for i in display.lights]


def scheme_notes(display: Any) -> list[str]:
    """The small-craft schemes she may show instead of the standard lights, in words with their cites."""
    return [f"{n.text} ({n.citation})" for n in display.notes if n.kind == "substitute"]


def candidate_json(x: Lit, system: str = "feet") -> dict[str, Any]:
    """One candidate with her lights; her lengths in words in ``system`` first (her edition's)."""
    return candidate_head(x.candidate, system) | lights_part(x)


def candidate_head(c: Any, system: str = "feet") -> dict[str, Any]:
    """The candidate herself: ``vessel``, ``description`` (her lengths in words in ``system``), ``basis``,
    ``assumptions`` (the part of :func:`candidate_json` that her own length changes)."""
    return {"vessel": c.vessel.to_json(), "description": c.vessel.describe(system), "basis": c.basis,
            "assumptions": list(c.assumptions)}


def lights_part(x: Lit) -> dict[str, Any]:
    """Her lights (the part of :func:`candidate_json` that her display alone decides): ``lights``, ``undecided``,
    ``lights_detail``, ``schemes``."""
    if x.display is None:
        return {"lights": None, "undecided": x.why, "lights_detail": [], "schemes": []}
    return {"lights": compact(x.display), "undecided": None, "lights_detail": lights_detail(x.display),
            "schemes": scheme_notes(x.display)}


_BAND_NOTE = "(AIS does not tell; one candidate per band"


def readings(lits: tuple[Lit, ...], edition: str | None = None) -> list[dict[str, Any]]:
    """The candidates grouped by what can be seen (the same required lights, or undecided for the same reason), the
    likely one first (:mod:`.priors`: the priors identification ranks by; ties in the order of their first member):
    ``candidates`` (their numbers, from 1, as ``--reading`` takes them: the numbering never changes with the order),
    ``lights``, the ``assumptions`` every member shares, ``weight`` (the group's prior), ``situations`` (its members'
    situations, commonest first) and, where members differ only by a band AIS does not tell (her length, her
    tow's), ``bands``: each band's words with the ranges of her required lights there (Rule 22's ranges go by
    length)."""
    groups: dict[str, dict[str, Any]] = {}
    members: dict[str, list[Lit]] = {}
    for k, x in enumerate(lits, 1):
        lights = compact(x.display) if x.display is not None else f"not decided: {x.why}"
        g = groups.setdefault(lights, {"candidates": [], "lights": lights, "assumptions": None, "bands": []})
        members.setdefault(lights, []).append(x)
        g["candidates"].append(k)
        own = [a for a in x.candidate.assumptions if _BAND_NOTE not in a]
        g["assumptions"] = own if g["assumptions"] is None else [a for a in g["assumptions"] if a in own]
        g.setdefault("_own", set()).add((x.candidate.basis, tuple(own)))
        band = next((a.split(" (AIS does not tell")[0] for a in x.candidate.assumptions if _BAND_NOTE in a), None)
        if band is not None and x.display is not None:
            g["bands"].append({"band": band, "ranges_nm": {i.role: i.range_nm for i in x.display.lights
                                                           if i.status in ("required", "general") and i.range_nm}})
    out = list(groups.values())
    for g in out:
        only_bands = len(g.pop("_own")) == 1 and len(g["bands"]) == len(g["candidates"]) > 1
        if not only_bands:
            g["bands"] = []
        w, situations = weight(members[g["lights"]], edition)
        g["weight"], g["situations"] = round(w, 6), situations
    out.sort(key=lambda g: -g["weight"])
    return out


def fix_json(fix: Any, lits: tuple[Lit, ...], static: Any, code: int | None) -> dict[str, Any]:
    """One vessel's fix: where and when, what AIS said, the edition, and every candidate with its lights."""
    ship = static.ship_type if static else None
    return {
        "mmsi": fix.ident, "time": fix.time.isoformat() if fix.time is not None else None, "lat": fix.lat, "lon": fix.lon,
        "heading_deg": fix.heading_deg, "course_deg": fix.course_deg, "speed_kn": fix.speed_kn,
        "status": {"code": code, "words": status_words(code)},
        "ship_type": {"code": ship, "words": ship_type_words(ship)},
        "name": static.name if static else None,
        "length_m": static.length_m if static else None, "breadth_m": static.breadth_m if static else None,
        "edition": fix.edition, "certain": len(lits) == 1 and lits[0].display is not None,
        "candidates": [candidate_json(x, length_system(fix.edition)) for x in lits], "readings": readings(lits, fix.edition),
        "notes": list(fix.notes),
    }
