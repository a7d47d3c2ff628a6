"""/docs: the JSON API, rendered on the server from the app's own OpenAPI document (no outside scripts); and
/docs/swagger: Swagger UI, its files served by this app from the swagger-ui-bundle-v2 package."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ..common import page

router = APIRouter()


#: Where the app serves Swagger UI's files (app.py mounts the package's folder there).
SWAGGER_STATIC = "/static/swagger-ui"
SWAGGER_PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>navlights API · Swagger UI</title>
<link rel="stylesheet" href="{SWAGGER_STATIC}/swagger-ui.css">
<link rel="icon" href="/static/favicon.svg">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{SWAGGER_STATIC}/swagger-ui-bundle.js"></script>
<script src="/static/swagger-init.js"></script>
</body>
</html>
"""


@router.get("/docs", response_class=HTMLResponse, include_in_schema=False)
def api_docs(request: Request) -> HTMLResponse:
    return page(request, "api_docs.html", title="API", endpoints=api_reference(request.app.openapi()))


@router.get("/docs/swagger", response_class=HTMLResponse, include_in_schema=False)
async def swagger_ui() -> HTMLResponse:
    """Swagger UI over /openapi.json; its scripts and styles come from this app, so the page keeps its CSP."""
    return HTMLResponse(SWAGGER_PAGE)


def _type_words(schema: dict[str, Any]) -> str:
    """A parameter's type in words: 'string (at most 40)', 'one of: power, sail', 'number 0 to 360'."""
    options = [o for o in schema.get("anyOf", [schema]) if o.get("type") != "null"]
    words = []
    for o in options:
        if "enum" in o:
            words.append("one of: " + ", ".join(str(v) for v in o["enum"]))
            continue
        t = {"integer": "whole number", "number": "number", "boolean": "true or false",
             "string": "text", "object": "JSON object"}.get(o.get("type", ""), o.get("type", "any"))
        lo = o.get("minimum", o.get("exclusiveMinimum", schema.get("minimum", schema.get("exclusiveMinimum"))))
        hi = o.get("maximum", schema.get("maximum"))
        if lo is not None or hi is not None:
            t += f" {'' if lo is None else f'{lo:g}'} to {'' if hi is None else f'{hi:g}'}".rstrip()
        if o.get("maxLength"):
            t += f" (at most {o['maxLength']} characters)"
        words.append(t)
    return " or ".join(words) or "any"


def _body(op: dict[str, Any], schemas: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The fields of an operation's JSON body, if it takes one."""
    ref = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {}).get("$ref")
    if not ref:
        return None
    model = schemas.get(ref.rsplit("/", 1)[-1], {})
    required = set(model.get("required", []))
    return [{"name": k, "required": k in required, "type": _type_words(v), "description": v.get("description", ""),
             "default": v.get("default")} for k, v in model.get("properties", {}).items()]


def api_reference(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The OpenAPI document as a list of endpoints for the /docs page (served without outside scripts)."""
    schemas = spec.get("components", {}).get("schemas", {})
    out = []
    for path, methods in spec.get("paths", {}).items():
        for method, op in methods.items():
            params = [{"name": p["name"], "in": p["in"], "required": p.get("required", False),
                       "type": _type_words(p.get("schema", {})), "default": p.get("schema", {}).get("default"),
                       "description": p.get("description", "")} for p in op.get("parameters", [])]
            out.append({"method": method.upper(), "path": path, "summary": op.get("summary", ""),
                        "description": op.get("description", ""), "tags": op.get("tags", []),
                        "params": params, "body": _body(op, schemas),
                        "responses": sorted(str(c) for c in op.get("responses", {}))})
    return out
