"""Pictures: the scene and the SVG against the Picture (not pixels); PNG and GIF sizes; escaping; errors.

Each light element must stand for one light of the picture, in its colour, in the picture's
left-right and vertical order. Vessels are the issue's own examples under intl-1960.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import navlights
from navlights import api
from navlights.cli import main
from navlights.errors import NavlightsError
from navlights.render import RenderError
from navlights.render.scene import spread

NS = "{http://www.w3.org/2000/svg}"
P200 = {"propulsion": "power", "length": "200 ft"}
TOW700 = {**P200, "towing": {"tow_length": "700 ft"}}
ANCHOR = {**P200, "status": "anchored"}
SAIL = {"propulsion": "sail", "length": "60 ft"}
NUC = {**P200, "not_under_command": True}
CABLE = {**P200, "restricted": "cable"}


def groups(svg_text: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(svg_text)
    return [g for g in root.iter(f"{NS}g") if g.get("class") == cls]


def picture(vessel, aspect, distance=1.0, period="night", choose="typical"):
    v = {**vessel, "time": period}
    return navlights.view(navlights.display(v, "intl-1960"), aspect, distance, period=period, choose=choose)


def sign(x: float) -> int:
    return (x > 0) - (x < 0)


CASES = [
    # (vessel, aspect, distance, expected roles left to right)  # intl-1960 Rule 2(a), 3(a), 11, 5
    (P200, 0, 1.0, ["sidelight-starboard", "masthead", "masthead-aft", "sidelight-port"]),
    (P200, 45, 1.0, ["masthead-aft", "sidelight-starboard", "masthead"]),
    (P200, 90, 1.0, ["masthead-aft", "sidelight-starboard", "masthead"]),
    (P200, 180, 1.0, ["sternlight"]),
    (P200, 300, 1.0, ["masthead", "sidelight-port", "masthead-aft"]),
    (P200, 300, 4.0, ["masthead", "masthead-aft"]),           # the 2-mile sidelight is out of range
    (TOW700, 45, 1.0, None),
    (TOW700, 300, 1.0, None),
    (ANCHOR, 90, 1.0, ["anchor-aft", "anchor-forward"]),
    (SAIL, 20, 1.0, None),
]


@pytest.mark.parametrize("vessel,aspect,distance,expected", CASES)
def test_night_svg_one_light_element_per_light_in_order(vessel, aspect, distance, expected):
    pic = picture(vessel, aspect, distance)
    svg = api.render_svg(vessel, "intl-1960", aspect_deg=aspect, distance_nm=distance)
    els = groups(svg, "light")
    assert len(els) == len(pic.items) > 0
    # same lights, same colours
    assert sorted((e.get("data-role"), e.get("data-colour")) for e in els) == \
        sorted((s.role, s.colour) for s in pic.items)
    if expected is not None:
        assert list(pic.roles()) == expected
    by_role = {e.get("data-role"): e for e in els}
    for a in pic.items:
        for b in pic.items:
            ea, eb = by_role[a.role], by_role[b.role]
            xa, xb = float(ea.get("data-x")), float(eb.get("data-x"))
            ya, yb = float(ea.get("data-y")), float(eb.get("data-y"))
            if abs(a.offset_m - b.offset_m) > 1e-6:       # left-right as the observer sees it
                assert sign(xb - xa) == sign(b.offset_m - a.offset_m), (a.role, b.role)
            if abs(a.height_m - b.height_m) > 1e-6:       # higher light, smaller y
                assert sign(ya - yb) == sign(b.height_m - a.height_m), (a.role, b.role)
    # each light carries its cite
    assert {e.get("data-cite") for e in els} == {s.cite for s in pic.items}


def test_sidelights_on_the_correct_side():
    # Rule 2(a)(iv), (v): dead ahead the green (starboard) light is on the observer's LEFT
    els = {e.get("data-role"): float(e.get("data-x")) for e in groups(
        api.render_svg(P200, "1960", aspect_deg=0, distance_nm=1), "light")}
    assert els["sidelight-starboard"] < 400 < els["sidelight-port"]
    # on her port bow (300) her head is to the observer's left: the forward masthead light left of the after one
    els = {e.get("data-role"): float(e.get("data-x")) for e in groups(
        api.render_svg(P200, "1960", aspect_deg=300, distance_nm=1), "light")}
    assert els["masthead"] < els["masthead-aft"]


def test_sailing_red_over_green_optional():
    # intl-1960 Rule 5(b): red over green at the top of the foremast, optional
    svg = api.render_svg(SAIL, "1960", aspect_deg=20, distance_nm=1, choose={"optional": True})
    els = {e.get("data-role"): e for e in groups(svg, "light")}
    assert els["top-red"].get("data-colour") == "red" and els["top-green"].get("data-colour") == "green"
    assert float(els["top-red"].get("data-y")) < float(els["top-green"].get("data-y"))   # red above
    assert "optional" in els["top-red"].get("data-flags").split()
    plain = groups(api.render_svg(SAIL, "1960", aspect_deg=20, distance_nm=1), "light")
    assert {e.get("data-role") for e in plain} == {"sidelight-starboard"}


def test_towing_lights_stand_above_the_masthead_light():
    # intl-1960 Rule 3(a): two more white lights in a vertical line with the masthead light
    els = {e.get("data-role"): e for e in groups(api.render_svg(TOW700, "1960", aspect_deg=90, distance_nm=1),
                                                 "light")}
    xs = {r: float(e.get("data-x")) for r, e in els.items()}
    ys = {r: float(e.get("data-y")) for r, e in els.items()}
    assert xs["masthead"] == pytest.approx(xs["towing-2"]) == pytest.approx(xs["towing-3"])
    assert ys["masthead"] > ys["towing-2"] > ys["towing-3"]


def test_lights_shrink_and_dim_with_distance():
    near = {i["role"]: i for i in api.render_labels(P200, aspect_deg=45, distance_nm=0.5)["items"]}
    far = {i["role"]: i for i in api.render_labels(P200, aspect_deg=45, distance_nm=1.9)["items"]}
    assert far["sidelight-starboard"]["brightness"] < near["sidelight-starboard"]["brightness"]
    assert far["masthead"]["r"] <= near["masthead"]["r"]
    a = api.render_labels(P200, aspect_deg=45, distance_nm=4)
    b = api.render_labels(P200, aspect_deg=45, distance_nm=1)
    assert a["scale_px_per_m"] < b["scale_px_per_m"]


def test_scale_does_not_change_with_aspect():
    scales = {api.render_labels(TOW700, aspect_deg=a, distance_nm=1)["scale_px_per_m"] for a in range(0, 360, 30)}
    assert len(scales) == 1


def test_day_view_nuc_balls():
    # intl-1960 Rule 4(a): two black balls in a vertical line
    svg = api.render_svg(NUC, "1960", view="day", aspect_deg=60, distance_nm=1)
    els = groups(svg, "shape")
    assert [(e.get("data-form"), e.get("data-colour")) for e in els] == [("ball", "black")] * 2
    assert groups(svg, "light") == []
    ys = sorted(float(e.get("data-y")) for e in els)
    xs = {round(float(e.get("data-x")), 2) for e in els}
    assert len(xs) == 1 and ys[0] < ys[1]


def test_day_view_cable_ship_red_white_red():
    # intl-1960 Rule 4(c): red ball over white diamond over red ball
    pic = picture(CABLE, 120, period="day")
    svg = api.render_svg(CABLE, "1960", view="day", aspect_deg=120, distance_nm=1)
    els = groups(svg, "shape")
    assert len(els) == len(pic.items) == 3
    top_down = sorted(els, key=lambda e: float(e.get("data-y")))
    assert [(e.get("data-form"), e.get("data-colour")) for e in top_down] == \
        [("ball", "red"), ("diamond", "white"), ("ball", "red")]
    assert all(e.get("data-cite") == "intl-1960 Rule 4(c)" for e in els)
    # the shapes of one vertical line do not touch
    sizes = [float(e.get("data-size")) for e in top_down]
    ys = [float(e.get("data-y")) for e in top_down]
    assert all(y2 - y1 > (s1 + s2) / 2 for y1, y2, s1, s2 in zip(ys, ys[1:], sizes, sizes[1:]))


def test_shapes_at_one_point_are_apart_and_overlaps_spread():
    # placement keeps the anchor ball (Rule 11(c)) clear of the cable-work line (Rule 11(d)): both show,
    # the work shapes stay in their vertical line
    v = {"propulsion": "power", "length": "65 ft", "restricted": "cable", "status": "anchored"}
    lab = api.render_labels(v, "1960", view="day", aspect_deg=90, distance_nm=1)
    items = {i["role"]: i for i in lab["items"]}
    a, b = items["anchor-ball"], items["work-shape-lower"]
    assert (a["x"], a["y"]) != (b["x"], b["y"]) and "spread" not in a["flags"]
    assert items["work-shape-upper"]["x"] == items["work-shape-lower"]["x"]
    # the renderer still spreads marks that would overlap on the canvas
    assert spread([(1.0, 1.0), (1.2, 1.0), (30.0, 1.0)], 10.0) == ([(-4.0, 1.0), (6.2, 1.0), (30.0, 1.0)], {0, 1})


def test_plan_view_sectors_match_the_arcs():
    d = navlights.display({**P200, "time": "night"}, "1960")
    svg = api.render_svg(P200, "1960", view="plan", aspect_deg=45)
    secs = groups(svg, "sector")
    roles = [r for s in secs for r in s.get("data-roles").split()]
    assert sorted(roles) == sorted(i.role for i in d.lights)
    for s in secs:
        item = d.get(s.get("data-roles").split()[0])
        assert (float(s.get("data-from")), float(s.get("data-to"))) == pytest.approx(item.arc_deg)
        assert s.get("data-colour") == item.colour
        assert item.cite in s.get("data-cite")
    # the legend cites the rules
    assert "Rule 2(a)(i)" in svg and "Rule 2(a)(iv)" in svg
    # the masthead lights share one sector (same arc and colour)
    assert any(set(s.get("data-roles").split()) == {"masthead", "masthead-aft"} for s in secs)


def test_plan_view_all_round_lights_are_circles_and_ranges():
    svg = api.render_svg(ANCHOR, "1960", view="plan")
    secs = groups(svg, "sector")
    assert secs and all(s.find(f"{NS}circle") is not None for s in secs)
    ranged = api.render_labels(P200, "1960", view="plan", ranges=True)
    r = {tuple(i["roles"]): i["r"] for i in ranged["items"]}
    assert r[("masthead", "masthead-aft")] > r[("sidelight-starboard",)]          # 5 miles against 2
    assert ranged["ranges"] is True
    svg = api.render_svg(P200, "1960", view="plan", ranges=True)
    assert "5 nm" in svg and "2 nm" in svg


def test_png_decodes_at_the_asked_size():
    from PIL import Image
    for view, (w, h) in (("night", (800, 500)), ("day", (640, 360)), ("plan", (500, 700)), ("night", (64, 64))):
        png = api.render_png(P200, "1960", view=view, aspect_deg=45, distance_nm=1, width=w, height=h)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        im = Image.open(io.BytesIO(png))
        assert im.size == (w, h)


def test_gif_turntable():
    from PIL import Image
    gif = api.render_gif(P200, "1960", width=160, height=100, step_deg=30, caption=False)
    im = Image.open(io.BytesIO(gif))
    assert im.format == "GIF" and im.size == (160, 100) and im.n_frames == 12


def test_labels_match_the_svg():
    kw = dict(aspect_deg=300, distance_nm=1, width=640, height=400)
    svg = api.render_svg(TOW700, "1960", **kw)
    lab = api.render_labels(TOW700, "1960", **kw)
    from_svg = sorted((e.get("data-role"), e.get("data-colour"), round(float(e.get("data-x")), 2),
                       round(float(e.get("data-y")), 2)) for e in groups(svg, "light"))
    assert from_svg == sorted((i["role"], i["colour"], i["x"], i["y"]) for i in lab["items"])
    assert lab["width"] == 640 and lab["edition"] == "intl-1960" and lab["aspect_deg"] == 300
    json.dumps(lab)


def test_caption_carries_aspect_and_cites_and_user_text_is_escaped():
    nasty = '<script>alert("x")</script> & \x00 \'q\''
    svg = api.render_svg(P200, "1960", aspect_deg=45, distance_nm=1, title=nasty)
    assert "<script>" not in svg
    root = ET.fromstring(svg)                      # still well-formed XML
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert any(t and "alert(\"x\")" in t and "&" in t for t in texts)
    assert root.find(f"{NS}title").text.startswith("<script>")
    joined = " ".join(t for t in texts if t)
    assert "aspect 45°" in joined and "Rule 2(a)(i)" in joined and "1 nm off" in joined
    assert "two white lights" in ET.fromstring(svg).find(f"{NS}desc").text
    for view in ("day", "plan"):
        ET.fromstring(api.render_svg(P200, "1960", view=view, title=nasty))


def test_caption_and_hull_can_be_left_out():
    root = ET.fromstring(api.render_svg(P200, "1960", caption=False, hull=False))
    assert list(root.iter(f"{NS}text")) == []
    assert not [p for p in root.iter(f"{NS}polygon") if p.get("class") == "hull"]
    root = ET.fromstring(api.render_svg(P200, "1960"))
    assert [p for p in root.iter(f"{NS}polygon") if p.get("class") == "hull"]


def test_every_class_of_every_edition_stays_on_the_canvas():
    from navlights.gallery import classes
    from navlights.render.scene import build
    n = 0
    for ed in navlights.editions():
        for c in classes(ed):
            for a in (0.0, 112.5, 225.0):
                scene = build(c.display, c.period, aspect_deg=a, distance_nm=1.0, width=400, height=250,
                              caption=False, rig=c.rig)
                for e in scene.lights() + scene.shapes():
                    assert 0 <= e.cx <= 400 and 0 <= e.cy <= 250, (ed.id, c.slug, a, e.role)
                n += 1
            # with a caption, nothing hides under it (the caption band is drawn last)
            scene = build(c.display, c.period, aspect_deg=45.0, distance_nm=1.0, rig=c.rig)
            band = next(e for e in scene.elements if getattr(e, "cls", "") == "caption-band")
            for e in scene.lights() + scene.shapes():
                assert 0 <= e.cx <= 800 and 0 <= e.cy < band.y, (ed.id, c.slug, e.role)
    assert n > 1000


def test_errors_are_one_line_navlights_errors():
    with pytest.raises(RenderError) as e:
        api.render_svg(P200, "1960", view="side")
    assert isinstance(e.value, NavlightsError) and isinstance(e.value, ValueError)
    assert "allowed: night, day, plan" in str(e.value) and "\n" not in str(e.value)
    for w in (10, 5000, 12.5, "x", True):
        with pytest.raises(RenderError, match="width"):
            api.render_svg(P200, "1960", width=w)
    with pytest.raises(RenderError, match="step"):
        api.render_gif(P200, "1960", step_deg=0)


def test_cli_render_files_and_errors(tmp_path, capsys):
    from PIL import Image
    out = tmp_path / "p.png"
    assert main(["render", "--edition", "intl-1960", "--length", "200 ft", "--view", "night", "--aspect", "45",
                 "--distance", "1", "--width", "320", "--height", "200", "-o", str(out)]) == 0
    assert Image.open(out).size == (320, 200)
    assert capsys.readouterr().out.startswith("wrote ")
    out = tmp_path / "p.svg"
    assert main(["render", "--length", "200 ft", "--restricted", "cable", "--view", "day", "-o", str(out),
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(groups(out.read_text(), "shape")) == len(data["items"]) == 3
    out = tmp_path / "t.gif"
    assert main(["render", "--length", "200 ft", "--step", "45", "--width", "120", "--height", "80", "-o",
                 str(out)]) == 0
    assert Image.open(out).n_frames == 8
    capsys.readouterr()
    assert main(["render", "--length", "200 ft", "-o", str(tmp_path / "p.jpg")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and ".svg, .png, .gif" in err and "'.jpg'" in err
    assert main(["render", "--length", "200 ft", "--aspect", "400", "-o", str(tmp_path / "p.svg")]) == 2
    assert main(["render", "--length", "200 ft", "-o", str(tmp_path / "no" / "such" / "p.svg")]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err


def test_import_stays_light_and_svg_needs_no_raster_library():
    code = ("import sys, navlights; assert not {'numpy', 'resvg_py', 'PIL'} & set(sys.modules), sys.modules.keys();"
            "from navlights import api; api.render_svg({'propulsion': 'power', 'length': '200 ft'});"
            "assert not {'resvg_py', 'PIL'} & set(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_docs_examples_run_and_error_line_is_current(tmp_path, capsys, monkeypatch):
    import doctest
    from pathlib import Path
    doc = Path(__file__).resolve().parents[1] / "docs" / "render.md"
    result = doctest.testfile(str(doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 4
    monkeypatch.chdir(tmp_path)
    assert main(["render", "--length", "200 ft", "-o", "night.jpg"]) == 2
    assert capsys.readouterr().err.strip() in doc.read_text()


def test_seaplane_is_drawn_with_fuselage_and_wing_not_a_ship():
    svg = api.render_svg({"propulsion": "power", "seaplane": True, "length": "60 ft"}, "1960", view="night",
                         aspect_deg=30, distance_nm=0.5)
    assert 'class="wing"' in svg and "seaplane" in svg
    assert 'class="house"' not in svg          # no deckhouse on a seaplane


def test_ids_are_written_only_where_the_web_scopes_them():
    """web.pages.scope_ids prefixes ids by plain replacing of `id="`, `url(#` and `href="#`: sound only while no
    other attribute's name ends in "id" and every reference is one of those two forms."""
    import re

    from navlights.web.pages import scope_ids
    for edition, vessel in [("intl-1972", {"propulsion": "power", "length": "200 ft"}),
                            ("intl-1960", {"propulsion": "power", "length": "30 m", "towing": {"tow_length": "700 ft"}}),
                            ("us-inland", {"propulsion": "sail", "length": "10 m"})]:
        for view in ("night", "day", "plan"):
            svg = api.render_svg(vessel, edition, view=view, aspect_deg=30)
            assert re.findall(r'[\w:-]id="', svg) == []
            scoped = scope_ids(svg, "v")
            ids = set(re.findall(r'\bid="([^"]+)"', scoped))
            refs = set(re.findall(r'url\(#([^)]+)\)|href="#([^"]+)"', scoped))
            assert all(i.startswith("v-") for i in ids)
            assert {r for pair in refs for r in pair if r} <= ids


# --- numbers in the SVG: at most two decimals, no trailing zeros, no "-0", 0 for what is not finite ------------

@pytest.mark.parametrize("value,written", [
    (0.0, "0"), (-0.0, "0"), (0.004, "0"), (-0.004, "0"), (0.005, "0.01"), (1.0, "1"), (1.5, "1.5"),
    (1.25, "1.25"), (10.0, "10"), (100.0, "100"), (-3.1, "-3.1"), (2.999, "3"), (-2.999, "-3"), (12.345, "12.35"),
    (float("inf"), "0"), (float("-inf"), "0"), (float("nan"), "0")])
def test_svg_numbers(value: float, written: str) -> None:
    from navlights.render.svg import _n
    assert _n(value) == written


def test_svg_numbers_match_their_definition() -> None:
    hypothesis = pytest.importorskip("hypothesis")
    from hypothesis import strategies as st

    from navlights.render.svg import _n

    @hypothesis.given(st.floats(allow_nan=True, allow_infinity=True))
    @hypothesis.settings(max_examples=500, deadline=None)
    def check(v: float) -> None:
        import math
        if not math.isfinite(v):
            assert _n(v) == "0"
            return
        s = f"{v:.2f}".rstrip("0").rstrip(".")         # two decimals, trailing zeros and a bare point dropped
        assert _n(v) == ("0" if s in ("-0", "") else s)

    check()
