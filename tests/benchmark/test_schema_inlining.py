"""``schema.json`` with its ``$defs`` references inlined (what the loader validates with) reports exactly
the errors the schema as written does, on the bundled sets and on broken variants of them."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from benchmark.questions import _validator, find_set_files
from benchmark.resources import datasets_dir, schema_path

SCHEMA = json.loads(schema_path().read_text(encoding="utf-8"))
AS_WRITTEN = Draft202012Validator(SCHEMA)
SETS = {path.name + ":" + path.parent.name: json.loads(path.read_text(encoding="utf-8"))
        for path in find_set_files([datasets_dir()])}  # fmt: skip


def _errors(validator: Any, obj: Any) -> list[tuple[str, str, str]]:
    found = [(e.json_path, e.validator, e.message) for e in validator.iter_errors(obj)]
    return sorted(found)


def _broken(obj: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Variants with one fault each: a question field removed, given the wrong type, misspelt, or
    a criteria value out of range."""
    question = obj["questions"][0]
    for key in list(question):
        removed = copy.deepcopy(obj)
        del removed["questions"][0][key]
        yield removed
        wrong = copy.deepcopy(obj)
        wrong["questions"][0][key] = {"not": "this"} if isinstance(question[key], (str, list)) else "text"
        yield wrong
    misspelt = copy.deepcopy(obj)
    misspelt["questions"][0]["expected_typo"] = 1
    yield misspelt
    for criteria in ("evaluation_criteria", "scoring_config"):
        if criteria in obj:
            out_of_range = copy.deepcopy(obj)
            out_of_range[criteria] = {"pass_threshold": 7, "overall_pass_threshold": "high"}
            yield out_of_range


@pytest.mark.parametrize("name", sorted(SETS))
def test_inlined_schema_reports_the_same_errors(name: str) -> None:
    obj = SETS[name]
    assert _errors(_validator(), obj) == _errors(AS_WRITTEN, obj) == []
    variants = list(_broken(obj))
    for variant in variants:
        assert _errors(_validator(), variant) == _errors(AS_WRITTEN, variant)
    assert sum(bool(_errors(AS_WRITTEN, v)) for v in variants) >= len(variants) // 2  # they do break
