from __future__ import annotations

import math

from benchmark.adapters.baseline.bm25 import BM25

CORPUS = [
    ["借款", "合同", "金额"],
    ["还款", "日期", "还款"],
    ["借款", "借款", "借款", "利息"],
    ["证人", "证言"],
]


def test_the_document_holding_the_rare_term_ranks_first() -> None:
    index = BM25(CORPUS)
    assert index.top(["证言"], 3) == [(3, index.scores(["证言"])[3])]
    assert [i for i, _ in index.top(["还款", "借款"], 4)] == [1, 2, 0]


def test_term_frequency_saturates_and_rare_terms_weigh_more() -> None:
    index = BM25(CORPUS)
    assert index.idf("证言") > index.idf("借款")
    assert index.idf("不存在") >= index.idf("证言")
    many = index.scores(["借款"])
    assert many[2] > many[0] > 0.0
    assert many[2] < 3 * many[0]  # three occurrences are worth less than three times one


def test_only_matching_documents_are_returned_and_ties_keep_document_order() -> None:
    index = BM25([["甲"], ["乙"], ["甲"], ["丙"]])
    assert [i for i, _ in index.top(["甲"], 10)] == [0, 2]
    assert index.top(["丁"], 10) == []
    assert index.top([], 10) == []


def test_repeated_query_terms_count_once() -> None:
    index = BM25(CORPUS)
    assert index.scores(["借款", "借款"]) == index.scores(["借款"])


def test_idf_is_the_non_negative_lucene_form() -> None:
    index = BM25([["a"], ["a"], ["a"], ["b"]])
    assert math.isclose(index.idf("a"), math.log(1 + (4 - 3 + 0.5) / (3 + 0.5)))
    assert index.idf("a") > 0


def test_an_empty_corpus_answers_nothing() -> None:
    assert BM25([]).top(["借款"], 5) == []
