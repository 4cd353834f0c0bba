"""The fact_exact scorer: registration, checks, weights, details, and every bundled question."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmark.answers import parse_answer
from benchmark.documents import load_document
from benchmark.documents.case import Case, load_case
from benchmark.models import AmountPart, Answer, Criteria, DateRange, Expected, Question, RequiredEvidence
from benchmark.questions import load_question_sets
from scorers.fact_exact import DEFAULT_WEIGHTS, SCORER, check_fact_exact, score_fact_exact
from scorers.registry import SCORERS, ScoringContext, scorer_for
from scorers.result import MATCH, MISMATCH, NOT_APPLICABLE, OMISSION

ROOT = Path(__file__).resolve().parents[2]
EVIDENCE = (RequiredEvidence(page=6, must_include="总共是46000元"),)


def _q(
    scoring: dict[str, Any] | None = None, evidence: tuple[RequiredEvidence, ...] = EVIDENCE, **exp: Any
) -> Question:
    expected = Expected(**exp) if exp else Expected(amount_total=46000)
    return Question(
        id="q1", type="fact_exact", question="总共给了多少钱？", expected=expected,
        required_evidence=evidence, scoring=scoring or {},
    )  # fmt: skip


def _ctx(criteria: Criteria | None = None, document: Any = None) -> ScoringContext:
    return ScoringContext(criteria=criteria or Criteria(), document=document)


def _score(q: Question, answer: Any, ctx: ScoringContext | None = None) -> Any:
    return score_fact_exact(q, parse_answer(answer), ctx or _ctx())


def test_registered_through_the_entry_point() -> None:
    assert SCORERS.get("fact_exact") is SCORER
    assert SCORERS.origin("fact_exact") == "scorers.fact_exact"
    assert scorer_for(_q()) is SCORER
    assert SCORER.default_weights == {"exact_match": 0.7, "citation": 0.3} == DEFAULT_WEIGHTS
    assert SCORER.check is check_fact_exact and SCORER.score is score_fact_exact


def test_check_accepts_a_good_question() -> None:
    assert check_fact_exact(_q()) == []
    assert check_fact_exact(_q({"citation_required": False}, evidence=())) == []


def test_check_reports_every_problem_at_once() -> None:
    q = Question(
        id="bad", type="fact_exact", question="?",
        expected=Expected(date="2021-02-30", key_points=("x",)),
        scoring={"comparators": {"date": "dat", "key_points": "text"}},
    )  # fmt: skip
    problems = check_fact_exact(q)
    assert any("citation_required" in p and "required_evidence" in p for p in problems)
    assert any("'2021-02-30' is not a real calendar date" in p for p in problems)
    assert any("scoring.comparators.date" in p and "did you mean 'date'" in p for p in problems)
    assert any("'key_points'" in p for p in problems)
    no_fact = Question(id="n", type="fact_exact", question="?", expected=Expected(key_points=("x",)))
    assert any("no fact field" in p for p in check_fact_exact(no_fact))


def test_date_range_ends_are_checked() -> None:
    q = _q(date_range=DateRange("2020-08-03", "2020-13-01"))
    assert check_fact_exact(q) == [
        "expected.date_range.end '2020-13-01' is not a real calendar date written YYYY-MM-DD"
    ]


def test_all_fields_must_match() -> None:
    q = _q(amount_total=46000, date="2020-09-25")
    both = _score(q, {"answer": "2020年9月25日付了46000元", "citations": [{"page": 6}]})
    one = _score(q, {"answer": "46000元", "citations": [{"page": 6}]})
    assert both.component_scores() == {"exact_match": 1.0, "citation": 1.0} and both.passed
    assert one.components["exact_match"].score == 0.0
    assert one.details["fields"]["date"]["status"] == OMISSION
    assert one.components["exact_match"].status == OMISSION
    wrong = _score(q, {"answer": "2020年9月26日付了46000元", "citations": [{"page": 6}]})
    assert wrong.components["exact_match"].status == MISMATCH
    assert "date: mismatch" in wrong.components["exact_match"].reason


def test_details_show_fields_values_and_citations() -> None:
    q = _q(amount_total=46000, amount_breakdown=(AmountPart(20000), AmountPart(26000)))
    result = _score(q, {"answer": "可能是46000元", "citations": [{"page": 5}]})
    fields = result.details["fields"]
    assert list(fields) == ["amount_total", "amount_breakdown"]
    assert fields["amount_total"] | {"reason": ""} == {
        "comparator": "amount", "status": OMISSION, "score": 0.0, "expected": 46000,
        "extracted": [], "reason": "",
    }  # fmt: skip
    assert result.details["values"]["amount"]["found"][0]["qualifier"] == "hedge"
    assert result.details["citation"]["citation_provided"] is True
    assert result.details["citation"]["citation_correct"] is False
    assert json.loads(json.dumps(result.details)) == result.details


def test_citation_not_required_is_dropped_and_renormalised() -> None:
    result = _score(_q({"citation_required": False}), "46000元")
    assert result.component_scores() == {"exact_match": 1.0}
    assert result.components["citation"].status == NOT_APPLICABLE
    assert result.components["exact_match"].weight == 1.0 and result.score == 1.0


def test_weights_defaults_then_criteria_then_question() -> None:
    answer = {"answer": "46000元", "citations": [{"page": 5}]}
    assert _score(_q(), answer).score == 0.7
    criteria = Criteria(weights={"fact_exact": {"exact_match": 0.4, "citation": 0.6}})
    assert _score(_q(), answer, _ctx(criteria)).score == 0.4
    q = _q({"weights": {"citation": 0.2}})
    assert _score(q, answer, _ctx(criteria)).score == pytest.approx(0.4 / 0.6)


def test_threshold_from_question_then_criteria() -> None:
    answer = {"answer": "46000元", "citations": [{"page": 5}]}
    assert _score(_q(), answer).passed  # 0.7 >= 0.7
    assert not _score(_q(), answer, _ctx(Criteria(pass_threshold=0.75))).passed
    assert _score(_q({"pass_threshold": 0.5}), answer, _ctx(Criteria(pass_threshold=0.75))).passed


def test_a_user_comparator_through_scoring_comparators() -> None:
    q = _q({"comparators": {"text_answer": "exact"}}, text_answer="大专")
    assert _score(q, {"answer": "大专", "citations": [{"page": 6}]}).components["exact_match"].score == 1.0
    assert (
        _score(q, {"answer": "大专文化", "citations": [{"page": 6}]}).components["exact_match"].score == 0.0
    )


def test_each_question_object_has_its_own_plan() -> None:
    """Fields and comparator names are worked out once per question object (kept by identity)."""
    answer = {"answer": "大专文化", "citations": [{"page": 6}]}
    plain = _q(text_answer="大专")
    exact = _q({"comparators": {"text_answer": "exact"}}, text_answer="大专")
    for _ in range(2):
        assert _score(plain, answer).details["fields"]["text_answer"]["comparator"] == "text"
        assert _score(exact, answer).details["fields"]["text_answer"]["comparator"] == "exact"
        assert list(_score(_q(), answer).details["fields"]) == ["amount_total"]


def test_works_without_a_document() -> None:
    result = _score(_q(), {"answer": "46000元", "citations": [{"page": 6, "lines": "999"}]})
    assert result.components["citation"].score == 1.0  # pages only when there is no document


# --- every bundled fact_exact question ---------------------------------------------------------


def _bundled() -> list[tuple[Question, Any, Criteria, Case | None]]:
    out = []
    for qs in load_question_sets([ROOT / "datasets"]):
        doc = load_document(qs.document_path) if qs.document_path else None
        case = load_case(qs.documents) if qs.documents else None
        out += [(q, doc, qs.criteria, case) for q in qs.questions if q.type == "fact_exact"]
    return out


def _first(value: str | tuple[str, ...] | None) -> str:
    """An expected text or entity, or the first of its accepted answers."""
    return (value if isinstance(value, str) else value[0]) if value else ""


BUNDLED = _bundled()


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _text_answer(q: Question) -> str:
    """The gold values written out the way a careful system would state them."""
    e = q.expected
    parts = [f"合计{_num(e.amount_total)}元" if e.amount_total is not None else ""]
    parts += [f"{_num(p.amount)}元" for p in e.amount_breakdown]
    parts += [e.date or "", f"{e.date_range.start}至{e.date_range.end}" if e.date_range else ""]
    parts += [f"{e.count}次" if e.count is not None else "", _first(e.entity), _first(e.text_answer)]
    if e.boolean_answer is not None:
        parts.insert(0, "是" if e.boolean_answer else "否")
    return "；".join(p for p in parts if p) + "。"


def _fields(q: Question) -> dict[str, Any]:
    e = q.expected
    fields: dict[str, Any] = {
        "amount_total": e.amount_total,
        "amounts": [p.amount for p in e.amount_breakdown],
    }
    fields |= {"date": e.date, "count": e.count, "boolean": e.boolean_answer}
    fields |= {"text": _first(e.text_answer) or None, "entity": _first(e.entity) or None}
    if e.date_range is not None:
        fields["dates"] = [e.date_range.start, e.date_range.end]
    return fields


def test_there_are_bundled_questions() -> None:
    assert len(BUNDLED) >= 60


@pytest.mark.parametrize(("q", "doc", "criteria", "case"), BUNDLED, ids=[q.id for q, _, _, _ in BUNDLED])
def test_bundled_question_is_scorable_and_its_gold_answer_passes(
    q: Question, doc: Any, criteria: Criteria, case: Case | None
) -> None:
    assert check_fact_exact(q) == []
    ctx = ScoringContext(criteria=criteria, document=doc, case=case)
    cites = [{"page": e.page, "document": e.document} for e in q.required_evidence]
    by_text = score_fact_exact(q, parse_answer({"answer": _text_answer(q), "citations": cites}), ctx)
    assert by_text.score == 1.0, by_text.details["fields"]
    by_fields = score_fact_exact(q, Answer("见材料", fields=_fields(q), citations=()), ctx)
    assert by_fields.components["exact_match"].score == 1.0, by_fields.details["fields"]
    refusal = score_fact_exact(q, parse_answer("材料中没有提到这一点。"), ctx)
    assert refusal.component_scores() == {"exact_match": 0.0, "citation": 0.0} and not refusal.passed
    quoted = score_fact_exact(
        q,
        parse_answer(
            {"answer": _text_answer(q), "citations": [{"quote": e.must_include} for e in q.required_evidence]}
        ),
        ctx,
    )
    assert quoted.components["citation"].status == MATCH, quoted.details["citation"]
