"""Issue 35 item 2: the front-server recipe (deploy/serve-behind-nginx.sh, deploy/nginx.conf.template) runs nginx
in front of `navlights serve --workers 2` on loopback, and holds under the attacks issue 35 made on the app alone:
slow bodies and a keep-alive flood leave /healthz answering; a body over 64 KiB is 413 and a flood of posts 429 at
nginx; the static files are nginx's. Skipped, saying why, where nginx is not installed (.ci/run installs
Debian's nginx-light)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).parents[1]
SCRIPT = ROOT / "deploy/serve-behind-nginx.sh"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed (Debian: apt-get install nginx-light; "
                                                      ".ci/run installs it)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, data: bytes | None = None, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int]]:
    """(nginx's port, the app's port), both on 127.0.0.1."""
    tmp = tmp_path_factory.mktemp("front")
    port, app_port = _free_port(), _free_port()
    env = dict(os.environ, NAVLIGHTS=str(Path(sys.executable).parent / "navlights"))
    proc = subprocess.Popen(["bash", str(SCRIPT), "--port", str(port), "--app-port", str(app_port), "--workers", "2",
                             "--run", str(tmp / "run"), "--", "--db", str(tmp / "p.sqlite"), "--log-level",
                             "warning"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 90
    while True:
        assert proc.poll() is None, proc.stderr.read().decode()[-2000:] if proc.stderr else ""
        try:
            if _get(f"http://127.0.0.1:{port}/healthz", timeout=2)[0] == 200:
                break
        except OSError:
            pass
        assert time.monotonic() < deadline, "the proxy and the app did not start in 90 s"
        time.sleep(0.3)
    yield port, app_port
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(30)


def _probe(port: int) -> float:
    t0 = time.monotonic()
    assert _get(f"http://127.0.0.1:{port}/healthz")[0] == 200
    return time.monotonic() - t0


def test_static_files_are_served_by_nginx(front):
    port, _ = front
    status, headers, body = _get(f"http://127.0.0.1:{port}/static/common.js")
    assert status == 200 and headers.get("server") == "nginx"            # the app sends no Server header
    assert body == (ROOT / "src/navlights/web/static/common.js").read_bytes()


def test_the_app_is_behind_it(front):
    port, _ = front
    status, headers, body = _get(f"http://127.0.0.1:{port}/editions.json")
    assert status == 200 and b"intl-1972" in body and "content-security-policy" in headers


def test_a_body_over_64_kib_is_refused_by_nginx(front):
    port, _ = front
    assert _get(f"http://127.0.0.1:{port}/plan.json", data=b"x" * (64 * 1024 + 1))[0] == 413


def _attack(port: int, count: int, send: bytes, read: bool = False) -> list[socket.socket]:
    socks = []
    for _ in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(send)
            if read:
                s.recv(4096)
        except OSError:
            continue
        socks.append(s)
    return socks


SLOW_BODY = b"POST /plan.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"


@pytest.mark.parametrize("attack, send, read", [
    ("slow bodies", SLOW_BODY, False),
    ("keep-alive flood", b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", True),
])
def test_healthz_answers_beside_each_attack_through_the_proxy(front, attack, send, read):
    port, app_port = front
    quiet = max(_probe(port) for _ in range(5))
    socks = _attack(port, 300, send, read)
    try:
        during = [_probe(port) for _ in range(10)]
        assert max(during) < max(3 * quiet, 2.0), (attack, quiet, during)
        assert _probe(app_port) < 5.0                                     # the app itself has room
    finally:
        for s in socks:
            s.close()


def test_a_flood_of_posts_from_one_address_is_429_at_nginx(front):
    """30 a minute per address, a burst of 10 (deploy/nginx.conf.template); the app's own 20 a minute of new
    results stands behind it."""
    port, _ = front
    codes = [_get(f"http://127.0.0.1:{port}/plan.json", data=b"{}")[0] for _ in range(25)]
    assert set(codes) <= {422, 429} and codes.count(429) >= 25 - 10 - 1, codes     # the slow bodies above count too


