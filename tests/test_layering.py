"""The web app and the command line reach the rest of navlights only through the facade and the error types
(issue 13); the command line may also start the web app (`navlights serve`). Traffic (issue 17) has a facade of its
own, `navlights.traffic.api`, so that its heavier libraries stay out of `navlights.api`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
WEB = SRC / "navlights" / "web"
CLI = SRC / "navlights" / "cli"
ALLOWED = {"navlights.api", "navlights.errors", "navlights.traffic.api"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[str]:
    """Every navlights module the file imports (``from .. import api`` counts as navlights.api)."""
    package = _module_name(path).rsplit(".", 0 if path.name == "__init__.py" else 1)[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            out += [f"{base}.{a.name}" if base in ("navlights", "navlights.web", "navlights.cli") else base
                    for a in node.names]
    return [m for m in out if m == "navlights" or m.startswith("navlights.")]


@pytest.mark.parametrize("path", sorted(WEB.rglob("*.py")), ids=lambda p: str(p.relative_to(WEB)))
def test_web_imports_only_the_facade(path: Path) -> None:
    outside = [m for m in _imports(path) if not m.startswith("navlights.web") and m not in ALLOWED]
    assert not outside, f"{path.relative_to(SRC)} imports {outside}; route them through navlights.api"


def test_the_check_sees_relative_imports() -> None:
    assert "navlights.api" in _imports(WEB / "training.py")
    assert "navlights.web.common" in _imports(WEB / "routes" / "train.py")
    assert "navlights.api" in _imports(WEB / "routes" / "train.py")


@pytest.mark.parametrize("path", sorted(CLI.rglob("*.py")), ids=lambda p: str(p.relative_to(CLI)))
def test_cli_imports_only_the_facade(path: Path) -> None:
    outside = [m for m in _imports(path) if not m.startswith(("navlights.cli", "navlights.web")) and m not in ALLOWED]
    assert not outside, f"{path.relative_to(SRC)} imports {outside}; route them through navlights.api"


def test_the_waters_are_named_once():
    """The waters the editions name are one tuple (navlights.model.WATERS); the web query's literal and every
    edition's waters agree with it (the loader refuses others)."""
    import typing

    from navlights import api
    from navlights.web.queries import GoverningQuery
    assert set(typing.get_args(GoverningQuery.model_fields["waters"].annotation)) == set(api.WATERS)
    assert {w for e in api.editions() for w in e.waters} == set(api.WATERS)
