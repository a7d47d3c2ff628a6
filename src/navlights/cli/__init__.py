"""The navlights command line: every command over the facade (``navlights.api``), each with ``--json``.

One module per command group, each command registered here by name (nothing is imported for its side
effects; a module loads when one of its commands runs): :mod:`.rules` (editions, rules, lights), :mod:`.view`
(view, sectors), :mod:`.identify`, :mod:`.render` (render, gallery), :mod:`.compare` (compare, changes,
differences, governing), :mod:`.plan` (check-plan), :mod:`.scene` (scene, encounter),
:mod:`.traffic` (ais, ais-batch), :mod:`.conduct`, :mod:`.serve`, :mod:`.prepare`. Shared
options live in :mod:`.options`, every command's text output in :mod:`.text`. Only click loads at start;
the facade loads when a command runs, rich when a table is printed.

Errors are one line on stderr and exit code 2; never a traceback.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import os

import click

from ..errors import NavlightsError
from .options import EXIT_USAGE

#: Each command's module in this package (its ``COMMANDS`` define it; a test checks the table against them). A
#: command's module is imported when the command runs or its help is shown, so a start builds one module's
#: options, not every command's.
COMMAND_MODULES = {
    "editions": "rules", "rules": "rules", "lights": "rules", "view": "view", "sectors": "view",
    "identify": "identify", "render": "render", "gallery": "render", "compare": "compare", "changes": "compare",
    "differences": "compare", "governing": "compare", "check-plan": "plan", "serve": "serve", "prepare": "prepare",
    "scene": "scene", "encounter": "scene", "ais": "traffic", "ais-batch": "traffic",
    "conduct": "conduct",
    "signals": "signals", "manoeuvring": "signals", "heard": "signals",
}


class _Commands(click.Group):
    """The command group, importing a command's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMAND_MODULES)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            module = importlib.import_module(f"{__name__}.{COMMAND_MODULES[cmd_name]}")
            for command in module.COMMANDS:
                self.add_command(command)
        return self.commands.get(cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                             list[str]]:
        """A misspelled command: one line naming it, with the closest commands ("did you mean")."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib
            close = difflib.get_close_matches(name, self.list_commands(ctx), n=3, cutoff=0.6)
            hint = f"; did you mean {' or '.join(close)}?" if close else " (navlights --help lists them)"
            ctx.fail(f"no such command '{name}'{hint}")
        return super().resolve_command(ctx, args)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="navlights")
def cli() -> None:
    """navlights: what lights and shapes a vessel shows, and what a light seen means, under the rules in force
    today (intl-1972, the COLREGs; us-inland with --waters) by default, or under a past edition (-e 1960)."""


def _fast_exit() -> None:
    """At the process's exit, skip the cyclic garbage collection over everything still alive (pydantic's schemas,
    every module): the process ends, so nothing is gained by it, and it was about 15 ms of every command's CPU.
    ``gc.freeze`` runs as an exit handler, so a program that calls :func:`main` and goes on is not affected."""
    if not _EXIT_HANDLER:
        atexit.register(gc.freeze)
        _EXIT_HANDLER.append(True)


_EXIT_HANDLER: list[bool] = []


#: The cyclic collector's first threshold while a command runs (Python's default is 700): importing pydantic
#: and building the models allocates hundreds of thousands of objects, none of them garbage, and the default
#: ran the collector over them again and again (about 8 ms of each start). Restored when the command ends.
GC_THRESHOLD = 50_000


#: pydantic's documented switch for its plugins: navlights uses none, and looking for them reads every installed
#: package's entry points (about 10 ms of each start). A plugin the user names in the variable still loads.
PLUGINS_OFF_ENV = "PYDANTIC_DISABLE_PLUGINS"


def _promote() -> None:
    """Move what the command made into the oldest generation, unscanned (``gc.freeze`` then ``gc.unfreeze``: two
    list splices), unless objects are frozen already (the caller's: left so). Restoring the threshold with the
    command's tens of thousands of objects still young ran a collection over them at the caller's next allocation
    (about 4 ms, before the process exits); they are examined at the next full collection instead."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every error into one line and exit code 2."""
    os.environ.setdefault(PLUGINS_OFF_ENV, "__all__")
    _fast_exit()
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], GC_THRESHOLD), *threshold[1:])
    try:
        return _run(argv)
    finally:
        _promote()
        gc.set_threshold(*threshold)


#: The exit status when the reader of standard output goes away (``navlights editions | head -1``): 141, as a
#: shell reports a program that SIGPIPE ended (128 + 13), so that it is never 1 (check-plan's "not compliant").
EXIT_PIPE = 141


def _pipe_closed() -> int:
    """Standard output's reader went away: what is left unwritten goes to the null device (so that the flush at
    exit raises nothing, as Python's documentation of SIGPIPE advises), quietly; :data:`EXIT_PIPE`."""
    import sys
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return EXIT_PIPE


def _run(argv: list[str] | None) -> int:
    import sys
    try:
        rc = cli.main(args=argv, prog_name="navlights", standalone_mode=False)
        sys.stdout.flush()           # a closed pipe shows here, not in the flush at exit
        if isinstance(rc, int):      # a command that ends with click.exceptions.Exit(code), e.g. check-plan's 1
            return rc
    except click.exceptions.Exit as e:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            return _pipe_closed()
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
        return _pipe_closed()
    except SystemExit as e:          # click and rich end a command whose pipe closed with exit(1)
        if isinstance(e.__context__, BrokenPipeError):
            return _pipe_closed()
        raise
    except Exception as e:  # pragma: no cover - the last guard against a traceback
        if os.environ.get("NAVLIGHTS_DEBUG"):
            raise
        click.echo(f"navlights: internal error: {type(e).__name__}: {e} (set NAVLIGHTS_DEBUG=1 for details)",
                   err=True)
        return 70
    return 0


__all__ = ["cli", "main"]

