"""How text output fits the terminal: its width, prose wrapped at words, cites kept whole, tables sized to fit.

The width is the terminal's (``COLUMNS`` first, as most tools read it, then the terminal itself); output to a pipe or
a file is laid out at :data:`PIPE_WIDTH` columns. Prose is wrapped at spaces only: never inside a word, never at a
hyphen ("all-round" stays whole), never inside one cite ("Rule 25(a)(i)"; a list of cites breaks at its "; ").
Tables get column widths computed here (each column at least its longest word, so rich never folds a word), and
drop their least needed columns when even that does not fit.

Only the standard library and click load here; rich loads when a table is printed.
"""

from __future__ import annotations

import functools
import io
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

#: The width of output to a pipe or a file (no terminal to ask): wide enough for a table's full words, narrow
#: enough to read and to paste; ``COLUMNS=N`` sets another.
PIPE_WIDTH = 100
#: Below this the layout does not go (a narrower terminal wraps the lines itself).
MIN_WIDTH = 40
#: Prose is wrapped at most this wide, however wide the terminal: long lines are hard to read.
PROSE_MAX = 110
#: Binds the words of one cite in prose; written back as a space.
_BIND = "\u00a0"


def term_width() -> int:
    """The width to lay text out at: ``COLUMNS``, else the terminal's, else :data:`PIPE_WIDTH` for a pipe or file."""
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        width = int(env)
    elif sys.stdout.isatty():
        width = shutil.get_terminal_size((PIPE_WIDTH, 24)).columns
    else:
        width = PIPE_WIDTH
    return max(width, MIN_WIDTH)


def whole(text: str) -> str:
    """``text`` as one unbreakable unit in prose (a cite, a number with its unit)."""
    return text.replace(" ", _BIND)


def cite_words(cite: str, edition: str | None = None) -> str:
    """A cite for prose, without the edition's id (the heading names it), breakable only at its "; "."""
    if edition:
        cite = cite.replace(f"{edition} ", "")
    return "; ".join(whole(p) for p in cite.split("; "))


#: A cite longer than this is wrapped at its words in a table cell (a long one: "Article 10 of 1885 (re-enacted
#: 1894), first paragraph"); shorter ones stay whole on their line.
CITE_MOST = 24


def cite_lines(cite: str, edition: str | None = None) -> str:
    """A cite for a table cell: one line per cite (the column is not wrapped, so each stays whole; one longer
    than :data:`CITE_MOST` is wrapped at its words, its rule's name and number kept together)."""
    if edition:
        cite = cite.replace(f"{edition} ", "")
    return "\n".join(ln for piece in cite.split("; ") for ln in wrap(piece, CITE_MOST))


#: A number and its unit ("10.16 m", "2 nm"), and a rule's name and number ("Rule 10", "Annex I 2(a)",
#: "Sec. 84.02"), kept on one line.
_BOUND = re.compile(r"(\d) (?=(?:m|ft|nm|kn|cd|mm|s|min|°)(?!\w))"
                    r"|\b(Rule|Rules|Article|Art\.|Annex|Sec\.|§) (?=[\dIVX])")
#: Where a word longer than the line (a web address) may break: after its slashes.
_SLASHES = re.compile(r"/(?=[^/\s])")
_SOFT = "\x00"
_ANNEX = re.compile(r"\bAnnex ([IVX]+) (?=\d)")


def wrap(text: str, width: int, indent: str = "", hang: str | None = None) -> list[str]:
    """``text`` wrapped to ``width`` at spaces (not at hyphens, not between a number and its unit, not inside a
    :func:`whole` unit)."""
    if "Annex " in text:
        text = _ANNEX.sub(f"Annex{_BIND}\\1{_BIND}", text)
    text = _BOUND.sub(f"\\1\\2{_BIND}", text)        # the group that matched (an unmatched one is empty)
    if "/" in text:                                    # a word with no slash has no place to break
        room = width - max(len(indent), len(hang or ""))
        text = " ".join(_SLASHES.sub(f"/{_SOFT} ", t) if len(t) > room else t for t in text.split(" "))
    lines = textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent if hang is None else hang,
                          break_on_hyphens=False) or [indent.rstrip()]
    return [line.replace(f"{_SOFT} ", "").replace(_SOFT, "").replace(_BIND, " ") for line in lines]


@contextmanager
def fitted(width: int | None = None) -> Iterator[None]:
    """Lines printed inside (by code that prints whole lines, ``click.echo``) come out wrapped at the width: each
    line's later lines under its first word, or under its last column where it has columns (two spaces apart)."""
    buf = io.StringIO()
    try:
        with redirect_stdout(buf):
            yield
    finally:
        w = width or term_width()
        out = [ln for line in buf.getvalue().splitlines() for ln in rewrap(line, w)]
        if out:
            click.echo("\n".join(out))          # one write: a long summary is tens of thousands of lines


def fitted_text(command: Callable[..., Any]) -> Callable[..., Any]:
    """A command whose text output (not its ``--json``) comes out :func:`fitted` to the terminal."""
    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("as_json"):
            return command(*args, **kwargs)
        with fitted():
            return command(*args, **kwargs)
    return run


def rewrap(line: str, width: int) -> list[str]:
    """One printed line at ``width``: as it is if it fits, else wrapped with a hanging indent."""
    if len(line) <= width:
        return [line]
    return list(_rewrapped(line, width))


@functools.lru_cache(maxsize=4096)
def _rewrapped(line: str, width: int) -> tuple[str, ...]:
    """:func:`rewrap` of a line too long, remembered: a long summary repeats its lines (the lights of a reading,
    its assumptions) from one vessel to the next."""
    body = line.lstrip(" ")
    lead = len(line) - len(body)
    hang = lead + 2
    numbered = re.match(r"\d+\.\s+", body)
    if numbered:
        hang = lead + numbered.end()
    col = [m.end() for m in re.finditer(r"\S {2,}(?=\S)", line)]
    if col and col[-1] <= width // 2:
        hang = col[-1]
    return tuple(wrap(line[lead:], width, " " * lead, " " * hang))


class Out:
    """Writes a command's text output at the terminal's width: prose wrapped, tables fitted."""

    def __init__(self, width: int | None = None) -> None:
        self.width = width or term_width()
        self.prose = min(self.width, PROSE_MAX)
        self._console: Console | None = None

    def line(self, text: str = "", **style: Any) -> None:
        """One line as it is (the caller keeps it within the width)."""
        click.echo(click.style(text, **style) if style and text else text)

    def para(self, text: str, indent: int = 0, hang: int | None = None, **style: Any) -> None:
        """A paragraph wrapped at words; ``hang``: the indent of its second and later lines."""
        for ln in wrap(text, self.prose, " " * indent, " " * (indent if hang is None else hang)):
            self.line(ln, **style)

    def bullet(self, text: str, indent: int = 2, mark: str = "•") -> None:
        """A list item, its later lines under its first word."""
        self.para(f"{mark} {text}", indent, indent + len(mark) + 1)

    def columns(self, head: str, tail: str, hang: int) -> None:
        """``head`` (fixed columns) then ``tail`` on the same line if it fits, else wrapped below at ``hang``."""
        one = f"{head}  {tail}".rstrip()
        if len(one) <= self.width:
            self.line(one)
            return
        self.line(head.rstrip())
        for ln in wrap(tail, self.width, " " * hang):
            self.line(ln)

    @property
    def console(self) -> Console:
        if self._console is None:
            from rich.console import Console
            self._console = Console(highlight=False, soft_wrap=False, width=self.width)
        return self._console

    def rich(self, text: str) -> None:
        """A line of rich markup, wrapped by rich at the width."""
        self.console.print(text)

    def table(self, table: Table) -> None:
        """Print a table from :func:`fit_table` (a ``wide`` one at its full width, past the terminal's if need be)."""
        needed = getattr(table, "needed_width", 0)
        if needed > self.width:
            from rich.console import Console
            Console(highlight=False, soft_wrap=False, width=needed).print(table)
            return
        self.console.print(table)


@dataclass
class Col:
    """A table column: its header, whether its cells keep their lines (cites), and when it goes.

    ``drop``: 0 the column is always shown; otherwise the order in which columns go when the table does not fit
    (1 first)."""

    header: str
    no_wrap: bool = False
    drop: int = 0
    justify: str = "left"
    #: at least this wide where its words allow it (so that a term is not wrapped a word a line)
    least: int = 0


def _plain(cell: str) -> str:
    from rich.text import Text
    return Text.from_markup(cell).plain


def _sizes(col: Col, cells: Iterable[str], most: int) -> tuple[int, int, int]:
    """The narrowest a column can be without splitting a word (or a line, unwrapped), the narrowest it should be
    (``least``), and its natural width (for a wrapped column, at most ``most``)."""
    texts = [_plain(c) for c in cells] + [col.header]
    lines = [ln for t in texts for ln in t.split("\n")]
    natural = max((len(ln) for ln in lines), default=1)
    if col.no_wrap:
        return natural, natural, natural
    longest = max((len(w) for ln in lines for w in ln.split()), default=1)
    natural = max(min(natural, most), longest)
    return longest, min(max(longest, col.least), natural), natural


def _share(mins: list[int], naturals: list[int], room: int) -> list[int]:
    """Widths from ``mins`` up to ``naturals``, the ``room`` left shared in proportion to what each still wants."""
    widths = list(mins)
    spare = room - sum(widths)
    want = [n - m for m, n in zip(mins, naturals)]
    total = sum(want)
    if spare <= 0 or total <= 0:
        return widths
    if spare >= total:
        return list(naturals)
    for i, w in enumerate(want):
        widths[i] += spare * w // total
    left = spare - (sum(widths) - sum(mins))
    for i in sorted(range(len(widths)), key=lambda i: naturals[i] - widths[i], reverse=True):
        if left <= 0:
            break
        if widths[i] < naturals[i]:
            widths[i] += 1
            left -= 1
    return widths


def columns_that_fit(cols: Sequence[Col], rows: Sequence[Sequence[str]], width: int, most: int = 1000) -> list[int]:
    """The columns kept at ``width``: the droppable ones go (by ``drop``) while the others, each at its ``least``,
    do not fit; then, at their narrowest without splitting a word, while they still do not."""
    keep = list(range(len(cols)))
    sizes = {i: _sizes(cols[i], (r[i] for r in rows), most) for i in keep}
    for k in (1, 0):
        for i in sorted((i for i in keep if cols[i].drop), key=lambda i: cols[i].drop):
            if sum(sizes[j][k] for j in keep) + _frame(len(keep)) <= width:
                break
            keep.remove(i)
    return keep


def fits(cols: Sequence[Col], rows: Sequence[Sequence[str]], width: int, most: int = 1000) -> bool:
    """Whether a table of ``rows`` fits ``width`` (after dropping what may go) without splitting a word."""
    keep = columns_that_fit(cols, rows, width, most)
    return sum(_sizes(cols[i], (r[i] for r in rows), most)[0] for i in keep) + _frame(len(keep)) <= width


#: What a table's frame takes: a column's padding and rule (3), and the left edge (1).
def _frame(n: int) -> int:
    return 3 * n + 1


def fit_table(cols: Sequence[Col], rows: Sequence[Sequence[str]], width: int, title: str | None = None,
              wide: bool = False, most: int = 48, **kw: Any) -> Table:
    """A rich table of ``rows`` that fits ``width`` without splitting a word: columns dropped (by ``drop``) until
    the narrowest layout fits, then the room shared out. ``wide``: every column, at its natural width (a wrapped
    column at most ``most``)."""
    from rich import box
    from rich.table import Table
    keep = columns_that_fit(cols, rows, width, most) if not wide else list(range(len(cols)))
    sizes = {i: _sizes(cols[i], (r[i] for r in rows), most) for i in keep}
    room = width - _frame(len(keep))
    hard, soft, naturals = ([sizes[i][k] for i in keep] for k in range(3))
    mins = soft if sum(soft) <= room else hard
    widths = naturals if wide else _share(mins, naturals, room)
    t = Table(title=title, box=box.SQUARE if wide else box.ROUNDED, title_justify="left", **kw)
    for i, w in zip(keep, widths):
        c = cols[i]
        t.add_column(c.header, width=w, no_wrap=c.no_wrap, overflow="fold", justify=c.justify)  # type: ignore[arg-type]
    for r in rows:
        t.add_row(*(r[i] for i in keep))
    t.needed_width = sum(widths) + _frame(len(keep))  # type: ignore[attr-defined]
    return t
