"""Pictures of a display: night view, day view and arc diagram, as SVG, PNG and animated GIF.

picture -> :mod:`.scene` (drawable elements with pixel positions, any output format; split by
job into :mod:`.elements`, :mod:`.scene_night`, :mod:`.scene_day`, :mod:`.scene_plan` and their
helpers) -> :mod:`.svg` (SVG text, standard library only) -> :mod:`.png` (PNG through resvg-py,
animated GIF through pillow). Colours and sizes live in :mod:`.style`. Galleries
(:mod:`navlights.gallery`) use the facade; nothing here imports :mod:`navlights.api`. Nothing here is
imported by ``import navlights``; numpy, resvg-py and pillow load inside the functions that need them.
"""

from __future__ import annotations

from ..errors import NavlightsError


class RenderError(NavlightsError, ValueError):
    """A picture that cannot be drawn as asked: an unknown view or format, a size out of range."""
