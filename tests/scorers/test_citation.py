"""Citations resolved against a real loaded document: pages, line tolerance, quotes (exact and fuzzy)."""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path
from typing import Any

import pytest

import scorers.fuzzy as fuzzy
from benchmark.answers import parse_answer
from benchmark.documents import Document, load_document
from benchmark.documents.model import match_view
from benchmark.models import Answer, Citation, LineRange, Question
from benchmark.questions import build_question_set
from scorers.citation import (
    LINE_TOLERANCE,
    MIN_QUOTE_CHARS,
    QUOTE_FUZZY_THRESHOLD,
    CitationTarget,
    check_citations,
    check_question_citations,
    citation_component,
    question_targets,
)
from scorers.result import MATCH, MISMATCH, NOT_APPLICABLE, OMISSION

ROOT = Path(__file__).resolve().parents[2]

# Line numbers are the file's: line 1 is the first marker, page 2 starts at line 7.
DOC_TEXT = """<!-- page: 1 -->
问：你叫什么名字？
答：我叫戚鸣远。
问：邝振川给了你多少钱？
答：总共是46000元，分三次
给的，三次加起来就是这个数。
<!-- page: 2 -->
问：收条上怎么写的？
答：今收到邝振川人民币肆万陆仟元整。
问：你还有什么要说的？
答：没有了。
"""


@pytest.fixture
def doc(tmp_path: Path) -> Document:
    path = tmp_path / "doc.md"
    path.write_text(DOC_TEXT, encoding="utf-8")
    return load_document(path)


def _answer(*citations: dict[str, Any], evidence: list[Any] | None = None) -> Answer:
    return parse_answer({"answer": "46000元", "citations": list(citations), "evidence": evidence or []})


TARGET = [CitationTarget(1, text="总共是46000元")]


def test_thresholds_are_the_documented_ones() -> None:
    assert (LINE_TOLERANCE, QUOTE_FUZZY_THRESHOLD, MIN_QUOTE_CHARS) == (2, 90.0, 4)


def test_right_page(doc: Document) -> None:
    check = check_citations(_answer({"page": 1}), TARGET, doc)
    assert (check.provided, check.correct, check.score) == (True, True, 1.0)
    assert check.results[0].page_matches and check.results[0].lines_hold_evidence is None


def test_wrong_page_scores_zero_even_with_a_good_quote(doc: Document) -> None:
    check = check_citations(_answer({"page": 2, "quote": "总共是46000元"}), TARGET, doc)
    result = check.results[0]
    assert not check.correct and not result.page_matches
    assert (result.quote_found, result.quote_page) == (True, 1)
    assert "page 2 holds no required evidence" in result.reason


@pytest.mark.parametrize(
    ("lines", "ok"),
    [("5", True), ("5-6", True), ("3", True), ("2", False), ("1-2", False), ("7", True), ("8", False)],
)
def test_line_tolerance_around_located_evidence(doc: Document, lines: str, ok: bool) -> None:
    """The evidence sits on line 5; lines 3..7 are within the tolerance of 2."""
    check = check_citations(_answer({"page": 1, "lines": lines}), TARGET, doc)
    assert check.results[0].lines_hold_evidence is ok
    assert check.correct is ok


def test_tolerance_is_a_parameter(doc: Document) -> None:
    answer = _answer({"page": 1, "lines": "3"})
    assert check_citations(answer, TARGET, doc).correct
    assert not check_citations(answer, TARGET, doc, line_tolerance=0).correct


def test_evidence_split_over_a_hard_line_break_is_located(doc: Document) -> None:
    target = [CitationTarget(1, text="分三次给的，三次加起来")]
    assert check_citations(_answer({"page": 1, "lines": "6"}), target, doc).correct
    assert check_citations(_answer({"page": 1, "lines": "5"}), target, doc).correct
    assert doc.index.lines_holding(1, match_view("分三次给的，三次加起来")) == (5, 6)


def test_lines_without_page_take_the_page_of_their_first_line(doc: Document) -> None:
    assert check_citations(_answer({"lines": "5"}), TARGET, doc).results[0].page == 1
    assert not check_citations(_answer({"lines": "9"}), TARGET, doc).correct


def test_wrong_lines_rescued_by_a_quote_on_the_same_page(doc: Document) -> None:
    check = check_citations(_answer({"page": 1, "lines": "1-2", "quote": "我叫戚鸣远"}), TARGET, doc)
    assert check.correct
    assert "rescued by the quote" in check.results[0].reason


@pytest.mark.parametrize(
    ("quote", "found", "page", "correct"),
    [
        ("总共是46000元，分三次给的", True, 1, True),  # across the line break, folded
        ("总共是 46000 元", True, 1, True),  # whitespace folded
        ("总共是46000园，分三次给的，三次加起来", True, 1, True),  # one character off: fuzzy
        ("今收到邝振川人民币肆万陆仟元整", True, 2, False),  # found, but on a page without evidence
        ("这句话文档里根本就没有出现过", False, None, False),
        ("没有", None, None, False),  # too short to locate
    ],
)
def test_quote_only_citations(
    doc: Document, quote: str, found: bool | None, page: int | None, correct: bool
) -> None:
    check = check_citations(_answer({"quote": quote}), TARGET, doc)
    result = check.results[0]
    assert (result.quote_found, result.quote_page, result.correct) == (found, page, correct)


def test_fuzzy_threshold_is_a_parameter(doc: Document) -> None:
    quote = "总共是46000园，分三次给地"  # two characters off in 15: ~87
    assert not check_citations(_answer({"quote": quote}), TARGET, doc).correct
    assert check_citations(_answer({"quote": quote}), TARGET, doc, fuzzy_threshold=80).correct


def test_fuzzy_score_is_reported(doc: Document) -> None:
    result = check_citations(
        _answer({"quote": "总共是46000园，分三次给的，三次加起来"}), TARGET, doc
    ).results[0]
    assert result.quote_score is not None and QUOTE_FUZZY_THRESHOLD <= result.quote_score < 100


def test_evidence_items_with_pages_count_when_there_are_no_citations(doc: Document) -> None:
    check = check_citations(_answer(evidence=[{"text": "总共是46000元", "page": 1}]), TARGET, doc)
    assert check.correct and check.results[0].source == "evidence"
    assert not check_citations(_answer(evidence=["总共是46000元"]), TARGET, doc).provided
    explicit = check_citations(_answer({"page": 2}, evidence=[{"text": "x", "page": 1}]), TARGET, doc)
    assert not explicit.correct and [r.source for r in explicit.results] == ["citation"]


def test_one_correct_citation_is_enough(doc: Document) -> None:
    check = check_citations(_answer({"page": 2}, {"page": 1}), TARGET, doc)
    assert check.correct and [r.correct for r in check.results] == [False, True]
    assert check.cited_pages == [1, 2]


def test_without_a_document_only_pages_are_checked() -> None:
    check = check_citations(_answer({"page": 1, "lines": "40", "quote": "anything at all"}), TARGET, None)
    result = check.results[0]
    assert check.correct and result.lines_hold_evidence is None and result.quote_found is None


def test_no_citations() -> None:
    check = check_citations(Answer("46000元"), TARGET, None)
    assert (check.provided, check.correct, check.results) == (False, False, ())


def test_to_dict_is_json_ready(doc: Document) -> None:
    out = check_citations(_answer({"page": 1, "lines": "5", "quote": "总共是46000元"}), TARGET, doc).to_dict()
    assert json.loads(json.dumps(out)) == out
    assert out["citation_provided"] and out["citation_correct"] and out["target_pages"] == [1]
    assert out["citations"][0] | {"reason": ""} == {
        "source": "citation",
        "page": 1,
        "lines": "5",
        "quote": "总共是46000元",
        "page_matches": True,
        "lines_hold_evidence": True,
        "quote_found": True,
        "quote_page": 1,
        "quote_score": 100.0,
        "correct": True,
        "reason": "",
    }


def test_component_statuses(doc: Document) -> None:
    good = check_citations(_answer({"page": 1}), TARGET, doc)
    bad = check_citations(_answer({"page": 2}), TARGET, doc)
    none = check_citations(Answer("x"), TARGET, doc)
    assert (citation_component(good).score, citation_component(good).status) == (1.0, MATCH)
    assert (citation_component(bad).score, citation_component(bad).status) == (0.0, MISMATCH)
    assert (citation_component(none).score, citation_component(none).status) == (0.0, OMISSION)
    dropped = citation_component(good, required=False)
    assert (dropped.score, dropped.status, dropped.applicable) == (None, NOT_APPLICABLE, False)


def _conflict_question(
    location: dict[str, Any] | None = None, additional: list[dict[str, Any]] | None = None
) -> Question:
    obj = {
        "benchmark_type": "conflict_gap",
        "document": "document.md",
        "questions": [
            {
                "id": "gap_1",
                "question": "顾主任的电话号码是多少？",
                "should_abstain": True,
                "required_quote": "他的电话号码我记不清了",
                "evidence_location": location or {"page": 2, "lines": "83"},
                "additional_evidence": [{"page": 8, "lines": "367-369"}]
                if additional is None
                else additional,
            }
        ],
    }
    path = ROOT / "datasets" / "transcript" / "golden_conflict.json"
    return build_question_set(path, obj, json.dumps(obj).encode(), None).questions[0]


def test_conflict_gap_targets_come_from_evidence_location_and_additional_evidence() -> None:
    q = _conflict_question()
    targets = question_targets(q)
    assert [(t.page, str(t.lines)) for t in targets] == [(2, "83"), (8, "367-369")]
    doc = load_document(ROOT / "datasets" / "transcript" / "document.md")
    assert check_question_citations(q, _answer({"page": 2, "lines": "84-85"}), doc).correct
    assert not check_question_citations(q, _answer({"page": 2, "lines": "90"}), doc).correct
    assert check_question_citations(q, _answer({"quote": "不知道他住在哪里，从来没去过他家"}), doc).correct
    assert check_question_citations(q, _answer({"lines": "368"}), doc).correct


def test_targets_with_lines_but_no_page_get_their_page_from_the_document(doc: Document) -> None:
    target = [CitationTarget(0, LineRange(9, 9))]
    check = check_citations(_answer({"page": 2, "lines": "9"}), target, doc)
    assert check.correct and check.target_pages == (2,)
    assert check_citations(_answer({"page": 2}), target, None).target_pages == ()


def test_a_question_s_targets_are_its_own() -> None:
    """Two question objects with the same id (another set, or the same set loaded again) are each
    checked against their own evidence."""
    doc = load_document(ROOT / "datasets" / "transcript" / "document.md")
    q = _conflict_question()
    other = _conflict_question({"page": 8, "lines": "367-369"}, [])
    assert other.id == q.id
    for _ in range(2):
        assert check_question_citations(q, _answer({"page": 2, "lines": "84-85"}), doc).correct
        assert not check_question_citations(other, _answer({"page": 2, "lines": "84-85"}), doc).correct


def test_nothing_but_the_document_holds_what_is_built_for_it(doc: Document) -> None:
    """The document's index lives on the document: no module keeps it (or the document) alive."""
    document = Document(doc.path, doc.format, doc.pages, doc.sha256)
    assert check_citations(_answer({"page": 1, "lines": "5"}), TARGET, document).correct
    assert document.index is document.index
    ref = weakref.ref(document)
    del document
    gc.collect()
    assert ref() is None


def test_a_quote_longer_than_a_page_is_not_fuzzily_found(doc: Document) -> None:
    """A whole-document 'quote' must not match every page by containing it."""
    everything = "".join(line.text for line in doc.lines) + "再加一些别的内容"
    result = check_citations(_answer({"quote": everything}), TARGET, doc).results[0]
    assert (result.quote_found, result.correct) == (False, False)


def test_long_quotes_that_cannot_match_are_not_searched_fuzzily(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = fuzzy.fuzz.partial_ratio

    def counting(a: str, b: str, **kw: float) -> float:
        calls.append(1)
        return float(real(a, b, **kw))

    monkeypatch.setattr(fuzzy.fuzz, "partial_ratio", counting)
    doc = load_document(ROOT / "datasets/transcript/document.md")
    quote = "完全无关的内容" * 12  # 84 characters, none shared with most of the page
    check = check_citations(
        Answer(answer="x", citations=(Citation(page=1, quote=quote),)), [CitationTarget(1)], doc
    )
    assert check.results[0].quote_found is False and calls == []


def test_a_passage_is_found_on_its_first_page_and_never_across_a_page_break() -> None:
    doc = load_document(ROOT / "datasets/transcript/document.md")
    index = doc.index
    first, second = doc.pages[0].folded, doc.pages[1].folded
    assert index.first_page_holding(second[40:80]) == 2
    assert index.first_page_holding(first[-10:] + second[:10]) is None  # the two pages' texts joined
    assert index.first_page_holding(doc.pages[-1].folded[-30:]) == doc.pages[-1].number
