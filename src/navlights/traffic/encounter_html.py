"""A standalone HTML report of an encounter: what the Encounter page shows (the edition and why, the vessels and
what is not known of them, the notes, the events, the plot, the minute-by-minute table), and the tracks as given.

Self-contained (inline CSS, the plot as a PNG data URI, no scripts), printable; every text is escaped.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any

from .encounter import Encounter, table

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}
h1{font-size:20px;margin:0 0 4px} h2{font-size:16px;margin:18px 0 6px} .muted{color:#666}
.gap{color:#8a5a00} ol.events li{margin:2px 0} ol.events li.picture{font-style:italic}
time{font-variant-numeric:tabular-nums;color:#555}
table{border-collapse:collapse;width:100%;margin:8px 0 18px;font-size:12px}
th,td{border-bottom:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top;font-variant-numeric:tabular-nums}
thead th{background:#eef1f5} img.plot{max-width:100%;height:auto;border:1px solid #ccd}
pre{font-size:11px;white-space:pre-wrap;word-break:break-all;background:#f6f7f9;padding:8px;border:1px solid #dde}
@media print{body{margin:0} tr,li{break-inside:avoid} thead{display:table-header-group}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
"""

HEAD = ("time", "observer", "target", "rel. bearing", "distance nm", "aspect", "lights in arc and range")


def _vessels(d: dict[str, Any]) -> str:
    out = []
    for ident, v in d["vessels"].items():
        eye = f", eye {escape(str(v['eye_height_m']))} m" if v.get("eye_height_m") else ""
        gaps = (f' <span class="gap">· not known in {escape(d["edition"])}: {escape("; ".join(v["gaps"]))}</span>'
                if v.get("gaps") else "")
        out.append(f"<li><strong>{escape(ident)}</strong>: {escape(v['description'])}{eye}{gaps}</li>")
    return "<ul>" + "".join(out) + "</ul>"


def report_html(enc: Encounter, plot_png: bytes | None = None, *, tracks: str | None = None,
                footer: str | None = None) -> str:
    """The encounter as one HTML page; ``plot_png``: the plot (left out when None); ``tracks``: the track CSV as
    given, shown at the end; ``footer``: a line at its foot (where it is kept, which navlights made it)."""
    d = enc.to_dict()
    names = ", ".join(d["vessels"])
    end = d["end"][11:16] if d["end"][:10] == d["start"][:10] else d["end"][:16].replace("T", " ")
    when = f"{d['start'][:16].replace('T', ' ')} to {end} UTC"
    notes = "".join(f"<li>{escape(n)}</li>" for n in d["notes"])
    events = "".join(f'<li class="{escape(e["kind"])}"><time>{escape(e["time"][11:16])}</time> '
                     f"<strong>{escape(e['observer'])}</strong> sees <strong>{escape(e['target'])}</strong>: "
                     f"{escape(e['text'])}</li>" for e in d["events"])
    rows = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in table(enc))
    plot = ("" if plot_png is None else '<h2>Plot</h2><img class="plot" alt="Bearing, aspect and distance against '
            'time, with a band for each light seen" src="data:image/png;base64,'
            + base64.b64encode(plot_png).decode("ascii") + '">')
    given = "" if tracks is None else f"<h2>The tracks as given</h2><pre>{escape(tracks)}</pre>"
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Encounter: {escape(names)}, '
            f"{escape(when)}</title><style>{CSS}</style></head><body>"
            f"<h1>Encounter: {escape(names)}</h1>"
            f'<p class="muted">{escape(when)} · {escape(d["waters"])} · judged under {escape(d["edition"])}: '
            f'{escape(d["edition_basis"])} · {escape(d["geometry"])}</p>'
            f"<h2>Vessels</h2>{_vessels(d)}" + (f"<h2>Notes</h2><ul>{notes}</ul>" if notes else "")
            + f'<h2>Events</h2><ol class="events">{events}</ol>{plot}'
            f"<h2>Minute by minute ({len(enc.looks)} rows)</h2><table><thead><tr>"
            + "".join(f"<th>{h}</th>" for h in HEAD) + f"</tr></thead><tbody>{rows}</tbody></table>{given}"
            '<p class="muted">navlights places the lights its rule data requires of each vessel on her track '
            "(interpolated to whole minutes) and computes which of them each other vessel had in arc and in range; "
            "where the data has a gap the report says so. It shows what the rules require, not evidence of what was "
            "shown or seen.</p>"
            + (f'<p class="muted foot">{escape(footer)}</p>' if footer else "")
            + "</body></html>")
