"""Command `navlights identify`: from the lights seen to every vessel, edition and aspect that fits."""

from __future__ import annotations

import click

from ..errors import NavlightsError, NotationError
from .layout import fitted_text
from .options import json_option, print_json, read_text_file


def _read_picture(text: str) -> str:
    """The NOTATION argument, or the JSON in @FILE."""
    if not text.startswith("@"):
        return text
    try:
        return read_text_file(text[1:], "picture")
    except NavlightsError as e:
        raise NotationError(str(e), field="picture", value=e.value, allowed="@FILE naming a JSON file") from None


@click.command("identify")
@click.argument("notation")
@click.option("--edition", "-e", default=None,
              help="one edition id or alias, or 'all' (default: every edition, the rules in force today first)")
@click.option("--limit", "-n", type=click.IntRange(min=0), default=20, show_default=True,
              help="show at most N lines, one per meaning (0: all)")
@click.option("--exact", "exact_only", is_flag=True, help="exact matches only, no near matches")
@click.option("--bearing", "-b", default=None, metavar="DEG",
              help="her bearing on your bow (0-360, clockwise from right ahead): the verdict adds who gives way")
@click.option("--own", default="power", show_default=True,
              help="what own vessel is, for --bearing (power, sail, fishing, nuc, ram, cbd...)")
@json_option("JSON output (schema: docs/schema/identify.schema.json)")
@fitted_text
def identify_cmd(notation: str, edition: str | None, limit: int, exact_only: bool, bearing: str | None, own: str,
                 as_json: bool) -> None:
    """Every vessel, edition and aspect that shows the lights you saw: one line per meaning, ranked (the likely
    vessel first, the rules in force today before history), each with why it ranks there and what each light
    says, with its rule.

    NOTATION, left to right as you see them: W R G Y B for white, red, green, yellow, blue
    lights; '/' for a vertical line, top first ('W/W/W', 'R/G' red over green); spaces between
    separate lights; '<' '>' '=' between them for their heights ('W > W': the lower one is to the
    right). By day: O ball, D diamond, ^ and V cones, X double cone ('red-ball/white-diamond/red-ball').
    JSON with coordinates, or @FILE holding it, also works (docs/identify.md).

    \b
    Examples:
      navlights identify "W/W/W R" --edition 1960
      navlights identify "W > W" --limit 5
      navlights identify "G < W/W > R" --json
      navlights identify "W > W G" -e intl-1972 --bearing 45
    """
    from .. import api
    data = api.identify_json(_read_picture(notation), edition, near=not exact_only, limit=limit or None,
                             cache_dir=api.identify_cache_dir(), bearing=bearing, own=own)
    if as_json:
        print_json(data)
        return
    from .text import identify_text
    identify_text(data)


COMMANDS = (identify_cmd,)
