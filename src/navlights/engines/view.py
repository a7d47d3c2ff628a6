"""The observer's view: which of a display's lights (or, by day, shapes) an observer sees, and where.

``view(display, aspect_deg, distance_nm)`` places the display's items on a typical
hull (:mod:`navlights.placement`), tests each against its arc and range with the
vectorised core (:mod:`navlights.geometry`), and returns a frozen :class:`Picture`:
the items seen, left to right as the observer sees them, each with its apparent
offset (+ to the observer's right), height, citation and flags.

Conventions (docs/view.md): aspect = the observer's relative bearing from the
vessel, clockwise from right ahead; arcs are closed (an aspect on an arc end sees
the light); ``edge`` flags a light within ``edge_tol_deg`` of an arc end.

Alternatives (``choose``):

* ``"typical"`` (default): required items only; the first option of each group of
  alternatives; the standard scheme where a small-craft scheme may replace it;
  optional and on-approach items left out.
* ``"all"``: every item of the display, each flagged with what makes it
  uncertain (``optional``, ``option``, ``scheme``, ``on-approach``).
* a mapping: ``{"options": {group: option}, "scheme": id, "optional": True | [roles],
  "on_approach": bool}``; what it leaves out is as for ``"typical"``.

>>> import navlights
>>> d = navlights.display({"propulsion": "power", "length": "200 ft"}, "intl-1960")
>>> p = view(d, 0, 1.0)
>>> [(i.role, i.colour) for i in p.items]
[('sidelight-starboard', 'green'), ('masthead', 'white'), ('masthead-aft', 'white'), ('sidelight-port', 'red')]
>>> p.describe()
'two white lights in a vertical line; a green light below them on the left; a red light below them on the right'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..errors import ViewError, excerpt
from ..model import STATUS_WORDS, Citation, Display, Item, Note
# The words of a picture, and how lights group into them (render reads COLUMN_TOL_M from here)
from .picture_words import COLUMN_TOL_M, LEVEL_TOL_M, STACK_GAP_M, aspect_words, describe, heading_cue  # noqa: F401

CHOICES = ("typical", "all")
PERIODS = ("night", "day")
DEFAULT_EDGE_TOL_DEG = 3.0          # COLREG 1972 Annex I 9(a): sidelights cut off 1 to 3 degrees outside
DEFAULT_NEAR_LIMIT_FRACTION = 0.1   # within the last 10 % of its range: 'near-range-limit'
MAX_DISTANCE_NM = 100.0
MAX_EYE_HEIGHT_M = 500.0
MAX_VISIBILITY_NM = 1000.0
MAX_EDGE_TOL_DEG = 45.0



# ------------------------------------------------------------------------------------------
# Checking the observer


def _number(value: Any, field_name: str, allowed: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        try:
            value = float(value)
        except (TypeError, ValueError):
            raise ViewError(f"{field_name}: {excerpt(value)} is not a number; allowed: {allowed}",
                            field=field_name, value=value, allowed=allowed) from None
    v = float(value)
    if not math.isfinite(v):
        raise ViewError(f"{field_name}: {excerpt(value)} is not a finite number; allowed: {allowed}",
                        field=field_name, value=value, allowed=allowed)
    return v


def check_aspect(aspect_deg: Any) -> float:
    """The aspect in [0, 360), or a one-line :class:`ViewError` (360 is accepted as 0)."""
    allowed = "0 to 360 degrees, clockwise from right ahead (0 = dead ahead, 90 = starboard beam)"
    a = _number(aspect_deg, "aspect", allowed)
    if not 0.0 <= a <= 360.0:
        raise ViewError(f"aspect: {excerpt(aspect_deg)} is out of range; allowed: {allowed}",
                        field="aspect", value=aspect_deg, allowed=allowed)
    return a % 360.0


def _check_range(value: Any, field_name: str, lo: float, hi: float, unit: str, lo_open: bool) -> float | None:
    if value is None:
        return None
    word = "more than" if lo_open else "at least"
    allowed = f"{word} {lo:g} and at most {hi:g} {unit}"
    v = _number(value, field_name, allowed)
    if (v <= lo if lo_open else v < lo) or v > hi:
        raise ViewError(f"{field_name}: {excerpt(value)} is out of range; allowed: {allowed}",
                        field=field_name, value=value, allowed=allowed)
    return v


# ------------------------------------------------------------------------------------------
# Choosing among alternatives


def resolve_period(display: Display, period: str | None) -> str:
    """'day' when asked, or when the vessel's time is day; otherwise 'night'."""
    if period is None:
        return "day" if getattr(display.vessel, "time", None) == "day" else "night"
    if period not in PERIODS:
        raise ViewError(f"period: {excerpt(period)} is not allowed; allowed: night, day", field="period",
                        value=period, allowed="night, day")
    return period


def _choice_spec(choose: str | Mapping[str, Any]) -> dict[str, Any]:
    """The ``choose`` argument as a checked mapping ('typical' -> {}, 'all' -> {'all': True})."""
    if isinstance(choose, str):
        if choose not in CHOICES:
            raise ViewError(f"choose: {excerpt(choose)} is not allowed; allowed: typical, all, or a mapping",
                            field="choose", value=choose, allowed="typical, all")
        return {"all": True} if choose == "all" else {}
    if isinstance(choose, Mapping):
        unknown = set(choose) - {"options", "scheme", "optional", "on_approach"}
        if unknown:
            raise ViewError(f"choose: unknown key(s) {', '.join(sorted(unknown))}; allowed: options, scheme, "
                            "optional, on_approach", field="choose", value=dict(choose),
                            allowed="options, scheme, optional, on_approach")
        return dict(choose)
    raise ViewError(f"choose: {excerpt(choose)} is not allowed; allowed: typical, all, or a mapping",
                    field="choose", value=choose, allowed="typical, all")


@dataclass(frozen=True, slots=True)
class _Choice:
    """Which options, scheme, optional and on-approach items a picture is drawn with."""

    everything: bool
    groups: dict[str, list[str]]
    options: dict[str, str]
    scheme: str
    optional: Any
    on_approach: bool

    @classmethod
    def of(cls, items: list[Item], spec: dict[str, Any]) -> _Choice:
        groups: dict[str, list[str]] = {}
        for i in items:
            if i.group is not None and i.option is not None and i.option not in groups.setdefault(i.group, []):
                groups[i.group].append(i.option)
        schemes = sorted({i.scheme for i in items if i.scheme is not None and i.scheme != "standard"})
        options = dict(spec.get("options") or {})
        for g, o in options.items():
            if g not in groups:
                raise ViewError(f"choose.options: no group {excerpt(g)} in this display; groups: "
                                f"{', '.join(groups) or 'none'}", field="choose.options", value=g,
                                allowed=", ".join(groups))
            if o not in groups[g]:
                raise ViewError(f"choose.options.{excerpt(g)}: no option {excerpt(o)}; options: {', '.join(groups[g])}",
                                field=f"choose.options.{g}", value=o, allowed=", ".join(groups[g]))
        scheme = spec.get("scheme") or "standard"
        if scheme != "standard" and scheme not in schemes:
            raise ViewError(f"choose.scheme: no scheme '{scheme}' in this display; schemes: "
                            f"{', '.join(['standard'] + schemes)}", field="choose.scheme", value=scheme,
                            allowed=", ".join(["standard"] + schemes))
        return cls(bool(spec.get("all")), groups, options, scheme, spec.get("optional", False),
                   bool(spec.get("on_approach", False)))

    def keeps(self, i: Item) -> bool:
        """Whether the item is in the picture under this choice."""
        if self.everything:
            return True
        opt = self.optional
        if i.status == "optional" and not (opt is True or (isinstance(opt, (list, tuple, set)) and i.role in opt)):
            return False
        if i.status == "on-approach" and not self.on_approach:
            return False
        if i.group is not None and i.option != self.options.get(i.group, self.groups[i.group][0]):
            return False
        return i.scheme is None or i.scheme == self.scheme


def _flags(i: Item) -> tuple[str, ...]:
    """An item's uncertainty flags: optional, on-approach, general, one option, another scheme, arc assumed."""
    return tuple(f for f, on in (("optional", i.status == "optional"), ("on-approach", i.status == "on-approach"),
                                 ("general", i.status == "general"),
                                 ("option", i.group is not None), ("scheme", i.scheme not in (None, "standard")),
                                 ("arc-assumed", i.arc_assumed)) if on)


def select(display: Display, choose: str | Mapping[str, Any] = "typical",
           period: str | None = None) -> list[tuple[Item, tuple[str, ...]]]:
    """The items an observer's picture is drawn from, each with the flags of its uncertainty."""
    period = resolve_period(display, period)
    items = [i for i in display.items if i.period == period]
    choice = _Choice.of(items, _choice_spec(choose))
    return [(i, _flags(i)) for i in items if choice.keeps(i)]


# ------------------------------------------------------------------------------------------
# The picture


@dataclass(frozen=True, slots=True)
class Seen:
    """One light or shape in the picture, where the observer sees it."""

    role: str
    what: str
    canonical: str
    term: str
    colour: str
    offset_m: float              # across the line of sight, + to the observer's right
    height_m: float              # above the waterline
    toward_m: float              # how far it stands toward the observer from midships
    offset_deg: float | None     # the same offset as an angle, when the distance is given
    flags: tuple[str, ...]
    edge_margin_deg: float | None    # inside its arc by this much; None: all round or a shape
    range_limit_nm: float | None     # the distance within which it is seen; None: not stated
    status: str
    group: str | None
    option: str | None
    scheme: str | None
    citation: Citation
    placement_basis: str
    x_m: float = 0.0             # where it stands: forward of midships
    y_m: float = 0.0             # to starboard
    kind_citation: Citation | None = None   # the rule that defines the light or shape (its arc, range)
    provenance: str = ""         # one status for the entry: the weaker of its provision's and its kind's
    character: str = "fixed"     # a light's character: "fixed" | "flashing" (shapes: "fixed")
    flashes_per_min: tuple[float, float | None] | None = None   # (at least, at most or None), when stated
    alternating: bool = False    # flashing in turn with the other lights of its kind (Annex II 3)
    off_centreline: str | None = None   # drawn off the centreline, as this provision lets her (COLREGs 23(d)(iii))

    @property
    def flashing(self) -> bool:
        return self.what == "light" and self.character == "flashing"

    @property
    def cite(self) -> str:
        return str(self.citation)

    @property
    def rule_unknown(self) -> bool:
        """The rule defining this light (its arc, range) was not found."""
        return self.kind_citation is not None and self.kind_citation.provenance == "gap"

    def to_dict(self) -> dict[str, Any]:
        return {
            "role": self.role, "what": self.what, "canonical": self.canonical, "term": self.term,
            "colour": self.colour, "character": self.character,
            "flashes_per_min": list(self.flashes_per_min) if self.flashes_per_min else None,
            "alternating": self.alternating,
            "offset_m": round(self.offset_m, 3), "height_m": round(self.height_m, 3),
            "toward_m": round(self.toward_m, 3),
            "offset_deg": None if self.offset_deg is None else round(self.offset_deg, 5),
            "flags": list(self.flags),
            "edge_margin_deg": None if self.edge_margin_deg is None else round(self.edge_margin_deg, 6),
            "range_limit_nm": None if self.range_limit_nm is None else round(self.range_limit_nm, 4),
            "status": self.status, "group": self.group, "option": self.option, "scheme": self.scheme,
            "cite": self.cite, "provenance": self.provenance or self.citation.provenance,
            "citation": self.citation.to_dict(),
            "placement": {"assumed": True, "basis": self.placement_basis, "x_m": round(self.x_m, 3),
                          "y_m": round(self.y_m, 3), "z_m": round(self.height_m, 3)}
            | ({"off_centreline": self.off_centreline} if self.off_centreline else {}),
        }


@dataclass(frozen=True, slots=True)
class Hidden:
    """An item of the chosen display the observer does not see, and why."""

    role: str
    colour: str
    reason: str                  # 'arc' (outside its arc) | 'range' (beyond its range)
    edge_margin_deg: float | None
    range_limit_nm: float | None
    citation: Citation

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role, "colour": self.colour, "reason": self.reason,
                "edge_margin_deg": None if self.edge_margin_deg is None else round(self.edge_margin_deg, 6),
                "range_limit_nm": None if self.range_limit_nm is None else round(self.range_limit_nm, 4),
                "cite": str(self.citation)}


@dataclass(frozen=True, slots=True)
class Picture:
    """What an observer sees of one vessel: items left to right, with flags and what is hidden."""

    edition: str
    vessel: Any
    aspect_deg: float
    distance_nm: float | None
    eye_height_m: float | None
    visibility_nm: float | None
    edge_tol_deg: float
    period: str
    choose: Any
    items: tuple[Seen, ...]
    hidden: tuple[Hidden, ...]
    placement: Any
    notes: tuple[str, ...] = field(default=())
    complete: bool = True        # the display it is drawn from has no gap for her
    gaps: tuple[Note, ...] = ()  # the display's gap notes that touch this picture (its period's items, her situation)
    length_system: str = "feet"  # the edition's unit system, for her lengths in words (the display's)
    visibility: tuple[Note, ...] = ()   # in restricted visibility: the edition's notes on lights by day (Rule 20)

    def roles(self) -> tuple[str, ...]:
        """Roles seen, left to right."""
        return tuple(i.role for i in self.items)

    def colours(self) -> tuple[str, ...]:
        """Colours seen, left to right."""
        return tuple(i.colour for i in self.items)

    def get(self, role: str) -> Seen | None:
        return next((i for i in self.items if i.role == role), None)

    @property
    def glimpsed(self) -> tuple[Hidden, ...]:
        """Lights just outside their arc, within the edge tolerance: they may be glimpsed."""
        return tuple(h for h in self.hidden if h.reason == "arc" and h.edge_margin_deg is not None
                     and -h.edge_margin_deg <= self.edge_tol_deg)

    def describe(self) -> str:
        """The picture in a mariner's words, left to right and bottom to top; where nothing is seen and the
        rule base has gaps for her, 'no light known: Rule 10 (stern light) not found'."""
        if not self.items and self.gaps:
            return f"no {'light' if self.period == 'night' else 'shape'} known: {self.gap_words()}"
        return describe(self.items, self.period)

    def signals(self) -> list[tuple[str, str | None]]:
        """The picture by signal (picture_words.describe_signals): each signal's lights as they stand, with what
        its provision says; her ordinary lights by name."""
        from ..rulebase.loader import load
        from .identify.meaning import provision_words
        from .picture_words import ORDINARY_WORDS, describe_signals
        ed = load(self.edition)
        return describe_signals(self.items, self.period, lambda it: None if it.role in ORDINARY_WORDS else
                                provision_words(ed, it.role, str(it.citation)))

    def signal_words(self) -> str:
        """The picture by signal in one text (the words a screen reader reads); where nothing is seen, as
        :meth:`describe` says it (the gaps named)."""
        from .picture_words import signal_words
        return signal_words(self.signals()) if self.items else self.describe()

    def gap_words(self) -> str:
        """What the rule base does not know for her, in a few words: 'Rule 10 (...) not found; ...'."""
        return "; ".join(dict.fromkeys(n.words() for n in self.gaps))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (schema: docs/schema/picture.schema.json)."""
        return {
            "edition": self.edition,
            "vessel": self.vessel.to_json(),
            "description": self.vessel.describe(self.length_system),
            "observer": {"aspect_deg": self.aspect_deg, "aspect_words": aspect_words(self.aspect_deg),
                         "heading_cue": heading_cue(self.aspect_deg),
                         "distance_nm": self.distance_nm, "eye_height_m": self.eye_height_m,
                         "visibility_nm": self.visibility_nm, "edge_tol_deg": self.edge_tol_deg},
            "period": self.period,
            "choose": self.choose if isinstance(self.choose, str) else dict(self.choose),
            "picture": self.describe(),
            "signals": [{"words": w, "meaning": m} for w, m in self.signals()] if self.items else [],
            "signal_words": self.signal_words(),
            "items": [i.to_dict() for i in self.items],
            "hidden": [h.to_dict() for h in self.hidden],
            "glimpsed": [h.role for h in self.glimpsed],
            "placement": self.placement.to_dict(),
            "remarks": remarks(self),
            "notes": list(self.notes),
            "complete": self.complete,
            "gaps": [n.to_dict() for n in self.gaps],
        }


def remarks(picture: Picture) -> list[str]:
    """Sentences on the flags: edges, range limits, assumptions."""
    out = []
    for it in picture.items:
        name = f"the {it.colour} {'light' if it.what == 'light' else it.canonical} ({it.role})"
        if "edge" in it.flags:
            out.append(f"{name} is within {picture.edge_tol_deg:g}° of the edge of its arc "
                       f"({it.edge_margin_deg:.2f}° inside): it may or may not be seen")
        if "near-range-limit" in it.flags:
            out.append(f"{name} is near the limit of its range ({it.range_limit_nm:.2f} nm)")
        if "range-not-stated" in it.flags:
            out.append(f"{name}: the rule states no range; it is shown as seen")
        if "range-unknown" in it.flags and it.kind_citation is not None:
            out.append(f"{name}: its rule ({it.kind_citation.rule}) was not found, so its range is not known; "
                       "it is shown as seen")
        if "general" in it.flags:
            out.append(f"{name} is one of her {STATUS_WORDS['general']}")
        for f in ("optional", "on-approach", "option", "scheme"):
            if f in it.flags:
                out.append(f"{name} is {'one option' if f == 'option' else f}"
                           + (f" of '{it.group}' ({it.option})" if f == "option" else "")
                           + (f" '{it.scheme}'" if f == "scheme" else ""))
    for h in picture.glimpsed:
        out.append(f"the {h.colour} light ({h.role}) is just outside its arc "
                   f"({-(h.edge_margin_deg or 0.0):.2f}°): it may be glimpsed")
    if picture.visibility or getattr(picture.vessel, "time", None) == "restricted-visibility":
        drawn = "her lights, as by night" if picture.period == "night" else "her shapes, as by day"
        out.append(f"restricted visibility: the picture draws {drawn}; what the rules say of each by day and by "
                   "night: " + ("; ".join(f"{n.text} ({n.citation.rule}"
                                          + (", not found)" if n.kind == "gap" else ")") for n in picture.visibility)
                                or "nothing navlights holds"))
    return out


# ------------------------------------------------------------------------------------------
# The engine


def view(display: Display, aspect_deg: float, distance_nm: float | None = None, *,
         eye_height_m: float | None = None, visibility_nm: float | None = None,
         edge_tol_deg: float = DEFAULT_EDGE_TOL_DEG, choose: str | Mapping[str, Any] = "typical",
         period: str | None = None, near_limit_fraction: float = DEFAULT_NEAR_LIMIT_FRACTION) -> Picture:
    """What an observer at ``aspect_deg`` from the vessel and ``distance_nm`` off sees of her display."""
    from .. import geometry as g

    aspect = check_aspect(aspect_deg)
    dist = _check_range(distance_nm, "distance", 0.0, MAX_DISTANCE_NM, "nautical miles", True)
    eye = _check_range(eye_height_m, "eye-height", 0.0, MAX_EYE_HEIGHT_M, "metres", False)
    vis = _check_range(visibility_nm, "visibility", 0.0, MAX_VISIBILITY_NM, "nautical miles", True)
    tol = _check_range(edge_tol_deg, "edge-tol", 0.0, MAX_EDGE_TOL_DEG, "degrees", False) or 0.0
    near = _check_range(near_limit_fraction, "near-limit-fraction", 0.0, 1.0, "(a fraction)", False) or 0.0
    period = resolve_period(display, period)
    chosen, placement, lights, table = _prepared(display, choose, period)
    vessel = display.vessel
    notes = list(placement.notes)
    # Shapes: seen from every aspect, no range test (the law gives none).
    res = g.sweep(table, [aspect], dist, eye_height_m=eye, visibility_nm=vis)
    limit = res["limit_nm"]
    seen_items: list[Seen] = []
    hidden: list[Hidden] = []
    for k, (it, flags) in enumerate(chosen):
        pos = placement.get(it.role)
        is_light = lights[k]
        margin = float(res["edge_margin_deg"][0, k])
        margin_v = None if (not is_light or math.isinf(margin)) else margin
        lim = float(limit[k])
        lim_v = None if (not is_light or math.isnan(lim)) else lim
        in_arc = bool(res["in_arc"][0, k])
        ok = bool(res["seen"][0, k]) if is_light else True
        if not ok:
            hidden.append(Hidden(it.role, it.colour, "arc" if not in_arc else "range", margin_v, lim_v,
                                 it.citation))
            continue
        fl = list(flags)
        if margin_v is not None and margin_v <= tol:
            fl.insert(0, "edge")
        if is_light and dist is not None:
            if lim_v is None:
                fl.append("range-unknown" if it.kind_citation.provenance == "gap" else "range-not-stated")
            elif dist >= (1.0 - near) * lim_v:
                fl.append("near-range-limit")
        off = float(res["offset_m"][0, k])
        off_deg = None if dist is None else math.degrees(math.atan2(off, dist * 1852.0))
        seen_items.append(Seen(it.role, it.what, it.canonical, it.term, it.colour, off, pos.z_m,
                               float(res["toward_m"][0, k]), off_deg, tuple(fl), margin_v, lim_v,
                               it.status, it.group, it.option, it.scheme, it.citation, pos.basis,
                               pos.x_m, pos.y_m, it.kind_citation, it.provenance, *_character(it),
                               off_centreline=it.off_centreline))
    seen_items.sort(key=lambda s: (round(s.offset_m, 9), s.height_m))
    if period == "day" and dist is not None:
        notes.append("shapes: the law gives no range; every shape is shown as seen")
    return Picture(display.edition, vessel, aspect, dist, eye, vis, tol, period, choose,
                   tuple(seen_items), tuple(hidden), placement, tuple(notes), display.complete,
                   picture_gaps(display, period), display.length_system, visibility_notes(display))


def visibility_notes(display: Display) -> tuple[Note, ...]:
    """In restricted visibility, what the edition says of lights by day and shapes (its notes on the time: 1972
    Rule 20(b)-(d)); none at night or by day."""
    if getattr(display.vessel, "time", None) != "restricted-visibility":
        return ()
    return tuple(n for n in display.notes if n.about_time)


_MAX_PREPARED = 16    # (choice, period) preparations remembered on one display


def _prepared(display: Display, choose: str | Mapping[str, Any], period: str) -> tuple[Any, Any, list[bool], Any]:
    """What a view needs before the aspect matters (the items chosen, their placement, which are lights, the light
    table), remembered on the display for a named choice; made afresh for a choice given as a mapping."""
    from .. import geometry as g
    from ..placement import place
    key = ("view-prepared", choose, period) if isinstance(choose, str) else None
    if key is not None and key in display.memo:
        return display.memo[key]
    chosen = select(display, choose, period)
    items = [i for i, _ in chosen]
    vessel = display.vessel
    placement = place(items, getattr(vessel, "length_m", None), getattr(vessel, "breadth_m", None))
    lights = [i.what == "light" for i in items]
    rows = []
    for it in items:
        pos = placement.get(it.role)
        if it.what == "light" and it.arc_deg is not None and not it.all_round:
            f, w = it.arc_deg[0], float(g.arc_width(*it.arc_deg))
        else:
            f, w = 0.0, 360.0
        rng = it.range_nm if (it.what == "light" and it.range_nm is not None) else float("nan")
        rows.append((f, w, rng, pos.x_m, pos.y_m, pos.z_m))
    out = (chosen, placement, lights, g.LightTable.from_rows(rows))
    if key is not None and len(display.memo) < _MAX_PREPARED:
        display.memo[key] = out
    return out


def _character(it: Item) -> tuple[str, tuple[float, float | None] | None, bool]:
    """A light's character, rate (intl-1972 Rule 21(f)) and whether it flashes in turn with others of its kind
    (Annex II 3); a shape is 'fixed'."""
    return (it.character, it.flashes_per_min, it.alternating) if it.what == "light" else ("fixed", None, False)


def picture_gaps(display: Display, period: str) -> tuple[Note, ...]:
    """The display's gap notes that touch a picture of one period: every gap of her situation, and the gaps
    of the items of that period (a light's unknown rule does not touch her day shapes)."""
    periods = {i.role: i.period for i in display.items}
    gaps = [n for n in display.notes if n.kind == "gap" and (n.role is None or periods.get(n.role) == period)]
    return tuple(sorted(gaps, key=lambda n: not n.signal_unknown))      # her own signal's gap first

