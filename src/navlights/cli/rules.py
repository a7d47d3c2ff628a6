"""Commands `navlights editions`, `navlights rules` and `navlights lights`: the rule base and one display."""

from __future__ import annotations

from typing import Any

import click

from .options import chosen_edition, edition_option, plain_edition_option, say_default, json_option, print_json, vessel_from_options, vessel_options, wide_option


@click.command("editions")
@wide_option
@json_option()
def editions_cmd(wide: bool, as_json: bool) -> None:
    """List the editions: id, title, waters, in-force dates, sources and coverage."""
    from .. import api
    data = api.editions_json()
    if as_json:
        print_json(data)
        return
    from .text import editions_table
    editions_table(data, wide)


@click.command("rules")
@plain_edition_option
@click.option("--provenance", type=click.Choice(["primary", "secondary", "inferred", "gap"]),
              help="only entries of this provenance")
@wide_option
@json_option()
def rules_cmd(edition: str | None, provenance: str | None, wide: bool, as_json: bool) -> None:
    """Every provision of an edition's rule base with its citation and provenance (and the gaps)."""
    from .. import api
    data = api.rules_json(chosen_edition(edition))
    if provenance:
        for key in ("definitions", "kinds", "provisions"):
            data[key] = [r for r in data[key] if r["citation"]["provenance"] == provenance]
    if as_json:
        print_json(data)
        return
    from .text import rules_text
    say_default(edition)
    rules_text(data, wide)


@click.command("lights")
@edition_option
@vessel_options
@wide_option
@json_option("JSON output (schema: docs/schema/display.schema.json)")
def lights_cmd(edition: str | None, wide: bool, as_json: bool, **opts: Any) -> None:
    """The lights and shapes a vessel must or may show under an edition, each with its rule: first in words (by
    night and by day, the alternatives, what she may add, the gaps), then as a table."""
    from .. import api
    data = api.display_json(vessel_from_options(opts), chosen_edition(edition, opts))
    if as_json:
        print_json(data)
        return
    from .lights_text import display_text
    say_default(edition, opts)
    display_text(data, wide)


COMMANDS = (editions_cmd, rules_cmd, lights_cmd)
