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

from fastapi.testclient import TestClient

from navlights import api
from navlights.engines.identify import cache
from navlights.web.app import create_app

CODE = "from navlights import api; from navlights.engines.identify import cache; " \
       "print(' '.join(cache.index_key(e) for e in api.editions()))"


def test_the_cache_key_does_not_depend_on_string_hashing():
    keys = {subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3", "random")}
    assert len(keys) == 1, keys
    assert keys.pop().split() == [cache.index_key(e) for e in api.editions()]


def test_prepare_identify_writes_every_index_to_the_disk_cache(tmp_path: Path):
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
    cache.clear_cache()
    with TestClient(create_app(tmp_path / "p.sqlite", prepare=True)) as client:     # runs the lifespan
        deadline = time.monotonic() + 60
        while len(list((tmp_path / "navlights").glob("identify-*.pickle"))) < len(api.edition_ids()):
            assert time.monotonic() < deadline, "the indexes were not made in 60 s"
            time.sleep(0.1)
        assert client.get("/identify.json?notation=W/W/W+R").status_code == 200
