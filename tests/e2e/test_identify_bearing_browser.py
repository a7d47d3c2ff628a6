"""Issue 31 with "She bears" (issue 32 item 3) in headless Chromium, a phone at night and a desktop by day: after a
search with her bearing, the verdict and the first sentence of "For you:" are on the first screen, the rest of that
paragraph (what it assumes) behind a disclosure; the bearing field comes right after the notation in keyboard order;
no page wider than the screen; axe-core finds nothing serious.

Expected roles are worked by hand from the rules (COLREGs 1972, USCG handbook transcription):
- `W R` bearing 45° on the bow: a power-driven vessel's masthead light and red sidelight (Rule 23(a)), her port side
  seen on your starboard bow: crossing from your starboard side, you keep out of her way (Rule 15).
- `R/W/R G` bearing 315°: red-white-red all-round is restricted in her ability to manoeuvre (Rule 27(b)(i)), her
  green sidelight seen on your port bow: crossing from your port side, and a power-driven vessel keeps out of the
  way of a vessel restricted in her ability to manoeuvre (Rule 18(a)(ii)): you give way.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from e2e.test_browser import SHOTS as DEFAULT_SHOTS
from e2e.test_browser import open_page, unexpected_problems
from e2e.test_identify_browser import _axe_source

SHOTS = Path(os.environ.get("NAVLIGHTS_SHOTS", str(DEFAULT_SHOTS)))

# (name, width, height, theme, notation, bearing, the lead of "For you:")
CASES = [
    ("phone-night", 390, 844, "night", "W R", "45",
     "For you: She bears 45° on your bow. She is crossing from your starboard side: you are the give-way vessel "
     "(Rule 15)."),
    ("desktop-day", 1280, 800, "light", "R/W/R G", "315",
     "For you: She bears 315° on your bow. She is crossing from your port side: you are the give-way vessel "
     "(Rule 18(a))."),
]


@pytest.fixture(params=CASES, ids=lambda c: c[0])
def case(request, browser, server):
    name, w, h, theme, notation, bearing, lead = request.param
    context, pg = open_page(browser, w, h)
    context.add_cookies([{"name": "navlights_theme", "value": theme, "url": server.url}])
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield request.param, pg
    context.close()
    assert unexpected_problems(pg) == [], pg.problems


def _search(pg, server, notation: str, bearing: str) -> None:
    pg.goto(server.url + "/identify?edition=intl-1972")
    pg.fill("#f-notation", notation)
    pg.fill("#f-bearing", bearing)
    pg.click("#identify-form button[type=submit]")
    pg.wait_for_selector("#verdict-own")


def test_verdict_and_for_you_on_the_first_screen(server, case):
    (name, w, h, theme, notation, bearing, lead), pg = case
    _search(pg, server, notation, bearing)
    for sel in ("#verdict-text", "#verdict-own"):
        box = pg.locator(sel).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= h, (name, sel, box)
    assert " ".join(pg.inner_text("#verdict-own").split()) == lead
    assert "you are the give-way vessel" not in pg.inner_text("#verdict-text")     # said once, in "For you:"
    more = pg.locator("#verdict-own-more")
    assert more.get_attribute("open") is None                                       # the rest behind a disclosure
    summary = pg.locator("#verdict-own-more summary")
    sb = summary.bounding_box()
    assert sb is not None and sb["y"] + sb["height"] <= h, (name, sb)             # ... whose handle is in view too
    summary.click()
    rest = pg.inner_text("#verdict-own-more")
    assert "her motion is not known" in rest and "head-on when each is within 6°" in rest
    assert pg.get_attribute("html", "data-theme") == theme
    assert pg.evaluate("document.documentElement.scrollWidth") <= w, name       # no page wider than the screen
    summary.click()
    pg.screenshot(path=str(SHOTS / f"identify-bearing-{name}.png"))


def test_bearing_field_right_after_the_notation(server, case):
    (name, w, h, theme, notation, bearing, lead), pg = case
    _search(pg, server, notation, bearing)
    pg.focus("#f-notation")
    pg.keyboard.press("Tab")
    assert pg.evaluate("document.activeElement.id") == "f-bearing", name
    assert pg.input_value("#f-bearing") == bearing                                 # the bearing asked is kept


def test_axe_clean_with_a_bearing(server, case):
    (name, w, h, theme, notation, bearing, lead), pg = case
    axe = _axe_source()
    if axe is None:
        pytest.skip("axe-core (axe-playwright-python) is not installed")
    _search(pg, server, notation, bearing)
    pg.evaluate(axe)
    result = pg.evaluate("async () => await axe.run()")
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]
           if v["impact"] in ("serious", "critical")]
    assert not bad, (name, bad)
