"""Within an aspect sector, the exact aspects where the arrangement seen changes (two lights pass
each other or come within the column tolerance across the line of sight), from the typical placement."""

from __future__ import annotations

import itertools
import math
from typing import Sequence

from ...model import Item
from ...notation import COLUMN_TOL_M, Pattern, arrange, relations_from_levels, token_of
from ..sectors import Sector
from .aspects import AspectRange

Point = tuple[str, float, float, float, str]                # (token, x, y, z, role) of a light as placed
Seen = tuple[Pattern, tuple[tuple[str, ...], ...]]          # the pattern at an aspect, and the roles in its columns
Piece = tuple[AspectRange, Pattern, tuple[tuple[str, ...], ...]]
Run = tuple[float, float, bool, bool, Seen]                 # offsets from the sector's start, closed ends, what is seen


def _seen_at(pts: Sequence[Point], period: str, a: float) -> Seen:
    """The pattern the lights make seen from aspect ``a``, reduced as a picture from ``view()`` is."""
    rad = math.radians(a % 360.0)
    sa, ca = math.sin(rad), math.cos(rad)
    cols, levels = arrange([(t, x * sa - y * ca, z, r) for t, x, y, z, r in pts])
    lv = tuple(tuple(c) for c in levels)
    pat = Pattern(period, tuple(tuple(p[0] for p in c) for c in cols), relations_from_levels(lv), lv, "index")
    return pat, tuple(tuple(p[3] for p in c) for c in cols)


def _cuts(pts: Sequence[Point], start: float, width: float) -> list[float]:
    """Offsets from ``start`` (inside the sector) where two lights' offset difference is -0.5, 0 or 0.5 m:
    ``dx sin a - dy cos a = R sin(a - phi) = c`` at ``a = phi + asin(c/R)`` and ``phi + 180 - asin(c/R)``."""
    cuts: set[float] = set()
    for (_, x1, y1, _, _), (_, x2, y2, _, _) in itertools.combinations(pts, 2):
        dx, dy = x1 - x2, y1 - y2
        rr = math.hypot(dx, dy)
        if rr < 1e-9:
            continue
        phi = math.degrees(math.atan2(dy, dx))
        for c in (-COLUMN_TOL_M, 0.0, COLUMN_TOL_M):
            if abs(c) > rr:
                continue
            al = math.degrees(math.asin(c / rr))
            for a in (phi + al, phi + 180.0 - al):
                t = (a - start) % 360.0
                if 1e-7 < t < width - 1e-7:
                    cuts.add(round(t, 9))
    return sorted(cuts)


def _runs(s: Sector, width: float, probes: Sequence[tuple[float, bool]], evals: Sequence[Seen]) -> list[Run]:
    """Neighbouring probes that see the same merged into runs, each with its ends; an all-round sector
    whose first and last runs see the same joins them across its start."""
    runs: list[list[int]] = []
    for k, e in enumerate(evals):
        if runs and evals[runs[-1][-1]] == e:
            runs[-1].append(k)
        else:
            runs.append([k])
    ranges: list[Run] = []
    for run in runs:
        f, l_ = run[0], run[-1]
        if f == 0:
            a0, c0 = 0.0, s.start_closed
        elif probes[f][1]:
            a0, c0 = probes[f][0], True
        else:
            a0, c0 = probes[f - 1][0], False
        if l_ == len(probes) - 1:
            a1, c1 = width, s.end_closed
        elif probes[l_][1]:
            a1, c1 = probes[l_][0], True
        else:
            a1, c1 = probes[l_ + 1][0], False
        ranges.append((a0, a1, c0, c1, evals[f]))
    if width >= 360.0 and len(ranges) > 1 and ranges[0][4] == ranges[-1][4]:
        last = ranges.pop()
        ranges[0] = (last[0] - 360.0, ranges[0][1], last[2], ranges[0][3], ranges[0][4])
    return ranges


def _sector_pieces(s: Sector, pts: Sequence[Point], period: str) -> list[Piece]:
    """The aspect ranges within one sector where the arrangement seen stays the same, and what it is."""
    start = s.start_deg
    if s.point:
        return [(AspectRange(start, start, True, True),) + _seen_at(pts, period, start)]
    width = s.width_deg
    bounds = [0.0] + _cuts(pts, start, width) + [width]
    probes: list[tuple[float, bool]] = []          # (offset from start, is a point)
    for k in range(len(bounds) - 1):
        if k:
            probes.append((bounds[k], True))
        probes.append(((bounds[k] + bounds[k + 1]) / 2.0, False))
    evals = [_seen_at(pts, period, start + t) for t, _ in probes]
    ranges = _runs(s, width, probes, evals)
    pieces: list[Piece] = []
    for a0, a1, c0, c1, (pat, roles_) in ranges:
        lo = (start + a0) % 360.0
        hi = start + a1
        while hi > 360.0 + 1e-12:
            hi -= 360.0
        if a1 - a0 <= 1e-12:     # a single aspect (a cut): one number at both ends, not 0 and 360
            hi = lo
        if width >= 360.0 and len(ranges) == 1:
            lo, hi, c0, c1 = s.start_deg, s.end_deg, s.start_closed, s.end_closed
        pieces.append((AspectRange(lo, hi, c0, c1), pat, roles_))
    return pieces


def _pieces(items: tuple[Item, ...], period: str, length_m: float | None, breadth_m: float | None,
            secs: Sequence[Sector]) -> list[tuple[Sector, list[Piece]]]:
    """For each sector: the aspect ranges within it where the arrangement seen stays the same."""
    from ...placement import place

    placement = place(items, length_m, breadth_m)
    where = {p.role: (p.x_m, p.y_m, p.z_m) for p in placement.positions}
    token = {i.role: token_of(i.what, i.colour, i.canonical, i.character) for i in items}
    out = []
    for s in secs:
        roles = [r for r in s.roles if r in where]
        if not roles:
            continue
        pts = [(token[r], where[r][0], where[r][1], where[r][2], r) for r in roles]
        out.append((s, _sector_pieces(s, pts, period)))
    return out
