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
        f'    <div class="picture-words" id="picture-text">{escape(pic["picture"])}</div>\n'
        f'    <div class="small gap-line" id="picture-gaps"{hidden}>Not known (she may show more or other lights): '
        f'{escape("; ".join(_unique_words(pic["gaps"])))}</div>\n'
        '    <ul class="seen" id="seen-list">\n'
        f'      {"".join(_seen_item(s) for s in pic["items"])}\n'
        '    </ul>\n'
        f'    <div class="small">{_PLACEMENT_NOTE}</div>{glimpsed}\n'
        '  </figcaption>\n'
        '</figure>')
