"""A printable HTML report of a lighting-plan check: verdict, profile and plan drawn to scale, findings.

Self-contained (inline CSS and SVG, no scripts); every text from the plan is escaped.
"""

from __future__ import annotations

import math
from html import escape

from .check import PlanReport
from .model import PlanLight, PlanShape

COLOURS = {"white": "#f4f4f4", "red": "#e0302a", "green": "#1fae4a", "yellow": "#f2c21b", "blue": "#2f6fe0",
           "black": "#111"}
W, PAD = 760, 40

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1000px}
h1{font-size:20px;margin:0 0 4px} .ok{color:#17803d} .bad{color:#c0261d} .muted{color:#666}
table{border-collapse:collapse;width:100%;margin:8px 0 18px;font-size:13px}
th,td{border-bottom:1px solid #ddd;padding:4px 6px;text-align:left;vertical-align:top}
tr.fail td{background:#fde8e6} tr.not-checked td{background:#fff7df}
svg{background:#fbfbfd;border:1px solid #ccd;margin:6px 0} .lbl{font-size:10px;fill:#334}
@media print{body{margin:0} tr{break-inside:avoid}}
"""


def _fmt(v: float) -> str:
    return f"{v:.1f}"


def _views(r: PlanReport, failing: set[str]) -> str:
    """Profile (x, z) and plan (x, y) of the vessel with each light at its position, failing ones ringed."""
    L = float(r.vessel.length_m or 1.0)
    B = float(r.vessel.breadth_m or L / 6)
    entries: list[PlanLight | PlanShape] = [*r.lights, *r.shapes]
    zmax = max([e.position_m.z for e in entries] + [B])
    s = (W - 2 * PAD) / L
    hp = min(zmax * s, 300.0)
    sz = hp / zmax if zmax else s
    prof_h, plan_h = int(hp + 2 * PAD), int(B * s + 2 * PAD)
    prof = [f'<svg width="{W}" height="{prof_h}" viewBox="0 0 {W} {prof_h}" role="img" aria-label="profile">',
            f'<text x="{PAD}" y="16" class="lbl">Profile (side view from starboard), heights above the hull; '
            f'scale 1 m = {s:.2f} px along, {sz:.2f} px up</text>',
            f'<rect x="{PAD}" y="{PAD + hp}" width="{_fmt(L * s)}" height="8" fill="#889"/>']
    plan = [f'<svg width="{W}" height="{plan_h}" viewBox="0 0 {W} {plan_h}" role="img" aria-label="plan">',
            f'<text x="{PAD}" y="16" class="lbl">Plan (from above, bow to the right), with arcs</text>',
            f'<path d="M{PAD} {PAD} L{_fmt(PAD + 0.85 * L * s)} {PAD} L{_fmt(PAD + L * s)} {_fmt(PAD + B * s / 2)} '
            f'L{_fmt(PAD + 0.85 * L * s)} {_fmt(PAD + B * s)} L{PAD} {_fmt(PAD + B * s)} Z" fill="#dde" '
            f'stroke="#889"/>']
    taken: list[tuple[float, float]] = []
    for e in entries:
        p = e.position_m
        colour = COLOURS.get(e.colour, "#999")
        px, pz = PAD + p.x * s, PAD + hp - p.z * sz
        py = PAD + B * s / 2 + p.y * s
        ring = ' stroke="#c0261d" stroke-width="3"' if e.id in failing else ' stroke="#333" stroke-width="1"'
        ly = pz - 4
        while any(abs(px - x) < 60 and abs(ly - y) < 10 for x, y in taken):   # keep labels apart
            ly += 11
        taken.append((px, ly))
        label = f'<text x="{_fmt(px + 6)}" y="{_fmt(ly)}" class="lbl">{escape(e.id)}</text>'
        prof.append(f'<circle cx="{_fmt(px)}" cy="{_fmt(pz)}" r="5" fill="{colour}"{ring}/>{label}')
        if isinstance(e, PlanLight):
            plan.append(_sector(px, py, e.arc(), colour))
        plan.append(f'<circle cx="{_fmt(px)}" cy="{_fmt(py)}" r="4" fill="{colour}"{ring}/>')
    return "\n".join(prof) + "</svg>\n" + "\n".join(plan) + "</svg>"


def _sector(cx: float, cy: float, arc: tuple[float, float], colour: str, r: float = 34.0) -> str:
    """A light's arc drawn from its place: bow to the right, starboard down (y grows to starboard)."""
    a, b = arc
    span = (b - a) % 360 or 360.0
    if span >= 359.99:
        return (f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{r:g}" fill="{colour}" fill-opacity=".18" '
                f'stroke="#8a8a99" stroke-opacity=".5"/>')

    def pt(deg: float) -> str:
        t = math.radians(deg)
        return f"{_fmt(cx + r * math.cos(t))} {_fmt(cy + r * math.sin(t))}"
    large = 1 if span > 180 else 0
    edge = "#8a8a99" if colour == COLOURS["white"] else colour
    return (f'<path d="M{_fmt(cx)} {_fmt(cy)} L{pt(a)} A{r:g} {r:g} 0 {large} 1 {pt(a + span)} Z" '
            f'fill="{colour}" fill-opacity=".22" stroke="{edge}" stroke-opacity=".7"/>')


def views_svg(r: PlanReport) -> str:
    """Profile and plan, to scale, with the lights that fail a check ringed in red."""
    return _views(r, {f.light_id for f in r.findings if f.status == "fail" and f.light_id})


def report_html(r: PlanReport) -> str:
    """The report as one HTML page."""
    c = r.counts()
    failing = {f.light_id for f in r.findings if f.status == "fail" and f.light_id}
    verdict = ('<span class="ok">complies</span>' if r.compliant else '<span class="bad">does not comply</span>')
    rows = []
    for state in r.states:
        found = sorted((f for f in r.findings if f.state == state),
                       key=lambda f: {"fail": 0, "not-checked": 1, "pass": 2}[f.status])
        rows.append(f"<h2>State: {escape(state)}</h2><table><tr><th>status</th><th>check</th><th>role</th>"
                    "<th>light</th><th>measured</th><th>limit</th><th>rule</th></tr>")
        rows += [f'<tr class="{f.status}"><td>{f.status}</td><td>{escape(f.check)}</td><td>{escape(f.role)}</td>'
                 f"<td>{escape(f.light_id or '')}</td><td>{escape(f.measured or '')}</td><td>{escape(f.limit)}</td>"
                 f"<td>{escape(f.cite)}</td></tr>" for f in found]
        rows.append("</table>")
    notes = "".join(f"<li>{escape(n)}</li>" for n in r.notes)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lighting plan check: '
            f"{escape(r.vessel.describe())}</title><style>{CSS}</style></head><body>"
            f"<h1>Lighting plan check: the plan {verdict}</h1>"
            f'<p class="muted">{escape(r.vessel.describe())} · {escape(r.edition)} · {c["pass"]} pass, {c["fail"]} fail, '
            f'{c["not-checked"]} not checked (the plan or navlights lacks the fact) · positions as given by the plan</p>'
            f"{_views(r, failing)}{''.join(rows)}"
            + (f"<h2>Notes</h2><ul>{notes}</ul>" if notes else "")
            + '<p class="muted">navlights checks the plan against its rule data, each finding with its rule; '
              "where the data has a gap or the plan lacks a fact the check says so. Not a certificate.</p>"
              "</body></html>")
