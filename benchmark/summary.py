"""A run's summary, counted from its report lines one at a time (docs/contract.md §4 "Outcomes").

resolved = passed + failed, score is the mean over resolved questions, coverage = resolved / total,
the same per type; with several trials, the mean and spread over trials; the set gates
(``benchmark.gates``). ``Tally`` holds counts, never the lines, so a run of any size is summarised in
the same memory, and the summary is the same whichever process scored which answer.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from benchmark.gates import GateTally, gates_held
from benchmark.retrieval_summary import RetrievalTally

Entry = Mapping[str, Any]  # a report line (benchmark.report.json_report.question_entry)
PASS, FAIL, SKIP, ERROR = "PASS", "FAIL", "SKIP", "ERROR"


@dataclass
class Counts:
    total: int = 0
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    errored: int = 0  # a scorer raised: neither resolved nor skipped
    score_sum: float = 0.0

    def add(self, outcome: str, score: float | None) -> None:
        self.total += 1
        if outcome == PASS:
            self.passed += 1
        elif outcome == FAIL:
            self.failed += 1
        elif outcome == ERROR:
            self.errored += 1
        else:
            self.skipped += 1
        if outcome in (PASS, FAIL) and score is not None:
            self.score_sum += score

    @property
    def resolved(self) -> int:
        return self.passed + self.failed

    @property
    def score(self) -> float:
        return self.score_sum / self.resolved if self.resolved else 0.0

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
        out["score"] = round(self.score, 6)
        if full:
            out["pass_rate"] = round(self.passed / resolved, 6) if resolved else 0.0
        out["coverage"] = round(resolved / self.total, 6) if self.total else 0.0
        return out


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "mean": statistics.fmean(values),
        "stdev": statistics.stdev(values) if len(values) > 1 else 0.0,
        "min": min(values),
        "max": max(values),
    }


class Tally:
    """Counts over report lines: ``add`` each line, then ``summary()``."""

    def __init__(self, datasets: Sequence[Mapping[str, Any]] = ()) -> None:
        self.overall = Counts()
        self.by_type: dict[str, Counts] = {}
        self.by_trial: dict[int, Counts] = {}
        self.gates = GateTally(datasets)
        self.retrieval: dict[str, RetrievalTally] = {}  # "" overall, else by type
        self.parts: dict[str, Any] = {}  # what the lines cannot say (the judge's verdicts), set by the run

    def add(self, entry: Entry) -> None:
        outcome, score = str(entry.get("outcome")), entry.get("score")
        self.overall.add(outcome, score)
        kind = str(entry.get("type"))
        counts = self.by_type.get(kind)
        if counts is None:
            counts = self.by_type[kind] = Counts()
        counts.add(outcome, score)
        trial = int(entry.get("trial") or 0)
        counts = self.by_trial.get(trial)
        if counts is None:
            counts = self.by_trial[trial] = Counts()
        counts.add(outcome, score)
        self.gates.add(entry)
        found = (entry.get("details") or {}).get("retrieval")
        if found is not None:
            for key in ("", kind):
                self.retrieval.setdefault(key, RetrievalTally()).add(found)

    def trials(self) -> dict[str, Any] | None:
        """Mean and spread of score and pass rate over trials; ``None`` for a single trial."""
        if len(self.by_trial) < 2:
            return None
        per_trial = []
        for t in sorted(self.by_trial):
            c = self.by_trial[t]
            pass_rate = c.passed / c.resolved if c.resolved else 0.0
            per_trial.append(
                {
                    "trial": t,
                    "passed": c.passed,
                    "failed": c.failed,
                    "skipped": c.skipped,
                    "errored": c.errored,
                    "score": c.score,
                    "pass_rate": pass_rate,
                }
            )
        return {
            "n": len(per_trial),
            "score": _spread([t["score"] for t in per_trial]),
            "pass_rate": _spread([t["pass_rate"] for t in per_trial]),
            "per_trial": per_trial,
        }

    def _add_retrieval(self, summary: dict[str, Any]) -> None:
        """Retrieval means overall and per type, when some answer gave contexts (benchmark.retrieval_summary)."""
        overall = self.retrieval[""].summary() if "" in self.retrieval else None
        if overall is None:
            return
        summary["retrieval"] = overall
        for qtype, counts in summary["by_type"].items():
            found = self.retrieval[qtype].summary() if qtype in self.retrieval else None
            if found is not None:
                counts["retrieval"] = found

    def summary(self) -> dict[str, Any]:
        """The summary as the report holds it (before ``clean`` rounds its floats)."""
        out = self.overall.as_dict(full=True)
        out["by_type"] = {t: self.by_type[t].as_dict(full=False) for t in sorted(self.by_type)}
        self._add_retrieval(out)
        gates = self.gates.result()
        if gates is not None:
            out["gates"] = gates
            out["gates_held"] = gates_held(gates)
        out.update(self.parts)
        trials = self.trials()
        if trials is not None:
            out["trials"] = trials
        return out


def summarize(
    entries: Iterable[Entry],
    datasets: Sequence[Mapping[str, Any]] = (),
    parts: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    tally = Tally(datasets)
    tally.parts.update(parts or {})
    for entry in entries:
        tally.add(entry)
    return tally.summary()


def exit_code(summary: Mapping[str, Any], status: str | None) -> int:
    """0 when every question passed and every set gate held, 2 for a stopped run (a refusal), else 1
    (docs/contract.md §6)."""
    if status == "stopped":
        return 2
    passed = summary.get("total", 0) > 0 and summary.get("passed") == summary.get("total")
    return 0 if passed and summary.get("gates_held", True) else 1
