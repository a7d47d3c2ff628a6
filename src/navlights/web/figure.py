"""The Explore page's figure (the picture at the aspect and its words), written in Python.

It is the part of the page that moves with the slider, so it is written on every request (issue 15: the page
round it is written once per form, ``routes/explore.py``); as a Jinja template it cost more than drawing
half the picture. Every value is escaped; the markup is the same as the template's was.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

#: Written under the picture: the positions it draws are not the law's.
_PLACEMENT_NOTE = "Positions are a typical placement (assumed); the law fixes only some heights and spacings."


def swatch(colour: str) -> Markup:
    """A coloured dot and the colour's name."""
    c = escape(colour)
    return Markup(f'<span class="swatch c-{c.replace(" ", "-")}" aria-hidden="true"></span>{c}')


def aspect_slider(value: str, form_attr: bool = False) -> Markup:
    """The aspect slider (0 to 360, whole degrees), showing ``value``; ``form_attr``: it belongs to the explore
    form though it stands outside it (under the picture)."""
    v = escape(value)
    owner = ' form="explore-form"' if form_attr else ""
    return Markup('<div class="slider" id="aspect-slider">\n'
                  '  <label for="f-aspect">Aspect: your bearing from her, clockwise from her bow</label>\n'
                  f'  <input type="range" min="0" max="360" step="1" name="aspect" id="f-aspect" value="{v}"{owner}>\n'
                  f'  <output for="f-aspect" id="aspect-value">{v}°</output>\n'
                  '</div>')


def _unique_words(gaps: list[dict[str, Any]]) -> list[str]:
    """The gaps' words, each once (compared without case), in order."""
    seen: set[str] = set()
    out = []
    for g in gaps:
        w = str(g["words"])
        if w.lower() not in seen:
            seen.add(w.lower())
            out.append(w)
    return out


def _seen_item(s: dict[str, Any]) -> str:
    flags = "".join(f' <span class="flag">{escape(f)}</span>' for f in s["flags"])
    flashing = ' <span class="flag flashing">flashing</span>' if s["character"] == "flashing" else ""
    return (f'<li data-role="{escape(s["role"])}" data-colour="{escape(s["colour"])}">{swatch(s["colour"])} '
            f'<code>{escape(s["role"])}</code>{flashing}{flags} <span class="cite">{escape(s["cite"])}</span></li>')


def figure_html(data: dict[str, Any], svg: str | None, aspect: str) -> Markup:
    """The figure of an explore answer (``pages.explore``): the picture ``svg`` (None: a placeholder saying why),
    the slider at ``aspect`` (as the form had it), the aspect and the picture in words, its gaps and what is seen."""
    pic, available = data["picture"], data["render"]["available"]
    obs = pic["observer"]
    if svg:
        box = svg
    else:
        why = ("The picture could not be drawn." if available else
               "Pictures are not available in this build yet; the view is given in words below.")
        box = f'<div class="placeholder">{why}</div>'
    hidden = "" if pic["gaps"] and pic["items"] else " hidden"
    glimpsed = (f'\n    <div class="small">may be glimpsed at the edge of its arc: {escape(", ".join(pic["glimpsed"]))}'
                '</div>' if pic["glimpsed"] else "")
    return Markup(
        f'<figure class="view night-view {escape(pic["period"])}" id="view-figure" '
        f'data-render="{"yes" if available else "no"}">\n'
        f'  <div class="svg-box" id="night-view">{box}</div>\n'
        '  <figcaption>\n'
        f'    {aspect_slider(aspect, form_attr=True)}\n'
        f'    <div class="aspect-words" id="aspect-words">{escape(str(obs["aspect_words"]).capitalize())} '
        f'({"%g" % obs["aspect_deg"]}°); {escape(obs["heading_cue"])}.</div>\n'
        f'    <div class="picture-words" id="picture-text">{escape(pic.get("signal_words") or pic["picture"])}</div>\n'
        f'    <div class="small" id="picture-placed">As they stand: {escape(pic["picture"])}</div>\n'
        f'    <div class="small gap-line" id="picture-gaps"{hidden}>Not known (she may show more or other lights): '
        f'{escape("; ".join(_unique_words(pic["gaps"])))}</div>\n'
        '    <ul class="seen" id="seen-list">\n'
        f'      {"".join(_seen_item(s) for s in pic["items"])}\n'
        '    </ul>\n'
        f'    <div class="small">{_PLACEMENT_NOTE}</div>{glimpsed}\n'
        '  </figcaption>\n'
        '</figure>')


#: A light's letter in the notation -> its colour's name (docs/identify.md).
_LIGHT_LETTERS = {"W": "white", "R": "red", "G": "green", "Y": "yellow", "B": "blue"}
#: Day shapes as small glyphs (viewBox 0 0 14 14), drawn as the notation names them.
_SHAPE_GLYPHS = {
    "ball": '<circle cx="7" cy="7" r="5.5"/>',
    "diamond": '<path d="M7 1 L12.5 7 L7 13 L1.5 7 Z"/>',
    "cone-up": '<path d="M7 1.5 L12.5 12.5 L1.5 12.5 Z"/>',
    "cone-down": '<path d="M1.5 1.5 L12.5 1.5 L7 12.5 Z"/>',
    "double-cone": '<path d="M1.5 1 L12.5 1 L7 7 Z M7 7 L12.5 13 L1.5 13 Z"/>',
    "cylinder": '<rect x="3.5" y="1" width="7" height="12"/>',
    "basket": '<path d="M2 1.5 L12 1.5 L7 7 L12 12.5 L2 12.5 L7 7 Z"/>',
    "flag": '<rect x="1.5" y="2.5" width="11" height="9"/>',
}
_SHAPE_FILL = {"black": "#111", "white": "#f4f1e6", "red": "#d8323c", "green": "#12a36b", "yellow": "#e6b800",
               "blue": "#2d6fd6"}


def token_swatch(token: str) -> Markup:
    """The swatch of one light or shape of the notation ('R', 'Y*', 'cone-up', 'red-ball', 'white-blue-flag'): a dot
    of the light's own colour (a flashing one rayed: class ``flashing``), or the shape's glyph in its colour; each
    with its name for a screen reader."""
    tok = str(token)
    flashing = tok.endswith("*")
    base = tok[:-1] if flashing else tok
    if base in _LIGHT_LETTERS:
        colour = _LIGHT_LETTERS[base]
        words = ("flashing " if flashing else "") + f"{colour} light"
        cls = f"swatch c-{colour}" + (" flashing" if flashing else "")
        return Markup(f'<span class="{cls}" role="img" aria-label="{escape(words)}" title="{escape(words)}"></span>')
    shape = next((s for s in _SHAPE_GLYPHS if base == s or base.endswith("-" + s)), None)
    if shape is None:
        return Markup(f'<span class="swatch" role="img" aria-label="{escape(tok)}"></span>')
    colour = base[: -len(shape) - 1] if base != shape else "black"
    words = f"{colour.replace('-', ' and ')} {shape.replace('-', ' ')}"
    if shape == "flag" and colour == "white-blue":          # code flag A: white at the hoist, blue at the fly
        glyph = ('<rect x="1.5" y="2.5" width="5" height="9" fill="#f4f1e6"/>'
                 '<path d="M6.5 2.5 H12.5 L10 7 L12.5 11.5 H6.5 Z" fill="#2d6fd6"/>')
    else:
        glyph = f'<g fill="{_SHAPE_FILL.get(colour, "#111")}">{_SHAPE_GLYPHS[shape]}</g>'
    return Markup(f'<svg class="shape-glyph" viewBox="0 0 14 14" width="14" height="14" role="img" '
                  f'aria-label="{escape(words)}"><title>{escape(words)}</title>{glyph}</svg>')
