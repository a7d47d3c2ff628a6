"""Issue 31, piece 3: Explore after a search (``choose=all``) draws the signals that define the situation even where
the rule says "may", marked as optional in the picture (a dashed box and the word) and in its caption's legend line.

COLREGs 1972 Rule 28 (USCG handbook; transcription in github.com/sailingnaturali/colregs-vault
rules/international/rule-28.md): a vessel constrained by her draught *may*, in addition to the lights of a
power-driven vessel, exhibit three all-round red lights in a vertical line, or a cylinder. Rule 23(a): her masthead
lights and sidelights are required, so they stay unmarked.
"""

from __future__ import annotations

import pytest

from navlights import api

CBD = {"propulsion": "power", "constrained_by_draught": True, "length": "200 m"}
ED = "intl-1972"

# view, choose, marks expected (a dashed box: four lines and a word), the caption's names, cite
CASES = [
    ("night", "all", 5, "red all-round light", "Rule 28: three all-round reds, one vertical line, one box"),
    ("day", "all", 5, "black cylinder", "Rule 28: the cylinder"),
    ("night", "typical", 0, None, "the typical lighting leaves the optional reds out: nothing to mark"),
    ("day", "typical", 0, None, "the typical lighting leaves the cylinder out"),
]


@pytest.mark.parametrize("view,choose,marks,names,cite", CASES)
def test_optional_signals_marked(view, choose, marks, names, cite):
    svg = api.render_svg(CBD, ED, view=view, aspect_deg=300.0, distance_nm=1.0, choose=choose)
    assert svg.count('class="optional-mark"') == marks, cite
    if names:
        assert "stroke-dasharray" in svg and ">optional</text>" in svg
        assert "dashed box: optional, the rule permits but does not require it" in svg and names in svg, cite
    else:
        assert "dashed box" not in svg, cite


def test_required_lights_not_marked():
    """A power-driven vessel's own lights (Rule 23) are required: no mark, even with choose=all."""
    svg = api.render_svg({"propulsion": "power", "length": "200 m"}, ED, view="night", aspect_deg=300.0,
                         distance_nm=1.0, choose="all")
    assert "optional-mark" not in svg and "dashed box" not in svg


def test_png_renders_with_marks():
    png = api.render_png(CBD, ED, view="night", aspect_deg=300.0, distance_nm=1.0, choose="all")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
