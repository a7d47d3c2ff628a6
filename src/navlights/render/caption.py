"""Text on a picture: the font size for a canvas, lines wrapped to its width, the caption band.

Captions are (kind, text) lines, kind ``title``, ``text`` or ``dim``; the band sits at the foot
of a night or day view, and the plan view's heading is wrapped the same way.
"""

from __future__ import annotations

import textwrap
from typing import Any, Iterable

from .elements import Element, Rect, Text
from .style import DEFAULT_STYLE, Style


def font_size(style: Style, width: int, height: int) -> float:
    """The text size (px) for a canvas: the style's size scaled to the width (800 px = 1),
    at most a 24th of the height and never under the style's minimum."""
    return max(style.font_min_px, min(style.font_px * width / 800.0, height / 24.0))


def wrap_lines(lines: list[tuple[str, str]], width: int, height: int, style: Style,
               max_share: float | None = None) -> tuple[list[tuple[str, str]], float, float]:
    """(kind, text) lines wrapped to the canvas width and cut to the caption's share of the height.

    Returns the wrapped lines, the font size and the line height."""
    font = font_size(style, width, height)
    line_h = font * 1.35
    pad = font * 0.8
    chars = max(12, int((width - 2 * pad) / (font * style.char_em)))
    out: list[tuple[str, str]] = []
    for kind, text in lines:
        for k, part in enumerate(textwrap.wrap(text, chars, break_long_words=True) or [""]):
            out.append((kind, part if k == 0 else "  " + part))
    share = style.caption_max_share if max_share is None else max_share
    most = max(1, int((share * height - 2 * pad) / line_h) + 1)
    if len(out) > most:
        out = out[:most]
        kind, text = out[-1]
        out[-1] = (kind, text[: max(0, chars - 1)].rstrip() + "…")
    return out, font, line_h


def caption_reserve(width: int, height: int, style: Style = DEFAULT_STYLE) -> float:
    """The height kept free for the caption under a night or day view: four lines and padding."""
    font = font_size(style, width, height)
    return min(4 * font * 1.35 + 1.2 * font, style.caption_max_share * height)


def caption_band(lines: list[tuple[str, str]], width: int, height: int, style: Style, day: bool) -> tuple[
        list[Element], float]:
    """Caption elements at the foot of the canvas, and the band's height."""
    wrapped, font, line_h = wrap_lines(lines, width, height, style)
    pad = font * 0.6
    band = len(wrapped) * line_h + 2 * pad
    top = height - band
    els: list[Element] = [Rect(0, top, width, band, style.day_caption_bg if day else style.caption_bg,
                               opacity=0.72 if day else style.caption_bg_opacity, cls="caption-band")]
    text = style.day_caption_text if day else style.caption_text
    dim = style.day_caption_dim if day else style.caption_dim
    for k, (kind, t) in enumerate(wrapped):
        y = top + pad + (k + 0.8) * line_h
        els.append(Text(pad * 1.3, y, t, font, dim if kind == "dim" else text,
                        weight="bold" if kind == "title" else "normal", cls=f"caption caption-{kind}"))
    return els, band


def cite_line(items: Iterable[Any]) -> str:
    """'Rule 2(a)(i): masthead; Rule 2(a)(iv): sidelight-starboard' (roles grouped by rule)."""
    by_rule: dict[str, list[str]] = {}
    for it in items:
        by_rule.setdefault(it.citation.rule, []).append(it.role)
    return "; ".join(f"{r}: {', '.join(dict.fromkeys(roles))}" for r, roles in by_rule.items())
