"""CLI command `navlights identify` (placeholder until the identify engine lands)."""
