"""The run path end to end: each answer scored as it arrives, nothing held, reports in plan order."""

from __future__ import annotations

import gc
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from benchmark.api import rescore, run
from benchmark.pipeline.read_back import StoredResults
from benchmark.report.json_report import build_report, dumps_report, question_entry, strip_timings
from benchmark.results import QuestionResult
from benchmark.rundir import RunDir
from tests.benchmark.runkit import EchoAdapter, numbered_set


class Jittery(EchoAdapter):
    """Answers after a random short delay, so replies arrive out of plan order."""

    def __init__(self, wrong: tuple[str, ...] = ()) -> None:
        super().__init__(wrong)
        self.rng = random.Random(7)
        self.rng_lock = threading.Lock()

    def query(self, query: Any) -> dict[str, Any]:
        with self.rng_lock:
            delay = self.rng.random() * 0.01
        time.sleep(delay)
        return super().query(query)


def test_out_of_order_arrivals_give_the_report_of_an_in_order_run(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 60)
    wrong = ("q007", "q031")
    jumbled = run(path, Jittery(wrong), output_dir=tmp_path / "a", concurrency=12, cache_path=None)
    calm = run(path, EchoAdapter(wrong), output_dir=tmp_path / "b", concurrency=1, cache_path=None)
    a, b = RunDir(tmp_path / "a" / jumbled.run_id), RunDir(tmp_path / "b" / calm.run_id)
    assert dumps_report(strip_timings(a.read_report())) == dumps_report(strip_timings(b.read_report()))
    assert [line["id"] for line in a.read_answers()] == [f"q{i:03d}" for i in range(60)]  # plan order
    assert sorted(p.name for p in a.path.iterdir()) == [
        "answers.jsonl",
        "config.json",
        "report.html",
        "report.json",
    ]


def test_the_run_holds_no_results_while_it_runs(tmp_path: Path) -> None:
    seen: list[int] = []

    class Counting(EchoAdapter):
        def query(self, query: Any) -> dict[str, Any]:
            if query.question.id == "q299":  # the last question: 299 answers scored before it
                gc.collect()
                seen.append(sum(isinstance(o, QuestionResult) for o in gc.get_objects()))
            return super().query(query)

    record = run(
        numbered_set(tmp_path / "sets", 300), Counting(), output_dir=tmp_path / "runs", concurrency=1
    )
    assert seen and seen[0] < 5  # each result is written and dropped as it is scored
    assert isinstance(record.results, StoredResults)


def test_results_read_back_are_the_report_lines(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 6)
    record = run(path, EchoAdapter(wrong=("q001",), fail={"q002": ValueError("boom")}), output_dir=None)
    report = build_report(record)
    assert [question_entry(r) for r in record.results] == report["questions"]
    assert record.results[-1].id == "q005" and record.results[1].result.components["contains"].score == 0.0  # type: ignore[union-attr]
    assert [r.cached for r in record.results] == [False] * 6
    assert record.summary() == report["summary"] and record.exit_code == 1


def test_rescore_writes_a_run_directory_with_its_page(tmp_path: Path) -> None:
    out = tmp_path / "runs"
    record = run(numbered_set(tmp_path / "sets", 5), EchoAdapter(wrong=("q003",)), output_dir=out)
    again = rescore(record.run_id, output_dir=out)
    folder = out / again.run_id
    assert (folder / "report.html").is_file() and (folder / "report.json").is_file()
    assert [r.outcome for r in again.results] == [r.outcome for r in record.results]
    assert all(r.cached for r in again.results)
    assert not list(folder.glob(".*"))  # no spool left behind


def test_what_the_run_set_aside_from_the_collector_is_handed_back(tmp_path: Path) -> None:
    """The plan is kept out of the collector's full passes while the run lasts, and only then."""
    frozen: list[int] = []

    class Looking(EchoAdapter):
        def query(self, query: Any) -> dict[str, Any]:
            frozen.append(gc.get_freeze_count())
            if query.question.id == "q002":
                raise KeyboardInterrupt  # a run that ends half-way hands them back too
            return super().query(query)

    path = numbered_set(tmp_path / "sets", 3)
    run(path, EchoAdapter(), output_dir=tmp_path / "a", concurrency=1)
    assert gc.get_freeze_count() == 0
    with pytest.raises(KeyboardInterrupt):
        run(path, Looking(), output_dir=tmp_path / "b", concurrency=1)
    assert frozen and min(frozen) > 0 and gc.get_freeze_count() == 0


def test_a_question_drops_what_the_scorers_derived_once_its_last_trial_is_scored() -> None:
    from benchmark.models import Answer
    from benchmark.pipeline.plan import plan
    from benchmark.pipeline.score import Answered, Work
    from benchmark.resources import datasets_dir

    the_plan = plan([datasets_dir() / "loan_contract"], types=["fact_exact"], repeat=2)
    work = Work(the_plan)
    (_, q), answer = the_plan.pairs[0], Answer("借款金额为人民币200,000元。")
    first = work(Answered(0, 0, answer, None, None))
    assert q._derived  # held for the trial still to come
    second = work(Answered(1, 1, answer, None, None))
    assert not q._derived  # every trial scored: nothing of it is held to the end of the run
    again = work(Answered(1, 1, answer, None, None))  # scored once more (the judge's pass): made again
    assert not q._derived
    assert second.line == again.line and b'"outcome":"PASS"' in first.line
    assert first.line == second.line.replace(b'"trial":1', b'"trial":0')
