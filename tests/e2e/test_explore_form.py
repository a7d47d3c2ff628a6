"""End to end (issue 21, points 1 and 2): Explore's vessel form reaches every field of the vessel model and keeps every
fact given; a situation is found by name from the keyboard.

Headless Chromium against `navlights serve` (the fixtures of test_browser.py), at 1280x800 and 390x844.
Screenshots go to /tmp/shots-form/*.png.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

from e2e.test_browser import open_page
from navlights.web import form
from test_web_form import EXAMPLES   # a value for each field, and the facts it needs beside it

SHOTS = Path("/tmp/shots-form")
SIZES = [pytest.param((1280, 800), id="1280x800"), pytest.param((390, 844), id="390x844")]


@pytest.fixture(params=SIZES)
def sized(request, browser):
    width, height = request.param
    SHOTS.mkdir(parents=True, exist_ok=True)
    context, pg = open_page(browser, width, height)
    pg.size = f"{width}"  # type: ignore[attr-defined]
    yield pg
    context.close()
    assert pg.problems == [], pg.problems


def _query(page) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(page.url).query))


def _value(page, name: str) -> str:
    """What the control of a field holds: a ticked box's value ('' unticked), a select's or a box's value."""
    control = page.locator(f"#explore-form [name={name}]")
    assert control.count() == 1, name
    if control.get_attribute("type") == "checkbox":
        return control.get_attribute("value") if control.is_checked() else ""
    return control.input_value()


def _show(page) -> None:
    with page.expect_navigation():
        page.click("#explore-form button[type=submit]")


@pytest.mark.parametrize("edition", ["intl-1972", "us-inland"])
def test_every_field_of_the_edition_is_reachable_and_kept_by_show(server, sized, edition):
    """Each field the edition's rules test, set in the address: after Show it is still in the address and in its
    control (no fact dropped; issue 21 found restricted=diving and constrained_by_draught lost)."""
    page = sized
    for name in form.controls(edition):
        value, needs = EXAMPLES[name]
        q = {"edition": edition, "length": "40 m", **needs, name: value}
        page.goto(server.url + "/explore?" + urlencode(q))
        assert page.locator(f"#row-{name}").is_visible(), name
        assert _value(page, name) == value, name
        _show(page)
        assert _query(page).get(name) == value, (name, page.url)
        assert _value(page, name) == value, name


def test_changing_the_edition_keeps_the_facts(server, sized):
    page = sized
    page.goto(server.url + "/explore?edition=intl-1972&length=200+m&constrained_by_draught=true&restricted=diving")
    assert page.is_checked("#f-constrained_by_draught")          # intl-1972 Rule 28
    assert page.input_value("#f-restricted") == "diving"          # intl-1972 Rule 27(e)
    with page.expect_navigation():
        page.select_option("#f-edition", "intl-1960")              # the page follows the edition
    q = _query(page)
    assert q["edition"] == "intl-1960" and q["constrained_by_draught"] == "true" and q["restricted"] == "diving"
    # intl-1960 has no constrained-by-draught rule: kept as a ticked chip, and diving stays chosen
    assert page.locator("#kept-facts").is_visible()
    assert page.is_checked("#kept-facts input[name=constrained_by_draught]")
    assert page.input_value("#f-restricted") == "diving"
    page.locator("#describe").screenshot(path=str(SHOTS / f"e2e-kept-{page.size}.png"))
    # the slider keeps them too (the address is rewritten as it moves)
    page.fill("#f-aspect", "200")
    page.wait_for_function("() => location.search.includes('aspect=200')")
    assert _query(page)["constrained_by_draught"] == "true" and _query(page)["restricted"] == "diving"
    with page.expect_navigation():
        page.select_option("#f-edition", "intl-1972")
    assert page.is_checked("#f-constrained_by_draught") and page.locator("#kept-facts").count() == 0
    assert "constrained by her draught" in page.inner_text("#vessel-description")


def test_a_dependent_control_is_revealed_as_its_fact_is_set(server, sized):
    page = sized
    # intl-1897 asks for her tonnage (Art. 7): the page shows the form without a result, so nothing reloads
    page.goto(server.url + "/explore?edition=intl-1897&length=200+ft")
    assert page.locator("#ask").is_visible()
    assert not page.locator("#row-tow_length").is_visible()
    page.check("#f-towing")
    assert page.locator("#row-tow_length").is_visible() and page.locator("#row-tow_vessels").is_visible()
    page.uncheck("#f-towing")
    assert not page.locator("#row-tow_length").is_visible()
    assert page.is_disabled("#f-tow_length")                      # hidden: not sent


def test_a_dependent_control_is_written_shown_after_show(server, sized):
    page = sized
    page.goto(server.url + "/explore?edition=intl-1972&length=60+m")
    assert not page.locator("#row-obstruction_side").is_visible()
    with page.expect_navigation():
        page.select_option("#f-restricted", "dredging")              # Rule 27(d): the side of an obstruction
    assert page.locator("#row-obstruction_side").is_visible()


@pytest.mark.parametrize("words,field,value", [
    ("trawler", "fishing", "trawl"),                               # intl-1972 Rule 26(b)
    ("pilot at anchor", "pilot_on_duty", "true"),                  # intl-1972 Rule 29(a)(iii)
    ("constrained by draught", "constrained_by_draught", "true"),  # intl-1972 Rule 28
])
def test_a_situation_is_found_from_the_keyboard(server, sized, words, field, value):
    page = sized
    page.goto(server.url + "/explore")
    box = page.locator("#situation-q")
    box.click()
    page.keyboard.type(words)
    page.keyboard.press("ArrowDown")
    page.wait_for_selector("#situation-list [role=option][aria-selected=true]")
    assert box.get_attribute("aria-expanded") == "true"
    first = page.locator("#situation-list [role=option]").first
    assert box.get_attribute("aria-activedescendant") == first.get_attribute("id")
    if words == "trawler":
        page.screenshot(path=str(SHOTS / f"e2e-search-{page.size}.png"))
    with page.expect_navigation():
        page.keyboard.press("Enter")
    q = _query(page)
    assert q[field] == value and q["edition"] == "intl-1972", q
    assert _value(page, field) == value
    if words == "pilot at anchor":
        assert _value(page, "status") == "anchored"
    page.locator("#describe").screenshot(path=str(SHOTS / f"e2e-picked-{words.split()[0]}-{page.size}.png"))


def test_the_situation_list_moves_and_closes_with_the_keys(server, sized):
    page = sized
    page.goto(server.url + "/explore?edition=us-inland&length=30+m")
    box = page.locator("#situation-q")
    box.click()
    page.keyboard.type("tug pushing on the Western Rivers")
    page.keyboard.press("ArrowDown")
    page.wait_for_selector("#situation-list [role=option][aria-selected=true]")
    page.keyboard.press("ArrowDown")
    second = page.locator("#situation-list [role=option]").nth(1)
    assert second.get_attribute("aria-selected") == "true"
    assert box.get_attribute("aria-activedescendant") == second.get_attribute("id")
    page.keyboard.press("ArrowUp")
    first = page.locator("#situation-list [role=option]").first
    assert first.get_attribute("aria-selected") == "true"
    assert "Western Rivers" in first.inner_text()                 # 33 CFR 83.24(j)
    page.keyboard.press("Escape")
    assert not page.locator("#situation-list").is_visible()
    assert box.get_attribute("aria-expanded") == "false"
    assert page.url.endswith("/explore?edition=us-inland&length=30+m")     # nothing chosen, nothing loaded


def test_the_search_works_without_javascript(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url + "/explore")
    page.fill("#situation-q", "pilot at anchor")
    with page.expect_navigation():
        page.press("#situation-q", "Enter")
    assert "/explore/situations?" in page.url
    with page.expect_navigation():
        page.click("#situation-results a >> nth=0")
    q = _query(page)
    assert q["pilot_on_duty"] == "true" and q["status"] == "anchored"
    assert page.is_checked("#f-pilot_on_duty")
    context.close()
