"""Who gives way: the steering and sailing rules (Part B) applied to two vessels, from an edition's conduct data.

The engine knows no edition: the overtaking sector, the Rule 18 standings, the duties between vessels and the
paragraphs it cites come from ``rulebase/conduct.py``; an edition without one of them answers with a gap. What the
text leaves open is a named convention (:class:`Conventions`), reported in every answer: the half-angle of
"ahead or nearly ahead" (Rule 14(b)), the margin within which a case is flagged as a border case with both
readings, and the closest approach below which navlights calls it a risk of collision (Rule 7 fixes no distance).

Conventions of position: own vessel and the other are given east and north of any origin in nautical miles, courses
and headings in degrees true, speeds in knots (``geometry.approach``). Where the heading is not known, the course over
ground stands for it (said in the answer's notes).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from ..conditions import evaluate
from ..rulebase.conduct import ConductRules, Duty, Paragraph
from ..vessel import Vessel

Who = Literal["own", "other"]
WindSide = Literal["port", "starboard", "unknown"]

#: The "ahead or nearly ahead" half-angles public classifiers use (degrees), for the docs and the answer's note.
HEAD_ON_PEERS = {5.0: "DNV trafficgen (theta14Criteria)", 6.0: "colregs-core (HEAD_ON_TOLERANCE)",
                 11.25: "mark-brannan colregs (one point, pencilled)", 13.0: "NTNU COLAV evaluator (theta_critical_ho)"}


@dataclass(frozen=True, slots=True)
class Conventions:
    """What the Rules leave open, named and settable; every answer carries the values it used."""

    head_on_deg: float = 6.0          # "ahead or nearly ahead" (14(b)): each within this many degrees of the other's bow
    border_deg: float = 2.0           # a case within this many degrees of a sector or head-on limit is flagged
    risk_cpa_nm: float = 1.0          # closing to a CPA under this: risk of collision (Rule 7 gives no figure)

    def __post_init__(self) -> None:
        from ..errors import VesselError
        for name, value, lo, hi in (("head_on_deg", self.head_on_deg, 0.0, 45.0), ("border_deg", self.border_deg, 0.0, 20.0),
                                    ("risk_cpa_nm", self.risk_cpa_nm, 0.0, 50.0)):
            if not lo <= value <= hi:
                raise VesselError(f"{name}: {value!r} is out of range; allowed: {lo:g} to {hi:g}", field=name,
                                  value=value, allowed=f"{lo:g} to {hi:g}")


@dataclass(frozen=True, slots=True)
class Ship:
    """One of the two vessels: what she is (a :class:`~navlights.vessel.Vessel`), where and how she moves, and the
    situational facts the rules of narrow channels, lanes and rivers ask."""

    vessel: Vessel
    course_deg: float
    speed_kn: float
    east_nm: float = 0.0
    north_nm: float = 0.0
    heading_deg: float | None = None
    wind: WindSide | None = None      # the side she has the wind on (12(b): opposite her mainsail); None: from wind_from
    channel_only: bool = False        # can navigate safely only within the narrow channel or fairway
    in_lane: bool = False             # following a traffic lane
    crossing: bool = False            # crossing the channel, lane or river
    downbound: bool = False           # downbound with a following current
    upbound: bool = False

    @property
    def head(self) -> float:
        return self.course_deg if self.heading_deg is None else self.heading_deg

    @property
    def power_driven(self) -> bool:
        return self.vessel.propulsion == "power"

    def flags(self) -> dict[str, bool]:
        return {"power_driven": self.power_driven, "channel_only": self.channel_only, "in_lane": self.in_lane,
                "crossing": self.crossing, "downbound": self.downbound, "upbound": self.upbound}


@dataclass(frozen=True, slots=True)
class Situation:
    """Where and how the two meet."""

    in_sight: bool = True
    area: Literal["open", "narrow-channel", "tss"] = "open"
    waters: str | None = None                  # great-lakes, western-rivers, lower-mississippi, specified-waters
    wind_from_deg: float | None = None         # true direction the wind blows from (Rule 12)
    was_overtaking: Who | None = None          # 13(d): the vessel that was overtaking when last looked at


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A paragraph an answer rests on: cite, provenance, our summary."""

    cite: str
    provenance: str
    summary: str
    sources: tuple[str, ...] = ()
    note: str | None = None


@dataclass(frozen=True, slots=True)
class DutyOwed:
    """A duty one vessel owes the other beside the roles (not to impede her, to keep well clear)."""

    who: Who
    to: Who
    duty: str
    rule: RuleRef


@dataclass(frozen=True, slots=True)
class Kinematics:
    """The geometry of the pair, from own vessel."""

    range_nm: float
    bearing_deg: float                 # her true bearing from you
    relative_bearing_deg: float        # her bearing on your bow, clockwise from right ahead
    aspect_deg: float                  # your bearing on her bow (how she sees you), clockwise from her right ahead
    cpa_nm: float
    tcpa_min: float
    bearing_rate_deg_min: float
    closing: bool


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of the encounter: its type and the roles that follow."""

    encounter: str                     # overtaking, head-on, crossing, passing-clear, restricted-visibility, none
    overtaking: Who | None
    give_way: tuple[Who, ...]
    stand_on: Who | None
    rules: tuple[RuleRef, ...]
    gaps: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Border:
    """A case within the border margin of a limit: the other reading and what the doubt rule says."""

    limit: str                          # "overtaking sector" or "head-on"
    angle_deg: float
    limit_deg: float
    reading: Reading
    doubt: RuleRef | None


@dataclass(frozen=True, slots=True)
class Conduct:
    """Who gives way, who stands on, why, and on what geometry and conventions."""

    edition: str
    own_status: str | None
    other_status: str | None
    own_term: str
    other_term: str
    reading: Reading
    duties: tuple[DutyOwed, ...]
    kinematics: Kinematics | None       # None: read from the lights seen, no positions or motion known
    risk_of_collision: bool | None
    conventions: Conventions
    borders: tuple[Border, ...]
    notes: tuple[str, ...] = field(default=())
    sighted_bearing_deg: float | None = None    # her bearing on your bow, as given with the lights seen

    @property
    def bearing_deg(self) -> float:
        """Her relative bearing on your bow (from the geometry, or as given with the lights seen)."""
        return self.kinematics.relative_bearing_deg if self.kinematics else float(self.sighted_bearing_deg or 0.0)

    @property
    def encounter(self) -> str:
        return self.reading.encounter

    @property
    def give_way(self) -> tuple[Who, ...]:
        return self.reading.give_way

    @property
    def stand_on(self) -> Who | None:
        return self.reading.stand_on


def _ref(p: Paragraph | Duty) -> RuleRef:
    c = p.citation
    return RuleRef(c.rule, c.provenance, p.summary, c.sources, c.note)


def _para(rules: ConductRules, role: str, gaps: list[str]) -> RuleRef | None:
    p = rules.paragraph(role)
    if p is None:
        gaps.append(f"{rules.edition}: no rule for '{role}' is held (not encoded)")
        return None
    if p.citation.provenance == "gap":
        gaps.append(f"{rules.edition} {p.citation.rule}: {p.citation.note or 'not found'}")
    return _ref(p)


def standing(rules: ConductRules, vessel: Vessel) -> tuple[str | None, str]:
    """Her Rule 18 standing under these rules (the first status that holds) and its words; None for a vessel not
    under way or one no status fits (under oars, say)."""
    if vessel.status != "underway":
        return None, f"vessel {vessel.status}"
    for s in rules.statuses:
        if evaluate(s.when, vessel.facts):
            return s.id, s.term
    return None, f"vessel ({vessel.propulsion})"


def _in_sector(rb: float, abaft: float) -> bool:
    """Whether a relative bearing is in the overtaking sector (open at both ends: 'more than' abaft the beam)."""
    return 90.0 + abaft < rb < 270.0 - abaft


def _ahead(rb: float, half: float) -> bool:
    return min(rb, 360.0 - rb) <= half + 1e-9


def classify(rb_other: float, rb_own: float, closing: bool, abaft: float, head_on_deg: float) -> tuple[str, Who | None]:
    """The encounter from the two relative bearings (hers on your bow, yours on hers): overtaking (and who),
    head-on, crossing, or passing-clear when the range is not closing.

    >>> classify(180.0, 0.0, True, 22.5, 6.0), classify(0.0, 0.0, True, 22.5, 6.0), classify(45.0, 300.0, True, 22.5, 6.0)
    (('overtaking', 'other'), ('head-on', None), ('crossing', None))
    """
    if closing and _in_sector(rb_other, abaft) and not _in_sector(rb_own, abaft):
        return "overtaking", "other"
    if closing and _in_sector(rb_own, abaft) and not _in_sector(rb_other, abaft):
        return "overtaking", "own"
    if not closing:
        return "passing-clear", None
    if _ahead(rb_other, head_on_deg) and _ahead(rb_own, head_on_deg):
        return "head-on", None
    return "crossing", None


def _matches(d: Duty, a: Ship, sa: str | None, b: Ship, sb: str | None, encounter: str, sit: Situation) -> bool:
    if sa is None or sb is None:
        return False
    if d.areas is not None and sit.area not in d.areas:
        return False
    if d.waters is not None and sit.waters not in d.waters:
        return False
    if d.encounters is not None and encounter not in d.encounters:
        return False
    return (any(p.holds(sa, a.vessel.length_m, a.flags()) for p in d.who)
            and any(p.holds(sb, b.vessel.length_m, b.flags()) for p in d.of))


def _wind_side(ship: Ship, wind_from: float | None) -> WindSide:
    if ship.wind is not None:
        return ship.wind
    if wind_from is None:
        return "unknown"
    rel = (wind_from - ship.head) % 360.0
    return "starboard" if 0.0 < rel < 180.0 else "port" if 180.0 < rel < 360.0 else "unknown"


def _windward(own: Ship, other: Ship, wind_from: float | None) -> Who | None:
    """Which of the two is to windward (nearer the wind), from the wind's direction and their positions."""
    if wind_from is None:
        return None
    import math
    w = math.radians(wind_from)
    up = (own.east_nm - other.east_nm) * math.sin(w) + (own.north_nm - other.north_nm) * math.cos(w)
    return None if abs(up) < 1e-9 else "own" if up > 0 else "other"


def _sail(rules: ConductRules, own: Ship, other: Ship, sit: Situation, gaps: list[str]) -> tuple[tuple[Who, ...], list[RuleRef]]:
    """Rule 12 between two sailing vessels."""
    ws = {"own": _wind_side(own, sit.wind_from_deg), "other": _wind_side(other, sit.wind_from_deg)}
    windward = _windward(own, other, sit.wind_from_deg)
    refs: list[RuleRef] = []
    if "unknown" not in ws.values() and ws["own"] != ws["other"]:
        refs.append(_para(rules, "sail-wind-different", gaps) or _missing("Rule 12(a)(i)"))
        return ("own" if ws["own"] == "port" else "other",), refs
    if "unknown" not in ws.values():
        if windward is None:
            gaps.append("Rule 12(a)(ii): both have the wind on the same side; which is to windward is not given "
                        "(give the wind's direction)")
            return (), [_para(rules, "sail-wind-same", gaps) or _missing("Rule 12(a)(ii)")]
        return (windward,), [_para(rules, "sail-wind-same", gaps) or _missing("Rule 12(a)(ii)")]
    for me, her in (("own", "other"), ("other", "own")):
        if ws[me] == "port" and ws[her] == "unknown" and windward == her:
            return (me,), [_para(rules, "sail-wind-unknown", gaps) or _missing("Rule 12(a)(iii)")]  # type: ignore[return-value]
    gaps.append("Rule 12: the side each has the wind on is not known well enough to decide (give wind sides or the "
                "wind's direction)")
    return (), refs


def _missing(cite: str) -> RuleRef:
    return RuleRef(cite, "gap", "not encoded for this edition")


def _decide(rules: ConductRules, own: Ship, other: Ship, st: tuple[str | None, str | None], encounter: str,
            overtaker: Who | None, rb_other: float, rb_own: float, sit: Situation, latched: bool) -> Reading:
    """The roles under one reading of the encounter."""
    gaps: list[str] = []
    refs: list[RuleRef] = []
    give: tuple[Who, ...] = ()
    if encounter == "overtaking" and overtaker is not None:
        give = (overtaker,)
        refs += [r for r in (_para(rules, "overtaking", gaps), _para(rules, "overtaking-sector", gaps)) if r]
        if latched and (r := _para(rules, "overtaking-latch", gaps)):
            refs.append(r)
    elif encounter in ("head-on", "crossing"):
        give, refs = _give_way_between(rules, own, other, st, encounter, rb_other, rb_own, sit, gaps)
    stand: Who | None = None
    if len(give) == 1:
        stand = "other" if give[0] == "own" else "own"
        refs += [r for r in (_para(rules, "give-way-action", gaps), _para(rules, "stand-on", gaps),
                             _para(rules, "stand-on-may", gaps), _para(rules, "stand-on-must", gaps)) if r]
        if encounter == "crossing" and own.power_driven and other.power_driven and (r := _para(rules, "stand-on-not-port", gaps)):
            refs.append(r)
    if encounter in ("head-on", "crossing", "overtaking") and own.power_driven and other.power_driven:
        p = rules.paragraph("whistle-agreement")
        if p is not None:
            refs.append(_ref(p))
    return Reading(encounter, overtaker if encounter == "overtaking" else None, give, stand, tuple(refs), tuple(gaps))


def _give_way_between(rules: ConductRules, own: Ship, other: Ship, st: tuple[str | None, str | None], encounter: str,
                      rb_other: float, rb_own: float, sit: Situation, gaps: list[str]) -> tuple[tuple[Who, ...], list[RuleRef]]:
    """Head-on or crossing: the first duty that decides, else Rules 14/15 between power-driven vessels, else 12."""
    s_own, s_other = st
    for d in rules.duties:
        if d.effect != "give-way":
            continue
        if _matches(d, own, s_own, other, s_other, encounter, sit):
            return ("own",), [_ref(d)]
        if _matches(d, other, s_other, own, s_own, encounter, sit):
            return ("other",), [_ref(d)]
    if s_own is None or s_other is None:
        gaps.append("Part B, Section II names no give-way vessel here (a vessel not under way, or one no Rule 18 "
                    "standing fits): Rules 2, 7 and 8 apply")
        return (), []
    if own.power_driven and other.power_driven:
        if encounter == "head-on":
            return ("own", "other"), [r for r in (_para(rules, "head-on", gaps), _para(rules, "head-on-deemed", gaps)) if r]
        return _crossing_sides(rb_other, rb_own, gaps), [r for r in (_para(rules, "crossing", gaps),) if r]
    if s_own == "sail" and s_other == "sail":
        return _sail(rules, own, other, sit, gaps)
    resp = _para(rules, "responsibilities", gaps)
    gaps.append(f"{rules.edition}: no rule here orders a {s_own} and a {s_other} vessel; Rules 2, 7 and 8 apply")
    return (), [resp] if resp else []


def _side(rb: float) -> str | None:
    return "starboard" if 0.0 < rb < 180.0 else "port" if 180.0 < rb < 360.0 else None


def _crossing_sides(rb_other: float, rb_own: float, gaps: list[str]) -> tuple[Who, ...]:
    """Rule 15's test from both bows: the one that has the other on her own starboard side keeps out of the way.
    Right ahead or astern of one, the other's view decides; where each (or neither) has the other to starboard the
    text gives no single give-way vessel, and the answer says so."""
    mine, hers = _side(rb_other), _side(rb_own)
    if mine is None:
        return ("own",) if hers == "port" else ("other",)
    if hers is None:
        return ("own",) if mine == "starboard" else ("other",)
    if mine != hers:
        return ("own",) if mine == "starboard" else ("other",)
    if mine == "starboard":
        gaps.append("each has the other on her starboard side: Rule 15 binds both to keep out of the way")
        return ("own", "other")
    gaps.append("neither has the other on her starboard side: Rule 15 names no give-way vessel (passing port to "
                "port?); Rules 7 and 8 apply")
    return ()


def _duties(rules: ConductRules, own: Ship, other: Ship, st: tuple[str | None, str | None], encounter: str,
            sit: Situation) -> tuple[DutyOwed, ...]:
    out = []
    for d in rules.duties:
        if d.effect != "not-impede":
            continue
        if _matches(d, own, st[0], other, st[1], encounter, sit):
            out.append(DutyOwed("own", "other", d.duty, _ref(d)))
        if _matches(d, other, st[1], own, st[0], encounter, sit):
            out.append(DutyOwed("other", "own", d.duty, _ref(d)))
    return tuple(out)


def _restricted(rules: ConductRules, rb_other: float, own_overtaking: bool) -> Reading:
    """Rule 19: not in sight of one another; no stand-on vessel; what to avoid."""
    gaps: list[str] = []
    refs = [_para(rules, "restricted-visibility", gaps)]
    forward = min(rb_other, 360.0 - rb_other) < 90.0
    if forward:
        if not own_overtaking:
            refs.append(_para(rules, "restricted-visibility-forward", gaps))
        refs.append(_para(rules, "restricted-visibility-slow", gaps))
    else:
        refs.append(_para(rules, "restricted-visibility-abaft", gaps))
    return Reading("restricted-visibility", None, (), None, tuple(r for r in refs if r), tuple(gaps))


def kinematics(own: Ship, other: Ship) -> Kinematics:
    """Range, bearings both ways, CPA/TCPA and the bearing's rate of the pair."""
    from .. import geometry as g
    ox, oy = g.velocity_kn(own.course_deg, own.speed_kn)
    tx, ty = g.velocity_kn(other.course_deg, other.speed_kn)
    a = g.approach(other.east_nm - own.east_nm, other.north_nm - own.north_nm, tx - ox, ty - oy)
    brg = float(a.bearing_deg)
    return Kinematics(float(a.range_nm), brg, float(g.relative_bearing_deg(brg, own.head)),
                      float(g.relative_bearing_deg(brg + 180.0, other.head)), float(a.cpa_nm), float(a.tcpa_min),
                      float(a.bearing_rate_deg_min), bool(a.range_rate_kn < -1e-9))


def decide(rules: ConductRules, own: Ship, other: Ship, situation: Situation = Situation(),
           conventions: Conventions = Conventions()) -> Conduct:
    """Who gives way between own vessel and the other, under these rules and conventions."""
    k = kinematics(own, other)
    st = (standing(rules, own.vessel), standing(rules, other.vessel))
    statuses = (st[0][0], st[1][0])
    notes = [f"{name} heading not given: the course over ground stands for it"
             for name, s in (("your", own), ("her", other)) if s.heading_deg is None]
    notes += _length_notes(rules, own, other, situation)
    risk = k.closing and k.tcpa_min >= 0.0 and k.cpa_nm < conventions.risk_cpa_nm
    if rules.sector is None:
        reading = _undecided(rules)
        return Conduct(rules.edition, *statuses, st[0][1], st[1][1], reading, (), k, risk, conventions, (), tuple(notes))
    abaft = rules.sector.overtaking_abaft_beam_deg
    encounter, overtaker = classify(k.relative_bearing_deg, k.aspect_deg, k.closing, abaft, conventions.head_on_deg)
    latched = False
    if sit_latch(situation, encounter, k, conventions):
        encounter, overtaker, latched = "overtaking", situation.was_overtaking, True
    if not situation.in_sight:
        reading = _restricted(rules, k.relative_bearing_deg, overtaker == "own")
        return Conduct(rules.edition, *statuses, st[0][1], st[1][1], reading, (), k, risk, conventions, (), tuple(notes))
    args = (rules, own, other, statuses)
    reading = _decide(*args, encounter, overtaker, k.relative_bearing_deg, k.aspect_deg, situation, latched)
    borders = () if latched else _borders(rules, own, other, statuses, k, abaft, conventions, situation, reading)
    duties = _duties(rules, own, other, statuses, encounter, situation)
    return Conduct(rules.edition, *statuses, st[0][1], st[1][1], reading, duties, k, risk, conventions, borders,
                   tuple(notes))


def _length_notes(rules: ConductRules, own: Ship, other: Ship, sit: Situation) -> list[str]:
    """Where a duty that holds here turns on a length (9(b), 10(j): under 20 m) and a vessel's length is not given:
    said, since the duty is then not applied."""
    cites = sorted({d.citation.rule for d in rules.duties if any(p.length_lt_m is not None for p in d.who)
                    and (d.areas is None or sit.area in d.areas)})
    missing = [name for name, s in (("your", own), ("her", other)) if s.vessel.length_m is None]
    if not cites or not missing:
        return []
    return [f"{' and '.join(missing)} length not given: the length limb of {', '.join(cites)} is not applied"]


def _undecided(rules: ConductRules) -> Reading:
    """An edition whose overtaking sector is not encoded decides no roles: the answer is a gap, and lists every
    paragraph the edition's file holds (what was found, each with its provenance)."""
    gaps = [f"{rules.edition}: the overtaking sector is not encoded, so navlights decides no roles under it"]
    gaps += [f"{rules.edition} {p.citation.rule}: {p.citation.note or 'not found'}" for p in rules.paragraphs
             if p.citation.provenance == "gap"]
    return Reading("none", None, (), None, tuple(_ref(p) for p in rules.paragraphs), tuple(gaps))


def sit_latch(sit: Situation, encounter: str, k: Kinematics, conv: Conventions) -> bool:
    """13(d): a vessel that was overtaking stays the overtaking vessel until finally past and clear (navlights: no
    longer closing and at least the risk distance off)."""
    if sit.was_overtaking is None or encounter == "overtaking":
        return False
    return k.closing or k.range_nm < conv.risk_cpa_nm


def _borders(rules: ConductRules, own: Ship, other: Ship, st: tuple[str | None, str | None], k: Kinematics, abaft: float,
             conv: Conventions, sit: Situation, base: Reading) -> tuple[Border, ...]:
    """Readings that a shift of the limits by the border margin would give (each limit both ways)."""
    m = conv.border_deg
    if m <= 0 or base.encounter == "passing-clear":
        return ()
    out: list[Border] = []
    seen = {(base.encounter, base.overtaking)}
    trials = (("overtaking sector", abaft - m, conv.head_on_deg, 90.0 + abaft),
              ("overtaking sector", abaft + m, conv.head_on_deg, 90.0 + abaft),
              ("head-on", abaft, max(conv.head_on_deg - m, 0.0), conv.head_on_deg),
              ("head-on", abaft, conv.head_on_deg + m, conv.head_on_deg))
    for limit, ab, half, limit_deg in trials:
        enc, ot = classify(k.relative_bearing_deg, k.aspect_deg, k.closing, ab, half)
        if (enc, ot) in seen:
            continue
        seen.add((enc, ot))
        reading = _decide(rules, own, other, st, enc, ot, k.relative_bearing_deg, k.aspect_deg, sit, False)
        role = "overtaking-doubt" if limit == "overtaking sector" else "head-on-doubt"
        p = rules.paragraph(role)
        angle = k.relative_bearing_deg if limit == "overtaking sector" and (ot == "other" or base.overtaking == "other") else k.aspect_deg
        if limit == "head-on":
            angle = max(min(k.relative_bearing_deg, 360 - k.relative_bearing_deg), min(k.aspect_deg, 360 - k.aspect_deg))
        out.append(Border(limit, round(angle, 3), limit_deg, reading, _ref(p) if p else None))
    return tuple(out)


def with_conventions(c: Conventions, **changes: float | None) -> Conventions:
    """These conventions with the given ones changed (None: kept)."""
    return replace(c, **{k: v for k, v in changes.items() if v is not None})
