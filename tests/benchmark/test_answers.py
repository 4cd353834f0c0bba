"""``parse_answer``: every shape an adapter may return, and what it becomes (a table, one row a shape)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmark.answers import json_safe, parse_answer, unknown_key_warnings, unknown_keys
from benchmark.errors import AdapterError
from benchmark.models import Answer, Citation, EvidenceItem, LineRange

ROWS: list[tuple[str, Any, Answer]] = [
    ("a plain string", "借款46000元", Answer("借款46000元")),
    ("'answer' comes first", {"answer": "甲", "response": "乙"}, Answer("甲")),
    ("a non-text 'answer' gives way", {"answer": 5, "response": "乙", "text": "丙"}, Answer("乙")),
    ("the last answer key", {"content": "丁"}, Answer("丁")),
    (
        "citation objects",
        {
            "answer": "a",
            "citations": [
                {"page": 2, "lines": "40-42", "quote": "借款", "doc": "d.md"},
                {"page": "第3页", "line": "7~9", "text": "收条", "document": "e"},
            ],
        },
        Answer(
            "a",
            citations=(
                Citation(2, LineRange(40, 42), "借款", "d.md"),
                Citation(3, LineRange(7, 9), "收条", "e"),
            ),
        ),
    ),
    (
        "pages of every type",
        {"answer": "a", "citations": [{"page": 4.0}, {"page": 4.5}, {"page": True}, {"page": "p.6"}, {}]},
        Answer("a", citations=(Citation(4), Citation(None), Citation(None), Citation(6), Citation(None))),
    ),
    (
        "a transcript's question-answer pair: a number, a string or 第N个问答; nothing else",
        {
            "answer": "a",
            "citations": [
                {"qa": 4},
                {"qa_pair": "第12个问答"},
                {"qa": "7", "page": 2},
                {"qa": 0},
                {"qa": "甲"},
            ],
        },
        Answer("a", citations=(Citation(qa=4), Citation(qa=12), Citation(2, qa=7), Citation(), Citation())),
    ),
    (
        "'lines' wins over 'line', even when empty",
        {"answer": "a", "citation": {"page": 1, "lines": None, "line": "5"}},
        Answer("a", citations=(Citation(1),)),
    ),
    (
        "bare citations: page numbers and quotes",
        {"answer": "a", "citations": [5, "第4页", "原文如此", " ", True, None], "citation": "p.2"},
        Answer("a", citations=(Citation(5), Citation(4), Citation(quote="原文如此"), Citation(2))),
    ),
    (
        "evidence as text or objects, blanks dropped",
        {
            "answer": "a",
            "evidence": [
                "原文",
                " ",
                {"content": "乙", "page": "2"},
                {"quote": "丙", "doc": "d"},
                {"text": "  "},
                7,
            ],
        },
        Answer("a", evidence=(EvidenceItem("原文"), EvidenceItem("乙", 2), EvidenceItem("丙", None, "d"))),
    ),
    (
        "a page or lines in characters str.isdigit() takes but int() does not are not read",
        {"answer": "a", "citations": [{"page": "²", "lines": "²-3"}, "第³页"]},
        Answer("a", citations=(Citation(None), Citation(quote="第³页"))),
    ),
    (
        "abstained only as a bool, fields only as a mapping",
        {"answer": "a", "abstained": "yes", "fields": [1, 2]},
        Answer("a"),
    ),
    (
        "abstained and fields kept",
        {"answer": "a", "abstained": False, "fields": {"amount": 46000}},
        Answer("a", abstained=False, fields={"amount": 46000}),
    ),
]


@pytest.mark.parametrize(("why", "value", "expected"), ROWS, ids=[r[0] for r in ROWS])
def test_each_shape_becomes_this_answer(why: str, value: Any, expected: Answer) -> None:
    assert parse_answer(value) == expected, why


@pytest.mark.parametrize("value", [{"answer": None}, {"response": 3}, {}, 42, ["答"]])
def test_no_text_is_an_adapter_error(value: Any) -> None:
    with pytest.raises(AdapterError):
        parse_answer(value)


def test_an_answer_is_returned_as_it_is() -> None:
    answer = Answer("a")
    assert parse_answer(answer) is answer


def test_lone_surrogates_and_nan_a_system_sends_are_made_safe() -> None:
    """A system's JSON may escape half a UTF-16 pair (``\\ud800``) or send NaN: no file, database or
    hash could take such an answer, so it is repaired at the door (U+FFFD, None)."""
    raw = {
        "answer": "借款\ud800四万元",
        "citations": [{"page": 1, "quote": "\udfff引"}],
        "evidence": ["证\ud83d据"],
        "fields": {"amount": float("nan"), "k\ud800": [float("inf"), "\ud800"], "ok": 1.5},
    }
    answer = parse_answer(raw)
    assert answer == Answer(
        "借款\ufffd四万元",
        citations=(Citation(1, None, "\ufffd引"),),
        evidence=(EvidenceItem("证\ufffd据"),),
        fields={"amount": None, "k\ufffd": [None, "\ufffd"], "ok": 1.5},
    )
    json.dumps(answer.to_dict(), ensure_ascii=False, allow_nan=False).encode("utf-8")  # raises nothing
    assert parse_answer("a\U0001f600") == Answer("a\U0001f600"), "a real pair is kept"


def test_a_clean_answer_object_is_not_copied() -> None:
    fields = {"amount": 42000, "parts": [1, 2]}
    assert parse_answer({"answer": "好", "fields": fields}).fields == fields
    assert json_safe(fields) is fields


# --- keys nothing reads: warned once per key, with the closest documented key ---------------------


@pytest.mark.parametrize(
    ("obj", "unknown"),
    [
        ({"answer": "a", "citatons": [{"page": 2}]}, ("citatons",)),
        ({"answer": "a", "id": "q1", "trial": 0, "latency_ms": 3}, ()),  # a replay line's own keys
        ({"answer": "a", "x-trace": "abc", "contexts": []}, ()),  # x- keys are the system's own
        ({"answer": "a", "Evidence": [], "sources": []}, ("Evidence", "sources")),
        ("a plain string", ()),
    ],
    ids=["a typo", "replay keys", "own and documented keys", "case and foreign keys", "not an object"],
)
def test_unknown_keys(obj: Any, unknown: tuple[str, ...]) -> None:
    assert unknown_keys(obj) == unknown


def test_one_warning_per_key_with_a_did_you_mean() -> None:
    seen = [("q1", ("citatons",)), ("q2", ("citatons", "sources")), ("q3", ())]
    assert unknown_key_warnings(seen) == [
        "answers carry an unknown key 'citatons' (2 answers, first q1): did you mean 'citations'? it was "
        "ignored (known keys: answer, citations, evidence, abstained, fields, contexts)",
        "answers carry an unknown key 'sources' (1 answer, first q2): it was ignored (known keys: answer, "
        "citations, evidence, abstained, fields, contexts)",
    ]


def test_a_misspelled_key_is_warned_in_the_summary_and_the_report(tmp_path: Path) -> None:
    """Through a run: the citations under ``citatons`` are lost, and the user is told why, once."""
    from benchmark.api import run
    from benchmark.report import render
    from benchmark.report.json_report import build_report
    from tests.benchmark.runkit import numbered_set

    class Typo:
        def query(self, query: Any) -> dict[str, Any]:
            return {"answer": f"答案{query.question.id}", "citatons": [{"page": 1}]}

    record = run(numbered_set(tmp_path / "sets", 4), Typo(), output_dir=tmp_path / "runs")
    [warning] = record.warnings
    assert "'citatons' (4 answers, first q000): did you mean 'citations'?" in warning
    assert json.loads(next((tmp_path / "runs").glob("*/report.json")).read_text())["warnings"] == [warning]
    summary = render(build_report(record), "summary")
    assert summary.count("citatons") == 1 and f"warning: {warning}" in summary
