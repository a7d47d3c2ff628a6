"""Issue 22 and issue 21 (points 6 and 8) in headless Chromium: the Identify page at 1280x800 and 390x844.

Typing `X ^` by day gives a vessel engaged in fishing with the cone's meaning (COLREGs Rule 26(c)(ii): outlying gear
more than 150 m, a cone apex upwards in the direction of the gear); the canvas places shapes by day and flashing
lights by night (a flashing yellow is `Y*`); every swatch has its light's colour; "show more" pages through every
line in the page; on a phone the answer comes before the drawing tools and nothing is wider than the viewport.
Screenshots go to $NAVLIGHTS_SHOTS (default /tmp/web-check).
"""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

import pytest

from e2e.test_browser import SHOTS as DEFAULT_SHOTS
from e2e.test_browser import open_page, unexpected_problems

SHOTS = Path(os.environ.get("NAVLIGHTS_SHOTS", str(DEFAULT_SHOTS)))
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.fixture(params=list(SIZES))
def sized(request, browser):
    w, h = SIZES[request.param]
    context, pg = open_page(browser, w, h)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield request.param, pg
    context.close()
    assert unexpected_problems(pg) == [], pg.problems


def _no_wider_than_the_viewport(pg) -> None:
    wide = pg.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{wide} px wider than the viewport"


def _place(pg, where: tuple[float, float]) -> None:
    pg.locator("#sky").scroll_into_view_if_needed()
    box = pg.locator("#sky").bounding_box()
    pg.mouse.click(box["x"] + box["width"] * where[0], box["y"] + box["height"] * where[1])


def test_cone_by_day_first_reading_and_its_meaning(server, sized):
    size, pg = sized
    pg.goto(server.url + "/identify")
    # drawn: two cones points together, and a cone point up to its right at the same height (Rule 26(c)(i), (ii))
    pg.click("#shapes button[data-shape='X']")
    _place(pg, (0.4, 0.5))
    pg.click("#shapes button[data-shape='^']")
    _place(pg, (0.6, 0.5))
    assert pg.input_value("#f-notation") == "X = ^"
    assert "day" in pg.get_attribute("#sky", "class")
    pg.screenshot(path=str(SHOTS / f"identify-day-canvas-{size}.png"), full_page=True)
    pg.fill("#f-notation", "X ^")
    pg.click("#identify-form button[type=submit]")
    pg.wait_for_selector("#hypotheses")
    first = pg.locator("#lines > li").first
    assert "vessel engaged in fishing" in first.locator(".hyp-name").inner_text()
    meaning = first.locator("ul.meaning").inner_text()
    assert "outlying gear" in meaning and "toward the outlying gear" in meaning and "Rule 26(c)(ii)" in meaning
    assert first.locator("svg.shape-glyph").count() >= 2            # the cones drawn as the notation names them
    assert "Why here" in first.inner_text()
    if size == "phone":
        answer = pg.locator("#verdict").bounding_box()["y"]                # issue 31: the verdict leads
        assert answer < pg.locator(".tools-draw").bounding_box()["y"]     # the answer before the drawing tools
        assert answer < pg.locator(".tools-type").bounding_box()["y"]
        assert pg.locator("#hypotheses").bounding_box()["y"] < pg.locator(".tools-draw").bounding_box()["y"]
    _no_wider_than_the_viewport(pg)
    pg.screenshot(path=str(SHOTS / f"identify-cone-{size}.png"), full_page=True)
    pg.screenshot(path=str(SHOTS / f"identify-cone-{size}-top.png"))


def test_a_flashing_yellow_light_placed_and_read(server, sized):
    size, pg = sized
    pg.goto(server.url + "/identify")
    pg.click("#palette button[data-colour='yellow']")
    pg.click("#flashing")
    _place(pg, (0.5, 0.35))
    pg.click("#flashing")                                             # the next one steady
    pg.click("#palette button[data-colour='white']")
    _place(pg, (0.5, 0.5))
    # an air-cushion vessel's flashing yellow (Rule 23(b)) over her sternlight (Rule 21(c)): Y*/W
    assert pg.input_value("#f-notation") == "Y*/W"
    pg.screenshot(path=str(SHOTS / f"identify-flashing-canvas-{size}.png"))
    pg.click("#identify-form button[type=submit]")
    pg.wait_for_selector("#hypotheses")
    first = pg.locator("#lines > li").first
    assert "air-cushion" in first.locator(".hyp-name").inner_text()
    assert first.locator("ul.meaning .swatch.c-yellow.flashing").count() == 1
    assert first.locator("ul.meaning .swatch.c-white").count() == 1
    _no_wider_than_the_viewport(pg)
    pg.screenshot(path=str(SHOTS / f"identify-flashing-{size}.png"), full_page=True)


def test_every_swatch_has_its_colour(server, page):
    # Rule 23(c): a WIG craft's flashing red; its swatch is red, flashing (issue 21 point 8)
    page.goto(server.url + "/identify?" + urllib.parse.urlencode({"notation": "R*", "edition": "intl-1972"}))
    first = page.locator("#lines > li").first
    assert "WIG craft" in first.locator(".hyp-name").inner_text()
    assert first.locator("ul.meaning .swatch.c-red.flashing").count() == 1
    for li in page.locator("ul.meaning li").all():
        for s in li.locator(".swatch").all():
            assert "c-" in (s.get_attribute("class") or ""), li.inner_text()


def test_show_more_pages_through_every_line(server, sized):
    size, pg = sized
    pg.goto(server.url + "/identify?" + urllib.parse.urlencode({"notation": "W"}))
    total = int(pg.get_attribute("#show-more", "data-total"))
    assert pg.locator("#lines > li").count() == 20 < total
    while pg.locator("#show-more").count():
        before = pg.locator("#lines > li").count()
        pg.click("#show-more")
        pg.wait_for_function(f"() => document.querySelectorAll('#lines > li').length > {before}")
    assert pg.locator("#lines > li").count() == total
    names = pg.eval_on_selector_all("#lines .hyp-name", "els => els.map(e => e.textContent)")
    assert len(names) == len(set(names))                               # one line per meaning
    history = pg.eval_on_selector_all("#lines > li", "els => els.map(e => e.classList.contains('history'))")
    assert history == sorted(history)                                  # the rules in force today first
    _no_wider_than_the_viewport(pg)
    pg.screenshot(path=str(SHOTS / f"identify-more-{size}.png"), full_page=True)


def test_show_more_without_a_script_is_the_next_page(server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    pg = context.new_page()
    try:
        pg.goto(server.url + "/identify?" + urllib.parse.urlencode({"notation": "W"}))
        href = pg.get_attribute("#show-more", "href")
        assert "offset=20" in href
        pg.goto(server.url + href)
        assert pg.get_attribute("#lines", "start") == "21"
    finally:
        context.close()


def test_night_screenshots_as_a_look_out_sees_them(server, browser):
    # the page a watchkeeper and a cadet read: a towing vessel's lights typed, at both sizes, the motion reduced
    for size, (w, h) in SIZES.items():
        context = browser.new_context(viewport={"width": w, "height": h}, reduced_motion="reduce")
        pg = context.new_page()
        try:
            pg.goto(server.url + "/identify?" + urllib.parse.urlencode({"notation": "W/W > R"}))
            assert "power-driven vessel towing" in pg.locator("#lines .hyp-name").first.inner_text()
            _no_wider_than_the_viewport(pg)
            pg.screenshot(path=str(SHOTS / f"identify-towing-{size}.png"), full_page=True)
        finally:
            context.close()


def _axe_source() -> str | None:
    try:
        import axe_playwright_python
    except ImportError:
        return None
    path = Path(axe_playwright_python.__file__).with_name("axe.min.js")
    return path.read_text() if path.exists() else None


def test_no_serious_accessibility_problem(server, sized):
    # axe-core (axe-playwright-python's copy): no serious or critical violation on the page, empty or answered
    size, pg = sized
    axe = _axe_source()
    if axe is None:
        pytest.skip("axe-core (axe-playwright-python) is not installed")
    for query in ("", "?" + urllib.parse.urlencode({"notation": "W/W > R"}),
                  "?" + urllib.parse.urlencode({"notation": "X ^"})):
        pg.goto(server.url + "/identify" + query)
        pg.evaluate(axe)
        result = pg.evaluate("async () => await axe.run()")
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]
               if v["impact"] in ("serious", "critical")]
        assert not bad, (size, query, bad)
