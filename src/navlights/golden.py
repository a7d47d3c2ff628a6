"""Golden tables: every representative vessel of every edition -> its display (``<edition>.tsv``) and the
aspect sectors of her typical picture (``<edition>.sectors.tsv``); for the editions in force, her picture in words by
signal in each sector (``<edition>.words.tsv``).

Regenerate with ``make golden`` (``python -m navlights.golden tests/golden``) and review the diff:
a change in rule data or engine shows up as changed rows. One row per (situation, light or shape) and
per (situation, aspect sector), so that a change of one light changes one line (the tz habit).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from . import api
from .classes import vessels
from .engines.display import display
from .errors import MissingFactError
from .model import Display, Item
from .units import fmt_band, m_to_ft
from .vessel import Vessel, make_vessel

DIFF_HEADER = ["role", "change", "field", "a_value", "b_value", "cite_a", "cite_b", "situations", "lengths_ft"]
# Regimes in force side by side whose listed differences were each reviewed against both texts (docs/design.md,
# "Differences between regimes, reviewed"): one golden table per pair.
DIFF_PAIRS = [("intl-1972", "us-inland")]

HEADER = ["situation", "length_ft", "tonnage", "tow_ft", "complete", "what", "entry", "rule"]
SECTOR_HEADER = ["situation", "length_ft", "tonnage", "tow_ft", "period", "aspect", "seen"]
WORDS_HEADER = ["situation", "length_ft", "tonnage", "tow_ft", "period", "aspect", "seen_at", "in_words"]
#: The editions in force whose pictures in words, by signal, are a golden table (``<edition>.words.tsv``, issue 31).
WORDS_EDITIONS = ("intl-1972", "us-inland")


def _fmt_item(i: Item) -> str:
    extra = ""
    if i.status != "required":
        extra += f"?{i.status}"
    if i.group:
        extra += f"[{i.group}={i.option}]"
    if i.scheme:
        extra += f"{{{i.scheme}}}"
    return f"{i.role}{extra}"


def _ft(metres: float | None) -> str:
    """Feet with one decimal, as the golden tables show lengths; '' when not given."""
    return "" if metres is None else f"{m_to_ft(metres):.1f}"


def _key(label: str, v: Vessel, system: str) -> list[str]:
    """The situation columns: label, length, tonnage, tow length (typed values, formatted once). The numeric
    columns are feet with one decimal in every table; the label's words are in the edition's unit (``system``)."""
    tow = v.towing or v.being_towed
    tonnage = "" if v.tonnage is None else f"{v.tonnage:g}"
    if v.breadth_m is not None:          # situations cut by breadth or gear extent say so in the label
        label += f" [breadth {fmt_band(v.breadth_m, system)}]"
    if v.fishing is not None and v.fishing.gear_extent is not None:
        label += f" [gear {fmt_band(v.fishing.gear_extent, system)}]"
    return [label, _ft(v.length_m), tonnage, _ft(tow.tow_length if tow else None)]


def rows(edition_id: str) -> list[list[str]]:
    """The golden rows of one edition: one per (situation, light or shape), then one for its notes."""
    ed = api.edition(edition_id)
    out = []
    for label, data in vessels(ed):
        v = make_vessel(data)
        base = _key(label, v, ed.length_system)
        try:
            d = display(v, ed)
        except MissingFactError as e:
            out.append(base + ["error", "error", f"missing {e.field}", ""])
            continue
        complete = "yes" if d.complete else "no"
        out += [base + [complete, i.what, _fmt_item(i), i.citation.rule] for i in d.items]
        kinds = " ".join(sorted({n.kind for n in d.notes}))
        if kinds or not d.items:
            out.append(base + [complete, "notes", kinds or "-", ""])
    return out


def render(edition_id: str) -> str:
    """The TSV text of one edition's golden table."""
    lines = ["\t".join(HEADER)] + ["\t".join(r) for r in rows(edition_id)]
    return "\n".join(lines) + "\n"


def _distinct_displays(edition_id: str) -> Iterator[tuple[list[str], Display, str]]:
    """Per situation, distinct display and period: the row's key columns, the display and the period (the sector
    and words tables walk the same displays)."""
    ed = api.edition(edition_id)
    seen = set()
    for label, data in vessels(ed):
        v = make_vessel(data)
        try:
            d = display(v, ed)
        except MissingFactError:
            continue
        for period in ("night", "day"):
            if not any(i.period == period for i in d.items):
                continue
            key = (label, period, tuple((i.role, i.citation.rule, i.arc_deg, i.status, i.group) for i in d.items))
            if key in seen:
                continue
            seen.add(key)
            yield _key(label, v, ed.length_system) + [period], d, period


def sector_rows(edition_id: str) -> list[list[str]]:
    """Per situation and distinct display: one row per aspect sector of the typical picture and what it shows."""
    from .engines.sectors import sectors
    return [base + [s.label(), " ".join(s.roles) or "-"]
            for base, d, period in _distinct_displays(edition_id) for s in sectors(d, period=period)]


def words_rows(edition_id: str) -> list[list[str]]:
    """Per situation, distinct display and aspect sector of her typical picture: the picture in words by signal, seen
    from the sector's middle (a single aspect: that one)."""
    from .engines.sectors import sectors
    from .engines.view import view
    out = []
    for base, d, period in _distinct_displays(edition_id):
        for s in sectors(d, period=period):
            at = s.start_deg if s.point else s.mid_deg
            out.append(base + [s.label(), f"{at:g}", view(d, at, period=period).signal_words()])
    return out


def render_words(edition_id: str) -> str:
    """The TSV text of one edition's golden table of pictures in words."""
    lines = ["\t".join(WORDS_HEADER)] + ["\t".join(r) for r in words_rows(edition_id)]
    return "\n".join(lines) + "\n"


def render_sectors(edition_id: str) -> str:
    """The TSV text of one edition's golden sector table."""
    lines = ["\t".join(SECTOR_HEADER)] + ["\t".join(r) for r in sector_rows(edition_id)]
    return "\n".join(lines) + "\n"


def difference_rows(edition_a: str, edition_b: str) -> list[list[str]]:
    """One row per distinct difference between two regimes (``navlights differences A B``), with both cites: the
    provision that gives the light or its status under each edition (or, on the side without it, the one that
    decides it), the situations it touches and the length range in feet."""
    out = []
    for d in api.differences(edition_a, edition_b)["differences"]:
        lengths = d["lengths_ft"]
        span = f"{min(lengths):.1f}-{max(lengths):.1f}" if lengths else ""
        out.append([d["role"], d["change"], d["field"] or "", d["a_value"] or "-", d["b_value"] or "-",
                    d["cite_a"] or "-", d["cite_b"] or "-", "; ".join(d["situations"]), span])
    return sorted(out)


def render_differences(edition_a: str, edition_b: str) -> str:
    """The TSV text of the golden differences table of two regimes."""
    lines = ["\t".join(DIFF_HEADER)] + ["\t".join(r) for r in difference_rows(edition_a, edition_b)]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    outdir = Path(argv[0] if argv else "tests/golden")
    outdir.mkdir(parents=True, exist_ok=True)
    for eid in api.edition_ids():
        for path, text in ((outdir / f"{eid}.tsv", render(eid)), (outdir / f"{eid}.sectors.tsv", render_sectors(eid))):
            path.write_text(text)
            print(f"wrote {path}")
    for eid in WORDS_EDITIONS:
        path = outdir / f"{eid}.words.tsv"
        path.write_text(render_words(eid))
        print(f"wrote {path}")
    for a, b in DIFF_PAIRS:
        path = outdir / f"differences.{a}.{b}.tsv"
        path.write_text(render_differences(a, b))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
