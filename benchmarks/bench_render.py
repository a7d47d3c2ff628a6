"""Benchmark the renderer: median CPU time to draw one view as a PNG (target: under 50 ms), and its parts.

For each view (night, day, plan) of intl-1960 power-driven vessel of 200 ft towing (tow 700 ft), at
aspect 45° and 1 nm, 800 x 500 px: the whole ``api.render_png`` call (display, view, scene, SVG, text as
outlines, resvg) side by side with the same call leaving the text to resvg (``png.OUTLINE_TEXT = False``,
as before issue 15's change), the rounds interleaved; the same without caption; the SVG text alone
(``api.render_svg``); resvg alone on the converted document and on the original. The PNG cache is
emptied before every timed call, so each is a new picture; the last line times a picture asked again.
Also a 480 x 300 PNG without caption (the gallery's default) and a 36-frame turntable GIF, both ways.

CPU time (``time.process_time``): other work on the machine slows the wall clock, not this.

Run: ``.venv/bin/python benchmarks/bench_render.py``. Not a test.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Callable

from navlights import api
from navlights.render import png
from navlights.render.glyphs import outline_text
from navlights.render.svg import FLASH_OFF_STYLE

VESSEL = {"propulsion": "power", "length": "200 ft", "towing": {"tow_length": "700 ft"}}
TARGET_MS = 50.0
REPEAT = 21


def cpu_ms(fn: Callable[[], object]) -> float:
    png.cache_clear()
    t = time.process_time()
    fn()
    return (time.process_time() - t) * 1000


def side_by_side(fn: Callable[[], object], repeat: int = REPEAT) -> tuple[float, float]:
    """Median CPU ms of ``fn`` with text as outlines and with text left to resvg, rounds interleaved."""
    runs: dict[bool, list[float]] = {True: [], False: []}
    for mode in (True, False):                    # warm: edition load, imports, fonts
        png.OUTLINE_TEXT = mode
        cpu_ms(fn)
    for _ in range(repeat):
        for mode in (True, False):
            png.OUTLINE_TEXT = mode
            runs[mode].append(cpu_ms(fn))
    png.OUTLINE_TEXT = True
    return statistics.median(runs[True]), statistics.median(runs[False])


def median_ms(fn: Callable[[], object], repeat: int = REPEAT) -> float:
    cpu_ms(fn)
    return statistics.median(cpu_ms(fn) for _ in range(repeat))


def main() -> None:
    kw = dict(aspect_deg=45.0, distance_nm=1.0)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs (CPU medians of {REPEAT}; "
          f"'resvg text': the text left to resvg, as before)")
    print(f"{'view':<7} {'PNG':>8} {'resvg text':>11} {'no caption':>11} {'resvg text':>11} {'SVG only':>9} "
          f"{'resvg only':>11} {'resvg text':>11}   800 x 500 px")
    for view in ("night", "day", "plan"):
        new, old = side_by_side(lambda: api.render_png(VESSEL, "intl-1960", view=view, **kw))
        bare, bare_old = side_by_side(lambda: api.render_png(VESSEL, "intl-1960", view=view, caption=False, **kw))
        svg = median_ms(lambda: api.render_svg(VESSEL, "intl-1960", view=view, **kw))
        text = api.render_svg(VESSEL, "intl-1960", view=view, **kw)
        outlined = outline_text(text, (FLASH_OFF_STYLE,))
        raster = median_ms(lambda: png.render(outlined, outline=False))
        raster_old = median_ms(lambda: png.render(text, outline=False))
        flag = "ok" if new < TARGET_MS else f"over the {TARGET_MS:g} ms target"
        print(f"{view:<7} {new:5.1f} ms {old:8.1f} ms {bare:8.1f} ms {bare_old:8.1f} ms {svg:6.1f} ms "
              f"{raster:8.1f} ms {raster_old:8.1f} ms   {flag}")
    png.cache_clear()
    api.render_png(VESSEL, "intl-1960", view="plan", **kw)
    t = time.process_time()
    for _ in range(REPEAT):
        api.render_png(VESSEL, "intl-1960", view="plan", **kw)
    again = (time.process_time() - t) * 1000 / REPEAT
    print(f"plan PNG asked again (remembered): {again:.2f} ms")
    small, small_old = side_by_side(lambda: api.render_png(VESSEL, "intl-1960", width=480, height=300,
                                                           caption=False, **kw))
    print(f"night PNG 480 x 300, no caption (gallery default): {small:.1f} ms ({small_old:.1f} ms with resvg text)")
    gif, gif_old = side_by_side(lambda: api.render_gif(VESSEL, "intl-1960", distance_nm=1.0), repeat=3)
    print(f"turntable GIF, 36 frames 480 x 300 with captions: {gif:.0f} ms ({gif_old:.0f} ms with resvg text)")


if __name__ == "__main__":
    main()
