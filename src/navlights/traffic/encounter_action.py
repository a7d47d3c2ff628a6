"""Rules 16 and 17 over an encounter's minutes: whether the give-way vessel's action was substantial and early,
and from when the stand-on vessel could (17(a)(ii)) and had to (17(b)) act.

The Rules give no figures: Rule 16 asks the give-way vessel to act early and substantially, Rule 8(b) for an
alteration large enough to be readily apparent, Rule 17(a)(ii) lets the stand-on vessel act once it becomes apparent
that the give-way vessel is not acting, and 17(b) makes her act when collision cannot be avoided by the give-way
vessel alone. navlights' figures are named conventions (:class:`ActionThresholds`), settable, and every answer
carries the values it used:

- substantial: the give-way vessel's course over ground changed by at least ``course_deg`` (30) or her speed by at
  least ``speed_pct`` per cent (50) from what they were when her duty began;
- early: the change first shows at a minute whose previous minute still had at least ``early_tcpa_min`` (10) to the
  closest approach;
- the stand-on vessel may act (17(a)(ii)) from the first minute with risk of collision, no substantial action yet,
  and the closest approach ``may_tcpa_min`` (8) or less away; she must act (17(b)) from the first such minute with
  ``must_tcpa_min`` (3) or less.

A pair's duty begins at the first minute one vessel alone gives way, and is kept (as the answer's roles may shift
once she turns) until the two are passing clear.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass, field
from typing import Any

from ..errors import NavlightsError, excerpt

LIMITS = {"course_deg": (1.0, 180.0), "speed_pct": (1.0, 100.0), "early_tcpa_min": (0.0, 120.0),
          "may_tcpa_min": (0.0, 120.0), "must_tcpa_min": (0.0, 120.0)}


@dataclass(frozen=True, slots=True)
class ActionThresholds:
    """The figures Rules 16 and 17 leave open (navlights' conventions, each settable)."""

    course_deg: float = 30.0
    speed_pct: float = 50.0
    early_tcpa_min: float = 10.0
    may_tcpa_min: float = 8.0
    must_tcpa_min: float = 3.0

    def __post_init__(self) -> None:
        for name, (lo, hi) in LIMITS.items():
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
                raise NavlightsError(f"action.{name}: {excerpt(v)} is out of range; allowed: {lo:g} to {hi:g}",
                                     field=f"action.{name}", value=v, allowed=f"{lo:g} to {hi:g}")
        if self.must_tcpa_min > self.may_tcpa_min:
            raise NavlightsError(f"action.must_tcpa_min: {self.must_tcpa_min:g} is more than may_tcpa_min "
                                 f"{self.may_tcpa_min:g}; allowed: at most may_tcpa_min", field="action.must_tcpa_min",
                                 value=self.must_tcpa_min, allowed="at most may_tcpa_min")


def parse_thresholds(text: str | None) -> ActionThresholds:
    """``"course_deg=30,speed_pct=50,early_tcpa_min=10,may_tcpa_min=8,must_tcpa_min=3"`` (any of them)."""
    if not text:
        return ActionThresholds()
    out: dict[str, float] = {}
    for part in str(text).split(","):
        key, _, value = part.partition("=")
        key = key.strip()
        if key not in LIMITS:
            raise NavlightsError(f"action: {excerpt(key)} is not a threshold; allowed: {', '.join(LIMITS)}",
                                 field="action", value=key, allowed=", ".join(LIMITS))
        try:
            out[key] = float(value)
        except ValueError:
            raise NavlightsError(f"action.{key}: {excerpt(value)} is not a number", field=f"action.{key}",
                                 value=value, allowed="a number") from None
    return ActionThresholds(**out)


@dataclass(slots=True)
class _Duty:
    give_way: str                      # ident of the give-way vessel
    course: float
    speed: float
    since: dt.datetime
    last_tcpa: float | None = None
    acted: dict[str, Any] | None = None
    may: dt.datetime | None = None
    must: dt.datetime | None = None
    said: set[str] = field(default_factory=set)


def _turn(a: float, b: float) -> float:
    return abs((b - a + 180.0) % 360.0 - 180.0)


def _iso(t: dt.datetime | None) -> str | None:
    return None if t is None else t.isoformat().replace("+00:00", "Z")


class Action:
    """The fold over the minutes for each ordered pair (observer, target)."""

    def __init__(self, thresholds: ActionThresholds | None = None) -> None:
        self.th = thresholds or ActionThresholds()
        self.duties: dict[tuple[str, str], _Duty] = {}

    def step(self, t: dt.datetime, pair: tuple[str, str], conduct: dict[str, Any],
             motion: dict[str, tuple[float, float]], tcpa_min: float | None) -> dict[str, Any] | None:
        """This minute's Rule 16/17 record for the pair (None: no duty now); ``began``: what began this minute."""
        duty = self.duties.get(pair)
        if conduct["encounter"] == "passing-clear":
            self.duties.pop(pair, None)
            return None
        if duty is None:
            if len(conduct["give_way"]) != 1:
                return None
            who = pair[0] if conduct["give_way"] == ["own"] else pair[1]
            duty = self.duties[pair] = _Duty(who, *motion[who], t)
        course, speed = motion[duty.give_way]
        turned = _turn(duty.course, course)
        speed_pct = abs(speed - duty.speed) / duty.speed * 100.0 if duty.speed > 0 else (100.0 if speed > 0 else 0.0)
        said = []
        if duty.acted is None and (turned >= self.th.course_deg or speed_pct >= self.th.speed_pct):
            early = duty.last_tcpa is not None and duty.last_tcpa >= self.th.early_tcpa_min
            duty.acted = {"time": _iso(t), "early": early, "course_change_deg": round(turned, 1),
                          "speed_change_pct": round(speed_pct, 1)}
            said.append(f"{duty.give_way} acts substantially (Rule 16): course {turned:.0f}°, speed "
                        f"{speed_pct:.0f}% changed{'' if early else ', but late'}")
        risky = conduct.get("risk_of_collision") and tcpa_min is not None and tcpa_min >= 0
        if duty.acted is None and risky:
            if duty.may is None and tcpa_min <= self.th.may_tcpa_min:  # type: ignore[operator]
                duty.may = t
                said.append(f"{duty.give_way} has not acted: the stand-on vessel may act (Rule 17(a)(ii))")
            if duty.must is None and tcpa_min <= self.th.must_tcpa_min:  # type: ignore[operator]
                duty.must = t
                said.append("collision cannot be avoided by the give-way vessel alone: the stand-on vessel must "
                            "act (Rule 17(b))")
        duty.last_tcpa = tcpa_min
        record = {"give_way": duty.give_way, "since": _iso(duty.since), "course_change_deg": round(turned, 1),
                  "speed_change_pct": round(speed_pct, 1), "acted": duty.acted,
                  "stand_on_may_act_from": _iso(duty.may), "stand_on_must_act_from": _iso(duty.must),
                  "began": said, "thresholds": asdict(self.th)}
        return record
