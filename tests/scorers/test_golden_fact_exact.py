"""The fact_exact golden table (tests/scorers/cases/fact_exact.json), row by row.

Each row holds an inline question in the set format, the document it is about, an answer as an
adapter returns it (docs/contract.md §3) and what the scorer must conclude. A reviewer adds a case by
adding a row. Row keys:

- ``id``, ``why`` (the reason the row exists), ``document`` (relative to the repository root);
- ``question``: one question object, validated against schema.json and built by the set loader;
- ``evaluation_criteria`` (optional): the set-level criteria the question is scored under;
- ``answer``: what an adapter returned, read by ``parse_answer``;
- ``expect``: ``exact_match`` and ``citation`` (component scores, ``null`` = not applicable),
  ``outcome`` (PASS/FAIL), optionally ``score``, ``fields`` (field -> status),
  ``citation_provided`` and ``citation_correct``;
- ``xfail`` (optional): a known normaliser gap; strict, so the row fails once the gap is fixed and the
  marker must be removed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmark.answers import parse_answer
from benchmark.documents import Document
from benchmark.models import Question, QuestionSet
from scorers.fact_exact import check_fact_exact, score_fact_exact
from scorers.registry import ScoringContext
from scorers.result import ScoreResult
from tests.scorers.golden import assert_json_ready, case_document, case_question_set, load_cases

ROOT = Path(__file__).resolve().parents[2]
CASES_PATH = Path(__file__).parent / "cases" / "fact_exact.json"
CASES = load_cases("fact_exact")
COMPONENTS = ("exact_match", "citation")


def _document(rel: str) -> Document:
    return case_document(rel)


def _question_set(case: dict[str, Any]) -> QuestionSet:
    return case_question_set(case, "fact_exact")


def _score(case: dict[str, Any]) -> tuple[Question, ScoreResult]:
    qs = _question_set(case)
    question = qs.questions[0]
    assert check_fact_exact(question) == [], f"{case['id']}: question not scorable"
    ctx = ScoringContext(criteria=qs.criteria, document=_document(case["document"]))
    return question, assert_json_ready(
        score_fact_exact(question, parse_answer(case["answer"]), ctx), case["id"]
    )


def _check(case: dict[str, Any], result: ScoreResult) -> None:
    expect = case["expect"]
    where = f"{case['id']} ({case['why']})"
    for name in COMPONENTS:
        if name in expect:
            assert result.components[name].score == expect[name], (
                f"{where}: {name}: {result.diagnostics()[name]}"
            )
    assert ("PASS" if result.passed else "FAIL") == expect["outcome"], f"{where}: score {result.score}"
    if "score" in expect:
        assert result.score == pytest.approx(expect["score"]), where
    for field, status in expect.get("fields", {}).items():
        got = result.details["fields"][field]
        assert got["status"] == status, f"{where}: {field}: {got}"
    citation = result.details["citation"]
    for key in ("citation_provided", "citation_correct"):
        if key in expect:
            assert citation[key] == expect[key], f"{where}: {key}: {citation}"


def test_table_is_big_enough_and_well_formed() -> None:
    ids = [c["id"] for c in CASES]
    assert len(CASES) >= 110
    assert len(ids) == len(set(ids))
    for case in CASES:
        assert set(case) >= {"id", "why", "document", "question", "answer", "expect"}, case["id"]
        assert case["why"].strip(), case["id"]
        assert {"exact_match", "citation", "outcome"} <= set(case["expect"]), case["id"]


def test_every_must_include_is_on_its_page() -> None:
    """The rows' required_evidence is copied from the documents, as a set author must."""
    for case in CASES:
        doc = _document(case["document"])
        for item in case["question"]["required_evidence"]:
            page = doc.page(item["page"])
            assert page is not None and item["must_include"] in page.text, (case["id"], item)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_row(case: dict[str, Any]) -> None:
    _, result = _score(case)
    if "xfail" in case:
        try:
            _check(case, result)
        except AssertionError:
            pytest.xfail(case["xfail"])
        pytest.fail(f"{case['id']} passes now: remove its 'xfail' ({case['xfail']})")
    _check(case, result)


def test_scoring_is_deterministic() -> None:
    """Same question and answer give the same result, details included."""
    for case in CASES[:40]:
        first, second = _score(case)[1], _score(case)[1]
        assert first.diagnostics() == second.diagnostics()
        assert json.dumps(first.details, sort_keys=True) == json.dumps(second.details, sort_keys=True)
