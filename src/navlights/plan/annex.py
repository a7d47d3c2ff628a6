"""Annex I's technical checks of the lights as fitted, from the facts a plan gives (docs/plan.md).

Colour by chromaticity, sidelight screens, horizontal and vertical sectors, and the 1,000 m condition on
masthead lights. The limits and the paragraph of each are the edition's rule data (``[edition.annex_checks]``:
COLREGs 1972 Annex I; US Inland: 33 CFR 84), typed as :class:`~navlights.model.AnnexChecks`; an edition without
them gets no technical checks. A fact the plan does not give makes the check ``not-checked``, never ``pass``.
These are facts of the fitted light, not of the state: each is reported once, in the first state that shows the
light.

>>> red = ((0.660, 0.320), (0.680, 0.320), (0.735, 0.265), (0.721, 0.259))
>>> inside(red, (0.70, 0.30)), inside(red, (0.71, 0.30))
(True, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..model import AnnexChecks, Edition, Item
from .model import Hull, PlanLight

if TYPE_CHECKING:
    from .check import _State


EPS = 1e-9


def inside(area: tuple[tuple[float, float], ...], xy: tuple[float, float]) -> bool:
    """Whether the point lies in the polygon or on its boundary."""
    x, y = xy
    n, hit = len(area), False
    for i in range(n):
        (x1, y1), (x2, y2) = area[i], area[(i + 1) % n]
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if abs(cross) <= 1e-12 and min(x1, x2) - EPS <= x <= max(x1, x2) + EPS \
                and min(y1, y2) - EPS <= y <= max(y1, y2) + EPS:
            return True                                    # on an edge
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


@dataclass
class Annex:
    """The technical checks of one plan under one edition; ``seen`` keeps each light's checks to one state."""

    edition: Edition
    refs: AnnexChecks
    hull: Hull | None
    length_m: float
    seen: set[tuple[str, str]]

    def cite(self, ref: str) -> str:
        return f"{self.edition.id} {ref}"

    def once(self, check: str, key: str) -> bool:
        if (check, key) in self.seen:
            return False
        self.seen.add((check, key))
        return True

    def required_cd(self, item: Item) -> float | None:
        law = self.edition.intensity
        return None if item.range_nm is None or law is None else float(law.candela_as_tabled(item.range_nm))

    def light(self, st: _State, item: Item, entry: PlanLight, sailing_underway: bool) -> None:
        """Chromaticity, screens and sectors of one fitted light."""
        if self.once("chromaticity", entry.id):
            self.chromaticity(st, item, entry)
        if self.once("screen", entry.id):
            self.screen(st, item, entry)
        if self.once("horizontal-sector", entry.id):
            self.horizontal(st, item, entry)
        if self.once("vertical-sector", f"{entry.id}/{sailing_underway}"):
            self.vertical(st, item, entry, sailing_underway)

    def chromaticity(self, st: _State, item: Item, entry: PlanLight) -> None:
        area, cite = self.refs.area(entry.colour), self.cite(self.refs.colour_cite)
        if area is None:
            st.add("chromaticity", None, item, None, f"the text gives no area for {entry.colour}", cite=cite)
        elif entry.chromaticity is None:
            st.add("chromaticity", None, item, None, f"within the {entry.colour} area: the plan gives no (x, y)",
                   cite=cite)
        else:
            x, y = entry.chromaticity
            st.add("chromaticity", inside(area, (x, y)), item, f"x {x:.4f}, y {y:.4f}",
                   f"within the {entry.colour} area (corners " + ", ".join(f"{a:g} {b:g}" for a, b in area) + ")",
                   cite=cite)

    def screen(self, st: _State, item: Item, entry: PlanLight) -> None:
        cite = self.cite(self.refs.screens_cite)
        if item.canonical in ("combined-lantern", "tricolour"):
            st.add("screen", None, item, None, "a combined lantern needs no external screen only with a single "
                   "vertical filament and a very narrow division: the plan does not say", cite=cite)
            return
        if item.canonical != "sidelight":
            return
        must = self.length_m >= 20 - EPS
        need = "an inboard matt black screen" + ("" if must else ", where needed to meet the sector cut-offs")
        sc = entry.screen
        if sc is None:
            st.add("screen", None, item, None, f"{need}: the plan does not describe the screen", cite=cite)
            return
        st.add("screen", sc.inboard and sc.matt_black, item,
               ("inboard" if sc.inboard else "not inboard") + ", " + ("matt black" if sc.matt_black else "not matt black"),
               need + (" (vessel of 20 m or more)" if must else ""), cite=cite)
        if sc.cutoff_deg is not None:
            lo, hi = self.refs.side_cutoff_deg
            st.add("screen", lo - EPS <= sc.cutoff_deg <= hi + EPS, item, f"cut-off {sc.cutoff_deg:g}° outside",
                   f"practical cut-off between {lo:g}° and {hi:g}° outside the sector forward",
                   cite=f"{cite}; {self.refs.sector_forward_cite}")

    def horizontal(self, st: _State, item: Item, entry: PlanLight) -> None:
        kind = _sector_kind(item, entry)
        if kind is None:
            return
        hs, need = entry.horizontal_sector, self.required_cd(item)
        fwd, other = self.cite(self.refs.sector_forward_cite), self.cite(self.refs.sector_other_cite)
        if hs is None:
            st.add("horizontal-sector", None, item, None, "intensity within the sector and cut-off outside it: "
                   "the plan gives no measured sector", cite=fwd if kind == "side" else other)
            return
        ends = entry.arc()
        for k, end in enumerate(ends):
            forward = kind == "side" and abs(((end + 180) % 360) - 180) <= 0.5
            cite = fwd if forward else other
            where = f"at the {end:g}° end"
            if hs.cutoff_outside_deg is not None:
                c = hs.cutoff_outside_deg[k]
                lo, hi = self.refs.side_cutoff_deg if forward else (None, self.refs.other_cutoff_max_deg)
                ok = (lo is None or c >= lo - EPS) and c <= hi + EPS
                st.add("horizontal-sector", ok, item, f"cut-off {c:g}° outside {where}",
                       (f"between {lo:g}° and {hi:g}°" if lo is not None else f"at most {hi:g}°")
                       + f" outside {where}{self.refs.cutoff_note}", cite=cite)
            else:
                st.add("horizontal-sector", None, item, None, f"cut-off {where}: the plan gives none", cite=cite)
            if hs.min_cd_edges is not None:
                self._at_least(st, item, hs.min_cd_edges[k], need, 1.0 if forward else self.refs.edge_share,
                               f"in the last 5° to the {end:g}° end", cite)
        if hs.min_cd_within_5_deg is not None:
            self._at_least(st, item, hs.min_cd_within_5_deg, need, 1.0, "over the sector up to 5° inside its limits",
                           other if kind != "side" else self.cite(self.refs.sector_cite))

    def _at_least(self, st: _State, item: Item, have: float, need: float | None, share: float, where: str,
                  cite: str, check: str = "horizontal-sector") -> None:
        words = "the minimum intensity" if share == 1.0 else f"{share:.0%} of the minimum intensity"
        if need is None:
            st.add(check, None, item, f"{have:g} cd", f"{words} {where}: the minimum is not known here", cite=cite)
        else:
            st.add(check, have >= share * need - EPS, item, f"{have:g} cd {where}",
                   f"at least {share * need:g} cd ({words}, {need:g} cd for {item.range_nm:g} nm) {where}", cite=cite)

    def vertical(self, st: _State, item: Item, entry: PlanLight, sailing_underway: bool) -> None:
        ref = self.refs.vertical_sail_cite if sailing_underway else self.refs.vertical_cite
        vs, need = entry.vertical_sector, self.required_cd(item)
        if vs is None:
            st.add("vertical-sector", None, item, None, "intensity above and below the horizontal: the plan gives "
                   "no measured vertical sector", cite=self.cite(ref))
            return
        angle, share = self.refs.vertical_sail if sailing_underway else self.refs.vertical_power
        wide = vs.min_cd_25_deg if sailing_underway else vs.min_cd_7_5_deg
        for have, frac, deg, sub in ((vs.min_cd_5_deg, 1.0, 5.0, "(i)"), (wide, share, angle, "(ii)")):
            where = f"from {deg:g}° above to {deg:g}° below the horizontal"
            if have is None:
                st.add("vertical-sector", None, item, None, f"the least intensity {where}: the plan gives none",
                       cite=self.cite(ref + sub))
            else:
                self._at_least(st, item, have, need, frac, where, self.cite(ref + sub), check="vertical-sector")

    def masthead_1000m(self, st: _State, fwd_item: Item, aft_item: Item, fwd: PlanLight, aft: PlanLight) -> None:
        """The after masthead light seen over the forward one from sea level 1,000 m ahead of the stem."""
        if not self.once("visibility-1000m", f"{fwd.id}/{aft.id}"):
            return
        cite = self.cite(self.refs.masthead_1000m_cite)
        sight = self.refs.sight_m
        trims = self.hull.trim_deg if self.hull and self.hull.trim_deg else (0.0, 0.0)
        freeboard = self.hull.freeboard_m if self.hull else None
        level = "" if self.hull and self.hull.trim_deg else " (level trim: the plan gives no trim)"
        clear, psi = min((clearance(self.length_m, fwd.position_m, aft.position_m, freeboard or 0.0, t, sight), t)
                         for t in trims)
        if freeboard is None:
            top = freeboard_limit(self.length_m, fwd.position_m, aft.position_m, psi, sight)
            st.add("visibility-1000m", None if top > 0 else False, aft_item,
                   f"holds for a freeboard up to {top:.2f} m (trim {psi:g}°){level}" if top > 0 else
                   f"below the sight line at any freeboard (trim {psi:g}°){level}",
                   f"the after light above the sight line over the forward light from sea level {sight:g} m ahead of "
                   "the stem: the plan gives no hull.freeboard_m", cite=cite)
            return
        st.add("visibility-1000m", clear > 0, aft_item,
               f"{clear:.2f} m above the sight line at trim {psi:g}°{level}",
               f"seen over and separate from '{fwd_item.role}' from sea level {sight:g} m ahead of the stem in "
               f"all normal trim ({trims[0]:g}° to {trims[1]:g}° by the stern); the text sets no figure for "
               "'separate'", cite=cite)


def _sector_kind(item: Item, entry: PlanLight) -> str | None:
    """'side', 'stern' or 'masthead' for the lights 9(a) governs, else None."""
    if item.canonical == "masthead":
        return "masthead"
    if item.canonical in ("sidelight", "combined-lantern", "tricolour"):
        return "stern" if entry.colour == "white" else "side"
    return "stern" if item.canonical == "sternlight" else None


def _heights(length_m: float, fwd: Any, aft: Any, freeboard: float, trim_deg: float) -> tuple[float, float]:
    """Heights above the water of the forward and after lights, trimmed about amidships (bow up by the stern)."""
    t = math.tan(math.radians(trim_deg))
    mid = length_m / 2
    return freeboard + fwd.z + (fwd.x - mid) * t, freeboard + aft.z + (aft.x - mid) * t


def clearance(length_m: float, fwd: Any, aft: Any, freeboard: float, trim_deg: float, sight_m: float) -> float:
    """How far (m) the after light stands above the line from an eye at sea level ``sight_m`` ahead of the stem
    (1,000 m in COLREGs Annex I 2(b)) through the forward light; positive: seen over it.

    >>> from types import SimpleNamespace as P
    >>> round(clearance(100, P(x=80, z=10), P(x=40, z=10.59), 5, 0, 1000), 4)   # needs 15 * 1060 / 1020 = 15.5882
    0.0018
    """
    h_f, h_a = _heights(length_m, fwd, aft, freeboard, trim_deg)
    d_f, d_a = sight_m + length_m - fwd.x, sight_m + length_m - aft.x
    return h_a - h_f * d_a / d_f


def freeboard_limit(length_m: float, fwd: Any, aft: Any, trim_deg: float, sight_m: float) -> float:
    """The freeboard up to which the after light is still seen over the forward one (clearance falls with it)."""
    d_f, d_a = sight_m + length_m - fwd.x, sight_m + length_m - aft.x
    r = d_a / d_f
    c0 = clearance(length_m, fwd, aft, 0.0, trim_deg, sight_m)
    return c0 / (r - 1) if r > 1 else math.inf
