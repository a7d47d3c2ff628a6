"""Issue 26: a release users install in one line.

- The package's own prepared data (``navlights/_prepared``, made when a wheel is built: setup.py) is read, never
  written; what it holds answers without a parse or a build and without writing to the user's cache; a changed
  rule file or changed edition data is never answered from it (the keys are those of the other caches).
- One version, from the package metadata: ``navlights --version``, the web footer and ``/healthz`` show it.
- The build's requirements pin what setup.py's prepare step runs exactly as the package's dependencies do.
- An AIS table without the ``traffic`` extra is one line and exit 2, not an internal error.

The installed wheel itself is checked by tests/package/smoke.py (.ci/run runs it).
"""

from __future__ import annotations

import dataclasses
import shutil
import sys
import tomllib
from importlib.metadata import version as metadata_version
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import navlights
from support import Counting
from navlights import api
from navlights.cli import main
from navlights.engines.identify import cache
from navlights.rulebase import compiled, loader
from navlights.web.app import create_app

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


@pytest.fixture()
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(the package's prepared folder, the user's cache), both empty; ``navlights prepare``'s folder empty too."""
    packaged, user = tmp_path / "package" / "_prepared", tmp_path / "user"
    packaged.mkdir(parents=True)
    monkeypatch.setattr(compiled, "PACKAGED", str(packaged))              # absolute: PACKAGE / it is it
    monkeypatch.setenv(compiled.PREPARED_ENV, str(tmp_path / "share"))
    monkeypatch.setenv(compiled.CACHE_ENV, str(user))
    cache.clear_cache()
    yield packaged, user
    cache.clear_cache()


def never_built(*_: object) -> None:
    raise AssertionError("an index was built")


def test_no_packaged_data_in_a_checkout():
    assert not (compiled.PACKAGE / compiled.PACKAGED).exists()       # setup.py makes it in the build, not here
    assert compiled.packaged_dir() is None


def test_the_packaged_edition_and_index_are_read_and_the_user_cache_left_alone(places, monkeypatch):
    packaged, user = places
    path = loader.DATA / "gl-1895.toml"
    made = compiled.load(path, loader.parse_bytes, into=packaged)        # what the wheel's build does
    assert cache.store(made, packaged)
    cache.clear_cache()
    parse = Counting()
    edition = compiled.load(path, parse)
    assert parse.calls == 0 and edition.id == "gl-1895"
    monkeypatch.setattr(cache, "build_index", never_built)
    assert cache.index(edition, str(user)).key == cache.index_key(edition)
    cache.clear_cache()
    assert cache.index(edition, None).key == cache.index_key(edition)   # the library's call, no cache given
    assert not user.exists() or list(user.iterdir()) == []


def test_packaged_data_never_answers_for_a_changed_rule_file_or_changed_data(places, tmp_path, monkeypatch):
    packaged, user = places
    text = (loader.DATA / "intl-1960.toml").read_text()
    path = tmp_path / "intl-1960.toml"
    path.write_text(text)
    made = compiled.load(path, loader.parse_bytes, into=packaged)
    assert made.lights["anchor-white"].colour == "white"
    head, tail = text.split("[light.anchor-white]", 1)
    path.write_text(head + "[light.anchor-white]" + tail.replace('colour = "white"', 'colour = "red"', 1))
    parse = Counting()
    assert compiled.load(path, parse).lights["anchor-white"].colour == "red" and parse.calls == 1
    assert len(list(user.glob("edition-intl-1960-*.pickle"))) == 1           # the changed file: the user's cache

    small = compiled.load(loader.DATA / "gl-1895.toml", loader.parse_bytes, into=packaged)
    assert cache.store(small, packaged)
    cache.clear_cache()
    changed = dataclasses.replace(small, summary=small.summary + " (changed)")
    built: list[str] = []
    real = cache.build_index
    monkeypatch.setattr(cache, "build_index", lambda ed, key: built.append(key) or real(ed, key))
    assert cache.index(changed, str(user)).key == cache.index_key(changed) != cache.index_key(small)
    assert built == [cache.index_key(changed)]


def test_prepared_off_turns_the_packaged_data_off(places, monkeypatch):
    monkeypatch.setenv(compiled.PREPARED_ENV, "off")
    assert compiled.packaged_dir() is None and compiled.prepared_dir() is None


def test_the_packaged_name_map_is_found_by_the_rule_files_bytes(places, tmp_path, monkeypatch):
    """An installed package's rule files have other paths and times than the build's: the map is read by bytes."""
    packaged, user = places
    built_from, installed = tmp_path / "build" / "data", tmp_path / "site" / "data"
    shutil.copytree(loader.DATA, built_from)
    monkeypatch.setattr(loader, "DATA", built_from)
    compiled.names(built_from, loader._read_names, into=packaged)
    assert [p.name for p in packaged.glob("names-bytes-*.pickle")] != []
    shutil.copytree(loader.DATA, installed)                              # other path, other times: same bytes
    monkeypatch.setattr(loader, "DATA", installed)
    read: list[int] = []
    real = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda s, **kw: read.append(len(s)) or real(s, **kw))
    try:
        loader._index.cache_clear()
        assert loader.resolve("1960") == "intl-1960" and read == []      # no rule file parsed
        assert not user.exists() or list(user.iterdir()) == []
        f = installed / "intl-1960.toml"
        f.write_text(f.read_text().replace('aliases = ["1960",', 'aliases = ["sixty", "1960",', 1))
        loader._index.cache_clear()
        assert loader.resolve("sixty") == "intl-1960" and len(read) == 6   # changed bytes: the headers read
    finally:
        monkeypatch.undo()
        loader._index.cache_clear()


# --- the version ----------------------------------------------------------------------------------------


def test_one_version_from_the_package_metadata():
    written = PYPROJECT["project"]["version"]
    assert metadata_version("navlights") == written
    assert navlights.__version__ == api.version() == written


def test_version_on_the_command_line(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"navlights, version {PYPROJECT['project']['version']}"


def test_version_in_the_footer_and_healthz(tmp_path: Path):
    written = PYPROJECT["project"]["version"]
    client = TestClient(create_app(tmp_path / "p.sqlite", seed=7))
    assert client.get("/healthz").json() == {"status": "ok", "version": written}
    page = client.get("/editions").text
    footer = page[page.index("<footer>"):page.index("</footer>")]
    assert f"navlights {written} ·" in footer


# --- the build ------------------------------------------------------------------------------------------


def pins(requirements: list[str]) -> dict[str, str]:
    return {r.split("==")[0].lower(): r.split("==")[1] for r in requirements if "==" in r}


def test_the_build_pins_what_it_runs_as_the_package_does():
    build, runtime = pins(PYPROJECT["build-system"]["requires"]), pins(PYPROJECT["project"]["dependencies"])
    assert {"pydantic", "numpy"} <= set(build)
    assert {name: build[name] for name in build} == {name: runtime[name] for name in build}


# --- AIS tables without the traffic extra ---------------------------------------------------------------


def test_an_ais_table_without_pandas_is_one_line_and_exit_2(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)                     # import pandas raises ImportError
    sample = ROOT / "src" / "navlights" / "traffic" / "examples" / "ais" / "2020-channel-night.csv"
    assert main(["ais", str(sample)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "navlights[traffic]" in err and "NMEA" in err and str(sample) in err


def test_the_ais_sample_is_packaged():
    data = PYPROJECT["tool"]["setuptools"]["package-data"]["navlights"]
    assert "traffic/examples/ais/*.csv" in data
    assert (ROOT / "examples" / "ais" / "2020-channel-night.csv").resolve() == (
        ROOT / "src" / "navlights" / "traffic" / "examples" / "ais" / "2020-channel-night.csv")


# --- the smoke test's file check (tests/package/smoke.py) ------------------------------------------------


def smoke_module():
    import importlib.util
    spec = importlib.util.spec_from_file_location("navlights_package_smoke", ROOT / "tests" / "package" / "smoke.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_smoke_test_fails_when_the_wheel_lacks_a_file_the_app_needs(tmp_path: Path):
    import zipfile
    smoke = smoke_module()
    needed = smoke.needed_files()
    assert {"navlights/web/templates/base.html", "navlights/web/static/style.css", "navlights/rulebase/data/intl-1972.toml",
            "navlights/plan/examples/intl-1972-30m-tug.json", "navlights/traffic/examples/ais/2020-channel-night.csv",
            "navlights/web/data/situation_words.toml", "navlights/cli/__init__.py"} <= set(needed)
    prepared = [f"navlights/_prepared/{kind}-{stem}-0.pickle" for stem in smoke.edition_stems()
                for kind in ("edition", "identify")] + ["navlights/_prepared/names-bytes-0.pickle"]

    def wheel(without: str) -> Path:
        path = tmp_path / f"{len(list(tmp_path.iterdir()))}.whl"
        with zipfile.ZipFile(path, "w") as z:
            for name in needed + prepared:
                if name != without:
                    z.writestr(name, "")
        return path

    smoke.check_wheel(wheel(without=""))
    assert smoke.failures == []
    for gone in ("navlights/web/templates/explore.html", "navlights/web/static/explore.js",
                 "navlights/rulebase/data/us-inland.toml", "navlights/plan/examples/intl-1972-30m-tug.json",
                 "navlights/_prepared/identify-us-inland-0.pickle", "navlights/_prepared/names-bytes-0.pickle"):
        smoke.failures.clear()
        smoke.check_wheel(wheel(without=gone))
        assert len(smoke.failures) == 1, (gone, smoke.failures)
        assert gone in smoke.failures[0] or ("us-inland" in smoke.failures[0] and "identify" in smoke.failures[0]) \
            or (gone.endswith("names-bytes-0.pickle") and "name map" in smoke.failures[0])
