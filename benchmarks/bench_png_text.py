"""Benchmark the PNG's text three ways (issue 26): median CPU time of a new PNG of each view, 800 x 500, of the
intl-1960 power-driven vessel of 200 ft towing (tow 700 ft) at 1 nm, the aspect moved a tenth of a degree each round
(a new picture; the labels but one are the same, as from request to request), the three ways interleaved:

* text as outlines shaped by harfbuzz (``render/glyphs.py``, what ``render.png`` does), resvg without fonts;
* text left to resvg, its font database the system's fonts (what resvg does by default);
* text left to resvg, its font database only the two DejaVu Sans files named (``skip_system_fonts`` and
  ``font_files`` of resvg-py; it builds the database on every call).

``--anew``: every text converted anew each round (the converted texts forgotten; the fonts and their glyphs'
outlines kept), the worst case of the first way in a running process.
Target: the plan under 50 ms. CPU time (``time.process_time``). Run: ``.venv/bin/python benchmarks/bench_png_text.py``.
Not a test.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from typing import Callable

import resvg_py

from navlights import api
from navlights.render import glyphs
from navlights.render.svg import FLASH_OFF_STYLE

VESSEL = {"propulsion": "power", "length": "200 ft", "towing": {"tow_length": "700 ft"}}
REPEAT = 21
TARGET_MS = 50.0


def main() -> None:
    anew = "--anew" in sys.argv
    files = [p for p in (glyphs.font_path(False), glyphs.font_path(True)) if p]

    def outlines(s: str) -> bytes:
        if anew:
            glyphs._convert.cache_clear()          # the texts, not the fonts nor their glyphs' outlines
        return bytes(resvg_py.svg_to_bytes(svg_string=glyphs.outline_text(s, (FLASH_OFF_STYLE,)),
                                           skip_system_fonts=True))

    modes: dict[str, Callable[[str], bytes]] = {
        "outlines (harfbuzz)": outlines,
        "resvg text, system fonts": lambda s: bytes(resvg_py.svg_to_bytes(svg_string=s)),
        "resvg text, fonts named": lambda s: bytes(resvg_py.svg_to_bytes(svg_string=s, skip_system_fonts=True,
                                                                         font_files=files)),
    }
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; CPU medians of {REPEAT}, ms"
          + (" (every text converted anew)" if anew else ""))
    print(f"{'view':<6}" + "".join(f"{k:>28}" for k in modes))
    for view in ("night", "day", "plan"):
        runs: dict[str, list[float]] = {k: [] for k in modes}
        for f in modes.values():
            f(api.render_svg(VESSEL, "intl-1960", view=view, aspect_deg=45.0, distance_nm=1.0))
        for r in range(REPEAT):
            for k, f in modes.items():
                t = time.process_time()
                f(api.render_svg(VESSEL, "intl-1960", view=view, aspect_deg=45.0 + r * 0.1, distance_nm=1.0))
                runs[k].append((time.process_time() - t) * 1000)
        print(f"{view:<6}" + "".join(f"{statistics.median(v):28.1f}" for v in runs.values()))
    print(f"target: the plan under {TARGET_MS:g} ms")


if __name__ == "__main__":
    main()
