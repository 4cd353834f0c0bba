"""Reports of a run: the JSON report (docs/contract.md §5), the terminal summary, a one-line TSV, JUnit XML.

Every renderer takes the JSON report as a dict, so a stored run (``report.json``) re-renders without
re-scoring. Formats are looked up by name in ``REPORT_FORMATS`` (built-ins in
``benchmark.report.formats``; a plugin adds one through the ``legal_rag_bench.report_formats`` entry
point group or ``benchmark.register_report_format``); ``render(report, fmt)`` picks one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from benchmark.registry import Registry

FORMATS = ("summary", "json", "tsv", "junit")  # the built-in formats


@dataclass(frozen=True)
class RenderOptions:
    """What the command line says about rendering. ``failures``: how many failed questions the summary
    details (None: its default of 10, -1: all, 0: none); ``header``: TSV's header line."""

    run_dir: str | None = None
    header: bool = True
    failures: int | None = None


Renderer = Callable[[dict[str, Any], RenderOptions], str]

REPORT_FORMATS: Registry[Renderer] = Registry(
    "report format",
    group="legal_rag_bench.report_formats",
    builtins={name: f"benchmark.report.formats:{name}" for name in FORMATS},
)


def render(
    report: dict[str, Any],
    fmt: str,
    *,
    run_dir: str | None = None,
    header: bool = True,
    failures: int | None = None,
) -> str:
    """The report as text in the format named ``fmt``; an unknown name raises ``UnknownNameError``
    (with the known names and a did-you-mean)."""
    return REPORT_FORMATS.get(fmt)(report, RenderOptions(run_dir, header, failures))
