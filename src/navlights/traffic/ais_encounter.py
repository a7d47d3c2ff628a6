"""An encounter from AIS data: the tracks of two or more MMSIs turned into the track table the encounter
timeline reads (:mod:`.encounter`), each row with the vessel facts of her reading at that report.

AIS often fits several readings of a vessel (trawling or other fishing, a tow's length); an encounter needs
one signal per vessel, so where more than one reading fits, the user chooses it (``choose``: MMSI -> reading
number, as ``navlights ais`` lists them) and the choice is named in the encounter's notes; navlights never
picks one. Where her heading is not available her course over ground stands for it, and a note says so.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any

from ..errors import NavlightsError, excerpt
from .mapping import length_system
from .model import Fix

MAX_IDENTS = 10


def _bad(field: str, value: Any, allowed: str, what: str) -> NavlightsError:
    return NavlightsError(f"{field}: {excerpt(value)} {what}; allowed: {allowed}", field=field, value=value, allowed=allowed)


def parse_choices(pairs: list[str] | tuple[str, ...]) -> dict[str, int]:
    """``["366000001=2", ...]`` -> {MMSI: reading number (1-based)}."""
    out: dict[str, int] = {}
    for p in pairs:
        ident, _, k = str(p).partition("=")
        if not ident.strip() or not k.strip().isdigit() or int(k) < 1:
            raise _bad("reading", p, "MMSI=N, N a reading number from 1 (as navlights ais lists them)",
                       "is not MMSI=N")
        out[ident.strip()] = int(k)
    return out


def _reading(f: Fix, choose: dict[str, int]) -> tuple[Any, str | None]:
    cands = f.candidates
    if not cands:
        raise _bad(f"vessel {f.ident}", f.ident, "a vessel whose AIS data says what she is (status, ship type)",
                   "has no reading")
    if len(cands) == 1:
        return cands[0], None
    k = choose.get(f.ident)
    if k is None:
        raise _bad(f"reading {f.ident}", f"{len(cands)} readings",
                   f"choose one with --reading {f.ident}=N, N from 1 to {len(cands)} as `navlights ais FILE` lists "
                   "them", "fit her AIS data")
    if k > len(cands):
        raise _bad(f"reading {f.ident}", k, f"1 to {len(cands)}", "is not one of her readings")
    c = cands[k - 1]
    return c, (f"{f.ident}: reading {k} of {len(cands)} chosen by the user: {c.vessel.describe(length_system(f.edition))}"
               + (f" (assumes: {'; '.join(c.assumptions)})" if c.assumptions else ""))


def tracks_csv(fixes: list[Fix], idents: list[str], choose: dict[str, int],
               start: dt.datetime | None = None, end: dt.datetime | None = None) -> tuple[str, list[str]]:
    """The track CSV of the named vessels' fixes between ``start`` and ``end``, and the notes it rests on."""
    if not 2 <= len(idents) <= MAX_IDENTS:
        raise _bad("mmsi", ",".join(idents), f"two to {MAX_IDENTS} MMSIs, comma-separated", "is not two or more")
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    for ident in idents:
        mine = sorted((f for f in fixes if f.ident == ident and (start is None or f.time >= start)
                       and (end is None or f.time <= end)), key=lambda f: f.time)
        if not mine:
            raise _bad("mmsi", ident, "an MMSI with position reports in the file (and the times given)", "has none")
        for f in mine:
            c, chosen = _reading(f, choose)
            if chosen:
                notes.append(chosen)
            heading = f.heading_deg if f.heading_deg is not None else f.course_deg
            if f.heading_deg is None:
                notes.append(f"{ident}: heading not available: her course over ground stands for it")
            fields = {k: (str(v).lower() if isinstance(v, bool) else str(v)) for k, v in c.vessel.to_fields().items()}
            rows.append({"time": f.time.isoformat().replace("+00:00", "Z"), "ident": ident, "lat": f"{f.lat:.7f}",
                         "lon": f"{f.lon:.7f}", "heading": "" if heading is None else f"{heading:g}",
                         "course": "" if f.course_deg is None else f"{f.course_deg:g}",
                         "speed": "" if f.speed_kn is None else f"{f.speed_kn:g}", **fields})
            notes += [f"{ident}: {n}" for n in f.notes]
    columns = list(dict.fromkeys(k for r in rows for k in r))
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return out.getvalue(), list(dict.fromkeys(notes))
