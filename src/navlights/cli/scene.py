"""Commands `navlights scene` and `navlights encounter`: what own ship sees of the traffic round her, and a
timeline of what two or more vessels saw of each other (docs/traffic.md)."""

from __future__ import annotations

import json
import textwrap
from typing import Any

import click

from navlights.traffic.api import TRAFFIC_WATERS as WATERS

from ..errors import NavlightsError
from .layout import fitted_text
from .options import check_output, json_option, print_json, read_text_file, write_output


def _read(path: str, what: str) -> str:
    return read_text_file(path, what)


def _write(path: str, data: str | bytes, what: str) -> None:
    write_output(path, data, what)


@click.command("scene")
@click.argument("scene_file", metavar="[SCENE.json]", required=False)
@click.option("--ais", "ais_file", metavar="FILE", help="build the scene from AIS data (NMEA, .csv or .parquet) "
              "instead of a scene file; needs --at and --observer")
@click.option("--at", "at", metavar="TIME", help="with --ais: the time of the scene (ISO 8601, UTC)")
@click.option("--observer", metavar="LAT,LON,HEADING[,EYE,VIS][,speed=KN][,course=DEG]",
              help="with --ais: own ship's position, heading, height of eye (m) and visibility (nm); with her speed "
              "(and course) over ground, each vessel's role against her (Part B)")
@click.option("--window", "window_min", type=float, default=10.0, show_default=True,
              help="with --ais: the oldest report used, in minutes before the time (carried forward along her course)")
@click.option("--fov", type=float, help="field of view in degrees, centred on own ship's head (default: 360)")
@click.option("--svg", "svg_out", metavar="OUT", help="write the night panorama as SVG")
@click.option("--png", "png_out", metavar="OUT", help="write the night panorama as PNG")
@click.option("--labels", "labels_out", metavar="OUT",
              help="write the panorama's labels (each light's pixel x, y, colour, vessel, role, distance) as JSON")
@click.option("--width", type=int, default=2400, show_default=True, help="panorama width, pixels")
@click.option("--height", type=int, default=480, show_default=True, help="panorama height, pixels")
@click.option("--no-names", is_flag=True, help="leave the vessels' names off the picture (for detector training)")
@click.option("--waters", type=click.Choice(WATERS), help="the waters, for the edition in force (default: the file's, "
              "else high-seas)")
@click.option("--edition", "-e", help="judge under this edition instead of the one in force at the scene's time")
@click.option("--visibility", type=click.Choice(["restricted", "clear"]), default="clear", show_default=True,
              help="restricted: also list what own ship would hear from each vessel (Rule 35, Annex III ranges)")
@json_option("JSON output: every vessel's bearing, distance, aspect, readings and lights seen")
@fitted_text
def scene_cmd(scene_file: str | None, ais_file: str | None, at: str | None, observer: str | None, window_min: float,
              fov: float | None, svg_out: str | None, png_out: str | None, labels_out: str | None,
              width: int, height: int, no_names: bool, waters: str | None, edition: str | None,
              visibility: str, as_json: bool) -> None:
    """What own ship sees of the traffic round her: each vessel's bearing, distance, aspect and lights.

    From a scene file (docs/traffic.md), or from AIS data with --ais, --at and --observer."""
    import navlights.traffic.api as traffic
    for out, what in ((svg_out, "svg"), (png_out, "png"), (labels_out, "labels")):
        if out:
            check_output(out, what)            # before the work: a path that cannot be written fails at once
    result = _scene_result(scene_file, ais_file, at, observer, window_min, waters, edition)
    if svg_out or png_out or labels_out:
        pano = traffic.panorama(result, fov=fov, width=width, height=height, names=not no_names)
        if svg_out:
            _write(svg_out, traffic.panorama_svg(pano), "svg")
        if png_out:
            _write(png_out, traffic.panorama_png(pano), "png")
        if labels_out:
            _write(labels_out, json.dumps(traffic.panorama_labels(pano), indent=1, ensure_ascii=False), "labels")
    elif fov is not None:
        traffic.check_fov(fov)
    heard = traffic.scene_heard(result) if visibility == "restricted" else None
    if as_json:
        print_json({**result.to_dict(), **({"visibility": visibility, "heard": heard} if heard is not None else {})})
        return
    if heard is not None:
        click.echo("In restricted visibility own ship would hear:")
        for line in traffic.scene_heard_lines(heard):
            click.echo(f"  {line}")
        click.echo("")
    _scene_text(result.to_dict())


def _scene_result(scene_file: str | None, ais_file: str | None, at: str | None, observer: str | None,
                  window_min: float, waters: str | None, edition: str | None) -> Any:
    import navlights.traffic.api as traffic
    if (scene_file is None) == (ais_file is None):
        raise NavlightsError("scene: give a scene file or --ais FILE, not both and not neither", field="scene",
                             value=scene_file or ais_file, allowed="SCENE.json, or --ais FILE with --at and --observer")
    if ais_file is not None:
        for name, value in (("at", at), ("observer", observer)):
            if value is None:
                raise NavlightsError(f"{name}: missing; --ais needs --at TIME and --observer LAT,LON,HEADING",
                                     field=name, value=None, allowed="given with --ais")
        result, counts = traffic.scene_from_ais(ais_file, at=at, observer=observer, window_min=window_min,
                                                edition=edition, waters=waters)
        if counts["too_old"] or counts["only_after"]:
            click.echo(f"left out: {counts['too_old']} vessel(s) whose last report is over {window_min:g} min old, "
                       f"{counts['only_after']} reported only after the time", err=True)
        return result
    from .. import api
    text = _read(str(scene_file), "scene")
    try:
        data = api.json_loads(text, "scene")
    except json.JSONDecodeError as e:
        raise NavlightsError(f"scene: malformed JSON in '{scene_file}' at line {e.lineno} column {e.colno}: {e.msg}",
                             field="scene", value=scene_file, allowed="a JSON scene file (docs/traffic.md)") from None
    except RecursionError:
        raise NavlightsError(f"scene: '{scene_file}': nested too deep", field="scene", value=scene_file,
                             allowed="a JSON scene file (docs/traffic.md)") from None
    return traffic.scene(data, waters=waters, edition=edition)


def _scene_text(d: dict[str, Any]) -> None:
    o = d["observer"]
    click.echo(f"{d['time'] or ''} from {o['ident']} at {o['lat']:.4f}, {o['lon']:.4f}, heading {o['heading_deg']:03.0f}°")
    click.echo(f"edition: {d['edition_basis']}")
    for v in sorted(d["vessels"], key=lambda v: v["distance_nm"]):
        aspect = "-" if v["aspect_deg"] is None else f"{v['aspect_deg']:05.1f}° ({v['aspect_words']})"
        click.echo(f"\n{v['ident']}: bearing {v['bearing_deg']:05.1f}° ({v['relative_deg']:05.1f}° relative), "
                   f"{v['distance_nm']:.2f} nm, aspect {aspect}")
        many = len(v["readings"]) > 1
        for k, r in enumerate(v["readings"], start=1):
            head = f"  reading {k} of {len(v['readings'])} (the data cannot tell which): " if many else "  "
            click.echo(f"{head}{r['description'] or r['basis']} [{r['basis']}]")
            click.echo(f"    sees: {r['picture']}")
            if v.get("conduct"):
                c = v["conduct"][k - 1]
                click.echo(textwrap.fill(f"you: {c['roles'] if c['answer'] else c['gap']}", 78,
                                         initial_indent="    ", subsequent_indent="      ", break_on_hyphens=False))
            for a in r.get("alternatives", ()):
                if a["why"].startswith("another scheme"):
                    seen = [x for x in a["lights"] if x.get("seen", True)] or None
                    names = ", ".join(x["name"] for x in seen) if seen else "no light in sight"
                    cites = "; ".join(dict.fromkeys(x["cite"] for x in (seen or a["lights"])))
                    click.echo(f"    or instead (scheme {a['scheme']}): {names} [{cites}]")
        for n in v["notes"]:
            click.echo(f"  note: {n}")


@click.command("encounter")
@click.argument("tracks_file", metavar="[TRACKS.csv]", required=False)
@click.option("--ais", "ais_file", metavar="FILE", help="take the tracks from AIS data (NMEA, .csv or .parquet) "
              "instead of a track file; needs --mmsi")
@click.option("--mmsi", metavar="A,B[,...]", help="with --ais: the vessels of the encounter")
@click.option("--reading", "readings", multiple=True, metavar="MMSI=N",
              help="with --ais: where AIS fits several readings of a vessel, the one to judge her by (repeatable)")
@click.option("--from", "start", metavar="TIME", help="with --ais: the first time (ISO 8601, UTC)")
@click.option("--to", "end", metavar="TIME", help="with --ais: the last time (ISO 8601, UTC)")
@click.option("--plot", "plot_out", metavar="OUT.png", help="write the plot (bearing, aspect, distance, lights) as PNG")
@click.option("--waters", type=click.Choice(WATERS), default="high-seas", show_default=True,
              help="the waters, for the edition in force on the encounter's date")
@click.option("--edition", "-e", help="judge under this edition instead of the one in force")
@click.option("--table/--no-table", "show_table", default=True, show_default=True,
              help="print the minute-by-minute table after the events")
@click.option("--action", "action", metavar="KEY=N,...", help="Rule 16/17 thresholds: course_deg (30), speed_pct "
              "(50), early_tcpa_min (10), may_tcpa_min (8), must_tcpa_min (3) (docs/traffic.md)")
@click.option("--visibility", type=click.Choice(["restricted", "clear"]), default="clear", show_default=True,
              help="restricted: also say what each vessel should have been sounding (Rule 35)")
@json_option("JSON output: vessels, events and every minute's look")
@fitted_text
def encounter_cmd(tracks_file: str | None, ais_file: str | None, mmsi: str | None, readings: tuple[str, ...],
                  start: str | None, end: str | None, plot_out: str | None, waters: str, edition: str | None,
                  show_table: bool, action: str | None, visibility: str, as_json: bool) -> None:
    """Minute by minute, what each vessel could see of the others, and when the picture changed.

    From a track file (docs/traffic.md), or from AIS data with --ais and --mmsi."""
    import navlights.traffic.api as traffic
    if plot_out:
        check_output(plot_out, "plot")
    if (tracks_file is None) == (ais_file is None):
        raise NavlightsError("tracks: give a track file or --ais FILE, not both and not neither", field="tracks",
                             value=tracks_file or ais_file, allowed="TRACKS.csv, or --ais FILE with --mmsi")
    if ais_file is not None:
        if not mmsi:
            raise NavlightsError("mmsi: missing; --ais needs --mmsi A,B", field="mmsi", value=None,
                                 allowed="two or more MMSIs, comma-separated")
        enc = traffic.encounter_from_ais(ais_file, mmsi, readings=readings, start=start, end=end, waters=waters,
                                         edition=edition, action=action)
    else:
        enc = traffic.encounter(_read(tracks_file or "", "tracks"), waters=waters, edition=edition, action=action)
    if plot_out:
        _write(plot_out, traffic.encounter_plot_png(enc), "plot")
    sounding = traffic.encounter_sounding(enc) if visibility == "restricted" else None
    if as_json:
        print_json({**enc.to_dict(), **({"visibility": visibility, "sounding": sounding} if sounding else {})})
        return
    d = enc.to_dict()
    click.echo(f"Encounter {d['start']} to {d['end']}, judged under {d['edition']}: {d['edition_basis']}")
    for ident, v in d["vessels"].items():
        gaps = f" (not known: {'; '.join(v['gaps'])})" if v["gaps"] else ""
        click.echo(f"  {ident}: {v['description']}{gaps}")
    for n in d["notes"]:
        click.echo(f"  note: {n}")
    if sounding is not None:
        click.echo("\nIn restricted visibility each should have been sounding")
        for line in traffic.encounter_sounding_lines(sounding):
            click.echo(f"  {line}")
    click.echo("\nEvents")
    for e in d["events"]:
        click.echo(f"  {e['sentence']}")
    if show_table:
        click.echo("\ntime   observer -> target       rel.brg  dist nm  aspect  lights in arc and range")
        for row in traffic.encounter_table(enc):
            click.echo(f"{row[0]:6} {row[1] + ' -> ' + row[2]:24} {row[3]:>7} {row[4]:>8} {row[5]:>7}  {row[6]}")


COMMANDS = (scene_cmd, encounter_cmd)
