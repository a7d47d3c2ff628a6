"""The documentation site in Chromium: built strict into a temporary folder (tests/docs_site.py), served from there
by a plain local HTTP server, its home page and its API reference opened as a reader would, at desktop and phone
size; axe-core finds no serious or critical violation on them, by day or by night (Material's dark scheme).
Screenshots: /tmp/shots-docs/<page>-<width>.png."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from docs_site import build, missing
from e2e.test_browser import open_page, unexpected_problems

if missing():
    pytest.skip(f"the docs extra is not installed ({missing()} missing): pip install -e '.[docs]'",
                allow_module_level=True)

SHOTS = Path("/tmp/shots-docs")
SIZES = {"1280": (1280, 800), "390": (390, 844)}


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


@pytest.fixture(scope="module")
def site_url():
    built = build()
    assert built.returncode == 0, built.log[-4000:]
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(built.site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _serious(pg) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(pg).response
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:4]]}"
            for v in results["violations"] if v["impact"] in ("serious", "critical")]


def _title(pg) -> str:
    """The page's heading, without its permalink mark."""
    return pg.locator("article h1").inner_text().rstrip("¶").strip()


def _wide(pg) -> bool:
    return pg.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")


@pytest.mark.parametrize("size", SIZES)
def test_home_page_then_the_api_reference(browser, site_url, size):
    SHOTS.mkdir(parents=True, exist_ok=True)
    context, pg = open_page(browser, *SIZES[size])
    try:
        pg.goto(site_url + "/")
        assert pg.title().startswith("navlights")
        assert _title(pg) == "navlights"
        # the home page's own words, and an example the build ran (`navlights lights ...`: its first line)
        article = pg.locator("article")
        assert "What lights and day shapes does that vessel show" in article.inner_text()
        assert "International Regulations for Preventing Collisions at Sea, 1972, as amended" in article.inner_text()
        assert not _wide(pg)
        pg.screenshot(path=str(SHOTS / f"home-{size}.png"), full_page=False)

        # to the API reference as a reader does: its link in the table of the home page
        article.get_by_role("link", name="Python API").click()
        pg.wait_for_url("**/reference/api/")
        assert _title(pg) == "Python API"
        display = pg.locator('[id="navlights.api.display"]')
        assert display.count() == 1
        display.scroll_into_view_if_needed()
        # display's docstring, rendered under its heading
        doc = pg.locator('[id="navlights.api.display"] ~ .doc-contents').first
        assert "The lights and shapes the vessel shows under the edition, each cited." in doc.inner_text()
        assert pg.get_by_text("The lights and shapes the vessel shows under the edition, each cited.").is_visible()
        pg.screenshot(path=str(SHOTS / f"api-{size}.png"), full_page=False)
    finally:
        context.close()
    assert unexpected_problems(pg) == [], pg.problems


@pytest.mark.parametrize("size", SIZES)
def test_a_guide_page_shows_a_commands_output(browser, site_url, size):
    SHOTS.mkdir(parents=True, exist_ok=True)
    context, pg = open_page(browser, *SIZES[size])
    try:
        pg.goto(site_url + "/guide/identify/")
        assert _title(pg) == "Identify a sighting"
        block = pg.locator("article pre").filter(has_text='$ navlights identify "W/W/W R"').first
        assert "You saw: W/W/W R" in block.inner_text()
        assert not _wide(pg)                      # a long line scrolls inside its block, not the page
        pg.screenshot(path=str(SHOTS / f"guide-{size}.png"), full_page=False)
    finally:
        context.close()
    assert unexpected_problems(pg) == [], pg.problems


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_no_serious_accessibility_violation(browser, site_url, scheme):
    pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed")
    context, pg = open_page(browser, 1280, 800)
    try:
        for path in ("/", "/reference/api/", "/guide/identify/", "/reference/models/"):
            pg.goto(site_url + path)
            if pg.evaluate("document.body.dataset.mdColorScheme") != scheme:
                pg.locator("label[for=__palette_1]").first.click()           # Material's day/night toggle
            pg.wait_for_function(f"document.body.dataset.mdColorScheme === '{scheme}'")
            assert _serious(pg) == [], path
        pg.screenshot(path=str(SHOTS / f"models-1280-{scheme}.png"), full_page=False)
    finally:
        context.close()
    assert unexpected_problems(pg) == [], pg.problems
