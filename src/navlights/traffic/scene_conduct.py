"""Each vessel of a scene against own ship: who gives way and why (the conduct engine, Part B), one answer per
reading of her, under the edition her lights are judged by.

Own ship is read as a power-driven vessel under way (the scene says nothing else of her; the answer says so), on
her course over ground (her heading where none is given) at her speed. The other vessel's course and speed over
ground come from her report; where either is missing, her role is not given and the answer says why.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .scene import Observer, Target

OWN_ASSUMED = "own ship read as a power-driven vessel under way (the scene gives no other status)"


def _one(o: Observer, t: Target, reading: Any) -> dict[str, Any]:
    from ..engines import conduct as c
    from ..engines.conduct_words import answer, reading_words
    from ..rulebase.conduct import conduct_rules
    from ..vessel import make_vessel
    base = {"edition": reading.edition, "assumptions": [OWN_ASSUMED] + ([] if o.course_deg is not None else
                                                                         ["own ship's heading stands for her course"])}
    if reading.error or not reading.vessel:
        return base | {"answer": None, "gap": f"her vessel is not known ({reading.error or 'no reading'})"}
    if t.course_deg is None or t.speed_kn is None:
        return base | {"answer": None, "gap": "her course or speed over ground is not known: her role is not given"}
    b = math.radians(t.bearing_deg)
    own = c.Ship(make_vessel({"propulsion": "power"}), o.heading_deg if o.course_deg is None else o.course_deg,
                 float(o.speed_kn or 0.0), heading_deg=o.heading_deg)
    her = c.Ship(make_vessel(reading.vessel), t.course_deg, t.speed_kn, t.distance_nm * math.sin(b),
                 t.distance_nm * math.cos(b), t.heading_deg)
    r = c.decide(conduct_rules(reading.edition), own, her)
    k = r.kinematics
    return base | {"answer": answer(r), "roles": reading_words(r.reading, r.bearing_deg), "encounter": r.encounter,
                   "give_way": list(r.give_way), "stand_on": r.stand_on, "overtaking": r.reading.overtaking,
                   "rules": [x.cite for x in r.reading.rules], "risk_of_collision": r.risk_of_collision,
                   "cpa_nm": None if k is None else round(k.cpa_nm, 3),
                   "tcpa_min": None if k is None else round(k.tcpa_min, 2), "gaps": list(r.reading.gaps),
                   "gap": None}


def roles(o: Observer, t: Target) -> list[dict[str, Any]]:
    """Her role against own ship, one entry per reading (in the readings' order)."""
    return [_one(o, t, r) for r in t.readings]
