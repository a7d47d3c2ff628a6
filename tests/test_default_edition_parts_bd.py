"""Issue 37 item 2 for the commands of Parts B and D (added beside it): without --edition each answers under today's
rules and says so first; --waters names US inland waters, so conduct answers under us-inland."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from navlights.cli import cli

CASES = [
    # (argv, edition the first line names)
    (["signals", "--propulsion", "power", "--length", "60 m"], "intl-1972"),
    (["manoeuvring"], "intl-1972"),
    (["heard", "prolonged"], "intl-1972"),
    (["conduct", "--own", "power course=0 speed=10", "--other", "power course=270 speed=10 bearing=45 range=3"],
     "intl-1972"),
    (["conduct", "--own", "power course=0 speed=10", "--other", "power course=270 speed=10 bearing=45 range=3",
      "--waters", "great-lakes"], "us-inland"),
]


@pytest.mark.parametrize("argv,edition", CASES, ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_default_edition_said_first(argv: list[str], edition: str) -> None:
    result = CliRunner().invoke(cli, argv)
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.startswith("Under today's rules, ") and f" {edition} " in first


def test_json_names_the_edition_without_the_line() -> None:
    result = CliRunner().invoke(cli, ["signals", "--propulsion", "power", "--length", "60 m", "--json"])
    assert result.exit_code == 0, result.output
    assert not result.output.startswith("Under today's rules")
    assert '"edition": "intl-1972"' in result.output
