"""Aspect ranges and their words: where she is seen so, and which way she heads (docs/identify.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ..sectors import Interval, Sector, fmt_deg

@dataclass(frozen=True, slots=True)
class AspectRange(Interval):
    """An interval of aspect (see :class:`~navlights.engines.sectors.Interval`), labelled to a tenth of a degree."""

    def label(self, fmt=None) -> str:
        """'[0°]', '(247.5°, 360°)'; an end found from the typical placement to a tenth of a degree."""
        return Interval.label(self, fmt or _deg)

    def to_dict(self) -> dict[str, Any]:
        return dict(_as_dict(self))

    @classmethod
    def of_sector(cls, s: Sector) -> "AspectRange":
        return cls(s.start_deg, s.end_deg, s.start_closed, s.end_closed)


@lru_cache(maxsize=1 << 16)
def _as_dict(r: AspectRange) -> dict[str, Any]:
    """The JSON of a range, made once per range (an answer writes the same ranges again and again)."""
    return {"start_deg": round(r.start_deg, 6), "end_deg": round(r.end_deg, 6),
            "start_closed": r.start_closed, "end_closed": r.end_closed, "point": r.point,
            "wraps": r.wraps, "width_deg": round(r.width_deg, 6), "mid_deg": round(r.mid_deg, 6),
            "label": r.label()}


def _deg(x: float) -> str:
    """An arc end as the data gives it (112.5, 33.75), or a computed one to 0.1° (280.6)."""
    if abs(x * 100.0 - round(x * 100.0)) < 1e-6:
        return fmt_deg(x)
    return f"{x:.1f}"


def union(ranges: Iterable[AspectRange]) -> tuple[AspectRange, ...]:
    """The union of aspect ranges, as few ranges as possible, clockwise from the one holding 0."""
    segs: list[tuple[float, float, bool, bool]] = []     # on the line [0, 360]
    for r in ranges:
        if r.point:
            segs.append((r.start_deg % 360.0, r.start_deg % 360.0, True, True))
            continue
        s, w = r.start_deg % 360.0, r.width_deg
        e = s + w
        if e <= 360.0:
            segs.append((s, e, r.start_closed, r.end_closed))
        else:
            segs.append((s, 360.0, r.start_closed, False))
            segs.append((0.0, e - 360.0, True, r.end_closed))
    if not segs:
        return ()
    segs.sort(key=lambda t: (t[0], not t[2]))
    out: list[list[Any]] = []
    for s, e, sc, ec in segs:
        if out:
            cs, ce, csc, cec = out[-1]
            if s < ce - 1e-9 or (abs(s - ce) <= 1e-9 and (cec or sc)):
                if e > ce + 1e-9:
                    out[-1][1], out[-1][3] = e, ec
                elif abs(e - ce) <= 1e-9:
                    out[-1][3] = cec or ec
                continue
        out.append([s, e, sc, ec])
    # the circle: a range ending at 360 joins one starting at 0 (the point 0 = 360 belongs to either)
    if len(out) > 1 and abs(out[-1][1] - 360.0) <= 1e-9 and out[0][0] <= 1e-9 and (out[0][2] or out[-1][3]):
        last = out.pop()
        out[0] = [last[0], out[0][1], last[2], out[0][3]]
    if len(out) == 1 and out[0][0] <= 1e-9 and abs(out[0][1] - 360.0) <= 1e-9:
        return (AspectRange(0.0, 360.0, True, False),)
    res = [AspectRange(s % 360.0 if s < 360.0 else 0.0, e, sc, ec) for s, e, sc, ec in out]
    first = next((i for i, r in enumerate(res) if r.contains(0.0)), 0)
    return tuple(res[first:] + res[:first])


def covers_open(ranges: Sequence[AspectRange], lo: float, hi: float) -> bool:
    """Some range meets the open interval (lo, hi)."""
    for r in ranges:
        if r.point:
            if lo < r.start_deg % 360.0 < hi:
                return True
            continue
        s, w = r.start_deg, r.width_deg
        for k in (0.0, -360.0, 360.0):
            a, b = s + k, s + w + k
            if a < hi and b > lo:
                return True
    return False


def heading_words(ranges: Sequence[AspectRange]) -> str:
    """Which way she heads, seen from the aspects given: 'showing her starboard side, her head to your right'.

    At aspect 90 (you on her starboard beam) her head points to your RIGHT: from anywhere on her
    starboard side (aspect 0 to 180) she crosses from your left to your right.
    """
    from ..view import aspect_words, heading_cue

    if len(ranges) == 1 and ranges[0].point:
        a = ranges[0].start_deg % 360.0
        return f"you are {aspect_words(a)}: {heading_cue(a)}"
    ahead = any(r.contains(0.0) for r in ranges)
    astern = any(r.contains(180.0) for r in ranges)
    stbd = covers_open(ranges, 0.0, 180.0)
    port = covers_open(ranges, 180.0, 360.0)
    fwd = covers_open(ranges, -90.0, 90.0)
    aft = covers_open(ranges, 90.0, 270.0)
    if ahead and astern:
        return "any heading: she shows the same from every side"
    if stbd and port:
        if ahead:
            return "showing her bow: she heads toward you, her head to your left or right"
        if astern:
            return "showing her stern: she heads away from you, her head to your left or right"
        return "her head to your left or to your right"
    if not stbd and not port:
        return "she heads straight toward or straight away from you"
    side, hand = ("starboard", "right") if stbd else ("port", "left")
    words = f"showing her {side} side, her head to your {hand}"
    if fwd and not aft:
        words += ": crossing toward you (you are forward of her beam)"
    elif aft and not fwd:
        words += ": going away (you are abaft her beam)"
    return words

