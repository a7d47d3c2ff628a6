"""Identify by sound: what a heard signal may mean under an edition, every reading with its cite, likely first.

Notation: the elements in order, joined by ``-`` (``prolonged-short-short``); ``short`` (``s``), ``prolonged``
(``long``, ``p``, ``l``), ``bell``, ``gong``, ``stroke``, ``flash``; a count before or after (``5short``,
``short*5``). With it, if known, the interval between repeats (seconds) and whether visibility was restricted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import NotationError
from ..rulebase import loader
from ..rulebase.signals import IN_SIGHT, Signal, book

#: What a heard element may be written as -> the element id in the signal files.
ALIASES = {"blast": "blast", "horn": "horn", "whistle": "whistle", "short": "short", "s": "short", "prolonged": "prolonged", "long": "prolonged", "p": "prolonged",
           "l": "prolonged", "bell": "bell", "gong": "gong", "stroke": "stroke", "strokes": "stroke",
           "flash": "flash"}
MAX_ELEMENTS = 40
VISIBILITY = ("restricted", "clear")
NOTATION_HELP = ("elements joined by '-': short (s), prolonged (long, p), bell, gong, stroke, flash; "
                 "a count before or after: 5short, short*5")
_TOKEN = re.compile(r"^(\d+)?([a-z]+)(?:[x*](\d+))?$")


def parse_heard(text: str) -> tuple[str, ...]:
    """The element ids a notation names, or a :class:`NotationError` naming the bad part."""
    if not isinstance(text, str) or not text.strip():
        raise NotationError("heard: empty; " + NOTATION_HELP, field="heard", value=text, allowed=NOTATION_HELP)
    out: list[str] = []
    for tok in re.split(r"[\s,\-]+", text.strip().lower()):
        if not tok:
            continue
        m = _TOKEN.match(tok)
        if not m or m.group(2) not in ALIASES or (m.group(1) and m.group(3)):
            raise NotationError(f"heard: '{tok}' is not an element; {NOTATION_HELP}", field="heard", value=tok,
                                allowed=NOTATION_HELP)
        n = int(m.group(1) or m.group(3) or 1)
        if not 1 <= n <= MAX_ELEMENTS or len(out) + n > MAX_ELEMENTS:
            raise NotationError(f"heard: at most {MAX_ELEMENTS} elements (got '{tok}')", field="heard", value=tok,
                                allowed=f"1 to {MAX_ELEMENTS} elements")
        out += [ALIASES[m.group(2)]] * n
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Reading:
    """One meaning of what was heard: the signal, how likely, and why."""

    signal: Signal
    score: float
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Heard:
    """Every reading of a heard signal under one edition, likely first."""

    edition: str
    pattern: tuple[str, ...]
    interval_s: float | None
    visibility: str | None
    readings: tuple[Reading, ...]
    gaps: tuple[Signal, ...]


def _matches(s: Signal, heard: tuple[str, ...]) -> bool:
    ids = tuple(e.id for e in s.sequence)
    if not ids:
        return False
    if s.at_least and len(set(ids)) == 1:
        return len(heard) >= len(ids) and set(heard) == set(ids)
    return ids == heard


def _score(s: Signal, interval_s: float | None, visibility: str | None) -> tuple[float, list[str]]:
    score, why = 0.0, []
    fog = s.occasion == "fog"
    if visibility == "restricted":
        score += 2 if fog else (0.5 if s.occasion == "warning" else 0)
        why.append("a fog signal, and visibility is restricted" if fog else
                   "a signal for vessels in sight of one another, heard in restricted visibility" if s.occasion in
                   IN_SIGHT else "")
    elif visibility == "clear":
        score += 2 if s.occasion in IN_SIGHT else 0
        why.append("fog signals are sounded in or near restricted visibility only" if fog else "")
    else:
        score += 1 if fog or s.occasion in IN_SIGHT else 0
    if interval_s is not None:
        if s.interval_max_s:
            ok = interval_s <= s.interval_max_s * 1.1
            score += 1 if ok else -1
            why.append(f"repeated every {interval_s:g} s: {'within' if ok else 'longer than'} its "
                       f"{s.interval_max_s:g} s")
        elif fog:
            pass
        else:
            score -= 0.5
            why.append("a manoeuvring or warning signal is not repeated at a regular interval")
    if s.status == "may":
        score -= 0.25
    if s.occasion == "distress":
        score -= 0.5
    return score, [w for w in why if w]


def heard(edition_name: str, text: str | tuple[str, ...], *, interval_s: float | None = None,
          visibility: str | None = None) -> Heard:
    """Every signal of the edition whose pattern is what was heard, ranked: fog signals first in restricted
    visibility, signals between vessels in sight first in clear weather; an interval outside a signal's
    ranks it lower."""
    pattern = parse_heard(text) if isinstance(text, str) else tuple(text)
    if visibility is not None and visibility not in VISIBILITY:
        raise NotationError(f"visibility: '{visibility}' is not one of {', '.join(VISIBILITY)}", field="visibility",
                            value=visibility, allowed=", ".join(VISIBILITY))
    if interval_s is not None and not (isinstance(interval_s, (int, float)) and 0 < interval_s <= 3600):
        raise NotationError(f"interval: {interval_s!r} is not a number of seconds from 1 to 3600", field="interval",
                            value=interval_s, allowed="1 to 3600 seconds")
    b = book(loader.edition(edition_name).id)
    found = []
    for s in b.signals:
        if s.cite.provenance != "gap" and _matches(s, pattern):
            score, why = _score(s, interval_s, visibility)
            found.append(Reading(s, score, tuple(why)))
    found.sort(key=lambda r: -r.score)
    gaps = tuple(s for s in b.signals if s.cite.provenance == "gap")
    return Heard(b.edition, pattern, interval_s, visibility, tuple(found), gaps)


def _pattern_words(pattern: tuple[str, ...]) -> str:
    return "-".join(pattern)


def meaning(s: Signal) -> str:
    """A reading in words: "a power-driven vessel making way ..." or "'I am altering course to port'"."""
    if s.summary.startswith("I "):
        return f"'{s.summary}'"
    return "a " + s.summary if s.occasion == "fog" else s.summary


def heard_words(h: Heard) -> str:
    """The answer first: the likely reading, and every other meaning of the same sound."""
    pat = _pattern_words(h.pattern)
    if not h.readings:
        gap = " (this edition's signals are a gap in navlights' sources)" if h.gaps else ""
        return f"{pat}: no signal of {h.edition} has this pattern{gap}."
    top = h.readings[0]
    first = f"{pat}: most likely {meaning(top.signal)} ({top.signal.cite.rule})"
    others = h.readings[1:]
    if others:
        first += "; it can also mean " + "; ".join(f"{meaning(r.signal)} ({r.signal.cite.rule})" for r in others)
    return first + "."


def heard_json(h: Heard) -> dict[str, Any]:
    """The readings as JSON-ready data (schema: docs/schema/heard.schema.json)."""
    from .signals import signal_json
    best = h.readings[0].score if h.readings else 0
    return {
        "edition": h.edition, "heard": _pattern_words(h.pattern), "interval_s": h.interval_s,
        "visibility": h.visibility, "summary": heard_words(h),
        "readings": [{**signal_json(r.signal), "rank": i + 1, "score": r.score,
                      "likelihood": "likely" if r.score == best else "possible", "reasons": list(r.reasons)}
                     for i, r in enumerate(h.readings)],
        "gaps": [{"id": g.id, "summary": g.summary, "citation": g.cite.to_dict()} for g in h.gaps],
    }
