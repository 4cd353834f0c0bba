"""Reports of a run: the JSON report (docs/contract.md §5), the terminal summary, a one-line TSV, JUnit XML.

Every renderer takes the JSON report as a dict, so a stored run (``report.json``) re-renders without
re-scoring. ``render(report, fmt)`` picks one by name.
"""

from __future__ import annotations

from typing import Any

FORMATS = ("summary", "json", "tsv", "junit")


def render(
    report: dict[str, Any],
    fmt: str,
    *,
    run_dir: str | None = None,
    header: bool = True,
    failures: int | None = None,
) -> str:
    """The report as text in ``fmt`` (one of ``FORMATS``); ``failures``: how many failed questions the
    summary details (None: its default of 10, -1: all, 0: none)."""
    if fmt == "json":
        from benchmark.report.json_report import dumps_report

        return dumps_report(report)
    if fmt == "tsv":
        from benchmark.report.tsv import render_tsv

        return render_tsv(report, header=header)
    if fmt == "junit":
        from benchmark.report.junit import render_junit

        return render_junit(report)
    if fmt == "summary":
        from benchmark.report.terminal import render_summary

        if failures is None:
            return render_summary(report, run_dir=run_dir)
        return render_summary(report, run_dir=run_dir, failures=failures)
    raise ValueError(f"unknown report format {fmt!r}; choose from {', '.join(FORMATS)}")
