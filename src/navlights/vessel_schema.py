"""The vessel as JSON input, as a JSON Schema (``--vessel-json``, the web's ``POST /api/display.json``), and the
helper that inlines a schema's local references so it can be embedded in the OpenAPI document."""

from typing import Any, get_args

from .vessel import FishingMethod, Vessel

# The vessel as JSON input, as a JSON Schema (the web's POST /api/display.json declares it)

#: A length as text: a number and a unit (ft, feet, foot, ', m, metre(s), meter(s)), e.g. '200 ft' or '61 m'.
LENGTH_TEXT_PATTERN = r"^\s*[0-9]+(\.[0-9]+)?\s*(ft|feet|foot|'|m|metres?|meters?)\s*$"


def inline_refs(schema: Any, defs: dict[str, Any] | None = None) -> Any:
    """A JSON Schema with its local ``#/$defs/...`` references replaced by what they name (the models here are
    not recursive), so that it can be embedded in another document (the OpenAPI document)."""
    if defs is None and isinstance(schema, dict):
        defs = schema.get("$defs", {})
        schema = {k: v for k, v in schema.items() if k != "$defs"}
    if isinstance(schema, dict):
        ref = schema.get("$ref", "")
        if ref.startswith("#/$defs/"):
            return inline_refs({**(defs or {})[ref.rsplit("/", 1)[-1]],
                                **{k: v for k, v in schema.items() if k != "$ref"}}, defs)
        return {k: inline_refs(v, defs) for k, v in schema.items()}
    if isinstance(schema, list):
        return [inline_refs(v, defs) for v in schema]
    return schema


def input_schema() -> dict[str, Any]:
    """The JSON Schema of a vessel as JSON input (``--vessel-json``, ``POST /api/display.json``), as
    :meth:`Vessel.from_fields` reads it: every field optional, ``propulsion`` defaulting to power (none for a
    vessel being towed or pushed); lengths as text with a unit; ``towing`` and ``being_towed`` an object or
    true/false, ``fishing`` an object, a method or true/false."""
    s = inline_refs(Vessel.model_json_schema(by_alias=True))
    s.pop("required", None)
    s.pop("title", None)
    s["description"] = "a vessel as JSON: the 'vessel' of any --json output, or the fields of --vessel-json"
    props = s["properties"]
    props["propulsion"] = {**props["propulsion"], "default": "power",
                           "description": "what drives her now: power, sail, oars or none (not given: power; none "
                                          "for a vessel being towed or pushed)"}
    length = {"type": "string", "pattern": LENGTH_TEXT_PATTERN}
    for name in ("length", "breadth"):
        props[name] = {"anyOf": [length, {"type": "null"}], "default": None,
                       "description": props[name].get("description", "")}
    for part, key in (("towing", "tow_length"), ("being_towed", "tow_length"), ("fishing", "gear_extent")):
        options = props[part]["anyOf"]
        obj = next(o for o in options if o.get("type") == "object")
        obj["properties"][key] = {"anyOf": [length, {"type": "null"}], "default": None,
                                  "description": obj["properties"][key].get("description", "")}
        obj.pop("title", None)
        extra: list[dict[str, Any]] = [{"type": "boolean"}]
        if part == "fishing":
            extra.append({"type": "string", "enum": list(get_args(FishingMethod))})
        props[part] = {**props[part], "anyOf": [obj, *extra, {"type": "null"}]}
    for p in props.values():
        p.pop("title", None)
    return s
