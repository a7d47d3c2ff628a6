"""Typical placement: where each light and shape stands on the vessel, derived by one rule (assumed).

The law fixes some heights and spacings and leaves the rest to the builder. This
module derives ONE typical arrangement from each item's placement constraints
(the keys of ``rulebase/schema.md``, "Placement keys"), its canonical kind, and the
vessel's length and breadth. It knows no edition. Every value it returns is an
assumption, marked ``assumed``; a real lighting arrangement can replace it.

Frame: x forward of midships, y to starboard, z above the waterline, all in metres.

The rule (docs/view.md, "Placement"):

1. Hull. Length L as given (else 20 m, assumed); breadth B as given (else L/6,
   assumed); freeboard (waterline to the uppermost continuous deck, the "hull"
   the heights are measured from) F = 0.07 L, kept within 0.5 m to 10 m.
2. Masthead height. A light whose constraints give heights stands at
   F + h, h = max(height_above_hull_min, B if height_breadth_rule), not more than
   height_need_not_exceed where the breadth rule would exceed it, then held
   within height_min / height_max; above_gunwale_min puts it that far above F.
   The typical mast height H is that of the forward masthead light of the
   display, or max(2 m, min(B, 12 m)) when there is none.
3. Fore and aft, from the data's ``at``: ``forward`` and ``foremast-top``: x = +L/4
   (the foremast); ``forward-end``: x = +0.45 L; ``aft``: x = -0.45 L (the stern
   light x = -L/2); ``abaft-funnel``: x = -L/4; ``midships``: x = 0; ``by-kind`` or
   none: the kind's own place (masthead lights at +L/4, steering lights at -L/4,
   others midships).
4. Athwartships. On the keel line y = 0 (a light the display marks ``off_centreline``, COLREGs 23(d)(iii) or
   Inland 21(a): B/4 to starboard, with the lights stacked on it), except sidelights: y = +B/2 on the
   starboard side, -B/2 on the port side (the data's ``side``, else green =
   starboard, red = port), abreast of the forward masthead light and at half its
   height above the hull (below it); a combined lantern's (or a mast-head
   tricolour lantern's) sections stand 0.15 m either side of the keel line.
   Any other light or shape whose data names a ``side`` stands at that deck
   edge (y = +-B/2), e.g. a dredger's lights on her obstructed side.
5. Low lights (stern light, sidelights with no masthead light, lanterns):
   1 m above the hull. Steering light: half the mast height. All-round and
   other lights: the mast height H. ``foremast-top``: F + max(H, L/2).
6. Vertical lines: members of one ``vertical_line`` stand one above the other at
   vertical_sep_min (6 ft when not given; at most vertical_sep_max), ordered by
   stack_order (1 = lowest) then by display order, lowest at the first member's
   place. A line named ``forward`` or ``masthead`` stands on the forward masthead
   light: that light is its lowest member and the others rise above it.
7. Relations, applied after: ``higher_than`` R: at least higher_by_min above R
   (and never below its own height rule), abaft R by horizontal_to_vertical_min
   times the vertical difference (else L/4), kept on board (x >= -0.45 L; a
   constraint that cannot be met is reported as a conflict); ``below`` R: lower
   than R by below_by_min (else 1 m), and straight under it when the item is in a
   vertical line (abreast of it, on its own side, when the data names a side); ``above`` R: higher by vertical_sep_min (else 6 ft), likewise;
   ``abaft`` R: abaft_min (else L/4) aft of R; ``forward_of`` R: L/4 ahead of R.
   Anchor lights (no height given): forward (+L/4 unless the position says
   otherwise) at F + 0.6 H, on the forestay below the mast head; one at the stern
   while another stands forward is 15 ft lower than it (typical; the 1897
   text's figure, assumed for all), but at least 1 m above the hull.
   ``between`` [A, B]: the items that name the same two ends stand evenly spaced
   fore and aft between A and B, in display order from A (one amidships of
   them, two at the thirds); their own height and side are kept.
8. Shapes follow the same rule, in their own vertical lines, based at half
   the mast height in the forepart when nothing else is said.

>>> from navlights import display
>>> d = display({"propulsion": "power", "length": "200 ft", "breadth": "30 ft"}, "intl-1960")
>>> p = place(d.lights, d.vessel.length_m, d.vessel.breadth_m)
>>> [round(p.get(r).z_m - p.freeboard_m, 2) for r in ("masthead", "masthead-aft")]
[9.14, 13.72]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from .model import At, Item, PlacementSpec, Side
from .units import FOOT_M

DEFAULT_LENGTH_M = 20.0
BREADTH_RATIO = 1.0 / 6.0
FREEBOARD_RATIO = 0.07
FREEBOARD_MIN_M, FREEBOARD_MAX_M = 0.5, 10.0
LOW_LIGHT_M = 1.0
DEFAULT_VERTICAL_SEP_M = 6 * FOOT_M
SEPARATE_M = 3.0                     # two items at one point, not in one line: this far apart
DEFAULT_BELOW_M = 1.0
AFT_ANCHOR_DROP_M = 15 * FOOT_M
ANCHOR_HEIGHT_RATIO = 0.6
LANTERN_HALF_SEP_M = 0.15
OFF_CENTRE_RATIO = 0.25              # a light displaced from the centreline: this share of the breadth to starboard
FORE_X, FORE_END_X, AFT_X = 0.25, 0.45, -0.45
LINE_ON_MASTHEAD = ("forward", "masthead")
_SIDED = ("sidelight", "portable-sidelight", "combined-lantern", "tricolour")   # their own rule for the side


@dataclass(frozen=True, slots=True)
class Position:
    """Where one light or shape stands (m): x forward of midships, y to starboard, z above the waterline."""

    role: str
    x_m: float
    y_m: float
    z_m: float
    basis: str
    assumed: bool = True
    conflicts: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"x_m": round(self.x_m, 3), "y_m": round(self.y_m, 3), "z_m": round(self.z_m, 3),
                "assumed": self.assumed, "basis": self.basis, "conflicts": list(self.conflicts)}


@dataclass(frozen=True, slots=True)
class Placement:
    """A typical arrangement of a display's items on a hull of the given size; every value assumed."""

    length_m: float
    breadth_m: float
    freeboard_m: float
    length_assumed: bool
    breadth_assumed: bool
    positions: tuple[Position, ...]
    notes: tuple[str, ...] = field(default=())

    def get(self, role: str) -> Position:
        for p in self.positions:
            if p.role == role:
                return p
        raise KeyError(role)

    def to_dict(self) -> dict[str, Any]:
        return {"rule": "typical placement (docs/view.md)", "assumed": True,
                "length_m": round(self.length_m, 3), "length_assumed": self.length_assumed,
                "breadth_m": round(self.breadth_m, 3), "breadth_assumed": self.breadth_assumed,
                "freeboard_m": round(self.freeboard_m, 3), "notes": list(self.notes)}


#: x as a share of the length for each ``at`` (None: the kind decides).
AT_X: dict[At, float | None] = {
    At.FORWARD: FORE_X, At.FOREMAST_TOP: FORE_X, At.FORWARD_END: FORE_END_X, At.AFT: AFT_X,
    At.ABAFT_FUNNEL: -0.25, At.MIDSHIPS: 0.0, At.BY_KIND: None,
}


def height_rule(p: PlacementSpec, breadth_m: float) -> tuple[float, str] | None:
    """Height above the hull from a light's constraints, and how it was found; None when none apply."""
    if p.above_gunwale_min_m is not None:
        return p.above_gunwale_min_m, "above_gunwale_min above the deck"
    h, why = p.height_above_hull_min_m, "height_above_hull_min"
    if p.height_breadth_rule:
        cap = p.height_need_not_exceed_m
        b = breadth_m if cap is None else min(breadth_m, cap)
        if h is None or b > h:
            capped = cap is not None and breadth_m > cap
            h, why = b, "breadth (height_breadth_rule)" + (", capped by height_need_not_exceed" if capped else "")
    hmin, hmax = p.height_min_m, p.height_max_m
    if h is None:
        if hmin is None and hmax is None:
            return None
        h, why = (hmin, "height_min") if hmin is not None else (hmax, "height_max")
        assert h is not None
    assert h is not None
    if hmin is not None and h < hmin:
        h, why = hmin, "height_min"
    if hmax is not None and h > hmax:
        h, why = hmax, "height_max"
    return float(h), why


def _side(item: Item) -> int:
    side = item.placement.side
    if side is not None:
        return 1 if side is Side.STARBOARD else -1
    return {"green": 1, "red": -1}.get(item.colour, 0)


def _fore_aft(p: PlacementSpec, L: float) -> float | None:
    share = AT_X.get(p.at) if p.at is not None else None
    return None if share is None else share * L


def _is_forward_masthead(item: Item) -> bool:
    return item.what == "light" and item.canonical == "masthead" and item.placement.higher_than is None


@dataclass(slots=True)
class _Spot:
    """A place being worked out: x forward of midships, y to starboard, z above the waterline (m)."""

    x: float
    y: float
    z: float
    basis: str
    conflicts: list[str] = field(default_factory=list)

    def xyz(self) -> tuple[float, float, float]:
        return self.x, self.y, self.z


class _Layout:
    """One typical arrangement being worked out, step by step (the module docstring's rule)."""

    def __init__(self, items: list[Item], L: float, B: float, F: float) -> None:
        self.items, self.L, self.B, self.F = items, L, B, F
        self.fwd = next((it for it in items if _is_forward_masthead(it)), None)
        r = height_rule(self.fwd.placement, B) if self.fwd is not None else None
        self.H = r[0] if r else max(2.0, min(B, 12.0))
        self.spots: dict[str, _Spot] = {}

    # Steps 2-5: each item's own place (the forward masthead light first: sidelights stand by it).
    def own_places(self) -> None:
        for it in sorted(self.items, key=lambda i: i is not self.fwd):
            spot = self._own_place(it)
            side = it.placement.side
            if side is not None and it.canonical not in _SIDED:   # e.g. an obstruction light on one side
                spot.y = (1 if side is Side.STARBOARD else -1) * self.B / 2
                spot.basis += f"; on the {side.value} side"
            if it.off_centreline:      # COLREGs 23(d)(iii), Inland 21(a): this vessel carries it off the centreline
                spot.y = OFF_CENTRE_RATIO * self.B
                spot.basis += (f"; off the fore and aft centreline ({it.off_centreline}): a quarter of the breadth "
                               "to starboard (side and offset assumed)")
            self.spots[it.role] = spot

    def _own_place(self, it: Item) -> _Spot:
        L, B, F, H = self.L, self.B, self.F, self.H
        p = it.placement
        x = _fore_aft(p, L)
        fore = FORE_X * L if x is None else x
        hr = height_rule(p, B)
        c = it.canonical
        if it.what == "shape":
            return _Spot(fore, 0.0, F + H / 2, "shape: half the mast height")
        if c == "sternlight":
            return _Spot(-L / 2, 0.0, F + LOW_LIGHT_M, "stern light: at the stern, 1 m above the hull")
        if c in ("sidelight", "portable-sidelight"):
            return self._sidelight(it, x)
        if c == "combined-lantern":
            return _Spot(fore, _side(it) * min(LANTERN_HALF_SEP_M, B / 2), F + LOW_LIGHT_M,
                         "lantern: 1 m above the hull")
        if c == "tricolour":
            z = F + max(H, L / 2) if p.at is At.FOREMAST_TOP else F + H
            return _Spot(fore, _side(it) * min(LANTERN_HALF_SEP_M, B / 2), z,
                         "lantern at the mast head: its sections side by side")
        if c == "steering":
            return _Spot(-0.25 * L if x is None else x, 0.0, F + H / 2,
                         "steering light: abaft the funnel, half the mast height")
        if c in ("masthead", "masthead-aft"):
            if hr:
                return _Spot(fore, 0.0, F + hr[0], f"height above the hull from {hr[1]}")
            return _Spot(fore, 0.0, F + H, "typical mast height")
        if p.at is At.FOREMAST_TOP:
            return _Spot(fore, 0.0, F + max(H, L / 2), "top of the mast: max(mast height, L/2) above the hull")
        if c == "anchor":
            if hr:
                return _Spot(fore, 0.0, F + hr[0], f"height above the hull from {hr[1]}")
            return _Spot(fore, 0.0, F + ANCHOR_HEIGHT_RATIO * H, "anchor light: 0.6 of the mast height above the hull")
        mid = 0.0 if x is None else x
        if c == "flare-up":
            return _Spot(mid, 0.0, F + LOW_LIGHT_M, "hand light: 1 m above the hull")
        if hr:
            return _Spot(mid, 0.0, F + hr[0], f"height above the hull from {hr[1]}")
        return _Spot(mid, 0.0, F + H, "typical mast height")

    def _sidelight(self, it: Item, x: float | None) -> _Spot:
        y = _side(it) * self.B / 2
        if self.fwd is not None and self.fwd.role in self.spots:
            f = self.spots[self.fwd.role]
            return _Spot(f.x if x is None else x, y, self.F + (f.z - self.F) / 2,
                         "sidelight: abreast of the masthead light, half its height")
        return _Spot(FORE_X * self.L if x is None else x, y, self.F + LOW_LIGHT_M, "sidelight: 1 m above the hull")

    # Step 6: vertical lines.
    def vertical_lines(self) -> None:
        lines: dict[tuple[str, str], list[Item]] = {}
        for it in self.items:
            if it.placement.vertical_line and not it.placement.below:
                lines.setdefault((it.what, it.placement.vertical_line), []).append(it)
        order = {it.role: i for i, it in enumerate(self.items)}
        for (what, name), members in lines.items():
            members.sort(key=lambda it: (it.placement.stack_order or 10**6, order[it.role]))
            self._stack(what, name, members)

    def _stack(self, what: str, name: str, members: list[Item]) -> None:
        seps = [it.placement.vertical_sep_min_m for it in members]
        sep = max([s for s in seps if s], default=DEFAULT_VERTICAL_SEP_M)
        caps = [c for c in (it.placement.vertical_sep_max_m for it in members) if c]
        if caps:
            sep = min(sep, min(caps))
        fwd = self.fwd
        on_masthead = name in LINE_ON_MASTHEAD and what == "light" and fwd is not None and fwd not in members
        if on_masthead and fwd is not None:
            base, stack = self.spots[fwd.role], [fwd] + members
            basis0 = f"vertical line '{name}' on the forward masthead light"
        else:
            base, stack = self.spots[members[0].role], members
            basis0 = f"vertical line '{name}'"
        bx, by, bz = base.xyz()
        for k, it in enumerate(stack):
            if on_masthead and k == 0:
                continue
            s = self.spots[it.role]
            s.x, s.y, s.z = bx, by, bz + k * sep
            s.basis = f"{basis0}, {k + 1} from the bottom, {sep:.2f} m apart"

    # Step 7a: items that stand between two others (``between``), fore and aft: the members that name the same two
    # ends stand evenly spaced between them, in display order from the first end (a partly submerged tow's lights
    # between its end lights: at thirds with two, amidships with one). y and z stay their own.
    def between_ends(self) -> None:
        rows: dict[tuple[str, str], list[Item]] = {}
        for it in self.items:
            ends = it.placement.between
            if ends and all(e in self.spots for e in ends):
                rows.setdefault(ends, []).append(it)
        for (a, b), members in rows.items():
            xa, xb, n = self.spots[a].x, self.spots[b].x, len(members)
            for k, it in enumerate(members, start=1):
                s = self.spots[it.role]
                s.x = xa + k * (xb - xa) / (n + 1)
                s.basis = f"{s.basis}; {k} of {n} evenly spaced between '{a}' and '{b}'"

    # Step 7: relations, in an order that lets a reference be settled first.
    def relations(self) -> None:
        seen: set[str] = set()
        for it in self.items:
            self._settle(it, seen)

    def _settle(self, it: Item, seen: set[str]) -> None:
        if it.role in seen:
            return
        seen.add(it.role)
        by_role = {i.role: i for i in self.items}
        for key, ref in it.placement.relations():
            spot = self.spots[it.role]
            if ref not in self.spots:
                spot.conflicts.append(f"{key} '{ref}': not in this picture; own place kept")
                continue
            self._settle(by_role[ref], seen)
            getattr(self, f"_rel_{key}")(it.placement, spot, self.spots[ref], ref)

    def _rel_higher_than(self, p: PlacementSpec, s: _Spot, r: _Spot, ref: str) -> None:
        dz = p.higher_by_min_m
        s.z = max(s.z, r.z + (dz if dz is not None else DEFAULT_VERTICAL_SEP_M))
        k = p.horizontal_to_vertical_min
        want = k * (s.z - r.z) if k else self.L / 4
        if p.abaft_min_length_ratio:          # e.g. Annex I 3(a): half the length, never more than 100 m
            share = p.abaft_min_length_ratio * self.L
            want = max(want, share if p.abaft_need_not_exceed_m is None else min(share, p.abaft_need_not_exceed_m))
        s.x = r.x - want
        s.basis = f"higher than '{ref}' by {s.z - r.z:.2f} m, {want:.2f} m abaft it"
        if s.x < AFT_X * self.L:
            s.conflicts.append(f"horizontal distance {want:.1f} m from '{ref}' does not fit on a "
                               f"{self.L:.1f} m hull; placed at the stern")
            s.x = AFT_X * self.L
        s.y = 0.0

    def _rel_below(self, p: PlacementSpec, s: _Spot, r: _Spot, ref: str) -> None:
        dz = p.below_by_min_m
        s.z = r.z - (dz if dz is not None else DEFAULT_BELOW_M)
        if p.vertical_line:          # in its vertical line: under it (on its own side where the data names one)
            s.x, s.y = r.x, (s.y if abs(s.y) <= LANTERN_HALF_SEP_M or p.side is not None else r.y)
        s.basis = f"below '{ref}' by {r.z - s.z:.2f} m" + (", in line" if p.vertical_line else "")

    def _rel_above(self, p: PlacementSpec, s: _Spot, r: _Spot, ref: str) -> None:
        dz = p.vertical_sep_min_m
        s.z = r.z + (dz if dz is not None else DEFAULT_VERTICAL_SEP_M)
        if p.vertical_line:
            s.x, s.y = r.x, r.y
        s.basis = f"above '{ref}' by {s.z - r.z:.2f} m" + (", in line" if p.vertical_line else "")

    def _rel_abaft(self, p: PlacementSpec, s: _Spot, r: _Spot, ref: str) -> None:
        dx = p.abaft_min_m
        s.x = r.x - (dx if dx is not None else self.L / 4)
        s.basis += f"; {r.x - s.x:.2f} m abaft '{ref}'"
        if s.x < -self.L / 2:
            s.conflicts.append(f"abaft '{ref}' by {r.x - s.x:.1f} m does not fit on a {self.L:.1f} m hull")
            s.x = -self.L / 2

    def _rel_height_ratio_of(self, p: PlacementSpec, s: _Spot, r: _Spot, ref: str) -> None:
        top = self.F + (p.height_max_ratio or 1.0) * (r.z - self.F)
        if s.z > top:
            s.z = top
            s.basis += f"; at most {p.height_max_ratio:g} of the height of '{ref}'"

    def _rel_apart_from(self, p: PlacementSpec, s: _Spot, r: _Spot, ref: str) -> None:
        # the rule gives a distance, not a direction (e.g. toward the fishing gear): typically abaft, assumed
        s.x, s.y = r.x - (p.horizontal_sep_min_m or SEPARATE_M), r.y
        s.basis += f"; {r.x - s.x:.2f} m abaft '{ref}' (the direction is assumed)"

    def _rel_not_forward_of(self, p: PlacementSpec, s: _Spot, r: _Spot, ref: str) -> None:
        if s.x > r.x:
            s.x = r.x
            s.basis += f"; not forward of '{ref}'"

    def _rel_forward_of(self, p: PlacementSpec, s: _Spot, r: _Spot, ref: str) -> None:
        s.x = min(r.x + self.L / 4, self.L / 2)
        s.basis += f"; forward of '{ref}'"

    # Anchor lights: forward at 0.6 H, on the forestay below the mast head; the one at the stern
    # 15 ft lower than the one forward (typical), unless the constraints give heights.
    def anchors(self) -> None:
        anchors = [it for it in self.items if it.canonical == "anchor" and it.what == "light"]
        fwd_anchor = next((it for it in anchors if self.spots[it.role].x >= 0), None)
        if fwd_anchor is None:
            return
        fz = self.spots[fwd_anchor.role].z
        for it in anchors:
            p, s = it.placement, self.spots[it.role]
            if it is fwd_anchor or s.x >= 0 or p.has_height_rule() or p.relations() or p.vertical_line:
                continue
            s.z = max(self.F + LOW_LIGHT_M, fz - AFT_ANCHOR_DROP_M)
            s.basis = f"anchor light aft: {fz - s.z:.2f} m lower than the forward one (typical)"

    # Items of one kind (lights, or shapes) left at one point, outside a common vertical line, are set
    # apart along the keel (a typical arrangement; the law fixes no such place).
    def set_apart(self) -> None:
        taken: dict[tuple[str, float, float, float], Item] = {}
        for it in sorted(self.items, key=lambda i: not i.placement.vertical_line):   # lines keep their place
            s = self.spots[it.role]
            key = (it.what, round(s.x, 2), round(s.y, 2), round(s.z, 2))
            while key in taken:
                other = taken[key]
                if it.placement.vertical_line and it.placement.vertical_line == other.placement.vertical_line:
                    break
                s.x -= SEPARATE_M
                s.basis = f"{s.basis}; {SEPARATE_M:g} m abaft '{other.role}' to keep them apart"
                key = (it.what, round(s.x, 2), round(s.y, 2), round(s.z, 2))
            taken.setdefault(key, it)

    # Nothing below the deck edge.
    def positions(self) -> tuple[Position, ...]:
        out = []
        for it in self.items:
            s = self.spots[it.role]
            if s.z < self.F:
                s.conflicts.append(f"derived height {s.z - self.F:.2f} m above the hull raised to the deck")
                s.z = self.F
            out.append(Position(it.role, s.x, s.y, s.z, s.basis, True, tuple(s.conflicts)))
        return tuple(out)


def place(items: Iterable[Item], length_m: float | None, breadth_m: float | None = None) -> Placement:
    """The typical placement of ``items`` (display items) on a vessel of that length and breadth."""
    items = list(items)
    notes: list[str] = []
    length_assumed = length_m is None
    L = float(length_m) if length_m else DEFAULT_LENGTH_M
    if length_assumed:
        notes.append(f"length not given: {DEFAULT_LENGTH_M:g} m assumed for placement")
    breadth_assumed = breadth_m is None
    B = float(breadth_m) if breadth_m else L * BREADTH_RATIO
    if breadth_assumed:
        notes.append(f"breadth not given: length/6 = {B:.2f} m assumed")
    F = min(max(FREEBOARD_RATIO * L, FREEBOARD_MIN_M), FREEBOARD_MAX_M)
    notes.append(f"freeboard {F:.2f} m assumed (0.07 L, 0.5 m to 10 m)")
    for it in items:
        if it.off_centreline:
            notes.append(f"{it.term} ({it.role}) off the fore and aft centreline, as {it.off_centreline} lets her: "
                         f"drawn {OFF_CENTRE_RATIO * B:.2f} m to starboard (side and offset assumed)")
    lay = _Layout(items, L, B, F)
    lay.own_places()
    lay.vertical_lines()
    lay.relations()
    lay.between_ends()
    lay.anchors()
    lay.set_apart()
    return Placement(L, B, F, length_assumed, breadth_assumed, lay.positions(), tuple(notes))
