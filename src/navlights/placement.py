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
3. Fore and aft. "Forward"/"fore" words: x = +L/4 (the foremast); "forward end":
   x = +0.45 L; "stern", "aft": x = -0.45 L (the stern light x = -L/2);
   "abaft the funnel or aftermast": x = -L/4; otherwise midships x = 0, except
   masthead-like lights (canonical masthead) at +L/4.
4. Athwartships. On the keel line y = 0, except sidelights: y = +B/2 on the
   starboard side, -B/2 on the port side (words of the position, else green =
   starboard, red = port), abreast of the forward masthead light and at half its
   height above the hull (below it); a combined lantern's two halves stand
   0.15 m either side of the keel line.
5. Low lights (stern light, sidelights with no masthead light, lanterns):
   1 m above the hull. Steering light: half the mast height. All-round and
   other lights: the mast height H. "Top of the (fore)mast": F + max(H, L/2).
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
   vertical line; ``above`` R: higher by vertical_sep_min (else 6 ft), likewise;
   ``abaft`` R: abaft_min (else L/4) aft of R; ``forward_of`` R: L/4 ahead of R.
   Anchor lights (no height given): forward (+L/4 unless the position says
   otherwise) at F + 0.6 H, on the forestay below the mast head; one at the stern
   while another stands forward is 15 ft lower than it (typical; the 1897
   text's figure, assumed for all), but at least 1 m above the hull.
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

from .units import FOOT_M, parse_length

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
FORE_X, FORE_END_X, AFT_X = 0.25, 0.45, -0.45
LINE_ON_MASTHEAD = ("forward", "masthead")


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


def _len(v: Any) -> float | None:
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    return parse_length(v, "placement")


def height_rule(p: dict[str, Any], breadth_m: float) -> tuple[float, str] | None:
    """Height above the hull from a light's constraints, and how it was found; None when none apply."""
    if "above_gunwale_min" in p:
        return _len(p["above_gunwale_min"]) or 0.0, "above_gunwale_min above the deck"
    lo = _len(p.get("height_above_hull_min"))
    h, why = lo, "height_above_hull_min"
    if p.get("height_breadth_rule"):
        b = breadth_m
        cap = _len(p.get("height_need_not_exceed"))
        if cap is not None:
            b = min(b, cap)
        if h is None or b > h:
            h, why = b, "breadth (height_breadth_rule)" + (", capped by height_need_not_exceed" if
                                                            cap is not None and breadth_m > cap else "")
    hmin, hmax = _len(p.get("height_min")), _len(p.get("height_max"))
    if h is None and hmin is None and hmax is None:
        return None
    if h is None:
        h, why = (hmin if hmin is not None else hmax), "height_min" if hmin is not None else "height_max"
    if hmin is not None and h < hmin:
        h, why = hmin, "height_min"
    if hmax is not None and h > hmax:
        h, why = hmax, "height_max"
    return float(h), why  # type: ignore[arg-type]


def _side(item: Any, p: dict[str, Any]) -> int:
    pos = str(p.get("position", "")).lower()
    if "starboard" in pos:
        return 1
    if "port" in pos:
        return -1
    return {"green": 1, "red": -1}.get(item.colour, 0)


def _fore_aft(pos: str, L: float) -> float | None:
    pos = pos.lower()
    if "forward end" in pos:
        return FORE_END_X * L
    if "stern" in pos or pos.startswith("aft") or " aft" in pos:
        return AFT_X * L
    if "abaft the funnel" in pos or "aftermast" in pos:
        return -0.25 * L
    if "fore" in pos or "forward" in pos or "bow" in pos:
        return FORE_X * L
    if "amidships" in pos or "midships" in pos:
        return 0.0
    return None


def _is_forward_masthead(item: Any, p: dict[str, Any]) -> bool:
    return item.what == "light" and item.canonical == "masthead" and "higher_than" not in p


def place(items: Iterable[Any], length_m: float | None, breadth_m: float | None = None) -> Placement:
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

    pl = {it.role: dict(it.placement) for it in items}
    fwd = next((it for it in items if _is_forward_masthead(it, pl[it.role])), None)
    H = None
    if fwd is not None:
        r = height_rule(pl[fwd.role], B)
        H = r[0] if r else None
    if H is None:
        H = max(2.0, min(B, 12.0))
    pos: dict[str, list[Any]] = {}          # role -> [x, y, z, basis, conflicts]

    # Steps 2-5: each item's own place (the forward masthead light first: sidelights stand by it).
    for it in sorted(items, key=lambda i: i is not fwd):
        p = pl[it.role]
        where = str(p.get("position", ""))
        x = _fore_aft(where, L)
        y = 0.0
        hr = height_rule(p, B)
        c = it.canonical
        if it.what == "shape":
            z, basis = F + H / 2, "shape: half the mast height"
            x = FORE_X * L if x is None else x
        elif c == "sternlight":
            x, z, basis = -L / 2, F + LOW_LIGHT_M, "stern light: at the stern, 1 m above the hull"
        elif c in ("sidelight", "portable-sidelight"):
            y = _side(it, p) * B / 2
            if fwd is not None and fwd.role in pos:
                fx, _, fz = pos[fwd.role][:3]
                x = fx if x is None else x
                z, basis = F + (fz - F) / 2, "sidelight: abreast of the masthead light, half its height"
            else:
                x = FORE_X * L if x is None else x
                z, basis = F + LOW_LIGHT_M, "sidelight: 1 m above the hull"
        elif c == "combined-lantern":
            y = _side(it, p) * min(LANTERN_HALF_SEP_M, B / 2)
            x = FORE_X * L if x is None else x
            z, basis = F + LOW_LIGHT_M, "lantern: 1 m above the hull"
        elif c == "steering":
            x = -0.25 * L if x is None else x
            z, basis = F + H / 2, "steering light: abaft the funnel, half the mast height"
        elif c == "masthead" or c == "masthead-aft":
            x = FORE_X * L if x is None else x
            if hr:
                z, basis = F + hr[0], f"height above the hull from {hr[1]}"
            else:
                z, basis = F + H, "typical mast height"
        elif "top of" in where.lower():
            x = FORE_X * L if x is None else x
            z, basis = F + max(H, L / 2), "top of the mast: max(mast height, L/2) above the hull"
        elif c == "anchor":
            x = FORE_X * L if x is None else x
            z, basis = ((F + hr[0], f"height above the hull from {hr[1]}") if hr else
                        (F + ANCHOR_HEIGHT_RATIO * H, "anchor light: 0.6 of the mast height above the hull"))
        elif c == "flare-up":
            x = 0.0 if x is None else x
            z, basis = F + LOW_LIGHT_M, "hand light: 1 m above the hull"
        else:
            x = 0.0 if x is None else x
            if hr:
                z, basis = F + hr[0], f"height above the hull from {hr[1]}"
            else:
                z, basis = F + H, "typical mast height"
        pos[it.role] = [float(x), float(y), float(z), basis, []]

    # Step 6: vertical lines.
    lines: dict[tuple[str, str], list[Any]] = {}
    for it in items:
        name = pl[it.role].get("vertical_line")
        if name and not pl[it.role].get("below"):
            lines.setdefault((it.what, str(name)), []).append(it)
    order = {it.role: i for i, it in enumerate(items)}
    for (what, name), members in lines.items():
        members.sort(key=lambda it: (pl[it.role].get("stack_order", 10**6), order[it.role]))
        seps = [_len(pl[it.role].get("vertical_sep_min")) for it in members]
        sep = max([s for s in seps if s], default=DEFAULT_VERTICAL_SEP_M)
        caps = [_len(pl[it.role].get("vertical_sep_max")) for it in members]
        caps = [c for c in caps if c]
        if caps:
            sep = min(sep, min(caps))
        on_masthead = (name in LINE_ON_MASTHEAD and what == "light" and fwd is not None
                       and fwd not in members)
        if on_masthead:
            bx, by, bz = pos[fwd.role][:3]
            stack = [fwd] + members
            basis0 = f"vertical line '{name}' on the forward masthead light"
        else:
            bx, by, bz = pos[members[0].role][:3]
            stack = members
            basis0 = f"vertical line '{name}'"
        for k, it in enumerate(stack):
            if on_masthead and k == 0:
                continue
            pos[it.role][:4] = [bx, by, bz + k * sep, f"{basis0}, {k + 1} from the bottom, {sep:.2f} m apart"]

    # Step 7: relations, in an order that lets a reference be settled first.
    def settle(role: str, seen: set[str]) -> None:
        if role in seen:
            return
        seen.add(role)
        p = pl[role]
        for key in ("higher_than", "below", "above", "abaft", "forward_of"):
            ref = p.get(key)
            if not ref:
                continue
            if ref not in pos:
                pos[role][4].append(f"{key} '{ref}': not in this picture; own place kept")
                continue
            settle(ref, seen)
            rx, ry, rz = pos[ref][:3]
            x, y, z, basis, conf = pos[role]
            if key == "higher_than":
                dz = _len(p.get("higher_by_min"))
                z = max(z, rz + (dz if dz is not None else DEFAULT_VERTICAL_SEP_M))
                k = p.get("horizontal_to_vertical_min")
                want = k * (z - rz) if k else L / 4
                x = rx - want
                basis = f"higher than '{ref}' by {z - rz:.2f} m, {want:.2f} m abaft it"
                if x < AFT_X * L:
                    conf.append(f"horizontal distance {want:.1f} m from '{ref}' does not fit on a "
                                f"{L:.1f} m hull; placed at the stern")
                    x = AFT_X * L
                y = 0.0
            elif key == "below":
                dz = _len(p.get("below_by_min"))
                z = rz - (dz if dz is not None else DEFAULT_BELOW_M)
                if p.get("vertical_line"):          # in its vertical line: under it
                    x, y = rx, (y if abs(y) <= LANTERN_HALF_SEP_M else ry)
                basis = f"below '{ref}' by {rz - z:.2f} m" + (", in line" if p.get("vertical_line") else "")
            elif key == "above":
                dz = _len(p.get("vertical_sep_min"))
                z = rz + (dz if dz is not None else DEFAULT_VERTICAL_SEP_M)
                if p.get("vertical_line"):
                    x, y = rx, ry
                basis = f"above '{ref}' by {z - rz:.2f} m" + (", in line" if p.get("vertical_line") else "")
            elif key == "abaft":
                dx = _len(p.get("abaft_min"))
                x = rx - (dx if dx is not None else L / 4)
                basis += f"; {rx - x:.2f} m abaft '{ref}'"
                if x < -L / 2:
                    conf.append(f"abaft '{ref}' by {rx - x:.1f} m does not fit on a {L:.1f} m hull")
                    x = -L / 2
            elif key == "forward_of":
                x = min(rx + L / 4, L / 2)
                basis += f"; forward of '{ref}'"
            pos[role][:4] = [x, y, z, basis]

    seen_roles: set[str] = set()
    for it in items:
        settle(it.role, seen_roles)

    # Anchor lights: forward at 0.6 H, on the forestay below the mast head; the one at the stern
    # 15 ft lower than the one forward (typical), unless the constraints give heights.
    anchors = [it for it in items if it.canonical == "anchor" and it.what == "light"]
    fwd_anchor = next((it for it in anchors if pos[it.role][0] >= 0), None)
    for it in anchors:
        if (it is fwd_anchor or fwd_anchor is None or pos[it.role][0] >= 0 or height_rule(pl[it.role], B)
                or any(k in pl[it.role] for k in ("below", "above", "higher_than", "vertical_line"))):
            continue
        fz = pos[fwd_anchor.role][2]
        z = max(F + LOW_LIGHT_M, fz - AFT_ANCHOR_DROP_M)
        pos[it.role][2] = z
        pos[it.role][3] = f"anchor light aft: {fz - z:.2f} m lower than the forward one (typical)"

    # Items of one kind (lights, or shapes) left at one point, outside a common vertical line, are set
    # apart along the keel (a typical arrangement; the law fixes no such place).
    taken: dict[tuple[str, float, float, float], str] = {}
    for it in sorted(items, key=lambda i: not pl[i.role].get("vertical_line")):   # lines keep their place
        x, y, z = pos[it.role][:3]
        key = (it.what, round(x, 2), round(y, 2), round(z, 2))
        while key in taken:
            other = taken[key]
            line_a, line_b = pl[it.role].get("vertical_line"), pl[other].get("vertical_line")
            if line_a and line_a == line_b:
                break
            x -= SEPARATE_M
            pos[it.role][0] = x
            pos[it.role][3] = f"{pos[it.role][3]}; {SEPARATE_M:g} m abaft '{other}' to keep them apart"
            key = (it.what, round(x, 2), round(y, 2), round(z, 2))
        taken.setdefault(key, it.role)

    # Nothing below the deck edge.
    out = []
    for it in items:
        x, y, z, basis, conf = pos[it.role]
        if z < F:
            conf.append(f"derived height {z - F:.2f} m above the hull raised to the deck")
            z = F
        out.append(Position(it.role, x, y, z, basis, True, tuple(conf)))
    return Placement(L, B, F, length_assumed, breadth_assumed, tuple(out), tuple(notes))
