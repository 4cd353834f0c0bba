"""Banks -> a set: sections, fields, quotes located, 位置 checked, nothing dropped silently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmark.bank_import import import_banks
from benchmark.bank_import.markdown import parse_bank
from benchmark.questions import schema_errors

SEED_BANK = Path(__file__).resolve().parents[2] / "fixtures" / "seed_bank"
DOC = SEED_BANK / "transcript_pages.json"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def by_id(obj: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {q["id"]: q for q in obj["questions"]}


def test_sections_and_fields() -> None:
    bank = parse_bank(SEED_BANK / "02-证据集合型题目.md")
    assert bank.title == "证据集合型题目" and len(bank.items) == 6
    first = bank.items[0]
    assert (first.number, first.title) == (1, "承诺退款")
    assert first.fields["答案"].items[0] == "如果安排不了钱全额退还"
    assert first.fields["证据原文"].items[1] == "`是2021年7月1日打电话告诉她的，我说会想办法退钱`"


def test_the_seed_banks(tmp_path: Path) -> None:
    result = import_banks(
        [SEED_BANK / n for n in ("01-事实型题目.md", "02-证据集合型题目.md", "03-冲突缺口型题目.md")],
        DOC,
        tmp_path / "s.json",
    )
    assert schema_errors(result.obj) == []
    qs = by_id(result.obj)
    assert len(qs) == 29 and "benchmark_type" not in result.obj
    assert qs["fact_002"]["expected"]["amount_breakdown"][1] == {"amount": 3000, "description": "微信"}
    assert qs["fact_002"]["required_evidence"][0] == {
        "page": 4, "lines": "69", "must_include": "一共退了9000元", "section": "qa_pair", "speaker": "answer", "is_critical": True,
    }  # fmt: skip
    assert qs["fact_004"]["required_evidence"][0]["section"] == "header"
    assert qs["fact_010"]["metadata"]["notes"] == "笔录记的是“听说”，不是申屠砚亲历。"
    assert qs["fact_003"]["metadata"]["difficulty"] == "easy"
    # a quote crossing the page break becomes one required item per page
    pieces = [(e["page"], e["must_include"]) for e in qs["evidence_006"]["required_evidence"]][2:4]
    assert pieces == [(3, "他说要等人事科"), (4, "开会研究")]
    gap = qs["conflict_gap_008"]
    assert gap["should_abstain"] is True and gap["additional_quotes"] == ["很久没联系了"]
    assert gap["evidence_location"] == {"page": 5, "lines": "85"} and gap["additional_evidence"] == [
        {"page": 7, "lines": "133"}
    ]
    assert gap["scoring"]["hallucination_check"] == "must_not_invent_dates"
    assert qs["conflict_gap_011"]["expected"] == {"conflict_detected": True}
    assert qs["fact_012"]["x-bank"]["fields"]["出题人"] == "测试组"  # kept, and listed
    assert result.unmapped == [
        "01-事实型题目.md §12: field '出题人' is not a bank field we read (kept under x-bank): '测试组'"
    ]


def test_disagreements_and_misses_are_listed(tmp_path: Path) -> None:
    bank = write(
        tmp_path,
        "冲突缺口.md",
        """# 题目

## 1. 全名
**问题**：钱科长叫什么？
**答案**：不知道
**位置**：第8个问答，问部分
**证据原文**：
- `全名叫什么我不知道`
- `这句话不在笔录里`

## 2. 没有答案
**问题**：这一节没有答案？
""",
    )
    result = import_banks([bank], DOC, tmp_path / "s.json")
    (q,) = result.obj["questions"]
    assert q["required_quote"] == "全名叫什么我不知道" and "additional_quotes" not in q
    assert result.notes == [
        "冲突缺口.md §1: 位置 says '第8个问答，问部分'; '全名叫什么我不知道' is in QA pair 7 (答部分) (the found place is used)"
    ]
    assert result.unmapped == [
        "冲突缺口.md §1: quote '这句话不在笔录里' is nowhere in the document",
        "冲突缺口.md §2: no 答案: the section is not a question (kept under x-import.skipped)",
    ]
    assert result.obj["x-import"]["skipped"][0]["title"] == "没有答案"
    assert result.obj["benchmark_type"] == "conflict_gap"


def test_a_bank_that_does_not_name_its_type(tmp_path: Path) -> None:
    text = "## 1. 介绍人\n**问题**：谁介绍的？\n**答案**：甘以澈\n**证据原文**：`我朋友甘以澈跟我说`\n"
    bank = write(tmp_path, "bank.md", text)
    untyped = import_banks([bank, write(tmp_path, "事实.md", text)], DOC, tmp_path / "s.json")
    assert [q["id"] for q in untyped.obj["questions"]] == ["fact_001"]
    assert untyped.unmapped[0].startswith("bank.md §1: no type (name it in the file name")
    typed = import_banks([bank], DOC, tmp_path / "s.json", "fact_exact")
    assert typed.obj["questions"][0]["expected"] == {"entity": "甘以澈"} and typed.unmapped == []
