"""The one facade: everything the CLI and the web app call.

>>> d = display({"propulsion": "power", "length": "200 ft"}, "1960")
>>> [i.role for i in d.lights][:4]
['masthead', 'masthead-aft', 'sidelight-starboard', 'sidelight-port']
"""

from __future__ import annotations

from typing import Any

from .engines import display as _display
from .model import Display, Edition
from .rulebase import loader
from .vessel import Vessel, make_vessel

DEFAULT_EDITION = "intl-1960"


def edition_ids() -> list[str]:
    """Ids of every edition in the rule base."""
    return loader.edition_ids()


def edition(name: str | Edition = DEFAULT_EDITION) -> Edition:
    """An edition by id or alias ('1960' -> intl-1960), loaded once."""
    if isinstance(name, Edition):
        return name
    return loader.load(loader.resolve(name))


def editions() -> list[Edition]:
    """Every edition, oldest first."""
    return [edition(e) for e in edition_ids()]




def display(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION) -> Display:
    """The lights and shapes the vessel shows under the edition, each cited."""
    return _display.display(make_vessel(vessel), edition(edition_name))


def editions_json() -> list[dict[str, Any]]:
    """Every edition's header, sources and coverage, as JSON-ready data."""
    return [e.to_dict() for e in editions()]


def display_json(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION) -> dict[str, Any]:
    """The display as JSON-ready data (schema: docs/schema/display.schema.json)."""
    d = display(vessel, edition_name)
    out = d.to_dict()
    out["edition_title"] = edition(edition_name).title
    return out
