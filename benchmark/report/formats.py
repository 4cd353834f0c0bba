"""The built-in report formats, each ``(report, options) -> str`` (``benchmark.report.REPORT_FORMATS``).

Each imports its renderer when it is first used, so naming a format costs nothing.
"""

from __future__ import annotations

from typing import Any

from benchmark.report import RenderOptions


def summary(report: dict[str, Any], options: RenderOptions) -> str:
    from benchmark.report.terminal import render_summary

    if options.failures is None:
        return render_summary(report, run_dir=options.run_dir)
    return render_summary(report, run_dir=options.run_dir, failures=options.failures)


def json(report: dict[str, Any], options: RenderOptions) -> str:
    from benchmark.report.json_report import dumps_report

    return dumps_report(report)


def tsv(report: dict[str, Any], options: RenderOptions) -> str:
    from benchmark.report.tsv import render_tsv

    return render_tsv(report, header=options.header)


def junit(report: dict[str, Any], options: RenderOptions) -> str:
    from benchmark.report.junit import render_junit

    return render_junit(report)
