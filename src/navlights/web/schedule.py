"""Spaced repetition: Leitner boxes with intervals in time, and which card to ask next. Pure: no storage.

Every card a learner has answered sits in box 1 to 5. A right answer moves it up one box (at most 5), a wrong
one puts it back in box 1; either way it is due again after its new box's interval, counted from the answer:

    box 1: 1 minute   box 2: 10 minutes   box 3: 1 day   box 4: 4 days   box 5: 16 days

So a card missed comes back within the session, one answered right once comes back ten minutes later, and one
answered right four times in a row waits sixteen days. The next card is the most overdue (due longest ago; a
lower box first on a tie); with none due, one not yet seen; with none left, the one due soonest. The card just
answered is not asked again at once while another can be.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

BOXES = 5
#: Seconds from an answer to the card's next due time, by the box the answer put it in.
INTERVALS_S: dict[int, float] = {1: 60.0, 2: 600.0, 3: 86_400.0, 4: 4 * 86_400.0, 5: 16 * 86_400.0}


@dataclass(frozen=True, slots=True)
class CardState:
    """Where one card stands for one learner: its box and when it is due (seconds since the epoch)."""

    box: int
    due_s: float


def after_answer(state: CardState | None, correct: bool, now_s: float) -> CardState:
    """The card's box and due time after an answer at ``now_s`` (``state`` None: the card was new, box 1)."""
    box = state.box if state is not None else 1
    box = min(box + 1, BOXES) if correct else 1
    return CardState(box, now_s + INTERVALS_S[box])


def pick(cards: list[str], states: dict[str, CardState], now_s: float, rng: random.Random,
         last: str | None = None) -> str | None:
    """The card to ask next among ``cards`` (see the module's docstring); None when there is none."""
    if not cards:
        return None
    pool = [c for c in cards if c != last] or list(cards)
    due = [c for c in pool if c in states and states[c].due_s <= now_s]
    if due:
        first = min((states[c].due_s, states[c].box) for c in due)
        return rng.choice([c for c in due if (states[c].due_s, states[c].box) == first])
    fresh = [c for c in pool if c not in states]
    if fresh:
        return rng.choice(fresh)
    soonest = min(states[c].due_s for c in pool)
    return rng.choice([c for c in pool if states[c].due_s == soonest])


def due_now(cards: list[str], states: dict[str, CardState], now_s: float) -> list[str]:
    """The cards due at ``now_s``, most overdue first."""
    due = [c for c in cards if c in states and states[c].due_s <= now_s]
    return sorted(due, key=lambda c: (states[c].due_s, states[c].box, c))


def next_due(cards: list[str], states: dict[str, CardState], now_s: float) -> float | None:
    """When the next card not yet due falls due (None: none waits)."""
    waiting = [states[c].due_s for c in cards if c in states and states[c].due_s > now_s]
    return min(waiting) if waiting else None
