"""What own ship hears in restricted visibility, and what each vessel of an encounter should have been sounding.

For each vessel of a scene (every reading of her) the signals engine (:mod:`navlights.engines.signals`) gives her
signals in restricted visibility (Rule 35 and its counterparts: required, or the other signal a relief asks); a
whistle signal is heard within the audibility range Annex III gives her whistle by her length (1(c): "for
information"), by the same rule's band. Annex III gives the bell and gong a sound level, not a range: a bell or gong
signal is listed with its range "not laid down", never dropped and never called heard. The engine knows no
edition: an edition whose fog signals are a gap says so.
"""

from __future__ import annotations

from typing import Any

#: A signal heard as one of these (Rule 35 and its counterparts; a relief's other signal).
_SOUNDED = ("required", "otherwise")
#: Where an edition lays down no range at all, vessels are listed within this distance (an assumption of the list,
#: not a rule: the longest range of the 1972 Annex III).
LIST_NM = 2.0
_NO_RANGE = ("Annex III gives the bell and gong a sound level, not a range: whether she is heard here is not known "
             "(listed within the edition's longest whistle range, an assumption)")
_NO_BAND = (f"this edition lays down no audibility range for her whistle: whether she is heard here is not known "
            f"(listed within {LIST_NM:g} nm, an assumption)")


def _signals_of(vessel: dict[str, Any], edition: str) -> dict[str, Any]:
    """Her signals in restricted visibility, each with the appliance and the audibility range it carries."""
    from ..engines.signals import interval_words, sequence_words, sounds, summary_words
    a = sounds(vessel, edition)
    rng = a.whistle.audibility_nm if a.whistle else None
    out = []
    for s in a.signals:
        if s.status not in _SOUNDED or not s.signal.sequence:
            continue
        sig = s.signal
        whistle = any(e.appliance == "whistle" for e in sig.sequence)
        out.append({"id": sig.id, "status": s.status, "words": sequence_words(sig), "interval": interval_words(sig),
                    "meaning": sig.summary, "cite": f"{sig.cite.edition} {sig.cite.rule}",
                    "provenance": sig.cite.provenance,
                    "appliance": "whistle" if whistle else "bell or gong",
                    "audibility_nm": rng if whistle else None,
                    "audibility_cite": None if not whistle or a.whistle is None else
                    f"{a.whistle.cite.edition} {a.whistle.cite.rule}",
                    "range_note": _NO_RANGE if not whistle else _NO_BAND if rng is None else None})
    return {"signals": out, "summary": summary_words(a), "gaps": [f"{g.summary} ({g.cite.rule})" for g in a.gaps]}


def _heard(sig: dict[str, Any], distance_nm: float) -> bool | None:
    return None if sig["audibility_nm"] is None else distance_nm <= sig["audibility_nm"]


def _longest(edition: str, memo: dict[str, float]) -> float:
    """The edition's longest whistle audibility range (Annex III); :data:`LIST_NM` where it gives none."""
    if edition not in memo:
        from ..rulebase.signals import book
        memo[edition] = max((w.audibility_nm for w in book(edition).whistle_bands), default=LIST_NM)
    return memo[edition]


def scene_heard(result: Any) -> list[dict[str, Any]]:
    """Per vessel of the scene (nearest first) and per reading of her: her signals, and whether own ship is within
    each one's audibility range. Vessels none of whose signals reaches own ship are left out; a bell or gong signal
    (no range laid down) and a gap are listed within the edition's longest whistle range."""
    out: list[dict[str, Any]] = []
    memo: dict[str, float] = {}
    for t in sorted(result.targets, key=lambda t: t.distance_nm):
        readings = []
        for r in t.readings:
            if not r.vessel or r.error:
                continue
            mine = _signals_of(r.vessel, r.edition)
            sigs = [{**s, "heard": _heard(s, t.distance_nm)} for s in mine["signals"]]
            near = t.distance_nm <= _longest(r.edition, memo)
            if any(s["heard"] or (s["heard"] is None and near) for s in sigs) or (mine["gaps"] and near):
                readings.append({"edition": r.edition, "description": r.description, "signals": sigs,
                                 "gaps": mine["gaps"]})
        if readings:
            out.append({"ident": t.ident, "bearing_deg": round(t.bearing_deg, 1),
                        "relative_deg": round(t.relative_deg, 1), "distance_nm": round(t.distance_nm, 2),
                        "readings": readings})
    return out


def encounter_sounding(enc: Any) -> dict[str, Any]:
    """What each vessel of the encounter should have been sounding in restricted visibility (her signals under the
    encounter's edition), and, for each other vessel, the first minute it came within her whistle's range."""
    vessels = {}
    for ident, v in enc.vessels.items():
        mine = _signals_of(v["vessel"], enc.edition)
        reach = max((s["audibility_nm"] for s in mine["signals"] if s["audibility_nm"] is not None), default=None)
        first: dict[str, str] = {}
        if reach is not None:
            for lk in enc.looks:
                if lk.target == ident and lk.observer not in first and lk.distance_nm <= reach:
                    first[lk.observer] = lk.time.strftime("%H:%M")
        vessels[ident] = {**mine, "audibility_nm": reach, "first_heard_by": first}
    return vessels


def scene_heard_lines(heard: list[dict[str, Any]]) -> list[str]:
    """The scene's heard list in words, one vessel after another."""
    if not heard:
        return ["No vessel's fog signal reaches own ship (Annex III audibility ranges)."]
    lines = []
    for v in heard:
        lines.append(f"{v['ident']}: bearing {v['bearing_deg']:05.1f}° ({v['relative_deg']:05.1f}° relative), "
                     f"{v['distance_nm']:.2f} nm")
        for r in v["readings"]:
            for s in r["signals"]:
                where = (f"heard: within {s['audibility_nm']:g} nm ({s['audibility_cite']})" if s["heard"] else
                         f"not heard: beyond {s['audibility_nm']:g} nm ({s['audibility_cite']})" if s["heard"] is False
                         else "range not laid down (bell or gong)" if s["appliance"] != "whistle"
                         else "range not laid down by this edition")
                every = f", {s['interval']}" if s["interval"] else ""
                lines.append(f"  {s['words']}{every} ({s['cite']}): {s['meaning']}; {where}")
            for g in r["gaps"]:
                lines.append(f"  not known (a gap): {g}")
    return lines


def encounter_sounding_lines(sounding: dict[str, Any]) -> list[str]:
    """What each vessel should have been sounding, in words."""
    lines = []
    for ident, v in sounding.items():
        lines.append(f"{ident}: {v['summary']}")
        for who, at in v["first_heard_by"].items():
            lines.append(f"  {who} within {v['audibility_nm']:g} nm of her whistle from {at}")
    return lines
