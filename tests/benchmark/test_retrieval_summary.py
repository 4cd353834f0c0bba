"""Contexts in answers, and the run's retrieval means (docs/contract.md §3-§4)."""

from __future__ import annotations

import pytest

from benchmark.answers import parse_answer
from benchmark.models import Answer, LineRange
from benchmark.retrieval_summary import metric_label, retrieval_summary


def test_contexts_are_parsed_in_every_accepted_shape() -> None:
    answer = parse_answer({
        "answer": "x",
        "contexts": [
            {"document": "xunwen-1", "page": "第2页", "lines": "40-42", "text": "原文", "score": 0.82},
            {"doc": "liushui", "content": "表格行", "line": 7},
            "只有文字的片段",
            {"score": 0.1},  # neither place nor text: dropped
            {"text": "  ", "page": None},  # blank: dropped
            {"text": "分数不是数", "score": "high"},
            42,
        ],
    })  # fmt: skip
    got = [(c.document, c.page, c.lines, c.text, c.score) for c in answer.contexts]
    assert got == [
        ("xunwen-1", 2, LineRange(40, 42), "原文", 0.82),
        ("liushui", None, LineRange(7, 7), "表格行", None),
        (None, None, None, "只有文字的片段", None),
        (None, None, None, "分数不是数", None),
    ]
    assert answer.to_dict()["contexts"][0] == {
        "page": 2,
        "document": "xunwen-1",
        "lines": "40-42",
        "text": "原文",
        "score": 0.82,
    }
    assert parse_answer(answer.to_dict()) == answer  # what a replay file holds reads back the same


def test_an_answer_without_contexts_keeps_its_old_shape() -> None:
    assert "contexts" not in Answer("x").to_dict()
    assert "contexts" not in parse_answer({"answer": "x", "contexts": []}).to_dict()


def measured(k: int, **values: float | None) -> dict[str, object]:
    return {"k": k, "hit": 1.0, "recall": 1.0, "mrr": 1.0, "ndcg": 1.0, "foreign_rate": 0.0, **values}


def test_means_over_the_measured_questions() -> None:
    entries = [
        measured(5, recall=0.5, foreign_rate=None),
        measured(5, recall=1.0, mrr=0.5),
        {"k": 5, "gold": 0, "returned": 3, "reason": "no evidence location"},  # not measured
        None,  # no contexts
    ]
    s = retrieval_summary(entries)
    assert s == {
        "k": 5,
        "questions": 2,
        "hit": 1.0,
        "recall": 0.75,
        "mrr": 0.75,
        "ndcg": 1.0,
        "foreign_rate": 0.0,
    }
    assert retrieval_summary([None, {"k": 5, "gold": 0}]) is None


def test_mixed_k_is_said() -> None:
    s = retrieval_summary([measured(5), measured(10)])
    assert s is not None and s["k"] is None and s["k_values"] == [5, 10]
    assert metric_label("recall", None) == "recall@k" and metric_label("recall", 3) == "recall@3"


@pytest.mark.parametrize("adapter", ["oracle", "baseline"])
def test_runs_over_one_document_sets_report_retrieval_too(adapter: str) -> None:
    from benchmark.api import run
    from benchmark.resources import datasets_dir

    record = run(
        datasets_dir() / "loan_contract" / "fact_exact.json",
        adapter,
        output_dir=None,
        cache_path=None,
        store_path=None,
    )
    s = record.summary()["retrieval"]
    assert s["questions"] == len(record.results)
    if adapter == "oracle":
        assert (s["hit"], s["recall"], s["mrr"], s["ndcg"], s["foreign_rate"]) == (1.0, 1.0, 1.0, 1.0, 0.0)
