"""Fixtures shared by the browser tests: a real `navlights serve` and Debian's chromium (Playwright)."""

from __future__ import annotations

import pytest

from e2e.test_browser import CHROMIUM, SHOTS, Server, sync_api


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
