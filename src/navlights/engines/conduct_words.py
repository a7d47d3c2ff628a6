"""A conduct answer in a mariner's words, answer first, and as JSON (docs/schema/conduct.schema.json)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from .conduct import HEAD_ON_PEERS, Conduct, Reading, RuleRef

_DUTY_WORDS = {"not-impede": "must not impede", "avoid-impeding": "must, if circumstances admit, avoid impeding",
               "keep-well-clear": "keeps well clear of", "keep-out-of-way": "keeps out of the way of",
               "keep-out-of-way-so-far-as-possible": "keeps out of the way, so far as possible, of",
               "yield-right-of-way": "yields the right-of-way to"}


def side_words(rb: float) -> str:
    """Where a relative bearing lies, as a watchkeeper says it.

    >>> side_words(0.0), side_words(45.0), side_words(90.0), side_words(200.0), side_words(300.0)
    ('right ahead', 'on your starboard bow', 'abeam to starboard', 'abaft your port beam', 'on your port bow')
    """
    if rb < 1e-9 or rb > 360 - 1e-9:
        return "right ahead"
    if abs(rb - 180.0) < 1e-9:
        return "right astern"
    side = "starboard" if rb < 180.0 else "port"
    off = rb if rb < 180.0 else 360.0 - rb
    if abs(off - 90.0) < 1e-9:
        return f"abeam to {side}"
    return f"on your {side} bow" if off < 90.0 else f"abaft your {side} beam"


def _cites(refs: tuple[RuleRef, ...], n: int = 1) -> str:
    return ", ".join(r.cite for r in refs[:n])


def reading_words(r: Reading, rb_other: float, risk: bool = True) -> str:
    """The roles of one reading in one sentence, you first. Without risk of collision (by the CPA convention) the
    roles of a crossing or a meeting are said as holding if risk develops: Rules 14 and 15 apply to vessels meeting
    or crossing so as to involve risk of collision."""
    rule = _cites(r.rules)
    if r.encounter == "restricted-visibility":
        return (f"Not in sight of one another in restricted visibility: neither vessel stands on ({rule}); "
                "act in ample time.")
    if r.encounter == "passing-clear":
        return "She is not closing: no encounter on present courses; keep watching her bearing."
    if r.encounter == "none":
        return ("This edition's steering and sailing rules are not (or only partly) encoded: navlights decides no "
                "roles under it (a gap).")
    if r.encounter == "overtaking":
        head = "You are overtaking her" if r.overtaking == "own" else "She is overtaking you"
    elif r.encounter == "head-on":
        head = "You are meeting her head-on"
    else:
        head = f"She is crossing from your {'starboard' if 0 < rb_other < 180 else 'port'} side"
    if not risk and r.encounter in ("crossing", "head-on"):
        head += "; if risk of collision develops,"
    else:
        head += ":"
    if r.give_way == ("own", "other"):
        return f"{head} each of you alters course to starboard, passing port to port ({rule})."
    if r.give_way == ("own",):
        return f"{head} you are the give-way vessel ({rule})."
    if r.give_way == ("other",):
        return f"{head} she is the give-way vessel; you stand on ({rule}, Rule 17)."
    return f"{head} no rule held here names the give-way vessel."


def answer(c: Conduct) -> str:
    """The answer, first sentence first: the roles, the duties beside them, the risk and the flags."""
    k = c.kinematics
    rb = k.relative_bearing_deg if k else c.bearing_deg
    out = [reading_words(c.reading, rb, risk=k is None or bool(c.risk_of_collision))]
    for d in c.duties:
        out.append(f"{'You' if d.who == 'own' else 'She'} {_DUTY_WORDS[d.duty]} "
                   f"{'her' if d.who == 'own' else 'you'} ({d.rule.cite}).")
    if k is not None and c.reading.encounter not in ("passing-clear", "none"):
        tail = "risk of collision" if c.risk_of_collision else "no risk of collision by the CPA convention"
        when = f"in {k.tcpa_min:.0f} min" if k.tcpa_min >= 0 else "already past"
        out.append(f"She bears {k.relative_bearing_deg:.0f}° {side_words(k.relative_bearing_deg)}, "
                   f"CPA {k.cpa_nm:.2f} nm {when}: {tail}.")
    for b in c.borders:
        doubt = f"; in doubt, {b.doubt.cite} says assume it" if b.doubt else ""
        out.append(f"Border case ({b.limit} limit {b.limit_deg:g}°): the other reading is "
                   f"{b.reading.encounter}{doubt}. {reading_words(b.reading, rb)}")
    out += [f"Gap: {g.rstrip('.')}." for g in c.reading.gaps]
    out += [f"Note: {n}." for n in c.notes if n.startswith(("from the lights", "her lights")) or "not applied" in n]
    return " ".join(out)


def conventions_words(c: Conduct) -> str:
    """The conventions used, with the peers that use the same head-on angle."""
    v = c.conventions
    peer = HEAD_ON_PEERS.get(v.head_on_deg)
    return (f"head-on within {v.head_on_deg:g}° of each bow{f' (as {peer})' if peer else ''}; border margin "
            f"{v.border_deg:g}°; risk of collision when closing to a CPA under {v.risk_cpa_nm:g} nm")


def _reading_json(r: Reading) -> dict[str, Any]:
    return {"encounter": r.encounter, "overtaking": r.overtaking, "give_way": list(r.give_way),
            "stand_on": r.stand_on, "rules": [asdict(x) | {"sources": list(x.sources)} for x in r.rules],
            "gaps": list(r.gaps)}


def conduct_json(c: Conduct) -> dict[str, Any]:
    """The answer as JSON-ready data (docs/schema/conduct.schema.json)."""
    k = c.kinematics
    return {
        "edition": c.edition, "answer": answer(c),
        "own": {"status": c.own_status, "term": c.own_term}, "other": {"status": c.other_status, "term": c.other_term},
        **_reading_json(c.reading),
        "duties": [{"who": d.who, "to": d.to, "duty": d.duty, "rule": asdict(d.rule) | {"sources": list(d.rule.sources)}}
                   for d in c.duties],
        "risk_of_collision": c.risk_of_collision,
        "kinematics": None if k is None else {key: (round(v, 6) if isinstance(v, float) else v)
                                              for key, v in asdict(k).items()},
        "bearing_deg": round(c.bearing_deg, 6),
        "conventions": asdict(c.conventions) | {"words": conventions_words(c)},
        "borders": [{"limit": b.limit, "angle_deg": b.angle_deg, "limit_deg": b.limit_deg,
                     "doubt": asdict(b.doubt) | {"sources": list(b.doubt.sources)} if b.doubt else None,
                     "reading": _reading_json(b.reading)} for b in c.borders],
        "notes": list(c.notes),
    }
