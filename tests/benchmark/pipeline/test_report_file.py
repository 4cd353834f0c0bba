"""report.json written line by line: the same bytes as the whole report dumped at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmark.json_lines import dumps_line_bytes
from benchmark.pipeline.report_file import write_report
from benchmark.report.json_report import build_report, dumps_report_bytes, question_entry, report_head
from benchmark.rundir import report_head_of as read_head
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


def _full_head(path: Path) -> dict[str, object]:
    return {**json.loads(path.read_text(encoding="utf-8")), "questions": []}


def test_the_head_is_read_without_the_questions_and_equals_the_whole_report_without_them(
    tmp_path: Path,
) -> None:
    _write(tmp_path / "report.json")
    head = read_head(tmp_path / "report.json")
    assert head == _full_head(tmp_path / "report.json")
    assert head["summary"] and head["run_id"]  # keys after the questions are read too


def test_a_report_laid_out_otherwise_is_read_whole(tmp_path: Path) -> None:
    """Hand-edited reports: another indent, compact, one question pretty-printed, an empty list."""
    _write(tmp_path / "report.json")
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    layouts = {
        "indent4": json.dumps(report, ensure_ascii=False, indent=4),
        "compact": json.dumps(report, ensure_ascii=False),
        "indent2": json.dumps(report, ensure_ascii=False, indent=2),  # nested lines inside questions
        "empty": json.dumps({**report, "questions": []}, ensure_ascii=False, indent=2),
    }
    for name, text in layouts.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        assert read_head(path) == _full_head(path), name


def test_a_broken_report_raises_as_a_whole_read_does(tmp_path: Path) -> None:
    _write(tmp_path / "report.json")
    data = (tmp_path / "report.json").read_bytes()
    (tmp_path / "cut.json").write_bytes(data[: len(data) // 2])
    with pytest.raises(json.JSONDecodeError):
        read_head(tmp_path / "cut.json")
