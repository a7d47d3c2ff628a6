"""Text as glyph outlines, for the PNG path only (issues 15 and 26).

resvg lays out every ``<text>`` anew for each picture (its font database, shaping, outlines): about a third of a
millisecond a text, 7-8 ms of the plan view's (benchmarks/README.md). Before a document goes to resvg,
:func:`outline_text` replaces each ``<text>`` this package writes by one ``<path>`` holding the outlines of its
glyphs, shaped by harfbuzz (uharfbuzz) as resvg shapes them with rustybuzz, its port of harfbuzz: the font file
resvg picks for the picture's ``font-family`` (DejaVu Sans, or DejaVu Sans Bold for bold text), harfbuzz's default
features for the script it guesses (ligatures, kerning and the rest: the font's own rules, not ours); scaled by
font-size / unitsPerEm, y flipped, shifted by the ``text-anchor``; white space collapsed as resvg does. Fill,
fill-opacity, opacity, class, id and transform go over to the path as they are. The pictures come out the same to the
pixel, or a rounding step apart at a few glyph edges. The SVG a user downloads keeps its ``<text>`` (selectable,
accessible): only the document handed to resvg changes.

Whatever this module is not sure of stays a ``<text>`` for resvg, element by element: no DejaVu Sans file
(or one that is not the face), a character outside the repertoire (:func:`_allowed`) or missing from the
font, a glyph harfbuzz moves off its pen position (a mark), an attribute other than those above, a ``<tspan>``,
an ancestor that sets anything a text inherits but fill, opacity or transform, a style sheet other than the
turntable's.

A font is read once per process (harfbuzz maps the file: well under a millisecond); each glyph's outline is drawn
on first use, and converted texts are remembered.
"""

from __future__ import annotations

import math
import os
import re
import threading
from functools import lru_cache
from typing import Iterable, NamedTuple

FAMILY = "DejaVu Sans"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
# Where the distributions put DejaVu (Debian and Ubuntu, Fedora, Arch); then a search of the font folders.
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu-sans-fonts", "/usr/share/fonts/TTF",
             "/usr/share/fonts/dejavu")
SEARCH_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")

_LOCK = threading.Lock()            # one reader of a font file at a time


def _allowed(c: str) -> bool:
    """A character of the repertoire: Latin letters and the common punctuation and symbols, all left to
    right, none a combining mark, a default-ignorable, a control or a fraction slash (harfbuzz treats those
    specially)."""
    o = ord(c)
    return (0x20 <= o <= 0x7E or (0xA0 <= o <= 0x24F and o != 0xAD) or 0x2010 <= o <= 0x2027
            or (0x2030 <= o <= 0x205E and o != 0x2044) or 0x20A0 <= o <= 0x20BF or 0x2190 <= o <= 0x22FF)


def _fmt(v: float) -> str:
    """A number for path data and transforms: at most four decimals, no trailing zeros."""
    if v == int(v):
        return str(int(v))
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# --- the font file ------------------------------------------------------------------------------------


@lru_cache(maxsize=2)
def font_path(bold: bool) -> str | None:
    """The DejaVu Sans (Bold) file resvg finds among the system fonts, or None when there is none."""
    fname = FONT_FILES[bold]
    for d in FONT_DIRS:
        p = os.path.join(d, fname)
        if os.path.isfile(p):
            return p
    for top in SEARCH_DIRS:
        for root, _dirs, files in os.walk(os.path.expanduser(top)):
            if fname in files:
                return os.path.join(root, fname)
    return None


# --- glyph outlines ---------------------------------------------------------------------------------


class _Outline(NamedTuple):
    """A glyph's outline as relative SVG path data, to be chained after the previous glyph's: ``start``
    is its first point and ``end`` the current point its data leaves (the start of its last contour)."""

    start: tuple[float, float]
    body: str
    end: tuple[float, float]


def _numbers(values: Iterable[float]) -> str:
    """Numbers for path data, as short as the grammar allows: no separator before a minus sign."""
    out = ""
    for v in values:
        t = _fmt(v)
        out += t if not out or t.startswith("-") else " " + t
    return out


class _Pen:
    """What harfbuzz draws of a glyph (font units, y up), segment by segment."""

    def __init__(self) -> None:
        self.segments: list[tuple[str, tuple[tuple[float, float], ...]]] = []

    def moveTo(self, pt: tuple[float, float]) -> None:  # noqa: N802 (the pen protocol's names)
        self.segments.append(("m", (pt,)))

    def lineTo(self, pt: tuple[float, float]) -> None:  # noqa: N802
        self.segments.append(("l", (pt,)))

    def qCurveTo(self, *pts: tuple[float, float]) -> None:  # noqa: N802
        self.segments.append(("q", pts))

    def curveTo(self, *pts: tuple[float, float]) -> None:  # noqa: N802
        self.segments.append(("c", pts))

    def closePath(self) -> None:  # noqa: N802
        self.segments.append(("z", ()))


def _outline(segments: list[tuple[str, tuple[tuple[float, float], ...]]]) -> _Outline | None:
    """A glyph's segments as relative path data, or None for a glyph with no ink (a space)."""
    if not segments:
        return None
    start = segments[0][1][0]
    cur = sub = start
    parts: list[str] = []
    last = ""
    for cmd, pts in segments[1:]:
        if cmd == "z":
            parts.append("z")
            cur, last = sub, "z"
            continue
        nums = _numbers(v for x, y in pts for v in (x - cur[0], y - cur[1]))
        if cmd == last and cmd != "m":          # a command repeats by itself (after a move, lines would)
            parts.append(nums if nums.startswith("-") else " " + nums)
        else:
            parts.append(cmd + nums)
        cur = pts[-1]
        if cmd == "m":
            sub = cur
        last = cmd
    return _Outline(start, "".join(parts), cur)


class Font:
    """One font file as harfbuzz reads it: its character map (the repertoire only), shaping, and the outlines of
    the glyphs drawn so far."""

    def __init__(self, path: str, bold: bool) -> None:
        """Map the file (ValueError when it is not the face wanted: DejaVu Sans, upright, of normal width, Book
        (400) or Bold (700))."""
        import uharfbuzz as hb
        face = hb.Face(hb.Blob.from_file_path(path))
        self._font = hb.Font(face)
        names = hb.OTNameIdPredefined
        family = face.get_name(names.TYPOGRAPHIC_FAMILY) or face.get_name(names.FONT_FAMILY)
        style = [self._font.get_style_value(t) for t in (hb.StyleTag.WEIGHT, hb.StyleTag.WIDTH, hb.StyleTag.ITALIC)]
        if family != FAMILY or style != [700.0 if bold else 400.0, 100.0, 0.0]:
            raise ValueError(f"{path}: not {FAMILY}{' Bold' if bold else ''}")
        self.path = path
        self.upem = int(face.upem)
        self.cmap: dict[int, int] = {}
        for cp in face.unicodes:
            gid = self._font.get_nominal_glyph(cp)
            if gid and _allowed(chr(cp)):
                self.cmap[cp] = gid
        self.outlines: dict[int, _Outline | None] = {}

    def name(self, gid: int) -> str:
        """The glyph's name in the font ('fi', 'A')."""
        return str(self._font.get_glyph_name(gid))

    def advance(self, gid: int) -> int:
        """The glyph's own advance (font units), before any kerning."""
        return int(self._font.get_glyph_h_advance(gid))

    def outline(self, gid: int) -> _Outline | None:
        """The glyph's outline (None: no ink), drawn the first time."""
        try:
            return self.outlines[gid]
        except KeyError:
            pen = _Pen()
            self._font.draw_glyph_with_pen(gid, pen)
            self.outlines[gid] = got = _outline(pen.segments)
            return got

    def shape(self, text: str) -> list[tuple[int, int]] | None:
        """(glyph, pen x in font units) of each glyph and a last (0, total advance), as harfbuzz shapes the text
        with its default features for the script it guesses (as resvg does); None when the text holds a character
        this module leaves to resvg, or one the font lacks, or harfbuzz moves a glyph off its pen position."""
        import uharfbuzz as hb
        if not all(ord(c) in self.cmap for c in text):
            return None
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(self._font, buf)
        out: list[tuple[int, int]] = []
        x = 0
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
            if pos.x_offset or pos.y_offset or pos.y_advance:
                return None
            out.append((info.codepoint, x))
            x += pos.x_advance
        out.append((0, x))
        return out


_FONTS: dict[bool, Font | None] = {}


def font(bold: bool) -> Font | None:
    """DejaVu Sans (Bold), read once per process, or None when the file is missing or not the face, or harfbuzz
    (uharfbuzz) is not installed."""
    if bold not in _FONTS:
        with _LOCK:
            if bold not in _FONTS:
                path = font_path(bold)
                try:
                    _FONTS[bold] = Font(path, bold) if path is not None else None
                except (ImportError, ValueError, OSError):     # resvg draws the text
                    _FONTS[bold] = None
    return _FONTS[bold]


def clear_caches() -> None:
    """Forget the fonts, their files and the converted texts (for tests that take a font away)."""
    with _LOCK:
        _FONTS.clear()
    font_path.cache_clear()
    _convert.cache_clear()


# --- the document -----------------------------------------------------------------------------------

_ATTRS_RE = r'(?:\s+[^\s=>/]+\s*=\s*"[^"]*")*'
# a <text> holding character data only | an element's start or end tag | a processing instruction | any other <
_TOKEN = re.compile(rf"<text\b({_ATTRS_RE})\s*>([^<]*)</text>|<(/?)([A-Za-z][\w:.-]*)({_ATTRS_RE})\s*(/?)>"
                    r"|<\?[^>]*\?>|<")
_ATTR = re.compile(r'\s+([^\s=>/]+)\s*=\s*"([^"]*)"')
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_ENTITY = re.compile(r"&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);")
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}

# What an ancestor of a converted text may carry: nothing a text would inherit but fill, opacity and
# transform (which the path inherits, or has, as the text did), and the family checked by _family_ok.
_ANCESTOR_ATTRS = {"class", "id", "xmlns", "width", "height", "viewBox", "version", "preserveAspectRatio",
                   "transform", "opacity", "fill", "fill-opacity", "font-family"}
_TEXT_ATTRS = {"x", "y", "font-size", "fill", "fill-opacity", "opacity", "text-anchor", "font-weight", "class",
               "id", "transform", "font-family"}
_KEPT = ("id", "class", "fill", "fill-opacity", "opacity")
_WEIGHTS = {"normal": False, "400": False, "bold": True, "700": True}
_ANCHORS = {"start": 0.0, "middle": 0.5, "end": 1.0}


def _family_ok(value: str) -> bool:
    """Whether a font-family list asks first for DejaVu Sans (the face the outlines come from)."""
    return value.split(",")[0].strip().strip("'\"") == FAMILY


def _ancestor_ok(name: str, attrs: dict[str, str]) -> bool:
    return name in ("svg", "g") and all(
        (k in _ANCESTOR_ATTRS or k.startswith(("data-", "xmlns:"))) and (k != "font-family" or _family_ok(v))
        for k, v in attrs.items())


def _unescape(s: str) -> str | None:
    """Character data with its XML references resolved (None: a reference to something else)."""
    if "&" not in s:
        return s

    def one(m: re.Match[str]) -> str:
        e = m.group(1)
        if e.startswith("#x"):
            return chr(int(e[2:], 16))
        if e.startswith("#"):
            return chr(int(e[1:]))
        return _ENTITIES[e]
    try:
        out = _ENTITY.sub(one, s)
    except (ValueError, OverflowError):
        return None
    return out if "&" not in _ENTITY.sub("", s) else None


def _collapse(s: str) -> str:
    """White space as resvg treats it (xml:space default): CR, LF and tab are spaces, runs of spaces one,
    none at either end."""
    s = s.replace("\r", " ").replace("\n", " ").replace("\t", " ")
    while "  " in s:
        s = s.replace("  ", " ")
    return s.strip(" ")


def _size(value: str | None) -> float | None:
    if value is None:
        return None
    v = value[:-2] if value.endswith("px") else value
    if not _NUMBER.fullmatch(v):
        return None
    f = float(v)
    return f if math.isfinite(f) and f > 0 else None


def _coord(value: str | None) -> float | None:
    if value is None:
        return 0.0
    v = value.strip()
    return float(v) if _NUMBER.fullmatch(v) and math.isfinite(float(v)) else None


def _path_data(f: Font, glyphs: list[tuple[int, int]]) -> str:
    """The inked glyphs as one path, each chained to the last by a relative move."""
    parts: list[str] = []
    cx, cy = 0.0, 0.0
    for g, x in glyphs[:-1]:
        o = f.outline(g)
        if o is None:
            continue
        parts.append(f"m{_fmt(x + o.start[0] - cx)} {_fmt(o.start[1] - cy)}")
        parts.append(o.body)
        cx, cy = x + o.end[0], o.end[1]
    return "".join(parts)


@lru_cache(maxsize=1024)          # a converted text is some 6 KB of path data: about 6 MB at most
def _convert(attr_text: str, content: str) -> str | None:
    """One <text> element (its attributes and character data) as a <path>, or None to leave it to resvg."""
    attrs = dict(_ATTR.findall(attr_text))
    if any(k not in _TEXT_ATTRS and not k.startswith("data-") for k in attrs):
        return None
    if "font-family" in attrs and not _family_ok(attrs["font-family"]):
        return None
    bold = _WEIGHTS.get(attrs.get("font-weight", "normal"))
    anchor = _ANCHORS.get(attrs.get("text-anchor", "start"))
    size = _size(attrs.get("font-size"))
    x, y = _coord(attrs.get("x")), _coord(attrs.get("y"))
    text = _unescape(content)
    if bold is None or anchor is None or size is None or x is None or y is None or text is None:
        return None
    f = font(bold)
    glyphs = f.shape(_collapse(text)) if f is not None else None
    if f is None or glyphs is None:
        return None
    s = size / f.upem
    left = x - anchor * glyphs[-1][1] * s
    d = _path_data(f, glyphs)
    if not d:
        return ""
    kept = "".join(f' {k}="{attrs[k]}"' for k in _KEPT if k in attrs)
    ts = (attrs["transform"] + " " if "transform" in attrs else "") + \
        f"matrix({s:.9g} 0 0 {-s:.9g} {_fmt(left)} {_fmt(y)})"
    return f'<path{kept} fill-rule="nonzero" transform="{ts}" d="{d}"/>'


def outline_text(svg_text: str, style_allowed: Iterable[str] = ()) -> str:
    """The document with every <text> it can convert as outlines (see the module's notes); the rest as is.

    ``style_allowed``: style sheets known to leave text alone (the turntable's); any other keeps all text."""
    if "<text" not in svg_text:
        return svg_text
    rest = svg_text
    for sheet in style_allowed:
        rest = rest.replace(sheet, "")
    if "<style" in rest:
        return svg_text
    out: list[str] = []
    stack: list[bool] = []              # per open element: whether it and its ancestors allow conversion
    last = 0
    for m in _TOKEN.finditer(svg_text):
        tok = m.group(0)
        if m.group(1) is not None:                        # a <text> with character data only
            if stack and stack[-1]:
                new = _convert(m.group(1), m.group(2))
                if new is not None:
                    out.append(svg_text[last:m.start()])
                    out.append(new)
                    last = m.end()
        elif m.group(4) is not None:
            if m.group(3):
                if not stack:
                    return svg_text
                stack.pop()
            elif not m.group(6):
                ok = (not stack or stack[-1]) and _ancestor_ok(m.group(4), dict(_ATTR.findall(m.group(5))))
                stack.append(ok)
        elif tok == "<":                                  # a comment, CDATA, a doctype: not understood
            return svg_text
    out.append(svg_text[last:])
    return "".join(out)
