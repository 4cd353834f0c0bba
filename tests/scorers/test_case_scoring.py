"""Scoring over a case file (tests/fixtures/case_mini: two interrogations of the same suspect, the
victim's statement, her bank statement): citations and evidence per document, invented specifics across
the case, cross-document contradictions, and retrieval weighted only when the criteria say so."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from benchmark.answers import parse_answer
from benchmark.documents.case import Case, load_case
from benchmark.models import Criteria, Question, QuestionSet
from benchmark.questions import load_question_set
from benchmark.scoring import score_answer
from scorers.result import ScoreResult

CASE = Path(__file__).resolve().parents[1] / "fixtures" / "case_mini" / "questions.json"


@cache
def case_set() -> tuple[QuestionSet, Case]:
    qs = load_question_set(CASE)
    return qs, load_case(qs.documents)


def question(qid: str) -> Question:
    return next(q for q in case_set()[0].questions if q.id == qid)


def score(qid: str, answer: dict[str, Any], criteria: Criteria | None = None) -> ScoreResult:
    qs, case = case_set()
    return score_answer(
        question(qid), parse_answer(answer), criteria=criteria or qs.criteria, document=None, case=case
    )


# --- citations name their document ---------------------------------------------------------------

RIGHT = {"page": 1, "lines": "10", "quote": "我实际收到的是80000元"}


@pytest.mark.parametrize(
    ("doc", "correct"),
    [
        ("xunwen-2", True),  # the id
        ("第二次讯问笔录", True),  # the title
        ("《第二次讯问笔录》", True),  # the title in brackets (folded away)
        ("xunwen_2.md", True),  # the file name
        ("cases/xunwen_2.pdf", True),  # a folder and another extension
        ("ＸＵＮＷＥＮ－２", True),  # full width, upper case
        ("xunwen-1", False),  # the right page and lines of the wrong document
        ("第一次讯问笔录", False),
        ("另案材料.pdf", False),  # a document the case does not have
    ],
)
def test_a_citation_is_checked_in_the_document_it_names(doc: str, correct: bool) -> None:
    result = score("mini_fact_001", {"answer": "80000元", "citations": [{**RIGHT, "document": doc}]})
    assert result.components["exact_match"].score == 1.0
    assert result.components["citation"].score == (1.0 if correct else 0.0)
    check = result.details["citation"]["citations"][0]
    assert check["correct"] is correct


def test_a_wrong_document_citation_scores_zero_and_says_where_the_evidence_is() -> None:
    result = score("mini_fact_001", {"answer": "80000元", "citations": [{**RIGHT, "doc": "xunwen-1"}]})
    citation = result.components["citation"]
    assert citation.score == 0.0
    assert "xunwen-1" in citation.reason and "xunwen-2 (第二次讯问笔录) p.1" in citation.reason
    assert citation.expected["locations"] == ["xunwen-2 p.1"]
    assert citation.extracted["locations"] == ["xunwen-1 p.1"]


def test_a_citation_naming_no_document_is_placed_by_its_quote() -> None:
    in_right = score(
        "mini_fact_001", {"answer": "80000元", "citations": [{"page": 1, "quote": "我实际收到的是80000元"}]}
    )
    assert in_right.components["citation"].score == 1.0
    # the quote is in the first interrogation: the right page number, the wrong document
    in_wrong = score(
        "mini_fact_001", {"answer": "80000元", "citations": [{"page": 1, "quote": "她借给我50000元"}]}
    )
    assert in_wrong.components["citation"].score == 0.0
    bare = score("mini_fact_001", {"answer": "80000元", "citations": [{"page": 1, "lines": "10"}]})
    assert bare.components["citation"].score == 0.0
    assert "names no document" in bare.components["citation"].reason


def test_evidence_naming_the_wrong_document_covers_nothing() -> None:
    items = [
        {"text": "说是投资光伏项目", "page": 1, "document": "xunwen-victim"},
        {"text": "我跟她说这笔钱是投光伏项目的", "page": 1, "document": "xunwen-1"},
    ]
    result = score("mini_evidence_001", {"answer": "见证据", "evidence": items})
    evidence = result.details["evidence"]
    assert evidence["recall"] == 0.5
    assert evidence["required"][1]["status"] == "mismatch"
    assert "names xunwen-1" in evidence["required"][1]["reason"]
    fixed = [items[0], {**items[1], "document": "第二次讯问笔录"}]
    assert (
        score("mini_evidence_001", {"answer": "见证据", "evidence": fixed}).details["evidence"]["recall"]
        == 1.0
    )


def test_evidence_naming_no_document_of_the_case_is_judged_on_its_text() -> None:
    # the system put the title in its own words: an unknown name is no wrong document
    items = [
        {"text": "说是投资光伏项目", "page": 1, "document": "被害人询问笔录"},
        {"text": "我跟她说这笔钱是投光伏项目的", "page": 1, "document": "嫌疑人供述（二）"},
    ]
    evidence = score("mini_evidence_001", {"answer": "见证据", "evidence": items}).details["evidence"]
    assert evidence["recall"] == 1.0


# --- invented specifics: the whole case is the record ----------------------------------------------


def test_a_value_stated_in_another_document_is_not_invented() -> None:
    # the bank statement's date and the interrogation's amount, in an answer to the address question
    said = "材料中没有记载岑立恒的住址。苏婉宁于2022年3月8日转给他80000元，每月回报1600元。"
    result = score("mini_gap_001", {"answer": said})
    assert result.components["no_hallucination"].score == 1.0
    invented = score(
        "mini_gap_001", {"answer": "材料中没有记载。他住在青屿市南港区海棠路18号，电话13912345678。"}
    )
    assert invented.components["no_hallucination"].score == 0.0
    assert {i["kind"] for i in invented.details["invented"]} >= {"phone", "address"}


# --- contradictions across documents ----------------------------------------------------------------

NAMES_IT = "两次供述前后矛盾：第一次称借款50000元，第二次称实际收到80000元。"
SIDE_A = {"document": "xunwen-1", "page": 1, "lines": "10", "quote": "她借给我50000元"}
SIDE_B = {"document": "xunwen-2", "page": 1, "lines": "10", "quote": "我实际收到的是80000元"}


@pytest.mark.parametrize(
    ("citations", "passes"),
    [
        ([SIDE_A, SIDE_B], True),  # both sides cited
        ([], True),  # cites nothing: naming the contradiction is enough
        ([SIDE_A], False),  # one side only
        ([SIDE_B], False),
        ([SIDE_A, {**SIDE_B, "document": "xunwen-victim"}], False),  # the other side in the wrong document
        ([{"quote": "她借给我50000元"}, {"quote": "我实际收到的是80000元"}], True),  # placed by their quotes
    ],
)
def test_a_cross_document_contradiction_must_cite_both_sides_when_it_cites(
    citations: list[dict[str, Any]], passes: bool
) -> None:
    result = score("mini_conflict_001", {"answer": NAMES_IT, "citations": citations})
    assert result.passed is passes
    assert result.components["abstention"].score == (1.0 if passes else 0.0)
    sides = result.details["sides"]
    assert sides["required"] == {"document": "xunwen-1", "page": 1, "quote": "她借给我50000元"}
    assert sides["both_cited"] is passes


def test_naming_no_contradiction_fails_whatever_it_cites() -> None:
    result = score("mini_conflict_001", {"answer": "收到80000元。", "citations": [SIDE_A, SIDE_B]})
    assert result.components["abstention"].score == 0.0


def test_a_contradiction_within_one_document_is_not_held_to_two_sides() -> None:
    same_doc = dataclasses.replace(
        question("mini_conflict_001"),
        additional_evidence=(
            dataclasses.replace(question("mini_conflict_001").evidence_location, lines=None),
        ),  # type: ignore[arg-type]
        additional_quotes=("借钱的时候你跟她说用途是什么",),
    )
    qs, case = case_set()
    answer = parse_answer({"answer": NAMES_IT, "citations": [SIDE_A]})
    result = score_answer(same_doc, answer, criteria=qs.criteria, document=None, case=case)
    assert "sides" not in result.details
    assert result.components["abstention"].score == 1.0


# --- retrieval: a diagnostic unless the criteria weigh it ------------------------------------------

CONTEXTS = [
    {"document": "xunwen-1", "page": 1, "lines": "10"},
    {"document": "xunwen-2", "page": 1, "lines": "9-10"},
]


def test_retrieval_is_measured_beside_the_score() -> None:
    answer = {"answer": "80000元", "citations": [{**RIGHT, "doc": "xunwen-2"}], "contexts": CONTEXTS}
    result = score("mini_fact_001", answer)
    assert set(result.components) == {"exact_match", "citation"}
    r = result.details["retrieval"]
    assert (r["hit"], r["recall"], r["mrr"], r["foreign_rate"]) == (1.0, 1.0, 0.5, 0.5)
    assert r["ranks"][1]["matches"] == [0] and r["ranks"][0]["matches"] == []


def test_criteria_can_weigh_retrieval() -> None:
    weighted = Criteria(weights={"fact_exact": {"retrieval_mrr": 0.3}}, options={"retrieval_k": 5})
    answer = {"answer": "80000元", "citations": [{**RIGHT, "doc": "xunwen-2"}], "contexts": CONTEXTS}
    result = score("mini_fact_001", answer, weighted)
    assert result.components["retrieval_mrr"].score == 0.5
    assert result.score == pytest.approx((0.7 + 0.3 + 0.3 * 0.5) / 1.3, abs=1e-6)
    no_contexts = score("mini_fact_001", {k: v for k, v in answer.items() if k != "contexts"}, weighted)
    assert no_contexts.components["retrieval_mrr"].score == 0.0
    assert no_contexts.score == pytest.approx(1.0 / 1.3, abs=1e-6)


def test_the_run_k_overrides_the_set_k() -> None:
    qs, case = case_set()
    answer = parse_answer({"answer": "80000元", "contexts": CONTEXTS})
    result = score_answer(question("mini_fact_001"), answer, criteria=qs.criteria, document=None, case=case,
                          options={"retrieval_k": 1})  # fmt: skip
    assert result.details["retrieval"]["k"] == 1 and result.details["retrieval"]["hit"] == 0.0


# --- accepted answers (text_answer / entity as a list) ---------------------------------------------


def test_any_accepted_answer_matches() -> None:
    from benchmark.models import Expected

    q = dataclasses.replace(
        question("mini_fact_004"),
        expected=Expected(text_answer=("九月底前", "2022年9月30日之前"), entity=("岑立恒", "岑某")),
        scoring={"citation_required": False},
    )
    qs, case = case_set()

    def verdict(said: str, **fields: str) -> dict[str, str]:
        answer = parse_answer({"answer": said, "fields": fields})
        result = score_answer(q, answer, criteria=qs.criteria, document=None, case=case)
        return {n: c.status for n, c in result.components.items() if n == "exact_match"} | {
            n: f["status"] for n, f in result.details["fields"].items()
        }

    assert verdict("岑立恒答应2022年9月30日之前还清") == {
        "exact_match": "match",
        "text_answer": "match",
        "entity": "match",
    }
    assert verdict("岑某说九月底前还") == {"exact_match": "match", "text_answer": "match", "entity": "match"}
    assert verdict("他说年底前还")["text_answer"] == "mismatch"
    assert verdict("见材料", text="九月底前", entity="岑某")["exact_match"] == "match"


def test_the_criteria_know_the_retrieval_components() -> None:
    from benchmark.criteria import BREAKDOWN_NAMES, RETRIEVAL_COMPONENTS
    from scorers.contexts import COMPONENTS
    from scorers.evidence_set import check_evidence_set

    assert tuple(COMPONENTS) == RETRIEVAL_COMPONENTS
    assert all(set(COMPONENTS) <= set(names) for names in BREAKDOWN_NAMES.values())
    weighted = dataclasses.replace(
        question("mini_evidence_001"), scoring={"weights": {"retrieval_recall": 0.2}}
    )
    assert check_evidence_set(weighted) == []
