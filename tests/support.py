"""Helpers for table-driven rule tests: a vessel in, the display's roles out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import navlights
from navlights.model import Display, Item
from navlights.rulebase import loader


def disp(edition: str, **vessel: Any) -> Display:
    """The display of a vessel given as keyword fields (lengths with units)."""
    vessel.setdefault("propulsion", "power")
    return navlights.display(vessel, edition)


def items(edition: str, **vessel: Any) -> dict[str, Item]:
    """role -> item, lights and shapes."""
    return {i.role: i for i in disp(edition, **vessel).items}


def lights(edition: str, **vessel: Any) -> set[str]:
    """The roles of the lights shown."""
    return {i.role for i in disp(edition, **vessel).lights}


def shapes(edition: str, **vessel: Any) -> set[str]:
    """The roles of the shapes shown."""
    return {i.role for i in disp(edition, **vessel).shapes}


def required(edition: str, **vessel: Any) -> set[str]:
    """Roles that are required and in no alternatives group or scheme."""
    return {i.role for i in disp(edition, **vessel).items
            if i.status == "required" and i.group is None and i.scheme in (None, "standard")}


def note_kinds(edition: str, **vessel: Any) -> list[str]:
    """The kinds of the display's notes (gap, referral, prohibited, …)."""
    return [n.kind for n in disp(edition, **vessel).notes]


class Counting:
    """``loader.parse_bytes``, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, data: bytes, path: Path):
        self.calls += 1
        return loader.parse_bytes(data, path)
