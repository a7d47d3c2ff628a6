"""The encounter plot (matplotlib, Agg, PNG): bearing, aspect and distance against time, and a band for each
light each vessel saw of the other. matplotlib is imported here only, when a plot is asked for."""

from __future__ import annotations

import io
from typing import Any

#: Light colours as drawn (white is drawn pale grey with a dark edge, so that it shows on white paper).
DRAWN = {"white": "#d9d9d9", "red": "#d62728", "green": "#2ca02c", "yellow": "#e6c619", "blue": "#1f5fbf"}


def _series(values: list[float | None]) -> list[float]:
    """Angles with a break (NaN) where they wrap round 0/360, so that no line crosses the plot."""
    out: list[float] = []
    prev = None
    for v in values:
        if v is None:
            out.append(float("nan"))
            prev = None
            continue
        if prev is not None and abs(v - prev) > 180.0:
            out.append(float("nan"))
        out.append(v)
        prev = v
    return out


def _times(xs: list[Any], values: list[float | None]) -> list[Any]:
    """The times to go with :func:`_series` (the break repeats the time)."""
    out: list[Any] = []
    prev = None
    for t, v in zip(xs, values):
        if v is not None and prev is not None and abs(v - prev) > 180.0:
            out.append(t)
        out.append(t)
        prev = v
    return out


def plot_png(enc: Any, *, width_in: float = 10.0, dpi: int = 100) -> bytes:
    """The encounter as a PNG plot: three panels sharing the time axis."""
    import matplotlib
    matplotlib.use("Agg", force=False)
    from matplotlib import dates as mdates
    from matplotlib import pyplot as plt
    from matplotlib.figure import Figure

    pairs = enc.pairs()
    bands = _bands(enc, pairs)
    fig = Figure(figsize=(width_in, 6.4 + 0.28 * max(len(bands), 1)), dpi=dpi, layout="constrained")
    gs = fig.add_gridspec(3, 1, height_ratios=[3, 2, 0.6 + 0.35 * max(len(bands), 1)])
    ax1 = fig.add_subplot(gs[0])
    ax2 = fig.add_subplot(gs[1], sharex=ax1)
    ax3 = fig.add_subplot(gs[2], sharex=ax1)
    cycle = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for k, (o, g) in enumerate(pairs):
        looks = [lk for lk in enc.looks if (lk.observer, lk.target) == (o, g)]
        ts = [lk.time for lk in looks]
        c = cycle[k % len(cycle)]
        brg: list[float | None] = [lk.bearing_deg for lk in looks]
        asp = [lk.aspect_deg for lk in looks]
        ax1.plot(_times(ts, brg), _series(brg), color=c, lw=1.8, label=f"{g} from {o}: true bearing")
        ax1.plot(_times(ts, asp), _series(asp), color=c, lw=1.2, ls="--", label=f"{g} from {o}: her aspect")
        if (g, o) not in pairs[:k]:
            ax2.plot(ts, [lk.distance_nm for lk in looks], color=c, lw=1.8, label=f"{o} – {g}")
    ax1.set_ylim(0, 360)
    ax1.set_yticks(range(0, 361, 45))
    ax1.set_ylabel("degrees\n(aspect: your bearing\nfrom her bow)", fontsize=9)
    ax1.set_title(f"Encounter {enc.start:%Y-%m-%d %H:%M}–{enc.end:%H:%M} UTC, judged under {enc.edition}",
                  fontsize=11)
    ax1.legend(fontsize=8, loc="best", ncols=2, framealpha=0.85)
    ax1.grid(alpha=0.3)
    ax2.set_ylabel("distance (nm)")
    ax2.set_ylim(bottom=0)
    ax2.legend(fontsize=8, loc="upper right")
    ax2.grid(alpha=0.3)
    _draw_bands(ax3, bands, enc)
    ax3.xaxis.set_major_formatter(mdates.DateFormatter("%H:%M"))
    ax3.set_xlabel("time (UTC)")
    for ax in (ax1, ax2):
        ax.tick_params(labelbottom=False)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def _bands(enc: Any, pairs: list[tuple[str, str]]) -> list[tuple[str, str, list[Any], list[Any]]]:
    """(label, colour, minutes seen, minutes glimpsed) for each light each observer saw of each target."""
    out = []
    for o, g in pairs:
        rows: dict[str, list[Any]] = {}             # role -> [name, colour, seen, glimpsed]
        for lk in enc.looks:
            if (lk.observer, lk.target) != (o, g):
                continue
            for (role, name), colour in zip(lk.seen, lk.colours):
                rows.setdefault(role, [name, colour, [], []])[2].append(lk.time)
                rows[role][1] = colour
            for role, name in lk.glimpsed:
                rows.setdefault(role, [name, name.split()[0], [], []])[3].append(lk.time)
        for name, colour, seen, glimpsed in rows.values():
            out.append((f"{o} → {g}: {name}", colour, seen, glimpsed))
    return out


def _runs(times: list[Any], step: Any) -> list[tuple[Any, Any]]:
    """Consecutive minutes as (first, last) runs."""
    out: list[tuple[Any, Any]] = []
    for t in sorted(times):
        if out and t - out[-1][1] <= step:
            out[-1] = (out[-1][0], t)
        else:
            out.append((t, t))
    return out


def _draw_bands(ax: Any, bands: list[tuple[str, str, list[Any], list[Any]]], enc: Any) -> None:
    import datetime as dt
    minute = dt.timedelta(seconds=60)
    for y, (label, colour, seen, glimpsed) in enumerate(bands):
        fill = DRAWN.get(colour, "#999999")
        for t0, t1 in _runs(seen, minute):
            ax.barh(y, t1 - t0 + minute, left=t0 - minute / 2, height=0.7, color=fill, edgecolor="#333333",
                    linewidth=0.6)
        for t0, t1 in _runs(glimpsed, minute):
            ax.barh(y, t1 - t0 + minute, left=t0 - minute / 2, height=0.7, color=fill, alpha=0.35, hatch="///",
                    edgecolor="#555555", linewidth=0.6)
    ax.set_yticks(range(len(bands)), [b[0] for b in bands], fontsize=8)
    ax.set_ylim(-0.6, max(len(bands), 1) - 0.4)
    ax.invert_yaxis()
    ax.set_xlim(enc.start - minute, enc.end + minute)
    ax.set_title("lights each observer (→ target) has in arc and in range; hatched: glimpsed at the edge of an arc",
                 fontsize=9)
    if not bands:
        ax.text(0.5, 0.5, "no light in sight", transform=ax.transAxes, ha="center", va="center")
