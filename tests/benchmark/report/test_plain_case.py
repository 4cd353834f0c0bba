"""The plain-words explanations (terminal and HTML) of a case file's citations and contradictions."""

from __future__ import annotations

from typing import Any

from benchmark.answers import parse_answer
from benchmark.report.json_report import question_entry
from benchmark.report.plain import explain
from benchmark.results import FAIL, PASS, QuestionResult
from benchmark.scoring import score_answer
from tests.scorers.test_case_scoring import SIDE_A, SIDE_B, case_set, question


def entry(qid: str, answer: dict[str, Any]) -> dict[str, Any]:
    qs, case = case_set()
    q, parsed = question(qid), parse_answer(answer)
    result = score_answer(q, parsed, criteria=qs.criteria, document=None, case=case)
    return question_entry(QuestionResult(q, PASS if result.passed else FAIL, result, parsed))


def item(entry_: dict[str, Any], component: str, lang: str) -> dict[str, Any]:
    return next(i for i in explain(entry_, lang) if i["component"] == component)


def test_a_wrong_document_citation_is_explained_with_the_documents() -> None:
    cited = {"page": 1, "lines": "10", "quote": "我实际收到的是80000元", "document": "xunwen-1"}
    e = entry("mini_fact_001", {"answer": "80000元", "citations": [cited]})
    en, zh = item(e, "citation", "en"), item(e, "citation", "zh")
    assert (en["expected"], en["read"]) == ("xunwen-2 page 1", "xunwen-1 page 1")
    assert (
        en["why"]
        == "the cited xunwen-1 page 1 holds none of the required evidence (it is on xunwen-2 page 1)"
    )
    assert (zh["expected"], zh["read"]) == ("xunwen-2 第1页", "xunwen-1 第1页")


def test_a_contradiction_cited_on_one_side_is_explained() -> None:
    e = entry("mini_conflict_001", {"answer": "两次供述前后矛盾。", "citations": [SIDE_A]})
    en = item(e, "abstention", "en")
    assert en["why"] == "it names the contradiction but cites one side only: no citation of xunwen-2 page 1"
    assert "矛盾" in en["read"]
    both = entry("mini_conflict_001", {"answer": "两次供述前后矛盾。", "citations": [SIDE_A, SIDE_B]})
    assert all(i["component"] != "abstention" for i in explain(both, "en"))
