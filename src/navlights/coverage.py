"""What navlights can state of the current rules, provision by provision: the table of docs/coverage.md.

The rows come from two places. The rule data (``rulebase/data/intl-1972.toml`` and ``us-inland.toml``): every
``cite`` (and ``*_cite``) of every entry, split into the paragraphs it names, and the kind of entry that cites it
(a provision that shows lights or shapes, a note, a light's definition, a technical limit of the plan checker).
And ``coverage.toml``, kept by hand: the list of sections and lettered paragraphs of each Part, as read in the
primary text, and for each paragraph that no entry cites, why navlights cannot state it.

Regenerate the page with ``python -m navlights.coverage docs/coverage.md``; tests/test_coverage_doc.py fails
when the page and the data part ways.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "rulebase" / "data"
HAND = Path(__file__).parent / "coverage.toml"
EDITIONS = ("intl-1972", "us-inland")

# How a citation's pieces are written: "Rule 26(b)(i), (c)(i)", "Annex I 2(b), 5, 7", "Sec. 84.02(b), 84.05".
_PREFIX = re.compile(r"^(Rules?|Annex II|Annex I|Sec\.)\s*(.*)$")
_ITEM = re.compile(r"^(\d+(?:\.\d+)?)?((?:\([0-9A-Za-z]+\))*)(?:-(\(([a-z])\)|\d+(?:\.\d+)?))?$")
_FALSE_IS_DEFAULT = True   # a fact written `= false` in a condition only rules other situations out


@dataclass
class Use:
    """One entry of the rule data that cites a paragraph."""

    kind: str          # "show" | "kind" | "plan" (it applies) | "note" | "definition" | "words" (it says)
    label: str         # the entry: a provision id, a light kind, a table
    facts: tuple[str, ...] = ()


@dataclass
class Row:
    """One paragraph of one Part, and what navlights makes of it."""

    edition: str
    part: str
    key: str                       # "Rule 24(h)", "Annex I 2(a)", "Sec. 84.02(a)", "Rule 28"
    uses: list[Use] = field(default_factory=list)
    hand: dict[str, str] | None = None

    @property
    def status(self) -> str:
        kinds = {u.kind for u in self.uses}
        if kinds & {"show", "kind", "plan"}:
            return "expressible"
        if kinds:
            return "note only"
        if self.hand:
            return self.hand["status"]
        return "UNCLASSIFIED"


def split_cite(cite: str) -> list[str]:
    """The paragraphs a citation names, each as ``<prefix> <number>(<letter>)`` (deeper levels dropped).

    A citation of a whole section stays whole ("Rule 28", "Annex I 5"); a range of paragraphs is spread
    ("Rule 20(a)-(e)"); a range of sections, or a form this does not know, is returned as written."""
    out: list[str] = []
    for piece in (p.strip() for p in cite.split(";")):
        m = _PREFIX.match(piece)
        if not m:
            out.append(piece)
            continue
        prefix = "Rule" if m.group(1).startswith("Rule") else m.group(1)
        number: str | None = None
        path: list[str] = []
        for raw in (s.strip() for s in m.group(2).split(",")):
            if not raw:
                if number is None:
                    out.append(prefix)
                continue
            it = _ITEM.match(raw.replace(" ", ""))
            if not it or (it.group(1) is None and number is None):
                out.append(piece)
                break
            letters = re.findall(r"\(([0-9A-Za-z]+)\)", it.group(2) or "")
            if it.group(1):
                number, path = it.group(1), letters
            else:                               # "(iii)" after "2(i)(i)": a sibling at the same depth
                path = path[: max(0, len(path) - len(letters))] + letters
            to = it.group(4)
            if it.group(3) and not to:          # a range of sections: "Rules 20-31", "84.01-84.20"
                out.append(piece)
                break
            first = path[0] if path else None
            if first and to:
                out.extend(f"{prefix} {number}({chr(c)})" for c in range(ord(first), ord(to) + 1))
            elif first:
                out.append(f"{prefix} {number}({first})")
            else:
                out.append(f"{prefix} {number}")
    return out


def _facts(when: Any) -> Iterator[str]:
    """The facts a condition turns on, as ``name=value`` (``name`` for a measure or a plain yes)."""
    if not isinstance(when, dict):
        return
    for k, v in when.items():
        if k in ("any", "all", "not"):
            for sub in v if isinstance(v, list) else [v]:
                yield from _facts(sub)
        elif v is False:
            continue
        elif v is True:
            yield k
        elif isinstance(v, str):
            yield f"{k}={v}"
        elif isinstance(v, list) and all(isinstance(x, str) for x in v):
            yield f"{k}={'|'.join(v)}"
        elif isinstance(v, dict) and v.get("present") is False:
            continue
        else:
            yield k


def _uses(data: dict[str, Any]) -> Iterator[tuple[str, Use]]:
    """Every (cite, use) of one edition's file."""
    ed = data.get("edition", {})
    for name, table in ed.items():
        if isinstance(table, dict):
            for k, v in table.items():
                if k.endswith("cite") and isinstance(v, str):
                    kind = "plan" if name in ("annex_checks", "intensity") else "note"
                    yield v, Use(kind, f"edition.{name}")
            for named in _named(table):
                yield named, Use("words", f"edition.{name}")
    for d in data.get("definition", []):
        if "cite" in d:
            yield d["cite"], Use("definition", f"definition '{d.get('term', '?')}'")
        for named in _named(d):
            yield named, Use("words", f"definition '{d.get('term', '?')}'")
    for section in ("light", "shape"):
        for kid, k in data.get(section, {}).items():
            if "cite" in k:
                yield k["cite"], Use("kind", f"{section} {kid}")
            for band in k.get("range_by_length", []):
                if "cite" in band:
                    yield band["cite"], Use("kind", f"{section} {kid} (range)")
            for v in _placement_cites(k.get("placement", {})):
                yield v, Use("plan", f"{section} {kid} (placement)")
            for named in _named(k):
                yield named, Use("words", f"{section} {kid}")
    for p in data.get("provision", []):
        effect = p.get("effect", "show")
        base = tuple(dict.fromkeys(_facts(p.get("when", {}))))
        # a note that relieves, replaces or forbids items changes what the display requires: it applies too
        changes = [k for k in ("relieves", "in_lieu_of", "never", "substitute_for") if p.get(k)]
        kind = "show" if effect == "show" or changes else "note"
        label = f"{p['id']}" + ("" if effect == "show" else f" ({effect}: {p.get('title', '')})")
        if "cite" in p:
            yield p["cite"], Use(kind, label, base)
        for s in p.get("show", []):
            facts = tuple(dict.fromkeys(base + tuple(_facts(s.get("when", {})))))
            if "cite" in s:
                yield s["cite"], Use(kind, label, facts)
            for v in _placement_cites(s.get("placement", {})):
                yield v, Use("plan", f"{p['id']} (placement)", facts)
        for named in _named(p):
            yield named, Use("words", p["id"], base)


_NAMED = re.compile(r"(?:Rule \d+|Annex II? \d+|Sec\. 8[4-8]\.\d+)(?:\([0-9a-z]+\))*"
                    r"(?:,\s*(?:\d+(?:\.\d+)?)?(?:\([0-9a-z]+\))+)*")
_WORDS = ("note", "summary", "argument", "maps_to", "arc_as_written", "character_as_written")


def _named(entry: Any) -> Iterator[str]:
    """The provisions an entry names in its words (notes, summaries), as written there."""
    if isinstance(entry, dict):
        for k, v in entry.items():
            if k in _WORDS and isinstance(v, str):
                yield from (m.group(0) for m in _NAMED.finditer(v))
            elif isinstance(v, (dict, list)):
                yield from _named(v)
    elif isinstance(entry, list):
        for x in entry:
            yield from _named(x)


def _placement_cites(placement: Any) -> Iterator[str]:
    if isinstance(placement, dict):
        for k, v in placement.items():
            if k.endswith("cite") and isinstance(v, str):
                yield v
            elif k == "cites" and isinstance(v, dict):
                yield from (x for x in v.values() if isinstance(x, str))
            elif isinstance(v, dict):
                yield from _placement_cites(v)
            elif isinstance(v, list):
                for x in v:
                    yield from _placement_cites(x)


def hand() -> dict[str, Any]:
    """The hand-kept list of Parts, sections and paragraphs, with the reasons for what is not cited."""
    return tomllib.loads(HAND.read_text(encoding="utf-8"))


def rows(edition: str) -> tuple[list[Row], dict[str, list[Use]]]:
    """The rows of one edition, in the Parts' order, and the cites that fall outside those Parts."""
    data = tomllib.loads((DATA / f"{edition}.toml").read_text(encoding="utf-8"))
    h = hand()
    notes = {(n["edition"], n["provision"]): n for n in h.get("uncited", [])}
    table: dict[str, Row] = {}
    for part in (p for p in h["part"] if p["edition"] == edition):
        for s in part["sections"]:
            keys = [f"{s['section']}({c})" for c in s["paragraphs"]] or [s["section"]]
            for key in keys:
                table[key] = Row(edition, part["title"], key, hand=notes.get((edition, key)))
    outside: dict[str, list[Use]] = {}
    for cite, use in _uses(data):
        for key in split_cite(cite):
            if key in table:
                table[key].uses.append(use)
            else:
                if use.kind != "words":         # a whole section, a range, a rule outside these Parts
                    outside.setdefault(key, []).append(use)
    return list(table.values()), outside


# facts of the rule conditions whose `lights` option has another name
_OPTION_OF = {"fishing_method": "--fishing", "fishing": "--fishing", "towing_alongside": "--tow-alongside",
              "towing_partly_submerged": "--tow-partly-submerged", "not_under_command": "--nuc"}


def _options() -> set[str]:
    from .cli.rules import lights_cmd
    return {o for p in lights_cmd.params for o in getattr(p, "opts", [])}


def _cli(fact: str, options: set[str]) -> str:
    """A fact as the `lights` option that sets it (``--status anchored``), else as the fact's own name."""
    name, _, value = fact.partition("=")
    opt = _OPTION_OF.get(name, "--" + name.replace("_", "-"))
    if opt not in options:
        return f"`{fact}`"
    return f"`{opt} {value.replace('|', '/')}`" if value else f"`{opt}`"


def _reach(row: Row, options: set[str]) -> str:
    facts: list[str] = []
    for u in row.uses:
        if u.kind == "show":
            facts.extend(f for f in u.facts if f not in facts)
    kinds = sorted({u.kind for u in row.uses if u.kind in ("kind", "plan")})
    parts = []
    if facts:
        shown = ", ".join(_cli(f, options) for f in facts[:8]) + (f" and {len(facts) - 8} more" if len(facts) > 8 else "")
        parts.append(shown)
    if "kind" in kinds:
        parts.append("the light or shape kinds it defines (every display that shows them)")
    if "plan" in kinds:
        parts.append("`navlights check-plan` (technical limits) and placement")
    return "; ".join(parts) or "any display"


def _why(row: Row, options: set[str]) -> str:
    if row.status == "note only":
        said = sorted({u.label for u in row.uses if u.kind != "words"})
        named = sorted({u.label for u in row.uses if u.kind == "words"} - set(said))
        parts = []
        if said:
            parts.append("stated in words by " + _few(said))
        if named:
            parts.append("named only in the words (note, summary) of " + _few(named))
        facts = [f for u in row.uses for f in u.facts]
        if facts:
            parts.append("when " + ", ".join(_cli(f, options) for f in dict.fromkeys(facts)))
        return "; ".join(parts)
    if row.hand:
        return row.hand["why"]
    return "no entry cites it and coverage.toml gives no reason"


def _few(labels: list[str], n: int = 3) -> str:
    return "; ".join(labels[:n]) + (f" and {len(labels) - n} more" if len(labels) > n else "")


def provisions_in(md: str) -> dict[str, dict[str, str]]:
    """Read the table back: edition -> provision -> status, from the rows of a generated page."""
    out: dict[str, dict[str, str]] = {}
    edition = None
    for line in md.splitlines():
        m = re.match(r"^## .*\(`([a-z0-9-]+)`\)", line)
        if m:
            edition = m.group(1)
            continue
        m = re.match(r"^\| (.+?) \| (expressible|note only|not expressible|outside navlights|UNCLASSIFIED) \|", line)
        if m and edition:
            out.setdefault(edition, {})[m.group(1).strip("`")] = m.group(2)
    return out


def page() -> str:
    """docs/coverage.md."""
    h = hand()
    options = _options()
    lines = [
        "# What navlights can state: coverage of Part C and the Inland Rules",
        "",
        "<!-- Generated by `python -m navlights.coverage docs/coverage.md` from the rule data and",
        "     src/navlights/coverage.toml; do not edit by hand (tests/test_coverage_doc.py checks it). -->",
        "",
        "One row per paragraph of the current rules of lights and shapes, for `intl-1972` (COLREGs Rules 20-31,",
        "Annex I, Annex II) and `us-inland` (33 CFR 83 Rules 20-31, Parts 84-88). A row is",
        "",
        "- **expressible**: an entry of the rule data cites it and shows lights or shapes (or relieves, replaces or",
        "  forbids some), or defines a light or shape kind, or sets a placement or technical limit",
        "  (`navlights check-plan`). The last column names",
        "  the vessel facts the entries' conditions turn on, as options of `navlights lights` (the same facts",
        "  in `--vessel-json`, the web form and the API); facts in plain code type have no option of that name",
        "  and are derived from others. Facts are listed once per row, across every entry that cites the",
        "  paragraph; facts that only rule other situations out are left off.",
        "- **note only**: cited only by an entry that states it in words (`info`, `reference`, `gap`), by a",
        "  definition, or named only in the words of a note or summary: no light or shape follows from it.",
        "- **not expressible**: no entry cites it and navlights cannot state it; the reason says what is missing.",
        "- **outside navlights**: no entry cites it and it is not about the lights and shapes of Rules 20-31",
        "  (sound signals, distress signals, approval, reserved paragraphs).",
        "",
        "The reasons are kept by hand in `src/navlights/coverage.toml`; a reason on a row the data cites says",
        "what is still missing there.",
        "",
        "The list of each Part's sections and lettered paragraphs was read in the primary texts named under",
        "each table (not from memory). Deeper levels ((i), (ii) ...) are folded into their paragraph.",
        "",
    ]
    for edition in EDITIONS:
        rs, outside = rows(edition)
        lines += [f"## {'COLREGs 1972' if edition == 'intl-1972' else 'US Inland Rules'} (`{edition}`)", ""]
        for part in (p for p in h["part"] if p["edition"] == edition):
            lines += [f"### {part['title']}", "", f"Sections read in: {part['read']}.", ""]
            prs = [r for r in rs if r.part == part["title"]]
            if not prs:
                lines += ["The Part has no sections in force (reserved).", ""]
                continue
            lines += ["| provision | status | reached by / why |", "|---|---|---|"]
            for r in prs:
                detail = _reach(r, options) if r.status == "expressible" else _why(r, options)
                extra = ""
                if r.uses and r.hand:
                    extra = f". Still missing: {r.hand['why']}"
                lines.append(f"| `{r.key}` | {r.status} | {_md(detail + extra)} |")
            lines.append("")
        if outside:
            lines += ["### Cited as a whole or outside these Parts", "",
                      "Citations of the rule data that name a whole section, a range, or a provision outside the",
                      "Parts above (definitions, application, history).", "",
                      "| cite | cited by |", "|---|---|"]
            for key in sorted(outside):
                labels = sorted({u.label for u in outside[key]})
                lines.append(f"| `{_md(key)}` | {_md('; '.join(labels[:4]) + (' …' if len(labels) > 4 else ''))} |")
            lines.append("")
    lines += _readings(h)
    return "\n".join(lines).rstrip() + "\n"


def _readings(h: dict[str, Any]) -> list[str]:
    """The "Texts read two ways" section: each [[reading]] of coverage.toml, both readings and the one followed."""
    got = h.get("reading", [])
    if not got:
        return []
    out = ["## Texts read two ways", "",
           "Paragraphs whose words give different lights read one way or the other (issue 34): both readings, the",
           "one navlights follows and why.", "",
           "| provision | edition | reading a | reading b | followed |", "|---|---|---|---|---|"]
    for r in got:
        out.append(f"| `{_md(r['provision'])}` | {_md(r['edition'])} | {_md(r['a'])} | {_md(r['b'])} | "
                   f"{r['chosen']}: {_md(r['why'])} |")
    return out + [""]


def _md(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def main(argv: list[str]) -> int:
    text = page()
    if argv:
        Path(argv[0]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
