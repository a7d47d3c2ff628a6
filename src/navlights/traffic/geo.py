"""Where one vessel lies from another: true bearing, distance and aspect, for the ranges of lights (0-30 nm).

**Method.** A local flat approximation on the WGS 84 ellipsoid (the "mid-latitude" plane): the difference in
latitude is scaled by the meridional radius of curvature M and the difference in longitude by the
prime-vertical radius N times cos(mid-latitude), both at the mean latitude of the two positions; bearing and
distance are those of the plane vector. It is symmetric by construction: the distance from A to B equals the
distance from B to A, and the bearing from B to A is the reciprocal (± 180°) of the bearing from A to B.

**Error.** Against the geodesic on the WGS 84 ellipsoid (Vincenty's inverse formula, in the tests) the
distance error is below 5 parts in 10^5 within 30 nm at latitudes up to 70° (under 3 m at 30 nm;
tests/test_traffic_scene_geo.py checks it). The bearing is the bearing at the midpoint; the true initial bearing
at either end differs from it by half the convergence of the meridians, about Δλ sin φ / 2: 0.09° for two
vessels 6 nm apart east-west at 60° N, 0.43° at 30 nm, at most 0.7° at 30 nm and 70°. The approximation is not meant beyond 30 nm, nor across a pole, and the longitudes are taken across
the antimeridian by the shorter way.

**Aspect** follows navlights' view convention (:mod:`navlights.engines.view`, docs/view.md): the relative
bearing of the observer from the target's bow, clockwise from right ahead, in [0, 360): 0 dead ahead of her,
90 on her starboard beam, 270 on her port beam. Mirroring the observer across her fore-and-aft line turns an
aspect a into 360 - a.

>>> round(distance_nm(50.0, -1.0, 50.1, -1.0), 3)
6.006
>>> bearing_deg(50.0, -1.0, 50.1, -1.0)
0.0
>>> aspect_deg(observer_bearing_from_target=90.0, target_heading=45.0)
45.0
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

#: WGS 84 semi-major axis (m) and flattening.
WGS84_A = 6_378_137.0
WGS84_F = 1.0 / 298.257223563
WGS84_E2 = WGS84_F * (2.0 - WGS84_F)
METRES_PER_NM = 1852.0
#: The greatest distance the flat approximation is documented for (nautical miles).
MAX_FLAT_NM = 30.0


def radii_m(lat_deg: Any) -> tuple[np.ndarray, np.ndarray]:
    """WGS 84 meridional (M) and prime-vertical (N) radii of curvature at a latitude, in metres."""
    s = np.sin(np.radians(np.asarray(lat_deg, dtype=float)))
    w2 = 1.0 - WGS84_E2 * s * s
    n = WGS84_A / np.sqrt(w2)
    m = WGS84_A * (1.0 - WGS84_E2) / (w2 * np.sqrt(w2))
    return m, n


def offsets_m(lat1: Any, lon1: Any, lat2: Any, lon2: Any) -> tuple[np.ndarray, np.ndarray]:
    """East and north metres from position 1 to position 2 on the mid-latitude plane (arrays broadcast)."""
    la1, lo1 = np.asarray(lat1, dtype=float), np.asarray(lon1, dtype=float)
    la2, lo2 = np.asarray(lat2, dtype=float), np.asarray(lon2, dtype=float)
    dlon = (lo2 - lo1 + 180.0) % 360.0 - 180.0
    mid = (la1 + la2) / 2.0
    m, n = radii_m(mid)
    east = np.radians(dlon) * n * np.cos(np.radians(mid))
    north = np.radians(la2 - la1) * m
    return east, north


def bearings_distances(lat1: Any, lon1: Any, lat2: Any, lon2: Any) -> tuple[np.ndarray, np.ndarray]:
    """True bearing (degrees clockwise from north, [0, 360)) and distance (nm) from 1 to 2, vectorised."""
    east, north = offsets_m(lat1, lon1, lat2, lon2)
    brg = np.degrees(np.arctan2(east, north)) % 360.0
    brg = np.where(brg >= 360.0, 0.0, brg)
    return brg, np.hypot(east, north) / METRES_PER_NM


def bearing_deg(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """True bearing of position 2 from position 1, degrees clockwise from north in [0, 360)."""
    return float(bearings_distances(lat1, lon1, lat2, lon2)[0])


def distance_nm(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Distance between two positions in nautical miles (1852 m)."""
    return float(bearings_distances(lat1, lon1, lat2, lon2)[1])


def relative_deg(true_bearing: Any, heading: Any) -> Any:
    """A true bearing relative to a heading, clockwise from right ahead, in [0, 360)."""
    r = (np.asarray(true_bearing, dtype=float) - np.asarray(heading, dtype=float)) % 360.0
    r = np.where(r >= 360.0, 0.0, r)
    return float(r) if r.ndim == 0 else r


def aspect_deg(observer_bearing_from_target: Any, target_heading: Any) -> Any:
    """The aspect (navlights' view convention): the observer's bearing from the target relative to her bow."""
    return relative_deg(observer_bearing_from_target, target_heading)


def destination(lat: float, lon: float, bearing: float, dist_nm: float) -> tuple[float, float]:
    """The position ``dist_nm`` from (lat, lon) on a true bearing, on the same plane (inverse of the above to
    well under a metre within 30 nm); used to build examples and tests."""
    d = dist_nm * METRES_PER_NM
    east, north = d * math.sin(math.radians(bearing)), d * math.cos(math.radians(bearing))
    lat2 = lat
    for _ in range(6):        # the radii depend on the mid-latitude: a few fixed-point steps
        m, n = radii_m((lat + lat2) / 2.0)
        lat2 = lat + math.degrees(north / float(m))
    mid = (lat + lat2) / 2.0
    _, n = radii_m(mid)
    lon2 = lon + math.degrees(east / (float(n) * math.cos(math.radians(mid))))
    return lat2, (lon2 + 180.0) % 360.0 - 180.0


def range_limits_nm(range_nm: Any, height_m: Any, *, eye_height_m: float | None = None,
                    visibility_nm: float | None = None) -> np.ndarray:
    """The distance within which each light is seen: the range the rule gives it (NaN where the rule states
    none), as the luminous range in the given meteorological visibility (Allard's law), capped by the geographic
    range of its height and the observer's eye; the view engine's own limit (:func:`navlights.geometry.
    range_limit_nm`)."""
    from ..geometry import range_limit_nm
    return range_limit_nm(range_nm, height_m, eye_height_m=eye_height_m, visibility_nm=visibility_nm)
