"""The terminal summary: the table by type with the weights, then the failures in plain words (at most
``failures``, lowest score first), skips grouped by reason, the verdict and the report paths."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from benchmark.models import Question
from benchmark.report.json_report import build_report
from benchmark.report.terminal import ALL, render_summary, type_weights
from benchmark.results import FAIL, SKIP, QuestionResult
from scorers.result import MISMATCH, Component, combine
from tests.benchmark.report.sample import sample_record


def test_table_then_failures_then_skips_then_verdict_and_paths() -> None:
    text = render_summary(build_report(sample_record()), run_dir="runs/x/")
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("type"))
    assert lines[header].split() == ["type", "total", "passed", "failed", "skipped", "score", "weights"]
    assert lines[header + 1].split()[:6] == ["fact_exact", "2", "1", "1", "0", "0.5000"]
    assert lines[header + 1].endswith("value 0.7 + citation 0.3")
    assert lines[header + 2].split()[:5] == ["conflict_gap", "2", "0", "1", "1"]
    assert lines[header + 3].split()[:5] == ["all", "4", "1", "2", "1"]
    assert "f1" not in text  # passed questions are not listed
    block = text[text.index(" 1. FAIL  f2") :]
    assert block.splitlines()[:6] == [
        " 1. FAIL  f2  fact_exact  score 0.00",
        "    question  f2的金额是多少？",
        "    answer    大约4万元",
        "    - value (weight 0.7): expected 42,000; read 40,000",
        "      why: 40000 ≠ 42000",
        "    - citation (weight 0.3): expected page 2; read no citation",
    ]
    assert "Skipped: 1 (not scored; identical reasons grouped)\n  1 × timeout after 60s  (g2)" in text
    assert lines[-3].startswith("FAIL: 1 passed, 2 failed, 1 skipped of 4")
    assert lines[-2:] == ["report.html  runs/x/report.html", "report.json  runs/x/report.json"]


def test_no_json_and_no_internal_words_in_the_failures() -> None:
    text = render_summary(build_report(sample_record()))
    failures = text[text.index("Failures") : text.index("Skipped")]
    for jargon in ("{", "}", "[mismatch]", "[omission]", "extracted", "exact_match", "no_hallucination"):
        assert jargon not in failures, jargon


def _failing(n: int) -> Any:
    """A record with ``n`` failed questions whose scores fall as their number rises."""
    rec = sample_record()
    base = rec.results[1]
    rec.results = []
    for i in range(n):
        score = round(0.6 - i * 0.01, 2)
        comp = Component("exact_match", score, status=MISMATCH, expected=1, extracted=[2], reason="differs")
        result = combine([comp], {"exact_match": 1.0}, 0.7)
        q = Question(id=f"q{i:02d}", type="fact_exact", question=f"问题{i}", set_path="sets/a.json")
        rec.results.append(QuestionResult(q, FAIL, result, base.answer))
    return rec


@pytest.mark.parametrize(
    ("failures", "shown"),
    [(None, 10), (3, 3), (ALL, 14), (0, 0)],
    ids=["default ten", "three", "all", "quiet"],
)
def test_at_most_n_failures_lowest_score_first(failures: int | None, shown: int) -> None:
    report = build_report(_failing(14))
    text = render_summary(report) if failures is None else render_summary(report, failures=failures)
    listed = [line.split()[2] for line in text.splitlines() if line[:4].strip().rstrip(".").isdigit()]
    assert listed == [f"q{i:02d}" for i in range(13, 13 - shown, -1)]  # q13 has the lowest score
    if 0 < shown < 14:
        assert "Failures: 14 (the " + str(shown) + " lowest scores; --failures all" in text
    if shown == 0:
        assert "Failures" not in text and "FAIL: 0 passed, 14 failed" in text


def test_failure_order_is_deterministic_whatever_the_report_order() -> None:
    report = build_report(_failing(6))
    shuffled = copy.deepcopy(report)
    shuffled["questions"].reverse()
    assert render_summary(report, failures=ALL) == render_summary(shuffled, failures=ALL)


def test_identical_skip_reasons_are_grouped_with_a_count() -> None:
    rec = sample_record()
    for i in range(7):
        q = Question(id=f"s{i}", type="fact_exact", question="？", set_path="sets/a.json")
        rec.results.append(QuestionResult(q, SKIP, None, None, skip_reason="cannot connect to http://x"))
    text = render_summary(build_report(rec))
    assert "  7 × cannot connect to http://x  (s0, s1, s2, s3, s4, …)" in text
    assert "  1 × timeout after 60s  (g2)" in text
    assert text.index("7 ×") < text.index("1 × timeout")  # the biggest group first


def test_warnings_and_a_stopped_run_are_said() -> None:
    report = build_report(sample_record())
    report["warnings"] = ["answers carry an unknown key 'citatons'"]
    report["status"], report["stop_reason"] = "stopped", "cannot reach the system: refused"
    text = render_summary(report)
    assert "warning: answers carry an unknown key 'citatons'" in text
    assert text.splitlines()[-1] == "STOPPED (not a score): cannot reach the system: refused"


def test_weights_are_those_most_questions_use() -> None:
    report = build_report(sample_record())
    full = report["questions"][0]
    partial = json.loads(json.dumps(full))  # citation not applicable: value alone, weight 1
    partial["details"]["components"]["citation"]["weight"] = 0.0
    partial["details"]["components"]["exact_match"]["weight"] = 1.0
    assert type_weights([full, partial, partial])["fact_exact"] == "value 0.7 + citation 0.3"


def test_all_passed_has_no_failure_section() -> None:
    rec = sample_record()
    rec.results = rec.results[:1]
    text = render_summary(build_report(rec))
    assert "Failures" not in text and "Skipped" not in text
    assert text.splitlines()[-1].startswith("PASS: 1 passed")
