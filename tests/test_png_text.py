"""Text as glyph outlines on the PNG path (issues 15 and 26: shaped by harfbuzz): the same picture as resvg's own
text, and text kept whenever the conversion is not sure (no font file, no harfbuzz, a character it leaves to resvg, an
attribute it does not know).

How close is close: both pictures are compared on their ink (every pixel that is not the background in
either). Converted text measures 0.00 on the plan view and under 0.1 over the whole repertoire (all 990
characters, both weights, three anchors): the rest are single pixels at a glyph edge where resvg's f32
arithmetic and ours land on either side of a sampling step. Moving every text of the plan a tenth of a pixel
gives 2.4 and a twentieth of its ink pixels off by more than 16 levels; a wrong weight gives 19. So the
bound is 0.5, and at most 0.5% of the ink pixels off by more than 16 levels.
"""

from __future__ import annotations

import io
import re

import pytest

from navlights import api
from navlights.render import glyphs, png
from navlights.render.svg import FLASH_OFF_STYLE, clean

np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")
resvg_py = pytest.importorskip("resvg_py")

TOW = {"propulsion": "power", "length": "200 ft", "towing": {"tow_length": "700 ft"}}
SAIL72 = {"propulsion": "sail", "length": "15 m"}
HOVER = {"propulsion": "power", "length": "30 m", "air_cushion": True, "non_displacement": True}
BG = "#0d1b2a"

needs_font = pytest.mark.skipif(glyphs.font_path(False) is None or glyphs.font_path(True) is None,
                                reason="DejaVu Sans is not installed (fonts-dejavu-core)")


@pytest.fixture(autouse=True)
def fresh_caches():
    glyphs.clear_caches()
    png.cache_clear()
    yield
    glyphs.clear_caches()
    png.cache_clear()


def pixels(svg_text: str):
    return np.asarray(Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg_text)))).convert("RGB"),
                      dtype=int)


def ink_difference(a, b) -> tuple[float, float]:
    """Mean of the largest channel difference over the ink of either picture, and the share of those pixels
    off by more than 16 levels (the background is the bottom-right pixel)."""
    bg = a[-1, -1]
    ink = (a != bg).any(axis=2) | (b != bg).any(axis=2)
    assert ink.sum() > 100, "nothing drawn"
    d = np.abs(a - b).max(axis=2)[ink]
    return float(d.mean()), float((d > 16).mean())


def assert_close(a, b) -> None:
    mean, off = ink_difference(a, b)
    assert mean < 0.5 and off < 0.005, (mean, off)


def document(lines: list[str], *, weight: str = "normal", anchor: str = "start", width: int = 1200) -> str:
    x = {"start": 10.37, "middle": width / 2 + 0.21, "end": width - 10.63}[anchor]
    extra = (' font-weight="bold"' if weight == "bold" else "") + (f' text-anchor="{anchor}"' if anchor != "start"
                                                                    else "")
    body = "".join(f'<text x="{x}" y="{24.61 + 22 * i}" font-size="13.3" fill="#e6edf3"{extra}>{clean(t)}</text>'
                   for i, t in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{40 + 22 * len(lines)}" '
            f'font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif">'
            f'<rect width="{width}" height="{40 + 22 * len(lines)}" fill="{BG}"/>{body}</svg>')


@needs_font
@pytest.mark.parametrize(("vessel", "edition", "view"), [
    (TOW, "intl-1960", "plan"), (TOW, "intl-1960", "night"), (TOW, "intl-1960", "day"),
    (SAIL72, "intl-1972", "plan"), (SAIL72, "intl-1972", "night"),
    ({"propulsion": "power", "length": "200 ft"}, "gl-1895", "day"),
    (HOVER, "intl-1972", "night"),                     # a flashing light: the 'Fl' mark is a text too
])
def test_views_as_outlines_look_as_resvg_draws_them(vessel, edition, view):
    svg_text = api.render_svg(vessel, edition, view=view, aspect_deg=45.0, distance_nm=1.0)
    out = glyphs.outline_text(svg_text, (FLASH_OFF_STYLE,))
    assert svg_text.count("<text") >= 3 and "<text" not in out            # every label converted
    assert out.count('fill-rule="nonzero" transform="') == svg_text.count("<text")
    assert_close(pixels(svg_text), pixels(out))


@needs_font
def test_the_png_of_the_api_is_resvgs_picture_and_the_svg_keeps_its_text():
    svg_text = api.render_svg(TOW, "intl-1960", view="plan")
    assert svg_text.count("<text") == 22                                    # the download keeps real text
    made = api.render_png(TOW, "intl-1960", view="plan")
    assert_close(pixels(svg_text), np.asarray(Image.open(io.BytesIO(made)).convert("RGB"), dtype=int))


@needs_font
@pytest.mark.parametrize("weight", ["normal", "bold"])
@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_the_whole_repertoire_in_both_weights_and_every_anchor(weight, anchor):
    f = glyphs.font(weight == "bold")
    assert f is not None and len(f.cmap) > 900
    chars = sorted(chr(c) for c in f.cmap)
    lines = ["".join(chars[i:i + 80]) for i in range(0, len(chars), 80)]
    lines += ["AVAWAY To Te Yo LT P. F, fish fluffy office affluent",     # kern pairs; ff, fi, fl, ffi, ffl
              "Rule 2(a)(iv) · 2 mi 112.5° “quoted” — dash… ‰ € →", "1234567890.,;:",
              "  lead  and   inner   spaces  ", "a &amp; b <c> 'd' \"e\""]
    svg_text = document(lines, weight=weight, anchor=anchor)
    out = glyphs.outline_text(svg_text)
    assert "<text" not in out
    assert_close(pixels(svg_text), pixels(out))


@needs_font
def test_ligatures_and_kerning_are_the_fonts():
    """DejaVu Sans has an 'fi' ligature (GSUB 'liga') and kerns A against V (GPOS 'kern'): harfbuzz applies both."""
    f = glyphs.font(False)
    assert f is not None
    shaped = f.shape("fish AV")
    assert shaped is not None
    names = [f.name(g) for g, _ in shaped[:-1]]
    assert names[0] == "fi" and "f" not in names                            # the 'liga' ligature
    at = {f.name(g): x for g, x in shaped[:-1]}
    a = f.advance(f.cmap[ord("A")])
    assert at["V"] - at["A"] < a                                            # the GPOS pair kerning of AV
    plain = f.shape("AV")
    assert plain is not None and plain[-1][1] < a + f.advance(f.cmap[ord("V")])


@needs_font
def test_anchors_put_the_ink_where_resvg_puts_it():
    word = "starboard"
    for anchor in ("start", "middle", "end"):
        svg_text = document([word], anchor=anchor, width=400)
        a, b = pixels(svg_text), pixels(glyphs.outline_text(svg_text))
        cols = [np.nonzero((img != img[-1, -1]).any(axis=2).any(axis=0))[0] for img in (a, b)]
        assert (cols[0][0], cols[0][-1]) == (cols[1][0], cols[1][-1]), anchor  # same first and last ink column
        x = {"start": 10.37, "middle": 200.21, "end": 389.37}[anchor]
        lo, hi = cols[1][0], cols[1][-1]
        if anchor == "start":
            assert x - 1 <= lo < x + 3
        elif anchor == "end":
            assert x - 3 < hi <= x + 1
        else:
            assert abs((lo + hi) / 2 - x) < 2


def test_a_missing_font_file_leaves_every_text_to_resvg(monkeypatch, tmp_path):
    monkeypatch.setattr(glyphs, "FONT_DIRS", (str(tmp_path),))
    monkeypatch.setattr(glyphs, "SEARCH_DIRS", (str(tmp_path),))
    glyphs.clear_caches()
    assert glyphs.font_path(False) is None and glyphs.font(False) is None
    svg_text = api.render_svg(TOW, "intl-1960", view="plan")
    assert glyphs.outline_text(svg_text) == svg_text
    made = np.asarray(Image.open(io.BytesIO(png.svg_to_png(svg_text))).convert("RGB"), dtype=int)
    bare = pixels(re.sub(r"<text[^>]*>[^<]*</text>", "", svg_text))
    assert np.abs(made - bare).max(axis=2)[:80].sum() > 10_000                # the caption is drawn all the same


@needs_font
@pytest.mark.parametrize("text", ["日本", "e\u0301", "\U0001F6A2 ship", "soft\u00adhyphen", "\u202eRTL"])
def test_a_character_left_to_resvg_keeps_its_text_and_only_its_text(text):
    svg_text = document(["plain words", text, "more words"])
    out = glyphs.outline_text(svg_text)
    assert out.count("<text") == 1 and f">{clean(text)}</text>" in out


@needs_font
@pytest.mark.parametrize("attrs", ['letter-spacing="2"', 'font-style="italic"', 'font-family="Liberation Sans"',
                                   'font-weight="600"', 'dx="3"', 'rotate="15"', 'style="fill:red"',
                                   'text-decoration="underline"'])
def test_an_attribute_it_does_not_know_keeps_the_text(attrs):
    svg_text = document(["known", "unknown"]).replace('fill="#e6edf3">unknown', f'fill="#e6edf3" {attrs}>unknown')
    out = glyphs.outline_text(svg_text)
    assert out.count("<text") == 1 and ">unknown</text>" in out


@needs_font
def test_what_a_text_inherits_or_holds_can_keep_it():
    head = document(["a"]).split("<rect")[0]
    tail = '</svg>'
    doc = (head + '<g letter-spacing="3"><text x="5" y="20" font-size="12">spaced</text></g>'
           '<g fill="#f00" opacity="0.5"><text x="5" y="40" font-size="12">inherits fill</text></g>'
           '<text x="5" y="60" font-size="12">a <tspan fill="red">span</tspan></text>'
           '<text x="5" y="80" font-size="12" transform="rotate(10)">turned</text>' + tail)
    out = glyphs.outline_text(doc)
    assert ">spaced</text>" in out and "<tspan" in out                    # left to resvg
    assert "inherits fill" not in out and "turned" not in out              # converted
    assert 'transform="rotate(10) matrix(' in out
    assert_close(pixels(doc), pixels(out))
    styled = doc.replace("<g ", "<style>text{font-size:30px}</style><g ", 1)
    assert glyphs.outline_text(styled) == styled                           # a style sheet: nothing converted
    blink = doc.replace("<g ", FLASH_OFF_STYLE + "<g ", 1)
    assert glyphs.outline_text(blink, (FLASH_OFF_STYLE,)).count("<text") == 2   # the turntable's own is known


def test_without_harfbuzz_every_text_is_left_to_resvg(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "uharfbuzz", None)                    # import uharfbuzz fails
    glyphs.clear_caches()
    svg_text = api.render_svg(TOW, "intl-1960", view="plan")
    assert glyphs.font(False) is None and glyphs.outline_text(svg_text) == svg_text


@needs_font
def test_a_font_that_is_not_the_face_is_not_used(monkeypatch):
    monkeypatch.setattr(glyphs, "FONT_FILES", {False: "DejaVuSansCondensed.ttf", True: "DejaVuSans-Oblique.ttf"})
    glyphs.clear_caches()
    if glyphs.font_path(False) is None or glyphs.font_path(True) is None:
        pytest.skip("the condensed and oblique faces are not installed")
    assert glyphs.font(False) is None and glyphs.font(True) is None


@needs_font
def test_pngs_are_remembered_per_document_and_new_ones_drawn():
    svg_text = api.render_svg(TOW, "intl-1960", view="plan")
    first = png.svg_to_png(svg_text)
    assert png.svg_to_png(svg_text) is first                                # the same picture again: remembered
    other = png.svg_to_png(svg_text.replace("observer at 45°", "observer at 46°"))
    assert other is not first and other != first
    png.cache_clear()
    again = png.svg_to_png(svg_text)
    assert again is not first and again == first


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(png, "PNG_CACHE_ENTRIES", 3)
    docs = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{10 + k}" height="10"/>' for k in range(5)]
    made = [png.svg_to_png(d) for d in docs]
    assert len(png._CACHE) == 3 and png.svg_to_png(docs[-1]) is made[-1]
    assert png.svg_to_png(docs[0]) is not made[0]


@needs_font
def test_a_turntable_gif_is_the_same_with_outlined_text(monkeypatch):
    outlined = api.render_gif(HOVER, "intl-1972", step_deg=90.0)
    monkeypatch.setattr(png, "OUTLINE_TEXT", False)
    plain = api.render_gif(HOVER, "intl-1972", step_deg=90.0)
    a, b = Image.open(io.BytesIO(outlined)), Image.open(io.BytesIO(plain))
    assert a.n_frames == b.n_frames == 4
    for k in range(4):
        a.seek(k)
        b.seek(k)
        assert_close(np.asarray(a.convert("RGB"), dtype=int), np.asarray(b.convert("RGB"), dtype=int))
