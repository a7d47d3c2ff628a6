"""The one exception hierarchy: every error navlights raises on purpose.

Each error inherits :class:`NavlightsError` and a builtin (``ValueError`` or
``LookupError``), carries its fields, and renders as one line that names the
field, the value and what is allowed.
"""

from __future__ import annotations

from typing import Any

#: How much of a value an error message quotes (characters), and the longest message kept whole.
EXCERPT_CHARS = 60
MAX_MESSAGE_CHARS = 2000


def excerpt(value: Any, limit: int = EXCERPT_CHARS) -> str:
    """A value as an error message quotes it: its ``repr`` when short; else the first ``limit`` characters (or
    the first items) with a mark that it was cut and how long it is, e.g. ``'WWWWW…' (3000 characters)`` or
    ``['n', 'n', …] (100000 items)``. Never the whole of a long value, and cheap on a huge one (only its head is
    looked at). Every error that quotes a value the user gave goes through here (the CLI, the web, the loaders)."""
    if isinstance(value, (str, bytes)):
        if len(value) <= limit:
            return repr(value)
        head = repr(value[:limit])
        unit = "characters" if isinstance(value, str) else "bytes"
        return f"{head[:-1]}…{head[-1]} ({len(value)} {unit})"
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        parts: list[str] = []
        used = 0
        for item in (value.items() if isinstance(value, dict) else value):
            text = (f"{excerpt(item[0], limit // 2)}: {excerpt(item[1], limit // 2)}" if isinstance(value, dict)
                    else excerpt(item, limit // 2))
            if parts and used + len(text) > limit:
                break
            parts.append(text)
            used += len(text) + 2
        brackets = "[]" if isinstance(value, list) else "()" if isinstance(value, tuple) else "{}"
        shown = ", ".join(parts) if len(parts) == len(value) else ", ".join([*parts, "…"])
        cut = "" if len(parts) == len(value) else f" ({len(value)} items)"
        return f"{brackets[0]}{shown}{brackets[1]}{cut}"
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def bounded(message: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """A message cut to ``limit`` characters, marked (the last guard: every quoted value is an excerpt already)."""
    if len(message) <= limit:
        return message
    return f"{message[:limit]}… (cut: {len(message)} characters)"


class NavlightsError(Exception):
    """Root of navlights' errors; ``str(err)`` is one line for the user."""

    def __init__(self, message: str, *, field: str | None = None, value: object = None,
                 allowed: str | None = None) -> None:
        message = bounded(message)
        super().__init__(message)
        self.message = message
        self.field = field
        self.value = value
        self.allowed = allowed

    def __str__(self) -> str:
        return self.message


class UnknownEditionError(NavlightsError, LookupError):
    """An edition id or alias that the rule base does not hold."""


class VesselError(NavlightsError, ValueError):
    """A vessel description that is malformed, out of range or self-contradictory."""


class MissingFactError(VesselError):
    """A fact the edition needs to decide (e.g. tonnage under the 1897 rules) is missing."""


class RuleDataError(NavlightsError, ValueError):
    """A rule-base file that breaks its schema; ``problems`` lists every one found."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = list(problems)
        head = f"{path}: {len(self.problems)} problem(s): " + "; ".join(self.problems[:5])
        if len(self.problems) > 5:
            head += f"; … and {len(self.problems) - 5} more"
        super().__init__(head, field=path)

    def report(self) -> str:
        """All problems, one per line, each with file and key path."""
        return "\n".join(f"{self.path}: {p}" for p in self.problems)


class ViewError(NavlightsError, ValueError):
    """An observer's position or conditions out of range (aspect, distance, eye height, visibility, choice)."""


class NotationError(NavlightsError, ValueError):
    """A picture typed or given as JSON that cannot be read (identify); names the character or field."""


class PlanError(NavlightsError, ValueError):
    """A lighting plan that cannot be read: a missing or malformed field, an unknown role, a light off the hull."""
