"""Benchmark the renderer: median time to draw one view as a PNG (target: under 50 ms), and its parts.

For each view (night, day, plan) of intl-1960 power-driven vessel of 200 ft towing (tow 700 ft), at
aspect 45° and 1 nm, 800 x 500 px: the whole ``api.render_png`` call (display, view, scene, SVG,
resvg), the same without caption, the SVG text alone (``api.render_svg``), and resvg alone. Also a
480 x 300 PNG without caption (the gallery's default) and a 36-frame turntable GIF.

Run: ``.venv/bin/python benchmarks/bench_render.py``. Not a test.
"""

from __future__ import annotations

import statistics
import time

from navlights import api
from navlights.render.png import svg_to_png

VESSEL = {"propulsion": "power", "length": "200 ft", "towing": {"tow_length": "700 ft"}}
TARGET_MS = 50.0
REPEAT = 21


def median_ms(fn, repeat: int = REPEAT) -> float:
    fn()                                            # warm: edition load, imports, font database
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    BEST.append(min(runs) * 1000)
    return statistics.median(runs) * 1000


BEST: list[float] = []


def main() -> None:
    import os
    kw = dict(aspect_deg=45.0, distance_nm=1.0)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs (medians of {REPEAT}; noisy when loaded)")
    print(f"{'view':<7} {'PNG':>9} {'PNG, no caption':>16} {'SVG only':>9} {'resvg only':>11}   800 x 500 px")
    for view in ("night", "day", "plan"):
        png = median_ms(lambda: api.render_png(VESSEL, "intl-1960", view=view, **kw))
        bare = median_ms(lambda: api.render_png(VESSEL, "intl-1960", view=view, caption=False, **kw))
        svg = median_ms(lambda: api.render_svg(VESSEL, "intl-1960", view=view, **kw))
        text = api.render_svg(VESSEL, "intl-1960", view=view, **kw)
        raster = median_ms(lambda: svg_to_png(text))
        best = BEST[-4]
        flag = "ok" if png < TARGET_MS else f"over the {TARGET_MS:g} ms target"
        print(f"{view:<7} {png:7.1f} ms {bare:13.1f} ms {svg:6.1f} ms {raster:8.1f} ms   {flag} (best {best:.1f} ms)")
    small = median_ms(lambda: api.render_png(VESSEL, "intl-1960", width=480, height=300, caption=False, **kw))
    print(f"night PNG 480 x 300, no caption (gallery default): {small:.1f} ms")
    gif = median_ms(lambda: api.render_gif(VESSEL, "intl-1960", distance_nm=1.0), repeat=3)
    print(f"turntable GIF, 36 frames 480 x 300 with captions: {gif:.0f} ms")


if __name__ == "__main__":
    main()
