"""The picture notation (navlights.notation): what a person types, what a program sends, one canonical form.

Expected values follow the notation's definition (docs/identify.md): columns left to right, a
vertical line written top first with '/', '<' '>' '=' comparing the lowest light of neighbouring
columns, spaces or commas saying nothing of heights; shapes by day, black unless coloured.
"""

from __future__ import annotations

import json

import pytest

from navlights import api
from navlights.errors import NavlightsError, NotationError
from navlights.notation import (Pattern, arrange, as_pattern, parse_notation, pattern_from_json,
                                pattern_from_points, token_of, token_words)

# (typed, columns bottom to top, relations, period, canonical form)
CASES = [
    ("W", (("W",),), (), "night", "W"),
    ("w", (("W",),), (), "night", "W"),
    ("white", (("W",),), (), "night", "W"),
    ("W/W/W R", (("W", "W", "W"), ("R",)), (None,), "night", "W/W/W R"),
    ("W/W/W > R", (("W", "W", "W"), ("R",)), (">",), "night", "W/W/W > R"),
    ("R/G", (("G", "R"),), (), "night", "R/G"),                     # red OVER green: stored bottom first
    ("W > G < W", (("W",), ("G",), ("W",)), (">", "<"), "night", "W > G < W"),
    ("G<W/W>R", (("G",), ("W", "W"), ("R",)), ("<", ">"), "night", "G < W/W > R"),
    ("g = r", (("G",), ("R",)), ("=",), "night", "G = R"),
    ("W, G", (("W",), ("G",)), (None,), "night", "W G"),
    ("  W  /  W   >R ", (("W", "W"), ("R",)), (">",), "night", "W/W > R"),
    ("Y B", (("Y",), ("B",)), (None,), "night", "Y B"),
    ("O", (("ball",),), (), "day", "ball"),
    ("O/O", (("ball", "ball"),), (), "day", "ball/ball"),
    ("ball / ball / ball", (("ball", "ball", "ball"),), (), "day", "ball/ball/ball"),
    ("D", (("diamond",),), (), "day", "diamond"),
    ("red-ball/white-diamond/red-ball", (("red-ball", "white-diamond", "red-ball"),), (), "day",
     "red-ball/white-diamond/red-ball"),
    ("R-O/W-D/R-O", (("red-ball", "white-diamond", "red-ball"),), (), "day", "red-ball/white-diamond/red-ball"),
    ("^ V", (("cone-up",), ("cone-down",)), (None,), "day", "cone-up cone-down"),
    ("X cylinder basket", (("double-cone",), ("cylinder",), ("basket",)), (None, None), "day",
     "double-cone cylinder basket"),
]


@pytest.mark.parametrize("text,columns,relations,period,canonical", CASES)
def test_parse(text, columns, relations, period, canonical):
    p = parse_notation(text)
    assert p.columns == columns and p.relations == relations and p.period == period
    assert p.notation() == canonical
    assert parse_notation(p.notation()) == p                  # the canonical form reads back the same


# (typed, a piece of the one-line message)
BAD = [
    ("", "empty"),
    ("   ", "empty"),
    ("W W%", "unexpected character '%' at position 4"),
    ("P", "unknown light or shape 'P' at position 1"),
    ("purple", "unknown light or shape 'purple'"),
    ("W >", "'>' at position 3 ends the picture"),
    ("W/", "'/' at position 2 ends the picture"),
    ("W < > W", "'>' after '<'"),
    ("/W", "unexpected character '/' at position 1"),
    ("W/ball", "mixes lights and shapes"),
    ("X^V", "unknown light or shape 'X^V'"),
]


@pytest.mark.parametrize("text,piece", BAD)
def test_errors_are_one_line_naming_the_place_and_what_is_allowed(text, piece):
    with pytest.raises(NotationError) as e:
        parse_notation(text)
    msg = str(e.value)
    assert piece in msg and "\n" not in msg and msg.startswith("notation:")
    assert isinstance(e.value, NavlightsError) and isinstance(e.value, ValueError)
    assert e.value.field == "notation"
    if "empty" not in piece and "mixes" not in piece:
        assert "allowed:" in msg and "W R G Y B" in msg


def test_describe_in_words():
    assert parse_notation("W/W/W R").describe() == "three white lights in a vertical line; then a red light"
    assert parse_notation("W > W").describe() == "a white light; then a white light, lower"
    assert parse_notation("R/G").describe() == "a red light over a green light, in a vertical line"
    assert parse_notation("O/O").describe() == "two black balls in a vertical line"


def test_token_names():
    assert token_of("light", "white", "masthead") == "W"
    assert token_of("light", "red", "sidelight") == "R"
    assert token_of("shape", "black", "ball") == "ball"
    assert token_of("shape", "white", "diamond") == "white-diamond"
    assert token_words("G") == "green light" and token_words("ball") == "black ball"
    assert token_words("red-ball") == "red ball"


# --- coordinates ---------------------------------------------------------------------------


def test_points_make_columns_and_relations():
    # three white lights one above another (6 ft = 1.83 m apart), a red one lower, 4 m to the right
    p = pattern_from_points([("W", 0.0, 10.0), ("W", 0.1, 11.83), ("W", -0.1, 13.66), ("R", 4.0, 6.0)])
    assert p.columns == (("W", "W", "W"), ("R",)) and p.relations == (">",)
    assert p.levels == ((1, 2, 3), (0,))
    assert p.notation() == "W/W/W > R"


def test_points_within_the_tolerances():
    # 0.5 m across: one vertical line; 0.3 m in height: level
    assert pattern_from_points([("W", 0.0, 5.0), ("W", 0.5, 9.0)]).columns == (("W", "W"),)
    assert pattern_from_points([("W", 0.0, 5.0), ("W", 0.51, 9.0)]).columns == (("W",), ("W",))
    assert pattern_from_points([("G", 0.0, 5.0), ("R", 9.0, 5.3)]).relations == ("=",)
    assert pattern_from_points([("G", 0.0, 5.0), ("R", 9.0, 5.31)]).relations == ("<",)


def test_arrange_keeps_extra_members():
    cols, levels = arrange([("W", 1.0, 2.0, "masthead"), ("G", -3.0, 1.0, "sidelight-starboard")])
    assert [[p[3] for p in c] for c in cols] == [["sidelight-starboard"], ["masthead"]]
    assert levels == [[0], [1]]


def test_json_forms():
    lights = [{"colour": "white", "offset_m": 0, "height_m": 12}, {"colour": "red", "offset_m": 4, "height_m": 6}]
    want = (("W",), ("R",))
    assert pattern_from_json({"lights": lights}).columns == want
    assert pattern_from_json(lights).columns == want                       # a bare list
    assert pattern_from_json(json.dumps({"lights": lights})).columns == want
    assert as_pattern(json.dumps(lights)).columns == want
    assert pattern_from_json({"lights": [{"colour": "W", "offset_m": 0, "height_m": 1}]}).columns == (("W",),)
    day = pattern_from_json({"shapes": [{"shape": "ball", "offset_m": 0, "height_m": 8},
                                        {"shape": "ball", "offset_m": 0, "height_m": 10}]})
    assert day.period == "day" and day.columns == (("ball", "ball"),)
    assert pattern_from_json({"shapes": [{"shape": "D", "colour": "white", "offset_m": 0, "height_m": 8}]}
                             ).columns == (("white-diamond",),)
    # tolerances may be given
    wide = {"lights": [{"colour": "W", "offset_m": 0, "height_m": 5}, {"colour": "W", "offset_m": 2, "height_m": 9}],
            "column_tol_m": 3.0}
    assert pattern_from_json(wide).columns == (("W", "W"),)


def test_a_picture_from_view_reads_as_its_items():
    d = api.display({"propulsion": "power", "length": "200 ft"}, "intl-1960")
    p = api.view(d, 0, 1.0)
    # dead ahead: both sidelights (Rule 2(a)(iv), (v) arcs meet at 0), masthead lights in line above
    assert as_pattern(p).notation() == "G < W/W > R"
    assert as_pattern(p.to_dict()).notation() == "G < W/W > R"             # its JSON too


@pytest.mark.parametrize("data,piece", [
    ({"lights": [{"colour": "purple", "offset_m": 0, "height_m": 1}]}, "picture.lights[0].colour: 'purple'"),
    ({"lights": [{"colour": "white", "height_m": 1}]}, "picture.lights[0].offset_m: missing"),
    ({"lights": [{"colour": "white", "offset_m": "x", "height_m": 1}]}, "picture.lights[0].offset_m: 'x' is not"),
    ({"lights": [{"colour": "white", "offset_m": 0, "height_m": 1, "size": 2}]}, "unknown key(s) size"),
    ({"shapes": [{"shape": "star", "offset_m": 0, "height_m": 1}]}, "picture.shapes[0].shape: 'star'"),
    ({"lights": [], "shapes": []}, "exactly one of"),
    ({"boats": []}, "unknown key(s) boats"),
    ({"lights": []}, "no lights or shapes"),
    ("{not json", "malformed JSON"),
    (42, "cannot read a value of type 'int'"),
])
def test_json_errors(data, piece):
    with pytest.raises(NotationError) as e:
        as_pattern(data) if not isinstance(data, str) else pattern_from_json(data)
    assert piece in str(e.value) and "\n" not in str(e.value)


def test_reductions_for_near_matches():
    p = parse_notation("G < W/W > R")
    # without the green: the whites and the red keep their relation
    assert p.without(0, 0).notation() == "W/W > R"
    # without the middle column: G < X > R says nothing of G against R
    q = parse_notation("G < W > R").without(1, 0)
    assert q.notation() == "G R" and q.relations == (None,)
    # G < W < R -> G < R
    assert parse_notation("G < W < R").without(1, 0).relations == ("<",)
    # taking the lowest light of a line away leaves its heights unknown
    assert parse_notation("W/W > R").without(0, 0).relations == (None,)
    assert parse_notation("W/W").with_token(0, 1, "Y").notation() == "Y/W"


def test_pattern_checks_its_shape():
    with pytest.raises(ValueError):
        Pattern("night", (("W",), ("R",)), ())
