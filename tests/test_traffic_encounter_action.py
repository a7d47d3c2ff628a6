"""Issue 32 item 4 (second part): Rules 16 and 17 over the encounter's minutes (traffic/encounter_action.py).

Worked by hand on the equator (a minute of arc taken as a nautical mile): A steers 000 at 10 kn from 0 N 0 E; B
steers 270 at 10 kn from 2 nm N, 2 nm E. B bears 045 from A, A bears 315 on B's bow: crossing, A has B on her
starboard side and keeps out of the way (Rule 15); B stands on (17(a)(i)). Unchanged, they meet at 2 nm N 0 E at
10:12: at minute m the closest approach is 12 - m minutes away (relative motion straight at A).
Thresholds set for the test between whole minutes (their defaults are conventions, docs/traffic.md):
early_tcpa_min 10.5, may_tcpa_min 8.5, must_tcpa_min 3.5; course_deg 30, speed_pct 50.
"""

from __future__ import annotations

import pytest

from navlights.errors import NavlightsError
from navlights.traffic import api as traffic
from navlights.traffic.encounter_action import ActionThresholds, parse_thresholds

HEAD = "time,ident,lat,lon,heading,course,speed,eye_height,propulsion,length\n"
B = ("2021-05-01T10:00:00Z,B,0.0333333,0.0333333,270,270,10,10,power,60 m\n"
     "2021-05-01T10:12:00Z,B,0.0333333,0.0,270,270,10,10,power,60 m\n")
TH = "course_deg=30,speed_pct=50,early_tcpa_min=10.5,may_tcpa_min=8.5,must_tcpa_min=3.5"


def a_rows(*rows: tuple[str, float, float, float, float]) -> str:
    return "".join(f"2021-05-01T{t}:00Z,A,{n / 60:.7f},{e / 60:.7f},{c:g},{c:g},{s:g},10,power,60 m\n"
                   for t, n, e, c, s in rows)


# A's track: (time, nm north, nm east, course, speed)
NEVER = a_rows(("10:00", 0, 0, 0, 10), ("10:12", 2, 0, 0, 10))
EARLY = a_rows(("10:00", 0, 0, 0, 10), ("10:01", 1 / 6, 0, 0, 10), ("10:02", 0.25, 0.1443, 60, 10),
               ("10:12", 1.083, 1.587, 60, 10))
LATE = a_rows(("10:00", 0, 0, 0, 10), ("10:06", 1, 0, 0, 10), ("10:07", 1, 1 / 6, 90, 10),
              ("10:12", 1, 1, 90, 10))
SLOW = a_rows(("10:00", 0, 0, 0, 10), ("10:01", 1 / 6, 0, 0, 4), ("10:12", 0.9, 0, 0, 4))


def last_action(csv: str) -> tuple[dict, list[str]]:
    enc = traffic.encounter_json(HEAD + csv + B, edition="intl-1972", action=TH)
    steps = [s for s in enc["steps"] if s["observer"] == "A" and s["conduct"] and s["conduct"].get("action")]
    events = [e["text"] for e in enc["events"] if e["kind"] == "action" and e["observer"] == "A"]
    return steps[-1]["conduct"]["action"], events


# (case, track, acted at, early, may act from, must act from, cite)
CASES = [
    ("never acts", NEVER, None, None, "10:04", "10:09", "Rule 17(a)(ii) at TCPA 8 <= 8.5; 17(b) at TCPA 3 <= 3.5"),
    ("turns 60 deg at 10:02", EARLY, "10:02", True, None, None, "Rule 16: 60 >= 30 deg; TCPA before 11 >= 10.5"),
    ("turns 90 deg at 10:07", LATE, "10:07", False, "10:04", None, "Rule 16: TCPA before 6 < 10.5; 17(a)(ii) at 10:04"),
    ("slows 10 -> 4 kn at 10:01", SLOW, "10:01", True, None, None, "Rule 16 / 8(b): speed 60% >= 50%; TCPA 12"),
]


@pytest.mark.parametrize("case,csv,acted,early,may,must,cite", CASES, ids=[c[0] for c in CASES])
def test_rule16_and_17_over_time(case, csv, acted, early, may, must, cite):
    a, _ = last_action(csv)
    assert a["give_way"] == "A" and a["since"] == "2021-05-01T10:00:00Z", cite
    assert (a["acted"]["time"][11:16] if a["acted"] else None) == acted, cite
    assert (a["acted"]["early"] if a["acted"] else None) == early, cite
    assert (a["stand_on_may_act_from"] or "")[11:16] == (may or ""), cite
    assert (a["stand_on_must_act_from"] or "")[11:16] == (must or ""), cite
    assert a["thresholds"]["may_tcpa_min"] == 8.5


def test_changes_measured_from_when_the_duty_began():
    a, events = last_action(EARLY)
    assert a["acted"]["course_change_deg"] == pytest.approx(60.0, abs=0.5)
    assert any("acts substantially (Rule 16)" in e for e in events)
    a, _ = last_action(SLOW)
    assert a["acted"]["speed_change_pct"] == pytest.approx(60.0, abs=0.5)


def test_events_name_rule_17():
    _, events = last_action(NEVER)
    assert any("Rule 17(a)(ii)" in e for e in events) and any("Rule 17(b)" in e for e in events)


def test_defaults_are_named_conventions():
    assert ActionThresholds() == parse_thresholds(None) == ActionThresholds(30.0, 50.0, 10.0, 8.0, 3.0)


@pytest.mark.parametrize("text,field", [("course_deg=0", "action.course_deg"), ("speed_pct=abc", "action.speed_pct"),
                                        ("drift=3", "action"), ("may_tcpa_min=2,must_tcpa_min=5", "action.must_tcpa_min")])
def test_bad_thresholds_one_line(text, field):
    with pytest.raises(NavlightsError) as e:
        parse_thresholds(text)
    assert str(e.value).startswith(field + ":") and "\n" not in str(e.value)
