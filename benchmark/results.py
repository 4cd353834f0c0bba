"""What a run produces: one ``QuestionResult`` per question (and trial), gathered in a ``RunRecord``.

``summary()`` implements docs/contract.md §4 "Outcomes" (``benchmark.summary``, counted from the report
lines). A record made by the run path (``benchmark.pipeline``) does not hold its results: it reads them back
from the lines the run wrote, and its summary is the one the run counted while writing them. ``ERROR`` (a
scorer raised for that question) is counted apart, as ``errored``: neither resolved nor skipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from benchmark.models import Answer, Question
from scorers.result import ScoreResult

PASS, FAIL, SKIP, ERROR = "PASS", "FAIL", "SKIP", "ERROR"
COMPLETE, STOPPED = "complete", "stopped"  # a run's status


@dataclass
class QuestionResult:
    question: Question
    outcome: str  # PASS | FAIL | SKIP | ERROR
    result: ScoreResult | None = None  # None for SKIP and ERROR
    answer: Answer | None = None  # None when the adapter gave nothing
    latency_ms: int | None = None
    skip_reason: str | None = None
    trial: int = 0
    attempts: int = 1
    cached: bool = False
    error: str | None = None  # ERROR: the exception's one-line summary

    @property
    def score(self) -> float | None:
        return None if self.result is None else self.result.score

    @property
    def id(self) -> str:
        return self.question.id

    @property
    def type(self) -> str:
        return self.question.type


def outcome_of(scored: ScoreResult | str | None) -> str:
    """SKIP without an answer, ERROR for a scorer's exception (given as its summary), else PASS or FAIL."""
    if scored is None:
        return SKIP
    if isinstance(scored, str):
        return ERROR
    return PASS if scored.passed else FAIL


@dataclass
class RunRecord:
    """Everything needed to reproduce, re-render and re-score a run."""

    run_id: str
    tool: str
    version: str
    started_at: str
    finished_at: str
    datasets: list[dict[str, Any]]  # [{"path", "sha256", "document", "document_sha256", "gates"?, ...}]
    adapter: dict[str, Any]  # {"name": spec, "config": {...}} (no secrets)
    options: dict[str, Any] = field(default_factory=dict)
    results: Sequence[QuestionResult] = field(default_factory=list)
    git_commit: str | None = None
    status: str = COMPLETE  # COMPLETE | STOPPED (the system could not be reached or kept failing)
    stop_reason: str | None = None
    warnings: list[str] = field(default_factory=list)  # e.g. unknown answer keys, once per key
    # why report.html could not be written (the other files were): kept for the caller to report
    page_error: Exception | None = field(default=None, repr=False, compare=False)

    written: Any = None  # benchmark.pipeline.report_file.WrittenReport when the run path wrote the report

    def summary(self) -> dict[str, Any]:
        if self.written is not None:
            return dict(self.written.summary)
        from benchmark.report_line import question_entry
        from benchmark.summary import summarize

        return summarize((question_entry(r) for r in self.results), self.datasets, self.summary_parts())

    def summary_parts(self) -> dict[str, Any]:
        """What the summary says beyond the report lines: the judge's verdicts, when a judge was configured."""
        if not self.options.get("judge"):
            return {}
        from benchmark.judges.summary import judge_summary

        return {"judge": judge_summary(((r.type, r.result) for r in self.results), self.options["judge"])}

    @property
    def exit_code(self) -> int:
        """0 when every question passed and every set gate held, 2 for a stopped run (a refusal), else 1
        (docs/contract.md §6)."""
        from benchmark.summary import exit_code

        return exit_code(self.summary(), self.status)
