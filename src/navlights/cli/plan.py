"""Command `navlights check-plan`: a ship's lighting plan checked against the rules (docs/plan.md)."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..errors import PlanError
from .options import all_option, check_output, json_option, print_json, wide_option, write_output

EXIT_NOT_COMPLIANT = 1


#: The largest plan file read (a plan is a few kilobytes; the web takes at most 64 KiB).
MAX_PLAN_BYTES = 1024 * 1024


def read_plan_file(path: str) -> Any:
    """The parsed plan: JSON, or TOML for a .toml file; ``-`` reads JSON from standard input. A file that cannot be
    read, is not UTF-8 text, is over 1 MiB or is not well-formed is one line naming it (exit 2)."""
    import tomllib                   # here, not at the top: every command's start would pay for it
    from .. import api
    name = "standard input" if path == "-" else f"'{path}'"
    if path != "-":
        api.regular_file(path, "plan", PlanError)
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_PLAN_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_PLAN_BYTES + 1)
    except OSError as e:
        raise PlanError(f"plan: cannot read {name}: {e.strerror or type(e).__name__}", field="plan", value=path,
                        allowed="a readable JSON or TOML file") from None
    if len(raw) > MAX_PLAN_BYTES:
        raise PlanError(f"plan: {name} is over {MAX_PLAN_BYTES // 1024} KiB; allowed: a lighting plan (JSON or "
                        "TOML, a few kilobytes)", field="plan", value=path, allowed="at most 1 MiB") from None
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise PlanError(f"plan: {name} is not UTF-8 text; allowed: a JSON or TOML file", field="plan",
                        value=path) from None
    if not text.strip():
        raise PlanError(f"plan: {name} is empty; allowed: a JSON or TOML lighting plan", field="plan", value=path)
    try:
        if path.endswith(".toml"):
            return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PlanError(f"plan: {name}: malformed TOML: {e}", field="plan", value=path) from None
    except ValueError:              # an integer past Python's 4,300 digits
        raise PlanError(f"plan: {name}: an integer of more than {api.MAX_INT_DIGITS} digits; allowed: at most "
                        f"{api.MAX_INT_DIGITS}", field="plan", value=path) from None
    except RecursionError:
        raise PlanError(f"plan: {name}: nested too deep", field="plan", value=path) from None
    try:
        return api.parse_plan(text)
    except PlanError as e:
        if e.field != "plan":           # a key given twice names its path
            raise
        raise PlanError(f"plan: {name}: {e.message.removeprefix('plan: ')}", field="plan", value=path,
                        allowed=e.allowed) from None


@click.command("check-plan")
@click.argument("plan")
@click.option("--html", "html", type=click.Path(dir_okay=False), help="also write a printable HTML report here")
@all_option("finding")
@wide_option
@json_option()
def check_plan_cmd(plan: str, html: str | None, show_all: bool, wide: bool, as_json: bool) -> None:
    """Check a lighting plan (JSON or TOML; - for stdin) against its edition's rules, state by state.

    Exit 0 when it complies, 1 when it does not, 2 when the plan cannot be read (one line naming the file or the
    field: numbers are JSON numbers, finite and in range; a key given twice is refused) or the --html path cannot
    be written (checked before the work).
    """
    from .. import api
    if html:
        check_output(html, "html")             # before the work: a path that cannot be written fails at once
    report = api.check_plan(read_plan_file(plan))
    if html:
        write_output(html, api.plan_report_html(report), "html")
    if as_json:
        print_json(report.to_dict())
    else:
        from .lists import plan_text
        plan_text(report.to_dict(), show_all, wide)
    if not report.compliant:
        raise click.exceptions.Exit(EXIT_NOT_COMPLIANT)


COMMANDS = (check_plan_cmd,)
