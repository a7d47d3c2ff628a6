"""The web app's look (issue 21, points 4, 5, 10, 11): today's rules first, every page in the menu, night mode
written by the server from the first byte, the night palette complete; the browser side is tests/e2e/test_look.py."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from navlights.web import pages
from navlights.web.app import create_app

STYLE = Path(pages.__file__).parent / "static" / "style.css"

#: Every page, as the menu names it (issue 21 point 4: every page reachable from the menu).
MENU = {"/explore": "Explore", "/sounds": "Sounds", "/identify": "Identify", "/compare": "Compare", "/regimes": "Regimes",
        "/train": "Train", "/plan": "Check a plan", "/encounter": "Encounter", "/conduct": "Who gives way?",
        "/editions": "Editions",
        "/docs": "API"}
PAGES = ["/", *MENU]


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "progress.sqlite", seed=7))


def _html_tag(html: str) -> str:
    return re.search(r"<html[^>]*>", html).group()   # type: ignore[union-attr]


def _nav(html: str) -> dict[str, str]:
    nav = re.search(r'<nav aria-label="Pages">(.*?)</nav>', html, re.S).group(1)   # type: ignore[union-attr]
    return dict(re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav))


# --- point 4: today's product ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_the_whole_menu_and_marks_itself(client, path):
    html = client.get(path).text
    assert _nav(html) == MENU
    current = re.findall(r'<a href="([^"]+)" aria-current="page"', html)
    assert current == ([] if path == "/" else [path])
    assert "historical rules" not in html                     # the footer spoke only of the old rules
    assert 'class="skip-link" href="#main"' in html and '<main id="main" tabindex="-1">' in html


def test_home_puts_the_rules_in_force_first_then_the_history(client):
    html = client.get("/").text
    # COLREGs 1972 in force from 15 July 1977; the Inland Navigation Rules from 24 Dec. 1981 (their editions' dates)
    today, history = html.index("The rules in force today"), html.index("History")
    assert today < html.index("1972, as amended") < html.index("US Inland Navigation Rules") < history
    for old in ("intl-1897", "intl-1948", "intl-1960", "gl-1895"):
        assert html.index(old, history) > history
    cards = re.findall(r'<a class="card" href="([^"]+)">', html)
    assert cards == ["/explore", "/identify", "/compare", "/regimes", "/train", "/plan", "/encounter", "/editions",
                     "/docs"]


def test_edition_order_puts_those_in_force_first():
    ids = ["gl-1895", "intl-1897", "intl-1948", "intl-1960", "intl-1972", "us-inland"]
    # today: intl-1972 (from 1977) and us-inland (from 1981); then the high seas' history, then the Great Lakes'
    assert pages.edition_order(ids) == ["intl-1972", "us-inland", "intl-1897", "intl-1948", "intl-1960", "gl-1895"]
    # on 1 Jan. 1960 the 1948 Rules governed the high seas (in force 1954-01-01 to 1965-09-01)
    assert pages.edition_order(ids, date(1960, 1, 1))[0] == "intl-1948"
    assert pages.edition_order(["intl-1960", "us-inland"]) == ["us-inland", "intl-1960"]
    assert [e["id"] for e in pages.edition_choices()][:2] == ["intl-1972", "us-inland"]


def test_compare_page_and_twin_show_the_same_order(client):
    params = {"length": "200 ft", "tonnage": "1000"}
    data = client.get("/compare.json", params=params).json()
    html = client.get("/compare", params=params).text
    heads = re.findall(r'<th scope="col" title="[^"]*"[^>]*>([a-z0-9-]+)', html)
    assert heads == data["editions"]
    assert data["in_force"] == ["intl-1972", "us-inland"]
    assert 'colspan="2" class="group group-current">in force today' in html
    assert 'colspan="4" class="group group-history first-history">history' in html
    for row in data["rows"]:                           # each row's cells follow the columns
        for ed, cell in zip(data["editions"], row["cells"]):
            if cell and not cell.get("absent"):
                assert cell["cite"].startswith(ed), (ed, cell["cite"])


# --- point 5: night mode from the first byte ----------------------------------------------------------------


@pytest.mark.parametrize("cookie, attr, scheme, pressed", [
    (None, "", "light dark", "false"),
    ("night", ' data-theme="night"', "dark", "true"),
    ("light", ' data-theme="light"', "light", "false"),
    ("purple", "", "light dark", "false"),             # not a theme: ignored, the browser decides
])
@pytest.mark.parametrize("path", PAGES)
def test_the_page_is_written_in_the_chosen_theme(client, path, cookie, attr, scheme, pressed):
    if cookie:
        client.cookies.set("navlights_theme", cookie)
    html = client.get(path).text
    assert _html_tag(html) == f'<html lang="en"{attr}>'
    assert f'<meta name="color-scheme" content="{scheme}">' in html
    assert re.search(rf'id="theme-toggle" aria-pressed="{pressed}"', html)


def test_explore_shells_are_kept_per_theme(client):
    params = {"length": "150 ft", "aspect": "30"}
    client.cookies.set("navlights_theme", "night")
    dark = client.get("/explore", params=params).text
    client.cookies.clear()
    light = client.get("/explore", params={**params, "aspect": "31"}).text
    assert 'data-theme="night"' in _html_tag(dark) and "data-theme" not in _html_tag(light)


def test_the_theme_button_works_without_javascript(client):
    r = client.post("/theme", data={"theme": "night"}, headers={"referer": "http://testserver/compare?length=1+m"},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/compare?length=1+m"
    assert "navlights_theme=night" in r.headers["set-cookie"] and "Max-Age=31536000" in r.headers["set-cookie"]
    assert 'data-theme="night"' in client.get("/regimes").text
    r = client.post("/theme", data={"theme": "auto"}, headers={"referer": "http://elsewhere.example/x"},
                    follow_redirects=False)
    assert r.headers["location"] == "/"                # only back to this site
    assert 'navlights_theme=""' in r.headers["set-cookie"]
    assert "data-theme" not in _html_tag(client.get("/").text)


@pytest.mark.parametrize("body", [{"theme": "dark"}, {}, {"theme": "x" * 500}])
def test_a_bad_theme_is_one_line_naming_the_field(client, body):
    r = client.post("/theme", data=body, follow_redirects=False)
    assert r.status_code == 422 and 'data-field="theme"' in r.text
    assert re.search(r"theme: .{0,60} is not a theme; allowed: light, night, auto", r.text)


# --- the night palette ---------------------------------------------------------------------------------------


def _declarations(block: str) -> dict[str, str]:
    return {k: v.strip() for k, v in re.findall(r"(--[a-z0-9-]+)\s*:\s*([^;]+);", block)}


def _blocks() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    css = STYLE.read_text()
    root = re.search(r"^:root \{(.*?)^\}", css, re.S | re.M).group(1)                          # type: ignore[union-attr]
    chosen = re.search(r'^:root\[data-theme="night"\] \{(.*?)^\}', css, re.S | re.M).group(1)  # type: ignore[union-attr]
    preferred = re.search(r'prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme="light"\]\) \{(.*?)\n  \}',
                          css, re.S).group(1)                                                     # type: ignore[union-attr]
    return _declarations(root), _declarations(chosen), _declarations(preferred)


def test_night_mode_sets_every_colour_and_the_two_ways_in_agree():
    root, chosen, preferred = _blocks()
    assert chosen == preferred                  # a choice and the browser's preference give the same palette
    assert set(root) - set(chosen) == set()     # no colour of the day palette is left lit at night
    css = STYLE.read_text()
    used = set(re.findall(r"var\((--[a-z0-9-]+)", css))
    assert used - set(root) == set()


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_night_palette_is_dim_and_red_shifted():
    _, night, _ = _blocks()
    grounds = ["--paper", "--panel", "--head-bg", "--field-bg", "--header-bg", "--picture-bg", "--chip-bg"]
    for name in grounds:                        # near black
        assert _luminance(night[name]) < 0.012, name
    for name in ["--ink", "--muted", "--accent", "--header-ink", "--button-ink", "--gap-ink"]:
        colour = night[name]
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert r > g > b, name                  # red/amber, no blue or green cast
        assert _luminance(colour) < 0.45, name  # dim: well under half of white
        # legible: WCAG contrast of at least 4.5 on every ground
        for ground in grounds:
            ratio = (_luminance(colour) + 0.05) / (_luminance(night[ground]) + 0.05)
            assert ratio >= 4.5, (name, ground, round(ratio, 2))
    assert _luminance(night["--line"]) < 0.02   # borders barely lit


def test_colours_are_written_only_as_the_palettes_variables():
    css = STYLE.read_text()
    outside = re.sub(r"--[a-z0-9-]+\s*:[^;]+;", "", css)            # custom properties removed
    outside = re.sub(r"mask-image:[^;]+;", "", outside)             # masks are shapes, not colours
    assert re.findall(r"#[0-9a-fA-F]{3,8}\b", outside) == []
