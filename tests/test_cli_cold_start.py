"""Issue 15: the command line starts without parsing every rule file, however many editions there are.

Resolving an edition's id or alias reads only the ``[edition]`` header of each file (a few hundred bytes),
so `navlights lights ...` stays flat as editions are added; only the edition asked for is parsed whole.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from navlights.rulebase import loader


@pytest.fixture()
def many_editions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Forty rule files: the real ones, and copies under other ids and aliases."""
    for f in loader.DATA.glob("*.toml"):
        (tmp_path / f.name).write_bytes(f.read_bytes())
    text = (loader.DATA / "intl-1960.toml").read_text()
    for n in range(40 - len(list(tmp_path.glob("*.toml")))):
        copy = text.replace('id = "intl-1960"', f'id = "copy-{n}"').replace(
            'aliases = ["1960", "intl1960", "colregs-1960"]', f'aliases = ["c{n}"]')
        (tmp_path / f"copy-{n}.toml").write_text(copy)
    monkeypatch.setattr(loader, "DATA", tmp_path)
    monkeypatch.setenv("NAVLIGHTS_CACHE_DIR", "off")          # the name map is read from the files, not kept
    monkeypatch.setenv("NAVLIGHTS_PREPARED_DIR", "off")
    loader._index.cache_clear()
    yield tmp_path
    loader._index.cache_clear()


def test_resolving_a_name_reads_only_the_headers(many_editions: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[int] = []
    real = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda s, **kw: parsed.append(len(s)) or real(s, **kw))
    assert loader.resolve("c7") == "copy-7" and loader.resolve("1960") == "intl-1960"
    assert len(parsed) == 40                                   # one header per file, read once
    assert max(parsed) < 3000, parsed                          # headers, not whole files (these are 50-250 KB)
    assert len(loader.names()) >= 40 + 10


def test_a_file_whose_header_cannot_be_cut_out_is_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "odd.toml").write_text('schema = 1\nedition = { id = "odd-1900", aliases = ["odd"] }\n')
    monkeypatch.setattr(loader, "DATA", tmp_path)
    monkeypatch.setenv("NAVLIGHTS_CACHE_DIR", "off")
    loader._index.cache_clear()
    try:
        assert loader.resolve("odd") == "odd"
    finally:
        loader._index.cache_clear()
