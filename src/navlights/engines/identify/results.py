"""What identify returns and what the index holds: readings, hypotheses, the answer to a query, an
edition's index; the kinds of match and the words for a near match."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ...notation import Pattern, token_words
from ..sectors import Sector
from .aspects import AspectRange
from .facts import measures
from .meaning import Meaning

if TYPE_CHECKING:
    from .verdict import Verdict

#: A single aspect (where two arcs meet) counts as this wide in the score: the view's edge tolerance.
POINT_WIDTH_DEG = 3.0
#: Each kind of match: its rank (exact first) and weight in the score. ``signal`` ranks with ``exact``
#: (docs/identify.md, "Ranking"): the picture is her own signal as an examiner shows it, her ordinary
#: lights (masthead lights, sidelights, sternlight, standing apart from it) not typed.
KINDS: dict[str, tuple[int, float, str]] = {
    "exact": (0, 1.0, "the picture as typed"),
    "signal": (1, 0.9, "her own signal as typed; her masthead lights, sidelights or sternlight, standing apart "
                       "from it, not typed"),
    "arrangement": (2, 0.6, "the same lights, arranged otherwise (the placement is typical, not known)"),
    "colour-doubt": (3, 0.55, "one light's colour or character read otherwise: white for yellow or the "
                              "reverse, steady for flashing or the reverse"),
    "missed-light": (4, 0.5, "she shows one light more, which may have been missed"),
    "regrouped": (5, 0.45, "the same lights, but not in the vertical lines seen (lights side by side taken "
                           "for a vertical line, or the reverse)"),
    "extra-light": (6, 0.4, "one light seen is not hers"),
}
#: A reading whose vertical line seen is not one the rules prescribe (two lights that stand in one only by the
#: typical placement and the bearing: a masthead light over a sidelight, the two anchor lights end-on) counts
#: this much: the placement is the view's assumption, and a real vessel's lights may well not line up.
PLACED_WEIGHT = 0.25
#: Kinds ranked together, by score: the first tier (the picture as typed, or her signal as typed).
FIRST_TIER = frozenset({"exact", "signal"})
#: How much the width of a reading's aspects counts in its prior: (width / 360) ** ASPECT_POWER, a single
#: aspect counting as POINT_WIDTH_DEG: the chance that a vessel met at a random heading shows you this side
#: (docs/identify.md, "Ranking").
ASPECT_POWER = 1.0


def aspect_factor(width_deg: float) -> float:
    """(width / 360) ** ASPECT_POWER: 1 for all round, 3/360 for a single aspect."""
    return (min(max(width_deg, POINT_WIDTH_DEG), 360.0) / 360.0) ** ASPECT_POWER


@dataclass(frozen=True, slots=True)
class Reading:
    """One answer the index holds: an edition's vessel class, the way she is lit, where she is seen so."""

    edition: str
    situation: str                      # the situation, in plain words
    also: tuple[str, ...]               # other situations that read the same
    conditions: tuple[str, ...]         # 'length 150 ft or more', 'tow over 600 ft'
    limits: tuple[dict[str, Any], ...]  # the same as numbers (metres, tons), one per fact that was set
    vessel: dict[str, Any]              # a representative vessel of the class (reproduces the reading)
    variant: tuple[str, ...]            # how she is lit, where not the typical lights; () = typical
    choose: Any                         # the view's `choose` that reproduces it
    weight: float                       # 1 for the typical lights, less for each variant step
    period: str
    sector: Sector                      # the aspect sector (sectors()) in which she shows these lights
    aspects: tuple[AspectRange, ...]    # where, within it, they are arranged as in `picture`
    heading: str
    picture: str                        # what she shows there, in the notation
    pattern_key: tuple[Any, ...]
    lights: tuple[tuple[str, str, str], ...]   # (role, token, cite) of each light or shape seen
    rules: tuple[str, ...]              # the provisions her lights come from, with their cites
    citations: tuple[str, ...]
    gaps: tuple[str, ...]               # what the rule base does not know for her (gap notes)
    order: int                          # place in the index: situations in their order, then by size
    rid: int = 0                        # the index's record kind (internal)
    commonness: float = 1.0             # how often a look-out meets her situation (situations.toml prior)
    vessel_aspects: tuple[AspectRange, ...] = ()   # where `vessel` itself shows the picture (within `aspects`)
    general: str | None = None          # her own signal is a gap: the lights are only her general lights (words)
    line: str = ""                      # the line of the answer she goes to (situations.family_of her situation)
    labels: frozenset[str] = frozenset()   # her situation and `also`, for naming the line
    others: frozenset[str] = frozenset()   # those of `labels` outside her line (shown as 'also shows the same')
    meaning: tuple[Meaning, ...] = ()   # what each light or shape seen says, with its cite (meaning.py)
    length_share: float = 1.0           # the share of vessels met whose lengths her conditions reach into
    prescribed: bool = True             # every vertical line she shows stands in one the rules prescribe
    prior: float = 0.0                  # plausibility x aspect_factor(width of her aspects)

    def __post_init__(self) -> None:
        object.__setattr__(self, "prior", self.plausibility * aspect_factor(self.width_deg))

    @property
    def plausibility(self) -> float:
        """How likely she is, aspects aside: the lighting's weight (typical 1, less for each step to an
        option, an optional light, another scheme, a light on approach, a situation whose own signal
        is not known) x how common her situation is (its prior, situations.toml) x the share of vessels
        met whose length her conditions allow (situations.toml, lengths) x PLACED_WEIGHT where a vertical
        line seen stands in one only by the typical placement (a masthead light over a sidelight)."""
        return self.weight * self.commonness * self.length_share * (1.0 if self.prescribed else PLACED_WEIGHT)

    @property
    def width_deg(self) -> float:
        """How wide the aspects are (a single aspect counts as POINT_WIDTH_DEG)."""
        return min(sum(POINT_WIDTH_DEG if r.point else r.width_deg for r in self.aspects), 360.0)

    def covers(self, vessel: Mapping[str, Any], *, lacking: bool = False) -> bool:
        """The vessel's length, tonnage and tow length ('200 ft', '61 m') lie in the reading's limits (``lacking``:
        a limit on a measure she does not give holds, else it fails)."""
        have = measures(vessel)
        for lim in self.limits:
            v = have.get(lim["fact"])
            if v is None:
                if lacking:
                    continue
                return False
            v = float(v)
            lo, hi = lim["min"], lim["max"]
            if lo is not None and not (v > lo + 1e-6 or (lim["min_closed"] and abs(v - lo) <= 1e-6)):
                return False
            if hi is not None and not (v < hi - 1e-6 or (lim["max_closed"] and abs(v - hi) <= 1e-6)):
                return False
        return True

    @property
    def description(self) -> str:
        """The class in plain words: situation, then the intervals it holds for."""
        return ", ".join((self.situation,) + self.conditions)

    @property
    def aspect_deg(self) -> float:
        """A representative aspect: the middle of the widest range where ``vessel`` itself shows the picture
        (the aspects of a reading merged over lengths may reach beyond her own)."""
        r = max(self.vessel_aspects or self.aspects, key=lambda r: r.width_deg)
        return round(r.mid_deg, 6)


#: Readings of a line written out in its JSON (``variants``; ``variants_total`` counts them all; the Python
#: answer keeps them all, ``Identification.readings()``): the best ones, enough to show its editions and sizes.
VARIANTS_SHOWN = 3
#: How common a situation's prior says she is, in words (for "why this rank").
_BANDS = ((0.5, "everyday traffic"), (0.15, "common"), (0.05, "met now and then"), (0.02, "rare"), (0.0, "very rare"))
_MATCH_WHY = {"exact": "exact: the picture as typed",
              "signal": "her own signal as typed (her masthead lights, sidelights or sternlight not typed)"}


def _sig(x: float) -> float:
    """To four significant figures (a rare vessel's score is small, never rounded to 0)."""
    return float(f"{x:.4g}")


def common_words(prior: float) -> str:
    """'everyday traffic', 'common', 'met now and then', 'rare' or 'very rare'."""
    return next(w for floor, w in _BANDS if prior >= floor)


@dataclass(frozen=True, slots=True)
class Hypothesis:
    """One ranked answer of identify: a reading, how it matches the picture, and its score.

    The reading's fields (``edition``, ``situation``, ``aspects``, ``heading``, ...) read as the
    hypothesis's own. A *line* of the answer (``Identification.hypotheses``) is its best reading with the
    line's fields set: ``name`` (as an examiner writes it), ``kinds`` (what the signal does not tell apart),
    ``variants`` (every reading of the line, this one first: other lengths, editions, aspects, lightings).
    """

    reading: Reading
    match: str                           # exact | signal | arrangement | colour-doubt | missed-light | ...
    raw_score: float
    query: Pattern | None = None
    detail: tuple = ()
    history: bool = False                # her edition is no longer in force
    name: str = ""                       # the line's name (a line only)
    kinds: tuple[str, ...] = ()          # the kinds the signal does not tell apart (a line only)
    kinds_words: str | None = None       # the words before them
    also_names: tuple[str, ...] = ()     # other situations that show the same, by name (a line only)
    rows: tuple[tuple[Any, ...], ...] = ()   # the line's readings as found (a line only): (history, tier, -score,
    #                                      edition's place, order, number, reading, match, detail), in no order
    lead_row: tuple[Any, ...] | None = None   # the row of its lead
    edition_order: tuple[str, ...] = ()  # the editions searched, by their place in the answer (a row's 4th item)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in ("reading", "query", "detail", "match", "raw_score"):
            raise AttributeError(name)
        return getattr(self.reading, name)

    @property
    def score(self) -> float:
        """KINDS weight x the reading's prior (plausibility x how wide its aspects are), 0 to 1 (a line's: its best
        reading's); to four significant figures."""
        return _sig(self.raw_score)

    @property
    def near(self) -> bool:
        return self.match != "exact"

    @property
    def remark(self) -> str | None:
        """For a near match: what must have been missed, misread or added."""
        if self.query is None:
            return None
        return remark(self.query, self.match, self.detail, self.reading)

    @property
    def variants(self) -> tuple["Hypothesis", ...]:
        """Every reading of the line, its lead first, then in rank order (a reading: none), each with its own
        score."""
        return self.first_variants(len(self.rows))

    def first_variants(self, n: int) -> tuple["Hypothesis", ...]:
        """The line's first ``n`` readings: its lead, then the best of the others in rank order."""
        return tuple(Hypothesis(v[6], v[7], -v[2], self.query, v[8], v[0]) for v in self._first_rows(n))

    def _first_rows(self, n: int) -> list[tuple[Any, ...]]:
        lead = self.lead_row
        if lead is None or n <= 0:
            return []
        rest = heapq.nsmallest(n - 1, (v for v in self.rows if v is not lead)) if n < len(self.rows) else \
            sorted(v for v in self.rows if v is not lead)
        return [lead, *rest]

    @property
    def editions(self) -> tuple[str, ...]:
        """The editions the line holds under, in the answer's order (a reading: its own)."""
        if not self.rows:
            return (self.reading.edition,)
        order = self.edition_order
        return tuple(order[i] for i in sorted({v[3] for v in self.rows}))

    @property
    def why(self) -> str:
        """Why this rank, in short: the match, the rules' currency, how common, the lighting, the aspects."""
        got = _WHY.get((id(self.reading), self.match, self.history))
        if got is not None and got[0] is self.reading:
            return got[1]
        text = self._why()
        _WHY[(id(self.reading), self.match, self.history)] = (self.reading, text)
        return text

    def _why(self) -> str:
        from ...rulebase.situations import situation
        r = self.reading
        try:
            reason = situation(r.situation).why
        except KeyError:
            reason = ""
        w = r.width_deg
        return "; ".join((
            _MATCH_WHY.get(self.match, f"near match ({self.match}): {KINDS[self.match][2]}"),
            f"historical rules ({r.edition})" if self.history else f"rules in force today ({r.edition})",
            f"{common_words(r.commonness)} (prior {r.commonness:g}: {reason})" if reason else
            f"{common_words(r.commonness)} (prior {r.commonness:g})",
            "her typical lights" if not r.variant else "lit by an option the rules allow" if r.weight > 0.5
            else "lit by several options the rules allow",
            *(() if r.prescribed else ("a vertical line seen only by the typical placement",)),
            *(() if r.length_share >= 1 else (f"only some lengths ({r.length_share:g} of vessels met)",)),
            "seen from every side" if w >= 360 else f"seen over {w:.0f}° of bearings" if w > POINT_WIDTH_DEG
            else "seen from a single bearing only",
        ))

    def contains(self, aspect_deg: float) -> bool:
        """The aspect lies in a range where she shows the picture so."""
        return any(r.contains(aspect_deg) for r in self.reading.aspects)

    def text(self) -> str:
        """One line: score, match, edition, class, how lit."""
        r = self.reading
        head = f"{self.score:.2f} {self.match:<12} {r.edition:<9} {r.description}"
        if r.variant:
            head += f" [{'; '.join(r.variant)}]"
        return head

    def variant_dict(self) -> dict[str, Any]:
        """One reading of a line, in short: where she holds, how she is lit, how she matches."""
        return {**_reading_json(self.reading)[0], "history": self.history, "match": self.match,
                "remark": self.remark, "score": self.score}

    def to_dict(self) -> dict[str, Any]:
        """The line as JSON (schema: docs/schema/identify.schema.json). What depends on her reading alone is
        written once per reading and shared between answers: do not change nested values in place."""
        r, q = self.reading, self.query
        short, full = _reading_json(r)
        return {
            "name": self.name or r.situation, "kinds": list(self.kinds), "kinds_words": self.kinds_words,
            "editions": list(self.editions), "history": self.history, "also_names": list(self.also_names),
            **short, **full,
            "match": self.match, "near": self.near, "remark": self.remark, "score": self.score, "why": self.why,
            "variants_total": max(len(self.rows), 1),
            "variants": [{**_reading_json(v[6])[0], "history": v[0], "match": v[7], "score": _sig(-v[2]),
                          "remark": None if q is None else remark(q, v[7], v[8], v[6])}
                         for v in self._first_rows(VARIANTS_SHOWN)] or [self.variant_dict()],
        }


#: (id(reading), match, history) -> (the reading, why it ranks there): written once.
_WHY: dict[tuple[int, str, bool], tuple[Reading, str]] = {}
#: id(reading) -> (the reading, its JSON: the short part every variant writes, the rest a line writes).
_JSON: dict[int, tuple[Reading, dict[str, Any], dict[str, Any]]] = {}


def _reading_json(r: Reading) -> tuple[dict[str, Any], dict[str, Any]]:
    """What a reading writes in JSON, made once per reading (the reading is kept with it, so its id stays its)."""
    got = _JSON.get(id(r))
    if got is not None and got[0] is r:
        return got[1], got[2]
    short = {"edition": r.edition, "situation": r.situation, "conditions": list(r.conditions),
             "limits": [dict(x) for x in r.limits], "variant": list(r.variant), "typical": not r.variant,
             "vessel": r.vessel, "choose": r.choose if isinstance(r.choose, str) else dict(r.choose),
             "aspects": [a.to_dict() for a in r.aspects], "aspect_deg": r.aspect_deg, "heading": r.heading,
             "picture": r.picture}
    full = {"also": list(r.also), "class": r.description, "period": r.period,
            "sector": {**AspectRange.of_sector(r.sector).to_dict(), "roles": list(r.sector.roles)},
            "lights": [{"role": role, "token": tok, "cite": cite} for role, tok, cite in r.lights],
            "meaning": [{"tokens": list(toks), "seen": seen, "says": said, "cite": cite}
                        for toks, seen, said, cite in r.meaning],
            "rules": list(r.rules), "citations": list(r.citations), "gaps": list(r.gaps), "general_lights": r.general}
    _JSON[id(r)] = (r, short, full)
    return short, full


@dataclass(frozen=True, slots=True)
class Identification:
    """The answer to one query: the picture as read, and its lines, ranked: one line per meaning (a
    situation, or a family of situations the signal does not tell apart), each its best reading with the
    others as its ``variants``."""

    pattern: Pattern
    editions: tuple[str, ...]
    hypotheses: tuple[Hypothesis, ...]
    total: int                           # lines, before any limit
    exact: int                           # lines whose best reading is exact
    reading_count: int = 0               # readings in every line, before any limit
    history: tuple[str, ...] = ()        # the editions searched that are no longer in force
    verdict: "Verdict | None" = None     # the answer in a watchkeeper's words (verdict.py); None: nothing fits

    def __iter__(self):
        return iter(self.hypotheses)

    def __len__(self) -> int:
        return len(self.hypotheses)

    def readings(self) -> Iterator[Hypothesis]:
        """Every reading of the lines returned, line by line, each line's best first."""
        for h in self.hypotheses:
            yield from (h.variants or (h,))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (schema: docs/schema/identify.schema.json)."""
        return {"query": self.pattern.to_dict(),
                "verdict": None if self.verdict is None else self.verdict.to_dict(),
                "editions": list(self.editions), "history": list(self.history),
                "total": self.total, "exact": self.exact, "near": self.total - self.exact,
                "readings": self.reading_count, "returned": len(self.hypotheses),
                "kinds": {k: v[2] for k, v in KINDS.items()},
                "hypotheses": [h.to_dict() for h in self.hypotheses]}



@dataclass
class EditionIndex:
    """One edition's readings and the maps from a picture to them."""

    edition: str
    key: str
    readings: list[Reading]
    by_key: dict[tuple[Any, ...], list[int]]
    by_cols: dict[tuple[Any, ...], list[tuple[tuple[str, ...], int]]]
    by_bag: dict[tuple[Any, ...], list[tuple[tuple[Any, ...], int]]]   # (its vertical lines, sorted; reading)
    by_missed: dict[tuple[Any, ...], list[tuple[tuple[str, ...], int, str, str]]]
    by_signal: dict[tuple[Any, ...], list[tuple[tuple[str, ...], int]]]
    stats: dict[str, Any]


def _colour_word(token: str) -> str:
    return token_words(token).removesuffix(" light")


def _place(q: Pattern, ci: int, k: int) -> str:
    col = q.columns[ci]
    n = len(q.columns)
    where = "" if n == 1 else (" on the left" if ci == 0 else " on the right" if ci == n - 1
                               else f" (column {ci + 1} from the left)")
    if len(col) > 1:
        where += " at the bottom of its line" if k == 0 else " at the top of its line" if k == len(col) - 1 \
            else " in the middle of its line"
    return f"the {token_words(col[k])}{where}"



def remark(q: Pattern, kind: str, detail: tuple, reading: Reading) -> str | None:
    """Words for a near match: what must have been missed, misread or added."""
    if kind == "exact":
        return None
    if kind == "signal":
        return f"she shows it with her ordinary lights, as {reading.picture}"
    if kind in ("arrangement", "regrouped"):
        return f"she shows these lights arranged as {reading.picture}"
    if kind == "colour-doubt":
        ci, ki, other = detail
        return f"if {_place(q, ci, ki)} is really {_colour_word(other)}"
    if kind == "missed-light":
        role, tok = detail
        return f"if you missed her {token_words(tok)} ({role})"
    ci, ki = detail
    return f"if {_place(q, ci, ki)} is not hers"
