"""The JSON report: docs/contract.md §5 shape, determinism, rounding, trials."""

from __future__ import annotations

import json
from decimal import Decimal

from benchmark.report.json_report import build_report, clean, dumps_report, question_entry, strip_timings
from benchmark.results import FAIL, PASS, QuestionResult
from benchmark.summary import summarize
from tests.benchmark.report.sample import _q, sample_record


def test_shape_of_contract_section_5() -> None:
    report = build_report(sample_record())
    assert report["tool"] == "legal-rag-bench" and report["run_id"] == "20261122T081500Z-abc123"
    assert report["adapter"] == {
        "name": "python:my_app.rag:answer",
        "config": {"target": "my_app.rag:answer"},
    }
    assert report["dataset"]["path"] == "sets/a.json" and len(report["dataset"]["sha256"]) == 64
    s = report["summary"]
    assert (s["total"], s["passed"], s["failed"], s["skipped"], s["resolved"]) == (4, 1, 2, 1, 3)
    assert s["coverage"] == 0.75 and s["pass_rate"] == round(1 / 3, 6)
    assert s["by_type"]["conflict_gap"] == {
        "total": 2,
        "passed": 0,
        "failed": 1,
        "skipped": 1,
        "errored": 0,
        "score": 0.5,
        "coverage": 0.5,
    }
    q = report["questions"][1]
    assert set(q) >= {
        "id",
        "type",
        "outcome",
        "score",
        "components",
        "details",
        "answer",
        "latency_ms",
        "skip_reason",
    }
    assert q["components"] == {"exact_match": 0.0, "citation": 0.0}
    assert q["details"]["components"]["exact_match"]["extracted"] == [40000]
    skipped = report["questions"][3]
    assert skipped["outcome"] == "SKIP" and skipped["answer"] is None and skipped["components"] == {}
    assert skipped["skip_reason"] == "timeout after 60s"


def test_not_applicable_components_are_left_out_of_the_score_map() -> None:
    gap = build_report(sample_record())["questions"][2]
    assert gap["components"] == {"abstention": 1.0, "no_hallucination": 0.0}
    assert gap["details"]["components"]["quote"]["score"] is None


def test_floats_are_rounded_and_text_is_utf8() -> None:
    text = dumps_report(build_report(sample_record()))
    assert "42000.123457" in text and "42000.123456789" not in text
    assert "合计42000元" in text


def test_dumps_is_stable_and_sorted() -> None:
    a = dumps_report(build_report(sample_record()))
    b = dumps_report(json.loads(a))
    assert a == b
    assert a.endswith("\n")


def test_strip_timings_removes_only_run_id_and_timings() -> None:
    report = build_report(sample_record())
    stripped = strip_timings(report)
    for key in ("run_id", "started_at", "finished_at", "duration_s"):
        assert key not in stripped
    assert "latency_ms" not in stripped["questions"][0]
    assert stripped["summary"] == report["summary"]


def test_clean_turns_odd_values_into_json() -> None:
    assert clean({"a": (1, 2.0000004), "d": Decimal("4.20"), "n": Decimal("42000")}) == {
        "a": [1, 2.0],
        "d": 4.2,
        "n": 42000,
    }


def test_details_of_a_scorer_that_promises_nothing_are_cleaned() -> None:
    """Only a result marked ``json_ready`` (the built-in scorers') skips ``clean``; a third-party
    scorer's tuples, long floats and non-text keys still reach the report as JSON."""
    record = sample_record()
    result = record.results[0].result
    assert result is not None and not result.json_ready
    result.details = {"pages": (2, 3), "ratio": 1 / 3, 7: Decimal("4.20")}
    entry = build_report(record)["questions"][0]
    assert entry["details"]["pages"] == [2, 3] and entry["details"]["ratio"] == 0.333333
    assert entry["details"]["7"] == 4.2
    assert json.loads(dumps_report(build_report(record)))["questions"][0]["details"]["pages"] == [2, 3]


def test_trials_summary_mean_and_spread() -> None:
    rec = sample_record()
    res = rec.results[0].result
    results = [
        QuestionResult(_q("f1", "fact_exact"), PASS, res, trial=0),
        QuestionResult(_q("f1", "fact_exact"), FAIL, rec.results[1].result, trial=1),
    ]
    t = summarize(question_entry(r) for r in results).get("trials")
    assert t is not None and t["n"] == 2
    assert t["score"]["mean"] == 0.5 and t["score"]["min"] == 0.0 and t["score"]["max"] == 1.0
    assert round(t["score"]["stdev"], 6) == round(2**0.5 / 2, 6)
    assert "trials" not in summarize(question_entry(r) for r in results[:1])
