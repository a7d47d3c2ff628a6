"""Explore's vessel form is made from the vessel model (issue 21, point 1) and a situation can be found by name
(point 2).

Every flat field of ``Vessel.from_fields`` has a control in an edition's form where the edition's rules test its
facts, and is declared not applicable where they do not; either way a value given in the query comes back in the
form, so that pressing Show sends it again (the form is read here as a browser sends it: its enabled controls,
ticked boxes, chosen options). Expectations are written from the rule texts, cited.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from navlights import api  # noqa: E402
from navlights.web import form, situations  # noqa: E402
from navlights.web.app import create_app  # noqa: E402
from navlights.web.queries import VesselFields  # noqa: E402
from navlights.web.routes import explore  # noqa: E402

EDITIONS = api.edition_ids()

#: A value for each flat field, and the facts it needs beside it to make a coherent vessel (the model refuses
#: e.g. an obstruction side without dredging, underwater or diving work).
EXAMPLES: dict[str, tuple[str, dict[str, str]]] = {
    "propulsion": ("sail", {}),
    "seaplane": ("true", {}),
    "length": ("120 ft", {}),
    "breadth": ("20 ft", {}),
    "tonnage": ("500", {}),
    "status": ("anchored", {}),
    "making_way": ("false", {}),
    "towing": ("true", {"tow_length": "100 ft"}),
    "tow_length": ("700 ft", {"towing": "true"}),
    "tow_vessels": ("2", {"towing": "true", "tow_length": "700 ft"}),
    "tow_raft": ("true", {"towing": "true", "tow_length": "100 ft"}),
    "tow_alongside": ("true", {"towing": "true", "tow_length": "100 ft"}),
    "pushing": ("true", {}),
    "being_towed": ("true", {}),
    "not_last_of_tow": ("true", {"being_towed": "true"}),
    "being_pushed": ("true", {}),
    "not_under_command": ("true", {}),
    "restricted": ("diving", {}),
    "fishing": ("trawl", {}),
    "gear_extent": ("500 ft", {"fishing": "line"}),
    "gear_out": ("false", {"fishing": "trawl"}),
    "close_proximity": ("true", {"fishing": "trawl"}),
    "trawl_activity": ("hauling", {"fishing": "trawl", "close_proximity": "true"}),
    "pair_trawling": ("true", {"fishing": "trawl", "close_proximity": "true"}),
    "hampered_by_gear": ("true", {"fishing": "purse-seine", "close_proximity": "true", "gear_extent": "100 m"}),
    "pilot_on_duty": ("true", {}),
    "service": ("pilot-vessel", {}),
    "sails_set": ("true", {}),
    "machinery": ("true", {"propulsion": "sail"}),
    "time": ("restricted-visibility", {}),
    "towed_alongside": ("true", {"being_towed": "true"}),
    "partly_submerged": ("true", {"being_towed": "true", "breadth": "20 ft"}),
    "air_cushion": ("true", {}),
    "non_displacement": ("true", {"air_cushion": "true"}),
    "wig": ("true", {}),
    "wig_near_surface": ("true", {"wig": "true"}),
    "max_speed_kn": ("6", {}),
    "constrained_by_draught": ("true", {}),
    "mine_clearance": ("true", {}),
    "obstruction_side": ("port", {"restricted": "dredging"}),
    "composite_unit": ("true", {"pushing": "true"}),
    "near_channel": ("false", {"status": "anchored"}),
    "waters": ("great-lakes", {}),
    "special_anchorage": ("true", {"status": "anchored"}),
    "tow_partly_submerged": ("true", {"towing": "true", "tow_length": "100 ft"}),
    "towed_both_sides": ("true", {"being_towed": "true", "towed_alongside": "true"}),
    "barge_mooring": ("wide-group", {"service": "barge", "status": "moored", "propulsion": "none"}),
    "barge_exempt": ("slip-or-slough", {"service": "barge", "status": "moored", "propulsion": "none"}),
    "mooring_buoys": ("true", {"status": "moored"}),
    "barge_corners": ("single-both-sides", {"service": "barge", "status": "anchored", "propulsion": "none"}),
    "tow_lights_impracticable": ("true", {"being_towed": "true"}),
    "assisting_distress": ("true", {"towing": "true", "tow_length": "100 ft"}),
    "masthead_off_centreline": ("true", {"length": "30 ft"}),
    "dredge_pipeline": ("true", {"propulsion": "none", "status": "moored"}),
}


class FormReader(HTMLParser):
    """The controls of one form as a browser sends it: (name, value) of each enabled control (a ticked box, a
    select's chosen option, else its first), and whether each control stands in a hidden row."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.depth = 0                   # open <div>s inside the form
        self.hidden_at: list[int] = []   # depths of open hidden rows
        self.sent: list[tuple[str, str]] = []
        self.hidden: set[str] = set()
        self.controls: dict[str, str] = {}       # name -> type
        self._select: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == self.form_id
            return
        if not self.inside:
            return
        if tag == "div":
            self.depth += 1
            if "hidden" in a:
                self.hidden_at.append(self.depth)
        elif tag in ("input", "select") and a.get("name"):
            name = str(a["name"])
            self.controls[name] = "select" if tag == "select" else str(a.get("type", "text"))
            if self.hidden_at:
                self.hidden.add(name)
            if tag == "select":
                self._select = {"name": name, "first": None, "chosen": None, "disabled": "disabled" in a}
            elif "disabled" not in a and (a.get("type") not in ("checkbox", "radio") or "checked" in a):
                self.sent.append((name, str(a.get("value") or "")))
        elif tag == "option" and self._select is not None:
            value = str(a.get("value") or "")
            if self._select["first"] is None:
                self._select["first"] = value
            if "selected" in a:
                self._select["chosen"] = value

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "div" and self.inside:
            if self.hidden_at and self.hidden_at[-1] == self.depth:
                self.hidden_at.pop()
            self.depth -= 1
        elif tag == "select" and self._select is not None:
            s, self._select = self._select, None
            if not s["disabled"]:
                chosen = s["chosen"] if s["chosen"] is not None else s["first"]
                self.sent.append((s["name"], chosen or ""))


def read_form(html: str, form_id: str = "explore-form") -> FormReader:
    reader = FormReader(form_id)
    reader.feed(html)
    return reader


def sent(html: str) -> dict[str, str]:
    """What pressing Show sends: the non-empty values of the form (a browser sends the empty ones too; the page
    reads an empty value as not given)."""
    return {k: v for k, v in read_form(html).sent if v != ""}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(Path(tmp_path_factory.mktemp("form")) / "progress.sqlite", seed=7))


# --- the form is made from the model -------------------------------------------------------------------------


def test_every_flat_field_has_a_spec_and_the_query_model_takes_them_all() -> None:
    assert tuple(form.SPECS) != ()
    assert set(form.SPECS) == set(api.FLAT_FIELDS) == set(VesselFields.model_fields)
    assert len(api.FLAT_FIELDS) == 54


@pytest.mark.parametrize("name", [n for n in api.FLAT_FIELDS if form.kind_of(n) == "select"])
def test_every_value_of_a_choice_has_words(name: str) -> None:
    values = form.values_of(name)
    assert values and all(isinstance(v, str) for v in values)
    assert set(form.SPECS[name].words) == set(values), name


def test_the_kinds_come_from_the_model() -> None:
    kinds = {n: form.kind_of(n) for n in api.FLAT_FIELDS}
    assert kinds["restricted"] == kinds["waters"] == kinds["obstruction_side"] == "select"
    assert kinds["constrained_by_draught"] == kinds["towing"] == "check"
    # where "no" is a fact (making_way = false: stopped; near_channel = false: clear of channels) a yes/no/— select
    assert {n for n, k in kinds.items() if k == "yesno"} == set(api.FALSE_IS_A_FACT)
    assert {n for n, k in kinds.items() if k == "length"} == {"length", "breadth", "tow_length", "gear_extent"}
    assert {n for n, k in kinds.items() if k == "number"} == {"tonnage", "tow_vessels", "max_speed_kn"}


@pytest.mark.parametrize("edition", EDITIONS)
def test_applicable_is_what_the_edition_tests(edition: str) -> None:
    """A field has a control exactly where one of its facts is tested by the edition's conditions (and the time of
    day where the edition has night and day items), never by the edition's id."""
    tested = {fact for fact, _v in api.facts_tested(api.edition(edition))}
    fields = api.FACT_FIELDS
    controls = form.controls(edition)
    for name in api.FLAT_FIELDS:
        facts = {f for f, flat in fields.items() if flat == name}
        if name == "time":
            continue
        assert (name in controls) == bool(facts & tested), (edition, name)


def test_the_enum_options_are_the_values_the_rules_name() -> None:
    # intl-1972 Rule 27(b)(i)-(vi) and 27(e): diving is among the works it names; intl-1960 Rule 4(c) names none
    assert "diving" in dict(form.controls("intl-1972")["restricted"].options)
    assert "diving" not in dict(form.controls("intl-1960")["restricted"].options)
    # 33 CFR 83.24(j), 83.23(d): the Inland Rules name the Western Rivers and the Great Lakes apart, and 24(j) its
    # exception (below the Huey P. Long Bridge) and the waters the Secretary specifies; COLREGs do not
    assert dict(form.controls("us-inland")["waters"].options) == {
        "great-lakes": "the Great Lakes", "western-rivers": "the Western Rivers",
        "lower-mississippi": "the Mississippi below the Huey P. Long Bridge",
        "specified-waters": "waters the Secretary specified (Rule 24(j))"}
    assert "waters" not in form.controls("intl-1972")
    # intl-1972 Rule 28 (constrained by her draught) exists from 1972 only
    assert "constrained_by_draught" in form.controls("intl-1972")
    assert "constrained_by_draught" not in form.controls("intl-1960")
    # intl-1897 Art. 3 and 1948 Rule 3(b): the number of vessels in tow; 1972 Rule 24 asks for the length only
    assert "tow_vessels" in form.controls("intl-1897") and "tow_vessels" not in form.controls("intl-1972")


def test_a_form_for_every_edition_has_every_field() -> None:
    assert list(form.controls(None)) == [n for g, _w in form.GROUPS for n, s in form.SPECS.items() if s.group == g]


@pytest.mark.parametrize("name", [n for n, s in form.SPECS.items() if s.strict])
def test_a_control_hangs_on_the_facts_the_model_asks_for(name: str) -> None:
    """Where the model refuses a field without another fact, the form shows it exactly when that fact holds."""
    value, _needs = EXAMPLES[name]
    for parent, _values in form.SPECS[name].when:
        domain = form.values_of(parent) if form.kind_of(parent) == "select" else ("true",)
        for v in ("", *domain):
            fields = {parent: v} if v else {}
            ok = True
            try:
                api.vessel_from_fields(**{k: (x == "true") if x in ("true", "false") else x
                                          for k, x in {**fields, name: value}.items()})
            except api.NavlightsError:
                ok = False
            assert ok == form.holds(form.SPECS[name].when, fields), (name, parent, v)


# --- every field reachable and kept, in every edition ---------------------------------------------------------


def _query(edition: str, name: str) -> dict[str, str]:
    value, needs = EXAMPLES[name]
    return {"edition": edition, "length": "120 ft", **needs, name: value}


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_field_has_a_control_or_is_declared_not_applicable_and_is_kept(client: TestClient,
                                                                              edition: str) -> None:
    controls = form.controls(edition)
    for name in api.FLAT_FIELDS:
        q = _query(edition, name)
        r = client.get("/explore?" + urlencode(q))
        assert r.status_code == 200, (edition, name, r.text[:300])
        reader = read_form(r.text)
        assert name in reader.controls, (edition, name)
        assert name not in reader.hidden, (edition, name)             # a value given is never hidden
        if name in controls:
            assert 'id="kept-facts"' not in r.text or f'name="{name}" value' not in r.text.split('id="kept-facts"')[1]
        else:                                                          # declared not applicable: kept, ticked
            kept = r.text.split('id="kept-facts"')[1].split("</div>")[0]
            assert f'name="{name}" value="{q[name]}"' in kept, (edition, name)
        # pressing Show sends it again, as given
        assert sent(r.text).get(name) == q[name], (edition, name, sent(r.text))


def test_diving_stays_selected_and_is_sent_again(client: TestClient) -> None:
    """Issue 21: a URL with restricted=diving showed '—' in the dropdown and lost the fact at the next Show.
    intl-1972 Rule 27(b) (a vessel restricted in her ability to manoeuvre) and 27(e) (diving operations)."""
    r = client.get("/explore?edition=intl-1972&length=30+m&restricted=diving")
    assert r.status_code == 200
    assert '<option value="diving" selected>supporting diving</option>' in r.text
    assert sent(r.text)["restricted"] == "diving"
    assert "diving" in r.text.split('id="vessel-description"')[1].split("</h2>")[0]


def test_constrained_by_draught_stays_ticked_and_is_sent_again(client: TestClient) -> None:
    """intl-1972 Rule 28: a vessel constrained by her draught (three all-round red lights, a cylinder)."""
    r = client.get("/explore?edition=intl-1972&length=200+m&constrained_by_draught=true")
    assert 'id="f-constrained_by_draught" checked' in r.text
    assert sent(r.text)["constrained_by_draught"] == "true"
    assert "Rule 28" in r.text.split('id="row-constrained_by_draught"')[1].split("</div>")[0]


def test_a_fact_the_edition_does_not_test_is_kept_through_an_edition_change(client: TestClient) -> None:
    """intl-1960 has no Rule 28: under it the fact is kept (ticked under 'Also given'), and back under intl-1972
    it is its own control again."""
    r = client.get("/explore?edition=intl-1960&length=200+ft&constrained_by_draught=true&restricted=diving")
    kept = r.text.split('id="kept-facts"')[1]
    assert 'name="constrained_by_draught" value="true"' in kept and "checked" in kept
    assert '<option value="diving" selected>supporting diving (not named by intl-1960)</option>' in r.text
    again = {**sent(r.text), "edition": "intl-1972"}
    assert again["constrained_by_draught"] == "true" and again["restricted"] == "diving"
    r = client.get("/explore?" + urlencode(again))
    assert 'id="f-constrained_by_draught" checked' in r.text and 'id="kept-facts"' not in r.text


def test_dependent_controls_are_written_shown_where_their_fact_is_set(client: TestClient) -> None:
    plain = read_form(client.get("/explore?edition=intl-1972&length=60+m").text)
    assert {"tow_length", "gear_extent", "obstruction_side", "composite_unit"} <= plain.hidden
    towing = read_form(client.get("/explore?edition=intl-1972&length=60+m&towing=true").text)
    assert "tow_length" not in towing.hidden and "gear_extent" in towing.hidden
    dredging = read_form(client.get("/explore?edition=intl-1972&length=60+m&restricted=dredging").text)
    assert "obstruction_side" not in dredging.hidden        # Rule 27(d): the side of an obstruction
    cable = read_form(client.get("/explore?edition=intl-1972&length=60+m&restricted=cable").text)
    assert "obstruction_side" in cable.hidden


def test_the_fact_asked_for_is_shown(client: TestClient) -> None:
    # intl-1897 Art. 3: with a tow over 600 ft the number of vessels in tow decides the third light
    r = client.get("/explore?edition=intl-1897&length=120+ft&tonnage=500&towing=true&tow_length=700+ft")
    assert r.status_code == 200 and 'data-needed="tow_vessels"' in r.text
    assert "tow_vessels" not in read_form(r.text).hidden


def test_the_vessel_form_is_written_once_per_form(client: TestClient) -> None:
    explore._vessel_fields_html.cache_clear()
    explore._SHELLS.clear()
    for aspect in ("10", "20"):
        client.get(f"/explore?edition=intl-1972&length=60+m&restricted=diving&aspect={aspect}")
    explore._SHELLS.clear()
    client.get("/explore?edition=intl-1972&length=60+m&restricted=diving&aspect=30")
    info = explore._vessel_fields_html.cache_info()
    assert info.misses == 1 and info.hits == 1


def test_compare_takes_every_field(client: TestClient) -> None:
    r = client.get("/compare?length=200+ft&tonnage=1000&constrained_by_draught=true")
    assert r.status_code == 200
    reader = read_form(r.text, "compare-form")
    assert set(api.FLAT_FIELDS) <= set(reader.controls)
    assert sent(r.text.replace('id="compare-form"', 'id="explore-form"'))["constrained_by_draught"] == "true"


# --- finding a situation by name -----------------------------------------------------------------------------


def _fields(href: str) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(href).query))


@pytest.mark.parametrize("edition,query,expected", [
    # intl-1972 Rule 26(b): a vessel engaged in trawling
    ("intl-1972", "trawler", {"fishing": "trawl"}),
    # intl-1972 Rule 29(a)(iii): a pilot vessel on duty at anchor shows the anchor lights as well
    ("intl-1972", "pilot at anchor", {"pilot_on_duty": "true", "status": "anchored"}),
    # intl-1972 Rule 28
    ("intl-1972", "constrained by draught", {"constrained_by_draught": "true"}),
    ("intl-1972", "constrained by her draft", {"constrained_by_draught": "true"}),
    # 33 CFR 83.24(j): pushing ahead on the Western Rivers
    ("us-inland", "tug pushing on the Western Rivers", {"pushing": "true", "waters": "western-rivers"}),
    # 33 CFR 83.30(g): a vessel at anchor in a special anchorage area
    ("us-inland", "special anchorage", {"special_anchorage": "true", "status": "anchored"}),
    ("intl-1960", "trawler", {"fishing": "trawl"}),
    ("intl-1972", "not under command", {"not_under_command": "true"}),
    ("intl-1972", "hovercraft", {"air_cushion": "true"}),
])
def test_a_situation_is_found_by_its_words(edition: str, query: str, expected: dict[str, str]) -> None:
    found = situations.matches(edition, query)
    assert found, (edition, query)
    fields = _fields(found[0].href)
    assert fields["edition"] == edition
    assert {k: fields.get(k) for k in expected} == expected, (query, found[0].label)


def test_modifiers_need_the_edition_to_name_them() -> None:
    # intl-1972 names no Western Rivers (33 CFR 83 does): the pushing vessel is found, without the waters
    found = situations.matches("intl-1972", "tug pushing on the Western Rivers")
    assert found and all("waters" not in _fields(s.href) for s in found)
    assert _fields(found[0].href).get("pushing") == "true"


def test_words_that_name_nothing_find_nothing() -> None:
    assert situations.matches("intl-1972", "zzz qqq") == ()
    assert situations.matches("intl-1972", "the of a") == ()


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_situation_offered_is_a_vessel(edition: str) -> None:
    for s in situations.candidates(edition):
        fields = {k: (v == "true") if v in ("true", "false") else v for k, v in s.fields}
        api.vessel_from_fields(**fields)                                   # refused: NavlightsError


def test_a_situation_offered_shows_its_own_signal() -> None:
    chosen = dict(api.situations("intl-1972"))
    # Rule 23(d)(ii): the all-round white light in lieu of the usual lights is for a vessel under 7 m only
    assert chosen["power-driven vessel of 7 knots or less"]["length"] == "3.5 m"
    # Rule 30(e): a vessel under 7 m at anchor away from channels need not show the anchor lights
    assert chosen["small vessel at anchor away from channels and anchorages"]["length"] == "3.5 m"
    # lengths in the edition's unit: feet for intl-1960 (Rule 1's feet), metres for intl-1972
    assert dict(api.situations("intl-1960"))["vessel at anchor"]["length"].endswith(" ft")


def test_the_situations_route_and_its_schema(client: TestClient) -> None:
    r = client.get("/explore/situations.json?edition=1972&q=trawler")
    assert r.status_code == 200
    data = r.json()
    assert data["edition"] == "intl-1972" and data["situations"][0]["fields"]["fishing"] == "trawl"
    assert data["situations"][0]["href"].startswith("/explore?edition=intl-1972&")
    every = client.get("/explore/situations.json?edition=us-inland").json()["situations"]
    assert len(every) == len(api.situations("us-inland"))
    assert client.get("/explore/situations.json?q=" + "x" * 101).status_code == 422
    bad = client.get("/explore/situations.json?edition=1984&q=tug")
    assert bad.status_code == 422 and bad.json()["field"] == "edition"
    op = client.get("/openapi.json").json()["paths"]["/explore/situations.json"]["get"]
    assert {p["name"] for p in op["parameters"]} == {"edition", "q"}


def test_without_javascript_the_search_box_lists_links(client: TestClient) -> None:
    r = client.get("/explore/situations?edition=intl-1972&q=pilot+at+anchor")
    assert r.status_code == 200
    first = r.text.split('id="situation-results"')[1].split("</a>")[0]
    assert "pilot vessel on duty, at anchor" in first and "status=anchored" in first
    assert 'action="/explore/situations"' in client.get("/explore").text
    nothing = client.get("/explore/situations?edition=intl-1972&q=zzz")
    assert nothing.status_code == 200 and "No situation of intl-1972" in nothing.text
