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
