"""The traffic facade: what the command line and the web app may call for AIS, scenes and encounters.

Like :mod:`navlights.api`, it returns typed values and JSON-ready dicts; heavy libraries (pandas, pyarrow,
Dask, matplotlib) are imported inside the functions that need them.
"""

from __future__ import annotations

# --- AIS: reading and mapping (traffic/ais.py, traffic/mapping.py, traffic/batch.py) ---

# --- scenes and encounters (traffic/geo.py, traffic/scene.py, traffic/encounter.py) ---
