"""Issue 31: a sighting in plain language is read into the notation and echoed back (notation_words.py).

Each row: the words a look-out says, the notation they stand for (written by hand from docs/identify.md's
notation: a vertical line top first with '/', separate lights left to right, '<' '>' for heights).
"""

from __future__ import annotations

import pytest

from navlights import api
from navlights.errors import NotationError
from navlights.notation import parse_notation

WORDS = [
    ("red over white over red", "R/W/R"),                      # Rule 27(b)(i) as a textbook says it
    ("Red over white over red, and red", "R/W/R R"),
    ("green and red", "G R"),                                  # both sidelights: green on the left
    ("two whites, the left one lower", "W < W"),
    ("two whites, the right one lower", "W > W"),
    ("two white lights, the left one higher", "W > W"),
    ("ball diamond ball", "ball/diamond/ball"),                            # Rule 27(b)(ii), hoisted in a vertical line
    ("three whites in a vertical line and a red", "W/W/W R"),
    ("two reds in a vertical line", "R/R"),
    ("green over white then green", "G/W G"),
    ("white over red and green", "W/R G"),
    ("red under red", "R/R"),
    ("flashing yellow", "Y*"),
    ("a cone point down", "cone-down"),
    ("two cones point to point", "double-cone"),
    ("red ball over white diamond over red ball", "red-ball/white-diamond/red-ball"),
    ("two whites", "W W"),
]


@pytest.mark.parametrize("said,notation", WORDS)
def test_words_read_as_notation(said, notation):
    p = parse_notation(said)
    assert p.notation() == notation
    assert p.key() == parse_notation(notation).key()
    assert p.source == "words" and p.said == " ".join(said.split())


@pytest.mark.parametrize("typed", ["W/W R", "R/W/R R", "red", "ball", "O O", "W > W", "Yf", "white-blue-flag",
                                   "red-ball/white-diamond/red-ball", "ball / ball / ball",
                                   "ball, diamond, ball", "double-cone cylinder basket"])
def test_notation_stays_notation(typed):
    assert parse_notation(typed).source == "notation"


def test_shapes_side_by_side_round_trip():
    """Shapes side by side are written with commas, so their notation is not read back as a hoist."""
    p = parse_notation("ball, diamond, ball")
    assert p.notation() == "ball, diamond, ball"
    assert parse_notation(p.notation()).key() == p.key()


def test_forward_one_lower_is_kept_as_a_note():
    """The notation has no fore and aft: 'the forward one lower' is said back, not guessed into a side."""
    p = parse_notation("two whites, the forward one lower")
    assert p.notation() == "W W"
    assert p.note and "fore and aft" in p.note


@pytest.mark.parametrize("bad", ["red over purple", "two whites, the left one lower and a red"])
def test_words_not_understood_one_line(bad):
    with pytest.raises(NotationError) as e:
        parse_notation(bad)
    assert "\n" not in str(e.value) and str(e.value).startswith("notation: ")


def test_identify_echoes_the_words():
    data = api.identify_json("red over white over red and red", "intl-1972", limit=1)
    assert data["query"]["said"] == "red over white over red and red"
    assert data["query"]["notation"] == "R/W/R R" and data["query"]["source"] == "words"
    assert data["verdict"]["heading"] == "left"
