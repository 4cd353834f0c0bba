"""Counts: a number with a classifier."""

from __future__ import annotations

import pytest

from benchmark.text import find_counts, parse_count

PARSE = [
    ("3", 3, "bare digit"),
    ("3次", 3, "Arabic with 次"),
    ("三次", 3, "Chinese with 次"),
    ("两次", 2, "两"),
    ("三笔", 3, "笔"),
    ("共计五笔", 5, "共计 prefix"),
    ("一共十二次", 12, "一共 prefix"),
    ("３次", 3, "full-width"),
    ("3 times", 3, "English"),
    ("three times", 3, "English number word"),
    ("twice", 2, "twice"),
    ("once", 1, "once"),
    ("三", 3, "bare Chinese digit"),
    ("三四次", None, "approximate"),
    ("十几次", None, "approximate with 几"),
    ("多次", None, "no number"),
    ("3.5次", None, "not an integer"),
    ("", None, "empty"),
]


@pytest.mark.parametrize(("text", "expected", "why"), PARSE)
def test_parse_count(text: str, expected: int | None, why: str) -> None:
    assert parse_count(text) == expected, why


FIND = [
    ("他一共转了3次，每次5000元", None, [("3次", 3, None)], "the amount's digits are not a count"),
    ("分三笔支付，共计五笔", None, [("三笔", 3, None), ("五笔", 5, None)], "two counts"),
    ("分三笔支付，共计五笔", "次", [], "unit filter"),
    ("两次或三次", "次", [("两次", 2, "alternative"), ("三次", 3, "alternative")], "alternatives"),
    ("He paid 3 times, twice by transfer.", "次", [("3 times", 3, None), ("twice", 2, None)], "English"),
    ("去了两趟", "次", [("两趟", 2, None)], "趟 counts as 次"),
    ("请他吃过两顿饭", "次", [("两顿", 2, None)], "meals: 顿 counts as the 次 of 吃过几次饭"),
    ("开了三枪", None, [("三枪", 3, None)], "a verbal measure word"),
    ("卷宗共肆卷", None, [("肆卷", 4, None)], "volumes"),
    ("Three mobile phones.", None, [("Three mobile phones", 3, None)], "any English plural noun counts"),
    ("84 notes of 100 yuan.", None, [("84 notes", 84, None)], "yuan is no counted noun"),
    ("RMB 20,000 in five withdrawals.", None, [("five withdrawals", 5, None)], "not the 000 of 20,000"),
    ("手表1块", "块", [("1块", 1, None)], "块 counts when asked (几块手表), not an amount of money"),
    ("花了300块", None, [], "块 is money unless a count of it is asked"),
    ("第三次见面", None, [], "ordinal"),
    ("没有一次", None, [("一次", 1, "negated")], "not once"),
    ("一次也没有", None, [("一次", 1, "negated")], "not once, the negation after the count"),
    ("不止一次", None, [("一次", 1, "range")], "more than once: a bound"),
    ("有没有三次我记不清", None, [("三次", 3, None)], "有没有 asks; it negates nothing"),
    ("第十三次", None, [], "ordinal with two numerals"),
    ("一次性支付42000元", None, [], "一次性 = lump sum"),
    ("2020年3月给了3000元", None, [], "dates and amounts are not counts"),
    ("三四次", None, [("三四次", 3, "approximate")], "approximate"),
    ("十多次", None, [("十多次", 10, "approximate")], "多"),
    ("可能是三次", None, [("三次", 3, "hedge")], "hedge"),
    ("三个人", "人", [("三个人", 3, None)], "个人 counts as 人"),
    ("３次", "次", [("３次", 3, None)], "full-width"),
    (
        "3头牛、2支笔、6000只鸡",
        None,
        [("3头", 3, None), ("2支", 2, None), ("6000只", 6000, None)],
        "any measure word",
    ),
    ("两套房，三份合同", None, [("两套", 2, None), ("三份", 3, None)], "套 and 份"),
    ("尚余三十七套", None, [("三十七套", 37, None)], "余 (remaining) before a count is no part of a number"),
    ("It was made in triplicate.", None, [("in triplicate", 3, None)], "three copies"),
    ("十余次", None, [("十余次", 10, "approximate")], "余 after a number makes it approximate"),
    ("6栋2单元1503室", None, [], "栋 is part of an address unless the question asks for it"),
    ("共12栋、1,086套", "栋", [("12栋", 12, None)], "asked for 栋 (几栋): 栋 counts"),
    ("共12幢楼", "栋", [("12幢", 12, None)], "幢 counts as 栋"),
    ("逾期超过30日", "天", [("30日", 30, "range")], "日 counts as 天; 超过 is a bound"),
    ("三十日内", None, [("三十日", 30, None)], "日 with 内"),
    ("8月21日还款", None, [], "a day of a date is not a count"),
    (
        "5 pieces of evidence and 12 pages",
        None,
        [("5 pieces", 5, None), ("12 pages", 12, None)],
        "English nouns",
    ),
    (
        "One receipt, three items.",
        None,
        [("One receipt", 1, None), ("three items", 3, None)],
        "English number words",
    ),
]


@pytest.mark.parametrize(("text", "unit", "expected", "why"), FIND)
def test_find_counts(
    text: str, unit: str | None, expected: list[tuple[str, int, str | None]], why: str
) -> None:
    found = find_counts(text, unit)
    assert [(f.raw, f.value, f.qualifier) for f in found] == expected, why
    for f in found:
        assert text[f.start : f.end] == f.raw
        assert isinstance(f.value, int)
