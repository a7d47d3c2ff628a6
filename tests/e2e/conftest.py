"""Fixtures shared by the browser tests: a real `navlights serve` and Debian's chromium (Playwright)."""

from __future__ import annotations

import pytest

from e2e.test_browser import CHROMIUM, SHOTS, Server, open_page, sync_api, unexpected_problems


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("web") / "progress.sqlite").start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture()
def page(browser):
    """A desktop-sized page whose script and console errors fail the test (unless named in ``expected_errors``)."""
    context, pg = open_page(browser)
    yield pg
    context.close()
    assert unexpected_problems(pg) == [], pg.problems    # no script errors, no content-security-policy refusals
