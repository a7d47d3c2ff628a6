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
