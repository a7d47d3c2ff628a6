"""The Sounds page in Chromium (issue 33) at 1280 px by day and 390 px by night: a watchkeeper looks up a trawler's
fog signal and plays it, taps what she heard to identify it, and reads the Inland signals of intent; axe-core
finds no serious or critical violation, and no page is wider than the screen.

Expected values by hand from the rule text: COLREGs Rule 35(c) (one prolonged, two short, at most every 2
minutes); Rule 35(a) and 34(e) for one prolonged blast; Inland Rule 34(a)(i) (one short: I intend to leave you on
my port side). Screenshots: /tmp/shots-webqa/e2e-sounds-*.png.
"""

from __future__ import annotations

from e2e.test_qa_25 import _looked_at, user  # noqa: F401 (user is a fixture, used by name)


def test_a_watchkeeper_hears_a_trawlers_fog_signal(user, server):  # noqa: F811
    pg = user
    pg.goto(f"{server.url}/sounds")
    pg.select_option("#f-edition", "intl-1972")
    pg.fill("#f-length", "30 m")
    pg.select_option("#f-fishing", "trawl")
    with pg.expect_navigation():
        pg.click("#sounds-form button[type=submit]")
    summary = pg.locator("#summary").inner_text()
    assert "one prolonged blast, then two short blasts" in summary and "Rule 35(c)" in summary
    audio = pg.locator("audio#play")
    assert audio.count() == 1
    src = audio.get_attribute("src")
    r = pg.request.get(server.url + src)
    assert r.status == 200 and r.headers["content-type"] == "audio/wav" and len(r.body()) > 44
    _looked_at(pg, "sounds-trawler")


def test_a_watchkeeper_taps_what_she_heard(user, server):  # noqa: F811
    pg = user
    pg.goto(f"{server.url}/sounds?edition=intl-1972&length=50+m")
    pg.click("[data-heard=prolonged]")
    assert pg.locator("#f-heard").input_value() == "prolonged"
    pg.select_option("#f-visibility", "restricted")
    with pg.expect_navigation():
        pg.click("#heard-form button[type=submit]")
    said = pg.locator("#heard-summary").inner_text()
    assert "Rule 35(a)" in said and "Rule 34(e)" in said
    _looked_at(pg, "sounds-heard")


def test_the_inland_signals_of_intent(user, server):  # noqa: F811
    pg = user
    pg.goto(f"{server.url}/sounds?edition=us-inland&length=50+m")
    table = pg.locator(".signals-table").inner_text()
    assert "I intend to leave you on my port side" in table and "Rule 34(a)(i), (ii)" in table
    _looked_at(pg, "sounds-inland")


def test_a_cadet_drills_sound_signals_both_ways(user, server):  # noqa: F811
    pg = user
    pg.goto(f"{server.url}/sounds?edition=intl-1972&length=50+m")
    with pg.expect_navigation():
        pg.click("#drill-start")
    assert pg.locator("#drill-prompt").inner_text().endswith("What does she sound?")
    with pg.expect_navigation():
        pg.locator(".drill-choices a").first.click()
    assert pg.locator("#drill-result").inner_text().startswith(("Right", "Not so"))
    with pg.expect_navigation():
        pg.get_by_role("link", name="Ask it the other way round").click()
    assert "Who sounds it, or what does it mean?" in pg.locator("#drill-prompt").inner_text()
    _looked_at(pg, "sounds-drill")
