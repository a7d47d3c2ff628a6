"""A vessel in a mariner's words (``Vessel.describe``): what she is, her lengths in the edition's units first, and
what she is doing, in the order a watchkeeper would say it."""

from typing import TYPE_CHECKING

from .units import fmt_length

if TYPE_CHECKING:
    from .vessel import Vessel

_WATERS_WORDS = {"great-lakes": "on the Great Lakes", "western-rivers": "on the Western Rivers",
                 "lower-mississippi": "on the Mississippi below the Huey P. Long Bridge",
                 "specified-waters": "on waters the Secretary specified (Inland Rule 24(j))"}

_BARGE_WORDS = {"projects-into-channel": "projecting into a buoyed or restricted channel",
                "narrows-channel": "leaving a channel under 80 m wide", "wide-group": "in a group over two barges "
                "or 25 m wide", "not-parallel": "not moored parallel to the bank or dock",
                "none": "in none of the cases of Inland Rule 30(h)",
                "slip-or-slough": "in a slip or slough used mainly for mooring", "behind-pierhead": "behind a pierhead",
                "well-lit-area": "in a well-illuminated area of Inland Rule 30(l)",
                "projects-from-group": "projecting from a group, lit on her outboard corners",
                "single-both-sides": "navigated on both sides, lit on her corners",
                "group-both-sides": "a group navigated on both sides, lit on its corners"}


def describe(v: "Vessel", system: str = "feet") -> str:
    """A short description of ``v`` in a mariner's words; her lengths in ``system`` first ("metres" or "feet"),
    the other unit in parentheses."""
    kind = {"power": "power-driven vessel", "sail": "sailing vessel", "oars": "vessel under oars",
            "none": "vessel without propulsion"}[v.propulsion]
    if v.seaplane:
        kind = "seaplane"
    if v.dredge_pipeline:
        kind = "dredge pipeline (floating or on trestles)"
    parts = [kind]
    if v.length_m:
        parts.append(fmt_length(v.length_m, system))
    if not v.dredge_pipeline:
        parts.append({"underway": "under way" + ("" if v.making_way else ", not making way"),
                      "anchored": "at anchor", "aground": "aground", "moored": "made fast"}[v.status])
    if v.towing:
        t = "towing"
        if v.towing.tow_length:
            t += f" (tow {fmt_length(v.towing.tow_length, system)})"
        parts.append(t)
    for flag, words in (("pushing", "pushing"), ("being_pushed", "pushed ahead"),
                        ("not_under_command", "not under command"), ("pilot_on_duty", "pilot on duty"),
                        ("sails_set", "also under sail"), ("air_cushion", "air-cushion vessel"),
                        ("non_displacement", "in the non-displacement mode"), ("wig", "WIG craft"),
                        ("wig_near_surface", "in flight near the surface"),
                        ("constrained_by_draught", "constrained by her draught"),
                        ("special_anchorage", "in a special anchorage area"),
                        ("mooring_buoys", "on mooring buoys"),
                        ("tow_lights_impracticable", "towing lights impracticable"),
                        ("assisting_distress", "towing a vessel in distress"),
                        ("masthead_off_centreline", "masthead light off the centreline"),
                        ("mine_clearance", "engaged in mine clearance"), ("composite_unit", "composite unit")):
        if getattr(v, flag):
            parts.append(words)
    if v.being_towed:
        parts.append("in tow" + (", partly submerged" if v.being_towed.partly_submerged else "")
                     + (", alongside" if v.being_towed.alongside else "")
                     + (", vessels alongside on both sides" if v.being_towed.both_sides else ""))
    if v.restricted:
        parts.append(f"engaged in {v.restricted} work")
    if v.fishing:
        fi = v.fishing
        parts.append(f"fishing ({fi.method})")
        parts += [words for on, words in (
            (fi.pair_trawling, "pair trawling"),
            (fi.trawl_activity == "shooting", "shooting her nets"),
            (fi.trawl_activity == "hauling", "hauling her nets"),
            (fi.trawl_activity == "net-fast", "net fast upon an obstruction"),
            (fi.hampered_by_gear, "hampered by her gear"),
            (fi.close_proximity, "close to other vessels fishing")) if on]
    if v.service:
        parts.append(v.service)
    if v.waters:
        parts.append(_WATERS_WORDS[v.waters])
    for fact in (v.barge_mooring, v.barge_exempt, v.barge_corners):
        if fact:
            parts.append(_BARGE_WORDS[fact])
    return ", ".join(parts)
