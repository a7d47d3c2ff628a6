"""Issue 15: the server's start-up preparation ends by rehearsing one identify request through the whole app.

What a first ``/identify.json`` did and later ones did not (the query model's first validation, the percent-decoding
table, each layer's first pass) is done before a client asks: the first request cost 2x the later ones, now about
what any request costs after the server has been idle.
"""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from fastapi.testclient import TestClient

from navlights import api
from navlights.engines.identify import cache
from navlights.web import app as web_app


def test_the_rehearsed_request_is_answered(tmp_path: Path):
    app = web_app.create_app(tmp_path / "p.sqlite")
    path, query = web_app.REHEARSAL
    assert path == "/identify.json"
    assert asyncio.run(web_app._rehearse(app, path, query)) == 200
    assert asyncio.run(web_app._rehearse(app, "/no-such-page", b"")) == 404


def test_the_server_rehearses_on_its_own_loop_once_the_indexes_are_ready(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("NAVLIGHTS_CACHE_DIR", raising=False)
    seen: list[tuple[str, bool, int, int]] = []
    real = web_app._rehearse

    async def rehearse(app, path, query):
        ready = len(cache._MEMO)                 # indexes in memory when the rehearsal starts
        status = await real(app, path, query)
        seen.append((path, threading.current_thread() is not prepare_thread[0], ready, status))
        return status

    prepare_thread: list[threading.Thread] = []
    real_prepare = web_app._prepare_identify

    def prepare_identify(*args):
        prepare_thread.append(threading.current_thread())
        real_prepare(*args)

    monkeypatch.setattr(web_app, "_rehearse", rehearse)
    monkeypatch.setattr(web_app, "_prepare_identify", prepare_identify)
    cache.clear_cache()
    with TestClient(web_app.create_app(tmp_path / "p.sqlite", prepare=True)) as client:   # runs the lifespan
        deadline = time.monotonic() + 60
        while not seen:
            assert time.monotonic() < deadline, "no rehearsal in 60 s"
            time.sleep(0.05)
        # on the server's loop (not the preparing thread), once every edition's index was made
        assert seen == [("/identify.json", True, len(api.edition_ids()), 200)]
        assert client.get("/identify.json?notation=W/W/W+R").status_code == 200
