"""What the pages of kept results share (Check a plan, Encounter): keeping a submitted input and answering 303 to
its address, finding it again, its JSON twin and its report as a download. The store is :mod:`.results`."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from .. import api
from .common import context
from ..errors import NavlightsError
from .results import KEEP_DAYS, KEY_PATTERN, MAX_ITEMS, NotKept, ResultStoreError, digest, is_key

log = logging.getLogger("navlights.web")


def keep(request: Request, kind: str, data: Any, text: str, params: dict[str, Any] | None = None
         ) -> tuple[str | None, str | None]:
    """Keep a submitted input: (its key, None), or (None, the note to show) when the store cannot keep it;
    :class:`~.results.TooManyPosts` (429) past the client's rate of new inputs."""
    key = digest(kind, data)
    client = request.client.host if request.client else ""
    try:
        context(request).results.put(kind, key, text, params, client=client)
    except ResultStoreError as e:
        log.warning("%s", e)
        return None, (f"No address could be kept for this result ({e}): it is shown here this once, and it has no "
                      "report to download.")
    return key, None


def see_other(kind: str, key: str, anchor: str = "") -> RedirectResponse:
    """303 to a kept result's address (at ``anchor``, the result under the form): a reload there does not post
    again."""
    return RedirectResponse(f"/{kind}/r/{key}" + (f"#{anchor}" if anchor else ""), status_code=303)


def key_param(description: str) -> Any:
    """The ``{key}`` of a result's address: its pattern in the OpenAPI document; checked by :func:`find`, so that
    a malformed key gets the app's one line."""
    return Path(..., description=description, json_schema_extra={"pattern": KEY_PATTERN})


def find(request: Request, kind: str, key: str) -> tuple[str, dict[str, Any], str]:
    """The input kept under ``key``: (text, params, when first kept); 422 for a malformed key, :class:`NotKept`
    (404) when nothing is kept under it."""
    if not is_key(key):
        shown = key if len(key) <= 20 else key[:17] + "..."
        raise NavlightsError(f"key: {shown!r} is not a result's key; allowed: 64 hexadecimal digits (0-9, a-f), "
                             "the SHA-256 of the input", field="key", value=key, allowed="64 hexadecimal digits")
    found = context(request).results.get(kind, key)
    if found is None:
        raise NotKept(f"result: nothing is kept at /{kind}/r/{key[:12]}…; the store keeps at most {MAX_ITEMS} "
                      f"inputs, an address opened again or kept within {KEEP_DAYS} days always: submit it again on "
                      f"/{kind}", field="result", value=key, allowed="a kept result's key")
    return found


def kept(request: Request, kind: str, key: str, when: str) -> dict[str, Any]:
    """What a result page says of its address: the address, the JSON twin, the report, and when it was kept."""
    path = f"/{kind}/r/{key}"
    return {"key": key, "path": path, "address": str(request.base_url).rstrip("/") + path, "json": f"{path}.json",
            "report": f"{path}/report.html", "since": when, "since_words": when[:16].replace("T", " ") + " UTC",
            "version": api.version()}


def twin(request: Request, kind: str, key: str, when: str, given: dict[str, Any], result: Any) -> dict[str, Any]:
    """The JSON twin of a result page: the address, the input as kept, and the result computed from it now."""
    info = kept(request, kind, key, when)
    return {"kind": kind, "key": key, "address": info["address"], "kept_since": when,
            "navlights_version": info["version"], "input": given, "result": result}


def attachment(html: str, filename: str) -> HTMLResponse:
    """A standalone HTML report, served to be saved (Content-Disposition: attachment)."""
    return HTMLResponse(html, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def foot(info: dict[str, Any]) -> str:
    """The line at the foot of a downloaded report: where it is kept, and which navlights computed it."""
    return (f"Kept at {info['address']} (input kept since {info['since_words']}); computed from the kept input by "
            f"navlights {info['version']}.")


__all__ = ["ResultStoreError", "attachment", "find", "foot", "keep", "kept", "see_other", "twin"]
