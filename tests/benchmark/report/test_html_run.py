"""The run page written from report lines is the page drawn from the report and its sources."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from benchmark.answers import parse_answer
from benchmark.api import run
from benchmark.pipeline.plan import plan
from benchmark.pipeline.score import Answered, score_answered
from benchmark.report.html import Sources, render_run_html
from benchmark.report.html_run import Row
from benchmark.report.json_report import build_report
from benchmark.resources import datasets_dir
from benchmark.rundir import RunDir

TRANSCRIPT = datasets_dir() / "transcript"


def test_the_streamed_page_is_the_page_drawn_from_sources(tmp_path: Path) -> None:
    sets = [
        TRANSCRIPT / "evidence_set.json",
        TRANSCRIPT / "conflict_gap.json",
        TRANSCRIPT / "fact_exact.json",
    ]
    record = run(sets, "baseline", output_dir=tmp_path, repeat=2, cache_path=None, store_path=None)
    written = (tmp_path / record.run_id / "report.html").read_text(encoding="utf-8")
    the_plan = plan(sets, repeat=2)
    sources = Sources.of([qs for qs, _ in the_plan.pairs], the_plan.documents)
    stored = RunDir(tmp_path / record.run_id).read_answers()
    scored = [  # the results as scoring gives them (not read back from the report lines)
        score_answered(
            the_plan, Answered(i, line["trial"], parse_answer(line), None, line["latency_ms"]), None
        )
        for i, line in enumerate(stored)
    ]
    in_memory = replace(record, results=scored, written=None)
    assert written == render_run_html(build_report(in_memory), sources=sources)


def test_a_row_record_round_trips() -> None:
    row = Row(b'{"id":"q"}', "d1", (3, 4, 17))
    assert Row.from_bytes(row.to_bytes() + b"\n") == row
    assert Row.from_bytes(Row(b"{}").to_bytes()) == Row(b"{}")
