"""Train's conduct topics in Chromium (issue 32, point 6) at 1280 px by day and 390 px by night: a cadet sees a
vessel's lights at night and says who gives way, reads the answer with its rules and their provenance; then she is
told a situation in words. axe-core finds no serious or critical violation, and no page is wider than the screen.

Expected by hand: own vessel is power-driven steering 000 (engines/quiz_conduct.py); every answer rests on Rules
13-18 of COLREGs 1972 (USCG handbook transcription in github.com/sailingnaturali/colregs-vault), so each rule shown
starts "intl-1972 Rule 1"; from her lights the prompt begins "Night, clear visibility." and a picture is drawn; in
words it ends "Who gives way?" with no picture.
Screenshots: /tmp/shots-webqa/e2e-train-conduct-*.png.
"""

from __future__ import annotations

from e2e.test_qa_25 import _looked_at, user  # noqa: F401 (user is a fixture, used by name)


def test_a_cadet_says_who_gives_way_from_lights_and_from_words(user, server):  # noqa: F811
    pg = user
    pg.set_default_timeout(120_000)
    pg.goto(f"{server.url}/train?edition=intl-1972&topic=conduct-seen")
    assert pg.locator("h1").inner_text() == "Train: who gives way?"
    assert pg.locator("#question-prompt").inner_text().startswith("Night, clear visibility.")
    assert pg.locator("#question-picture svg").count() == 1
    assert pg.locator("#answer-form button.choice").count() == 4
    _looked_at(pg, "train-conduct-question")
    with pg.expect_navigation():
        pg.click("#choice-0")
    assert pg.locator("#verdict").inner_text().startswith(("Right", "Not quite"))
    rules = pg.locator("#conduct-rules li")
    assert rules.count() >= 1
    assert all(t.startswith("intl-1972 Rule 1") for t in rules.all_inner_texts())
    assert pg.locator("#conduct-why").inner_text()
    _looked_at(pg, "train-conduct-result")
    pg.goto(f"{server.url}/train?edition=intl-1972&topic=all")
    pg.select_option("#f-topic", "conduct-situation")
    with pg.expect_navigation():
        pg.click("#topic-form button[type=submit]")
    assert pg.locator("#question-prompt").inner_text().endswith("Who gives way?")
    assert pg.locator("#question-picture").count() == 0
    _looked_at(pg, "train-conduct-in-words")
