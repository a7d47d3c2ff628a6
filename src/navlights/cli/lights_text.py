"""`navlights lights` as text: the answer in words first, then the table of lights and shapes.

The words are built from the display's data alone (each item's status, alternatives group and option, scheme,
cite and provenance; the notes; the titles of the provisions that apply), never from text written for one
situation: what she shows by night and by day (the standard lights where the rules allow others), each
alternative scheme, what she may add, what she keeps at hand, then the gaps and notes, each with its rule. A gap
is said as a gap.
"""

from __future__ import annotations

from typing import Any

from .layout import Col, Out, cite_lines, cite_words, fit_table

Item = dict[str, Any]

_BY = {"night": "By night", "day": "By day"}
_NOTHING = {"night": "no light", "day": "no shape"}
_SHOWN = ("required", "general")
#: The short mark of each status in a narrow table (the legend says what it means, in the display's own words).
_STATUS_MARK = {"required": "req", "optional": "opt", "general": "gen", "on-approach": "appr"}
_PROV_MARK = {"primary": "prim", "secondary": "sec", "inferred": "inf", "gap": "gap"}
_COLOUR_STYLE = {"white": "bold white", "red": "bold red", "green": "bold green", "yellow": "bold yellow",
                 "blue": "bold blue", "black": "bold", "red-green": "bold"}


def _and(xs: list[str]) -> str:
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def _terms(terms: list[str]) -> str:
    """Terms said together: 'sidelights combined in one lantern: green section and red section' where they share
    the words before their last comma, else 'A, B and C'; the same term twice running is '2 × term'."""
    if len(terms) > 1 and len(set(terms)) == 1:
        return f"{len(terms)} × {terms[0]}"
    heads = [t.rsplit(", ", 1) for t in terms]
    if len(terms) > 1 and all(len(h) == 2 for h in heads) and len({h[0] for h in heads}) == 1:
        return f"{heads[0][0]}: {_and([h[1] for h in heads])}"
    return _and(terms)


def _flag(i: Item) -> str:
    """What the cite rests on, where it is not the rule's text or a source: a gap, or an inference."""
    if "gap" in (i["provenance"], i["kind_citation"]["provenance"]):
        return ", a gap: not found"
    return ", inferred" if i["provenance"] == "inferred" else ""


def _phrase(items: list[Item], ed: str) -> str:
    """Items said in a row, those with the same cite together: 'green sidelight and red sidelight (Rule 23(a)(iii))'."""
    runs: list[tuple[str, list[str]]] = []
    for i in items:
        key = f"({cite_words(i['cite'], ed)}{_flag(i)})"
        if runs and runs[-1][0] == key:
            runs[-1][1].append(i["term"])
        else:
            runs.append((key, [i["term"]]))
    return "; ".join(f"{_terms(terms)} {key}" for key, terms in runs)


def _bullets(items: list[Item], ed: str) -> list[list[str]]:
    """The items as list entries, each a list of lines: one for a light (or lights under one cite), one line per
    option for an alternatives group ('either ...', 'or ...')."""
    out: list[list[str]] = []
    done: set[str] = set()
    for n, i in enumerate(items):
        g = i["group"]
        if g is None:
            if out and n and items[n - 1]["group"] is None and items[n - 1]["cite"] == i["cite"] \
                    and items[n - 1]["period"] == i["period"]:
                continue                      # said with the item before (same cite)
            run = [i] + [j for j in _same_cite_run(items, n)]
            out.append([_phrase(run, ed)])
        elif g not in done:
            done.add(g)
            options: dict[str, list[Item]] = {}
            for j in items:
                if j["group"] == g:
                    options.setdefault(j["option"] or "", []).append(j)
            lines = [f"{'either ' if k == 0 and len(options) > 1 else 'or ' if k else ''}{_option(opt, its, ed)}"
                     for k, (opt, its) in enumerate(options.items())]
            out.append(lines)
    return out


def _option(option: str, items: list[Item], ed: str) -> str:
    """One option of a group: 'separate sidelights: green sidelight and red sidelight (...)' (its name left out where
    the lights' own words begin with it)."""
    phrase = _phrase(items, ed)
    return phrase if not option or phrase.startswith(option) else f"{option}: {phrase}"


def _same_cite_run(items: list[Item], n: int) -> list[Item]:
    run = []
    for j in items[n + 1:]:
        if j["group"] is not None or j["cite"] != items[n]["cite"] or j["period"] != items[n]["period"]:
            break
        run.append(j)
    return run


def _print_bullets(out: Out, items: list[Item], ed: str, indent: int = 2, prefix: str = "") -> None:
    for lines in _bullets(items, ed):
        out.bullet(prefix + lines[0], indent)
        for more in lines[1:]:
            out.para(more, indent + 2, indent + 4)


def _schemes(items: list[Item]) -> list[str]:
    """The alternative schemes (other than the standard lights), in order of appearance."""
    return list(dict.fromkeys(i["scheme"] for i in items if i["scheme"] not in (None, "standard")))


def _scheme_head(d: dict[str, Any], scheme: str) -> str:
    """'Or, instead of the standard lights (those of: sailing vessel under way), as Rule 25(b) allows (...):'."""
    from .. import api
    ed = d["edition"]
    prov = next((p for p in api.edition(ed).provisions if p.id == scheme), None)
    if prov is None:
        return f"Or, instead of the standard lights, the lights of scheme '{scheme}':"
    titles = {p.id: p.title for p in api.edition(ed).provisions}
    refs = [_lower(titles[r]) for r in prov.substitute_for if r in d["provisions"] and r in titles]
    of = f" (those for a {'; '.join(refs)})" if refs else ""
    return f"Or, instead of the standard lights{of}, as {cite_words(prov.citation.rule)} allows ({prov.title}):"


def _lower(title: str) -> str:
    """A title inside a sentence: its first letter small, unless the word is an abbreviation ('US Inland')."""
    return title[:1].lower() + title[1:] if title[1:2].islower() else title


def _periods(d: dict[str, Any]) -> list[str]:
    t = d["vessel"].get("time")
    return [t] if t in ("night", "day") else ["night", "day"]


def _say_period(out: Out, d: dict[str, Any], items: list[Item], period: str, alts: list[str]) -> None:
    ed, words = d["edition"], d["status_words"]
    here = [i for i in items if i["period"] == period]
    standard = [i for i in here if i["scheme"] in (None, "standard")]
    for status in _SHOWN:
        shown = [i for i in standard if i["status"] == status]
        if not shown:
            continue
        what = f" ({words[status]})" if status != "required" else ""
        scheme = " the standard lights" if alts and any(i["scheme"] == "standard" for i in shown) else ""
        out.para(f"{_BY[period]} she shows{scheme}{what}:", bold=True)
        _print_bullets(out, shown, ed)
    if not any(i["status"] in _SHOWN for i in standard):
        if here:
            out.para(f"{_BY[period]}: {_NOTHING[period]} required (what she may show is below).", bold=True)
        elif d["complete"]:
            out.para(f"{_BY[period]}: {_NOTHING[period]} under these rules.", bold=True)
        elif _gaps_elsewhere(d, items, period):
            other = "night" if period == "day" else "day"
            out.para(f"{_BY[period]}: {_NOTHING[period]} required by the rules found; her gaps (below) concern "
                     f"only what she shows by {other}.", bold=True)
        else:
            out.para(f"{_BY[period]}: none known (the rule base has gaps for her: below).", bold=True)


def _gaps_elsewhere(d: dict[str, Any], items: list[Item], period: str) -> bool:
    """Whether every gap of the display is an item of the other period (a 1960 power vessel's stern light by
    night): then what she shows in ``period`` is known, and the answer says so rather than "none known"."""
    gaps = {n["cite"] for n in d["notes"] if n["kind"] == "gap"}
    other = {i["cite"] for i in items if i["provenance"] == "gap" and i["period"] not in (period, None)}
    return bool(gaps) and gaps <= other


def _say_others(out: Out, d: dict[str, Any], items: list[Item], alts: list[str], periods: list[str]) -> None:
    """What she may add, and each other status (kept at hand ...), with the scheme it goes with."""
    ed, words = d["edition"], d["status_words"]
    rest = [i for i in items if i["status"] not in _SHOWN]
    for status in dict.fromkeys(i["status"] for i in rest):
        head = "She may add" if status == "optional" else words.get(status, status)[:1].upper() + \
            words.get(status, status)[1:]
        out.para(f"{head}:", bold=True)
        for scheme in dict.fromkeys(i["scheme"] for i in rest if i["status"] == status):
            for period in periods:
                its = [i for i in rest if i["status"] == status and i["scheme"] == scheme and i["period"] == period]
                if not its:
                    continue
                when = f"{_BY[period].lower()}: " if len(periods) > 1 and period == "day" else ""
                only = "" if not alts or scheme is None else (
                    " (with the standard lights only)" if scheme == "standard" else f" (with the lights of scheme "
                    f"'{scheme}')")
                for lines in _bullets(its, ed):
                    out.bullet(when + lines[0] + (only if len(lines) == 1 else ""))
                    for more in lines[1:]:
                        out.para(more + (only if more is lines[-1] else ""), 4, 6)


def _say_notes(out: Out, d: dict[str, Any], described: set[str]) -> None:
    ed = d["edition"]
    said = d["vessel"].get("time") == "restricted-visibility"        # the notes on the time are said first
    gaps = [n for n in d["notes"] if n["kind"] == "gap" and not (said and n.get("about_time"))]
    if gaps:
        out.para("Not known (gaps in the rule base; she may show more or other lights):", bold=True, fg="yellow")
        for n in gaps:
            out.bullet(f"{n['text']} ({cite_words(n['cite'], ed)}, a gap)")
    others = [n for n in d["notes"] if n["kind"] not in ("gap", "referral") and not (said and n.get("about_time"))
              and not (n["kind"] == "substitute" and any(f"scheme '{s}'" in n["text"] for s in described))]
    if others:
        out.para("Notes:", bold=True)
        for n in others:
            out.bullet(f"{n['kind']}: {n['text']} ({cite_words(n['cite'], ed)}, {n['provenance']})")


def _say_visibility(out: Out, d: dict[str, Any]) -> None:
    """In restricted visibility, what the edition's own rules say of lights and shapes by day and night (its notes
    on the time, Rule 20(b)-(d) in 1972), first: the lights and shapes below are shown as they say."""
    ed = d["edition"]
    said = [n for n in d["notes"] if n.get("about_time")]
    out.para("In restricted visibility:" if said else "In restricted visibility: this edition's rules say nothing "
             "navlights holds on lights by day; below, her lights (by night) and her shapes (by day).", bold=True)
    for n in said:
        flag = ", a gap: not found" if n["kind"] == "gap" else f", {n['provenance']}"
        out.bullet(f"{n['text']} ({cite_words(n['cite'], ed)}{flag})")


def display_words(out: Out, d: dict[str, Any]) -> None:
    """The answer in words: what she shows, night and day; the alternatives; what she may add; gaps; notes."""
    ed = d["edition"]
    out.para(f"{d['edition_title']} ({ed})", bold=True)
    out.para(f"Vessel: {d['description']}.")
    if d["vessel"].get("time") == "restricted-visibility":
        _say_visibility(out, d)
    referrals = [n for n in d["notes"] if n["kind"] == "referral"]
    if referrals:
        out.para("The statute leaves her lights to another authority:", bold=True, fg="yellow")
        for n in referrals:
            out.bullet(f"{n['text']} ({cite_words(n['cite'], ed)}, {n['provenance']})")
    elif not d["complete"]:
        out.para("Incomplete: the rule base has gaps for her (below); she may show more or other lights.",
                 fg="yellow")
    items = d["lights"] + d["shapes"]
    alts, periods = _schemes(items), _periods(d)
    if not referrals:
        for period in periods:
            _say_period(out, d, items, period, alts)
    for scheme in alts:
        its = [i for i in items if i["scheme"] == scheme and i["status"] in _SHOWN]
        if its:
            out.para(_scheme_head(d, scheme), bold=True)
            _print_bullets(out, its, ed)
    _say_others(out, d, items, alts, periods)
    _say_notes(out, d, set(alts))


# ---- the table ----------------------------------------------------------------------------------------------


def _marks(items: list[Item]) -> tuple[dict[str, str], dict[tuple[str, str], str], dict[str, str]]:
    """The short marks of the alternatives groups' options ('a1', 'a2', 'b1') and of the schemes ('std', 'alt1')."""
    groups: dict[str, list[str]] = {}
    for i in items:
        if i["group"] is not None:
            opts = groups.setdefault(i["group"], [])
            if (i["option"] or "") not in opts:
                opts.append(i["option"] or "")
    letters = {g: chr(ord("a") + k) for k, g in enumerate(groups)}
    options = {(g, o): f"{letters[g]}{n + 1}" for g, opts in groups.items() for n, o in enumerate(opts)}
    alts = _schemes(items)
    schemes = {"standard": "std"} if alts else {}
    schemes.update({s: f"alt{n + 1}" for n, s in enumerate(alts)})
    return letters, options, schemes


def _legend(d: dict[str, Any], items: list[Item], options: dict[tuple[str, str], str],
            schemes: dict[str, str]) -> str:
    words = d["status_words"]
    parts = [f"{_STATUS_MARK.get(s, s)}: {words.get(s, s)}" for s in dict.fromkeys(i["status"] for i in items)]
    for g in dict.fromkeys(g for g, _ in options):
        parts.append(f"one of '{g}': " + ", ".join(f"{m} {o}" for (gg, o), m in options.items() if gg == g))
    if schemes:
        parts.append("std: the standard lights; " + "; ".join(
            f"{m}: instead of them, scheme '{s}'" for s, m in schemes.items() if s != "standard"))
    provs = dict.fromkeys(i["provenance"] for i in items)
    parts.append("provenance: " + ", ".join(f"{_PROV_MARK[p]} {p}" for p in provs if p in _PROV_MARK))
    return "Marks: " + "; ".join(parts) + "."


def _range(i: Item) -> str:
    if i["range_nm"] is not None:
        return f"{i['range_nm']:g} nm"
    return "not known" if i["kind_citation"]["provenance"] == "gap" else "not stated"


def fmt_arc(item: Item, span: bool = True) -> str:
    """'247.5°–112.5° (225°)' or 'all round' (``span``: with the arc's width)."""
    if item["all_round"]:
        return "all round"
    a, b = item["arc"]
    width = (b - a) % 360 or 360
    return f"{a:g}°–{b:g}°" + (f" ({width:g}°)" if span else "")


def _status_words(i: Item) -> str:
    s = i["status"] + (f"\none of '{i['group']}': {i['option']}" if i["group"] else "")
    return s + (f"\nscheme: {i['scheme']}" if i.get("scheme") else "")


def _row(i: Item, ed: str, options: dict[tuple[str, str], str], schemes: dict[str, str]) -> dict[str, str]:
    from rich.markup import escape
    light = i["what"] == "light"
    mark = "\n".join(m for m in (_STATUS_MARK.get(i["status"], i["status"]),
                                 options.get((i["group"], i["option"] or ""), ""),
                                 schemes.get(i["scheme"] or "", "")) if m)
    term = f"[{_COLOUR_STYLE.get(i['colour'], '')}]{escape(i['term'])}[/]" if light else escape(i["term"])
    assumed = " [dim](assumed)[/dim]" if i["arc_assumed"] else ""
    arc, arc_short = (fmt_arc(i) + assumed, fmt_arc(i, False) + assumed) if light else ("", "")
    return {"mark": mark, "role": i["role"], "term": term, "arc": arc, "arc_short": arc_short, "range": _range(i) if light else "",
            "size": escape(i["size_as_written"] or ""), "status": _status_words(i), "rule": cite_lines(i["cite"], ed),
            "prov": _PROV_MARK[i["provenance"]], "provenance": i["provenance"],
            "arc_range": f"{arc_short}\n{_range(i)}" if light else ""}


#: The columns of the full table and of the narrow one, for lights and for shapes: (cell key, column).
_FULL = {True: [("role", Col("role", no_wrap=True)), ("term", Col("light")), ("arc", Col("arc")),
                ("range", Col("range")), ("status", Col("status")), ("rule", Col("rule", no_wrap=True)),
                ("provenance", Col("provenance"))],
         False: [("role", Col("role", no_wrap=True)), ("term", Col("shape")), ("size", Col("size")),
                 ("status", Col("status")), ("rule", Col("rule", no_wrap=True)), ("provenance", Col("provenance"))]}
_NARROW = {True: [("mark", Col("", no_wrap=True)), ("role", Col("role", no_wrap=True, drop=1)), ("term", Col("light", least=16)),
                  ("arc_range", Col("arc, range", drop=3)), ("rule", Col("rule", no_wrap=True)),
                  ("prov", Col("prov", no_wrap=True, drop=4))],
           False: [("mark", Col("", no_wrap=True)), ("role", Col("role", no_wrap=True, drop=1)),
                   ("term", Col("shape", least=16)), ("size", Col("size", drop=2, least=8)), ("rule", Col("rule", no_wrap=True)),
                   ("prov", Col("prov", no_wrap=True, drop=4))]}


def display_table(out: Out, d: dict[str, Any], wide: bool = False) -> None:
    """The lights and the shapes, each with its rule and provenance: in full where it fits (or ``wide``), else
    with status, alternatives and scheme as one short mark and a legend below."""
    ed = d["edition"]
    items = d["lights"] + d["shapes"]
    _, options, schemes = _marks(items)
    compact = False
    for title, its, lights in (("Lights", d["lights"], True), ("Shapes (day signals)", d["shapes"], False)):
        if not its:
            continue
        rows = [_row(i, ed, options, schemes) for i in its]
        spec = _FULL[lights]
        table = fit_table([c for _, c in spec], [[r[k] for k, _ in spec] for r in rows], out.width, title, wide=True)
        if not wide and table.needed_width > out.width:   # type: ignore[attr-defined]
            compact = True
            spec = _NARROW[lights]
            table = fit_table([c for _, c in spec], [[r[k] for k, _ in spec] for r in rows], out.width, title)
        out.table(table)
    if compact:
        out.para(_legend(d, items, options, schemes))


def display_text(d: dict[str, Any], wide: bool = False) -> None:
    """Print one display: the answer in words, then the table."""
    out = Out()
    display_words(out, d)
    if d["lights"] or d["shapes"]:
        out.line()
        display_table(out, d, wide)
