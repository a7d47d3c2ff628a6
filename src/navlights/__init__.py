"""navlights: the rules of navigation lights and day shapes, as cited data and an engine.

``import navlights`` is light: the engines, pydantic and numpy load on first use.

>>> import navlights
>>> d = navlights.display({"propulsion": "sail", "length": "50 ft"}, "intl-1960")
>>> [i.role for i in d.lights]
['sidelight-starboard', 'sidelight-port', 'sternlight', 'top-red', 'top-green']
"""

from __future__ import annotations

from typing import Any

from .errors import MissingFactError, NavlightsError, RuleDataError, UnknownEditionError, VesselError

_API = {"display", "edition", "edition_ids", "editions", "make_vessel", "view", "sectors", "identify", "compare",
        "changes", "differences", "governing"}

__all__ = sorted(_API) + ["NavlightsError", "VesselError", "MissingFactError", "UnknownEditionError",
                          "RuleDataError", "__version__"]


def __getattr__(name: str) -> Any:
    """Load the facade on first use of one of its functions; ``__version__`` from the package's metadata on first
    use (importlib.metadata is not imported by a start that does not ask)."""
    if name == "__version__":
        from .version import package_version
        globals()[name] = value = package_version()
        return value
    if name in _API:
        from . import api
        try:
            value = getattr(api, name)
        except AttributeError:
            pass
        else:
            globals()[name] = value
            return value
    raise AttributeError(f"module 'navlights' has no attribute {name!r}")
