"""Golden tables: the committed TSVs equal what the rule base and engine produce now.

A failure here is a change in consequences: review it with `make golden && git diff tests/golden`.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import navlights
from navlights.golden import DIFF_PAIRS, WORDS_EDITIONS, render, render_differences, render_sectors, render_words

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("eid, kind", [(e, k) for e in navlights.edition_ids() for k in ("display", "sectors")])
def test_golden_table_is_current(eid, kind):
    path = GOLDEN / (f"{eid}.tsv" if kind == "display" else f"{eid}.sectors.tsv")
    assert path.exists(), f"no golden table {path.name}: run `make golden` and review it"
    want, got = path.read_text(), (render(eid) if kind == "display" else render_sectors(eid))
    if want != got:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), str(path), "now"))[:40])
        pytest.fail(f"golden table for {eid} changed; review and run `make golden`:\n{diff}")


@pytest.mark.parametrize("a, b", DIFF_PAIRS)
def test_golden_differences_are_current(a, b):
    """The reviewed list of differences between two regimes (docs/design.md: every line was checked against both
    texts): a new, lost or changed difference is a change to review against the texts before regenerating."""
    path = GOLDEN / f"differences.{a}.{b}.tsv"
    assert path.exists(), f"no golden differences {path.name}: run `make golden` and review it"
    want, got = path.read_text(), render_differences(a, b)
    if want != got:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), str(path), "now"))[:40])
        pytest.fail(f"differences between {a} and {b} changed; review each against the texts and run `make golden`:\n{diff}")


@pytest.mark.parametrize("eid", WORDS_EDITIONS)
def test_golden_words_are_current(eid):
    """Every representative vessel's picture in words, by signal, in each aspect sector (issue 31): a change of
    words is a diff to read as a look-out would."""
    path = GOLDEN / f"{eid}.words.tsv"
    assert path.exists(), f"no golden table {path.name}: run `make golden` and review it"
    want, got = path.read_text(), render_words(eid)
    if want != got:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), str(path), "now"))[:40])
        pytest.fail(f"pictures in words for {eid} changed; review and run `make golden`:\n{diff}")
