"""The context rules the value finders share (``benchmark.text.found``): the clause around a value
decides whether it is negated, a bound, hedged or approximate."""

from __future__ import annotations

import pytest

from benchmark.text.found import clause_after, clause_before, context_qualifier


@pytest.mark.parametrize(
    ("text", "start", "limit", "expected"),
    [
        ("他说：不是42000元", 5, 40, "不是"),
        ("借款，共计42000元", 5, 40, "共计"),
        ("无标点的一段很长的话42000元", 10, 3, "长的话"),
        ("1,200元", 0, 40, ""),
        ("时间:10:30，地点：某处5元", 14, 40, "某处"),
    ],
)
def test_clause_before_ends_at_the_last_break(text: str, start: int, limit: int, expected: str) -> None:
    assert clause_before(text, start, limit) == expected


def test_clause_after_stops_at_a_break() -> None:
    assert clause_after("42000元左右，另有", 6) == "左右"


@pytest.mark.parametrize(
    ("text", "value", "expected"),
    [
        ("他借了42000元", "42000元", None),
        ("不是42000元", "42000元", "negated"),
        ("not 42000 yuan", "42000 yuan", "negated"),
        ("超过42000元", "42000元", "range"),
        ("42000元以上", "42000元", "range"),
        ("可能是42000元", "42000元", "hedge"),
        ("42000元吧", "42000元", "hedge"),
        ("大约42000元", "42000元", "approximate"),
        ("42000元左右", "42000元", "approximate"),
        ("合约金额42000元", "42000元", None),  # 约 inside 合约 is no approximation
        ("不可能，就是42000元", "42000元", None),  # the hedge is in another clause
    ],
)
def test_context_qualifier(text: str, value: str, expected: str | None) -> None:
    start = text.index(value)
    assert context_qualifier(text, start, start + len(value)) == expected


@pytest.mark.parametrize(
    ("text", "doubts", "why"),
    [
        ("46000元。但我不能完全确定。", True, "a sentence of doubt after the value"),
        ("2020年8月3日，不过我不太确定。", True, "不太确定"),
        ("签了，但我不敢肯定。", True, "不敢肯定"),
        ("3 times, but I'm not sure.", True, "English"),
        ("I am not entirely certain, but 46,000 yuan.", True, "English, before the value"),
        ("46000元，他本人也不能确定最后一笔是哪天给的。", False, "a party's doubt about another point"),
        ("法院不能确定其身份。", False, "the court's doubt, not the answer's"),
        ("46000元。", False, "no doubt"),
    ],
)
def test_doubts_itself(text: str, doubts: bool, why: str) -> None:
    from benchmark.text.found import doubts_itself

    assert doubts_itself(text) is doubts, why
