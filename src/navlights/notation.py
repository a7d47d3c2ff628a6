"""The picture notation: lights (or shapes) seen, typed by a person or given as JSON, and its canonical form.

A person types what she saw, left to right::

    W                  a white light
    W/W/W R            three white lights in a vertical line, a red light to the right
    R/G                a red light over a green one (a vertical line is named top first)
    W > W              two white lights, the left one higher: the lower one is to the right
    W > G < W          white, green, white; the green lower than both
    G < W/W > R        a vertical line of two whites, a green below on the left, a red below on the right
    O/O                by day: two black balls in a vertical line
    red-ball/white-diamond/red-ball     by day: red ball over white diamond over red ball

Grammar (case does not matter)::

    picture  = column { sep column }          left to right as you see them
    sep      = space(s) | "," | "<" | ">" | "="
    column   = item { "/" item }              a vertical line, TOP FIRST ("over")
    item     = W | R | G | Y | B              white, red, green, yellow, blue light
             | white | red | green | yellow | blue
             | light "*" | light "f"         a flashing light: 'Y*' (or 'Yf'), printed 'Y*'
             | [colour "-"] shape             a shape by day; black unless a colour is given
    shape    = O | ball | D | diamond | ^ | cone-up | V | cone-down | X | double-cone
             | cylinder | basket

Heights between separate columns are optional: ``A < B`` says the lowest light of column A
stands lower than the lowest light of column B, ``A > B`` higher, ``A = B`` level; a plain
space or comma says nothing about their heights. A picture is all lights (night) or all
shapes (day).

For programs, the JSON form gives coordinates instead (metres, as ``view --json`` prints
them)::

    {"lights": [{"colour": "white", "offset_m": 0.0, "height_m": 12.0},
                {"colour": "red", "offset_m": 4.0, "height_m": 6.0}]}
    {"shapes": [{"shape": "ball", "colour": "black", "offset_m": 0, "height_m": 8}]}

``offset_m`` is across the line of sight, + to the observer's right; ``height_m`` above the
water. Lights within ``column_tol_m`` (0.5 m) of each other across the line of sight stand in
one vertical line; heights within ``level_tol_m`` (0.3 m) are level; both may be given at the
top level. The ``items`` of a picture (``navlights view --json``) are accepted as they are.

Canonical form: a :class:`Pattern` holds the columns left to right (each bottom to top, as
tokens) and the relation between each pair of neighbouring columns ('<', '>', '=' or None for
"not said"). Its :meth:`Pattern.notation` writes it back in this notation, and
``parse_notation(p.notation()) == p``.

>>> p = parse_notation("W/W/W R")
>>> p.columns, p.relations
((('W', 'W', 'W'), ('R',)), (None,))
>>> parse_notation("w > g < w").notation()
'W > G < W'
>>> parse_notation("red-ball / white-diamond / red-ball").notation()
'red-ball/white-diamond/red-ball'
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Sequence

from . import jsoninput
from .errors import NotationError, excerpt

#: Lights within this distance across the line of sight stand in one vertical line (as in the view).
COLUMN_TOL_M = 0.5
#: Heights within this of each other are level (as in the view).
LEVEL_TOL_M = 0.3

LIGHT_LETTERS = {"white": "W", "red": "R", "green": "G", "yellow": "Y", "blue": "B"}
LETTER_COLOURS = {v: k for k, v in LIGHT_LETTERS.items()}
SHAPES = ("ball", "diamond", "cone-up", "cone-down", "double-cone", "cylinder", "basket", "flag")
SHAPE_SYMBOLS = {"o": "ball", "d": "diamond", "^": "cone-up", "v": "cone-down", "x": "double-cone"}
#: Shapes whose names alone, side by side, read in plain words as a hoist (notation_words._SHAPE_RUN).
_HOISTED = frozenset({"ball", "diamond", "cylinder", "basket"})
SHAPE_COLOURS = ("black", "white", "red", "green", "yellow", "blue", "white-blue")
_COLOUR_LETTERS_ANY = {"w": "white", "r": "red", "g": "green", "y": "yellow", "b": "blue", "k": "black"}
RELATIONS = ("<", ">", "=")
#: The mark after a light's letter for a flashing light: 'Y*' (typed 'Yf' also).
FLASHING_MARK = "*"
PERIODS = ("night", "day")

NOTATION_HELP = (
    "Type the lights left to right as you see them. Colours: W white, R red, G green, Y yellow, B blue. "
    "A flashing light takes a '*' (or 'f') after its letter: 'Y*' a flashing yellow light. "
    "A vertical line is written top first with '/': 'W/W/W' three white lights one above another, 'R/G' "
    "red over green. Separate lights or lines are divided by spaces (or commas). Heights between "
    "neighbours are optional: 'W > W' the left one higher (the lower one to the right), 'W < G' the left "
    "one lower, 'G = R' level (the lowest light of each line is compared). Examples: 'W' (a single white "
    "light), 'W/W/W R' (three whites in a vertical line, a red to the right), 'G < W/W > R'. By day, "
    "shapes: O ball, D diamond, ^ cone point up, V cone point down, X double cone, cylinder, basket, flag; "
    "black unless a colour is put before, e.g. 'red-ball/white-diamond/red-ball', 'O/O', 'white-blue-flag'.")

_ALLOWED = ("lights W R G Y B (white red green yellow blue), '*' or 'f' after one for flashing (Y*); shapes O ball, D diamond, ^ cone-up, V cone-down, "
            "X double-cone, cylinder, basket, flag, black unless prefixed e.g. red-ball; '/' between the lights of a "
            "vertical line (top first); space or ',' between separate lights, left to right; '<' '>' '=' "
            "between them for their heights")

_SHAPE_RE = re.compile(
    r"(?:(?P<colour>white-blue|white|red|green|yellow|blue|black|[wrgybk])-)?"
    r"(?P<shape>ball|diamond|cone-up|cone-down|double-cone|cylinder|basket|flag|[od^vx])(?![a-z0-9^-])",
    re.IGNORECASE)
_LIGHT_RE = re.compile(r"(?P<colour>white|red|green|yellow|blue|[wrgyb])(?P<flash>\*|f(?![a-z0-9^-]))?(?![a-z0-9^-])",
                       re.IGNORECASE)
_WORD_RE = re.compile(r"[a-z0-9^-]+", re.IGNORECASE)


# ------------------------------------------------------------------------------------------
# Tokens


def light_token(colour: str, character: str = "fixed") -> str:
    """'white' -> 'W'; ('yellow', 'flashing') -> 'Y*'; a colour with no letter keeps its name."""
    tok = LIGHT_LETTERS.get(colour, colour)
    return tok + FLASHING_MARK if character == "flashing" else tok


def is_flashing(token: str) -> bool:
    """'Y*' -> True: the token of a flashing light."""
    return token.endswith(FLASHING_MARK)


def toggle_flashing(token: str) -> str:
    """'Y' -> 'Y*', 'Y*' -> 'Y': the same light, its character read otherwise."""
    return token[:-1] if is_flashing(token) else token + FLASHING_MARK


def shape_token(shape: str, colour: str = "black") -> str:
    """('ball', 'black') -> 'ball'; ('diamond', 'white') -> 'white-diamond'."""
    return shape if colour in ("black", None, "") else f"{colour}-{shape}"


def token_of(what: str, colour: str, canonical: str, character: str = "fixed") -> str:
    """The notation token of a display item or a seen light/shape ('Y*' for a flashing yellow light)."""
    if what == "shape":
        return shape_token(canonical, colour)
    return light_token(colour, character)


def token_period(token: str) -> str:
    """'night' for a light token, 'day' for a shape token."""
    return "day" if any(token == s or token.endswith("-" + s) for s in SHAPES) else "night"


def token_words(token: str) -> str:
    """'W' -> 'white light'; 'Y*' -> 'flashing yellow light'; 'red-ball' -> 'red ball'; 'diamond' -> 'black diamond'."""
    if is_flashing(token):
        return "flashing " + token_words(token[:-1])
    if token in LETTER_COLOURS:
        return f"{LETTER_COLOURS[token]} light"
    if token_period(token) == "day":
        for s in SHAPES:
            if token == s:
                return f"black {s.replace('-', ' ')}"
            if token.endswith("-" + s):
                return f"{token[: -len(s) - 1]} {s.replace('-', ' ')}"
    return f"{token} light"


# ------------------------------------------------------------------------------------------
# The pattern


@dataclass(frozen=True, slots=True)
class Pattern:
    """A picture reduced to what identification compares: columns, their order, their heights.

    ``columns``: left to right; each a tuple of tokens bottom to top.
    ``relations``: between column k and k+1: '<' (k's lowest light lower), '>' (higher), '=' (level),
    or None (not said).
    ``levels``: where the picture came with heights, every light's height rank (0 lowest; equal
    within ``LEVEL_TOL_M``), shaped like ``columns``; None for typed notation.
    """

    period: str
    columns: tuple[tuple[str, ...], ...]
    relations: tuple[str | None, ...]
    levels: tuple[tuple[int, ...], ...] | None = None
    source: str = "notation"
    said: str | None = field(default=None, compare=False)   # the words typed, where in plain language ("words")
    note: str | None = field(default=None, compare=False)   # what the words said that the notation cannot hold

    def __post_init__(self) -> None:
        if len(self.relations) != max(len(self.columns) - 1, 0):
            raise ValueError("relations must stand between neighbouring columns")

    @property
    def complete(self) -> bool:
        """Every neighbouring pair's heights are said."""
        return all(r is not None for r in self.relations)

    @property
    def size(self) -> int:
        """The number of lights (or shapes)."""
        return sum(len(c) for c in self.columns)

    def key(self) -> tuple[Any, ...]:
        """What equal pictures share: (period, columns, relations)."""
        return (self.period, self.columns, self.relations)

    def bag(self) -> tuple[str, ...]:
        """The tokens, sorted: the picture without its arrangement."""
        return tuple(sorted(t for c in self.columns for t in c))

    def notation(self) -> str:
        """The picture in the notation (columns top first, relations between them). Shapes side by side that
        would read as a hoist in plain words ('ball diamond ball', notation_words.py) are parted by commas."""
        out = []
        plain = "," if (self.period == "day" and len(self.columns) > 1 and not any(self.relations)
                        and all(len(c) == 1 and c[0] in _HOISTED for c in self.columns)) else ""
        for k, col in enumerate(self.columns):
            if k:
                r = self.relations[k - 1]
                out.append(f" {r} " if r else f"{plain} ")
            out.append("/".join(reversed(col)))
        return "".join(out)

    def describe(self) -> str:
        """The pattern in words: 'three white lights in a vertical line; then a red light, lower'."""
        parts = []
        for k, col in enumerate(self.columns):
            if len(col) == 1:
                words = _article(token_words(col[0]))
            elif len(set(col)) == 1:
                words = f"{_count(len(col))} {token_words(col[0])}s in a vertical line"
            else:
                words = " over ".join(_article(token_words(t)) for t in reversed(col)) + ", in a vertical line"
            if k:
                rel = {"<": ", higher", ">": ", lower", "=": ", level", None: ""}[self.relations[k - 1]]
                words = f"then {words}{rel}"
            parts.append(words)
        return "; ".join(parts)

    def matches(self, columns: tuple[tuple[str, ...], ...], relations: tuple[str | None, ...]) -> bool:
        """True if a full picture (columns, relations) is what this pattern says."""
        if columns != self.columns:
            return False
        return all(q is None or q == r for q, r in zip(self.relations, relations))

    def without(self, col: int, k: int) -> "Pattern":
        """The pattern with the k-th light (from the bottom) of column ``col`` taken away."""
        cols = [list(c) for c in self.columns]
        lv = [list(c) for c in self.levels] if self.levels is not None else None
        del cols[col][k]
        if lv is not None:
            del lv[col][k]
        rels: list[str | None] = list(self.relations)
        if not cols[col]:
            del cols[col]
            if lv is not None:
                del lv[col]
            if lv is None:
                if 0 < col < len(self.columns) - 1:
                    rels[col - 1:col + 1] = [_combine(rels[col - 1], rels[col])]
                elif col == 0:
                    rels = rels[1:]
                else:
                    rels = rels[:-1]
        elif k == 0 and lv is None:          # the column's lowest light changed: its heights are unknown
            if col > 0:
                rels[col - 1] = None
            if col < len(rels):
                rels[col] = None
        columns = tuple(tuple(c) for c in cols)
        if lv is not None:
            levels = tuple(tuple(c) for c in lv)
            rels = list(relations_from_levels(levels))
            return Pattern(self.period, columns, tuple(rels), levels, self.source)
        return Pattern(self.period, columns, tuple(rels), None, self.source)

    def with_token(self, col: int, k: int, token: str) -> "Pattern":
        """The pattern with one light's token replaced (colour doubt)."""
        cols = [list(c) for c in self.columns]
        cols[col][k] = token
        return Pattern(self.period, tuple(tuple(c) for c in cols), self.relations, self.levels, self.source)

    def lights(self) -> Iterable[tuple[int, int, str]]:
        """(column, index from the bottom, token) of every light."""
        for ci, c in enumerate(self.columns):
            for k, t in enumerate(c):
                yield ci, k, t

    def to_dict(self) -> dict[str, Any]:
        return {"period": self.period, "notation": self.notation(), "words": self.describe(),
                "columns": [list(reversed(c)) for c in self.columns],
                "relations": list(self.relations), "source": self.source, "said": self.said, "note": self.note}


def _article(words: str) -> str:
    return ("an " if words[:1] in "aeiou" else "a ") + words


def _count(n: int) -> str:
    return {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}.get(n, str(n))


def _combine(a: str | None, b: str | None) -> str | None:
    """The relation of A to C from A?B and B?C, where it follows."""
    if a is None or b is None:
        return None
    if a == "=":
        return b
    if b == "=" or a == b:
        return a
    return None


def relations_from_levels(levels: Sequence[Sequence[int]]) -> tuple[str, ...]:
    """'<', '>' or '=' between neighbouring columns, from their lowest lights' height ranks."""
    out = []
    for a, b in zip(levels, levels[1:]):
        x, y = a[0], b[0]
        out.append("<" if x < y else ">" if x > y else "=")
    return tuple(out)


# ------------------------------------------------------------------------------------------
# From text


def _fail(text: str, pos: int, what: str) -> NotationError:
    where = f" at position {pos + 1}" if pos >= 0 else ""
    return NotationError(f"notation: {what}{where} in {excerpt(text)}; allowed: {_ALLOWED}", field="notation",
                         value=text, allowed=_ALLOWED)


def _skip(text: str, p: int) -> int:
    """The first position from ``p`` on that is not whitespace (``len(text)`` at the end)."""
    n = len(text)
    while p < n and text[p].isspace():
        p += 1
    return p


def _read_item(text: str, pos: int) -> tuple[str, int]:
    """The light or shape that starts at ``pos`` -> (its token, the position after it)."""
    m = _SHAPE_RE.match(text, pos)
    if m:
        colour = m.group("colour")
        colour = _COLOUR_LETTERS_ANY.get(colour.lower(), colour.lower()) if colour else "black"
        shape = m.group("shape").lower()
        shape = SHAPE_SYMBOLS.get(shape, shape)
        return shape_token(shape, colour), m.end()
    m = _LIGHT_RE.match(text, pos)
    if m:
        c = m.group("colour").lower()
        return light_token(_COLOUR_LETTERS_ANY.get(c, c), "flashing" if m.group("flash") else "fixed"), m.end()
    w = _WORD_RE.match(text, pos)
    if w:
        raise _fail(text, pos, f"unknown light or shape {excerpt(w.group(0))}")
    raise _fail(text, pos, f"unexpected character {text[pos]!r}")


def parse_notation(text: str) -> Pattern:
    """A typed picture -> :class:`Pattern`; a one-line :class:`NotationError` naming what is wrong.

    >>> parse_notation("W/W/W > R").notation()
    'W/W/W > R'
    >>> parse_notation("W W%")
    Traceback (most recent call last):
    ...
    navlights.errors.NotationError: notation: unexpected character '%' at position 4 in 'W W%'; allowed: ...
    """
    if not isinstance(text, str):
        raise NotationError(f"notation: expected text, got {type(text).__name__}", field="notation",
                            value=text, allowed=_ALLOWED)
    from .notation_words import NotPlain, from_words, is_plain
    if is_plain(text):
        try:
            words = from_words(text)
        except NotPlain as e:
            raise NotationError(f"notation: {e} in {excerpt(text)}; say it as 'red over white over red', "
                                f"'green and red', 'two whites, the left one lower', 'ball diamond ball', or in "
                                f"the notation; allowed: {_ALLOWED}", field="notation", value=text,
                                allowed=_ALLOWED) from None
        return replace(_parse(words.notation), source="words", said=" ".join(text.split()), note=words.note)
    return _parse(text)


def _parse(text: str) -> Pattern:
    """The notation itself (parse_notation, once plain language is read)."""
    n = len(text)
    columns: list[list[str]] = []
    relations: list[str | None] = []
    current: list[str] = []
    expect_item = True          # at the start, after '/', after a separator
    pos = _skip(text, 0)
    if pos >= n:
        raise NotationError(f"notation: empty; type the lights seen, e.g. 'W' or 'W/W/W R'; allowed: {_ALLOWED}",
                            field="notation", value=text, allowed=_ALLOWED)
    while True:
        pos = _skip(text, pos)
        if pos >= n:
            if expect_item:
                end = len(text.rstrip())
                raise NotationError(f"notation: '{text.rstrip()[-1]}' at position {end} ends the picture in "
                                    f"{excerpt(text)}; a light or shape must follow it; allowed: {_ALLOWED}",
                                    field="notation", value=text, allowed=_ALLOWED)
            break
        if expect_item:
            tok, pos = _read_item(text, pos)
            current.append(tok)
            expect_item = False
            continue
        # after an item: '/', a relation, ',', whitespace then an item, or the end
        ch = text[pos]
        had_space = pos > 0 and text[pos - 1].isspace()
        if ch == "/":
            pos += 1
            expect_item = True
            continue
        if ch in "<>=,":
            if ch == ",":
                rel = None
            else:
                rel = ch
            columns.append(current)
            current = []
            relations.append(rel)
            pos = _skip(text, pos + 1)
            if pos < n and text[pos] in "<>=,/":
                raise _fail(text, pos, f"{text[pos]!r} after {ch!r}: a light or shape must come between them")
            expect_item = True
            continue
        if had_space:
            columns.append(current)
            current = []
            relations.append(None)
            expect_item = True
            continue
        raise _fail(text, pos, f"unexpected character {ch!r}")
    columns.append(current)
    periods = {token_period(t) for c in columns for t in c}
    if len(periods) > 1:
        raise NotationError(f"notation: {excerpt(text)} mixes lights and shapes; a picture is lights (night) or shapes "
                            "(day), not both", field="notation", value=text, allowed=_ALLOWED)
    cols = tuple(tuple(reversed(c)) for c in columns)       # typed top first, kept bottom to top
    return Pattern(periods.pop(), cols, tuple(relations))


# ------------------------------------------------------------------------------------------
# From coordinates


def _level_with_any(height: float, column: Sequence[Sequence[Any]], level_tol_m: float) -> bool:
    """The height is level (within ``level_tol_m``) with some point of the column."""
    return any(abs(height - q[2]) <= level_tol_m for q in column)


def arrange(points: Iterable[Sequence[Any]], *, column_tol_m: float = COLUMN_TOL_M,
            level_tol_m: float = LEVEL_TOL_M) -> tuple[list[list[Sequence[Any]]], list[list[int]]]:
    """Points ``(token, offset_m, height_m, ...)`` -> their columns (left to right, each bottom to top)
    and every point's height rank, shaped like the columns.

    Columns: sorted by offset (then height), a point within ``column_tol_m`` of the last one of a
    column joins it, unless it stands level (within ``level_tol_m``) with a point already in it:
    lights at one height side by side are not a vertical line (a combined lantern seen from right
    ahead is green and red level, not red over green). Levels: heights sorted, a height within
    ``level_tol_m`` of the one below is level with it. Extra members of a point (a role) ride along.
    """
    pts = sorted(points, key=lambda p: (p[1], p[2], p[0]))
    cols: list[list[Sequence[Any]]] = []
    last = -math.inf
    for p in pts:
        if cols and p[1] - last <= column_tol_m and not _level_with_any(p[2], cols[-1], level_tol_m):
            cols[-1].append(p)
        else:
            cols.append([p])
        last = p[1]
    rank: dict[float, int] = {}
    lvl = -1
    prev = -math.inf
    for h in sorted({p[2] for p in pts}):
        if h - prev > level_tol_m:
            lvl += 1
        rank[h] = lvl
        prev = h
    for c in cols:
        c.sort(key=lambda p: (p[2], p[0]))
    return cols, [[rank[p[2]] for p in c] for c in cols]


def pattern_from_points(points: Iterable[Sequence[Any]], period: str | None = None, *,
                        column_tol_m: float = COLUMN_TOL_M, level_tol_m: float = LEVEL_TOL_M,
                        source: str = "json") -> Pattern:
    """``(token, offset_m, height_m)`` for each light seen -> :class:`Pattern`, with every height rank.

    The rule is :func:`arrange`'s; the identification index reduces the view's pictures by the
    same function, so a picture from :func:`navlights.view` is read exactly as the index was built.
    """
    pts = list(points)
    if not pts:
        raise NotationError("picture: no lights or shapes; give at least one", field="picture", value=[],
                            allowed="one or more lights or shapes")
    periods = {token_period(p[0]) for p in pts}
    if len(periods) > 1:
        raise NotationError("picture: mixes lights and shapes; a picture is lights (night) or shapes (day)",
                            field="picture", value=None, allowed="lights or shapes, not both")
    per = period or periods.pop()
    cols, levels = arrange(pts, column_tol_m=column_tol_m, level_tol_m=level_tol_m)
    lv = tuple(tuple(c) for c in levels)
    return Pattern(per, tuple(tuple(p[0] for p in c) for c in cols), relations_from_levels(lv), lv, source)


def _num(v: Any, where: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise NotationError(f"{where}: {excerpt(v)} is not a number; allowed: metres, e.g. 4.5", field=where, value=v,
                            allowed="a number of metres")
    x = float(v)
    if not math.isfinite(x):
        raise NotationError(f"{where}: {excerpt(v)} is not a finite number", field=where, value=v, allowed="a finite number")
    return x


def _colour(v: Any, where: str, allowed: Sequence[str]) -> str:
    if not isinstance(v, str):
        raise NotationError(f"{where}: {excerpt(v)} is not a colour; allowed: {', '.join(allowed)}", field=where,
                            value=v, allowed=", ".join(allowed))
    c = v.strip().lower()
    c = _COLOUR_LETTERS_ANY.get(c, c)
    if c not in allowed:
        raise NotationError(f"{where}: {excerpt(v)} is not a colour; allowed: {', '.join(allowed)} (or their first "
                            "letters)", field=where, value=v, allowed=", ".join(allowed))
    return c


def pattern_from_json(data: Any) -> Pattern:
    """The JSON form (``{"lights": [...]}``, ``{"shapes": [...]}``, a bare list, or a picture's
    ``{"items": [...]}``) -> :class:`Pattern`."""
    if isinstance(data, str):
        try:
            data = jsoninput.loads(data, "picture", NotationError)
        except json.JSONDecodeError as e:
            raise NotationError(f"picture: malformed JSON at line {e.lineno} column {e.colno}: {e.msg}",
                                field="picture", value=data, allowed="a JSON object or list") from None
    col_tol, lvl_tol = COLUMN_TOL_M, LEVEL_TOL_M
    if isinstance(data, Mapping):
        unknown = set(data) - {"lights", "shapes", "items", "column_tol_m", "level_tol_m", "period"}
        if "items" in data:
            unknown = set()                  # a whole picture from `view --json`: its other keys are ignored
        if unknown:
            raise NotationError(f"picture: unknown key(s) {', '.join(sorted(unknown))}; allowed: lights, shapes, "
                                "items, column_tol_m, level_tol_m", field="picture", value=sorted(unknown),
                                allowed="lights, shapes, items, column_tol_m, level_tol_m")
        if "column_tol_m" in data:
            col_tol = _num(data["column_tol_m"], "picture.column_tol_m")
        if "level_tol_m" in data:
            lvl_tol = _num(data["level_tol_m"], "picture.level_tol_m")
        keys = [k for k in ("lights", "shapes", "items") if k in data]
        if len(keys) != 1:
            raise NotationError("picture: give exactly one of 'lights', 'shapes' or 'items'", field="picture",
                                value=keys, allowed="lights, shapes or items")
        key = keys[0]
        entries = data[key]
    elif isinstance(data, list):
        key, entries = "lights", data
    else:
        raise NotationError(f"picture: expected a JSON object or list, got {type(data).__name__}", field="picture",
                            value=data, allowed="a JSON object or list")
    if not isinstance(entries, list):
        raise NotationError(f"picture.{key}: expected a list", field=f"picture.{key}", value=entries,
                            allowed="a list of lights or shapes")
    points = []
    for k, ent in enumerate(entries):
        where = f"picture.{key}[{k}]"
        if not isinstance(ent, Mapping):
            raise NotationError(f"{where}: expected an object with colour, offset_m and height_m", field=where,
                                value=ent, allowed="an object")
        is_shape = key == "shapes" or (key == "items" and ent.get("what") == "shape") or "shape" in ent
        if key != "items":
            ok = {"colour", "offset_m", "height_m", "shape", "role", "character"}
            bad = set(ent) - ok
            if bad:
                raise NotationError(f"{where}: unknown key(s) {', '.join(sorted(bad))}; allowed: "
                                    f"{', '.join(sorted(ok))}", field=where, value=sorted(bad),
                                    allowed=", ".join(sorted(ok)))
        for need in ("offset_m", "height_m"):
            if need not in ent:
                raise NotationError(f"{where}.{need}: missing; give it in metres", field=f"{where}.{need}",
                                    value=None, allowed="a number of metres")
        off = _num(ent["offset_m"], f"{where}.offset_m")
        h = _num(ent["height_m"], f"{where}.height_m")
        if is_shape:
            shape = ent.get("shape", ent.get("canonical"))
            s = SHAPE_SYMBOLS.get(str(shape).lower(), str(shape).lower()) if shape is not None else None
            if s not in SHAPES:
                raise NotationError(f"{where}.shape: {excerpt(shape)} is not a shape; allowed: {', '.join(SHAPES)}",
                                    field=f"{where}.shape", value=shape, allowed=", ".join(SHAPES))
            colour = _colour(ent.get("colour", "black"), f"{where}.colour", SHAPE_COLOURS)
            tok = shape_token(s, colour)
        else:
            if "colour" not in ent:
                raise NotationError(f"{where}.colour: missing; allowed: {', '.join(LIGHT_LETTERS)}",
                                    field=f"{where}.colour", value=None, allowed=", ".join(LIGHT_LETTERS))
            character = ent.get("character", "fixed")
            if character not in ("fixed", "flashing"):
                raise NotationError(f"{where}.character: {excerpt(character)} is not allowed; allowed: fixed, flashing",
                                    field=f"{where}.character", value=character, allowed="fixed, flashing")
            tok = light_token(_colour(ent["colour"], f"{where}.colour", tuple(LIGHT_LETTERS)), character)
        points.append((tok, off, h))
    return pattern_from_points(points, column_tol_m=col_tol, level_tol_m=lvl_tol, source="json")


def pattern_from_picture(picture: Any) -> Pattern:
    """A :class:`navlights.engines.view.Picture` -> its :class:`Pattern` (as the index reduces it)."""
    pts = [(token_of(i.what, i.colour, i.canonical, getattr(i, "character", "fixed")), i.offset_m, i.height_m)
           for i in picture.items]
    if not pts:
        raise NotationError("picture: nothing is seen in this picture; nothing to identify", field="picture",
                            value=[], allowed="a picture with at least one light or shape")
    return pattern_from_points(pts, picture.period, source="picture")


def as_pattern(picture: Any) -> Pattern:
    """Anything identify accepts -> :class:`Pattern`: notation text, JSON text, a JSON-ready object,
    a :class:`navlights.engines.view.Picture`, or a :class:`Pattern`."""
    if isinstance(picture, Pattern):
        return picture
    if isinstance(picture, str):
        s = picture.strip()
        if s[:1] in ("{", "["):
            return pattern_from_json(s)
        return parse_notation(picture)
    if isinstance(picture, (Mapping, list)):
        return pattern_from_json(picture)
    if hasattr(picture, "items") and hasattr(picture, "period") and hasattr(picture, "aspect_deg"):
        return pattern_from_picture(picture)
    raise NotationError(f"picture: cannot read a value of type '{type(picture).__name__}'; give notation text "
                        "(e.g. 'W/W R'), JSON with lights, or a picture from view()", field="picture", value=repr(picture),
                        allowed="notation text, JSON, or a Picture")
