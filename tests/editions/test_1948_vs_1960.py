"""The 1948 and 1960 International Rules side by side: the same vessel, both editions.

DIFFERENCES lists cases where BOTH texts were read and the displays differ; each comment cites the
1948 rule and the 1960 rule. Expected values are written by hand from those texts:

- 1948 Rule 2(a)(ii) (65 Stat. 409): second white light; "vessels of less than 150 feet in length, and
  vessels engaged in towing," need not carry it. 1948 Rule 3(b) (65 Stat. 410): its carriage is optional
  for the towing vessel.
- 1960 Rule 2(a)(ii) (79 Stat. 1456): only vessels of less than 150 ft are exempt.
- 1948 Rule 3(a) (65 Stat. 410): third light "when towing more than one vessel ... if the length of the
  tow ... exceeds 600 feet"; "two bright white lights".
- 1960 Rule 3(a) (79 Stat. 1456): three lights "when towing and the length of the tow ... exceeds 600
  feet"; "two white lights".
- 1948 Rule 2(a)(i) (68 Stat. C56): "a bright white light"; 1960 Rule 2(a)(i) (77 Stat. 196): "a white
  light".

GAP_VERSUS_TEXT lists cases where the 1960 text was read but the 1948 text was not: the 1948 display
invents nothing and reports a gap. These are not differences between the Rules, only between what is
known of them.

AGREEMENTS are control cases at the same thresholds where both texts give the same answer.
"""

from __future__ import annotations

import pytest

from support import disp, items

OLD, NEW = "intl-1948", "intl-1960"


def tow(vessels: int, length: str) -> dict:
    return {"vessels": vessels, "tow_length": length}


def status(edition: str, vessel: dict, role: str) -> str | None:
    """The status of the role's item, or None when the display does not show it."""
    it = items(edition, **vessel).get(role)
    return None if it is None else it.status


DIFFERENCES = [
    # (vessel, role, 1948 status, 1960 status)

    # Third towing light, one vessel in tow, tow over 600 ft.
    # 1948 Rule 3(a): needs more than one vessel in tow -> absent.
    # 1960 Rule 3(a): any tow over 600 ft -> three lights.
    pytest.param({"length": "100 ft", "towing": tow(1, "601 ft")}, "towing-3", None, "required",
                 id="one-vessel-601ft"),
    pytest.param({"length": "100 ft", "towing": tow(1, "1200 ft")}, "towing-3", None, "required",
                 id="one-vessel-1200ft"),
    pytest.param({"length": "149 ft", "towing": tow(1, "3000 ft")}, "towing-3", None, "required",
                 id="one-vessel-3000ft"),
    pytest.param({"length": "150 ft", "towing": tow(1, "601 ft")}, "towing-3", None, "required",
                 id="150ft-one-vessel-601ft"),
    pytest.param({"length": "200 ft", "towing": tow(1, "700 ft")}, "towing-3", None, "required",
                 id="200ft-one-vessel-700ft"),

    # Second masthead light of a towing vessel of 150 ft or more.
    # 1948 Rule 2(a)(ii) and 3(b): optional for vessels engaged in towing.
    # 1960 Rule 2(a)(ii): required at 150 ft and over.
    pytest.param({"length": "150 ft", "towing": tow(1, "300 ft")}, "masthead-aft", "optional", "required",
                 id="tug-150ft"),
    pytest.param({"length": "200 ft", "towing": tow(1, "700 ft")}, "masthead-aft", "optional", "required",
                 id="tug-200ft-long-tow"),
    pytest.param({"length": "150 ft", "towing": tow(2, "601 ft")}, "masthead-aft", "optional", "required",
                 id="tug-150ft-two-vessels"),
    pytest.param({"length": "400 ft", "towing": tow(3, "900 ft")}, "masthead-aft", "optional", "required",
                 id="tug-400ft-three-vessels"),
    pytest.param({"length": "151 ft", "towing": tow(2, "200 ft")}, "masthead-aft", "optional", "required",
                 id="tug-151ft-short-tow"),
]


@pytest.mark.parametrize("vessel, role, in_1948, in_1960", DIFFERENCES)
def test_differences(vessel, role, in_1948, in_1960):
    assert in_1948 != in_1960
    assert status(OLD, vessel, role) == in_1948
    assert status(NEW, vessel, role) == in_1960


TERMS = [
    # (vessel, role) whose light the 1948 text calls "bright" white and the 1960 text plain white.
    # 1948 Rule 2(a)(i) "a bright white light" / 1960 Rule 2(a)(i) "a white light".
    pytest.param({"length": "200 ft"}, "masthead", id="masthead"),
    # 1948 Rule 2(a)(ii): "similar in construction and character" to the bright light /
    # 1960 Rule 2(a)(ii): the same, to a white light.
    pytest.param({"length": "200 ft"}, "masthead-aft", id="masthead-aft"),
    # 1948 Rule 3(a) "two bright white lights" / 1960 Rule 3(a) "two white lights".
    pytest.param({"length": "100 ft", "towing": tow(1, "300 ft")}, "towing-2", id="towing-2"),
    # 1948 Rule 3(a) "an additional bright white light" / 1960 Rule 3(a) "three white lights".
    pytest.param({"length": "100 ft", "towing": tow(2, "700 ft")}, "towing-3", id="towing-3"),
]


@pytest.mark.parametrize("vessel, role", TERMS)
def test_bright_white_light_terms(vessel, role):
    old, new = items(OLD, **vessel)[role], items(NEW, **vessel)[role]
    assert old.colour == new.colour == "white"
    assert "bright" in old.term
    assert "bright" not in new.term


AGREEMENTS = [
    # (vessel, role, status in both)
    # 1948 and 1960 Rule 2(a)(ii): under 150 ft optional, 150 ft and over required (not towing).
    pytest.param({"length": "149 ft"}, "masthead-aft", "optional", id="149ft"),
    pytest.param({"length": "150 ft"}, "masthead-aft", "required", id="150ft"),
    # A towing vessel under 150 ft: optional in both.
    pytest.param({"length": "149 ft", "towing": tow(1, "300 ft")}, "masthead-aft", "optional",
                 id="tug-149ft"),
    # 1948 and 1960 Rule 3(a): more than one vessel, tow over 600 ft: three lights in both.
    pytest.param({"length": "100 ft", "towing": tow(2, "601 ft")}, "towing-3", "required",
                 id="two-vessels-601ft"),
    # 600 ft does not exceed 600 ft: two lights in both.
    pytest.param({"length": "100 ft", "towing": tow(2, "600 ft")}, "towing-3", None, id="two-vessels-600ft"),
    pytest.param({"length": "100 ft", "towing": tow(1, "600 ft")}, "towing-3", None, id="one-vessel-600ft"),
    # Towing or pushing: two lights in both (1948 and 1960 Rule 3(a)).
    pytest.param({"length": "100 ft", "pushing": True}, "towing-2", "required", id="pushing"),
]


@pytest.mark.parametrize("vessel, role, both", AGREEMENTS)
def test_agreements(vessel, role, both):
    assert status(OLD, vessel, role) == both
    assert status(NEW, vessel, role) == both


GAP_VERSUS_TEXT = [
    # (vessel, roles the 1960 display shows (found 1960 text), the 1948 rule whose text was not found)
    # 1960 Rule 5(a)-(b): sidelights, stern light, optional red over green. 1948 Rule 5: not found.
    pytest.param({"propulsion": "sail", "length": "60 ft", "tonnage": 30}, {"top-red", "top-green", "sidelight-starboard"},
                 "Rule 5", id="sailing"),
    # 1960 Rule 5(d): black diamond by day on a tow over 600 ft. 1948 Rule 5: not found.
    pytest.param({"propulsion": "none", "length": "100 ft", "being_towed": {"tow_length": "601 ft"}, "time": "day"},
                 {"tow-diamond"}, "Rule 5", id="towed-diamond"),
    # 1960 Rule 5(c): a vessel pushed ahead shows sidelights at her forward end. 1948 Rule 5: not found.
    pytest.param({"propulsion": "none", "length": "100 ft", "being_pushed": True},
                 {"sidelight-starboard", "sidelight-port"}, "Rule 5", id="pushed"),
    # 1960 Rule 2(b): seaplane's white light and wing-tip lights. 1948 Rule 2(b): not found.
    pytest.param({"seaplane": True, "length": "60 ft"}, {"seaplane-white", "sidelight-starboard", "sidelight-port"},
                 "Rule 2(b)", id="seaplane"),
    # 1960 Rule 7(a): small-craft lights below 65 ft. 1948 Rule 7 (tonnage limits): not found.
    pytest.param({"length": "60 ft"}, {"small-white"}, "Rule 7", id="small-power"),
]


@pytest.mark.parametrize("vessel, shown_1960, rule_1948", GAP_VERSUS_TEXT)
def test_gap_versus_text(vessel, shown_1960, rule_1948):
    new, old = disp(NEW, **vessel), disp(OLD, **vessel)
    assert shown_1960 <= set(new.roles())
    assert shown_1960.isdisjoint(old.roles())             # nothing carried over from 1960
    assert old.complete is False
    assert rule_1948 in {n.citation.rule for n in old.notes if n.kind == "gap"}


def test_restricted_visibility():
    # 1960 Rule 1(b) (found): lights may be shown by day in restricted visibility -> an info note.
    # 1948 Rule 1(b): not found -> a gap note.
    v = {"length": "200 ft", "time": "restricted-visibility"}
    assert "Rule 1(b)" in {n.citation.rule for n in disp(NEW, **v).notes if n.kind == "info"}
    assert "Rule 1(b)" in {n.citation.rule for n in disp(OLD, **v).notes if n.kind == "gap"}


@pytest.mark.parametrize("edition", [OLD, NEW])
def test_second_masthead_light_has_its_own_words(edition):
    # 1948 Rule 2(a)(ii) (65 Stat. 409) and 1960 Rule 2(a)(ii) (79 Stat. 1456): the second white light stands
    # forward of or abaft the Rule 2(a)(i) light; (iii): both over the keel, the forward one the lower. The
    # 'on or in front of the foremast' words belong to the (i) light only.
    it = items(edition, length="200 ft")
    first, second = it["masthead"], it["masthead-aft"]
    assert "foremast" in first.term and "foremast" in first.placement.to_dict()["position"]
    assert "foremast" not in second.term
    where = second.placement.to_dict()
    assert "foremast" not in where["position"] and "abaft" in where["position"]
    assert where["at"] == "by-kind"             # the text leaves fore and aft open (forward of or abaft)
    assert where["keel_line"] is True and where["higher_than"] == "masthead"
    assert "height_above_hull_min" not in where  # the 20 ft height rule is for the lower (or only) light
    assert (second.colour, second.arc_deg, second.range_nm) == ("white", (247.5, 112.5), 5.0)  # like (i)
    assert second.cite.startswith(f"{edition} Rule 2(a)(ii), (iii)")
