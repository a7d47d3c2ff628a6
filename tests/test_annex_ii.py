"""Issue 25 item 9: the signals for fishing vessels fishing in close proximity, as signals, not notes.

Expectations written by hand from the texts (read in the US Coast Guard's handbook and Canada's C.R.C. c. 1416,
which agree; the Inland text in 33 CFR 83.26(f)):
- intl-1972 Rule 26(d): the Annex II signals apply to a vessel fishing in close proximity to other vessels fishing.
- Annex II 1: where best seen; at least 0.9 m apart; lower than the Rule 26(b)(i)/(c)(i) lights; all round, at
  least 1 mile, less than the fishing lights.
- Annex II 2(a): a trawler of 20 m or more SHALL show, shooting: two white in a vertical line; hauling: white over
  red; net fast upon an obstruction: two red. 2(b): each of a pair, 20 m or more, shall show by night a searchlight
  forward and toward the other vessel, and the 2(a) lights. 2(c): under 20 m MAY show them.
- Annex II 3: a purse seiner MAY show two yellow lights in a vertical line, flashing alternately every second,
  equal light and occultation, only when hampered by her gear.
- Inland Rule 26(f): the same lights, but every one "may" (26(f)(ii)(1), (2), (iii)(1)), at any length.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import navlights
from navlights import api
from navlights.cli import main
from navlights.errors import VesselError
from navlights.vessel import Vessel
from navlights.web.app import create_app
from navlights.web.form import controls


def trawler(length: str, **fishing) -> dict:
    return {"propulsion": "power", "length": length, "fishing": {"method": "trawl", **fishing}}


def seiner(length: str, **fishing) -> dict:
    return {"propulsion": "power", "length": length, "making_way": False,
            "fishing": {"method": "purse-seine", "gear_extent": "100 m", **fishing}}


NEAR = {"close_proximity": True}

# (edition, vessel, {role: (colour, status)} the Annex II lights expected, cite that says so)
SIGNALS = [
    ("intl-1972", trawler("30 m", **NEAR, trawl_activity="shooting"),
     {"shooting-upper": ("white", "required"), "shooting-lower": ("white", "required")}, "Annex II 2(a)(i)"),
    ("intl-1972", trawler("30 m", **NEAR, trawl_activity="hauling"),
     {"hauling-upper": ("white", "required"), "hauling-lower": ("red", "required")}, "Annex II 2(a)(ii)"),
    ("intl-1972", trawler("30 m", **NEAR, trawl_activity="net-fast"),
     {"fast-upper": ("red", "required"), "fast-lower": ("red", "required")}, "Annex II 2(a)(iii)"),
    ("intl-1972", trawler("15 m", **NEAR, trawl_activity="shooting"),
     {"shooting-upper": ("white", "optional"), "shooting-lower": ("white", "optional")}, "Annex II 2(c)"),
    ("intl-1972", trawler("15 m", **NEAR, trawl_activity="net-fast"),
     {"fast-upper": ("red", "optional"), "fast-lower": ("red", "optional")}, "Annex II 2(c)"),
    ("intl-1972", trawler("30 m", **NEAR, pair_trawling=True, trawl_activity="hauling"),
     {"hauling-upper": ("white", "required"), "hauling-lower": ("red", "required")}, "Annex II 2(b)(ii)"),
    ("intl-1972", trawler("30 m", trawl_activity="hauling"), {}, "Rule 26(d): only fishing close to others"),
    ("intl-1972", trawler("30 m", **NEAR), {}, "Annex II 2(a): only shooting, hauling or fast"),
    ("intl-1972", seiner("40 m", **NEAR, hampered_by_gear=True),
     {"seine-upper": ("yellow", "optional"), "seine-lower": ("yellow", "optional")}, "Annex II 3 (may)"),
    ("intl-1972", seiner("40 m", **NEAR), {}, "Annex II 3: only when hampered by her gear"),
    ("intl-1972", seiner("40 m", hampered_by_gear=True), {}, "Rule 26(d): only fishing close to others"),
    ("us-inland", trawler("30 m", **NEAR, trawl_activity="hauling"),
     {"hauling-upper": ("white", "optional"), "hauling-lower": ("red", "optional")}, "Rule 26(f)(ii)(1)(B) (may)"),
    ("us-inland", trawler("30 m", **NEAR, trawl_activity="net-fast"),
     {"fast-upper": ("red", "optional"), "fast-lower": ("red", "optional")}, "Rule 26(f)(ii)(1)(C)"),
    ("us-inland", trawler("30 m", trawl_activity="shooting"), {}, "Rule 26(f): fishing in close proximity"),
    ("us-inland", seiner("40 m", **NEAR, hampered_by_gear=True),
     {"seine-upper": ("yellow", "optional"), "seine-lower": ("yellow", "optional")}, "Rule 26(f)(iii)(1)"),
    ("us-inland", seiner("40 m", **NEAR), {}, "Rule 26(f)(iii)(1): only when hampered"),
]
ANNEX_II_ROLES = {f"{a}-{p}" for a in ("shooting", "hauling", "fast", "seine") for p in ("upper", "lower")}


@pytest.mark.parametrize("edition, vessel, expected, cite", SIGNALS, ids=[f"{s[0]}-{s[3]}" for s in SIGNALS])
def test_the_signals_by_activity_length_and_edition(edition, vessel, expected, cite):
    d = navlights.display(vessel, edition)
    got = {i.role: (i.colour, i.status) for i in d.lights if i.role in ANNEX_II_ROLES}
    assert got == expected, cite
    # the fishing lights stay (Rule 26(b)(i)/(c)(i)); the signals are in addition to them
    assert d.get("fishing-upper") is not None and d.get("fishing-lower") is not None, cite


@pytest.mark.parametrize("edition, vessel, expected, cite", [s for s in SIGNALS if s[2]],
                         ids=[f"{s[0]}-{s[3]}" for s in SIGNALS if s[2]])
def test_placed_lower_than_the_fishing_lights_at_least_0_9_m_apart_1_mile(edition, vessel, expected, cite):
    """Annex II 1 / Inland 26(f)(i): lower than the Rule 26 lights, at least 0.9 m apart, all round, 1 mile."""
    p = navlights.view(navlights.display(vessel, edition), 90, 0.5, choose="all")
    h = {s.role: s.height_m for s in p.items}
    upper, lower = sorted(expected, key=lambda r: not r.endswith("upper"))
    assert h[upper] < h["fishing-lower"], cite
    assert h[upper] - h[lower] >= 0.9 - 1e-9, cite
    d = navlights.display(vessel, edition)
    for role in expected:
        it = d.get(role)
        assert it is not None and it.all_round and it.range_nm == pytest.approx(1.0), cite


def test_purse_seiner_lights_flash_in_turn():
    """Annex II 3: two yellow lights flashing alternately: the view says so, the picture draws them in turn."""
    vessel = seiner("40 m", **NEAR, hampered_by_gear=True)
    d = navlights.display(vessel, "intl-1972")
    for role in ("seine-upper", "seine-lower"):
        it = d.get(role)
        assert it is not None and (it.character, it.alternating) == ("flashing", True)
        assert it.flashes_per_min is None          # the text gives "every second", not a rate a minute
        assert "alternately every second" in (it.character_as_written or "")
    p = navlights.view(d, 45, 0.5, choose="all")
    assert "two alternately flashing yellow lights in a vertical line" in p.describe()
    svg = api.render_svg(vessel, "intl-1972", view="night", aspect_deg=45, distance_nm=0.5, choose="all")
    yellow = [g for g in svg.split('<g class="light')[1:] if 'data-colour="yellow"' in g]
    assert len(yellow) == 2
    assert sum('begin="-' in g for g in yellow) == 1          # one half a cycle behind the other
    assert sum('class="flash-turn"' in g for g in yellow) == 1
    # "every second, equal light and occultation": each lit one second in two, the other in the other second
    assert all('dur="2s"' in g for g in yellow)
    assert sum('begin="-1s"' in g for g in yellow) == 1


def test_pair_trawling_searchlight_is_stated_with_its_paragraph():
    """Annex II 2(b)(i): by night, a searchlight forward toward the other vessel of the pair; stated, not drawn."""
    d = navlights.display(trawler("30 m", **NEAR, pair_trawling=True, trawl_activity="hauling"), "intl-1972")
    notes = [n for n in d.notes if "searchlight" in n.text]
    assert len(notes) == 1 and notes[0].citation.rule == "Annex II 2(b)(i)" and "shows by night" in notes[0].text
    assert not any("searchlight" in i.term for i in d.items)
    small = navlights.display(trawler("15 m", **NEAR, pair_trawling=True, trawl_activity="hauling"), "intl-1972")
    notes = [n for n in small.notes if "searchlight" in n.text]
    assert len(notes) == 1 and notes[0].citation.rule == "Annex II 2(b)(i), 2(c)" and "may show" in notes[0].text
    inland = navlights.display(trawler("30 m", **NEAR, pair_trawling=True), "us-inland")
    assert [n.citation.rule for n in inland.notes if "searchlight" in n.text] == ["Rule 26(f)(ii)(2)(A)"]


@pytest.mark.parametrize("typed, situation, cite", [
    ("R/W/Y*/Y*", "purse seiner hampered by her gear near other fishing vessels", "Annex II 3"),
    ("G/W/W/R", "trawler hauling her nets near other fishing vessels", "Annex II 2(a)(ii)"),
    ("G/W/R/R", "trawler with her net fast near other fishing vessels", "Annex II 2(a)(iii)"),
    ("G/W/W/W", "trawler shooting her nets near other fishing vessels", "Annex II 2(a)(i)"),
])
def test_identify_reads_the_signals(typed, situation, cite):
    hits = navlights.identify(typed, "intl-1972").hypotheses
    assert hits, cite
    assert hits[0].reading.situation in {situation, "pair trawler hauling her nets near other fishing vessels"}, cite
    assert situation in {h.reading.situation for h in navlights.identify(typed, "intl-1972").readings()}, cite


@pytest.mark.parametrize("fields, field", [
    ({"fishing": "line", "trawl_activity": "hauling"}, "trawl_activity"),
    ({"fishing": "other", "pair_trawling": True}, "pair_trawling"),
    ({"fishing": "trawl", "hampered_by_gear": True}, "hampered_by_gear"),
    ({"fishing": "trawl", "gear_out": False, "trawl_activity": "shooting"}, "gear_out"),
    ({"fishing": "trawl", "trawl_activity": "towing"}, "trawl_activity"),
])
def test_contradictions_are_refused_naming_the_field(fields, field):
    with pytest.raises(VesselError) as e:
        Vessel.from_fields(length="30 m", **fields)
    assert e.value.field == field and "\n" not in str(e.value)


def test_round_trip_of_the_new_facts():
    v = Vessel.from_fields(length="30 m", fishing="trawl", close_proximity=True, trawl_activity="net-fast",
                           pair_trawling=True)
    assert Vessel.from_fields(**v.to_fields()) == v
    assert navlights.make_vessel(v.to_json()) == v


def test_web_and_cli_refuse_a_bad_activity(tmp_path: Path, capsys):
    client = TestClient(create_app(tmp_path / "p.sqlite", seed=3), raise_server_exceptions=False)
    r = client.get("/api/view.json?edition=intl-1972&aspect=45&length=30+m&fishing=trawl&trawl_activity=towing")
    assert r.status_code == 422 and "trawl_activity" in r.text
    r = client.get("/api/view.json?edition=intl-1972&aspect=45&length=30+m&fishing=line&trawl_activity=hauling")
    assert r.status_code == 422 and r.json()["field"] == "trawl_activity"
    code = main(["lights", "--edition", "intl-1972", "--length", "30 m", "--fishing", "line",
                 "--trawl-activity", "hauling"])
    err = capsys.readouterr().err
    assert code == 2 and "trawl_activity" in err and len(err.strip().splitlines()) == 1


def test_the_form_shows_the_facts_only_where_the_rules_test_them():
    for edition in ("intl-1972", "us-inland"):
        c = controls(edition)
        assert {"close_proximity", "trawl_activity", "pair_trawling", "hampered_by_gear"} <= set(c), edition
        assert ("purse-seine", "with a purse seine") in c["fishing"].options, edition
    old = controls("intl-1960")
    assert not {"close_proximity", "trawl_activity", "pair_trawling", "hampered_by_gear"} & set(old)
