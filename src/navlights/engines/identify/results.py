"""What identify returns and what the index holds: readings, hypotheses, the answer to a query, an
edition's index; the kinds of match and the words for a near match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...notation import Pattern, token_words
from ..sectors import Sector
from .aspects import AspectRange
from .facts import measures

#: A single aspect (where two arcs meet) counts as this wide in the score: the view's edge tolerance.
POINT_WIDTH_DEG = 3.0
#: Each kind of match: its rank (exact first) and weight in the score.
KINDS: dict[str, tuple[int, float, str]] = {
    "exact": (0, 1.0, "the picture as typed"),
    "arrangement": (1, 0.6, "the same lights, arranged otherwise (the placement is typical, not known)"),
    "colour-doubt": (2, 0.55, "one light's colour or character read otherwise: white for yellow or the "
                              "reverse, steady for flashing or the reverse"),
    "missed-light": (3, 0.5, "she shows one light more, which may have been missed"),
    "regrouped": (4, 0.45, "the same lights, but not in the vertical lines seen (lights side by side taken "
                           "for a vertical line, or the reverse)"),
    "extra-light": (5, 0.4, "one light seen is not hers"),
}
#: How much the width of a reading's aspects counts in its prior: 1 - WIDTH_SHARE for a single aspect,
#: 1 for all round. Small, so that the lighting and the situation rank first and the width breaks ties.
WIDTH_SHARE = 0.1


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
    commonness: float = 1.0             # how often a look-out meets her situation (classes.commonness)
    vessel_aspects: tuple[AspectRange, ...] = ()   # where `vessel` itself shows the picture (within `aspects`)
    general: str | None = None          # her own signal is a gap: the lights are only her general lights (words)
    prior: float = 0.0                  # plausibility x (1 - WIDTH_SHARE + WIDTH_SHARE x width / 360)

    def __post_init__(self) -> None:
        w = min(sum(POINT_WIDTH_DEG if r.point else r.width_deg for r in self.aspects), 360.0)
        object.__setattr__(self, "prior", self.plausibility * (1.0 - WIDTH_SHARE + WIDTH_SHARE * w / 360.0))

    @property
    def plausibility(self) -> float:
        """How likely she is, aspects aside: the lighting's weight (typical 1, less for each step to an
        option, an optional light, another scheme, a light on approach, a situation whose own signal
        is not known) x how common her situation is."""
        return self.weight * self.commonness

    @property
    def width_deg(self) -> float:
        """How wide the aspects are (a single aspect counts as POINT_WIDTH_DEG)."""
        return min(sum(POINT_WIDTH_DEG if r.point else r.width_deg for r in self.aspects), 360.0)

    def covers(self, vessel: Mapping[str, Any]) -> bool:
        """The vessel's length, tonnage and tow length ('200 ft', '61 m') lie in the reading's limits."""
        have = measures(vessel)
        for lim in self.limits:
            v = have.get(lim["fact"])
            if v is None:
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


@dataclass(frozen=True, slots=True)
class Hypothesis:
    """One ranked answer of identify: a reading, how it matches the picture, and its score.

    The reading's fields (``edition``, ``situation``, ``aspects``, ``heading``, ...) read as the
    hypothesis's own.
    """

    reading: Reading
    match: str                           # exact | arrangement | colour-doubt | missed-light | extra-light
    raw_score: float
    query: Pattern | None = None
    detail: tuple = ()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in ("reading", "query", "detail", "match", "raw_score"):
            raise AttributeError(name)
        return getattr(self.reading, name)

    @property
    def score(self) -> float:
        """KINDS weight x the reading's prior (plausibility x how wide its aspects are), 0 to 1."""
        return round(self.raw_score, 4)

    @property
    def near(self) -> bool:
        return self.match != "exact"

    @property
    def remark(self) -> str | None:
        """For a near match: what must have been missed, misread or added."""
        if self.query is None:
            return None
        return remark(self.query, self.match, self.detail, self.reading)

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

    def to_dict(self) -> dict[str, Any]:
        r = self.reading
        return {
            "edition": r.edition, "situation": r.situation, "also": list(r.also),
            "conditions": list(r.conditions), "limits": [dict(x) for x in r.limits], "class": r.description,
            "vessel": r.vessel,
            "variant": list(r.variant), "typical": not r.variant,
            "choose": r.choose if isinstance(r.choose, str) else dict(r.choose),
            "period": r.period, "sector": {**AspectRange.of_sector(r.sector).to_dict(),
                                           "roles": list(r.sector.roles)},
            "aspects": [a.to_dict() for a in r.aspects], "aspect_deg": r.aspect_deg,
            "heading": r.heading, "picture": r.picture,
            "lights": [{"role": role, "token": tok, "cite": cite} for role, tok, cite in r.lights],
            "rules": list(r.rules), "citations": list(r.citations), "gaps": list(r.gaps),
            "general_lights": r.general,
            "match": self.match, "near": self.near, "remark": self.remark, "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class Identification:
    """The answer to one query: the picture as read, and every hypothesis, ranked."""

    pattern: Pattern
    editions: tuple[str, ...]
    hypotheses: tuple[Hypothesis, ...]
    total: int                           # before any limit
    exact: int

    def __iter__(self):
        return iter(self.hypotheses)

    def __len__(self) -> int:
        return len(self.hypotheses)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (schema: docs/schema/identify.schema.json)."""
        return {"query": self.pattern.to_dict(), "editions": list(self.editions), "total": self.total,
                "exact": self.exact, "near": self.total - self.exact, "returned": len(self.hypotheses),
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
    by_bag: dict[tuple[Any, ...], list[int]]
    by_missed: dict[tuple[Any, ...], list[tuple[tuple[str, ...], int, str, str]]]
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
