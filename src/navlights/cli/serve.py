"""Command `navlights serve`: the web app on a local port (FastAPI and uvicorn load only here)."""

from __future__ import annotations

import ipaddress
from typing import Any

import click


LOOPBACK = ("127.0.0.1", "::1", "localhost")
#: The most worker processes ``--workers auto`` starts (each holds its own caches: a few hundred MB at most).
AUTO_WORKERS_MAX = 4
#: Connections each worker process holds at once before it answers 503 (uvicorn's ``limit_concurrency``): those
#: waiting for a request head are bounded apart, far below it (navlights.web.connections).
LIMIT_CONCURRENCY = 1024


def auto_workers() -> int:
    """The CPUs this process may run on less one (left to the system, the database and the clients on the same
    machine), at least 1 and at most :data:`AUTO_WORKERS_MAX`. On the 2-vCPU development machine two workers served
    fewer requests than one under load_hostile.py (209 against 345 a second), the load generator sharing the CPUs."""
    import os
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(cpus - 1, AUTO_WORKERS_MAX))


def _workers(ctx: click.Context, param: click.Parameter, value: str) -> int:
    if value == "auto":
        return auto_workers()
    try:
        n = int(value)
    except ValueError:
        n = 0
    if not 1 <= n <= 64:
        raise click.BadParameter(f"{value!r} is not auto or a whole number from 1 to 64", ctx, param)
    return n


def worker_app() -> object:
    """The app of one worker process (``--workers`` over 1): it ends with the server that started it (on Linux, a
    signal when its parent dies), so that a killed server leaves no worker holding the port."""
    try:
        import ctypes
        import signal
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))       # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    from ..web.app import create_app
    return create_app()


def log_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's logging configuration with every line (uvicorn's and navlights') through
    :class:`navlights.web.guard.Repeats`: a line repeated within 10 s is written once (issue 35)."""
    import copy

    from uvicorn.config import LOGGING_CONFIG
    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"repeats": {"()": "navlights.web.guard.Repeats"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["repeats"]
    config["loggers"]["navlights"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return config


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="address to listen on (the app has no login: keep it on loopback)")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="port to listen on")
@click.option("--db", "db", type=click.Path(dir_okay=False), default=None,
              help="training progress database (default: $NAVLIGHTS_DB, else "
                   "$XDG_DATA_HOME/navlights/progress.sqlite or ~/.local/share/navlights/progress.sqlite)")
@click.option("--workers", default="auto", show_default=True, callback=_workers, metavar="N|auto",
              help=f"worker processes, each answering requests with caches of its own; progress is shared through "
                   f"the database (auto: the CPUs less one, at least 1, at most {AUTO_WORKERS_MAX})")
@click.option("--head-timeout", default=10.0, show_default=True, type=click.FloatRange(0.5, 300),
              help="seconds a connection may take to send a request head, from opening or from the last answer "
                   "(slower ones are closed: a slowloris cannot hold connections)")
@click.option("--behind-proxy", is_flag=True,
              help="every connection comes from a front server that limits each client address itself "
                   "(deploy/serve-behind-nginx.sh): the per-address connection bounds become the overall ones")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def serve(host: str, port: int, db: str | None, workers: int, head_timeout: float, behind_proxy: bool,
          log_level: str) -> None:
    """Serve the web app: explore, identify, compare, train and editions; JSON API docs at /docs."""
    import os

    import uvicorn

    from ..web.app import create_app
    from ..web.connections import BEHIND_PROXY_ENV, HEAD_TIMEOUT_ENV, GuardedHTTP
    from ..web.training import default_db_path

    if not _is_loopback(host):
        click.echo(f"navlights: warning: serving on {host}, not loopback; the app has no login", err=True)
    where = db or default_db_path()
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"navlights: serving on http://{shown}:{port}/ with {workers} worker process(es) (progress: "
               f"{where}); Ctrl-C stops", err=True)
    os.environ[HEAD_TIMEOUT_ENV] = str(head_timeout)       # read by each connection's guard, in every worker
    os.environ[BEHIND_PROXY_ENV] = "1" if behind_proxy else "0"
    options: dict[str, Any] = dict(host=host, port=port, log_level=log_level, access_log=log_level == "debug",
                                   log_config=log_config(log_level), server_header=False, limit_concurrency=LIMIT_CONCURRENCY, timeout_keep_alive=5,
                                   http=GuardedHTTP)
    if workers > 1:          # worker processes import the app themselves and find the database in the environment
        os.environ["NAVLIGHTS_DB"] = str(where)
        os.environ["NAVLIGHTS_PREPARE"] = "1"
        uvicorn.run("navlights.cli.serve:worker_app", factory=True, workers=workers, **options)
    else:
        uvicorn.run(create_app(db, prepare=True), **options)


COMMANDS = (serve,)
