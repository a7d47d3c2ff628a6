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


# ---------------------------------------------------------------------------------------------
# The observer's view and its aspect sectors (docs/view.md). The two modules are numpy-free at
# import; numpy loads on the first call.

from .engines import sectors as _sectors  # noqa: E402
from .engines import view as _view  # noqa: E402
from .engines.sectors import Sector  # noqa: E402
from .engines.view import DEFAULT_EDGE_TOL_DEG, Picture  # noqa: E402


def _as_display(display_or_vessel: Display | dict[str, Any] | Vessel,
                edition_name: str | Edition = DEFAULT_EDITION) -> Display:
    if isinstance(display_or_vessel, Display):
        return display_or_vessel
    return display(display_or_vessel, edition_name)


def view(display_or_vessel: Display | dict[str, Any] | Vessel, aspect_deg: float,
         distance_nm: float | None = None, *, eye_height_m: float | None = None,
         visibility_nm: float | None = None, edge_tol_deg: float = DEFAULT_EDGE_TOL_DEG,
         choose: Any = "typical", period: str | None = None,
         edition_name: str | Edition = DEFAULT_EDITION) -> Picture:
    """What an observer at ``aspect_deg`` (clockwise from her bow) and ``distance_nm`` off sees.

    >>> p = view(display({"propulsion": "sail", "length": "50 ft"}, "1960"), 90, 1.0)
    >>> p.describe()
    'a green light'
    """
    return _view.view(_as_display(display_or_vessel, edition_name), aspect_deg, distance_nm,
                      eye_height_m=eye_height_m, visibility_nm=visibility_nm, edge_tol_deg=edge_tol_deg,
                      choose=choose, period=period)


def sectors(display_or_vessel: Display | dict[str, Any] | Vessel, *, choose: Any = "typical",
            period: str | None = None, edition_name: str | Edition = DEFAULT_EDITION) -> tuple[Sector, ...]:
    """The aspect intervals within which the picture does not change, clockwise from right ahead.

    >>> [s.label() for s in sectors(display({"propulsion": "sail", "length": "50 ft"}, "1960"))]
    ['[0°]', '(0°, 112.5°)', '[112.5°]', '(112.5°, 247.5°)', '[247.5°]', '(247.5°, 360°)']
    """
    return _sectors.sectors(_as_display(display_or_vessel, edition_name), choose=choose, period=period)


def view_json(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION, *,
              aspect_deg: float, distance_nm: float | None = None, eye_height_m: float | None = None,
              visibility_nm: float | None = None, edge_tol_deg: float = DEFAULT_EDGE_TOL_DEG,
              choose: Any = "typical", period: str | None = None) -> dict[str, Any]:
    """The picture as JSON-ready data (schema: docs/schema/picture.schema.json)."""
    p = view(display(vessel, edition_name), aspect_deg, distance_nm, eye_height_m=eye_height_m,
             visibility_nm=visibility_nm, edge_tol_deg=edge_tol_deg, choose=choose, period=period)
    out = p.to_dict()
    out["edition_title"] = edition(edition_name).title
    return out


def sectors_json(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION, *,
                 choose: Any = "typical", period: str | None = None) -> dict[str, Any]:
    """The aspect sectors as JSON-ready data (schema: docs/schema/sectors.schema.json)."""
    d = display(vessel, edition_name)
    per = _view.resolve_period(d, period)
    return {
        "edition": d.edition, "edition_title": edition(edition_name).title,
        "vessel": d.vessel.model_dump(mode="json", by_alias=True, exclude_defaults=True),
        "description": d.vessel.describe(), "period": per,
        "choose": choose if isinstance(choose, str) else dict(choose),
        "edges": "closed: an aspect on an arc end sees the light; a single aspect where arcs meet is "
                 "its own sector (start_deg == end_deg); a sector with start_deg > end_deg runs through 0",
        "sectors": [s.to_dict() for s in sectors(d, choose=choose, period=per)],
    }


# --- compare editions -------------------------------------------------------------------------

def compare(vessel: dict[str, Any] | Vessel, editions_: list[str] | None = None):
    """One vessel under several editions (all by default), oldest first, with the differences."""
    from .engines import compare as _compare
    eds = [edition(e) for e in (editions_ or edition_ids())]
    return _compare.compare(vessel, eds)


def compare_json(vessel: dict[str, Any] | Vessel, editions_: list[str] | None = None) -> dict[str, Any]:
    """The comparison as JSON-ready data."""
    return compare(vessel, editions_).to_dict()


def changes(edition_a: str, edition_b: str) -> dict[str, list[dict[str, Any]]]:
    """The change log from one edition to another, derived from the data, grouped by situation."""
    from .engines import compare as _compare
    return _compare.changes(edition(edition_a), edition(edition_b))


def governing(date: Any, waters: str):
    """Which edition governed on a date (``datetime.date`` or 'YYYY-MM-DD') in the given waters."""
    import datetime as dt

    from .engines import compare as _compare
    from .errors import NavlightsError
    if isinstance(date, str):
        try:
            date = dt.date.fromisoformat(date)
        except ValueError:
            raise NavlightsError(f"date: {date!r} is not a date; write YYYY-MM-DD, e.g. 1956-07-25", field="date",
                                 value=date, allowed="YYYY-MM-DD") from None
    return _compare.governing(date, waters, editions())
