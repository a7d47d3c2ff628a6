"""Colours, sizes and defaults of the pictures: one place to change how they look.

Every number the scene builder uses to lay a picture out lives here, named with its
unit (``_px``, ``_m``, ``_nm``, or a fraction of the canvas). Nothing here knows an
edition; colours are keyed by the colour words of the rule data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

VIEWS = ("night", "day", "plan")
FORMATS = (".svg", ".png", ".gif")

DEFAULT_WIDTH_PX = 800
DEFAULT_HEIGHT_PX = 500
MIN_SIZE_PX = 64
MAX_SIZE_PX = 4096

FONT_FAMILY = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"


def _lights() -> dict[str, tuple[str, str]]:
    # colour word -> (glow colour, core colour); the core is paler: a lantern's flame reads near white
    return {
        "white": ("#fff3c4", "#fffdf2"),
        "red": ("#ff3b2f", "#ffb3a8"),
        "green": ("#19e68c", "#b6ffd9"),
        "yellow": ("#ffc629", "#fff0b3"),
        "blue": ("#3d8bff", "#c2dcff"),
    }


def _shapes() -> dict[str, tuple[str, str]]:
    # colour word -> (fill, outline)
    return {
        "black": ("#141414", "#000000"),
        "red": ("#c8102e", "#5a0010"),
        "white": ("#f7f7f2", "#2b2b2b"),
        "yellow": ("#f2c500", "#5c4a00"),
        "green": ("#138a4a", "#06391d"),
        "white-blue": ("#f7f7f2", "#1f4fbf"),   # a code flag in two colours: drawn white, edged blue
    }


def _sectors() -> dict[str, str]:
    # plan view: colour word -> sector colour (white lights are drawn pale gold on the dark chart)
    return {"white": "#f4ecc8", "red": "#ff4436", "green": "#1fd67f", "yellow": "#ffc629", "blue": "#3d8bff"}


@dataclass(frozen=True, slots=True)
class Style:
    """How pictures look. ``Style()`` is the default; replace fields with ``dataclasses.replace``."""

    # --- night view
    night_sky_top: str = "#02040b"
    night_sky_bottom: str = "#0b1830"
    night_sea_top: str = "#050b16"
    night_sea_bottom: str = "#01030a"
    night_horizon: str = "#2a3d5c"
    night_hull: str = "#161e2b"
    night_hull_outline: str = "#2c3a50"
    night_mast: str = "#253146"
    night_sail: str = "#1c2636"
    light_colours: dict[str, tuple[str, str]] = field(default_factory=_lights)
    light_unknown: tuple[str, str] = ("#d9d9d9", "#ffffff")
    light_core_px: float = 4.0            # core radius of a light at the reference distance, 800 px wide
    light_core_min_px: float = 1.6
    light_glow_ratio: float = 4.5          # glow radius / core radius
    light_min_brightness: float = 0.3

    # --- day view
    day_sky_top: str = "#9fc2de"
    day_sky_bottom: str = "#dfeaf2"
    day_sea_top: str = "#5f819c"
    day_sea_bottom: str = "#36546c"
    day_horizon: str = "#4c6a82"
    day_hull: str = "#3a3f46"
    day_hull_outline: str = "#1f2226"
    day_house: str = "#c9c6bd"
    day_mast: str = "#2a2a2a"
    day_sail: str = "#f1eee4"
    shape_colours: dict[str, tuple[str, str]] = field(default_factory=_shapes)
    shape_unknown: tuple[str, str] = ("#777777", "#222222")
    shape_min_px: float = 14.0             # a 2 ft ball is drawn at least this big (legibility), 800 px wide
    shape_fill_of_gap: float = 0.8         # a shape is at most this share of the gap to its neighbour

    # --- plan view (arc diagram)
    plan_bg: str = "#0d1b2a"
    plan_grid: str = "#284058"
    plan_text: str = "#e6edf3"
    plan_hull: str = "#c9d3dd"
    plan_hull_outline: str = "#f2f5f8"
    sector_colours: dict[str, str] = field(default_factory=_sectors)
    sector_opacity: float = 0.38
    plan_vessel_of_radius: float = 0.34    # the vessel's drawn length, as a share of the outer radius
    plan_tier_step: float = 0.15           # each inner tier of sectors is this share of the radius smaller
    plan_legend_share: float = 0.42        # the legend's share of the width

    # --- captions and layout
    caption_text: str = "#dfe6ee"
    caption_dim: str = "#93a1b1"
    caption_bg: str = "#000000"
    caption_bg_opacity: float = 0.6
    day_caption_text: str = "#10161c"
    day_caption_dim: str = "#33414f"
    day_caption_bg: str = "#ffffff"
    font_px: float = 13.0                  # caption font size at 800 px wide
    font_min_px: float = 9.0
    char_em: float = 0.58                  # average character width of the caption font, in ems
    caption_max_share: float = 0.34        # the caption band may take at most this share of the height
    margin_share: float = 0.05             # margin round the vessel, share of the width

    # --- the observer and distance
    eye_height_m: float = 4.0              # the observer's height of eye when none is given
    reference_distance_nm: float = 1.0     # at or within this distance the vessel fills the frame
    shrink_power: float = 0.6              # beyond it the picture shrinks as (reference / distance) ** power
    shrink_min: float = 0.3                # ... but never below this share of the full size

    def light(self, colour: str) -> tuple[str, str]:
        """(glow, core) colours of a light of this colour word."""
        return self.light_colours.get(colour, self.light_unknown)

    def shape(self, colour: str) -> tuple[str, str]:
        """(fill, outline) of a day shape of this colour word."""
        return self.shape_colours.get(colour, self.shape_unknown)

    def sector(self, colour: str) -> str:
        """The plan view's colour for a light's sector."""
        return self.sector_colours.get(colour, self.light_unknown[0])


DEFAULT_STYLE = Style()
