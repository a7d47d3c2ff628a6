"""Where metres go on the canvas of a night or day view (docs/render.md, "Mapping", "Scale", "Horizon").

``x = centre + offset_m * scale``, ``y = waterline - height_m * scale``, with the picture's offsets
(+ to the observer's right) and heights. The scale (pixels per metre) is fitted to the vessel once
for every aspect (her half-diagonal, her items' distance from midships, her highest item), so a
turntable does not zoom; beyond ``reference_distance_nm`` it shrinks as (reference / distance) **
``shrink_power`` (never below ``shrink_min``). The horizon is at the observer's height of eye.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .style import Style


@dataclass(frozen=True, slots=True)
class Frame:
    """Where metres go on the canvas: centre, waterline and horizon (px), scale (px per metre)."""

    cx: float
    waterline_y: float
    horizon_y: float
    scale: float
    fit_scale: float
    shrink: float
    bottom: float                 # the foot of the drawing (top of the caption band)

    def px(self, offset_m: float, height_m: float) -> tuple[float, float]:
        """The pixel place of a point ``offset_m`` to the observer's right and ``height_m`` above the waterline."""
        return self.cx + offset_m * self.scale, self.waterline_y - height_m * self.scale


def fit_frame(width: int, height: int, bottom: float, L: float, B: float, radius_m: float, top_m: float,
              eye_m: float, distance_nm: float | None, style: Style) -> Frame:
    """The frame of a vessel of length ``L`` and breadth ``B`` (m), items up to ``radius_m`` from midships
    and ``top_m`` high, seen from ``eye_m`` at ``distance_nm``, drawn above ``bottom`` (px)."""
    margin_x = style.margin_share * width
    margin_y = max(style.margin_share * bottom, 0.06 * bottom)
    half = max(math.hypot(L / 2, B / 2), radius_m, 0.5)
    eye = min(eye_m, top_m)                     # the horizon is drawn at most level with her top
    fit_h = (width / 2 - margin_x) / half
    fit_v = (bottom - 2 * margin_y) / max(top_m + eye, 0.5)
    fit = max(1e-6, min(fit_h, fit_v))
    shrink = 1.0
    if distance_nm is not None and distance_nm > style.reference_distance_nm:
        shrink = max(style.shrink_min, (style.reference_distance_nm / distance_nm) ** style.shrink_power)
    s = fit * shrink
    # At full size her top touches the top margin; the horizon stays put and a smaller (farther)
    # vessel's waterline rises toward it.
    free = bottom - 2 * margin_y - (top_m + eye) * fit
    horizon = margin_y + free * 0.5 + (top_m - eye) * fit
    waterline = horizon + eye * s
    return Frame(width / 2, waterline, horizon, s, fit, shrink, bottom)
