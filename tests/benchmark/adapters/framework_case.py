"""A three-page loan contract (fictional) with one question per page, written into a project folder that
the working directory moves to, so ``llamaindex:`` / ``langchain:`` specs import the test's module from it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

DOCUMENT = """<!-- page: 1 -->
借款合同
出借人温以宁向借款人柯望舒出借人民币肆万贰仟元整。
借款用途为装修房屋。
<!-- page: 2 -->
还款约定
借款人应于2020年8月31日前一次性归还全部借款。
逾期按年利率百分之六计息。
<!-- page: 3 -->
担保条款
保证人骆成蹊对全部借款承担连带保证责任。
本合同一式两份。
"""

QUESTIONS = [
    ("fact_001", "出借人出借的借款金额是多少？", {"amount_total": 42000}, 1, "出借人民币肆万贰仟元整"),
    (
        "fact_002",
        "借款人应于什么日期前归还全部借款？",
        {"date": "2020-08-31"},
        2,
        "2020年8月31日前一次性归还",
    ),
    ("fact_003", "谁对借款承担连带保证责任？", {"entity": "骆成蹊"}, 3, "保证人骆成蹊"),
]
PAGE_OF = {qid: page for qid, _, _, page, _ in QUESTIONS}


def write_case(folder: Path) -> Path:
    """The document and its question set; returns the set's path."""
    (folder / "contract.md").write_text(DOCUMENT, encoding="utf-8")
    questions = [
        {
            "id": qid,
            "type": "fact_exact",
            "question": text,
            "expected": expected,
            "required_evidence": [{"page": page, "must_include": quote}],
        }
        for qid, text, expected, page, quote in QUESTIONS
    ]
    body = {
        "benchmark_type": "fact_exact",
        "description": "借款合同（虚构）",
        "document": "contract.md",
        "questions": questions,
    }
    path = folder / "contract_facts.json"
    path.write_text(json.dumps(body, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def user_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str, code: str) -> Path:
    """``tmp_path`` as the working directory, holding the case and the user's module ``module``."""
    write_case(tmp_path)
    (tmp_path / f"{module}.py").write_text(code, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, module, raising=False)
    return tmp_path
