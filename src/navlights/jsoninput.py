"""What an input must be before it is read: a regular file (:func:`regular_file`); JSON that nests at most so
deep (``--vessel-json``, a posted body) and whose integers are at most so long. Each with its one-line refusal."""

from __future__ import annotations

import json
import os
import stat
from typing import Any

from .errors import NavlightsError, VesselError

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


#: The most digits an integer in a JSON input may have: far past any length, count, MMSI or time an input holds
#: (Python itself refuses to read an integer past 4,300 digits, with an error that names no field).
MAX_INT_DIGITS = 100


class _LongInteger(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _bounded_int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_INT_DIGITS:
        raise _LongInteger(digits)
    return int(text)


def loads(text: str, field: str, error: type[NavlightsError] = NavlightsError, **options: Any) -> Any:
    """``json.loads(text, **options)``, an integer of more than :data:`MAX_INT_DIGITS` digits refused as one line
    naming ``field`` (as ``error``); malformed JSON (``json.JSONDecodeError``) and ``RecursionError`` are left to
    the caller, which names the file. A leading byte order mark (U+FEFF) is read as nothing, as everywhere."""
    try:
        return json.loads(text.removeprefix("\ufeff"), parse_int=_bounded_int, **options)
    except _LongInteger as e:
        raise error(f"{field}: an integer of {e.digits} digits; allowed: at most {MAX_INT_DIGITS} digits",
                    field=field, value=f"{e.digits} digits", allowed=f"at most {MAX_INT_DIGITS} digits") from None


#: What a path that is not a regular file is, in words (``stat.S_IFMT``), for :func:`regular_file`.
_KINDS = {0o010000: "a FIFO (named pipe)", 0o020000: "a character device", 0o040000: "a directory",
          0o060000: "a block device", 0o140000: "a socket"}


def regular_file(path: str | os.PathLike[str], what: str, error: type[NavlightsError] = NavlightsError) -> None:
    """Refuse, before it is opened, a path that is not a regular file: a FIFO with no writer would block for ever,
    a device would never end. Missing and unreadable files are left to the open, which names the problem."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise error(f"{what}: '{path}' is {kind}; allowed: a regular file", field=what, value=str(path),
                    allowed="a regular file")
