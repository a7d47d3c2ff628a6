"""Units as the rules write them (feet, points, miles, tons) and their conversion.

Internally lengths and heights are metres, ranges nautical miles and angles
degrees clockwise from right ahead.

Lengths are written back in the unit system of the edition that speaks (its
``units.length`` entry, see :func:`length_system`): metres first for the metric
rules, feet first for the historical ones. A vessel's own length carries the
other unit in parentheses (:func:`fmt_length`); a rule's threshold or band is
written in the edition's unit only (:func:`fmt_band`), as the rule writes it.
Numbers keep at most one decimal and drop a needless ``.0``.

>>> parse_length("150 ft")
45.72
>>> parse_length("61 m")
61.0
>>> points_to_deg(2)
22.5
>>> round(miles_to_nm(5, "statute"), 4)
4.3449
>>> fmt_length(15, "metres"), fmt_length(15, "feet")
('15 m (49.2 ft)', '49.2 ft (15 m)')
>>> fmt_length(parse_length("200 ft"), "metres")
'61 m (200 ft)'
>>> fmt_band(20, "metres"), fmt_band(parse_length("150 ft"), "feet"), fmt_band(200, "feet")
('20 m', '150 ft', '656.2 ft')
"""

from __future__ import annotations

import re
from typing import Iterable, Literal, cast

from .errors import VesselError, excerpt

#: Upper bounds of a vessel's length, breadth and tow that catch typing slips (the largest ships ever built are
#: under 460 m); navlights.vessel checks them, the AIS reader refuses a dimension beyond them.
MAX_LENGTH_M = 500.0
MAX_BREADTH_M = 100.0
MAX_TOW_M = 5000.0

#: A unit system for lengths: the metric rules speak metres, the historical ones feet.
LengthSystem = Literal["metres", "feet"]
SYSTEMS: tuple[LengthSystem, ...] = ("metres", "feet")
#: The system where no edition speaks (``Vessel.describe()`` called bare): feet, as navlights always wrote.
DEFAULT_SYSTEM: LengthSystem = "feet"
#: Words an edition's ``units.length`` entry may use, and the system each names.
_SYSTEM_WORDS: dict[str, LengthSystem] = {
    "metres": "metres", "meters": "metres", "metre": "metres", "meter": "metres", "m": "metres",
    "feet": "feet", "foot": "feet", "ft": "feet",
}

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


def metres_text(metres: float) -> str:
    """A length as text in metres, to the micrometre: ``'60.96 m'`` (how a vessel's JSON writes a length).

    >>> metres_text(60.96), metres_text(61.0), metres_text(0.000001)
    ('60.96 m', '61 m', '0.000001 m')
    """
    return f"{metres:.6f}".rstrip("0").rstrip(".") + " m"


def vessel_size(length_m: float, breadth_m: float | None) -> tuple[float, float | None] | None:
    """A vessel's length and breadth as :class:`navlights.vessel.Vessel` reads them from :func:`metres_text` (to
    the micrometre), or None where it refuses them: each more than 0 and at most :data:`MAX_LENGTH_M` /
    :data:`MAX_BREADTH_M`, the breadth at most the length. The vessel model applies the same bounds (its checks name
    the field); this answers without building it, for the AIS reader (tests/test_traffic_ais_speed.py holds the two
    alike at every bound).

    >>> vessel_size(60.96, 10.0), vessel_size(501.0, None), vessel_size(20.0, 21.0)
    ((60.96, 10.0), None, None)
    """
    try:
        length = parse_length(metres_text(length_m))
        breadth = None if breadth_m is None else parse_length(metres_text(breadth_m), "breadth")
    except VesselError:         # not a number (nan, inf)
        return None
    if not 0 < length <= MAX_LENGTH_M or (breadth is not None and not 0 < breadth <= min(MAX_BREADTH_M, length)):
        return None
    return length, breadth


def parse_length(text: object, field: str = "length") -> float:
    """Metres from ``"200 ft"``, ``"61 m"`` or ``{"value": 200, "unit": "ft"}``."""
    if isinstance(text, dict) and set(text) == {"value", "unit"}:
        text = f"{text['value']} {text['unit']}"
    if isinstance(text, bool) or not isinstance(text, str):
        raise VesselError(
            f"{field}: {excerpt(text)} needs a unit; write e.g. '200 ft' or '61 m'",
            field=field, value=text, allowed="a number with a unit: ft or m")
    if re.fullmatch(r"\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*", text):
        raise VesselError(                      # '200': a number alone, as --vessel-json's 200 (issue 37)
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


def length_system(words: str | None) -> LengthSystem:
    """The unit system an edition's ``units.length`` entry names ('metres', 'meters', 'feet', ...).

    >>> length_system("meters"), length_system("feet")
    ('metres', 'feet')
    """
    got = _SYSTEM_WORDS.get((words or "").strip().lower())
    if got is None:
        raise ValueError(f"units.length: {words!r} is not a unit system; known: {', '.join(_SYSTEM_WORDS)}")
    return got


def check_system(value: object, field: str = "units") -> LengthSystem:
    """A unit system asked for by a user ('metres', 'meters', 'feet', 'm', 'ft'), or a :class:`VesselError`."""
    got = _SYSTEM_WORDS.get(value.strip().lower()) if isinstance(value, str) else None
    if got is None:
        raise VesselError(f"{field}: {value!r} is not a unit system; use metres or feet",
                          field=field, value=value, allowed="metres, feet")
    return got


def shared_system(systems: Iterable[str]) -> LengthSystem:
    """The system several editions speak together: the one they share, else metres (the rules in force today
    are metric; feet are history).

    >>> shared_system(["feet", "feet"]), shared_system(["feet", "metres"]), shared_system([])
    ('feet', 'metres', 'feet')
    """
    got = set(systems)
    if not got:
        return DEFAULT_SYSTEM
    if len(got) == 1:
        return cast(LengthSystem, got.pop())
    return "metres"


def _num(x: float) -> str:
    """At most one decimal, no needless '.0': 61.0 -> '61', 49.21 -> '49.2', 0.6 -> '0.6'."""
    r = round(x, 1)
    return f"{r:.0f}" if r == round(r) else f"{r:.1f}"


def fmt_band(metres: float, system: str = DEFAULT_SYSTEM) -> str:
    """A length in one system only, as a rule writes a threshold: ``'20 m'``, ``'150 ft'``."""
    if system == "metres":
        return f"{_num(metres)} m"
    if system == "feet":
        return f"{_num(m_to_ft(metres))} ft"
    raise ValueError(f"unknown unit system {system!r}; known: {', '.join(SYSTEMS)}")


def fmt_span(lo_m: float, hi_m: float, system: str = DEFAULT_SYSTEM, dash: str = "–") -> str:
    """A span of lengths in one system: ``'3.5–150 m'`` (one value when both ends read the same).

    >>> fmt_span(3.5, 150, "metres"), fmt_span(parse_length("65 ft"), parse_length("65 ft"), "feet")
    ('3.5–150 m', '65 ft')
    """
    lo, hi = fmt_band(lo_m, system), fmt_band(hi_m, system)
    if lo == hi:
        return lo
    return f"{lo.rsplit(' ', 1)[0]}{dash}{hi}"


def ft_to_m(feet: float) -> float:
    """Metres from feet."""
    return feet * FOOT_M


def fmt_length(metres: float, system: str = DEFAULT_SYSTEM) -> str:
    """A vessel's length in the system first, the other in parentheses: ``'15 m (49.2 ft)'``, ``'200 ft (61 m)'``."""
    other = "feet" if system == "metres" else "metres"
    return f"{fmt_band(metres, system)} ({fmt_band(metres, other)})"


def lengths_words(lengths_ft: list[float], system: str, dash: str = "–") -> str:
    """The span of the vessel lengths a difference touches (``lengths_ft``, as the JSON gives them), in words
    of ``system``: ``'3.5–150 m'``; '' when there are none.

    >>> lengths_words([11.5, 52.5], "metres", "-"), lengths_words([11.5, 52.5], "feet")
    ('3.5-16 m', '11.5–52.5 ft')
    """
    if not lengths_ft:
        return ""
    return fmt_span(ft_to_m(min(lengths_ft)), ft_to_m(max(lengths_ft)), system, dash)
