"""What each light or shape seen says, from the rule data: the provision that shows it (its title), what
that show adds to the provision's own condition (a tow over 200 m, making way, gear reaching out), where it
stands when the rule says toward what (toward the outlying gear), and its cite.

Nothing here is written from memory: the words are the provision's title, the show's own condition (its
facts named in words) and its placement, as the edition's file records them.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ...model import Edition, Item, Provision, Show

#: A light's meaning: (tokens seen, the light or shape in the edition's words, what it says, its cite).
Meaning = tuple[tuple[str, ...], str, str, str]

#: Facts a show's condition names, in words (the rest of a condition, a length band, only places the light).
_FACT_WORDS = (("gear_extent", "outlying gear extending"), ("tow_length", "tow"), ("making_way", "making way"),
               ("_", " "))
_PLACING = ("length", "breadth", "tonnage", "not length", "not breadth", "(length", "(breadth")
_COUNT = {2: "two", 3: "three", 4: "four", 5: "five"}


def provision_of(edition: Edition) -> dict[tuple[str, str], tuple[Provision, Show]]:
    """(role, cite) -> the provision and show that put an item with that role and cite in a display."""
    memo = edition.memo.get("identify.provision_of")
    if memo is None:
        memo = {}
        for p in edition.provisions:
            for s in p.shows:
                memo.setdefault((s.item.role, str(s.item.citation)), (p, s))
        edition.memo["identify.provision_of"] = memo
    return memo


def _title(p: Provision) -> str:
    t = p.title
    return t[:1].lower() + t[1:] if t[1:2].islower() else t


def _condition_words(show: Show) -> list[str]:
    """What the show's own condition adds, in words: 'tow over 200 m', 'making way'; lengths that only
    place or space the light are left out."""
    text = show.when.text
    if not text:
        return []
    out = []
    for part in text.split(" and "):
        if part.startswith(_PLACING) or part.endswith(" given"):
            continue                 # a test that the fact is given says nothing beside its comparison
        for fact, words in _FACT_WORDS:
            part = part.replace(fact, words)
        out.append(part)
    return out


def says(item: Item, found: tuple[Provision, Show] | None) -> tuple[str, str]:
    """(what the item says, its cite): the provision's title, the show's own condition, a placement toward
    something; the cite of the show (or the item's own where no provision is found)."""
    if found is None:
        return item.term, item.cite
    p, s = found
    words = [_title(p)] + _condition_words(s)
    pos = item.placement.position or ""
    if pos.startswith(("toward", "in the direction")):
        words.append(pos)
    return "; ".join(words), item.cite


def _plural(term: str, n: int) -> str:
    """'two all-round red lights'; '3 × cone, apex upwards' where the term has no plain plural."""
    count = _COUNT.get(n, str(n))
    for word in ("light", "shape", "ball", "diamond", "cone"):
        if term.endswith(word):
            return f"{count} {term}s"
        if f" {word} " in term:
            return f"{count} {term.replace(f' {word} ', f' {word}s ', 1)}"
    return f"{n} × {term}"


def meanings(edition: Edition, items: Mapping[str, Item], lights: Iterable[tuple[str, str, str]]
             ) -> tuple[Meaning, ...]:
    """Every light or shape seen (role, token, cite), with what it says; the same kind saying the same
    (two all-round red lights of one rule) counted together, in the order seen."""
    where = provision_of(edition)
    groups: dict[tuple[str, str], tuple[list[str], list[str]]] = {}
    for role, token, cite in lights:
        item = items[role]
        said, cite_ = says(item, where.get((role, cite)))
        tokens, cites = groups.setdefault((item.term, said), ([], []))
        tokens.append(token)
        cites += [c for c in cite_.split("; ") if c not in cites]
    out = []
    for (term, said), (tokens, cites) in groups.items():
        seen = term if len(tokens) == 1 else _plural(term, len(tokens))
        out.append((tuple(tokens), seen, said, "; ".join(cites)))
    return tuple(out)


def provision_words(edition: Edition, role: str, cite: str) -> str | None:
    """What the provision that shows an item (by role and cite) says, in words: its title and the show's own
    condition ('vessel engaged in trawling'; 'power-driven vessel towing; tow over 200 m'); None where none is
    found."""
    found = provision_of(edition).get((role, cite))
    if found is None:
        return None
    p, s = found
    return "; ".join([_title(p)] + _condition_words(s))
