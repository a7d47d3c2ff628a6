"""Lighting-plan compliance: a ship's installed lights and shapes checked against an edition's rules.

``model`` reads a plan (JSON or TOML) into typed objects at the edge; ``check`` compares it, state by
state, with the display the rules require and the placement constraints of each light (docs/plan.md).
"""
