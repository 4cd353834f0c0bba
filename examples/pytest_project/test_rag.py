"""The example project's tests. The questions themselves are collected by the plugin (``rag_sets`` in
pyproject.toml): one test per question. These are the rest: a unit test of the system's own code, and
threshold tests over every question through the ``rag_run`` fixture (the same answers, asked once)."""

from __future__ import annotations

import my_rag

from benchmark.pytest_run import RagRun


def test_amount_regex_reads_digits_separators_and_chinese_numerals() -> None:
    found = my_rag.AMOUNT.findall("现金10000元，另付1,200元和一万零五百元，约4.6万元")
    assert found == ["10000元", "1,200元", "一万零五百元", "4.6万元"]


def test_every_question_gets_an_answer(rag_run: RagRun) -> None:
    assert rag_run.coverage == 1.0


def test_facts_are_right(rag_run: RagRun) -> None:
    assert rag_run.score("fact_exact") >= 0.9


def test_nothing_is_invented_where_the_file_is_silent(rag_run: RagRun) -> None:
    assert rag_run.pass_rate("conflict_gap") == 1.0


def test_no_regression_against_the_baseline(rag_run: RagRun) -> None:
    # baseline.json: `legal-rag-bench run --dataset questions.json --adapter python:my_rag:answer --json`
    rag_run.assert_no_regression("baseline.json")
