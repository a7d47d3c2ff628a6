"""CLI command `navlights render` and `navlights gallery` (placeholder until the renderer lands)."""
