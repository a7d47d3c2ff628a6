"""Check a lighting plan against an edition, state by state (docs/plan.md).

For each state of the vessel (under way, at anchor, not under command, ...) the display engine says which
lights and shapes the rules require; each is looked for in the plan by role and checked for colour, arc,
range (or intensity, where the edition gives the law of intensity) and the placement constraints of its
kind, which the loader has typed in metres. Each finding says pass, fail or not-checked (the plan or the
rule data lacks the fact), with its cite, the measured value and the limit in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..model import Display, Edition, Item, PlacementSpec, Side
from .annex import Annex
from .model import LightingPlan, PlanLight, PlanShape

ARC_TOL_DEG = 0.5          # arcs are compared to half a degree (the plan's figures are rounded)


@dataclass(frozen=True, slots=True)
class Finding:
    """One check of one light or shape in one state."""

    state: str
    check: str                 # presence | colour | arc | range | height | relation | spacing | side | centreline | shape | rule
    #                            | position | chromaticity | screen | horizontal-sector | vertical-sector
    #                            | visibility-1000m
    status: str                # pass | fail | not-checked
    role: str
    light_id: str | None
    cite: str
    measured: str | None
    limit: str

    def to_dict(self) -> dict[str, Any]:
        return {"state": self.state, "check": self.check, "status": self.status, "role": self.role,
                "id": self.light_id, "cite": self.cite, "measured": self.measured, "limit": self.limit}


@dataclass(frozen=True, slots=True)
class PlanReport:
    """Every finding for every state, and whether the plan complies."""

    edition: str
    vessel: Any
    states: tuple[str, ...]
    findings: tuple[Finding, ...]
    notes: tuple[str, ...] = ()
    lights: tuple[PlanLight, ...] = ()
    shapes: tuple[PlanShape, ...] = ()
    plan_notes: tuple[str, ...] = ()
    hull: dict[str, Any] | None = None
    length_system: str = "feet"     # the edition's unit system, for her lengths in words

    @property
    def compliant(self) -> bool:
        return not any(f.status == "fail" for f in self.findings)

    def counts(self) -> dict[str, int]:
        out = {"pass": 0, "fail": 0, "not-checked": 0}
        for f in self.findings:
            out[f.status] += 1
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "vessel": self.vessel.to_json(), "compliant": self.compliant,
                "counts": self.counts(), "states": list(self.states), "notes": list(self.notes),
                "plan_notes": list(self.plan_notes), "hull": self.hull,
                "findings": [f.to_dict() for f in self.findings],
                "lights": [x.model_dump(mode="json") for x in self.lights],
                "shapes": [x.model_dump(mode="json") for x in self.shapes]}


def _m(v: float) -> str:
    return f"{v:.2f} m"


def _status(ok: bool) -> str:
    return "pass" if ok else "fail"


@dataclass
class _State:
    """One state being checked: its display, the plan's entries by role, and the findings so far."""

    name: str
    display: Display
    by_role: dict[str, PlanLight | PlanShape]
    breadth_m: float | None
    length_m: float
    out: list[Finding] = field(default_factory=list)

    def add(self, check: str, ok: bool | None, item: Item, measured: str | None, limit: str,
            cite: str | None = None, keys: tuple[str, ...] = ()) -> None:
        """A finding on ``item``, citing the paragraph that sets its limit: ``cite`` if given; else, for a
        placement limit, the paragraph the rule data gives for the first of ``keys`` (Annex I 2(a)(i) for the
        forward masthead light's height, never Rule 21(a)); else the item's kind (colour, arc) or, for
        relations and spacings, the provision that shows the item."""
        entry = self.by_role.get(item.role)
        if check in ("height", "relation", "spacing", "position") and item.placement.assumed:
            ok, limit = None, f"{limit} — a placement navlights assumes, not the rule's: not checked"
        status = "not-checked" if ok is None else _status(ok)
        if cite is None and keys:
            rule = item.placement.cite_of(*keys)
            cite = f"{item.citation.edition} {rule}" if rule else None
        if cite is None:
            cite = item.cite if check in ("relation", "spacing", "height", "position") else str(item.kind_citation)
        self.out.append(Finding(self.name, check, status, item.role, entry.id if entry else None, cite,
                                measured, limit))


def _expected(d: Display, present: set[str]) -> tuple[list[Item], list[Item]]:
    """(items that must be there, items that may be): the required items of the best-met scheme, one option
    of each alternatives group (the option the plan has, else the first), and every optional item."""
    schemes: list[str | None] = [*sorted({i.scheme for i in d.items if i.scheme})] or [None]

    def pick(scheme: str | None) -> list[Item]:
        items = [i for i in d.items if i.scheme in (None, scheme) and i.status == "required"]
        chosen: list[Item] = []
        groups: dict[str, dict[str | None, list[Item]]] = {}
        for i in items:
            if i.group is None:
                chosen.append(i)
            else:
                groups.setdefault(i.group, {}).setdefault(i.option, []).append(i)
        for options in groups.values():
            best = next((o for o in options.values() if all(i.role in present for i in o)),
                        next(iter(options.values())))
            chosen += best
        return chosen

    candidates = [pick(s) for s in schemes]
    best = min(candidates, key=lambda c: sum(i.role not in present for i in c))
    optional = [i for i in d.items if i.status != "required" and i not in best and i.role in present]
    return best, optional


def _colour_ok(item: Item, entry: PlanLight | PlanShape) -> bool:
    return entry.colour in item.colour.split("-")


def _arc_ok(item: Item, entry: PlanLight) -> bool:
    want = item.arc_deg or (0.0, 360.0)
    have = entry.arc()
    if item.all_round or want == (0.0, 360.0):
        return have == (0.0, 360.0) or abs((have[1] - have[0]) % 360) < 1e-9
    return all(abs(((a - b) + 180) % 360 - 180) <= ARC_TOL_DEG for a, b in zip(have, want))


def _check_light(st: _State, item: Item, entry: PlanLight, intensity: Any) -> None:
    st.add("colour", _colour_ok(item, entry), item, entry.colour, f"{item.colour} ({item.term})")
    if item.arc_assumed:
        st.add("arc", None, item, f"{entry.arc()}", "the rule gives no arc (the one recorded is assumed)")
    else:
        st.add("arc", _arc_ok(item, entry), item, f"[{entry.arc()[0]:g}, {entry.arc()[1]:g}]",
               f"[{(item.arc_deg or (0, 360))[0]:g}, {(item.arc_deg or (0, 360))[1]:g}] ± {ARC_TOL_DEG:g}°"
               + (f" ({item.arc_as_written})" if item.arc_as_written else ""))
    _check_range(st, item, entry, intensity)


def _check_range(st: _State, item: Item, entry: PlanLight, intensity: Any) -> None:
    if item.range_nm is None:
        unknown = {item.provenance, item.kind_citation.provenance} & {"gap", "inferred"}
        st.add("range", None, item, None, f"its range was not found (the rule is recorded as {unknown.pop()})"
               if unknown else "the rule states no range here")
        return
    limit = f"visible at least {item.range_nm:g} nm ({item.range_as_written})"
    band = str(item.range_citation) if item.range_citation else None      # Rule 22(a) ..., not Rule 21
    if entry.range_nm is not None:
        st.add("range", entry.range_nm >= item.range_nm, item, f"{entry.range_nm:g} nm certified", limit, cite=band)
    elif entry.intensity_cd is not None and intensity is not None:
        need = intensity.candela_as_tabled(item.range_nm)
        st.add("range", entry.intensity_cd >= need - 1e-9, item, f"{entry.intensity_cd:g} cd",
               f"at least {need:g} cd for {item.range_nm:g} nm ({item.range_as_written})", cite=str(intensity.citation))
    elif entry.intensity_cd is not None:
        st.add("range", None, item, f"{entry.intensity_cd:g} cd",
               f"{limit}; this edition gives no law of intensity to convert candela to range", cite=band)
    else:
        st.add("range", None, item, None, f"{limit}; the plan gives neither intensity_cd nor range_nm", cite=band)


def _check_heights(st: _State, item: Item, z: float) -> None:
    p = item.placement
    need, why = p.height_above_hull_min_m, "height above the hull"
    key: tuple[str, ...] = ("height_above_hull_min",)
    if p.height_breadth_rule:
        if st.breadth_m is None:
            st.add("height", None, item, _m(z), "at least the breadth above the hull: the plan gives no breadth",
                   keys=("height_breadth_rule",))
        else:
            b = st.breadth_m if p.height_need_not_exceed_m is None else min(st.breadth_m, p.height_need_not_exceed_m)
            if need is None or b > need:
                need, why = b, "the breadth" + (", capped" if b != st.breadth_m else "")
                key = ("height_breadth_rule", "height_need_not_exceed")
    for lo, words, keys in ((need, why, key),
                            (p.above_gunwale_min_m, "above the gunwale (taken as the hull)", ("above_gunwale_min",)),
                            (p.height_min_m, "height above the hull", ("height_min",))):
        if lo is not None:
            st.add("height", z >= lo - 1e-9, item, _m(z), f"at least {_m(lo)} ({words})", keys=keys)
    if p.height_max_m is not None:
        st.add("height", z <= p.height_max_m + 1e-9, item, _m(z), f"at most {_m(p.height_max_m)} above the hull",
               keys=("height_max",))


def _check_relations(st: _State, item: Item, entry: PlanLight | PlanShape) -> None:
    p, here = item.placement, entry.position_m
    for key, ref in p.relations():
        other = st.by_role.get(ref)
        if other is None:
            st.add("relation", None, item, None, f"{key.replace('_', ' ')} '{ref}': the plan has no '{ref}'",
                   keys=_RELATION_KEYS.get(key, (key,)))
            continue
        _relation(st, item, p, key, ref, here, other.position_m)


#: For each relation, the placement keys whose paragraph sets its limit, first found first.
_RELATION_KEYS: dict[str, tuple[str, ...]] = {
    "higher_than": ("higher_by_min", "higher_than"), "below": ("below_by_min", "below"),
    "above": ("vertical_sep_min", "above"), "height_ratio_of": ("height_max_ratio", "height_ratio_of"),
    "apart_from": ("horizontal_sep_min", "horizontal_sep_max", "apart_from"), "not_forward_of": ("not_forward_of",),
    "abaft": ("abaft_min", "abaft"), "forward_of": ("forward_of",),
}


def _relation(st: _State, item: Item, p: PlacementSpec, key: str, ref: str, here: Any, there: Any) -> None:
    dz, dx = here.z - there.z, there.x - here.x          # dz: above the other; dx: abaft the other
    keys = _RELATION_KEYS.get(key, (key,))
    if key == "higher_than":
        need = p.higher_by_min_m or 0.0
        st.add("relation", dz >= need - 1e-9 and dz > 0, item, f"{_m(dz)} above '{ref}'",
               f"at least {_m(need)} higher than '{ref}'" if need else f"higher than '{ref}'", keys=keys)
        if p.horizontal_to_vertical_min:
            want = p.horizontal_to_vertical_min * max(dz, 0.0)
            st.add("relation", dx >= want - 1e-9, item, f"{_m(dx)} abaft '{ref}'",
                   f"at least {p.horizontal_to_vertical_min:g} times the height difference ({_m(want)}) abaft",
                   keys=("horizontal_to_vertical_min",))
        if p.abaft_min_length_ratio:
            share = p.abaft_min_length_ratio * st.length_m
            cap = p.abaft_need_not_exceed_m
            want = share if cap is None else min(share, cap)
            st.add("relation", dx >= want - 1e-9, item, f"{_m(dx)} abaft '{ref}'",
                   f"at least {p.abaft_min_length_ratio:g} of the length ({_m(want)}"
                   + (f", never more than {_m(cap)} needed" if cap is not None else "") + f") abaft '{ref}'",
                   keys=("abaft_min_length_ratio", "abaft_need_not_exceed"))
    elif key == "below":
        need = p.below_by_min_m or 0.0
        st.add("relation", -dz >= need - 1e-9 and dz < 0, item, f"{_m(-dz)} below '{ref}'",
               f"at least {_m(need)} below '{ref}'" if need else f"below '{ref}'", keys=keys)
    elif key == "above":
        need = p.vertical_sep_min_m or 0.0
        st.add("relation", dz >= need - 1e-9 and dz > 0, item, f"{_m(dz)} above '{ref}'",
               f"at least {_m(need)} above '{ref}'" if need else f"above '{ref}'", keys=keys)
    elif key == "height_ratio_of":
        ratio = p.height_max_ratio or 1.0
        top = ratio * there.z
        st.add("relation", here.z <= top + 1e-9, item, f"{_m(here.z)} above the hull",
               f"at most {ratio:g} of the height of '{ref}' ({_m(top)})", keys=keys)
    elif key == "apart_from":
        lo, hi = p.horizontal_sep_min_m or 0.0, p.horizontal_sep_max_m
        dist = ((here.x - there.x) ** 2 + (here.y - there.y) ** 2) ** 0.5
        st.add("relation", dist >= lo - 1e-9 and (hi is None or dist <= hi + 1e-9), item,
               f"{_m(dist)} from '{ref}' horizontally",
               f"{_m(lo)}" + (f" to {_m(hi)}" if hi is not None else " or more") + f" from '{ref}' horizontally",
               keys=keys)
    elif key == "not_forward_of":
        st.add("relation", dx >= -1e-9, item, f"{_m(dx)} abaft '{ref}'" if dx >= 0 else f"{_m(-dx)} forward of '{ref}'",
               f"not forward of '{ref}'", keys=keys)
    elif key == "abaft":
        need = p.abaft_min_m or 0.0
        st.add("relation", dx >= need - 1e-9 and dx > 0, item, f"{_m(dx)} abaft '{ref}'",
               f"at least {_m(need)} abaft '{ref}'" if need else f"abaft '{ref}'", keys=keys)
    else:   # forward_of
        st.add("relation", dx < 0, item, f"{_m(-dx)} forward of '{ref}'", f"forward of '{ref}'", keys=keys)


def _check_lines(st: _State, items: list[Item]) -> None:
    lines: dict[tuple[str, str], list[Item]] = {}
    for i in items:
        if i.placement.vertical_line and i.role in st.by_role:
            lines.setdefault((i.what, i.placement.vertical_line), []).append(i)
    for members in lines.values():
        members.sort(key=lambda i: st.by_role[i.role].position_m.z)
        # The spacing is the line's (Annex I 2(i) and the like: every light of the line), though the data states
        # it once, on the member whose condition carries it (the lowest light, by length): so the whole line's
        # limits apply to each adjacent pair, the upper pair of three included.
        lo = max([0.0, *(m.placement.vertical_sep_min_m for m in members if m.placement.vertical_sep_min_m)])
        hi = min((m.placement.vertical_sep_max_m for m in members if m.placement.vertical_sep_max_m is not None),
                 default=None)
        # the paragraph of the spacing: that of the member that states the greatest minimum (else the maximum)
        carrier = next((m for m in members if m.placement.vertical_sep_min_m and m.placement.vertical_sep_min_m == lo),
                       None) or next((m for m in members if m.placement.vertical_sep_max_m == hi and hi is not None),
                                     None)
        rule = carrier.placement.cite_of("vertical_sep_min", "vertical_sep_max") if carrier else None
        cite = f"{carrier.citation.edition} {rule}" if carrier and rule else None
        for lower, upper in zip(members, members[1:]):
            if lower.canonical == upper.canonical == "combined-lantern" and \
                    st.by_role[lower.role].position_m == st.by_role[upper.role].position_m:
                continue                    # the two sections of one combined lantern, given at one point
            gap = st.by_role[upper.role].position_m.z - st.by_role[lower.role].position_m.z
            limit = f"at least {_m(lo)} apart" + (f", at most {_m(hi)}" if hi is not None else "")
            st.add("spacing", gap >= lo - 1e-9 and (hi is None or gap <= hi + 1e-9) and gap > 0, upper,
                   f"{_m(gap)} above '{lower.role}'", f"{limit} in the vertical line '{upper.placement.vertical_line}'",
                   cite=cite)


def _check_from_stem(st: _State, item: Item, entry: PlanLight | PlanShape) -> None:
    ratio = item.placement.from_stem_max_length_ratio
    if ratio is None:
        return
    from_stem = st.length_m - entry.position_m.x
    st.add("position", from_stem <= ratio * st.length_m + 1e-9, item, f"{_m(from_stem)} from the stem",
           f"at most {ratio:g} of the length ({_m(ratio * st.length_m)}) from the stem",
           keys=("from_stem_max_length_ratio",))


def _check_side(st: _State, item: Item, entry: PlanLight | PlanShape) -> None:
    side = item.placement.side or {"green": Side.STARBOARD, "red": Side.PORT}.get(item.colour)
    if side is None or item.canonical not in ("sidelight", "portable-sidelight"):
        return
    y = entry.position_m.y
    ok = y > 0 if side is Side.STARBOARD else y < 0
    st.add("side", ok, item, f"y = {y:g} m", f"on the {side.value} side")    # the kind (Rule 21(b)) names the side


#: How far (m) from the centreline a plan's light may stand and still count as on it, or as in another light's
#: fore and aft line: navlights' tolerance for a drawing's figures, not a rule's.
CENTRELINE_TOL_M = 0.01
_LANTERN = ("combined-lantern",)


def _check_centreline(st: _State, item: Item, entry: PlanLight | PlanShape, items: list[Item]) -> None:
    """A light the rules put on the fore and aft centreline (``keel_line``), where the plan has it, and where it
    stands off it, whether the rule lets it (issue 25 item 11; COLREGs 23(d)(iii), Inland 21(a)/(b)):

    - ``combined-lantern-in-line`` (COLREGs 23(d)(iii)): on a vessel under the length, the masthead or all-round
      white light may stand off the centreline if her sidelights are one combined lantern, itself on the
      centreline or in the same fore and aft line as that light; a combined lantern off the centreline passes in
      the line of a light so displaced;
    - ``as-nearly-as-practicable`` (Inland 21(a), (b)): under the length, as nearly on the centreline as
      practicable: off it is reported not-checked (practicability is not in a plan);
    - otherwise (at or over the length, or no such permission) off the centreline fails, citing the light's
      definition (Rule 21(a) masthead light, 21(b) combined lantern)."""
    p = item.placement
    if not p.keel_line or item.what != "light":
        return
    y = entry.position_m.y
    measured = f"y = {y:g} m"
    if abs(y) <= CENTRELINE_TOL_M:
        st.add("centreline", True, item, measured, "on the fore and aft centreline", cite=str(item.kind_citation))
        return
    under = p.off_centreline_under_m
    permitted = under is not None and st.length_m < under
    rule = p.cite_of("off_centreline_under") if permitted else None
    cite = f"{item.citation.edition} {rule}" if rule else str(item.kind_citation)
    if permitted and p.off_centreline_if == "as-nearly-as-practicable":
        st.add("centreline", None, item, measured, f"under {under:g} m: as nearly on the centreline as "
               "practicable — practicability is not in the plan: not checked", cite=cite)
        return
    if permitted and p.off_centreline_if == "combined-lantern-in-line":
        assert under is not None
        _check_displaced_with_lantern(st, item, items, y, under, cite)
        return
    if item.canonical in _LANTERN and _lantern_in_displaced_line(st, item, items, y):
        return
    st.add("centreline", False, item, measured, "on the fore and aft centreline"
           + (f" (off it only under {under:g} m)" if under is not None else ""), cite=cite)


def _check_displaced_with_lantern(st: _State, item: Item, items: list[Item], y: float, under: float,
                                  cite: str) -> None:
    """COLREGs 23(d)(iii): a light off the centreline under ``under`` m passes only with the sidelights in one
    combined lantern, on the centreline or in this light's fore and aft line."""
    lantern = [st.by_role[i.role] for i in items if i.canonical in _LANTERN and i.role in st.by_role]
    separate = [i.role for i in items if i.canonical == "sidelight" and i.role in st.by_role]
    in_line = bool(lantern) and all(abs(e.position_m.y) <= CENTRELINE_TOL_M
                                    or abs(e.position_m.y - y) <= CENTRELINE_TOL_M for e in lantern)
    st.add("centreline", in_line and not separate, item, f"y = {y:g} m" + (
           f"; sidelights: {'combined lantern' if lantern else 'separate'}"
           + (f" at y = {lantern[0].position_m.y:g} m" if lantern else "")),
           f"under {under:g} m, off the centreline only where fitting on it is impracticable and the sidelights "
           "are one combined lantern on the centreline or in this light's fore and aft line", cite=cite)


def _lantern_in_displaced_line(st: _State, item: Item, items: list[Item], y: float) -> bool:
    """A combined lantern off the centreline in the fore and aft line of a light displaced under COLREGs
    23(d)(iii): recorded as passing (True), else nothing recorded (False)."""
    for other in items:
        q = other.placement
        e = st.by_role.get(other.role)
        if (e is not None and other is not item and q.off_centreline_if == "combined-lantern-in-line"
                and q.off_centreline_under_m is not None and st.length_m < q.off_centreline_under_m
                and abs(e.position_m.y) > CENTRELINE_TOL_M and abs(e.position_m.y - y) <= CENTRELINE_TOL_M):
            rule = q.cite_of("off_centreline_under")
            st.add("centreline", True, item, f"y = {y:g} m, in the fore and aft line of '{other.role}'",
                   f"on the centreline or in the fore and aft line of the displaced '{other.role}'",
                   cite=f"{other.citation.edition} {rule}" if rule else str(other.kind_citation))
            return True
    return False


def _by_role(entries: list[PlanLight | PlanShape], edition: Edition) -> tuple[dict[str, PlanLight | PlanShape],
                                                                              list[str]]:
    """Each role -> the plan's entry for it, and a note for each role the plan gives twice. Two lights both marked
    R, where the edition has a role 'R-aft' that no entry takes (two lights marked 'masthead'): the forward one
    by position is R and the after one is taken as 'R-aft', and the note says so; any other role given twice is
    checked on its first entry, and the note names the others."""
    given: dict[str, list[PlanLight | PlanShape]] = {}
    for e in entries:
        for r in (e.role, *e.also_roles):
            given.setdefault(r, []).append(e)
    out: dict[str, PlanLight | PlanShape] = {}
    notes: list[str] = []
    for role, es in given.items():
        out.setdefault(role, es[0])
        if len(es) == 1:
            continue
        aft = f"{role}-aft"
        if (len(es) == 2 and aft in edition.role_terms and aft not in given
                and all(isinstance(e, PlanLight) for e in es) and es[0].position_m.x != es[1].position_m.x):
            fwd_e, aft_e = sorted(es, key=lambda e: -e.position_m.x)
            out[role], out[aft] = fwd_e, aft_e
            notes.append(f"Roles: '{fwd_e.id}' and '{aft_e.id}' are both marked '{role}'; '{aft_e.id}', the after "
                         f"one ({aft_e.position_m.x:g} m from the aft end, against {fwd_e.position_m.x:g} m), is "
                         f"checked as '{aft}': mark it role = \"{aft}\" in the plan.")
        else:
            ids = ", ".join(f"'{e.id}'" for e in es)
            hint = (f"; if one of them is the after light, mark it '{aft}'" if aft in edition.role_terms
                    and aft not in given else "")
            notes.append(f"Roles: '{role}' is given to {len(es)} entries ({ids}); each role names one light or "
                         f"shape, so only '{es[0].id}', the first, is checked as '{role}'{hint}.")
    return out, notes


def check(plan: LightingPlan, edition: Edition) -> PlanReport:
    """Every finding for every state of the plan's vessel under ``edition``."""
    from ..engines.display import display
    by_role, role_notes = _by_role([*plan.lights, *plan.shapes], edition)
    findings: list[Finding] = []
    notes: list[str] = role_notes + [f"About this plan: {n}" for n in plan.notes]
    limits = edition.annex_checks
    annex = Annex(edition, limits, plan.hull, plan.length_m, set()) if limits else None
    for name, vessel in plan.states:
        d = display(vessel, edition)
        st = _State(name, d, by_role, plan.vessel.breadth_m, plan.length_m)
        must, may = _expected(d, set(by_role))
        for item in must:
            entry = by_role.get(item.role)
            st.add("presence", entry is not None, item, entry.id if entry else "missing",
                   f"{item.status} {item.what}: {item.term}", cite=item.cite)
        for item in must + may:
            entry = by_role.get(item.role)
            if entry is None:
                continue
            if isinstance(entry, PlanLight) and item.what == "light":
                _check_light(st, item, entry, edition.intensity)
            elif isinstance(entry, PlanShape) and item.what == "shape":
                st.add("shape", entry.shape == item.canonical, item, entry.shape, f"{item.canonical} ({item.term})")
            _check_heights(st, item, entry.position_m.z)
            _check_relations(st, item, entry)
            _check_side(st, item, entry)
            _check_centreline(st, item, entry, must + may)
            _check_from_stem(st, item, entry)
        _check_lines(st, must + may)
        if annex is not None:
            _check_fitted(st, annex, must + may, vessel)
        for n in d.notes:
            if n.kind == "prohibited":
                fitted = [r for r in by_role if f"{r}" in n.text]
                notes += [f"{name}: '{r}' is fitted; it must not be shown in this state ({n.citation}: {n.text})"
                          for r in fitted]
            elif n.kind == "gap":
                st.out.append(Finding(name, "rule", "not-checked", "-", None, str(n.citation), None,
                                      f"a rule navlights lacks bears on this state: {n.text}"))
        findings += st.out
    notes.append("Checked: what the rule data records as typed values (presence, colour, arc, range or intensity, "
                 "heights, relations, spacings, sides)"
                 + ("; and, from the facts the plan gives, chromaticity, sidelight screens, horizontal and vertical "
                    "sectors and the 1,000 m condition on masthead lights (each fitted light once, in the first "
                    "state that shows it)" if annex else "")
                 + ". Not checked: limits written only in a rule's words (each light's note in 'navlights rules')"
                 + ("; all-round lights obscured by structures (Annex I 9(b): the plan has no structures)"
                    if annex else "")
                 + ("" if annex else "; chromaticity, screens and sectors (this edition has no Annex I of "
                    "technical details navlights holds)") + ".")
    return PlanReport(plan.edition, plan.vessel, tuple(n for n, _ in plan.states), tuple(findings), tuple(notes),
                      plan.lights, plan.shapes, plan.notes,
                      plan.hull.model_dump(mode="json") if plan.hull else None, edition.length_system)


def _check_fitted(st: _State, annex: Annex, items: list[Item], vessel: Any) -> None:
    """Annex I's technical checks of each fitted light, and the 1,000 m condition on a power-driven vessel's
    two masthead lights (annex.py)."""
    sailing_underway = vessel.propulsion == "sail" and vessel.status == "underway"
    shown: dict[str, tuple[Item, PlanLight]] = {}
    for item in items:
        entry = st.by_role.get(item.role)
        if isinstance(entry, PlanLight) and item.what == "light":
            annex.light(st, item, entry, sailing_underway)
            shown[item.role] = (item, entry)
    if vessel.propulsion == "power" and "masthead" in shown and "masthead-aft" in shown:
        (fi, fe), (ai, ae) = shown["masthead"], shown["masthead-aft"]
        annex.masthead_1000m(st, fi, ai, fe, ae)
