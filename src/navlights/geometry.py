"""The vectorised core of the observer's view: arcs, edges, apparent offsets and ranges, many at once.

Everything here is plain numpy over arrays that broadcast: one call evaluates a
whole sweep of aspects for one vessel, or many (vessel, observer) pairs. It knows
no edition and no item: :mod:`navlights.view` turns a display into these arrays.

Conventions (docs/view.md):

* aspect: the relative bearing of the observer from the vessel, degrees clockwise
  from right ahead; a sector ``[from, to]`` goes clockwise from ``from`` to ``to``.
* arcs are closed: an aspect on an arc end sees the light; an aspect within
  :data:`ASPECT_EPS_DEG` of an end counts as on it (floating-point noise).
* the vessel frame: x forward of midships, y to starboard, z above the waterline (m).
* apparent offset: across the observer's line of sight, + to HIS right.

>>> import numpy as np
>>> in_arc(np.array([0.0, 112.5, 112.6]), 0.0, arc_width(0.0, 112.5)).tolist()
[True, True, False]
>>> round(float(geographic_range_nm(9.0, 4.0)), 2)
10.4
>>> round(float(luminous_range_nm(2.0, 10.0)), 6)
2.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

#: An aspect this close to an arc end counts as on it (absorbs floating-point noise such as 360 - a).
ASPECT_EPS_DEG = 1e-9

#: Geographic range, nautical miles per square root of a height in metres (curvature and mean
#: terrestrial refraction): S = 2.08 (sqrt(H1) + sqrt(H2)). Source: the table of geographic ranges
#: in the Icelandic list of lights (Skrá yfir vita og sjómerki á Íslandi, 1929, p. 7), which gives
#: this formula with heights in metres; the same as the US Light List's 1.17 sqrt(h in feet) within 2 %.
GEOGRAPHIC_K = 2.08

#: Meteorological visibility at which a light's nominal range is defined (IALA; IES definition of
#: "nominal range of a light signal"): 10 nautical miles.
NOMINAL_VISIBILITY_NM = 10.0

#: Contrast threshold that links meteorological visibility V to the transmissivity per nautical
#: mile, T = 0.05 ** (1 / V) (Koschmieder; the IALA dictionary's second form of Allard's law).
#: At V = 10 nm, T = 0.741 per nm (the IES definition gives 0.74).
CONTRAST_THRESHOLD = 0.05

#: The night illuminance threshold (IES / IALA: 0.2 microlux). It cancels out when a light's
#: intensity is derived from its nominal range, so it appears only for the record.
NIGHT_THRESHOLD_LUX = 2e-7

_K = -float(np.log(CONTRAST_THRESHOLD))


def arc_width(arc_from: Any, arc_to: Any) -> np.ndarray:
    """Width of the clockwise sector ``[from, to]`` in degrees, in (0, 360]."""
    f = np.asarray(arc_from, dtype=float) % 360.0
    w = (np.asarray(arc_to, dtype=float) - f) % 360.0
    return np.where(w == 0.0, 360.0, w)


def normalise(aspect: Any) -> np.ndarray:
    """Aspects in [0, 360) (``%`` is slow on large float arrays; this is not)."""
    a = np.asarray(aspect, dtype=float)
    a = a - 360.0 * np.floor(a / 360.0)
    return np.where(a >= 360.0, a - 360.0, a)


def arc_bounds(arc_from: Any, width: Any) -> tuple[np.ndarray, np.ndarray]:
    """The closed arc, widened by eps, as ``lo = from - eps`` and ``span = width + 2 eps``.

    With t = a - lo for an aspect a in [0, 360) (so t in (-360, 360 + eps)), a is in the arc when
    0 <= t <= span, or t <= span - 360 (the arc runs on through 0), or t >= 360 (within eps
    before an arc that starts at 0). Every path (view, sweep, sectors, pairs) uses this one test,
    so they agree to the last bit.
    """
    f = np.asarray(arc_from, dtype=float) % 360.0
    w = np.asarray(width, dtype=float)
    lo = f - ASPECT_EPS_DEG
    return lo, (f + w + ASPECT_EPS_DEG) - lo


def _inside(a: np.ndarray, lo: np.ndarray, span: np.ndarray) -> np.ndarray:
    t = a - lo
    return ((t >= 0.0) & (t <= span)) | (t <= span - 360.0) | (t >= 360.0)


def in_arc(aspect: Any, arc_from: Any, width: Any) -> np.ndarray:
    """True where the aspect lies in the closed sector of ``width`` degrees starting at ``arc_from``."""
    lo, span = arc_bounds(arc_from, width)
    return _inside(normalise(aspect), lo, span)


def _rel(aspect: Any, arc_from: Any) -> np.ndarray:
    r = normalise(aspect) - (np.asarray(arc_from, dtype=float) % 360.0)
    return np.where(r < 0.0, r + 360.0, r)


def edge_margin(aspect: Any, arc_from: Any, width: Any) -> np.ndarray:
    """Angular distance (deg) from the aspect to the nearest arc end: + inside, - outside, inf all round."""
    rel = _rel(aspect, arc_from)
    w = np.asarray(width, dtype=float)
    inside = np.minimum(rel, w - rel)
    outside = -np.minimum(rel - w, 360.0 - rel)
    m = np.where(rel <= w, inside, outside)
    m = np.where(np.abs(m) <= ASPECT_EPS_DEG, 0.0, m)
    return np.where(w >= 360.0, np.inf, m)


def apparent_offset_m(aspect: Any, x_m: Any, y_m: Any) -> np.ndarray:
    """Horizontal offset of a point across the observer's line of sight, + to the observer's right.

    The observer at aspect ``a`` looks back along bearing ``a + 180``; his right hand
    points along bearing ``a - 90`` of the vessel frame, so offset = x sin a - y cos a.
    Dead ahead (a = 0) her starboard side (y > 0) is on his left.
    """
    a = np.radians(np.asarray(aspect, dtype=float))
    return np.asarray(x_m, dtype=float) * np.sin(a) - np.asarray(y_m, dtype=float) * np.cos(a)


def toward_m(aspect: Any, x_m: Any, y_m: Any) -> np.ndarray:
    """How far a point stands toward the observer from midships (m): the depth cue of the picture."""
    a = np.radians(np.asarray(aspect, dtype=float))
    return np.asarray(x_m, dtype=float) * np.cos(a) + np.asarray(y_m, dtype=float) * np.sin(a)


def geographic_range_nm(height_m: Any, eye_height_m: Any) -> np.ndarray:
    """Distance at which a light of that height rises over the horizon for that eye: 2.08 (sqrt H1 + sqrt H2)."""
    h = np.maximum(np.asarray(height_m, dtype=float), 0.0)
    e = np.maximum(np.asarray(eye_height_m, dtype=float), 0.0)
    return GEOGRAPHIC_K * (np.sqrt(h) + np.sqrt(e))


def luminous_range_nm(nominal_nm: Any, visibility_nm: Any, iterations: int = 40) -> np.ndarray:
    """The range of a light of the given nominal range in the given meteorological visibility (Allard).

    Allard's law, E = I T**d / d**2 with T = 0.05 ** (1 / V) per nautical mile, and the
    light's intensity taken from its nominal range (E = threshold at d = nominal when
    V = 10 nm). The threshold cancels, leaving 2 ln d + k d / V = 2 ln R0 + k R0 / 10
    (k = -ln 0.05), solved by Newton's method in ln d. NaN nominal stays NaN.
    """
    r0 = np.asarray(nominal_nm, dtype=float)
    v = np.asarray(visibility_nm, dtype=float)
    r0, v = np.broadcast_arrays(r0, v)
    ok = np.isfinite(r0) & (r0 > 0)
    safe_r0 = np.where(ok, r0, 1.0)
    c = 2.0 * np.log(safe_r0) + _K * safe_r0 / NOMINAL_VISIBILITY_NM
    kv = np.where(np.isfinite(v), _K / v, 0.0)
    u = c / 2.0                              # the root without extinction: never left of the root,
                                             # so Newton on this convex function descends to it
    for _ in range(iterations):
        e = np.exp(u)
        u = u - (2.0 * u + kv * e - c) / (2.0 + kv * e)
    out = np.exp(u)
    return np.where(ok, out, np.nan)


def luminous_once(range_nm: np.ndarray, visibility_nm: Any) -> np.ndarray:
    """:func:`luminous_range_nm` of every element of ``range_nm`` (inf: no range stated, kept inf) in the
    visibility (a number, or one per column), solved once per distinct (range, visibility) pair: a fleet's
    lights have a handful of nominal ranges, so Newton's 40 steps run on a few values, not on every light."""
    r = np.asarray(range_nm, dtype=float)
    v = np.broadcast_to(np.asarray(visibility_nm, dtype=float), r.shape)
    key = np.where(np.isfinite(r), r, -1.0) + 1j * np.where(np.isfinite(v), v, -1.0)   # -1: not finite
    u, inv = np.unique(key.ravel(), return_inverse=True)
    lum = luminous_range_nm(np.where(u.real < 0, np.nan, u.real), np.where(u.imag < 0, np.inf, u.imag))
    return np.where(np.isnan(lum), np.inf, lum)[inv].reshape(r.shape)


_SC_N = 4096                                   # table steps per circle
_SC_STEP = 360.0 / _SC_N
_SC_ANG = np.radians(np.arange(_SC_N + 1) * _SC_STEP)
_SC_SIN, _SC_COS = np.sin(_SC_ANG), np.cos(_SC_ANG)


def sincos_deg(aspect: Any) -> tuple[np.ndarray, np.ndarray]:
    """sin and cos of angles in degrees in [0, 360], to double precision, faster than np.sin + np.cos.

    A table at 360/4096° steps and the angle-addition formulas with a short series for the
    remainder (|r| < 8e-4 rad: the first omitted terms are below 1e-17).
    """
    a = np.asarray(aspect, dtype=float)
    k = np.rint(a * (1.0 / _SC_STEP))
    r = a - k * _SC_STEP
    r *= np.pi / 180.0
    ki = k.astype(np.intp)
    s0, c0 = np.take(_SC_SIN, ki), np.take(_SC_COS, ki)
    r2 = r * r
    sr = r - r * r2 * (1.0 / 6.0)
    cr = 1.0 - r2 * (0.5 - r2 * (1.0 / 24.0))
    return s0 * cr + c0 * sr, c0 * cr - s0 * sr


@dataclass(frozen=True)
class LightTable:
    """One vessel's lights (or shapes) as arrays: arcs, ranges and placed positions."""

    arc_from: np.ndarray       # deg, [0, 360)
    width: np.ndarray          # deg, (0, 360]; 360 = all round
    range_nm: np.ndarray       # nominal range; NaN = not stated
    x_m: np.ndarray
    y_m: np.ndarray
    z_m: np.ndarray

    @classmethod
    def from_rows(cls, rows: list[tuple[float, float, float, float, float, float]]) -> "LightTable":
        """From (arc_from, width, range_nm or nan, x, y, z) rows."""
        a = np.array(rows, dtype=float).reshape(-1, 6)
        return cls(a[:, 0] % 360.0, a[:, 1], a[:, 2], a[:, 3], a[:, 4], a[:, 5])

    def __len__(self) -> int:
        return int(self.arc_from.shape[0])

    @cached_property
    def columns(self) -> dict[str, np.ndarray]:
        """What :func:`sweep` needs of the table whatever the aspect, as columns (lights down, one aspect across):
        ``lo`` and ``span`` (:func:`arc_bounds`), ``arc_from``, ``width``, ``x``, ``y``; made on first use."""
        lo, span = arc_bounds(self.arc_from, self.width)
        col = lambda v: np.asarray(v, dtype=float).reshape(-1, 1)  # noqa: E731
        return {"lo": col(lo), "span": col(span), "arc_from": col(self.arc_from), "width": col(self.width),
                "x": col(self.x_m), "y": col(self.y_m)}


def range_limit_nm(range_nm: Any, z_m: Any, *, eye_height_m: float | None = None,
                   visibility_nm: float | None = None) -> np.ndarray:
    """The distance within which each light is seen: the nominal (or luminous) range and, with an eye
    height, the geographic range, whichever is less; NaN only where no limit is known at all."""
    rng = np.asarray(range_nm, dtype=float)
    lum = rng if visibility_nm is None else luminous_range_nm(rng, visibility_nm)
    if eye_height_m is None:
        return np.asarray(lum, dtype=float)
    geo = geographic_range_nm(z_m, eye_height_m)
    return np.where(np.isnan(lum), geo, np.fmin(lum, geo))


def seen(aspect: Any, distance_nm: Any, arc_from: Any, width: Any, limit_nm: Any) -> np.ndarray:
    """In the arc and (distance NaN, or limit NaN, or distance <= limit): the visibility test."""
    d = np.asarray(distance_nm, dtype=float)
    lim = np.asarray(limit_nm, dtype=float)
    within = np.isnan(d) | np.isnan(lim) | (d <= lim)
    return in_arc(aspect, arc_from, width) & within


def sweep(table: LightTable, aspects_deg: Any, distance_nm: float | None = None, *,
          eye_height_m: float | None = None, visibility_nm: float | None = None) -> dict[str, np.ndarray]:
    """Every light of one vessel against every aspect: arrays of shape (aspects, lights).

    Keys: ``seen``, ``in_arc``, ``edge_margin_deg``, ``offset_m``, ``toward_m``, ``limit_nm``
    (the last of shape (lights,)). Computed lights-by-aspects (long inner loops) and returned
    transposed.
    """
    a = normalise(aspects_deg).reshape(1, -1)
    limit = range_limit_nm(table.range_nm, table.z_m, eye_height_m=eye_height_m, visibility_nm=visibility_nm)
    c = table.columns
    arc = _inside(a, c["lo"], c["span"])
    if distance_nm is None:
        seen_ = arc
    else:
        seen_ = arc & ~(float(distance_nm) > limit.reshape(-1, 1))   # NaN limit (not stated): no range test
    rad = np.radians(a)
    sa, ca = np.sin(rad), np.cos(rad)
    x, y = c["x"], c["y"]
    return {
        "seen": seen_.T,
        "in_arc": arc.T,
        "edge_margin_deg": edge_margin(a, c["arc_from"], c["width"]).T,
        "offset_m": (x * sa - y * ca).T,
        "toward_m": (x * ca + y * sa).T,
        "limit_nm": limit,
    }


@dataclass(frozen=True)
class Fleet:
    """Many vessels' light tables padded and packed for :func:`pairs`: ``packed[k, light, vessel]``.

    Rows k: 0 ``lo`` and 1 ``span`` of the closed arc (see :func:`arc_bounds`), 2 nominal range
    (``inf`` where not stated, so that it never limits),
    3 square root of the height, 4 x, 5 y. Padding has span -1: never in arc. Lights run down
    the rows so that, once gathered for many pairs, every operation has a long inner loop, and
    one ``take`` gathers everything a pair needs.
    """

    packed: np.ndarray
    valid: np.ndarray

    LO, SPAN, RANGE, SQRT_Z, X, Y = range(6)

    @classmethod
    def stack(cls, tables: list[LightTable]) -> "Fleet":
        """Pad the tables to a common number of lights."""
        n = max((len(t) for t in tables), default=0)
        packed = np.zeros((6, n, len(tables)))
        packed[cls.SPAN] = -1.0
        packed[cls.RANGE] = np.inf
        valid = np.zeros((n, len(tables)), dtype=bool)
        for i, t in enumerate(tables):
            m = len(t)
            packed[cls.LO, :m, i], packed[cls.SPAN, :m, i] = arc_bounds(t.arc_from, t.width)
            packed[cls.RANGE, :m, i] = np.where(np.isnan(t.range_nm), np.inf, t.range_nm)
            packed[cls.SQRT_Z, :m, i] = np.sqrt(np.maximum(t.z_m, 0.0))
            packed[cls.X, :m, i], packed[cls.Y, :m, i] = t.x_m, t.y_m
            valid[:m, i] = True
        return cls(packed, valid)

    @property
    def max_lights(self) -> int:
        return int(self.packed.shape[1])


#: Pairs are evaluated in blocks of this many, so that the working arrays stay in cache.
PAIRS_CHUNK = 8192


def pairs(fleet: Fleet, vessel_index: Any, aspects_deg: Any, distances_nm: Any, *,
          eye_height_m: Any = None, visibility_nm: Any = None,
          with_limits: bool = False) -> dict[str, np.ndarray]:
    """Many (vessel, observer) pairs at once: arrays of shape (pairs, max lights).

    ``vessel_index[p]`` picks the vessel of pair p from the fleet; aspects, distances and
    (optionally) eye heights and visibilities are per pair. Keys: ``seen`` (padding never),
    ``offset_m``, and with ``with_limits`` ``limit_nm`` (inf where no limit is known).

    The arc test is :func:`in_arc`'s (see :func:`arc_bounds`), done in place.
    """
    idx = np.asarray(vessel_index, dtype=np.intp).ravel()
    n = idx.shape[0]
    asp = np.broadcast_to(np.asarray(aspects_deg, dtype=float).ravel(), (n,))
    dist = np.broadcast_to(np.asarray(distances_nm, dtype=float).ravel(), (n,))
    eye = None if eye_height_m is None else np.broadcast_to(np.asarray(eye_height_m, dtype=float).ravel(), (n,))
    vis = None if visibility_nm is None else np.broadcast_to(np.asarray(visibility_nm, dtype=float).ravel(), (n,))
    m = fleet.max_lights
    packed = fleet.packed
    if vis is not None and n and bool(np.all(vis == vis[0])):   # one visibility (a scene): each range solved once
        packed = packed.copy()
        packed[Fleet.RANGE] = luminous_once(packed[Fleet.RANGE], float(vis[0]))
        vis = None
    seen_out = np.empty((m, n), dtype=bool)       # lights by pairs; returned transposed (views)
    off_out = np.empty((m, n))
    lim_out = np.empty((m, n)) if with_limits else None
    F = Fleet
    for s0 in range(0, n, PAIRS_CHUNK):
        s1 = min(s0 + PAIRS_CHUNK, n)
        got = np.take(packed, idx[s0:s1], axis=2)
        a = normalise(asp[s0:s1])
        t = a - got[F.LO]
        span = got[F.SPAN]
        arc = t <= span
        arc &= t >= 0.0
        span -= 360.0
        arc |= t <= span
        arc |= t >= 360.0
        lim = lim_out[:, s0:s1] if lim_out is not None else np.empty_like(t)
        if vis is not None:
            got[F.RANGE] = luminous_once(got[F.RANGE], vis[s0:s1])
        if eye is not None:
            geo = got[F.SQRT_Z]
            geo += np.sqrt(np.maximum(eye[s0:s1], 0.0))
            geo *= GEOGRAPHIC_K
            np.minimum(got[F.RANGE], geo, out=lim)
        else:
            lim[...] = got[F.RANGE]
        seen = seen_out[:, s0:s1]
        np.less_equal(dist[s0:s1], lim, out=seen)
        seen &= arc
        sa, ca = sincos_deg(a)
        off = off_out[:, s0:s1]
        np.multiply(got[F.X], sa, out=off)
        oy = got[F.Y]
        oy *= ca
        off -= oy
    out = {"seen": seen_out.T, "offset_m": off_out.T}
    if lim_out is not None:
        out["limit_nm"] = lim_out.T
    return out


# --- Two vessels in motion (the conduct engine, docs/conduct.md) ---------------------------------------------------
# Positions are east and north of an origin in nautical miles, courses and bearings degrees true (clockwise from
# north), speeds knots; times come back in minutes. Every function broadcasts over arrays of pairs.

def velocity_kn(course_deg: Any, speed_kn: Any) -> tuple[np.ndarray, np.ndarray]:
    """East and north components (knots) of a course and speed.

    >>> [round(float(v), 6) for v in velocity_kn(90.0, 10.0)]
    [10.0, 0.0]
    """
    c = np.radians(np.asarray(course_deg, dtype=float))
    s = np.asarray(speed_kn, dtype=float)
    return s * np.sin(c), s * np.cos(c)


def true_bearing_deg(d_east_nm: Any, d_north_nm: Any) -> np.ndarray:
    """True bearing (degrees, [0, 360)) of a point this far east and north of the observer.

    >>> true_bearing_deg(1.0, 1.0).round(6).tolist(), true_bearing_deg(-1.0, 0.0).round(6).tolist()
    (45.0, 270.0)
    """
    return normalise(np.degrees(np.arctan2(np.asarray(d_east_nm, dtype=float), np.asarray(d_north_nm, dtype=float))))


def relative_bearing_deg(true_bearing: Any, heading_deg: Any) -> np.ndarray:
    """Relative bearing (degrees clockwise from right ahead, [0, 360)) of a true bearing seen from a heading."""
    return normalise(np.asarray(true_bearing, dtype=float) - np.asarray(heading_deg, dtype=float))


def signed_deg(angle: Any) -> np.ndarray:
    """An angle in (-180, 180]: + to starboard, - to port of right ahead.

    >>> signed_deg([350.0, 10.0, 180.0]).tolist()
    [-10.0, 10.0, 180.0]
    """
    a = normalise(angle)
    return np.where(a > 180.0, a - 360.0, a)


@dataclass(frozen=True)
class Approach:
    """How two vessels close: range, bearings, CPA and TCPA, the bearing's rate (arrays over pairs).

    ``tcpa_min`` is negative when the closest point is past; with no relative motion it is 0 and the CPA is the
    present range. ``bearing_rate_deg_min``: + when her true bearing draws right (clockwise).
    """

    range_nm: np.ndarray
    bearing_deg: np.ndarray
    cpa_nm: np.ndarray
    tcpa_min: np.ndarray
    bearing_rate_deg_min: np.ndarray
    range_rate_kn: np.ndarray


def approach(d_east_nm: Any, d_north_nm: Any, rel_v_east_kn: Any, rel_v_north_kn: Any) -> Approach:
    """Range, true bearing, CPA, TCPA, bearing rate and range rate of her (this far east and north of own vessel,
    moving at this velocity relative to own vessel).

    A crossing worked by hand: she is 6 nm due east heading west at 12 kn, own vessel still: she passes over own
    position in 30 minutes; 3 nm north of that line she passes 3 nm off, at the same minute.

    >>> a = approach(6.0, 3.0, -12.0, 0.0)
    >>> round(float(a.cpa_nm), 6), round(float(a.tcpa_min), 6), round(float(a.range_rate_kn), 4)
    (3.0, 30.0, -10.7331)
    """
    x = np.asarray(d_east_nm, dtype=float)
    y = np.asarray(d_north_nm, dtype=float)
    vx = np.asarray(rel_v_east_kn, dtype=float)
    vy = np.asarray(rel_v_north_kn, dtype=float)
    r2 = x * x + y * y
    rng = np.sqrt(r2)
    v2 = vx * vx + vy * vy
    moving = v2 > 1e-18
    t_h = np.where(moving, -(x * vx + y * vy) / np.where(moving, v2, 1.0), 0.0)
    cx, cy = x + vx * t_h, y + vy * t_h
    safe_r2 = np.where(r2 > 0, r2, 1.0)
    rate = np.where(r2 > 0, np.degrees((y * vx - x * vy) / safe_r2) / 60.0, 0.0)
    range_rate = np.where(rng > 0, (x * vx + y * vy) / np.where(rng > 0, rng, 1.0), 0.0)
    return Approach(rng, true_bearing_deg(x, y), np.sqrt(cx * cx + cy * cy), t_h * 60.0, rate, range_rate)
