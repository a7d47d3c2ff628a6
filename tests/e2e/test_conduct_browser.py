"""The "Who gives way?" page in headless Chromium at desktop and phone widths: reached from the menu, the form
answers with the roles first, the address of the answer can be shared (it reloads to the same answer), the fog
box gives Rule 19; after a query the answer is above the form, on the first screen, day and night, axe clean. Fit, night mode and axe: tests/e2e/test_look.py (PAGES has /conduct)."""

from __future__ import annotations

import urllib.parse

import pytest

from e2e.test_browser import SHOTS, open_page, unexpected_problems
from e2e.test_identify_browser import _axe_source


@pytest.mark.parametrize("width, height, name", [(1280, 800, "desktop"), (390, 844, "phone")])
def test_form_answers_and_address_is_shareable(server, browser, width, height, name):
    context, page = open_page(browser, width, height)
    page.goto(server.url + "/")
    page.click("nav a[href='/conduct']")
    page.fill("#f-own", "power course=0 speed=10")
    # she 1 nm east, 2 nm north, steering 270 at 4 kn; own 000 at 10 kn: CPA worked by hand 0.19 nm in 12 min, so
    # risk of collision, and a power-driven vessel keeps out of the way of one fishing (Rule 18(a)(iii))
    page.fill("#f-other", "fishing course=270 speed=4 at=1,2")
    page.click("#conduct-form button[type=submit]")
    page.wait_for_selector("#conduct-text")
    text = page.inner_text("#conduct-text")
    assert text.startswith("She is crossing from your starboard side: you are the give-way vessel (Rule 18(a)")
    assert "Rule 18(a)" in page.inner_text("#conduct-rules")
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    shared = page.get_attribute("#conduct-link", "href")
    page.goto(server.url + shared)
    assert page.inner_text("#conduct-text") == text
    page.check("#f-fog")
    page.click("#conduct-form button[type=submit]")
    page.wait_for_selector("#conduct-text")
    assert "Rule 19" in page.inner_text("#conduct-text")
    page.screenshot(path=str(SHOTS / f"conduct-{name}.png"), full_page=True)
    assert not page.problems, page.problems
    context.close()


# After a query the answer comes first (above the form, as Sounds and Identify): in view without scrolling on a
# desktop, on the first screen of a phone; "Edit the vessels" takes you back to the form. Expected answer by hand:
# a power-driven vessel (own, 000°) and a vessel engaged in fishing crossing from the starboard side: a
# power-driven vessel keeps out of the way of a vessel engaged in fishing (COLREGs Rule 18(a)(iii)).
ANSWERED = ("/conduct?" + urllib.parse.urlencode({"own": "power course=0 speed=10",
                                                  "other": "fishing course=270 speed=4 at=1,2",
                                                  "edition": "intl-1972"}))


@pytest.mark.parametrize("width, height, name", [(1280, 800, "desktop"), (390, 844, "phone")])
@pytest.mark.parametrize("theme", ["light", "night"])
def test_answer_first_on_the_first_screen(server, browser, width, height, name, theme):
    context, page = open_page(browser, width, height)
    context.add_cookies([{"name": "navlights_theme", "value": theme, "url": server.url}])
    page.goto(server.url + ANSWERED)
    page.wait_for_selector("#conduct-text")
    assert page.get_attribute("html", "data-theme") == theme
    box = page.locator("#conduct-text").bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, (name, box)
    assert page.inner_text("#conduct-text").startswith(
        "She is crossing from your starboard side: you are the give-way vessel (Rule 18(a)")
    answer_y = page.locator("#conduct-answer").bounding_box()["y"]
    assert answer_y < page.locator("#conduct-form").bounding_box()["y"]              # the answer above the form
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    page.screenshot(path=str(SHOTS / f"conduct-answer-{name}-{theme}.png"))
    edit = page.locator("#edit-vessels")
    eb = edit.bounding_box()
    assert eb is not None and eb["y"] + eb["height"] <= height, (name, eb)           # the way back is in view
    edit.click()
    page.wait_for_function("() => location.hash === '#f-own'")
    fb = page.locator("#f-own").bounding_box()
    assert fb is not None and 0 <= fb["y"] and fb["y"] + fb["height"] <= height, (name, fb)
    assert page.input_value("#f-own") == "power course=0 speed=10"                 # the vessels asked are kept
    axe = _axe_source()
    if axe is not None:
        page.evaluate(axe)
        result = page.evaluate("async () => await axe.run()")
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in result["violations"]
               if v["impact"] in ("serious", "critical")]
        assert not bad, (name, theme, bad)
    context.close()
    assert unexpected_problems(page) == [], page.problems
