"""The invariants every display must keep, whatever the vessel (docs/sweep.md gives them in words).

Each check takes a display (and its edition) and returns the violations it finds, in words a reviewer can act on.
They hold everywhere or name the cited provision that lets them go (``leaves_unlit``); none knows an edition.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable

from ..model import Display, Edition, Item

PROVENANCES = ("primary", "secondary", "inferred", "gap")
#: Statuses of a light she shows (or shows on approach, the torch of 25(d)) in her picture.
SHOWN = ("required", "general", "on-approach")
#: Kinds of which one of a colour is the whole signal: two of them at once are two of a set of alternatives.
SIDE_KINDS = ("sidelight", "combined-lantern", "tricolour")
#: Notes that say the answer rests on something not known or left to another body: the all-round check stands
#: aside, since the display says so itself.
_SAID = ("gap", "referral")


def cited(edition: Edition, d: Display) -> list[str]:
    """Every item has a cite and a provenance, its kind too; an item resting on a gap makes the display incomplete."""
    out = []
    for it in d.items:
        for what, c in (("cite", it.citation), ("kind cite", it.kind_citation)):
            if c is None or not c.rule or c.provenance not in PROVENANCES:
                out.append(f"{it.role}: {what} missing or without provenance ({c})")
        if d.complete and (it.citation.provenance == "gap" or it.kind_citation.provenance == "gap"):
            out.append(f"{it.role}: rests on a gap but the display says it is complete")
    for n in d.notes:
        if n.citation is None or not n.citation.rule:
            out.append(f"note without a cite: {n.text[:60]}")
    return out


def _schemes(d: Display) -> list[str | None]:
    named: list[str | None] = list(dict.fromkeys(i.scheme for i in d.items if i.scheme is not None))
    return named or [None]


def lightings(d: Display, period: str = "night") -> list[tuple[str | None, list[Item]]]:
    """Each lighting she may show by ``period``: per scheme, one option of each group, her shown items."""
    out = []
    for s in _schemes(d):
        items = [i for i in d.items if i.period == period and i.status in SHOWN
                 and (i.scheme is None or i.scheme == s or s is None)]
        groups: dict[str, list[str | None]] = {}
        for i in items:
            if i.group is not None:
                opts = groups.setdefault(i.group, [])
                if i.option not in opts:
                    opts.append(i.option)
        for pick in itertools.product(*groups.values()):
            chosen = dict(zip(groups, pick))
            out.append((s, [i for i in items if i.group is None or chosen[i.group] == i.option]))
    return out


def _arcs(items: list[Item]) -> list[tuple[float, float]]:
    out = []
    for i in items:
        if i.what != "light":
            continue
        if i.all_round or i.arc_deg is None:
            return [(0.0, 360.0)]
        f, t = i.arc_deg[0] % 360.0, i.arc_deg[1] % 360.0
        w = (t - f) % 360.0 or 360.0
        out.append((f, w))
    return out


def _covered(arcs: list[tuple[float, float]]) -> float | None:
    """None if the closed arcs cover every aspect, else an aspect no arc covers."""
    if any(w >= 360.0 for _, w in arcs):
        return None
    bounds = sorted({f for f, _ in arcs} | {(f + w) % 360.0 for f, w in arcs} | {0.0})
    probes = bounds + [(a + b) / 2 for a, b in zip(bounds, bounds[1:] + [bounds[0] + 360.0])]
    for a in probes:
        a %= 360.0
        if not any(((a - f) % 360.0) <= w + 1e-9 for f, w in arcs):
            return a
    return None


def all_round(edition: Edition, d: Display) -> list[str]:
    """Under way, by night: every lighting she may show has a light seen from every aspect, unless a cited
    provision lets her go without (``leaves_unlit``) or the display says it rests on a gap or a referral."""
    v = d.vessel
    if v.status != "underway" or v.time == "day" or v.dredge_pipeline:
        return []
    if any(n.kind in _SAID for n in d.notes) or not d.complete:
        return []
    applied = _applied(edition, d)
    if any(p.leaves_unlit for p in applied):
        return []
    if not _lit(d):
        if not any(p.relieves for p in applied):
            return []      # the edition requires no light of her own and relieves none: its silence, not a wrong
            #                light (a hulk adrift in 1897 has only the Art. 10 stern light shown when overtaken)
        base = _unrelieved(edition, d)
        if base is None or not _lit(base):
            return []      # relieved, and without the status that relieves her no rule lights her either
        return [f"relieved ({', '.join(p.citation.rule for p in applied if p.relieves)}), she shows no light, "
                f"though without that status she shows {', '.join(i.role for i in base.items if _shown(i))}"]
    out = []
    for scheme, items in lightings(d):
        gap = _covered(_arcs(items))
        if gap is not None:
            out.append(f"under way, no light she shows (scheme {scheme or 'standard'}) is seen from aspect "
                       f"{gap:g} deg")
    return out


#: The facts that bring a relief (Rule 27(g): not under command, restricted, mine clearance; 24(h), (i)), each with
#: its value off: the vessel without them is the one other rules light (invariant 2's counterfactual).
RELIEF_FACTS: dict[str, Any] = {"not_under_command": False, "mine_clearance": False,
                                "tow_lights_impracticable": False, "assisting_distress": False}


def _shown(i: Item) -> bool:
    return i.period == "night" and i.status in ("required", "general")


def _lit(d: Display) -> bool:
    return any(_shown(i) for i in d.items)


def _unrelieved(edition: Edition, d: Display) -> Display | None:
    """Her display without the facts that bring a relief (None where the vessel model refuses that vessel)."""
    from ..engines.display import display
    from ..errors import NavlightsError
    from ..vessel import make_vessel
    v = {k: x for k, x in d.vessel.to_json().items() if k not in ("restricted", "obstruction_side")}
    try:
        return display(make_vessel({**v, **RELIEF_FACTS}), edition)
    except NavlightsError:
        return None


def _applied(edition: Edition, d: Display) -> list[Any]:
    ids = set(d.provisions)
    return [p for p in edition.provisions if p.id in ids]


def alternatives(edition: Edition, d: Display) -> list[str]:
    """No role twice; no group of one option; no lighting with two sidelights (or sections) of one colour."""
    out = []
    roles = [i.role for i in d.items]
    out += [f"role {r} shown twice" for r in sorted({r for r in roles if roles.count(r) > 1})]
    opts: dict[str, set[str | None]] = {}
    for i in d.items:
        if i.group is not None:
            opts.setdefault(i.group, set()).add(i.option)
    out += [f"group {g} offers one option only" for g, o in opts.items() if len(o) == 1]
    for scheme, items in lightings(d):
        by_colour: dict[str, list[str]] = {}
        for i in items:
            if i.canonical in SIDE_KINDS and i.colour in ("red", "green"):
                by_colour.setdefault(i.colour, []).append(i.role)
        out += [f"scheme {scheme or 'standard'}: {len(r)} {c} side lights at once ({', '.join(r)})"
                for c, r in by_colour.items() if len(r) > 1]
    return out


def relief_left(edition: Edition, d: Display) -> list[str]:
    """A relief leaves no light that stands in place of another: an in-lieu whose lights are all relieved is void."""
    from ..engines.display import all_relieved
    out = []
    relieved = {r: p for p in _applied(edition, d) for r in p.relieves}
    shown = {i.role for i in d.items}
    for p in _applied(edition, d):
        if not p.in_lieu_of:
            continue
        if all_relieved(p, relieved) and not shown.intersection(p.in_lieu_of):
            gone = [r for r in p.in_lieu_of if _offered(edition, d, r) and not _taken_by_another(edition, d, p, r)]
            if gone:
                out.append(f"{p.id}: its lights are relieved but still take the place of {', '.join(gone)}")
    return out


def _taken_by_another(edition: Edition, d: Display, p: Any, role: str) -> bool:
    """Whether another applying provision also takes ``role`` away: forbids it (a vessel in tow never shows a
    masthead light, whatever her own lights stood in place of, and whether or not her side lights are relieved),
    or shows lights in its place that are not all relieved."""
    from ..engines.display import all_relieved
    relieved = {r: q for q in _applied(edition, d) for r in q.relieves}
    return any(q is not p and (role in q.never or role in q.in_lieu_of and not all_relieved(q, relieved))
               for q in _applied(edition, d))


def _offered(edition: Edition, d: Display, role: str) -> bool:
    """Whether an applying provision shows ``role`` to her (its show's own condition holding: Inland 27(a) gives a
    vessel not under command a sternlight only when making way)."""
    from ..conditions import evaluate
    facts = d.vessel.facts
    return any(s.item.role == role and (s.when.always or evaluate(s.when, facts) is not False)
               for p in _applied(edition, d) for s in p.shows)


def seen_in_arc(edition: Edition, d: Display) -> list[str]:
    """What the view says is seen lies in the light's arc and, at a distance, within its range (at the aspects
    where the picture can change: each arc's ends and between them)."""
    from ..engines.view import view
    out: list[str] = []
    lights = [i for i in d.items if i.what == "light" and i.period == "night"]
    if not lights:
        return out
    arcs = _arcs(lights)
    probes = sorted({f for f, _ in arcs} | {(f + w) % 360.0 for f, w in arcs} | {0.0, 90.0, 180.0, 270.0})
    by_role = {i.role: i for i in lights}
    for a in probes:
        for dist in (None, 1.5):
            try:
                pic = view(d, a, dist, period="night", edge_tol_deg=0.0)
            except Exception as e:   # noqa: BLE001 - any failure of the view is itself the violation
                return [f"view failed at aspect {a:g}: {type(e).__name__}: {e}"]
            for s in pic.items:
                it = by_role.get(s.role)
                if it is None or it.all_round or it.arc_deg is None:
                    continue
                f = it.arc_deg[0] % 360.0
                w = ((it.arc_deg[1] % 360.0) - f) % 360.0 or 360.0
                if ((a - f) % 360.0) > w + 1e-6:
                    out.append(f"view at {a:g} deg says {s.role} is seen, outside its arc {it.arc_deg}")
                if dist is not None and it.range_nm is not None and dist > it.range_nm + 1e-9:
                    out.append(f"view at {dist} nm says {s.role} is seen, beyond its range {it.range_nm} nm")
    return out


#: name -> check: the display invariants, in the order docs/sweep.md gives them.
CHECKS: dict[str, Callable[[Edition, Display], list[str]]] = {
    "cited": cited,
    "all-round": all_round,
    "alternatives": alternatives,
    "relief": relief_left,
}
#: Checked once per distinct display (they cost a picture each): the view's answers against the display.
PER_DISPLAY: dict[str, Callable[[Edition, Display], list[str]]] = {
    "seen-in-arc": seen_in_arc,
}
