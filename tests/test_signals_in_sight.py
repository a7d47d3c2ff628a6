"""Part D between vessels in sight (Rule 34), attention (36), distress (37, Annex IV), identify by sound, and the
signal file loader's strictness. Expected values by hand from the texts (see test_signals_rules.py for them)."""

from __future__ import annotations

import copy
import tomllib

import pytest

from navlights import api
from navlights.errors import NotationError, RuleDataError
from navlights.rulebase import signals as sigfile

I, U = "intl-1972", "us-inland"  # noqa: E741 (I: International, U: Inland)


def _table(ed: str) -> dict[str, dict]:
    return {s["id"]: s for s in api.in_sight_json(ed)["signals"]}


# (edition, signal id, pattern, words that must be in its meaning, cite)
RULE_34 = [
    (I, "alter-starboard", "short", "altering course to starboard", "Rule 34(a)"),
    (I, "alter-port", "short-short", "altering course to port", "Rule 34(a)"),
    (I, "astern", "short-short-short", "astern propulsion", "Rule 34(a)"),
    (I, "overtake-starboard", "prolonged-prolonged-short", "overtake you on your starboard side", "Rule 34(c)(i)"),
    (I, "overtake-port", "prolonged-prolonged-short-short", "overtake you on your port side", "Rule 34(c)(i)"),
    (I, "overtake-agree", "prolonged-short-prolonged-short", "agree", "Rule 34(c)(ii)"),
    (I, "doubt", "short-short-short-short-short", "doubt", "Rule 34(d)"),
    (I, "bend", "prolonged", "bend", "Rule 34(e)"),
    (U, "leave-port", "short", "leave you on my port side", "Rule 34(a)(i), (ii)"),
    (U, "leave-starboard", "short-short", "leave you on my starboard side", "Rule 34(a)(i), (ii)"),
    (U, "astern", "short-short-short", "astern propulsion", "Rule 34(a)(i)"),
    (U, "overtake-starboard", "short", "overtake you on your starboard side", "Rule 34(c)(i), (ii)"),
    (U, "overtake-port", "short-short", "overtake you on your port side", "Rule 34(c)(i), (ii)"),
    (U, "doubt", "short-short-short-short-short", "doubt", "Rule 34(d); 34(a)(ii), (c)(ii)"),
    (U, "bend", "prolonged", "bend", "Rule 34(e)"),
    (U, "leaving-berth", "prolonged", "leaving a dock or berth", "Rule 34(g)"),
]


@pytest.mark.parametrize("ed,sid,pattern,words,cite", RULE_34)
def test_rule_34_signals(ed: str, sid: str, pattern: str, words: str, cite: str) -> None:
    s = _table(ed)[sid]
    assert (s["pattern"], s["citation"]["rule"]) == (pattern, cite)
    assert words in s["meaning"]


# 34(b): the light signals; International: all-round white, 5 miles, flashes about 1 s and 1 s apart, signals at
# least 10 s apart; Inland: white or yellow, 2 miles, synchronised with the whistle.
LIGHTS = [
    (I, "light-starboard", "alter-starboard", "flash", "5 miles"),
    (I, "light-port", "alter-port", "flash-flash", "5 miles"),
    (I, "light-astern", "astern", "flash-flash-flash", "5 miles"),
    (U, "light-leave-port", "leave-port", "flash", "2 miles"),
    (U, "light-leave-starboard", "leave-starboard", "flash-flash", "2 miles"),
    (U, "light-astern", "astern", "flash-flash-flash", "2 miles"),
]


@pytest.mark.parametrize("ed,sid,of,pattern,range_", LIGHTS)
def test_rule_34b_light_signals(ed: str, sid: str, of: str, pattern: str, range_: str) -> None:
    s = _table(ed)[sid]
    assert (s["light_of"], s["pattern"], s["status"]) == (of, pattern, "may")
    assert range_ in s["light"] and s["citation"]["rule"] == "Rule 34(b)(i)-(iii)"
    assert s["elements"][0]["seconds"] == [1.0, 1.0]
    if ed == I:
        assert s["interval_min_s"] == 10 and "white" in s["light"]
    else:
        assert "white or yellow" in s["light"] and "synchronised" in s["light"]


def test_34d_light_and_at_least_five() -> None:
    for ed in (I, U):
        t = _table(ed)
        assert t["doubt"]["at_least"] and t["doubt-light"]["light_of"] == "doubt"


NOTES = [
    (I, "one-whistle", "Rule 34(f); Annex III 1(f)"),
    (U, "one-whistle", "Rule 34(f); Annex III (33 CFR 86.01(f))"),
    (U, "radio-agreement", "Rule 34(h)"),
    (U, "downbound", "Rule 9(a)(ii); 14(d)"),
    (U, "towing-whistle", "Annex III (33 CFR 86.01(h))"),
    (I, "bell-gong", "Annex III 2(a), (b), 3"),
    (I, "whistle-details", "Annex III 1(d), (e), (g)"),
    (I, "annex-iv-misuse", "Annex IV 2, 3"),
]


@pytest.mark.parametrize("ed,nid,cite", NOTES)
def test_notes_cited(ed: str, nid: str, cite: str) -> None:
    notes = {n["id"]: n for n in api.in_sight_json(ed)["notes"]}
    assert notes[nid]["citation"]["rule"] == cite


OTHER = [
    (I, "attention", "Rule 36", "may"), (U, "attention", "Rule 36", "may"),
    (I, "distress-gun", "Rule 37; Annex IV 1(a)", "required"),
    (I, "distress-fog", "Rule 37; Annex IV 1(b)", "required"),
    (U, "distress-gun", "Rule 37; Annex IV (33 CFR 87.01(a))", "required"),
    (U, "distress-fog", "Rule 37; Annex IV (33 CFR 87.01(b))", "required"),
]


@pytest.mark.parametrize("ed,sid,cite,status", OTHER)
def test_attention_and_distress(ed: str, sid: str, cite: str, status: str) -> None:
    s = {x["id"]: x for x in api.in_sight_json(ed)["other"]}[sid]
    assert (s["citation"]["rule"], s["status"]) == (cite, status)


def test_distress_details() -> None:
    i = {x["id"]: x for x in api.in_sight_json(I)["other"]}
    assert i["distress-gun"]["interval_max_s"] == 60                         # Annex IV 1(a): about a minute
    assert i["distress-fog"]["pattern"] == "continuous"                      # Annex IV 1(b)
    u = {x["id"]: x for x in api.in_sight_json(U)["other"]}
    assert "50-70 times a minute" in u["distress-visual"]["meaning"]         # 33 CFR 87.01(p), Inland only
    assert "50-70" not in i["distress-visual"]["meaning"]


# Identify by sound: (edition, heard, visibility, interval, first reading's cite, cites that must also be listed)
HEARD = [
    (I, "prolonged", "restricted", 100, "Rule 35(a)", ["Rule 34(e)"]),
    (I, "prolonged", "clear", None, "Rule 34(e)", ["Rule 35(a)"]),
    (I, "p-p", "restricted", None, "Rule 35(b)", []),
    (I, "prolonged-short-short", "restricted", 110, "Rule 35(c)", ["Rule 35(d); 35(c)"]),
    (I, "p-s-s-s", "restricted", None, "Rule 35(e)", []),
    (I, "bell", "restricted", 50, "Rule 35(g)", []),
    (I, "bell-gong", "restricted", None, "Rule 35(g)", []),
    (I, "short-prolonged-short", "restricted", None, "Rule 35(g)", []),
    (I, "4short", "restricted", None, "Rule 35(k)", []),
    (I, "short*5", "clear", None, "Rule 34(d)", []),
    (I, "7short", "clear", None, "Rule 34(d)", []),
    (I, "s", "clear", None, "Rule 34(a)", []),
    (I, "p-p-s", "clear", None, "Rule 34(c)(i)", []),
    (I, "p-s-p-s", "clear", None, "Rule 34(c)(ii)", []),
    (I, "stroke-stroke-stroke-bell-stroke-stroke-stroke", "restricted", None, "Rule 35(h); 35(g)", []),
    (U, "short", "clear", None, "Rule 34(a)(i), (ii)", ["Rule 34(c)(i), (ii)"]),
    (U, "prolonged", "clear", None, "Rule 34(e)", ["Rule 34(g)", "Rule 35(a)"]),
    (U, "p-s-s", "restricted", None, "Rule 35(c)", []),
]


@pytest.mark.parametrize("ed,heard,vis,interval,first,also", HEARD)
def test_identify_by_sound(ed: str, heard: str, vis: str, interval: int | None, first: str, also: list[str]) -> None:
    d = api.heard_json(heard, ed, visibility=vis, interval_s=interval)
    cites = [r["citation"]["rule"] for r in d["readings"]]
    assert cites[0] == first
    assert set(also) <= set(cites)


def test_one_prolonged_says_both() -> None:
    """One prolonged blast is 35(a) in fog and 34(e) at a bend: the answer names both, with no visibility given."""
    d = api.heard_json("prolonged", I)
    assert "Rule 35(a)" in d["summary"] and "Rule 34(e)" in d["summary"]


def test_interval_too_long_ranks_lower() -> None:
    """Rule 35(g): the anchor bell at most every minute; heard every 3 minutes it is still listed, lower scored."""
    near = api.heard_json("bell", I, visibility="restricted", interval_s=55)["readings"][0]["score"]
    far = api.heard_json("bell", I, visibility="restricted", interval_s=180)["readings"][0]["score"]
    assert far < near


@pytest.mark.parametrize("bad", ["", "zz", "short-", "0short", "41short", "3short*2", "short*99"])
def test_bad_notation_one_line(bad: str) -> None:
    if bad == "short-":
        assert api.heard_json(bad, I)["heard"] == "short"        # a trailing joiner is harmless
        return
    with pytest.raises(NotationError) as e:
        api.heard_json(bad, I)
    assert "\n" not in str(e.value) and str(e.value).startswith("heard")


def test_bad_visibility_and_interval() -> None:
    with pytest.raises(NotationError, match="visibility"):
        api.heard_json("short", I, visibility="foggy")
    with pytest.raises(NotationError, match="interval"):
        api.heard_json("short", I, interval_s=-3)


# The loader: unknown keys refused, references checked, provenance enforced, all problems at once.

def _data() -> dict:
    return tomllib.loads((sigfile.DIR / "intl-1972.toml").read_text(encoding="utf-8"))


def test_loader_refuses_unknown_key() -> None:
    d = _data()
    d["signal"][0] = {**d["signal"][0], "colour": "red"}
    with pytest.raises(RuleDataError, match=r"signal\[0\]\(power-making-way\).colour: unknown key"):
        sigfile.parse(d, "x.toml", "metres")


def test_loader_collects_every_problem() -> None:
    d = copy.deepcopy(_data())
    d["signal"][0] = {**d["signal"][0], "sequence": ["hoot"]}
    d["signal"][1] = {**d["signal"][1], "provenance": "primary", "source": []}
    d["relief"][0] = {**d["relief"][0], "relieves": ["nothing-like-it"]}
    d["signal"][2] = {**d["signal"][2], "when": {"lenght": {"lt": "12 m"}}}
    with pytest.raises(RuleDataError) as e:
        sigfile.parse(d, "x.toml", "metres")
    text = str(e.value)
    for part in ("unknown element 'hoot'", "provenance 'primary' needs", "unknown signal 'nothing-like-it'",
                 "unknown fact 'lenght'"):
        assert part in text


def test_loader_gap_needs_note() -> None:
    d = _data()
    d["signal"][0] = {**d["signal"][0], "provenance": "gap"}
    with pytest.raises(RuleDataError, match="gap.*needs a note"):
        sigfile.parse(d, "x.toml", "metres")


def test_every_signal_file_loads_and_cites() -> None:
    for eid in sigfile.book_ids():
        b = sigfile.book(eid)
        for s in b.signals:
            assert s.cite.rule and s.cite.provenance in ("primary", "secondary", "inferred", "gap")


def test_json_validates_against_schemas() -> None:
    """docs/schema/signals, manoeuvring and heard: every edition, a spread of vessels and sounds."""
    import json
    from pathlib import Path

    import jsonschema
    root = Path(__file__).parents[1] / "docs" / "schema"
    v = {n: jsonschema.Draft202012Validator(json.loads((root / f"{n}.schema.json").read_text()))
         for n in ("signals", "manoeuvring", "heard")}
    for s in v.values():
        s.check_schema(s.schema)
    vessels = [{"propulsion": "power", "length": "50 m"}, {"propulsion": "power", "length": "10 m"},
               {"propulsion": "power", "length": "150 m", "status": "anchored"},
               {"propulsion": "power", "length": "15 m", "status": "aground"}]
    for eid in sigfile.book_ids():
        for vessel in vessels:
            v["signals"].validate(api.signals_json(vessel, eid))
        v["manoeuvring"].validate(api.in_sight_json(eid))
        v["heard"].validate(api.heard_json("prolonged", eid, visibility="restricted", interval_s=90))


def test_signal_files_in_our_own_words() -> None:
    """No run of twelve words in a signal file repeats a seed or research-note text (as test_rulebase_lint checks
    the edition files); the statute sentences of Part D are summarised, never pasted."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parent))
    from test_rulebase_lint import _grams, _shared, _strings
    shared = _shared()
    if shared is None:
        pytest.skip("shared/ (seeds and research notes) not beside this checkout")
    grams: set[str] = set()
    for p in [*sorted((shared / "seeds").glob("*.txt")), *sorted((shared / "reference" / "rules").glob("*.md"))]:
        grams |= _grams(p.read_text(errors="replace"))
    for path in sorted(sigfile.DIR.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        pasted = [s for s in _strings(data) if _grams(s) & grams]
        assert pasted == [], f"{path.name}: shares twelve words in a row with a source: {pasted[:2]}"


def test_coverage_page_is_current_and_complete() -> None:
    """docs/coverage-signals.md is what the signal files say today; every paragraph of Rules 32-37 and Annexes III,
    IV of both regimes has a status (regenerate: python -m navlights.coverage_signals docs/coverage-signals.md)."""
    from pathlib import Path

    from navlights import coverage_signals
    page = (Path(__file__).parents[1] / "docs" / "coverage-signals.md").read_text(encoding="utf-8")
    assert page == coverage_signals.page()
    assert "UNCLASSIFIED" not in page
    for ed in ("intl-1972", "us-inland"):
        rows = {r.key: r.status for r in coverage_signals.rows(ed)}
        for key in ("Rule 35(d)", "Rule 35(f)", "Rule 35(k)", "Rule 34(e)", "Annex IV 1(b)" if ed == I else
                    "Annex IV 87.01(b)"):
            assert rows[key] == ("outside navlights" if (ed, key) == (U, "Rule 35(d)") else "expressible"), key
    assert {r.key: r.status for r in coverage_signals.rows(U)}["Rule 35(l)"] == "expressible"
