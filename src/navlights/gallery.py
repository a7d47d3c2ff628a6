"""Galleries: every vessel class of an edition at several aspects, night and day, with labels.

A use of the renderer, below the facade (which offers it as ``api.write_gallery``): it takes editions from the rule
base, displays from the display engine and pictures from ``render.compose``, never from :mod:`navlights.api`.

``write_gallery(outdir, edition)`` renders each representative vessel of the edition
(:func:`navlights.classes.vessels`, merged where several lengths or tow lengths give the same
display: one image set per situation and distinct display) at each aspect, by night (if she
shows lights) and by day (if she shows shapes). Beside the images it writes

* ``index.html``: every class with its images, the picture in words and the cites;
* ``labels.json``: for each image the edition, class, vessel, view, aspect, distance, and each
  light's (shape's) pixel position, radius, colour, role and cite, for use as labelled
  synthetic data. Images carry no caption by default, so that the answer is not in the picture.
"""

from __future__ import annotations

import html
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .classes import vessels
from .engines.display import remembered
from .engines.view import check_aspect, select
from .errors import NavlightsError, excerpt
from .render import RenderError
from .rulebase.loader import edition as edition_named

DEFAULT_ASPECTS = (0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0)
DEFAULT_DISTANCE_NM = 1.0
DEFAULT_WIDTH_PX, DEFAULT_HEIGHT_PX = 480, 300
GALLERY_FORMATS = ("png", "svg")


@dataclass(frozen=True, slots=True)
class GalleryClass:
    """One situation with one distinct display for one period, and the vessel that stands for it."""

    slug: str
    situation: str
    period: str                  # night | day
    vessel: dict[str, Any]
    display: Any
    rig: Any                     # the other period's display (masts), or None
    merged: int                  # how many representative vessels share this display


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "vessel"


def classes(edition: Any, *, situation: str | None = None,
            skipped: list[dict[str, str]] | None = None) -> list[GalleryClass]:
    """The edition's vessel classes for the gallery, night and day, deduplicated by display.

    A representative vessel the edition cannot light (a fact it needs is missing, say) is left
    out; ``skipped``, when given, collects each with the one-line reason."""
    groups: dict[tuple[Any, ...], list[tuple[dict[str, Any], Any]]] = {}
    order: list[tuple[Any, ...]] = []
    ed = edition_named(edition)
    for label, v in vessels(ed):
        if situation and situation.lower() not in label.lower():
            continue
        for period in ("night", "day"):
            vv = {**v, "time": period}
            try:
                d = remembered(vv, ed)
            except NavlightsError as e:
                if skipped is not None:
                    skipped.append({"situation": label, "period": period, "reason": str(e)})
                continue
            chosen = select(d, "typical", period)
            if not chosen:
                continue
            sig = tuple((i.role, i.colour, i.canonical, i.arc_deg, i.placement) for i, _ in chosen)
            key = (label, period, sig)
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append((vv, d))
    out: list[GalleryClass] = []
    used: dict[tuple[str, str], int] = {}
    for key in order:
        label, period, _ = key
        members = groups[key]
        vv, d = members[len(members) // 2]           # the middle length stands for the interval
        other = {**vv, "time": "day" if period == "night" else "night"}
        try:
            rig = remembered(other, ed)
        except NavlightsError:
            rig = None
        tow = (d.vessel.towing or d.vessel.being_towed)
        tow_m = getattr(tow, "tow_length", None) if tow else None
        base = _slug(f"{label}-{d.vessel.length_m or 0:.0f}m" + (f"-tow{tow_m:.0f}m" if tow_m else ""))
        n = used.get((base, period), 0)
        used[(base, period)] = n + 1
        slug = base if n == 0 else f"{base}-{n + 1}"
        out.append(GalleryClass(slug, label, period, vv, d, rig, len(members)))
    return out


def write_gallery(outdir: str | Path, edition_name: str = "intl-1960", *, fmt: str = "png",
                  aspects: tuple[float, ...] = DEFAULT_ASPECTS, distance_nm: float | None = DEFAULT_DISTANCE_NM,
                  width: int = DEFAULT_WIDTH_PX, height: int = DEFAULT_HEIGHT_PX, caption: bool = False,
                  situation: str | None = None, limit: int | None = None,
                  progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Render the gallery into ``outdir``; returns a summary (counts, files, seconds)."""
    if fmt not in GALLERY_FORMATS:
        raise RenderError(f"format: {excerpt(fmt)} is not allowed; allowed: {', '.join(GALLERY_FORMATS)}",
                          field="format", value=fmt, allowed=", ".join(GALLERY_FORMATS))
    from .render.compose import scene as compose
    from .render.png import svg_to_png
    from .render.scene import check_size
    from .render.svg import svg
    check_size(width, height)
    aspects = tuple(check_aspect(a) for a in aspects)
    if not aspects:
        raise RenderError("aspects: none given; allowed: one or more of 0 to 360 degrees", field="aspects",
                          value=aspects, allowed="0 to 360 degrees")
    ed = edition_named(edition_name)
    out = Path(outdir)
    images = out / "images"
    try:
        images.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise RenderError(f"outdir: cannot create '{images}': {e.strerror}", field="outdir", value=str(out),
                          allowed="a writable directory") from None
    start = time.perf_counter()
    skipped: list[dict[str, str]] = []
    cls = classes(ed, situation=situation, skipped=skipped)
    if limit is not None:
        cls = cls[:limit]
    total = len(cls) * len(aspects)
    records: list[dict[str, Any]] = []
    done = 0
    for c in cls:
        for a in aspects:
            scene = compose(c.vessel, ed, view=c.period, aspect_deg=a, distance_nm=distance_nm, width=width,
                            height=height, caption=caption)
            name = f"{c.slug}-{c.period}-a{a:05.1f}".replace(".", "_") + f".{fmt}"
            path = images / name
            try:
                if fmt == "png":
                    path.write_bytes(svg_to_png(svg(scene)))
                else:
                    path.write_text(svg(scene), encoding="utf-8")
            except OSError as e:
                raise RenderError(f"outdir: cannot write '{path}': {e.strerror}", field="outdir",
                                  value=str(path), allowed="a writable directory") from None
            lab = scene.labels()
            records.append({"file": f"images/{name}", "edition": ed.id, "class": c.slug,
                            "situation": c.situation, "period": c.period, "input_vessel": c.vessel,
                            "merged": c.merged, **lab})
            done += 1
            if progress:
                progress(done, total)
    summary = {"edition": ed.id, "edition_title": ed.title, "format": fmt, "classes": len(cls),
               "images": len(records), "aspects": list(aspects), "distance_nm": distance_nm,
               "width": width, "height": height, "caption": caption,
               "skipped": len(skipped), "skipped_reasons": sorted({f"{s['situation']}: {s['reason']}"
                                                                   for s in skipped}),
               "seconds": round(time.perf_counter() - start, 2), "outdir": str(out)}
    _write(out / "labels.json", json.dumps({**summary, "images": records}, indent=1, ensure_ascii=False))
    _write(out / "index.html", index_html(summary, cls, records))
    return {**summary, "index": str(out / "index.html"), "labels": str(out / "labels.json")}


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise RenderError(f"outdir: cannot write '{path}': {e.strerror}", field="outdir", value=str(path),
                          allowed="a writable directory") from None


def index_html(summary: dict[str, Any], cls: list[GalleryClass], records: list[dict[str, Any]]) -> str:
    """A plain HTML page: every class, its images, the picture in words and the cites (all text escaped)."""
    e = html.escape
    by_class: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in records:
        by_class.setdefault((r["class"], r["period"]), []).append(r)
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>navlights gallery: {e(summary['edition'])}</title>",
        "<style>body{font-family:system-ui,sans-serif;margin:1.5em;background:#f4f6f8;color:#1b2733}"
        "section{margin:1.5em 0;padding:.5em 1em;background:#fff;border-radius:6px}"
        ".grid{display:flex;flex-wrap:wrap;gap:10px}figure{margin:0;width:" + str(summary["width"]) + "px}"
        "figure img{width:100%;display:block;border:1px solid #ccd}figcaption{font-size:12px;color:#445}"
        ".cite{color:#667;font-size:12px}</style></head><body>",
        f"<h1>{e(summary['edition_title'])} ({e(summary['edition'])})</h1>",
        f"<p>{summary['classes']} classes, {summary['images']} images; aspects "
        f"{e(', '.join(f'{a:g}°' for a in summary['aspects']))}; distance "
        f"{e('none' if summary['distance_nm'] is None else format(summary['distance_nm'], 'g') + ' nm')}. "
        "Positions are a typical placement (assumed). Labels: <a href='labels.json'>labels.json</a>.</p>",
    ]
    for c in cls:
        rs = by_class.get((c.slug, c.period), [])
        cites = "; ".join(dict.fromkeys(f"{i.citation.rule}: {i.role}" for i in c.display.items
                                        if i.period == c.period))
        parts.append(f"<section id='{e(c.slug)}-{e(c.period)}'><h2>{e(c.display.vessel.describe(c.display.length_system))} "
                     f"<small>({e(c.period)})</small></h2>")
        parts.append(f"<p class='cite'>situation: {e(c.situation)}; {c.merged} representative vessel(s) share "
                     f"this display. {e(cites)}</p><div class='grid'>")
        for r in rs:
            parts.append(f"<figure><img loading='lazy' src='{e(r['file'])}' alt='{e(r.get('picture', ''))}' "
                         f"width='{r['width']}' height='{r['height']}'><figcaption>aspect {r['aspect_deg']:g}°: "
                         f"{e(r.get('picture', ''))}</figcaption></figure>")
        parts.append("</div></section>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
