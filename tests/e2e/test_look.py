"""The look of every page in Chromium (issue 21, points 4, 5, 6, 10, 11): at 1280x800 and 390x844, by day and by
night, no page is wider than the screen and axe-core finds no serious or critical violation; the night-mode
button is keyboard-reachable and remembered, and the next page is written dark by the server; the browser's dark
preference brings night mode when nothing is chosen; the skip link takes the focus to the content; a wide table
is a region the keyboard can scroll, with a visible hint.

axe-core comes from the pinned ``axe-playwright-python`` package (its vendored axe.min.js, evaluated in the page
by the package, so the pages keep their CSP). Screenshots: /tmp/shots-look/<page>-<width>-<mode>.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from e2e.test_browser import unexpected_problems

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                               reason="axe-playwright-python (the test extra) is not installed")

SHOTS = Path("/tmp/shots-look")
PAGES = {"home": "/", "explore": "/explore", "identify": "/identify?notation=W%2FW+G", "compare": "/compare",
         "regimes": "/regimes", "train": "/train", "editions": "/editions", "plan": "/plan",
         "encounter": "/encounter", "conduct": "/conduct", "docs": "/docs"}
SIZES = {"1280": (1280, 800), "390": (390, 844)}
COOKIE = "navlights_theme"


def _open(browser, server, width: int, height: int, *, theme: str | None = None, scheme: str = "light",
          **options):
    """A context and page at that size, the theme chosen (a cookie, as the button leaves it) or not, script and
    console errors recorded in ``pg.problems``."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme, **options)
    if theme:
        ctx.add_cookies([{"name": COOKIE, "value": theme, "url": server.url}])
    pg = ctx.new_page()
    pg.problems = []                                                   # type: ignore[attr-defined]
    pg.expected_errors = []                                            # type: ignore[attr-defined]
    pg.on("console", lambda m: pg.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.problems.append(f"page error: {e}"))
    return ctx, pg


def _luminance(css_rgb: str) -> float:
    """Relative luminance of a computed colour, 'rgb(r, g, b)' or 'rgba(...)'."""
    parts = [float(x) for x in css_rgb[css_rgb.index("(") + 1:-1].split(",")[:3]]
    lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _ground(pg) -> float:
    return _luminance(pg.evaluate("getComputedStyle(document.body).backgroundColor"))


def _serious(pg) -> list[str]:
    results = axe_sync.Axe().run(pg).response
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:4]]} {v['nodes'][0]['failureSummary']}"
            for v in results["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("mode", ["light", "night"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(PAGES))
def test_page_fits_and_passes_axe(server, browser, name, size, mode):
    width, height = SIZES[size]
    SHOTS.mkdir(parents=True, exist_ok=True)
    ctx, pg = _open(browser, server, width, height, theme="night" if mode == "night" else None)
    try:
        response = pg.goto(server.url + PAGES[name])
        assert response is not None and response.status == 200
        pg.wait_for_load_state("networkidle")
        if mode == "night":                          # written dark by the server, and dark on screen
            assert '<html lang="en" data-theme="night">' in response.text()
            assert _ground(pg) < 0.01
        else:
            assert _ground(pg) > 0.8
        pg.screenshot(path=str(SHOTS / f"{name}-{size}-{mode}.png"), full_page=True)
        assert pg.evaluate("document.documentElement.scrollWidth") <= width
        assert _serious(pg) == []
        assert unexpected_problems(pg) == [], pg.problems
    finally:
        ctx.close()


def test_night_button_is_keyboard_reachable_and_remembered(server, browser):
    ctx, pg = _open(browser, server, 1280, 800)
    try:
        pg.goto(server.url + "/compare")
        for _ in range(20):                          # Tab from the top of the page to the button
            pg.keyboard.press("Tab")
            if pg.evaluate("document.activeElement.id") == "theme-toggle":
                break
        assert pg.evaluate("document.activeElement.id") == "theme-toggle"
        assert pg.get_attribute("#theme-toggle", "aria-pressed") == "false"
        pg.keyboard.press("Enter")
        assert pg.get_attribute("html", "data-theme") == "night"
        assert pg.get_attribute("#theme-toggle", "aria-pressed") == "true"
        assert pg.get_attribute('meta[name="color-scheme"]', "content") == "dark"
        assert _ground(pg) < 0.01
        assert {c["name"]: c["value"] for c in ctx.cookies()}[COOKIE] == "night"
        # the next page is written dark by the server, from its first byte (no white page before a script runs)
        with pg.expect_navigation() as nav:
            pg.click('header nav a[href="/editions"]')
        assert '<html lang="en" data-theme="night">' in nav.value.text()
        assert _ground(pg) < 0.01
        pg.focus("#theme-toggle")
        pg.keyboard.press("Space")                   # back to day, remembered too
        assert pg.get_attribute("html", "data-theme") == "light"
        pg.reload()
        assert pg.get_attribute("html", "data-theme") == "light" and _ground(pg) > 0.8
        assert unexpected_problems(pg) == [], pg.problems
    finally:
        ctx.close()


def test_night_button_without_javascript(server, browser):
    ctx, pg = _open(browser, server, 390, 844, java_script_enabled=False)
    try:
        pg.goto(server.url + "/regimes")
        with pg.expect_navigation():
            pg.click("#theme-toggle")                # the form: POST /theme, then back to the page
        assert pg.url == server.url + "/regimes"
        assert pg.get_attribute("html", "data-theme") == "night" and _ground(pg) < 0.01
    finally:
        ctx.close()


def test_dark_preference_brings_night_mode_until_a_choice(server, browser):
    ctx, pg = _open(browser, server, 390, 844, scheme="dark")
    try:
        pg.goto(server.url + "/train")
        assert pg.get_attribute("html", "data-theme") is None          # nothing chosen: the browser decides
        assert _ground(pg) < 0.01
        assert pg.get_attribute("#theme-toggle", "aria-pressed") == "true"
        assert _serious(pg) == []
        pg.click("#theme-toggle")                                      # day chosen over the preference
        assert pg.get_attribute("html", "data-theme") == "light" and _ground(pg) > 0.8
        pg.goto(server.url + "/explore")
        assert pg.get_attribute("html", "data-theme") == "light" and _ground(pg) > 0.8
    finally:
        ctx.close()


def test_skip_link_takes_the_focus_to_the_content(server, browser):
    ctx, pg = _open(browser, server, 390, 844)
    try:
        pg.goto(server.url + "/explore")
        pg.keyboard.press("Tab")
        assert pg.evaluate("document.activeElement.className") == "skip-link"
        box = pg.locator(".skip-link").bounding_box()
        assert box is not None and box["y"] >= 0                       # shown while it has the focus
        pg.keyboard.press("Enter")
        assert pg.evaluate("document.activeElement.id") == "main"
        pg.keyboard.press("Tab")                                       # the next stop is inside the content
        assert pg.evaluate("document.getElementById('main').contains(document.activeElement)")
    finally:
        ctx.close()


def test_compare_puts_today_first_and_shows_that_it_scrolls(server, browser):
    ctx, pg = _open(browser, server, 390, 844, theme="night")
    try:
        pg.goto(server.url + "/compare?length=200+ft&tonnage=1000")
        heads = pg.eval_on_selector_all("#compare-table thead tr:last-child th", "els => els.map(e => e.innerText)")
        assert [h.split()[0] for h in heads[1:3]] == ["intl-1972", "us-inland"]
        wrap = pg.locator(".table-wrap.scrolls")
        assert wrap.count() == 1
        assert pg.is_visible(".scroll-hint") and "scroll" in pg.inner_text(".scroll-hint")
        assert wrap.get_attribute("role") == "region" and wrap.get_attribute("tabindex") == "0"
        wrap.focus()                                                   # the keyboard scrolls it
        before = wrap.evaluate("e => e.scrollLeft")
        for _ in range(5):
            pg.keyboard.press("ArrowRight")
        # (the browser scrolls smoothly: wait for it) the fade now shows on the left too
        pg.wait_for_function("b => document.querySelector('.table-wrap').scrollLeft > b", arg=before)
        pg.wait_for_function("() => document.querySelector('.table-wrap').classList.contains('more-left')")
        pg.set_viewport_size({"width": 1280, "height": 800})           # wide enough: no hint, no tab stop
        pg.wait_for_function("() => !document.querySelector('.table-wrap').classList.contains('scrolls')")
        assert pg.locator(".scroll-hint").count() == 0
        assert pg.locator(".table-wrap").get_attribute("tabindex") is None
    finally:
        ctx.close()
