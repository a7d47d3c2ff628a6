"""Commands `navlights view` and `navlights sectors`: what an observer sees, and where the picture holds."""

from __future__ import annotations

from typing import Any

import click

from .options import (CHOOSE_HELP, PERIOD_HELP, chosen_edition, edition_option, say_default, json_option, print_json, vessel_from_options,
                      vessel_options)


@click.command("view")
@edition_option
@vessel_options
@click.option("--aspect", "aspect", required=True, type=float,
              help="your bearing from her, degrees clockwise from her bow: 0 dead ahead, 90 her starboard beam")
@click.option("--distance", "distance", type=float, help="how far off she is, nautical miles (default: no range test)")
@click.option("--eye-height", "eye_height", type=float, help="your height of eye, metres (adds the geographic range)")
@click.option("--visibility", "visibility", type=float,
              help="meteorological visibility, nautical miles (luminous range by Allard's law)")
@click.option("--edge-tol", "edge_tol", type=float, default=3.0, show_default=True,
              help="flag lights within this many degrees of an arc end as 'edge'")
@click.option("--choose", "choose", type=click.Choice(["typical", "all"]), default="typical", show_default=True,
              help=CHOOSE_HELP)
@click.option("--period", "period", type=click.Choice(["night", "day"]), help=PERIOD_HELP)
@json_option("JSON output (schema: docs/schema/picture.schema.json)")
def view_cmd(edition: str | None, aspect: float, distance: float | None, eye_height: float | None,
             visibility: float | None, edge_tol: float, choose: str, period: str | None, as_json: bool,
             **opts: Any) -> None:
    """What an observer sees of a vessel from a given aspect and distance, left to right."""
    from .. import api
    data = api.view_json(vessel_from_options(opts), chosen_edition(edition, opts), aspect_deg=aspect, distance_nm=distance,
                         eye_height_m=eye_height, visibility_nm=visibility, edge_tol_deg=edge_tol,
                         choose=choose, period=period)
    if as_json:
        print_json(data)
        return
    from .text import picture_text
    say_default(edition, opts)
    picture_text(data)


@click.command("sectors")
@edition_option
@vessel_options
@click.option("--choose", "choose", type=click.Choice(["typical", "all"]), default="typical", show_default=True,
              help=CHOOSE_HELP)
@click.option("--period", "period", type=click.Choice(["night", "day"]), help=PERIOD_HELP)
@json_option("JSON output (schema: docs/schema/sectors.schema.json)")
def sectors_cmd(edition: str | None, choose: str, period: str | None, as_json: bool, **opts: Any) -> None:
    """The aspect sectors within which the picture does not change, clockwise from right ahead."""
    from .. import api
    data = api.sectors_json(vessel_from_options(opts), chosen_edition(edition, opts), choose=choose, period=period)
    if as_json:
        print_json(data)
        return
    from .text import sectors_text
    say_default(edition, opts)
    sectors_text(data)


COMMANDS = (view_cmd, sectors_cmd)
