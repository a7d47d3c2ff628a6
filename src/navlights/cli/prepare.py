"""Command `navlights prepare`: make ahead what a first command would otherwise make (``make`` runs it)."""

from __future__ import annotations

import click

from .layout import fitted_text
from .options import json_option, print_json


@click.command("prepare")
@click.option("--dir", "directory", type=click.Path(file_okay=False), default=None,
              help="where (default: $NAVLIGHTS_PREPARED_DIR, else <sys.prefix>/share/navlights, e.g. .venv/share/navlights)")
@click.option("--no-ais", "no_ais", is_flag=True,
              help="leave out the AIS-to-lights tables (made for the editions in force since AIS began, 2002, with each key's readings: about 50 s of CPU each)")
@json_option()
@fitted_text
def prepare_cmd(directory: str | None, no_ais: bool, as_json: bool) -> None:
    """Compile every edition and build every identification index and AIS-to-lights table ahead, so that no
    command builds them.

    Every command reads this directory (and never writes it); entries are keyed by the rule data and the code,
    so after a change they are not used until prepared again (or built into the user's cache on first use).
    """
    from .. import api
    data = api.prepare(directory, ais=not no_ais)
    if as_json:
        print_json(data)
        return
    click.echo(f"navlights: prepared {len(data['editions'])} editions and their identification indexes in "
               f"{data['directory']} ({len(data['indexes_written'])} indexes built, "
               f"{len(data.get('ais_tables_written', []))} AIS-to-lights tables)")


COMMANDS = (prepare_cmd,)
