"""Results worth keeping, in headless Chromium (issue 21 point 9): a checked plan and an encounter opened again
from their address in another browser (a fresh context: no history, no cookies) show the same result; the report
downloads; the plan, the encounter and Explore print without menu, forms, slider or buttons, their tables whole,
their pictures in colour, the address and the navlights version at the foot. Screenshots of the print emulation at
1280x800 and 390x844: /tmp/shots-results/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import navlights.api as api
import navlights.traffic.api as traffic
from e2e.test_browser import open_page, unexpected_problems

SHOTS = Path("/tmp/shots-results")
DEFECT = "intl-1972-120m-power-masthead-lights-too-close.json"
CROSSING = "2020-crossing-high-seas.csv"
ADDRESS = re.compile(r"^http://127\.0\.0\.1:\d+/(plan|encounter)/r/([0-9a-f]{64})(#[a-z-]+)?$")
SIZES = [(1280, 800, "desktop"), (390, 844, "phone")]


@pytest.fixture(autouse=True, scope="module")
def _shots():
    SHOTS.mkdir(parents=True, exist_ok=True)


def _check_a_plan(page, server) -> str:
    page.goto(server.url + "/plan")
    page.fill("#plan-text", api.example_plans()[DEFECT])
    page.click("#plan-form button[type=submit]")
    page.wait_for_selector("#kept-address")
    assert ADDRESS.match(page.url), page.url
    return page.inner_text("#kept-address")


def test_a_checked_plan_opened_again_from_its_address_in_another_browser(server, browser):
    context, page = open_page(browser, 1280, 800)
    address = _check_a_plan(page, server)
    m = ADDRESS.match(address)
    assert m and m.group(1) == "plan" and page.url.startswith(address)
    verdict, report = page.inner_text("#plan-verdict"), page.inner_text("#plan-report")
    assert "does not comply under intl-1972" in verdict
    # the page's own download link gives the standalone report, named for the plan
    with page.expect_download() as dl:
        page.click("#kept-report")
    assert dl.value.suggested_filename == f"navlights-plan-intl-1972-{m.group(2)[:12]}.html"
    html = Path(dl.value.path()).read_text()
    assert "does not comply" in html and address in html
    page.reload()                                                     # a reload does not post again
    assert page.inner_text("#plan-report") == report
    assert not unexpected_problems(page), page.problems
    context.close()

    other, page2 = open_page(browser, 390, 844)                       # someone the address was sent to
    page2.goto(address)
    assert page2.inner_text("#plan-verdict") == verdict
    # the same report; on the phone a wide table says that it scrolls (docs/web.md, "Phones"), a hint the desktop
    # does not need
    hint = "scroll sideways for more →"
    def lines(text: str) -> list[str]:
        return [t for t in text.splitlines() if t.strip() and t.strip() != hint]
    assert lines(page2.inner_text("#plan-report")) == lines(report)
    assert page2.locator("tr.finding.fail").count() >= 1
    assert page2.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    page2.screenshot(path=str(SHOTS / "plan-kept-phone.png"), full_page=True)
    assert not unexpected_problems(page2), page2.problems
    other.close()


def test_an_encounter_opened_again_from_its_address_in_another_browser(server, browser):
    context, page = open_page(browser, 1280, 800)
    page.goto(server.url + "/encounter")
    page.click("#encounter-form button[type=submit]")
    page.wait_for_selector("#kept-address")
    address = page.inner_text("#kept-address")
    assert ADDRESS.match(address) and "/encounter/r/" in address
    events = page.inner_text("#encounter-events")
    assert "her red sidelight came into view (within its range) at 3.0 nm" in events
    context.close()
    other, page2 = open_page(browser, 1280, 800)
    page2.goto(address)
    assert page2.inner_text("#encounter-events") == events
    assert "intl-1972" in page2.inner_text("#encounter-edition")
    other.close()


def _printed(page, name: str, width: int) -> None:
    """Print emulation: nothing for the screen only, nothing wider than the page, the foot with the address."""
    page.emulate_media(media="print")
    for sel in ("header.top", "footer", "form", "button", "input[type=range]", "#aspect-slider", "#kept"):
        loc = page.locator(sel)
        assert all(not loc.nth(i).is_visible() for i in range(loc.count())), f"{name}: {sel} printed"
    foot = page.locator("#print-foot")
    assert foot.is_visible() and f"navlights {api.version()}" in foot.inner_text()
    assert page.url.split("#")[0] in foot.inner_text()
    # tables whole: no scroll box hides part of one, no table runs off the page
    hidden = page.evaluate("""() => [...document.querySelectorAll('.table-wrap, .enc-plot-wrap')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).length""")
    assert hidden == 0, f"{name}: a table or picture scrolls out of sight in print"
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1, name
    # pictures keep their colours
    adjust = page.evaluate("""() => [...document.querySelectorAll('svg, img, .swatch, tr.finding')]
        .map(e => getComputedStyle(e).printColorAdjust)""")
    assert adjust and set(adjust) == {"exact"}, (name, set(adjust))
    page.screenshot(path=str(SHOTS / f"print-{name}.png"), full_page=True)
    page.emulate_media(media="screen")


@pytest.mark.parametrize("width, height, size", SIZES)
def test_plan_encounter_and_explore_print(server, browser, width, height, size):
    context, page = open_page(browser, width, height)
    _check_a_plan(page, server)
    page.wait_for_selector(".plan-views svg")
    _printed(page, f"plan-{size}", width)
    assert page.locator("#plan-verdict").is_visible() and page.locator("table.findings").first.is_visible()
    if size == "desktop":
        assert len(page.pdf(format="A4")) > 10_000

    page.goto(server.url + "/encounter")
    page.fill("#tracks-text", traffic.example_encounters()[CROSSING])
    page.click("#encounter-form button[type=submit]")
    page.wait_for_selector("#kept-address")
    page.click("#encounter-table-box summary")                         # the minute-by-minute table, opened
    _printed(page, f"encounter-{size}", width)
    assert page.locator("#encounter-plot").is_visible() and page.locator("#encounter-table").is_visible()

    page.goto(server.url + "/explore?edition=intl-1972&length=120+m&status=anchored&aspect=60")
    page.wait_for_selector("#night-view svg, #night-view .placeholder")
    _printed(page, f"explore-{size}", width)
    assert page.locator("#night-view").is_visible() and page.locator("#display-table").is_visible()
    assert not unexpected_problems(page), page.problems
    context.close()
