"""The navlights command line: every command over api.py, each with --json.

Errors are one line on stderr and exit code 2; never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

import click

from .errors import NavlightsError, VesselError

EXIT_USAGE = 2


def _json_arg(text: str) -> dict[str, Any]:
    if text.startswith("@"):
        path = Path(text[1:])
        try:
            text = path.read_text()
        except OSError as e:
            raise VesselError(f"vessel-json: cannot read '{path}': {e.strerror}", field="vessel-json",
                              value=str(path), allowed="@FILE naming a readable JSON file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise VesselError(f"vessel-json: malformed JSON at line {e.lineno} column {e.colno}: {e.msg}",
                          field="vessel-json", value=text, allowed="a JSON object") from None
    if not isinstance(data, dict):
        raise VesselError(f"vessel-json: expected a JSON object, got {type(data).__name__}",
                          field="vessel-json", value=text, allowed="a JSON object")
    return data


_VESSEL_OPTIONS: list[tuple[tuple[str, ...], dict[str, Any]]] = [
    (("--vessel-json", "vessel_json"), {"help": "the vessel as a JSON object, or @FILE; options below override it"}),
    (("--propulsion",), {"type": click.Choice(["power", "sail", "oars", "none"]), "help": "what drives her now"}),
    (("--seaplane",), {"is_flag": True, "default": None, "help": "a seaplane on the water"}),
    (("--length",), {"help": "length, e.g. '200 ft' or '61 m'"}),
    (("--breadth",), {"help": "breadth, e.g. '30 ft'"}),
    (("--tonnage",), {"type": float, "help": "tons, as the edition measures them"}),
    (("--status",), {"type": click.Choice(["underway", "anchored", "aground", "moored"])}),
    (("--making-way/--not-making-way", "making_way"), {"default": None, "help": "moving through the water"}),
    (("--towing",), {"is_flag": True, "default": None, "help": "towing another vessel"}),
    (("--tow-length",), {"help": "stern of tug to stern of last vessel towed, e.g. '650 ft'"}),
    (("--tow-vessels",), {"type": int, "help": "number of vessels in tow"}),
    (("--tow-raft",), {"is_flag": True, "default": None, "help": "the tow is a raft"}),
    (("--pushing",), {"is_flag": True, "default": None}),
    (("--being-towed",), {"is_flag": True, "default": None}),
    (("--not-last-of-tow",), {"is_flag": True, "default": None, "help": "in tow, but not the last vessel"}),
    (("--being-pushed",), {"is_flag": True, "default": None}),
    (("--not-under-command", "--nuc", "not_under_command"), {"is_flag": True, "default": None}),
    (("--restricted",), {"type": click.Choice(["cable", "survey", "underwater", "navigation-mark", "minesweeping",
                                                "dredging", "replenishment", "aircraft"])}),
    (("--fishing",), {"type": click.Choice(["trawl", "drift-net", "line", "other"]), "help": "engaged in fishing, by method"}),
    (("--gear-extent",), {"help": "horizontal extent of fishing gear, e.g. '500 ft'"}),
    (("--pilot-on-duty",), {"is_flag": True, "default": None}),
    (("--service",), {"type": click.Choice(["harbour-tug", "ferry", "canal-boat", "raft", "st-lawrence-boat",
                                             "pilot-vessel", "warship"])}),
    (("--sails-set",), {"is_flag": True, "default": None, "help": "a power-driven vessel also under sail"}),
    (("--machinery/--no-machinery", "machinery"), {"default": None, "help": "has propelling machinery"}),
    (("--time",), {"type": click.Choice(["night", "day", "restricted-visibility"])}),
]


def vessel_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """Add the vessel-describing options to a command."""
    for decls, kw in reversed(_VESSEL_OPTIONS):
        f = click.option(*decls, **kw)(f)
    return f


def vessel_from_options(opts: dict[str, Any]) -> dict[str, Any]:
    """A vessel mapping from --vessel-json and the vessel options (options win)."""
    raw = opts.pop("vessel_json", None)
    data: dict[str, Any] = _json_arg(raw) if raw else {}
    simple = ["propulsion", "seaplane", "length", "breadth", "tonnage", "status", "making_way", "pushing",
              "being_pushed", "not_under_command", "restricted", "pilot_on_duty", "service", "sails_set",
              "machinery", "time"]
    for k in simple:
        if opts.get(k) is not None:
            data[k] = opts[k]
    tow = {"tow_length": opts.get("tow_length"), "vessels": opts.get("tow_vessels"), "raft": opts.get("tow_raft")}
    tow = {k: v for k, v in tow.items() if v is not None}
    if opts.get("towing") or tow:
        base = data.get("towing") if isinstance(data.get("towing"), dict) else {}
        data["towing"] = {**base, **tow}
    if opts.get("being_towed") or opts.get("not_last_of_tow"):
        base = data.get("being_towed") if isinstance(data.get("being_towed"), dict) else {}
        data["being_towed"] = {**base, **({"last_of_tow": False} if opts.get("not_last_of_tow") else {})}
    if opts.get("fishing") or opts.get("gear_extent"):
        base = data.get("fishing") if isinstance(data.get("fishing"), dict) else {}
        fish = {"method": opts.get("fishing"), "gear_extent": opts.get("gear_extent")}
        data["fishing"] = {**base, **{k: v for k, v in fish.items() if v is not None}}
    if "propulsion" not in data:
        data["propulsion"] = "none" if data.get("being_towed") or data.get("being_pushed") else "power"
    return data


def _print_json(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2, ensure_ascii=False))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="navlights")
def cli() -> None:
    """navlights: what lights and shapes a vessel shows, under each historical edition of the rules."""


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="JSON output")
def editions(as_json: bool) -> None:
    """List the editions: id, title, waters, in-force dates, sources and coverage."""
    from . import api
    data = api.editions_json()
    if as_json:
        _print_json(data)
        return
    from .textout import editions_table
    editions_table(data)


@cli.command()
@click.option("--edition", "-e", default="intl-1960", show_default=True, help="edition id or alias (e.g. 1960)")
@vessel_options
@click.option("--json", "as_json", is_flag=True, help="JSON output (schema: docs/schema/display.schema.json)")
def lights(edition: str, as_json: bool, **opts: Any) -> None:
    """The lights and shapes a vessel must or may show under an edition, each with its rule."""
    from . import api
    data = api.display_json(vessel_from_options(opts), edition)
    if as_json:
        _print_json(data)
        return
    from .textout import display_table
    display_table(data)


_CHOOSE_HELP = ("typical: required items, first option of each group, standard scheme; "
                "all: every item, flagged (docs/view.md)")


@cli.command("view")
@click.option("--edition", "-e", default="intl-1960", show_default=True, help="edition id or alias (e.g. 1960)")
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
              help=_CHOOSE_HELP)
@click.option("--period", "period", type=click.Choice(["night", "day"]),
              help="night: lights; day: shapes (default: day if --time day, else night)")
@click.option("--json", "as_json", is_flag=True, help="JSON output (schema: docs/schema/picture.schema.json)")
def view_cmd(edition: str, aspect: float, distance: float | None, eye_height: float | None,
             visibility: float | None, edge_tol: float, choose: str, period: str | None, as_json: bool,
             **opts: Any) -> None:
    """What an observer sees of a vessel from a given aspect and distance, left to right."""
    from . import api
    data = api.view_json(vessel_from_options(opts), edition, aspect_deg=aspect, distance_nm=distance,
                         eye_height_m=eye_height, visibility_nm=visibility, edge_tol_deg=edge_tol,
                         choose=choose, period=period)
    if as_json:
        _print_json(data)
        return
    from .engines.view import picture_text
    for line in picture_text(data):
        click.echo(line)


@cli.command("sectors")
@click.option("--edition", "-e", default="intl-1960", show_default=True, help="edition id or alias (e.g. 1960)")
@vessel_options
@click.option("--choose", "choose", type=click.Choice(["typical", "all"]), default="typical", show_default=True,
              help=_CHOOSE_HELP)
@click.option("--period", "period", type=click.Choice(["night", "day"]),
              help="night: lights; day: shapes (default: day if --time day, else night)")
@click.option("--json", "as_json", is_flag=True, help="JSON output (schema: docs/schema/sectors.schema.json)")
def sectors_cmd(edition: str, choose: str, period: str | None, as_json: bool, **opts: Any) -> None:
    """The aspect sectors within which the picture does not change, clockwise from right ahead."""
    from . import api
    data = api.sectors_json(vessel_from_options(opts), edition, choose=choose, period=period)
    if as_json:
        _print_json(data)
        return
    click.echo(f"{data['description']} ({data['edition']}, {data['period']}, choose={data['choose']})")
    click.echo("Aspect (your bearing from her, clockwise from her bow); [ ] includes the end, ( ) excludes it:")
    width = max(len(s["label"]) for s in data["sectors"])
    for s in data["sectors"]:
        seen = ", ".join(f"{r} ({c})" for r, c in zip(s["roles"], s["colours"])) or "nothing"
        click.echo(f"  {s['label']:<{width}}  {seen}")


@cli.command("rules")
@click.option("--edition", "-e", default="intl-1960", show_default=True, help="edition id or alias (e.g. 1960)")
@click.option("--provenance", type=click.Choice(["primary", "secondary", "inferred", "gap"]),
              help="only entries of this provenance")
@click.option("--json", "as_json", is_flag=True, help="JSON output")
def rules_cmd(edition: str, provenance: str | None, as_json: bool) -> None:
    """Every provision of an edition's rule base with its citation and provenance (and the gaps)."""
    from . import api
    data = api.rules_json(edition)
    if provenance:
        for key in ("definitions", "kinds", "provisions"):
            data[key] = [r for r in data[key] if r["citation"]["provenance"] == provenance]
    if as_json:
        _print_json(data)
        return
    from .textout import rules_text
    rules_text(data)


@cli.command("compare")
@click.option("--editions", "editions_", help="comma-separated edition ids or aliases (default: all)")
@vessel_options
@click.option("--json", "as_json", is_flag=True, help="JSON output")
def compare_cmd(editions_: str | None, as_json: bool, **opts: Any) -> None:
    """One vessel under every edition, oldest first, and what changed between them, with both cites."""
    from . import api
    eds = [e.strip() for e in editions_.split(",")] if editions_ else None
    c = api.compare(vessel_from_options(opts), eds)
    if as_json:
        _print_json(c.to_dict())
        return
    from .textout import comparison_text
    comparison_text(c.to_dict())


@cli.command("changes")
@click.argument("edition_a")
@click.argument("edition_b")
@click.option("--json", "as_json", is_flag=True, help="JSON output")
def changes_cmd(edition_a: str, edition_b: str, as_json: bool) -> None:
    """What changed from EDITION_A to EDITION_B, derived from the rule data: each difference once, with the
    situations it touches (--json: every difference by vessel situation)."""
    from . import api
    log = api.changes(edition_a, edition_b)
    if as_json:
        _print_json(log)
        return
    from .textout import changes_text
    changes_text(api.edition(edition_a).id, api.edition(edition_b).id, log)


@cli.command("governing")
@click.option("--date", "date", required=True, help="YYYY-MM-DD, e.g. 1956-07-25")
@click.option("--waters", "waters", required=True, type=click.Choice(["high-seas", "great-lakes", "us-inland"]))
@click.option("--json", "as_json", is_flag=True, help="JSON output")
def governing_cmd(date: str, waters: str, as_json: bool) -> None:
    """Which edition governed on a date in the given waters, from each edition's recorded in-force dates."""
    from . import api
    g = api.governing(date, waters)
    if as_json:
        _print_json(g.to_dict())
        return
    click.echo(f"{g.date} in {g.waters}: {g.text}")
    click.echo(f"basis: {g.basis}")


def _load_feature_commands() -> None:
    """Commands kept in their own modules (identify, render, serve), registered on the group."""
    import importlib
    for name in ("cli_identify", "cli_render", "cli_web"):
        try:
            importlib.import_module(f"navlights.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"navlights.{name}":
                raise


_load_feature_commands()


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every error into one line and exit code 2."""
    try:
        cli.main(args=argv, prog_name="navlights", standalone_mode=False)
    except click.exceptions.Exit as e:
        return e.exit_code
    except click.exceptions.Abort:
        click.echo("navlights: aborted", err=True)
        return 1
    except click.ClickException as e:
        click.echo(f"navlights: error: {e.format_message()}", err=True)
        return EXIT_USAGE
    except NavlightsError as e:
        click.echo(f"navlights: error: {e}", err=True)
        return EXIT_USAGE
    except BrokenPipeError:
        return 0
    except Exception as e:  # pragma: no cover - the last guard against a traceback
        if os.environ.get("NAVLIGHTS_DEBUG"):
            raise
        click.echo(f"navlights: internal error: {type(e).__name__}: {e} (set NAVLIGHTS_DEBUG=1 for details)",
                   err=True)
        return 70
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
