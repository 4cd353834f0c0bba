"""The conflict_gap scorer: components, renormalisation, checks, registration, fake systems."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.adapters.fake import REFUSAL, oracle_conflict_gap
from benchmark.answers import parse_answer
from benchmark.documents import load_document
from benchmark.models import Criteria, Question
from benchmark.questions import build_question_set, load_question_set
from scorers.conflict_gap import (
    DEFAULT_WEIGHTS,
    SCORER,
    check_conflict_gap,
    expectation,
    quote_candidates,
    score_conflict_gap,
)
from scorers.registry import SCORERS, ScoringContext

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPT = load_document(ROOT / "datasets/transcript/document.md")
SETS = [
    ROOT / "datasets/transcript/conflict_gap.json",
    ROOT / "datasets/loan_contract/conflict_gap.json",
    ROOT / "datasets/judgment/questions.json",
]


def question(**fields: Any) -> Question:
    q: dict[str, Any] = {"id": "q1", "type": "conflict_gap", "question": "顾主任的手机号码是多少？"}
    q.update(fields)
    obj = {"benchmark_type": "conflict_gap", "document": "document.md", "questions": [q]}
    return build_question_set(ROOT / "datasets/transcript/x.json", obj, b"{}", None).questions[0]


GAP: dict[str, Any] = {
    "should_abstain": True,
    "hallucination_penalty": "high",
    "required_quote": "他的电话号码我记不清了",
    "scoring": {"hallucination_check": "must_not_provide_phone_numbers", "quote_required": True},
}


def score(q: Question, answer: Any, criteria: Criteria | None = None, document: Any = TRANSCRIPT) -> Any:
    ctx = ScoringContext(criteria=criteria or Criteria(), document=document)
    return score_conflict_gap(q, parse_answer(answer), ctx)


def test_registered_by_entry_point() -> None:
    (ep,) = [ep for ep in entry_points(group="legal_rag_bench.scorers") if ep.name == "conflict_gap"]
    assert ep.load() is SCORER
    assert SCORERS.get("conflict_gap") is SCORER
    assert (
        SCORER.default_weights
        == DEFAULT_WEIGHTS
        == {"abstention": 0.4, "no_hallucination": 0.4, "quote": 0.2}
    )
    assert SCORER.needs_document


def test_expectation_from_either_placement() -> None:
    assert expectation(question(should_abstain=True)) == "abstain"
    assert expectation(question(expected={"should_abstain": True})) == "abstain"
    assert expectation(question(should_abstain=False)) == "answer"
    assert expectation(question(should_abstain=False, expected={"conflict_detected": True})) == "conflict"
    assert expectation(question(should_abstain=True, expected={"conflict_detected": True})) == "conflict"
    assert expectation(question(hallucination_penalty="low")) is None


def test_check_reports_unscorable_questions() -> None:
    assert check_conflict_gap(question(**GAP)) == []
    problems = check_conflict_gap(question(hallucination_penalty="low", scoring={"quote_required": True}))
    assert len(problems) == 2
    assert "should_abstain" in problems[0] and "required_quote" in problems[1]


def test_abstaining_answer_with_quote_scores_full() -> None:
    result = score(question(**GAP), "材料中没有记载。戚鸣远说：“他的电话号码我记不清了”。")
    assert result.component_scores() == {"abstention": 1.0, "no_hallucination": 1.0, "quote": 1.0}
    assert result.score == 1.0 and result.passed
    assert result.details["hallucination_penalty"] == 1.0
    assert result.details["expectation"] == "abstain"


def test_abstaining_and_inventing_fails() -> None:
    result = score(question(**GAP), {"answer": "不清楚，可能是13912345678。", "abstained": True})
    assert result.component_scores() == {"abstention": 1.0, "no_hallucination": 0.0, "quote": 0.0}
    assert not result.passed
    assert [i["value"] for i in result.details["invented"]] == ["13912345678"]
    assert result.components["no_hallucination"].status == "hallucination"


def test_abstaining_then_guessing_without_inventing_fails_the_abstention() -> None:
    result = score(question(**GAP), "笔录未记载他的电话，估计和他老板用的是同一个号码。")
    assert result.component_scores()["abstention"] == 0.0
    assert result.component_scores()["no_hallucination"] == 1.0  # nothing of a kind that counts
    assert "guesses ('估计')" in (result.components["abstention"].reason or "")
    assert not result.passed


def test_quote_not_applicable_renormalises() -> None:
    q = question(**{**GAP, "scoring": {"quote_required": False}})
    result = score(q, "材料中没有记载。")
    assert result.components["quote"].score is None
    assert result.components["abstention"].weight == pytest.approx(0.5)
    assert result.score == 1.0


def test_question_without_quote_has_no_quote_component() -> None:
    q = question(should_abstain=True)
    assert score(q, "不知道。").component_scores() == {"abstention": 1.0, "no_hallucination": 1.0}


def test_no_document_drops_no_hallucination() -> None:
    result = score(question(**GAP), "不知道，13912345678。", document=None)
    assert result.components["no_hallucination"].score is None
    assert result.details["invented"] == []


def test_weights_and_threshold_from_criteria_and_question() -> None:
    criteria = Criteria(pass_threshold=0.9, weights={"conflict_gap": {"quote": 0.0}})
    result = score(question(**GAP), "材料中没有记载。", criteria)
    assert result.score == 1.0 and result.components["quote"].weight == 0.0
    strict = score(question(**GAP), "材料中没有记载。", Criteria(pass_threshold=0.9))
    assert strict.score == pytest.approx(0.8) and not strict.passed
    q = question(**{**GAP, "scoring": {**GAP["scoring"], "pass_threshold": 0.5, "weights": {"quote": 0.6}}})
    lenient = score(q, "材料中没有记载。")
    assert lenient.score == pytest.approx(0.8 / 1.4) and lenient.passed


def test_conflict_expected() -> None:
    q = question(
        question="邝振川一共给了多少钱？",
        should_abstain=False,
        expected={"conflict_detected": True},
        required_quote="一共就收了他40000元，4万块钱",
        additional_quotes=["总共是46000元，分三次给的"],
        scoring={"hallucination_check": "must_not_invent_amounts"},
    )
    named = score(q, "前后矛盾：一处说一共就收了他40000元，4万块钱；一处说46000元。")
    assert named.component_scores() == {"abstention": 1.0, "no_hallucination": 1.0, "quote": 1.0}
    assert named.details["conflict"]["named"] is True
    abstains = score(q, "无法确定。")
    assert abstains.components["abstention"].score == 0.0


def test_answer_expected() -> None:
    q = question(question="戚鸣远认识教育局的人吗？", should_abstain=False)
    assert score(q, "认识一个姓顾的主任，但不知道全名。").components["abstention"].score == 1.0
    assert score(q, "材料中没有记载。").components["abstention"].score == 0.0
    assert score(q, {"answer": "认识顾主任。", "abstained": True}).components["abstention"].score == 0.0


def test_quote_from_a_citation_is_reported_by_source() -> None:
    answer = {"answer": "材料中没有记载。", "citations": [{"page": 2, "quote": "他的电话号码我记不清了"}]}
    result = score(question(**GAP), answer)
    assert result.details["quote"]["source"] == "citations[0]"
    assert quote_candidates(parse_answer(answer)) == ["材料中没有记载。", "他的电话号码我记不清了"]


def test_hints_recorded_in_details() -> None:
    q = question(
        **{**GAP, "scoring": {"hallucination_check": ["must_not_provide_phone_numbers", "odd_hint"]}}
    )
    details = score(q, "不知道。").details
    assert details["hallucination_check"] == ["must_not_provide_phone_numbers", "odd_hint"]
    assert details["unrecognised_hints"] == ["odd_hint"]
    assert len(details["counted_kinds"]) == 11


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.parent.name)
def test_oracle_aces_and_refuse_passes_exactly_the_gaps(path: Path) -> None:
    """The fake systems of benchmark.adapters.fake against every bundled conflict_gap question."""
    qs = load_question_set(path)
    assert qs.document_path is not None
    ctx = ScoringContext(criteria=qs.criteria, document=load_document(qs.document_path))
    gaps = [q for q in qs.questions if q.type == "conflict_gap"]
    assert gaps
    for q in gaps:
        assert check_conflict_gap(q) == [], q.id
        oracle = score_conflict_gap(q, parse_answer(oracle_conflict_gap(q)), ctx)
        assert oracle.score == 1.0, (q.id, oracle.diagnostics(), oracle.details["invented"])
        refuse = score_conflict_gap(q, parse_answer({"answer": REFUSAL, "abstained": True}), ctx)
        assert refuse.passed == (expectation(q) == "abstain"), (q.id, refuse.diagnostics())


@settings(max_examples=100, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from([*"0123456789*年月日号点元万不没有知道清楚矛盾“”，。顾王建国电话记"]),
        max_size=40,
    ),
    st.booleans() | st.none(),
)
def test_any_answer_scores_within_bounds(text: str, abstained: bool | None) -> None:
    result = score(question(**GAP), {"answer": text, "abstained": abstained})
    assert 0.0 <= result.score <= 1.0
    assert all(0.0 <= s <= 1.0 for s in result.component_scores().values())
