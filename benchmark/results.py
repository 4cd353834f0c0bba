"""What a run produces: one ``QuestionResult`` per question (and trial), gathered in a ``RunRecord``.

``summary()`` implements docs/contract.md §4 "Outcomes": resolved = passed + failed, score is the mean
over resolved questions, coverage = resolved / total, the same per type. ``ERROR`` (a scorer raised for
that question) is counted apart, as ``errored``: neither resolved nor skipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
class Counts:
    total: int = 0
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    errored: int = 0
    score_sum: float = 0.0

    def add(self, r: QuestionResult) -> None:
        self.total += 1
        if r.outcome == PASS:
            self.passed += 1
        elif r.outcome == FAIL:
            self.failed += 1
        elif r.outcome == ERROR:
            self.errored += 1
        else:
            self.skipped += 1
        if r.outcome in (PASS, FAIL) and r.score is not None:
            self.score_sum += r.score

    @property
    def resolved(self) -> int:
        return self.passed + self.failed

    def as_dict(self, *, full: bool) -> dict[str, Any]:
        resolved = self.resolved
        out: dict[str, Any] = {
            "total": self.total,
            "passed": self.passed,
            "failed": self.failed,
            "skipped": self.skipped,
            "errored": self.errored,
        }
        if full:
            out["resolved"] = resolved
        out["score"] = round(self.score_sum / resolved, 6) if resolved else 0.0
        if full:
            out["pass_rate"] = round(self.passed / resolved, 6) if resolved else 0.0
            out["coverage"] = round(resolved / self.total, 6) if self.total else 0.0
        else:
            out["coverage"] = round(resolved / self.total, 6) if self.total else 0.0
        return out


def summarize(results: list[QuestionResult], datasets: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The summary; ``gates`` (each set's gates measured, see ``benchmark.gates``) when a set has gates."""
    from benchmark.gates import gates_held, measure_gates

    overall = Counts()
    by_type: dict[str, Counts] = {}
    for r in results:
        overall.add(r)
        by_type.setdefault(r.type, Counts()).add(r)
    out = overall.as_dict(full=True)
    out["by_type"] = {t: by_type[t].as_dict(full=False) for t in sorted(by_type)}
    _add_retrieval(out, results)
    gates = measure_gates(results, datasets)
    if gates is not None:
        out["gates"] = gates
        out["gates_held"] = gates_held(gates)
    return out


def _add_retrieval(summary: dict[str, Any], results: list[QuestionResult]) -> None:
    """Retrieval means overall and per type, when some answer gave contexts (benchmark.retrieval_summary)."""
    from benchmark.retrieval_summary import retrieval_summary

    entries = [(r.type, r.result.details.get("retrieval") if r.result else None) for r in results]
    overall = retrieval_summary(e for _, e in entries)
    if overall is None:
        return
    summary["retrieval"] = overall
    for qtype, counts in summary["by_type"].items():
        found = retrieval_summary(e for t, e in entries if t == qtype)
        if found is not None:
            counts["retrieval"] = found


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
    results: list[QuestionResult] = field(default_factory=list)
    git_commit: str | None = None
    status: str = COMPLETE  # COMPLETE | STOPPED (the system could not be reached or kept failing)
    stop_reason: str | None = None
    warnings: list[str] = field(default_factory=list)  # e.g. unknown answer keys, once per key
    # why report.html could not be written (the other files were): kept for the caller to report
    page_error: Exception | None = field(default=None, repr=False, compare=False)

    def summary(self) -> dict[str, Any]:
        out = summarize(self.results, self.datasets)
        if self.options.get("judge"):  # a judge was configured: what its verdicts did
            from benchmark.judges.summary import judge_summary

            out["judge"] = judge_summary(((r.type, r.result) for r in self.results), self.options["judge"])
        return out

    @property
    def exit_code(self) -> int:
        """0 when every question passed and every set gate held, 2 for a stopped run (a refusal), else 1
        (docs/contract.md §6)."""
        from benchmark.gates import gates_held, measure_gates

        if self.status == STOPPED:
            return 2
        passed = bool(self.results) and all(r.outcome == PASS for r in self.results)
        return 0 if passed and gates_held(measure_gates(self.results, self.datasets)) else 1
