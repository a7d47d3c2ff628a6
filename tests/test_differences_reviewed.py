"""Regimes review (issue 25 item 4): where intl-1972 and us-inland listed a difference that the two texts do not
make, the rule data was put right. Each case: the vessel, the role, what each text gives her, and both cites.

Expectations written from the texts (USCG handbook reproduction of the COLREGs; 33 CFR 83):
- Rule 24(f)(i) and (ii), both: a vessel pushed ahead / towed alongside shows sidelights at the forward end;
  Rule 21(b), both: under 20 m the sidelights may be combined in one lantern on the centreline. So under 20 m the
  combined lantern is an option under both (Inland adds the special flashing light, a real difference).
- Rule 27(g), both (same words): a vessel under 12 m, except one engaged in diving operations, is not required to
  show the lights prescribed in Rule 27, which include the sidelights and sternlight of 27(a)(iii). So a vessel
  not under command under 12 m making way may, but need not, show them under both.
- Rule 23(d) (Inland) and 23(d)(i) (International), same words: a power-driven vessel under 12 m may show an
  all-round white light and sidelights in lieu of the lights of Rule 23(a). A vessel towing or pushing shows the
  lights of Rule 24(a)/(c) (two masthead lights instead of one, a towing light...), not those of Rule 23(a), so
  under both the small-craft light is for a vessel not towing; a plain power-driven vessel of 7 m has it under both.
"""

from __future__ import annotations

import pytest

from navlights import api
from navlights.engines.display import display
from navlights.vessel import make_vessel

PUSHED_10 = {"propulsion": "none", "length": "10 m", "being_pushed": True}
ALONGSIDE_15 = {"propulsion": "none", "length": "15 m", "being_towed": {"alongside": True}}
NUC_10 = {"propulsion": "power", "length": "10 m", "not_under_command": True, "making_way": True}

# (case, vessel, role, status wanted under both, cite under intl-1972, cite under us-inland)
REVIEWED = [
    ("pushed 10 m: combined lantern may be shown", PUSHED_10, "combined-port", "required",
     "Rule 24(f)(i); Rule 21(b)", "Rule 24(f)(i); Rule 21(b)"),
    ("pushed 10 m: combined lantern may be shown (green)", PUSHED_10, "combined-starboard", "required",
     "Rule 24(f)(i); Rule 21(b)", "Rule 24(f)(i); Rule 21(b)"),
    ("towed alongside 15 m: combined lantern may be shown", ALONGSIDE_15, "combined-port", "required",
     "Rule 24(f)(ii); Rule 21(b)", "Rule 24(f)(ii); Rule 21(b)"),
    # Rule 27(g) relieves her of the Rule 27 lights only: under way she is still a power-driven vessel (issue 34)
    ("not under command 10 m making way: sternlight of Rule 23", NUC_10, "sternlight", "required",
     "Rule 23(a)(iv)", "Rule 23(a)(iv)"),
    ("not under command 10 m making way: sidelight of Rule 23", NUC_10, "sidelight-port", "required",
     "Rule 23(a)(iii); Annex I 2(g)", "Rule 23(a)(iii); Sec. 84.02(g)"),
]


@pytest.mark.parametrize("case, vessel, role, status, cite_intl, cite_inland", REVIEWED, ids=[r[0] for r in REVIEWED])
def test_reviewed_provision_same_under_both(case, vessel, role, status, cite_intl, cite_inland):
    for eid, cite in (("intl-1972", cite_intl), ("us-inland", cite_inland)):
        items = {i.role: i for i in display(make_vessel(vessel), api.edition(eid)).items}
        assert role in items, f"{case}: {eid} lacks {role}"
        assert items[role].status == status, f"{case}: {eid} {role} is {items[role].status}"
        assert items[role].citation.rule == cite, f"{case}: {eid} cites {items[role].citation.rule}"


@pytest.mark.parametrize("role", ["combined-port", "combined-starboard"])
def test_combined_lantern_not_over_20_m(role):
    """Rule 21(b), both: the combined lantern is for a vessel under 20 m only."""
    v = make_vessel({"propulsion": "none", "length": "25 m", "being_pushed": True})
    for eid in ("intl-1972", "us-inland"):
        assert role not in {i.role for i in display(v, api.edition(eid)).items}, eid


def test_reviewed_cases_no_longer_differ():
    """The removed differences are not in the list any more: combined lantern of 24(f)(i)/(ii), and the sternlight
    of a vessel not under command under 12 m."""
    d = api.differences("intl-1972", "us-inland")["differences"]
    for x in d:
        if x["role"] in ("combined-port", "combined-starboard"):
            assert set(x["situations"]) <= {"vessel towed alongside, vessels alongside on both sides"}, x["text"]
        assert not (x["role"] == "sternlight" and x["field"] == "status"), x["text"]


# (case, vessel, role, whether shown, cite under intl-1972, cite under us-inland)
SMALL_POWER = [
    ("power-driven 7 m: all-round white in lieu of the Rule 23(a) lights", {"propulsion": "power", "length": "7 m"},
     "allround-white", True, "Rule 23(d)(i); Annex I 2(d)", "Rule 23(d)"),
    ("power-driven 7 m towing: Rule 24(a) lights, no Rule 23(d) light",
     {"propulsion": "power", "length": "7 m", "towing": {"tow_length": "50 m"}}, "allround-white", False, "", ""),
    ("power-driven 9.5 m pushing: Rule 24(c) lights, no Rule 23(d) light",
     {"propulsion": "power", "length": "9.5 m", "pushing": True}, "allround-white", False, "", ""),
]


@pytest.mark.parametrize("case, vessel, role, shown, cite_intl, cite_inland", SMALL_POWER,
                         ids=[r[0] for r in SMALL_POWER])
def test_rule_23d_read_the_same_under_both(case, vessel, role, shown, cite_intl, cite_inland):
    for eid, cite in (("intl-1972", cite_intl), ("us-inland", cite_inland)):
        items = {i.role: i for i in display(make_vessel(vessel), api.edition(eid)).items}
        assert (role in items) == shown, f"{case}: {eid}"
        if shown:
            assert items[role].citation.rule == cite, f"{case}: {eid} cites {items[role].citation.rule}"


def test_every_reviewed_line_has_both_cites():
    """The reviewed table (tests/golden/differences.intl-1972.us-inland.tsv) names the provision under each
    edition on every line: the one that gives the item, and on the side without it the one that decides it."""
    from navlights.golden import difference_rows
    rows = difference_rows("intl-1972", "us-inland")
    assert rows
    for r in rows:
        cite_a, cite_b = r[5], r[6]
        assert cite_a.startswith("intl-1972 "), r
        assert cite_b.startswith("us-inland "), r
