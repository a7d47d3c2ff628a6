"""Representative vessels of an edition: one per situation and threshold interval.

Built from the edition's own conditions (never a hand-written list of answers):
the numeric thresholds its rules test (length, tonnage, tow length) cut each fact
into intervals, and one value is taken inside each interval and at each threshold.
Used by the rule-base lint, the golden tables and identification.
"""

from __future__ import annotations

import itertools
from typing import Any, Iterator

from .model import Condition, Edition
from .units import FOOT_M

#: Situations (edition-neutral), each a partial vessel; numbers are filled in per edition.
SITUATIONS: list[tuple[str, dict[str, Any]]] = [
    ("power-driven vessel under way", {"propulsion": "power"}),
    ("power-driven vessel under way, not making way", {"propulsion": "power", "making_way": False}),
    ("power-driven vessel also under sail", {"propulsion": "power", "sails_set": True}),
    ("power-driven vessel towing", {"propulsion": "power", "towing": {"vessels": 1}}),
    ("power-driven vessel towing two vessels", {"propulsion": "power", "towing": {"vessels": 2}}),
    ("power-driven vessel towing a raft", {"propulsion": "power", "towing": {"vessels": 1, "raft": True}}),
    ("power-driven vessel pushing", {"propulsion": "power", "pushing": True}),
    ("vessel not under command, making way", {"propulsion": "power", "not_under_command": True}),
    ("vessel not under command, not making way",
     {"propulsion": "power", "not_under_command": True, "making_way": False}),
    ("sailing vessel under way", {"propulsion": "sail"}),
    ("steam vessel under sail only", {"propulsion": "sail", "machinery": True}),
    ("sailing vessel not under command", {"propulsion": "sail", "not_under_command": True}),
    ("vessel under oars", {"propulsion": "oars"}),
    ("vessel being towed, last of the tow", {"propulsion": "none", "being_towed": {"last_of_tow": True}}),
    ("vessel being towed, not the last", {"propulsion": "none", "being_towed": {"last_of_tow": False}}),
    ("vessel being pushed ahead", {"propulsion": "none", "being_pushed": True}),
    ("motor vessel being towed", {"propulsion": "none", "machinery": True, "being_towed": {}}),
    ("power-driven vessel in restricted visibility", {"propulsion": "power", "time": "restricted-visibility"}),
    ("pilot vessel on duty", {"propulsion": "power", "pilot_on_duty": True, "service": "pilot-vessel"}),
    ("sailing pilot vessel on duty", {"propulsion": "sail", "pilot_on_duty": True, "service": "pilot-vessel"}),
    ("pilot vessel off station", {"propulsion": "power", "service": "pilot-vessel"}),
    ("fishing vessel, gear not in the water", {"propulsion": "power", "fishing": {"gear_out": False}}),
    ("warship", {"propulsion": "power", "service": "warship"}),
    ("seaplane under way", {"propulsion": "power", "seaplane": True}),
    ("seaplane towing", {"propulsion": "power", "seaplane": True, "towing": {"vessels": 1}}),
    ("seaplane not under command", {"propulsion": "power", "seaplane": True, "not_under_command": True}),
    ("seaplane being towed", {"propulsion": "none", "seaplane": True, "being_towed": {}}),
    ("seaplane at anchor", {"propulsion": "none", "seaplane": True, "status": "anchored"}),
    ("seaplane aground", {"propulsion": "none", "seaplane": True, "status": "aground"}),
    ("vessel at anchor", {"propulsion": "power", "status": "anchored"}),
    ("sailing vessel at anchor", {"propulsion": "sail", "status": "anchored"}),
    ("vessel aground", {"propulsion": "power", "status": "aground"}),
    ("vessel made fast", {"propulsion": "power", "status": "moored"}),
]
for _work in ("cable", "navigation-mark", "survey", "underwater", "minesweeping", "dredging", "replenishment",
              "aircraft"):
    SITUATIONS.append((f"vessel engaged in {_work} work", {"propulsion": "power", "restricted": _work}))
    SITUATIONS.append((f"vessel engaged in {_work} work, not making way",
                       {"propulsion": "power", "restricted": _work, "making_way": False}))
SITUATIONS.append(("vessel engaged in cable work at anchor",
                   {"propulsion": "power", "restricted": "cable", "status": "anchored"}))
for _method in ("trawl", "drift-net", "line", "other"):
    SITUATIONS.append((f"vessel fishing ({_method})", {"propulsion": "power", "fishing": {"method": _method}}))
    SITUATIONS.append((f"sailing vessel fishing ({_method})", {"propulsion": "sail", "fishing": {"method": _method}}))
    SITUATIONS.append((f"vessel fishing ({_method}) at anchor",
                       {"propulsion": "power", "fishing": {"method": _method}, "status": "anchored"}))
for _svc in ("harbour-tug", "ferry", "canal-boat", "st-lawrence-boat"):
    SITUATIONS.append((f"{_svc}", {"propulsion": "power", "service": _svc}))
SITUATIONS.append(("harbour-tug towing", {"propulsion": "power", "service": "harbour-tug", "towing": {"vessels": 1}}))
SITUATIONS.append(("raft in tow", {"propulsion": "none", "service": "raft", "being_towed": {}}))

#: Situations about a fact (or a fact's value) that only some editions test: (label, mapping, needed).
#: Each is used only for an edition whose conditions test the needed fact, so an edition that ignores the
#: fact is not given copies of its other situations. A mapping's "breadth": None asks for one vessel per
#: breadth interval of the edition.
_NEEDING: list[tuple[str, dict[str, Any], tuple[str, Any]]] = [
    ("air-cushion vessel, non-displacement mode",
     {"propulsion": "power", "air_cushion": True, "non_displacement": True}, ("non_displacement", None)),
    ("WIG craft taking off, landing or in flight near the surface",
     {"propulsion": "power", "wig": True, "wig_near_surface": True}, ("wig_near_surface", None)),
    ("power-driven vessel of 7 knots or less", {"propulsion": "power", "max_speed_kn": 6}, ("max_speed_kn", None)),
    ("vessel constrained by her draught", {"propulsion": "power", "constrained_by_draught": True},
     ("constrained_by_draught", None)),
    ("vessel engaged in mine clearance", {"propulsion": "power", "mine_clearance": True}, ("mine_clearance", None)),
    ("vessel engaged in mine clearance at anchor",
     {"propulsion": "power", "mine_clearance": True, "status": "anchored"}, ("mine_clearance", None)),
    ("power-driven vessel towing alongside", {"propulsion": "power", "towing": {"alongside": True}},
     ("towing_alongside", None)),
    ("pushing vessel of a composite unit", {"propulsion": "power", "pushing": True, "composite_unit": True},
     ("composite_unit", None)),
    ("vessel pushed ahead in a composite unit", {"propulsion": "none", "being_pushed": True, "composite_unit": True},
     ("composite_unit", None)),
    ("vessel towed alongside", {"propulsion": "none", "being_towed": {"alongside": True}}, ("towed_alongside", None)),
    ("partly submerged object in tow",
     {"propulsion": "none", "being_towed": {"partly_submerged": True}, "breadth": None}, ("partly_submerged", None)),
    ("power-driven vessel in a towing operation restricting her",
     {"propulsion": "power", "towing": {}, "restricted": "towing"}, ("restricted", "towing")),
    ("vessel engaged in diving work", {"propulsion": "power", "restricted": "diving"}, ("restricted", "diving")),
    ("vessel engaged in diving work, not making way",
     {"propulsion": "power", "restricted": "diving", "making_way": False}, ("restricted", "diving")),
    ("vessel engaged in diving work at anchor",
     {"propulsion": "power", "restricted": "diving", "status": "anchored"}, ("restricted", "diving")),
    ("small vessel at anchor away from channels and anchorages",
     {"propulsion": "power", "status": "anchored", "near_channel": False}, ("near_channel", None)),
]
# situations of the US Inland Rules: waters they name apart, special anchorage areas, moored barges, Part 88 lights
_NEEDING += [
    ("power-driven vessel on the Great Lakes", {"propulsion": "power", "waters": "great-lakes"},
     ("waters", "great-lakes")),
    ("power-driven vessel towing on the Great Lakes", {"propulsion": "power", "towing": {}, "waters": "great-lakes"},
     ("waters", "great-lakes")),
    ("power-driven vessel pushing on the Western Rivers",
     {"propulsion": "power", "pushing": True, "waters": "western-rivers"}, ("waters", "western-rivers")),
    ("power-driven vessel towing alongside on the Western Rivers",
     {"propulsion": "power", "towing": {"alongside": True}, "waters": "western-rivers"}, ("waters", "western-rivers")),
    ("vessel at anchor in a special anchorage area",
     {"propulsion": "power", "status": "anchored", "special_anchorage": True}, ("special_anchorage", None)),
    ("barge moored in or near a channel",
     {"propulsion": "none", "service": "barge", "status": "moored", "near_channel": True}, ("service", "barge")),
    ("barge moored clear of channels",
     {"propulsion": "none", "service": "barge", "status": "moored", "near_channel": False}, ("service", "barge")),
    ("barge moored in a special anchorage area",
     {"propulsion": "none", "service": "barge", "status": "moored", "near_channel": True, "special_anchorage": True},
     ("service", "barge")),
    ("barge at anchor", {"propulsion": "none", "service": "barge", "status": "anchored"}, ("service", "barge")),
    # Inland Rule 30(h)-(l): the cases, the exemptions and the corner lights (issue 25, item 10)
    ("barge moored projecting into a channel", {"propulsion": "none", "service": "barge", "status": "moored",
                                                "barge_mooring": "projects-into-channel"}, ("barge_mooring", None)),
    ("barge moored in a slip or slough", {"propulsion": "none", "service": "barge", "status": "moored",
                                          "barge_mooring": "wide-group", "barge_exempt": "slip-or-slough"},
     ("barge_exempt", None)),
    ("barge moored behind a pierhead", {"propulsion": "none", "service": "barge", "status": "moored",
                                        "barge_mooring": "not-parallel", "barge_exempt": "behind-pierhead"},
     ("barge_exempt", None)),
    ("barge moored in a well-lit area", {"propulsion": "none", "service": "barge", "status": "moored",
                                         "barge_mooring": "wide-group", "barge_exempt": "well-lit-area"},
     ("barge_exempt", None)),
    ("barge at anchor lit at her corners", {"propulsion": "none", "service": "barge", "status": "anchored",
                                            "barge_corners": "single-both-sides"}, ("barge_corners", None)),
    ("barge projecting from a group at anchor", {"propulsion": "none", "service": "barge", "status": "anchored",
                                                 "barge_corners": "projects-from-group"}, ("barge_corners", None)),
    ("barges on mooring buoys in a channel, lit at the corners",
     {"propulsion": "none", "service": "barge", "status": "moored", "mooring_buoys": True,
      "barge_mooring": "narrows-channel", "barge_corners": "group-both-sides"}, ("barge_corners", None)),
    ("barge on mooring buoys clear of channels, lit at her corners",
     {"propulsion": "none", "service": "barge", "status": "moored", "mooring_buoys": True, "barge_mooring": "none",
      "barge_corners": "single-both-sides"}, ("barge_corners", None)),
    # Inland Rule 24(f)(iii), (g)(v), (j); Rule 24(h), (i) (issue 25, items 7 and 8)
    ("vessel towed alongside, vessels alongside on both sides",
     {"propulsion": "none", "being_towed": {"alongside": True, "both_sides": True}}, ("towed_both_sides", None)),
    ("power-driven vessel towing a partly submerged object",
     {"propulsion": "power", "towing": {"partly_submerged": True}}, ("towing_partly_submerged", None)),
    ("power-driven vessel pushing below the Huey P. Long Bridge",
     {"propulsion": "power", "pushing": True, "waters": "lower-mississippi"}, ("waters", "lower-mississippi")),
    ("power-driven vessel pushing on waters the Secretary specified",
     {"propulsion": "power", "pushing": True, "waters": "specified-waters"}, ("waters", "specified-waters")),
    ("vessel in tow unable to show her lights",
     {"propulsion": "none", "being_towed": {}, "tow_lights_impracticable": True}, ("tow_lights_impracticable", None)),
    ("vessel towed alongside unable to show her lights",
     {"propulsion": "none", "being_towed": {"alongside": True}, "tow_lights_impracticable": True},
     ("tow_lights_impracticable", None)),
    ("vessel not normally towing, towing one in distress, without towing lights",
     {"propulsion": "power", "towing": {}, "assisting_distress": True, "tow_lights_impracticable": True},
     ("assisting_distress", None)),
    ("dredge pipeline", {"propulsion": "none", "status": "moored", "dredge_pipeline": True}, ("dredge_pipeline", None)),
    ("power-driven vessel towing, her towing lights impracticable",
     {"propulsion": "power", "towing": {}, "tow_lights_impracticable": True}, ("tow_lights_impracticable", None)),
    ("vessel fishing (other), extent of gear not given",
     {"propulsion": "power", "fishing": {"method": "other", "gear_extent": None}}, ("gear_extent", None)),
    ("law-enforcement vessel", {"propulsion": "power", "service": "law-enforcement"},
     ("service", "law-enforcement")),
    # where small craft are told by tonnage (1897 Art. 7, 1948 Rule 7): a small sailing vessel not under command and
    # stopped (1897 Art. 4(c) with Art. 7 leaves her no light of her own, issue 34)
    ("sailing vessel not under command, not making way",
     {"propulsion": "sail", "not_under_command": True, "making_way": False}, ("tonnage", 20.0)),
    ("vessel on public-safety activities", {"propulsion": "power", "service": "public-safety"},
     ("service", "public-safety")),
]
# situations of the signals for fishing in close proximity (intl-1972 Rule 26(d) and Annex II; Inland Rule 26(f))
_TRAWL_NEAR = {"method": "trawl", "close_proximity": True}
_NEEDING += [
    ("trawler shooting her nets near other fishing vessels",
     {"propulsion": "power", "fishing": {**_TRAWL_NEAR, "trawl_activity": "shooting"}}, ("trawl_activity", "shooting")),
    ("trawler hauling her nets near other fishing vessels",
     {"propulsion": "power", "fishing": {**_TRAWL_NEAR, "trawl_activity": "hauling"}}, ("trawl_activity", "hauling")),
    ("trawler with her net fast near other fishing vessels",
     {"propulsion": "power", "fishing": {**_TRAWL_NEAR, "trawl_activity": "net-fast"}}, ("trawl_activity", "net-fast")),
    ("pair trawler hauling her nets near other fishing vessels",
     {"propulsion": "power", "fishing": {**_TRAWL_NEAR, "pair_trawling": True, "trawl_activity": "hauling"}},
     ("pair_trawling", None)),
    ("trawler near other fishing vessels, neither shooting nor hauling",
     {"propulsion": "power", "fishing": dict(_TRAWL_NEAR)}, ("close_proximity", None)),
    ("trawler hauling her nets, not near other fishing vessels",
     {"propulsion": "power", "fishing": {"method": "trawl", "trawl_activity": "hauling"}}, ("trawl_activity", "hauling")),
    ("purse seiner hampered by her gear near other fishing vessels",
     {"propulsion": "power", "making_way": False,
      "fishing": {"method": "purse-seine", "close_proximity": True, "hampered_by_gear": True}},
     ("hampered_by_gear", None)),
    ("purse seiner near other fishing vessels, not hampered",
     {"propulsion": "power", "making_way": False, "fishing": {"method": "purse-seine", "close_proximity": True}},
     ("fishing_method", "purse-seine")),
]
for _side in ("port", "starboard"):
    _NEEDING.append((f"dredger with an obstruction to {_side}",
                     {"propulsion": "power", "restricted": "dredging", "obstruction_side": _side},
                     ("obstruction_side", _side)))
    _NEEDING.append((f"dredger with an obstruction to {_side}, not making way",
                     {"propulsion": "power", "restricted": "dredging", "obstruction_side": _side, "making_way": False},
                     ("obstruction_side", _side)))
    _NEEDING.append((f"dredger at anchor with an obstruction to {_side}",
                     {"propulsion": "power", "restricted": "dredging", "obstruction_side": _side,
                      "status": "anchored"}, ("obstruction_side", _side)))
SITUATIONS += [(label, base) for label, base, _ in _NEEDING]
NEEDS: dict[str, tuple[str, Any]] = {label: needed for label, _, needed in _NEEDING}

#: How often a look-out meets each situation, what an examiner calls it, and which ones one signal does not tell
#: apart: rulebase/situations.toml (one entry per situation above, shared by every edition; docs/identify.md).


def _thresholds(cond: Condition, fact: str, out: set[float]) -> None:
    for f, op, v in cond.tests:
        if f == fact and op in ("lt", "le", "gt", "ge"):
            out.add(float(v))
    for c in cond.any_of:
        _thresholds(c, fact, out)


def _tested(cond: Condition, out: set[tuple[str, Any]]) -> None:
    for f, op, v in cond.tests:
        out.add((f, None))
        for value in (v if op in ("in", "nin") else (v,)):
            out.add((f, value))
    for c in cond.any_of:
        _tested(c, out)


def tested(edition: Edition) -> set[tuple[str, Any]]:
    """(fact, None) for every fact the edition's conditions test, and (fact, value) for each value compared."""
    memo = edition.memo.get("classes.tested")
    if memo is None:
        memo = set()
        for p in edition.provisions:
            _tested(p.when, memo)
            for s in p.shows:
                _tested(s.when, memo)
        for k in edition.lights.values():
            for b in k.range_bands:
                _tested(b.when, memo)
        # the placement keys of COLREGs 23(d)(iii), Inland 21(a), (b) test where her masthead light stands
        if any(k.placement.off_centreline_under_m is not None for k in edition.lights.values()) or any(
                s.item.placement.off_centreline_under_m is not None for p in edition.provisions for s in p.shows):
            memo.add(("masthead_off_centreline", None))
        edition.memo["classes.tested"] = memo
    return memo


def thresholds(edition: Edition, fact: str) -> list[float]:
    """Every value the edition's conditions compare ``fact`` against, sorted (metres for lengths)."""
    out: set[float] = set()
    for p in edition.provisions:
        _thresholds(p.when, fact, out)
        for s in p.shows:
            _thresholds(s.when, fact, out)
    for k in edition.lights.values():
        for b in k.range_bands:
            _thresholds(b.when, fact, out)
    return sorted(out)


def representatives(cuts: list[float], default: float, *, integer: bool = False) -> list[float]:
    """One value inside each interval the cuts make, and each cut itself."""
    if not cuts:
        return [default]
    vals = [cuts[0] / 2] + [c for c in cuts] + [(a + b) / 2 for a, b in zip(cuts, cuts[1:])] + [cuts[-1] * 1.5]
    if integer:
        vals = [float(round(v)) for v in vals]
    return sorted(set(round(v, 4) for v in vals if v > 0))


def vessels(*editions: Edition) -> Iterator[tuple[str, dict[str, Any]]]:
    """(situation label, vessel mapping) for every situation and threshold interval of the edition(s).

    Given several editions, the thresholds of all of them cut the intervals (used to compare editions).
    """
    def cuts(fact: str) -> list[float]:
        return sorted({t for e in editions for t in thresholds(e, fact)})

    lengths = representatives(cuts("length"), 100 * FOOT_M)
    tons = cuts("tonnage")
    tonnages: list[float | None] = list(representatives(tons, 100, integer=True)) if tons else [None]
    tows: list[float | None] = list(representatives(cuts("tow_length"), 300 * FOOT_M))
    gear = cuts("gear_extent")
    gears: list[float | None] = list(representatives(gear, 0.0)) if gear else [None]
    breadths: list[float | None] = list(representatives(cuts("breadth"), 0.0)) or [None]
    known = set().union(*(tested(e) for e in editions))
    for label, base in SITUATIONS:
        if label in NEEDS and NEEDS[label] not in known:
            continue
        towish = "towing" in base or "being_towed" in base
        fishing = ("fishing" in base and bool(base["fishing"].get("gear_out", True))
                   and "gear_extent" not in base["fishing"])          # an explicit None: extent not given
        for length, tonnage, tow, extent, breadth in itertools.product(
                lengths, tonnages, tows if towish else [None], gears if fishing else [None],
                breadths if "breadth" in base else [None]):
            if breadth is not None and breadth > length:
                continue                      # no vessel or towed object is broader than she is long
            v: dict[str, Any] = {k: (dict(x) if isinstance(x, dict) else x) for k, x in base.items()}
            v["length"] = f"{length} m"
            if tonnage is not None:
                v["tonnage"] = tonnage
            if tow is not None:
                key = "towing" if "towing" in v else "being_towed"
                v[key] = {**v[key], "tow_length": f"{tow} m"}
            if extent is not None:
                v["fishing"] = {**v["fishing"], "gear_extent": f"{extent} m"}
            if "breadth" in v:
                if breadth is None:
                    del v["breadth"]
                else:
                    v["breadth"] = f"{breadth} m"
            yield label, v
