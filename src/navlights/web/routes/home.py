"""The home page, the choice of theme and the health check."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ... import api
from .. import pages
from ..common import THEME_COOKIE, THEMES, error_page, page

router = APIRouter()

#: How long the choice of theme is kept (a year, renewed at each choice).
THEME_MAX_AGE = 365 * 24 * 3600


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def index(request: Request) -> HTMLResponse:
    current, history = pages.editions_in_force()
    return page(request, "index.html", title="navlights", current=current, history=history)


@router.post("/theme", include_in_schema=False)
async def choose_theme(request: Request) -> Response:
    """The header's night-mode button without JavaScript (``theme`` = light, night, or auto to follow the browser
    again): the choice kept in a cookie, then back to the page it was made on (``Referer``, this site only)."""
    form = parse_qs((await request.body()).decode("utf-8", "replace"), keep_blank_values=True)
    theme = (form.get("theme") or [""])[0]
    if theme not in (*THEMES, "auto"):
        return error_page(request, 422, f"theme: {theme[:40]!r} is not a theme; allowed: light, night, auto",
                          "theme")
    response = RedirectResponse(_back(request), status_code=303)
    if theme == "auto":
        response.delete_cookie(THEME_COOKIE, path="/", samesite="lax")
    else:
        response.set_cookie(THEME_COOKIE, theme, max_age=THEME_MAX_AGE, path="/", samesite="lax")
    return response


def _back(request: Request) -> str:
    """The page the choice was made on, as a path on this site (its Referer), or the home page."""
    ref = urlsplit(request.headers.get("referer", ""))
    if ref.netloc != request.headers.get("host") or ref.scheme not in ("http", "https"):
        return "/"
    path = ref.path if ref.path.startswith("/") and not ref.path.startswith("//") else "/"
    return path + (f"?{ref.query}" if ref.query else "")


@router.get("/healthz", include_in_schema=False)
async def healthz() -> dict[str, str]:
    """Up, and which navlights answers (the package's version, as the footer and ``navlights --version`` say)."""
    return {"status": "ok", "version": api.version()}
