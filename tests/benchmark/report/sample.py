"""A small run record built by hand (no scorer involved) that the report tests render."""

from __future__ import annotations

from benchmark.models import Answer, Citation, Question
from benchmark.results import ERROR, FAIL, PASS, SKIP, QuestionResult, RunRecord
from scorers.result import MATCH, MISMATCH, OMISSION, Component, combine


def _q(qid: str, qtype: str) -> Question:
    return Question(id=qid, type=qtype, question=f"{qid}的金额是多少？", set_path="sets/a.json")


def sample_record() -> RunRecord:
    passed = combine(
        [
            Component("exact_match", 1.0, status=MATCH, expected=42000, extracted=[42000]),
            Component("citation", 1.0),
        ],
        {"exact_match": 0.7, "citation": 0.3},
        0.7,
    )
    failed = combine(
        [
            Component(
                "exact_match", 0.0, status=MISMATCH, expected=42000, extracted=[40000], reason="40000 ≠ 42000"
            ),
            Component("citation", 0.0, status=OMISSION, expected=[2], extracted=[], reason="no citation"),
        ],
        {"exact_match": 0.7, "citation": 0.3},
        0.7,
    )
    gap = combine(
        [
            Component("abstention", 1.0, status=MATCH),
            Component(
                "no_hallucination",
                0.0,
                status="hallucination",
                expected=None,
                extracted=["12345678901"],
                reason="phone number not in the document",
            ),
            Component("quote", None, status="not_applicable"),
        ],
        {"abstention": 0.4, "no_hallucination": 0.4, "quote": 0.2},
        0.7,
    )
    answer = Answer(
        "合计42000元。", citations=(Citation(page=2, quote="42000元"),), fields={"amount": 42000.123456789}
    )
    return RunRecord(
        run_id="20261122T081500Z-abc123",
        tool="legal-rag-bench",
        version="0.1.0",
        started_at="2026-11-22T08:15:00Z",
        finished_at="2026-11-22T08:15:09Z",
        datasets=[
            {
                "path": "sets/a.json",
                "sha256": "aa",
                "document": "sets/doc.md",
                "document_sha256": "dd",
                "questions": 4,
            }
        ],
        adapter={"name": "python:my_app.rag:answer", "config": {"target": "my_app.rag:answer"}},
        options={"dataset": ["sets/a.json"], "types": [], "tags": [], "repeat": 1, "duration_s": 9.0},
        results=[
            QuestionResult(_q("f1", "fact_exact"), PASS, passed, answer, latency_ms=120),
            QuestionResult(_q("f2", "fact_exact"), FAIL, failed, Answer("大约4万元"), latency_ms=80),
            QuestionResult(_q("g1", "conflict_gap"), FAIL, gap, Answer("电话是12345678901"), latency_ms=50),
            QuestionResult(
                _q("g2", "conflict_gap"), SKIP, None, None, latency_ms=60000, skip_reason="timeout after 60s"
            ),
        ],
        git_commit="0" * 40,
    )


ERROR_TEXT = "IndexError: string index out of range"


def errored_record() -> RunRecord:
    """``sample_record`` plus a question whose scorer raised (outcome ERROR, its answer kept)."""
    record = sample_record()
    errored = QuestionResult(
        _q("f3", "fact_exact"), ERROR, None, Answer("夏侯村的欧阳借了钱"), latency_ms=70, error=ERROR_TEXT
    )
    record.results.append(errored)
    return record
