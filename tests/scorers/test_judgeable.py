"""What a judge may overturn and how its verdicts change a score: the golden table ``cases/judgeable.json``.

Each row is scored as the run path does with a judge: a first pass with no verdicts lists the
judgeable requests; the row's verdict (``match``, ``nomatch``, ``error``, or null: not asked) answers
each of them; a second pass applies them. Scorers are pure, so no judge is involved here.
"""

from __future__ import annotations

from typing import Any

import pytest

from benchmark.answers import parse_answer
from scorers.judgeable import conclusion, references
from scorers.registry import ScoringContext, scorer_for
from scorers.result import ScoreResult
from scorers.verdicts import JudgeRequest, Verdict
from tests.scorers.golden import assert_json_ready, case_document, case_question_set, load_cases

CASES = load_cases("judgeable")
MAIN = {"fact_exact": "exact_match", "evidence_set": "key_points"}


def _verdict(kind: str | None) -> Verdict | None:
    if kind is None:
        return None
    if kind == "error":
        return Verdict("test", None, "the judge failed")
    return Verdict("test", kind == "match", f"the test judge says {kind}")


def _score(case: dict[str, Any], verdicts: dict[str, Verdict]) -> ScoreResult:
    qtype = case["question"]["type"]
    qs = case_question_set(case, qtype)
    question = qs.questions[0]
    ctx = ScoringContext(criteria=qs.criteria, document=case_document(case["document"]), verdicts=verdicts)
    return scorer_for(question).score(question, parse_answer(case["answer"]), ctx)


def _judged(case: dict[str, Any]) -> tuple[ScoreResult, list[JudgeRequest]]:
    first = _score(case, {})
    requests = [j.request for j in first.judgements]
    assert all(j.verdict is None for j in first.judgements)
    verdict = _verdict(case["verdict"])
    verdicts = {r.key: verdict for r in requests if verdict is not None}
    return _score(case, verdicts), requests


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_judgeable(case: dict[str, Any]) -> None:
    want = case["expect"]
    result, requests = _judged(case)
    where = f"{case['id']} ({case['why']})"
    assert [r.kind for r in requests] == want["kinds"], where
    main = result.components[MAIN[case["question"]["type"]]]
    assert main.status == want["status"], where
    assert ("PASS" if result.passed else "FAIL") == want["outcome"], where
    if "field" in want:
        (field,) = [f for f in result.details["fields"] if f in ("text_answer", "entity")] or list(
            result.details["fields"]
        )
        assert result.details["fields"][field]["status"] == want["field"], where
    if "covered" in want:
        assert [p["covered"] for p in result.details["key_points"]["points"]] == want["covered"], where
    if "references" in want:
        assert [list(r.references) for r in requests] == [want["references"]], where
    if "material" in want:
        assert [r.answer for r in requests] == [want["material"]], where
    if case["verdict"] is not None and requests:
        assert main.judge is not None or main.status != "judged", where
    assert_json_ready(result, where)
    assert result.judgements == tuple(j for j in result.judgements if j.request in requests), where


def test_a_judged_component_carries_the_judges_name_and_reason() -> None:
    case = next(c for c in CASES if c["id"] == "text_synonym_yes")
    result, _ = _judged(case)
    exact = result.components["exact_match"].to_dict()
    assert exact["status"] == "judged" and exact["judge"]["name"] == "test"
    assert exact["judge"]["reason"] == "text_answer: the test judge says match"
    field = result.details["fields"]["text_answer"]
    assert field["judge"] == {
        "name": "test",
        "match": True,
        "reason": "the test judge says match",
        "overturned": "mismatch",
    }
    assert "judge test: the test judge says match (read as mismatch:" in field["reason"]


def test_without_a_judge_nothing_is_listed_and_nothing_changes() -> None:
    for case in CASES:
        qs = case_question_set(case, case["question"]["type"])
        question = qs.questions[0]
        ctx = ScoringContext(criteria=qs.criteria, document=case_document(case["document"]))
        plain = scorer_for(question).score(question, parse_answer(case["answer"]), ctx)
        first = _score(case, {})
        assert plain.judgements == ()
        assert plain.diagnostics() == first.diagnostics() and plain.score == first.score, case["id"]


def test_the_request_key_covers_what_the_judge_reads() -> None:
    base = JudgeRequest.build("text_answer", "q1", "问？", ("微信",), "聊天软件")
    changed = [
        JudgeRequest.build("entity", "q1", "问？", ("微信",), "聊天软件"),
        JudgeRequest.build("text_answer", "q2", "问？", ("微信",), "聊天软件"),
        JudgeRequest.build("text_answer", "q1", "问2？", ("微信",), "聊天软件"),
        JudgeRequest.build("text_answer", "q1", "问？", ("微信", "微信转账"), "聊天软件"),
        JudgeRequest.build("text_answer", "q1", "问？", ("微信",), "聊天工具"),
    ]
    assert len({base.key, *(c.key for c in changed)}) == 6
    assert base.key == JudgeRequest.build("text_answer", "q1", "问？", ("微信",), "聊天软件").key


@pytest.mark.parametrize(
    ("text", "expected", "why"),
    [
        ("用聊天软件转的。", "用聊天软件转的。", "no evidence: the whole answer"),
        ("是微信。依据：第2页“通过微信转账”", "是微信。", "what follows 依据： is evidence"),
        ("他说「钱全额退还」，但后来反悔了", "他说 ，但后来反悔了", "a quotation is evidence"),
        ("  多个\n空白  ", "多个 空白", "whitespace collapsed"),
    ],
)
def test_conclusion(text: str, expected: str, why: str) -> None:
    assert conclusion(text) == expected, why


def test_references_accepts_a_string_or_a_list() -> None:
    assert references("微信") == ("微信",)
    assert references(["微信", " 微信转账 ", ""]) == ("微信", "微信转账")
    assert references(None) == ()
