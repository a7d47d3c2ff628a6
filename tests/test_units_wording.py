"""Units as the rules speak them: lengths in words follow the edition's own unit system.

The 1972 COLREGs and the US Inland Rules write their lengths in metres (their rule data says
`units = { length = "metres" | "meters" }`): they speak metres first. The historical editions (gl-1895,
intl-1897, intl-1948, intl-1960) write feet: they speak feet first. A vessel's own length carries the other
unit in parentheses; a rule's threshold or band is written in the edition's unit only, as the rule writes
it (intl-1972 Rule 23(d)(i) "less than 12 metres" reads "under 12 m", never "under 39.4 ft" or "11.99 m").

Every expectation below is written by hand from the rule text cited beside it (conversions: 1 ft = 0.3048 m,
so 15 m = 49.21 ft, 200 m = 656.17 ft, 200 ft = 60.96 m).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from navlights import api
from navlights.cli import main
from navlights.errors import RuleDataError
from navlights.units import fmt_band, fmt_length, fmt_span, length_system, parse_length, shared_system
from navlights.web.app import create_app

from .test_loader import GOOD, parse

FEET_FIRST = re.compile(r"\d ft \(")
METRES_FIRST = re.compile(r"\d m \(")
ANY_FT = re.compile(r"\d ft\b")
ANY_M = re.compile(r"\d m\b")


# --- the formatter -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, system, expected", [
    ("15 m", "metres", "15 m (49.2 ft)"),          # a 15 m sailing vessel under a metric edition
    ("15 m", "feet", "49.2 ft (15 m)"),            # the same vessel under a historical edition
    ("200 ft", "metres", "61 m (200 ft)"),         # 60.96 m: one decimal at most, '.0' dropped
    ("200 ft", "feet", "200 ft (61 m)"),
    ("200 m", "metres", "200 m (656.2 ft)"),
    ("0.6 m", "metres", "0.6 m (2 ft)"),           # 1.97 ft
])
def test_a_vessels_length_in_the_system_first_the_other_in_parentheses(text, system, expected):
    assert fmt_length(parse_length(text), system) == expected


@pytest.mark.parametrize("text, system, expected", [
    ("12 m", "metres", "12 m"),        # intl-1972 Rule 23(d)(i): "less than 12 metres"
    ("20 m", "metres", "20 m"),        # intl-1972 Rule 25(b): "of less than 20 metres"
    ("200 m", "metres", "200 m"),      # intl-1972 Rule 24(a)(ii): "exceeds 200 metres"
    ("150 ft", "feet", "150 ft"),      # intl-1960 Rule 11: "150 feet or more in length"
    ("600 ft", "feet", "600 ft"),      # intl-1960 Rule 3(a): "exceeds 600 feet"
    ("65 ft", "feet", "65 ft"),        # intl-1960 Rule 7(a): "less than 65 feet"
])
def test_a_threshold_reads_as_the_rule_writes_it(text, system, expected):
    assert fmt_band(parse_length(text), system) == expected


def test_spans_and_shared_systems():
    assert fmt_span(3.5, 150, "metres") == "3.5–150 m"
    assert fmt_span(parse_length("20 ft"), parse_length("225 ft"), "feet", "-") == "20-225 ft"
    assert shared_system(["metres", "metres"]) == "metres" and shared_system(["feet"]) == "feet"
    assert shared_system(["feet", "metres"]) == "metres"       # mixed: the rules in force today speak metres
    assert length_system("meters") == "metres"                 # us-inland's data spells it so


# --- the edition decides, from its data ------------------------------------------------------------------

@pytest.mark.parametrize("edition, system", [
    ("intl-1972", "metres"), ("us-inland", "metres"),
    ("intl-1960", "feet"), ("intl-1948", "feet"), ("intl-1897", "feet"), ("gl-1895", "feet"),
])
def test_each_edition_speaks_the_unit_its_data_names(edition, system):
    e = api.edition(edition)
    assert e.length_system == system
    assert length_system(dict(e.units)["length"]) == system


def test_an_edition_whose_length_unit_is_not_known_is_refused():
    with pytest.raises(RuleDataError, match="units.length: 'furlongs' is not a unit system"):
        parse(GOOD.replace('units = { length = "feet" }', 'units = { length = "furlongs" }'))


# --- the rules' own conditions, in words (navlights rules --json: provisions[].when) ----------------------

@pytest.mark.parametrize("edition, provision, cite, words", [
    ("intl-1972", "power-small", "Rule 23(d)(i)", "length under 12 m"),       # "less than 12 metres"
    ("intl-1972", "sailing-tricolour", "Rule 25(b)", "length under 20 m"),   # "of less than 20 metres"
    ("intl-1972", "anchored-small", "Rule 30(b)", "length under 50 m"),      # "of less than 50 metres"
    ("us-inland", "sailing-tricolour", "Rule 25(b)", "length under 20 m"),   # Inland: "less than 20 meters"
    ("us-inland", "special-anchorage", "Rule 30(g)", "length under 20 m"),   # "less than 20 meters in length"
    ("intl-1960", "small-power", "Rule 7(a)", "length under 65 ft"),         # "of less than 65 feet"
    ("intl-1960", "towed-diamond", "Rule 5(d)", "tow_length over 600 ft"),   # "exceeds 600 feet"
])
def test_rule_conditions_in_the_editions_unit(edition, provision, cite, words):
    p = next(p for p in api.rules_json(edition)["provisions"] if p["id"] == provision)
    assert p["citation"]["rule"] == cite
    assert words in p["when"]
    other = ANY_FT if api.edition(edition).length_system == "metres" else ANY_M
    assert not other.search(p["when"]), p["when"]


# --- the vessel line -------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition, vessel, description", [
    ("intl-1972", {"propulsion": "sail", "length": "15 m"}, "sailing vessel, 15 m (49.2 ft), under way"),
    ("us-inland", {"propulsion": "sail", "length": "15 m"}, "sailing vessel, 15 m (49.2 ft), under way"),
    ("intl-1960", {"propulsion": "sail", "length": "15 m"}, "sailing vessel, 49.2 ft (15 m), under way"),
    ("intl-1972", {"propulsion": "power", "length": "200 ft"}, "power-driven vessel, 61 m (200 ft), under way"),
    ("gl-1895", {"propulsion": "power", "length": "200 ft"}, "power-driven vessel, 200 ft (61 m), under way"),
    ("intl-1972", {"propulsion": "power", "length": "50 m", "towing": {"tow_length": "250 m"}},
     "power-driven vessel, 50 m (164 ft), under way, towing (tow 250 m (820.2 ft))"),
])
def test_the_vessel_line_speaks_the_editions_unit_first(edition, vessel, description):
    assert api.display_json(vessel, edition)["description"] == description
    assert api.view_json(vessel, edition, aspect_deg=10)["description"] == description
    assert api.sectors_json(vessel, edition)["description"] == description


def test_the_vessel_line_without_an_edition_stays_in_feet_first():
    assert api.make_vessel({"propulsion": "sail", "length": "15 m"}).describe() == \
        "sailing vessel, 49.2 ft (15 m), under way"


def test_cli_vessel_line(capsys):
    assert main(["lights", "-e", "1972", "--length", "15 m", "--propulsion", "sail"]) == 0
    out = capsys.readouterr().out
    assert "Vessel: sailing vessel, 15 m (49.2 ft), under way" in out
    assert main(["lights", "-e", "1960", "--length", "15 m", "--propulsion", "sail"]) == 0
    assert "Vessel: sailing vessel, 49.2 ft (15 m), under way" in capsys.readouterr().out


def test_a_missing_length_asks_in_the_editions_unit():
    # intl-1972 Rule 23(d)(i) cuts at 12 m: the question and its example are in metres
    with pytest.raises(api.NavlightsError) as e:
        api.display({"propulsion": "power"}, "intl-1972")
    assert "length under 12 m?" in str(e.value) and "length='61 m'" in str(e.value)
    with pytest.raises(api.NavlightsError) as e:
        api.display({"propulsion": "power"}, "intl-1960")
    assert " ft?" in str(e.value) and "length='200 ft'" in str(e.value)


# --- identify readings: band words in the edition's unit only --------------------------------------------

def _conditions(notation: str, edition: str) -> set[str]:
    """The band words of every reading (the answer's lines hold their readings inside them, issue 22)."""
    return {c for h in api.identify(notation, edition).readings() for c in h.conditions}


@pytest.mark.parametrize("notation, edition, expected", [
    # intl-1972 Rule 24(a)(i)/(ii): two masthead lights in a vertical line, three where the tow exceeds 200 m
    ("W/W R", "intl-1972", {"tow up to 200 m"}),
    ("W/W/W R", "intl-1972", {"tow over 200 m"}),
    # Rule 23(d)(i) and 22: cuts at 12 m and 50 m; Rule 25(b)/22: 20 m
    ("W/W R", "intl-1972", {"length under 12 m", "length 50 m or more", "length 12 m or more and under 20 m"}),
    # Inland Rule 24(a): 200 m as well; Rule 22: cuts at 12 m and 20 m
    ("W/W R", "us-inland", {"tow up to 200 m", "length 12 m or more and under 20 m"}),
    # intl-1960 Rule 3(a): three white lights when the tow exceeds 600 ft; Rule 2(a)(ii), 11: 150 ft
    ("W/W/W R", "intl-1960", {"tow over 600 ft", "length 150 ft or more", "length under 65 ft"}),
])
def test_identify_band_words(notation, edition, expected):
    got = _conditions(notation, edition)
    assert expected <= got, sorted(got)
    other = ANY_FT if api.edition(edition).length_system == "metres" else ANY_M
    assert not any(other.search(c) for c in got), sorted(got)


@pytest.mark.parametrize("notation", ["R/R/R", "W/W R"])
def test_identify_readings_under_1972_carry_metres(notation):
    # R/R/R: not under command (Rule 27(a)) or constrained by her draught (Rule 28); W/W R: towing (Rule 24(a))
    data = api.identify_json(notation, "intl-1972", limit=0)
    classes = [h["class"] for h in data["hypotheses"]]
    assert classes and all(not ANY_FT.search(c) for c in classes), classes
    assert any(ANY_M.search(c) for c in classes)


# --- quiz answers ---------------------------------------------------------------------------------------

def _answers(edition: str, item: str) -> set[str]:
    out: set[str] = set()
    for seed in range(4):
        q = api.quiz_question(edition, item, random.Random(seed))
        assert q is not None
        out |= {c.text for c in q.choices if c.item == item}
    return out


@pytest.mark.parametrize("edition, card, expected", [
    # intl-1972 Rule 30(a)/(b): at anchor, two all-round white lights at 50 m or more, one under 50 m
    ("intl-1972", "vessel at anchor", {"vessel at anchor, under 50 m", "vessel at anchor, 50 m or more"}),
    # intl-1960 Rule 11(a)/(b): one light under 150 ft, two at 150 ft or more (the trainer's card also holds the
    # seaplane aground, whose lights look the same: one answer for one picture)
    ("intl-1960", "vessel at anchor or seaplane aground", {"vessel at anchor or seaplane aground, under 150 ft",
                                                            "vessel at anchor or seaplane aground, 150 ft or more"}),
])
def test_quiz_answers_speak_the_editions_unit(edition, card, expected):
    got = _answers(edition, card)
    assert got and got <= expected, got


def test_quiz_choices_of_a_metric_edition_have_no_feet():
    rng = random.Random(9)
    texts = [c.text for item in api.quiz_items("intl-1972")[:25]
             for q in [api.quiz_question("intl-1972", item, rng)] if q for c in q.choices]
    assert texts and not any(ANY_FT.search(t) or FEET_FIRST.search(t) for t in texts), texts


# --- compare, changes, differences ----------------------------------------------------------------------

def test_differences_between_two_metric_regimes_speak_metres(capsys):
    data = api.differences("intl-1972", "us-inland")
    assert data["length_system"] == "metres"
    assert all(isinstance(x, float) for d in data["differences"] for x in d["lengths_ft"])   # numbers unchanged
    assert main(["differences", "intl-1972", "us-inland"]) == 0
    out = capsys.readouterr().out
    assert "lengths in m;" in out and not re.search(r"lengths [0-9.]+-[0-9.]+ ft", out)
    assert re.search(r"lengths [0-9.]+-[0-9.]+ m\b", out)


def test_changes_between_feet_editions_speak_feet(capsys):
    assert main(["changes", "intl-1948", "intl-1960"]) == 0
    out = capsys.readouterr().out
    assert "lengths in ft;" in out and re.search(r"lengths [0-9.]+-[0-9.]+ ft\b", out)


def test_comparison_of_two_metric_editions_describes_her_in_metres():
    data = api.compare_json({"propulsion": "sail", "length": "15 m"}, ["intl-1972", "us-inland"])
    assert data["description"] == "sailing vessel, 15 m (49.2 ft), under way"
    data = api.compare_json({"propulsion": "sail", "length": "15 m"}, ["intl-1948", "intl-1960"])
    assert data["description"] == "sailing vessel, 49.2 ft (15 m), under way"


# --- the web pages (HTTP) -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    db: Path = tmp_path_factory.mktemp("units") / "progress.sqlite"
    return TestClient(create_app(db, seed=3))


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_explore_heading_in_metres_first(client):
    r = client.get("/explore", params={"edition": "intl-1972", "length": "200 m"})
    assert r.status_code == 200
    text = _text(r.text)
    assert "power-driven vessel, 200 m (656.2 ft), under way" in text
    assert not FEET_FIRST.search(text)
    r = client.get("/explore", params={"edition": "intl-1960", "length": "200 m"})
    assert "power-driven vessel, 656.2 ft (200 m), under way" in _text(r.text)


def test_regimes_page_in_metres(client):
    r = client.get("/regimes")          # intl-1972 beside us-inland: both metric
    assert r.status_code == 200
    text = _text(r.text)
    assert "(lengths in m)" in text
    spans = re.findall(r"lengths [0-9.]+–[0-9.]+ (m|ft)\b", text)
    assert spans and set(spans) == {"m"}


def test_train_choices_in_metres_first(client):
    r = client.get("/train", params={"edition": "intl-1972"})
    assert r.status_code == 200
    choices = re.findall(r'<button type="submit" name="choice"[^>]*>(.*?)</button>', r.text, re.S)
    assert choices
    assert not any(ANY_FT.search(_text(c)) for c in choices), choices


def test_identify_page_readings_in_metres(client):
    r = client.get("/identify", params={"notation": "R/R/R", "edition": "intl-1972"})
    assert r.status_code == 200
    text = _text(r.text)
    assert ANY_M.search(text) and not FEET_FIRST.search(text)
    assert not re.search(r"length [^,<]*\d ft\b", text)
