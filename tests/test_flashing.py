"""Flashing lights visible as such everywhere (issue 14): the view, the notation, identify, the pictures."""

from __future__ import annotations

import pytest

import navlights
from navlights import api
from navlights.engines.identify.lookup import doubts
from navlights.errors import NotationError
from navlights.notation import is_flashing, parse_notation, pattern_from_json, pattern_from_picture, token_words
from navlights.render.png import turntable
from navlights.render.svg import flash_off

AIR_CUSHION = {"propulsion": "power", "length": "30 m", "air_cushion": True, "non_displacement": True}
WIG = {"propulsion": "power", "length": "30 m", "wig": True, "wig_near_surface": True}
PUSHED = {"propulsion": "none", "length": "30 m", "being_pushed": True}
PUSHING = {"propulsion": "power", "length": "30 m", "pushing": True}

# (edition, vessel, aspect, role, colour, flashes a minute, cite of the light's character)
FLASHING = [
    ("intl-1972", AIR_CUSHION, 45, "air-cushion-flashing", "yellow", (120.0, None), "intl-1972 Rule 21(f), 23(b)"),
    ("intl-1972", WIG, 45, "wig-flashing", "red", (120.0, None), "intl-1972 Rule 21(f), 23(c)"),
    ("us-inland", AIR_CUSHION, 45, "air-cushion-flashing", "yellow", (120.0, None), "us-inland Rule 21(f), 23(b)"),
    ("us-inland", PUSHED, 20, "special-flashing", "yellow", (50.0, 70.0), "us-inland Rule 21(g), 24(f)"),
]


@pytest.mark.parametrize("edition, vessel, aspect, role, colour, rate, cite", FLASHING,
                         ids=[f"{f[0]}-{f[3]}" for f in FLASHING])
def test_view_carries_the_character(edition, vessel, aspect, role, colour, rate, cite):
    p = navlights.view(navlights.display(vessel, edition), aspect, 0.5)
    s = p.get(role)
    assert s is not None, cite
    assert (s.colour, s.character, s.flashes_per_min) == (colour, "flashing", rate), cite
    d = s.to_dict()
    assert (d["character"], d["flashes_per_min"]) == ("flashing", list(rate)), cite
    assert f"flashing {colour} light" in p.describe(), cite
    assert all(i.character == "fixed" for i in p.items if i.role != role), cite
    assert any(is_flashing(t) for c in pattern_from_picture(p).columns for t in c), cite


def test_steady_lights_stay_fixed():
    """us-inland Rule 24(c): the two towing lights of a vessel pushing ahead are steady yellow (Y/Y)."""
    p = navlights.view(navlights.display(PUSHING, "us-inland"), 180, 0.5)
    yellow = [i for i in p.items if i.colour == "yellow"]
    assert len(yellow) == 2 and all(i.character == "fixed" and i.flashes_per_min is None for i in yellow)
    assert pattern_from_picture(p).notation() == "Y/Y"
    assert "flashing" not in p.describe()


@pytest.mark.parametrize("typed, printed, columns", [
    ("Y*", "Y*", (("Y*",),)),
    ("Yf", "Y*", (("Y*",),)),
    ("yf", "Y*", (("Y*",),)),
    ("yellow*", "Y*", (("Y*",),)),
    ("R*/R*", "R*/R*", (("R*", "R*"),)),
    ("G < Yf > R", "G < Y* > R", (("G",), ("Y*",), ("R",))),
    ("W/Y*", "W/Y*", (("Y*", "W"),)),
    ("Y/Y", "Y/Y", (("Y", "Y"),)),
])
def test_notation_parse_print(typed, printed, columns):
    p = parse_notation(typed)
    assert p.notation() == printed and p.columns == columns
    assert parse_notation(p.notation()) == p


def test_signature_tells_flashing_from_fixed():
    assert parse_notation("Y/Y").key() != parse_notation("Yf/Yf").key()
    assert parse_notation("Y").key() != parse_notation("Y*").key()
    assert token_words("Y*") == "flashing yellow light"
    assert parse_notation("Y*").describe() == "a flashing yellow light"


@pytest.mark.parametrize("bad", ["Y**", "Yff", "Y*f", "*", "O*", "ball*"])
def test_notation_rejects(bad):
    with pytest.raises(NotationError):
        parse_notation(bad)


def test_json_form_takes_the_character():
    p = pattern_from_json({"lights": [{"colour": "yellow", "character": "flashing", "offset_m": 0, "height_m": 5}]})
    assert p.columns == (("Y*",),)
    with pytest.raises(NotationError, match="character"):
        pattern_from_json({"lights": [{"colour": "yellow", "character": "blinking", "offset_m": 0, "height_m": 5}]})


def test_doubts():
    assert doubts("Y") == ["Y*", "W"]
    assert doubts("Y*") == ["Y", "W*"]
    assert doubts("R") == ["R*"]


def test_identify_special_flashing_light():
    """us-inland Rule 24(f)(i): a vessel pushed ahead shows sidelights and the special flashing light (21(g))."""
    for typed in ("Yf", "Y*"):
        r = navlights.identify(typed, "us-inland")
        assert "vessel being pushed ahead" in {h.reading.situation for h in r}
    exact = navlights.identify("G < Yf > R", "us-inland", near=False)
    assert "vessel being pushed ahead" in {h.reading.situation for h in exact}
    # the flashing not noticed: still found, as a near match
    steady = navlights.identify("G < Y > R", "us-inland")
    h = next(h for h in steady if h.reading.situation == "vessel being pushed ahead")
    assert h.match == "colour-doubt" and "flashing" in (h.remark or "")
    # Y/Y (the towing lights of one pushing, 24(c)) is not the flashing light
    assert not any(h.reading.situation == "vessel being pushed ahead"
                   for h in navlights.identify("Y/Y", "us-inland", near=False))


@pytest.mark.parametrize("edition, vessel, aspect, role, colour, rate, cite", FLASHING,
                         ids=[f"{f[0]}-{f[3]}" for f in FLASHING])
def test_round_trip(edition, vessel, aspect, role, colour, rate, cite):
    """view -> signature -> identify finds her, exactly."""
    p = navlights.view(navlights.display(vessel, edition), aspect, 0.5)
    sig = pattern_from_picture(p).notation()
    r = navlights.identify(p, edition, near=False)
    assert r.exact >= 1, (cite, sig)


@pytest.mark.parametrize("edition, vessel, aspect, role, colour, rate, cite", FLASHING,
                         ids=[f"{f[0]}-{f[3]}" for f in FLASHING])
def test_night_svg_animates_a_flashing_light(edition, vessel, aspect, role, colour, rate, cite):
    svg = api.render_svg(vessel, edition, view="night", aspect_deg=aspect, distance_nm=0.5)
    lights = svg.split('<g class="light')[1:]
    flashing = [g for g in lights if f'data-role="{role}"' in g]
    assert len(flashing) == 1, cite
    g = flashing[0].split('</g>\n')[0]
    assert 'data-character="flashing"' in g and '<animate attributeName="opacity"' in g, cite
    drawn = rate[0] if rate[1] is None else (rate[0] + rate[1]) / 2
    assert f'dur="{60 / drawn:.3g}s"' in g and 'class="flash-mark"' in g, cite
    for other in lights:
        if f'data-role="{role}"' not in other:
            body = other.split('</g>\n')[0]
            assert 'data-character="fixed"' in body and "<animate" not in body and "flash-mark" not in body


def test_flashing_without_a_rate_is_drawn_at_60():
    from navlights.render.elements import Light
    light = Light(1, 1, 2, 5, 1.0, "#fff", "#fff", "x", "yellow", "c", character="flashing")
    assert light.flash_period_s == 1.0


def test_fixed_lights_have_no_animation():
    svg = api.render_svg({"propulsion": "power", "length": "200 ft"}, "intl-1960", view="night", aspect_deg=45,
                         distance_nm=1)
    assert "<animate" not in svg and "flash-mark" not in svg and svg.count('data-character="fixed"') == 3
    assert flash_off(svg) == svg


def test_labels_and_png_and_gif():
    lab = api.render_labels(PUSHED, "us-inland", view="night", aspect_deg=20, distance_nm=0.5)
    sf = next(i for i in lab["items"] if i["role"] == "special-flashing")
    assert (sf["character"], sf["flashes_per_min"]) == ("flashing", 60.0)
    png = api.render_png(AIR_CUSHION, "intl-1972", view="night", aspect_deg=45, distance_nm=0.5)
    assert png[:4] == b"\x89PNG"
    frames = []

    def frame(a: float) -> str:
        s = api.render_svg(AIR_CUSHION, "intl-1972", view="night", aspect_deg=a, width=240, height=150,
                           caption=False)
        frames.append(s)
        return s

    gif = turntable(frame, step_deg=90)
    assert gif[:3] == b"GIF"
    off = flash_off(frames[1])
    assert ".flash-lamp{display:none}" in off and off != frames[1]
