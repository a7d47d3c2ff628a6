"""The "Who gives way?" page in headless Chromium at desktop and phone widths: reached from the menu, the form
answers with the roles first, the address of the answer can be shared (it reloads to the same answer), the fog
box gives Rule 19. Fit, night mode and axe: tests/e2e/test_look.py (PAGES has /conduct)."""

from __future__ import annotations

import pytest

from e2e.test_browser import SHOTS, open_page


@pytest.mark.parametrize("width, height, name", [(1280, 800, "desktop"), (390, 844, "phone")])
def test_form_answers_and_address_is_shareable(server, browser, width, height, name):
    context, page = open_page(browser, width, height)
    page.goto(server.url + "/")
    page.click("nav a[href='/conduct']")
    page.fill("#f-own", "power course=0 speed=10")
    page.fill("#f-other", "fishing course=270 speed=4 at=2,2")
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
