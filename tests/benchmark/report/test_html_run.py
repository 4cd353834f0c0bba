"""The run page written from report lines is the page drawn from the report and its sources."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from benchmark.adapters.base import create_adapter
from benchmark.api import run
from benchmark.pipeline.plan import plan
from benchmark.pipeline.score import Answered, score_answered
from benchmark.report.html import Sources, render_run_html
from benchmark.report.html_run import Row
from benchmark.report.json_report import build_report
from benchmark.resources import datasets_dir
from benchmark.rundir import RunDir
from benchmark.runner import Settings, run_jobs_sync

TRANSCRIPT = datasets_dir() / "transcript"


def test_the_streamed_page_is_the_page_drawn_from_sources(tmp_path: Path) -> None:
    sets = [
        TRANSCRIPT / "evidence_set.json",
        TRANSCRIPT / "conflict_gap.json",
        TRANSCRIPT / "fact_exact.json",
        datasets_dir() / "case_civil_loan",  # several documents per set
    ]
    record = run(sets, "baseline", output_dir=tmp_path, repeat=2, cache_path=None, store_path=None)
    written = (tmp_path / record.run_id / "report.html").read_text(encoding="utf-8")
    the_plan = plan(sets, repeat=2)
    sources = Sources.of([qs for qs, _ in the_plan.pairs], the_plan.documents, the_plan.cases)
    entries = RunDir(tmp_path / record.run_id).read_report()["questions"]
    # the results as scoring gives them, from the system's own answers (not read back from a file)
    replies = run_jobs_sync(create_adapter("baseline", {}), the_plan.jobs("sha"), Settings())
    scored = [
        score_answered(the_plan, replace(Answered.of(r), latency_ms=entry["latency_ms"]), None)
        for r, entry in zip(replies, entries, strict=True)
    ]
    in_memory = replace(record, results=scored, written=None)
    assert written == render_run_html(build_report(in_memory), sources=sources)


def test_a_row_record_round_trips() -> None:
    row = Row(b'{"id":"q"}', ((1, (3, 4, 17)), (0, ()), (2, (5,))))
    assert Row.from_bytes(row.to_bytes() + b"\n") == row
    assert Row.from_bytes(Row(b"{}").to_bytes()) == Row(b"{}")
