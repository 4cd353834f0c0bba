"""The conflict_gap golden table (tests/scorers/cases/conflict_gap.json), row by row.

Each row holds an inline question in the set format, the bundled document it is about, an answer as
an adapter returns it (docs/contract.md §3) and what the scorer must conclude: each component (``null``
for not applicable), the outcome, and the invented specifics as ``kind:value`` in text order (all of
them, whether or not the question's hints make them count). A reviewer adds a case by adding a row.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmark.answers import parse_answer
from benchmark.documents import Document
from benchmark.models import QuestionSet
from scorers.conflict_gap import SCORER, check_conflict_gap, score_conflict_gap
from scorers.registry import ScoringContext
from scorers.result import ScoreResult
from tests.scorers.golden import assert_json_ready, case_document, case_question_set, load_cases

ROOT = Path(__file__).resolve().parents[2]
CASES_PATH = Path(__file__).parent / "cases" / "conflict_gap.json"
CASES = load_cases("conflict_gap")
COMPONENTS = ("abstention", "no_hallucination", "quote")


def _document(rel: str) -> Document:
    return case_document(rel)


def _question_set(case: dict[str, Any]) -> QuestionSet:
    return case_question_set(case, "conflict_gap")


def _score(case: dict[str, Any]) -> ScoreResult:
    qs = _question_set(case)
    question = qs.questions[0]
    assert question.type == "conflict_gap", case["id"]
    assert check_conflict_gap(question) == [], f"{case['id']}: {check_conflict_gap(question)}"
    ctx = ScoringContext(criteria=qs.criteria, document=_document(case["document"]))
    return assert_json_ready(score_conflict_gap(question, parse_answer(case["answer"]), ctx), case["id"])


def _check(case: dict[str, Any], result: ScoreResult) -> None:
    expect = case["expect"]
    where = f"{case['id']} ({case['why']})"
    for name in COMPONENTS:
        assert result.components[name].score == expect[name], f"{where}: {name}: {result.diagnostics()[name]}"
    invented = [f"{i['kind']}:{i['value']}" for i in result.details["invented"]]
    assert invented == expect["invented"], f"{where}: invented {result.details['invented']}"
    assert ("PASS" if result.passed else "FAIL") == expect["outcome"], f"{where}: score {result.score}"
    if "score" in expect:
        assert result.score == pytest.approx(expect["score"]), where
    if "flag_disagrees" in expect:
        assert result.details["abstention"]["flag_disagrees"] == expect["flag_disagrees"], where


def test_table_is_big_enough_and_well_formed() -> None:
    ids = [c["id"] for c in CASES]
    assert len(CASES) >= 90
    assert len(ids) == len(set(ids))
    for case in CASES:
        assert set(case) >= {"id", "why", "document", "question", "answer", "expect"}, case["id"]
        assert case["why"].strip(), case["id"]
        assert set(COMPONENTS) | {"outcome", "invented"} <= set(case["expect"]), case["id"]


def test_table_covers_every_kind_and_both_outcomes() -> None:
    kinds = {key.split(":", 1)[0] for case in CASES for key in case["expect"]["invented"]}
    assert kinds >= {
        "phone",
        "id",
        "account",
        "wechat",
        "address",
        "place",
        "amount",
        "rate",
        "date",
        "time",
        "name",
    }
    outcomes = {case["expect"]["outcome"] for case in CASES}
    assert outcomes == {"PASS", "FAIL"}
    assert any(case["answer"].get("abstained") is True for case in CASES)


def test_every_required_quote_is_in_its_document() -> None:
    """Rows copy their quotes from the documents, as a set author must (gaps: parts in order)."""
    from scorers.quotes import quote_parts

    for case in CASES:
        folded = _document(case["document"]).folded
        q = case["question"]
        for quote in [q.get("required_quote"), *(q.get("additional_quotes") or [])]:
            if quote:
                pos = 0
                for part in quote_parts(quote):
                    pos = folded.find(part, pos)
                    assert pos >= 0, (case["id"], quote)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_row(case: dict[str, Any]) -> None:
    _check(case, _score(case))


def test_scoring_is_deterministic() -> None:
    """Same question and answer give the same result, details included."""
    for case in CASES[:40]:
        first, second = _score(case), _score(case)
        assert first.diagnostics() == second.diagnostics()
        assert json.dumps(first.details, sort_keys=True) == json.dumps(second.details, sort_keys=True)


def test_registered_scorer_is_this_one() -> None:
    assert SCORER.name == "conflict_gap"
    assert SCORER.score is score_conflict_gap
    assert SCORER.default_weights == {"abstention": 0.4, "no_hallucination": 0.4, "quote": 0.2}
