"""Text as glyph outlines, for the PNG path only (issue 15).

resvg lays out every ``<text>`` anew for each picture (its font database, shaping, outlines): about a third
of a millisecond a text, 7-8 ms of the plan view's 48. Before a document goes to resvg, :func:`outline_text`
replaces each ``<text>`` this package writes by one ``<path>`` holding the outlines of its glyphs, laid out
as resvg lays them out: the font file resvg picks for the picture's ``font-family`` (DejaVu Sans, or DejaVu
Sans Bold for bold text), the advances of its ``hmtx``, the f-ligatures of its ``liga`` feature and the pair
kerning of its GPOS ``kern`` feature, for the script harfbuzz picks (``latn`` when the text holds a Latin
letter, else ``DFLT``); scaled by font-size / unitsPerEm, y flipped, shifted by the ``text-anchor``; white
space collapsed as resvg does. Fill, fill-opacity, opacity, class, id and transform go over to the path as
they are. The pictures come out the same to the pixel, or a rounding step apart at a few glyph edges. The
SVG a user downloads keeps its ``<text>`` (selectable, accessible): only the document handed to resvg
changes.

Whatever this module is not sure of stays a ``<text>`` for resvg, element by element: no DejaVu Sans file
(or one that is not the face), a character outside the repertoire (:func:`_allowed`) or missing from the
font, an attribute other than those above, a ``<tspan>``, an ancestor that sets anything a text inherits
but fill, opacity or transform, a style sheet other than the turntable's, a rule of the font other than
those ligatures and kerning that could fire on the text's glyphs (read from its GSUB and GPOS tables).

What is read of a font (its repertoire's outlines, advances, ligatures, kerning and rules) is kept in
navlights' cache directory (see :mod:`navlights.rulebase.compiled`; about 3 ms to read back, 0.2 s to make
from the file with fontTools) and in memory; converted texts are remembered per process.
"""

from __future__ import annotations

import math
import os
import re
import sys
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, NamedTuple

FAMILY = "DejaVu Sans"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
# Where the distributions put DejaVu (Debian and Ubuntu, Fedora, Arch); then a search of the font folders.
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu-sans-fonts", "/usr/share/fonts/TTF",
             "/usr/share/fonts/dejavu")
SEARCH_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")

# The features harfbuzz turns on by itself for horizontal text. Of these, 'liga' (GSUB) and 'kern' (GPOS)
# are applied here; every other one must not be able to fire on a text's glyphs, or the text stays a <text>.
_DEFAULT_GSUB = {"rvrn", "ltra", "ltrm", "ccmp", "locl", "rlig", "calt", "clig", "liga", "rclt", "rand"}
_DEFAULT_GPOS = {"abvm", "blwm", "mark", "mkmk", "curs", "dist", "kern"}
_SCRIPTS = ("latn", "DFLT")

FORMAT = 1                          # of the fonts kept on disk
_LOCK = threading.RLock()           # fontTools reads tables and glyphs lazily: one reader at a time


def _allowed(c: str) -> bool:
    """A character of the repertoire: Latin letters and the common punctuation and symbols, all left to
    right, none a combining mark, a default-ignorable, a control or a fraction slash (harfbuzz treats those
    specially)."""
    o = ord(c)
    return (0x20 <= o <= 0x7E or (0xA0 <= o <= 0x24F and o != 0xAD) or 0x2010 <= o <= 0x2027
            or (0x2030 <= o <= 0x205E and o != 0x2044) or 0x20A0 <= o <= 0x20BF or 0x2190 <= o <= 0x22FF)


def _latin(c: str) -> bool:
    """A letter of the Latin script (the rest of the repertoire is of the common script)."""
    o = ord(c)
    return ("A" <= c <= "Z" or "a" <= c <= "z" or o in (0xAA, 0xBA)
            or (0xC0 <= o <= 0x24F and o not in (0xD7, 0xF7)))


def _fmt(v: float) -> str:
    """A number for path data and transforms: at most four decimals, no trailing zeros."""
    if v == int(v):
        return str(int(v))
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


# --- the font file ------------------------------------------------------------------------------------


def _is_face(tt: Any, bold: bool) -> bool:
    """Whether the font is DejaVu Sans, upright, of normal width, Book (400) or Bold (700)."""
    name = tt["name"]
    family = name.getDebugName(16) or name.getDebugName(1)
    os2 = tt["OS/2"]
    return (family == FAMILY and os2.usWeightClass == (700 if bold else 400) and os2.usWidthClass == 5
            and not os2.fsSelection & 1)


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


# --- what the font's layout tables do ---------------------------------------------------------------


def _classes(cd: Any) -> dict[str, int]:
    return dict(cd.classDefs) if cd is not None else {}


def _members(cd: dict[str, int], k: int, universe: Iterable[str] | None = None) -> frozenset[str] | None:
    """The glyphs of class k; class 0 is every glyph not listed (None: any glyph), or those of universe."""
    if k != 0:
        return frozenset(g for g, c in cd.items() if c == k)
    if universe is None:
        return None
    return frozenset(g for g in universe if cd.get(g, 0) == 0)


Rule = tuple["frozenset[str] | None", ...]


def _side(r: Any, name: str, chain: bool) -> list[Any]:
    """A chained rule's backtrack or look-ahead sequence (a plain contextual rule has none)."""
    return list(getattr(r, name)) if chain else []


def _context_rules(st: Any, gpos: bool, chain: bool) -> list[Rule]:
    """Every (chained) contextual rule as the glyph sets its positions need (None: any glyph)."""
    fmt = st.Format
    if fmt == 3:
        covs = _side(st, "BacktrackCoverage", chain) + list(st.InputCoverage if chain else st.Coverage) \
            + _side(st, "LookAheadCoverage", chain)
        return [tuple(frozenset(c.glyphs) for c in covs)]
    if fmt not in (1, 2):
        raise ValueError("unknown contextual format")
    kind = ("Chain" if chain else "") + ("Pos" if gpos else "Sub")
    rule_sets = getattr(st, kind + ("RuleSet" if fmt == 1 else "ClassSet")) or []
    rule_name = kind + ("Rule" if fmt == 1 else "ClassRule")
    first_glyphs = list(st.Coverage.glyphs)
    rules: list[Rule] = []
    if fmt == 1:
        for g, rs in zip(first_glyphs, rule_sets):
            for r in (getattr(rs, rule_name) if rs is not None else []):
                seq = _side(r, "Backtrack", chain) + [g] + list(r.Input) + _side(r, "LookAhead", chain)
                rules.append(tuple(frozenset([x]) for x in seq))
        return rules
    inp = _classes(st.InputClassDef if chain else st.ClassDef)
    back = _classes(st.BacktrackClassDef if chain else None)
    ahead = _classes(st.LookAheadClassDef if chain else None)
    for k, rs in enumerate(rule_sets):
        first = _members(inp, k, first_glyphs)
        for r in (getattr(rs, rule_name) if rs is not None else []):
            rule = ([_members(back, c) for c in _side(r, "Backtrack", chain)] + [first]
                    + [_members(inp, c) for c in (r.Input if chain else r.Class)]
                    + [_members(ahead, c) for c in _side(r, "LookAhead", chain)])
            rules.append(tuple(rule))
    return rules


def _lookup_rules(st: Any, kind: int, gpos: bool) -> list[Rule]:
    """The rules of one subtable of a lookup applied by resvg and not here: the glyph sets that must all
    be present in a text for it to fire (a conservative reading: order is not looked at)."""
    if (kind == 7 and not gpos) or (kind == 9 and gpos):
        return _lookup_rules(st.ExtSubTable, st.ExtensionLookupType, gpos)
    if (kind in (5, 6) and not gpos) or (kind in (7, 8) and gpos):
        return _context_rules(st, gpos, chain=kind in (6, 8))
    if not gpos and kind in (1, 2, 3):
        cov = getattr(st, "mapping", None) or getattr(st, "alternates", None)
        return [(frozenset(cov),)] if cov is not None else [(frozenset(st.Coverage.glyphs),)]
    if not gpos and kind == 4:
        return [(frozenset([g]),) + tuple(frozenset([c]) for c in lig.Component)
                for g, ligs in st.ligatures.items() for lig in ligs]
    if not gpos and kind == 8:
        covs = [st.Coverage] + list(st.BacktrackCoverage) + list(st.LookAheadCoverage)
        return [tuple(frozenset(c.glyphs) for c in covs)]
    if gpos and kind in (1, 3):
        return [(frozenset(st.Coverage.glyphs),)]
    if gpos and kind == 2:
        return [(frozenset(st.Coverage.glyphs),)]
    if gpos and kind in (4, 5, 6):
        marks = st.Mark1Coverage if kind == 6 else st.MarkCoverage
        return [(frozenset(marks.glyphs),)]
    raise ValueError(f"unknown lookup type {kind}")


def _features(table: Any, script: str) -> list[tuple[str, list[int]]]:
    """(tag, lookup indices) of the features of a script's default language, the required one first."""
    for rec in table.ScriptList.ScriptRecord:
        if rec.ScriptTag == script:
            ls = rec.Script.DefaultLangSys
            if ls is None:
                return []
            idx = ([ls.ReqFeatureIndex] if ls.ReqFeatureIndex != 0xFFFF else []) + list(ls.FeatureIndex)
            req = ls.ReqFeatureIndex
            return [("required" if i == req else table.FeatureList.FeatureRecord[i].FeatureTag,
                     list(table.FeatureList.FeatureRecord[i].Feature.LookupListIndex)) for i in idx]
    return []


class _Pairs:
    """One PairPos subtable, read into dictionaries: the x advance it adds to a pair's first glyph."""

    def __init__(self, st: Any) -> None:
        if st.ValueFormat2 != 0 or st.ValueFormat1 & ~0x4:
            raise ValueError("pair adjustment other than the first glyph's x advance")
        self.fmt = st.Format
        self.cover = {g: i for i, g in enumerate(st.Coverage.glyphs)}
        if self.fmt == 1:
            self.pairs = [{r.SecondGlyph: getattr(r.Value1, "XAdvance", 0) or 0 for r in ps.PairValueRecord}
                          for ps in st.PairSet]
        elif self.fmt == 2:
            self.c1 = _classes(st.ClassDef1)
            self.c2 = _classes(st.ClassDef2)
            self.n2 = st.Class2Count
            self.table = [[getattr(r.Value1, "XAdvance", 0) or 0 for r in rec.Class2Record]
                          for rec in st.Class1Record]
        else:
            raise ValueError("unknown pair format")

    def value(self, a: str, b: str) -> int | None:
        """The adjustment of (a, b), or None when this subtable does not apply (the next one is tried)."""
        i = self.cover.get(a)
        if i is None:
            return None
        if self.fmt == 1:
            return self.pairs[i].get(b)
        k1, k2 = self.c1.get(a, 0), self.c2.get(b, 0)
        if k1 >= len(self.table) or k2 >= self.n2:
            return None
        return self.table[k1][k2]


class _Script:
    """What a font does to a run of one script: ligatures, kerning lookups, and the rules it leaves to resvg."""

    def __init__(self, tt: Any, script: str) -> None:
        self.ligatures: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        self.kern: list[list[_Pairs]] = []
        self.rules: list[Rule] = []
        for gpos, tag in ((False, "GSUB"), (True, "GPOS")):
            if tag not in tt:
                continue
            table = tt[tag].table
            known = _DEFAULT_GPOS if gpos else _DEFAULT_GSUB
            for feature, lookups in _features(table, script):
                if feature != "required" and feature not in known:
                    continue
                for li in lookups:
                    self._lookup(table.LookupList.Lookup[li], feature, gpos)

    def _lookup(self, lookup: Any, feature: str, gpos: bool) -> None:
        kind = lookup.LookupType
        subtables = list(lookup.SubTable)
        ext = (kind == 9 and gpos) or (kind == 7 and not gpos)
        if ext and subtables:
            kind = subtables[0].ExtensionLookupType
            subtables = [st.ExtSubTable for st in subtables]
        if gpos and feature == "kern" and kind == 2 and (lookup.LookupFlag & ~0x8) == 0:
            self.kern.append([_Pairs(st) for st in subtables])
        elif not gpos and feature == "liga" and kind == 4 and (lookup.LookupFlag & ~0x8) == 0 \
                and not self.ligatures:
            for st in subtables:
                for g, ligs in st.ligatures.items():
                    self.ligatures.setdefault(g, []).extend((tuple(x.Component), x.LigGlyph) for x in ligs)
        else:
            for st in subtables:
                self.rules.extend(_lookup_rules(st, kind, gpos))

    def untouched(self, glyphs: set[str]) -> bool:
        """Whether none of the rules left to resvg could fire on a text made of these glyphs."""
        return not any(all(s is None or not s.isdisjoint(glyphs) for s in rule) for rule in self.rules)


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


def _outline(glyph_set: Any, name: str) -> _Outline | None:
    """The glyph's outline (font units, y up), or None for a glyph with no ink (a space)."""
    from fontTools.pens.basePen import BasePen  # type: ignore[import-untyped]

    segments: list[tuple[str, tuple[tuple[float, float], ...]]] = []

    class Pen(BasePen):
        def _moveTo(self, pt: tuple[float, float]) -> None:
            segments.append(("m", (pt,)))

        def _lineTo(self, pt: tuple[float, float]) -> None:
            segments.append(("l", (pt,)))

        def _qCurveToOne(self, p1: tuple[float, float], p2: tuple[float, float]) -> None:
            segments.append(("q", (p1, p2)))

        def _curveToOne(self, p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]) -> None:
            segments.append(("c", (p1, p2, p3)))

        def _closePath(self) -> None:
            segments.append(("z", ()))

    glyph_set[name].draw(Pen(glyph_set))
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
    """What this module needs of one font file, read once: its character map (the repertoire only), the
    advances and outlines of the glyphs those characters and the ligatures reach, the two scripts'
    ligatures, kerning and other rules; and the kern pairs met so far."""

    def __init__(self, path: str, bold: bool, complete: bool) -> None:
        """Read the file (ValueError when it is not the face wanted); ``complete``: every outline now (to be
        kept on disk), else each when first drawn."""
        from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
        tt = TTFont(path, lazy=True)
        if not _is_face(tt, bold):
            raise ValueError(f"{path}: not {FAMILY}{' Bold' if bold else ''}")
        self.path = path
        self.upem = int(tt["head"].unitsPerEm)
        self.cmap: dict[int, str] = {cp: g for cp, g in tt.getBestCmap().items() if _allowed(chr(cp))}
        self.scripts = {s: _Script(tt, s) for s in _SCRIPTS}
        reach = set(self.cmap.values()) | {lig for sc in self.scripts.values() for ligs in sc.ligatures.values()
                                           for _, lig in ligs}
        metrics = tt["hmtx"].metrics
        self.advance = {g: int(metrics[g][0]) for g in reach}
        self.outlines: dict[str, _Outline | None] = {}
        self._pairs: dict[tuple[str, str, str], int] = {}
        self._glyph_set: Any = tt.getGlyphSet()
        if complete:
            for g in sorted(reach):
                self.outline(g)
            self._glyph_set = None

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_glyph_set": None, "_pairs": {}}

    def outline(self, name: str) -> _Outline | None:
        """The glyph's outline (None: no ink), read from the file the first time when not kept already."""
        try:
            return self.outlines[name]
        except KeyError:
            with _LOCK:
                if self._glyph_set is None:
                    from fontTools.ttLib import TTFont
                    self._glyph_set = TTFont(self.path, lazy=True).getGlyphSet()
                self.outlines[name] = got = _outline(self._glyph_set, name)
            return got

    def kerning(self, script: str, a: str, b: str) -> int:
        """The x advance the script's kern lookups add to a between a and b (font units)."""
        key = (script, a, b)
        v = self._pairs.get(key)
        if v is None:
            v = 0
            for lookup in self.scripts[script].kern:
                for sub in lookup:
                    w = sub.value(a, b)
                    if w is not None:
                        v += w
                        break
            self._pairs[key] = v
        return v

    def shape(self, text: str) -> list[tuple[str, int]] | None:
        """(glyph, pen x in font units) of each glyph and a last ("", total advance); None when the text
        holds a character this module leaves to resvg, or one the font lacks, or meets a rule of the font
        it does not apply."""
        if not all(ord(c) in self.cmap for c in text):
            return None
        script = "latn" if any(_latin(c) for c in text) else "DFLT"
        rules = self.scripts[script]
        glyphs = [self.cmap[ord(c)] for c in text]
        if not rules.untouched(set(glyphs)):
            return None
        glyphs = _ligate(glyphs, rules.ligatures)
        out: list[tuple[str, int]] = []
        x = 0
        for i, g in enumerate(glyphs):
            out.append((g, x))
            x += self.advance[g]
            if i + 1 < len(glyphs):
                x += self.kerning(script, g, glyphs[i + 1])
        out.append(("", x))
        return out


def _ligate(glyphs: list[str], ligatures: dict[str, list[tuple[tuple[str, ...], str]]]) -> list[str]:
    """The glyphs with the font's ligatures in (at each place, the first of the font's list that matches)."""
    if not ligatures or not any(g in ligatures for g in glyphs):
        return glyphs
    out: list[str] = []
    i = 0
    while i < len(glyphs):
        g = glyphs[i]
        for rest, lig in ligatures.get(g, ()):
            if tuple(glyphs[i + 1:i + 1 + len(rest)]) == rest:
                out.append(lig)
                i += 1 + len(rest)
                break
        else:
            out.append(g)
            i += 1
    return out


_FONTS: dict[bool, Font | None] = {}


def _load(bold: bool) -> Font | None:
    """The font read back from the user's cache (navlights' cache directory, ``NAVLIGHTS_CACHE_DIR``), else
    read from its file (about 0.2 s: fontTools) and kept there; None when there is no such file, or it is
    not the face, or its tables are not understood."""
    from ..rulebase import compiled
    path = font_path(bold)
    if path is None:
        return None
    try:
        st = os.stat(path)
        code = Path(__file__).read_bytes()
    except OSError:
        return None
    h = compiled.sha256(f"navlights-font v{FORMAT} python {sys.version_info[:2]} {path} {st.st_size} "
                        f"{st.st_mtime_ns}".encode() + code)
    key = h.hexdigest()[:32]
    stem = Path(path).stem
    name, head = f"font-{stem}-{key}.pickle", ("navlights-font", FORMAT, key)
    user = compiled.cache_dir(compiled.default_cache_dir())
    got = compiled.read(compiled.search_dirs(user), name, head, Font)
    if got is not None:
        return got
    try:
        made = Font(path, bold, complete=user is not None)
    except Exception:                  # not a font, not the face, a table not understood: resvg draws the text
        return None
    if user is not None:
        compiled.write(user, name, head, made, prune=f"font-{stem}-*.pickle", keep=2)
    return made


def font(bold: bool) -> Font | None:
    """DejaVu Sans (Bold), read once per process, or None when the file is missing or not understood."""
    if bold not in _FONTS:
        with _LOCK:
            if bold not in _FONTS:
                _FONTS[bold] = _load(bold)
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


def _path_data(f: Font, glyphs: list[tuple[str, int]]) -> str:
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
