"""Train's sound-signal topics in Chromium (issue 33, point 5) at 1280 px by day and 390 px by night: a cadet plays
a signal, says what it means and reads the rule; then she is asked the other way round. axe-core finds no serious
or critical violation, and no page is wider than the screen.

Expected by hand: every signal drilled is one of Rules 34 and 35 (COLREGs 1972), so the rule shown starts "Rule 3";
the to-situation prompt begins "You hear", the to-signal prompt ends "What does she sound?" (engines/sound_quiz.py).
Screenshots: /tmp/shots-webqa/e2e-train-sounds-*.png.
"""

from __future__ import annotations

from e2e.test_qa_25 import _looked_at, user  # noqa: F401 (user is a fixture, used by name)


def test_a_cadet_trains_on_sound_signals_both_ways(user, server):  # noqa: F811
    pg = user
    pg.set_default_timeout(120_000)
    pg.goto(f"{server.url}/train?edition=intl-1972&topic=sound-to-situation")
    assert pg.locator("#question-prompt").inner_text().startswith("You hear ")
    audio = pg.locator("audio#question-sound")
    assert audio.count() == 1
    r = pg.request.get(server.url + audio.get_attribute("src"))
    assert r.status == 200 and r.headers["content-type"] == "audio/wav" and r.body()[:4] == b"RIFF"
    _looked_at(pg, "train-sounds-question")
    with pg.expect_navigation():
        pg.click("#choice-0")
    assert pg.locator("#verdict").inner_text().startswith(("Right", "Not quite"))
    assert pg.locator("audio#result-sound").count() == 1
    assert "intl-1972 Rule 3" in pg.locator("#sound-cite").inner_text()
    _looked_at(pg, "train-sounds-result")
    pg.goto(f"{server.url}/train?edition=intl-1972&topic=all")
    pg.select_option("#f-topic", "sound-to-signal")
    with pg.expect_navigation():
        pg.click("#topic-form button[type=submit]")
    assert pg.locator("#question-prompt").inner_text().endswith("What does she sound?")
    assert pg.locator("audio#question-sound").count() == 0
    _looked_at(pg, "train-sounds-to-signal")
