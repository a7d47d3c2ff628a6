"""The values the traffic modules pass between them: a vessel at a time and place, and what she may be.

AIS often cannot tell which signal a vessel must show (trawling or other fishing, the length of a tow),
so a fix carries every reading that fits, each with the basis of the reading; a fix with one
candidate marked ``certain`` is the only case in which navlights speaks of "the" lights she shows.

>>> from navlights.vessel import Vessel
>>> c = Candidate(vessel=Vessel.from_fields(length="120 m"), basis="AIS status 0 (under way using engine)")
>>> f = Fix(ident="366000001", time=dt.datetime(2024, 5, 1, 21, 0, tzinfo=dt.timezone.utc), lat=40.5, lon=-73.9,
...         heading_deg=90.0, course_deg=91.0, speed_kn=12.0, candidates=(c,))
>>> f.certain, f.candidates[0].vessel.length_m
(True, 120.0)
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:                       # the AIS reader's start does not build the vessel model
    from ..vessel import Vessel


@dataclass(frozen=True)
class Candidate:
    """One reading of what a vessel is and does, with the facts it rests on (in words, for the user)."""

    vessel: Vessel
    basis: str
    assumptions: tuple[str, ...] = ()   # facts AIS did not give that this reading supposes


@dataclass(frozen=True)
class Fix:
    """A vessel at one time and place (WGS 84 degrees; angles true, clockwise from north; speed in knots)."""

    ident: str                      # MMSI, or a name given in a track file
    time: dt.datetime               # timezone-aware, UTC
    lat: float
    lon: float
    heading_deg: float | None       # where her bow points; None when not known (AIS 511)
    course_deg: float | None        # course over ground
    speed_kn: float | None
    candidates: tuple[Candidate, ...] = field(default=())
    edition: str | None = None      # the edition her lights are judged under, when decided
    edition_basis: str | None = None    # how that edition was decided (named; in force on her date in her waters)
    notes: tuple[str, ...] = ()     # what the source did not say or could not be read

    @property
    def certain(self) -> bool:
        """One reading only: the source told enough to know her signal."""
        return len(self.candidates) == 1
