"""What a vessel sounds (Part D): her fog signals, what she may sound, her appliances and her whistle's band.

The engine knows no edition: every signal, relief, appliance and band is data in the edition's signal file
(``rulebase/data/signals/<edition>.toml``), read through the same ``when`` conditions the lights use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rulebase import loader
from ..rulebase.signals import IN_SIGHT, Appliance, Relief, Signal, SignalBook, WhistleBand, book
from ..vessel import Vessel, make_vessel
from .display import _holds

#: How a status reads in an answer.
STATUS_WORDS = {"required": "must sound", "may": "may sound", "otherwise": "if she does not, must make",
                "need-not": "need not sound"}


@dataclass(frozen=True, slots=True)
class Sounded:
    """One signal as it applies to a vessel: its status for her, and the relief that changed it, if any."""

    signal: Signal
    status: str                      # required | may | otherwise | need-not
    relief: Relief | None = None


@dataclass(frozen=True, slots=True)
class Sounds:
    """The answer to "what does she sound?" under one edition."""

    edition: str
    vessel: Vessel
    signals: tuple[Sounded, ...]
    reliefs: tuple[Relief, ...]
    appliances: tuple[Appliance, ...]
    whistle: WhistleBand | None
    gaps: tuple[Signal, ...]
    book: SignalBook

    @property
    def required(self) -> tuple[Sounded, ...]:
        return tuple(s for s in self.signals if s.status == "required")

    @property
    def complete(self) -> bool:
        return not self.gaps


def _applying(b: SignalBook, facts: dict[str, Any]) -> list[Signal]:
    """The fog signals whose condition holds, less those another replaces ("instead of")."""
    system = b.length_system
    applying = [s for s in b.signals if s.occasion == "fog" and s.status != "otherwise"
                and s.cite.provenance != "gap" and _holds(s.when, facts, s.cite, system)]
    replaced = {r for s in applying for r in s.instead_of}
    return [s for s in applying if s.id not in replaced]


def _relieved(b: SignalBook, applying: list[Signal], facts: dict[str, Any]) -> tuple[list[Sounded], tuple[Relief, ...]]:
    """Each signal with its status for her after the reliefs (35(i), (j); Inland 35(l)), and what they ask instead."""
    ids = {s.id for s in applying}
    reliefs = tuple(r for r in b.reliefs if ids & set(r.relieves)
                    and _holds(r.when, facts, r.cite, b.length_system))
    # a relief that asks nothing instead (Inland 35(l)) outranks one that asks for another signal (35(i), (j))
    relieved = {sid: r for r in sorted(reliefs, key=lambda r: r.otherwise is None) for sid in r.relieves}
    out = [Sounded(s, "need-not", relieved[s.id]) if s.id in relieved and s.status == "required"
           else Sounded(s, s.status) for s in applying]
    for r in reliefs:
        used = any(o.relief is r for o in out)
        if r.otherwise and used and all(o.signal.id != r.otherwise for o in out):
            out.append(Sounded(b.signal(r.otherwise), "otherwise", r))
    order = {"required": 0, "need-not": 1, "otherwise": 2, "may": 3}
    out.sort(key=lambda s: order[s.status])
    return out, reliefs


def sounds(vessel: dict[str, Any] | Vessel, edition_name: str) -> Sounds:
    """Her signals in or near restricted visibility under the edition, with what she may add and what she carries."""
    v = make_vessel(vessel)
    ed = loader.edition(edition_name)
    b = book(ed.id)
    facts = v.facts
    system = b.length_system
    gaps = tuple(s for s in b.signals if s.occasion == "fog" and s.cite.provenance == "gap"
                 and _holds(s.when, facts, s.cite, system))
    out, reliefs = _relieved(b, _applying(b, facts), facts)
    appliances = tuple(a for a in b.appliances if _holds(a.when, facts, a.cite, system))
    whistle = next((w for w in b.whistle_bands if _holds(w.when, facts, w.cite, system)), None)
    return Sounds(ed.id, v, tuple(out), reliefs, appliances, whistle, gaps, b)


def in_sight_signals(edition_name: str) -> tuple[Signal, ...]:
    """The edition's manoeuvring, agreement and warning signals (Rule 34), whistle and light, in file order."""
    b = book(loader.edition(edition_name).id)
    return tuple(s for s in b.signals if s.occasion in IN_SIGHT)


def other_signals(edition_name: str) -> tuple[Signal, ...]:
    """The edition's attention and distress signals (Rules 36, 37 and Annex IV)."""
    b = book(loader.edition(edition_name).id)
    return tuple(s for s in b.signals if s.occasion in ("attention", "distress"))


# ---------------------------------------------------------------------------------------------
# Words and JSON

def sequence_words(s: Signal) -> str:
    """The elements in a mariner's words: "one prolonged blast, then two short blasts"."""
    if not s.sequence:
        return s.summary
    runs: list[tuple[Any, int]] = []
    for e in s.sequence:
        if runs and runs[-1][0].id == e.id:
            runs[-1] = (e, runs[-1][1] + 1)
        else:
            runs.append((e, 1))
    parts = []
    for e, n in runs:
        if e.sound in ("blast", "flash", "bell-stroke"):
            noun = {"blast": e.term.replace("blast", "blasts"), "flash": "flashes",
                    "bell-stroke": "strokes on the bell"}[e.sound] if n > 1 else e.term.replace(
                "separate and distinct stroke", "stroke")
            parts.append(f"{'at least ' if s.at_least else ''}{_NUMS.get(n, str(n))} {noun}")
        else:
            secs = f" for about {e.seconds[0]:g} s" if e.seconds and e.about else ""
            parts.append(f"the {e.term}{secs}" if e.sound in ("bell", "gong") else e.term)
    words = ", then ".join(parts)
    if s.gap_note == "about" and len(s.sequence) > 1:
        words += f", about {s.gap_s:g} s apart"
    return words


_NUMS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def interval_words(s: Signal) -> str | None:
    if s.interval_max_s:
        m = s.interval_max_s / 60
        every = "about every minute" if s.interval_about else \
            f"at intervals of not more than {m:g} minute{'s' if m != 1 else ''}"
        return every
    if s.interval_min_s:
        return f"at least {s.interval_min_s:g} s between signals"
    return None


def signal_json(s: Signal) -> dict[str, Any]:
    """One signal as JSON-ready data."""
    return {
        "id": s.id, "occasion": s.occasion, "status": s.status, "meaning": s.summary, "by": s.by,
        "pattern": s.pattern, "words": sequence_words(s), "at_least": s.at_least,
        "elements": [{"id": e.id, "term": e.term, "sound": e.sound, "appliance": e.appliance,
                      "seconds": list(e.seconds) if e.seconds else None, "about": e.about} for e in s.sequence],
        "gap_s": s.gap_s, "gap_basis": s.gap_note or "assumed",
        "interval_max_s": s.interval_max_s, "interval_min_s": s.interval_min_s, "interval": interval_words(s),
        "proviso": s.proviso, "light": s.light, "light_of": s.light_of,
        "citation": s.cite.to_dict(),
    }


def _relief_json(r: Relief) -> dict[str, Any]:
    return {"id": r.id, "summary": r.summary, "relieves": list(r.relieves), "otherwise": r.otherwise,
            "citation": r.cite.to_dict()}


def sounds_json(a: Sounds) -> dict[str, Any]:
    """The answer as JSON-ready data (schema: docs/schema/signals.schema.json)."""
    w = a.whistle
    return {
        "edition": a.edition,
        "vessel": a.vessel.to_json(),
        "description": a.vessel.describe(a.book.length_system),
        "summary": summary_words(a),
        "complete": a.complete,
        "signals": [{**signal_json(s.signal), "status": s.status, "status_words": STATUS_WORDS[s.status],
                     "relieved_by": _relief_json(s.relief) if s.relief else None} for s in a.signals],
        "appliances": [{"id": x.id, "term": x.term, "status": x.status, "summary": x.summary,
                        "citation": x.cite.to_dict()} for x in a.appliances],
        "whistle": None if w is None else {"fundamental_hz": list(w.fundamental_hz), "audibility_nm": w.audibility_nm,
                                           "level_db": w.level_db, "citation": w.cite.to_dict()},
        "gaps": [{"id": g.id, "summary": g.summary, "citation": g.cite.to_dict()} for g in a.gaps],
        "gap_note": a.book.gap_note,
    }


def _gap_words(a: Sounds) -> str:
    return "; ".join(f"{g.summary} ({g.cite.rule}): a gap in navlights' sources" for g in a.gaps)


def summary_words(a: Sounds) -> str:
    """The answer first, in a mariner's words; a gap it rests on said after it."""
    if a.gaps and not a.signals:
        return f"Not known: {_gap_words(a)}."
    tail = f" Not known: {_gap_words(a)}." if a.gaps else ""
    req = [s for s in a.signals if s.status in ("required", "need-not")]
    if not req and not any(s.status == "otherwise" for s in a.signals):
        may = "; ".join(f"{sequence_words(s.signal)} ({s.signal.cite.rule})" for s in a.signals if s.status == "may")
        return ("These rules give her no fog signal of her own in restricted visibility."
                + (f" She may: {may}." if may else "") + tail)
    parts = []
    for s in a.signals:
        sig = s.signal
        every = interval_words(sig)
        what = f"{sequence_words(sig)}{', ' + every if every else ''} ({sig.cite.rule})"
        if sig.proviso:
            what += f", {sig.proviso}"
        if s.status == "required":
            parts.append(f"In restricted visibility she must sound {what}")
        elif s.status == "need-not":
            parts.append(f"Under {s.relief.cite.rule if s.relief else 'the rules'} she need not sound {what}")
        elif s.status == "otherwise":
            parts.append(f"If she does not, she must make {what}")
        else:
            parts.append(f"She may also sound {what}: {sig.summary}" if sig.sequence else f"She may also give {what}")
    return ". ".join(parts) + "." + tail


def book_json(edition_name: str) -> dict[str, Any]:
    """An edition's signals between vessels in sight, attention and distress signals, notes and gaps."""
    b = book(loader.edition(edition_name).id)
    return {
        "edition": b.edition,
        "signals": [signal_json(s) for s in in_sight_signals(b.edition) if s.cite.provenance != "gap"],
        "other": [signal_json(s) for s in other_signals(b.edition)],
        "notes": [{"id": n.id, "title": n.title, "summary": n.summary, "citation": n.cite.to_dict()} for n in b.notes],
        "gaps": [{"id": s.id, "summary": s.summary, "citation": s.cite.to_dict()} for s in b.signals
                 if s.cite.provenance == "gap"],
    }


def sound_ids() -> dict[str, list[str]]:
    """Every signal id with a pattern to sound (no light signal), and the editions whose files have it."""
    from ..rulebase.signals import book_ids
    out: dict[str, list[str]] = {}
    for eid in book_ids():
        for s in book(eid).signals:
            if s.sequence and all(e.sound != "flash" for e in s.sequence):
                out.setdefault(s.id, []).append(eid)
    return out
