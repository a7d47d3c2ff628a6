"""The facade's Part D functions (what a vessel sounds, the signals between vessels in sight, identify by sound),
re-exported by :mod:`navlights.api`; kept in their own module so the facade stays within the module size
(tests/test_code_shape.py). The engines (engines/signals.py, engines/heard.py) and the sound renderer load on first
use."""

from __future__ import annotations

from typing import Any

from .model import Edition
from .rulebase.loader import edition
from .vessel import Vessel

def signals_json(vessel: dict[str, Any] | Vessel, edition_name: str | Edition) -> dict[str, Any]:
    """What she sounds in or near restricted visibility, what she may add and what she carries, as JSON-ready data
    (schema: docs/schema/signals.schema.json)."""
    from .engines import signals as _signals
    ed = edition(edition_name)
    return {**_signals.sounds_json(_signals.sounds(vessel, ed.id)), "edition_title": ed.title}


def in_sight_json(edition_name: str | Edition) -> dict[str, Any]:
    """The edition's manoeuvring, agreement and warning signals (Rule 34) with their light signals, its attention
    and distress signals (Rules 36, 37) and notes (schema: docs/schema/manoeuvring.schema.json)."""
    from .engines import signals as _signals
    ed = edition(edition_name)
    return {**_signals.book_json(ed.id), "edition_title": ed.title}


def heard_json(heard: str, edition_name: str | Edition, *, interval_s: float | None = None,
               visibility: str | None = None) -> dict[str, Any]:
    """Every reading of a heard signal (``prolonged-short-short``), likely first, each cited
    (schema: docs/schema/heard.schema.json)."""
    from .engines import heard as _heard
    ed = edition(edition_name)
    out = _heard.heard_json(_heard.heard(ed.id, heard, interval_s=interval_s, visibility=visibility))
    return {**out, "edition_title": ed.title, "notation_help": _heard.NOTATION_HELP}


def signal_wav(vessel: dict[str, Any] | Vessel, edition_name: str | Edition, signal_id: str | None = None, *,
               repeats: int = 1) -> tuple[bytes, dict[str, Any]]:
    """Her fog signal (or the one named) as a WAV file, and what was drawn (render/sound.py)."""
    from .engines import signals as _signals
    from .render import sound as _sound
    return _sound.signal_wav(_signals.sounds(vessel, edition(edition_name).id), signal_id, repeats=repeats)


def sound_signal_ids() -> dict[str, list[str]]:
    """Every signal id with a pattern to sound, and the editions that have it."""
    from .engines import signals as _signals
    return _signals.sound_ids()


def sound_drill_json(edition_name: str | Edition, seed: int, direction: str = "to-signal",
                     choice: int | None = None) -> dict[str, Any]:
    """A sound-signal question (situation to signal, or signal to situation) at ``seed``; with ``choice``, whether it
    was right, with the rule (engines/sound_quiz.py)."""
    from .engines import sound_quiz
    return sound_quiz.drill_json(sound_quiz.drill(edition(edition_name).id, seed, direction), choice)


def sound_topics(edition_name: str | Edition) -> tuple[Any, ...]:
    """The Train page's sound topics of the edition (situation to signal, signal to situation; none where no signal
    is encoded); card keys ``sound-to-signal:<signal id>`` (engines/sound_quiz.py)."""
    from .engines import sound_quiz
    return sound_quiz.topics(edition(edition_name).id)


def sound_question(edition_name: str | Edition, signal_id: str, rng: Any, period: str) -> Any:
    """A Train question on a sound card (``period`` sound-to-signal or sound-to-situation), or None."""
    from .engines import sound_quiz
    return sound_quiz.train_question(edition(edition_name).id, signal_id, rng, period)


def sound_card(edition_name: str | Edition, signal_id: str, period: str) -> dict[str, Any]:
    """What a Train sound card asks, and its signal's cite (engines/sound_quiz.py)."""
    from .engines import sound_quiz
    ed = edition(edition_name).id
    s = sound_quiz.target(ed, signal_id)
    return {"label": sound_quiz.card_label(ed, signal_id),
            "prompt": sound_quiz.prompt(ed, signal_id, period), "playable": period == "sound-to-situation",
            "cites": [] if s is None else [f"{s.cite.edition} {s.cite.rule}"],
            "citation": None if s is None else s.cite.to_dict()}


def is_sound_period(period: str) -> bool:
    """Whether a Train card's period is a sound card's (sound-to-signal, sound-to-situation)."""
    return period.startswith("sound-")
