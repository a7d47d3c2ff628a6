"""The new situations as users meet them (QA of Annex II and the Inland facts, issue 25), in Chromium at a
desktop and a phone size, by day and by night: a cadet finds a trawler hauling her nets and a purse seiner by the
situation search and by the form; a watchkeeper identifies R/W/Y*/Y* and G/W/W/R and looks up a dredge pipeline;
an instructor prints Compare in night mode. axe-core finds no serious or critical violation on the pages visited.

Every expectation is written by hand from the rule text:
- intl-1972 Annex II 2(a)(ii): a trawler hauling her nets near other fishing vessels: white light over red light.
- intl-1972 Annex II 3: a purse seiner hampered by her gear may show two yellow lights, flashing alternately
  (each every second, light and occultation equal).
- us-inland dredge pipeline (33 CFR 88.15): a row of flashing yellow lights, and two red lights in a vertical line
  at each end.
Screenshots: /tmp/shots-webqa/e2e-*.png.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from e2e.test_browser import unexpected_problems

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                               reason="axe-playwright-python (the test extra) is not installed")

SHOTS = Path("/tmp/shots-webqa")
SIZES = {"1280": (1280, 800), "390": (390, 844)}
COOKIE = "navlights_theme"


@pytest.fixture(params=[("1280", "light"), ("390", "night")], ids=lambda p: f"{p[0]}-{p[1]}")
def user(request, server, browser):
    """A page at a desktop size by day or a phone size at night (the theme cookie, as the button leaves it)."""
    size, mode = request.param
    width, height = SIZES[size]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    if mode == "night":
        ctx.add_cookies([{"name": COOKIE, "value": "night", "url": server.url}])
    pg = ctx.new_page()
    pg.problems = []                                                   # type: ignore[attr-defined]
    pg.expected_errors = []                                            # type: ignore[attr-defined]
    pg.on("console", lambda m: pg.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.problems.append(f"page error: {e}"))
    pg.tag = f"{size}-{mode}"                                          # type: ignore[attr-defined]
    pg.width = width                                                   # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield pg
    ctx.close()
    assert unexpected_problems(pg) == [], pg.problems


def _looked_at(pg, name: str) -> None:
    """Screenshot, no page wider than the screen, and no serious axe violation."""
    pg.wait_for_load_state("networkidle")
    pg.screenshot(path=str(SHOTS / f"e2e-{name}-{pg.tag}.png"), full_page=True)
    assert pg.evaluate("document.documentElement.scrollWidth") <= pg.width
    results = axe_sync.Axe().run(pg).response
    serious = [f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in results["violations"]
               if v["impact"] in ("serious", "critical")]
    assert serious == []


def _search(pg, server, edition: str, words: str, pick: str) -> None:
    """Type words in the situation search, move to the option whose words contain ``pick``, and show it."""
    pg.goto(f"{server.url}/explore?edition={edition}")
    box = pg.locator("#situation-q")
    box.click()
    pg.keyboard.type(words)
    pg.keyboard.press("ArrowDown")
    pg.wait_for_selector("#situation-list [role=option][aria-selected=true]")
    options = pg.locator("#situation-list [role=option]")
    texts = [options.nth(i).inner_text() for i in range(options.count())]
    target = next(i for i, t in enumerate(texts) if pick in t)
    for _ in range(target):
        pg.keyboard.press("ArrowDown")
    assert pick in pg.locator("#situation-list [role=option][aria-selected=true]").inner_text()
    with pg.expect_navigation():
        pg.keyboard.press("Enter")


def _row(pg, role: str) -> dict[str, str]:
    row = pg.locator(f"#display-table tr[data-role='{role}']")
    return {k: row.locator(f"td[data-label=\"{k}\"]").inner_text()
            for k in ("the rule's words", "colour", "status", "cite")}


def test_a_cadet_finds_a_trawler_hauling_her_nets(user, server):
    pg = user
    _search(pg, server, "intl-1972", "trawler hauling her nets", "hauling her nets near other")
    q = parse_qs(urlparse(pg.url).query)
    assert q["fishing"] == ["trawl"] and q["trawl_activity"] == ["hauling"] and q["close_proximity"] == ["true"]
    upper, lower = _row(pg, "hauling-upper"), _row(pg, "hauling-lower")
    assert "white" in upper["colour"] and "red" in lower["colour"]               # Annex II 2(a)(ii)
    assert "Annex II 2(a)(ii)" in upper["cite"] and "Annex II 2(a)(ii)" in lower["cite"]
    _looked_at(pg, "hauling")


def test_a_cadet_sets_a_trawler_hauling_in_the_form_each_field_with_its_rule(user, server):
    pg = user
    pg.goto(server.url + "/explore?edition=intl-1972&propulsion=power&length=35+m")
    with pg.expect_navigation():                    # a choice shows the display at once (as Show does)
        pg.select_option("#f-fishing", "trawl")
    for name in ("close_proximity", "trawl_activity", "pair_trawling"):
        assert pg.locator(f"#row-{name}").is_visible(), name
    # the fields of the fishing signals name their rules: Rule 26(d) and Annex II (1, 2: trawlers; 2(b): pairs)
    assert "Annex II" in pg.locator("#row-close_proximity").inner_text()
    assert "Annex II 1, 2" in pg.locator("#row-trawl_activity").inner_text()
    assert "Annex II" in pg.locator("#row-pair_trawling").inner_text()
    pg.check("#f-close_proximity")
    with pg.expect_navigation():
        pg.select_option("#f-trawl_activity", "hauling")
    assert parse_qs(urlparse(pg.url).query)["close_proximity"] == ["true"]
    assert "white" in _row(pg, "hauling-upper")["colour"] and "red" in _row(pg, "hauling-lower")["colour"]


def test_a_cadet_finds_a_purse_seiner_and_sees_her_lights_take_turns(user, server):
    pg = user
    _search(pg, server, "intl-1972", "purse seiner", "hampered by her gear")
    q = parse_qs(urlparse(pg.url).query)
    assert q["fishing"] == ["purse-seine"] and q["hampered_by_gear"] == ["true"]
    for role in ("seine-upper", "seine-lower"):                                   # Annex II 3
        row = _row(pg, role)
        assert "yellow" in row["colour"] and "Annex II 3" in row["cite"]
        assert "optional" in row["status"]                                        # "may exhibit"
        assert "flashing, in turn with the other" in row["the rule's words"]
    _looked_at(pg, "purse")


def test_a_watchkeeper_reads_a_purse_seiners_lights_and_sees_them_drawn(user, server):
    pg = user
    pg.goto(server.url + "/identify?edition=intl-1972&notation=R%2FW%2FY*%2FY*")
    first = pg.locator("li.line").first
    assert "purse seiner" in first.locator(".hyp-name").inner_text()             # Rule 26(c)(i); Annex II 3
    # the small picture draws the optional yellow lights the reading rests on, as the watchkeeper saw them
    assert first.locator(".hyp-pic svg [data-role='seine-upper']").count() >= 1
    assert "choose=all" in (first.locator(".hyp-pic").get_attribute("href") or "")
    with pg.expect_navigation():
        first.locator("a", has_text="Explore her from there").click()
    assert "yellow" in _row(pg, "seine-upper")["colour"]
    _looked_at(pg, "explore-from-identify")


def test_a_watchkeeper_reads_green_white_white_red(user, server):
    pg = user
    pg.goto(server.url + "/identify?edition=intl-1972&notation=G%2FW%2FW%2FR")
    first = pg.locator("li.line").first
    assert "trawling" in first.inner_text() and "hauling" in first.inner_text()   # Rule 26(b)(i); Annex II 2(a)(ii)
    assert "Annex II 2(a)(ii)" in first.inner_text()
    _looked_at(pg, "identify-gwwr")


def test_a_watchkeeper_looks_up_a_dredge_pipeline(user, server):
    pg = user
    _search(pg, server, "us-inland", "dredge pipeline", "dredge pipeline")
    rows = pg.locator("#display-table tr[data-role^='pipeline-']")
    colours = [rows.nth(i).locator("td[data-label=colour]").inner_text().strip() for i in range(rows.count())]
    words = [rows.nth(i).locator("td[data-label=\"the rule's words\"]").inner_text() for i in range(rows.count())]
    assert colours.count("red") == 4                                              # two at each end
    yellow = [w for c, w in zip(colours, words) if c == "yellow"]
    assert yellow and all("flashing" in w for w in yellow)
    _looked_at(pg, "pipeline")


def test_night_mode_shapes_keep_an_outline(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_cookies([{"name": COOKIE, "value": "night", "url": server.url}])
    pg = ctx.new_page()
    pg.goto(server.url + "/identify")
    stroke = pg.evaluate("getComputedStyle(document.querySelector('button[data-shape=\"O\"] .shape-glyph g')).stroke")
    ctx.close()
    assert stroke not in ("none", "rgba(0, 0, 0, 0)"), stroke                    # a black ball, seen on the dark


def _luminance(css_rgb: str) -> float:
    parts = [float(x) for x in css_rgb[css_rgb.index("(") + 1:-1].split(",")[:3]]
    lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_an_instructor_prints_compare_in_night_mode_on_white_paper(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_cookies([{"name": COOKIE, "value": "night", "url": server.url}])
    pg = ctx.new_page()
    pg.goto(server.url + "/compare?propulsion=power&length=35+m&fishing=trawl&gear_extent=225+m"
            "&close_proximity=true&trawl_activity=hauling")
    pg.wait_for_load_state("networkidle")
    assert _luminance(pg.evaluate("getComputedStyle(document.body).color")) > 0.05   # the night ink on screen
    pg.emulate_media(media="print")
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / "e2e-compare-print-night.png"), full_page=True)
    ink = _luminance(pg.evaluate("getComputedStyle(document.body).color"))
    head = _luminance(pg.evaluate("getComputedStyle(document.querySelector('table th')).backgroundColor"))
    cell = pg.evaluate("getComputedStyle(document.querySelector('table td')).backgroundColor")
    foot = pg.locator("#print-foot").inner_text()
    ctx.close()
    assert ink < 0.05                                  # dark ink on paper, not the night's amber
    assert head > 0.8                                  # no dark header bands on white paper
    assert cell == "rgba(0, 0, 0, 0)" or _luminance(cell) > 0.8
    assert "navlights" in foot and "/compare?" in foot


def test_an_instructor_compares_a_dredge_pipeline_and_sees_which_editions_have_no_provision(user, server):
    """The COLREGs have no provision for a dredge pipeline (not a vessel); us-inland has (33 CFR 88.15): the empty
    columns say so at their head, linked to the note, not only by a row of dashes."""
    pg = user
    pg.goto(server.url + "/compare?propulsion=none&length=35+m&status=moored&dredge_pipeline=true")
    heads = pg.locator("#compare-table thead tr").last.locator("th")
    texts = {heads.nth(i).inner_text().split()[0]: heads.nth(i).inner_text() for i in range(1, heads.count())}
    assert "no provision for her" in texts["intl-1972"]
    assert "no provision" not in texts["us-inland"]
    assert pg.locator("#notes-intl-1972").count() == 1
    _looked_at(pg, "compare-pipeline")
