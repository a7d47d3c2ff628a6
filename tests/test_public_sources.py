"""Issue 37, item 1: every source a reader can open. Each source names a public reference (a Statutes at Large page
with its Wikisource address, an official reprint's address, a public repository's path), never a file outside
the project; what the data rests on beyond that ships as docs/sources/<edition>.md, in the site's nav, and each
provision's provenance leads there (the CLI's `rules`, the web's badges and Editions page, the docs).

Runs on a public clone: nothing here reads ../shared. Expected values are written by hand from the pages named."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from fastapi.testclient import TestClient

import navlights
from navlights import api
from navlights.cli import main
from navlights.model import Source
from navlights.rulebase.loader import public_source_problems

ROOT = Path(__file__).resolve().parents[1]
WIKISOURCE = "https://en.wikisource.org/wiki/Page:United_States_Statutes_at_Large_Volume_"


# --- nothing a user reads points outside the project ---------------------------------------------------------


def test_no_path_outside_the_project_in_src_or_docs():
    # the check: `grep -r "shared/" src docs` finds nothing
    hits = [str(p.relative_to(ROOT)) for top in ("src", "docs") for p in (ROOT / top).rglob("*")
            if p.is_file() and p.suffix not in (".png", ".pyc", ".sqlite", ".gz", ".pickle")
            and "shared/" in p.read_text(encoding="utf-8", errors="replace")]
    assert hits == []


# --- the project's first pages, cited as what they are, with their public page ---------------------------------


@pytest.mark.parametrize("edition_id, source_id, cite, url", [
    # 28 Stat. 646 (Great Lakes Rules, Act of Feb. 8, 1895, ch. 64): 28 Stat. 648 is djvu/677, so 646 is /675
    ("gl-1895", "SEED-000", "28 Stat. 646", WIKISOURCE + "28.djvu/675"),
    # 65 Stat. 410 (Pub. L. 172, the 1948 Rules 3 and 4): 65 Stat. 409 is djvu/443, 420 is /454, so 410 is /444
    ("intl-1948", "SEED-003", "65 Stat. 410", WIKISOURCE + "65.djvu/444"),
    ("intl-1960", "SEED-003", "65 Stat. 410", WIKISOURCE + "65.djvu/444"),
    # 79 Stat. 1456 and 1458 (Proclamation 3632, the 1960 Rules): 1458 is djvu/1498, so 1456 is /1496
    ("intl-1960", "SEED-002", "79 Stat. 1456", WIKISOURCE + "79.djvu/1496"),
    ("intl-1948", "SEED-002", "79 Stat. 1456", WIKISOURCE + "79.djvu/1496"),
    ("intl-1960", "SEED-004", "79 Stat. 1458", "http://en.wikisource.org/wiki/Page:United_States_Statutes_at_Large_"
                                               "Volume_79.djvu/1498"),
])
def test_a_statute_page_the_project_began_from_names_its_public_page(edition_id, source_id, cite, url):
    s = navlights.edition(edition_id).sources[source_id]
    assert (s.kind, s.cite, s.url) == ("statute", cite, url)


@pytest.mark.parametrize("edition_id", ["intl-1897", "intl-1948"])
def test_the_textbook_page_names_the_book_and_a_public_copy(edition_id):
    # seed 001: Nicholls, Seamanship and Nautical Knowledge, "Ships' lights and regulations", p. 189
    s = navlights.edition(edition_id).sources["SEED-001"]
    assert s.kind == "textbook" and "Nicholls, Seamanship and Nautical Knowledge" in s.title and "p. 189" in s.title
    assert s.url == "https://archive.org/details/NichollssSeamanshipAndNauticalKnowledge"


@pytest.mark.parametrize("edition_id", navlights.edition_ids())
def test_every_source_names_a_public_reference(edition_id):
    problems = [p for s in navlights.edition(edition_id).sources.values()
                for p in public_source_problems(edition_id, s)]
    assert problems == []


@pytest.mark.parametrize("edition_id", navlights.edition_ids())
def test_research_notes_are_the_editions_sources_page(edition_id):
    notes = [s for s in navlights.edition(edition_id).sources.values() if s.kind == "research-notes"]
    assert notes and all(f"docs/sources/{edition_id}.md" in s.title for s in notes)


def test_the_1960_argument_cites_the_1972_rule_it_uses():
    # 1960 Rule 3(c) is inferred partly from COLREGs 1972 Rule 24(a)(v), (e)(iii): a diamond on tug and tow over 200 m
    s = navlights.edition("intl-1960").sources["NOTES-1972"]
    assert s.kind == "other" and "Rule 24(a)(v)" in s.title
    assert s.url == "https://github.com/sailingnaturali/colregs-vault/blob/main/rules/international/rule-24.md"


@pytest.mark.parametrize("source, words", [
    (Source("X", "statute", "Act of Feb. 8, 1895", cite="28 Stat. 646", note="OCR copy in shared/seeds/000.txt"),
     "names a file outside the project"),
    (Source("X", "statute", "A statute page, no page named"), "no public reference"),
    (Source("X", "other", "A book", url="file:///home/me/book.pdf"), "no public reference"),
    (Source("X", "research-notes", "our notes"), "docs/sources/gl-1895.md"),
])
def test_the_loader_refuses_a_source_nobody_can_open(source, words):
    problems = public_source_problems("gl-1895", source)
    assert len(problems) == 1 and words in problems[0]


@pytest.mark.parametrize("source", [
    Source("X", "statute", "Act of Feb. 8, 1895", cite="28 Stat. 646"),
    Source("X", "other", "A book", url="https://books.google.com/books?id=abc"),
    Source("X", "research-notes", "navlights sources page for this edition, docs/sources/gl-1895.md"),
])
def test_the_loader_takes_a_public_source(source):
    assert public_source_problems("gl-1895", source) == []


# --- the sources pages: one per edition, in the site's nav ----------------------------------------------------


def _nav_paths(node):
    if isinstance(node, dict):
        for v in node.values():
            yield from _nav_paths(v)
    elif isinstance(node, list):
        for v in node:
            yield from _nav_paths(v)
    elif isinstance(node, str):
        yield node


@pytest.mark.parametrize("edition_id", navlights.edition_ids())
def test_each_edition_has_a_sources_page_in_the_nav(edition_id):
    page = ROOT / "docs" / "sources" / f"{edition_id}.md"
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"# Sources: {edition_id}") and f"<!-- navlights-sources {edition_id} -->" in text
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nhooks:")[0] + "\n")
    rest = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1]
    assert f"sources/{edition_id}.md" in list(_nav_paths(yaml.safe_load("nav:\n" + rest)["nav"]))
    assert nav["docs_dir"] == "docs"


def test_the_generated_part_lists_sources_inferences_and_gaps():
    # docs_hooks writes the data's own lists into the page: the 1960 stern light (Rule 10) is a gap, Rule 3(c)
    # (the towing vessel's diamond) is inferred, and 79 Stat. 1458 is a source with its Wikisource page
    import re
    import sys
    sys.path.insert(0, str(ROOT))
    import docs_hooks
    text = docs_hooks._sources(re.match(docs_hooks.SOURCES, "<!-- navlights-sources intl-1960 -->"))
    assert "| `SEED-004` | statute |" in text and "Volume_79.djvu/1498" in text
    assert "## Inferred entries" in text and "**Rule 3(c)**" in text
    assert "## Gaps" in text and "**Rule 10**" in text


# --- provenance leads to the sources page: CLI, JSON, web -------------------------------------------------------


@pytest.mark.parametrize("edition_id", ["gl-1895", "intl-1972"])
def test_rules_output_names_the_sources_page(capsys, edition_id):
    assert main(["rules", "-e", edition_id]) == 0
    words = " ".join(capsys.readouterr().out.split())
    assert f"docs/sources/{edition_id}.md" in words
    assert api.rules_json(edition_id)["sources_page"] == f"docs/sources/{edition_id}.md"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from navlights.web.app import create_app
    return TestClient(create_app(tmp_path_factory.mktemp("sources") / "progress.sqlite", seed=37))


def test_the_editions_page_has_each_editions_sources_anchor(client):
    html = client.get("/editions").text
    for eid in navlights.edition_ids():
        assert f'id="{eid}-sources"' in html and f"docs/sources/{eid}.md" in html


def test_a_provenance_badge_links_to_its_editions_sources():
    from navlights.web.common import _prov
    badge = str(_prov("gap", "intl-1960"))
    assert badge.startswith('<a class="prov prov-gap" href="/editions#intl-1960-sources"') and ">gap</a>" in badge
    assert str(_prov("primary")).startswith('<span class="prov prov-primary"')     # no edition: no link
