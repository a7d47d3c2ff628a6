"""Issue 31 in headless Chromium, at 390x844 and 1280x800, by day and by night: the verdict within the first screen
after a search, the notation field before the drawing tools in keyboard order, "edit what you saw" within reach,
plain words accepted and said back, night mode kept after Back, and axe-core finding nothing serious."""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

import pytest

from e2e.test_browser import SHOTS as DEFAULT_SHOTS
from e2e.test_browser import open_page, unexpected_problems
from e2e.test_identify_browser import _axe_source

SHOTS = Path(os.environ.get("NAVLIGHTS_SHOTS", str(DEFAULT_SHOTS)))
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
THEMES = ("light", "night")


@pytest.fixture(params=[(s, t) for s in SIZES for t in THEMES], ids=lambda p: f"{p[0]}-{p[1]}")
def themed(request, browser, server):
    size, theme = request.param
    w, h = SIZES[size]
    context, pg = open_page(browser, w, h)
    context.add_cookies([{"name": "navlights_theme", "value": theme, "url": server.url}])
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield size, theme, h, pg
    context.close()
    assert unexpected_problems(pg) == [], pg.problems


def _ask(pg, server, notation: str) -> None:
    pg.goto(server.url + "/identify?" + urllib.parse.urlencode({"notation": notation, "edition": "intl-1972"}))
    pg.wait_for_selector("#verdict")


def test_verdict_within_the_first_screen(server, themed):
    size, theme, height, pg = themed
    _ask(pg, server, "R/W/R R")
    box = pg.locator("#verdict-text").bounding_box()
    assert box["y"] + box["height"] <= height, (size, box)          # read without scrolling
    text = pg.inner_text("#verdict-text")
    assert text.startswith("A vessel restricted in her ability to manoeuvre, making way, showing her port side, "
                           "her head to your left (her masthead light not noticed?)")
    assert pg.get_attribute("html", "data-theme") == theme
    pg.screenshot(path=str(SHOTS / f"identify-verdict-{size}-{theme}.png"))
    # "edit what you saw": within reach after scrolling down the answer, and it takes you to the field
    pg.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    edit = pg.locator("#edit-seen")
    eb = edit.bounding_box()
    assert eb is not None and 0 <= eb["y"] and eb["y"] + eb["height"] <= height, eb
    edit.click()
    pg.wait_for_function("() => location.hash === '#f-notation'")


def test_notation_field_before_the_palette_in_tab_order(server, themed):
    size, theme, height, pg = themed
    _ask(pg, server, "W/W R")
    seen = []
    for _ in range(60):
        pg.keyboard.press("Tab")
        ident = pg.evaluate("() => { const e = document.activeElement; return e.id || e.getAttribute('data-colour') "
                            "|| e.getAttribute('data-shape') || e.tagName; }")
        seen.append(ident)
        if ident == "f-notation":
            break
    assert "f-notation" in seen, seen
    assert not any(x in ("white", "red", "green", "yellow", "blue", "O", "D") for x in seen), seen


def test_plain_words_said_back(server, themed):
    size, theme, height, pg = themed
    pg.goto(server.url + "/identify")
    pg.fill("#f-notation", "red over white over red and red")
    pg.click("#identify-form button[type=submit]")
    pg.wait_for_selector("#verdict")
    said = pg.inner_text("#you-saw")
    assert "You said “red over white over red and red”, read as R/W/R R" in said
    assert "making way" in pg.inner_text("#verdict-text")


def test_night_mode_survives_back_and_forward(server, browser):
    for w, h in SIZES.values():
        context, pg = open_page(browser, w, h)
        pg.goto(server.url + "/identify?notation=W")
        if pg.get_attribute("html", "data-theme") != "night":
            pg.click("#theme-toggle")
        assert pg.get_attribute("html", "data-theme") == "night"
        pg.goto(server.url + "/train")
        assert pg.get_attribute("html", "data-theme") == "night"
        pg.go_back()
        pg.wait_for_selector("#verdict")
        assert pg.get_attribute("html", "data-theme") == "night"
        pg.click("#theme-toggle")                                   # day again, then Forward and Back
        pg.go_forward()
        pg.go_back()
        pg.wait_for_selector("#verdict")
        assert pg.get_attribute("html", "data-theme") == "light"
        context.close()
        assert unexpected_problems(pg) == [], pg.problems


def test_axe_clean(server, themed):
    size, theme, height, pg = themed
    axe = _axe_source()
    if axe is None:
        pytest.skip("axe-core (axe-playwright-python) is not installed")
    for notation in ("R/W/R R", "red over white over red"):
        _ask(pg, server, notation)
        pg.evaluate(axe)
        result = pg.evaluate("async () => await axe.run()")
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]
               if v["impact"] in ("serious", "critical")]
        assert not bad, (size, theme, notation, bad)
