"""End to end (issue 12, section 4): explore describes one vessel at a time; its slider and picture share
a 1280x800 screen; a phone reaches every column; a fact an edition needs is asked for in the form.

Headless Chromium against `navlights serve` (the fixtures of test_browser.py). Screenshots go to
/tmp/web-check/*.png and are looked at by hand when the layout changes.
"""

from __future__ import annotations


from e2e.test_browser import open_page, SHOTS, _renderer_present



def _page(browser, width: int, height: int):
    context, pg = open_page(browser, width, height)
    return context, pg, pg.problems


def _consistent(page, length_words: str) -> None:
    """The heading, the table, the picture's list, the drawn lights and the plan describe one vessel."""
    assert length_words in page.inner_text("#vessel-description")
    table_roles = set(page.eval_on_selector_all("#display-table tr[data-role]", "els => els.map(e => e.dataset.role)"))
    seen = page.eval_on_selector_all("#seen-list li", "els => els.map(e => e.dataset.role)")
    assert set(seen) <= table_roles, (seen, table_roles)
    shown = page.get_attribute("#result", "data-json")
    plan = page.get_attribute("#plan-img", "src")
    length_param = [p for p in shown.split("?")[1].split("&") if p.startswith("length=")]
    assert length_param and length_param[0] in plan.replace("&amp;", "&")
    assert "?" not in page.url or length_param[0] in page.url


def test_explore_keeps_one_vessel_through_form_edits_and_the_slider(server, browser):
    context, page, problems = _page(browser, 1280, 900)
    page.goto(server.url + "/explore")
    _consistent(page, "200 ft")
    # edit the length, then move the slider: the page is rebuilt for the new vessel, never half of it
    page.fill("#f-length", "30 ft")
    with page.expect_navigation():
        page.fill("#f-aspect", "300")
    page.wait_for_selector("#display-table")
    _consistent(page, "30 ft")
    # the slider now turns the observer round this vessel: the list and the heading still agree
    page.fill("#f-aspect", "45")
    page.wait_for_function("() => document.querySelector('#aspect-words').textContent.includes('45')")
    _consistent(page, "30 ft")
    seen = page.eval_on_selector_all("#seen-list li", "els => els.map(e => e.dataset.colour)")
    if _renderer_present(server.url):
        page.wait_for_function("n => document.querySelectorAll('#night-view svg g.light').length === n", arg=len(seen))
    # 1960 Rule 7(a): under 65 ft a power-driven vessel may show the small-craft lights; typical: Rule 2(a)
    assert "green" in seen and "red" not in seen
    page.screenshot(path=str(SHOTS / "explore-consistent.png"), full_page=True)
    context.close()
    assert problems == [], problems


def test_explore_slider_and_night_picture_share_a_1280x800_screen(server, browser):
    context, page, problems = _page(browser, 1280, 800)
    page.goto(server.url + "/explore")
    slider = page.locator("#f-aspect").bounding_box()
    picture = page.locator("#night-view").bounding_box()
    for box in (slider, picture):
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    page.screenshot(path=str(SHOTS / "explore-1280x800.png"))
    context.close()
    assert problems == [], problems


def test_a_phone_reaches_the_cite_and_provenance_columns(server, browser):
    context, page, problems = _page(browser, 390, 844)
    page.goto(server.url + "/explore")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for label in ("cite", "provenance"):
        cell = page.locator(f'#display-table td[data-label="{label}"]').first
        cell.scroll_into_view_if_needed()
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (label, box)
    page.screenshot(path=str(SHOTS / "explore-phone-table.png"))
    context.close()
    assert problems == [], problems


def test_1897_asks_for_tonnage_in_the_form(server, browser):
    # 1897 Art. 7 First decides small steam vessels by tonnage (under 40 tons): the form asks for it
    context, page, problems = _page(browser, 1280, 800)
    response = page.goto(server.url + "/explore?edition=intl-1897&propulsion=power&length=200+ft&aspect=45")
    assert response.status == 200
    assert "tonnage" in page.inner_text("#ask") and "Article 7" in page.inner_text("#ask")
    assert page.evaluate("document.activeElement.id") == "f-tonnage"
    page.screenshot(path=str(SHOTS / "explore-1897-ask.png"))
    page.fill("#f-tonnage", "500")
    with page.expect_navigation():
        page.click("#explore-form button[type=submit]")
    _consistent(page, "200 ft")
    context.close()
    assert problems == [], problems
