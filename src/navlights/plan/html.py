"""A printable HTML report of a lighting-plan check: verdict, profile and plan drawn to scale, findings.

Self-contained (inline CSS and SVG, no scripts); every text from the plan is escaped.
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Any

from .check import Finding, PlanReport
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


RED = "#c0261d"
CHAR_W, LBL_H = 5.6, 11.0          # a 10 px label: about 5.6 px a character, 11 px a line
DIM_CHECKS = ("height", "relation", "position", "spacing", "visibility-1000m")


class _Labels:
    """Places each label where it overlaps no other label and no light, with a leader line when moved off."""

    def __init__(self, dots: list[tuple[float, float]], width: float) -> None:
        self.dots, self.width = dots, width
        self.boxes: list[tuple[float, float, float, float]] = []

    def _free(self, box: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = box
        if x0 < 2 or x1 > self.width - 2 or y0 < 20:
            return False
        if any(x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 for b in self.boxes):
            return False
        return not any(x0 - 5 < dx < x1 + 5 and y0 - 5 < dy < y1 + 5 for dx, dy in self.dots)

    def place(self, px: float, py: float, text: str, fill: str = "#334") -> str:
        w = len(text) * CHAR_W
        near = [(px + 8, py + 3.5), (px - 8 - w, py + 3.5), (px - w / 2, py - 9), (px - w / 2, py + 16)]
        far = [(px + dx, py + dy) for dy in (0, -12, 12, -24, 24, -36, 36, -48, 48, -60, 60)
               for dx in (40, -40 - w, 90, -90 - w)]
        for k, (x, y) in enumerate(near + far):
            box = (x, y - LBL_H + 2, x + w, y + 3)
            if self._free(box):
                self.boxes.append(box)
                lead = "" if k < len(near) else (
                    f'<line x1="{_fmt(px)}" y1="{_fmt(py)}" x2="{_fmt(x if x > px else x + w)}" '
                    f'y2="{_fmt(y - 3.5)}" stroke="#99a" stroke-width=".7"/>')
                return (f'{lead}<text x="{_fmt(x)}" y="{_fmt(y)}" class="lbl" font-size="10" fill="{fill}">'
                        f"{escape(text)}</text>")
        return ""                                          # nowhere free: the table names it


def _ref_role(limit: str) -> str | None:
    m = re.search(r"'([a-z0-9-]+)'", limit)
    return m.group(1) if m else None


def _limit_value(f: Finding) -> float | None:
    m = re.search(r"(\d+(?:\.\d+)?) m\b", f.limit)
    return float(m.group(1)) if m and f.check != "visibility-1000m" else None


def _dimensions(r: PlanReport, fails: list[Finding], at: Any, L: float
                ) -> tuple[list[str], list[tuple[float, float, str]]]:
    """Each failing dimension drawn in red: the measured distance between the light and what it is measured
    from, and the limit as a dashed line; with the places for their labels."""
    entries: list[PlanLight | PlanShape] = [*r.lights, *r.shapes]
    by_role = {role: x for x in entries for role in (x.role, *x.also_roles)}
    out: list[str] = []
    labels: list[tuple[float, float, str]] = []
    seen: set[tuple[str, str]] = set()
    for f in fails:
        e = by_role.get(f.role)
        if e is None or f.check not in DIM_CHECKS:
            continue
        ref = by_role.get(_ref_role(f.limit) or "")
        p, v = e.position_m, _limit_value(f)
        x0, z0 = at(p.x, p.z)
        if any(w in f.limit for w in ("abaft", "forward of", "from the stem", "horizontally")):
            tx = L if "from the stem" in f.limit else (ref.position_m.x if ref else p.x)
            x1, z1 = at(tx, p.z)[0], z0
            lx = None if v is None or "horizontally" in f.limit else at(tx - v, 0)[0]
            limit = "" if lx is None else (f'<line x1="{_fmt(lx)}" y1="{_fmt(z0 - 14)}" x2="{_fmt(lx)}" '
                                           f'y2="{_fmt(z0 + 14)}" stroke="{RED}" stroke-dasharray="4 3"/>')
        else:
            on_hull = f.check == "height" or ref is None or "above the hull" in (f.measured or "")
            base = 0.0 if on_hull else ref.position_m.z if ref else 0.0
            x1, z1 = x0, at(p.x, base)[1]
            lz = None if v is None else (v if on_hull else base - v if "below '" in f.limit else base + v)
            limit = "" if lz is None else (f'<line x1="{_fmt(x0 - 30)}" y1="{_fmt(at(0, lz)[1])}" '
                                           f'x2="{_fmt(x0 + 30)}" y2="{_fmt(at(0, lz)[1])}" stroke="{RED}" '
                                           f'stroke-dasharray="4 3"/>')
        key = (f"{x0:.0f} {z0:.0f} {x1:.0f} {z1:.0f}", f"{f.measured} {f.limit}")
        if key in seen:                  # the other sidelight, at the same place in profile
            continue
        seen.add(key)
        out.append(f'<g class="dim" data-role="{escape(f.role)}"><line x1="{_fmt(x0)}" y1="{_fmt(z0)}" '
                   f'x2="{_fmt(x1)}" y2="{_fmt(z1)}" stroke="{RED}" stroke-width="2" marker-start="url(#tick)" '
                   f'marker-end="url(#tick)"/>{limit}<title>{escape(f.measured or "")}: {escape(f.limit)}</title>'
                   "</g>")
        text = f"{f.measured}" + (f" (limit {v:.2f} m)" if v is not None else "")
        labels.append(((x0 + x1) / 2, (z0 + z1) / 2 - (12 if z0 == z1 else 0), text))
    return out, labels


def _scale_bar(x: float, y: float, s: float, L: float) -> str:
    step = next(v for v in (1, 2, 5, 10, 20, 50, 100, 200) if v * s >= 40 or v >= L / 4)
    ticks = [k * step for k in range(0, 5) if k * step <= L]
    bar = "".join(f'<line x1="{_fmt(x + t * s)}" y1="{_fmt(y)}" x2="{_fmt(x + t * s)}" y2="{_fmt(y + 5)}" '
                  f'stroke="#556"/><text x="{_fmt(x + t * s - 4)}" y="{_fmt(y + 15)}" class="lbl" font-size="9">'
                  f"{t:g}{' m' if t == ticks[-1] else ''}</text>" for t in ticks)
    return (f'<g class="scale"><line x1="{_fmt(x)}" y1="{_fmt(y)}" x2="{_fmt(x + ticks[-1] * s)}" y2="{_fmt(y)}" '
            f'stroke="#556"/>{bar}</g>')


def _views(r: PlanReport, fails: list[Finding]) -> str:
    """Profile (x, z) and plan (x, y) of the vessel, to one scale, each light at its position, failing lights
    ringed and failing dimensions drawn in red."""
    failing = {f.light_id for f in fails if f.light_id}
    L = float(r.vessel.length_m or 1.0)
    B = float(r.vessel.breadth_m or L / 6)
    F = float((r.hull or {}).get("freeboard_m") or 0.0)
    entries: list[PlanLight | PlanShape] = [*r.lights, *r.shapes]
    zmax = max([e.position_m.z for e in entries] + [B / 2, 1.0])
    s = (W - 2 * PAD) / L
    sz = min(s, 300.0 / zmax)                              # one scale unless the masts are very tall
    top = PAD + 10
    deck = top + zmax * sz
    prof_h = int(deck + F * sz + 48)
    plan_h = int(B * s + 2 * PAD + 24)

    def at(x: float, z: float) -> tuple[float, float]:
        return PAD + x * s, deck - z * sz
    scale = "one scale" if sz == s else f"heights at {sz / s:.2f} times the length scale"
    prof = [f'<svg width="{W}" height="{prof_h}" viewBox="0 0 {W} {prof_h}" role="img" aria-label="profile">',
            f'<defs><marker id="tick" viewBox="0 0 2 10" refX="1" refY="5" markerWidth="2" markerHeight="10" '
            f'orient="auto"><rect width="2" height="10" fill="{RED}"/></marker></defs>',
            f'<text x="{PAD}" y="16" class="lbl" font-size="10">Profile from starboard, bow to the right: heights '
            f"above the hull (the uppermost continuous deck), {scale}</text>",
            f'<rect x="{PAD}" y="{_fmt(deck)}" width="{_fmt(L * s)}" height="{_fmt(max(F * sz, 6))}" fill="#c9ccd8" '
            f'stroke="#889"/>']
    if F:
        prof.append(f'<line x1="{PAD - 20}" y1="{_fmt(deck + F * sz)}" x2="{_fmt(PAD + L * s + 20)}" '
                    f'y2="{_fmt(deck + F * sz)}" stroke="#3a78c2" stroke-dasharray="6 3"/>'
                    f'<text x="{_fmt(PAD + L * s - 50)}" y="{_fmt(deck + F * sz + 11)}" class="lbl" font-size="9">'
                    f"waterline</text>")
    prof.append(_scale_bar(PAD, deck + max(F * sz, 6) + 12, s, L))
    plan = [f'<svg width="{W}" height="{plan_h}" viewBox="0 0 {W} {plan_h}" role="img" aria-label="plan">',
            f'<text x="{PAD}" y="16" class="lbl" font-size="10">Plan from above, bow to the right, starboard '
            f"below; each light's arc</text>",
            f'<path d="M{PAD} {PAD} L{_fmt(PAD + 0.85 * L * s)} {PAD} L{_fmt(PAD + L * s)} {_fmt(PAD + B * s / 2)} '
            f'L{_fmt(PAD + 0.85 * L * s)} {_fmt(PAD + B * s)} L{PAD} {_fmt(PAD + B * s)} Z" fill="#dde" '
            f'stroke="#889"/>', _scale_bar(PAD, PAD + B * s + 10, s, L)]
    dots = [at(e.position_m.x, e.position_m.z) for e in entries]
    labels = _Labels(dots, W)
    marks, texts = [], []
    for e, (px, pz) in sorted(zip(entries, dots), key=lambda t: -t[0].position_m.z):
        p = e.position_m
        colour = COLOURS.get(e.colour, "#999")
        ring = f' stroke="{RED}" stroke-width="3"' if e.id in failing else ' stroke="#333" stroke-width="1"'
        py = PAD + B * s / 2 + p.y * s
        r_ = 5 if isinstance(e, PlanLight) else 4
        marks.append(f'<circle cx="{_fmt(px)}" cy="{_fmt(pz)}" r="{r_}" fill="{colour}"{ring}/>')
        texts.append(labels.place(px, pz, e.id))
        if isinstance(e, PlanLight):
            plan.append(_sector(px, py, e.arc(), colour))
        plan.append(f'<circle cx="{_fmt(px)}" cy="{_fmt(py)}" r="4" fill="{colour}"{ring}/>')
    dims, dim_labels = _dimensions(r, fails, at, L)
    texts += [labels.place(x, y, t, RED) for x, y, t in dim_labels]
    prof += dims + marks + texts
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
    return _views(r, [f for f in r.findings if f.status == "fail"])


def report_html(r: PlanReport, footer: str | None = None) -> str:
    """The report as one HTML page; ``footer``: a line at its foot (where it is kept, which navlights made it)."""
    c = r.counts()
    fails = [f for f in r.findings if f.status == "fail"]
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
    notes = "".join(f"<li>{escape(n)}</li>" for n in r.notes if not n.startswith("About this plan: "))
    about = ("<h2>About this plan</h2><ul class=\"about\">" + "".join(f"<li>{escape(n)}</li>" for n in r.plan_notes)
             + "</ul>") if r.plan_notes else ""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lighting plan check: '
            f"{escape(r.vessel.describe(r.length_system))}</title><style>{CSS}</style></head><body>"
            f"<h1>Lighting plan check: the plan {verdict}</h1>"
            f'<p class="muted">{escape(r.vessel.describe(r.length_system))} · {escape(r.edition)} · {c["pass"]} pass, {c["fail"]} fail, '
            f'{c["not-checked"]} not checked (the plan or navlights lacks the fact) · positions as given by the plan</p>'
            f"{about}{_views(r, fails)}{''.join(rows)}"
            + (f"<h2>Notes</h2><ul>{notes}</ul>" if notes else "")
            + '<p class="muted">navlights checks the plan against its rule data, each finding with its rule; '
              "where the data has a gap or the plan lacks a fact the check says so. Not a certificate.</p>"
            + (f'<p class="muted foot">{escape(footer)}</p>' if footer else "")
            + "</body></html>")
