"""The one-line TSV summary."""

from __future__ import annotations

from benchmark.report.json_report import build_report
from benchmark.report.tsv import COLUMNS, render_tsv
from tests.benchmark.report.sample import sample_record


def test_header_and_one_row() -> None:
    lines = render_tsv(build_report(sample_record())).splitlines()
    assert len(lines) == 2
    assert lines[0].split("\t") == list(COLUMNS)
    row = dict(zip(COLUMNS, lines[1].split("\t"), strict=True))
    assert row["run_id"] == "20261122T081500Z-abc123"
    assert (row["total"], row["passed"], row["failed"], row["skipped"], row["resolved"]) == (
        "4",
        "1",
        "2",
        "1",
        "3",
    )
    assert row["coverage"] == "0.7500"
    assert row["score_evidence_set"] == "-"
    assert row["score_conflict_gap"] == "0.5000"


def test_without_header() -> None:
    text = render_tsv(build_report(sample_record()), header=False)
    assert text.count("\n") == 1 and text.startswith("20261122T081500Z-abc123\t")
