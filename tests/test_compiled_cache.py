"""Issue 15: the compiled edition cache (rulebase/compiled.py) and a light command-line start.

An edition read back from the cache is the edition the file gives; a changed rule file, changed loader
code or an unreadable entry is parsed again, never answered from the stale entry.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from support import Counting
from navlights import api
from navlights.engines import view
from navlights.rulebase import compiled, loader


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(compiled.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(compiled.PREPARED_ENV, "off")
    return tmp_path / "cache"


def canonical(obj: object) -> object:
    """A comparable form of a rule-base value: dataclasses field by field (the memo left out), sets sorted.

    Not ``repr``: a set's iteration order depends on its insertion history under the process's string hashing,
    so a set read back from a pickle can print in another order than the same set parsed (an intermittent
    failure in one full run)."""
    import dataclasses
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__name__, tuple((f.name, canonical(getattr(obj, f.name)))
                                          for f in dataclasses.fields(obj) if f.name != "memo"))
    if isinstance(obj, dict):
        return tuple(sorted(((repr(k), canonical(v)) for k, v in obj.items()), key=lambda kv: kv[0]))
    if isinstance(obj, (set, frozenset)):
        return ("set", tuple(sorted(repr(canonical(x)) for x in obj)))
    if isinstance(obj, (list, tuple)):
        return tuple(canonical(x) for x in obj)
    return repr(obj)


def test_an_edition_read_back_is_the_edition_the_file_gives(cache: Path):
    parse = Counting()
    path = loader.DATA / "intl-1972.toml"
    first = compiled.load(path, parse)
    again = compiled.load(path, parse)
    assert parse.calls == 1                                    # the second came from the disk
    assert [p.name for p in cache.glob("edition-intl-1972-*.pickle")] != []
    fresh = loader.load_file(path)
    assert canonical(again) == canonical(first) == canonical(fresh)
    assert again is not first and again.memo == {}
    d = api.display({"propulsion": "power", "length": "60 m"}, again)
    assert [i.role for i in d.lights] == [i.role for i in api.display({"propulsion": "power", "length": "60 m"},
                                                                         fresh).lights]


def test_a_changed_rule_file_is_parsed_again_not_read_stale(cache: Path, tmp_path: Path):
    text = (loader.DATA / "intl-1960.toml").read_text()
    head, tail = text.split("[light.anchor-white]", 1)
    path = tmp_path / "intl-1960.toml"
    path.write_text(text)
    parse = Counting()
    assert compiled.load(path, parse).lights["anchor-white"].colour == "white"
    path.write_text(head + "[light.anchor-white]" + tail.replace('colour = "white"', 'colour = "red"', 1))
    assert compiled.load(path, parse).lights["anchor-white"].colour == "red"
    assert parse.calls == 2
    assert len(list(cache.glob("edition-intl-1960-*.pickle"))) == 2
    assert compiled.load(path, parse).lights["anchor-white"].colour == "red" and parse.calls == 2


def test_an_unreadable_or_foreign_entry_is_ignored_and_rewritten(cache: Path):
    parse = Counting()
    path = loader.DATA / "gl-1895.toml"
    compiled.load(path, parse)
    (entry,) = cache.glob("edition-gl-1895-*.pickle")
    for junk in (b"not a pickle", b""):
        entry.write_bytes(junk)
        assert compiled.load(path, parse).id == "gl-1895"
    assert parse.calls == 3
    assert compiled.load(path, parse).id == "gl-1895" and parse.calls == 3       # rewritten whole


def test_changed_loader_code_changes_every_key(monkeypatch: pytest.MonkeyPatch):
    data = (loader.DATA / "gl-1895.toml").read_bytes()
    key = compiled.edition_key(data)
    assert compiled.edition_key(data + b"\n") != key
    assert {"rulebase/loader.py", "rulebase/raw.py", "model.py", "conditions.py"} <= set(compiled.CODE)
    monkeypatch.setattr(compiled, "_CODE_KEY", ["other code"])
    assert compiled.edition_key(data) != key


def test_the_prepared_directory_is_read_but_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    prepared = tmp_path / "prepared"
    monkeypatch.setenv(compiled.PREPARED_ENV, str(prepared))
    monkeypatch.setenv(compiled.CACHE_ENV, "off")
    parse = Counting()
    path = loader.DATA / "gl-1895.toml"
    compiled.load(path, parse, into=prepared)                 # what `navlights prepare` does
    compiled.load(path, parse)
    assert parse.calls == 1 and len(list(prepared.glob("edition-*.pickle"))) == 1


def test_the_name_map_is_kept_and_follows_the_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import tomllib
    monkeypatch.setenv(compiled.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(compiled.PREPARED_ENV, "off")
    data = tmp_path / "data"
    data.mkdir()
    for f in loader.DATA.glob("*.toml"):
        (data / f.name).write_bytes(f.read_bytes())
    monkeypatch.setattr(loader, "DATA", data)
    parsed: list[int] = []
    real = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda s, **kw: parsed.append(len(s)) or real(s, **kw))
    try:
        loader._index.cache_clear()
        assert loader.resolve("1960") == "intl-1960" and len(parsed) == 6
        loader._index.cache_clear()
        assert loader.resolve("1960") == "intl-1960" and len(parsed) == 6      # read back: no file read
        f = data / "intl-1960.toml"
        f.write_text(f.read_text().replace('aliases = ["1960",', 'aliases = ["sixty", "1960",', 1))
        loader._index.cache_clear()
        assert loader.resolve("sixty") == "intl-1960" and len(parsed) == 12    # a file changed: read again
    finally:
        loader._index.cache_clear()


def test_the_api_default_edge_tolerance_is_the_view_engines():
    assert api.DEFAULT_EDGE_TOL_DEG == view.DEFAULT_EDGE_TOL_DEG
    assert api.Picture is view.Picture


def test_a_command_showing_a_display_loads_no_rule_file_model_and_no_view(tmp_path: Path):
    """With the cache filled, `navlights lights` neither parses a rule file nor imports the view engine."""
    code = ("import sys; from navlights.cli import main; rc = main(sys.argv[1:]); "
            "print(sorted(m for m in sys.modules if m.startswith(('navlights.rulebase.raw', 'navlights.engines.view', "
            "'navlights.engines.sectors', 'navlights.cli.render', 'navlights.cli.compare', 'tomllib', 'numpy', "
            "'rich'))), file=sys.stderr); sys.exit(rc)")
    env = {**os.environ, compiled.CACHE_ENV: str(tmp_path), compiled.PREPARED_ENV: "off"}
    argv = [sys.executable, "-c", code, "lights", "--edition", "1960", "--length", "60 m", "--json"]
    first = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
    again = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
    assert "navlights.rulebase.raw" in first.stderr                        # parsed once, and kept
    assert again.stderr.strip() == "[]", again.stderr
    assert json.loads(again.stdout) == json.loads(first.stdout)


def test_the_command_table_names_every_command_of_every_module():
    import importlib

    from navlights.cli import COMMAND_MODULES
    modules = {m: importlib.import_module(f"navlights.cli.{m}") for m in set(COMMAND_MODULES.values())}
    defined = {c.name: m for m, mod in modules.items() for c in mod.COMMANDS}
    assert defined == COMMAND_MODULES
    import pkgutil
    import navlights.cli as pkg
    with_commands = {m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_")
                     if hasattr(importlib.import_module(f"navlights.cli.{m.name}"), "COMMANDS")}
    assert with_commands == set(modules)          # no module of commands left out of the table


def test_an_entry_that_cannot_be_written_is_skipped_and_leaves_nothing(tmp_path: Path):
    assert not compiled.write(tmp_path, "x.pickle", ("h",), lambda: None)        # a lambda cannot be pickled
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "file").write_text("")
    assert not compiled.write(tmp_path / "file" / "sub", "x.pickle", ("h",), 1)     # no directory there


@pytest.mark.parametrize("name, stem", [("intl-1972", "intl-1972"), (" US-Inland ", "us-inland"), ("1972", None),
                                        ("../rulebase/data/intl-1972", None), ("", None), ("intl-1972.toml", None)])
def test_an_edition_id_names_its_rule_file_and_nothing_else_does(name, stem):
    # the AIS reader finds an edition by its file without loading the rule base; an alias goes to the loader
    got = compiled.rule_file(name)
    assert (got.stem if got else None) == stem
