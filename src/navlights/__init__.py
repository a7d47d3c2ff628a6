"""navlights: the rules of navigation lights and day shapes, as cited data and an engine.

>>> import navlights
>>> d = navlights.display({"propulsion": "sail", "length": "50 ft"}, "intl-1960")
>>> [i.role for i in d.lights]
['sidelight-starboard', 'sidelight-port', 'sternlight', 'top-red', 'top-green']
"""

from __future__ import annotations

__version__ = "0.1.0"

from .api import display, edition, edition_ids, editions, vessel  # noqa: E402
from .errors import (  # noqa: E402
    MissingFactError, NavlightsError, RuleDataError, UnknownEditionError, VesselError)

__all__ = ["display", "edition", "edition_ids", "editions", "vessel", "NavlightsError", "VesselError",
           "MissingFactError", "UnknownEditionError", "RuleDataError", "__version__"]
