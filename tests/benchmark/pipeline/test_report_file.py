"""report.json written line by line: the same bytes as the whole report dumped at once."""

from __future__ import annotations

from pathlib import Path

from benchmark.json_lines import dumps_line_bytes
from benchmark.pipeline.report_file import write_report
from benchmark.report.json_report import build_report, dumps_report_bytes, question_entry, report_head
from benchmark.summary import Tally
from tests.benchmark.report.sample import sample_record


def _write(path: Path | None) -> tuple[bytes, object]:
    record = sample_record()
    lines = [dumps_line_bytes(question_entry(r)) for r in record.results]
    written = write_report(path, report_head(record, {}), lines, Tally(record.datasets))
    return dumps_report_bytes(build_report(record)), written


def test_streamed_report_is_the_dumped_report(tmp_path: Path) -> None:
    expected, _ = _write(tmp_path / "report.json")
    assert (tmp_path / "report.json").read_bytes() == expected
    assert not [p for p in tmp_path.iterdir() if p.name != "report.json"]  # no temporary file left


def test_the_written_report_reads_back_one_line_at_a_time(tmp_path: Path) -> None:
    expected, written = _write(tmp_path / "report.json")
    record = sample_record()
    report = written.report()  # type: ignore[attr-defined]
    questions = report["questions"]
    assert len(questions) == len(record.results)
    assert questions[1] == question_entry(record.results[1]) and questions[-1]["id"] == record.results[-1].id
    assert list(questions) == [question_entry(r) for r in record.results]
    assert report["summary"] == build_report(record)["summary"]
    assert dumps_report_bytes(report) == expected  # --render json copies the lines as they are


def test_without_a_run_directory_the_lines_go_to_an_anonymous_file() -> None:
    expected, written = _write(None)
    assert dumps_report_bytes(written.as_dict()) == expected  # type: ignore[attr-defined]


def test_an_empty_run_has_an_empty_question_list(tmp_path: Path) -> None:
    record = sample_record()
    record.results = []
    write_report(tmp_path / "report.json", report_head(record, {}), [], Tally(record.datasets))
    assert (tmp_path / "report.json").read_bytes() == dumps_report_bytes(build_report(record))
