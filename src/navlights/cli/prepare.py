"""Command `navlights prepare`: make ahead what a first command would otherwise make (``make`` runs it)."""

from __future__ import annotations

import click

from .layout import fitted_text
from .options import json_option, print_json


@click.command("prepare")
@click.option("--dir", "directory", type=click.Path(file_okay=False), default=None,
              help="where (default: $NAVLIGHTS_PREPARED_DIR, else <sys.prefix>/share/navlights, e.g. .venv/share/navlights)")
@json_option()
@fitted_text
def prepare_cmd(directory: str | None, as_json: bool) -> None:
    """Compile every edition and build every identification index ahead, so that no command builds them.

    Every command reads this directory (and never writes it); entries are keyed by the rule data and the code,
    so after a change they are not used until prepared again (or built into the user's cache on first use).
    """
    from .. import api
    data = api.prepare(directory)
    if as_json:
        print_json(data)
        return
    click.echo(f"navlights: prepared {len(data['editions'])} editions and their identification indexes in "
               f"{data['directory']} ({len(data['indexes_written'])} indexes built)")


COMMANDS = (prepare_cmd,)
