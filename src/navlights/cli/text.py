"""Every command's text output: the answer in words first, then tables, all at the terminal's width.

Imported only when printing text; rich loads only for the tables. The layout (width, wrapping, fitted tables) is
:mod:`.layout`'s; `lights` is :mod:`.lights_text`, the long lists (`changes`, `differences`, `check-plan`)
:mod:`.lists`.
"""

from __future__ import annotations

from typing import Any

import click

from .layout import Col, Out, cite_lines, cite_words, fit_table, whole
from .options import option_words

#: Provenance as a short word in a narrow table (the legend spells it out).
PROV_MARK = {"primary": "prim", "secondary": "sec", "inferred": "inf", "gap": "gap"}
PROV_WORDS = ("primary: statute text read; secondary: textbook, reprint or official summary; inferred: carried over "
              "from an adjacent edition with an argument; gap: not found")


def _since(e: dict[str, Any]) -> str:
    """'us-inland from 1981-12-24, great-lakes from 1983-03-01': each waters with its own first date."""
    later = e.get("in_force_from_waters", {})
    same = [w for w in e["waters"] if w not in later]
    parts = [f"{', '.join(same)}, from {e['in_force_from'] or '?'}"] if same else []
    return "; ".join(parts + [f"{w} from {later[w]}" for w in e["waters"] if w in later])


def editions_table(data: list[dict[str, Any]], wide: bool = False) -> None:
    """Print the editions: which are in force today and which came before them, then a table of each."""
    from rich.markup import escape
    out = Out()
    now = [e for e in data if not e["in_force_end"]]
    before = [e for e in data if e["in_force_end"]]
    out.para(f"{len(data)} editions of the rules. In force today: " + "; ".join(
        f"{e['id']} ({_since(e)})" for e in now) + ".", bold=True)
    if before:
        out.para("Before them: " + "; ".join(
            f"{e['id']} ({', '.join(e['waters'])}, {e['in_force_from'] or '?'} to {e['in_force_end']})"
            for e in before) + ".")
    out.line()
    rows = []
    for e in data:
        cov = e["coverage"]
        span = f"{e['in_force_from'] or '?'} –\n{e['in_force_end'] or '…'}\n({e['in_force_citation']['provenance']})"
        span += "".join(f"\n{w} from {d}" for w, d in e.get("in_force_from_waters", {}).items())
        rows.append([e["id"], f"[dim]{escape(', '.join(e['aliases']))}[/dim]", escape(e["title"]),
                     f"{e['regime']}\n{', '.join(e['waters'])}", span,
                     f"{cov['primary_share']:.0%} primary\n{cov['primary']} primary, {cov['secondary']} secondary, "
                     f"{cov['inferred']} inferred, {cov['gap']} gap of {cov['entries']}", str(len(e["sources"]))])
    cols = [Col("id", no_wrap=True), Col("aliases", drop=1), Col("title", least=20), Col("regime / waters"),
            Col("in force"), Col("coverage", least=14), Col("sources", drop=2)]
    out.table(fit_table(cols, rows, out.width, "Editions", wide=wide, show_lines=True))
    out.para(f"{PROV_WORDS}. `navlights editions --json` lists sources and gaps.")


def comparison_text(c: dict[str, Any]) -> None:
    """Print a comparison: the answer in short, each edition's lights, then the differences step by step."""
    out = Out()
    out.para(f"Vessel: {c['description']}", bold=True)
    shown = [e for e in c["editions"] if c["displays"][e] is not None]
    gaps = [e for e in shown if not c["displays"][e]["complete"]]
    asked = [e for e in c["editions"] if c["displays"][e] is None]
    counts = [whole(f"{st['from']} {'->' if st['relation'] == 'succession' else 'beside'} {st['to']}:") + " "
              f"{len(st['differences']) or 'no'} difference{'' if len(st['differences']) == 1 else 's'}"
              for st in c["steps"]]
    said = f"Under {len(c['editions'])} editions: {len(shown)} answer"
    said += f" ({len(gaps)} with gaps: {', '.join(gaps)})" if gaps else ""
    said += f"; {len(asked)} need a fact she lacks ({', '.join(asked)})" if asked else ""
    out.para(said + ("; " + "; ".join(counts) if counts else "") + ".")
    out.line()
    from .. import api
    for eid in api.edition_order(list(c["editions"])):   # today's rules first, as the web app lists them
        d = c["displays"][eid]
        if d is None:
            out.para(f"{eid}: {option_words(c['errors'][eid])}", 0, 2)
            continue
        roles = ", ".join(f"{i['role']} ({cite_words(i['cite'].split(' ', 1)[1])})" for i in d["lights"] + d["shapes"])
        flag = "" if d["complete"] else " (incomplete: gaps)"
        out.para(f"{eid}{flag}: {roles or 'none'}", 0, 2)
    for st in c["steps"]:
        arrow = "->" if st["relation"] == "succession" else "beside"
        out.line()
        out.para(f"{st['from']} {arrow} {st['to']} ({st['words']})", bold=True)
        if not st["differences"]:
            out.bullet("no difference in lights or shapes")
        for d in st["differences"]:
            out.bullet(d["text"])


def _rules_rows(rows: list[dict[str, Any]], label: Any, narrow: bool) -> list[list[str]]:
    from rich.markup import escape
    style = {"primary": "green", "secondary": "cyan", "inferred": "yellow", "gap": "red"}
    out = []
    for r in rows:
        c = r["citation"]
        extra = escape(", ".join(c["sources"]))
        for key in ("argument", "note"):
            if c.get(key):
                extra += f"\n[dim]{escape(c[key])}[/dim]"
        prov = PROV_MARK[c["provenance"]] if narrow else c["provenance"]
        entry = label(r) + (f"\n[dim]sources: {extra}[/dim]" if narrow and extra else "")
        out.append([cite_lines(c["rule"]), entry, f"[{style[c['provenance']]}]{prov}[/]", extra])
    return out


#: Below this width `rules` puts an entry's sources and notes under it, not in a column of their own.
RULES_NOTES_COLUMN = 120


def rules_text(data: dict[str, Any], wide: bool = False) -> None:
    """Print an edition's rule base: definitions, kinds and provisions with cite and provenance."""
    from rich.markup import escape
    out = Out()
    cov = data["coverage"]
    out.para(f"{data['title']} ({data['edition']}): {cov['entries']} entries, {cov['primary']} primary, "
             f"{cov['secondary']} secondary, {cov['inferred']} inferred, {cov['gap']} gap", bold=True)
    narrow = not wide and out.width < RULES_NOTES_COLUMN
    for title, rows, label in (
            ("Definitions", data["definitions"], lambda r: escape(r["term"])),
            ("Light and shape kinds", data["kinds"], lambda r: escape(f"{r['what']} {r['id']}: {r['term']}")),
            ("Provisions", data["provisions"], lambda r: f"{escape(r['title'])} [dim]({r['effect']})[/dim]")):
        if not rows:
            continue
        cells = _rules_rows(rows, label, narrow)
        cols = [Col("rule", no_wrap=True), Col("entry", least=24), Col("prov" if narrow else "provenance")]
        if not narrow:
            cols.append(Col("sources / argument / note", least=30))
        out.table(fit_table(cols, [c[:len(cols)] for c in cells], out.width, title, wide=wide, most=70))
    if narrow:
        out.para("prov: " + ", ".join(f"{m} {p}" for p, m in PROV_MARK.items()) + ".")
    out.para(f"What each provenance rests on (the sources, the reading of the OCR'd pages, the arguments): "
             f"{data['sources_page']}; navlights editions --json lists the sources.")


def picture_text(data: dict[str, Any]) -> None:
    """Print what an observer sees (``api.view_json`` data): the picture first, then where she is, each item left
    to right, what is out of sight and the placement assumed."""
    out = Out()
    o = data["observer"]
    out.para(f"You see: {data.get('signal_words') or data['picture']}.", bold=True)
    if data.get("signal_words") and data["signal_words"] != data["picture"]:
        out.para(f"  as they stand: {data['picture']}.", 2, 4)
    where = f"aspect {o['aspect_deg']:g}°: you are {o['aspect_words']}; {o['heading_cue']}"
    if o["distance_nm"] is not None:
        where += f"; {o['distance_nm']:g} nm off"
    period = data["period"]
    if data["vessel"].get("time") == "restricted-visibility":
        period = "restricted visibility: " + ("her lights" if period == "night" else "by day, her shapes")
    out.para(f"She is a {data['description']} ({data['edition']}, {period}); {where}.")
    if data["gaps"] and data["items"]:
        out.para("Not known (the rule base has gaps for her; she may show more or other lights): "
                 + "; ".join(dict.fromkeys(g["words"] for g in data["gaps"])) + ".")
    if data["items"]:
        out.para("Left to right (colour, light, offset across the picture, height, rule):")
        role = max(len(i["role"]) for i in data["items"])
        for i in data["items"]:
            flags = f"  [{', '.join(i['flags'])}]" if i["flags"] else ""
            out.columns(f"  {i['colour']:<6} {i['role']:<{role}} {i['offset_m']:+7.2f} m  {i['height_m']:6.2f} m",
                        cite_words(i["cite"], data["edition"]) + flags, 9)
    if data["hidden"]:
        why = {"arc": "out of its arc", "range": "beyond its range"}
        out.para("Not seen: " + ", ".join(f"{h['role']} ({why[h['reason']]})" for h in data["hidden"]), 0, 2)
    for r in data.get("remarks", []):
        out.bullet(r, 2, "-")
    out.para("Positions are a typical placement (assumed): " + "; ".join(data["placement"]["notes"]), 0, 2)


def sectors_text(data: dict[str, Any]) -> None:
    """Print the aspect sectors (``api.sectors_json`` data) and what each shows."""
    out = Out()
    out.para(f"{data['description']} ({data['edition']}, {data['period']}, choose={data['choose']})", 0, 2)
    out.para(f"Aspect (your bearing from her, clockwise from her bow); {whole('[ ]')} includes the end, {whole('( )')} "
             "excludes it:", 0, 2)
    width = max(len(s["label"]) for s in data["sectors"])
    for s in data["sectors"]:
        seen = ", ".join(whole(f"{r} ({c})") for r, c in zip(s["roles"], s["colours"])) or "nothing"
        out.para(f"  {s['label']:<{width}}  {seen}", 0, width + 4)


#: Readings shown under each line of `navlights identify` (the JSON writes as many; Python has them all).
IDENTIFY_VARIANTS_SHOWN = 3


def identify_text(data: dict[str, Any]) -> None:
    """Print the lines of a picture's answer (``api.identify_json`` data), ranked, each with why it ranks
    there, what each light says and the readings (editions, lengths, aspects) it holds."""
    q = data["query"]
    verdict = data.get("verdict")
    if verdict:
        lead = verdict["text"].split(" Or: ")[0]
        click.echo(f"Most likely: {lead[0].lower() + lead[1:]}")
        if verdict["alternative"]:
            click.echo(f"  or: {verdict['alternative']}.")
        if verdict["cues"]:
            click.echo(f"  told by: {'; '.join(verdict['cues'])}.")
    if q.get("said"):
        click.echo(f"You said: \"{q['said']}\", read as {q['notation']}")
    if q.get("note"):
        click.echo(f"  note: {q['note']}")
    click.echo(f"You saw: {q['notation']} ({q['words']}; {q['period']})")
    eds = ", ".join(e + (" (history)" if e in data.get("history", ()) else "") for e in data["editions"])
    shown = data["returned"]
    more = f"; showing {shown} (--limit 0 for all)" if shown < data["total"] else ""
    click.echo(f"{data['total']} meaning(s), {data['exact']} exact, from {data['readings']} reading(s) under "
               f"{eds}{more}.")
    if not data["hypotheses"]:
        click.echo("No vessel in the rule base shows this picture, nor one light more or less.")
        return
    for n, h in enumerate(data["hypotheses"], 1):
        hist = "  [history]" if h["history"] else ""
        click.echo(f"{n:>3}. {h['name']}  ({h['match']}, score {h['score']:.3f}){hist}")
        if h["kinds"]:
            click.echo(f"       {h['kinds_words']}: {'; '.join(h['kinds'])}")
        lit = f"; lit: {'; '.join(h['variant'])}" if h["variant"] else ""
        click.echo(f"       first reading: {h['class']} ({h['edition']}{lit})")
        click.echo(f"       why: {h['why']}")
        if h["remark"]:
            click.echo(f"       {h['remark']}")
        where = ", ".join(a["label"] for a in h["aspects"])
        click.echo(f"       she shows {h['picture']} at aspect {where}: {h['heading']}")
        for m in h["meaning"]:
            click.echo(f"       {' '.join(m['tokens'])}  {m['seen']}: {m['says']} ({m['cite']})")
        if h["general_lights"]:
            click.echo(f"       {h['general_lights']}")
        if h["gaps"]:
            click.echo(f"       not known (gaps): {'; '.join(h['gaps'])}")
        if h["also_names"]:
            click.echo(f"       also shows the same: {', '.join(h['also_names'])}")
        vs = h["variants"]
        click.echo(f"       {h['variants_total']} reading(s) under {', '.join(h['editions'])}; the first:")
        for v in vs[:IDENTIFY_VARIANTS_SHOWN]:
            cond = ", ".join(v["conditions"]) or "any length"
            lit = f"; lit: {'; '.join(v['variant'])}" if v["variant"] else ""
            hv = " (history)" if v["history"] else ""
            click.echo(f"         - {v['edition']}{hv}: {v['situation']}, {cond}; {v['match']} at "
                       f"{', '.join(a['label'] for a in v['aspects'])}{lit}")
        shown = min(len(vs), IDENTIFY_VARIANTS_SHOWN)
        if h["variants_total"] > shown:
            click.echo(f"         ... and {h['variants_total'] - shown} more")
    click.echo("Aspect: your bearing from her, clockwise from her bow (0 dead ahead, 90 her starboard beam); "
               "positions are a typical placement (assumed).")



def governing_text(g: dict[str, Any]) -> None:
    """Print which edition governed (``api.governing(...).to_dict()``) and on what basis."""
    out = Out()
    out.para(f"{g['date']} in {g['waters']}: {g['text']}", 0, 2)
    out.para(f"basis: {g['basis']}", 0, 2)


def gallery_text(summary: dict[str, Any]) -> None:
    """Print a gallery's summary: classes, images, time, where the index and labels are."""
    Out().para(f"{summary['edition']}: {summary['classes']} classes, {summary['images']} images in "
               f"{summary['seconds']:g} s; index {summary['index']}; labels {summary['labels']}", 0, 2)
