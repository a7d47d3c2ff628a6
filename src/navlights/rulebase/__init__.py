"""The rule base: one TOML file per edition, read by a strict loader."""
