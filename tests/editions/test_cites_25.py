"""Issue 25, the coverage review (docs/coverage.md): the paragraphs that decide a light are cited on it.

Read in the texts (the COLREGs as printed in the Coast Guard handbook, colregs-vault rules/international; 33 CFR 83
and 84 in the eCFR of 2026-06-01, colregs-vault sources/ecfr-title33-part83.xml, part84.xml):

- Rule 26(a), both: a vessel fishing, under way or at anchor, shows only the lights and shapes of Rule 26. It is
  what makes her fishing signal (26(b)(i), (c)(i)) stand at anchor too, in place of the anchor lights.
- Rule 24(b), both: a composite unit counts as one power-driven vessel and shows the Rule 23 lights.
- Rule 24(d): a vessel under 24(a) or (c) also complies with Rule 23(a)(ii) (COLREGs: the after masthead light);
  Inland 24(d) names Rule 23(a)(i) and 23(a)(ii), both masthead lights. Inland 24(j) (Western Rivers, specified
  waters) is not named by 24(d): there she shows no masthead light at all.
- Rule 27(h), both: the Rule 27 signals are not distress signals (those are in Annex IV, 33 CFR Part 87).
- Annex I 2(f)(i) / 33 CFR 84.02(f)(i): the Rule 23(a) masthead lights above and clear of all other lights and
  obstructions (the limit `clear_of_other_lights` rests on it, not on Rule 21(a)).
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

import navlights
from navlights import coverage
from navlights.model import Item
from support import disp, items

I72, US = "intl-1972", "us-inland"
TOW = {"towing": {"tow_length": "100 m"}}


def paras(it: Item) -> list[str]:
    """The paragraphs an item's citation names (deeper levels folded, as docs/coverage.md counts them)."""
    return coverage.split_cite(it.citation.rule)


# --- Rule 26(a): only the Rule 26 lights, under way or at anchor ----------------------------------------------

@pytest.mark.parametrize("edition, fishing, status, time, roles, para", [
    # trawling: green over white, 26(b)(i); by day two cones, 26(b)(i)
    (I72, "trawl", "underway", "night", {"fishing-upper", "fishing-lower"}, "Rule 26(b)"),
    (I72, "trawl", "anchored", "night", {"fishing-upper", "fishing-lower"}, "Rule 26(b)"),
    (I72, "trawl", "anchored", "day", {"fishing-cones"}, "Rule 26(b)"),
    (US, "trawl", "underway", "night", {"fishing-upper", "fishing-lower"}, "Rule 26(b)"),
    (US, "trawl", "anchored", "night", {"fishing-upper", "fishing-lower"}, "Rule 26(b)"),
    (US, "trawl", "anchored", "day", {"fishing-cones"}, "Rule 26(b)"),
    # fishing other than trawling: red over white, 26(c)(i)
    (I72, {"method": "line", "gear_extent": "50 m"}, "anchored", "night", {"fishing-upper", "fishing-lower"},
     "Rule 26(c)"),
    (I72, {"method": "drift-net", "gear_extent": "50 m"}, "underway", "day", {"fishing-cones"}, "Rule 26(c)"),
    (US, "line", "anchored", "night", {"fishing-upper", "fishing-lower"}, "Rule 26(c)"),
    (US, "other", "underway", "day", {"fishing-cones"}, "Rule 26(c)"),
])
def test_rule_26a_cited_on_the_fishing_signal(edition, fishing, status, time, roles, para):
    it = items(edition, length="30 m", fishing=fishing, status=status, time=time, making_way=False)
    assert roles <= set(it)
    for r in roles:
        assert "Rule 26(a)" in paras(it[r]) and para in paras(it[r]), (r, it[r].cite)


@pytest.mark.parametrize("edition", [I72, US])
def test_rule_26a_at_anchor_no_anchor_light(edition):
    # 26(a): "whether underway or at anchor ... only" the Rule 26 lights: no Rule 30 anchor light or ball
    it = items(edition, length="30 m", fishing="trawl", status="anchored")
    assert "fishing-upper" in it and not {"anchor-forward", "anchor-aft", "anchor-ball"} & set(it)


# --- Rule 24(d): the Rule 23(a) masthead lights of a vessel towing or pushing ---------------------------------

@pytest.mark.parametrize("edition, vessel, role", [
    (I72, {"length": "60 m", **TOW}, "masthead-aft"),                     # 24(a), 50 m and over: 23(a)(ii) required
    (I72, {"length": "30 m", **TOW}, "masthead-aft"),                     # under 50 m 23(a)(ii) leaves it optional
    (I72, {"length": "60 m", "pushing": True}, "masthead-aft"),           # 24(c) pushing ahead
    (I72, {"length": "60 m", "towing": {"alongside": True}}, "masthead-aft"),   # 24(c) towing alongside
    (US, {"length": "60 m", **TOW}, "masthead"),                          # Inland 24(d): 23(a)(i) ...
    (US, {"length": "60 m", **TOW}, "masthead-aft"),                      # ... and 23(a)(ii)
    (US, {"length": "15 m", **TOW}, "masthead"),
    (US, {"length": "30 m", "pushing": True}, "masthead"),                # 24(c)
    (US, {"length": "60 m", "towing": {"alongside": True}}, "masthead-aft"),
    # 24(j) excepts the Mississippi below the Huey P. Long Bridge: 24(c) applies there, so 24(d) does
    (US, {"length": "30 m", "pushing": True, "waters": "lower-mississippi"}, "masthead"),
])
def test_rule_24d_cited_on_the_23a_masthead_lights(edition, vessel, role):
    it = items(edition, **vessel)[role]
    assert "Rule 24(d)" in paras(it) and "Rule 23(a)" in paras(it), it.cite
    assert "Rule 24(b)" not in paras(it)


@pytest.mark.parametrize("edition, vessel, role", [
    (I72, {"length": "60 m", **TOW}, "masthead"),           # COLREGs 24(d) names 23(a)(ii) only
    (I72, {"length": "60 m"}, "masthead-aft"),              # not towing: Rule 23 alone
    (US, {"length": "60 m"}, "masthead"),
    (US, {"length": "60 m"}, "masthead-aft"),
])
def test_rule_24d_not_cited_where_it_does_not_apply(edition, vessel, role):
    it = items(edition, **vessel)[role]
    assert "Rule 24(d)" not in paras(it) and "Rule 23(a)" in paras(it), it.cite


@pytest.mark.parametrize("vessel", [{"pushing": True}, {"towing": {"alongside": True}}])
def test_rule_24d_not_on_the_western_rivers(vessel):
    # Inland 24(j): sidelights and two towing lights, no masthead light; 24(d) names (a) and (c) only, so nothing
    # shown or noted there cites it
    d = disp(US, length="60 m", waters="western-rivers", **vessel)
    assert not {"masthead", "masthead-aft"} & {i.role for i in d.items}
    assert all("24(d)" not in i.cite for i in d.items)
    assert all("24(d)" not in n.text and "24(d)" not in n.citation.rule for n in d.notes)


# --- Rule 24(b): a composite unit shows the Rule 23 lights ---------------------------------------------------------

@pytest.mark.parametrize("edition, length, roles", [
    (I72, "60 m", {"masthead", "masthead-aft", "sidelight-starboard", "sidelight-port", "sternlight"}),
    (US, "60 m", {"masthead", "masthead-aft", "sidelight-starboard", "sidelight-port", "sternlight"}),
    # under 20 m the sidelights may be one lantern (Rule 21(b)); under 50 m the after masthead light is optional
    (I72, "15 m", {"masthead", "masthead-aft", "sidelight-starboard", "sidelight-port", "combined-starboard",
                   "combined-port", "sternlight"}),
    (US, "15 m", {"masthead", "masthead-aft", "sidelight-starboard", "sidelight-port", "combined-starboard",
                  "combined-port", "sternlight"}),
])
def test_rule_24b_cited_on_every_light_of_a_composite_unit(edition, length, roles):
    d = disp(edition, length=length, pushing=True, composite_unit=True)
    assert {i.role for i in d.items} == roles
    for i in d.items:
        p = paras(i)
        assert "Rule 24(b)" in p and "Rule 23(a)" in p, i.cite
        assert "Rule 24(c)" not in p and "Rule 24(d)" not in p, i.cite


@pytest.mark.parametrize("edition", [I72, US])
def test_rule_24b_not_cited_for_a_vessel_pushing_without_a_composite_unit(edition):
    d = disp(edition, length="60 m", pushing=True)
    assert d.items and all("Rule 24(b)" not in paras(i) for i in d.items)


# --- Rule 27(h): recorded in both, never applied ---------------------------------------------------------------

@pytest.mark.parametrize("edition", [I72, US])
def test_rule_27h_recorded_as_a_reference(edition):
    (p,) = [p for p in navlights.edition(edition).provisions if p.citation.rule == "Rule 27(h)"]
    assert p.effect == "reference" and p.citation.provenance == "primary"
    assert "distress" in (p.summary or "") and "Annex IV" in (p.summary or "")
    d = disp(edition, length="30 m", not_under_command=True)
    assert p.id not in d.provisions          # a reference is never applied to a display


# --- Annex I 2(f)(i), 33 CFR 84.02(f)(i): the masthead light above and clear of all other lights ------------------

@pytest.mark.parametrize("edition, clear, height", [
    (I72, "Annex I 2(f)(i)", "Annex I 2(a)(i)"),
    (US, "Sec. 84.02(f)(i)", "Sec. 84.02(a)(i)"),
])
def test_masthead_clear_of_other_lights_cites_its_paragraph(edition, clear, height):
    it = items(edition, length="30 m")["masthead"]
    assert it.placement.clear_of_other_lights
    assert it.placement.cite_of("clear_of_other_lights") == clear
    assert it.placement.cite_of("height_above_hull_min") == height      # unchanged: the 2(a)(i) height


def test_annex_i_3d_named_with_its_prefix():
    # the single masthead light forward of amidships is Annex I 3(d), not "3(d)" of some other part
    raw = tomllib.loads((coverage.DATA / "intl-1972.toml").read_text(encoding="utf-8"))
    notes = [raw["light"]["masthead"]["placement"]["note"]]
    notes += [s.get("placement", {}).get("note", "") for p in raw["provision"] if p["id"] == "power-underway"
              for s in p["show"]]
    assert any("Annex I 3(d)" in n for n in notes)
    assert not any("(3(d))" in n for n in notes)


# --- the twins: a show that adds 24(b) or 24(d) is its Rule 23 show with one condition and one cite more ---------

def _shows(edition: str, pid: str) -> list[dict[str, Any]]:
    raw = tomllib.loads((coverage.DATA / f"{edition}.toml").read_text(encoding="utf-8"))
    (p,) = [p for p in raw["provision"] if p["id"] == pid]
    return p["show"]


@pytest.mark.parametrize("edition, pid", [(I72, "power-underway"), (I72, "power-sidelights"), (US, "power-underway")])
def test_twins_keep_their_rule_23_show(edition, pid):
    shows = _shows(edition, pid)
    twins = [s for s in shows if "Rule 24(b)" in s["cite"] or "Rule 24(d)" in s["cite"]]
    assert twins
    for t in twins:
        added = "Rule 24(b)" if "Rule 24(b)" in t["cite"] else "Rule 24(d)"
        plain_cite = "; ".join(x for x in t["cite"].split("; ") if x != added)
        when = {k: v for k, v in t["when"].items() if k not in ("any", "composite_unit")}
        (orig,) = [s for s in shows if s["role"] == t["role"] and s["cite"] == plain_cite
                   and s.get("when", {}) == when]
        assert {k: v for k, v in t.items() if k not in ("cite", "when")} == \
            {k: v for k, v in orig.items() if k not in ("cite", "when")}
        assert shows.index(t) < shows.index(orig)           # the first show of a role whose condition holds wins
