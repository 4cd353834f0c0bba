"""The evidence_set golden table (tests/scorers/cases/evidence_set.json), row by row.

Each row holds an inline question in the set format, the bundled document it is about, an answer as
an adapter returns it (docs/contract.md §3) and what the scorer must conclude. A reviewer adds a case by
adding a row. Row keys:

- ``id``, ``why`` (the reason the row exists), ``document`` (relative to the repository root);
- ``question``: one question object, validated against schema.json and built by the set loader;
- ``evaluation_criteria`` (optional): the set-level criteria the question is scored under;
- ``answer``: what an adapter returned, read by ``parse_answer``;
- ``expect``: ``evidence_recall``, ``evidence_precision``, ``citation`` (component scores; ``null`` =
  not applicable) and ``outcome`` (PASS/FAIL) always; optionally ``key_points`` / ``evidence_count``
  (component scores, ``null`` = not a scoring component), ``score``, the raw ``recall`` /
  ``precision``, ``returned`` / ``relevant`` item counts, per required item ``required_status``,
  ``method``, ``missing_numbers`` and ``in_answer_text``, per returned item ``item_status``, per key
  point ``key_points_covered``, and ``count_met``.

Rows are scored through the registry (``benchmark.scoring.score_answer``), as a run scores them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmark.answers import parse_answer
from benchmark.documents import Document
from benchmark.models import QuestionSet
from benchmark.scoring import score_answer
from scorers.evidence_set import check_evidence_set
from scorers.result import ScoreResult
from tests.scorers.golden import assert_json_ready, case_document, case_question_set, load_cases

ROOT = Path(__file__).resolve().parents[2]
CASES_PATH = Path(__file__).parent / "cases" / "evidence_set.json"
CASES = load_cases("evidence_set")
ALWAYS = ("evidence_recall", "evidence_precision", "citation")
OPTIONAL = ("key_points", "evidence_count", "citation_coverage")
# expect key -> where it is in the result's details, and per-element field for lists
DETAIL_LISTS = {
    "required_status": ("required", "status"),
    "method": ("required", "method"),
    "missing_numbers": ("required", "missing_numbers"),
    "in_answer_text": ("required", "in_answer_text"),
    "item_status": ("items", "status"),
}


def _document(rel: str) -> Document:
    return case_document(rel)


def _question_set(case: dict[str, Any]) -> QuestionSet:
    return case_question_set(case, "evidence_set")


def _score(case: dict[str, Any]) -> ScoreResult:
    qs = _question_set(case)
    question = qs.questions[0]
    assert check_evidence_set(question) == [], f"{case['id']}: question not scorable"
    answer = parse_answer(case["answer"])
    result = score_answer(question, answer, criteria=qs.criteria, document=_document(case["document"]))
    return assert_json_ready(result, case["id"])


def _check_components(case: dict[str, Any], result: ScoreResult, where: str) -> None:
    expect = case["expect"]
    for name in ALWAYS + OPTIONAL:
        if name not in expect:
            continue
        comp = result.components.get(name)
        got = None if comp is None else comp.score
        want = expect[name]
        assert (got is None) == (want is None), f"{where}: {name}: {result.diagnostics().get(name)}"
        if want is not None:
            assert got == pytest.approx(want, abs=1e-6), f"{where}: {name}: {result.diagnostics()[name]}"
    assert ("PASS" if result.passed else "FAIL") == expect["outcome"], f"{where}: score {result.score}"
    if "score" in expect:
        assert result.score == pytest.approx(expect["score"], abs=1e-6), f"{where}: {result.diagnostics()}"


def _check_details(case: dict[str, Any], result: ScoreResult, where: str) -> None:
    expect, details = case["expect"], result.details
    evidence = details["evidence"]
    for key in ("recall", "precision", "returned", "relevant"):
        if key in expect:
            assert evidence[key] == pytest.approx(expect[key], abs=1e-6), f"{where}: {key}: {evidence}"
    for key, (listing, field) in DETAIL_LISTS.items():
        if key in expect:
            got = [entry[field] for entry in evidence[listing]]
            assert got == expect[key], f"{where}: {key}: {json.dumps(evidence[listing], ensure_ascii=False)}"
    if "key_points_covered" in expect:
        got = [p["covered"] for p in details["key_points"]["points"]]
        assert got == expect["key_points_covered"], f"{where}: {details['key_points']}"
    if "count_met" in expect:
        assert details["evidence_count"]["met"] is expect["count_met"], (
            f"{where}: {details['evidence_count']}"
        )


def test_table_is_big_enough_and_well_formed() -> None:
    ids = [c["id"] for c in CASES]
    assert len(CASES) >= 60
    assert len(ids) == len(set(ids))
    for case in CASES:
        assert set(case) >= {"id", "why", "document", "question", "answer", "expect"}, case["id"]
        assert case["why"].strip(), case["id"]
        assert case["document"].startswith("datasets/") and case["document"].endswith("/document.md")
        assert {*ALWAYS, "outcome"} <= set(case["expect"]), case["id"]
        unknown = set(case["expect"]) - {*ALWAYS, *OPTIONAL, *DETAIL_LISTS, "outcome", "score", "recall",
                                         "precision", "returned", "relevant", "key_points_covered", "count_met"}  # fmt: skip
        assert not unknown, (case["id"], unknown)


def test_table_covers_every_situation_the_scorer_distinguishes() -> None:
    """Statuses, outcomes and options that must each appear in at least one row."""
    expects = [c["expect"] for c in CASES]
    statuses = {s for e in expects for s in e.get("required_status", [])}
    assert statuses == {"match", "mismatch", "omission"}
    assert {s for e in expects for s in e.get("item_status", [])} == {"match", "irrelevant"}
    assert {e["outcome"] for e in expects} == {"PASS", "FAIL"}
    scorings = [c["question"].get("scoring", {}) for c in CASES]
    assert any(s.get("partial_credit") for s in scorings)
    assert any(s.get("citation_required") is False for s in scorings)
    assert any("key_points" in (s.get("weights") or {}) for s in scorings)
    assert any(e.get("citation") is None for e in expects)


def test_every_must_include_is_on_its_page() -> None:
    """The rows' required_evidence is copied from the documents, as a set author must."""
    for case in CASES:
        doc = _document(case["document"])
        for item in case["question"].get("required_evidence", []):
            page = doc.page(item["page"])
            assert page is not None and item["must_include"] in page.text, (case["id"], item)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_row(case: dict[str, Any]) -> None:
    result = _score(case)
    where = f"{case['id']} ({case['why']})"
    _check_components(case, result, where)
    _check_details(case, result, where)


def test_scoring_is_deterministic() -> None:
    """Same question and answer give the same result, details included."""
    for case in CASES[:30]:
        first, second = _score(case), _score(case)
        assert first.diagnostics() == second.diagnostics()
        assert json.dumps(first.details, sort_keys=True) == json.dumps(second.details, sort_keys=True)
