"""The vessel model: units, defaults, and one-line errors for bad input."""

from __future__ import annotations

import pytest

from navlights import VesselError
from navlights import make_vessel as vessel


def test_lengths_with_units():
    assert vessel({"propulsion": "power", "length": "200 ft"}).length_m == pytest.approx(60.96)
    assert vessel({"propulsion": "power", "length": "61 m"}).length_m == 61.0
    assert vessel({"propulsion": "power", "length": {"value": 150, "unit": "ft"}}).length_m == 45.72
    assert vessel({"propulsion": "power", "length": "150 feet"}).length_ft == pytest.approx(150)


def test_defaults():
    v = vessel({"propulsion": "power"})
    assert (v.status, v.making_way, v.towing, v.time) == ("underway", True, None, None)
    assert vessel({"propulsion": "power", "status": "anchored"}).making_way is False


def test_frozen_and_hashable():
    v = vessel({"propulsion": "sail", "length": "30 ft"})
    assert hash(v) == hash(vessel({"propulsion": "sail", "length": "30 ft"}))
    with pytest.raises(Exception):
        v.propulsion = "power"  # type: ignore[misc]


@pytest.mark.parametrize("data, field, words", [
    ({"propulsion": "power", "lenght": "20 ft"}, "lenght", "unknown field 'lenght'; allowed: propulsion"),
    ({"propulsion": "steam"}, "propulsion", "allowed: power, sail, oars or none"),
    ({"propulsion": "power", "length": "-3 ft"}, "length", "must be more than 0"),
    ({"propulsion": "power", "length": "0 ft"}, "length", "must be more than 0"),
    ({"propulsion": "power", "length": "9000 ft"}, "length", "at most 500 m"),
    ({"propulsion": "power", "length": 200}, "length", "needs a unit"),
    ({"propulsion": "power", "length": "200 furlongs"}, "length", "not a length"),
    ({"propulsion": "power", "status": "anchored", "making_way": True}, "making_way", "contradicts status 'anchored'"),
    ({"propulsion": "power", "towing": {"tow_length": "300 ft"}, "being_towed": True}, "towing and being_towed", "cannot both"),
    ({"propulsion": "power", "pushing": True, "being_pushed": True}, "pushing and being_pushed", "cannot both"),
    ({"propulsion": "sail", "sails_set": True}, "sails_set", "power-driven vessel also under sail"),
    ({"propulsion": "power", "towing": {"bad": 1}}, "towing.bad", "unknown field 'towing.bad'"),
    ({"propulsion": "power", "tonnage": -1}, "tonnage", "tonnage: -1 is out of range; allowed: 0 to 1000000"),
    # issue 15: NaN and infinity in our own words, not pydantic's; a breadth greater than the length
    ({"propulsion": "power", "tonnage": float("nan")}, "tonnage", "tonnage: nan is not a finite number; allowed: 0 to"),
    ({"propulsion": "power", "tonnage": float("inf")}, "tonnage", "tonnage: inf is not a finite number"),
    ({"propulsion": "power", "towing": {"vessels": 0}}, "towing.vessels", "0 is out of range; allowed: 1 to 100"),
    ({"propulsion": "power", "length": "200 ft", "breadth": "300 ft"}, "breadth",
     "breadth: 91.44 m is more than her length (60.96 m); allowed: at most her length"),
    ({"propulsion": "power", "status": "sunk"}, "status", "allowed: underway, anchored, aground or moored"),
    ({}, "propulsion", "is required"),
])
def test_bad_input_is_one_line_naming_the_field(data, field, words):
    with pytest.raises(VesselError) as e:
        vessel(data)
    msg = str(e.value)
    assert "\n" not in msg
    assert e.value.field == field
    assert words in msg


def test_not_a_mapping():
    with pytest.raises(VesselError, match="expected a JSON object"):
        vessel(["power"])  # type: ignore[arg-type]


def test_describe_in_mariners_words():
    v = vessel({"propulsion": "power", "length": "200 ft", "towing": {"tow_length": "700 ft"}})
    assert v.describe() == "power-driven vessel, 200 ft (61 m), under way, towing (tow 700 ft (213.4 m))"
