"""End to end in headless Chromium: the "Check a plan" page (issue 16) with a real `navlights serve`.

A compliant plan from a real vessel's particulars (RRS Sir David Attenborough) is loaded and checked; a plan
with one defect is pasted and the failing dimension is drawn in red; an unreadable plan gives one line and
422; the report prints. Screenshots (desktop and print) go to /tmp/web-check/plan-*.png.
"""

from __future__ import annotations

import json

import navlights.api as api
from e2e.test_browser import SHOTS

SDA = "intl-1972-rrs-sir-david-attenborough.json"
DEFECT = "intl-1972-120m-power-masthead-lights-too-close.json"


def _overlapping_labels(page) -> list[str]:
    """Pairs of profile labels whose boxes overlap, as the browser lays them out."""
    return page.evaluate("""() => {
        const svg = document.querySelector('.plan-views svg[aria-label=profile]');
        const boxes = [...svg.querySelectorAll('text.lbl')].map(t => [t.textContent, t.getBBox()]);
        const out = [];
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
            const [a, p] = boxes[i], [b, q] = boxes[j];
            if (p.x < q.x + q.width - 1 && q.x < p.x + p.width - 1 && p.y < q.y + q.height - 1
                && q.y < p.y + p.height - 1) out.push(a + ' / ' + b);
        }
        return out;
    }""")


def test_a_real_vessels_plan_complies_on_screen_and_in_print(server, page):
    page.goto(server.url + "/plan?example=" + SDA)
    page.wait_for_selector("#plan-report")
    assert "The plan complies under intl-1972" in page.inner_text("#plan-verdict")
    about = page.inner_text("#plan-about")
    assert "Sir David Attenborough" in about and "Cited:" in about and "Assumed:" in about
    for state in ("as described", "status=anchored", "not_under_command=True", "restricted=survey"):
        assert f"State: {state}" in page.inner_text("#plan-report")
    assert page.locator("tr.finding.fail").count() == 0
    assert "intl-1972 Annex I 2(b)" in page.inner_text("#plan-report")          # the 1,000 m condition
    assert page.locator(".plan-views svg").count() == 2
    assert _overlapping_labels(page) == []
    width = page.evaluate("() => document.querySelector('.plan-views svg').getBoundingClientRect().width")
    assert 600 <= width <= 800                                                   # drawn at its own size
    page.screenshot(path=str(SHOTS / "plan-sda-desktop.png"), full_page=True)
    page.emulate_media(media="print")
    page.screenshot(path=str(SHOTS / "plan-sda-print.png"), full_page=True)
    assert len(page.pdf(format="A4")) > 10_000


def test_a_pasted_defect_is_failed_and_its_dimension_drawn(server, page):
    page.goto(server.url + "/plan")
    page.fill("#plan-text", api.example_plans()[DEFECT])
    page.click("#plan-form button[type=submit]")
    page.wait_for_selector("#plan-report")
    assert "does not comply" in page.inner_text("#plan-verdict")
    fails = page.locator("tr.finding.fail")
    assert fails.count() >= 1 and "Annex I 3(a)" in fails.first.inner_text()   # 3(a) sets the spacing (issue 25 item 5)
    dim = page.locator(".plan-views svg g.dim")
    assert dim.count() >= 1 and dim.first.get_attribute("data-role") == "masthead-aft"
    assert _overlapping_labels(page) == []
    page.screenshot(path=str(SHOTS / "plan-defect-desktop.png"), full_page=True)


def test_an_unreadable_plan_is_one_line_and_422(server, page):
    p = json.loads(api.example_plans()[SDA])
    p["lights"][0]["position_m"]["x"] = 200
    page.expected_errors.append("the server responded with a status of 422")   # the page's answer, on purpose
    page.goto(server.url + "/plan")
    page.fill("#plan-text", json.dumps(p))
    with page.expect_response(lambda r: r.url.endswith("/plan") and r.request.method == "POST") as resp:
        page.click("#plan-form button[type=submit]")
    assert resp.value.status == 422
    text = page.inner_text("main")
    assert "lights[0].position_m.x: 200: outside the hull (0 to 129 m from the aft end)" in text
    assert page.locator("#plan-report").count() == 0
