"""docs/coverage.md holds what the rule data cites: every provision an entry of intl-1972 or us-inland cites is a row
of the page (or listed as cited whole or outside the Parts), no row says "expressible" unless an entry cites it,
every paragraph of the Parts has a status, and the page is the generator's output (regenerate with
``python -m navlights.coverage docs/coverage.md``)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from navlights import coverage

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "coverage.md"


def _cites(node: Any) -> Iterator[str]:
    """Every citation string written in a rule-data file: keys ending in ``cite``, and the values of ``cites``
    (a ``[[source]]``'s cite is a bibliographic reference, not a provision)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "source":
                continue
            if k.endswith("cite") and isinstance(v, str):
                yield v
            elif k == "cites" and isinstance(v, dict):
                yield from (x for x in v.values() if isinstance(x, str))
            else:
                yield from _cites(v)
    elif isinstance(node, list):
        for x in node:
            yield from _cites(x)


def _data(edition: str) -> dict[str, Any]:
    return tomllib.loads((coverage.DATA / f"{edition}.toml").read_text(encoding="utf-8"))


def _page_sections() -> dict[str, str]:
    """The page's text cut into one piece per edition."""
    text = PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^## .*\(`([a-z0-9-]+)`\)$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _first_cells(section: str) -> set[str]:
    return {m.group(1) for m in re.finditer(r"^\| `(.+?)` \|", section, flags=re.M)}


# --- how a citation is split into paragraphs (expectations written from the citation forms of schema.md) ---

@pytest.mark.parametrize("cite, paragraphs", [
    ("Rule 24(h)", ["Rule 24(h)"]),
    ("Rule 26(f)(ii)(1)(A)", ["Rule 26(f)"]),
    ("Rule 26(b)(i), (c)(i); Annex I 6(a)(ii)", ["Rule 26(b)", "Rule 26(c)", "Annex I 6(a)"]),
    ("Rule 24(a)(i); Annex I 2(i)(i), (iii)", ["Rule 24(a)", "Annex I 2(i)", "Annex I 2(i)"]),  # (iii) of 2(i)
    ("Rule 21(e), (f)", ["Rule 21(e)", "Rule 21(f)"]),
    ("Rule 20(a)-(e)", ["Rule 20(a)", "Rule 20(b)", "Rule 20(c)", "Rule 20(d)", "Rule 20(e)"]),
    ("Annex I 2(b), 5, 7, 9, 10", ["Annex I 2(b)", "Annex I 5", "Annex I 7", "Annex I 9", "Annex I 10"]),
    ("Sec. 84.02(f)(ii), 84.03(c)", ["Sec. 84.02(f)", "Sec. 84.03(c)"]),
    ("Rule 28", ["Rule 28"]),
    ("Rules 20-31; Annex I", ["Rules 20-31", "Annex I"]),
    ("33 CFR 84.01-84.20", ["33 CFR 84.01-84.20"]),
])
def test_split_cite(cite: str, paragraphs: list[str]) -> None:
    assert coverage.split_cite(cite) == paragraphs


# --- the Parts' paragraphs, as read in the primary text ---

@pytest.mark.parametrize("edition, section, paragraphs", [
    ("intl-1972", "Rule 24", "abcdefghi"),      # COLREGs Rule 24 ends at (i), the vessel assisting one in distress
    ("us-inland", "Rule 24", "abcdefghij"),     # Inland 24(j): the Western Rivers and specified waters
    ("us-inland", "Rule 30", "abcdefghijkl"),   # Inland 30(g) special anchorage, (h)-(l) moored barges
    ("intl-1972", "Rule 28", ""),               # one paragraph, no letters
    ("us-inland", "Rule 28", ""),               # "[Reserved]"
    ("intl-1972", "Annex I 2", "abcdefghijk"),  # 2(a) masthead heights ... 2(k) anchor lights
    ("intl-1972", "Annex II 2", "abc"),         # trawlers, pair trawlers, under 20 m
    ("us-inland", "Sec. 84.02", "abcdefghijk"),  # 84.02(h) reserved
    ("us-inland", "Sec. 88.05", "ab"),          # the blue light; who may show it
])
def test_parts_as_read(edition: str, section: str, paragraphs: str) -> None:
    found = [s for p in coverage.hand()["part"] if p["edition"] == edition for s in p["sections"]
             if s["section"] == section]
    assert found == [{"section": section, "paragraphs": paragraphs}]


def test_part_85_is_reserved() -> None:
    """33 CFR Part 85 (Annex II) is reserved; the Inland Rules put the close-proximity signals in Rule 26(f)."""
    (part,) = [p for p in coverage.hand()["part"] if "Part 85" in p["title"]]
    assert part["sections"] == []


# --- the page and the data ---

def test_page_is_current() -> None:
    assert PAGE.read_text(encoding="utf-8") == coverage.page(), \
        "docs/coverage.md is stale: run python -m navlights.coverage docs/coverage.md and review the diff"


@pytest.mark.parametrize("edition", coverage.EDITIONS)
def test_every_cited_provision_is_on_the_page(edition: str) -> None:
    listed = _first_cells(_page_sections()[edition])
    cited = {p for c in _cites(_data(edition)) for p in coverage.split_cite(c)}
    assert cited, "no citation read"
    missing = sorted(cited - listed)
    assert not missing, f"{edition}: cited by the rule data but not on docs/coverage.md: {missing}"


@pytest.mark.parametrize("edition", coverage.EDITIONS)
def test_no_row_is_expressible_without_a_citing_entry(edition: str) -> None:
    cited = {p for c in _cites(_data(edition)) for p in coverage.split_cite(c)}
    expressible = {k for k, s in coverage.provisions_in(PAGE.read_text(encoding="utf-8"))[edition].items()
                   if s == "expressible"}
    assert expressible, "no expressible row read"
    assert not sorted(expressible - cited), f"{edition}: expressible on the page, cited by no entry"


@pytest.mark.parametrize("edition", coverage.EDITIONS)
def test_every_paragraph_has_a_status(edition: str) -> None:
    rows, _ = coverage.rows(edition)
    assert [r.key for r in rows if r.status == "UNCLASSIFIED"] == []


def test_hand_list_names_real_paragraphs() -> None:
    """A reason in coverage.toml names a paragraph of its edition's Parts and a status the page knows."""
    keys = {(r.edition, r.key) for e in coverage.EDITIONS for r in coverage.rows(e)[0]}
    for n in coverage.hand()["uncited"]:
        assert (n["edition"], n["provision"]) in keys, n
        assert n["status"] in ("not expressible", "outside navlights"), n
        assert n["why"].strip(), n


@pytest.mark.parametrize("edition, provision, status", [
    # written from what the rule data does (this session's merges), checked with the CLI: see the report
    ("intl-1972", "Annex II 2(a)", "expressible"),   # trawler shooting / hauling / net fast
    ("intl-1972", "Annex II 3", "expressible"),      # purse seiner's alternating yellow lights
    ("intl-1972", "Annex II 2(b)", "note only"),     # pair trawling: a searchlight, no colour or range
    ("us-inland", "Rule 24(f)", "expressible"),      # 24(f)(iii) towed alongside on both sides
    ("us-inland", "Rule 24(j)", "expressible"),      # Western Rivers and specified waters
    ("us-inland", "Rule 27(d)", "expressible"),      # 27(d)(iv) dredge pipelines
    ("us-inland", "Rule 30(h)", "expressible"),      # moored barges, the four cases
    ("us-inland", "Rule 28", "note only"),           # reserved: no constrained-by-draft signal
    ("us-inland", "Sec. 86.01(a)", "outside navlights"),
])
def test_rows(edition: str, provision: str, status: str) -> None:
    assert coverage.provisions_in(PAGE.read_text(encoding="utf-8"))[edition][provision] == status
