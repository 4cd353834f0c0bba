"""The seed API keeps working: BenchmarkRunner(path).run_benchmark(rag_system, question_type=...)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmark.test_runner import BenchmarkRunner
from tests.benchmark.runkit import question, write_set


class OldStyleRag:
    """The seed era's system: ``.query(question_text)`` returning ``citation`` and ``evidence: [str]``."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def query(self, question: str) -> dict[str, Any]:
        self.asked.append(question)
        qid = question.removeprefix("问题").removesuffix("？")
        return {
            "answer": f"答案{qid}" if qid != "b2" else "不清楚",
            "citation": "p.1",
            "evidence": ["甲向乙借款42000元"],
        }


def test_run_benchmark_returns_the_seed_summary(tmp_path: Path) -> None:
    path = write_set(
        tmp_path,
        "set.json",
        [question("b1", "答案b1"), question("b2", "答案b2"), question("b3", "答案b3", qtype="evidence_set")],
    )
    rag = OldStyleRag()
    summary = BenchmarkRunner(path).run_benchmark(rag, question_type="fact_exact")
    assert rag.asked == ["问题b1？", "问题b2？"]
    assert summary["total"] == 2 and summary["passed"] == 1
    assert summary["pass_rate"] == 0.5
    assert summary["overall_percentage"] == 50.0
    assert set(summary["by_type"]) == {"fact_exact"}
    first = summary["results"][0]
    assert first["answer"]["citations"] == [{"page": 1}]
    assert first["answer"]["evidence"] == [{"page": None, "text": "甲向乙借款42000元"}]


def test_without_a_type_every_question_runs_and_nothing_is_written(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    path = write_set(tmp_path / "sets", "set.json", [question("c1", "答案c1"), question("c2", "答案c2")])
    runner = BenchmarkRunner(path)
    summary = runner.run_benchmark(OldStyleRag())
    assert summary["total"] == 2 and summary["overall_percentage"] == 100.0
    assert runner.last_record is not None and runner.last_record.exit_code == 0
    assert not (tmp_path / "runs").exists()
