"""Command `navlights check-plan`: a ship's lighting plan checked against the rules (docs/plan.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..errors import PlanError
from .options import all_option, json_option, print_json, wide_option

EXIT_NOT_COMPLIANT = 1


def read_plan_file(path: str) -> Any:
    """The parsed plan: JSON, or TOML for a .toml file; ``-`` reads JSON from standard input."""
    import tomllib                   # here, not at the top: every command's start would pay for it
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text()
    except OSError as e:
        raise PlanError(f"plan: cannot read '{path}': {e.strerror}", field="plan", value=path,
                        allowed="a readable JSON or TOML file") from None
    except UnicodeDecodeError:
        raise PlanError(f"plan: '{path}' is not UTF-8 text", field="plan", value=path) from None
    try:
        if path.endswith(".toml"):
            return tomllib.loads(text)
        return json.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PlanError(f"plan: malformed TOML: {e}", field="plan", value=path) from None
    except json.JSONDecodeError as e:
        raise PlanError(f"plan: malformed JSON at line {e.lineno} column {e.colno}: {e.msg}", field="plan",
                        value=path) from None
    except RecursionError:
        raise PlanError("plan: nested too deep", field="plan", value=path) from None


@click.command("check-plan")
@click.argument("plan")
@click.option("--html", "html", type=click.Path(dir_okay=False), help="also write a printable HTML report here")
@all_option("finding")
@wide_option
@json_option()
def check_plan_cmd(plan: str, html: str | None, show_all: bool, wide: bool, as_json: bool) -> None:
    """Check a lighting plan (JSON or TOML; - for stdin) against its edition's rules, state by state.

    Exit 0 when it complies, 1 when it does not, 2 when the plan cannot be read.
    """
    from .. import api
    report = api.check_plan(read_plan_file(plan))
    if html:
        Path(html).write_text(api.plan_report_html(report))
    if as_json:
        print_json(report.to_dict())
    else:
        from .lists import plan_text
        plan_text(report.to_dict(), show_all, wide)
    if not report.compliant:
        raise click.exceptions.Exit(EXIT_NOT_COMPLIANT)


COMMANDS = (check_plan_cmd,)
