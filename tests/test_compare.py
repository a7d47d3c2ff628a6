"""Compare editions: each difference checked by hand against both texts (cites in the comments)."""

from __future__ import annotations

import datetime as dt

import pytest

import navlights
from navlights.engines.compare import changes, compare, governing

EDS = ["intl-1897", "intl-1948", "intl-1960"]


def step(vessel, a, b):
    """{(role, change, field): (before, after)} from edition a to edition b."""
    c = compare(vessel, [navlights.edition(a), navlights.edition(b)], navlights.editions())
    assert not c.errors, c.errors
    (_, _, diffs), = c.steps
    return {(d.role, d.change, d.field): (d.before, d.after) for d in diffs}


P200 = {"propulsion": "power", "length": "200 ft", "tonnage": 500}


def test_second_masthead_light_optional_1897_compulsory_1948():
    # 1897 Art. 2(e): a steam vessel 'may carry' an additional white light; 1948 Rule 2(a)(ii): compulsory at 150 ft+
    d = step(P200, "intl-1897", "intl-1948")
    assert d[("masthead-aft", "changed", "status")] == ("optional", "required")


def test_stern_light_shown_to_overtaking_1897_permanent_1960():
    # 1897 Art. 10: a white light or flare-up shown to an overtaking vessel (on approach);
    # 1960 Rules 5(a)/7(e) cross-refer to a permanent stern light (Rule 10; inferred for power-driven vessels)
    d = step(P200, "intl-1897", "intl-1960")
    assert d[("sternlight", "changed", "status")] == ("on-approach", "required")
    assert ("flare-up-stern", "removed", None) in d


def test_third_towing_light_for_one_vessel_in_tow_1948_vs_1960():
    # 1948 Rule 3(a): third light only 'when towing more than one vessel' and tow > 600 ft;
    # 1960 Rule 3(a): third light whenever the tow exceeds 600 ft
    v = {"propulsion": "power", "length": "120 ft", "towing": {"tow_length": "700 ft", "vessels": 1}}
    d = step(v, "intl-1948", "intl-1960")
    assert ("towing-3", "added", None) in d


def test_two_vessels_in_tow_three_lights_in_both():
    v = {"propulsion": "power", "length": "120 ft", "tonnage": 200, "towing": {"tow_length": "700 ft", "vessels": 2}}
    for a, b in (("intl-1948", "intl-1960"), ("intl-1897", "intl-1948")):
        d = step(v, a, b)   # 1897 Art. 3, 1948 and 1960 Rule 3(a): three lights
        assert not any(k[0] == "towing-3" for k in d)


def test_towing_vessel_after_masthead_light_optional_1948_required_1960():
    # 1948 Rule 3(b) (and 2(a)(ii)): optional for a towing vessel; 1960 Rule 2(a)(ii): no such exemption
    v = {"propulsion": "power", "length": "200 ft", "towing": {"tow_length": "300 ft"}}
    d = step(v, "intl-1948", "intl-1960")
    assert d[("masthead-aft", "changed", "status")] == ("optional", "required")


def test_not_under_command_same_signal_1897_1948():
    # 1897 Art. 4(a) and 1948 Rule 4(a): two red lights in a vertical line, two black balls by day
    v = {"propulsion": "power", "length": "100 ft", "tonnage": 300, "not_under_command": True}
    d = step(v, "intl-1897", "intl-1948")
    assert not any(k[0].startswith("nuc-") for k in d)


def test_survey_vessel_signal_new_in_1948():
    # 1897 Art. 4(c): cable ships only; 1948 Rule 4(c): also surveying and underwater operations
    v = {"propulsion": "power", "length": "200 ft", "tonnage": 900, "restricted": "survey"}
    d = step(v, "intl-1897", "intl-1948")
    for role in ("work-upper", "work-middle", "work-lower", "work-shape-middle"):
        assert (role, "added", None) in d


def test_replenishment_signal_new_in_1960():
    # 1960: the Rule 4 'nature of her work' signal extended to replenishment at sea (official summary)
    v = {"propulsion": "power", "length": "400 ft", "restricted": "replenishment"}
    d = step(v, "intl-1948", "intl-1960")
    assert ("work-upper", "added", None) in d and ("masthead", "removed", None) in d


def test_long_tow_diamond_new_in_1960():
    # 1960 Rule 5(d): black diamond by day on a towed vessel, tow > 600 ft; 1948 Rule 5 was not found
    v = {"propulsion": "none", "length": "100 ft", "being_towed": {"tow_length": "700 ft"}}
    c = compare(v, [navlights.edition("intl-1948"), navlights.edition("intl-1960")])
    d = {(x.role, x.change) for x in c.steps[0].differences}
    assert ("tow-diamond", "added") in d
    assert not c.displays["intl-1948"].complete   # the 1948 side is a recorded gap, not 'no lights'


def test_sailing_vessel_1948_gap_1960_text():
    v = {"propulsion": "sail", "length": "50 ft", "tonnage": 30}   # 1948 Rule 7(c) asks her tonnage (20 tons)
    c = compare(v, [navlights.edition("intl-1948"), navlights.edition("intl-1960")])
    d = {(x.role, x.change) for x in c.steps[0].differences}
    assert ("sidelight-starboard", "added") in d and ("top-red", "added") in d   # 1960 Rule 5(a), 5(b)
    assert any(n.kind == "gap" for n in c.displays["intl-1948"].notes)


def test_anchor_light_range_stated_1897_not_found_1948():
    # 1897 Art. 11: visible at least one mile; 1948 Rule 11(a)-(b) not found (range not stated)
    v = {"propulsion": "power", "length": "200 ft", "tonnage": 900, "status": "anchored"}
    d = step(v, "intl-1897", "intl-1948")
    assert d[("anchor-forward", "changed", "range_nm")] == (1.0, None)
    assert ("anchor-ball", "added", None) in d     # 1948 Rule 11(c): black ball by day


def test_aground_balls_new_in_1948():
    # 1948 Rule 11(e): three black balls by day
    v = {"propulsion": "power", "length": "200 ft", "tonnage": 900, "status": "aground"}
    d = step(v, "intl-1897", "intl-1948")
    assert ("aground-ball-1", "added", None) in d


def test_great_lakes_after_light_vs_international_range_light():
    # gl-1895 Rule 3(e): all-round after light, 3 miles, required over 150 ft;
    # intl-1897 Art. 2(e): optional second light 'similar in construction' to the masthead light (20 points);
    # the article states no range for it (it does not say 'and character', as 1948 and 1960 do)
    d = step(P200, "gl-1895", "intl-1897")
    assert d[("masthead-aft", "changed", "arc_deg")] == ((0.0, 360.0), (247.5, 112.5))
    assert d[("masthead-aft", "changed", "range_nm")] == (3.0, None)
    assert d[("masthead-aft", "changed", "status")] == ("required", "optional")


def test_small_craft_by_tonnage_1897_by_length_1960():
    # 1897 Art. 7: steam vessels under 40 tons; 1960 Rule 7: power-driven under 65 ft
    v = {"propulsion": "power", "length": "50 ft", "tonnage": 30}
    d = step(v, "intl-1897", "intl-1960")
    assert d[("small-white", "changed", "scheme")] == ("small-steam", "small-power")
    big = {"propulsion": "power", "length": "50 ft", "tonnage": 45}
    d = step(big, "intl-1897", "intl-1960")
    assert ("small-white", "added", None) in d    # over 40 tons in 1897, under 65 ft in 1960


def test_seaplane_predates_1897():
    v = {"propulsion": "power", "seaplane": True, "length": "60 ft"}
    c = compare(v, [navlights.edition(e) for e in EDS])
    assert c.displays["intl-1897"].items == ()
    assert {i.role for i in c.displays["intl-1960"].lights} >= {"seaplane-white", "sidelight-starboard"}  # 2(b)


def test_compare_orders_by_date_and_reports_missing_facts():
    c = compare({"propulsion": "power", "length": "100 ft"}, [navlights.edition(e) for e in reversed(EDS)])
    assert c.editions == tuple(EDS)
    assert "tonnage" in c.errors["intl-1897"]      # Art. 7 needs tonnage
    assert c.displays["intl-1897"] is None and len(c.steps) == 1


def test_changes_1948_to_1960_derived_from_data():
    log = changes(navlights.edition("intl-1948"), navlights.edition("intl-1960"))
    tow = {(e["role"], e["change"]) for e in log["power-driven vessel towing"]}
    assert ("towing-3", "added") in tow                       # Rule 3(a): third light, one vessel in tow
    towed = {(e["role"], e["change"]) for e in log["vessel being towed, last of the tow"]}
    assert ("tow-diamond", "added") in towed                  # Rule 5(d)
    small = [e for e in log["power-driven vessel under way"] if e["role"] == "small-white"]
    assert small and max(small[0]["lengths_ft"]) < 65         # Rule 7: small craft by length under 65 ft
    third = [e for e in log["power-driven vessel towing"] if e["role"] == "towing-3"][0]
    assert min(third["tow_ft"]) > 600                          # only for tows over 600 ft


@pytest.mark.parametrize("date, waters, expect", [
    ("1897-06-30", "high-seas", None),
    ("1897-07-01", "high-seas", "intl-1897"),
    ("1953-12-31", "high-seas", "intl-1897"),
    ("1954-01-01", "high-seas", "intl-1948"),
    ("1956-07-25", "high-seas", "intl-1948"),   # Andrea Doria and Stockholm
    ("1965-08-31", "high-seas", "intl-1948"),
    ("1965-09-01", "high-seas", "intl-1960"),
    ("1977-07-14", "high-seas", "intl-1960"),
    ("1977-07-15", "high-seas", "intl-1972"),   # 1972 Convention Art. IV; 1050 UNTS 16
    ("1990-01-01", "high-seas", "intl-1972"),
    ("2024-01-01", "high-seas", "intl-1972"),
    ("1895-02-07", "great-lakes", None),
    ("1895-02-08", "great-lakes", "gl-1895"),
    ("1928-05-16", "great-lakes", "gl-1895"),
    ("1928-05-17", "great-lakes", None),
    ("1930-01-01", "us-inland", None),
])
def test_governing(date, waters, expect):
    g = governing(dt.date.fromisoformat(date), waters, navlights.editions())
    assert g.edition == expect
    if expect is None:
        assert g.text.startswith("not covered")


def test_governing_after_last_recorded_edition_is_honest():
    # without the 1972 Regulations, a date after 15 July 1977 falls after the last edition held
    older = [e for e in navlights.editions() if e.id != "intl-1972"]
    g = governing(dt.date(1990, 1, 1), "high-seas", older)
    assert g.edition is None and g.text.startswith("not covered") and "intl-1960, ended 1977-07-15" in g.text
    assert governing(dt.date(1977, 7, 14), "high-seas", older).edition == "intl-1960"


def test_governing_1972_has_no_recorded_end():
    g = governing(dt.date(1990, 1, 1), "high-seas", navlights.editions())
    assert g.edition == "intl-1972" and "in force from 1977-07-15" in g.text
    assert g.basis == "in-force date primary (Art. IV)"


def test_governing_unknown_waters():
    with pytest.raises(navlights.NavlightsError, match="waters: unknown waters 'pacific'; known: high-seas"):
        governing(dt.date(1960, 1, 1), "pacific", navlights.editions())


def test_difference_says_when_the_other_side_is_a_recorded_gap():
    # 1948 Rule 5 (sailing vessels) was not found; 1960 Rule 5(a) gives her sidelights
    c = compare({"propulsion": "sail", "length": "50 ft", "tonnage": 30},       # 1948 Rule 7(c): 20-ton limit
                [navlights.edition("intl-1948"), navlights.edition("intl-1960")])
    texts = {d.role: d.text for d in c.steps[0].differences}
    assert "recorded gap" in texts["sidelight-starboard"] and "recorded gap" in texts["sternlight"]
    # 1960 Rule 5(b) red over green: 1948 Rule 5 is a gap too
    assert "recorded gap" in texts["top-red"]


def test_changes_summary_reads_across_situations():
    from navlights.engines.compare import summarize
    log = changes(navlights.edition("intl-1948"), navlights.edition("intl-1960"))
    rows = summarize(log)
    keys = [(r["role"], r["change"], r["field"], str(r["before"]), str(r["after"])) for r in rows]
    assert len(keys) == len(set(keys))                               # each difference once
    third = [r for r in rows if r["role"] == "towing-3" and r["change"] == "added"][0]
    assert "power-driven vessel towing" in third["situations"]      # 1960 Rule 3(a)
    assert [r["change"] for r in rows] == sorted((r["change"] for r in rows),
                                                 key=["added", "removed", "changed"].index)


def test_changes_1960_to_1972_new_signals():
    from navlights.engines.compare import summarize
    rows = summarize(changes(navlights.edition("intl-1960"), navlights.edition("intl-1972")))
    added = {r["role"] for r in rows if r["change"] == "added"}
    # Rule 24(a)(iv) yellow towing light; Rule 28 constrained by draught; Rule 27(f) mine clearance;
    # Rule 23(b) air-cushion; Rule 27(e) diving; Rule 25(b) masthead tricolour
    assert {"towing-light", "cbd-upper", "cbd-cylinder", "mine-top", "air-cushion-flashing", "diving-flag",
            "tricolour-stern"} <= added
    steering = [r for r in rows if r["role"] == "steering-light" and r["change"] == "removed"]
    assert steering                                                    # 1960 Rule 3(b) has no 1972 counterpart


# --- issue 12: caveats by subject, no silent facts, succession within waters -----------------------


def _all():
    return navlights.editions()


CAVEATS = [
    # (vessel, a, b, role, must name, must not name, why)
    ({"propulsion": "sail", "length": "50 ft", "tonnage": 30}, "intl-1897", "intl-1948", "sidelight-starboard",
     ["Rule 5 (sailing vessel, vessel towed or pushed) not found", "recorded gap"], ["Rule 10"],
     "1897 Art. 5 gives a sailing vessel sidelights; 1948 Rule 5 (the same subject) was not found; 1948 Rule 10 "
     "is the stern light's rule and says nothing of sidelights"),
    ({"propulsion": "sail", "length": "50 ft", "tonnage": 30}, "intl-1897", "intl-1948", "sternlight",
     ["Rule 10 (stern light of a vessel under way) not found", "Rule 5 ("], [],
     "1897 Art. 10 stern light; 1948 Rule 10 (the stern light) and Rule 5 (sailing vessels) were not found"),
    ({"propulsion": "sail", "length": "50 ft", "tonnage": 30}, "intl-1948", "intl-1960", "top-red",   # 1948 7(c): tons
     ["Rule 5 (sailing vessel, vessel towed or pushed) not found"], [],
     "1960 Rule 5(b) red over green; 1948 Rule 5 not found"),
    ({"propulsion": "power", "length": "200 ft", "tonnage": 500, "status": "anchored", "time": "day"},
     "intl-1897", "intl-1948", "anchor-ball", [], ["recorded gap", "not known"],
     "1948 Rule 11(c) adds a black ball by day; the 1897 anchor display (Art. 11, 26 Stat. 325) has no gap"),
]


@pytest.mark.parametrize("vessel,a,b,role,named,not_named,why", CAVEATS)
def test_gap_caveat_is_decided_by_subject(vessel, a, b, role, named, not_named, why):
    c = compare(vessel, [navlights.edition(a), navlights.edition(b)], _all())
    text = next(d.text for d in c.steps[0].differences if d.role == role)
    for w in named:
        assert w in text, (why, text)
    for w in not_named:
        assert w not in text, (why, text)


def test_a_blank_number_of_vessels_in_tow_is_asked_for():
    # 1897 Art. 3 and 1948 Rule 3(a): the third light needs more than one vessel in tow AND a tow over 600 ft;
    # 1960 Rule 3(a) needs only the tow length. A count not given is asked for, never taken as one.
    v = {"propulsion": "power", "length": "120 ft", "tonnage": 200, "towing": {"tow_length": "700 ft"}}
    c = compare(v, [navlights.edition(e) for e in EDS], _all())
    assert "tow_vessels" in c.errors["intl-1897"] and "tow_vessels" in c.errors["intl-1948"]
    assert c.displays["intl-1960"] is not None and c.displays["intl-1960"].get("towing-3") is not None
    # a tow of 600 ft or less needs no count: the condition fails on the length
    short = {**v, "towing": {"tow_length": "500 ft"}}
    assert not compare(short, [navlights.edition(e) for e in EDS], _all()).errors


P200T = {"propulsion": "power", "length": "200 ft", "tonnage": 500}

STEPS = [
    # (editions chosen, expected (before, after, relation) steps, why)
    (["gl-1895", "intl-1897", "intl-1948", "intl-1960"],
     [("gl-1895", "intl-1897", "regimes"), ("intl-1897", "intl-1948", "succession"),
      ("intl-1948", "intl-1960", "succession")],
     "the Great Lakes Rules (Act of Feb. 8, 1895) and the International Regulations are different regimes; on "
     "the high seas 1948 replaced 1897 (in force 1 Jan. 1954) and 1960 replaced 1948 (1 Sept. 1965)"),
    (["intl-1897", "intl-1960"], [("intl-1897", "intl-1960", "succession")],
     "1960 succeeded 1897 through 1948, which is not chosen"),
    (["gl-1895", "intl-1960"], [("gl-1895", "intl-1960", "regimes")], "different waters: side by side only"),
]


@pytest.mark.parametrize("chosen,expected,why", STEPS)
def test_steps_follow_each_waters_succession(chosen, expected, why):
    c = compare(P200T, [navlights.edition(e) for e in chosen], _all())
    assert [(s.before, s.after, s.relation) for s in c.steps] == expected, why


def test_regimes_are_never_a_change_in_time():
    # today's bug: intl-1897 'adds' a stern light 'not shown under gl-1895'
    c = compare(P200T, [navlights.edition(e) for e in ("gl-1895", "intl-1897")], _all())
    (step,) = c.steps
    assert step.relation == "regimes" and "not a change in time" in step.words
    texts = [d.text for d in step.differences]
    assert not any(" adds " in t or "is not shown under" in t or "->" in t for t in texts), texts
    assert any("intl-1897 shows the white light shown from the stern" in t and "gl-1895 does not" in t for t in texts)
    assert step.to_dict()["relation"] == "regimes"


def test_succession_is_data_and_every_later_edition_records_it():
    # every edition that is not the first of its waters in the rule base names the one it succeeded there
    eds = navlights.editions()
    for e in eds:
        for w in e.waters:
            earlier = [o for o in eds if w in o.waters and o.in_force_from and e.in_force_from
                       and o.in_force_from < e.in_force_from]
            if earlier:
                assert e.succeeds.get(w) in {o.id for o in earlier}, (e.id, w)
    assert navlights.edition("intl-1960").succeeds == {"high-seas": "intl-1948"}


def test_succeeds_must_name_the_editions_own_waters():
    import tomllib
    from pathlib import Path

    from navlights.errors import RuleDataError
    from navlights.rulebase.loader import parse_edition

    path = Path(navlights.__file__).parent / "rulebase" / "data" / "intl-1960.toml"
    data = tomllib.loads(path.read_text())
    assert parse_edition(data, str(path)).succeeds == {"high-seas": "intl-1948"}
    data["edition"]["succeeds"] = {"great-lakes": "gl-1895"}
    with pytest.raises(RuleDataError, match="succeeds.great-lakes"):
        parse_edition(data, str(path))


def test_edition_end_dates_agree_with_governing():
    # 1897 ended when 1948 came into force (1 Jan. 1954), 1948 when 1960 did (1 Sept. 1965)
    from navlights import api
    ends = {e["id"]: e["in_force_end"] for e in api.editions_json()}
    assert ends["intl-1897"] == "1954-01-01" and ends["intl-1948"] == "1965-09-01"
    for e in api.editions_json():
        if e["in_force_end"]:
            last = dt.date.fromisoformat(e["in_force_end"]) - dt.timedelta(days=1)
            assert governing(last, e["waters"][0], navlights.editions()).edition == e["id"]
            assert governing(last + dt.timedelta(days=1), e["waters"][0], navlights.editions()).edition != e["id"]


def test_changes_between_regimes_are_worded_side_by_side():
    # gl-1895 (Great Lakes) and intl-1897 (high seas): no 'adds', no 'not shown under', no arrows
    log = changes(navlights.edition("gl-1895"), navlights.edition("intl-1897"))
    texts = [e["text"] for rows in log.values() for e in rows]
    assert texts and not any(" adds " in t or "is not shown under" in t or " -> " in t for t in texts)


# --- a succession across a gap in time (issue 25) ------------------------------------------------------------
# The Inland Rules (Pub. L. 96-591) apply on the Great Lakes from 1 March 1983, not from their first date of
# 24 Dec. 1981 (US Coast Guard, Navigation Rules handbook, record of changes); gl-1895 ends 17 May 1928, when the
# Act of that day amended its Rule 7. The Great Lakes Rules as amended, which governed between, are not held: the
# step names both editions' dates in those waters and says the years between are not covered. Where one edition
# ends the day the next begins there (high seas), the step keeps its one line.
@pytest.mark.parametrize("a, b, waters, has, lacks", [
    ("gl-1895", "us-inland", ("great-lakes",),
     ["gl-1895 in force there 1895-02-08 to 1928-05-17", "us-inland from 1983-03-01",
      "1928-05-17 to 1983-03-01 is not covered"], ["succeeded", "1981-12-24"]),
    ("intl-1960", "intl-1972", ("high-seas",), ["intl-1972 succeeded intl-1960 in high-seas (in force 1977-07-15)"],
     ["not covered"]),
    ("intl-1897", "intl-1948", ("high-seas",), ["(in force 1954-01-01)"], ["not covered"]),
])
def test_succession_words_say_the_dates_of_those_waters(a, b, waters, has, lacks):
    from navlights.engines.succession import succession_words
    words = succession_words(navlights.edition(a), navlights.edition(b), waters)
    assert all(h in words for h in has), words
    assert not any(x in words for x in lacks), words


def test_governing_across_the_great_lakes_gap():
    """The same years, as governing answers them: not covered, between the two recorded dates."""
    for day in ("1928-05-17", "1950-01-01", "1983-02-28"):
        g = governing(dt.date.fromisoformat(day), "great-lakes", navlights.editions())
        assert g.edition is None and "between the end of gl-1895 (1928-05-17)" in g.text
        assert "us-inland there (1983-03-01)" in g.text
    assert governing(dt.date(1983, 3, 1), "great-lakes", navlights.editions()).edition == "us-inland"


def test_editions_summary_gives_each_waters_its_date(capsys):
    from navlights.cli import main
    assert main(["editions"]) == 0
    first = capsys.readouterr().out.split("Before them")[0].replace("\n", " ")
    assert "us-inland (us-inland, from 1981-12-24; great-lakes from 1983-03-01)" in first


def test_editions_page_gives_the_great_lakes_date(tmp_path):
    from fastapi.testclient import TestClient

    from navlights.web.app import create_app
    page = TestClient(create_app(tmp_path / "p.db")).get("/editions").text
    section = page.split('id="us-inland"')[1].split("</section>")[0]
    assert '<span class="in-force-waters">(great-lakes from 1983-03-01)</span>' in section
