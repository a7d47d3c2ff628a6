"""Issue 15: the first identify does not pay for building the indexes again and again.

The disk cache's key was a hash of ``repr(edition)``, whose sets print in an order that follows the
process's string hashing: a new process often computed another key, missed the cache and built every
index again (3-4 s of CPU). And ``navlights serve`` now makes the indexes in the background when it starts.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from navlights import api
from navlights.errors import NavlightsError
from navlights.engines.identify import cache
from navlights.web.app import create_app

CODE = "from navlights import api; from navlights.engines.identify import cache; " \
       "print(' '.join(cache.index_key(e) for e in api.editions()))"


def test_the_cache_key_does_not_depend_on_string_hashing():
    keys = {subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3", "random")}
    assert len(keys) == 1, keys
    assert keys.pop().split() == [cache.index_key(e) for e in api.editions()]


def test_prepare_identify_writes_every_index_to_the_disk_cache(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("NAVLIGHTS_PREPARED_DIR", "off")      # nothing made ahead
    cache.clear_cache()
    assert api.prepare_identify(str(tmp_path)) == api.edition_ids()
    names = [p.name for p in tmp_path.glob("identify-*.pickle")]
    assert all(any(n.startswith(f"identify-{e}-") for n in names) for e in api.edition_ids()), names
    cache.clear_cache()
    before = time.process_time()
    api.prepare_identify(str(tmp_path))                    # read back, not built
    assert time.process_time() - before < 2.0


def test_the_server_prepares_the_indexes_when_it_starts(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("NAVLIGHTS_CACHE_DIR", raising=False)
    monkeypatch.setenv("NAVLIGHTS_PREPARED_DIR", "off")      # nothing made ahead: the server makes them
    cache.clear_cache()
    with TestClient(create_app(tmp_path / "p.sqlite", prepare=True)) as client:     # runs the lifespan
        deadline = time.monotonic() + 60
        while len(list((tmp_path / "navlights").glob("identify-*.pickle"))) < len(api.edition_ids()):
            assert time.monotonic() < deadline, "the indexes were not made in 60 s"
            time.sleep(0.1)
        assert client.get("/identify.json?notation=W/W/W+R").status_code == 200


def test_a_prepared_index_is_read_and_never_answers_for_changed_data(tmp_path: Path, monkeypatch):
    """`navlights prepare` writes the indexes ahead; a command reads them (writing nothing to the user's cache),
    but an edition whose rule file changed gets its own index, not the prepared one."""
    from navlights.rulebase import loader
    prepared, user = tmp_path / "prepared", tmp_path / "user"
    monkeypatch.setenv("NAVLIGHTS_PREPARED_DIR", str(prepared))
    monkeypatch.delenv("NAVLIGHTS_CACHE_DIR", raising=False)
    original = loader.load_file(loader.DATA / "intl-1960.toml")
    assert cache.store(original, prepared) and not cache.store(original, prepared)     # written once
    cache.clear_cache()
    monkeypatch.setattr(cache, "build_index", lambda *a: (_ for _ in ()).throw(AssertionError("built")))
    same = loader.load_file(loader.DATA / "intl-1960.toml")
    assert cache.index(same, user).key == cache.index_key(original)                  # read, not built
    assert not user.exists()
    monkeypatch.undo()
    monkeypatch.setenv("NAVLIGHTS_PREPARED_DIR", str(prepared))
    text = (loader.DATA / "intl-1960.toml").read_text()
    head, tail = text.split("[light.anchor-white]", 1)
    changed_file = tmp_path / "intl-1960.toml"
    changed_file.write_text(head + "[light.anchor-white]" + tail.replace('colour = "white"', 'colour = "red"', 1))
    changed = loader.load_file(changed_file)
    idx = cache.index(changed, user)
    assert idx.key == cache.index_key(changed) != cache.index_key(original)
    assert [p.name for p in user.glob("identify-*.pickle")] == [f"identify-intl-1960-{idx.key}.pickle"]
    r = api.identify("R", changed, near=False)
    assert any(h.situation == "vessel at anchor" for h in r)


def test_prepare_fills_a_directory_every_command_reads(tmp_path: Path, monkeypatch):
    cache.clear_cache()
    got = api.prepare(str(tmp_path), ais=False)      # the AIS tables: tests/test_traffic_ais_speed.py
    assert got["editions"] == api.edition_ids() and got["directory"] == str(tmp_path)
    names = sorted(p.name.split("-")[0] for p in tmp_path.glob("*.pickle"))
    assert names.count("edition") == names.count("identify") == len(api.edition_ids()) and "names" in names
    monkeypatch.setenv("NAVLIGHTS_PREPARED_DIR", "off")
    with pytest.raises(NavlightsError, match="^dir: no directory"):
        api.prepare()


def test_prepare_command_refuses_a_directory_it_cannot_write_in_one_line(tmp_path: Path, capsys):
    from navlights.cli import main
    (tmp_path / "file").write_text("")
    assert main(["prepare", "--dir", str(tmp_path / "file" / "sub")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("navlights: error: dir: cannot write to ") and err.count("\n") == 1
