"""How deeply a parsed JSON input (``--vessel-json``, a posted body) may nest, and its one-line refusal."""

from __future__ import annotations

from typing import Any

from .errors import VesselError

#: How deeply a JSON input (``--vessel-json``, a posted body) may nest; a vessel is three levels deep.
MAX_JSON_DEPTH = 16


def json_depth(data: Any) -> int:
    """How deeply ``data`` (parsed JSON) nests: 0 for a scalar, 1 for a flat object or list (no recursion)."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, level = stack.pop()
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        stack.extend((c, level + 1) for c in children if isinstance(c, (dict, list)))
    return deepest


def too_deep(field: str) -> VesselError:
    """The one-line error for JSON nested past :data:`MAX_JSON_DEPTH`."""
    return VesselError(f"{field}: too deep: JSON nested more than {MAX_JSON_DEPTH} levels; allowed: a JSON object "
                       f"of vessel fields, at most {MAX_JSON_DEPTH} levels deep", field=field,
                       allowed=f"at most {MAX_JSON_DEPTH} levels")


def check_json_depth(data: Any, field: str) -> Any:
    """``data`` if it nests at most :data:`MAX_JSON_DEPTH` levels, else :func:`too_deep`."""
    if json_depth(data) > MAX_JSON_DEPTH:
        raise too_deep(field)
    return data
