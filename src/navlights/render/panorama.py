"""The night panorama of a traffic scene: every vessel's lights at their bearings round the observer's horizon.

Horizontally, relative bearing from the observer's head (the centre of the picture), ``width / fov`` pixels a
degree, each light at her bearing plus its apparent offset across the line of sight. Vertically, the elevation
above the observer's horizontal plane, ``(z - eye) / D - D / 2R'`` radians (the drop of the earth's curve with
mean refraction, R' = 7,420 km, the radius under which the view engine's geographic range 2.08 (sqrt H1 + sqrt H2)
holds), drawn ``v_px_per_deg`` pixels a degree: a vertical exaggeration, stated in the picture and the labels,
since a ship's lights span a few hundredths of a degree at a few miles; lights of one vessel still closer than
a light's size are pushed apart upward, keeping their order (flag ``spread``; ``y_true`` in the labels). The
sea horizon is drawn at its dip,
sqrt(2 eye / R'). Brightness falls with distance toward the light's range limit (as the night view's, to 0.3
at least); a light drawn where it would leave the picture is drawn at its edge and flagged ``clipped``.

The labels (:func:`labels`) give each light's pixel x, y, colour, vessel ident, role, distance and
bearing, and the reading it belongs to: the picture serves a person and a light-detector training set.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .elements import Element, Light, Line, Rect, Scene, Text, VGradient
from .style import DEFAULT_STYLE, Style

#: The radius under which 2.08 sqrt(h in m) is the distance (nm) of the horizon: (1852 * 2.08)^2 / 2 metres.
R_PRIME_M = (1852.0 * 2.08) ** 2 / 2.0
DEFAULT_WIDTH = 2400
DEFAULT_HEIGHT = 480
DEFAULT_V_PX_PER_DEG = 400.0
HORIZON_FRACTION = 0.62
TICK_COLOUR = "#6c7a90"


@dataclass(frozen=True)
class Frame:
    """The panorama's mapping from (relative bearing, elevation) to pixels."""

    width: int
    height: int
    fov_deg: float
    v_px_per_deg: float
    eye_m: float

    @property
    def h_px_per_deg(self) -> float:
        return self.width / self.fov_deg

    @property
    def level_y(self) -> float:
        """Where the observer's horizontal plane (elevation 0) is drawn."""
        return self.height * HORIZON_FRACTION - self.dip_deg * self.v_px_per_deg

    @property
    def dip_deg(self) -> float:
        return math.degrees(math.sqrt(2.0 * max(self.eye_m, 0.0) / R_PRIME_M))

    def x(self, rel_deg: float) -> float:
        r = (rel_deg + 180.0) % 360.0 - 180.0
        return self.width / 2.0 + r * self.h_px_per_deg

    def y(self, elev_deg: float) -> float:
        return self.level_y - elev_deg * self.v_px_per_deg

    def inside(self, rel_deg: float) -> bool:
        r = (rel_deg + 180.0) % 360.0 - 180.0
        return abs(r) <= self.fov_deg / 2.0 + 1e-9


def elevation_deg(height_m: float, eye_m: float, distance_nm: float) -> float:
    """Elevation of a light above the observer's horizontal plane, with the earth's curve and refraction."""
    d = max(distance_nm, 1e-6) * 1852.0
    return math.degrees((height_m - eye_m) / d - d / (2.0 * R_PRIME_M))


def brightness(distance_nm: float, limit_nm: float | None, style: Style = DEFAULT_STYLE) -> float:
    """1 near, falling toward the range limit (as the night view), 0.3 at least."""
    if limit_nm is None or limit_nm <= 0:
        b = 1.0 / (1.0 + 0.12 * distance_nm)
    else:
        b = 1.0 - 0.7 * min(1.0, distance_nm / limit_nm) ** 2
    return max(style.light_min_brightness, min(1.0, b))


def _background(fr: Frame, style: Style) -> list[Element]:
    hy = fr.height * HORIZON_FRACTION
    out: list[Element] = [Rect(0, 0, fr.width, hy, VGradient(style.night_sky_top, style.night_sky_bottom)),
                          Rect(0, hy, fr.width, fr.height - hy, VGradient(style.night_sea_top,
                                                                           style.night_sea_bottom)),
                          Line(0, hy, fr.width, hy, "#22324a", 1.0, cls="horizon")]
    return out


def _ticks(fr: Frame, centre_true: float) -> list[Element]:
    out: list[Element] = []
    step = 10 if fr.fov_deg > 60 else 5 if fr.fov_deg > 20 else 1
    label_every = 30 if fr.fov_deg > 120 else 10 if fr.fov_deg > 30 else step
    lo = math.ceil(-fr.fov_deg / 2.0 / step) * step
    y0 = fr.height - 30
    r = lo
    while r <= fr.fov_deg / 2.0 + 1e-9:
        x = fr.x(r)
        major = r % label_every == 0
        out.append(Line(x, y0, x, y0 + (9 if major else 5), TICK_COLOUR, 1.0))
        if major and 45 <= x <= fr.width - 45:
            true = (centre_true + r) % 360.0
            rel = "ahead" if r == 0 else f"{abs(r):g}° {'stbd' if r > 0 else 'port'}"
            out.append(Text(x, y0 + 21, f"{true:03.0f}° ({rel})", 11, TICK_COLOUR, "middle"))
        r += step
    return out


def separate(points: list[tuple[float, float, float]], gap: float) -> list[tuple[float, float]]:
    """One vessel's lights (x, y, height on board) with lights closer than ``gap`` pixels pushed apart upward,
    the higher light on board kept above: a vertical line stays a vertical line at any distance."""
    order = sorted(range(len(points)), key=lambda i: (points[i][2], -points[i][1]))
    out: dict[int, tuple[float, float]] = {}
    for i in order:
        x, y, _ = points[i]
        for j in list(out):
            xj, yj = out[j]
            if abs(x - xj) < gap and y > yj - gap:
                y = yj - gap
        out[i] = (x, y)
    return [out[i] for i in range(len(points))]


def panorama(scene: Any, *, fov_deg: float | None = None, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT,
             v_px_per_deg: float = DEFAULT_V_PX_PER_DEG, names: bool = True, style: Style = DEFAULT_STYLE) -> Scene:
    """The night panorama of a :class:`navlights.traffic.scene.SceneResult` as a render :class:`Scene`.

    ``fov_deg`` None: the whole horizon (360°), centred on the observer's head. The first reading of each
    vessel is drawn; the labels say how many readings she has."""
    fov = 360.0 if fov_deg is None else float(fov_deg)
    obs = scene.observer
    eye = obs.eye_height_m or 0.0
    fr = Frame(width, height, fov, v_px_per_deg, eye)
    elements: list[Element] = _background(fr, style)
    elements += _ticks(fr, obs.heading_deg)
    labels: list[dict[str, Any]] = []
    lights: list[tuple[float, Light]] = []
    texts: list[Element] = []
    for t in scene.targets:
        if not fr.inside(t.relative_deg) or not t.readings:
            continue
        r0 = t.readings[0]
        lowest = None
        seen = r0.seen
        b = brightness(t.distance_nm, None, style)
        true_pts = [(fr.x(t.relative_deg + lt.offset_deg), fr.y(elevation_deg(lt.height_m, eye, t.distance_nm)),
                     lt.height_m) for lt in seen]
        pts = separate(true_pts, 2.2 * (1.4 + 2.2 * b))
        for lt, (x, y), (_, y_true, _) in zip(seen, pts, true_pts):
            b = brightness(t.distance_nm, lt.range_limit_nm, style)
            clipped = not (4.0 <= y <= fr.height - 40.0) or not 0.0 <= x <= fr.width
            y = min(max(y, 4.0), fr.height - 40.0)
            core = 1.4 + 2.2 * b
            glow_c, core_c = style.light(lt.colour)
            flags = lt.flags + (("clipped",) if clipped else ()) + (() if t.certain else ("one-of-readings",)) \
                + (("spread",) if abs(y - y_true) > 0.01 and not clipped else ())
            lights.append((t.distance_nm, Light(x, y, core, core * 3.5 * (0.55 + 0.45 * b), b, glow_c, core_c,
                                                lt.role, lt.colour, lt.cite, flags)))
            labels.append({"ident": t.ident, "reading": 0, "readings": len(t.readings), "certain": t.certain,
                           "role": lt.role, "colour": lt.colour, "name": lt.name, "x": round(x, 2), "y": round(y, 2),
                           "y_true": round(y_true, 2), "r": round(core, 2), "brightness": round(b, 3),
                           "distance_nm": round(t.distance_nm, 3),
                           "bearing_deg": round(t.bearing_deg, 2), "relative_deg": round(t.relative_deg, 2),
                           "aspect_deg": None if t.aspect_deg is None else round(t.aspect_deg, 2),
                           "edition": r0.edition, "flags": list(flags), "status": lt.status, "scheme": lt.scheme,
                           "group": lt.group, "option": lt.option})
            lowest = y if lowest is None else max(lowest, y)
        if names and lowest is not None:
            texts.append(Text(fr.x(t.relative_deg), min(lowest + 16, fr.height - 34), t.ident, 10, "#8592a6",
                              "middle", cls="ident"))
    lights.sort(key=lambda p: -p[0])             # far first: near lights are painted over them
    elements += [lt for _, lt in lights] + texts
    when = "" if scene.time is None else scene.time.strftime("%Y-%m-%d %H:%M UTC")
    caption = (f"{when} · from {obs.ident} {obs.lat:.4f}, {obs.lon:.4f}, heading {obs.heading_deg:03.0f}°"
               f"{f', eye {eye:g} m' if eye else ''}"
               f"{f', visibility {obs.visibility_nm:g} nm' if obs.visibility_nm else ''} · "
               f"{len(labels)} lights of {len({i['ident'] for i in labels})} vessels in view · vertical scale ×{v_px_per_deg / fr.h_px_per_deg:.0f}")
    elements.append(Text(10, 18, caption, 12, "#aab6c8", cls="caption"))
    meta = {"kind": "panorama", "time": None if scene.time is None else scene.time.isoformat(),
            "fov_deg": fov, "centre_bearing_deg": obs.heading_deg, "h_px_per_deg": round(fr.h_px_per_deg, 4),
            "v_px_per_deg": v_px_per_deg, "horizon_y": round(fr.height * HORIZON_FRACTION, 2),
            "level_y": round(fr.level_y, 2), "eye_height_m": obs.eye_height_m,
            "edition_basis": scene.edition_basis, "description": caption, "lights": labels}
    return Scene("night", width, height, tuple(elements), f"Night panorama {when}".strip(), meta)


def labels(pano: Scene) -> dict[str, Any]:
    """The panorama's labels: the frame and each light's pixel place, colour, vessel and role."""
    m = dict(pano.meta)
    items = m.pop("lights")
    m.pop("description", None)
    return {"width": pano.width, "height": pano.height, **m, "items": items}
