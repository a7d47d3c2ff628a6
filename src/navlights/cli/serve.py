"""Command `navlights serve`: the web app on a local port (FastAPI and uvicorn load only here)."""

from __future__ import annotations

import ipaddress
from typing import Any

import click


LOOPBACK = ("127.0.0.1", "::1", "localhost")


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
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="worker processes (each answers requests; progress is shared through the database)")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def serve(host: str, port: int, db: str | None, workers: int, log_level: str) -> None:
    """Serve the web app: explore, identify, compare, train and editions; JSON API docs at /docs."""
    import os

    import uvicorn

    from ..web.app import create_app
    from ..web.training import default_db_path

    if not _is_loopback(host):
        click.echo(f"navlights: warning: serving on {host}, not loopback; the app has no login", err=True)
    where = db or default_db_path()
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"navlights: serving on http://{shown}:{port}/ (progress: {where}); Ctrl-C stops", err=True)
    options: dict[str, Any] = dict(host=host, port=port, log_level=log_level, access_log=log_level == "debug", server_header=False,
                   limit_concurrency=512 * workers, timeout_keep_alive=5)
    if workers > 1:          # worker processes import the app themselves and find the database in the environment
        os.environ["NAVLIGHTS_DB"] = str(where)
        os.environ["NAVLIGHTS_PREPARE"] = "1"
        uvicorn.run("navlights.web.app:create_app", factory=True, workers=workers, **options)
    else:
        uvicorn.run(create_app(db, prepare=True), **options)


COMMANDS = (serve,)
