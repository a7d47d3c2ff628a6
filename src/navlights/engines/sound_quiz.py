"""A sound-signal drill: situation to signal, and signal to situation, with distractors that differ in what is heard.

Questions are drawn from an edition's signal file (fog signals and signals between vessels in sight that have a
pattern), by a seed, so a question has an address. The distractors are the nearest signals that sound different
(same occasion first, then the fewest elements changed), so the answer is never ambiguous: in "signal to
situation", no distractor is a situation that sounds the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..rulebase import loader
from ..rulebase.signals import IN_SIGHT, Signal, book

CHOICES = 4
DIRECTIONS = ("to-signal", "to-situation")


@dataclass(frozen=True, slots=True)
class Drill:
    """One question: what is asked, the choices, which is right, and the rule."""

    edition: str
    seed: int
    direction: str
    prompt: str
    choices: tuple[str, ...]
    answer: int
    signal: Signal
    options: tuple[Signal, ...] = ()


def _pool(edition: str) -> list[Signal]:
    b = book(edition)
    return [s for s in b.signals if s.sequence and s.cite.provenance != "gap" and s.status != "otherwise"
            and s.occasion in ("fog", *IN_SIGHT) and all(e.sound != "flash" for e in s.sequence)]


def _distance(a: Signal, b: Signal) -> tuple[int, int]:
    """Nearness of two signals: another occasion counts first, then how many elements differ (Levenshtein)."""
    x, y = [e.id for e in a.sequence], [e.id for e in b.sequence]
    row = list(range(len(y) + 1))
    for i, ex in enumerate(x, 1):
        prev, row[0] = row[0], i
        for j, ey in enumerate(y, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ex != ey))
    return (a.occasion != b.occasion and not {a.occasion, b.occasion} <= set(IN_SIGHT), row[-1])


def _words(s: Signal) -> str:
    from .signals import interval_words, sequence_words
    every = interval_words(s)
    return sequence_words(s) + (f", {every}" if every else "")


def _situation(s: Signal) -> str:
    if s.occasion == "fog":
        return f"In restricted visibility: {s.summary}" + (f" ({s.proviso})" if s.proviso else "")
    return f"In sight of one another: '{s.summary}' ({s.by})" if s.summary.startswith("I ") else \
        f"In sight of one another: {s.summary}"


def _check(direction: str) -> None:
    if direction not in DIRECTIONS:
        from ..errors import NavlightsError
        raise NavlightsError(f"direction: '{direction}' is not one of {', '.join(DIRECTIONS)}", field="direction",
                             value=direction, allowed=", ".join(DIRECTIONS))


def _prompt(target: Signal, direction: str) -> str:
    if direction == "to-signal":
        return f"{_situation(target)}. What does she sound?"
    heard = "in restricted visibility" if target.occasion == "fog" else "from a vessel in sight"
    return f"You hear {_words(target)}, {heard}. Who sounds it, or what does it mean?"


def _ask(edition_id: str, seed: int, target: Signal, pool: list[Signal], rng: random.Random,
         direction: str) -> Drill:
    """The question on ``target``: three distractors that sound different, nearest first, shuffled in."""
    others = sorted((s for s in pool if s.pattern != target.pattern), key=lambda s: (_distance(target, s), s.id))
    picked: list[Signal] = []
    for s in others:                      # one distractor per pattern, nearest first
        if all(p.pattern != s.pattern for p in picked):
            picked.append(s)
        if len(picked) == CHOICES - 1:
            break
    options = [target, *picked]
    rng.shuffle(options)
    if direction == "to-signal":
        choices = tuple(_words(s) for s in options)
    else:
        choices = tuple(_situation(s) for s in options)
    return Drill(edition_id, seed, direction, _prompt(target, direction), choices, options.index(target), target,
                 tuple(options))


def drill(edition_name: str, seed: int, direction: str = "to-signal") -> Drill:
    """The question at ``seed`` (any whole number) for the edition, in ``direction``."""
    _check(direction)
    ed = loader.edition(edition_name)
    pool = _pool(ed.id)
    if not pool:
        from ..errors import NavlightsError
        raise NavlightsError(f"edition: {ed.id} has no sound signals encoded to drill (a gap)", field="edition",
                             value=ed.id, allowed="intl-1972, us-inland")
    rng = random.Random(f"{ed.id}/{seed}/{direction}")
    target = rng.choice(pool)
    return _ask(ed.id, seed, target, pool, rng, direction)


# ---------------------------------------------------------------------------------------------
# The Train page: one card per signal, in either direction (a card key is "<period>:<signal id>")

#: The Train page's periods of sound cards, and the drill direction each asks.
PERIODS = {"sound-to-signal": "to-signal", "sound-to-situation": "to-situation"}
_LABELS = {"sound-to-signal": "sounds: what she sounds", "sound-to-situation": "sounds: what it means"}


def topics(edition_name: str) -> tuple[Any, ...]:
    """The edition's sound topics for Train (none where no signal is encoded: a gap); a card per signal."""
    from .quiz import Topic
    pool = _pool(loader.edition(edition_name).id)
    if len({s.pattern for s in pool}) < CHOICES:
        return ()
    return tuple(Topic(period, label, tuple(f"{period}:{s.id}" for s in pool)) for period, label in _LABELS.items())


def target(edition_name: str, signal_id: str) -> Signal | None:
    """The drill signal of that id in the edition, or None."""
    return next((s for s in _pool(loader.edition(edition_name).id) if s.id == signal_id), None)


def card_label(edition_name: str, signal_id: str) -> str:
    """A sound card in a few words, for a list of cards (the situation of its signal); the id where the signal is no
    longer in the rule base."""
    s = target(edition_name, signal_id)
    return signal_id if s is None else _situation(s)


def prompt(edition_name: str, signal_id: str, period: str) -> str:
    """What a Train sound card asks (kept by its signal id and period, so it is made again, never stored)."""
    s = target(edition_name, signal_id)
    return "(this signal is no longer in the rule base)" if s is None else _prompt(s, PERIODS[period])


def train_question(edition_name: str, signal_id: str, rng: random.Random, period: str) -> Any:
    """A Train question (:class:`navlights.engines.quiz.Question`, no vessel, no aspect) on a sound card, or None
    when the signal is not the edition's."""
    from .quiz import Choice, Question
    ed = loader.edition(edition_name)
    pool = _pool(ed.id)
    s = next((p for p in pool if p.id == signal_id), None)
    if s is None or period not in PERIODS:
        return None
    d = _ask(ed.id, 0, s, pool, rng, PERIODS[period])
    return Question(ed.id, s.id, {}, 0.0, tuple(Choice(text, o.id, {}, (o.id,)) for text, o in zip(d.choices, d.options)),
                    d.answer, period=period)


def drill_json(d: Drill, choice: int | None = None) -> dict[str, Any]:
    """The question as JSON-ready data; with ``choice``, whether it was right and why."""
    out: dict[str, Any] = {"edition": d.edition, "seed": d.seed, "direction": d.direction, "prompt": d.prompt,
                           "choices": list(d.choices), "answer": d.answer, "pattern": d.signal.pattern,
                           "citation": d.signal.cite.to_dict()}
    if choice is not None:
        out["chosen"] = choice
        out["correct"] = choice == d.answer
        out["explanation"] = f"{d.choices[d.answer]} ({d.signal.cite.rule})"
    return out
