"""The package's layering (issue 26; the layers are drawn in docs/design.md, "Flow and layout").

Every module of ``navlights`` belongs to one layer; a module imports only from its own layer and those below it,
and no two modules import each other, directly or round a longer circle. Imports are read from the source (``ast``),
wherever they are written: at the top of a module or inside a function (an import that runs late is still an import).
Imports under ``if TYPE_CHECKING:`` never run: they count for the layers (a type from a higher layer is a dependency
upwards all the same) but not for circles.

Besides: the web app and the command line reach the rest of navlights only through the facades and the error types
(issue 13); the command line may also start the web app (``navlights serve``). Traffic (issue 17) has a facade of its
own, ``navlights.traffic.api``, so that its heavier libraries stay out of ``navlights.api``.
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PKG = SRC / "navlights"
WEB = PKG / "web"
CLI = PKG / "cli"
ALLOWED = {"navlights.api", "navlights.errors", "navlights.traffic.api"}

#: The layers, lowest first: (name, the modules or packages in it). A module belongs to the layer of the longest
#: name that is it or a package above it; ``navlights`` itself (the package's ``__init__``, which loads the facade
#: on first use) is named exactly, not as the package of everything.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("navlights.version", "navlights.errors", "navlights.units", "navlights.jsoninput", "navlights.geometry",
              "navlights.notation", "navlights.notation_words", "navlights.model", "navlights.vessel", "navlights.vessel_facts", "navlights.vessel_schema",
              "navlights.vessel_words", "navlights.conditions", "navlights.placement", "navlights.classes", "navlights.situations", "navlights.memo")),
    ("rule base", ("navlights.rulebase",)),
    ("engines", ("navlights.engines",)),
    ("products", ("navlights.render", "navlights.plan", "navlights.traffic", "navlights.prepared")),
    ("collections", ("navlights.gallery",)),
    ("facade", ("navlights", "navlights.api", "navlights.api_conduct", "navlights.api_signals", "navlights.traffic.api")),
    ("interfaces", ("navlights.cli", "navlights.web", "navlights.golden", "navlights.coverage",
                    "navlights.coverage_signals")),
    # the sweep checks what the interfaces say too (the text beside the JSON: invariant 7), so it stands above them
    ("checks", ("navlights.sweep",)),
)

#: Circles known and waiting for a branch that breaks them (none now: traffic/ais.py <-> traffic/tables.py went with
#: traffic/aisvalues.py, issue 24); see test_known_circles_are_gone.
KNOWN_CIRCLES: tuple[frozenset[str], ...] = ()


@dataclass(frozen=True)
class Import:
    target: str          # the navlights module imported
    line: int
    in_function: bool
    type_only: bool      # under ``if TYPE_CHECKING:``

    def where(self) -> str:
        return f"line {self.line}{', in a function' if self.in_function else ''}{', type only' if self.type_only else ''}"


def _modules(src: Path = SRC) -> dict[str, tuple[Path, bool]]:
    """Every module of the package: its dotted name -> (file, whether it is a package's ``__init__``)."""
    out = {}
    for p in sorted((src / "navlights").rglob("*.py")):
        parts = list(p.relative_to(src).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_pkg else parts)] = (p, is_pkg)
    return out


MODULES = _modules()


def _known(name: str, modules: dict[str, tuple[Path, bool]]) -> str:
    """The module itself, else the nearest package above it that is one of ours."""
    while name not in modules and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_pkg: bool,
             modules: dict[str, tuple[Path, bool]]) -> list[str]:
    """The navlights modules one import statement loads (``from . import api`` is navlights.api; ``from .x import
    f`` is navlights.x when f is a name in it)."""
    if isinstance(node, ast.Import):
        return [_known(a.name, modules) for a in node.names if a.name.split(".")[0] == "navlights"]
    base = node.module or ""
    if node.level:
        package = (module if is_pkg else module.rsplit(".", 1)[0]).split(".")
        base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
    if base.split(".")[0] != "navlights":
        return []
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else _known(base, modules) for a in node.names]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(module: str, modules: dict[str, tuple[Path, bool]] = MODULES, text: str | None = None) -> list[Import]:
    """Every import of a navlights module that ``module``'s source makes, wherever it is written."""
    path, is_pkg = modules[module]
    out: list[Import] = []

    def visit(node: ast.AST, in_function: bool, type_only: bool) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.extend(Import(t, node.lineno, in_function, type_only) for t in _targets(node, module, is_pkg, modules)
                       if t != module)
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, in_function, True)
            for child in node.orelse:
                visit(child, in_function, type_only)
            return
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inner, type_only)

    visit(ast.parse(path.read_text() if text is None else text), False, False)
    return out


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of the module's layer (KeyError for a module in none)."""
    best: tuple[int, int] | None = None
    for k, (_, names) in enumerate(LAYERS):
        for n in names:
            if module == n or (n != "navlights" and module.startswith(n + ".")):
                if best is None or len(n) > best[0]:
                    best = (len(n), k)
    if best is None:
        raise KeyError(module)
    return best[1]


def circles(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """One shortest circle (``[a, b, ..., a]``) through each group of modules that reach one another (the strongly
    connected components of more than one module, Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in graph:
                    continue
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    group = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        group.add(w)
                        if w == v:
                            break
                    if len(group) > 1:
                        groups.append(group)
    out = []
    for group in groups:
        start = min(group)
        came: dict[str, str] = {}
        queue = deque([start])
        while queue:                         # the shortest way from start back to start, inside the group
            v = queue.popleft()
            if start in graph[v] and (v != start):
                path = [start]
                while v != start:
                    path.append(v)
                    v = came[v]
                out.append([start] + path[:0:-1] + [start])
                break
            for w in sorted(graph[v]):
                if w in group and w not in came and w != start:
                    came[w] = v
                    queue.append(w)
    return sorted(out)


def _graph(modules: dict[str, tuple[Path, bool]] = MODULES) -> dict[str, dict[str, Import]]:
    """Module -> the modules it imports at run time (type-only imports left out), each with its first import."""
    g: dict[str, dict[str, Import]] = {}
    for m in modules:
        g[m] = {}
        for imp in imports(m, modules):
            if not imp.type_only:
                g[m].setdefault(imp.target, imp)
    return g


def _describe(circle: list[str], graph: dict[str, dict[str, Import]]) -> str:
    return " -> ".join(f"{a} ({graph[a][b].where()})" for a, b in zip(circle, circle[1:])) + f" -> {circle[-1]}"


# --- the layers --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_module_has_a_layer(module: str) -> None:
    try:
        layer_of(module)
    except KeyError:
        pytest.fail(f"{module} is in no layer: add it to LAYERS here and to the drawing in docs/design.md")


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_reaches_up_a_layer(module: str) -> None:
    mine = layer_of(module)
    up = [f"{i.target} ({LAYERS[layer_of(i.target)][0]}, {i.where()})" for i in imports(module)
          if layer_of(i.target) > mine]
    assert not up, f"{module} ({LAYERS[mine][0]}) imports from a higher layer: {'; '.join(up)}"


@pytest.mark.parametrize(("module", "layer"), [
    # written by hand from the drawing in docs/design.md
    ("navlights.errors", "base"), ("navlights.vessel", "base"), ("navlights.rulebase.loader", "rule base"),
    ("navlights.engines.identify.lookup", "engines"), ("navlights.render.png", "products"),
    ("navlights.plan.model", "products"), ("navlights.traffic.ais", "products"), ("navlights.gallery", "collections"),
    ("navlights.api", "facade"), ("navlights.traffic.api", "facade"), ("navlights", "facade"),
    ("navlights.cli.render", "interfaces"), ("navlights.web.routes.train", "interfaces"),
])
def test_the_layers_are_those_drawn(module: str, layer: str) -> None:
    assert LAYERS[layer_of(module)][0] == layer


# --- circles -----------------------------------------------------------------------------------------------------

def test_no_import_circles() -> None:
    graph = _graph()
    found = [c for c in circles(graph) if frozenset(c) not in KNOWN_CIRCLES]
    assert not found, "import circles:\n" + "\n".join(_describe(c, graph) for c in found)


def test_known_circles_are_gone() -> None:
    found = {frozenset(c) for c in circles(_graph())}
    assert not found & set(KNOWN_CIRCLES)


@pytest.mark.parametrize(("edges", "expected"), [
    # hand-made graphs and the circle each holds
    ({"a": {"b"}, "b": set()}, []),
    ({"a": {"b"}, "b": {"a"}}, [["a", "b", "a"]]),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c", "a"]]),
    ({"a": {"b", "c"}, "b": {"c"}, "c": {"a"}}, [["a", "c", "a"]]),
    ({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}, [["a", "b", "a"], ["c", "d", "c"]]),
])
def test_circles_are_found(edges: dict[str, set[str]], expected: list[list[str]]) -> None:
    graph = {m: {t: Import(t, 1, False, False) for t in ts} for m, ts in edges.items()}
    assert circles(graph) == expected


def test_imports_inside_functions_and_type_checking_are_seen() -> None:
    text = ("from typing import TYPE_CHECKING\nfrom . import errors\nif TYPE_CHECKING:\n    from .engines import view\n"
            "def f():\n    from .render.png import svg_to_png\n    import navlights.api\n")
    got = {(i.target, i.in_function, i.type_only) for i in imports("navlights.gallery", text=text)}
    assert got == {("navlights.errors", False, False), ("navlights.engines.view", False, True),
                   ("navlights.render.png", True, False), ("navlights.api", True, False)}


def test_a_circle_through_a_function_import_is_found() -> None:
    """The facade and the plans once imported each other (api -> plan.model at module level, plan.model -> api in
    read_plan): a circle only through a function's import is still a circle."""
    a = "from .plan import model\n"
    b = "def read_plan():\n    from .. import api\n"
    graph = {"navlights.api": {i.target: i for i in imports("navlights.api", text=a)},
             "navlights.plan.model": {i.target: i for i in imports("navlights.plan.model", text=b)}}
    assert circles(graph) == [["navlights.api", "navlights.plan.model", "navlights.api"]]
    assert "in a function" in _describe(circles(graph)[0], graph)


# --- the interfaces reach navlights through the facades ----------------------------------------------------------

def _names(path: Path) -> list[str]:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return [i.target for i in imports(".".join(parts[:-1] if parts[-1] == "__init__" else parts))]


@pytest.mark.parametrize("path", sorted(WEB.rglob("*.py")), ids=lambda p: str(p.relative_to(WEB)))
def test_web_imports_only_the_facade(path: Path) -> None:
    outside = [m for m in _names(path) if not m.startswith("navlights.web") and m not in ALLOWED]
    assert not outside, f"{path.relative_to(SRC)} imports {outside}; route them through navlights.api"


def test_the_check_sees_relative_imports() -> None:
    assert "navlights.api" in _names(WEB / "training.py")
    assert "navlights.web.common" in _names(WEB / "routes" / "train.py")
    assert "navlights.api" in _names(WEB / "routes" / "train.py")


@pytest.mark.parametrize("path", sorted(CLI.rglob("*.py")), ids=lambda p: str(p.relative_to(CLI)))
def test_cli_imports_only_the_facade(path: Path) -> None:
    outside = [m for m in _names(path) if not m.startswith(("navlights.cli", "navlights.web")) and m not in ALLOWED]
    assert not outside, f"{path.relative_to(SRC)} imports {outside}; route them through navlights.api"


def test_the_waters_are_named_once():
    """The waters the editions name are one tuple (navlights.model.WATERS); the web query's literal and every
    edition's waters agree with it (the loader refuses others)."""
    import typing

    from navlights import api
    from navlights.web.queries import GoverningQuery
    assert set(typing.get_args(GoverningQuery.model_fields["waters"].annotation)) == set(api.WATERS)
    assert {w for e in api.editions() for w in e.waters} == set(api.WATERS)
