"""A tiny fictional case for the HTML report, sweep and compare tests: a set, its document, and two
replay files (runs A and B) with known outcomes, including a hostile answer that must never execute."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HOSTILE = (
    "还款日期是2021年3月31日。<script>window.__pwned = 1</script>"
    '<img src=x onerror="window.__pwned = 2"><img src="http://evil.example/p.png"></script><!--'
)
HOSTILE_QUESTION = '原告是谁？<img src=x onerror="window.__pwned = 3">'

DOCUMENT = """<!-- page: 1 -->
青屿市东湖区人民法院
民事判决书
原告：甲木科技有限公司
被告：乙水
<!-- page: 2 -->
经审理查明：2020年8月3日，被告向原告借款人民币42000元。
约定还款日期为2021年3月31日。
被告至今未还款。
"""

QUESTIONS: list[dict[str, Any]] = [
    {"id": "hc_001", "type": "fact_exact", "question": "被告借款金额是多少？",
     "expected": {"amount_total": 42000},
     "required_evidence": [{"page": 2, "must_include": "被告向原告借款人民币42000元", "is_critical": True}]},
    {"id": "hc_002", "type": "fact_exact", "question": "约定的还款日期是哪一天？",
     "expected": {"date": "2021-03-31"},
     "required_evidence": [{"page": 2, "must_include": "约定还款日期为2021年3月31日"}]},
    {"id": "hc_003", "type": "fact_exact", "question": HOSTILE_QUESTION,
     "expected": {"entity": "甲木科技有限公司"},
     "required_evidence": [{"page": 1, "must_include": "原告：甲木科技有限公司"}]},
    {"id": "hc_004", "type": "fact_exact", "question": "借款发生在哪一天？",
     "expected": {"date": "2020-08-03"},
     "required_evidence": [{"page": 2, "must_include": "2020年8月3日"}]},
]  # fmt: skip

# Run A: hc_001 PASS (cited by lines), hc_002 PASS (hostile text around the right date), hc_003 FAIL,
# hc_004 SKIP (no answer). Run B: hc_001 FAIL, hc_002 PASS, hc_003 PASS, hc_004 PASS.
ANSWERS_A: list[dict[str, Any]] = [
    {"id": "hc_001", "answer": "借款金额为人民币42000元。", "citations": [{"page": 2, "lines": "7"}]},
    {"id": "hc_002", "answer": HOSTILE, "citations": [{"page": 2, "quote": "约定还款日期为2021年3月31日"}]},
    {"id": "hc_003", "answer": "原告是丙火公司。", "citations": [{"page": 1, "lines": "5"}]},
]
ANSWERS_B: list[dict[str, Any]] = [
    {"id": "hc_001", "answer": "借款金额为人民币四万元。", "citations": [{"page": 2, "lines": "7"}]},
    {"id": "hc_002", "answer": HOSTILE, "citations": [{"page": 2, "quote": "约定还款日期为2021年3月31日"}]},
    {"id": "hc_003", "answer": "原告是甲木科技有限公司。", "citations": [{"page": 1, "lines": "4"}]},
    {
        "id": "hc_004",
        "answer": "2020年8月3日。",
        "citations": [{"page": 2, "quote": "2020年8月3日，被告向原告借款"}],
    },
]
EXPECTED_A = {"hc_001": "PASS", "hc_002": "PASS", "hc_003": "FAIL", "hc_004": "SKIP"}
EXPECTED_B = {"hc_001": "FAIL", "hc_002": "PASS", "hc_003": "PASS", "hc_004": "PASS"}


@dataclass(frozen=True)
class Case:
    root: Path
    set_path: Path
    replay_a: Path
    replay_b: Path
    store: Path
    output: Path


def _jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def make_case(root: Path) -> Case:
    sets = root / "case"
    sets.mkdir(parents=True, exist_ok=True)
    (sets / "document.md").write_text(DOCUMENT, encoding="utf-8")
    body = {"benchmark_type": "fact_exact", "description": "虚构测试案例", "document": "document.md",
            "questions": QUESTIONS}  # fmt: skip
    set_path = sets / "questions.json"
    set_path.write_text(json.dumps(body, ensure_ascii=False, indent=2), encoding="utf-8")
    output = root / "runs"
    return Case(
        root, set_path, _jsonl(root / "a.jsonl", ANSWERS_A), _jsonl(root / "b.jsonl", ANSWERS_B),
        output / "history.sqlite", output,
    )  # fmt: skip


def run_case(case: Case, replay: Path, label: str) -> dict[str, Any]:
    """Run the real pipeline (replay adapter, fact_exact scorer); the report is also in the run history."""
    from benchmark.api import run
    from benchmark.report.json_report import build_report

    record = run(case.set_path, f"replay:{replay}", output_dir=case.output, cache_path=None,
                 store_path=case.store, label=label)  # fmt: skip
    report = build_report(record)
    report["label"] = label
    return report
