"""Quiz questions: what is she? Built from an edition's representative vessels (docs/web.md, Training).

An *item* is one situation of one edition (``navlights.classes.vessels``: "vessel at anchor",
"power-driven vessel towing", …); situations that show no light at night are left out, and so are
those whose own signal is a gap in the rule base (a 1960 pilot vessel: her lights are only the
general ones, status ``general``), since no picture of them can be trusted. Where the rule base has
other gaps for the vessel asked about (the 1960 stern light's rule), the question carries them in
words (``gaps``), for the result page. A question
takes one representative of the item (a length, a tonnage, a tow) and looks at it from a random
aspect, choosing among a few fair aspects (something seen, nothing at the edge of its arc) the one
that shows most of her lights. The other answers are vessels of the same edition whose pictures
from that aspect differ from hers and from each other (compared by their patterns), and whose
situations cannot show her picture from there at any length or with any lighting the rules allow
(the identification index says which can), so the lights seen answer the question and exactly one
answer fits. Answers are worded as a mariner says them: the situation and the class of her length
the rules cut ("vessel at anchor, 150 ft or more"; "power-driven vessel under way, under 65 ft").

Pure: no web, no storage. The caller owns the random generator, so a seeded generator gives the
same questions. Reached through the facade (``api.quiz_items``, ``api.quiz_question``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from ..classes import vessels
from ..errors import NavlightsError
from ..model import Display, Edition
from ..vessel import make_vessel
from .display import display
from .view import Picture, view

#: At most this many answers to choose from.
CHOICES = 4
#: Representatives of the item tried, aspects tried per representative, fair aspects compared.
_TRIES, _ASPECTS, _FAIR = 6, 16, 6


@dataclass(frozen=True, slots=True)
class Candidate:
    """One representative vessel of an item: the vessel as given (JSON text), her words, her display."""

    item: str
    vessel_json: str
    words: str
    display: Display

    @property
    def vessel(self) -> dict[str, Any]:
        """A fresh copy of the vessel mapping."""
        return json.loads(self.vessel_json)


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer offered: the vessel in words, her item, and the vessel itself."""

    text: str
    item: str
    vessel: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "item": self.item, "vessel": self.vessel}


@dataclass(frozen=True, slots=True)
class Question:
    """A question on one item: the vessel shown, the aspect she is seen from, and the answers."""

    edition: str
    item: str
    vessel: dict[str, Any]
    aspect_deg: float
    choices: tuple[Choice, ...]
    answer: int

    gaps: tuple[str, ...] = ()   # what the rule base does not know for her picture ('Rule 10 (stern light) not found')

    def to_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "item": self.item, "vessel": self.vessel, "aspect_deg": self.aspect_deg,
                "choices": [c.to_dict() for c in self.choices], "answer": self.answer, "gaps": list(self.gaps)}


_POOLS: dict[str, tuple[Edition, tuple[Candidate, ...]]] = {}


def pool(ed: Edition) -> tuple[Candidate, ...]:
    """The edition's representative vessels that show at least one light at night (one per description).

    Remembered per edition (the same loaded edition gives the same pool)."""
    cached = _POOLS.get(ed.id)
    if cached is not None and cached[0] is ed:
        return cached[1]
    out: list[Candidate] = []
    seen_words: set[str] = set()
    for label, mapping in vessels(ed):
        try:
            d = display(make_vessel(mapping), ed)
        except NavlightsError:
            continue
        if not any(i.status == "required" and i.period == "night" for i in d.lights):
            continue          # no light at night; or only general lights, her own signal a gap (status 'general')
        words = d.vessel.describe(d.length_system)
        if words in seen_words:
            continue
        seen_words.add(words)
        out.append(Candidate(label, json.dumps(mapping, sort_keys=True), words, d))
    result = tuple(out)
    _POOLS[ed.id] = (ed, result)
    return result


def items(ed: Edition) -> list[str]:
    """The edition's quiz items (situations), in the order ``classes`` lists them."""
    return list(dict.fromkeys(c.item for c in pool(ed)))


def _picture(c: Candidate, aspect_deg: float) -> Picture | None:
    try:
        return view(c.display, aspect_deg, None)
    except NavlightsError:
        return None


def _fair(p: Picture | None) -> bool:
    """A picture worth asking about: something seen, nothing on the edge of its arc."""
    return bool(p and p.items and not p.glimpsed and all("edge" not in i.flags for i in p.items))


def _fair_views(c: Candidate, rng: random.Random) -> list[tuple[int, float, float, Picture]]:
    """Up to a few fair aspects of her, the one that shows most of her lights first.

    A lone stern light fits half the fleet; a question should teach what tells a vessel apart."""
    views: list[tuple[int, float, float, Picture]] = []
    for _ in range(_ASPECTS):
        aspect = float(rng.randrange(0, 360))
        p = _picture(c, aspect)
        if p is not None and _fair(p):
            views.append((len(p.items), rng.random(), aspect, p))
        if len(views) == _FAIR:
            break
    return sorted(views, key=lambda v: (v[0], v[1], v[2]), reverse=True)


def _readings_at(ed: Edition, p: Picture, aspect: float) -> list[Any]:
    """Every exact reading of the edition that shows picture ``p`` from ``aspect`` (any length, any lighting)."""
    from .identify import index, search
    from ..notation import as_pattern

    idx = index(ed)
    return [r for r in (idx.readings[k] for k in search(idx, as_pattern(p), near=False))
            if any(a.contains(aspect) for a in r.aspects)]


def _situations(readings: list[Any]) -> set[str]:
    return {s for r in readings for s in (r.situation, *r.also)}


def _distinct_others(ed: Edition, c: Candidate, p: Picture, others: list[Candidate],
                     aspect: float) -> list[Candidate]:
    """Her and up to three others whose pictures from ``aspect`` differ from hers and from each other, and whose
    situations cannot show her picture from there at any length or with any lighting the rules allow: the lights
    seen answer the question ('at anchor, fishing' beside 'at anchor' is no night question where both show the
    same anchor lights)."""
    chosen, pats = [c], {_pattern(p)}
    mine = _situations(_readings_at(ed, p, aspect))
    for o in others:
        if o.item in mine:
            continue
        op = _picture(o, aspect)
        if op is None or not op.items:
            continue
        opat = _pattern(op)
        if opat in pats or c.item in _situations(_readings_at(ed, op, aspect)):
            continue
        chosen.append(o)
        pats.add(opat)
        if len(chosen) == CHOICES:
            break
    return chosen


def _pattern(p: Picture) -> str:
    from ..notation import as_pattern
    return as_pattern(p).notation()


def choice_words(ed: Edition, c: Candidate, aspect: float) -> str:
    """The answer as a mariner says it: her situation and the class of her length, tonnage and tow as the rules
    cut them ('vessel at anchor, 150 ft or more'), from the reading of her own picture; her description when
    none fits."""
    p = _picture(c, aspect)
    if p is None or not p.items:
        return c.words
    for r in _readings_at(ed, p, aspect):
        if (r.situation == c.item or c.item in r.also) and r.covers(c.vessel) and not r.variant:
            return ", ".join([c.item, *(w.removeprefix("length ") for w in r.conditions)])
    return c.words


def question(ed: Edition, item: str, rng: random.Random) -> Question | None:
    """A question on ``item``: a vessel, an aspect, and up to four answers whose pictures differ.

    None when no representative of the item gives a fair picture with at least one other answer."""
    cands = [c for c in pool(ed) if c.item == item]
    rng.shuffle(cands)
    others = [c for c in pool(ed) if c.item != item]
    for c in cands[:_TRIES]:
        for _, _, aspect, p in _fair_views(c, rng):
            rng.shuffle(others)
            chosen = _distinct_others(ed, c, p, others, aspect)
            if len(chosen) < 2:
                continue
            rng.shuffle(chosen)
            return Question(ed.id, item, c.vessel, aspect,
                            tuple(Choice(choice_words(ed, o, aspect), o.item, o.vessel) for o in chosen),
                            chosen.index(c), tuple(dict.fromkeys(n.words() for n in p.gaps)))
    return None
