"""The one exception hierarchy: every error navlights raises on purpose.

Each error inherits :class:`NavlightsError` and a builtin (``ValueError`` or
``LookupError``), carries its fields, and renders as one line that names the
field, the value and what is allowed.
"""

from __future__ import annotations


class NavlightsError(Exception):
    """Root of navlights' errors; ``str(err)`` is one line for the user."""

    def __init__(self, message: str, *, field: str | None = None, value: object = None,
                 allowed: str | None = None) -> None:
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
