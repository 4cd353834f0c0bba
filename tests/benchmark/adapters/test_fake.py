"""The fake systems against every bundled set: ``oracle`` scores 100% (else a scorer or a dataset is
wrong), ``refuse`` passes exactly the questions that expect an abstention."""

from __future__ import annotations

import asyncio

import pytest

from benchmark.adapters.base import Query
from benchmark.adapters.fake import (
    OracleAdapter,
    RefuseAdapter,
    amount_text,
    boolean_text,
    count_text,
    date_text,
)
from benchmark.api import run
from benchmark.models import Expected, Question
from benchmark.questions import find_set_files, load_question_set
from benchmark.report.json_report import build_report
from benchmark.report.notes import reviewer_note
from benchmark.resources import datasets_dir

SETS = find_set_files([datasets_dir()])


def failures(report: dict[str, object]) -> list[str]:
    return [f"{q['id']}: {reviewer_note(q)}" for q in report["questions"] if q["outcome"] != "PASS"]  # type: ignore[attr-defined, index]


@pytest.mark.parametrize("path", SETS, ids=[f"{p.parent.name}/{p.name}" for p in SETS])
def test_oracle_scores_100_percent(path: object) -> None:
    record = run(path, OracleAdapter(), output_dir=None)  # type: ignore[arg-type]
    report = build_report(record)
    assert failures(report) == []
    assert report["summary"]["score"] == 1.0


@pytest.mark.parametrize("path", SETS, ids=[f"{p.parent.name}/{p.name}" for p in SETS])
def test_refuse_passes_exactly_the_abstention_questions(path: object) -> None:
    qs = load_question_set(path)  # type: ignore[arg-type]
    expected = {q.id for q in qs.questions if q.type == "conflict_gap" and q.should_abstain}
    record = run(path, RefuseAdapter(), output_dir=None)  # type: ignore[arg-type]
    passed = {r.id for r in record.results if r.outcome == "PASS"}
    assert passed == expected


def test_bundled_sets_hold_both_kinds_of_conflict_gap_question() -> None:
    questions = [q for p in SETS for q in load_question_set(p).questions if q.type == "conflict_gap"]
    assert any(q.should_abstain for q in questions)
    assert any(q.expected.conflict_detected for q in questions)


def test_plain_forms() -> None:
    assert amount_text(42000) == "42000元"
    assert amount_text(1234.5) == "1234.5元"
    assert date_text("2020-08-31") == "2020年8月31日"
    q = Question(id="c", type="fact_exact", question="他一共去了几趟？")
    assert count_text(q, 3) == "3趟"
    assert count_text(Question(id="d", type="fact_exact", question="数量？"), 2) == "2次"


@pytest.mark.parametrize("value", [True, False])
def test_boolean_answers_read_back_as_meant(value: bool) -> None:
    from benchmark.text import read_boolean

    q = Question(
        id="b", type="fact_exact", question="戚鸣远是否退还了钱款？", expected=Expected(boolean_answer=value)
    )
    text = boolean_text(q, value)
    found = read_boolean(text, q.question)
    assert found is not None and found.value is value
    assert ("没有" in text) is (not value)


def test_refuse_answer_is_an_abstention_and_oracle_gap_answer_cites_the_location() -> None:
    refusal = asyncio.run(RefuseAdapter().query(Query(Question(id="x", type="fact_exact", question="?"))))
    assert refusal["abstained"] is True and "没有" in refusal["answer"]
    gap = next(
        q for p in SETS for q in load_question_set(p).questions if q.should_abstain and q.evidence_location
    )
    answer = asyncio.run(OracleAdapter().query(Query(gap)))
    assert answer["abstained"] is True and gap.required_quote in answer["answer"]
    assert answer["citations"][0]["page"] == gap.evidence_location.page  # type: ignore[union-attr]


def test_oracle_answers_with_the_first_accepted_answer() -> None:
    from benchmark.adapters.fake import oracle_fact

    expected = Expected(entity=("蒲立恒", "老蒲"), text_answer=("全额退还", "全部退还"))
    q = Question(id="e", type="fact_exact", question="谁介绍的，承诺怎么处理？", expected=expected)
    assert oracle_fact(q)["answer"] == "蒲立恒；全额退还。"
