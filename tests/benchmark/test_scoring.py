"""One question's scorer fault is that question's ERROR: the run goes on, every other result is kept
and written (benchmark.scoring.score_or_error through the real API and registry)."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest

from benchmark.api import rescore, run
from benchmark.errors import ConfigError, error_summary
from benchmark.models import Answer, Criteria
from benchmark.questions import load_question_set
from benchmark.results import ERROR, FAIL, PASS
from benchmark.rundir import RunDir
from benchmark.scoring import score_or_error
from benchmark.store import RunStore
from scorers.registry import SCORERS, ScorerSpec
from tests.benchmark.runkit import RAISE_MARK, RAISES, EchoAdapter, question, write_set


def _set(folder: Path) -> Path:
    qs = [question("q000", "答案q000", scorer=RAISES), question("q001", RAISE_MARK, scorer=RAISES)]
    qs += [question("q002", "答案q002", scorer=RAISES), question("q003", "别的", scorer=RAISES)]
    return write_set(folder, "set.json", qs)


def test_a_raising_scorer_is_that_questions_error_and_the_run_finishes(tmp_path: Path) -> None:
    record = run(_set(tmp_path / "sets"), EchoAdapter(), output_dir=tmp_path / "runs")
    assert [r.outcome for r in record.results] == [PASS, ERROR, PASS, FAIL]
    assert record.results[1].error == "IndexError: string index out of range"
    assert record.results[1].answer is not None, "the answer of an errored question is kept"
    assert record.exit_code == 1
    run_dir = RunDir(tmp_path / "runs" / record.run_id)
    assert run_dir.complete
    report = run_dir.read_report()
    assert report["summary"]["errored"] == 1 and report["summary"]["resolved"] == 3
    assert [q["outcome"] for q in report["questions"]] == [PASS, ERROR, PASS, FAIL]
    assert [a["id"] for a in run_dir.read_answers()] == ["q000", "q001", "q002", "q003"]
    with RunStore(tmp_path / "runs" / "history.sqlite") as store:
        assert store.get_run(record.run_id)["summary"]["errored"] == 1


def test_rescore_records_the_error_too(tmp_path: Path) -> None:
    first = run(_set(tmp_path / "sets"), EchoAdapter(), output_dir=tmp_path / "runs")
    again = rescore(first.run_id, output_dir=tmp_path / "runs")
    assert [r.outcome for r in again.results] == [PASS, ERROR, PASS, FAIL]


def test_score_or_error_summarises_and_lets_refusals_through(tmp_path: Path) -> None:
    qs = load_question_set(_set(tmp_path))
    q_ok, q_bad = qs.questions[0], qs.questions[1]
    ok = score_or_error(q_ok, Answer("答案q000"), criteria=Criteria(), document=None)
    assert not isinstance(ok, str) and ok.passed
    assert score_or_error(q_bad, Answer("x"), criteria=Criteria(), document=None) == (
        "IndexError: string index out of range"
    )

    def refuse(*_: object) -> object:
        raise ConfigError("bad option", where="--scorer-option")

    SCORERS.register("stub_refuses", ScorerSpec("stub_refuses", refuse, lambda q: [], {}), replace=True)
    refusing = dataclasses.replace(q_ok, scoring={"scorer": "stub_refuses"})
    with pytest.raises(ConfigError):
        score_or_error(refusing, Answer("x"), criteria=Criteria(), document=None)


def test_a_score_that_is_not_a_number_is_an_error(tmp_path: Path) -> None:
    from scorers.result import Component, combine

    def nan_score(*_: object) -> object:
        result = combine([Component("x", 1.0)], {"x": 1.0}, 0.7)
        result.score = math.nan
        return result

    SCORERS.register("stub_nan", ScorerSpec("stub_nan", nan_score, lambda q: [], {}), replace=True)
    q = dataclasses.replace(load_question_set(_set(tmp_path)).questions[0], scoring={"scorer": "stub_nan"})
    assert score_or_error(q, Answer("x"), criteria=Criteria(), document=None) == (
        "ValueError: the scorer returned the score nan"
    )


@pytest.mark.parametrize(
    ("exc", "summary"),
    [
        (IndexError("string index out of range"), "IndexError: string index out of range"),
        (KeyError("x"), "KeyError: 'x'"),
        (RuntimeError(), "RuntimeError"),
        (ValueError("first line\nsecond line"), "ValueError: first line"),
    ],
)
def test_error_summary_is_one_line(exc: Exception, summary: str) -> None:
    assert error_summary(exc) == summary
    assert len(error_summary(ValueError("x" * 1000))) == 300


def test_the_pytest_plugins_note_for_an_error(tmp_path: Path) -> None:
    from benchmark.pytest_support import reviewer_note
    from benchmark.results import QuestionResult

    q = load_question_set(_set(tmp_path)).questions[1]
    note = reviewer_note(QuestionResult(q, ERROR, None, Answer("x"), error="IndexError: boom"), 0.7)
    assert note.splitlines()[0] == "q001 ERROR  fact_exact  the scorer raised IndexError: boom"


def test_scorers_read_the_answer_without_markdown_emphasis() -> None:
    """``**95000** 元`` states 95000 yuan; the result keeps the answer as the system wrote it."""
    from benchmark.models import Expected, Question
    from benchmark.scoring import score_answer

    q = Question(
        id="q", type="fact_exact", question="尚欠本金是多少？", expected=Expected(amount_total=95000)
    )
    answer = Answer(answer="法院认定尚欠本金 **95000** 元。")
    result = score_answer(q, answer, criteria=Criteria(), document=None)
    assert result.components["exact_match"].score == 1.0
    assert answer.answer == "法院认定尚欠本金 **95000** 元。"
