"""Human-readable terminal output (rich tables), imported only when printing text."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

_COLOUR_STYLE = {"white": "bold white", "red": "bold red", "green": "bold green", "yellow": "bold yellow",
                 "blue": "bold blue", "black": "bold", "red-green": "bold"}


def _console() -> Console:
    import shutil
    import sys
    width = shutil.get_terminal_size((140, 40)).columns if sys.stdout.isatty() else 140
    return Console(highlight=False, soft_wrap=False, width=max(width, 100))


def _rule(item: dict[str, Any]) -> str:
    return item["citation"]["rule"]


def fmt_arc(item: dict[str, Any]) -> str:
    """'247.5°–112.5° (225°)' or 'all round'; '(assumed)' where the text gives no arc."""
    if item["all_round"]:
        return "all round"
    a, b = item["arc"]
    width = (b - a) % 360 or 360
    return f"{a:g}°–{b:g}° ({width:g}°)"


def editions_table(data: list[dict[str, Any]]) -> None:
    """Print the editions list."""
    t = Table(title="navlights editions", show_lines=True)
    for col in ("id", "title", "regime / waters", "in force", "coverage", "sources"):
        t.add_column(col, overflow="fold")
    for e in data:
        cov = e["coverage"]
        span = f"{e['in_force_from'] or '?'} – {e['in_force_to'] or '…'}\n({e['in_force_citation']['provenance']})"
        span += "".join(f"\n{w} from {d}" for w, d in e.get("in_force_from_waters", {}).items())
        t.add_row(f"{e['id']}\n[dim]{', '.join(e['aliases'])}[/dim]", e["title"],
                  f"{e['regime']}\n{', '.join(e['waters'])}", span,
                  f"{cov['primary_share']:.0%} primary\n{cov['primary']} primary, {cov['secondary']} secondary,\n"
                  f"{cov['inferred']} inferred, {cov['gap']} gap of {cov['entries']}",
                  str(len(e["sources"])))
    con = _console()
    con.print(t)
    con.print("[dim]primary: statute text read; secondary: textbook, reprint or official summary; inferred: carried "
              "over from an adjacent edition with an argument; gap: not found. `navlights editions --json` lists "
              "sources and gaps.[/dim]")


def display_table(d: dict[str, Any]) -> None:
    """Print one display: lights, shapes and notes, each with its citation and provenance."""
    con = _console()
    con.print(f"[bold]{d['edition_title']}[/bold] ({d['edition']})")
    con.print(f"Vessel: {d['description']}")
    if any(n["kind"] == "referral" for n in d["notes"]):
        con.print("[yellow]The statute leaves this vessel's lights to another authority (see notes).[/yellow]")
    elif not d["complete"]:
        con.print("[yellow]Incomplete: the rule base has gaps for this vessel (see notes).[/yellow]")
    if d["lights"]:
        t = Table(title="Lights", show_lines=False)
        for col in ("role", "light", "arc", "range", "status", "rule", "provenance"):
            t.add_column(col, overflow="fold", no_wrap=col in ("role", "arc", "range", "rule"))
        for i in d["lights"]:
            status = i["status"] + (f"\none of '{i['group']}': {i['option']}" if i["group"] else "")
            if i.get("scheme"):
                status += f"\nscheme: {i['scheme']}"
            rng = f"{i['range_nm']:g} nm" if i["range_nm"] is not None else "not stated"
            arc = fmt_arc(i) + (" [dim](assumed)[/dim]" if i["arc_assumed"] else "")
            t.add_row(i["role"], f"[{_COLOUR_STYLE.get(i['colour'], '')}]{i['term']}[/]",
                      arc, rng, status, _rule(i), i["provenance"])
        con.print(t)
    if d["shapes"]:
        t = Table(title="Shapes (day signals)")
        for col in ("role", "shape", "size", "status", "rule", "provenance"):
            t.add_column(col, overflow="fold")
        for i in d["shapes"]:
            t.add_row(i["role"], i["term"], i["size_as_written"] or "", i["status"], _rule(i),
                      i["provenance"])
        con.print(t)
    if not d["lights"] and not d["shapes"]:
        con.print("No lights or shapes.")
    for n in d["notes"]:
        con.print(f"[dim]•[/dim] [{'yellow' if n['kind'] in ('gap', 'referral') else 'cyan'}]{n['kind']}[/]: "
                  f"{n['text']} [dim]({n['citation']['rule']}, {n['provenance']})[/dim]")


def comparison_text(c: dict[str, Any]) -> None:
    """Print a comparison: each edition's lights in short, then the differences step by step."""
    con = _console()
    con.print(f"Vessel: {c['description']}")
    for eid in c["editions"]:
        d = c["displays"][eid]
        if d is None:
            con.print(f"[bold]{eid}[/bold]: [yellow]{c['errors'][eid]}[/yellow]")
            continue
        roles = ", ".join(f"{i['role']} ({i['cite'].split(' ', 1)[1]})" for i in d["lights"] + d["shapes"]) or "none"
        flag = "" if d["complete"] else " [yellow](incomplete: gaps)[/yellow]"
        con.print(f"[bold]{eid}[/bold]{flag}: {roles}")
    for st in c["steps"]:
        con.print(f"\n[bold]{st['from']} -> {st['to']}[/bold]")
        if not st["differences"]:
            con.print("  no difference in lights or shapes")
        for d in st["differences"]:
            con.print(f"  • {d['text']}")


def changes_text(a: str, b: str, log: dict[str, list[dict[str, Any]]]) -> None:
    """Print a change log between two editions, by situation."""
    con = _console()
    con.print(f"[bold]Changes from {a} to {b}[/bold] (derived from the rule data; lengths in ft where they apply)")
    for situation, rows in log.items():
        con.print(f"\n[bold]{situation}[/bold]")
        for r in rows:
            ls = r["lengths_ft"]
            span = f" [dim](lengths {ls[0]:g}-{ls[-1]:g} ft" + (
                f"; tows {r['tow_ft'][0]:g}-{r['tow_ft'][-1]:g} ft" if r["tow_ft"] else "") + ")[/dim]"
            con.print(f"  • {r['text']}{span}")


def rules_text(data: dict[str, Any]) -> None:
    """Print an edition's rule base: definitions, kinds and provisions with cite and provenance."""
    con = _console()
    cov = data["coverage"]
    con.print(f"[bold]{data['title']}[/bold] ({data['edition']}): {cov['entries']} entries, "
              f"{cov['primary']} primary, {cov['secondary']} secondary, {cov['inferred']} inferred, {cov['gap']} gap")
    style = {"primary": "green", "secondary": "cyan", "inferred": "yellow", "gap": "red"}
    for title, rows, label in (("Definitions", data["definitions"], lambda r: r["term"]),
                               ("Light and shape kinds", data["kinds"], lambda r: f"{r['what']} {r['id']}: {r['term']}"),
                               ("Provisions", data["provisions"], lambda r: f"{r['title']} [dim]({r['effect']})[/dim]")):
        if not rows:
            continue
        t = Table(title=title)
        for col in ("rule", "entry", "provenance", "sources / argument / note"):
            t.add_column(col, overflow="fold", no_wrap=col == "rule")
        for r in rows:
            c = r["citation"]
            extra = ", ".join(c["sources"])
            if c.get("argument"):
                extra += f"\n[dim]{c['argument']}[/dim]"
            if c.get("note"):
                extra += f"\n[dim]{c['note']}[/dim]"
            t.add_row(c["rule"], label(r), f"[{style[c['provenance']]}]{c['provenance']}[/]", extra)
        con.print(t)
