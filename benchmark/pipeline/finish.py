"""The last stage of a run: its reports, built from what it wrote and nothing else.

``report.json`` is copied from the report lines in plan order, the summary counted as they pass
(``report_file.write_report``); the run history is filled from that report, reading the lines back one
at a time; ``report.html`` is streamed from the question rows the scoring stage made
(``benchmark.report.html_run``). No set or document is read or validated again here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmark.pipeline.report_file import WrittenReport, write_report
from benchmark.report.json_report import report_head
from benchmark.results import RunRecord
from benchmark.summary import Tally

if TYPE_CHECKING:
    from benchmark.report.html_run import Row, RunPage
    from benchmark.rundir import RunDir


@dataclass
class Outputs:
    """Where a run's reports go: its directory (None: nowhere but an anonymous file), the run history
    (None: not recorded) under ``label``, and whether the directory gets ``report.html``."""

    run_dir: RunDir | None
    store_path: Path | None = None
    label: str | None = None
    html: bool = True


@dataclass
class Page:
    """What ``report.html`` is made of: the page, its rows in plan order, the question texts (its language)."""

    page: RunPage
    rows: Iterable[Row]
    texts: Iterable[str]


def finish(
    record: RunRecord,
    lines: Iterable[bytes],
    outputs: Outputs,
    page: Page | None,
    parts: Mapping[str, Any] | None = None,
) -> WrittenReport:
    """Write ``report.json``, record the run in the history, then write ``report.html`` (last: the others
    never wait on it); ``record.written`` is the report as written. ``parts``: what the summary says
    beyond the lines (the judge's verdicts; by default, counted from ``record.results``). A page that
    cannot be written costs nothing else: its exception is kept as ``record.page_error`` (the CLI
    prints the summary, then reports it)."""
    head = report_head(record, summary={})
    path = None if outputs.run_dir is None else outputs.run_dir.path / "report.json"
    tally = Tally(record.datasets)
    tally.parts.update(record.summary_parts() if parts is None else parts)
    written = write_report(path, head, lines, tally)
    record.written = written
    if outputs.run_dir is None:
        return written
    if outputs.store_path is not None:
        from benchmark.store import RunStore

        with RunStore(outputs.store_path) as store:
            store.save_report(written.report(), label=outputs.label)
    if outputs.html and page is not None:
        try:
            page.page.write(outputs.run_dir.path / "report.html", written.head, page.rows, page.texts)
        except Exception as exc:
            record.page_error = exc
    return written
