"""CLI command `navlights serve` (placeholder until the web app lands)."""
