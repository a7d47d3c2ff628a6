"""Golden tables: the committed TSVs equal what the rule base and engine produce now.

A failure here is a change in consequences: review it with `make golden && git diff tests/golden`.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import navlights
from navlights.golden import render, render_sectors

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("eid, kind", [(e, k) for e in navlights.edition_ids() for k in ("display", "sectors")])
def test_golden_table_is_current(eid, kind):
    path = GOLDEN / (f"{eid}.tsv" if kind == "display" else f"{eid}.sectors.tsv")
    assert path.exists(), f"no golden table {path.name}: run `make golden` and review it"
    want, got = path.read_text(), (render(eid) if kind == "display" else render_sectors(eid))
    if want != got:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), str(path), "now"))[:40])
        pytest.fail(f"golden table for {eid} changed; review and run `make golden`:\n{diff}")
