"""CLI command `navlights identify`: from the lights seen to every vessel, edition and aspect that fits."""

from __future__ import annotations

from pathlib import Path

import click

from .cli import _print_json, cli
from .errors import NotationError


def _read_picture(text: str) -> str:
    """The NOTATION argument, or the JSON in @FILE."""
    if not text.startswith("@"):
        return text
    path = Path(text[1:])
    try:
        return path.read_text()
    except OSError as e:
        raise NotationError(f"picture: cannot read '{path}': {e.strerror}", field="picture", value=str(path),
                            allowed="@FILE naming a readable JSON file") from None


@cli.command("identify")
@click.argument("notation")
@click.option("--edition", "-e", default=None, help="one edition id or alias (default: every edition)")
@click.option("--limit", "-n", type=click.IntRange(min=0), default=20, show_default=True,
              help="show at most N hypotheses (0: all)")
@click.option("--exact", "exact_only", is_flag=True, help="exact matches only, no near matches")
@click.option("--json", "as_json", is_flag=True, help="JSON output (schema: docs/schema/identify.schema.json)")
def identify_cmd(notation: str, edition: str | None, limit: int, exact_only: bool, as_json: bool) -> None:
    """Every vessel, edition and aspect that shows the lights you saw, ranked, with their rules.

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
    """
    from . import api
    from .engines.identify import default_cache_dir

    data = api.identify_json(_read_picture(notation), edition, near=not exact_only, limit=limit or None,
                             cache_dir=str(default_cache_dir()))
    if as_json:
        _print_json(data)
        return
    q = data["query"]
    click.echo(f"You saw: {q['notation']} ({q['words']}; {q['period']})")
    eds = ", ".join(data["editions"])
    shown = data["returned"]
    more = f"; showing {shown} (--limit 0 for all)" if shown < data["total"] else ""
    click.echo(f"{data['exact']} exact and {data['near']} near reading(s) under {eds}{more}.")
    if not data["hypotheses"]:
        click.echo("No vessel in the rule base shows this picture, nor one light more or less.")
        return
    for n, h in enumerate(data["hypotheses"], 1):
        head = f"{n:>3}. {h['score']:.2f} {h['match']:<12} {h['edition']:<9} {h['class']}"
        click.echo(head)
        if h["also"]:
            click.echo(f"       also read as: {', '.join(h['also'])}")
        if h["variant"]:
            click.echo(f"       lit: {'; '.join(h['variant'])}")
        where = ", ".join(a["label"] for a in h["aspects"])
        click.echo(f"       she shows {h['picture']} at aspect {where} (sector {h['sector']['label']}): "
                   f"{h['heading']}")
        if h["remark"]:
            click.echo(f"       {h['remark']}")
        click.echo(f"       rules: {'; '.join(h['rules']) or '-'}")
        if h["gaps"]:
            click.echo(f"       not known (gaps): {'; '.join(h['gaps'])}")
    click.echo("Aspect: your bearing from her, clockwise from her bow (0 dead ahead, 90 her starboard beam); "
               "positions are a typical placement (assumed).")
