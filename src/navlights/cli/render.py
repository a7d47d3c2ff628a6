"""Commands `navlights render` (one picture: SVG, PNG or turntable GIF) and `navlights gallery`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..errors import excerpt
from .layout import fitted_text
from .options import check_output, chosen_edition, edition_option, plain_edition_option, say_default, print_json, vessel_from_options, vessel_options

_VIEWS = ["night", "day", "plan"]
_FORMATS = (".svg", ".png", ".gif")


def _output_format(path: str) -> str:
    from ..api import RenderError
    suffix = Path(path).suffix.lower()
    if suffix not in _FORMATS:
        allowed = ", ".join(_FORMATS)
        raise RenderError(f"output: '{path}' has {'extension ' + repr(suffix) if suffix else 'no extension'}; "
                          f"allowed: {allowed}", field="output", value=path, allowed=allowed)
    return suffix


def _write(path: str, data: bytes | str) -> None:
    from ..api import RenderError
    try:
        if isinstance(data, str):
            Path(path).write_text(data, encoding="utf-8")
        else:
            Path(path).write_bytes(data)
    except OSError as e:
        raise RenderError(f"output: cannot write '{path}': {e.strerror}", field="output", value=path,
                          allowed="a writable file path") from None


def _choose(choose: str, optional: bool) -> Any:
    return {"optional": True} if optional and choose == "typical" else choose


@click.command("render")
@edition_option
@vessel_options
@click.option("--view", "view", type=click.Choice(_VIEWS), default="night", show_default=True,
              help="night: the lights seen; day: hull and day shapes; plan: arcs of the lights from above")
@click.option("--aspect", "aspect", type=float, default=45.0, show_default=True,
              help="your bearing from her, degrees clockwise from her bow (plan: marks the observer)")
@click.option("--distance", "distance", type=float, help="how far off she is, nautical miles (default: no range test)")
@click.option("--eye-height", "eye_height", type=float, help="your height of eye, metres")
@click.option("--visibility", "visibility", type=float, help="meteorological visibility, nautical miles")
@click.option("--choose", "choose", type=click.Choice(["typical", "all"]), default="typical", show_default=True,
              help="typical: required items and first options; all: every item (docs/view.md)")
@click.option("--optional", "optional", is_flag=True, help="also show optional lights (e.g. a sailing vessel's "
              "red over green)")
@click.option("--ranges", "ranges", is_flag=True, help="plan: draw each arc to the scale of its range, with rings")
@click.option("--width", "width", type=int, help="pixels (default 800; GIF 480)")
@click.option("--height", "height", type=int, help="pixels (default 500; GIF 300)")
@click.option("--no-caption", "no_caption", is_flag=True, help="leave out the caption (aspect, picture, cites)")
@click.option("--no-hull", "no_hull", is_flag=True, help="leave out the hull and masts")
@click.option("--title", "title", help="your own caption title (escaped)")
@click.option("--step", "step", type=float, default=10.0, show_default=True,
              help="GIF: degrees of aspect between frames")
@click.option("--frame-ms", "frame_ms", type=int, default=120, show_default=True, help="GIF: milliseconds per frame")
@click.option("--output", "-o", "output", required=True, help="FILE.svg, FILE.png or FILE.gif (a turntable 0-360°)")
@click.option("--json", "as_json", is_flag=True, help="print the picture's labels (pixel place and colour of "
              "each light) as JSON")
@fitted_text
def render_cmd(edition: str | None, view: str, aspect: float, distance: float | None, eye_height: float | None,
               visibility: float | None, choose: str, optional: bool, ranges: bool, width: int | None,
               height: int | None, no_caption: bool, no_hull: bool, title: str | None, step: float, frame_ms: int,
               output: str, as_json: bool, **opts: Any) -> None:
    """Draw a vessel's lights or shapes as an observer sees them, or their arcs from above."""
    from .. import api
    fmt = _output_format(output)
    check_output(output, "output")             # before the work: a path that cannot be written fails at once
    vessel = vessel_from_options(opts)
    given, edition = edition, chosen_edition(edition, opts)
    gif = fmt == ".gif"
    kw: dict[str, Any] = dict(view=view, distance_nm=distance, width=width or (480 if gif else 800),
                              height=height or (300 if gif else 500), caption=not no_caption, hull=not no_hull,
                              title=title, eye_height_m=eye_height, visibility_nm=visibility,
                              choose=_choose(choose, optional), ranges=ranges)
    if gif:
        data: bytes | str = api.render_gif(vessel, edition, step_deg=step, frame_ms=frame_ms, **kw)
    elif fmt == ".png":
        data = api.render_png(vessel, edition, aspect_deg=aspect, **kw)
    else:
        data = api.render_svg(vessel, edition, aspect_deg=aspect, **kw)
    _write(output, data)
    if as_json:
        labels = api.render_labels(vessel, edition, aspect_deg=aspect, **kw)
        print_json({"output": output, "format": fmt.lstrip("."), **labels})
    else:
        say_default(given, opts)
        click.echo(f"wrote {output}")


def _aspects(text: str) -> tuple[float, ...]:
    from ..api import RenderError
    try:
        return tuple(float(a) for a in text.split(",") if a.strip())
    except ValueError:
        raise RenderError(f"aspects: {excerpt(text)} is not a list of numbers; write e.g. 0,45,90",
                          field="aspects", value=text, allowed="comma-separated degrees, 0 to 360") from None


@click.command("gallery")
@click.argument("outdir")
@plain_edition_option
@click.option("--format", "fmt", type=click.Choice(["png", "svg"]), default="png", show_default=True)
@click.option("--aspects", "aspects", default="0,45,90,135,180,225,270,315", show_default=True,
              help="comma-separated aspects, degrees")
@click.option("--distance", "distance", type=float, default=1.0, show_default=True, help="nautical miles")
@click.option("--width", "width", type=int, default=480, show_default=True)
@click.option("--height", "height", type=int, default=300, show_default=True)
@click.option("--caption", "caption", is_flag=True, help="caption each image (off: the answer stays out of the "
              "picture, for labelled data)")
@click.option("--situation", "situation", help="only situations whose label contains this text")
@click.option("--limit", "limit", type=click.IntRange(min=1), help="at most this many classes")
@click.option("--json", "as_json", is_flag=True, help="print the summary as JSON")
def gallery_cmd(outdir: str, edition: str | None, fmt: str, aspects: str, distance: float, width: int, height: int,
                caption: bool, situation: str | None, limit: int | None, as_json: bool) -> None:
    """Every vessel class of an edition at several aspects, night and day, with index.html and labels.json."""
    from .. import api
    summary = api.write_gallery(outdir, chosen_edition(edition), fmt=fmt, aspects=_aspects(aspects), distance_nm=distance,
                            width=width, height=height, caption=caption, situation=situation, limit=limit)
    if as_json:
        print_json(summary)
        return
    from .text import gallery_text
    say_default(edition)
    gallery_text(summary)


COMMANDS = (render_cmd, gallery_cmd)
