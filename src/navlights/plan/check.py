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
    check: str                 # presence | colour | arc | range | height | relation | spacing | side | shape | rule
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
            cite: str | None = None) -> None:
        """A finding on ``item``; cited to its kind (colour, arc, range, height) unless another cite is given;
        relations and spacings come from the provision that shows the item, so they cite it."""
        entry = self.by_role.get(item.role)
        if check in ("height", "relation", "spacing", "position") and item.placement.assumed:
            ok, limit = None, f"{limit} — a placement navlights assumes, not the rule's: not checked"
        status = "not-checked" if ok is None else _status(ok)
        if cite is None:
            cite = item.cite if check in ("relation", "spacing") else str(item.kind_citation)
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
    if entry.range_nm is not None:
        st.add("range", entry.range_nm >= item.range_nm, item, f"{entry.range_nm:g} nm certified", limit)
    elif entry.intensity_cd is not None and intensity is not None:
        need = intensity.candela_as_tabled(item.range_nm)
        st.add("range", entry.intensity_cd >= need - 1e-9, item, f"{entry.intensity_cd:g} cd",
               f"at least {need:g} cd for {item.range_nm:g} nm ({item.range_as_written})", cite=str(intensity.citation))
    elif entry.intensity_cd is not None:
        st.add("range", None, item, f"{entry.intensity_cd:g} cd",
               f"{limit}; this edition gives no law of intensity to convert candela to range")
    else:
        st.add("range", None, item, None, f"{limit}; the plan gives neither intensity_cd nor range_nm")


def _check_heights(st: _State, item: Item, z: float) -> None:
    p = item.placement
    need, why = p.height_above_hull_min_m, "height above the hull"
    if p.height_breadth_rule:
        if st.breadth_m is None:
            st.add("height", None, item, _m(z), "at least the breadth above the hull: the plan gives no breadth")
        else:
            b = st.breadth_m if p.height_need_not_exceed_m is None else min(st.breadth_m, p.height_need_not_exceed_m)
            if need is None or b > need:
                need, why = b, "the breadth" + (", capped" if b != st.breadth_m else "")
    for lo, words in ((need, why), (p.above_gunwale_min_m, "above the gunwale (taken as the hull)"),
                      (p.height_min_m, "height above the hull")):
        if lo is not None:
            st.add("height", z >= lo - 1e-9, item, _m(z), f"at least {_m(lo)} ({words})")
    if p.height_max_m is not None:
        st.add("height", z <= p.height_max_m + 1e-9, item, _m(z), f"at most {_m(p.height_max_m)} above the hull")


def _check_relations(st: _State, item: Item, entry: PlanLight | PlanShape) -> None:
    p, here = item.placement, entry.position_m
    for key, ref in p.relations():
        other = st.by_role.get(ref)
        if other is None:
            st.add("relation", None, item, None, f"{key.replace('_', ' ')} '{ref}': the plan has no '{ref}'",
                   cite=item.cite)
            continue
        _relation(st, item, p, key, ref, here, other.position_m)


def _relation(st: _State, item: Item, p: PlacementSpec, key: str, ref: str, here: Any, there: Any) -> None:
    dz, dx = here.z - there.z, there.x - here.x          # dz: above the other; dx: abaft the other
    if key == "higher_than":
        need = p.higher_by_min_m or 0.0
        st.add("relation", dz >= need - 1e-9 and dz > 0, item, f"{_m(dz)} above '{ref}'",
               f"at least {_m(need)} higher than '{ref}'" if need else f"higher than '{ref}'")
        if p.horizontal_to_vertical_min:
            want = p.horizontal_to_vertical_min * max(dz, 0.0)
            st.add("relation", dx >= want - 1e-9, item, f"{_m(dx)} abaft '{ref}'",
                   f"at least {p.horizontal_to_vertical_min:g} times the height difference ({_m(want)}) abaft")
        if p.abaft_min_length_ratio:
            share = p.abaft_min_length_ratio * st.length_m
            cap = p.abaft_need_not_exceed_m
            want = share if cap is None else min(share, cap)
            st.add("relation", dx >= want - 1e-9, item, f"{_m(dx)} abaft '{ref}'",
                   f"at least {p.abaft_min_length_ratio:g} of the length ({_m(want)}"
                   + (f", never more than {_m(cap)} needed" if cap is not None else "") + f") abaft '{ref}'")
    elif key == "below":
        need = p.below_by_min_m or 0.0
        st.add("relation", -dz >= need - 1e-9 and dz < 0, item, f"{_m(-dz)} below '{ref}'",
               f"at least {_m(need)} below '{ref}'" if need else f"below '{ref}'")
    elif key == "above":
        need = p.vertical_sep_min_m or 0.0
        st.add("relation", dz >= need - 1e-9 and dz > 0, item, f"{_m(dz)} above '{ref}'",
               f"at least {_m(need)} above '{ref}'" if need else f"above '{ref}'")
    elif key == "height_ratio_of":
        ratio = p.height_max_ratio or 1.0
        top = ratio * there.z
        st.add("relation", here.z <= top + 1e-9, item, f"{_m(here.z)} above the hull",
               f"at most {ratio:g} of the height of '{ref}' ({_m(top)})")
    elif key == "apart_from":
        lo, hi = p.horizontal_sep_min_m or 0.0, p.horizontal_sep_max_m
        dist = ((here.x - there.x) ** 2 + (here.y - there.y) ** 2) ** 0.5
        st.add("relation", dist >= lo - 1e-9 and (hi is None or dist <= hi + 1e-9), item,
               f"{_m(dist)} from '{ref}' horizontally",
               f"{_m(lo)}" + (f" to {_m(hi)}" if hi is not None else " or more") + f" from '{ref}' horizontally")
    elif key == "not_forward_of":
        st.add("relation", dx >= -1e-9, item, f"{_m(dx)} abaft '{ref}'" if dx >= 0 else f"{_m(-dx)} forward of '{ref}'",
               f"not forward of '{ref}'")
    elif key == "abaft":
        need = p.abaft_min_m or 0.0
        st.add("relation", dx >= need - 1e-9 and dx > 0, item, f"{_m(dx)} abaft '{ref}'",
               f"at least {_m(need)} abaft '{ref}'" if need else f"abaft '{ref}'")
    else:   # forward_of
        st.add("relation", dx < 0, item, f"{_m(-dx)} forward of '{ref}'", f"forward of '{ref}'")


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
        for lower, upper in zip(members, members[1:]):
            gap = st.by_role[upper.role].position_m.z - st.by_role[lower.role].position_m.z
            limit = f"at least {_m(lo)} apart" + (f", at most {_m(hi)}" if hi is not None else "")
            st.add("spacing", gap >= lo - 1e-9 and (hi is None or gap <= hi + 1e-9) and gap > 0, upper,
                   f"{_m(gap)} above '{lower.role}'", f"{limit} in the vertical line '{upper.placement.vertical_line}'")


def _check_from_stem(st: _State, item: Item, entry: PlanLight | PlanShape) -> None:
    ratio = item.placement.from_stem_max_length_ratio
    if ratio is None:
        return
    from_stem = st.length_m - entry.position_m.x
    st.add("position", from_stem <= ratio * st.length_m + 1e-9, item, f"{_m(from_stem)} from the stem",
           f"at most {ratio:g} of the length ({_m(ratio * st.length_m)}) from the stem")


def _check_side(st: _State, item: Item, entry: PlanLight | PlanShape) -> None:
    side = item.placement.side or {"green": Side.STARBOARD, "red": Side.PORT}.get(item.colour)
    if side is None or item.canonical not in ("sidelight", "portable-sidelight"):
        return
    y = entry.position_m.y
    ok = y > 0 if side is Side.STARBOARD else y < 0
    st.add("side", ok, item, f"y = {y:g} m", f"on the {side.value} side")


def check(plan: LightingPlan, edition: Edition) -> PlanReport:
    """Every finding for every state of the plan's vessel under ``edition``."""
    from ..engines.display import display
    entries: list[PlanLight | PlanShape] = [*plan.lights, *plan.shapes]
    by_role = {r: e for e in entries for r in (e.role, *e.also_roles)}
    findings: list[Finding] = []
    notes: list[str] = [f"About this plan: {n}" for n in plan.notes]
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
