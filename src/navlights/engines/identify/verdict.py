"""The verdict: identify's answer in a watchkeeper's words, one or two lines before the detail (issue 31).

What she is, what she is doing (making way or not, at anchor, towing, fishing...) and which way her head
points as seen from you, read from every cue the lights give (her sidelights, the order and heights of her
two masthead lights, her sternlight, a sidelight beside an all-round signal), from the one reading of the
answer a look-out should act on first. That reading keeps every light seen as hers where the rule base
allows: a reading that needs one light more than was reported (her masthead light beside a signal and a
sidelight) comes before one that throws a light seen away as another vessel's, and says which light was
perhaps not noticed. The engine's words (scores, priors, intervals, role ids) stay in the detail.

The verdict has a place for what the sighting means for own vessel (``own_vessel``): the conduct engine
(Part B, who gives way) fills it; identify alone leaves it empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ...notation import Pattern, token_words
from ...rulebase.situations import line_name
from .aspects import AspectRange, covers_open
from .build import ORDINARY_ROLES
from .results import KINDS, Reading, remark

#: Each kind of match, by how a look-out weighs it for the verdict (KINDS' own order): the picture as typed first,
#: then her signal as typed (her ordinary lights not reported), then readings that keep every light seen as hers
#: (arranged otherwise, a colour doubted, one light not noticed), then one that breaks a vertical line seen, and
#: last one that throws a light seen away. A picture as typed whose vertical line stands so only by the typical
#: placement (a masthead light over a sidelight) ranks with her signal, by score.
_RANK = {k: v[0] for k, v in KINDS.items()}

#: Words for a vessel's ordinary lights, by role, as a mariner names them (others: their colour).
_ROLE_WORDS = {
    "masthead": "masthead light", "masthead-aft": "after masthead light", "sternlight": "sternlight",
    "sidelight-port": "port sidelight", "sidelight-starboard": "starboard sidelight",
    "combined-port": "port sidelight", "combined-starboard": "starboard sidelight",
    "small-sidelight-port": "port sidelight", "small-sidelight-starboard": "starboard sidelight",
    "small-combined-port": "port sidelight", "small-combined-starboard": "starboard sidelight",
    "tricolour-port": "port sidelight", "tricolour-starboard": "starboard sidelight", "tricolour-stern": "sternlight",
}

#: Which way her head points as seen from you (``Verdict.heading``): a code, and the words that lead the verdict.
HEADINGS = {
    "left": "her head to your left",
    "right": "her head to your right",
    "toward": "head-on: heading toward you",
    "away": "you are astern of her: heading away",
    "left-or-right": "her head to your left or to your right",
    "toward-or-away": "heading straight toward or straight away from you",
    "any": "her heading not shown by these lights",
}


def role_words(role: str, token: str) -> str:
    """'masthead' -> 'masthead light'; a role without a mariner's name -> its light's words ('red light')."""
    return _ROLE_WORDS.get(role) or token_words(token)


def heading_of(ranges: Sequence[AspectRange]) -> str:
    """The heading code (a key of HEADINGS) of the aspects where she shows the picture."""
    ahead = any(r.contains(0.0) for r in ranges)
    astern = any(r.contains(180.0) for r in ranges)
    stbd = covers_open(ranges, 0.0, 180.0)
    port = covers_open(ranges, 180.0, 360.0)
    if ahead and astern:
        return "any"
    if stbd and port:
        return "toward" if ahead else "away" if astern else "left-or-right"
    if not stbd and not port:       # right ahead or right astern only (both sidelights: a single aspect)
        return "toward" if ahead else "away" if astern else "toward-or-away"
    return "right" if stbd else "left"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Identify's answer in one or two lines: what she is, what she is doing, which way she heads.

    ``what``: her name as an examiner writes it ('vessel restricted in her ability to manoeuvre');
    ``activity``: what she is at where the name does not say it, or None; ``motion``: 'making way',
    'not making way', 'under way' (the lights do not tell whether she makes way), 'at anchor', 'aground';
    ``heading``: a key of HEADINGS; ``side``: 'port', 'starboard' or None, the side she shows you;
    ``notice``: the doubt the reading rests on ('her masthead light not noticed?'), None for the picture as
    typed; ``cues``: what told the heading, in words; ``alternative``: the next meaning, in short;
    ``own_vessel``: what it means for own vessel (the conduct engine's, Part B; None until it fills it).
    """

    what: str
    activity: str | None
    motion: str
    heading: str
    side: str | None
    heading_words: str
    notice: str | None
    cues: tuple[str, ...]
    edition: str
    situation: str
    match: str
    line: int                          # the answer's line (1 first) the verdict reads
    alternative: str | None = None
    own_vessel: str | None = None
    reading: Reading | None = None     # the reading itself (not in JSON: the line holds it)

    @property
    def doing(self) -> str:
        """'trawling, making way'; 'at anchor'; '' where her name says it all ('vessel at anchor')."""
        return _doing(self.what, self.activity, self.motion)

    @property
    def head(self) -> str:
        """'showing her port side, her head to your left'; 'head-on: heading toward you'."""
        where = HEADINGS[self.heading]
        return f"showing her {self.side} side, {where}" if self.side and self.heading in ("left", "right") \
            else where

    def text(self) -> str:
        """The verdict in one or two sentences, a mariner's words only."""
        first = ", ".join(w for w in (f"{_article(self.what)} {self.what}", self.doing, self.head) if w)
        if self.notice:
            first += f" ({self.notice})"
        first = first[0].upper() + first[1:] + "."
        if self.own_vessel:
            first += f" {self.own_vessel}"
        if self.alternative:
            first += f" Or: {self.alternative}."
        return first

    def to_dict(self) -> dict[str, Any]:
        """JSON (schema: docs/schema/identify.schema.json, ``verdict``)."""
        return {"text": self.text(), "what": self.what, "activity": self.activity, "motion": self.motion,
                "doing": self.doing, "heading": self.heading, "side": self.side, "head": self.head,
                "heading_words": self.heading_words, "notice": self.notice, "cues": list(self.cues),
                "edition": self.edition, "situation": self.situation, "match": self.match, "line": self.line,
                "alternative": self.alternative, "own_vessel": self.own_vessel}


def _article(words: str) -> str:
    return "an" if words[:1].lower() in "aeiou" else "a"


def _row_key(v: tuple[Any, ...]) -> tuple[Any, ...]:
    """How a look-out weighs a reading (a row of a line: history, tier, -score, edition, order, number, reading,
    match, detail): the rules in force first; then the kind of match (every light seen kept as hers before a
    light thrown away); a missed light among her ordinary lights (a masthead light, a sidelight: easily not
    noticed beside a bright signal) before a missed light of her signal; then the score."""
    kind, detail = v[7], v[8]
    signal_missed = kind == "missed-light" and detail[0] not in ORDINARY_ROLES
    rank = _RANK["signal"] if kind == "exact" and not v[6].prescribed else _RANK[kind]
    return (v[0], rank, signal_missed, v[2], v[3], v[4], v[5])


def verdict(q: Pattern, lines: Sequence[tuple[tuple[Any, ...], list[tuple[Any, ...]], Any, tuple[Any, ...]]],
            names: Sequence[str] = ()) -> Verdict | None:
    """The verdict over an answer's lines in rank order (each as lookup ranks it: its key (history, tier, -score,
    line), its rows, its score, its lead row); ``names``: the names of the first lines, where made (a line's name is
    its lead's); None where nothing fits."""
    if not lines:
        return None
    first_key, first_rows, _, first_lead = lines[0]
    if first_lead[7] == "exact" and first_lead[2] == first_key[2] and first_lead[6].prescribed:
        best, best_line = first_lead, 0          # the best reading of the first tier is exact: nothing ranks before it
    else:
        best, best_line, best_key = first_lead, 0, _row_key(first_lead)
        hist, rank_of, limit = first_key[0], _RANK, best_key[1]
        for n, (key, rows, _, _) in enumerate(lines):
            if key[0] != hist:
                break                            # the historical editions' lines follow those in force
            for v in rows:
                if rank_of[v[7]] > limit:
                    continue                     # a weaker kind of match: cannot come first (the cheap test)
                k = _row_key(v)
                if k < best_key:
                    best, best_line, best_key, limit = v, n, k, k[1]
    rows = lines[best_line][1]
    kind, hist = best[7], best[0]
    if best is lines[best_line][3] and best_line < len(names):
        name = names[best_line]
    else:
        name, _ = line_name(frozenset().union(*(v[6].labels for v in rows if v[7] == kind and v[0] == hist)))
    r: Reading = best[6]
    what, motion = _motion(name, r)
    # her signal as typed: her masthead lights, sidelights or sternlight were not reported, so nothing tells
    # which way she heads (the reading's own aspects are where those lights stand so)
    heading = "any" if kind == "signal" else _heading(r)
    alt_n = 1 if best_line == 0 else 0         # the next meaning: its name as made for its line, where made
    alt = _short(lines[alt_n][3], names[alt_n] if alt_n < len(names) else None) if len(lines) > 1 else None
    return Verdict(what=what, activity=_activity(r.vessel, what), motion=motion, heading=heading,
                   side=_side(heading), heading_words=r.heading, notice=_notice(q, kind, best[8], r),
                   cues=tuple(_cues(r, heading)), edition=r.edition, situation=r.situation, match=kind,
                   line=best_line + 1, alternative=alt, reading=r)


#: id(reading) -> (the reading, what is read of it once: its heading code, whether her lights tell making way).
_READ: dict[tuple[int, str], tuple[Reading, Any]] = {}


def _once(r: Reading, what: str, fn: Any) -> Any:
    """``fn(r)``, remembered per reading (the reading is kept with it, so its id stays its)."""
    got = _READ.get((id(r), what))
    if got is not None and got[0] is r:
        return got[1]
    value = fn(r)
    _READ[(id(r), what)] = (r, value)
    return value


def _heading(r: Reading) -> str:
    return str(_once(r, "heading", lambda r: heading_of(r.aspects)))


def _side(heading: str) -> str | None:
    return {"left": "port", "right": "starboard"}.get(heading)


def _short(v: tuple[Any, ...], name: str | None = None) -> str:
    """Another meaning in short: 'a vessel at anchor, her head to your right' (``name``: its line's, if made)."""
    r: Reading = v[6]
    if name is None:
        name, _ = line_name(r.labels)
    what, motion = _motion(name, r)
    heading = _heading(r)
    side = _side(heading)
    head = f"showing her {side} side, {HEADINGS[heading]}" if side else HEADINGS[heading]
    doing = _doing(what, _activity(r.vessel, what), motion)
    return ", ".join(w for w in (f"{_article(what)} {what}", doing, head) if w)


def _doing(what: str, activity: str | None, motion: str) -> str:
    """Activity and motion in words, leaving out what her name already says ('under way', 'at anchor')."""
    return ", ".join(w for w in (activity, motion) if w and w not in what)


def _motion(name: str, r: Reading) -> tuple[str, str]:
    """Her name without the motion the name may carry, and the motion in words: 'making way' or 'not making way'
    only where her lights tell it (her display changes with it, rule data), else 'under way'."""
    for suffix, words in ((", not making way", "not making way"), (", making way", "making way")):
        if name.endswith(suffix):
            return name[: -len(suffix)], words
    status = r.vessel.get("status", "underway")
    if status != "underway":
        return name, _STATUS_WORDS.get(status, status)
    moving = r.vessel.get("making_way") is not False
    if not _once(r, "way", lambda r: _tells_way(r, moving)):
        return name, "under way"
    return name, "making way" if moving else "not making way"


#: A status other than under way, in words.
_STATUS_WORDS = {"anchored": "at anchor", "aground": "aground", "moored": "made fast"}


def _tells_way(r: Reading, moving: bool) -> bool:
    """Her lights tell whether she makes way: the other answer changes the lights she shows."""
    from ...errors import NavlightsError
    from ...rulebase.loader import load
    from ..display import remembered
    try:
        ed = load(r.edition)
        mine = remembered(r.vessel, ed)
        other = remembered({**r.vessel, "making_way": not moving}, ed)
    except (NavlightsError, ValueError):
        return False
    return _roles(mine, r.period) != _roles(other, r.period)


def _roles(display: Any, period: str) -> frozenset[str]:
    return frozenset(i.role for i in display.items if i.period == period and i.status == "required")


#: What she is at, from her facts, where her name does not already say it.
_ACTIVITIES = (("towing", "towing"), ("pushing", "pushing ahead or towing alongside"), ("being_towed", "in tow"),
               ("being_pushed", "being pushed"))


def _activity(vessel: dict[str, Any], what: str) -> str | None:
    """'towing', 'trawling', 'fishing', ... where the name does not say so (None where it does)."""
    fishing = vessel.get("fishing")
    if fishing:
        word = "trawling" if isinstance(fishing, dict) and fishing.get("method") == "trawl" else "fishing"
        return None if (word in what or "fishing" in what) else word
    for fact, word in _ACTIVITIES:
        if vessel.get(fact) and word.split()[0] not in what and "tow" not in what and "push" not in what:
            return word
    return None


def _notice(q: Pattern, kind: str, detail: tuple, r: Reading) -> str | None:
    """The doubt the verdict rests on, asked as a question."""
    if kind in ("exact", "signal"):
        return None if kind == "exact" else "her masthead light, sidelights or sternlight not reported?"
    if kind == "missed-light":
        return f"her {role_words(*detail)} not noticed?"
    words = remark(q, kind, detail, r)
    return f"{words}?" if words else None


def _cues(r: Reading, heading: str) -> Iterable[str]:
    """What told her heading, in words."""
    roles = {role for role, _, _ in r.lights}
    port = roles & {"sidelight-port", "combined-port", "small-sidelight-port", "small-combined-port",
                    "tricolour-port", "lantern-port"}
    stbd = roles & {"sidelight-starboard", "combined-starboard", "small-sidelight-starboard",
                    "small-combined-starboard", "tricolour-starboard", "lantern-starboard"}
    if port and stbd:
        yield "both sidelights: her bow toward you"
    elif port:
        yield "her red (port) sidelight: her port side toward you"
    elif stbd:
        yield "her green (starboard) sidelight: her starboard side toward you"
    if {"masthead", "masthead-aft"} <= roles and heading in ("left", "right"):
        yield f"two masthead lights, the lower (forward) one toward your {heading}: her head points that way"
    if "sternlight" in roles or "tricolour-stern" in roles:
        yield "her sternlight: you are abaft her beam"
    if "anchor-forward" in roles and "anchor-aft" in roles and heading in ("left", "right"):
        yield f"two anchor lights, the higher (forward) one toward your {heading}: her head points that way"
    if heading == "any":
        yield "all-round lights only: they do not show her heading"
