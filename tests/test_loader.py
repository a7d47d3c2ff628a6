"""The strict loader: unknown keys rejected, every problem reported at once with its key path."""

from __future__ import annotations

import tomllib

import pytest

from navlights.errors import RuleDataError, UnknownEditionError
from navlights.rulebase import loader

GOOD = """
schema = 1
[edition]
id = "test-1900"
title = "Test rules"
regime = "test"
waters = ["high-seas"]
enacted = "none"
mile = "nautical"
mile_note = "test"
units = { length = "feet" }
summary = "test"
[edition.in_force]
cite = "Art. 1"
provenance = "primary"
source = ["S1"]
[[source]]
id = "S1"
kind = "statute"
title = "A statute"
url = "https://example.org"
[light.white]
canonical = "masthead"
term = "white light"
colour = "white"
arc_pt = [-10, 10]
range = "5 mi"
cite = "Art. 2(a)"
provenance = "primary"
source = ["S1"]
[[provision]]
id = "steam"
title = "Steam vessel under way"
when = { propulsion = "power", status = "underway" }
cite = "Art. 2"
provenance = "primary"
source = ["S1"]
  [[provision.show]]
  role = "masthead"
  light = "white"
"""


def parse(text):
    return loader.parse_edition(tomllib.loads(text), "test.toml")


def test_good_file_loads_and_points_convert():
    e = parse(GOOD)
    k = e.lights["white"]
    assert k.arc_deg == (247.5, 112.5) and k.range_nm == 5.0


def test_unknown_keys_and_all_problems_reported_at_once():
    bad = GOOD.replace('term = "white light"', 'term = "white light"\ncolor = "white"').replace(
        'role = "masthead"', 'role = "masthead"\nrol = "x"')
    with pytest.raises(RuleDataError) as e:
        parse(bad)
    probs = e.value.problems
    assert "light.white.color: unknown key" in probs
    assert "provision[0](steam).show[0].rol: unknown key" in probs
    assert len(probs) == 2


@pytest.mark.parametrize("old, new, problem", [
    ('source = ["S1"]\n[[provision]]', 'source = ["S9"]\n[[provision]]', "light.white.source: unknown source 'S9'"),
    ('light = "white"', 'light = "red"', "unknown light 'red'; known: white"),
    ('when = { propulsion = "power"', 'when = { propulsion = "steam"', "'steam' is not one of power, sail, oars, none"),
    ('when = { propulsion = "power"', 'when = { engine = "power"', "unknown fact 'engine'"),
    ('arc_pt = [-10, 10]', 'arc_pt = [-10, 10]\narc_deg = [0, 1]', "give exactly one of arc_deg, arc_pt"),
    ('range = "5 mi"', 'range = "5 km"', "unit 'km' is not miles"),
    ('cite = "Art. 2"\nprovenance = "primary"', 'cite = "Art. 2"\nprovenance = "inferred"',
     "provenance 'inferred' needs an argument"),
    ('cite = "Art. 2"\nprovenance = "primary"', 'cite = "Art. 2"\nprovenance = "gap"', "provenance 'gap' needs a note"),
    ('status = "underway" }', 'status = "underway", length = { ge = 150 } }', "a length needs a unit"),
])
def test_cross_checks(old, new, problem):
    assert old in GOOD
    with pytest.raises(RuleDataError) as e:
        parse(GOOD.replace(old, new, 1))
    assert any(problem in p for p in e.value.problems), e.value.problems


def test_unknown_edition_lists_known():
    with pytest.raises(UnknownEditionError, match="known: .*intl-1960"):
        loader.resolve("intl-1984")


def test_aliases_resolve():
    assert loader.resolve("1960") == loader.resolve("INTL-1960") == "intl-1960"


# Placement constraints are typed at load (issue 13): lengths in metres, places as enums, the words kept.
@pytest.mark.parametrize("placement, problem", [
    ('{ position = "forward" }', "position words need 'at'"),
    ('{ position = "forward", at = "foreward" }', "placement.at"),
    ('{ height_min = "20 furlongs" }', "placement.height_min"),
    ('{ height_min = 20 }', "placement.height_min"),
    ('{ hieght_min = "20 ft" }', "placement.hieght_min: unknown key"),
    ('{ side = "larboard" }', "placement.side"),
])
def test_bad_placement_rejected(placement, problem):
    text = GOOD.replace('range = "5 mi"', f'range = "5 mi"\nplacement = {placement}')
    with pytest.raises(RuleDataError) as e:
        parse(text)
    assert any(problem in p for p in e.value.problems), e.value.problems


def test_placement_typed_once_at_load():
    from navlights.model import At, Side
    text = GOOD.replace('range = "5 mi"', 'range = "5 mi"\nplacement = { position = "on the foremast, '
                        'starboard side", at = "forward", side = "starboard", height_above_hull_min = "20 ft", '
                        'vertical_sep_min = "2 m" }')
    p = parse(text).lights["white"].placement
    assert p.at is At.FORWARD and p.side is Side.STARBOARD
    assert p.height_above_hull_min_m == pytest.approx(6.096) and p.vertical_sep_min_m == 2.0
    assert p.to_dict()["height_above_hull_min"] == "20 ft"      # as written, for output


RANGE_BANDS = 'range_by_length = [{ when = { length = { ge = "50 m" } }, range = "6 mi", cite = "Art. 22(a)" }, ' \
              '{ when = { length = { lt = "50 m" } }, range = "5 mi" }]'


def test_range_by_length_and_character_load():
    text = GOOD.replace('range = "5 mi"', RANGE_BANDS + '\ncharacter = "flashing"\nflashes_per_min = [50, 70]')
    k = parse(text).lights["white"]
    assert [(b.range_nm, b.range_as_written, b.citation.rule) for b in k.range_bands] == \
        [(6.0, "6 mi", "Art. 22(a)"), (5.0, "5 mi", "Art. 2(a)")]
    assert (k.character, k.flashes_per_min) == ("flashing", (50.0, 70.0))


@pytest.mark.parametrize("new, problem", [
    ('range_by_length = []', "range_by_length: give at least one band"),
    ('range_by_length = [{ when = { length = { ge = "50 m" } }, range = "6 km" }]', "unit 'km' is not miles"),
    ('range_by_length = [{ when = { lenght = { ge = "50 m" } }, range = "6 mi" }]', "unknown fact 'lenght'"),
    ('flashes_per_min = [120]', "flashes_per_min: goes with character = 'flashing'"),
    ('character = "flashing"\nflashes_per_min = [70, 50]', "expected [at least] or [at least, at most]"),
    ('character = "blinking"', "light.white.character"),
])
def test_range_by_length_and_character_errors(new, problem):
    with pytest.raises(RuleDataError) as e:
        parse(GOOD.replace('range = "5 mi"', 'range = "5 mi"\n' + new))
    assert any(problem in p for p in e.value.problems), e.value.problems


def test_a_range_band_asks_for_the_length_it_needs():
    import navlights
    from navlights.engines.display import display
    e = parse(GOOD.replace('range = "5 mi"', RANGE_BANDS))
    with pytest.raises(navlights.MissingFactError, match=r"^length: needed to decide test-1900 Art. 22\(a\)"):
        display({"propulsion": "power"}, e)
    d = display({"propulsion": "power", "length": "49 m"}, e)
    assert (d.items[0].range_nm, d.items[0].range_as_written) == (5.0, "5 mi")
    assert display({"propulsion": "power", "length": "50 m"}, e).items[0].range_nm == 6.0
