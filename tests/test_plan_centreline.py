"""Issue 25 item 11: a masthead light or all-round white light off the fore and aft centreline, in the plan checker.

Expectations written from the texts:
- COLREGs Rule 21(a): the masthead light stands over the fore and aft centreline; 21(b): a combined lantern on it.
- COLREGs Rule 23(d)(iii): on a power-driven vessel under 12 m the masthead light or the all-round white light may
  be displaced from the centreline where centreline fitting is not practicable, provided the sidelights are one
  combined lantern carried on the centreline or as nearly as practicable in the same fore and aft line as that light.
- Inland Rule 21(a), (b) (33 CFR 83.21): under 12 m the masthead light, and the combined lantern, stand as nearly
  as practicable on the centreline: whether it was practicable is not in a plan, so off it is not checked.
"""

from __future__ import annotations

import copy

import pytest

import navlights.api as api

SMALL = {   # a power-driven boat of 8 m: the Rule 23(d)(i) all-round white light and a combined lantern
    "edition": "intl-1972",
    "vessel": {"propulsion": "power", "length": "8 m", "breadth": "2.5 m"},
    "lights": [
        {"id": "white", "role": "allround-white", "colour": "white", "all_round": True,
         "position_m": {"x": 5.0, "y": 0.0, "z": 2.0}, "range_nm": 2},
        {"id": "lantern-g", "role": "combined-starboard", "colour": "green", "arc_deg": [0, 112.5],
         "position_m": {"x": 7.0, "y": 0.0, "z": 0.8}, "range_nm": 1},
        {"id": "lantern-r", "role": "combined-port", "colour": "red", "arc_deg": [247.5, 360],
         "position_m": {"x": 7.0, "y": 0.0, "z": 0.8}, "range_nm": 1},
    ],
}
SEPARATE = [   # separate sidelights at the deck edges instead of the lantern
    {"id": "stbd", "role": "sidelight-starboard", "colour": "green", "arc_deg": [0, 112.5],
     "position_m": {"x": 6.0, "y": 1.2, "z": 0.8}, "range_nm": 1},
    {"id": "port", "role": "sidelight-port", "colour": "red", "arc_deg": [247.5, 360],
     "position_m": {"x": 6.0, "y": -1.2, "z": 0.8}, "range_nm": 1},
]
LARGER = {   # a power-driven vessel of 15 m with a masthead light, a combined lantern and a sternlight
    "edition": "intl-1972",
    "vessel": {"propulsion": "power", "length": "15 m", "breadth": "4 m"},
    "lights": [
        {"id": "mast", "role": "masthead", "colour": "white", "arc_deg": [247.5, 112.5],
         "position_m": {"x": 11.0, "y": 0.0, "z": 4.5}, "range_nm": 3},
        {"id": "lantern-g", "role": "combined-starboard", "colour": "green", "arc_deg": [0, 112.5],
         "position_m": {"x": 12.0, "y": 0.0, "z": 2.0}, "range_nm": 2},
        {"id": "lantern-r", "role": "combined-port", "colour": "red", "arc_deg": [247.5, 360],
         "position_m": {"x": 12.0, "y": 0.0, "z": 2.0}, "range_nm": 2},
        {"id": "stern", "role": "sternlight", "colour": "white", "arc_deg": [112.5, 247.5],
         "position_m": {"x": 0.2, "y": 0.0, "z": 1.5}, "range_nm": 2},
    ],
}


def _plan(base: dict, edition: str, ys: dict[str, float], separate: bool = False) -> dict:
    p = copy.deepcopy(base)
    p["edition"] = edition
    if separate:
        p["lights"] = [x for x in p["lights"] if not x["role"].startswith("combined")] + copy.deepcopy(SEPARATE)
    for light in p["lights"]:
        if light["id"] in ys:
            light["position_m"]["y"] = ys[light["id"]]
        if edition == "us-inland" and base is SMALL and light["role"].startswith("combined"):
            light["role"] = "small-" + light["role"]        # Inland 23(d)'s lights are roles of their own
    return p


def _centreline(p: dict) -> dict[str, tuple[str, str]]:
    """role -> (status, cite) of its centreline finding."""
    r = api.check_plan(p)
    return {f.role: (f.status, f.cite) for f in r.findings if f.check == "centreline"}


LANTERN = {"lantern-g": 0.0, "lantern-r": 0.0}
CASES = [
    # (case, base, edition, y of lights, separate sidelights, role, status, cite)
    ("intl: all-round white on the centreline", SMALL, "intl-1972", {}, False,
     "allround-white", "pass", None),
    ("intl 23(d)(iii): off it, the lantern on the centreline", SMALL, "intl-1972", {"white": 0.4}, False,
     "allround-white", "pass", "intl-1972 Rule 23(d)(iii)"),
    ("intl 23(d)(iii): off it, the lantern in its fore and aft line", SMALL, "intl-1972",
     {"white": 0.4, "lantern-g": 0.4, "lantern-r": 0.4}, False, "allround-white", "pass", "intl-1972 Rule 23(d)(iii)"),
    ("intl 23(d)(iii): the lantern in the displaced light's line", SMALL, "intl-1972",
     {"white": 0.4, "lantern-g": 0.4, "lantern-r": 0.4}, False, "combined-port", "pass", "intl-1972 Rule 23(d)(iii)"),
    ("intl 23(d)(iii): the lantern neither on the centreline nor in line", SMALL, "intl-1972",
     {"white": 0.4, "lantern-g": 0.2, "lantern-r": 0.2}, False, "allround-white", "fail", "intl-1972 Rule 23(d)(iii)"),
    ("intl 21(b): a lantern off the centreline, the white light on it", SMALL, "intl-1972",
     {"lantern-g": 0.2, "lantern-r": 0.2}, False, "combined-starboard", "fail", None),
    ("intl 23(d)(iii): off it with separate sidelights", SMALL, "intl-1972", {"white": 0.4}, True,
     "allround-white", "fail", "intl-1972 Rule 23(d)(iii)"),
    ("intl 21(a): 15 m, the masthead light off the centreline", LARGER, "intl-1972", {"mast": 0.3}, False,
     "masthead", "fail", "intl-1972 Rule 21(a)"),
    ("intl 21(a): 15 m, the masthead light on it", LARGER, "intl-1972", {}, False, "masthead", "pass", None),
    ("inland 21(a): under 12 m, off it: practicability not in the plan", SMALL, "us-inland", {"white": 0.4}, False,
     "allround-white", "not-checked", "us-inland Rule 21(a)"),
    ("inland 21(b): under 12 m, a lantern off it", SMALL, "us-inland", {"lantern-g": 0.3, "lantern-r": 0.3}, False,
     "small-combined-starboard", "not-checked", "us-inland Rule 21(b)"),
    ("inland 21(a): 15 m, the masthead light off the centreline", LARGER, "us-inland", {"mast": 0.3}, False,
     "masthead", "fail", "us-inland Rule 21(a)"),
    ("inland 21(b): 15 m, the lantern off the centreline", LARGER, "us-inland",
     {"lantern-g": 0.3, "lantern-r": 0.3}, False, "combined-port", "fail", "us-inland Rule 21(b)"),
]


@pytest.mark.parametrize("case,base,edition,ys,separate,role,status,cite", CASES, ids=[c[0] for c in CASES])
def test_centreline(case, base, edition, ys, separate, role, status, cite):
    got = _centreline(_plan(base, edition, ys, separate))
    assert role in got, (case, got)
    assert got[role][0] == status, (case, got[role])
    if cite is not None:
        assert got[role][1].startswith(cite), (case, got[role])


def test_the_small_plan_otherwise_complies():
    # the two sections of one combined lantern given at one point are not two lights of a vertical line
    for edition in ("intl-1972", "us-inland"):
        assert api.check_plan(_plan(SMALL, edition, {})).compliant, edition
    assert api.check_plan(_plan(SMALL, "intl-1972", {"white": 0.4})).compliant
    assert not api.check_plan(_plan(SMALL, "intl-1972", {"white": 0.4}, separate=True)).compliant


@pytest.mark.parametrize("edition,kind,terms,cite", [
    ("intl-1972", "masthead", "combined-lantern-in-line", "Rule 23(d)(iii)"),      # COLREGs 23(d)(iii)
    ("us-inland", "masthead", "as-nearly-as-practicable", "Rule 21(a)"),           # Inland 21(a)
    ("us-inland", "combined-red", "as-nearly-as-practicable", "Rule 21(b)"),       # Inland 21(b)
])
def test_the_permission_is_rule_data(edition, kind, terms, cite):
    p = api.edition(edition).lights[kind].placement
    assert p.keel_line and p.off_centreline_under_m == 12.0 and p.off_centreline_if == terms
    assert p.cite_of("off_centreline_under") == cite
