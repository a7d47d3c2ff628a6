"""Plain-language sightings ("red over white over red", "green and red", "ball diamond ball") -> the notation.

A look-out says what she saw in words; this reads the words a watchkeeper uses into the notation of
docs/identify.md, which is then read as typed notation is, and echoed back so the user can check it:

- colours (``white``, ``reds``, ``flashing yellow``) and shapes (``ball``, ``diamond``, ``cone point up``,
  ``cone point down``, ``two cones point to point``, ``cylinder``, ``basket``), with counts (``a``, ``one`` ...
  ``four``) and the filler words ``light(s)``, ``all-round``, ``the``;
- ``over`` / ``above`` (and ``under`` / ``below``) stack into a vertical line, top first; ``in a vertical
  line`` (``vertically``, ``one above the other``) puts a counted group in one; a run of shape words alone
  (``ball diamond ball``) is a vertical line too, as a day signal is hoisted;
- ``and``, ``then``, ``,`` separate lights left to right;
- ``the left (right) one lower (higher)`` says the heights of two side by side. ``the forward (after) one lower``
  is kept as a note: the notation has no fore and aft, and only which side the forward light is on tells her
  heading.

Only the standard library; nothing of navlights is imported (notation.py calls :func:`from_words`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_COUNTS = {"a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "pair": 2, "three": 3, "four": 4}
_COLOURS = {"white": "W", "red": "R", "green": "G", "yellow": "Y", "blue": "B"}
_SHAPES = {"ball": "O", "diamond": "D", "cylinder": "cylinder", "basket": "basket"}
_FILLER = {"light", "lights", "all-round", "allround", "the", "of", "seen", "i", "see", "saw", "showing"}
_VERTICAL = re.compile(r"\b(in a vertical line|vertically|in a column|one above (the )?other|stacked)\b")
_HEIGHTS = re.compile(r"\bthe (left|right|forward|after|aft|lower|upper|higher)(?: one| light)? (?:is )?"
                      r"(lower|higher)\b")
_SEPARATORS = re.compile(r"\s*(?:,|;|\band then\b|\bthen\b|\band\b|\bbeside\b|\bwith\b)\s*")
#: Words that make a text plain language rather than notation (notation has letters and symbols only).
_PLAIN = re.compile(r"(?<![-\w])(over|above|under|below|beneath|and|then|with|beside|a|an|one|two|three|four|whites|reds|"
                    r"greens|yellows|blues|lights?|balls|diamonds|cones?|cylinders|baskets|forward|lower|higher|"
                    r"vertical|vertically|flashing|point|apex|black)(?![-\w])|(?<![-\w])(white|red|green|yellow|blue) "
                    r"(ball|diamond|cylinder|basket)\b")
_SHAPE_RUN = re.compile(r"^(?:(?:black\s+)?(?:ball|diamond|cylinder|basket)\s*){2,}$")


@dataclass(frozen=True, slots=True)
class Words:
    """A sighting in words, read: the notation it stands for, and a note on what the notation cannot hold."""

    notation: str
    note: str | None = None


class NotPlain(ValueError):
    """The words could not be read; the message names the word."""


def is_plain(text: str) -> bool:
    """The text is in words (a watchkeeper's), not in the notation."""
    t = text.strip().lower()
    if any(c in t for c in "/<>=*^"):
        return False
    return bool(_PLAIN.search(t) or _SHAPE_RUN.match(" ".join(t.split())))


def from_words(text: str) -> Words:
    """'red over white over red' -> Words('R/W/R'); NotPlain naming a word that is not understood.

    >>> from_words("red over white over red").notation
    'R/W/R'
    >>> from_words("green and red").notation
    'G R'
    >>> from_words("ball diamond ball").notation
    'O/D/O'
    >>> from_words("two whites, the left one lower").notation
    'W < W'
    """
    t = " ".join(text.strip().lower().replace("-", " - ").split()).replace(" - ", "-")
    t = re.sub(r"\b(point|apex) (up|upwards|upward)\b", "pointup", t)
    t = re.sub(r"\b(point|apex) (down|downwards|downward)\b", "pointdown", t)
    t = re.sub(r"\b(two )?cones,? (points?|apex(es)?) (together|to (point|apex))\b", "doublecone", t)
    if _SHAPE_RUN.match(t):
        return Words("/".join(_SHAPES[w] for w in t.split() if w != "black"))
    note = None
    rel = None
    m = _HEIGHTS.search(t)
    if m:
        which, how = m.group(1), m.group(2)
        t = (t[: m.start()] + t[m.end():]).strip(" ,;")
        if which in ("left", "right"):
            rel = "<" if (which == "left") == (how == "lower") else ">"
        else:
            fore = "forward" if which in ("forward", "lower", "upper") else "after"
            note = (f"the {fore} one {how}: the notation has no fore and aft; say which side it is on "
                    "('the left one lower') to read her heading")
    columns = [c for part in _SEPARATORS.split(t) if part.strip() for c in _column(part)]
    if not columns:
        raise NotPlain(f"no light or shape named in {text!r}")
    if rel is not None and len(columns) != 2:
        raise NotPlain(f"'the left one lower' compares two lights side by side; {len(columns)} were named")
    sep = f" {rel} " if rel else " "
    return Words(sep.join(columns), note)


def _column(part: str) -> list[str]:
    """One part between separators -> its columns (a counted group side by side makes several)."""
    vertical = bool(_VERTICAL.search(part))
    part = _VERTICAL.sub(" ", part)
    stacks = re.split(r"\s+(?:over|above)\s+", part)
    if len(stacks) == 1:
        under = re.split(r"\s+(?:under|below|beneath)\s+", part)
        stacks = list(reversed(under))
    if len(stacks) > 1:
        return ["/".join(t for s in stacks for t in _items(s))]
    items = _items(part)
    return ["/".join(items)] if vertical and items else items


def _items(words: str) -> list[str]:
    """'two whites' -> ['W', 'W']; 'flashing yellow' -> ['Y*']; 'red ball' -> ['red-ball']."""
    out: list[str] = []
    count, colour, flashing = 1, None, False
    for w in words.split():
        if w in _FILLER:
            continue
        if w in _COUNTS:
            count = _COUNTS[w]
            continue
        if w == "flashing":
            flashing = True
            continue
        base = w[:-1] if w.endswith("s") and w[:-1] in (*_COLOURS, *_SHAPES, "cone") else w
        if base == "black":
            colour = "black"
            continue
        if base in _COLOURS and colour is None and not _shape_follows(words, w):
            out += [_COLOURS[base] + ("*" if flashing else "")] * count
            count, flashing = 1, False
            continue
        if base in _COLOURS:
            colour = base
            continue
        shape = _SHAPES.get(base) or {"pointup": "^", "pointdown": "V", "doublecone": "X"}.get(base)
        if base == "cone":
            continue                         # its point comes next ('cone point up')
        if shape is None:
            raise NotPlain(f"word {w!r} not understood")
        tok = shape if colour in (None, "black") else f"{colour}-{_long(shape)}"
        out += [tok] * count
        count, colour = 1, None
    return out


def _shape_follows(words: str, w: str) -> bool:
    """The colour word ``w`` is a shape's colour ('red ball'), not a light's."""
    after = words.split(w, 1)[1].split()
    return bool(after) and after[0].rstrip("s") in (*_SHAPES, "cone", "pointup", "pointdown", "doublecone")


def _long(symbol: str) -> str:
    return {"O": "ball", "D": "diamond", "^": "cone-up", "V": "cone-down", "X": "double-cone"}.get(symbol, symbol)
