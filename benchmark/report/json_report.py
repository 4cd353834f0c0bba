"""The JSON report of docs/contract.md §5, byte-identical for the same inputs and answers except for the run id
and the timing fields (``started_at``, ``finished_at``, ``duration_s``, ``latency_ms``).

Keys are sorted (no mapping in the report has a meaningful order), questions are listed in set order,
then question order, then trial, one per line; floats are rounded to 6 decimals; text is written as
UTF-8 (``ensure_ascii=False``).
"""

from __future__ import annotations

import hashlib
import json
import statistics
from decimal import Decimal
from typing import Any

from benchmark.json_lines import dumps_line_bytes
from benchmark.models import Answer
from benchmark.results import ERROR, FAIL, PASS, SKIP, QuestionResult, RunRecord

FLOAT_DIGITS = 6
TIMING_FIELDS = ("run_id", "started_at", "finished_at", "duration_s", "latency_ms")


_PLAIN = (str, int, bool, type(None))


def clean(value: Any) -> Any:
    """JSON-ready copy: floats rounded, tuples as lists, Decimals as numbers, other objects as text."""
    kind = type(value)
    if kind is dict:
        return {k if type(k) is str else str(k): clean(v) for k, v in value.items()}
    if kind in _PLAIN:
        return value
    if kind is float:
        return round(value, FLOAT_DIGITS)
    if kind is list or kind is tuple:
        return [clean(v) for v in value]
    return _clean_other(value)


def _clean_other(value: Any) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return round(value, FLOAT_DIGITS)
    if isinstance(value, Decimal):
        return clean(int(value) if value == value.to_integral_value() else float(value))
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return clean(to_dict())
    return str(value)


def question_entry(r: QuestionResult) -> dict[str, Any]:
    """A question's report entry, JSON-ready: the scorer's details go through ``clean`` unless the
    scorer promised they need not (``ScoreResult.json_ready``); so do the answer's ``fields``."""
    details: dict[str, Any] = {}
    if r.result is not None:
        details = dict(r.result.details)
        details["components"] = r.result.diagnostics()
        if not r.result.json_ready:
            details = clean(details)
    entry = {
        "id": r.id,
        "type": r.type,
        "set": r.question.set_path,
        "question": r.question.question,
        "trial": r.trial,
        "outcome": r.outcome,
        "score": clean(r.score),
        "components": r.result.component_scores() if r.result is not None else {},
        "details": details,
        "answer": answer_entry(r.answer) if r.answer is not None else None,
        "latency_ms": clean(r.latency_ms),
        "skip_reason": r.skip_reason,
    }
    if r.error is not None:  # only on ERROR lines: the other lines stay as they were
        entry["error"] = r.error
    return entry


def answer_entry(answer: Answer) -> dict[str, Any]:
    """The answer as the report shows it. ``parse_answer`` builds its text, citations and evidence from
    plain values; ``fields`` holds whatever the adapter returned, so only it goes through ``clean``."""
    entry = answer.to_dict()
    if entry["fields"]:
        entry["fields"] = clean(entry["fields"])
    return entry


def _trial_summary(results: list[QuestionResult]) -> dict[str, Any]:
    passed = sum(r.outcome == PASS for r in results)
    failed = sum(r.outcome == FAIL for r in results)
    resolved = passed + failed
    score_sum = sum(r.score or 0.0 for r in results if r.outcome in (PASS, FAIL))
    return {
        "passed": passed,
        "failed": failed,
        "skipped": sum(r.outcome == SKIP for r in results),
        "errored": sum(r.outcome == ERROR for r in results),
        "score": score_sum / resolved if resolved else 0.0,
        "pass_rate": passed / resolved if resolved else 0.0,
    }


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "mean": statistics.fmean(values),
        "stdev": statistics.stdev(values) if len(values) > 1 else 0.0,
        "min": min(values),
        "max": max(values),
    }


def trials_summary(results: list[QuestionResult]) -> dict[str, Any] | None:
    """Mean and spread of score and pass rate over trials; ``None`` for a single trial."""
    trials = sorted({r.trial for r in results})
    if len(trials) < 2:
        return None
    per_trial = []
    for t in trials:
        entry = _trial_summary([r for r in results if r.trial == t])
        per_trial.append({"trial": t, **entry})
    return {
        "n": len(trials),
        "score": _spread([t["score"] for t in per_trial]),
        "pass_rate": _spread([t["pass_rate"] for t in per_trial]),
        "per_trial": per_trial,
    }


def build_report(record: RunRecord) -> dict[str, Any]:
    """The report dict of a run (docs/contract.md §5 plus run metadata)."""
    summary = record.summary()
    trials = trials_summary(record.results)
    if trials is not None:
        summary["trials"] = trials
    report = {
        "tool": record.tool,
        "version": record.version,
        "run_id": record.run_id,
        "git_commit": record.git_commit,
        "started_at": record.started_at,
        "finished_at": record.finished_at,
        "duration_s": record.options.get("duration_s"),
        "dataset": combined_dataset(record.datasets, record.options.get("dataset")),
        "datasets": record.datasets,
        "adapter": record.adapter,
        "options": {k: v for k, v in record.options.items() if k != "duration_s"},
        "status": record.status,
        "stop_reason": record.stop_reason,
        "warnings": list(record.warnings),
        "summary": summary,
    }
    cleaned: dict[str, Any] = clean(report)
    cleaned["questions"] = [question_entry(r) for r in record.results]  # JSON-ready as built
    return cleaned


def combined_dataset(datasets: list[dict[str, Any]], inputs: object = None) -> dict[str, Any]:
    """§5's single ``dataset``: the paths the run was given, and one hash over every set's and document's hash."""
    if isinstance(inputs, (list, tuple)) and inputs:
        paths = [str(p) for p in inputs]
    else:
        paths = [str(d.get("path", "")) for d in datasets]
    digest = hashlib.sha256()
    for d in datasets:
        digest.update(f"{d.get('path')}\t{d.get('sha256')}\t{d.get('document_sha256')}\n".encode())
    return {"path": paths[0] if len(paths) == 1 else ", ".join(paths), "sha256": digest.hexdigest()}


_SLOT = "\x00questions\x00"


def dumps_report_bytes(report: dict[str, Any]) -> bytes:
    """The report as UTF-8: indented, one compact question per line (readable, diff-friendly, and fast:
    an indented dump takes Python's slow JSON encoder, a question line ``dumps_line_bytes``). ``report``
    must be what ``build_report`` returns (or a report read back from a file)."""
    questions = report.get("questions", [])
    text = json.dumps(
        {**report, "questions": _SLOT}, ensure_ascii=False, indent=2, sort_keys=True, default=str
    )
    head, tail = text.split(json.dumps(_SLOT), 1)
    lines = [dumps_line_bytes(q) for q in questions]
    body = b"[\n    " + b",\n    ".join(lines) + b"\n  ]" if lines else b"[]"
    return head.encode("utf-8") + body + tail.encode("utf-8") + b"\n"


def dumps_report(report: dict[str, Any]) -> str:
    """``dumps_report_bytes`` as text."""
    return dumps_report_bytes(report).decode("utf-8")


def strip_timings(report: dict[str, Any]) -> dict[str, Any]:
    """A copy without the run id and timing fields: what must be identical across equal runs."""
    out = {k: v for k, v in report.items() if k not in TIMING_FIELDS}
    out["questions"] = [
        {k: v for k, v in q.items() if k not in TIMING_FIELDS} for q in report.get("questions", [])
    ]
    return out
