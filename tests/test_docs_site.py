"""The documentation site builds strict (no warning: no broken link, no missing page, no docstring that fails to
render) and holds what the software says: every command's help, the API's docstrings, every edition's coverage,
every JSON schema, and nothing fetched from the network."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from docs_site import ROOT, build, missing

if missing():
    pytest.skip(f"the docs extra is not installed ({missing()} missing): pip install -e '.[docs]'",
                allow_module_level=True)


@pytest.fixture(scope="module")
def site() -> Path:
    built = build()
    assert built.returncode == 0, built.log[-4000:]
    return built.site


def page(site: Path, name: str) -> str:
    return (site / name / "index.html" if name else site / "index.html").read_text(encoding="utf-8")


def test_strict_build_has_no_warning():
    built = build()
    assert built.returncode == 0, built.log[-4000:]
    assert not [line for line in built.log.splitlines() if line.startswith(("WARNING", "ERROR"))], built.log


@pytest.mark.parametrize("name", ["", "guide/lights", "guide/identify", "guide/compare", "guide/plan",
                                  "guide/traffic", "guide/web", "cli", "reference/api", "reference/models",
                                  "reference/schemas", "reference/rulebase", "reference/rulebase-format", "coverage", "news",
                                  "design", "view", "identify", "render", "plan", "traffic", "web"])
def test_every_page_of_the_nav_is_built(site, name):
    assert "<h1" in page(site, name)


def test_the_cli_reference_is_every_commands_own_help(site):
    import click

    from navlights.cli import cli

    html = page(site, "cli")
    shown = text(html)
    ctx = click.Context(cli, info_name="navlights")
    names = cli.list_commands(ctx)
    assert len(names) >= 19          # ais ... view, as `navlights --help` lists them
    for name in names:
        assert f'id="navlights-{name}"' in html, name
        assert f"Usage: navlights {name} [OPTIONS]" in shown, name       # the command's own --help, walked
    assert "--json" in shown and "Show this message and exit." in shown


def test_the_api_reference_shows_the_facades_docstrings(site):
    html = page(site, "reference/api")
    # navlights.api.display's docstring, and the function's own heading
    assert "The lights and shapes the vessel shows under the edition, each cited." in html
    assert 'id="navlights.api.display"' in html
    for name in ("identify", "compare", "view", "changes", "governing", "check_plan"):
        assert f'id="navlights.api.{name}"' in html, name
    assert 'id="navlights.api._as_display"' not in html          # private names left out
    assert '<span class="gp">&gt;&gt;&gt; </span>' in html        # the doctests shown as a console, not as Markdown


def test_the_models_page_documents_the_vessel_and_the_display(site):
    html = page(site, "reference/models")
    for name in ("navlights.vessel.Vessel", "navlights.model.Display", "navlights.model.Item",
                 "navlights.model.Citation", "navlights.errors.NavlightsError"):
        assert f'id="{name}"' in html, name
    shown = text(html)
    # the vessel's fields by the names a dict takes, read from the model (docs_hooks.py, navlights-fields)
    assert "Fields of Vessel" in shown and "Fields of Display" in shown and "Fields of Item" in shown
    assert "propulsionone of power, sail, oars, nonerequired" in shown.replace("\n", "")
    assert "length (attribute length_m)" in shown
    assert ":func:" not in shown and ":data:" not in shown          # Sphinx roles written as code


def test_the_rule_base_page_reports_every_editions_coverage(site):
    from navlights import api

    html = page(site, "reference/rulebase")
    for ed in api.editions():
        assert ed.id in html, ed.id
    # the four provenances are each explained (docs: "What the provenance says")
    for word in ("primary", "secondary", "inferred", "gap"):
        assert f"<strong>{word}</strong>" in html, word
    # each edition's coverage as `navlights editions` counts it (the page is that command's output, made at build)
    for ed in api.editions_json():
        assert f"{ed['coverage']['primary']} primary" in html, ed["id"]


def test_every_json_schema_is_published_and_shown(site):
    html = page(site, "reference/schemas")
    for path in sorted((ROOT / "docs" / "schema").glob("*.schema.json")):
        assert (site / "schema" / path.name).read_bytes() == path.read_bytes()
        assert f'href="../../schema/{path.name}"' in html, path.name


def text(html: str) -> str:
    """The page's text, tags (the code highlighter's spans among them) taken out."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def test_guide_examples_are_the_commands_real_output(site):
    shown = text(page(site, "guide/identify"))
    assert '$ navlights identify "W/W/W R" --edition 1960' in shown
    assert "You saw: W/W/W R (three white lights in a vertical line;" in shown
    assert "navlights: error: notation: unknown light or shape 'Q'" in shown     # the bad-input example, exit 2
    plan = text(page(site, "guide/plan"))
    assert "NOT COMPLIANT under intl-1972" in plan and "COMPLIANT under intl-1972: 0 fail" in plan


def test_nothing_is_fetched_from_the_network(site):
    """No web font (theme.font: false) and no script or stylesheet from another host."""
    for html in site.rglob("*.html"):
        text = html.read_text(encoding="utf-8")
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text, html
        assert not re.search(r'<(?:script|link)[^>]+(?:src|href)="(?:https?:)?//', text), html
