"""Issue 37: a provision's provenance leads to what its edition rests on. In Chromium, the provenance badge of a
row on Explore is a link to the Editions page's sources of that edition, which opens there with the sources page
of the documentation named; at 1280x800 and 390x844, by day and by night, axe-core finds no serious violation on
either page. Screenshots: /tmp/shots-sources/."""

from __future__ import annotations

from pathlib import Path

import pytest

from e2e.test_browser import unexpected_problems
from e2e.test_look import SIZES, _open, _serious

SHOTS = Path("/tmp/shots-sources")


@pytest.mark.parametrize("mode", ["light", "night"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_provenance_badge_opens_the_editions_sources(server, browser, size, mode):
    width, height = SIZES[size]
    SHOTS.mkdir(parents=True, exist_ok=True)
    ctx, pg = _open(browser, server, width, height, theme="night" if mode == "night" else None)
    try:
        # 1960 Rule 10 (the stern light) is a gap: its badge, as every other, links to intl-1960's sources
        pg.goto(server.url + "/explore?edition=intl-1960&propulsion=power&length=200+ft&aspect=45")
        pg.wait_for_load_state("networkidle")
        badge = pg.locator('#display-table tr[data-role="sternlight"] a.prov-gap').first
        assert badge.get_attribute("href") == "/editions#intl-1960-sources"
        assert _serious(pg) == []
        badge.scroll_into_view_if_needed()
        badge.click()
        pg.wait_for_url("**/editions#intl-1960-sources")
        target = pg.locator("#intl-1960-sources")
        assert target.is_visible()                        # the folded list opens on the link
        assert "docs/sources/intl-1960.md" in target.inner_text()
        assert pg.evaluate("document.documentElement.scrollWidth") <= width
        pg.screenshot(path=str(SHOTS / f"editions-sources-{size}-{mode}.png"))
        assert _serious(pg) == []
        assert unexpected_problems(pg) == [], pg.problems
    finally:
        ctx.close()
