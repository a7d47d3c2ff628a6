"""MkDocs hook for the navlights site (mkdocs.yml ``hooks:``): what the software says, written in at build time.

What the software says is read from it when a page is built, never hand-copied into the site:

* ``cli.md`` is replaced by ``navlights.cli.clidoc.render()``, which walks the click command tree and writes each
  command's own ``--help`` (the same text as docs/cli.md in the repository, which a test keeps current);
* ``reference/rulebase-format.md`` is the rule base's own format document (src/navlights/rulebase/schema.md, which
  lives beside the data it describes) and ``news.md`` is NEWS.md (its two-space nested lists indented as
  Python-Markdown reads them), both added as pages from where they are kept;
* ``<!-- navlights-schemas -->`` becomes a section per JSON schema under docs/schema/: its title, description,
  a link to the file and the schema itself, folded;
* ``<!-- navlights-fields MODULE.CLASS -->`` becomes a table of the class's fields, read from the class itself
  (a pydantic model's input names, types, defaults and descriptions; a dataclass's names, types and defaults);
* ``<!-- navlights-sources EDITION -->`` (the pages under ``sources/``) becomes what the edition's rule data says
  of its sources: each source with its kind, public reference and note; each inferred entry with its argument;
  each gap with what is missing (read from the data, so the page and the data cannot disagree);
* an interactive example in a docstring (``>>>`` lines and what they print, the project's doctests) is shown as
  a Python console block, not read as Markdown (where ``[...][:4]`` would be a broken link), and a Sphinx role
  in a docstring (``:func:`name```) as the name in code;
* a line ``<!-- navlights ARGS -->`` in a page becomes a console block: ``$ navlights ARGS`` and what the command
  printed, run in this process through the CLI's entry point at 80 columns, from the repository root (so the
  example files under examples/ resolve). ``<!-- navlights ARGS | head N -->`` keeps the first N lines and says
  how many were left out; ``<!-- navlights ARGS | exit 2 -->`` expects that exit status (a bad-input example);
  both may be given.
  Any other exit status fails the build, so a guide cannot show a command that no longer works.

Nothing here needs the network.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path
from typing import Any

from markdown import Extension
from markdown.preprocessors import Preprocessor
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

#: Pages made from files kept outside docs/: site path -> path from the repository root.
OUTSIDE = {"reference/rulebase-format.md": "src/navlights/rulebase/schema.md", "news.md": "NEWS.md"}
SCHEMAS = "<!-- navlights-schemas -->"
FIELDS = re.compile(r"^<!-- navlights-fields (?P<target>[\w.]+) -->$", re.M)
SOURCES = re.compile(r"^<!-- navlights-sources (?P<edition>[\w-]+) -->$", re.M)

WIDTH = "80"     # the narrowest the CLI lays out for (docs/cli.md), and what fits a page's column
DIRECTIVE = re.compile(r"^<!-- navlights (?P<body>.+?) -->$", re.M)
_ROOT: Path | None = None


SPHINX_ROLE = re.compile(r":(?:data|func|meth|class|attr|mod|exc|obj):`~?([^`]+)`")


class _Doctests(Preprocessor):
    """Fence each run of ``>>>`` lines and their output (up to a blank line) as ``pycon``, outside fences; and
    write a Sphinx role some docstrings use (``:func:`make_vessel```) as plain code, outside examples."""

    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence: str | None = None
        in_example, indent = False, 0
        for line in lines:
            bare = line.lstrip()
            if in_example and not bare:
                out += ["```", ""]
                in_example = False
            if fence is None and not in_example and bare.startswith(">>>"):
                out += ["", "```pycon"]
                in_example, indent = True, len(line) - len(bare)
            elif not in_example and bare.startswith(("```", "~~~")):
                mark = bare[:3]
                fence = mark if fence is None else (None if fence == mark else fence)
            if in_example:
                out.append(line[min(indent, len(line) - len(bare)):])
            else:
                out.append(line if fence else SPHINX_ROLE.sub(r"`\1`", line))
        if in_example:
            out += ["```", ""]
        return out


class DoctestExtension(Extension):
    def extendMarkdown(self, md: Any) -> None:  # noqa: N802 (Markdown's name)
        md.preprocessors.register(_Doctests(md), "navlights-doctests", 40)   # before the fenced-code reader


@event_priority(100)      # before mkdocstrings reads the Markdown extensions for docstrings
def on_config(config: Any) -> Any:
    global _ROOT
    _ROOT = Path(config.config_file_path).resolve().parent
    src = str(_ROOT / "src")
    if src not in sys.path:          # the examples run this checkout's code, as mkdocstrings reads its source
        sys.path.insert(0, src)
    config.markdown_extensions.append(DoctestExtension())
    return config


def on_files(files: Any, config: Any) -> Any:
    root = _ROOT or Path.cwd()
    for uri, path in OUTSIDE.items():
        files.append(File.generated(config, uri, abs_src_path=str(root / path)))
    return files


def _schemas(docs_dir: Path) -> str:
    import json

    out = []
    for path in sorted((docs_dir / "schema").glob("*.schema.json")):
        text = path.read_text(encoding="utf-8")
        schema = json.loads(text)
        out += [f"## {path.name}", "", f"**{schema.get('title', path.stem)}**", ""]
        if schema.get("description"):
            out += [schema["description"], ""]
        out += [f"[{path.name}](../schema/{path.name}) (JSON Schema draft 2020-12)", "",
                '??? note "The schema"', "", "    ```json", *("    " + line for line in text.splitlines()),
                "    ```", ""]
    return "\n".join(out)


def _type_words(annotation: Any) -> str:
    """A field's type as a reader wants it: a Literal as its values, an optional one with "or None"."""
    import types
    from typing import Literal, Union, get_args, get_origin

    origin = get_origin(annotation)
    if origin is Literal:
        return "one of " + ", ".join(str(a) for a in get_args(annotation))
    if origin in (Union, types.UnionType):
        words = [_type_words(a) for a in get_args(annotation) if a is not type(None)]
        return " | ".join(words) + (" | None" if type(None) in get_args(annotation) else "")
    if isinstance(annotation, type):
        return annotation.__name__
    return str(annotation).replace("typing.", "").replace("navlights.vessel.", "").replace("navlights.model.", "")


def _fields(match: re.Match[str]) -> str:
    """An HTML table of the fields of ``MODULE.CLASS`` (a pydantic model or a dataclass), read from the class."""
    import dataclasses
    import html
    import importlib

    module, _, name = match["target"].rpartition(".")
    cls = getattr(importlib.import_module(module), name)
    rows: list[tuple[str, str, str, str]] = []
    if hasattr(cls, "model_fields"):
        for attr, info in cls.model_fields.items():
            given = info.alias or attr
            label = given if given == attr else f"{given} (attribute {attr})"
            default = "required" if info.is_required() else repr(info.get_default(call_default_factory=True))
            rows.append((label, _type_words(info.annotation), default, info.description or ""))
    elif dataclasses.is_dataclass(cls):
        for f in dataclasses.fields(cls):
            if f.name.startswith("_") or f.name == "memo":
                continue
            if f.default is not dataclasses.MISSING:
                default = repr(f.default)
            elif f.default_factory is not dataclasses.MISSING:
                default = repr(f.default_factory())
            else:
                default = "required"
            rows.append((f.name, str(f.type), default, ""))
    else:
        raise PluginError(f"docs: {match['target']} is neither a pydantic model nor a dataclass")
    head = ["field", "type", "default"] + (["what it is"] if any(r[3] for r in rows) else [])
    out = [f"<p><strong>Fields of {name}</strong></p>", "<table>",
           "<thead><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr></thead>", "<tbody>"]
    for row in rows:
        cells = [f"<code>{html.escape(row[0])}</code>", f"<code>{html.escape(row[1])}</code>",
                 f"<code>{html.escape(row[2])}</code>"] + ([html.escape(row[3])] if len(head) == 4 else [])
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return "\n".join(out + ["</tbody>", "</table>"])


def _cell(text: str | None) -> str:
    """Text for a Markdown table cell or list item: no pipe or newline breaks it."""
    return (text or "").replace("|", "\\|").replace("\n", " ").strip()


def _sources(match: re.Match[str]) -> str:
    """What an edition's rule data records of its sources, inferred entries and gaps, as Markdown."""
    from navlights import api

    data = api.rules_json(match["edition"])
    e = api.edition(match["edition"])
    out = ["## The sources the data names", "", "| id | kind | what it is | where to read it |", "|---|---|---|---|"]
    for s in e.sources.values():
        where = _cell(s.cite)
        if s.url and s.url.startswith(("https://", "http://")):
            where = (where + "; " if where else "") + f"[{_cell(s.url.split('/')[2])}]({s.url})"
        title = _cell(s.title) + (f" <br><small>{_cell(s.note)}</small>" if s.note else "")
        out.append(f"| `{s.id}` | {s.kind} | {title} | {where or 'this page'} |")
    rows = data["definitions"] + data["kinds"] + data["provisions"]

    def named(r: dict[str, Any]) -> str:
        return _cell(r.get("title") or r.get("term") or r.get("id"))

    inferred = [r for r in rows if r["citation"]["provenance"] == "inferred"]
    out += ["", f"## Inferred entries ({len(inferred)}): the argument for each", ""]
    out += [f"- **{_cell(r['citation']['rule'])}**, {named(r)}: {_cell(r['citation']['argument'])} "
            f"(rests on {', '.join(f'`{s}`' for s in r['citation']['sources'])})" for r in inferred] or ["None."]
    gaps = [r for r in rows if r["citation"]["provenance"] == "gap"]
    out += ["", f"## Gaps ({len(gaps)}): what was not found", ""]
    out += [f"- **{_cell(r['citation']['rule'])}**, {named(r)}: {_cell(r['citation'].get('note'))}"
            for r in gaps] or ["None recorded."]
    return "\n".join(out)


def _run(args: str, expect: int) -> str:
    """What ``navlights ARGS`` prints (stdout and stderr as they come), run through the CLI's own entry point
    (so errors read and exit as they do in a terminal); a build error if it exits other than ``expect``."""
    import os

    from click.testing import CliRunner

    from navlights.cli import main

    here = os.getcwd()
    os.chdir(_ROOT or here)
    try:
        with CliRunner().isolation(env={"COLUMNS": WIDTH, "NO_COLOR": "1"}) as (_out, _err, both):
            rc = main(shlex.split(args))
            output = both.getvalue().decode("utf-8")
    finally:
        os.chdir(here)
    if rc != expect:
        last = (output.strip().splitlines() or ["(no output)"])[-1]
        raise PluginError(f"docs: `navlights {args}` exited {rc}, expected {expect}: {last}")
    return output.rstrip("\n")


def _console(match: re.Match[str]) -> str:
    args, *ops = match["body"].split(" | ")
    head, expect = None, 0
    for op in ops:
        word, _, n = op.partition(" ")
        if word not in ("head", "exit") or not n.isdigit():
            raise PluginError(f"docs: `{match[0]}`: after '|' only 'head N' or 'exit N'")
        head, expect = (int(n), expect) if word == "head" else (head, int(n))
    lines = _run(args, expect).splitlines()
    if head is not None and len(lines) > head:
        left = len(lines) - head
        lines = lines[:head] + [f"… ({left} more line{'s' if left != 1 else ''})"]
    return "\n".join(["```console", f"$ navlights {args}", *lines, "```"])


def _two_space_lists(markdown: str) -> str:
    """NEWS.md nests its lists by two spaces, as GitHub reads them; Python-Markdown wants four: double the indent
    of every indented line outside a fence."""
    out, fence = [], False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
        bare = line.lstrip(" ")
        out.append(line if fence or not bare else " " * (2 * (len(line) - len(bare))) + bare)
    return "\n".join(out)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if page.file.src_uri == "news.md":
        markdown = _two_space_lists(markdown)
    if page.file.src_uri == "cli.md":
        from navlights.cli.clidoc import render

        markdown = render()
    if SCHEMAS in markdown:
        markdown = markdown.replace(SCHEMAS, _schemas(Path(config.docs_dir)))
    markdown = FIELDS.sub(_fields, markdown)
    markdown = SOURCES.sub(_sources, markdown)
    return DIRECTIVE.sub(_console, markdown)
