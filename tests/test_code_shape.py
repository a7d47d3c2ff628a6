"""The shape of the code: no module too big, no function too tangled or too long (issue 13).

Limits: a module at most 700 lines; a function at most cyclomatic complexity 30 (radon) and at
most 80 lines, unless its ``def`` line carries the marker comment ``# shape: table`` (a function
that is a literal table, read as data).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

radon_complexity = pytest.importorskip("radon.complexity")

SRC = Path(__file__).resolve().parents[1] / "src" / "navlights"
MAX_MODULE_LINES = 700
MAX_COMPLEXITY = 30
MAX_FUNCTION_LINES = 80
TABLE_MARK = "# shape: table"

MODULES = sorted(SRC.rglob("*.py"))


def _rel(p: Path) -> str:
    return str(p.relative_to(SRC.parent))


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_module_size(path: Path) -> None:
    n = len(path.read_text().splitlines())
    assert n <= MAX_MODULE_LINES, f"{_rel(path)}: {n} lines (at most {MAX_MODULE_LINES})"


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_function_complexity(path: Path) -> None:
    over = [f"{b.name} (line {b.lineno}): {b.complexity}"
            for b in radon_complexity.cc_visit(path.read_text())
            if b.complexity > MAX_COMPLEXITY]
    assert not over, f"{_rel(path)}: complexity over {MAX_COMPLEXITY}: {over}"


@pytest.mark.parametrize("path", MODULES, ids=_rel)
def test_function_length(path: Path) -> None:
    text = path.read_text()
    lines = text.splitlines()
    over = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            n = (node.end_lineno or node.lineno) - node.lineno + 1
            if n > MAX_FUNCTION_LINES and TABLE_MARK not in lines[node.lineno - 1]:
                over.append(f"{node.name} (line {node.lineno}): {n} lines")
    assert not over, f"{_rel(path)}: functions over {MAX_FUNCTION_LINES} lines: {over}"
