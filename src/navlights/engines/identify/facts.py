"""The facts a reading holds for (length, tonnage, tow length): threshold intervals, their words and
numbers, and merging boxes of intervals that are adjacent along one fact."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...classes import thresholds
from ...model import Edition
from ...units import fmt_band, parse_length

@dataclass(frozen=True, slots=True)
class Fact:
    """One fact's threshold cuts in an edition; atoms 0..2n: open intervals (even) and the cuts (odd)."""

    name: str
    cuts: tuple[float, ...]
    system: str = "feet"            # the edition's unit system: lengths in words as its rules write them

    def atom(self, value: float) -> int:
        for i, c in enumerate(self.cuts):
            if abs(value - c) <= 1e-6 * max(1.0, abs(c)):
                return 2 * i + 1
        return 2 * sum(1 for c in self.cuts if c < value)

    def words(self, lo: int, hi: int) -> str | None:
        """Plain words for the atoms lo..hi, or None when they cover every value."""
        n = len(self.cuts)
        if lo == 0 and hi == 2 * n:
            return None
        unit = self._fmt
        lo_v = None if lo == 0 else self.cuts[(lo - 1) // 2] if lo % 2 else self.cuts[lo // 2 - 1]
        lo_closed = lo % 2 == 1
        hi_v = None if hi == 2 * n else self.cuts[hi // 2] if hi % 2 == 0 else self.cuts[(hi - 1) // 2]
        hi_closed = hi % 2 == 1
        name = {"length": "length", "tonnage": "tonnage", "tow_length": "tow"}[self.name]
        if lo_v is not None and hi_v is not None and lo_v == hi_v:
            return f"{name} exactly {unit(lo_v)}"
        if lo_v is None:
            assert hi_v is not None                  # both open: every value, answered above
            return f"{name} {'up to' if hi_closed else 'under'} {unit(hi_v)}"
        low = f"{unit(lo_v)} or more" if lo_closed else f"over {unit(lo_v)}"
        if hi_v is None:
            return f"{name} {low}"
        return f"{name} {low} and {'up to' if hi_closed else 'under'} {unit(hi_v)}"

    def limits(self, lo: int, hi: int) -> dict[str, Any]:
        """The atoms lo..hi as numbers: min/max (metres, or tons) and whether each end is included."""
        n = len(self.cuts)
        lo_v = None if lo == 0 else self.cuts[(lo - 1) // 2] if lo % 2 else self.cuts[lo // 2 - 1]
        hi_v = None if hi == 2 * n else self.cuts[hi // 2] if hi % 2 == 0 else self.cuts[(hi - 1) // 2]
        return {"fact": self.name, "unit": "tons" if self.name == "tonnage" else "m",
                "min": lo_v, "min_closed": lo % 2 == 1, "max": hi_v, "max_closed": hi % 2 == 1}

    def _fmt(self, v: float) -> str:
        if self.name == "tonnage":
            return f"{v:g} tons"
        return fmt_band(v, self.system)


def _facts(edition: Edition) -> tuple[Fact, Fact, Fact]:
    system = edition.length_system
    return (Fact("length", tuple(thresholds(edition, "length")), system),
            Fact("tonnage", tuple(thresholds(edition, "tonnage")), system),
            Fact("tow_length", tuple(thresholds(edition, "tow_length")), system))


def measures(v: Mapping[str, Any]) -> dict[str, float | None]:
    """Length and tow length (m) and tonnage of a (possibly partial) vessel description ('200 ft', '61 m')."""
    tow = next((x for x in (v.get("towing"), v.get("being_towed")) if isinstance(x, dict)), {})
    length, tow_length, tonnage = v.get("length"), tow.get("tow_length"), v.get("tonnage")
    return {"length": None if length is None else parse_length(length),
            "tonnage": None if tonnage is None else float(tonnage),
            "tow_length": None if tow_length is None else parse_length(tow_length, "tow_length")}


def _atoms(facts: tuple[Fact, Fact, Fact], v: Mapping[str, Any]) -> tuple[int | None, int | None, int | None]:
    m = measures(v)
    L, t, w = m["length"], m["tonnage"], m["tow_length"]
    return (None if L is None else facts[0].atom(L), None if t is None else facts[1].atom(float(t)),
            None if w is None else facts[2].atom(w))



_OTHER = ((1, 2), (0, 2), (0, 1))


def _merge_boxes(boxes: dict[tuple, list[Any]]) -> dict[tuple, list[Any]]:
    """Merge boxes of atom ranges (one per fact, None where the fact is not set) that are adjacent
    along one fact and equal along the others; each box carries [ranges, example, order, the example's
    own ranges] (the merged box keeps its first example and that example's ranges)."""
    if len(boxes) < 2:
        return boxes
    first = next(iter(boxes))
    dims = [d for d in range(3) if first[d] is not None]
    cur = boxes
    stable = 0
    k = 0
    while stable < len(dims):
        dim = dims[k % len(dims)]
        k += 1
        i, j = _OTHER[dim]
        groups: dict[tuple, list[tuple]] = {}
        for bx in cur:
            groups.setdefault((bx[i], bx[j]), []).append(bx)
        new: dict[tuple, list[Any]] = {}
        changed = False
        for bs in groups.values():
            if len(bs) == 1:
                new[bs[0]] = cur[bs[0]]
                continue
            bs.sort(key=lambda bx: bx[dim][0])
            run_box, run_val = bs[0], cur[bs[0]]
            for bx in bs[1:]:
                if bx[dim][0] == run_box[dim][1] + 1:
                    merged = list(run_box)
                    merged[dim] = (run_box[dim][0], bx[dim][1])
                    run_box = tuple(merged)
                    other = cur[bx]
                    run_val = [run_val[0] | other[0], run_val[1], min(run_val[2], other[2]), run_val[3]]
                    changed = True
                else:
                    new[run_box] = run_val
                    run_box, run_val = bx, cur[bx]
            new[run_box] = run_val
        cur = new
        stable = 0 if changed else stable + 1
    return cur


def _box_within(inner: tuple, outer: tuple) -> bool:
    """Every fact's atom range of ``inner`` lies in that of ``outer``."""
    for a, b in zip(inner, outer):
        if (a is None) != (b is None):
            return False
        if a is not None and not (b[0] <= a[0] and a[1] <= b[1]):
            return False
    return True

