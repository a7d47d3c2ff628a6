"""The vessel: an edition-neutral description of what a vessel is and is doing.

Each edition maps it onto its own categories (the 1897 "steam vessel" is any
vessel under mechanical power). Lengths accept units; contradictions are refused.

>>> v = make_vessel({"propulsion": "power", "length": "200 ft"})
>>> v.status, v.making_way, round(v.length_m, 2)
('underway', True, 60.96)

Flat fields (the CLI's options, the web's query parameters) build the same vessel through one
translation, and :meth:`Vessel.to_json` writes what is read back:

>>> w = Vessel.from_fields(length="120 ft", being_towed=True, tow_length="700 ft")
>>> w.to_json()
{'propulsion': 'none', 'length': '36.576 m', 'making_way': True, 'being_towed': {'tow_length': '213.36 m'}}
>>> make_vessel(w.to_json()) == w
True
"""

# No ``from __future__ import annotations``: the models' annotations are objects already, so pydantic does not
# evaluate 42 strings at import (part of every command's start, issue 15).
from functools import cached_property
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .errors import VesselError, excerpt
from .units import metres_text, parse_length  # noqa: F401 (metres_text: re-exported)
from .vessel_facts import (BargeCorners, BargeExempt, BargeMooring, FishingMethod, InlandWaters, Propulsion,  # noqa: F401
                           Restricted, Service, Side, Status, TimeOfDay, TrawlActivity)

#: Upper bounds that catch typing slips (in units.py, where the AIS reader takes them without the vessel model).
from .units import MAX_BREADTH_M, MAX_LENGTH_M, MAX_TOW_M  # noqa: E402
MAX_TONNAGE = 1_000_000.0
MAX_SPEED_KN = 100.0


def _length(value: Any, field: str, upper: float) -> float | None:
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and field.endswith("_m"):
        metres = float(value)
    else:
        metres = parse_length(value, field)
    if not 0 < metres <= upper:
        raise ValueError(f"must be more than 0 and at most {upper:g} m")
    return metres


class _Strict(BaseModel):
    # The parts' own validators are built on first use: the vessel's validator holds their schemas, and a start
    # that validates a vessel never validates a part alone (``Vessel`` builds at once: ``defer_build=False``).
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True, defer_build=True)


class Towing(_Strict):
    """What a towing vessel has in tow."""

    tow_length: float | None = Field(None, description="stern of the tug to stern of the last vessel towed, e.g. '650 ft'")
    vessels: int | None = Field(None, ge=1, le=100, description="number of vessels in tow (not given: asked for "
                                                                   "where an edition's rule depends on it)")
    raft: bool = Field(False, description="the tow is a raft")
    alongside: bool = Field(False, description="towing alongside")
    # --- a fact of the US Inland Rules (Rule 24(g)(v))
    partly_submerged: bool = Field(False, description="the tow is an inconspicuous, partly submerged vessel or object")

    @field_validator("tow_length", mode="before")
    @classmethod
    def _tow_length(cls, v: Any) -> float | None:
        return _length(v, "towing.tow_length", MAX_TOW_M)


class BeingTowed(_Strict):
    """A vessel in tow."""

    last_of_tow: bool = Field(True, description="she is the last vessel of the tow")
    tow_length: float | None = Field(None, description="length of the whole tow, e.g. '650 ft'")
    # --- facts of the 1972 Rules (Rule 24(f), (g)) ---
    alongside: bool = Field(False, description="towed alongside")
    partly_submerged: bool = Field(False, description="an inconspicuous, partly submerged vessel or object "
                                   "(its length and breadth are the vessel's length and breadth)")
    # --- a fact of the US Inland Rules (Rule 24(f)(iii))
    both_sides: bool = Field(False, description="towed alongside, with vessels towed alongside on both sides of the "
                             "towing vessel (she is the outboard vessel on her side)")

    @field_validator("tow_length", mode="before")
    @classmethod
    def _tow_length(cls, v: Any) -> float | None:
        return _length(v, "being_towed.tow_length", MAX_TOW_M)


class Fishing(_Strict):
    """A vessel engaged in fishing."""

    method: FishingMethod = "other"
    gear_extent: float | None = Field(None, description="horizontal extent of outlying gear, e.g. '500 ft'")
    gear_out: bool = Field(True, description="nets, lines or trawls in the water")
    # --- facts of the 1972 Rules (Rule 26(d), Annex II; Inland Rule 26(f)) ---
    close_proximity: bool = Field(False, description="fishing in close proximity to other vessels engaged in fishing")
    trawl_activity: TrawlActivity | None = Field(None, description="a trawler: shooting her nets, hauling them, or "
                                                 "her net fast upon an obstruction (net-fast); none: none of these")
    pair_trawling: bool = Field(False, description="a trawler engaged in pair trawling")
    hampered_by_gear: bool = Field(False, description="a purse seiner hampered by her fishing gear")

    @field_validator("gear_extent", mode="before")
    @classmethod
    def _gear(cls, v: Any) -> float | None:
        return _length(v, "fishing.gear_extent", MAX_TOW_M)


class Vessel(_Strict):
    """A vessel described without reference to any edition; frozen and hashable."""

    propulsion: Propulsion = Field(..., description="what drives her now: power, sail, oars or none")
    seaplane: bool = False
    length_m: float | None = Field(None, alias="length", description="length, e.g. '200 ft' or '61 m'")
    breadth_m: float | None = Field(None, alias="breadth", description="breadth, e.g. '30 ft'")
    tonnage: float | None = Field(None, ge=0, le=MAX_TONNAGE, description="tons, as the edition measures them")
    status: Status = "underway"
    making_way: bool | None = Field(None, description="moving through the water; defaults to true when under way")
    towing: Towing | None = None
    pushing: bool = False
    being_towed: BeingTowed | None = None
    being_pushed: bool = False
    not_under_command: bool = False
    restricted: Restricted | None = Field(None, description="work that restricts her ability to manoeuvre")
    fishing: Fishing | None = None
    pilot_on_duty: bool = False
    service: Service | None = Field(None, description="a trade an edition names a class by")
    sails_set: bool = Field(False, description="a power-driven vessel also under sail")
    machinery: bool | None = Field(None, description="has propelling machinery (for a steam vessel under sail only)")
    time: TimeOfDay | None = Field(None, description="night, day or restricted-visibility; none: both")
    # --- facts of the 1972 Rules (Rules 3, 23-30) ---
    air_cushion: bool = Field(False, description="an air-cushion vessel")
    non_displacement: bool = Field(False, description="an air-cushion vessel operating in the non-displacement mode")
    wig: bool = Field(False, description="a wing-in-ground (WIG) craft")
    wig_near_surface: bool = Field(False, description="a WIG craft taking off, landing or in flight near the surface")
    max_speed_kn: float | None = Field(None, gt=0, le=MAX_SPEED_KN, description="her maximum speed in knots")
    constrained_by_draught: bool = Field(False, description="a power-driven vessel constrained by her draught")
    mine_clearance: bool = Field(False, description="engaged in mine clearance operations")
    obstruction_side: Side | None = Field(None, description="dredging or underwater work: the side an obstruction "
                                          "is on (port or starboard); none: no obstruction")
    composite_unit: bool = Field(False, description="pusher and pushed rigidly connected in a composite unit")
    near_channel: bool | None = Field(None, description="at anchor in or near a narrow channel, fairway or "
                                      "anchorage, or where other vessels normally navigate")
    # --- facts of the US Inland Rules (33 CFR 83: Rules 3(n), 3(o), 23(e), 24(j), 30(g)) ---
    waters: InlandWaters | None = Field(None, description="US inland waters the Inland Rules name apart: great-lakes "
                                        "or western-rivers; none: inland waters generally")
    special_anchorage: bool = Field(False, description="at anchor (or moored) in a special anchorage area "
                                    "designated by the Coast Guard")
    barge_mooring: BargeMooring | None = Field(None, description="a moored barge: the case of Inland Rule 30(h) she "
                                               "is in (projects-into-channel, narrows-channel (below 80 m), "
                                               "wide-group (more than two barges or over 25 m wide), not-parallel "
                                               "(to the bank or dock); none: none of them)")
    barge_exempt: BargeExempt | None = Field(None, description="a moored barge exempt from Inland Rule 30: in a "
                                             "slip or slough used mainly for mooring, behind a pierhead, or in a "
                                             "well-illuminated area Rule 30(l) lists")
    mooring_buoys: bool = Field(False, description="made fast to one or more mooring buoys or a similar device")
    barge_corners: BargeCorners | None = Field(None, description="a barge at anchor or on mooring buoys lit by "
                                               "Inland Rule 30(j): projects-from-group, single-both-sides (vessels "
                                               "navigate on both sides), group-both-sides")
    # --- facts of Rule 24(h), (i) (both the International and the Inland Rules)
    tow_lights_impracticable: bool = Field(False, description="towing or in tow: for sufficient cause she cannot "
                                           "practicably show the Rule 24 lights (or shapes) of her situation")
    assisting_distress: bool = Field(False, description="a vessel not normally engaged in towing, towing one in "
                                     "distress or otherwise in need of assistance")
    # --- COLREGs 23(d)(iii), Inland 21(a): where her masthead light stands (navlights.engines.off_centre)
    masthead_off_centreline: bool = Field(False, description="her masthead light (or the all-round white light in "
                                          "its place) stands off the fore and aft centreline, fitting it there "
                                          "being impracticable")
    # --- US Inland Rule 27(d)(iv): not a vessel, but lit by the rules
    dredge_pipeline: bool = Field(False, description="a dredge pipeline, floating or supported on trestles (US Inland "
                                  "Rule 27(d)(iv)); give propulsion none and status moored; its length is the "
                                  "pipeline's")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, allow_inf_nan=False,
                              defer_build=False)

    @field_validator("length_m", mode="before")
    @classmethod
    def _len(cls, v: Any) -> float | None:
        return _length(v, "length", MAX_LENGTH_M)

    @field_validator("breadth_m", mode="before")
    @classmethod
    def _breadth(cls, v: Any) -> float | None:
        return _length(v, "breadth", MAX_BREADTH_M)

    @field_validator("being_towed", "towing", "fishing", mode="before")
    @classmethod
    def _flag(cls, v: Any, info: Any) -> Any:
        """``true`` stands for the activity with its defaults, ``false`` for none; a fishing method alone
        stands for ``{"method": ...}``."""
        if v is True:
            return {}
        if v is False:
            return None
        if info.field_name == "fishing" and isinstance(v, str):
            return {"method": v}
        return v

    @model_validator(mode="after")
    def _coherent(self) -> "Vessel":
        if self.status != "underway":
            if self.making_way:
                raise ValueError(f"making_way: true contradicts status '{self.status}'; "
                                 "a vessel making way is under way")
            object.__setattr__(self, "making_way", False)
        elif self.making_way is None:
            object.__setattr__(self, "making_way", True)
        if self.towing and self.being_towed:
            raise ValueError("towing and being_towed: a vessel cannot both tow and be towed")
        if self.pushing and self.being_pushed:
            raise ValueError("pushing and being_pushed: a vessel cannot both push and be pushed")
        if self.being_towed and self.being_pushed:
            raise ValueError("being_towed and being_pushed: choose one")
        if self.towing and self.being_pushed:
            raise ValueError("towing and being_pushed: a vessel pushed ahead does not tow; describe the pushing "
                             "vessel (pushing, with composite_unit if rigidly connected) as towing")
        if self.pushing and self.propulsion != "power":
            raise ValueError(f"pushing: a power-driven vessel pushes ahead (propulsion is '{self.propulsion}'); "
                             "allowed: propulsion power")
        if self.sails_set and self.propulsion != "power":
            raise ValueError("sails_set: applies to a power-driven vessel also under sail "
                             f"(propulsion is '{self.propulsion}')")
        if self.seaplane and self.propulsion not in ("power", "none"):
            raise ValueError(f"seaplane: a seaplane's propulsion is power or none, not '{self.propulsion}'")
        self._coherent_1972()
        if self.breadth_m is not None and self.length_m is not None and self.breadth_m > self.length_m:
            raise ValueError(f"breadth: {metres_text(self.breadth_m)} is more than her length "
                             f"({metres_text(self.length_m)}); allowed: at most her length")
        return self

    def _coherent_1972(self) -> None:
        """Contradictions among the facts of the 1972 Rules, each named by its field."""
        checks = (
            (self.non_displacement and not self.air_cushion, "non_displacement: applies to an air-cushion vessel "
             "(give air_cushion: true)"),
            (self.wig_near_surface and not self.wig, "wig_near_surface: applies to a WIG craft (give wig: true)"),
            (self.constrained_by_draught and self.propulsion != "power", "constrained_by_draught: applies to a "
             f"power-driven vessel (propulsion is '{self.propulsion}')"),
            (self.restricted == "towing" and not (self.towing or self.pushing), "restricted: 'towing' is a towing "
             "operation: give towing (or pushing) as well"),
            (self.restricted == "towing" and self.propulsion != "power", "restricted: 'towing' is the towing "
             f"operation of a power-driven vessel (COLREGs and Inland 27(c)); propulsion is '{self.propulsion}'"),
            (self.obstruction_side is not None and self.restricted not in ("dredging", "underwater", "diving"),
             "obstruction_side: applies to a vessel engaged in dredging, underwater or diving work"),
            (self.composite_unit and not (self.pushing or self.being_pushed), "composite_unit: applies to a "
             "pushing vessel or a vessel pushed ahead (give pushing or being_pushed)"),
            (bool(self.being_towed and self.being_towed.partly_submerged and self.being_towed.alongside),
             "being_towed.partly_submerged: a partly submerged object towed alongside is not provided for; choose one"),
            (self.special_anchorage and self.status not in ("anchored", "moored"), "special_anchorage: applies to "
             f"a vessel at anchor or moored (status is '{self.status}')"),
            (bool(self.being_towed and self.being_towed.both_sides and not self.being_towed.alongside),
             "being_towed.both_sides: applies to a vessel towed alongside (give being_towed.alongside: true)"),
            (bool(self.towing and self.towing.partly_submerged and self.towing.alongside),
             "towing.partly_submerged: a partly submerged object towed alongside is not provided for; choose one"),
            (self.tow_lights_impracticable and not (self.towing or self.pushing or self.being_towed),
             "tow_lights_impracticable: applies to a vessel towing, pushing or in tow"),
            (self.assisting_distress and not (self.towing or self.pushing), "assisting_distress: applies to a "
             "vessel towing or pushing another (give towing or pushing)"),
            *self._barge_checks(),
            (self.dredge_pipeline and (self.propulsion != "none" or self.status != "moored" or self.service
                                       is not None), "dredge_pipeline: a pipeline is no vessel: give propulsion "
             f"none and status moored, and no service (propulsion is '{self.propulsion}', status '{self.status}')"),
        )
        for bad, msg in checks:
            if bad:
                raise ValueError(msg)
        if self.fishing:
            self._coherent_annex_ii(self.fishing)

    @staticmethod
    def _coherent_annex_ii(fi: Fishing) -> None:
        """The facts of the signals for fishing in close proximity (Annex II), each tied to its gear."""
        checks = (
            (fi.trawl_activity is not None and fi.method != "trawl",
             f"fishing.trawl_activity: applies to a vessel trawling (method is '{fi.method}')"),
            (fi.pair_trawling and fi.method != "trawl",
             f"fishing.pair_trawling: applies to a vessel trawling (method is '{fi.method}')"),
            (fi.hampered_by_gear and fi.method != "purse-seine",
             f"fishing.hampered_by_gear: applies to a purse seiner (method is '{fi.method}')"),
            (not fi.gear_out and (fi.trawl_activity is not None or fi.hampered_by_gear),
             "fishing.gear_out: false contradicts trawl_activity or hampered_by_gear (her gear is in the water)"),
        )
        for bad, msg in checks:
            if bad:
                raise ValueError(msg)

    def _barge_checks(self) -> tuple[tuple[bool, str], ...]:
        """Contradictions among the moored-barge facts of US Inland Rule 30(h)-(l)."""
        barge = self.service == "barge"
        return (
            (self.barge_mooring is not None and not (barge and self.status == "moored"), "barge_mooring: applies "
             "to a moored barge (give service: barge and status: moored)"),
            (self.barge_exempt is not None and not (barge and self.status == "moored"), "barge_exempt: applies "
             "to a moored barge (give service: barge and status: moored)"),
            (self.mooring_buoys and self.status != "moored", "mooring_buoys: applies to a vessel made fast "
             f"(status moored; status is '{self.status}')"),
            (self.barge_corners is not None and not (barge and (self.status == "anchored" or self.mooring_buoys)),
             "barge_corners: applies to a barge at anchor or made fast to mooring buoys (give service: barge and "
             "status: anchored, or mooring_buoys: true)"),
            (self.near_channel is False and self.barge_mooring not in (None, "none"), "near_channel: false "
             f"contradicts barge_mooring '{self.barge_mooring}' (a case of Inland Rule 30(h)); give one of them"),
            (self.near_channel is True and self.barge_mooring == "none", "near_channel: true contradicts "
             "barge_mooring 'none'; give one of them"),
        )

    @property
    def length_ft(self) -> float | None:
        """Length in feet, as the historical rules measure it."""
        return None if self.length_m is None else self.length_m / 0.3048

    @cached_property
    def facts(self) -> dict[str, Any]:
        """The edition-neutral facts that rule conditions test (lengths in metres)."""
        tw, bt, fi = self.towing, self.being_towed, self.fishing
        return {
            "propulsion": self.propulsion,
            "seaplane": self.seaplane,
            "length": self.length_m,
            "breadth": self.breadth_m,
            "tonnage": self.tonnage,
            "status": self.status,
            "making_way": self.making_way,
            "towing": tw is not None,
            "tow_length": tw.tow_length if tw else (bt.tow_length if bt else None),
            "tow_vessels": tw.vessels if tw else None,
            "towing_raft": bool(tw and tw.raft),
            "towing_alongside": bool(tw and tw.alongside),
            "towing_partly_submerged": bool(tw and tw.partly_submerged),
            "pushing": self.pushing,
            "being_towed": bt is not None,
            "last_of_tow": bool(bt and bt.last_of_tow),
            "being_pushed": self.being_pushed,
            "not_under_command": self.not_under_command,
            "restricted": self.restricted,
            "fishing": fi is not None,
            "fishing_method": fi.method if fi else None,
            "gear_extent": fi.gear_extent if fi else None,
            "gear_out": bool(fi and fi.gear_out),
            "close_proximity": bool(fi and fi.close_proximity),
            "trawl_activity": fi.trawl_activity if fi else None,
            "pair_trawling": bool(fi and fi.pair_trawling),
            "hampered_by_gear": bool(fi and fi.hampered_by_gear),
            "pilot_on_duty": self.pilot_on_duty,
            "service": self.service,
            "sails_set": self.sails_set,
            "machinery": self.machinery if self.machinery is not None else self.propulsion == "power",
            "time": self.time,
            # facts of the 1972 Rules
            "towed_alongside": bool(bt and bt.alongside),
            "partly_submerged": bool(bt and bt.partly_submerged),
            "air_cushion": self.air_cushion,
            "non_displacement": self.non_displacement,
            "wig": self.wig,
            "wig_near_surface": self.wig_near_surface,
            "max_speed_kn": self.max_speed_kn,
            "constrained_by_draught": self.constrained_by_draught,
            "mine_clearance": self.mine_clearance,
            "obstruction_side": self.obstruction_side,
            "composite_unit": self.composite_unit,
            "near_channel": self.near_channel,
            # facts of the US Inland Rules
            "waters": self.waters,
            "special_anchorage": self.special_anchorage,
            "towed_both_sides": bool(bt and bt.both_sides),
            "barge_mooring": self.barge_mooring,
            "barge_exempt": self.barge_exempt,
            "mooring_buoys": self.mooring_buoys,
            "barge_corners": self.barge_corners,
            # Rule 24(h), (i)
            "tow_lights_impracticable": self.tow_lights_impracticable,
            "assisting_distress": self.assisting_distress,
            "masthead_off_centreline": self.masthead_off_centreline,
            "dredge_pipeline": self.dredge_pipeline,
        }

    def describe(self, system: str = "feet") -> str:
        """A short description in a mariner's words; her lengths in ``system`` first ("metres" or "feet": the
        edition's, ``Display.length_system``), the other unit in parentheses. Without an edition: feet first,
        as navlights always wrote them (:func:`navlights.vessel_words.describe`)."""
        from .vessel_words import describe
        return describe(self, system)

    @classmethod
    def from_fields(cls, base: Mapping[str, Any] | None = None, /, **flat: Any) -> "Vessel":
        """The vessel that flat fields describe (the CLI's options, the web's query parameters), over ``base``.

        ``flat`` takes the names in :data:`FLAT_FIELDS`; None is "not given", and so is false for an on/off
        fact (``towing``, ``seaplane`` ...), while ``making_way``, ``machinery`` and ``gear_out`` may be
        false. ``tow_length`` is the tow's length: of her own tow, or, given with ``being_towed`` (and no
        towing), of the tow she is in. ``base`` is a vessel mapping the fields override and add to (the
        CLI's ``--vessel-json``). A bad value is one :class:`VesselError` naming the flat field.

        >>> Vessel.from_fields(length="200 ft", towing=True, tow_length="700 ft").towing.tow_length
        213.36
        >>> Vessel.from_fields(length="200 ft", tow_vessels=0)
        Traceback (most recent call last):
        ...
        navlights.errors.VesselError: tow_vessels: 0 is out of range; allowed: 1 to 100
        """
        given = _given(flat)
        try:
            return make_vessel(_nest(dict(base or {}), given))
        except VesselError as e:
            raise _as_flat(e, given) from None

    def to_fields(self) -> dict[str, Any]:
        """The flat fields that give this vessel back through :meth:`from_fields` (lengths as ``'… m'``).

        >>> Vessel.from_fields(length="200 ft", fishing="trawl", gear_out=False).to_fields()
        {'propulsion': 'power', 'length': '60.96 m', 'fishing': 'trawl', 'gear_out': False}
        """
        return _flatten(self.to_json(), self.status)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data that :func:`make_vessel` (and ``--vessel-json``) accepts back as the same vessel.

        Fields at their defaults are left out; lengths are text with their unit, in metres to the
        micrometre the model keeps (``'60.96 m'`` for 200 ft), so reading them back gives the same floats.
        """
        out = self.model_dump(mode="json", by_alias=True, exclude_defaults=True)
        for key in ("length", "breadth"):
            if out.get(key) is not None:
                out[key] = metres_text(out[key])
        for sub, key in (("towing", "tow_length"), ("being_towed", "tow_length"), ("fishing", "gear_extent")):
            if isinstance(out.get(sub), dict) and out[sub].get(key) is not None:
                out[sub][key] = metres_text(out[sub][key])
        return out


FIELDS = tuple(f.alias or name for name, f in Vessel.model_fields.items())
_PARTS: dict[str, type[_Strict]] = {"towing": Towing, "being_towed": BeingTowed, "fishing": Fishing}


def _one_line(err: ValidationError) -> VesselError:
    e = err.errors()[0]
    loc = ".".join(str(p) if len(str(p)) <= 60 else excerpt(str(p)) for p in e["loc"] if not isinstance(p, int))
    loc = loc or "vessel"
    loc = loc.replace("length_m", "length").replace("breadth_m", "breadth")
    kind, msg, val = e["type"], e["msg"], e.get("input")
    if kind == "extra_forbidden":
        parent = e["loc"][:-1]
        allowed = FIELDS if not parent else tuple(_PARTS[str(parent[0])].model_fields)
        return VesselError(f"unknown field '{loc}'; allowed: {', '.join(allowed)}",
                           field=loc, value=val, allowed=", ".join(allowed))
    if kind == "literal_error":
        allowed = e["ctx"]["expected"].replace("'", "")
        return VesselError(f"{loc}: {excerpt(val)} is not allowed; allowed: {allowed}", field=loc, value=val,
                           allowed=allowed)
    if kind == "missing":
        return VesselError(f"{loc}: is required", field=loc, allowed="see 'navlights lights --help'")
    if kind in _NUMBER_WORDS:
        return _number_error(loc, kind, val, e.get("ctx") or {})
    msg = msg.removeprefix("Value error, ")
    if kind == "value_error" and loc == "vessel":
        field = msg.split(":", 1)[0]
        return VesselError(msg, field=field, value=None)
    if msg.startswith(loc + ":"):
        return VesselError(msg, field=loc, value=val)
    return VesselError(f"{loc}: {excerpt(val)}: {msg}", field=loc, value=val)


#: pydantic's numeric error types, in our words.
_NUMBER_WORDS = {"finite_number": "is not a finite number", "greater_than_equal": "at least",
                 "less_than_equal": "at most", "greater_than": "more than", "less_than": "less than",
                 "int_parsing": "is not a whole number", "int_from_float": "is not a whole number",
                 "int_type": "is not a whole number", "float_parsing": "is not a number",
                 "float_type": "is not a number"}


def _number_error(loc: str, kind: str, val: Any, ctx: dict[str, Any]) -> VesselError:
    """A numeric field's error as one line: the field, the value, what is allowed."""
    bounds = {"tonnage": f"0 to {MAX_TONNAGE:.0f}", "towing.vessels": "1 to 100"}
    allowed = bounds.get(loc, "a number")
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than") and loc not in bounds:
        allowed = f"{_NUMBER_WORDS[kind]} {next(iter(ctx.values()), '')}"
    words = _NUMBER_WORDS[kind] if not kind.startswith(("greater", "less")) else "is out of range"
    return VesselError(f"{loc}: {excerpt(val)} {words}; allowed: {allowed}", field=loc, value=val, allowed=allowed)


def make_vessel(data: dict[str, Any] | Vessel) -> Vessel:
    """A :class:`Vessel` from a mapping, or a one-line :class:`VesselError`."""
    if isinstance(data, Vessel):
        return data
    if not isinstance(data, dict):
        raise VesselError(f"vessel: expected a JSON object, got {type(data).__name__}", field="vessel",
                          value=data, allowed="a JSON object of vessel fields")
    try:
        return Vessel.model_validate(data)
    except VesselError:
        raise
    except ValidationError as err:
        raise _one_line(err) from None


# ---------------------------------------------------------------------------------------------
# Flat fields <-> the nested vessel: one translation for the CLI and the web

#: Every flat field, in the order the CLI lists its options and the web its query parameters.
FLAT_FIELDS = ("propulsion", "seaplane", "length", "breadth", "tonnage", "status", "making_way", "towing",
               "tow_length", "tow_vessels", "tow_raft", "tow_alongside", "pushing", "being_towed", "not_last_of_tow",
               "being_pushed", "not_under_command", "restricted", "fishing", "gear_extent", "gear_out",
               "close_proximity", "trawl_activity", "pair_trawling", "hampered_by_gear", "pilot_on_duty", "service", "sails_set", "machinery", "time",
               "towed_alongside", "partly_submerged", "air_cushion", "non_displacement", "wig", "wig_near_surface",
               "max_speed_kn", "constrained_by_draught", "mine_clearance", "obstruction_side", "composite_unit",
               "near_channel", "waters", "special_anchorage", "tow_partly_submerged", "towed_both_sides",
               "barge_mooring", "barge_exempt", "mooring_buoys", "barge_corners", "tow_lights_impracticable",
               "assisting_distress", "masthead_off_centreline", "dredge_pipeline")
#: Flat fields copied as they are.
_PLAIN = ("propulsion", "seaplane", "length", "breadth", "tonnage", "status", "making_way", "pushing",
          "being_pushed", "not_under_command", "restricted", "pilot_on_duty", "service", "sails_set", "machinery",
          "time", "air_cushion", "non_displacement", "wig", "wig_near_surface", "max_speed_kn",
          "constrained_by_draught", "mine_clearance", "obstruction_side", "composite_unit", "near_channel",
          "waters", "special_anchorage", "barge_mooring", "barge_exempt", "mooring_buoys", "barge_corners",
          "tow_lights_impracticable", "assisting_distress", "masthead_off_centreline", "dredge_pipeline")
#: On/off facts whose false is a fact, not "not given".
_FALSE_IS_A_FACT = {"making_way", "machinery", "gear_out", "near_channel"}
FALSE_IS_A_FACT = frozenset(_FALSE_IS_A_FACT)
#: Flat fields of the nested parts: flat name -> (part, key).
_NESTED = {"tow_vessels": ("towing", "vessels"), "tow_raft": ("towing", "raft"),
           "tow_alongside": ("towing", "alongside"), "fishing": ("fishing", "method"),
           "gear_extent": ("fishing", "gear_extent"), "gear_out": ("fishing", "gear_out"),
           "close_proximity": ("fishing", "close_proximity"), "trawl_activity": ("fishing", "trawl_activity"),
           "pair_trawling": ("fishing", "pair_trawling"), "hampered_by_gear": ("fishing", "hampered_by_gear"),
           "towed_alongside": ("being_towed", "alongside"), "partly_submerged": ("being_towed", "partly_submerged"),
           "tow_partly_submerged": ("towing", "partly_submerged"), "towed_both_sides": ("being_towed", "both_sides")}
#: An error's field inside the nested vessel -> the flat field that sets it.
_FLAT_NAME = {f"{part}.{key}": name for name, (part, key) in _NESTED.items()} | {
    "towing.tow_length": "tow_length", "being_towed.tow_length": "tow_length",
    "being_towed.last_of_tow": "not_last_of_tow"}


def _given(flat: dict[str, Any]) -> dict[str, Any]:
    unknown = [k for k in flat if k not in FLAT_FIELDS]
    if unknown:
        allowed = ", ".join(FLAT_FIELDS)
        raise VesselError(f"unknown field '{unknown[0]}'; allowed: {allowed}", field=unknown[0],
                          value=flat[unknown[0]], allowed=allowed)
    return {k: v for k, v in flat.items() if v is not None and (v is not False or k in _FALSE_IS_A_FACT)}


def _part(value: Any, part: str) -> dict[str, Any]:
    """A nested part of a base vessel as a mapping to add to (``true`` is the part with its defaults)."""
    if isinstance(value, dict):
        return dict(value)
    if part == "fishing" and isinstance(value, str):
        return {"method": value}
    return {}


def _has(data: dict[str, Any], part: str) -> bool:
    return data.get(part) not in (None, False)


def _nest(data: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a vessel mapping) with the flat fields ``given`` laid over it."""
    for k in _PLAIN:
        if k in given:
            data[k] = given[k]
    parts: dict[str, dict[str, Any]] = {"towing": {}, "being_towed": {}, "fishing": {}}
    for name, (part, key) in _NESTED.items():
        if name in given:
            parts[part][key] = given[name]
    if given.get("not_last_of_tow"):
        parts["being_towed"]["last_of_tow"] = False
    towing = "towing" in given or bool(parts["towing"]) or _has(data, "towing")
    in_tow = ("being_towed" in given or "not_last_of_tow" in given or bool(parts["being_towed"])
              or _has(data, "being_towed"))
    if "tow_length" in given:
        parts["being_towed" if in_tow and not towing else "towing"]["tow_length"] = given["tow_length"]
    starts = {"towing": "towing" in given, "being_towed": "being_towed" in given or "not_last_of_tow" in given,
              "fishing": "fishing" in given or "gear_extent" in given or given.get("gear_out") is False}
    for part, fields in parts.items():
        if starts[part] or fields:
            data[part] = {**_part(data.get(part), part), **fields}
    if "propulsion" not in data:
        data["propulsion"] = "none" if _has(data, "being_towed") or data.get("being_pushed") else "power"
    return data


def flat_field(field: str) -> str:
    """The flat field (CLI option, web parameter) that sets a vessel field: 'towing.vessels' -> 'tow_vessels'."""
    return _FLAT_NAME.get(field, field)


def flat_name(field: str) -> str:
    """The flat field (a CLI option's, a web query's name) for a vessel field: ``towing.vessels`` -> ``tow_vessels``."""
    return _FLAT_NAME.get(field, field)


def _as_flat(err: VesselError, given: dict[str, Any]) -> VesselError:
    """The error naming the flat field that was given, where it names a field inside a nested part."""
    name = _FLAT_NAME.get(err.field or "")
    if name is None or name not in given:
        return err
    message = str(err)
    if message.startswith(f"{err.field}:"):
        message = name + message[len(err.field or ""):]
    return VesselError(message, field=name, value=err.value, allowed=err.allowed)


def _flatten(data: dict[str, Any], status: str) -> dict[str, Any]:
    """The flat fields of a vessel's JSON (the inverse of :func:`_nest`)."""
    out = {k: data[k] for k in _PLAIN if k in data}
    if status != "underway" or out.get("making_way") is True:
        out.pop("making_way", None)            # what the status implies goes without saying
    tow, in_tow, fish = data.get("towing"), data.get("being_towed"), data.get("fishing")
    if tow is not None:
        out["towing"] = True
        out |= {name: tow[key] for name, (part, key) in _NESTED.items() if part == "towing" and key in tow}
        if "tow_length" in tow:
            out["tow_length"] = tow["tow_length"]
    if in_tow is not None:
        out["being_towed"] = True
        if in_tow.get("last_of_tow") is False:
            out["not_last_of_tow"] = True
        out |= {name: in_tow[key] for name, (part, key) in _NESTED.items() if part == "being_towed" and key in in_tow}
        if "tow_length" in in_tow:
            out["tow_length"] = in_tow["tow_length"]
    if fish is not None:
        out["fishing"] = fish.get("method", "other")
        out |= {name: fish[key] for name, (part, key) in _NESTED.items()
                if part == "fishing" and key != "method" and key in fish}
    return out


def to_flat(data: dict[str, Any]) -> dict[str, Any]:
    """The flat fields of a vessel mapping, its values as written (lengths keep their text and unit).

    >>> to_flat({"propulsion": "power", "length": "150 ft", "towing": {"tow_length": "700 ft"}})
    {'propulsion': 'power', 'length': '150 ft', 'towing': True, 'tow_length': '700 ft'}
    """
    return _flatten(data, make_vessel(data).status)


# ---------------------------------------------------------------------------------------------
