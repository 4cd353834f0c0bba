"""Set gates (passing_score): measured rates, their bounds, the set's verdict and the exit code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmark.api import run
from benchmark.gates import gates_held, measure_gate, measure_gates
from benchmark.models import Question
from benchmark.report.json_report import build_report, question_entry
from benchmark.report.terminal import render_summary
from benchmark.results import QuestionResult
from scorers.result import Component, ScoreResult

SEED_BANK = Path(__file__).resolve().parents[1] / "fixtures" / "seed_bank"
GAPS = SEED_BANK / "conflict_gap.json"


def result(outcome: str, **scores: float | None) -> dict[str, Any]:
    """A report line (what gates are measured from) with these component scores."""
    comps = {n: Component(n, s) for n, s in scores.items()}
    scored = ScoreResult(comps, 1.0, outcome == "PASS")
    return question_entry(
        QuestionResult(Question("q", "conflict_gap", "？", set_path="s.json"), outcome, scored)
    )


@pytest.mark.parametrize(
    ("why", "gate", "threshold", "results", "rate", "held"),
    [
        ("every answer quotes", "quote_inclusion_rate", 1.0, [result("PASS", quote=1.0)] * 3, 1.0, True),
        ("one of four quotes, minimum 0.5", "quote_inclusion_rate", 0.5,
         [result("PASS", quote=1.0)] + [result("PASS", quote=0.0)] * 3, 0.25, False),
        ("a maximum: one invention in two is 0.5 > 0", "hallucination_rate", 0.0,
         [result("FAIL", no_hallucination=0.0), result("PASS", no_hallucination=1.0)], 0.5, False),
        ("a maximum that holds at its bound", "hallucination_rate", 0.5,
         [result("FAIL", no_hallucination=0.0), result("PASS", no_hallucination=1.0)], 0.5, True),
        ("skipped answers and questions where the component does not apply are not counted",
         "abstention_correctness", 1.0,
         [result("PASS", abstention=1.0), result("SKIP", abstention=0.0), result("PASS", abstention=None)], 1.0, True),
        ("nothing to measure decides nothing", "quote_inclusion_rate", 1.0, [result("PASS", quote=None)], None, None),
    ],
)  # fmt: skip
def test_measure_gate(
    why: str,
    gate: str,
    threshold: float,
    results: list[dict[str, Any]],
    rate: float | None,
    held: bool | None,
) -> None:
    m = measure_gate(gate, {"threshold": threshold}, results)
    assert (m["rate"], m["held"]) == (rate, held), why


def test_sets_without_gates_are_not_reported() -> None:
    assert measure_gates([result("PASS", quote=0.0)], [{"path": "s.json"}]) is None
    assert gates_held(None)


def test_refuse_everything_fails_the_gap_set_on_its_quote_gate(tmp_path: Path) -> None:
    record = run(GAPS, "refuse", output_dir=tmp_path, cache_path=None)
    assert all(r.outcome == "PASS" for r in record.results)  # each question scores 0.8
    assert record.exit_code == 1  # ...but the set fails
    summary = build_report(record)["summary"]
    (entry,) = summary["gates"].values()
    assert entry["passed"] is False and summary["gates_held"] is False
    quote = entry["gates"]["quote_inclusion_rate"]
    assert (quote["rate"], quote["threshold"], quote["kind"], quote["held"]) == (0.0, 1.0, "min", False)
    assert entry["gates"]["abstention_correctness"]["held"] is True
    assert entry["gates"]["hallucination_rate"]["held"] is True
    text = render_summary(build_report(record))
    assert "quote_inclusion_rate    0.0000 (0/10)    >= 1.0000  FAILED" in text
    assert "set FAIL" in text and text.rstrip().splitlines()[-1].endswith("1 set gate(s) failed")


def test_the_oracle_passes_the_gap_set_and_its_gates(tmp_path: Path) -> None:
    record = run(GAPS, "oracle", output_dir=tmp_path, cache_path=None)
    report: dict[str, Any] = build_report(record)
    assert record.exit_code == 0 and report["summary"]["gates_held"] is True
    (entry,) = report["summary"]["gates"].values()
    assert entry["passed"] is True and {g["held"] for g in entry["gates"].values()} == {True}
    (dataset,) = report["datasets"]
    assert dataset["gates"]["hallucination_rate"] == {"threshold": 0.0, "kind": "max"}
    assert dataset["system_instructions"] == {
        "sent": True,
        "rules": 3,
        "forbidden_behavior": 2,
        "required_behavior": True,
    }
