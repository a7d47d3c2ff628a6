"""Where the text leaves heights open, identify's index holds every vertical order a class's lights take within
its length interval (engines/identify/build.py: ``interval``, ``other_orders``; docs/identify.md, "How the index
is built"), so the watchkeeper's picture is named exactly whatever her length.

The case the sweep found (docs/sweep.md): the International Regulations as printed about 1897, Art. 11 (a vessel
under 150 ft at anchor carries one white light forward; a vessel aground in or near a fairway carries it and the
two red lights of Art. 4(a), one over the other). The text fixes neither light's height against the other's, so
any order of the white light against the two red ones is hers.
"""

from __future__ import annotations

import pytest

import navlights
from navlights.engines import identify as eng
from navlights.engines.identify.build import END_STEP_M, interval, other_orders
from navlights.engines.view import view
from navlights.notation import as_pattern
from navlights.rulebase import loader


@pytest.mark.parametrize("length, astern", [
    ("22.86 m", "W/R/R"),      # 75 ft: the white light above the red ones
    ("30.48 m", "R/W/R"),      # 100 ft: between them
    ("45.71 m", "R/R/W"),      # just under 150 ft: below them
])
def test_a_vessel_aground_1897_is_named_exactly_in_every_order(length, astern):
    e = loader.edition("intl-1897")
    d = navlights.display({"propulsion": "power", "status": "aground", "length": length, "tonnage": 50}, e)
    picture = view(d, 180.0, period="night")
    assert as_pattern(picture).notation() == astern
    exact = {h.reading.situation for h in eng.identify(picture, [e]) if h.match == "exact"}
    assert "vessel aground" in exact


@pytest.mark.parametrize("cuts, length, want", [
    ((12.0, 50.0), 30.0, (12.01, 49.99)),
    ((12.0, 50.0), 5.0, (2.0, 11.99)),       # the first interval from a real vessel's 2 m
    ((12.0, 50.0), 60.0, (50.01, 400.0)),    # the last to 400 m
    ((12.0, 50.0), 12.0, None),              # a cut is its own interval
    ((), None, None),
])
def test_the_interval_a_length_lies_in(cuts, length, want):
    assert interval(cuts, length) == want


def test_other_orders_finds_each_order_once_inside_where_it_holds():
    # three orders: A below 10 m, B from 10 to under 11 m (a narrow band no quarter probe meets, found by halving
    # between 2 m and 30 m's neighbours), C from 11 m
    def order(x: float) -> str:
        return "A" if x < 10 else "B" if x < 11 else "C"
    got = sorted(other_orders(order, 2.0, 40.0, 5.0))
    assert len(got) == 2
    b, c = got
    assert 10 <= b < 11 and c >= 11
    assert other_orders(order, 2.0, 9.0, 5.0) == []          # one order throughout: nothing more drawn


def test_other_orders_stops_at_the_step():
    calls = []

    def order(x: float) -> bool:
        calls.append(x)
        return x >= 7.123
    got = other_orders(order, 2.0, 12.0, 3.0)
    assert len(got) == 1 and got[0] >= 7.123
    assert len(calls) < 40 and min(abs(x - 7.123) for x in calls) <= 2 * END_STEP_M
