"""The traffic facade: what the command line and the web app may call for AIS, scenes and encounters.

Like :mod:`navlights.api`, it returns typed values and JSON-ready dicts; heavy libraries (pandas, pyarrow,
Dask, matplotlib) are imported inside the functions that need them.
"""

from __future__ import annotations

# --- AIS: reading and mapping (traffic/ais.py, traffic/mapping.py, traffic/batch.py) ---

from typing import Any  # noqa: E402

from ..vessel_facts import WATERS  # noqa: E402  (a tuple of names: not the rule model's dataclasses)


def ais_choice(edition: str | None = None, waters: str | None = None, region: Any = None) -> Any:
    """How each fix's edition is chosen: a named edition, named waters, or a region (a GeoJSON polygon file:
    inside it the waters its features name, default us-inland; outside, the high seas); none given: the high
    seas. The edition is then ``navlights.api.governing`` for the fix's date in her waters."""
    from .mapping import Choice
    from .regions import Region
    if isinstance(region, (str, bytes)) or hasattr(region, "__fspath__"):
        region = Region.from_file(region)
    return Choice(edition=edition, waters=waters, region=region).check()


def read_ais(path: Any, *, time: Any = None) -> Any:
    """An AIS file (NMEA text, ``.csv`` or ``.parquet``) read: reports, static data by MMSI, bad input by reason.
    ``time``: the time of NMEA messages that carry none (ISO 8601)."""
    from .ais import check_time, read
    check_time(time)
    return read(path, time)


def read_ais_stream(path: Any, *, time: Any = None, timeless: bool = False) -> tuple[Any, Any]:
    """An AIS file as counters and static data (:class:`~navlights.traffic.ais.AisData`) that fill as its position
    reports are drawn from the iterator returned beside them (read in chunks: memory does not grow with the file).
    ``timeless``: NMEA reports without a time are kept (time None; only where the edition is named)."""
    from .ais import open_stream
    return open_stream(path, time, timeless=timeless)


def ais_fixes(path: Any, *, edition: str | None = None, waters: str | None = None, region: Any = None,
              time: Any = None, latest: bool = False) -> tuple[list[tuple[Any, Any, int | None]], Any]:
    """Every position report (or each vessel's latest: ``latest``) as a mapped :class:`~navlights.traffic.model.Fix`
    with each candidate's lights (:class:`~navlights.traffic.mapping.Lit`) and her AIS status code, and what was
    read (:class:`~navlights.traffic.ais.AisData`: its counts, static data by MMSI)."""
    from .ais import fixes
    from .mapping import map_fix
    choice = ais_choice(edition, waters, region)
    data = read_ais(path, time=time)
    items = list(fixes(data))
    if latest:
        last: dict[str, int] = {}
        for i, (f, _, _) in enumerate(items):
            if f.ident not in last or f.time >= items[last[f.ident]][0].time:
                last[f.ident] = i
        items = [items[i] for i in sorted(last.values())]
    eds = choice.editions([f.time for f, _, _ in items], [f.lat for f, _, _ in items], [f.lon for f, _, _ in items])
    return [(*map_fix(f, st, code, ed, how), code) for (f, st, code), (ed, how) in zip(items, eds)], data


def ais_json(path: Any, *, edition: str | None = None, waters: str | None = None, region: Any = None,
             time: Any = None, compact: bool = False) -> dict[str, Any]:
    """Per vessel: her latest fix, every candidate reading with its basis and assumptions and the lights it must
    show; with the file's counts (read, used, bad by reason). ``compact``: each vessel's readings and candidates by
    key, each key and each lights detail once (``ais --json``; :func:`ais_expand_json` joins it back)."""
    from .ais_run import latest_compact, latest_json
    return (latest_compact if compact else latest_json)(path, ais_choice(edition, waters, region), time)


def ais_lines(path: Any, write: Any, *, edition: str | None = None, waters: str | None = None, region: Any = None,
              time: Any = None, compact: bool = False) -> Any:
    """Every position report mapped and written as one JSON line as it is read (``write(text)``); the counters
    (:class:`~navlights.traffic.ais.AisData`) once the file is done. Memory does not grow with the file.
    ``compact``: each report by key, her static data, each key and each lights detail written once before first
    use (``ais --jsonl``; :func:`ais_expand_lines` joins it back)."""
    from .ais_run import write_compact, write_lines
    return (write_compact if compact else write_lines)(path, ais_choice(edition, waters, region), write, time)


def ais_expand_lines(lines: Any) -> Any:
    """A compact ``ais --jsonl`` stream (lines of text, or dicts) joined back: each report as the full line
    ``--jsonl --expand`` writes for it (an iterator of dicts)."""
    from .ais_join import expand_lines
    return expand_lines(lines)


def ais_expand_json(doc: dict[str, Any]) -> dict[str, Any]:
    """A compact ``ais --json`` document joined back into the full one (``--json --expand``)."""
    from .ais_join import expand_json
    return expand_json(doc)


def ais_batch(input_path: str, output_path: str, *, scheduler: str | None = None, workers: int | None = None,
              edition: str | None = None, waters: str | None = None, region: Any = None,
              progress: bool = True) -> dict[str, Any]:
    """The mapping over a dataset (partitioned Parquet or CSV) on Dask, written as Parquet; a summary."""
    from .batch import run
    return run(input_path, output_path, ais_choice(edition, waters, region), scheduler=scheduler, workers=workers,
               progress=progress)

# --- scenes and encounters (traffic/geo.py, traffic/scene.py, traffic/encounter.py) ---

DEFAULT_WATERS = "high-seas"
TRAFFIC_WATERS = WATERS           # the waters names the editions use (navlights.vessel_facts.WATERS)
from .limits import MAX_LOOKS as _MAX_LOOKS  # noqa: E402  (constants only)

#: The most looks (ordered vessel pairs x minutes) one encounter may ask for (docs/traffic.md "Limits").
MAX_ENCOUNTER_LOOKS = _MAX_LOOKS


def read_scene(data: Any) -> dict[str, Any]:
    """A scene file's data (docs/traffic.md "Scenes") -> {observer, fixes, time, waters, edition}; one-line errors."""
    from .inputs import read_scene as _read
    return _read(data)


def scene(data: Any, *, waters: str | None = None, edition: str | None = None) -> Any:
    """What the scene's observer sees of every vessel (:class:`navlights.traffic.scene.SceneResult`)."""
    from .scene import compute
    s = read_scene(data)
    return compute(s["observer"], s["fixes"], s["time"], waters=waters or s["waters"],
                   edition=edition or s["edition"])


def scene_from_ais(path: Any, *, at: Any, observer: Any, window_min: Any = 10.0, edition: str | None = None,
                   waters: str | None = None, region: Any = None) -> tuple[Any, dict[str, int]]:
    """The scene at time ``at`` from own ship ``observer`` ("lat,lon,heading[,eye,visibility]") over an AIS file:
    each vessel's last report at most ``window_min`` minutes old, carried to the time along her course; her
    readings from the AIS mapping. Returns the scene and the counts of vessels left out."""
    from .ais_scene import scene as _scene
    mapped, _ = ais_fixes(path, edition=edition, waters=waters, region=region)
    return _scene([f for f, _, _ in mapped], at, observer, window_min, waters or DEFAULT_WATERS)


def scene_json(data: Any, *, waters: str | None = None, edition: str | None = None) -> dict[str, Any]:
    """The scene as JSON-ready data."""
    return scene(data, waters=waters, edition=edition).to_dict()


def check_fov(fov: Any) -> float | None:
    """A field of view in degrees (None: the whole horizon), or a one-line error."""
    from .scene import bad
    if fov is None:
        return None
    allowed = "more than 0 and at most 360 degrees"
    if isinstance(fov, bool) or not isinstance(fov, (int, float)) or not 0 < float(fov) <= 360:
        raise bad("fov", fov, allowed, "is out of range")
    return None if float(fov) == 360.0 else float(fov)


def panorama(result: Any, *, fov: float | None = None, width: int = 2400, height: int = 480,
             names: bool = True) -> Any:
    """The night panorama (a render scene) of a scene result."""
    from ..render.elements import check_size as check_picture_size
    from ..render.panorama import panorama as _panorama
    w, h = check_picture_size(width, height)
    return _panorama(result, fov_deg=check_fov(fov), width=w, height=h, names=names)


def panorama_svg(pano: Any) -> str:
    from ..render.svg import svg
    return svg(pano)


def panorama_png(pano: Any) -> bytes:
    from ..render.png import svg_to_png
    return svg_to_png(panorama_svg(pano))


def panorama_labels(pano: Any) -> dict[str, Any]:
    """Each light's pixel x, y, colour, vessel ident, role and distance, and the frame."""
    from ..render.panorama import labels
    return labels(pano)


def encounter(text: str, *, waters: str = DEFAULT_WATERS, edition: str | None = None, action: Any = None) -> Any:
    """The encounter of the tracks in a CSV text (docs/traffic.md "Encounters"); ``action``: the Rule 16/17
    thresholds, an ``ActionThresholds`` or its text ("course_deg=30,speed_pct=50,...")."""
    from .encounter import build
    from .encounter_action import parse_thresholds
    if action is None or isinstance(action, str):
        action = parse_thresholds(action)
    return build(text, waters=waters, edition=edition, action=action)


def encounter_from_ais(path: Any, mmsi: Any, *, readings: Any = (), start: Any = None, end: Any = None,
                       waters: str = DEFAULT_WATERS, edition: str | None = None, action: Any = None) -> Any:
    """The encounter of the vessels ``mmsi`` ("A,B" or a list) in an AIS file, between ``start`` and ``end``
    (ISO 8601, optional); ``readings``: "MMSI=N" choices where AIS fits several readings of a vessel; ``action``
    as for :func:`encounter`."""
    from dataclasses import replace
    from .ais_encounter import parse_choices, tracks_csv
    from .encounter import build
    from .encounter_action import parse_thresholds
    from .inputs import when
    if action is None or isinstance(action, str):
        action = parse_thresholds(action)
    idents = [m.strip() for m in (mmsi.split(",") if isinstance(mmsi, str) else list(mmsi)) if str(m).strip()]
    t0 = when(start, "from") if start is not None else None
    t1 = when(end, "to") if end is not None else None
    mapped, _ = ais_fixes(path, edition=edition, waters=None if edition else waters)
    text, notes = tracks_csv([f for f, _, _ in mapped], idents, parse_choices(list(readings)), t0, t1)
    enc = build(text, waters=waters, edition=edition, action=action)
    return replace(enc, notes=tuple(dict.fromkeys((*notes, *enc.notes))))


def scene_heard(result: Any) -> list[dict[str, Any]]:
    """In restricted visibility: what own ship would hear from each vessel of the scene (traffic/sounds.py)."""
    from .sounds import scene_heard as _heard
    return _heard(result)


def scene_heard_lines(heard: list[dict[str, Any]]) -> list[str]:
    from .sounds import scene_heard_lines as _lines
    return _lines(heard)


def encounter_sounding(enc: Any) -> dict[str, Any]:
    """In restricted visibility: what each vessel of the encounter should have been sounding (traffic/sounds.py)."""
    from .sounds import encounter_sounding as _sounding
    return _sounding(enc)


def encounter_sounding_lines(sounding: dict[str, Any]) -> list[str]:
    from .sounds import encounter_sounding_lines as _lines
    return _lines(sounding)


def encounter_json(text: str, *, waters: str = DEFAULT_WATERS, edition: str | None = None,
                   action: Any = None) -> dict[str, Any]:
    return encounter(text, waters=waters, edition=edition, action=action).to_dict()


def encounter_table(enc: Any) -> list[list[str]]:
    """Minute-by-minute rows: time, observer, target, relative bearing, distance, aspect, lights seen."""
    from .encounter import table
    return table(enc)


def encounter_plot_png(enc: Any) -> bytes:
    """The encounter's plot (matplotlib, Agg) as PNG bytes."""
    from .encounter_plot import plot_png
    return plot_png(enc)


def encounter_report_html(enc: Any, plot_png: bytes | None = None, *, tracks: str | None = None,
                          footer: str | None = None) -> str:
    """A standalone, printable HTML report of an encounter: the edition and why, the vessels, notes, events, the
    plot (``plot_png``; made here when None), the minute-by-minute table, and the ``tracks`` as given."""
    from .encounter_html import report_html
    return report_html(enc, plot_png if plot_png is not None else encounter_plot_png(enc), tracks=tracks,
                       footer=footer)


def example_encounters() -> dict[str, str]:
    """The example track files shipped with navlights: file name -> CSV text."""
    from importlib import resources
    folder = resources.files("navlights.traffic") / "examples" / "encounters"
    return {p.name: p.read_text() for p in sorted(folder.iterdir(), key=lambda p: p.name) if p.name.endswith(".csv")}


def example_scenes() -> dict[str, str]:
    """The example scene files shipped with navlights: file name -> JSON text."""
    from importlib import resources
    folder = resources.files("navlights.traffic") / "examples" / "scenes"
    return {p.name: p.read_text() for p in sorted(folder.iterdir(), key=lambda p: p.name) if p.name.endswith(".json")}
