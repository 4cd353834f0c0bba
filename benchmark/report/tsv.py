"""A one-line TSV summary of a run, for spreadsheets and CI logs (``--render tsv``)."""

from __future__ import annotations

from typing import Any

from benchmark.models import QUESTION_TYPES

COLUMNS = (
    "run_id",
    "adapter",
    "total",
    "passed",
    "failed",
    "skipped",
    "errored",
    "resolved",
    "score",
    "pass_rate",
    "coverage",
    *(f"score_{t}" for t in QUESTION_TYPES),
)


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value).replace("\t", " ").replace("\n", " ")


def tsv_row(report: dict[str, Any]) -> list[str]:
    s = report.get("summary", {})
    by_type = s.get("by_type", {})
    values: list[Any] = [report.get("run_id"), (report.get("adapter") or {}).get("name")]
    values += [s.get(k) for k in ("total", "passed", "failed", "skipped")]
    values += [s.get("errored", 0), s.get("resolved")]
    values += [float(s.get(k, 0.0)) for k in ("score", "pass_rate", "coverage")]
    values += [float(by_type[t]["score"]) if t in by_type else None for t in QUESTION_TYPES]
    return [_cell(v) for v in values]


def render_tsv(report: dict[str, Any], *, header: bool = True) -> str:
    rows = [list(COLUMNS)] if header else []
    rows.append(tsv_row(report))
    return "".join("\t".join(r) + "\n" for r in rows)
