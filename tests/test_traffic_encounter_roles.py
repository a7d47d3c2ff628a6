"""Issue 32 item 4 (first part): the encounter timeline gives each pair's encounter type and roles minute by
minute, with 13(d) kept: a vessel that came up from more than 22.5 degrees abaft the other's beam stays the
overtaking vessel after she draws forward of that line, until she is past and clear.

Worked by hand (positions on the equator, where a minute of latitude or longitude is a nautical mile near enough
for these distances; navlights' geometry is the mid-latitude plane of traffic/geo.py): A heads 000 at 6 kn from
0 N 0 E; B heads 000 at 16 kn from 1 nm south of A and 0.3 nm east. B gains 10 kn on A. At 0 min she bears
180 - atan(0.3/1) = 163.3 deg from A: inside the sector (112.5, 247.5), closing: overtaking, B keeps clear (13(a)).
She crosses A's 112.5 deg line when 0.3 * tan(22.5 deg) = 0.124 nm abaft A's beam, at (1 - 0.124) / 10 h = 5.3 min.
At 8 min she is 0.333 nm ahead of A's beam, 0.45 nm off, opening: by her bearing alone (42 deg, on A's starboard
bow) no overtaking; by 13(d) still overtaking (within navlights' 1 nm of A). At 20 min she is 2.33 nm ahead,
2.35 nm off and opening: past and clear.
"""

from __future__ import annotations

import pytest

from navlights.traffic import api as traffic

CSV = """time,ident,lat,lon,heading,course,speed,eye_height,propulsion,length
2021-05-01T10:00:00Z,A,0.0,0.0,0,0,6,10,power,60 m
2021-05-01T10:00:00Z,B,-0.0166667,0.005,0,0,16,10,power,40 m
2021-05-01T10:30:00Z,A,0.05,0.0,0,0,6,10,power,60 m
2021-05-01T10:30:00Z,B,0.1166667,0.005,0,0,16,10,power,40 m
"""


@pytest.fixture(scope="module")
def steps():
    enc = traffic.encounter(CSV, edition="intl-1972").to_dict()
    return {s["time"][11:16]: s for s in enc["steps"] if s["observer"] == "A"}, enc


@pytest.mark.parametrize("minute, encounter, give_way, latch", [
    ("10:00", "overtaking", ["other"], False),   # 13(a), (b): she comes up from 163 deg
    ("10:04", "overtaking", ["other"], False),   # still abaft the 112.5 deg line (crossed at 5.3 min)
    ("10:08", "overtaking", ["other"], True),    # forward of it: 13(d) keeps her the overtaking vessel
    ("10:20", "passing-clear", [], False),       # 2.35 nm off and opening: past and clear
])
def test_overtaking_kept_by_13d(steps, minute, encounter, give_way, latch):
    by_minute, _ = steps
    c = by_minute[minute]["conduct"]
    assert (c["encounter"], c["give_way"]) == (encounter, give_way)
    assert ("Rule 13(d)" in c["rules"]) == latch


def test_since_and_events(steps):
    by_minute, enc = steps
    assert by_minute["10:08"]["conduct"]["since"] == "2021-05-01T10:00:00Z"   # one overtaking since the start
    roles = [e["text"] for e in enc["events"] if e["kind"] == "roles" and e["observer"] == "A"]
    assert roles[0] == "overtaking: B gives way (Rule 13(a))" and roles[-1].startswith("passing-clear")
