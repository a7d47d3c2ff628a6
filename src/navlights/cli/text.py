"""Every command's text output: rich tables and plain lines from the JSON-ready data the facade returns.

Imported only when printing text; rich loads only for the tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rich.console import Console

_COLOUR_STYLE = {"white": "bold white", "red": "bold red", "green": "bold green", "yellow": "bold yellow",
                 "blue": "bold blue", "black": "bold", "red-green": "bold"}


def _console() -> "Console":
    import shutil
    import sys

    from rich.console import Console
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
    from rich.table import Table
    t = Table(title="navlights editions", show_lines=True)
    for col in ("id", "title", "regime / waters", "in force", "coverage", "sources"):
        t.add_column(col, overflow="fold")
    for e in data:
        cov = e["coverage"]
        span = f"{e['in_force_from'] or '?'} – {e['in_force_end'] or '…'}\n({e['in_force_citation']['provenance']})"
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
    from rich.table import Table
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
            rng = (f"{i['range_nm']:g} nm" if i["range_nm"] is not None else
                   "not known" if i["kind_citation"]["provenance"] == "gap" else "not stated")
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
    for status, words in d["status_words"].items():
        if status == "general":
            con.print(f"[yellow]{status}[/yellow]: {words}")
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
        arrow = "->" if st["relation"] == "succession" else "beside"
        con.print(f"\n[bold]{st['from']} {arrow} {st['to']}[/bold] [dim]({st['words']})[/dim]")
        if not st["differences"]:
            con.print("  no difference in lights or shapes")
        for d in st["differences"]:
            con.print(f"  • {d['text']}")


_FIELD_WORDS = {"colour": "colour", "arc_deg": "arc", "range_nm": "range", "status": "status",
                "group": "alternatives", "scheme": "scheme"}


def _value_words(v: Any, field: str | None) -> str:
    if v is None:
        return "not stated" if field == "range_nm" else "none"
    if field == "arc_deg":
        a, b = v
        return "all round" if (a, b) == (0.0, 360.0) else f"{a:g}°–{b:g}°"
    return f"{v:g} nm" if field == "range_nm" else str(v)


def _cites(cites: list[str], edition: str) -> str:
    """At most two cites, without the edition's id (the heading names it)."""
    rules = [c.removeprefix(edition + " ") for c in cites]
    return "; ".join(rules[:2]) + ("; …" if len(rules) > 2 else "")


#: The unit a system's lengths are written in, for headings ("lengths in m").
_UNIT = {"metres": "m", "feet": "ft"}


def _situations(e: dict[str, Any], system: str) -> str:
    from .. import api
    sits, ls = e["situations"], e["lengths_ft"]
    shown = "; ".join(sits[:3]) + (f"; and {len(sits) - 3} more" if len(sits) > 3 else "")
    span = f", lengths {api.lengths_words(ls, system, '-')}" if ls else ""
    return f"[dim]({shown}{span})[/dim]"


def changes_text(a: str, b: str, log: dict[str, list[dict[str, Any]]]) -> None:
    """Print what changed between two editions: each distinct difference once, with the situations it touches.

    ``--json`` gives every difference by situation.
    """
    from .. import api
    con = _console()
    rows = api.summarize_changes(log)
    system = api.length_system(a, b)
    con.print(f"[bold]Changes from {a} to {b}[/bold] (derived from the rule data; {len(rows)} distinct differences "
              f"in {len(log)} situations; lengths in {_UNIT[system]}; `--json` for every difference by situation)")
    heads = {"added": f"New under {b}", "removed": f"No longer shown under {b}", "changed": "Changed"}
    for e in _headed(con, rows, "change", heads):
        if e["change"] == "added":
            text = f"{e['role']}: {e['term']} ({_cites(e['cites_after'], b)})"
        elif e["change"] == "removed":
            text = f"{e['role']}: {e['term']} ({a} {_cites(e['cites_before'], a)})"
        else:
            text = (f"{e['role']}: {_FIELD_WORDS.get(e['field'], e['field'])} {_value_words(e['before'], e['field'])}"
                    f" -> {_value_words(e['after'], e['field'])} ({a} {_cites(e['cites_before'], a)} -> "
                    f"{_cites(e['cites_after'], b)})")
        con.print(f"  • {text} {_situations(e, system)}")


def _headed(con: Any, rows: list[dict[str, Any]], key: str, heads: dict[str, str]) -> Iterator[dict[str, Any]]:
    """The rows, printing a heading before each run of rows with the same ``key``."""
    last = None
    for e in rows:
        if e[key] != last:
            last = e[key]
            con.print(f"\n[bold]{heads[last]}[/bold]")
        yield e


def differences_text(data: dict[str, Any]) -> None:
    """Print two regimes side by side: each difference once, with both cites and the situations it touches."""
    con = _console()
    a, b, rows = data["a"], data["b"], data["differences"]
    con.print(f"[bold]Differences between {a} and {b}[/bold] ({data['words']}; derived from the rule data; "
              f"{len(rows)} distinct differences over {data['situations']} situations; lengths in "
              f"{_UNIT[data['length_system']]}; `--json` for all "
              "cites)")
    heads = {"a": f"Shown under {a}, not under {b}", "b": f"Shown under {b}, not under {a}",
             "both": "Shown under both, differently"}
    for e in _headed(con, rows, "side", heads):
        ca, cb = _cites(e["cites_a"], a) or "nothing cited", _cites(e["cites_b"], b) or "nothing cited"
        if e["side"] == "a":
            text = f"{e['role']}: {e['term']} ({a} {ca}; {b} there: {cb})"
        elif e["side"] == "b":
            text = f"{e['role']}: {e['term']} ({b} {cb}; {a} there: {ca})"
        else:
            text = (f"{e['role']}: {_FIELD_WORDS.get(e['field'], e['field'])} {_value_words(e['a_value'], e['field'])}"
                    f" ({a} {ca}) beside {_value_words(e['b_value'], e['field'])} ({b} {cb})")
        con.print(f"  • {text} {_situations(e, data['length_system'])}")


def rules_text(data: dict[str, Any]) -> None:
    """Print an edition's rule base: definitions, kinds and provisions with cite and provenance."""
    from rich.table import Table
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


def picture_text(data: dict[str, Any]) -> None:
    """Print what an observer sees (``api.view_json`` data): where she is, the picture, each item left to right."""
    o = data["observer"]
    where = f"aspect {o['aspect_deg']:g}°: you are {o['aspect_words']}; {o['heading_cue']}"
    if o["distance_nm"] is not None:
        where += f"; {o['distance_nm']:g} nm off"
    lines = [f"{data['description']} ({data['edition']}, {data['period']})", where,
             f"You see: {data['picture']}."]
    if data["gaps"] and data["items"]:
        lines.append("Not known (the rule base has gaps for her; she may show more or other lights): "
                     + "; ".join(dict.fromkeys(g["words"] for g in data["gaps"])) + ".")
    if data["items"]:
        lines.append("Left to right:")
        for i in data["items"]:
            flags = f"  [{', '.join(i['flags'])}]" if i["flags"] else ""
            lines.append(f"  {i['colour']:<6} {i['role']:<26} offset {i['offset_m']:+7.2f} m  "
                         f"height {i['height_m']:6.2f} m  {i['cite']}{flags}")
    if data["hidden"]:
        why = {"arc": "out of its arc", "range": "beyond its range"}
        lines.append("Not seen: " + ", ".join(f"{h['role']} ({why[h['reason']]})" for h in data["hidden"]))
    for r in data.get("remarks", []):
        lines.append(f"  - {r}")
    lines.append("Positions are a typical placement (assumed): " + "; ".join(data["placement"]["notes"]))
    for line in lines:
        click.echo(line)


def sectors_text(data: dict[str, Any]) -> None:
    """Print the aspect sectors (``api.sectors_json`` data) and what each shows."""
    click.echo(f"{data['description']} ({data['edition']}, {data['period']}, choose={data['choose']})")
    click.echo("Aspect (your bearing from her, clockwise from her bow); [ ] includes the end, ( ) excludes it:")
    width = max(len(s["label"]) for s in data["sectors"])
    for s in data["sectors"]:
        seen = ", ".join(f"{r} ({c})" for r, c in zip(s["roles"], s["colours"])) or "nothing"
        click.echo(f"  {s['label']:<{width}}  {seen}")


def identify_text(data: dict[str, Any]) -> None:
    """Print the readings of a picture (``api.identify_json`` data), ranked, with their rules."""
    q = data["query"]
    click.echo(f"You saw: {q['notation']} ({q['words']}; {q['period']})")
    eds = ", ".join(data["editions"])
    shown = data["returned"]
    more = f"; showing {shown} (--limit 0 for all)" if shown < data["total"] else ""
    click.echo(f"{data['exact']} exact and {data['near']} near reading(s) under {eds}{more}.")
    if not data["hypotheses"]:
        click.echo("No vessel in the rule base shows this picture, nor one light more or less.")
        return
    for n, h in enumerate(data["hypotheses"], 1):
        click.echo(f"{n:>3}. {h['score']:.2f} {h['match']:<12} {h['edition']:<9} {h['class']}")
        if h["also"]:
            click.echo(f"       also read as: {', '.join(h['also'])}")
        if h["variant"]:
            click.echo(f"       lit: {'; '.join(h['variant'])}")
        where = ", ".join(a["label"] for a in h["aspects"])
        click.echo(f"       she shows {h['picture']} at aspect {where} (sector {h['sector']['label']}): "
                   f"{h['heading']}")
        if h["remark"]:
            click.echo(f"       {h['remark']}")
        click.echo(f"       rules: {'; '.join(h['rules']) or '-'}")
        if h["general_lights"]:
            click.echo(f"       {h['general_lights']}")
        if h["gaps"]:
            click.echo(f"       not known (gaps): {'; '.join(h['gaps'])}")
    click.echo("Aspect: your bearing from her, clockwise from her bow (0 dead ahead, 90 her starboard beam); "
               "positions are a typical placement (assumed).")


def governing_text(g: dict[str, Any]) -> None:
    """Print which edition governed (``api.governing(...).to_dict()``) and on what basis."""
    click.echo(f"{g['date']} in {g['waters']}: {g['text']}")
    click.echo(f"basis: {g['basis']}")


def gallery_text(summary: dict[str, Any]) -> None:
    """Print a gallery's summary: classes, images, time, where the index and labels are."""
    click.echo(f"{summary['edition']}: {summary['classes']} classes, {summary['images']} images in "
               f"{summary['seconds']:g} s; index {summary['index']}; labels {summary['labels']}")


_STATUS_STYLE = {"pass": "green", "fail": "bold red", "not-checked": "yellow"}


def plan_text(r: dict[str, Any]) -> None:
    """Print a lighting-plan report: the verdict, then a table of findings per state, then notes."""
    from rich.table import Table
    con = _console()
    c = r["counts"]
    verdict = "[bold green]COMPLIANT[/]" if r["compliant"] else "[bold red]NOT COMPLIANT[/]"
    con.print(f"{verdict} under {r['edition']}: {c['pass']} pass, {c['fail']} fail, {c['not-checked']} not checked")
    for state in r["states"]:
        rows = [f for f in r["findings"] if f["state"] == state]
        t = Table(title=f"State: {state}")
        for col in ("status", "check", "role", "light", "measured", "limit", "rule"):
            t.add_column(col, overflow="fold")
        for f in sorted(rows, key=lambda f: ({"fail": 0, "not-checked": 1, "pass": 2}[f["status"]])):
            t.add_row(f"[{_STATUS_STYLE[f['status']]}]{f['status']}[/]", f["check"], f["role"], f["id"] or "",
                      f["measured"] or "", f["limit"], f["cite"])
        con.print(t)
    for n in r["notes"]:
        con.print(f"[dim]•[/dim] {n}")
