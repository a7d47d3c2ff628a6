"""The bounds of an encounter's work (docs/traffic.md "Limits"): a module of constants, so that the facade and the
web app can name them without importing the engine."""

from __future__ import annotations

#: Minutes between computed looks.
STEP_S = 60
#: The longest time the tracks may share: a week of minutes.
MAX_STEPS = 7 * 24 * 60
#: The most vessels in one encounter.
MAX_VESSELS = 12
#: The most work one encounter may ask for, in looks: ordered (observer, target) pairs x minutes (n vessels give
#: n(n-1) pairs). Time and memory grow with it; at the bound, about 2 s of CPU and 40 MB on the reference machine
#: (docs/traffic.md "Limits").
MAX_LOOKS = 10_000
