"""Value records and readers: ``Found`` and ``PartialDate`` are frozen value objects, ``parse_date``
reads ISO days, 角/分 after 元, and ``find_counts_preferring`` reads a text once for
``find_counts(text, unit) or find_counts(text)``.
"""

from __future__ import annotations

import dataclasses
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmark.text import Found, PartialDate, find_amounts, find_counts, parse_date
from benchmark.text.counts import find_counts_preferring


@given(st.integers(0, 3999), st.integers(0, 19), st.integers(0, 39), st.sampled_from("-/."))
@settings(max_examples=500, deadline=None)
@example(2020, 2, 29, "-")
@example(2021, 2, 29, "-")
@example(1999, 12, 31, "-")
def test_parse_date_reads_numeric_days_that_exist(year: int, month: int, day: int, sep: str) -> None:
    try:
        real = date(year, month, day) if 1000 <= year <= 2999 else None
    except ValueError:
        real = None
    for text in (f"{year:04d}{sep}{month:02d}{sep}{day:02d}", f"{year}{sep}{month}{sep}{day}"):
        parsed = parse_date(text)
        if real is None:
            assert parsed is None or not parsed.complete, text
        else:
            assert parsed == PartialDate(year, month, day), text


_COUNT_PIECES = ["3次", "三笔", "两次", "共计五笔", "2个人", "3 times", "twice", "或", "至", "、", "和", "不是",
                 "可能", "第三次", "一次性", "4万元", "2020年8月31日", "，", "。", "见面", "12页"]  # fmt: skip
count_texts = st.lists(st.sampled_from(_COUNT_PIECES), max_size=8).map("".join)


@given(count_texts, st.sampled_from([None, "次", "笔", "人", "个人", "页", "times"]))
@settings(max_examples=500, deadline=None)
def test_find_counts_preferring_equals_two_calls(text: str, unit: str | None) -> None:
    same = find_counts(text, unit) if unit is not None else []
    assert find_counts_preferring(text, unit) == (same or find_counts(text))


@pytest.mark.parametrize(
    ("text", "value"),
    [("100元5角", Decimal("100.5")), ("100元整", Decimal(100)), ("100元钱", Decimal(100)),
     ("十二块五", Decimal("12.5")), ("壹佰元伍角贰分", Decimal("100.52")), ("100元，5角", Decimal(100))],
)  # fmt: skip
def test_jiao_and_fen_after_yuan(text: str, value: Decimal) -> None:
    assert find_amounts(text)[0].value == value


def test_found_and_partial_date_stay_frozen_value_objects() -> None:
    a = Found("amount", Decimal(5), 0, 2, "5元", True)
    b = Found(kind="amount", value=Decimal(5), start=0, end=2, raw="5元", definite=True, qualifier=None)
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b)
    assert dataclasses.replace(a, qualifier="hedge").qualifier == "hedge"
    assert [f.name for f in dataclasses.fields(Found)][-1] == "qualifier"
    day = PartialDate(2020, 8, 31)
    assert day == PartialDate(year=2020, month=8, day=31) and len({day, PartialDate(2020, 8, 31)}) == 1
    for obj, name in ((a, "raw"), (day, "day")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, name, None)


@pytest.mark.parametrize(
    ("day", "text"),
    [((2020, 8, 31), "2020-08-31"), ((33, 1, 2), "0033-01-02"), ((None, 8, 31), "????-08-31"),
     ((2020, 8, None), "2020-08"), ((2020, None, None), "2020"), ((12345, 10, 1), "12345-10-01")],
)  # fmt: skip
def test_partial_date_text(day: tuple[int | None, int | None, int | None], text: str) -> None:
    assert str(PartialDate(*day)) == text
