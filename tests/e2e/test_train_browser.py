"""The trainer in Chromium (issue 21, point 7): two browsers with their own progress, an exam to its review, export
and reset, at 1280x800 and on a phone (390x844).

Runs against a real `navlights serve` (conftest's `server`, a database of its own). Screenshots go to
/tmp/shots-train/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from e2e.test_browser import open_page, unexpected_problems

SHOTS = Path("/tmp/shots-train")
SIZES = [(1280, 800), (390, 844)]
#: The first question of a fresh server loads the edition's identification index: seconds on a loaded machine.
SLOW_MS = 120_000

try:
    import axe_playwright_python as _axe
    AXE = (Path(_axe.__file__).parent / "axe.min.js").read_text()
except (ImportError, OSError):
    AXE = None


def _page(browser, size):
    context, page = open_page(browser, *size)
    page.set_default_timeout(SLOW_MS)
    return context, page


def _fits(page, width: int) -> None:
    """No page wider than the viewport."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def _audit(page) -> None:
    """axe-core: no serious or critical violation (the script is evaluated by the test, not served)."""
    if AXE is None:
        return
    page.evaluate(AXE)
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                          ".filter(v => ['serious', 'critical'].includes(v.impact)).map(v => v.id + ': ' + "
                          "v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))")
    assert found == [], (page.url, found)


def _answer(page, n: int) -> None:
    """Answer the question shown with choice ``n``, see the verdict, go on."""
    page.wait_for_selector("#answer-form")
    page.click(f"#choice-{n}")
    page.wait_for_selector("#verdict")


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "390x844"])
def test_two_browsers_an_exam_export_and_reset(server, browser, size, tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    tag = f"{size[0]}x{size[1]}"
    ann_ctx, ann = _page(browser, size)
    bob_ctx, bob = _page(browser, size)
    try:
        # Ann answers two questions
        ann.goto(server.url + "/train?edition=intl-1972")
        ann.wait_for_selector("#answer-form")
        _fits(ann, size[0])
        ann.screenshot(path=str(SHOTS / f"train-{tag}.png"), full_page=True)
        _audit(ann)
        start = int(ann.inner_text("#answered-count").split(": ")[1])
        _answer(ann, 0)
        _fits(ann, size[0])
        ann.screenshot(path=str(SHOTS / f"result-{tag}.png"), full_page=True)
        _audit(ann)
        ann.click("#next")
        _answer(ann, 1)
        assert ann.inner_text("#answered-count") == f"Answered: {start + 2}"

        # Bob, another browser, has his own progress: he does not see Ann's two answers
        bob.goto(server.url + "/train?edition=intl-1972")
        bob.wait_for_selector("#answer-form")
        assert bob.inner_text("#answered-count") == "Answered: 0"
        _answer(bob, 0)
        assert bob.inner_text("#answered-count") == "Answered: 1"

        # Ann takes an exam of five questions on Rule 27 to the end
        ann.goto(server.url + "/train?edition=intl-1972&topic=rule-27")
        ann.wait_for_selector("#exam-form")
        ann.select_option("#f-size", "5")
        with ann.expect_navigation():
            ann.click("#exam-start")
        for n in range(5):
            ann.wait_for_selector("#exam-progress")
            assert ann.inner_text("#exam-progress") == f"Question {n + 1} of 5"
            if n == 0:
                _fits(ann, size[0])
                ann.screenshot(path=str(SHOTS / f"exam-{tag}.png"), full_page=True)
                _audit(ann)
            with ann.expect_navigation():
                ann.click(f"#choice-{n % 2}")
        ann.wait_for_selector("#exam-result")
        score = ann.inner_text("#score")
        assert score.startswith("Score: ") and " of 5" in score
        rows = ann.locator("#review tbody tr")
        assert rows.count() == 5
        assert "Rule 27" in ann.inner_text("#review")            # each answer with the cites of what was seen
        _fits(ann, size[0])
        ann.screenshot(path=str(SHOTS / f"review-{tag}.png"), full_page=True)
        _audit(ann)

        # a day-shapes question
        ann.goto(server.url + "/train?edition=intl-1972&topic=shapes")
        ann.wait_for_selector("#answer-form")
        assert ann.inner_text(".seen-when") == "By day you see:"
        ann.screenshot(path=str(SHOTS / f"train-day-{tag}.png"), full_page=True)

        # export: her own answers, as a file
        with ann.expect_download() as download:
            ann.click("#export")
        data = json.loads(Path(download.value.path()).read_text())
        assert data["format"] == "navlights-training-progress"
        assert len(data["answers"]) == start + 2 + 5 and len(data["exams"]) >= 1

        # reset: not without the box ticked; then her progress is gone and Bob's is not
        ann.click("#reset")
        assert ann.url.endswith("topic=shapes")                  # the browser asks for the box first
        ann.check("#f-confirm")
        ann.click("#reset")
        ann.wait_for_selector("#notice")
        assert ann.inner_text("#answered-count") == "Answered: 0"
        ann.screenshot(path=str(SHOTS / f"reset-{tag}.png"), full_page=True)
        bob.reload()
        bob.wait_for_selector("#answered-count")
        assert bob.inner_text("#answered-count") == "Answered: 1"
        assert unexpected_problems(ann) == [] and unexpected_problems(bob) == []
    finally:
        ann_ctx.close()
        bob_ctx.close()


def test_keys_answer_and_go_on(server, browser):
    context, page = _page(browser, (1280, 800))
    try:
        page.goto(server.url + "/train?edition=intl-1960")
        page.wait_for_selector("#answer-form")
        page.keyboard.press("2")
        page.wait_for_selector("#verdict")
        page.keyboard.press("n")
        page.wait_for_selector("#answer-form")
        assert unexpected_problems(page) == []
    finally:
        context.close()
