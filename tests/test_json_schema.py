"""JSON outputs validate against their published schemas (docs/schema/)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import navlights
from navlights import api
from navlights.classes import vessels
from navlights.errors import MissingFactError

SCHEMA = Path(__file__).parents[1] / "docs" / "schema"


@pytest.fixture(scope="module")
def display_validator():
    schema = json.loads((SCHEMA / "display.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("eid", navlights.edition_ids())
def test_every_representative_display_validates(display_validator, eid):
    ed = navlights.edition(eid)
    n = 0
    for i, (_, v) in enumerate(vessels(ed)):
        if i % 7:  # a spread sample keeps the test quick
            continue
        try:
            data = api.display_json(v, ed)
        except MissingFactError:
            continue
        errors = list(display_validator.iter_errors(data))
        assert not errors, (v, errors[0].message, list(errors[0].path))
        n += 1
    assert n > 10
