"""Units as the rules write them (feet, points, miles, tons) and their conversion.

Internally lengths and heights are metres, ranges nautical miles and angles
degrees clockwise from right ahead.

>>> parse_length("150 ft")
45.72
>>> parse_length("61 m")
61.0
>>> points_to_deg(2)
22.5
>>> round(miles_to_nm(5, "statute"), 4)
4.3449
"""

from __future__ import annotations

import re

from .errors import VesselError, excerpt

FOOT_M = 0.3048
POINT_DEG = 11.25
STATUTE_MILE_NM = 1609.344 / 1852.0

_LENGTH_UNITS = {
    "ft": FOOT_M, "feet": FOOT_M, "foot": FOOT_M, "'": FOOT_M,
    "m": 1.0, "metre": 1.0, "metres": 1.0, "meter": 1.0, "meters": 1.0,
}
_QTY = re.compile(r"^\s*([-+]?\d+(?:\.\d+)?)\s*([A-Za-z']+)\s*$")

#: Lengths are compared after rounding to this many decimals of a metre, so that
#: "150 ft" in a vessel and "150 ft" in a rule meet exactly (0.3048 is not binary-exact).
LENGTH_DECIMALS = 6


def parse_length(text: object, field: str = "length") -> float:
    """Metres from ``"200 ft"``, ``"61 m"`` or ``{"value": 200, "unit": "ft"}``."""
    if isinstance(text, dict) and set(text) == {"value", "unit"}:
        text = f"{text['value']} {text['unit']}"
    if isinstance(text, bool) or not isinstance(text, str):
        raise VesselError(
            f"{field}: {excerpt(text)} needs a unit; write e.g. '200 ft' or '61 m'",
            field=field, value=text, allowed="a number with a unit: ft or m")
    m = _QTY.match(text)
    if not m or m.group(2).lower() not in _LENGTH_UNITS:
        raise VesselError(
            f"{field}: {excerpt(text)} is not a length; write e.g. '200 ft' or '61 m' (units: ft, m)",
            field=field, value=text, allowed="a number with a unit: ft or m")
    return round(float(m.group(1)) * _LENGTH_UNITS[m.group(2).lower()], LENGTH_DECIMALS)


def parse_quantity(text: str) -> tuple[float, str]:
    """Split a rule-data quantity such as ``"5 mi"`` or ``"2 ft"`` into (number, unit)."""
    m = _QTY.match(text)
    if not m:
        raise ValueError(f"{excerpt(text)} is not a quantity like '5 mi' or '20 ft'")
    return float(m.group(1)), m.group(2).lower()


def m_to_ft(metres: float) -> float:
    """Feet from metres."""
    return metres / FOOT_M


def points_to_deg(points: float) -> float:
    """Degrees from points of the compass (32 points to the circle)."""
    return points * POINT_DEG


def miles_to_nm(miles: float, mile: str) -> float:
    """Nautical miles from an edition's "miles" (``nautical`` or ``statute``)."""
    if mile == "nautical":
        return float(miles)
    if mile == "statute":
        return miles * STATUTE_MILE_NM
    raise ValueError(f"unknown mile {mile!r}; known: nautical, statute")


def fmt_length(metres: float) -> str:
    """A length in the rules' feet, with metres: ``'200 ft (61.0 m)'``."""
    ft = m_to_ft(metres)
    ft_s = f"{ft:.0f}" if abs(ft - round(ft)) < 0.05 else f"{ft:.1f}"
    return f"{ft_s} ft ({metres:.1f} m)"
