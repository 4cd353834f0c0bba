"""Plain words for a question's scoring: real scorers on bundled questions, then what ``explain`` says
(expected, read, why) in English and Chinese; never a JSON dict or a scorer's internal word."""

from __future__ import annotations

from typing import Any

import pytest

from benchmark.answers import parse_answer
from benchmark.documents.loaders import load_document
from benchmark.questions import load_question_set
from benchmark.report.json_report import question_entry
from benchmark.report.plain import answer_first_line, clip, explain, show, width
from benchmark.results import FAIL, PASS, QuestionResult
from benchmark.scoring import score_answer
from tests.servers.support import DATASETS

LOAN = DATASETS / "loan_contract"


def entry(set_file: str, qid: str, answer: Any) -> dict[str, Any]:
    """The report entry of ``answer`` to question ``qid``, scored by the real scorer."""
    qs = load_question_set(LOAN / set_file)
    q = next(x for x in qs.questions if x.id == qid)
    doc = load_document(qs.document_path) if qs.document_path else None
    parsed = parse_answer(answer)
    result = score_answer(q, parsed, criteria=qs.criteria, document=doc)
    return question_entry(QuestionResult(q, PASS if result.passed else FAIL, result, parsed))


def items(e: dict[str, Any], lang: str = "en") -> list[tuple[str, str, str, str]]:
    return [(i["label"], i["expected"], i["read"], i["why"]) for i in explain(e, lang)]


# (set file, question, answer, language, expected items: (label, expected, read, why)); id says why
CASES = [
    pytest.param(
        "fact_exact.json",
        "lc_fact_001",
        {"answer": "借款金额为40000元。", "citations": [{"page": 1}]},
        "en",
        [("total amount", "200,000元", "40,000元", "the answer states 40,000元, not 200,000元")],
        id="a wrong amount: the value stated and the one expected",
    ),
    pytest.param(
        "fact_exact.json",
        "lc_fact_001",
        {"answer": "借款金额为40000元。", "citations": [{"page": 1}]},
        "zh",
        [("总金额", "200,000元", "40,000元", "回答为 40,000元，应为 200,000元")],
        id="the same in Chinese",
    ),
    pytest.param(
        "fact_exact.json",
        "lc_fact_006",
        {"answer": "合同没有说。", "citations": [{"page": 2}]},
        "en",
        [("count", "5", "nothing", "the answer states no count")],
        id="no value of the kind asked",
    ),
    pytest.param(
        "fact_exact.json",
        "lc_fact_005",
        {"answer": "2022年5月15日还款40000元。", "citations": [{"page": 2}]},
        "en",
        [
            ("total amount", "40,720元", "40,000元", "the answer states 40,000元, not 40,720元"),
            ("amount parts", "40,000元 + 720元", "40,000元", "the answer lacks the parts 720元"),
        ],
        id="a breakdown: the missing part is named",
    ),
    pytest.param(
        "fact_exact.json",
        "lc_fact_004",
        {"answer": "2022年4月15日。", "citations": [{"page": 9}]},
        "en",
        [
            (
                "citation",
                "page 2",
                "page 9",
                "the cited page 9 holds none of the required evidence (it is on page 2)",
            )
        ],
        id="a citation to the wrong page",
    ),
    pytest.param(
        "fact_exact.json",
        "lc_fact_004",
        {"answer": "2022年4月15日。"},
        "zh",
        [("引用页码", "第2页", "未引用", "回答没有引用页码")],
        id="no citation at all, in Chinese",
    ),
]


@pytest.mark.parametrize(("set_file", "qid", "answer", "lang", "want"), CASES)
def test_explained_in_plain_words(
    set_file: str, qid: str, answer: Any, lang: str, want: list[tuple[str, str, str, str]]
) -> None:
    assert items(entry(set_file, qid, answer), lang) == want


def test_evidence_recall_and_precision_name_what_is_missing() -> None:
    e = entry(
        "evidence_set.json", "lc_evid_002", {"answer": "见合同。", "evidence": ["借款月利率为0.6%", "无关"]}
    )
    by = {i["component"]: i for i in explain(e)}
    assert by["evidence_recall"]["expected"] == "at least 80% of 3 required passages"  # the critical ones
    assert by["evidence_recall"]["read"] == "0 of 3 covered"
    assert by["evidence_recall"]["why"] == (
        "missing: page 3 “丙方自愿为乙方在本合同…”; page 3 “8.2 保证范围包括借款本…”; page 3 “8.3 保证期间为主债务履…”"
    )
    assert by["evidence_precision"]["read"] == "0 of 2 relevant"
    assert by["evidence_precision"]["why"] == "2 of the 2 passages returned hold no required evidence"


def test_conflict_gap_abstention_invention_and_quote() -> None:
    e = entry(
        "conflict_gap.json", "lc_cg_001", {"answer": "保证人訾牧川住在江州市青石路88号，电话13912345678。"}
    )
    by = {i["component"]: i for i in explain(e)}
    assert by["abstention"]["expected"] == "say the file does not hold it"
    assert by["abstention"]["read"] == "a direct answer"
    assert "phone number 13912345678" in by["no_hallucination"]["read"]
    assert by["no_hallucination"]["why"].startswith("the file does not contain: ")
    assert by["quote"]["why"] == "the answer quotes none of the required passages"
    zh = {i["component"]: i for i in explain(e, "zh")}
    assert zh["abstention"]["why"] == "材料中没有该信息，回答却直接作答"
    assert "电话号码 13912345678" in zh["no_hallucination"]["read"]


def test_a_passing_question_says_nothing_unless_asked_for_everything() -> None:
    e = entry(
        "fact_exact.json",
        "lc_fact_001",
        {"answer": "200000元", "citations": [{"page": 1, "quote": "贰拾万元"}]},
    )
    assert e["outcome"] == PASS and explain(e) == []
    assert {i["why"] for i in explain(e, everything=True)} == {"matches", "a cited page holds the evidence"}


def test_an_unknown_component_is_flattened_never_json() -> None:
    e = {"details": {"components": {"tone": {"score": 0.0, "weight": 1.0, "expected": {"style": "formal"},
                                             "extracted": ["casual", 2], "reason": "too casual"}}}}  # fmt: skip
    assert items(e) == [("tone", "style formal", "casual, 2", "too casual")]


def test_values_and_lines_are_short_and_readable() -> None:
    assert show(None, "en") == "nothing" and show([], "zh") == "无"
    assert show(True, "zh") == "是" and show(1234567, "en") == "1,234,567"
    assert show(0.125, "en") == "0.125" and show({"start": "2022-02-15", "end": "2022-07-15"}, "en") == (
        "2022-02-15 – 2022-07-15"
    )
    long = "甲" * 100
    assert width(clip(long, 20)) <= 20 and clip(long, 20).endswith("…")
    assert answer_first_line({"answer": {"answer": "\n第一行\n第二行"}}) == "第一行"
