"""Quiz questions: what is she? Built from an edition's representative vessels (docs/web.md, Training).

A *situation* is one of ``navlights.classes.vessels`` ("vessel at anchor", "power-driven vessel towing", …).
A situation is used only where the edition has a basis for it: every fact that sets it apart (a service such
as harbour-tug, a kind of work, a seaplane) is tested by some rule of the edition; otherwise its vessel is
just another vessel of the edition (the 1972 Rules know no harbour tug). Situations that show nothing at a
period are left out of that period, and so are those whose own signal is a gap in the rule base (a 1960
pilot vessel: her lights are only the general ones, status ``general``), since no picture of them can be
trusted.

A *card* is one answer a look-out can give at one period (night: lights; day: shapes): the situations whose
pictures are the same from every aspect, vessel for vessel of the same length, tonnage and breadth (the
lights or shapes chosen, their colours, arcs and places on board), are one card. At night every vessel
restricted in her ability to manoeuvre and not making way is one card, whatever her work; by day the work is
named only where the shapes differ (1972 Rule 27(b)(ii) and (d)). A card is named as a mariner says it: by the
plainest of its situations where one covers the others ("power-driven vessel under way" for a warship or a
vessel constrained by her draught that shows no more), by the edition's own term where the situations differ
only in the kind of work ("vessel restricted in her ability to manoeuvre"), otherwise by the situations joined.

A question on a card takes one representative vessel of it (a length, a tonnage, a tow) and looks at it from
a random aspect, choosing among a few fair aspects (something seen, nothing at the edge of its arc) the one
that shows most. The other answers are cards of the same period whose vessels' pictures from that aspect
differ from hers and from each other (compared by their patterns), and whose situations cannot show her
picture from there at any length or with any lighting the rules allow (the identification index says which
can), and the other way round: so the picture answers the question and exactly one answer fits. A picture that
names her card for a vessel of her size is preferred; where another card's vessel of her size shows the same from
there (a small vessel aground shows a small vessel at anchor's lights), the right answer names that card too
("… (or …)") and it is not offered apart. Answers are
worded as a mariner says them: the card's name and the class of her length the rules cut ("vessel at
anchor, 150 ft or more"; "power-driven vessel under way, under 65 ft").

Cards also carry their *rules* (the rules their signal is cited from, "Rule 24"), for topics: lights,
shapes, and one topic per rule.

Pure: no web, no storage. The caller owns the random generator, so a seeded generator gives the same
questions. Reached through the facade (``api.quiz_cards``, ``api.quiz_topics``, ``api.quiz_question``).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any, Iterable

from ..classes import SITUATIONS, tested, vessels
from ..rulebase.situations import prior as commonness
from ..errors import NavlightsError
from ..model import Display, Edition
from ..notation import as_pattern, token_of
from ..vessel import make_vessel
from .display import display
from .view import Picture, _prepared, view

#: At most this many answers to choose from.
CHOICES = 4
#: The periods a question is asked at: night (lights) and day (shapes).
PERIODS = ("night", "day")
#: Representatives of the card tried, aspects tried per representative, fair aspects compared, representatives of
#: each other card tried as an answer.
_TRIES, _ASPECTS, _FAIR, _OTHER_TRIES = 6, 16, 6, 2

#: The facts of a situation that only set the scene: every edition decides them.
_UNIVERSAL = frozenset({"propulsion", "status", "making_way", "length"})
#: The facts whose *value* must be tested by the edition (a service, a kind of work, a time, waters).
_VALUED = frozenset({"service", "restricted", "time", "waters"})
#: What she is rather than what she does: left out when a plain 'vessel ...' situation names a card.
_KIND = frozenset({"propulsion", "seaplane", "machinery"})
#: The plain situations whose rules are a vessel's general lights (left out of a card's rules where it has its own).
_PLAIN = ("power-driven vessel under way", "sailing vessel under way")
#: Words that say what she is: a situation named so keeps those facts when it names a card.
_NAMED_KIND = ("power-driven ", "sailing ", "seaplane ", "steam ", "motor ")
_MISSING = object()
#: Facts let go in a card's name only where every one of its situations has them.
_HELD = frozenset({"restricted", "fishing.method"})
#: The kinds of work of 'vessel engaged in ... work' (classes' situations), in their order.
_WORKS = tuple(dict.fromkeys(base["restricted"] for _, base in SITUATIONS
                             if set(base) == {"propulsion", "restricted"} and isinstance(base["restricted"], str)))
#: A card standing for at least this many kinds of work is named by the edition's term for them, where it has one
#: ('vessel restricted in her ability to manoeuvre'); fewer are named one by one.
_TERM_WORKS = 3
_RULE = re.compile(r"^(Rule|Article|Art\.|Sec\.|Section)\s*\d+(\.\d+)?")


@dataclass(frozen=True, slots=True)
class Candidate:
    """One representative vessel of a situation: the vessel as given (JSON text), her words, her display."""

    item: str
    vessel_json: str
    words: str
    display: Display

    @property
    def vessel(self) -> dict[str, Any]:
        """A fresh copy of the vessel mapping."""
        return json.loads(self.vessel_json)

    def shows(self, period: str) -> bool:
        """She shows something of her own at ``period`` (a required light at night, a required shape by day)."""
        return any(i.status == "required" and i.period == period for i in self.display.items)


@dataclass(frozen=True, slots=True)
class Card:
    """One answer at one period: the situations whose pictures are the same from every aspect, and its name."""

    period: str                   # night | day
    name: str                     # the answer as a mariner says it
    members: tuple[str, ...]      # the situations it stands for, in classes' order
    rules: tuple[str, ...]        # 'Rule 24': where its signal is cited from
    works: tuple[str, ...] = ()   # the kinds of work that look so, where every situation is one of work

    @property
    def key(self) -> str:
        """'night:vessel at anchor': unique within an edition."""
        return f"{self.period}:{self.name}"

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "period": self.period, "name": self.name, "members": list(self.members),
                "rules": list(self.rules), "works": list(self.works)}


@dataclass(frozen=True, slots=True)
class Topic:
    """A set of cards to train on: all, lights (night), shapes (day), or one rule's."""

    id: str                       # all | lights | shapes | rule-24
    label: str
    cards: tuple[str, ...]        # card keys

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "cards": len(self.cards)}


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer offered: its words, its card (name and situations), and the vessel that shows it."""

    text: str
    item: str
    vessel: dict[str, Any]
    members: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "item": self.item, "vessel": self.vessel, "members": list(self.members)}


@dataclass(frozen=True, slots=True)
class Question:
    """A question on one card: the vessel shown, the aspect she is seen from, and the answers."""

    edition: str
    item: str                     # the card's name
    vessel: dict[str, Any]
    aspect_deg: float
    choices: tuple[Choice, ...]
    answer: int

    gaps: tuple[str, ...] = ()   # what the rule base does not know for her picture ('Rule 10 (stern light) not found')
    period: str = "night"
    also: tuple[str, ...] = ()   # other cards a vessel of her size may show this picture as, from here (not offered)

    def to_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "item": self.item, "period": self.period, "vessel": self.vessel,
                "aspect_deg": self.aspect_deg, "choices": [c.to_dict() for c in self.choices],
                "answer": self.answer, "gaps": list(self.gaps), "also": list(self.also)}


# ---------------------------------------------------------------------------------------------
# Situations with a basis in the edition, and their representatives


def has_basis(ed: Edition, label: str) -> bool:
    """Whether the edition's rules test every fact that sets the situation apart (a harbour tug: service =
    harbour-tug; a seaplane: seaplane). A situation without a basis is another situation under a new name."""
    base = dict(SITUATIONS).get(label)
    if base is None:
        return False
    known = tested(ed)
    for fact, value in base.items():
        if fact in _UNIVERSAL:
            continue
        if fact in _VALUED and isinstance(value, str):
            if (fact, value) not in known:
                return False
        elif (fact, None) not in known:
            return False
    return True


def pool(ed: Edition) -> tuple[Candidate, ...]:
    """The edition's representative vessels of situations it has a basis for, that show something of their own
    at night or by day (one per description). Remembered on the edition."""
    cached = ed.memo.get("quiz.pool")
    if cached is not None:
        return cached
    out: list[Candidate] = []
    seen_words: set[str] = set()
    basis: dict[str, bool] = {}
    for label, mapping in vessels(ed):
        if label not in basis:
            basis[label] = has_basis(ed, label)
        if not basis[label]:
            continue
        try:
            d = display(make_vessel(mapping), ed)
        except NavlightsError:
            continue
        words = d.vessel.describe(d.length_system)
        if words in seen_words:
            continue
        c = Candidate(label, json.dumps(mapping, sort_keys=True), words, d)
        if not any(c.shows(p) for p in PERIODS):
            continue          # nothing of her own; or only general lights, her own signal a gap (status 'general')
        seen_words.add(words)
        out.append(c)
    result = tuple(out)
    ed.memo["quiz.pool"] = result
    return result


def _signature(d: Display, period: str) -> tuple[Any, ...]:
    """What fixes her picture at ``period`` from every aspect: each light or shape chosen (typical lighting), its
    token (colour, shape, flashing), its arc and its place on board. Equal signatures: equal pictures."""
    chosen, placement, _, _ = _prepared(d, "typical", period)
    out = []
    for it, _flags in chosen:
        pos = placement.get(it.role)
        arc = (tuple(round(a, 3) for a in it.arc_deg)
               if it.what == "light" and it.arc_deg is not None and not it.all_round else None)
        out.append((token_of(it.what, it.colour, it.canonical, it.character), repr(arc),
                    round(pos.x_m, 3), round(pos.y_m, 3), round(pos.z_m, 3)))
    return tuple(sorted(out))


def _seen(ed: Edition, period: str) -> tuple[tuple[Candidate, tuple[Any, ...]], ...]:
    """The representatives that show something of their own at ``period`` in their typical lighting (not only
    lights kept at hand), each with its signature. Remembered on the edition."""
    key = ("quiz.seen", period)
    cached = ed.memo.get(key)
    if cached is None:
        found = ((c, _signature(c.display, period)) for c in pool(ed) if c.shows(period))
        cached = ed.memo[key] = tuple((c, sig) for c, sig in found if sig)
    return cached


def _measures(mapping: dict[str, Any]) -> tuple[Any, ...]:
    return (mapping.get("length"), mapping.get("tonnage"), mapping.get("breadth"))


# ---------------------------------------------------------------------------------------------
# Cards: situations that look the same from every aspect, named


def cards(ed: Edition, period: str | None = None) -> tuple[Card, ...]:
    """The edition's cards (night first, then day), or those of one period. Remembered on the edition."""
    cached = ed.memo.get("quiz.cards")
    if cached is None:
        cached = ed.memo["quiz.cards"] = tuple(c for p in PERIODS for c in _make_cards(ed, p))
    return cached if period is None else tuple(c for c in cached if c.period == period)


def _make_cards(ed: Edition, period: str) -> list[Card]:
    order = {label: k for k, (label, _) in enumerate(SITUATIONS)}
    sigs: dict[str, dict[tuple[Any, ...], set[tuple[Any, ...]]]] = {}
    for c, sig in _seen(ed, period):
        sigs.setdefault(c.item, {}).setdefault(_measures(c.vessel), set()).add(sig)
    labels = sorted(sigs, key=lambda s: order.get(s, 10 ** 6))
    parent = {s: s for s in labels}

    def root(s: str) -> str:
        while parent[s] != s:
            s = parent[s]
        return s

    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            common = sigs[a].keys() & sigs[b].keys()
            if common and all(sigs[a][k] == sigs[b][k] for k in common):
                ra, rb = root(a), root(b)
                if ra != rb:
                    parent[rb] = ra
    groups: dict[str, list[str]] = {}
    for s in labels:
        groups.setdefault(root(s), []).append(s)
    general = _general_rules(ed)
    out = []
    for members in groups.values():
        rules = _rules(ed, members, period)
        if not set(members) & set(_PLAIN) and rules - general:
            rules -= general
        alike = _alike_works(ed, members, period)
        own = {_facts(m).get("restricted") for m in members}
        works = tuple(w for w in _WORKS if w in own or w in alike) if all(
            isinstance(_facts(m).get("restricted"), str) for m in members) else ()
        out.append(Card(period, card_name(ed, members, alike), tuple(members), tuple(sorted(rules, key=_rule_order)),
                        works))
    return out


def _alike_works(ed: Edition, members: list[str], period: str) -> tuple[str, ...]:
    """The other kinds of work (of those the edition tests) that show what the situations show, vessel for vessel,
    where every one of them is a vessel engaged in a kind of work: cable work at anchor looks as survey work at
    anchor does, so the card is named for both. () where a situation is not one of work."""
    facts = [_facts(m) for m in members]
    if not all(isinstance(f.get("restricted"), str) for f in facts):
        return ()
    own = {f["restricted"] for f in facts}
    known = tested(ed)
    works = [w for w in _WORKS if w not in own and ("restricted", w) in known]
    wanted = set(members)
    reps = [(c, sig) for c, sig in _seen(ed, period) if c.item in wanted]
    alike = []
    for w in works:
        same = True
        for c, sig in reps:
            try:
                d = display(make_vessel({**c.vessel, "restricted": w}), ed)
            except NavlightsError:
                same = False
            else:
                same = _signature(d, period) == sig
            if not same:
                break
        if same and reps:
            alike.append(w)
    return tuple(alike)


def _rule_of(cite: str) -> str | None:
    m = _RULE.match(cite.strip())
    return m.group(0) if m else None


def _rule_order(rule: str) -> tuple[float, str]:
    m = re.search(r"\d+(\.\d+)?", rule)
    return (float(m.group(0)) if m else 1e9, rule)


def _rules(ed: Edition, members: Iterable[str], period: str) -> set[str]:
    """The rules cited by the lights (or shapes) of the situations' representatives at ``period``."""
    wanted = set(members)
    out: set[str] = set()
    for c, _ in _seen(ed, period):
        if c.item in wanted:
            for it, _ in _prepared(c.display, "typical", period)[0]:
                rule = _rule_of(it.citation.rule)
                if rule:
                    out.add(rule)
    return out


def _general_rules(ed: Edition) -> set[str]:
    """The rules of a plain vessel under way's lights (power-driven, sailing): general, not a card's own."""
    return _rules(ed, _PLAIN, "night")


def _facts(label: str) -> dict[str, Any]:
    """A situation's facts, flat ('fishing.method': 'trawl'), with the defaults its words assert (under way, making
    way)."""
    base = dict(SITUATIONS).get(label, {})
    out: dict[str, Any] = {}
    for k, v in base.items():
        if isinstance(v, dict):
            out[k] = True
            for k2, v2 in v.items():
                out[f"{k}.{k2}"] = v2
        else:
            out[k] = v
    if out.get("towing.vessels") == 1:
        del out["towing.vessels"]          # one vessel in tow: what 'towing' says unless told otherwise
    out.setdefault("status", "underway")
    if out["status"] == "underway":
        out.setdefault("making_way", True)
    return out


#: Ways to name a card whose situations differ: the facts let go, in order (making way; the work; the fishing
#: method; the fishing method with under way or at anchor, where every situation is fishing).
_LET_GO: tuple[frozenset[str], ...] = (
    frozenset(), frozenset({"making_way"}), frozenset({"restricted"}), frozenset({"restricted", "making_way"}),
    frozenset({"fishing.method"}), frozenset({"fishing.method", "making_way"}),
    frozenset({"fishing.method", "making_way", "status"}))


def _neutral(label: str) -> bool:
    """A situation named without what drives her ('vessel at anchor', 'pilot vessel on duty')."""
    return not label.startswith(_NAMED_KIND)


def card_name(ed: Edition, members: list[str] | tuple[str, ...], alike_works: tuple[str, ...] = ()) -> str:
    """The words of a card: its situation when it has one; the plainest situation that covers the others (its
    facts are theirs, what she is aside where the words do not say it), reworded for a fact whose value differs
    among them (the work named by the edition's term, the fishing methods listed, 'making way' dropped); else the
    situations that cover the others, joined, the commonest first."""
    members = list(members)
    facts = {m: _facts(m) for m in members}
    if len(members) == 1:
        return _reword(ed, members[0], {"restricted"}, members, facts, alike_works) if alike_works else members[0]
    # a fact let go must differ among the situations; the work and the fishing method must be held by every one
    # ('restricted' is let go for the kinds of work, never for a situation of other facts, mine clearance)
    keys = {k for m in members for k in facts[m]}
    varying = {k for k in keys if len({repr(facts[m].get(k, _MISSING)) for m in members}) > 1
               and (k not in _HELD or all(k in facts[m] for m in members))}

    def covers(a: str, b: str, let_go: frozenset[str]) -> bool:
        own = {k: v for k, v in facts[a].items() if k not in let_go and not (_neutral(a) and k in _KIND)}
        return all(facts[b].get(k, _MISSING) == v for k, v in own.items())

    for let_go in _LET_GO:
        if not let_go <= varying:
            continue
        if "status" in let_go and not all("fishing" in facts[m] for m in members):
            continue
        for m in members:
            if all(covers(m, o, let_go) for o in members):
                return _reword(ed, m, let_go | ({"restricted"} if alike_works else set()), members, facts,
                               alike_works)
    loose = frozenset({"making_way"}) & varying
    heads = [m for m in members if not any(o != m and covers(o, m, loose) and not covers(m, o, loose)
                                           for o in members)]
    words = list(dict.fromkeys(_reword(ed, h, loose, members, facts, alike_works) for h in
                               sorted(heads, key=lambda h: -commonness(h))))
    if len(words) == 1:
        return words[0]
    if any("," in w for w in words):
        return f"{'; '.join(words[:-1])}; or {words[-1]}"
    return _or(words)


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _reword(ed: Edition, label: str, let_go: set[str] | frozenset[str], members: list[str],
            facts: dict[str, dict[str, Any]], alike_works: tuple[str, ...] = ()) -> str:
    words = label
    if "making_way" in let_go:
        words = words.replace(", not making way", "").replace(", making way", "")
    if "restricted" in let_go and re.match(r"^vessel engaged in \S+ work", words):
        works = [w for w in _WORKS if w in {facts[m].get("restricted") for m in members} or w in alike_works]
        term = next((d.term for d in ed.definitions if (d.maps_to or "").startswith("restricted =")), None)
        if term and len(works) >= _TERM_WORKS:
            words = re.sub(r"^vessel engaged in \S+ work( at anchor)?", lambda m: term + (", at anchor" if m.group(1)
                                                                                        else ""), words)
        else:
            words = re.sub(r"^vessel engaged in \S+ work", f"vessel engaged in {_or(works)} work", words)
    if "fishing.method" in let_go:
        methods = list(dict.fromkeys(str(facts[m]["fishing.method"]) for m in members if "fishing.method" in facts[m]))
        words = re.sub(r"fishing \([^)]*\)", f"fishing ({_or(methods)})", words)
    if "status" in let_go:
        words = words.replace(" at anchor", "") + ", under way or at anchor"
    return words


def items(ed: Edition, period: str = "night") -> list[str]:
    """The names of the edition's cards at ``period``, in classes' order of their first situation."""
    return [c.name for c in cards(ed, period)]


def card(ed: Edition, name: str, period: str = "night") -> Card | None:
    """The card of that name at that period, or None."""
    return next((c for c in cards(ed, period) if c.name == name), None)


def topics(ed: Edition) -> tuple[Topic, ...]:
    """What to train on: all cards, the lights (night), the shapes (day), and each rule's (in the rules' order);
    a topic with no card is left out. Remembered on the edition."""
    cached = ed.memo.get("quiz.topics")
    if cached is not None:
        return cached
    every = cards(ed)
    out = [Topic("all", "all situations", tuple(c.key for c in every)),
           Topic("lights", "lights at night", tuple(c.key for c in every if c.period == "night")),
           Topic("shapes", "day shapes", tuple(c.key for c in every if c.period == "day"))]
    rules = sorted({r for c in every for r in c.rules}, key=_rule_order)
    for rule in rules:
        out.append(Topic(re.sub(r"[^a-z0-9]+", "-", rule.lower()).strip("-"), rule,
                         tuple(c.key for c in every if rule in c.rules)))
    result = tuple(t for t in out if t.cards)
    ed.memo["quiz.topics"] = result
    return result


# ---------------------------------------------------------------------------------------------
# Questions


def _picture(c: Candidate, aspect_deg: float, period: str) -> Picture | None:
    try:
        return view(c.display, aspect_deg, None, period=period)
    except NavlightsError:
        return None


def _fair(p: Picture | None) -> bool:
    """A picture worth asking about: something seen, nothing on the edge of its arc."""
    return bool(p and p.items and not p.glimpsed and all("edge" not in i.flags for i in p.items))


def _fair_views(c: Candidate, rng: random.Random, period: str) -> list[tuple[int, float, float, Picture]]:
    """Up to a few fair aspects of her, the one that shows most first.

    A lone stern light fits half the fleet; a question should teach what tells a vessel apart."""
    views: list[tuple[int, float, float, Picture]] = []
    for _ in range(_ASPECTS):
        aspect = float(rng.randrange(0, 360))
        p = _picture(c, aspect, period)
        if p is not None and _fair(p):
            views.append((len(p.items), rng.random(), aspect, p))
        if len(views) == _FAIR:
            break
    return sorted(views, key=lambda v: (v[0], v[1], v[2]), reverse=True)


def _readings_at(ed: Edition, p: Picture, aspect: float) -> list[Any]:
    """Every exact reading of the edition that shows picture ``p`` from ``aspect`` (any length, any lighting)."""
    from .identify import index, search

    idx = index(ed)
    return [r for r in (idx.readings[k] for k in search(idx, as_pattern(p), near=False))
            if any(a.contains(aspect) for a in r.aspects)]


def _situations(readings: list[Any]) -> set[str]:
    return {s for r in readings for s in (r.situation, *r.also)}


def _pattern(p: Picture) -> str:
    return as_pattern(p).notation()


def _stopped(ed: Edition, c: Candidate) -> Candidate | None:
    """The same vessel stopped, where she is under way and making way: still under way (Rule 3: not at anchor, made
    fast or aground), so still her card, but her lights may differ (a trawler stopped shows no sidelights, Rule
    26(b)(iii)). None where she is not under way, or shows the same. Remembered on the edition."""
    key = ("quiz.stopped", c.vessel_json)
    if key in ed.memo:
        return ed.memo[key]
    out = None
    mapping = c.vessel
    if mapping.get("status", "underway") == "underway" and mapping.get("making_way") is not False:
        try:
            d = display(make_vessel({**mapping, "making_way": False}), ed)
        except (NavlightsError, ValueError):
            d = None
        if d is not None and d.items != c.display.items:
            out = Candidate(c.item, json.dumps({**mapping, "making_way": False}, sort_keys=True), c.words, d)
    ed.memo[key] = out
    return out


def shows_picture(ed: Edition, cands: Iterable[Candidate], pattern: str, aspect: float, period: str) -> bool:
    """Some vessel of a card (a representative, or the same stopped) shows ``pattern`` from ``aspect``: offered as
    a wrong answer beside it, it would be right too (issue 31: a trawler stopped shows what a trawler at anchor
    shows)."""
    for c in cands:
        for v in (c, _stopped(ed, c)):
            if v is None:
                continue
            p = _picture(v, aspect, period)
            if p is not None and p.items and _pattern(p) == pattern:
                return True
    return False


def _distinct_others(ed: Edition, mine: Card, c: Candidate, p: Picture, others: list[tuple[Card, list[Candidate]]],
                     aspect: float, period: str, rng: random.Random) -> list[tuple[Card, Candidate]]:
    """Her and up to three other cards whose vessels' pictures from ``aspect`` differ from hers and from each other,
    and whose situations cannot show her picture from there at any length or with any lighting the rules allow, nor
    hers theirs: the picture answers the question ('at anchor, fishing' beside 'at anchor' is no night question
    where both show the same anchor lights)."""
    chosen, pats = [(mine, c)], {_pattern(p)}
    can_show = _situations(_readings_at(ed, p, aspect))
    own = set(mine.members)
    mine_pat = _pattern(p)
    for other, cands in others:
        if set(other.members) & can_show or shows_picture(ed, cands, mine_pat, aspect, period):
            continue
        tries = list(cands)
        rng.shuffle(tries)
        for o in tries[:_OTHER_TRIES]:
            op = _picture(o, aspect, period)
            if op is None or not op.items:
                continue
            opat = _pattern(op)
            if opat in pats or own & _situations(_readings_at(ed, op, aspect)):
                continue
            chosen.append((other, o))
            pats.add(opat)
            break
        if len(chosen) == CHOICES:
            break
    return chosen


def _rivals(ed: Edition, p: Picture, aspect: float, c: Candidate, others: set[str]) -> set[str]:
    """The situations of ``others`` whose typical lights (or shapes) show picture ``p`` from ``aspect`` on a vessel of
    her size (a small vessel aground shows what a small vessel at anchor shows): where there is one, the picture
    does not name her card."""
    return {s for r in _readings_at(ed, p, aspect) if not r.variant and r.covers(c.vessel)
            for s in (r.situation, *r.also) if s in others}


def choice_words(ed: Edition, k: Card, c: Candidate, aspect: float, period: str = "night",
                 also: tuple[str, ...] = ()) -> str:
    """The answer as a mariner says it: the card's name (and ``also``, the other cards that a vessel of her size
    shows as from here: 'vessel engaged in diving work at anchor (or vessel restricted in her ability to
    manoeuvre, at anchor)') and the class of her length, tonnage and tow as the rules cut them ('vessel at anchor,
    150 ft or more'), from the reading of her own picture."""
    name = f"{k.name} (or {' or '.join(also)})" if also else k.name
    p = _picture(c, aspect, period)
    if p is None or not p.items:
        return name
    members = set(k.members)
    for r in _readings_at(ed, p, aspect):
        if ({r.situation, *r.also} & members) and r.covers(c.vessel) and not r.variant:
            return with_conditions(name, [w.removeprefix("length ") for w in r.conditions])
    return name


def with_conditions(name: str, conditions: list[str]) -> str:
    """'vessel at anchor, 150 ft or more'; a name of several situations takes them in brackets."""
    if not conditions:
        return name
    if ";" in name:
        return f"{name} ({', '.join(conditions)})"
    return ", ".join([name, *conditions])


def question(ed: Edition, item: str, rng: random.Random, period: str = "night") -> Question | None:
    """A question on the card named ``item`` at ``period``: a vessel, an aspect, and up to four answers whose
    pictures differ and of which only hers can show what is seen.

    None when the card is not the edition's, or no representative gives a fair picture with one other answer."""
    k = card(ed, item, period)
    if k is None:
        return None
    members = set(k.members)
    cands = [c for c, _ in _seen(ed, period) if c.item in members]
    rng.shuffle(cands)
    others = [(o, [c for c, _ in _seen(ed, period) if c.item in o.members])
              for o in cards(ed, period) if o is not k]
    named = {m: o.name for o in cards(ed, period) for m in o.members}
    rivals_of = {m: n for m, n in named.items() if m not in members}
    # a picture that names her card for a vessel of her size is taken at once; one that another card's vessel of her
    # size shows too (a small vessel aground shows what a small vessel at anchor shows) only when none does, the
    # one with fewest such cards: the right answer names them ("... (or ...)") and they are not offered apart
    best: tuple[int, Question] | None = None
    for c in cands[:_TRIES]:
        for _, _, aspect, p in _fair_views(c, rng, period):
            rivals = _rivals(ed, p, aspect, c, set(rivals_of))
            if best is not None and len(rivals) >= best[0]:
                continue
            rng.shuffle(others)
            chosen = _distinct_others(ed, k, c, p, others, aspect, period, rng)
            if len(chosen) < 2:
                continue
            rng.shuffle(chosen)
            also = tuple(dict.fromkeys(rivals_of[s] for s in sorted(rivals)))
            q = Question(ed.id, k.name, c.vessel, aspect,
                         tuple(Choice(choice_words(ed, o, oc, aspect, period, also if o is k else ()), o.name,
                                      oc.vessel, o.members) for o, oc in chosen),
                         [o for o, _ in chosen].index(k), tuple(dict.fromkeys(n.words() for n in p.gaps)),
                         period, also)
            if not rivals:
                return q
            best = (len(rivals), q)
    return None if best is None else best[1]
