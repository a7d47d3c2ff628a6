"""The one facade: everything the CLI and the web app call.

>>> d = display({"propulsion": "power", "length": "200 ft"}, "1960")
>>> [i.role for i in d.lights][:4]
['masthead', 'masthead-aft', 'sidelight-starboard', 'sidelight-port']
"""

from __future__ import annotations

from datetime import date as _date
from typing import TYPE_CHECKING, Any

from .engines import display as _display
from .model import STATUS_WORDS, WATERS, Display, Edition  # noqa: F401 (STATUS_WORDS, WATERS re-exported for the interfaces)
from .rulebase import loader
from .vessel import (BargeCorners, BargeExempt, BargeMooring, FishingMethod, InlandWaters, Propulsion, Restricted, Service, Side, Status, TimeOfDay, TrawlActivity,  # noqa: F401 (re-exported)
                     Vessel, make_vessel)

DEFAULT_EDITION = "intl-1972"   # the rules in force today (issue 37)


def edition_ids() -> list[str]:
    """Ids of every edition in the rule base."""
    return loader.edition_ids()


def edition(name: str | Edition = DEFAULT_EDITION) -> Edition:
    """An edition by id or alias ('1960' -> intl-1960), loaded once."""
    return loader.edition(name)


def editions() -> list[Edition]:
    """Every edition, oldest first."""
    return [edition(e) for e in edition_ids()]


def display(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION) -> Display:
    """The lights and shapes the vessel shows under the edition, each cited."""
    return _display.remembered(vessel, edition(edition_name))


def editions_json() -> list[dict[str, Any]]:
    """Every edition's header, sources and coverage, as JSON-ready data; with the end of its force as
    ``governing`` reckons it (``in_force_end``, ``in_force_end_basis``: its recorded end, or when its successor came
    into force)."""
    from .engines.compare import edition_end
    eds = editions()
    out = []
    for e in eds:
        end, how = edition_end(e, eds)
        out.append({**e.to_dict(), "in_force_end": end.isoformat() if end else None, "in_force_end_basis": how,
                    "sources_page": loader.SOURCES_PAGE.format(edition=e.id)})
    return out


def in_force(e: dict[str, Any], today: _date) -> bool:
    """Whether an edition (as :func:`editions_json` gives it) is in force on ``today``: it has come into force and
    its end (recorded, or the in-force date of its successor, as ``governing`` reckons it) is not reached."""
    start, end = e["in_force_from"], e["in_force_end"]
    return bool(start) and start <= today.isoformat() and (not end or today.isoformat() < end)


def edition_order(ids: list[str], today: _date | None = None,
                  headers: list[dict[str, Any]] | None = None) -> list[str]:
    """The order the web pages and ``navlights compare`` show editions in (``headers``: :func:`editions_json`):
    those in force on ``today`` (default: the server's date) first, by the date they came into force; then the history, in time order within each waters, the waters taken in the order
    of the editions in force (the international rules' predecessors, then the Great Lakes' and inland ones); an
    edition of no waters in force last. So: intl-1972, us-inland, intl-1897, intl-1948, intl-1960, gl-1895."""
    today = today or _date.today()
    all_ = editions_json() if headers is None else headers
    by_id = {e["id"]: e for e in all_}
    known = [by_id[i] for i in ids if i in by_id]
    current = sorted((e for e in known if in_force(e, today)), key=lambda e: (e["in_force_from"], e["id"]))
    waters: list[str] = []
    for e in sorted((e for e in all_ if in_force(e, today)), key=lambda e: (e["in_force_from"], e["id"])):
        waters += [w for w in e["waters"] if w not in waters]

    def place(e: dict[str, Any]) -> tuple[int, str, str]:
        first = min((waters.index(w) for w in e["waters"] if w in waters), default=len(waters))
        return first, e["in_force_from"] or "", e["id"]

    history = sorted((e for e in known if not in_force(e, today)), key=place)
    return [e["id"] for e in current + history] + [i for i in ids if i not in by_id]


def display_json(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION) -> dict[str, Any]:
    """The display as JSON-ready data (schema: docs/schema/display.schema.json)."""
    d = display(vessel, edition_name)
    out = d.to_dict()
    out["edition_title"] = edition(edition_name).title
    return out


# ---------------------------------------------------------------------------------------------
# The observer's view and its aspect sectors (docs/view.md). The two modules load on the first call
# (numpy with them), not with this module: a command that shows a display does not pay for them.

if TYPE_CHECKING:
    from .api_conduct import (conduct, conduct_card, conduct_json, conduct_question, conduct_seen_json,  # noqa: F401
                              conduct_situation_json, conduct_topics, is_conduct_period, with_own_vessel)
    from .api_signals import (heard_json, in_sight_json, is_sound_period, signal_wav, signals_json,  # noqa: F401
                              sound_card, sound_drill_json, sound_question, sound_signal_ids, sound_topics)
    from .engines.sectors import Sector
    from .engines.view import Picture
    from .prepared import prepare, prepare_identify  # noqa: F401
#: The view's default tolerance at an arc's end (``engines.view.DEFAULT_EDGE_TOL_DEG``; a test checks they agree).
DEFAULT_EDGE_TOL_DEG = 3.0


#: Names loaded on first use (module, attribute), so that a command that shows a display does not pay for them:
#: the view's and sectors' classes, the notation's help, and what the web's vessel form and situation search read
#: (what an edition's conditions test, the rules that ask for each fact, how common a situation is: for ranking).
_LAZY = {"NOTATION_HELP": ("notation", "NOTATION_HELP"), "Sector": ("engines.sectors", "Sector"),
         "Picture": ("engines.view", "Picture"), "facts_tested": ("classes", "tested"),
         "commonness": ("rulebase.situations", "prior"), "FACT_FIELDS": ("situations", "FACT_FIELDS"),
         "fact_rules": ("situations", "fact_rules")}
_LAZY |= {n: (module, n) for module, names in (("prepared", "prepare prepare_identify"),   # and Parts B, D (issue 36)
    ("api_conduct", "conduct conduct_card conduct_json conduct_question conduct_seen_json conduct_situation_json "
                    "conduct_topics is_conduct_period with_own_vessel"),
    ("api_signals", "heard_json in_sight_json is_sound_period signal_wav signals_json sound_card sound_drill_json "
                    "sound_question sound_signal_ids sound_topics")) for n in names.split()}


def __getattr__(name: str) -> Any:
    """The names of :data:`_LAZY`, loaded on first use."""
    if name in _LAZY:
        from importlib import import_module
        module, attr = _LAZY[name]
        return getattr(import_module(f".{module}", __name__.rpartition(".")[0]), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    from .engines import view as _view
    return _view.view(_as_display(display_or_vessel, edition_name), aspect_deg, distance_nm,
                      eye_height_m=eye_height_m, visibility_nm=visibility_nm, edge_tol_deg=edge_tol_deg,
                      choose=choose, period=period)


def sectors(display_or_vessel: Display | dict[str, Any] | Vessel, *, choose: Any = "typical",
            period: str | None = None, edition_name: str | Edition = DEFAULT_EDITION) -> tuple[Sector, ...]:
    """The aspect intervals within which the picture does not change, clockwise from right ahead.

    >>> [s.label() for s in sectors(display({"propulsion": "sail", "length": "50 ft"}, "1960"))]
    ['[0°]', '(0°, 112.5°)', '[112.5°]', '(112.5°, 247.5°)', '[247.5°]', '(247.5°, 360°)']
    """
    from .engines import sectors as _sectors
    return _sectors.sectors(_as_display(display_or_vessel, edition_name), choose=choose, period=period)


def view_json(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION, *,
              aspect_deg: float, distance_nm: float | None = None, eye_height_m: float | None = None,
              visibility_nm: float | None = None, edge_tol_deg: float = DEFAULT_EDGE_TOL_DEG,
              choose: Any = "typical", period: str | None = None) -> dict[str, Any]:
    """The picture as JSON-ready data (schema: docs/schema/picture.schema.json)."""
    p = view(display(vessel, edition_name), aspect_deg, distance_nm, eye_height_m=eye_height_m,
             visibility_nm=visibility_nm, edge_tol_deg=edge_tol_deg, choose=choose, period=period)
    return picture_json(p, edition_name)


def picture_json(picture: Picture, edition_name: str | Edition = DEFAULT_EDITION) -> dict[str, Any]:
    """A picture made by :func:`view` under that edition, as :func:`view_json` gives it."""
    out = picture.to_dict()
    out["edition_title"] = edition(edition_name).title
    return out


def sectors_json(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION, *,
                 choose: Any = "typical", period: str | None = None) -> dict[str, Any]:
    """The aspect sectors as JSON-ready data (schema: docs/schema/sectors.schema.json)."""
    from .engines import view as _view
    d = display(vessel, edition_name)
    per = _view.resolve_period(d, period)
    return {
        "edition": d.edition, "edition_title": edition(edition_name).title,
        "vessel": d.vessel.to_json(),
        "description": d.vessel.describe(d.length_system), "period": per,
        "choose": choose if isinstance(choose, str) else dict(choose),
        "edges": "closed: an aspect on an arc end sees the light; a single aspect where arcs meet is "
                 "its own sector (start_deg == end_deg); a sector with start_deg > end_deg runs through 0",
        "sectors": [s.to_dict() for s in sectors(d, choose=choose, period=per)],
    }


def rules_json(edition_name: str | Edition = DEFAULT_EDITION) -> dict[str, Any]:
    """Every entry of an edition's rule base — definitions, light and shape kinds, provisions — with its
    citation, provenance and (for inferred entries) argument, in the edition's order."""
    e = edition(edition_name)

    def kind_rows(kinds: dict[str, Any], what: str) -> list[dict[str, Any]]:
        return [{"what": what, "id": kid, "term": k.term, "colour": k.colour,
                 "citation": k.citation.to_dict()} for kid, k in kinds.items()]

    return {
        "edition": e.id, "title": e.title, "coverage": e.coverage(),
        "sources_page": loader.SOURCES_PAGE.format(edition=e.id),
        "definitions": [{"term": d.term, "summary": d.summary, "maps_to": d.maps_to,
                         "citation": d.citation.to_dict()} for d in e.definitions],
        "kinds": kind_rows(e.lights, "light") + kind_rows(e.shapes, "shape"),
        "provisions": [{"id": p.id, "title": p.title, "effect": p.effect, "when": p.when.text,
                        "summary": p.summary, "roles": [sh.item.role for sh in p.shows],
                        "authority": p.authority, "citation": p.citation.to_dict()} for p in e.provisions],
    }

# --- compare editions -------------------------------------------------------------------------

def compare(vessel: dict[str, Any] | Vessel, editions_: list[str] | None = None):
    """One vessel under several editions (all by default), oldest first, with the differences (the command line and
    the web app show them today's rules first: :func:`edition_order`)."""
    from .engines import compare as _compare
    eds = [edition(e) for e in (editions_ or edition_ids())]
    return _compare.compare(vessel, eds, editions())


def compare_json(vessel: dict[str, Any] | Vessel, editions_: list[str] | None = None) -> dict[str, Any]:
    """The comparison as JSON-ready data."""
    return compare(vessel, editions_).to_dict()


from .memo import PairMemo  # noqa: E402

#: How many pairs of editions each memo keeps: every ordered pair of the editions navlights holds, and room.
PAIRS_KEPT = 64
_CHANGES = PairMemo(PAIRS_KEPT)
_DIFFERENCES = PairMemo(PAIRS_KEPT)


def changes(edition_a: str, edition_b: str) -> dict[str, list[dict[str, Any]]]:
    """The change log from one edition to another, derived from the data, grouped by situation. Editions of
    different waters are worded as two regimes side by side; their whole list is :func:`differences`
    (:func:`regimes_pointer` says so in one line). Made once per pair (:class:`PairMemo`): callers must not change
    the answer."""
    from .engines import compare as _compare
    return _CHANGES.get(edition(edition_a), edition(edition_b), _compare.changes)


def regimes_pointer(edition_a: str, edition_b: str) -> str | None:
    """One line pointing to :func:`differences` when the two editions are of different waters (two regimes, not
    a change in time); None when they share waters."""
    a, b = edition(edition_a), edition(edition_b)
    if set(a.waters) & set(b.waters):
        return None
    return (f"changes: {a.id} and {b.id} are editions of different waters, two regimes side by side, not a change "
            f"in time; use `navlights differences {a.id} {b.id}`")


def differences(edition_a: str, edition_b: str) -> dict[str, Any]:
    """Two regimes in force together (editions of different waters, e.g. intl-1972 and us-inland) side by side
    over every representative vessel: each difference once, with the situations and lengths it touches and
    both cites. Editions of the same waters are refused (their differences in time are :func:`changes`). Made once
    per pair (:class:`PairMemo`): callers must not change the answer."""
    from .engines import compare as _compare
    return _DIFFERENCES.get(edition(edition_a), edition(edition_b), _compare.differences)


def differences_json(edition_a: str, edition_b: str) -> dict[str, Any]:
    """:func:`differences` as JSON-ready data (it already is)."""
    return differences(edition_a, edition_b)


def length_system(*edition_names: str | Edition) -> str:
    """The unit system the editions speak lengths in together: "metres" or "feet" (``units.shared_system``:
    the one they share, else metres).

    >>> length_system("intl-1972"), length_system("1960"), length_system("intl-1960", "us-inland")
    ('metres', 'feet', 'metres')
    """
    from .units import shared_system
    return shared_system(edition(e).length_system for e in edition_names)


from .units import lengths_words  # noqa: E402, F401  (re-exported: the web's and the CLI's spans)
from .vessel import flat_name  # noqa: E402, F401  (re-exported: the CLI names the option for a fact it asks for)


def summarize_changes(log: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """A change log (:func:`changes`) with each distinct difference once and the situations it touches."""
    from .engines.compare import summarize
    return summarize(log)


def governing(date: Any, waters: str):
    """Which edition governed on a date (``datetime.date`` or 'YYYY-MM-DD') in the given waters."""
    import datetime as dt

    from .engines import compare as _compare
    from .errors import excerpt
    if isinstance(date, str):
        try:
            date = dt.date.fromisoformat(date)
        except ValueError:
            raise NavlightsError(f"date: {excerpt(date)} is not a date; write YYYY-MM-DD, e.g. 1956-07-25", field="date",
                                 value=date, allowed="YYYY-MM-DD") from None
    return _compare.governing(date, waters, editions())


# --- pictures: night view, day view, arc diagram (docs/render.md) -----------------------------
# The renderer loads on the first call; resvg-py and pillow only for PNG and GIF.

def _render_displays(vessel: dict[str, Any] | Vessel, ed: Edition, view: str) -> tuple[Display, Display | None]:
    """The display the view draws, and the other time of day's display (for the masts): ``render.compose``."""
    from .render.compose import displays
    return displays(vessel, ed, view)


def render_scene(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION, *,
                 view: str = "night", aspect_deg: float = 45.0, distance_nm: float | None = None,
                 width: int = 800, height: int = 500, caption: bool = True, hull: bool = True,
                 title: str | None = None, eye_height_m: float | None = None, visibility_nm: float | None = None,
                 choose: Any = "typical", ranges: bool = False):
    """The picture as a scene: drawable elements with pixel positions (``navlights.render.scene.Scene``)."""
    from .render.scene import build
    ed = edition(edition_name)
    d, rig = _render_displays(vessel, ed, view)
    return build(d, view, aspect_deg=aspect_deg, distance_nm=distance_nm, width=width, height=height,
                 caption=caption, hull=hull, title=title, eye_height_m=eye_height_m, visibility_nm=visibility_nm,
                 choose=choose, ranges=ranges, edition_title=ed.title, rig=rig)


def render_svg(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION, *,
               view: str = "night", aspect_deg: float = 45.0, distance_nm: float | None = None,
               width: int = 800, height: int = 500, caption: bool = True, hull: bool = True,
               title: str | None = None, eye_height_m: float | None = None, visibility_nm: float | None = None,
               choose: Any = "typical", ranges: bool = False) -> str:
    """The night view, day view or arc diagram ('night' | 'day' | 'plan') as SVG text.

    >>> s = render_svg({"propulsion": "power", "length": "200 ft"}, "1960", aspect_deg=45, distance_nm=1)
    >>> s.count('class="light"')
    3
    """
    from .render.svg import svg
    return svg(render_scene(vessel, edition_name, view=view, aspect_deg=aspect_deg, distance_nm=distance_nm,
                            width=width, height=height, caption=caption, hull=hull, title=title,
                            eye_height_m=eye_height_m, visibility_nm=visibility_nm, choose=choose, ranges=ranges))


def render_png(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION, *,
               view: str = "night", aspect_deg: float = 45.0, distance_nm: float | None = None,
               width: int = 800, height: int = 500, caption: bool = True, hull: bool = True,
               title: str | None = None, eye_height_m: float | None = None, visibility_nm: float | None = None,
               choose: Any = "typical", ranges: bool = False) -> bytes:
    """The same picture as :func:`render_svg`, as PNG bytes of ``width`` x ``height`` pixels."""
    from .render.png import svg_to_png
    return svg_to_png(render_svg(vessel, edition_name, view=view, aspect_deg=aspect_deg, distance_nm=distance_nm,
                                 width=width, height=height, caption=caption, hull=hull, title=title,
                                 eye_height_m=eye_height_m, visibility_nm=visibility_nm, choose=choose,
                                 ranges=ranges))


def render_picture_svg(picture: Picture, edition_name: str | Edition = DEFAULT_EDITION, *, width: int = 800,
                       height: int = 500, caption: bool = True, hull: bool = True) -> str:
    """The night or day view of a picture already made by :func:`view` of a vessel under that edition: the very
    view it describes is drawn (so the words and the drawing cannot part), not a new one made from the vessel.
    The same as :func:`render_svg` of her with the picture's period, aspect and observer."""
    from .render.scene import build
    from .render.svg import svg
    ed = edition(edition_name)
    d, rig = _render_displays(picture.vessel, ed, picture.period)
    return svg(build(d, picture.period, aspect_deg=picture.aspect_deg, distance_nm=picture.distance_nm,
                     width=width, height=height, caption=caption, hull=hull, eye_height_m=picture.eye_height_m,
                     visibility_nm=picture.visibility_nm, choose=picture.choose, edition_title=ed.title, rig=rig,
                     picture=picture))


def render_gif(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION, *,
               view: str = "night", distance_nm: float | None = None, width: int = 480, height: int = 300,
               caption: bool = True, hull: bool = True, title: str | None = None,
               eye_height_m: float | None = None, visibility_nm: float | None = None, choose: Any = "typical",
               ranges: bool = False, step_deg: float = 10.0, frame_ms: int = 120) -> bytes:
    """A turntable: the view from every ``step_deg`` of aspect, 0 to 360, as a looping animated GIF."""
    from .render.png import turntable
    from .render.scene import build, check_size
    from .render.svg import svg
    check_size(width, height)
    ed = edition(edition_name)
    d, rig = _render_displays(vessel, ed, view)
    return turntable(lambda a: svg(build(d, view, aspect_deg=a, distance_nm=distance_nm, width=width,
                                         height=height, caption=caption, hull=hull, title=title,
                                         eye_height_m=eye_height_m, visibility_nm=visibility_nm, choose=choose,
                                         ranges=ranges, edition_title=ed.title, rig=rig)),
                     step_deg=step_deg, frame_ms=frame_ms)


def render_labels(vessel: dict[str, Any] | Vessel, edition_name: str | Edition = DEFAULT_EDITION, *,
                  view: str = "night", aspect_deg: float = 45.0, distance_nm: float | None = None,
                  width: int = 800, height: int = 500, caption: bool = True, hull: bool = True,
                  title: str | None = None, eye_height_m: float | None = None, visibility_nm: float | None = None,
                  choose: Any = "typical", ranges: bool = False) -> dict[str, Any]:
    """JSON-ready labels of the picture :func:`render_svg` draws: each light's pixel place, colour and cite."""
    return render_scene(vessel, edition_name, view=view, aspect_deg=aspect_deg, distance_nm=distance_nm,
                        width=width, height=height, caption=caption, hull=hull, title=title,
                        eye_height_m=eye_height_m, visibility_nm=visibility_nm, choose=choose,
                        ranges=ranges).labels()


def scene_svg(scene: Any) -> str:
    """A scene from :func:`render_scene` as SVG text (what :func:`render_svg` returns for the same arguments)."""
    from .render.svg import svg
    return svg(scene)


def scene_png(scene: Any) -> bytes:
    """A scene from :func:`render_scene` as PNG bytes (what :func:`render_png` returns for the same arguments)."""
    from .render.png import svg_to_png
    return svg_to_png(scene_svg(scene))


def check_picture_size(width: Any, height: Any) -> tuple[int, int]:
    """A picture's size in whole pixels, or a one-line ``RenderError``."""
    from .render.scene import check_size
    return check_size(width, height)


def check_aspect(aspect_deg: Any) -> float:
    """An aspect in [0, 360) (360 is 0), or a one-line error."""
    from .engines import view as _view
    return _view.check_aspect(aspect_deg)


def representatives(edition_name: str | Edition = DEFAULT_EDITION) -> list[tuple[str, dict[str, Any]]]:
    """The edition's representative vessels as (situation, vessel) pairs: every situation, with one length (and
    tow length, tonnage) inside each interval between the thresholds its rules test and one at each threshold."""
    from .classes import vessels
    return list(vessels(edition(edition_name)))


def select(display_or_vessel: Display | dict[str, Any] | Vessel, choose: Any = "typical", period: str | None = None,
           edition_name: str | Edition = DEFAULT_EDITION) -> list[tuple[Any, tuple[str, ...]]]:
    """The items a picture of one period (``night``, ``day``) is drawn from, each with the flags of its doubt."""
    from .engines import view as _view
    return _view.select(_as_display(display_or_vessel, edition_name), choose, period)


# --- identify: from the lights seen to every vessel and aspect that fits (docs/identify.md) ------
# The index of each edition is read from the prepared directory or the cache, else built on first use
# (about a second), and kept in memory; numpy loads with it, not with this module.


def parse_picture(picture: Any):
    """A picture in the notation ('W/W/W R'), as JSON, or from :func:`view` -> its canonical pattern.

    >>> p = parse_picture("w/w/w > r")
    >>> p.notation(), p.describe()
    ('W/W/W > R', 'three white lights in a vertical line; then a red light, lower')
    """
    from .notation import as_pattern
    return as_pattern(picture)


#: The word for every edition in identify's ``edition`` (CLI ``--edition all``, the web page's "every edition").
ALL_EDITIONS = "all"


def _identify_editions(edition_name: str | Edition | list[str | Edition] | None) -> list[Edition]:
    """The editions identify searches: one, a list, or every edition (None or 'all'); identify answers under
    the rules in force today first and marks the historical ones (docs/identify.md, "Ranking")."""
    if edition_name is None or (isinstance(edition_name, str) and edition_name.strip().lower() == ALL_EDITIONS):
        return editions()
    if isinstance(edition_name, (str, Edition)):
        return [edition(edition_name)]
    return [edition(e) for e in edition_name]


def identify(picture: Any, edition: str | Edition | list[str | Edition] | None = None, *, near: bool = True,
             limit: int | None = None, cache_dir: str | None = None, bearing: Any = None, own: Any = "power"):
    """Every vessel class, edition and aspect that shows ``picture``, ranked: exact matches first.

    ``picture``: notation text (see ``NOTATION_HELP`` and docs/identify.md), JSON with coordinates, or a picture from
    :func:`view`. ``edition``: one id or alias, a list, or None (or 'all') for every edition: the rules in force
    today answer first, the historical ones after them, marked as history.
    ``near``: add near matches (arranged otherwise, white/yellow doubt, one light missed or extra). ``limit``: at most
    this many hypotheses (None or 0: all). ``cache_dir``: keep the index on disk there (``$NAVLIGHTS_CACHE_DIR``
    overrides; 'off' turns it off). ``bearing`` (on own bow, degrees): the verdict adds her meaning for ``own``.

    >>> r = identify("W/W/W R", "1960", near=False)
    >>> h = r.hypotheses[0]
    >>> h.situation, h.conditions, h.sector.label()
    ('power-driven vessel towing', ('length 65 ft or more and under 150 ft', 'tow over 600 ft'), '(247.5°, 360°)')
    >>> h.heading
    'showing her port side, her head to your left: crossing toward you (you are forward of her beam)'
    """
    from .api_conduct import with_own_vessel        # Part B, loaded on first use (_LAZY)
    from .engines import identify as _identify
    result = _identify.identify(picture, _identify_editions(edition), near=near, limit=limit or None, cache=cache_dir)
    return result if bearing is None else with_own_vessel(result, bearing, own)[0]


def identify_json(picture: Any, edition: str | Edition | list[str | Edition] | None = None, *, near: bool = True,
                  limit: int | None = None, cache_dir: str | None = None, bearing: Any = None, own: Any = "power"
                  ) -> dict[str, Any]:
    """The hypotheses as JSON-ready data (schema: docs/schema/identify.schema.json); with ``bearing``, ``conduct``."""
    from .api_conduct import with_own_vessel
    from .engines import identify as _identify
    eds = _identify_editions(edition)
    result = _identify.identify(picture, eds, near=near, limit=limit or None, cache=cache_dir)
    result, conduct_data = (result, None) if bearing is None else with_own_vessel(result, bearing, own)
    out = result.to_dict() | ({} if conduct_data is None else {"conduct": conduct_data})
    out["edition_titles"] = {e.id: e.title for e in eds}
    from .notation import NOTATION_HELP
    out["notation_help"] = NOTATION_HELP
    return out


# =============================================================================================
# --- for front ends: the web app imports only this facade and navlights.errors ----------------
# Thin entry points for what the web app used to reach into engines for. The quiz engine
# (engines/quiz.py) loads on first use.

if TYPE_CHECKING:
    import random

    from .engines.quiz import Card, Question, Topic


def version() -> str:
    """The package version, from the installed package's metadata (``navlights --version``, the web footer and
    ``/healthz`` show it)."""
    from .version import package_version
    return package_version()


def quiz_items(edition_name: str | Edition = DEFAULT_EDITION, period: str = "night") -> list[str]:
    """The names of the edition's quiz cards at ``period`` (night: lights; day: shapes): each one answer a
    look-out can give, standing for every situation that looks the same from every aspect."""
    from .engines import quiz as _quiz
    return _quiz.items(edition(edition_name), period)


def quiz_cards(edition_name: str | Edition = DEFAULT_EDITION) -> tuple[Card, ...]:
    """The edition's quiz cards (``engines.quiz.Card``: period, name, situations, rules), night first."""
    from .engines import quiz as _quiz
    return _quiz.cards(edition(edition_name))


def quiz_topics(edition_name: str | Edition = DEFAULT_EDITION) -> tuple[Topic, ...]:
    """What to train on in the edition (``engines.quiz.Topic``): all, lights, shapes, and one topic per rule."""
    from .engines import quiz as _quiz
    return _quiz.topics(edition(edition_name))


def quiz_question(edition_name: str | Edition, item: str, rng: random.Random,
                  period: str = "night") -> Question | None:
    """A question on the card named ``item`` at ``period`` (``engines.quiz.Question``): a vessel, an aspect and up
    to four answers whose pictures from that aspect differ and of which only the right one can show what is seen;
    None if no fair question fits. ``rng``: a ``random.Random``, so a seeded generator gives the same questions."""
    from .engines import quiz as _quiz
    return _quiz.question(edition(edition_name), item, rng, period)

# --- flat fields, the identify cache, galleries: what the command line and the web app need -------

from .render import RenderError  # noqa: E402, F401  (re-exported; an error class only, the renderer loads later)


def vessel_from_fields(base: dict[str, Any] | None = None, /, **flat: Any) -> Vessel:
    """The vessel the flat fields describe (CLI options, web query parameters) over ``base``; see
    :meth:`navlights.vessel.Vessel.from_fields`.

    >>> vessel_from_fields(length="120 ft", being_towed=True, tow_length="700 ft").to_json()["being_towed"]
    {'tow_length': '213.36 m'}
    """
    return Vessel.from_fields(base, **flat)


def vessel_input_schema() -> dict[str, Any]:
    """The JSON Schema of a vessel given as JSON (``--vessel-json``, ``POST /api/display.json``): every field
    optional (``propulsion`` defaults to power, none when being towed or pushed), lengths as text with a unit."""
    from .vessel_schema import input_schema
    return input_schema()


def flat_field(field: str) -> str:
    """The flat field (CLI option, web parameter) that sets a vessel field named in an error:
    ``'towing.vessels'`` -> ``'tow_vessels'``."""
    from .vessel import flat_field as _flat
    return _flat(field)


def identify_cache_dir() -> str:
    """Where the command line and the web app keep the identification index on disk (docs/identify.md)."""
    from .engines.identify import default_cache_dir
    return str(default_cache_dir())


def write_gallery(outdir: str, edition_name: str = DEFAULT_EDITION, **options: Any) -> dict[str, Any]:
    """Every vessel class of an edition drawn at several aspects, with index.html and labels.json (docs/render.md);
    the summary. ``options`` as :func:`navlights.gallery.write_gallery`."""
    from .gallery import write_gallery as _write_gallery
    return _write_gallery(outdir, edition_name, **options)


# --- lighting-plan compliance (docs/plan.md) -----------------------------------------------------

def read_plan(data: Any) -> Any:
    """A lighting plan (parsed JSON or TOML) as a typed :class:`navlights.plan.model.LightingPlan`."""
    from .plan.model import read_plan as _read
    return _read(data)


def parse_plan(text: str) -> Any:
    """A plan's JSON text parsed, refusing what JSON parsers disagree on: a key given twice in one object
    (:class:`~navlights.errors.PlanError` naming its path); malformed JSON names the line and column."""
    from .plan.model import loads
    return loads(text)


def plan_input_schema(embedded: bool = False) -> dict[str, Any]:
    """The JSON Schema of a lighting plan (docs/schema/plan-input.schema.json), made from the model that reads it;
    ``embedded``: without ``$schema`` and ``$id``, its ``$defs`` written in place (for the OpenAPI document)."""
    from .plan.model import input_schema
    from .vessel_schema import inline_refs
    schema = input_schema()
    if not embedded:
        return schema
    return dict(inline_refs({k: v for k, v in schema.items() if k not in ("$schema", "$id")}))


def check_plan(plan: Any) -> Any:
    """Check a lighting plan (parsed JSON/TOML or a read plan) against its edition: a
    :class:`navlights.plan.check.PlanReport` with every finding, state by state."""
    from .plan.check import check as _check
    from .plan.model import LightingPlan
    typed = plan if isinstance(plan, LightingPlan) else read_plan(plan)
    return _check(typed, edition(typed.edition))


def check_plan_json(plan: Any) -> dict[str, Any]:
    """The plan's report as JSON-ready data (schema: docs/schema/plan-report.schema.json)."""
    return dict(check_plan(plan).to_dict())


def plan_report_html(report: Any, footer: str | None = None) -> str:
    """A printable HTML report of a plan check: verdict, profile and plan drawn to scale, every finding;
    ``footer``: a line at its foot (the web app's: where the result is kept, and the navlights version)."""
    from .plan.html import report_html
    return report_html(report, footer)


def plan_views_svg(report: Any) -> str:
    """The profile and plan of a checked plan, to scale, as two SVG elements (failing lights ringed)."""
    from .plan.html import views_svg
    return views_svg(report)


def example_plans() -> dict[str, str]:
    """The example lighting plans shipped with navlights: file name -> JSON text."""
    from importlib import resources
    folder = resources.files("navlights.plan") / "examples"
    return {p.name: p.read_text() for p in sorted(folder.iterdir(), key=lambda p: p.name) if p.name.endswith(".json")}


# --- issue 15: input limits and capacity helpers for the front ends ---------------------------

from .errors import NavlightsError  # noqa: E402, F401  (re-exported)
from .jsoninput import (MAX_INT_DIGITS, MAX_JSON_DEPTH, check_json_depth, json_depth, loads as json_loads,  # noqa: E402, F401
                        regular_file, too_deep)


def edition_names() -> list[str]:
    """Every name an edition answers to: ids and aliases, lower case (the web's OpenAPI enums)."""
    return sorted(loader.names(), key=lambda n: (n not in loader.edition_ids(), n))


# --- the vessel form and the situations by name (the web's Explore, issue 21): the flat fields in order, re-exported;
# facts_tested, fact_rules, FACT_FIELDS and commonness are loaded on first use (_LAZY)
from .vessel import FALSE_IS_A_FACT, FLAT_FIELDS  # noqa: E402, F401


def signal_optional(fields: dict[str, Any], edition_name: str | Edition = DEFAULT_EDITION) -> bool:
    """The vessel of these flat fields shows, as her own signal, an item the rule only permits ('may': an optional
    light or shape other than her ordinary masthead lights, sidelights and sternlight): a vessel constrained by her
    draught's three red lights (1972 Rule 28). Explore, reached by a search for her, draws it (issue 31)."""
    from .engines.identify.build import ORDINARY_ROLES
    try:
        d = display(Vessel.from_fields(None, **fields), edition_name)
    except NavlightsError:
        return False
    return any(i.status == "optional" and i.role not in ORDINARY_ROLES for i in d.items)


def situations(edition_name: str | Edition = DEFAULT_EDITION) -> list[tuple[str, dict[str, Any]]]:
    """The edition's situations by name, one vessel each as flat fields (``navlights.situations``)."""
    from .situations import situations as _situations
    return _situations(edition(edition_name))
