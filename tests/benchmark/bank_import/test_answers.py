"""Bank answers -> expected fields, one row per form, each with its why."""

from __future__ import annotations

from typing import Any

import pytest

from benchmark.bank_import.answers import map_answer

ROWS: list[tuple[str, str, str, list[str], str, dict[str, Any], dict[str, Any]]] = [
    ("an amount with its parts", "fact_exact", "9000元（6000元现金 + 3000元微信）", [], "fact_exact",
     {"amount_total": 9000, "amount_breakdown": [{"amount": 6000, "description": "现金"}, {"amount": 3000, "description": "微信"}]}, {}),
    ("an amount alone", "fact_exact", "53000元", [], "fact_exact", {"amount_total": 53000}, {}),
    ("Chinese numerals", "fact_exact", "四万二千元", [], "fact_exact", {"amount_total": 42000}, {}),
    ("a date", "fact_exact", "2021年4月6日", [], "fact_exact", {"date": "2021-04-06"}, {}),
    ("a date range", "fact_exact", "2021年8月1日至2021年8月31日", [], "fact_exact",
     {"date_range": {"start": "2021-08-01", "end": "2021-08-31"}}, {}),
    ("a count", "fact_exact", "3次", [], "fact_exact", {"count": 3}, {}),
    ("an ID number", "fact_exact", "99020319870611441X", [], "fact_exact", {"text_answer": "99020319870611441X"}, {}),
    ("a masked phone number", "fact_exact", "137****6054", [], "fact_exact", {"text_answer": "137****6054"}, {}),
    ("a name", "fact_exact", "甘以澈", [], "fact_exact", {"entity": "甘以澈"}, {}),
    ("yes", "fact_exact", "是，写了一张收条", [], "fact_exact", {"boolean_answer": True}, {}),
    ("no", "fact_exact", "否，没有别的来往", [], "fact_exact", {"boolean_answer": False}, {}),
    ("other text", "fact_exact", "在甘以澈家里写的", [], "fact_exact", {"text_answer": "在甘以澈家里写的"}, {}),
    ("a numbered list", "evidence_set", "", ["甲", "乙"], "evidence_set", {"key_points": ["甲", "乙"]}, {}),
    ("no list: sentences", "evidence_set", "甲；乙。", [], "evidence_set", {"key_points": ["甲", "乙"]}, {}),
    ("不明确", "conflict_gap", "不明确（笔录中只称“钱科长”）", [], "conflict_gap", {}, {"should_abstain": True}),
    ("记不清", "conflict_gap", "记不清", [], "conflict_gap", {}, {"should_abstain": True}),
    ("忘记了 in a fact bank makes a gap question", "fact_exact", "忘记了", [], "conflict_gap", {}, {"should_abstain": True}),
    ("不详", "conflict_gap", "不详", [], "conflict_gap", {}, {"should_abstain": True}),
    ("a contradiction", "conflict_gap", "前后矛盾：先说甲，后说乙", [], "conflict_gap",
     {"conflict_detected": True}, {"should_abstain": False}),
    ("a plain answer to a gap question", "conflict_gap", "9000元", [], "conflict_gap", {}, {"should_abstain": False}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("why", "qtype", "text", "items", "out_type", "expected", "gap"), ROWS, ids=[r[0] for r in ROWS]
)
def test_answer_mapping(
    why: str,
    qtype: str,
    text: str,
    items: list[str],
    out_type: str,
    expected: dict[str, Any],
    gap: dict[str, Any],
) -> None:
    mapped = map_answer(qtype, "是否写了收条？" if "收条" in text else "问？", text, items)
    assert (mapped.qtype, mapped.expected, mapped.gap) == (out_type, expected, gap), why


def test_parts_that_do_not_add_up_are_listed() -> None:
    mapped = map_answer("fact_exact", "多少？", "9000元（6000元现金 + 2000元微信）", [])
    assert mapped.expected == {"amount_total": 9000}
    assert mapped.unmapped == [
        "the amounts 6000元 + 2000元 after 9000元 do not add up to it: no amount_breakdown"
    ]
