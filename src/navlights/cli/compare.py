"""Commands `navlights compare`, `navlights changes`, `navlights differences` and `navlights governing`: the editions side by side."""

from __future__ import annotations

from typing import Any

import click

from ..api import WATERS
from .options import all_option, json_option, print_json, vessel_from_options, vessel_options


@click.command("compare")
@click.option("--editions", "editions_", help="comma-separated edition ids or aliases (default: all)")
@vessel_options
@json_option()
def compare_cmd(editions_: str | None, as_json: bool, **opts: Any) -> None:
    """One vessel under every edition, today's rules first, then the history (as the web app lists them); what
    changed along each waters' succession (1897 -> 1948 -> 1960 -> 1972 on the high seas), and the editions of different waters side by side as regimes, never as changes in time. Both
    cites on every difference; a fact an edition needs and the vessel lacks (tonnage, vessels in tow) is asked for."""
    from .. import api
    eds = [e.strip() for e in editions_.split(",")] if editions_ else None
    data = api.compare_json(vessel_from_options(opts), eds)
    if as_json:
        print_json(data)
        return
    from .text import comparison_text
    comparison_text(data)


@click.command("changes")
@click.argument("edition_a")
@click.argument("edition_b")
@all_option("difference")
@json_option()
def changes_cmd(edition_a: str, edition_b: str, show_all: bool, as_json: bool) -> None:
    """What changed from EDITION_A to EDITION_B, derived from the rule data: each difference once, with the
    situations it touches (--json: every difference by vessel situation)."""
    from .. import api
    from ..errors import NavlightsError
    pointer = api.regimes_pointer(edition_a, edition_b)
    if pointer:
        raise NavlightsError(pointer, field="edition_b", value=edition_b)
    log = api.changes(edition_a, edition_b)
    if as_json:
        print_json(log)
        return
    from .lists import changes_text
    changes_text(api.edition(edition_a).id, api.edition(edition_b).id, log, show_all)


@click.command("differences")
@click.argument("edition_a")
@click.argument("edition_b")
@all_option("difference")
@json_option()
def differences_cmd(edition_a: str, edition_b: str, show_all: bool, as_json: bool) -> None:
    """Two regimes in force together, side by side, as a whole list: every difference between EDITION_A and
    EDITION_B (editions of different waters, e.g. intl-1972 us-inland) over every representative vessel, each
    once with the situations it touches and both cites; never a change in time (for that: `navlights changes`)."""
    from .. import api
    data = api.differences_json(edition_a, edition_b)
    if as_json:
        print_json(data)
        return
    from .lists import differences_text
    differences_text(data, show_all)


@click.command("governing")
@click.option("--date", "date", required=True, help="YYYY-MM-DD, e.g. 1956-07-25")
@click.option("--waters", "waters", required=True, type=click.Choice(list(WATERS)))
@json_option()
def governing_cmd(date: str, waters: str, as_json: bool) -> None:
    """Which edition governed on a date in the given waters, from each edition's recorded in-force dates."""
    from .. import api
    data = api.governing(date, waters).to_dict()
    if as_json:
        print_json(data)
        return
    from .text import governing_text
    governing_text(data)


COMMANDS = (compare_cmd, changes_cmd, differences_cmd, governing_cmd)
