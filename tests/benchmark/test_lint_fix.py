"""lint --fix: references move only where their text is at exactly one place; the rest is reported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmark.documents import load_document
from benchmark.lint_fix import fix_set
from benchmark.questions import load_question_set

DOC = """<!-- page: 1 -->
问：你收了多少钱？
答：一共收了42000元，他说要等
被讯问人：某甲（捺印）　　第1页　共3页
<!-- page: 2 -->
人事科开会研究。
问：钱呢？
答：钱具体用到哪里都忘记了。
<!-- page: 3 -->
问：再说一遍？
答：一共收了42000元。
"""


def fixed(tmp_path: Path, question: dict[str, Any], qtype: str = "fact_exact") -> Any:
    (tmp_path / "d.md").write_text(DOC, encoding="utf-8")
    obj = {"benchmark_type": qtype, "document": "d.md", "questions": [question]}
    (tmp_path / "s.json").write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    qs = load_question_set(tmp_path / "s.json")
    assert qs.document_path is not None
    return fix_set(qs, load_document(qs.document_path))


def fact(*evidence: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "q",
        "question": "？",
        "expected": {"amount_total": 42000},
        "required_evidence": list(evidence),
    }


def test_moves_page_and_lines_to_the_one_place(tmp_path: Path) -> None:
    result = fixed(tmp_path, fact({"page": 1, "lines": "2", "must_include": "用到哪里都忘记了"}))
    (change,) = result.changes
    assert (
        str(change)
        == "q: required_evidence[0]: page 1, lines 2 -> page 2, lines 8 (the text is at page 2, line 8)"
    )
    assert result.obj["questions"][0]["required_evidence"][0] == {
        "page": 2,
        "lines": "8",
        "must_include": "用到哪里都忘记了",
    }


def test_several_places_are_not_moved_unless_the_speaker_decides(tmp_path: Path) -> None:
    result = fixed(tmp_path, fact({"page": 2, "must_include": "一共收了42000元"}))
    assert result.changes == [] and "occurs at 2 places" in str(result.unfixed[0])


def test_a_must_include_crossing_a_page_break_is_not_moved(tmp_path: Path) -> None:
    result = fixed(tmp_path, fact({"page": 3, "must_include": "他说要等人事科开会研究"}))
    assert result.changes == []
    assert "crosses the page break (pages 1-2 (lines 3-6, across the page break)); split it" in str(
        result.unfixed[0]
    )


def test_a_quote_location_may_cross_the_break(tmp_path: Path) -> None:
    gap = {"id": "g", "question": "？", "should_abstain": True, "required_quote": "他说要等人事科开会研究",
           "evidence_location": {"page": 3, "lines": "11"},
           "additional_quotes": ["都忘记了"], "additional_evidence": [{"page": 2, "lines": "8"}]}  # fmt: skip
    result = fixed(tmp_path, gap, "conflict_gap")
    (change,) = result.changes
    assert change.field == "evidence_location" and change.new == {"page": 1, "lines": "3-6"}


def test_text_found_nowhere_is_reported(tmp_path: Path) -> None:
    result = fixed(tmp_path, fact({"page": 1, "must_include": "收了五万元"}))
    assert result.changes == [] and "is nowhere in the document" in str(result.unfixed[0])
