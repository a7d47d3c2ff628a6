"""Waters from a position: a region's polygons (GeoJSON), tested point by point in numpy.

A region file is a GeoJSON Polygon, MultiPolygon, Feature or FeatureCollection (longitude, latitude; the
first ring of a polygon its outline, the others holes). A feature's ``properties.waters`` names the waters
inside it (``us-inland``, ``great-lakes``; default ``us-inland``); outside every polygon the waters are
``high-seas``. navlights ships no boundary of its own: the demarcation lines are the user's to draw.

>>> r = Region.from_geojson({"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]})
>>> r.waters_at(5.0, 5.0), r.waters_at(5.0, 11.0)
('us-inland', 'high-seas')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import NavlightsError, excerpt
from ..jsoninput import loads, regular_file
from ..vessel_facts import WATERS

OUTSIDE = "high-seas"
INSIDE = "us-inland"


class RegionError(NavlightsError, ValueError):
    """A region file that cannot be read as GeoJSON polygons."""


def _bad(what: str, value: Any = None) -> RegionError:
    return RegionError(f"region: {what}; allowed: a GeoJSON Polygon, MultiPolygon, Feature or FeatureCollection "
                       "of them (longitude, latitude)", field="region", value=value, allowed="GeoJSON polygons")


@dataclass(frozen=True)
class Region:
    """Polygons, each with the waters inside it: ``(waters, rings)``, a ring a tuple of (lon, lat) points."""

    polygons: tuple[tuple[str, tuple[tuple[tuple[float, float], ...], ...]], ...]
    name: str = "region"

    @classmethod
    def from_file(cls, path: str | Path) -> "Region":
        p = Path(path)
        regular_file(p, "region", RegionError)
        try:
            data = loads(p.read_text(encoding="utf-8"), "region", RegionError)
        except OSError:
            raise _bad(f"{str(p)!r} is not a readable file", str(p)) from None
        except ValueError as e:
            raise _bad(f"{str(p)!r} is not JSON ({e.args[0] if e.args else e})", str(p)) from None
        return cls.from_geojson(data, name=p.name)

    @classmethod
    def from_geojson(cls, data: Any, name: str = "region") -> "Region":
        polys: list[tuple[str, tuple[tuple[tuple[float, float], ...], ...]]] = []
        _collect(data, INSIDE, polys)
        if not polys:
            raise _bad("no polygon found")
        return cls(tuple(polys), name)

    def waters_at(self, lat: float, lon: float) -> str:
        return self.waters_many([lat], [lon])[0]

    def waters_many(self, lats: Any, lons: Any) -> list[str]:
        """The waters at each point: the first polygon holding it, else the high seas."""
        import numpy as np
        y = np.asarray(lats, dtype=float)
        x = np.asarray(lons, dtype=float)
        out = np.full(y.shape, OUTSIDE, dtype=object)
        free = np.ones(y.shape, dtype=bool)
        for waters, rings in self.polygons:
            inside = _in_ring(rings[0], x, y)
            for hole in rings[1:]:
                inside &= ~_in_ring(hole, x, y)
            hit = inside & free
            out[hit] = waters
            free &= ~hit
        return list(out)


def _in_ring(ring: tuple[tuple[float, float], ...], x: Any, y: Any, chunk: int = 20000) -> Any:
    """Even-odd ray casting: a ray from each point eastward crosses the ring's edges an odd number of times."""
    import numpy as np
    pts = np.asarray(ring, dtype=float)
    xi, yi = pts[:, 0], pts[:, 1]
    xj, yj = np.roll(xi, 1), np.roll(yi, 1)
    dy = np.where(yj == yi, np.inf, yj - yi)
    out = np.zeros(x.shape, dtype=bool)
    for s in range(0, x.size, chunk):
        px, py = x[s:s + chunk, None], y[s:s + chunk, None]
        spans = (yi > py) != (yj > py)
        cross = px < (xj - xi) * (py - yi) / dy + xi
        out[s:s + chunk] = np.count_nonzero(spans & cross, axis=1) % 2 == 1
    return out


def _ring(coords: Any) -> tuple[tuple[float, float], ...]:
    try:
        ring = tuple((float(p[0]), float(p[1])) for p in coords)
    except (TypeError, ValueError, IndexError):
        raise _bad("a ring is not a list of [longitude, latitude] points") from None
    if len(ring) < 3:
        raise _bad(f"a ring has {len(ring)} points (at least 3)")
    for lon, lat in ring:
        if not (-180 <= lon <= 180 and -90 <= lat <= 90):
            raise _bad(f"point [{lon:g}, {lat:g}] is out of range (longitude -180..180, latitude -90..90)")
    return ring


def _collect(data: Any, waters: str, out: list[Any]) -> None:
    if not isinstance(data, dict):
        raise _bad(f"expected a GeoJSON object, got {type(data).__name__}")
    kind = data.get("type")
    if kind == "FeatureCollection":
        for f in data.get("features") or []:
            _collect(f, waters, out)
    elif kind == "Feature":
        props = data.get("properties") or {}
        w = props.get("waters", INSIDE) if isinstance(props, dict) else INSIDE
        if w not in WATERS:
            raise RegionError(f"region: properties.waters {excerpt(w)} is not known; allowed: {', '.join(WATERS)}",
                              field="region.waters", value=w, allowed=", ".join(WATERS))
        _collect(data.get("geometry"), w, out)
    elif kind == "Polygon":
        out.append((waters, tuple(_ring(r) for r in data.get("coordinates") or [])))
    elif kind == "MultiPolygon":
        for poly in data.get("coordinates") or []:
            out.append((waters, tuple(_ring(r) for r in poly)))
    else:
        raise _bad(f"type {excerpt(kind)} is not a polygon", kind)
    if out and not out[-1][1]:
        raise _bad("a polygon without rings")
