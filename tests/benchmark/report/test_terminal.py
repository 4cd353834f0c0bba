"""The terminal summary: table by type, then each FAIL/SKIP with expected vs extracted and the reason."""

from __future__ import annotations

from benchmark.report.json_report import build_report
from benchmark.report.terminal import render_summary
from tests.benchmark.report.sample import sample_record


def test_table_by_type_then_problems_then_verdict() -> None:
    text = render_summary(build_report(sample_record()), run_dir="runs/x/")
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("type"))
    assert lines[header + 1].split()[:5] == ["conflict_gap", "2", "0", "1", "1"]
    assert lines[header + 2].split()[:5] == ["fact_exact", "2", "1", "1", "0"]
    assert lines[header + 3].split()[:5] == ["all", "4", "1", "2", "1"]
    assert "PASS  f1" not in text
    assert "FAIL  f2  fact_exact  score 0.00" in text
    assert "exact_match 0.00 [mismatch] expected 42000, extracted [40000]: 40000 ≠ 42000" in text
    assert "citation 0.00 [omission] expected [2], extracted nothing: no citation" in text
    assert 'no_hallucination 0.00 [hallucination] expected nothing, extracted ["12345678901"]' in text
    assert "SKIP  g2  conflict_gap  timeout after 60s" in text
    assert lines[-2].startswith("FAIL: 1 passed, 2 failed, 1 skipped of 4")
    assert lines[-1] == "report: runs/x/"


def test_heaviest_component_first() -> None:
    text = render_summary(build_report(sample_record()))
    assert text.index("exact_match 0.00") < text.index("citation 0.00")


def test_all_passed_has_no_problem_section() -> None:
    rec = sample_record()
    rec.results = rec.results[:1]
    text = render_summary(build_report(rec))
    assert "FAIL  " not in text and "SKIP  " not in text
    assert text.splitlines()[-1].startswith("PASS: 1 passed")
