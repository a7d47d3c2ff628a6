"""What navlights can state of Part D (Rules 32-37, Annexes III and IV), paragraph by paragraph: docs/coverage-signals.md.

The paragraphs of each regime were listed from the texts (sailingnaturali/colregs-vault at d8f98672:
rules/international/rule-32.md to rule-37.md, annex-3.md, annex-4.md; rules/inland/ the same, from the eCFR of
2026-06-01), not from memory. A row is *expressible* when an entry of the signal file with a pattern, an appliance,
a relief or a whistle band cites it; *note only* when only a note, or a signal with no fixed pattern (Rule 36,
the visual distress signals), cites it; otherwise the reason kept below says why not.

Regenerate with ``python -m navlights.coverage_signals docs/coverage-signals.md``; tests/test_signals_in_sight.py
fails when the page and the data part ways.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

from .rulebase.signals import SignalBook, book

_L = "abcdefghijklmnopqrstuvwxyz"


def _letters(prefix: str, last: str, skip: str = "") -> list[str]:
    return [f"{prefix}({c})" for c in _L[: _L.index(last) + 1] if c not in skip]


#: edition -> (part title, the paragraph keys in order)
PARAGRAPHS: dict[str, list[tuple[str, list[str]]]] = {
    "intl-1972": [
        ("COLREGs Part D, Rules 32-37", [*_letters("Rule 32", "c"), *_letters("Rule 33", "b"), *_letters("Rule 34", "f"),
                                        "Rule 35", *_letters("Rule 35", "k"), "Rule 36", "Rule 37"]),
        ("COLREGs Annex III", [*_letters("Annex III 1", "g"), *_letters("Annex III 2", "b"), "Annex III 3"]),
        ("COLREGs Annex IV", [*_letters("Annex IV 1", "o"), "Annex IV 2", "Annex IV 3"]),
    ],
    "us-inland": [
        ("Inland Rules Part D, 33 CFR 83.32-83.37", [*_letters("Rule 32", "c"), *_letters("Rule 33", "b"),
                                                    *_letters("Rule 34", "h"), "Rule 35", *_letters("Rule 35", "l"),
                                                    "Rule 36", "Rule 37"]),
        ("Annex III, 33 CFR Part 86", [*_letters("Annex III 86.01", "h"), *_letters("Annex III 86.02", "b"),
                                       "Annex III 86.03"]),
        ("Annex IV, 33 CFR Part 87", [*_letters("Annex IV 87.01", "p"), "Annex IV 87.02", "Annex IV 87.03"]),
    ],
}

#: (edition, paragraph) -> (status, why) for what no entry cites, in our words.
REASONS: dict[tuple[str, str], tuple[str, str]] = {
    ("us-inland", "Rule 35(d)"): ("outside navlights", "reserved: the Inland Rules have no 35(d)"),
    ("us-inland", "Annex III 86.03"): ("outside navlights", "reserved (approval)"),
}


@dataclass(frozen=True)
class Row:
    """One paragraph and what navlights makes of it."""

    part: str
    key: str
    status: str
    by: tuple[str, ...]
    why: str


def _expand(rule: str) -> list[str]:
    """One cite's pieces as paragraph keys: "Rule 35(i), (j)" -> Rule 35(i), Rule 35(j); "Annex IV 1(c), (e)-(g)"
    -> ... (c), (e), (f), (g); "Annex III (33 CFR 86.01(b)(i))" -> Annex III 86.01(b)."""
    out: list[str] = []
    head = None
    for piece in (p.strip().replace("33 CFR ", "") for p in rule.split(";")):
        m = re.match(r"^(Rule|Annex IV|Annex III|Art\.)\s*(.*)$", piece)
        if m:
            head, rest = m.group(1), m.group(2)
        elif head:
            rest = piece
        else:
            continue
        if re.match(r"^\(\d", rest) and rest.endswith(")"):
            rest = rest[1:-1]
        base = ""
        for item in (x.strip() for x in rest.split(",")):
            n = re.match(r"^([\d.]+)?((?:\([0-9a-z]+\))*)(?:-\(([a-z]+)\))?$", item)
            if not n:
                continue
            base = n.group(1) or base
            parens = re.findall(r"\(([0-9a-z]+)\)", n.group(2))
            first = parens[0] if parens else None
            last = n.group(3)
            if first and last and len(first) == 1 and len(last) == 1 and first in _L and last in _L:
                out += [f"{head} {base}({c})" for c in _L[_L.index(first): _L.index(last) + 1]]
            elif first and not first.isdigit():
                out.append(f"{head} {base}({first})")
            else:
                out.append(f"{head} {base}".strip())
    return out


def _cites(b: SignalBook) -> dict[str, list[tuple[str, str]]]:
    """paragraph -> [(kind, entry)], kind "applies" (a pattern, appliance, relief, band) or "words"."""
    found: dict[str, list[tuple[str, str]]] = {}

    def add(rule: str, kind: str, label: str) -> None:
        for key in _expand(rule):
            found.setdefault(key, []).append((kind, label))

    for e in b.elements.values():
        add(e.cite.rule, "applies", f"element {e.id}")
    for s in b.signals:
        if s.cite.provenance != "gap":
            add(s.cite.rule, "applies" if s.sequence else "words", f"signal {s.id}")
    for r in b.reliefs:
        add(r.cite.rule, "applies", f"relief {r.id}")
    for a in b.appliances:
        add(a.cite.rule, "applies", f"appliance {a.id}")
    for w in b.whistle_bands:
        add(w.cite.rule, "applies", "whistle band")
    for n in b.notes:
        add(n.cite.rule, "words", f"note {n.id}")
    return found


def rows(edition: str) -> list[Row]:
    """Every paragraph of the edition's Part D and Annexes III, IV, in order."""
    found = _cites(book(edition))
    out = []
    for part, keys in PARAGRAPHS[edition]:
        for key in keys:
            uses = found.get(key, [])
            labels = tuple(dict.fromkeys(label for _, label in uses))
            if any(k == "applies" for k, _ in uses):
                out.append(Row(part, key, "expressible", labels, ""))
            elif uses:
                out.append(Row(part, key, "note only", labels, "stated in words by " + "; ".join(labels[:4])))
            else:
                status, why = REASONS.get((edition, key), ("UNCLASSIFIED", "no entry cites it and no reason is kept"))
                out.append(Row(part, key, status, (), why))
    return out


def page() -> str:
    """docs/coverage-signals.md."""
    lines = [
        "# What navlights can state: coverage of Part D (sound and light signals)",
        "",
        "<!-- Generated by `python -m navlights.coverage_signals docs/coverage-signals.md` from the signal files;",
        "     do not edit by hand (tests/test_signals_in_sight.py checks it). -->",
        "",
        "One row per paragraph of Rules 32-37 and Annexes III and IV, for `intl-1972` and `us-inland`, listed from",
        "the texts. A row is **expressible** when an entry of the signal file (`rulebase/data/signals/`) with a",
        "pattern to sound, an appliance, a relief or a whistle band cites it (`navlights signals`, `manoeuvring`,",
        "`heard`); **note only** when only a note, or a signal with no fixed pattern (Rule 36, the distress",
        "signals seen rather than heard), cites it; **outside navlights** for reserved paragraphs.",
        "",
    ]
    for edition, parts in PARAGRAPHS.items():
        lines += [f"## `{edition}`", ""]
        rs = rows(edition)
        for part, _ in parts:
            lines += [f"### {part}", "", "| paragraph | status | entries or reason |", "|---|---|---|"]
            for r in (r for r in rs if r.part == part):
                said = "; ".join(r.by[:4]) + (f" and {len(r.by) - 4} more" if len(r.by) > 4 else "")
                lines.append(f"| {r.key} | {r.status} | {said if r.status == 'expressible' else r.why or said} |")
            lines.append("")
        counts: dict[str, int] = {}
        for r in rs:
            counts[r.status] = counts.get(r.status, 0) + 1
        lines += ["Totals: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) + ".", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Write the page to the path given (or print it)."""
    text = page()
    if len(argv) > 1:
        from pathlib import Path
        Path(argv[1]).write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
