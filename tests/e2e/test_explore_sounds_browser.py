"""Explore says what she sounds, with a play button inline (issue 33, point 5), in Chromium at 1280 px by day and
390 px by night; axe-core finds no serious or critical violation, and no page is wider than the screen.

Expected by hand: COLREGs Rule 35(c), a vessel engaged in fishing (trawling) sounds one prolonged blast followed by
two short blasts at intervals of not more than 2 minutes (USCG handbook transcription in
github.com/sailingnaturali/colregs-vault rules/international/rule-35.md); Inland Rule 35(c) (33 CFR 83.35(c)) the
same. Screenshots: /tmp/shots-webqa/e2e-explore-sounds-*.png.
"""

from __future__ import annotations

import pytest

from e2e.test_qa_25 import _looked_at, user  # noqa: F401 (user is a fixture, used by name)


@pytest.mark.parametrize("edition, cite", [("intl-1972", "intl-1972 Rule 35(c)"),
                                           ("us-inland", "us-inland Rule 35(c)")])
def test_explore_plays_a_trawlers_fog_signal(user, server, edition, cite):  # noqa: F811
    pg = user
    pg.set_default_timeout(120_000)
    pg.goto(f"{server.url}/explore?edition={edition}&propulsion=power&length=30+m&fishing=trawl")
    said = pg.locator("#explore-sounds").inner_text()
    assert said.startswith("In restricted visibility she must sound one prolonged blast, then two short blasts")
    assert cite in pg.locator("#explore-sound-cites").inner_text()
    src = pg.locator("audio#explore-play").get_attribute("src")
    assert f"edition={edition}" in src
    r = pg.request.get(server.url + src)
    assert r.status == 200 and r.headers["content-type"] == "audio/wav" and r.body()[:4] == b"RIFF"
    assert f"edition={edition}" in pg.locator("#sounds-link").get_attribute("href")
    _looked_at(pg, f"explore-sounds-{edition}")
