"""Issue 31, item 7: Explore after a search draws the signals that define the situation searched for, even where
the rule says "may", each marked optional in the legend (the list of what is seen).

COLREGs 1972 Rule 28: a vessel constrained by her draught *may* exhibit three all-round red lights in a vertical
line (or a cylinder by day): searched for by name, she is drawn with them, flagged optional; a power-driven vessel
under way, whose only optional light is an ordinary one (the after masthead light under 50 m, Rule 23(a)(ii)), is
drawn with her typical lights.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient

from navlights.web import situations
from navlights.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "progress.db", seed=7))


def test_search_link_draws_her_optional_signal():
    found = situations.matches("intl-1972", "constrained by her draught")
    cbd = next(s for s in found if "constrained by her draught" in s.label)
    assert parse_qs(urlsplit(cbd.href).query).get("choose") == ["all"], cbd.href


def test_ordinary_optional_lights_keep_the_typical_picture():
    found = situations.matches("intl-1972", "power-driven vessel under way")
    pdv = next(s for s in found if s.label == "power-driven vessel under way")
    assert "choose" not in parse_qs(urlsplit(pdv.href).query), pdv.href


def test_explore_page_lists_the_reds_as_optional(client):
    cbd = next(s for s in situations.matches("intl-1972", "constrained by her draught")
               if "constrained by her draught" in s.label)
    r = client.get(cbd.href + "&aspect=90&period=night")
    assert r.status_code == 200
    seen = r.text[r.text.index('id="seen-list"'):]
    seen = seen[:seen.index("</ul>")]
    reds = [li for li in seen.split("<li")[1:] if 'data-role="cbd-' in li]
    assert len(reds) == 3 and all('class="flag">optional<' in li for li in reds), reds
