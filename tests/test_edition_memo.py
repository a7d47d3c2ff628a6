"""Engine memos live on the loaded edition: no stale citation after re-parsing, no unbounded growth (issue 13).

Before: display() memoised item variants on ``id(item)`` in a module-level dict, so an item of a
discarded edition could hand its variant (and citation) to a new item that reused the id, and the
memo grew with every edition ever parsed.
"""

from __future__ import annotations

import gc
import tomllib

from navlights.engines.display import display
from navlights.rulebase.loader import DATA, parse_edition

# A vessel whose display takes item variants: a sailing vessel under 20 tons, under intl-1897, may
# show the small-craft lantern scheme (Art. 7) instead of the standard sidelights (Art. 5), so every
# item carries a scheme and is a memoised variant.
SMALL_SAILING = {"propulsion": "sail", "length": "30 ft", "tonnage": 10}


def _reparse(eid: str, tag: str):
    with (DATA / f"{eid}.toml").open("rb") as fh:
        data = tomllib.load(fh)
    data["edition"]["id"] = tag            # each parse cites its own edition id
    for s in data.get("source", []):       # and names its own sources page, as the loader asks (issue 37)
        s["title"] = s.get("title", "").replace(f"docs/sources/{eid}.md", f"docs/sources/{tag}.md")
    return parse_edition(data, f"{tag}.toml")


def test_every_display_cites_the_edition_it_came_from():
    for n in range(60):
        ed = _reparse("intl-1897", f"intl-1897-copy{n}")
        d = display(SMALL_SAILING, ed)
        assert d.items, "the case needs items"
        assert any(i.scheme for i in d.items), "the case needs variants (schemes)"
        assert {i.citation.edition for i in d.items} == {ed.id}
        del ed, d
        gc.collect()


def test_memo_is_bounded_by_the_edition():
    ed = _reparse("intl-1897", "intl-1897-memo")
    for _ in range(50):
        display(SMALL_SAILING, ed)
    size = len(ed.memo)
    items = sum(len(p.shows) for p in ed.provisions)
    assert 0 < size <= items * 4          # at most a few variants (scheme x status) per item
    for _ in range(50):
        display(SMALL_SAILING, ed)
    assert len(ed.memo) == size           # no growth on repeat


def test_a_displays_view_preparation_is_its_own():
    """engines.view remembers, on the display, what a view prepares before the aspect matters. A display made by
    dataclasses.replace with other items (identify does) starts an empty memo, and a remembered preparation gives
    the picture a fresh display gives."""
    import dataclasses

    from navlights import api
    from navlights.engines.view import view
    vessel = {"propulsion": "power", "length": "200 ft"}
    d = api.display(vessel, "intl-1972")
    first = view(d, 33.3).describe()
    assert any(k[0] == "view-prepared" for k in d.memo)
    e = dataclasses.replace(d, items=d.items[:1])
    assert e.memo == {} and e.memo is not d.memo
    assert view(e, 33.3).describe() != first
    fresh = dataclasses.replace(d)                    # same items, an empty memo
    for aspect in (0.0, 33.3, 112.5, 200.0, 359.9):
        assert view(d, aspect).to_dict() == view(fresh, aspect).to_dict()
    assert view(d, 33.3, choose="all").to_dict() == view(fresh, 33.3, choose="all").to_dict()
