"""Identify: from the lights (or shapes) seen to every vessel, edition and aspect that fits.

Built from the engines, never from a hand-written table (docs/identify.md):

1. for each edition, every representative vessel of :func:`navlights.classes.vessels` (one per
   situation and threshold interval of length, tonnage and tow length, derived from the
   edition's own conditions);
2. its display, and every way of lighting it the rules allow: the typical choice, each other
   option of a group of alternatives, each alternative scheme (small-craft lights), the
   optional items, the lights shown on approach (each variant marked);
3. the aspect sectors of each (:func:`navlights.engines.sectors.sectors`), and within each
   sector the exact aspects where the arrangement as seen changes (where two lights pass
   each other or come within the view's column tolerance across the line of sight), from the
   typical placement;
4. the picture at a representative aspect of each piece, reduced to its canonical
   :class:`~navlights.notation.Pattern` (colours, vertical lines, left-to-right order, heights
   of neighbouring columns) by the same function that reads a picture from
   :func:`navlights.view`;
5. an index: pattern -> readings. Readings of one edition and situation that differ only in
   adjacent intervals of length (tonnage, tow length) are merged, and situations whose
   readings are identical are listed together (``also``).

A query looks up exact matches, then near matches (the same lights arranged otherwise; white
taken for yellow or the reverse; one light missed; one light that is not hers), each marked.
The index of an edition is built on first use and kept in memory for that edition object
(the loader makes a new one when the data changes); on disk, when a cache directory is set,
under a key made of the SHA-256 of the edition's data (as loaded from its file) and of
navlights' code.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import math
import os
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ..classes import SITUATIONS, thresholds, vessels
from ..errors import NavlightsError
from ..model import Display, Edition, Item
from ..notation import (COLUMN_TOL_M, Pattern, arrange, as_pattern, relations_from_levels,
                        token_of, token_words)
from ..units import m_to_ft, parse_length
from .sectors import Interval, Sector, fmt_deg

INDEX_VERSION = 3
#: A single aspect (where two arcs meet) counts as this wide in the score: the view's edge tolerance.
POINT_WIDTH_DEG = 3.0
#: Each kind of match: its rank (exact first) and weight in the score.
KINDS: dict[str, tuple[int, float, str]] = {
    "exact": (0, 1.0, "the picture as typed"),
    "arrangement": (1, 0.6, "the same lights, arranged otherwise (the placement is typical, not known)"),
    "colour-doubt": (2, 0.55, "one light's colour read otherwise: white for yellow or yellow for white"),
    "missed-light": (3, 0.5, "she shows one light more, which may have been missed"),
    "extra-light": (4, 0.4, "one light seen is not hers"),
}
SIGNAL_UNKNOWN_WEIGHT = 0.5  # a situation whose own signal was not found (rule-data `signal_unknown`)
VARIANT_WEIGHT = 0.85         # per option, scheme or optional item away from the typical lights
ON_APPROACH_WEIGHT = 0.7      # lights shown only on approach (a lantern, a flare-up, a torch)
MAX_VARIANTS = 512
CACHE_ENV = "NAVLIGHTS_CACHE_DIR"
_DOUBT = {"W": "Y", "Y": "W"}


# ------------------------------------------------------------------------------------------
# Aspect ranges and their words


@dataclass(frozen=True, slots=True)
class AspectRange(Interval):
    """An interval of aspect (see :class:`~navlights.engines.sectors.Interval`), labelled to a tenth of a degree."""

    def label(self, fmt=None) -> str:
        """'[0°]', '(247.5°, 360°)'; an end found from the typical placement to a tenth of a degree."""
        return Interval.label(self, fmt or _deg)

    def to_dict(self) -> dict[str, Any]:
        return {"start_deg": round(self.start_deg, 6), "end_deg": round(self.end_deg, 6),
                "start_closed": self.start_closed, "end_closed": self.end_closed, "point": self.point,
                "wraps": self.wraps, "width_deg": round(self.width_deg, 6), "mid_deg": round(self.mid_deg, 6),
                "label": self.label()}

    @classmethod
    def of_sector(cls, s: Sector) -> "AspectRange":
        return cls(s.start_deg, s.end_deg, s.start_closed, s.end_closed)


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


def _covers(ranges: Sequence[AspectRange], lo: float, hi: float) -> bool:
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
    from .view import aspect_words, heading_cue

    if len(ranges) == 1 and ranges[0].point:
        a = ranges[0].start_deg % 360.0
        return f"you are {aspect_words(a)}: {heading_cue(a)}"
    ahead = any(r.contains(0.0) for r in ranges)
    astern = any(r.contains(180.0) for r in ranges)
    stbd = _covers(ranges, 0.0, 180.0)
    port = _covers(ranges, 180.0, 360.0)
    fwd = _covers(ranges, -90.0, 90.0)
    aft = _covers(ranges, 90.0, 270.0)
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


# ------------------------------------------------------------------------------------------
# Intervals of the facts (length, tonnage, tow length) a situation's readings hold for


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact's threshold cuts in an edition; atoms 0..2n: open intervals (even) and the cuts (odd)."""

    name: str
    cuts: tuple[float, ...]

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
        return f"{round(m_to_ft(v), 1):g} ft"


def _facts(edition: Edition) -> tuple[Fact, Fact, Fact]:
    return (Fact("length", tuple(thresholds(edition, "length"))),
            Fact("tonnage", tuple(thresholds(edition, "tonnage"))),
            Fact("tow_length", tuple(thresholds(edition, "tow_length"))))


def _metres(text: Any) -> float | None:
    """Metres from '45.72 m' or '150 ft' (as classes.vessels and users write lengths)."""
    if text is None:
        return None
    return parse_length(text)


def _atoms(facts: tuple[Fact, Fact, Fact], v: Mapping[str, Any]) -> tuple[int | None, int | None, int | None]:
    tow = next((x for x in (v.get("towing"), v.get("being_towed")) if isinstance(x, dict)), {})
    L = _metres(v.get("length"))
    t = v.get("tonnage")
    w = _metres(tow.get("tow_length"))
    return (None if L is None else facts[0].atom(L), None if t is None else facts[1].atom(float(t)),
            None if w is None else facts[2].atom(w))


# ------------------------------------------------------------------------------------------
# Readings and hypotheses


@dataclass(frozen=True, slots=True)
class Reading:
    """One answer the index holds: an edition's vessel class, the way she is lit, where she is seen so."""

    edition: str
    situation: str                      # the situation, in plain words
    also: tuple[str, ...]               # other situations that read the same
    conditions: tuple[str, ...]         # 'length 150 ft or more', 'tow over 600 ft'
    limits: tuple[dict[str, Any], ...]  # the same as numbers (metres, tons), one per fact that was set
    vessel: dict[str, Any]              # a representative vessel of the class (reproduces the reading)
    variant: tuple[str, ...]            # how she is lit, where not the typical lights; () = typical
    choose: Any                         # the view's `choose` that reproduces it
    weight: float                       # 1 for the typical lights, less for each variant step
    period: str
    sector: Sector                      # the aspect sector (sectors()) in which she shows these lights
    aspects: tuple[AspectRange, ...]    # where, within it, they are arranged as in `picture`
    heading: str
    picture: str                        # what she shows there, in the notation
    pattern_key: tuple[Any, ...]
    lights: tuple[tuple[str, str, str], ...]   # (role, token, cite) of each light or shape seen
    rules: tuple[str, ...]              # the provisions her lights come from, with their cites
    citations: tuple[str, ...]
    gaps: tuple[str, ...]               # what the rule base does not know for her (gap notes)
    order: int                          # place in the index: situations in their order, then by size
    rid: int = 0                        # the index's record kind (internal)
    prior: float = 0.0                  # weight x (0.5 + 0.5 x width of the aspects / 360)

    def __post_init__(self) -> None:
        w = min(sum(POINT_WIDTH_DEG if r.point else r.width_deg for r in self.aspects), 360.0)
        object.__setattr__(self, "prior", self.weight * (0.5 + 0.5 * w / 360.0))

    @property
    def width_deg(self) -> float:
        """How wide the aspects are (a single aspect counts as POINT_WIDTH_DEG)."""
        return min(sum(POINT_WIDTH_DEG if r.point else r.width_deg for r in self.aspects), 360.0)

    def covers(self, vessel: Mapping[str, Any]) -> bool:
        """The vessel's length, tonnage and tow length ('200 ft', '61 m') lie in the reading's limits."""
        tow = next((x for x in (vessel.get("towing"), vessel.get("being_towed")) if isinstance(x, dict)), {})
        have = {"length": _metres(vessel.get("length")), "tonnage": vessel.get("tonnage"),
                "tow_length": _metres(tow.get("tow_length"))}
        for lim in self.limits:
            v = have.get(lim["fact"])
            if v is None:
                return False
            v = float(v)
            lo, hi = lim["min"], lim["max"]
            if lo is not None and not (v > lo + 1e-6 or (lim["min_closed"] and abs(v - lo) <= 1e-6)):
                return False
            if hi is not None and not (v < hi - 1e-6 or (lim["max_closed"] and abs(v - hi) <= 1e-6)):
                return False
        return True

    @property
    def description(self) -> str:
        """The class in plain words: situation, then the intervals it holds for."""
        return ", ".join((self.situation,) + self.conditions)

    @property
    def aspect_deg(self) -> float:
        """A representative aspect: the middle of the widest range."""
        r = max(self.aspects, key=lambda r: r.width_deg)
        return round(r.mid_deg, 6)


@dataclass(frozen=True, slots=True)
class Hypothesis:
    """One ranked answer of identify: a reading, how it matches the picture, and its score.

    The reading's fields (``edition``, ``situation``, ``aspects``, ``heading``, ...) read as the
    hypothesis's own.
    """

    reading: Reading
    match: str                           # exact | arrangement | colour-doubt | missed-light | extra-light
    raw_score: float
    query: Pattern | None = None
    detail: tuple = ()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in ("reading", "query", "detail", "match", "raw_score"):
            raise AttributeError(name)
        return getattr(self.reading, name)

    @property
    def score(self) -> float:
        """KINDS weight x the reading's prior (variant weight x how wide its aspects are), 0 to 1."""
        return round(self.raw_score, 4)

    @property
    def near(self) -> bool:
        return self.match != "exact"

    @property
    def remark(self) -> str | None:
        """For a near match: what must have been missed, misread or added."""
        if self.query is None:
            return None
        return remark(self.query, self.match, self.detail, self.reading)

    def contains(self, aspect_deg: float) -> bool:
        """The aspect lies in a range where she shows the picture so."""
        return any(r.contains(aspect_deg) for r in self.reading.aspects)

    def text(self) -> str:
        """One line: score, match, edition, class, how lit."""
        r = self.reading
        head = f"{self.score:.2f} {self.match:<12} {r.edition:<9} {r.description}"
        if r.variant:
            head += f" [{'; '.join(r.variant)}]"
        return head

    def to_dict(self) -> dict[str, Any]:
        r = self.reading
        return {
            "edition": r.edition, "situation": r.situation, "also": list(r.also),
            "conditions": list(r.conditions), "limits": [dict(x) for x in r.limits], "class": r.description,
            "vessel": r.vessel,
            "variant": list(r.variant), "typical": not r.variant,
            "choose": r.choose if isinstance(r.choose, str) else dict(r.choose),
            "period": r.period, "sector": {**AspectRange.of_sector(r.sector).to_dict(),
                                           "roles": list(r.sector.roles)},
            "aspects": [a.to_dict() for a in r.aspects], "aspect_deg": r.aspect_deg,
            "heading": r.heading, "picture": r.picture,
            "lights": [{"role": role, "token": tok, "cite": cite} for role, tok, cite in r.lights],
            "rules": list(r.rules), "citations": list(r.citations), "gaps": list(r.gaps),
            "match": self.match, "near": self.near, "remark": self.remark, "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class Identification:
    """The answer to one query: the picture as read, and every hypothesis, ranked."""

    pattern: Pattern
    editions: tuple[str, ...]
    hypotheses: tuple[Hypothesis, ...]
    total: int                           # before any limit
    exact: int

    def __iter__(self):
        return iter(self.hypotheses)

    def __len__(self) -> int:
        return len(self.hypotheses)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (schema: docs/schema/identify.schema.json)."""
        return {"query": self.pattern.to_dict(), "editions": list(self.editions), "total": self.total,
                "exact": self.exact, "near": self.total - self.exact, "returned": len(self.hypotheses),
                "kinds": {k: v[2] for k, v in KINDS.items()},
                "hypotheses": [h.to_dict() for h in self.hypotheses]}


# ------------------------------------------------------------------------------------------
# Building the index


@dataclass
class EditionIndex:
    """One edition's readings and the maps from a picture to them."""

    edition: str
    key: str
    readings: list[Reading]
    by_key: dict[tuple[Any, ...], list[int]]
    by_cols: dict[tuple[Any, ...], list[tuple[tuple[str, ...], int]]]
    by_bag: dict[tuple[Any, ...], list[int]]
    by_missed: dict[tuple[Any, ...], list[tuple[tuple[str, ...], int, str, str]]]
    stats: dict[str, Any]


def _units(items: Sequence[Item]) -> list[tuple[str, ...]]:
    """Optional items that go together: one vertical line, or one kind of light in one scheme."""
    units: dict[tuple, list[str]] = {}
    for i in items:
        if i.status != "optional":
            continue
        line = i.placement.vertical_line
        k = ("line", str(line), i.what) if line else ("kind", i.canonical, i.scheme, i.what)
        units.setdefault(k, []).append(i.role)
    return [tuple(v) for v in units.values()]


def _variants(d: Display, period: str, prov: Mapping[str, Any] | None = None
              ) -> list[tuple[Any, tuple[str, ...], float, tuple[Item, ...]]]:
    """Every lighting of the display the rules allow, typical first: (choose, words, weight, items).

    The typical lights; each other option of a group of alternatives; each alternative scheme;
    the optional items, a vertical line (or a pair of sidelights) at a time; the lights shown on
    approach. Combinations are tried fewest steps first; lightings that come out the same are
    kept once, under the fewest steps.
    """
    from .view import select

    items = [i for i in d.items if i.period == period]
    groups: dict[str, list[str]] = {}
    for i in items:
        if i.group is not None and i.option is not None and i.option not in groups.setdefault(i.group, []):
            groups[i.group].append(i.option)
    schemes = sorted({i.scheme for i in items if i.scheme not in (None, "standard")})
    units = _units(items)
    approach = any(i.status == "on-approach" for i in items)
    if len(units) <= 3:
        unit_sets = [c for k in range(len(units) + 1) for c in itertools.combinations(units, k)]
    else:
        unit_sets = [()] + [(u,) for u in units] + [tuple(units)]
    specs = []
    for scheme, opts, us, appr in itertools.product(["standard"] + schemes,
                                                    itertools.product(*[[(g, o) for o in os_]
                                                                        for g, os_ in groups.items()]),
                                                    unit_sets, [False, True] if approach else [False]):
        changed = {g: o for g, o in opts if o != groups[g][0]}
        steps = len(changed) + (scheme != "standard") + len(us)
        specs.append((steps + (1 if appr else 0), steps, scheme, changed, us, appr))
    specs.sort(key=lambda s: s[0])
    out = []
    seen: set[tuple[int, ...]] = set()
    by_role = {i.role: i for i in items}
    for _, steps, scheme, changed, us, appr in specs[:MAX_VARIANTS]:
        opt = [r for u in us for r in u]
        choose: Any
        if not steps and not appr:
            choose = "typical"
        else:
            choose = {}
            if changed:
                choose["options"] = dict(changed)
            if scheme != "standard":
                choose["scheme"] = scheme
            if opt:
                choose["optional"] = list(opt)
            if appr:
                choose["on_approach"] = True
        chosen = tuple(i for i, _ in select(d, choose, period))
        ids = tuple(id(i) for i in chosen)
        if ids in seen:
            continue
        seen.add(ids)
        words = []
        if scheme != "standard":
            p = (prov or {}).get(scheme)
            words.append(f"the lights of '{p.title}' ({p.citation}) in place of the standard ones" if p
                         else f"scheme '{scheme}' in place of the standard lights")
        for g, o in changed.items():
            words.append(f"'{o}' in place of '{groups[g][0]}' ({g})")
        for u in us:
            terms = list(dict.fromkeys(by_role[r].term for r in u))
            words.append(f"with the optional {' and '.join(terms)} ({', '.join(u)})")
        if appr:
            shown = [i for i in chosen if i.status == "on-approach"]
            words.append("with the lights shown on approach: " + ", ".join(f"{i.term} ({i.role})" for i in shown))
        weight = VARIANT_WEIGHT ** steps * (ON_APPROACH_WEIGHT if appr else 1.0)
        out.append((choose, tuple(words), weight, chosen))
    return out


def _pieces(items: tuple[Item, ...], period: str, length_m: float | None, breadth_m: float | None,
            secs: Sequence[Sector]) -> list[tuple[Sector, list[tuple[AspectRange, Pattern, tuple]]]]:
    """For each sector: the aspect ranges within it where the arrangement seen stays the same."""
    from ..placement import place

    placement = place(items, length_m, breadth_m)
    where = {p.role: (p.x_m, p.y_m, p.z_m) for p in placement.positions}
    token = {i.role: token_of(i.what, i.colour, i.canonical) for i in items}
    out = []
    for s in secs:
        roles = [r for r in s.roles if r in where]
        if not roles:
            continue
        pts = [(token[r], where[r][0], where[r][1], where[r][2], r) for r in roles]

        def at(a: float) -> tuple[Pattern, tuple]:
            rad = math.radians(a % 360.0)
            sa, ca = math.sin(rad), math.cos(rad)
            cols, levels = arrange([(t, x * sa - y * ca, z, r) for t, x, y, z, r in pts])
            lv = tuple(tuple(c) for c in levels)
            pat = Pattern(period, tuple(tuple(p[0] for p in c) for c in cols), relations_from_levels(lv), lv,
                          "index")
            return pat, tuple(tuple(p[3] for p in c) for c in cols)

        start = s.start_deg
        width = 0.0 if s.point else s.width_deg
        if s.point:
            out.append((s, [(AspectRange(start, start, True, True),) + at(start)]))
            continue
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
        ts = sorted(cuts)
        bounds = [0.0] + ts + [width]
        probes: list[tuple[float, bool]] = []          # (offset from start, is a point)
        for k in range(len(bounds) - 1):
            if k:
                probes.append((bounds[k], True))
            probes.append(((bounds[k] + bounds[k + 1]) / 2.0, False))
        evals = [at(start + t) for t, _ in probes]
        runs: list[list[int]] = []
        for k, e in enumerate(evals):
            if runs and evals[runs[-1][-1]] == e:
                runs[-1].append(k)
            else:
                runs.append([k])
        ranges = []
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
            ranges.append([a0, a1, c0, c1, evals[f]])
        if width >= 360.0 and len(ranges) > 1 and ranges[0][4] == ranges[-1][4]:
            last = ranges.pop()
            ranges[0] = [last[0] - 360.0, ranges[0][1], last[2], ranges[0][3], ranges[0][4]]
        pieces = []
        for a0, a1, c0, c1, (pat, roles_) in ranges:
            lo = (start + a0) % 360.0
            hi = start + a1
            while hi > 360.0 + 1e-12:
                hi -= 360.0
            if width >= 360.0 and len(ranges) == 1:
                lo, hi, c0, c1 = s.start_deg, s.end_deg, s.start_closed, s.end_closed
            pieces.append((AspectRange(lo, hi, c0, c1), pat, roles_))
        out.append((s, pieces))
    return out


_OTHER = ((1, 2), (0, 2), (0, 1))


def _merge_boxes(boxes: dict[tuple, list[Any]]) -> dict[tuple, list[Any]]:
    """Merge boxes of atom ranges (one per fact, None where the fact is not set) that are adjacent
    along one fact and equal along the others; each box carries [ranges, example, order]."""
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
                    run_val = [run_val[0] | other[0], run_val[1], min(run_val[2], other[2])]
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


def build_index(edition: Edition, key: str = "") -> EditionIndex:
    """Every reading of one edition, indexed by the picture she shows (see the module's docstring)."""
    from .display import display
    from .sectors import sectors

    facts = _facts(edition)
    prov = {p.id: p for p in edition.provisions}
    prov_roles = {p.id: {s.item.role for s in p.shows} for p in edition.provisions}
    label_order = {label: k for k, (label, _) in enumerate(SITUATIONS)}
    variant_cache: dict[tuple, list] = {}
    piece_cache: dict[tuple, list] = {}
    bucket_cache: dict[tuple, list[tuple[int, AspectRange]]] = {}
    rid_of: dict[tuple, int] = {}
    rinfo: list[dict[str, Any]] = []          # per record kind: the reading's fixed fields
    groups: dict[tuple[str, int], dict[tuple, list[Any]]] = {}    # (situation, record) -> box -> slot
    n_classes = n_records = 0
    for label, v in vessels(edition):
        try:
            d = display(v, edition)
        except NavlightsError:
            continue
        if not d.items:
            continue
        n_classes += 1
        box = tuple(None if a is None else (a, a) for a in _atoms(facts, v))
        gaps = tuple(sorted({f"{n.text.split(':')[0]} ({n.citation})" for n in d.notes if n.kind == "gap"}))
        dkey = tuple(id(i) for i in d.items)
        bk = (dkey, d.provisions, gaps, d.vessel.length_m, d.vessel.breadth_m)
        records = bucket_cache.get(bk)
        if records is None:
            records = bucket_cache[bk] = []
            for period in ("night", "day"):
                if not any(i.period == period for i in d.items):
                    continue
                vk = (dkey, period)
                if vk not in variant_cache:
                    variant_cache[vk] = _variants(d, period, prov)
                for choose, words, weight, chosen in variant_cache[vk]:
                    if not chosen:
                        continue
                    pk = (tuple(id(i) for i in chosen), period, d.vessel.length_m, d.vessel.breadth_m)
                    if pk not in piece_cache:
                        sub = dataclasses.replace(d, items=chosen)
                        piece_cache[pk] = _pieces(chosen, period, d.vessel.length_m, d.vessel.breadth_m,
                                                  sectors(sub, choose="all", period=period))
                    by_role = {i.role: i for i in chosen}
                    for sector, pieces in piece_cache[pk]:
                        seen_roles = set(sector.roles)
                        shown = [p for p in d.provisions
                                 if p in prov and prov[p].effect == "show" and prov_roles[p] & seen_roles]
                        rules = tuple(f"{prov[p].title} ({prov[p].citation})" for p in shown)
                        lights = tuple((r, token_of(by_role[r].what, by_role[r].colour, by_role[r].canonical),
                                        str(by_role[r].citation)) for r in sector.roles)
                        for rng, pat, roles in pieces:
                            rk = (words, period, sector.label(), pat.key(), rules, gaps)
                            rid = rid_of.get(rk)
                            if rid is None:
                                rid = rid_of[rk] = len(rinfo)
                                cites = sorted({c for _, _, c in lights} | {str(prov[p].citation) for p in shown})
                                unknown = any(prov[p].signal_unknown for p in d.provisions if p in prov)
                                rinfo.append({"key": rk, "choose": choose,
                                              "weight": weight * (SIGNAL_UNKNOWN_WEIGHT if unknown else 1.0),
                                              "sector": sector,
                                              "lights": lights, "rules": rules, "citations": tuple(cites),
                                              "gaps": gaps, "pattern": pat, "full": {}})
                            rinfo[rid]["full"].setdefault((pat.levels, roles), pat)
                            records.append((rid, rng))
        for rid, rng in records:
            n_records += 1
            boxes = groups.get((label, rid))
            if boxes is None:
                boxes = groups[(label, rid)] = {}
            slot = boxes.get(box)
            if slot is None:
                boxes[box] = [{rng}, v, n_records]
            else:
                slot[0].add(rng)

    # Merge along the facts, per situation; drop a lighting that shows nothing a plainer one of the
    # same situation does not (same picture, over no more lengths and aspects); then list situations
    # that read the same together.
    cands: dict[tuple, list[tuple[float, int, str, int, tuple, tuple, dict, int]]] = {}
    for (label, rid), boxes in groups.items():
        f = rinfo[rid]
        for box, (ranges, example, order) in _merge_boxes(boxes).items():
            cands.setdefault((label, f["key"][3]), []).append(
                (-f["weight"], order, label, rid, box, union(ranges), example, order))
    merged: dict[tuple, list[tuple[str, int, list[Any]]]] = {}
    n_dropped = 0
    for group in cands.values():
        group.sort(key=lambda c: (c[0], c[1]))
        kept: list[tuple] = []
        for c in group:
            _, _, label, rid, box, rs, example, order = c
            if any(_box_within(box, k[4]) and union(k[5] + rs) == k[5] for k in kept):
                n_dropped += 1
                continue
            kept.append(c)
            merged.setdefault((rid, box, rs), []).append((label, rid, [rs, example, order]))
    readings: list[Reading] = []
    for (rid, box, rs), entries in merged.items():
        entries.sort(key=lambda e: (label_order.get(e[0], 10**6), e[2][2]))
        label, _, (rs, example, order) = entries[0]
        f = rinfo[rid]
        words, period, _, pkey, rules, gaps = f["key"]
        conds = tuple(w for w in (facts[k].words(*box[k]) for k in range(3) if box[k] is not None) if w)
        limits = tuple(facts[k].limits(*box[k]) for k in range(3)
                       if box[k] is not None and facts[k].words(*box[k]))
        also = tuple(dict.fromkeys(e[0] for e in entries[1:] if e[0] != label))
        ex = {k: (dict(x) if isinstance(x, dict) else x) for k, x in example.items()}
        readings.append(Reading(
            edition=edition.id, situation=label, also=also, conditions=conds, limits=limits, vessel=ex, variant=words,
            choose=f["choose"], weight=round(f["weight"], 6), period=period, sector=f["sector"], aspects=rs,
            heading=heading_words(rs), picture=f["pattern"].notation(), pattern_key=pkey, lights=f["lights"],
            rules=rules, citations=f["citations"], gaps=gaps,
            order=label_order.get(label, 10**6) * 10**7 + order, rid=rid))
    readings.sort(key=lambda r: r.order)

    by_key: dict[tuple, list[int]] = {}
    by_cols: dict[tuple, list[tuple[tuple[str, ...], int]]] = {}
    by_bag: dict[tuple, list[int]] = {}
    by_missed: dict[tuple, list[tuple[tuple[str, ...], int, str, str]]] = {}
    reduced: dict[int, list[tuple[tuple, tuple, str, str]]] = {}
    for k, r in enumerate(readings):
        period, cols, rels = r.pattern_key
        by_key.setdefault(r.pattern_key, []).append(k)
        by_cols.setdefault((period, cols), []).append((rels, k))
        bag = tuple(sorted(t for c in cols for t in c))
        by_bag.setdefault((period, bag), []).append(k)
        if r.rid not in reduced:
            red_list = reduced[r.rid] = []
            seen_red: set[tuple] = set()
            for (levels, roles), pat in rinfo[r.rid]["full"].items():
                if pat.size < 2:
                    continue
                for ci, ki, tok in pat.lights():
                    red = pat.without(ci, ki)
                    tag = (red.columns, red.relations, roles[ci][ki], tok)
                    if tag not in seen_red:
                        seen_red.add(tag)
                        red_list.append(tag)
        for cols_, rels_, role, tok in reduced[r.rid]:
            by_missed.setdefault((period, cols_), []).append((rels_, k, role, tok))
    stats = {"classes": n_classes, "records": n_records, "readings": len(readings), "dominated": n_dropped,
             "pictures": len(by_key), "variants": sum(len(x) for x in variant_cache.values()),
             "placements": len(piece_cache)}
    return EditionIndex(edition.id, key, readings, by_key, by_cols, by_bag, by_missed, stats)


# ------------------------------------------------------------------------------------------
# Keeping the index: in memory per edition object; on disk under the data and code hash


_MEMO: dict[int, tuple[Edition, EditionIndex]] = {}     # id(edition) -> (edition, its index)
_CODE_HASH: list[str] = []


def code_hash() -> str:
    """SHA-256 of navlights' Python sources (an index built by other code is not reused)."""
    if not _CODE_HASH:
        h = hashlib.sha256(f"index v{INDEX_VERSION}".encode())
        root = Path(__file__).resolve().parents[1]
        for p in sorted(root.rglob("*.py")):
            if "web" in p.relative_to(root).parts or "render" in p.relative_to(root).parts:
                continue
            h.update(str(p.relative_to(root)).encode())
            h.update(p.read_bytes())
        _CODE_HASH.append(h.hexdigest())
    return _CODE_HASH[0]


def data_hash(edition: Edition) -> str:
    """SHA-256 of the edition's data as loaded: every value the engines read, in file order.

    The parsed data is hashed rather than the file on disk, so the key always describes the
    edition object in hand (a file edited after loading cannot mislabel an index), wherever it
    was read from.
    """
    return hashlib.sha256(repr(edition).encode()).hexdigest()


def index_key(edition: Edition) -> str:
    """The disk cache key of an edition's index: data hash + code hash."""
    return hashlib.sha256((data_hash(edition) + code_hash()).encode()).hexdigest()[:32]


def cache_dir(default: str | Path | None = None) -> Path | None:
    """The on-disk cache directory: ``$NAVLIGHTS_CACHE_DIR`` if set ('' or 'off': none), else ``default``."""
    d = os.environ.get(CACHE_ENV)
    if d is None:
        return None if default is None else Path(default).expanduser()
    if not d or d.lower() in ("off", "none", "0"):
        return None
    return Path(d).expanduser()


def default_cache_dir() -> Path:
    """Where the command line keeps indexes: ``$XDG_CACHE_HOME/navlights`` or ``~/.cache/navlights``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "navlights"


def index(edition: Edition, cache: str | Path | None = None) -> EditionIndex:
    """The edition's index, built on first use; rebuilt for a new edition object (changed data).

    ``cache``: a directory for the index on disk, used unless ``$NAVLIGHTS_CACHE_DIR`` says
    otherwise (the variable alone also turns it on). Disk entries are keyed by the SHA-256 of
    the edition's data and of the code, so a changed rule file is never served stale.
    """
    got = _MEMO.get(id(edition))
    if got is not None and got[0] is edition:
        return got[1]
    where = cache_dir(cache)
    idx = None
    key = ""
    if where is not None:
        key = index_key(edition)
        path = where / f"identify-{edition.id}-{key}.pickle"
        try:
            with open(path, "rb") as fh:
                head, idx = pickle.load(fh)
            if head != ("navlights-identify", INDEX_VERSION, key):
                idx = None
        except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
            idx = None
    if idx is None:
        idx = build_index(edition, key)
        if where is not None:
            try:
                where.mkdir(parents=True, exist_ok=True)
                tmp = where / f".identify-{edition.id}-{key}.{os.getpid()}.tmp"
                with open(tmp, "wb") as fh:
                    pickle.dump((("navlights-identify", INDEX_VERSION, key), idx), fh, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(tmp, path)
                _prune(where, edition.id)
            except OSError:
                pass
    _MEMO[id(edition)] = (edition, idx)
    return idx


KEEP_ON_DISK = 4


def _prune(where: Path, edition_id: str) -> None:
    """Keep the newest KEEP_ON_DISK indexes of an edition on disk (older data or code)."""
    files = sorted(where.glob(f"identify-{edition_id}-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[KEEP_ON_DISK:]:
        try:
            old.unlink()
        except OSError:
            pass


def clear_cache() -> None:
    """Forget every index held in memory."""
    _MEMO.clear()


# ------------------------------------------------------------------------------------------
# Looking up


def _exact(idx: EditionIndex, q: Pattern) -> list[int]:
    if q.complete:
        return idx.by_key.get(q.key(), [])
    return [k for rels, k in idx.by_cols.get((q.period, q.columns), ())
            if all(a is None or a == b for a, b in zip(q.relations, rels))]


def _colour_word(token: str) -> str:
    return token_words(token).removesuffix(" light")


def _place(q: Pattern, ci: int, k: int) -> str:
    col = q.columns[ci]
    n = len(q.columns)
    where = "" if n == 1 else (" on the left" if ci == 0 else " on the right" if ci == n - 1
                               else f" (column {ci + 1} from the left)")
    if len(col) > 1:
        where += " at the bottom of its line" if k == 0 else " at the top of its line" if k == len(col) - 1 \
            else " in the middle of its line"
    return f"the {token_words(col[k])}{where}"


def search(idx: EditionIndex, q: Pattern, near: bool = True) -> dict[int, tuple[str, tuple]]:
    """Reading number -> (match kind, detail), the best kind for each reading; :func:`remark` words the detail."""
    found: dict[int, tuple[str, tuple]] = {}
    for k in _exact(idx, q):
        found[k] = ("exact", ())
    if not near:
        return found
    rank = {k: v[0] for k, v in KINDS.items()}
    for k in idx.by_bag.get((q.period, q.bag()), ()):
        if k not in found:
            found[k] = ("arrangement", ())
    if q.period == "night":
        for ci, ki, tok in q.lights():
            other = _DOUBT.get(tok)
            if other is None:
                continue
            for k in _exact(idx, q.with_token(ci, ki, other)):
                if k not in found or rank[found[k][0]] > 2:
                    found[k] = ("colour-doubt", (ci, ki, other))
    rels = q.relations
    if q.complete:
        for r, k, role, tok in idx.by_missed.get((q.period, q.columns), ()):
            if r == rels and (k not in found or rank[found[k][0]] > 3):
                found[k] = ("missed-light", (role, tok))
    else:
        for r, k, role, tok in idx.by_missed.get((q.period, q.columns), ()):
            if (k not in found or rank[found[k][0]] > 3) and all(a is None or a == b for a, b in zip(rels, r)):
                found[k] = ("missed-light", (role, tok))
    if q.size > 1:
        for ci, ki, tok in q.lights():
            for k in _exact(idx, q.without(ci, ki)):
                if k not in found:
                    found[k] = ("extra-light", (ci, ki))
    return found


def remark(q: Pattern, kind: str, detail: tuple, reading: Reading) -> str | None:
    """Words for a near match: what must have been missed, misread or added."""
    if kind == "exact":
        return None
    if kind == "arrangement":
        return f"she shows these lights arranged as {reading.picture}"
    if kind == "colour-doubt":
        ci, ki, other = detail
        return f"if {_place(q, ci, ki)} is really {_colour_word(other)}"
    if kind == "missed-light":
        role, tok = detail
        return f"if you missed her {token_words(tok)} ({role})"
    ci, ki = detail
    return f"if {_place(q, ci, ki)} is not hers"


def identify(picture: Any, editions: Sequence[Edition], *, near: bool = True,
             limit: int | None = None, cache: str | Path | None = None) -> Identification:
    """Every reading of ``picture`` in the given editions, ranked: exact matches first, then near ones.

    ``picture``: notation text, JSON (text or object), a :class:`navlights.engines.view.Picture`
    or a :class:`~navlights.notation.Pattern`. ``limit``: at most this many (None: all).
    """
    q = as_pattern(picture)
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise NavlightsError(f"limit: {limit!r} is not allowed; allowed: a whole number, 0 or more (0: all)",
                             field="limit", value=limit, allowed="a whole number, 0 or more")
    scored = []
    exact = 0
    for e_ord, ed in enumerate(editions):
        idx = index(ed, cache)
        readings = idx.readings
        for k, (kind, detail) in search(idx, q, near).items():
            r = readings[k]
            rank, weight, _ = KINDS[kind]
            exact += rank == 0
            scored.append((rank, -weight * r.prior, e_ord, r.order, r, kind, detail))
    scored.sort(key=lambda t: t[:4])
    total = len(scored)
    if limit:
        scored = scored[:limit]
    hyps = tuple(Hypothesis(t[4], t[5], -t[1], q, t[6]) for t in scored)
    return Identification(q, tuple(e.id for e in editions), hyps, total, exact)
