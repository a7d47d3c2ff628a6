"""The sweep (navlights.sweep, docs/sweep.md): its space comes from the rule data, its invariants catch what they
name, and a seeded sample of every edition's space keeps them all (the full run: benchmarks/bench_sweep.py).

Thresholds below are read from the texts (COLREGs 1972 as amended, USCG handbook transcription in
github.com/sailingnaturali/colregs-vault), not from the engine.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import navlights
from navlights.rulebase import loader
from navlights.sweep import invariants, run, space
from navlights.sweep.__main__ import main

I72 = "intl-1972"


@pytest.mark.parametrize("fact, threshold, across", [
    ("length", 12.0, 11.99),      # Rule 23(d), 27(g): "less than 12 meters"
    ("length", 50.0, 49.99),      # Rule 23(a)(ii): "of less than 50 meters ... shall not be obliged"
    ("length", 7.0, 6.99),        # Rule 23(d)(ii), 25(d): "less than 7 meters"
    ("length", 20.0, 19.99),      # Rule 21(b), 25(b): "less than 20 meters"
    ("tow_length", 200.0, 200.01),   # Rule 24(a)(i), (v): "exceeds 200 meters"
])
def test_numbers_either_side_of_each_threshold(fact, threshold, across):
    values = space.numbers(loader.edition(I72), fact)
    assert threshold in values and across in values


def test_gear_extent_not_given_is_a_case():
    # Rule 26(c)(ii): "extending more than 150 meters"; not given, a note says so (a condition asks `present`)
    values = space.numbers(loader.edition(I72), "gear_extent")
    assert {150.0, 150.01, None} <= set(values)


@pytest.mark.parametrize("edition", [e.id for e in loader.editions()])
def test_every_fact_tested_is_in_the_space(edition):
    assert space.uncovered(loader.edition(edition)) == []


def test_parts_are_distinct_and_counted():
    e = loader.edition(I72)
    ps = space.parts(e, 1)
    assert len({p.key() for p in ps}) == len(ps)
    assert run.whole([I72], 1) == sum(space.size(e, p) for p in ps)


def _display(**v):
    return navlights.display(v, I72)


def test_all_round_catches_a_vessel_under_way_dark_ahead():
    # Rule 23(a): masthead light, sidelights, sternlight; without the first three she is dark ahead
    d = _display(propulsion="power", length="30 m")
    assert invariants.all_round(loader.edition(I72), d) == []
    dark = replace(d, items=tuple(i for i in d.items if i.role == "sternlight"))
    found = invariants.all_round(loader.edition(I72), dark)
    assert found and "aspect 0 deg" in found[0]


def test_all_round_catches_a_relief_that_leaves_her_dark():
    # the class of issue 34's first defect: Rule 27(g) relieves the Rule 27 lights of a 10 m dredger, but Rule 23
    # still lights her as a power-driven vessel under way; a display with every light optional is caught
    d = _display(propulsion="power", length="10 m", restricted="dredging")
    assert invariants.all_round(loader.edition(I72), d) == []
    dark = replace(d, items=tuple(replace(i, status="optional") for i in d.items))
    found = invariants.all_round(loader.edition(I72), dark)
    assert found and found[0].startswith("relieved (Rule 27(g))") and "masthead" in found[0]


def test_all_round_accepts_a_cited_exception():
    # Rule 24(h): a tow that cannot show its lights owes "all possible measures", no light in particular
    d = _display(propulsion="none", length="30 m", being_towed={"tow_length": "100 m"}, tow_lights_impracticable=True)
    assert not [i for i in d.lights if i.status == "required"]
    assert invariants.all_round(loader.edition(I72), d) == []


def test_alternatives_catch_two_sidelights_of_a_colour():
    d = _display(propulsion="power", length="30 m")
    sides = [i for i in d.items if i.role == "sidelight-port"]
    twice = replace(d, items=d.items + (replace(sides[0], role="combined-port", canonical="combined-lantern"),))
    found = invariants.alternatives(loader.edition(I72), twice)
    assert any("2 red side lights" in f for f in found)


def test_cited_catches_an_item_without_provenance():
    d = _display(propulsion="power", length="30 m")
    bad = replace(d.items[0], citation=replace(d.items[0].citation, provenance="guess"))
    assert invariants.cited(loader.edition(I72), replace(d, items=(bad,) + d.items[1:]))


def test_seeded_sample_of_every_edition_keeps_every_invariant():
    got = run.sweep(None, depth=1, sample=1500, seed=34)
    assert got.checked > 300 and got.parts >= 30
    assert got.violations == 0, got.examples[:3]


def test_the_entry_point_prints_the_tally(capsys):
    assert main(["--edition", "gl-1895", "--depth", "0", "--sample", "50"]) == 0
    out = capsys.readouterr().out
    assert "records checked" in out and "violations 0" in out


def test_the_entry_point_refuses_an_unknown_edition(capsys):
    assert main(["--edition", "1984"]) == 2
    assert "1984" in capsys.readouterr().err


def test_whole_partitions_beyond_pairs_are_each_checked_whole():
    # --parts: partitions of three families or more only (pairs are the full run's), each with every record
    got = run.sweep(["gl-1895"], depth=3, whole_parts=3, seed=5)
    chosen = [p for p, _, _ in run._whole_jobs(run.beyond_pairs(run.plan(["gl-1895"], 3)), 3, 5)]
    assert len(chosen) == 3 and all(len(p.families) == 3 for p in chosen)
    assert [n for _, n in got.per_part] == [run.check_part(p).checked for p in chosen]
    assert got.violations == 0, got.examples[:3]


def test_the_estimate_of_records_beyond_pairs():
    # two partitions of four checked whole, 10 and 20 records: 15 a partition, 60 in all; the standard error
    # 7.071 / sqrt(2) = 5, the finite-population correction sqrt((4 - 2) / (4 - 1)) = 0.8165, so within
    # 1.96 * 4 * 5 * 0.8165 = 32.0
    t = run.Tally(per_part=[("x", 10), ("x", 20), ("y", 7)])
    got = run.estimate(t, {"x": 4, "z": 9})
    assert set(got) == {"x"}
    assert got["x"][0] == pytest.approx(60.0) and got["x"][1] == pytest.approx(32.0, abs=0.01)


@pytest.mark.parametrize("argv", [["--parts", "0"], ["--parts", "2", "--sample", "5"]])
def test_the_entry_point_refuses_a_bad_number_of_partitions(argv, capsys):
    assert main(["--edition", "gl-1895", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "parts:" in err


def test_the_tally_reads_at_80_columns(capsys):
    assert main(["--edition", "gl-1895", "--depth", "3", "--parts", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "partitions beyond pairs checked whole" in out
    assert max(len(line) for line in out.splitlines()) <= 80


# --- records: the vessels no condition of the edition tells apart (sweep/residual.py, sweep/joint.py) ---

def _known(edition: str, **vessel):
    from navlights.vessel import make_vessel
    vessel.setdefault("propulsion", "power")
    v = make_vessel(vessel)
    return {k: x for k, x in v.facts.items() if k not in space.OPEN}


@pytest.mark.parametrize("a, b, alike", [
    # Rule 26(b): a vessel trawling shows the same lights whatever her gear's extent, and 26(c)(ii) turns on
    # "extending more than 150 metres" only for fishing other than trawling; but the gear light's own condition
    # is read as written, whichever provision it sits in, so the classes split here too: conservative (more
    # records, never two the engine may answer apart in one)
    (dict(fishing={"method": "trawl", "gear_extent": "150 m"}), dict(fishing={"method": "trawl", "gear_extent": "150.01 m"}),
     False),
    (dict(fishing={"method": "purse-seine", "gear_extent": "150 m"}),
     dict(fishing={"method": "purse-seine", "gear_extent": "150.01 m"}), False),
    # Rule 24(a)(i) and (v): "where the length of the tow exceeds 200 metres"
    (dict(towing={"tow_length": "150 m"}), dict(towing={"tow_length": "199 m"}), True),
    (dict(towing={"tow_length": "200 m"}), dict(towing={"tow_length": "200.01 m"}), False),
])
def test_a_class_is_what_no_condition_tells_apart(a, b, alike):
    from navlights.sweep import residual
    e = loader.edition(I72)
    assert (residual.class_key(e, _known(I72, **a)) == residual.class_key(e, _known(I72, **b))) is alike


def test_residual_decides_as_the_condition_does():
    # every condition of the edition, put together from a known half and decided on the open half, answers as the
    # condition answers on the whole vessel
    from navlights.conditions import evaluate_slowly
    from navlights.sweep import residual
    from navlights.vessel import make_vessel
    e = loader.edition(I72)
    for v in (dict(propulsion="power", length="11 m", restricted="dredging", making_way=True),
              dict(propulsion="sail", length="30 m", time="night"),
              dict(propulsion="power", length="60 m", towing={"tow_length": "250 m"}, not_under_command=True,
                   making_way=False)):
        facts = make_vessel(v).facts
        known = {k: x for k, x in facts.items() if k not in space.OPEN}
        for c in residual.conditions(e):
            assert residual.truth(residual.residual(c, known), facts) == evaluate_slowly(c, facts), c.text


def test_every_pair_is_in_one_record_and_a_record_is_one_display(monkeypatch):
    # the claim the records rest on, checked whole on one partition: every other vessel kept of every record
    # (its first pairs, one drawn, one other member of its class) has the first one's display
    from navlights.sweep import joint
    e = loader.edition(I72)
    part = space.Part(I72, ("restricted",), "sail")
    made = space.plan(e, part)
    groups = joint.groups(e, part, made)
    assert sum(g.pairs for g in groups.values()) == len(made.cores) * len(made.classes)
    monkeypatch.setattr(run, "VERIFY", 1.0)
    got = run.check_part(part)
    assert got.checked == len(groups) and got.verified > got.checked // 2
    assert got.violations == 0, got.examples[:3]


def test_pairs_of_families_sample_keeps_every_invariant():
    got = run.sweep(None, depth=2, sample=600, seed=35)
    assert got.checked > 200
    assert got.violations == 0, got.examples[:3]


def test_relief_accepts_a_light_another_rule_forbids():
    # intl-1897: a steam vessel under 40 tons, not under command and not making way, in tow, a fishing vessel with
    # no gear out. Art. 7 relieves her red lights (Art. 4(a), which stood in place of the white light); Art. 10 of
    # 1885 relieves her side lights; Art. 5 forbids a vessel in tow the white light whatever else is relieved: no
    # masthead light is owed, so the relief check finds nothing. Found by the whole 1897 space (--depth all).
    v = {"propulsion": "power", "length": "45 m", "tonnage": 19, "not_under_command": True, "making_way": False,
         "being_towed": {"tow_length": "600 ft"}, "fishing": {"gear_out": False}}
    d = navlights.display(v, "intl-1897")
    assert "masthead" not in {i.role for i in d.items} and "towed" in d.provisions
    assert invariants.relief_left(loader.edition("intl-1897"), d) == []


def test_every_combination_of_the_1895_rules_keeps_every_invariant(capsys):
    # the whole space of the smallest edition (every combination of its eight families), as --depth all runs it
    assert main(["--edition", "gl-1895", "--depth", "all"]) == 0
    out = capsys.readouterr().out
    assert "violations 0" in out and "4,368 distinct" in out


# ---- invariant 6: identify reads a display's picture back; invariant 7: the text says what the JSON says ----

def test_read_back_holds_for_a_class_identify_knows():
    # 1960 Rule 2(a): a power-driven vessel of 200 ft under way, a class of identify's index
    e = loader.edition("intl-1960")
    d = navlights.display({"propulsion": "power", "length": "200 ft"}, e)
    assert invariants.indexed(e, d)
    assert invariants.read_back(e, d) == []


def test_read_back_catches_identify_missing_her(monkeypatch):
    e = loader.edition("intl-1960")
    d = navlights.display({"propulsion": "power", "length": "200 ft"}, e)
    import navlights.engines.identify as eng
    monkeypatch.setattr(eng, "search", lambda idx, q, near=True: {})
    found = invariants.read_back(e, d)
    # by night she is seen from ahead (both sidelights), each bow and beam, and astern (the stern light alone)
    assert len(found) >= 4 and all("identify does not read" in f for f in found)
    assert any("night picture at aspect 180" in f for f in found)


@pytest.mark.parametrize("length, whites", [("45.71 m", 1), ("45.72 m", 2)])
def test_read_back_either_side_of_150_ft_aground_1897(length, whites):
    # Art. 11: a vessel of 150 ft (45.72 m) or upwards at anchor carries two white lights, one under 150 ft one; a
    # vessel aground in or near a fairway carries them and the two red lights of Art. 4(a). Under 150 ft the
    # heights drawn from her length put her white light below the reds, not above as at 75 ft (found by the
    # sweep); identify's index now holds each order (tests/test_identify_orders.py).
    e = loader.edition("intl-1897")
    d = navlights.display({"propulsion": "none", "status": "aground", "length": length}, e)
    night = [i.colour for i in d.items if i.period == "night" and i.status == "required"]
    assert sorted(night) == ["red", "red"] + ["white"] * whites
    assert invariants.indexed(e, d)
    assert invariants.read_back(e, d) == []


def test_a_combination_no_class_shows_is_not_read_back():
    # 1972 Rule 26(c) with 27(a): a trawler not under command: no class of identify's index shows both signals
    e = loader.edition(I72)
    d = _display(propulsion="power", length="30 m", not_under_command=True, fishing={"method": "trawl"})
    assert not invariants.indexed(e, d)
    assert invariants.read_back(e, d) == []


def test_json_text_holds_for_a_display_with_gaps_and_notes():
    # 1960 Rule 5(a), 7(d), 10: a small sailing vessel: a gap (Rule 10 not found), a prohibition, a scheme
    e = loader.edition("intl-1960")
    d = navlights.display({"propulsion": "sail", "length": "12 m"}, e)
    assert not d.complete and any(n.kind == "gap" for n in d.notes)
    assert invariants.json_text(e, d) == []


def test_json_text_catches_a_note_left_out(monkeypatch):
    e = loader.edition("intl-1960")
    d = navlights.display({"propulsion": "sail", "length": "12.1 m"}, e)
    import navlights.cli.lights_text as lt
    monkeypatch.setattr(lt, "_say_notes", lambda out, data, described: None)
    monkeypatch.setattr(invariants, "_TEXT_VERDICTS", {})
    found = invariants.json_text(e, d)
    assert any("the prohibited note" in f for f in found)
    assert any("the gap note" in f for f in found)


def test_json_text_catches_a_column_left_out(monkeypatch):
    e = loader.edition("intl-1960")
    d = navlights.display({"propulsion": "power", "length": "200 ft"}, e)
    import navlights.cli.lights_text as lt
    monkeypatch.setattr(lt, "_FULL", {k: [c for c in v if c[0] != "provenance"] for k, v in lt._FULL.items()})
    monkeypatch.setattr(invariants, "_TEXT_VERDICTS", {})
    found = invariants.json_text(e, d)
    assert found and all("provenance" in f for f in found)
