"""Properties of identify over every representative vessel of every loadable edition.

- round trip, exhaustively: for every class and every aspect sector of its display (typical
  lights), the picture seen inside the sector identifies that class (situation and intervals of
  length, tonnage, tow length) with an aspect range that holds the aspect;
- the same for every lighting the rules allow (options, schemes, optional and on-approach
  lights), over a spread of classes;
- the same as a Hypothesis property at random aspects (also just off the arc ends);
- the notation: the canonical form reads back as itself; leaving heights out never loses an
  exact reading; every reading is exact or near, never both; scores order within each kind.
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import navlights
from navlights.classes import vessels
from navlights.engines import identify as eng
from navlights.engines.display import display
from navlights.engines.sectors import sectors
from navlights.engines.view import view
from navlights.errors import NavlightsError
from navlights.notation import Pattern, as_pattern, parse_notation


@lru_cache(maxsize=1)
def editions() -> tuple:
    out = []
    for eid in navlights.edition_ids():
        try:
            out.append(navlights.edition(eid))
        except NavlightsError:
            continue                       # an edition being written may not load yet
    return tuple(out)


@lru_cache(maxsize=1)
def classes() -> tuple:
    """(edition, situation, vessel mapping, display) of every class whose display shows something."""
    out = []
    for ed in editions():
        for label, v in vessels(ed):
            try:
                d = display(v, ed)
            except NavlightsError:
                continue
            if d.items:
                out.append((ed, label, v, d))
    return tuple(out)


def found(ed, label, v, picture, aspect) -> bool:
    """Some exact reading of the picture names this class and holds the aspect."""
    idx = eng.index(ed)
    for k in eng.search(idx, as_pattern(picture), near=False):
        r = idx.readings[k]
        if (r.situation == label or label in r.also) and r.covers(v) and any(a.contains(aspect) for a in r.aspects):
            return True
    return False


def test_round_trip_every_class_every_sector():
    n = 0
    misses = []
    for ed, label, v, d in classes():
        for period in ("night", "day"):
            if not any(i.period == period for i in d.items):
                continue
            for s in sectors(d, period=period):
                if not s.roles:
                    continue
                a = s.inner()
                p = view(d, a, period=period)
                n += 1
                if not found(ed, label, v, p, a):
                    misses.append((ed.id, label, v, period, s.label()))
    assert not misses, misses[:5]
    assert n > 5000


def test_round_trip_every_lighting():
    # one class per (edition, situation, display, length): every lighting, every sector
    seen = set()
    n = 0
    misses = []
    for ed, label, v, d in classes():
        key = (ed.id, label, tuple(id(i) for i in d.items), d.vessel.length_m)
        if key in seen:
            continue
        seen.add(key)
        for period in ("night", "day"):
            if not any(i.period == period for i in d.items):
                continue
            for choose, _, _, chosen in eng._variants(d, period):
                for s in sectors(d, choose=choose, period=period):
                    if not s.roles:
                        continue
                    a = s.inner()
                    n += 1
                    if not found(ed, label, v, view(d, a, choose=choose, period=period), a):
                        misses.append((ed.id, label, v, choose, s.label()))
    assert not misses, misses[:5]
    assert n > 5000


# derandomize: CI sees the same examples on every run. Known open case (closing note, issue 12): two lights
# placed at one height a few metres apart fore and aft (a masthead light and the lowest light of a vertical
# line) seen from within 1e-100 degrees of right ahead read in either order.
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(k=st.integers(min_value=0), aspect=st.floats(min_value=0, max_value=360, allow_nan=False),
       nudge=st.sampled_from([0.0, 1e-7, -1e-7, 0.01, -0.01]))
def test_round_trip_at_random_aspects(k, aspect, nudge):
    ed, label, v, d = classes()[k % len(classes())]
    if not d.lights:
        return
    # near the arc ends too: an end of an arc, a hair either side of it
    ends = sorted({e % 360.0 for i in d.lights if i.arc_deg and not i.all_round for e in i.arc_deg})
    if ends and nudge:
        aspect = (ends[int(aspect) % len(ends)] + nudge) % 360.0
    p = view(d, aspect % 360.0)
    assume(p.items)
    assert found(ed, label, v, p, aspect % 360.0), (ed.id, label, v, aspect, as_pattern(p).notation())


TOKENS = st.sampled_from(["W", "R", "G", "Y", "B"])
SHAPES = st.sampled_from(["ball", "diamond", "cone-up", "cone-down", "red-ball", "white-diamond"])


@st.composite
def patterns(draw):
    tok = draw(st.sampled_from([TOKENS, SHAPES]))
    cols = draw(st.lists(st.lists(tok, min_size=1, max_size=3).map(tuple), min_size=1, max_size=4))
    rels = draw(st.lists(st.sampled_from(["<", ">", "=", None]), min_size=len(cols) - 1,
                         max_size=len(cols) - 1))
    period = "day" if cols[0][0] not in "WRGYB" else "night"
    return Pattern(period, tuple(cols), tuple(rels))


@given(patterns())
def test_notation_reads_back(p):
    assert parse_notation(p.notation()) == p


@settings(max_examples=60, deadline=None)
@given(k=st.integers(min_value=0), aspect=st.floats(min_value=0, max_value=359.99, allow_nan=False))
def test_saying_less_never_loses_an_exact_reading(k, aspect):
    ed, label, v, d = classes()[k % len(classes())]
    p = view(d, aspect)
    assume(p.items)
    full = as_pattern(p)
    loose = Pattern(full.period, full.columns, (None,) * len(full.relations))
    typed = parse_notation(full.notation())
    idx = eng.index(ed)
    exact_full = {k for k, (kind, _) in eng.search(idx, full).items() if kind == "exact"}
    exact_typed = {k for k, (kind, _) in eng.search(idx, typed).items() if kind == "exact"}
    exact_loose = {k for k, (kind, _) in eng.search(idx, loose).items() if kind == "exact"}
    assert exact_full == exact_typed                # the canonical notation says all the picture says
    assert exact_full <= exact_loose


@settings(max_examples=40, deadline=None)
@given(patterns())
def test_ranked_exact_first_then_by_score(p):
    # docs/identify.md, "Ranking" (issue 22 changed it on purpose): one line per meaning; the rules in force today
    # before the historical ones; within each, the exact and signal lines before the near ones; then by the
    # line's score
    eds = list(editions())
    ended = {e.id for e in eds if e.in_force_to} | {old for e in eds for old in e.succeeds.values()}
    r = eng.identify(p, eds)
    assert all(h.history == (h.edition in ended) for h in r.readings())
    ranks = [(h.history, h.match not in eng.FIRST_TIER, -h.raw_score) for h in r]
    assert ranks == sorted(ranks)
    assert r.exact == sum(1 for h in r if h.match == "exact")
    keys = [(h.edition, id(h.reading)) for h in r.readings()]
    assert len(keys) == len(set(keys))             # each reading once, under its best kind
    lines = [h.reading.line for h in r]
    assert len(lines) == len(set(lines))           # one line per meaning


def test_every_reading_is_what_the_view_draws():
    # issue 12, section 3: a reading's picture and the lights it cites are what view() draws for its
    # vessel at its aspect, lit as its `choose` says: no reading borrows another class's lights.
    from navlights.engines.view import select

    n = 0
    bad = []
    for ed in editions():
        for r in eng.index(ed).readings:
            d = display(r.vessel, ed)
            p = view(d, r.aspect_deg, choose=r.choose, period=r.period)
            n += 1
            roles = {role for role, _, _ in r.lights}
            cites = {role: cite for role, _, cite in r.lights}
            drawn = {i.role: i.cite for i in p.items}
            if as_pattern(p).notation() != r.picture or set(drawn) != roles or drawn != cites:
                bad.append((ed.id, r.description, r.picture, as_pattern(p).notation(), sorted(roles), sorted(drawn)))
            assert select(d, r.choose, r.period)
    assert not bad, bad[:5]
    assert n > 2000
