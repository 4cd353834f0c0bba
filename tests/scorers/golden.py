"""Shared loading for the golden tables under tests/scorers/cases/: rows become real sets and documents.

Each row's question is wrapped in a seed-dialect set, validated against schema.json and built by the
set loader, so a row exercises the same path as a question in a file.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from benchmark.documents import Document, load_document
from benchmark.models import QuestionSet
from benchmark.questions import build_question_set, schema_errors
from benchmark.report.json_report import clean
from scorers.result import ScoreResult

ROOT = Path(__file__).resolve().parents[2]
CASES_DIR = Path(__file__).parent / "cases"


def load_cases(name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((CASES_DIR / f"{name}.json").read_text(encoding="utf-8"))
    return cases


@cache
def case_document(rel: str) -> Document:
    return load_document(ROOT / rel)


def case_question_set(case: dict[str, Any], qtype: str) -> QuestionSet:
    """The row's question wrapped in a seed-dialect set, validated and built like a loaded file."""
    document = ROOT / case["document"]
    obj: dict[str, Any] = {
        "benchmark_type": qtype,
        "description": case["why"],
        "document": document.name,
        "questions": [case["question"]],
    }
    if "evaluation_criteria" in case:
        obj["evaluation_criteria"] = case["evaluation_criteria"]
    problems = schema_errors(obj)
    assert not problems, f"{case['id']}: the row's question breaks schema.json: {problems}"
    data = json.dumps(obj, ensure_ascii=False).encode("utf-8")
    return build_question_set(document.parent / f"golden_{case['id']}.json", obj, data, None)


def _json_difference(value: Any, cleaned: Any, path: str = "$") -> str | None:
    """Where ``cleaned`` (what ``clean`` made of ``value``) differs from ``value``, types included."""
    if type(value) is not type(cleaned):
        return f"{path}: {type(value).__name__} becomes {type(cleaned).__name__}"
    if isinstance(value, dict):
        if list(value) != list(cleaned):
            return f"{path}: keys {list(value)} become {list(cleaned)}"
        pairs = [(value[k], cleaned[k], f"{path}.{k}") for k in value]
    elif isinstance(value, list):
        pairs = [(v, c, f"{path}[{i}]") for i, (v, c) in enumerate(zip(value, cleaned, strict=True))]
    else:
        return None if value == cleaned else f"{path}: {value!r} becomes {cleaned!r}"
    return next((d for v, c, p in pairs if (d := _json_difference(v, c, p))), None)


def assert_json_ready(result: ScoreResult, where: str) -> ScoreResult:
    """A built-in scorer's promise (``ScoreResult.json_ready``): the report may skip ``clean``."""
    assert result.json_ready, f"{where}: the built-in scorer did not mark its result json_ready"
    for part, value in (("details", result.details), ("diagnostics", result.diagnostics())):
        difference = _json_difference(value, clean(value))
        assert difference is None, f"{where}: {part} is not JSON-ready: {difference}"
    return result
