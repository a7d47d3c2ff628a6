"""Geometry of traffic (navlights.traffic.geo): bearings, distances and aspects written by hand, and properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from navlights.traffic import geo


def vincenty_nm(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Reference: Vincenty's inverse formula on WGS 84 (T. Vincenty, Survey Review 23 (176), 1975), written
    from the published equations; good to well under a millimetre at these ranges."""
    a, f = 6378137.0, 1 / 298.257223563
    b = a * (1 - f)
    L = math.radians(lon2 - lon1)
    u1, u2 = math.atan((1 - f) * math.tan(math.radians(lat1))), math.atan((1 - f) * math.tan(math.radians(lat2)))
    su1, cu1, su2, cu2 = math.sin(u1), math.cos(u1), math.sin(u2), math.cos(u2)
    lam = L
    for _ in range(200):
        sl, cl = math.sin(lam), math.cos(lam)
        ss = math.hypot(cu2 * sl, cu1 * su2 - su1 * cu2 * cl)
        cs = su1 * su2 + cu1 * cu2 * cl
        sig = math.atan2(ss, cs)
        sa = cu1 * cu2 * sl / ss
        c2a = 1 - sa * sa
        c2m = cs - 2 * su1 * su2 / c2a if c2a else 0.0
        c = f / 16 * c2a * (4 + f * (4 - 3 * c2a))
        prev = lam
        lam = L + (1 - c) * f * sa * (sig + c * ss * (c2m + c * cs * (-1 + 2 * c2m * c2m)))
        if abs(lam - prev) < 1e-13:
            break
    uu = c2a * (a * a - b * b) / (b * b)
    aa = 1 + uu / 16384 * (4096 + uu * (-768 + uu * (320 - 175 * uu)))
    bb = uu / 1024 * (256 + uu * (-128 + uu * (74 - 47 * uu)))
    ds = bb * ss * (c2m + bb / 4 * (cs * (-1 + 2 * c2m * c2m) - bb / 6 * c2m * (-3 + 4 * ss * ss) * (-3 + 4 * c2m * c2m)))
    return b * aa * (sig - ds) / 1852.0


# Expected values by hand: M(50°) = a(1-e²)/(1-e² sin²50°)^1.5 = 6,373,022 m, so 0.1° of latitude is
# 0.00174533 × 6,373,022 = 11,123 m = 6.006 nm; N(0°) = a, so 0.1° of longitude on the equator is 11,132 m =
# 6.011 nm; N(60°) = a / sqrt(1 - e² · 0.75) = 6,394,209 m, × cos 60° × 0.2° in radians = 11,160 m = 6.026 nm.
CASES = [
    # lat1, lon1, lat2, lon2, bearing, distance nm
    (50.0, -1.0, 50.1, -1.0, 0.0, 6.006),
    (50.1, -1.0, 50.0, -1.0, 180.0, 6.006),
    (0.0, 10.0, 0.0, 10.1, 90.0, 6.011),
    (60.0, 5.2, 60.0, 5.0, 270.0, 6.026),
    (0.0, 179.95, 0.0, -179.95, 90.0, 6.011),      # across the antimeridian, the short way
    (0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
]


@pytest.mark.parametrize("lat1, lon1, lat2, lon2, brg, dist", CASES)
def test_bearing_and_distance_by_hand(lat1, lon1, lat2, lon2, brg, dist) -> None:
    assert geo.bearing_deg(lat1, lon1, lat2, lon2) == pytest.approx(brg, abs=1e-6)
    assert geo.distance_nm(lat1, lon1, lat2, lon2) == pytest.approx(dist, abs=0.001)


def test_diagonal_by_hand() -> None:
    # On the equator, 0.1° north and 0.1° east: north 0.1° × M(0.05°) = 11,057 m, east 11,132 m: bearing
    # atan(11132/11057) = 45.19°, distance 15,690 m = 8.472 nm.
    assert geo.bearing_deg(-0.05, 0.0, 0.05, 0.1) == pytest.approx(45.19, abs=0.01)
    assert geo.distance_nm(-0.05, 0.0, 0.05, 0.1) == pytest.approx(8.472, abs=0.002)


@pytest.mark.parametrize("observer_bearing, heading, aspect", [
    (90.0, 0.0, 90.0),       # she heads north, you are east of her: her starboard beam
    (0.0, 90.0, 270.0),      # she heads east, you are north of her: her port beam
    (10.0, 350.0, 20.0),     # across north
    (350.0, 10.0, 340.0),
    (180.0, 0.0, 180.0),     # right astern
    (45.0, 45.0, 0.0),       # dead ahead
    (360.0, 0.0, 0.0),
])
def test_aspect_convention(observer_bearing, heading, aspect) -> None:
    assert geo.aspect_deg(observer_bearing, heading) == pytest.approx(aspect)


def test_aspect_agrees_with_the_view_engine() -> None:
    """Aspect 90 is her starboard beam in the view engine: her green sidelight, not her red."""
    import navlights.api as api
    d = api.display({"propulsion": "power", "length": "120 m"}, "intl-1972")
    a = geo.aspect_deg(observer_bearing_from_target=90.0, target_heading=0.0)
    roles = api.view(d, a, 1.0).roles()
    assert "sidelight-starboard" in roles and "sidelight-port" not in roles


lats = st.floats(-70.0, 70.0)
lons = st.floats(-180.0, 180.0)
brgs = st.floats(0.0, 359.999)
dists = st.floats(0.01, 30.0)


@settings(max_examples=200, deadline=None)
@given(lats, lons, brgs, dists)
def test_distance_symmetric_and_bearing_reciprocal(lat, lon, b, d) -> None:
    lat2, lon2 = geo.destination(lat, lon, b, d)
    assert geo.distance_nm(lat, lon, lat2, lon2) == pytest.approx(geo.distance_nm(lat2, lon2, lat, lon), rel=1e-12)
    diff = (geo.bearing_deg(lat, lon, lat2, lon2) - geo.bearing_deg(lat2, lon2, lat, lon)) % 360.0
    assert min(abs(diff - 180.0), abs(diff - 540.0)) < 1e-6


@settings(max_examples=200, deadline=None)
@given(lats, lons, brgs, dists)
def test_destination_inverts_bearing_and_distance(lat, lon, b, d) -> None:
    lat2, lon2 = geo.destination(lat, lon, b, d)
    assert geo.distance_nm(lat, lon, lat2, lon2) == pytest.approx(d, rel=1e-6)
    assert abs((geo.bearing_deg(lat, lon, lat2, lon2) - b + 180.0) % 360.0 - 180.0) < 1e-4


@settings(max_examples=200, deadline=None)
@given(lats, lons, st.floats(0.0, 359.0), st.floats(0.0, 359.0), st.floats(0.05, 20.0))
def test_aspect_mirrors_port_and_starboard(lat, lon, heading, rel, d) -> None:
    """An observer mirrored across her fore-and-aft line sees aspect 360 - a."""
    o1 = geo.destination(lat, lon, heading + rel, d)
    o2 = geo.destination(lat, lon, heading - rel, d)
    a1 = geo.aspect_deg(geo.bearing_deg(lat, lon, *o1), heading)
    a2 = geo.aspect_deg(geo.bearing_deg(lat, lon, *o2), heading)
    assert abs(((a1 + a2) % 360.0 + 180.0) % 360.0 - 180.0) < 1e-4


@settings(max_examples=300, deadline=None)
@given(lats, lons, brgs, st.floats(0.5, 30.0))
def test_flat_error_against_the_ellipsoid(lat, lon, b, d) -> None:
    """The error the module states: distance within 5 parts in 10^5 of the WGS 84 geodesic up to 30 nm."""
    lat2, lon2 = geo.destination(lat, lon, b, d)
    ref = vincenty_nm(lat, lon, lat2, lon2)
    assert abs(geo.distance_nm(lat, lon, lat2, lon2) - ref) <= 5e-5 * ref


@pytest.mark.parametrize("rng, z, eye, vis, limit", [
    (3.0, 9.0, None, None, 3.0),           # the rule's range alone
    (6.0, 9.0, 4.0, None, 6.0),            # geographic 2.08 (3 + 2) = 10.4: the rule's 6 is less
    (12.0, 9.0, 4.0, None, 10.4),          # the rule's 12 is more: the horizon limits it
    (6.0, 0.0, 0.0, None, 0.0),            # light and eye at the waterline: over the horizon at once
    (float("nan"), 4.0, 1.0, None, 6.24),  # no stated range: the geographic range, 2.08 (2 + 1)
])
def test_range_limits(rng, z, eye, vis, limit) -> None:
    got = float(geo.range_limits_nm([rng], [z], eye_height_m=eye, visibility_nm=vis)[0])
    assert got == pytest.approx(limit, abs=1e-9)


def test_visibility_caps_the_range() -> None:
    """In 10 nm visibility the range is the nominal one; in 1 nm it is less (Allard's law)."""
    assert float(geo.range_limits_nm([3.0], [10.0], visibility_nm=10.0)[0]) == pytest.approx(3.0, abs=1e-9)
    # 2 ln d + k d / 1 = 2 ln 3 + k 3 / 10 with k = -ln 0.05 = 2.9957: d = 1.020 nm
    assert float(geo.range_limits_nm([3.0], [10.0], visibility_nm=1.0)[0]) == pytest.approx(1.020, abs=0.001)
