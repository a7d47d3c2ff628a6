"""PNG from SVG through resvg-py, and the turntable (aspect 0..360) as an animated GIF through pillow.

Before resvg sees a document, its text is turned into glyph outlines (:mod:`.glyphs`): resvg would lay out
every ``<text>`` anew (font database, shaping, outlines), about 8 ms of the plan view's 48 (issue 15); the
picture is the same to the pixel, or within a rounding step at a few glyph edges. The PNGs of the last
documents drawn are remembered (:data:`PNG_CACHE_ENTRIES`, at most :data:`PNG_CACHE_BYTES` in all), keyed by
the SHA-256 of the SVG text, so asking again for the same picture costs a look-up.

Both libraries are imported inside the functions, so ``import navlights`` never loads them.
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from typing import Callable, Iterable

from . import RenderError
from ..errors import excerpt

DEFAULT_STEP_DEG = 10.0
DEFAULT_FRAME_MS = 120
MAX_FRAMES = 360
PNG_CACHE_ENTRIES = 64
PNG_CACHE_BYTES = 16 * 1024 * 1024          # a PNG bigger than an eighth of this is not kept

#: Text as outlines before resvg (True), or left to resvg (False: the benchmarks' comparison).
OUTLINE_TEXT = True

_CACHE: OrderedDict[tuple[bytes, bool], bytes] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = [0]


def render(svg_text: str, outline: bool = True) -> bytes:
    """PNG bytes of an SVG document, at its own width and height, drawn now (nothing remembered);
    ``outline``: its text as glyph outlines (:func:`.glyphs.outline_text`), else left to resvg."""
    import resvg_py
    if outline:
        from .glyphs import outline_text
        from .svg import FLASH_OFF_STYLE, FLASH_TURN_OFF_STYLE
        svg_text = outline_text(svg_text, (FLASH_OFF_STYLE, FLASH_TURN_OFF_STYLE))
    try:
        # with no text left, resvg needs no fonts: it does not read the system's
        return bytes(resvg_py.svg_to_bytes(svg_string=svg_text, skip_system_fonts="<text" not in svg_text))
    except ValueError as e:          # pragma: no cover - our SVG is well formed; this guards the library
        raise RenderError(f"png: resvg could not render the picture: {e}", field="png", value=None,
                          allowed="a well-formed SVG document") from None


def svg_to_png(svg_text: str) -> bytes:
    """PNG bytes of an SVG document, at the document's own width and height (the last few remembered)."""
    from ..rulebase.compiled import sha256
    key = (sha256(svg_text.encode()).digest(), OUTLINE_TEXT)
    with _CACHE_LOCK:
        got = _CACHE.get(key)
        if got is not None:
            _CACHE.move_to_end(key)
            return got
    png = render(svg_text, OUTLINE_TEXT)
    if len(png) <= PNG_CACHE_BYTES // 8:
        with _CACHE_LOCK:
            if key not in _CACHE:
                _CACHE[key] = png
                _CACHE_SIZE[0] += len(png)
            while len(_CACHE) > PNG_CACHE_ENTRIES or _CACHE_SIZE[0] > PNG_CACHE_BYTES:
                _CACHE_SIZE[0] -= len(_CACHE.popitem(last=False)[1])
    return png


def cache_clear() -> None:
    """Forget the remembered PNGs (for benchmarks that time new pictures, and tests)."""
    with _CACHE_LOCK:
        _CACHE.clear()
        _CACHE_SIZE[0] = 0


def aspects(step_deg: float = DEFAULT_STEP_DEG) -> list[float]:
    """The turntable's aspects: 0, step, 2 step, ... below 360."""
    allowed = f"more than 0 and at most 90 degrees, at most {MAX_FRAMES} frames"
    if isinstance(step_deg, bool) or not isinstance(step_deg, (int, float)) or not 0 < step_deg <= 90 \
            or 360.0 / step_deg > MAX_FRAMES:
        raise RenderError(f"step: {excerpt(step_deg)} is not allowed; allowed: {allowed}", field="step", value=step_deg,
                          allowed=allowed)
    n = int(round(360.0 / step_deg)) if abs(360.0 / step_deg - round(360.0 / step_deg)) < 1e-9 \
        else int(360.0 // step_deg) + 1
    return [round(k * step_deg, 6) for k in range(n) if k * step_deg < 360.0 - 1e-9]


def gif(frames_png: Iterable[bytes], frame_ms: int = DEFAULT_FRAME_MS) -> bytes:
    """An endlessly looping animated GIF of PNG frames (each reduced to an adaptive 256-colour palette)."""
    from PIL import Image
    if isinstance(frame_ms, bool) or not isinstance(frame_ms, int) or not 20 <= frame_ms <= 10_000:
        raise RenderError(f"frame-ms: {excerpt(frame_ms)} is not allowed; allowed: 20 to 10000 milliseconds",
                          field="frame-ms", value=frame_ms, allowed="20 to 10000 milliseconds")
    images = [Image.open(io.BytesIO(b)).convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
              for b in frames_png]
    if not images:
        raise RenderError("gif: no frames to animate", field="gif", value=None, allowed="at least one frame")
    out = io.BytesIO()
    images[0].save(out, format="GIF", save_all=True, append_images=images[1:], duration=frame_ms, loop=0,
                   optimize=False, disposal=1)
    return out.getvalue()


def turntable(frame: Callable[[float], str], step_deg: float = DEFAULT_STEP_DEG,
              frame_ms: int = DEFAULT_FRAME_MS) -> bytes:
    """Animated GIF of ``frame(aspect_deg) -> SVG`` for every aspect of :func:`aspects`; a flashing light
    blinks: it is out on every other frame. The frames are drawn, not remembered (they would push the
    single pictures out of the cache)."""
    from .svg import flash_off, flash_on
    return gif((render(flash_off(frame(a)) if k % 2 else flash_on(frame(a)), OUTLINE_TEXT)
                for k, a in enumerate(aspects(step_deg))), frame_ms)
