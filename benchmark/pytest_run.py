"""The object the ``rag_run`` fixture returns: every question of the configured sets, asked once per test
run and scored, with the helpers threshold tests need and a regression check against a stored baseline
that uses ``compare``'s statistics (paired bootstrap CI, McNemar)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from benchmark.errors import BenchmarkError
from benchmark.results import FAIL, PASS, QuestionResult, RunRecord

Outcomes = dict[str, tuple[str, float | None, str]]  # id -> (outcome, score, type), as compare wants


class RagRun:
    """Every question of the configured sets, asked once per test run and scored: for threshold tests."""

    def __init__(self, record: RunRecord, *, store: Path, root: Path) -> None:
        self.record, self.store, self.root = record, store, root
        self.summary: dict[str, Any] = record.summary()

    @property
    def results(self) -> Sequence[QuestionResult]:
        return self.record.results

    @property
    def run_id(self) -> str:
        return self.record.run_id

    def _counts(self, type: str | None) -> dict[str, Any]:
        if type is None:
            return self.summary
        if type not in self.summary["by_type"]:
            have = ", ".join(self.summary["by_type"]) or "none"
            raise ValueError(f"no {type!r} questions in this run (types: {have})")
        counts: dict[str, Any] = self.summary["by_type"][type]
        return counts

    def score(self, type: str | None = None) -> float:
        """Mean score over the resolved (not skipped) questions, of one type or all."""
        return float(self._counts(type)["score"])

    def pass_rate(self, type: str | None = None) -> float:
        c = self._counts(type)
        resolved = c["passed"] + c["failed"]
        return c["passed"] / resolved if resolved else 0.0

    @property
    def coverage(self) -> float:
        """Share of questions that got an answer (resolved / total)."""
        return float(self.summary["coverage"])

    def result(self, question_id: str) -> QuestionResult:
        for r in self.results:
            if r.id == question_id:
                return r
        raise KeyError(f"no question {question_id!r} in this run")

    def failures(self, type: str | None = None) -> list[QuestionResult]:
        """Questions that did not pass (FAIL and SKIP), in set order."""
        return [r for r in self.results if r.outcome != PASS and type in (None, r.type)]

    @property
    def report(self) -> dict[str, Any]:
        from benchmark.report.json_report import build_report

        return build_report(self.record)

    def write_report(self, path: str | Path) -> Path:
        """The JSON report (the CLI's ``report.json`` format): a baseline for later runs."""
        from benchmark.report.json_report import dumps_report_bytes

        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(dumps_report_bytes(self.report))
        return target

    def save(self, label: str | None = None, *, store: str | Path | None = None) -> str:
        """Record this run in a run store (``runs list``, ``compare``); returns its id."""
        from benchmark.store import RunStore

        with RunStore(self.root / (store or self.store)) as runs:
            return runs.save_report(self.report, label=label)

    def outcomes(self) -> Outcomes:
        return {r.id: (r.outcome, r.score, r.type) for r in self.results if r.trial == 0}

    def assert_no_regression(
        self,
        baseline: str | Path = "latest",
        threshold: float = 0.0,
        *,
        type: str | None = None,
        store: str | Path | None = None,
    ) -> Any:
        """Fail when this run is significantly worse than ``baseline`` by at least ``threshold``.

        ``baseline``: a ``report.json`` (or a run directory holding one), else a run id, label or
        ``latest`` in the run store (``store``, ``rag_store``, default ``runs/history.sqlite``). Relative
        paths are taken from the rootdir. "Significantly" is ``compare``'s rule: the paired-bootstrap 95%
        CI of the score change lies wholly below zero. Returns the ``Comparison``.
        """
        from benchmark.compare import compare_outcomes

        name, before = load_baseline(self.root / baseline, baseline, self.root / (store or self.store))
        comparison = compare_outcomes(name, before, self.run_id, self.outcomes())
        deltas = [comparison.overall] if type is None else [d for d in comparison.by_type if d.type == type]
        delta = deltas[0] if deltas else None
        if delta is None or delta.n == 0:
            of = f" of type {type}" if type else ""
            pytest.fail(f"baseline {name} shares no resolved question{of} with this run", pytrace=False)
        worse = delta.regression(threshold)
        if worse:
            pytest.fail(regression_message(comparison, delta, threshold), pytrace=False)
        return comparison


def _report_outcomes(path: Path) -> tuple[str, Outcomes]:
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
        questions = report["questions"]
        out = {q["id"]: (q["outcome"], q.get("score"), q["type"]) for q in questions if not q.get("trial")}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        pytest.fail(f"baseline {path}: not a legal-rag-bench report ({exc})", pytrace=False)
    return str(report.get("run_id") or path), out


def load_baseline(path: Path, ref: str | Path, store: Path) -> tuple[str, Outcomes]:
    """(name, outcomes) of a baseline report file, run directory, or stored run."""
    if path.is_dir() and (path / "report.json").is_file():
        path = path / "report.json"
    if path.is_file() or path.suffix == ".json":
        return _report_outcomes(path)
    if not store.is_file():
        pytest.fail(
            f"no baseline {str(ref)!r}: no run store at {store}; record one with "
            "`legal-rag-bench run ... --label baseline`, or pass a report.json",
            pytrace=False,
        )
    from benchmark.store import RunStore

    try:
        with RunStore(store) as runs:
            run_id = runs.resolve(str(ref))
            return run_id, runs.outcomes(run_id)
    except BenchmarkError as exc:
        pytest.fail(f"baseline: {exc}", pytrace=False)


def regression_message(comparison: Any, delta: Any, threshold: float) -> str:
    ci = delta.ci
    scope = "" if delta.type == "overall" else f" ({delta.type})"
    flips = [f for f in comparison.flips if delta.type in ("overall", f["type"])]
    newly = [f["id"] for f in flips if f["a"] == PASS and f["b"] == FAIL]
    lines = [
        f"regression against baseline {comparison.run_a}{scope}: score {delta.score_a:.3f} -> "
        f"{delta.score_b:.3f}, change {ci.mean_diff:+.3f} (95% CI {ci.low:+.3f} to {ci.high:+.3f}, "
        f"n={delta.n}, McNemar p={delta.mcnemar.p_value:.3g}); allowed drop {threshold:.3f}",
    ]
    if newly:
        more = f" and {len(newly) - 10} more" if len(newly) > 10 else ""
        lines.append("passed before, fail now: " + ", ".join(newly[:10]) + more)
    return "\n".join(lines)
