"""Provenance discipline (rulebase/schema.md, "Provenance: what counts as primary"), for every edition.

Primary means the enacted text (a Statutes at Large page, a proclamation reciting it, another state's
enactment of the same text) or a government's official reprint of it; a textbook (Nicholls's Seamanship
included, though it is a project seed), a treatise or a private print is secondary. These tests check the
rule by the kinds of the sources each entry names, not by running a display.
"""

from __future__ import annotations

import json

import pytest

import navlights
from navlights.cli import main

ENACTED_KINDS = {"statute", "enactment", "official-reprint"}   # the enacted text, another state's enactment, or a government reprint


def _primary_rows(capsys, edition_id: str) -> list[dict]:
    """`navlights rules -e ID --provenance primary --json`: every entry it lists."""
    assert main(["rules", "-e", edition_id, "--provenance", "primary", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    return data["definitions"] + data["kinds"] + data["provisions"]


@pytest.mark.parametrize("edition_id", navlights.edition_ids())
def test_rules_primary_lists_nothing_resting_on_a_textbook_alone(capsys, edition_id):
    kinds = {s.id: s.kind for s in navlights.edition(edition_id).sources.values()}
    rows = _primary_rows(capsys, edition_id)
    assert rows, f"{edition_id}: no primary entry at all"
    weak = [(r.get("term") or r.get("id"), r["citation"]["sources"]) for r in rows
            if not {kinds[s] for s in r["citation"]["sources"]} & ENACTED_KINDS]
    assert weak == [], f"{edition_id}: primary entries with no enacted-text source: {weak}"


@pytest.mark.parametrize("edition_id", navlights.edition_ids())
def test_every_primary_citation_names_an_enacted_text(edition_id):
    # the items of a provision carry their own citations (a show may be primary where its provision is not)
    e = navlights.edition(edition_id)
    kinds = {s.id: s.kind for s in e.sources.values()}
    weak = [str(c) for c in e.citations() + [e.in_force_citation]
            if c.provenance == "primary" and not {kinds[s] for s in c.sources} & ENACTED_KINDS]
    assert weak == [], f"{edition_id}: {weak}"


@pytest.mark.parametrize("edition_id", navlights.edition_ids())
def test_a_source_kind_says_what_it_is(edition_id):
    # a project seed is a statute page or a textbook; 'seed' says how it reached the project, not what it is
    sources = navlights.edition(edition_id).sources.values()
    assert [s.id for s in sources if s.kind == "seed"] == []


@pytest.mark.parametrize("edition_id, source_id", [
    # shared/seeds/001: Nicholls, Seamanship and Nautical Knowledge, 'Ships' lights and regulations' (a textbook)
    ("intl-1897", "SEED-001"),
    ("intl-1948", "SEED-001"),
])
def test_nicholls_is_a_textbook(edition_id, source_id):
    assert navlights.edition(edition_id).sources[source_id].kind == "textbook"


@pytest.mark.parametrize("edition_id, source_id", [
    # shared/seeds/000 = 28 Stat. 646; 002 = 79 Stat. 1456; 003 = 65 Stat. 410; 004 = 79 Stat. 1458
    ("gl-1895", "SEED-000"),
    ("intl-1948", "SEED-003"),
    ("intl-1960", "SEED-002"),
    ("intl-1960", "SEED-004"),
])
def test_statute_seeds_are_statutes(edition_id, source_id):
    assert navlights.edition(edition_id).sources[source_id].kind == "statute"
