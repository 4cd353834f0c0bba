"""The JSON report of docs/contract.md §5, byte-identical for the same inputs and answers except for the run id
and the timing fields (``started_at``, ``finished_at``, ``duration_s``, ``latency_ms``).

Keys are sorted (no mapping in the report has a meaningful order), questions are listed in set order,
then question order, then trial, one per line; floats are rounded to 6 decimals; text is written as
UTF-8 (``ensure_ascii=False``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from benchmark.json_lines import dumps_line_bytes
from benchmark.report_line import FLOAT_DIGITS, answer_entry, clean, question_entry
from benchmark.results import RunRecord
from benchmark.summary import summarize

__all__ = ["FLOAT_DIGITS", "answer_entry", "build_report", "clean", "dumps_report", "question_entry"]
TIMING_FIELDS = ("run_id", "started_at", "finished_at", "duration_s", "latency_ms")


def build_report(record: RunRecord) -> dict[str, Any]:
    """The report dict of a run (docs/contract.md §5 plus run metadata); for a run the run path wrote,
    the report it wrote (its question lines read back)."""
    if record.written is not None:
        return record.written.as_dict()
    questions = [question_entry(r) for r in record.results]  # JSON-ready as built
    report = report_head(record, summarize(questions, record.datasets, record.summary_parts()))
    report["questions"] = questions
    return report


def report_of(record: RunRecord) -> dict[str, Any]:
    """The report to render: for a run the run path wrote, its question lines are read from the file as
    a renderer iterates them (never all held at once); else ``build_report``."""
    if record.written is not None:
        report: dict[str, Any] = record.written.report()
        return report
    return build_report(record)


def report_head(record: RunRecord, summary: dict[str, Any]) -> dict[str, Any]:
    """Everything in the report but its question lines, JSON-ready."""
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
    raw = getattr(questions, "raw_lines", None)  # a written report's lines, copied as they are
    lines = list(raw()) if callable(raw) else [dumps_line_bytes(q) for q in questions]
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
