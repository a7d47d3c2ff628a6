"""Compare editions: one vessel across editions, the change log between two, which edition governed.

Everything is derived from the rule data; nothing here is written per edition.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from ..errors import MissingFactError, NavlightsError, VesselError
from ..model import Display, Edition, Item
from ..units import m_to_ft
from ..vessel import Vessel, make_vessel
from .display import display

#: Item fields compared, with the words used for them.
FIELDS = (("colour", "colour"), ("arc_deg", "arc"), ("range_nm", "range"), ("status", "status"),
          ("group", "alternatives group"), ("scheme", "scheme"), ("term", "term"))
WATERS = ("high-seas", "great-lakes", "us-inland")


@dataclass(frozen=True, slots=True)
class Difference:
    """One difference between two editions' displays of the same vessel."""

    role: str
    change: str                    # added | removed | changed
    field: str | None
    before: Any
    after: Any
    cite_before: str | None
    cite_after: str | None
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role, "change": self.change, "field": self.field,
                "before": list(self.before) if isinstance(self.before, tuple) else self.before,
                "after": list(self.after) if isinstance(self.after, tuple) else self.after,
                "cite_before": self.cite_before, "cite_after": self.cite_after, "text": self.text}


@dataclass(frozen=True, slots=True)
class Comparison:
    """One vessel under several editions, and the differences between consecutive ones."""

    vessel: Vessel
    editions: tuple[str, ...]
    displays: dict[str, Display | None]
    errors: dict[str, str]
    steps: tuple[tuple[str, str, tuple[Difference, ...]], ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "vessel": self.vessel.model_dump(mode="json", by_alias=True, exclude_defaults=True),
            "description": self.vessel.describe(),
            "editions": list(self.editions),
            "displays": {k: (d.to_dict() if d else None) for k, d in self.displays.items()},
            "errors": self.errors,
            "steps": [{"from": a, "to": b, "differences": [x.to_dict() for x in diffs]} for a, b, diffs in self.steps],
        }


def _words(v: Any, fieldname: str) -> str:
    if v is None:
        return "none" if fieldname != "range_nm" else "not stated"
    if fieldname == "arc_deg":
        a, b = v
        return "all round" if (a, b) == (0.0, 360.0) else f"{a:g}°–{b:g}°"
    if fieldname == "range_nm":
        return f"{v:g} nm"
    return str(v)


def diff_displays(a: Display, b: Display) -> tuple[Difference, ...]:
    """Differences from display ``a`` to display ``b`` (items by role), in plain words with both cites."""
    ia: dict[str, Item] = {i.role: i for i in a.items}
    ib: dict[str, Item] = {i.role: i for i in b.items}
    out: list[Difference] = []
    order = list(ia) + [r for r in ib if r not in ia]

    def gap_in(d: Display, it: Item) -> str:
        """', where <rule> is a recorded gap' when the display lacking the item has a gap on its rule."""
        rules = {it.citation.rule, it.kind_citation.rule} | {part.strip() for part in it.citation.rule.split(";")}
        hit = next((n.citation.rule for n in d.notes if n.kind == "gap"
                    and any(r == n.citation.rule or r.startswith(n.citation.rule + "(") for r in rules)), None)
        return f", where {hit} is a recorded gap (not found)" if hit else ""

    for role in order:
        x, y = ia.get(role), ib.get(role)
        if x and not y:
            out.append(Difference(role, "removed", None, x.term, None, x.cite, None,
                                  f"{role}: the {x.term} ({x.cite}) is not shown under {b.edition}{gap_in(b, x)}"))
        elif y and not x:
            out.append(Difference(role, "added", None, None, y.term, None, y.cite,
                                  f"{role}: {b.edition} adds the {y.term} ({y.cite}), not shown under {a.edition}"
                                  f"{gap_in(a, y)}"))
        elif x and y:
            for f, words in FIELDS:
                if f == "term":
                    continue
                vx, vy = getattr(x, f), getattr(y, f)
                if vx == vy:
                    continue
                if f == "scheme" and vx is None and vy == "standard":
                    text = f"{role}: under {b.edition} a small-craft scheme may replace this light ({y.cite})"
                elif f == "scheme" and vx == "standard" and vy is None:
                    text = f"{role}: under {b.edition} no small-craft scheme replaces this light ({y.cite})"
                else:
                    text = f"{role}: {words} {_words(vx, f)} ({x.cite}) -> {_words(vy, f)} ({y.cite})"
                out.append(Difference(role, "changed", f, vx, vy, x.cite, y.cite, text))
    return tuple(out)


def compare(vessel: Vessel | dict[str, Any], editions: list[Edition]) -> Comparison:
    """The vessel under each edition (oldest first) and the differences between consecutive editions."""
    v = make_vessel(vessel)
    eds = sorted(editions, key=lambda e: (e.in_force_from or dt.date.min, e.id))
    displays: dict[str, Display | None] = {}
    errors: dict[str, str] = {}
    for e in eds:
        try:
            displays[e.id] = display(v, e)
        except MissingFactError as err:
            displays[e.id] = None
            errors[e.id] = str(err)
    steps = []
    ok = [e.id for e in eds if displays[e.id] is not None]
    for x, y in zip(ok, ok[1:]):
        steps.append((x, y, diff_displays(displays[x], displays[y])))  # type: ignore[arg-type]
    return Comparison(v, tuple(e.id for e in eds), displays, errors, tuple(steps))


def changes(a: Edition, b: Edition) -> dict[str, list[dict[str, Any]]]:
    """A change log from edition ``a`` to ``b``, derived from their data, grouped by vessel situation.

    Each entry is one difference with the vessel lengths (ft) at which it appears.
    """
    from ..classes import vessels
    log: dict[str, list[dict[str, Any]]] = {}
    per_label: dict[str, dict[tuple, dict[str, Any]]] = {}
    for label, v in vessels(a, b):
        seen = per_label.setdefault(label, {})
        try:
            da, db = display(v, a), display(v, b)
        except (MissingFactError, VesselError):
            continue
        tow = (v.get("towing") or v.get("being_towed") or {}).get("tow_length")
        for d in diff_displays(da, db):
            k = (d.role, d.change, d.field, d.before, d.after)
            entry = seen.setdefault(k, {**d.to_dict(), "lengths_ft": set(), "tow_ft": set()})
            entry["lengths_ft"].add(round(m_to_ft(float(v["length"].split()[0])), 1))
            if tow is not None:
                entry["tow_ft"].add(round(m_to_ft(float(tow.split()[0])), 1))
    for label, seen in per_label.items():
        if seen:
            rows = []
            for entry in seen.values():
                entry["lengths_ft"] = sorted(entry["lengths_ft"])
                entry["tow_ft"] = sorted(entry["tow_ft"])
                rows.append(entry)
            log[label] = rows
    return log


@dataclass(frozen=True, slots=True)
class Governing:
    """Which edition governed on a date in given waters, with the basis of the answer."""

    date: dt.date
    waters: str
    edition: str | None
    text: str
    basis: str

    def to_dict(self) -> dict[str, Any]:
        return {"date": self.date.isoformat(), "waters": self.waters, "edition": self.edition, "text": self.text,
                "basis": self.basis}


def governing(date: dt.date, waters: str, editions: list[Edition]) -> Governing:
    """The edition in force on ``date`` in ``waters``; an honest 'not covered' where the data cannot say."""
    if waters not in WATERS:
        raise NavlightsError(f"waters: unknown waters '{waters}'; known: {', '.join(WATERS)}", field="waters",
                             value=waters, allowed=", ".join(WATERS))
    def start(e: Edition) -> dt.date:
        return e.in_force_from_in(waters)  # type: ignore[return-value]   # filtered below

    eds = sorted((e for e in editions if waters in e.waters and e.in_force_from_in(waters)), key=start)
    if not eds:
        return Governing(date, waters, None, f"not covered: navlights holds no edition for {waters}", "no data")
    if date < start(eds[0]):
        return Governing(date, waters, None,
                         f"not covered: the earliest edition for {waters} in navlights is {eds[0].id}, in force "
                         f"from {start(eds[0])}", "before the first recorded in-force date")
    for e, nxt in zip(eds, [*eds[1:], None]):
        end = e.in_force_to or (start(nxt) if nxt else None)
        if date >= start(e) and (end is None or date < end):
            prov = e.in_force_citation.provenance
            since = f"in force in {waters} from {start(e)}" if start(e) != e.in_force_from else \
                f"in force from {start(e)}"
            if end is None:
                return Governing(date, waters, e.id,
                                 f"{e.id} ({e.title}), {since}; its end is not recorded in "
                                 f"navlights, so a later edition it does not hold may govern this date",
                                 f"in-force date {prov} ({e.in_force_citation.rule})")
            how = "its recorded end" if e.in_force_to else f"the in-force date of {nxt.id}"  # type: ignore[union-attr]
            return Governing(date, waters, e.id, f"{e.id} ({e.title}), in force {start(e)} to {end} "
                             f"(end from {how})", f"in-force dates {prov} ({e.in_force_citation.rule})")
        if nxt is not None and end is not None and end <= date < start(nxt):
            return Governing(date, waters, None,
                             f"not covered: navlights holds no edition for {waters} between the end of {e.id} "
                             f"({end}) and the start of {nxt.id} there ({start(nxt)})",
                             "between recorded in-force dates")
    last = eds[-1]
    return Governing(date, waters, None,
                     f"not covered: the last edition for {waters} in navlights, {last.id}, ended {last.in_force_to}; "
                     f"navlights holds no later edition", "after the last recorded in-force date")
