"""Issue 25, item 11: a masthead light displaced from the fore and aft centreline (``masthead_off_centreline``).

Expectations written from the texts as read: the 1972 Regulations (C.R.C. c. 1416; the Coast Guard handbook) and
33 CFR 83 (eCFR, 2026-06-01).

- COLREGs Rule 23(d)(iii): the masthead light or the all-round white light of 23(d)(i) on a power-driven vessel of
  less than 12 m may be displaced from the centreline if centreline fitting is not practicable, provided the
  sidelights are combined in one lantern carried on the centreline or as nearly as practicable in that light's
  fore and aft line. Rule 21(a): the masthead light is a light placed over the centreline.
- Inland Rule 21(a): the masthead light is placed over the centreline, except that on a vessel of less than 12 m
  it is placed as nearly as practicable to it. Inland 21(b): the combined lantern of a vessel under 12 m likewise
  (the lantern itself is not what the fact moves). Inland 23(d): the all-round white light and sidelights of a
  power-driven vessel under 12 m (the data cites 21(a) for where that white light stands).
- The editions before 1972 (and the 1895 Great Lakes Rules) hold no such provision: their forms do not ask.
"""

from __future__ import annotations

import html
import re

import pytest

import navlights
from navlights import api
from navlights.errors import MissingFactError
from navlights.placement import place
from navlights.web import form

I72, US = "intl-1972", "us-inland"
OFF = {"propulsion": "power", "masthead_off_centreline": True}


def _display(edition: str, length: str, **more: object):
    return navlights.display({**OFF, "length": length, **more}, edition)


def _placed(d):
    return [n for n in d.notes if n.kind == "placement"]


@pytest.mark.parametrize("edition, length, displaced, cite", [
    # 23(d)(iii): under 12 m the masthead light, and the 23(d)(i) all-round white in its place, may stand off it
    (I72, "10 m", {"masthead", "allround-white"}, "Rule 23(d)(iii)"),
    (I72, "6 m", {"masthead", "allround-white"}, "Rule 23(d)(iii)"),
    # Inland 21(a): under 12 m, as nearly on the centreline as practicable; the Inland 23(d) white likewise
    (US, "10 m", {"masthead", "allround-white"}, "Rule 21(a)"),
    (US, "35 ft", {"masthead", "allround-white"}, "Rule 21(a)"),
])
def test_under_12_m_the_light_stands_off_the_centreline(edition, length, displaced, cite):
    d = _display(edition, length)
    assert {i.role for i in d.items if i.off_centreline} == displaced
    assert {i.off_centreline for i in d.items if i.off_centreline} == {cite}
    # the after masthead light (placed by the forward one) and the combined lantern are not what the fact moves
    assert d.get("masthead-aft") is None or d.get("masthead-aft").off_centreline is None
    assert all(i.off_centreline is None for i in d.items if i.canonical == "combined-lantern")
    placed = _placed(d)
    assert {n.role for n in placed} == displaced and {n.citation.rule for n in placed} == {cite}
    assert all("stands off the fore and aft centreline" in n.text for n in placed)
    assert d.to_dict()["lights"][0]["off_centreline"] == cite       # the masthead light comes first


@pytest.mark.parametrize("edition, length, separate_kept", [
    # 23(d)(iii)'s proviso: the sidelights one combined lantern, so the separate sidelights are no option
    (I72, "10 m", False),
    # Inland 21(a) asks nothing of the sidelights: both options stay (21(b): a lantern under 20 m)
    (US, "10 m", True),
])
def test_the_combined_lantern_is_required_only_where_23_d_iii_says(edition, length, separate_kept):
    d = _display(edition, length)
    separate = [i for i in d.items if i.canonical == "sidelight"]
    lantern = [i for i in d.items if i.canonical == "combined-lantern"]
    assert bool(separate) is separate_kept
    assert lantern
    if not separate_kept:        # no longer an alternative: the lantern is what she shows, required
        assert all(i.group is None and i.status == "required" for i in lantern)


@pytest.mark.parametrize("edition, length, cite, defined", [
    # 12 m or more: neither text lets it; 21(a) defines the masthead light as over the centreline
    (I72, "12 m", "Rule 23(d)(iii)", "Rule 21(a)"),
    (I72, "15 m", "Rule 23(d)(iii)", "Rule 21(a)"),
    (US, "12 m", "Rule 21(a)", "Rule 21(a)"),
    (US, "60 ft", "Rule 21(a)", "Rule 21(a)"),
])
def test_at_12_m_or_more_it_is_not_permitted(edition, length, cite, defined):
    d = _display(edition, length)
    assert not any(i.off_centreline for i in d.items)
    (note,) = _placed(d)
    assert note.role == "masthead" and "not permitted" in note.text
    assert note.citation.rule == cite and f"over the centreline ({defined})" in note.text
    plain = navlights.display({"propulsion": "power", "length": length}, edition)
    assert [i.role for i in d.items] == [i.role for i in plain.items]     # her lights are as without the fact


def test_7_m_7_knots_keeps_her_relieved_lantern_optional():
    # 23(d)(ii) relieves her sidelights ("if practicable"); 23(d)(iii) still asks that, shown, they be one lantern
    d = _display(I72, "6 m", max_speed_kn=6)
    assert not [i for i in d.items if i.canonical == "sidelight"]
    assert {i.status for i in d.items if i.canonical == "combined-lantern"} == {"optional"}


@pytest.mark.parametrize("edition", ["intl-1960", "intl-1948", "gl-1895"])
def test_editions_without_the_provision_ignore_the_fact(edition):
    plain = navlights.display({"propulsion": "power", "length": "30 ft"}, edition)
    d = navlights.display({**OFF, "length": "30 ft"}, edition)
    assert [i.role for i in d.items] == [i.role for i in plain.items]
    assert not _placed(d) and not any(i.off_centreline for i in d.items)


@pytest.mark.parametrize("edition, shown, cite", [
    (I72, True, "Rule 23(d)(iii)"), (US, True, "Rule 21(a)"),
    ("intl-1960", False, None), ("intl-1897", False, None), ("gl-1895", False, None),
])
def test_the_form_asks_only_where_the_rule_data_allows_it(edition, shown, cite):
    c = form.controls(edition).get("masthead_off_centreline")
    assert (c is not None) is shown
    if c is not None:
        assert c.cite == cite


@pytest.mark.parametrize("edition", [I72, US])
def test_missing_length_is_asked_for(edition):
    # 23(d)(iii), Inland 21(a) turn on the length "less than 12 m": without it the answer is a question
    with pytest.raises(MissingFactError) as err:
        navlights.display(OFF, edition)
    assert err.value.field == "length"


@pytest.mark.parametrize("edition, role", [(I72, "masthead"), (US, "masthead"), (I72, "allround-white")])
def test_the_picture_draws_it_off_the_centreline_and_says_so(edition, role):
    d = _display(edition, "10 m", breadth="3 m")
    chosen = [i for i in d.items if i.scheme in (None, d.get(role).scheme)]
    p = place(chosen, 10.0, 3.0)
    assert p.get(role).y_m == pytest.approx(0.75)          # B/4 to starboard (assumed)
    assert any("off the fore and aft centreline" in n for n in p.notes)
    for i in chosen:
        if i.canonical == "combined-lantern":                # 23(d)(iii): the lantern on the centreline
            assert abs(p.get(i.role).y_m) <= 0.15 + 1e-9
        elif i.role != role and i.canonical in ("masthead", "sternlight", "all-round"):
            assert p.get(i.role).y_m == 0.0


def test_cli_option_and_flat_field():
    v = api.Vessel.from_fields(propulsion="power", length="10 m", masthead_off_centreline=True)
    assert v.masthead_off_centreline and v.to_fields()["masthead_off_centreline"] is True
    assert "masthead light off the centreline" in v.describe("metres")


@pytest.mark.parametrize("edition, length, view, said", [
    # the picture says it: the light and its provision where drawn off; that it is not, where no provision lets her
    (I72, "10 m", "plan", "masthead off the centreline (Rule 23(d)(iii))"),
    (I72, "10 m", "night", "masthead off the centreline (Rule 23(d)(iii))"),
    (US, "10 m", "night", "masthead off the centreline (Rule 21(a))"),
    (I72, "15 m", "plan", "masthead: off the centreline not permitted (Rule 23(d)(iii)): drawn on it"),
    (I72, "15 m", "night", "masthead light drawn on the centreline: no provision lets her carry it off"),
])
def test_the_caption_says_where_it_stands(edition, length, view, said):
    svg = api.render_svg({**OFF, "length": length, "breadth": "3 m"}, edition, view=view, aspect_deg=0,
                         width=1600, height=900)
    words = " ".join(" ".join(re.findall(r">([^<]*)</text>", svg)).split())   # the caption's lines, unwrapped
    assert said in html.unescape(words)


def test_picture_json_marks_the_light():
    pic = api.view({**OFF, "length": "10 m"}, 0.0, edition_name=I72)
    seen = {s["role"]: s for s in pic.to_dict()["items"]}
    assert seen["masthead"]["placement"]["off_centreline"] == "Rule 23(d)(iii)"
    assert seen["masthead"]["placement"]["y_m"] > 0
    assert "off_centreline" not in seen["combined-starboard"]["placement"]
