"""Golden tables: every representative vessel of every edition -> its display (``<edition>.tsv``) and the
aspect sectors of her typical picture (``<edition>.sectors.tsv``).

Regenerate with ``make golden`` (``python -m navlights.golden tests/golden``) and review the diff:
a change in rule data or engine shows up as changed rows.
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import api
from .classes import vessels
from .engines.display import display
from .errors import MissingFactError
from .units import m_to_ft

HEADER = ["situation", "length_ft", "tonnage", "tow_ft", "complete", "lights", "shapes", "notes"]


def _fmt_item(i) -> str:
    extra = ""
    if i.status != "required":
        extra += f"?{i.status}"
    if i.group:
        extra += f"[{i.group}={i.option}]"
    if i.scheme:
        extra += f"{{{i.scheme}}}"
    return f"{i.role}{extra}@{i.citation.rule}"


def _ft(metres_text: str | None) -> str:
    """'45.72 m' -> '150.0' (feet, as the golden tables show lengths); '' when not given."""
    return f"{m_to_ft(float(metres_text.split()[0])):.1f}" if metres_text else ""


def _tow(v: dict) -> str | None:
    return (v.get("towing") or v.get("being_towed") or {}).get("tow_length")


def rows(edition_id: str) -> list[list[str]]:
    """The golden rows of one edition."""
    ed = api.edition(edition_id)
    out = []
    for label, v in vessels(ed):
        base = [label, _ft(v["length"]), str(v.get("tonnage", "")), _ft(_tow(v))]
        try:
            d = display(v, ed)
        except MissingFactError as e:
            out.append(base + ["error", f"missing {e.field}", "", ""])
            continue
        out.append(base + ["yes" if d.complete else "no",
                           " ".join(_fmt_item(i) for i in d.lights),
                           " ".join(_fmt_item(i) for i in d.shapes),
                           " ".join(sorted({n.kind for n in d.notes}))])
    return out


def render(edition_id: str) -> str:
    """The TSV text of one edition's golden table."""
    lines = ["\t".join(HEADER)] + ["\t".join(r) for r in rows(edition_id)]
    return "\n".join(lines) + "\n"


SECTOR_HEADER = ["situation", "length_ft", "tonnage", "tow_ft", "period", "sectors (aspect: lights or shapes seen)"]


def sector_rows(edition_id: str) -> list[list[str]]:
    """Per situation and distinct display: the aspect sectors of the typical picture and what each shows."""
    from .engines.sectors import sectors
    ed = api.edition(edition_id)
    out, seen = [], set()
    for label, v in vessels(ed):
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
            secs = " | ".join(f"{s.label()}: {' '.join(s.roles) or '-'}" for s in sectors(d, period=period))
            out.append([label, _ft(v["length"]), str(v.get("tonnage", "")), _ft(_tow(v)), period, secs])
    return out


def render_sectors(edition_id: str) -> str:
    """The TSV text of one edition's golden sector table."""
    lines = ["\t".join(SECTOR_HEADER)] + ["\t".join(r) for r in sector_rows(edition_id)]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    outdir = Path(argv[0] if argv else "tests/golden")
    outdir.mkdir(parents=True, exist_ok=True)
    for eid in api.edition_ids():
        for path, text in ((outdir / f"{eid}.tsv", render(eid)), (outdir / f"{eid}.sectors.tsv", render_sectors(eid))):
            path.write_text(text)
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
