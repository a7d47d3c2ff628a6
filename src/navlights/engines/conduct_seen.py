"""Roles from the lights seen: her aspect (from her lights, as identify reads them) and her bearing on your bow give
the Rule 13(b), 14(b), 15 and 18 answer, without positions or speeds.

Rule 14(b) and 13(b) speak in lights: head-on when she is ahead or nearly ahead and shows her masthead lights in a
line and/or both sidelights; overtaking when you would see only her sternlight. So the aspect interval her lights
allow (identify's ``aspects``) is the fact: where the whole interval gives one reading it is the answer; where it
spans a limit, both readings are given (a border). Her motion is not in the lights: the answer assumes she is
closing (what to do if risk of collision exists, Rule 7) and says so.

>>> from navlights.rulebase.conduct import conduct_rules
>>> from navlights.vessel import make_vessel
>>> p = make_vessel({"propulsion": "power"})
>>> c = from_sighting(conduct_rules("intl-1972"), p, p, 45.0, [(247.5, 268.9)])
>>> c.encounter, c.give_way
('crossing', ('own',))
"""

from __future__ import annotations

from .conduct import Border, Conduct, Conventions, Ship, Situation, _decide, _duties, _ref, classify, standing
from ..rulebase.conduct import ConductRules
from ..vessel import Vessel

#: How far inside an aspect interval's open ends it is read (degrees): the ends are limits, not aspects seen.
INSIDE_DEG = 1e-6


def from_sighting(rules: ConductRules, own: Vessel, her: Vessel, bearing_deg: float,
                  aspects: list[tuple[float, float]], situation: Situation = Situation(),
                  conventions: Conventions = Conventions()) -> Conduct:
    """Who gives way, from her bearing on your bow and the aspects (your bearing on her bow, clockwise from her
    right ahead; each interval ``(start, end)`` clockwise) that her lights allow."""
    rb = bearing_deg % 360.0
    own_s, her_s = Ship(own, 0.0, 0.0), Ship(her, 0.0, 0.0)
    st = (standing(rules, own)[0], standing(rules, her)[0])
    terms = (standing(rules, own)[1], standing(rules, her)[1])
    notes: tuple[str, ...] = ("from the lights seen: her motion is not known; the answer holds if she is closing (risk of "
             "collision, Rule 7)",)
    abaft = rules.sector.overtaking_abaft_beam_deg if rules.sector else None
    if abaft is None or not aspects:
        base = _decide(rules, own_s, her_s, st, "none", None, rb, 0.0, situation, False)
        return Conduct(rules.edition, *st, *terms, base, (), None, None, conventions, (), notes, rb)
    readings: list[tuple[str, str | None, float]] = []
    for lo, hi in aspects:
        width = 0.0 if hi == lo else (hi - lo) % 360.0 or 360.0
        points = (lo,) if width == 0.0 else (lo + INSIDE_DEG, lo + width / 2.0, lo + width - INSIDE_DEG)
        m = conventions.border_deg
        trials = [(a, abaft, conventions.head_on_deg) for a in points]
        trials += [(points[len(points) // 2], ab, max(h, 0.0)) for ab, h in (
            (abaft - m, conventions.head_on_deg), (abaft + m, conventions.head_on_deg),
            (abaft, conventions.head_on_deg - m), (abaft, conventions.head_on_deg + m))]
        for a, ab, h in trials:
            enc, ot = classify(rb, a % 360.0, True, ab, h)
            if (enc, ot) not in [(r[0], r[1]) for r in readings]:
                readings.append((enc, ot, a % 360.0))
    mid = aspects[0][0] + (0.0 if aspects[0][1] == aspects[0][0] else ((aspects[0][1] - aspects[0][0]) % 360.0 or 360.0) / 2.0)
    if any(lo != hi and (hi - lo) % 360.0 == 0.0 for lo, hi in aspects):
        # all-round lights only: her heading is not in them; read her as crossing your course (the roles then rest
        # on Rule 15 or 18 from your side), the other readings come as borders
        mid = 270.0 if rb < 180.0 else 90.0
        notes += ("her lights show no heading (all-round lights only): the roles assume you are not overtaking her",)
    enc, ot = classify(rb, mid % 360.0, True, abaft, conventions.head_on_deg)
    aspect = mid % 360.0
    base = _decide(rules, own_s, her_s, st, enc, ot, rb, aspect, situation, False)
    borders = []
    for e2, o2, a2 in readings:
        if (e2, o2) == (enc, ot):
            continue
        limit = "head-on" if "head-on" in (e2, enc) else "overtaking sector"
        p = rules.paragraph("head-on-doubt" if limit == "head-on" else "overtaking-doubt")
        alt = _decide(rules, own_s, her_s, st, e2, o2, rb, a2, situation, False)  # type: ignore[arg-type]
        limit_deg = conventions.head_on_deg if limit == "head-on" else 90.0 + abaft
        borders.append(Border(limit, round(a2, 3), limit_deg, alt, _ref(p) if p else None))
    duties = _duties(rules, own_s, her_s, st, enc, situation)
    return Conduct(rules.edition, *st, *terms, base, duties, None, None, conventions, tuple(borders), notes, rb)

