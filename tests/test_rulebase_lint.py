"""Data lint over every edition: cited, resolvable, valid arcs, every provision reachable and displayable."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import navlights
from navlights.classes import vessels
from navlights.engines.display import display
from navlights.errors import MissingFactError
from navlights.model import PROVENANCES

EDITIONS = navlights.edition_ids()
CITE = re.compile(r"^(Rules?|Art\.|Arts\.|Articles?|Preliminary|Proclamation|Sec\.|Section|Annex)(\s|$)")


def test_there_are_editions():
    assert "intl-1960" in EDITIONS


@pytest.fixture(scope="module", params=EDITIONS)
def edition(request):
    return navlights.edition(request.param)


def test_every_entry_is_cited_with_provenance(edition):
    for c in edition.citations():
        assert c.edition == edition.id
        assert CITE.match(c.rule), f"{edition.id}: citation {c.rule!r} does not name a rule or article"
        assert c.provenance in PROVENANCES
        if c.provenance == "inferred":
            assert c.argument and c.sources, f"{c}: inferred without argument or sources"
        if c.provenance == "gap":
            assert c.note, f"{c}: gap without a note"
        if c.provenance in ("primary", "secondary"):
            assert c.sources, f"{c}: {c.provenance} without a named source"


def test_sources_resolve_and_are_used(edition):
    used = {s for c in edition.citations() for s in c.sources} | set(edition.in_force_citation.sources)
    assert used <= set(edition.sources)
    unused = set(edition.sources) - used
    assert not unused, f"{edition.id}: sources never cited: {sorted(unused)}"
    for s in edition.sources.values():
        assert s.title and (s.url or s.cite or s.note), f"{s.id}: a source needs a url, cite or note"


def test_arcs_and_ranges_valid(edition):
    for kid, k in edition.lights.items():
        a, b = k.arc_deg
        assert 0 <= a <= 360 and 0 <= b <= 360 and a != b, kid
        if k.range_nm is not None:
            assert 0 < k.range_nm <= 20, kid


def test_edition_header(edition):
    assert edition.title and edition.waters and edition.aliases
    assert edition.mile in ("nautical", "statute")
    assert edition.in_force_citation.provenance in PROVENANCES
    if edition.in_force_from and edition.in_force_to:
        assert edition.in_force_from < edition.in_force_to


def test_every_provision_is_reached_and_displays(edition):
    """Every representative vessel displays without error or duplicate role; every provision applies to one."""
    reached: Counter[str] = Counter()
    for label, v in vessels(edition):
        try:
            d = display(v, edition)
        except MissingFactError as e:  # only a fact the catalogue does not give (e.g. gear extent)
            assert e.field not in ("length", "tonnage", "towing.tow_length", "being_towed.tow_length"), (label, v, e)
            continue
        roles = d.roles()
        assert len(roles) == len(set(roles)), (label, roles)
        for n in d.notes:
            assert n.text and n.citation.rule
        reached.update(d.provisions)
    unreached = [p.id for p in edition.provisions if p.effect != "reference" and not reached[p.id]]
    assert not unreached, f"{edition.id}: provisions no representative vessel reaches: {unreached}"


def test_compiled_conditions_agree_with_the_reference(edition):
    """Each condition's generated function gives what evaluating it test by test gives, for every class."""
    from navlights.conditions import evaluate, evaluate_slowly
    from navlights.vessel import make_vessel
    conds = [p.when for p in edition.provisions] + [s.when for p in edition.provisions for s in p.shows]
    conds += [b.when for k in edition.lights.values() for b in k.range_bands]
    for _, v in vessels(edition):
        facts = make_vessel(v).facts
        for c in conds:
            assert evaluate(c, facts) == evaluate_slowly(c, facts), (c.text, v)
        bare = {**facts, "length": None, "tow_length": None, "gear_extent": None, "breadth": None}
        for c in conds:
            assert evaluate(c, bare) == evaluate_slowly(c, bare), (c.text, v)


def test_alternative_groups_have_two_options(edition):
    for label, v in vessels(edition):
        try:
            d = display(v, edition)
        except MissingFactError:
            continue
        groups: dict[str, set[str]] = {}
        for i in d.items:
            if i.group:
                groups.setdefault(i.group, set()).add(i.option)
        for g, opts in groups.items():
            assert len(opts) >= 2, (edition.id, label, g, opts)


def test_coverage_reported(edition):
    cov = edition.coverage()
    assert cov["entries"] == sum(cov[p] for p in PROVENANCES)
    assert 0 <= cov["primary_share"] <= 1


# --- our own words: no sentence of a statute or textbook pasted into the rule data ---------------

def _shared():
    from pathlib import Path
    here = Path(__file__).resolve()
    for root in (here.parents[1], here.parents[2]):
        if (root / "shared" / "seeds").is_dir():
            return root / "shared"
    return None


def _strings(node, skip=("url", "title", "id", "cite", "source", "authority", "enacted", "term")):
    if isinstance(node, dict):
        for k, v in node.items():
            if k not in skip:
                yield from _strings(v, skip)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v, skip)
    elif isinstance(node, str):
        yield node


def _grams(text: str, n: int = 12) -> set[str]:
    w = re.findall(r"[a-z0-9]+", text.lower())
    return {" ".join(w[i:i + n]) for i in range(len(w) - n + 1)}


@pytest.fixture(scope="module")
def source_grams():
    shared = _shared()
    if shared is None:
        pytest.skip("this guard compares the data with the OCR'd statute pages and research notes themselves "
                    "(../shared/seeds, ../shared/reference), which CI has beside the checkout and a public clone "
                    "does not")
    texts = [p.read_text(errors="replace") for p in sorted((shared / "seeds").glob("*.txt"))]
    texts += [p.read_text(errors="replace") for p in sorted((shared / "reference" / "rules").glob("*.md"))]
    grams: set[str] = set()
    for t in texts:
        grams |= _grams(t)
    return grams


def test_no_source_sentences_pasted(edition, source_grams):
    """No run of twelve words in the data (summaries, notes, arguments) repeats a seed or research-note text
    (short quoted phrases in an argument are citations; a sentence is not)."""
    import tomllib
    from pathlib import Path
    data = tomllib.loads(Path(edition.path if Path(edition.path).is_absolute() else
                              Path(navlights.__file__).parent / "rulebase" / "data" / edition.path).read_text())
    pasted = [s for s in _strings(data) if _grams(s) & source_grams]
    assert pasted == [], f"{edition.id}: text shares twelve words in a row with a source: {pasted[:3]}"


def test_sources_pages_in_our_own_words(source_grams):
    """The docs' sources pages (docs/sources/*.md, issue 37) say what the data rests on in our words: no run of
    twelve words repeats an OCR'd page or a research note."""
    from pathlib import Path
    pages = sorted((Path(__file__).resolve().parents[1] / "docs" / "sources").glob("*.md"))
    assert pages
    def prose(text: str) -> str:         # addresses and citations are names, not sentences
        return re.sub(r"https?://\S+|\[[^\]]*\]\([^)]*\)", " | ", text)
    pasted = {p.name: sorted(_grams(prose(p.read_text(encoding="utf-8"))) & source_grams) for p in pages}
    assert {k: v for k, v in pasted.items() if v} == {}
