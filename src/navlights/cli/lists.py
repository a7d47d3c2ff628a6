"""The long lists as text: `changes`, `differences` and `check-plan`, each led by its answer in words and
grouped (the differences by situation, the plan's findings by check), with how many lines are not shown and
``--all`` to show them all.
"""

from __future__ import annotations

from typing import Any

from .layout import Col, Out, cite_lines, cite_words, fit_table, fits, whole

Row = dict[str, Any]

#: Lines shown under each situation before "... N more" (``--all`` shows every one).
PER_GROUP = 3

_FIELD_WORDS = {"colour": "colour", "arc_deg": "arc", "range_nm": "range", "status": "status",
                "group": "alternatives", "scheme": "scheme"}
#: The unit a system's lengths are written in, for headings ("lengths in m").
_UNIT = {"metres": "m", "feet": "ft"}


def _value_words(v: Any, field: str | None) -> str:
    if v is None:
        return "not stated" if field == "range_nm" else "none"
    if field == "arc_deg":
        a, b = v
        return "all round" if (a, b) == (0.0, 360.0) else f"{a:g}°–{b:g}°"
    return f"{v:g} nm" if field == "range_nm" else str(v)


def _cites(cites: list[str], edition: str, n: int = 1) -> str:
    """The first ``n`` cites, without the edition's id (the sentence names it); '…' where there are more (``--json``
    gives them all)."""
    rules = [cite_words(c, edition) for c in cites]
    return "; ".join(rules[:n]) + ("; …" if len(rules) > n else "")


def _touches(e: Row, system: str, show_all: bool) -> str:
    """What else the line touches: the other situations (all of them with ``--all``) and the lengths."""
    from .. import api
    sits, ls = e["situations"][1:], e["lengths_ft"]
    span = whole(f"lengths {api.lengths_words(ls, system, '-')}") if ls else ""
    if show_all and sits:
        also = "also " + "; ".join(sits)
    else:
        also = f"{len(sits)} other situation{'s' if len(sits) > 1 else ''}" if sits else ""
    said = ", ".join(p for p in (also, span) if p)
    return f" [{said}]" if said else ""


def _grouped(out: Out, rows: list[Row], line: Any, system: str, show_all: bool) -> int:
    """The rows under the first situation each touches, the situation touched by most first; at most
    :data:`PER_GROUP` under each unless ``show_all``. Returns how many were not shown."""
    groups: dict[str, list[Row]] = {}
    for e in rows:
        groups.setdefault(e["situations"][0] if e["situations"] else "(no situation)", []).append(e)
    hidden = 0
    for sit, its in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        out.line()
        out.para(f"{sit[:1].upper() + sit[1:]} ({len(its)} difference{'s' if len(its) > 1 else ''})", bold=True)
        shown = its if show_all else its[:PER_GROUP]
        for e in shown:
            out.bullet(line(e) + _touches(e, system, show_all))
        if len(its) > len(shown):
            hidden += len(its) - len(shown)
            out.para(f"… and {len(its) - len(shown)} more here", 4)
    return hidden


def _not_shown(out: Out, hidden: int, total: int, json_words: str) -> None:
    out.line()
    if hidden:
        out.para(f"{hidden} of {total} differences not shown: `--all` shows every one; `--json` gives {json_words}.")
    else:
        out.para(f"`--json` gives {json_words}.")


def _by_kind(rows: list[Row], key: str, names: dict[str, str]) -> str:
    """'19 shown only under intl-1972, 30 only under us-inland, 50 under both but differently (scheme 26, ...)'."""
    parts = []
    for k, words in names.items():
        its = [e for e in rows if e[key] == k]
        if not its:
            continue
        fields: dict[str, int] = {}
        for e in its:
            if e.get("field"):
                name = str(_FIELD_WORDS.get(e["field"], e["field"]))
                fields[name] = fields.get(name, 0) + 1
        detail = " (" + ", ".join(f"{f} {n}" for f, n in sorted(fields.items(), key=lambda x: -x[1])) + ")" \
            if fields else ""
        parts.append(f"{len(its)} {words}{detail}")
    return "; ".join(parts)


def changes_text(a: str, b: str, log: dict[str, list[Row]], show_all: bool = False) -> None:
    """Print what changed between two editions: the answer in short, then each distinct difference once, under
    the situation it first touches (``--json`` gives every difference by situation)."""
    from .. import api
    out = Out()
    rows = api.summarize_changes(log)
    system = api.length_system(a, b)
    out.para(f"Changes from {a} to {b}: {len(rows)} distinct differences in {len(log)} situations "
             f"(lengths in {_UNIT[system]}; derived from the rule data).", bold=True)
    if rows:
        out.para(_by_kind(rows, "change", {"added": f"new under {b}", "removed": f"no longer shown under {b}",
                                           "changed": "changed"}) + ".")

    n = 2 if show_all else 1

    def line(e: Row) -> str:
        if e["change"] == "added":
            return f"new: {e['term']} ({e['role']}; {b} {_cites(e['cites_after'], b, n)})"
        if e["change"] == "removed":
            return f"no longer shown: {e['term']} ({e['role']}; {a} {_cites(e['cites_before'], a, n)})"
        return (f"{e['role']}: {_FIELD_WORDS.get(e['field'], e['field'])} {_value_words(e['before'], e['field'])}"
                f" -> {_value_words(e['after'], e['field'])} ({a} {_cites(e['cites_before'], a, n)} -> "
                f"{_cites(e['cites_after'], b, n)})")

    hidden = _grouped(out, rows, line, system, show_all)
    _not_shown(out, hidden, len(rows), "every difference by situation")


def differences_text(data: dict[str, Any], show_all: bool = False) -> None:
    """Print two regimes side by side: the answer in short, then each difference once, with both cites, under the
    situation it first touches."""
    out = Out()
    a, b, rows = data["a"], data["b"], data["differences"]
    out.para(f"Differences between {a} and {b}: {data['words']}.", bold=True)
    out.para(f"{len(rows)} distinct differences over {data['situations']} situations (lengths in "
             f"{_UNIT[data['length_system']]}; derived from the rule data): "
             + _by_kind(rows, "side", {"a": f"shown under {a}, not under {b}", "b": f"shown under {b}, not under {a}",
                                       "both": "shown under both, differently"}) + ".")

    n = 2 if show_all else 1

    def line(e: Row) -> str:
        ca, cb = _cites(e["cites_a"], a, n) or "nothing cited", _cites(e["cites_b"], b, n) or "nothing cited"
        if e.get("there_how") == "none":      # no provision there decides it: her own lights' cites, said so
            ca, cb = (ca, f"no provision for it; what applies to her: {cb}") if e["side"] == "a" else \
                (f"no provision for it; what applies to her: {ca}", cb)
        if e["side"] == "a":
            return f"only under {a}: {e['term']} ({e['role']}; {a} {ca}; {b} there: {cb})"
        if e["side"] == "b":
            return f"only under {b}: {e['term']} ({e['role']}; {b} {cb}; {a} there: {ca})"
        return (f"{e['role']}: {_FIELD_WORDS.get(e['field'], e['field'])} {_value_words(e['a_value'], e['field'])}"
                f" under {a} ({ca}) beside {_value_words(e['b_value'], e['field'])} under {b} ({cb})")

    hidden = _grouped(out, rows, line, data["length_system"], show_all)
    _not_shown(out, hidden, len(rows), "every cite")


# ---- check-plan -----------------------------------------------------------------------------------------------

_STATUS_STYLE = {"pass": "green", "fail": "bold red", "not-checked": "yellow"}


def _where(f: Row) -> str:
    """'masthead-aft (aft-masthead)', with the state where it is not the plan as described."""
    light = f" ({f['id']})" if f["id"] and f["id"] != f["role"] else ""
    state = "" if f["state"] == "as described" else f"{f['state']}: "
    role = f["role"] if f["role"] and f["role"] != "-" else "the state as a whole"
    return f"{state}{role}{light}"


def _lights_by_state(fs: list[Row]) -> str:
    """'masthead (fwd-masthead), sternlight (stern); status=anchored: anchor-forward (anchor-fwd)'."""
    by: dict[str, list[str]] = {}
    for f in fs:
        by.setdefault(f["state"], []).append(_where({**f, "state": "as described"}))
    return "; ".join((f"{st}: " if st != "as described" else "") + ", ".join(dict.fromkeys(ls))
                     for st, ls in by.items())


def _checks(findings: list[Row]) -> dict[str, list[Row]]:
    by: dict[str, list[Row]] = {}
    for f in findings:
        by.setdefault(f["check"], []).append(f)
    return by


def plan_words(out: Out, r: dict[str, Any]) -> None:
    """The verdict, the failures each in full, what was not checked by check, the passes counted by check."""
    c = r["counts"]
    verdict = "COMPLIANT" if r["compliant"] else "NOT COMPLIANT"
    out.para(f"{verdict} under {r['edition']}: {c['fail']} fail, {c['not-checked']} not checked, {c['pass']} pass "
             f"({len(r['states'])} state{'s' if len(r['states']) > 1 else ''}: {'; '.join(r['states'])}).",
             bold=True, fg="green" if r["compliant"] else "red")
    for n in r["notes"]:
        if n.startswith("Roles: "):          # how the plan's roles were read: before what rests on them
            out.bullet(n, 0)
    fails = [f for f in r["findings"] if f["status"] == "fail"]
    if fails:
        out.para("Failures:", bold=True)
        for f in fails:
            measured = f"measured {f['measured']}; " if f["measured"] else ""
            out.bullet(f"{_where(f)}, {f['check']}: {measured}the rule: {f['limit']} "
                       f"({cite_words(f['cite'], r['edition'])})")
    unchecked = _checks([f for f in r["findings"] if f["status"] == "not-checked"])
    if unchecked:
        out.para("Not checked, by check:", bold=True)
        for check, fs in unchecked.items():
            limits = list(dict.fromkeys(f["limit"] for f in fs))
            cites = list(dict.fromkeys(cite_words(f["cite"], r["edition"]) for f in fs))
            out.bullet(f"{check} ({'; '.join(cites)}): " + "; ".join(limits[:2])
                       + (f"; and {len(limits) - 2} more" if len(limits) > 2 else "") + f". For {_lights_by_state(fs)}.")
    passed = _checks([f for f in r["findings"] if f["status"] == "pass"])
    if passed:
        out.para("Passed, by check: " + ", ".join(f"{k} {len(v)}" for k, v in passed.items()) + ".")


def plan_text(r: dict[str, Any], show_all: bool = False, wide: bool = False) -> None:
    """Print a lighting-plan report: the answer first (verdict, failures, what was not checked, the passes by
    check), then with ``--all`` every finding state by state, then the notes."""
    from rich.markup import escape
    out = Out()
    plan_words(out, r)
    if show_all:
        for state in r["states"]:
            rows = sorted((f for f in r["findings"] if f["state"] == state),
                          key=lambda f: {"fail": 0, "not-checked": 1, "pass": 2}[f["status"]])
            cells = [[f"[{_STATUS_STYLE[f['status']]}]{f['status']}[/]", f["check"], f["role"], f["id"] or "",
                      escape(f["measured"] or ""), escape(f["limit"]), cite_lines(f["cite"], r["edition"])]
                     for f in rows]
            cols = [Col("status", no_wrap=True), Col("check", least=10), Col("role"), Col("light", drop=1),
                    Col("measured", least=12), Col("limit", least=20), Col("rule", no_wrap=True)]
            out.line()
            if wide or fits(cols, cells, out.width, 50):
                out.table(fit_table(cols, cells, out.width, f"State: {state}", wide=wide, most=50))
                continue
            out.para(f"State: {state}", bold=True)
            for f in rows:
                measured = f"measured {f['measured']}; " if f["measured"] else ""
                out.bullet(f"{f['status']}, {f['check']}, {_where(f)}: {measured}the rule: {f['limit']} "
                           f"({cite_words(f['cite'], r['edition'])})")
    else:
        out.para(f"Every finding, state by state: `--all` ({len(r['findings'])} findings); `--json`; or `--html "
                 "FILE` for a printable report.")
    for n in r["notes"]:
        if not n.startswith("Roles: "):
            out.bullet(n, 0)
