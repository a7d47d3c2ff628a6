"""The /encounter page in headless Chromium, at desktop and phone widths: the example's events, plot and table;
a pasted bad file gives one line naming the field; the nav links to the page. Screenshots: /tmp/web-check/."""

from __future__ import annotations

import pytest

from e2e.test_browser import open_page, SHOTS


def _page(browser, width: int, height: int):
    context, pg = open_page(browser, width, height)
    return context, pg, pg.problems


@pytest.mark.parametrize("width, height, name", [(1280, 900, "desktop"), (390, 844, "phone")])
def test_example_encounter_shows_events_plot_and_table(server, browser, width, height, name):
    context, page, errors = _page(browser, width, height)
    page.goto(server.url + "/")
    page.click("nav a[href='/encounter']")
    page.wait_for_selector("#encounter-events li")
    assert "intl-1972" in page.inner_text("#encounter-edition")
    events = page.inner_text("#encounter-events")
    assert "red sidelight came into view" in events
    # the plot is a real image; on a phone it keeps a readable width in a box of its own that scrolls
    box = page.eval_on_selector("#encounter-plot", "e => [e.naturalWidth, e.getBoundingClientRect().width]")
    assert box[0] > 500 and box[1] >= min(640, width - 60)
    # no part of the page runs off the side of the screen (the table scrolls in its own box)
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    page.click("#encounter-table-box summary")
    assert page.locator("#encounter-table tbody tr").count() == 62      # 31 minutes, two looks each
    page.screenshot(path=str(SHOTS / f"encounter-{name}.png"), full_page=True)
    assert not errors, errors
    context.close()


def test_1956_example_is_judged_under_1948(server, browser):
    context, page, errors = _page(browser, 1280, 900)
    page.goto(server.url + "/encounter")
    page.click("a[href='/encounter?example=1956-crossing-high-seas.csv']")
    page.wait_for_selector("#encounter-events li")
    assert "intl-1948" in page.inner_text("#encounter-edition")
    assert "Rule 10" in page.inner_text("#encounter-result")      # the stern light rule not found: said, not hidden
    page.screenshot(path=str(SHOTS / "encounter-1956.png"), full_page=True)
    assert not errors, errors
    context.close()


def test_pasted_bad_tracks_give_one_line(server, browser):
    context, page, _ = _page(browser, 390, 844)
    page.goto(server.url + "/encounter")
    page.fill("#tracks-text", "time,ident,lat,lon,heading\n2020-09-14T21:30:00Z,A,95,0,0\n")
    page.click("#encounter-form button[type=submit]")
    page.wait_for_selector("#error")
    text = page.inner_text("#error")
    assert "lat" in text and "95" in text and "\n" not in text.strip()
    assert page.get_attribute("#error", "data-field") == "line 2: lat"
    page.screenshot(path=str(SHOTS / "encounter-error-phone.png"), full_page=True)
    context.close()
