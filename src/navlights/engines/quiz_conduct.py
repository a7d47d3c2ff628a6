"""Training questions on conduct (Part B): who gives way, from the lights seen or from a situation told in words.

Own vessel is a power-driven vessel under way steering 000° at 12 kn; the other is one of the Rule 18 kinds at a
bearing and on a course from :data:`SCENES` (each closing to a CPA under navlights' 1 nm risk distance, none
within the 2° border margin of a sector or head-on limit, so that one reading holds). The right answer is the conduct engine's (``engines.conduct``) under the edition; the
other answers are the other roles a watchkeeper might pick (give way, stand on, both alter to starboard, no
give-way vessel), all four offered, so that a distractor is always a real possibility of the Rules.

>>> from navlights.rulebase.loader import edition
>>> import random
>>> q = question(edition("intl-1972"), "seen", random.Random(3))
>>> q.kind, len(q.choices), 0 <= q.answer < 4
('seen', 4, True)
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass
from typing import Any

from ..model import Edition

OWN = {"kind": "power", "course": 0.0, "speed": 12.0, "length": "80 m"}
#: The other vessel's kinds (conduct_input.KINDS) and her words.
KINDS = {"power": "a power-driven vessel", "sail": "a sailing vessel", "fishing": "a vessel engaged in fishing",
         "nuc": "a vessel not under command", "ram": "a vessel restricted in her ability to manoeuvre"}
#: (her bearing relative to your head, her course, her speed): crossing either side, head-on, overtaking both ways.
SCENES = ((45.0, 270.0, 10.0), (60.0, 300.0, 12.0), (315.0, 90.0, 10.0), (300.0, 60.0, 12.0), (0.0, 180.0, 10.0),
          (180.0, 0.0, 18.0), (10.0, 0.0, 5.0))
ANSWERS = {("own",): "You give way: keep out of her way, early and substantially",
           ("other",): "She gives way: you stand on, keeping your course and speed",
           ("own", "other"): "Meeting head-on: each of you alters course to starboard",
           (): "No rule names a give-way vessel here: Rules 2, 7 and 8 apply"}
TOPICS = {"conduct-seen": "who gives way, from the lights seen", "conduct-situations": "who gives way, in words"}


@dataclass(frozen=True, slots=True)
class ConductQuestion:
    """One question: what you are told (the lights or the situation), the answers, the right one and why."""

    edition: str
    kind: str                          # seen | situation
    prompt: str
    other: dict[str, Any]              # her spec (conduct_input), for the page to draw
    bearing_deg: float                 # her bearing on your bow
    aspect_deg: float                  # your bearing on her bow (for the picture)
    choices: tuple[str, ...]
    answer: int
    why: str                           # the engine's answer, with its rules
    rules: tuple[str, ...]
    provenance: tuple[str, ...] = ()   # each rule's (primary, secondary, inferred, gap)

    def to_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "kind": self.kind, "prompt": self.prompt, "other": dict(self.other),
                "bearing_deg": self.bearing_deg, "aspect_deg": self.aspect_deg, "choices": list(self.choices),
                "answer": self.answer, "why": self.why, "rules": list(self.rules)}


def other_spec(kind: str, bearing: float, course: float, speed: float, range_nm: float = 2.0) -> dict[str, Any]:
    b = math.radians(bearing)
    return {"kind": kind, "course": course, "speed": speed, "length": "60 m",
            "at": [round(range_nm * math.sin(b), 6), round(range_nm * math.cos(b), 6)]}


def build(ed: Edition, kind: str, question_kind: str, bearing: float, course: float, speed: float,
          rng: random.Random) -> ConductQuestion | None:
    """The question for her kind and motion; None where her lights cannot be told (a gap) from where you are, or
    where the edition's rules leave the roles a gap (never asked as "no rule names a give-way vessel")."""
    from . import display as _display, view as _view
    from ..rulebase.conduct import conduct_rules
    from .conduct_input import parse_ship
    from .conduct import decide
    from .conduct_words import answer as _answer, side_words
    spec = other_spec(kind, bearing, course, speed)
    own = parse_ship(dict(OWN), "own")
    her = parse_ship(dict(spec), "other", own=own)
    c = decide(conduct_rules(ed.id), own, her)
    k = c.kinematics
    if k is None or c.borders or c.give_way not in ANSWERS or not c.risk_of_collision or c.reading.gaps:
        return None             # a gap in the rules is never asked as "no give-way vessel"
    where = f"bearing {bearing:03.0f}° relative ({side_words(bearing)}), 2 nm off, closing with a CPA under 1 nm"
    if question_kind == "seen":
        p = _view.view(_display.remembered(her.vessel, ed), k.aspect_deg, k.range_nm, period="night")
        if p.gaps or not p.items:
            return None
        prompt = (f"Night, clear visibility. You are a power-driven vessel under way, steering 000° at 12 kn. "
                  f"You see {p.describe()}, {where}. What do you do?")
    else:
        prompt = (f"You are a power-driven vessel under way, steering 000° at 12 kn. {KINDS[kind].capitalize()} "
                  f"is {where}, steering {course:03.0f}° at {speed:g} kn; you are in sight of one another. "
                  "Who gives way?")
    choices = list(ANSWERS.values())
    rng.shuffle(choices)
    right = ANSWERS[c.give_way]
    return ConductQuestion(ed.id, question_kind, prompt, spec, bearing, round(k.aspect_deg, 3), tuple(choices),
                           choices.index(right), _answer(c), tuple(r.cite for r in c.reading.rules),
                           tuple(r.provenance for r in c.reading.rules))


def question(ed: Edition, question_kind: str, rng: random.Random) -> ConductQuestion | None:
    """A question of that kind (``seen`` or ``situation``) on a kind and scene drawn at random."""
    if question_kind not in ("seen", "situation"):
        raise ValueError(f"question_kind: {question_kind!r} is not seen or situation")
    tries = [(k, s) for k in KINDS for s in SCENES]
    rng.shuffle(tries)
    for kind, (bearing, course, speed) in tries:
        q = build(ed, kind, question_kind, bearing, course, speed, rng)
        if q is not None:
            return q
    return None


# ---------------------------------------------------------------------------------------------
# The Train page: a card per kind and scene, from her lights or told in words (a card key is
# "<period>:<kind>-<scene number>", e.g. "conduct-seen:sail-0")

#: The Train page's periods of conduct cards, the question kind each asks, and their labels.
PERIODS = {"conduct-seen": "seen", "conduct-situation": "situation"}
_LABELS = {"conduct-seen": "conduct: from her lights", "conduct-situation": "conduct: from the situation"}
#: The answer's role key (a Train choice's item) for each roles tuple of :data:`ANSWERS`.
ROLE_KEYS = {("own",): "you-give-way", ("other",): "she-gives-way", ("own", "other"): "both-alter",
             (): "no-give-way-vessel"}


def _card(name: str) -> tuple[str, tuple[float, float, float]] | None:
    kind, _, n = name.rpartition("-")
    if kind not in KINDS or not n.isdigit() or int(n) >= len(SCENES):
        return None
    return kind, SCENES[int(n)]


def card_label(name: str) -> str:
    """A conduct card in a few words, for a list of cards (her kind, where she bears, her course): "a sailing
    vessel on your starboard bow, steering 270°"; the card's name where it names no card."""
    from .conduct_words import side_words
    got = _card(name)
    if got is None:
        return name
    kind, (bearing, course, _) = got
    return f"{KINDS[kind]} {side_words(bearing)}, steering {course:03.0f}°"


@functools.lru_cache(maxsize=512)
def card(edition_name: str, name: str, period: str) -> ConductQuestion | None:
    """The question a Train card asks, its answers in the order of :data:`ANSWERS` (remembered: the prompt and the
    rules are made again from the card, never stored); None where the card is no fair question in the edition,
    among them one whose lights need a fact the scene does not give (a tonnage, say)."""
    from ..errors import NavlightsError
    from ..rulebase.loader import edition
    got = _card(name)
    if got is None or period not in PERIODS:
        return None
    kind, (bearing, course, speed) = got
    try:
        return build(edition(edition_name), kind, PERIODS[period], bearing, course, speed, _Unshuffled())
    except NavlightsError:
        return None


class _Unshuffled(random.Random):
    def shuffle(self, x: Any, *args: Any) -> None:
        return None


@functools.lru_cache(maxsize=16)
def topics(edition_name: str) -> tuple[Any, ...]:
    """The edition's conduct topics for Train: a card per kind and scene that makes a fair question (none where
    the edition decides no roles: a gap)."""
    from .quiz import Topic
    out = []
    for period, label in _LABELS.items():
        cards = tuple(f"{period}:{k}-{i}" for k in KINDS for i in range(len(SCENES))
                      if card(edition_name, f"{k}-{i}", period) is not None)
        if cards:
            out.append(Topic(period, label, cards))
    return tuple(out)


def her_vessel(q: ConductQuestion) -> dict[str, Any]:
    """The other vessel of a question as a vessel object (for the picture of her lights)."""
    from .conduct_input import parse_ship
    return parse_ship(dict(q.other), "other", own=parse_ship(dict(OWN), "own")).vessel.to_json()


def train_question(edition_name: str, name: str, rng: random.Random, period: str) -> Any:
    """A Train question (:class:`navlights.engines.quiz.Question`) on a conduct card, the answers shuffled; the
    vessel and aspect are hers where the question shows her lights, none told in words. None for no fair card."""
    from .quiz import Choice, Question
    q = card(edition_name, name, period)
    if q is None:
        return None
    keys = dict(zip(ANSWERS.values(), ROLE_KEYS.values()))
    choices = [Choice(text, keys[text], {}, (keys[text],)) for text in q.choices]
    right = choices[q.answer]
    rng.shuffle(choices)
    seen = period == "conduct-seen"
    return Question(q.edition, name, her_vessel(q) if seen else {}, q.aspect_deg if seen else 0.0, tuple(choices),
                    choices.index(right), period=period)
