"""The invariants every display must keep, whatever the vessel (docs/sweep.md gives them in words).

Each check takes a display (and its edition) and returns the violations it finds, in words a reviewer can act on.
They hold everywhere or name the cited provision that lets them go (``leaves_unlit``); none knows an edition.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable

from ..cli.layout import Out
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


def _indexed(edition: Edition) -> dict[frozenset[Item], tuple[int, ...]]:
    """The displays identify's index holds (memoised on the edition): each display's items -> the readings made
    from it (its representative vessel's display is that display)."""
    got = edition.memo.get(("sweep-indexed",))
    if got is None:
        from ..engines import identify as eng
        from ..engines.display import display
        from ..vessel import make_vessel
        idx = eng.index(edition)
        found: dict[frozenset[Item], list[int]] = {}
        for k, r in enumerate(idx.readings):
            found.setdefault(frozenset(display(make_vessel(r.vessel), edition).items), []).append(k)
        got = edition.memo[("sweep-indexed",)] = {s: tuple(ks) for s, ks in found.items()}
    return got


def read_back(edition: Edition, d: Display) -> list[str]:
    """Identify inverts view: where identify's index holds this display (a class of the edition shows exactly
    these lights and shapes), the picture of every sector of it, by night and by day, reads back as her situation
    (one the readings made from this display name), with limits that hold her length, tonnage and tow length (a
    measure she does not give is not held against her): exactly, with aspects that hold the sector's aspect, or as
    the same lights arranged otherwise. Her length may set her lights in another order up and down than the
    class's representative vessel's (heights the text leaves open are drawn from her length): the index draws each
    class again in each such order its length interval gives (``identify.build.other_lengths``). But which lights
    stand in one line seen from a side changes with places fore and aft and athwartships drawn from her length and
    breadth, which the index does not draw at every length (docs/identify.md): so the second. A display no class
    shows (most combinations of families) is not checked: :func:`indexed` tells them apart."""
    from ..engines import identify as eng
    from ..engines.sectors import sectors
    from ..engines.view import view
    mine = _indexed(edition).get(frozenset(d.items))
    if mine is None:
        return []
    idx = eng.index(edition)
    labels = {x for k in mine for x in (idx.readings[k].situation, *idx.readings[k].also)}
    vessel = d.vessel.to_json()
    kinds = _READ_AS
    out: list[str] = []
    for period in ("night", "day"):
        if not any(i.period == period for i in d.items):
            continue
        for s in sectors(d, period=period):
            if s.roles and not _reads_back(idx, view(d, s.inner(), period=period), s.inner(), labels, vessel, kinds):
                out.append(f"identify does not read the {period} picture at aspect {s.inner():g} ({s.label()}) as "
                           f"her situation ({' / '.join(sorted(labels))}), {' or '.join(kinds)}, within her "
                           f"measures")
    return out


#: identify's words for the same lights in another order (``identify.lookup.search``): the same vertical lines
#: otherwise related, or other lines.
_OTHER_ORDER = ("arrangement", "regrouped")
#: The kinds of match the read-back takes as her own: exact, or the same lights in another order.
_READ_AS = ("exact",) + _OTHER_ORDER


def _reads_back(idx: Any, picture: Any, aspect: float, labels: set[str], vessel: dict[str, Any],
                kinds: tuple[str, ...]) -> bool:
    from ..engines import identify as eng
    from ..notation import as_pattern
    for k, (kind, _) in eng.search(idx, as_pattern(picture)).items():
        r = idx.readings[k]
        if not (r.situation in labels or labels.intersection(r.also)) or not r.covers(vessel, lacking=True):
            continue
        if kind in kinds and (kind != "exact" or any(x.contains(aspect) for x in r.aspects)):
            return True
    return False


def indexed(edition: Edition, d: Display) -> bool:
    """Whether identify's index holds this display (a class of the edition shows exactly its lights and shapes)."""
    return frozenset(d.items) in _indexed(edition)


def json_text(edition: Edition, d: Display) -> list[str]:
    """The JSON and the text agree: the text ``navlights lights`` prints (made from the JSON, laid out wide so
    that nothing is cut) says every light's and shape's role, term, cite and provenance, every note (a scheme's
    substitute note is said as the head of that scheme's lights), and, where the display is incomplete, that it
    is. The text reads nothing else of the vessel but the time (her description is printed as it stands), so a
    verdict is kept for the same items, notes and time (:data:`_TEXT_VERDICTS`): the table's layout is most of
    the cost."""
    key = (d.edition, d.items, d.notes, d.provisions, d.complete, d.vessel.facts.get("time"))
    got = _TEXT_VERDICTS.get(key)
    if got is None:
        if len(_TEXT_VERDICTS) >= _KEEP_VERDICTS:
            _TEXT_VERDICTS.clear()
        got = _TEXT_VERDICTS[key] = _json_text(edition, d)
    return list(got)


#: Verdicts of :func:`json_text` in this process, by what the text reads (at most :data:`_KEEP_VERDICTS`).
_TEXT_VERDICTS: dict[tuple[Any, ...], list[str]] = {}
_KEEP_VERDICTS = 50_000


def _json_text(edition: Edition, d: Display) -> list[str]:
    import contextlib
    import io
    from ..cli.layout import cite_words
    from ..cli.lights_text import display_table, display_words
    data = d.to_dict()
    data["edition_title"] = edition.title
    words = io.StringIO()
    with contextlib.redirect_stdout(words):
        display_words(Out(width=_WIDE), data)
    tables = _Tables(width=_WIDE)
    if data["lights"] or data["shapes"]:
        display_table(tables, data, wide=True)
    text = " | ".join([_flat(words.getvalue())] + tables.read())
    missing = []
    ed = data["edition"]
    for i in data["lights"] + data["shapes"]:
        want = [("role", i["role"]), ("term", i["term"]), ("provenance", i["provenance"])]
        want += [("cite", c) for c in cite_words(i["cite"], ed).split("; ")]
        missing += [f"{i['role']}'s {what} {w!r}" for what, w in want if _flat(w) not in text]
    schemes = {i["scheme"] for i in data["lights"] + data["shapes"] if i["scheme"] not in (None, "standard")}
    for n in data["notes"]:
        if n["kind"] == "substitute" and any(f"scheme '{s}'" in n["text"] for s in schemes):
            continue
        if _flat(n["text"]) not in text:
            missing.append(f"the {n['kind']} note {n['text'][:60]!r}")
    if not data["complete"] and not any(w in text for w in _SAYS_INCOMPLETE):
        missing.append("that the display is incomplete")
    return [f"the text does not say {m}" for m in missing]


#: The width the text is laid out at for :func:`json_text` (nothing wraps in a table cell or is dropped).
_WIDE = 2000
#: How the text says that the answer is not whole (``cli.lights_text``): a gap, or her lights left elsewhere.
_SAYS_INCOMPLETE = ("Incomplete:", "Not known (gaps", "none known", "leaves her lights to another authority",
                    "a gap: not found")


class _Tables(Out):
    """An :class:`~navlights.cli.layout.Out` that keeps the tables it is given, laid out as they would be printed
    (columns chosen, cells made), instead of drawing them: drawing is most of the cost and adds no words."""

    def __init__(self, width: int) -> None:
        super().__init__(width)
        self.tables: list[Any] = []

    def table(self, table: Any) -> None:
        self.tables.append(table)

    def read(self) -> list[str]:
        """Each column of each table as one line of words, its cells in turn."""
        from rich.text import Text
        return [_flat(" ".join(Text.from_markup(c).plain for c in col.cells)) for t in self.tables
                for col in t.columns]


def _flat(text: str) -> str:
    """Words as the text lays them out, without its line breaks: whitespace (and a bound cite's) as one space."""
    return " ".join(text.replace("\u00a0", " ").split())


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
    "read-back": read_back,
    "json-text": json_text,
}
