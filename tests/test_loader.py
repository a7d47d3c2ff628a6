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
    ('{ height_min = "20 ft", cites = { height_max = "Art. 9" } }', "placement.cites.height_max: not a limit"),
    ('{ height_min = "20 ft", cites = { note = "Art. 9" } }', "placement.cites.note: not a limit"),
    ('{ between = ["masthead"] }', "placement.between"),
    ('{ between = ["masthead", "masthead"] }', "placement.between: two different roles"),
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


# The paragraph that sets each placement limit (issue 25): a key's own cites entry, else the table's cite, else
# the cite of the entry that writes the table (the light kind here, the show for a show's placement).
@pytest.mark.parametrize("placement, show, expect", [
    ('{ height_min = "20 ft", vertical_sep_min = "6 ft" }', "",
     {"height_min": "Art. 2(a)", "vertical_sep_min": "Art. 2(a)"}),
    ('{ height_min = "20 ft", vertical_sep_min = "6 ft", cite = "Art. 9(a)", cites = { vertical_sep_min = "Art. 9(b)" } }',
     "", {"height_min": "Art. 9(a)", "vertical_sep_min": "Art. 9(b)"}),
    ('{ height_min = "20 ft" }', '\n  cite = "Art. 2; Art. 9(c)"\n  placement = { height_max = "40 ft" }',
     {"height_min": "Art. 2(a)", "height_max": "Art. 2; Art. 9(c)"}),
    ('{ height_min = "20 ft" }', '\n  placement = { height_max = "40 ft", cite = "Art. 9(d)" }',
     {"height_min": "Art. 2(a)", "height_max": "Art. 9(d)"}),
])
def test_placement_limit_cites(placement, show, expect):
    text = GOOD.replace('range = "5 mi"', f'range = "5 mi"\nplacement = {placement}') + show
    item = parse(text).provisions[0].shows[0].item
    assert dict(item.placement.cites) == expect
    assert "cite" not in item.placement.to_dict() and "cites" not in item.placement.to_dict()


def test_between_names_shown_roles():
    text = GOOD + '  placement = { between = ["masthead", "nowhere"] }\n'
    with pytest.raises(RuleDataError) as e:
        parse(text)
    assert any("between: role 'nowhere' is shown by no provision" in p for p in e.value.problems)


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


# --- [edition.annex_checks]: the technical limits of fitted lights, typed at load (issue 16's plan checks) ---------

ANNEX = """
[edition.annex_checks]
cite = "Annex I 2(b), 5, 7, 9, 10"
provenance = "primary"
source = ["S1"]
colour_cite = "Annex I 7"
screens_cite = "Annex I 5"
sector_cite = "Annex I 9(a)"
sector_forward_cite = "Annex I 9(a)(i)"
sector_other_cite = "Annex I 9(a)(ii)"
vertical_cite = "Annex I 10(a)"
vertical_sail_cite = "Annex I 10(b)"
masthead_1000m_cite = "Annex I 2(b)"
side_cutoff_deg = [1.0, 3.0]
other_cutoff_max_deg = 5.0
edge_share = 0.5
vertical_power = [7.5, 0.6]
vertical_sail = [25.0, 0.5]
sight_m = 1000.0
[edition.annex_checks.colour_areas]
green = [[0.028, 0.385], [0.009, 0.723], [0.300, 0.511], [0.203, 0.356]]
"""


def _with_annex(annex: str) -> str:
    return GOOD.replace("[[source]]", annex.strip() + "\n[[source]]", 1)


def test_annex_checks_typed_at_load():
    a = parse(_with_annex(ANNEX)).annex_checks
    assert a is not None and a.side_cutoff_deg == (1.0, 3.0) and a.vertical_sail == (25.0, 0.5)
    assert a.area("green") == ((0.028, 0.385), (0.009, 0.723), (0.300, 0.511), (0.203, 0.356))
    assert a.area("red") is None and a.cutoff_note == ""
    assert str(a.citation).startswith("test-1900 Annex I 2(b)")
    assert parse(GOOD).annex_checks is None                    # an edition without them: no technical checks


@pytest.mark.parametrize("old,new,problem", [
    ("green = [", "purple = [", "not a colour of a light"),
    ("[[0.028, 0.385], [0.009, 0.723], [0.300, 0.511], [0.203, 0.356]]", "[[0.028, 0.385], [0.009, 0.723]]",
     "at least three corners"),
    ("[0.028, 0.385]", "[1.028, 0.385]", "each from 0 to 1"),
    ("side_cutoff_deg = [1.0, 3.0]", "side_cutoff_deg = [3.0, 1.0]", "0 <= least <= most"),
    ("vertical_power = [7.5, 0.6]", "vertical_power = [7.5, 1.6]", "share in (0, 1]"),
])
def test_annex_checks_refused(old, new, problem):
    text = _with_annex(ANNEX.replace(old, new, 1))
    with pytest.raises(RuleDataError) as e:
        parse(text)
    assert any(problem in p for p in e.value.problems), e.value.problems


def test_annex_limits_as_the_texts_give_them():
    # COLREGs Annex I 9(a)(i), (ii); 10(a)(ii), 10(b)(ii); 2(b); 33 CFR 84.15(a), 84.16, 84.02(b) give the same
    from navlights import api
    for eid in ("intl-1972", "us-inland"):
        a = api.edition(eid).annex_checks
        assert a is not None
        assert (a.side_cutoff_deg, a.other_cutoff_max_deg, a.edge_share) == ((1.0, 3.0), 5.0, 0.5)
        assert (a.vertical_power, a.vertical_sail, a.sight_m) == ((7.5, 0.6), (25.0, 0.5), 1000.0)
        # Annex I 7 / 84.13(b): white's six corners, x then y as the text lists them
        assert a.area("white") == ((0.525, 0.382), (0.525, 0.440), (0.452, 0.440), (0.310, 0.348), (0.310, 0.283),
                                   (0.443, 0.382))
    assert api.edition("us-inland").annex_checks.cutoff_note.endswith("(Sec. 84.01(c))")
    for eid in ("gl-1895", "intl-1897", "intl-1948", "intl-1960"):
        assert api.edition(eid).annex_checks is None       # no technical annex in these texts as encoded
