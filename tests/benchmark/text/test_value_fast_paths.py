"""Fast paths of the value finders give what their plain definitions give.

``parse_date`` reads ``YYYY-MM-DD`` without trying the patterns before ``_NUM_YMD``; ``fold`` keeps
letters and digits through a character class that also keeps ``_``; ``find_counts_preferring``
reads a text once for ``find_counts(text, unit) or find_counts(text)``; ``Found`` and
``PartialDate`` fill their fields directly yet stay frozen, equal and hashable by value.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmark.text import Found, PartialDate, find_amounts, find_counts, parse_date
from benchmark.text import dates as dates_module
from benchmark.text import folding as text_module
from benchmark.text.counts import find_counts_preferring


def plain_parse_date(s: str) -> PartialDate | None:
    """``parse_date`` of an ASCII string that is neither 8 bare digits nor a date with a time."""
    for pattern in dates_module._FULL_PATTERNS:
        m = pattern.fullmatch(s)
        if m:
            fields = dates_module._fields(m)
            return dates_module._make(*fields) if fields is not None else None
    return None


@given(st.integers(0, 3999), st.integers(0, 19), st.integers(0, 39), st.sampled_from("-/."))
@settings(max_examples=1000, deadline=None)
@example(2020, 2, 29, "-")
@example(2021, 2, 29, "-")
@example(1999, 12, 31, "-")
def test_parse_date_iso_path_equals_the_patterns(year: int, month: int, day: int, sep: str) -> None:
    for text in (f"{year:04d}{sep}{month:02d}{sep}{day:02d}", f"{year}{sep}{month}{sep}{day}"):
        assert parse_date(text) == plain_parse_date(text), text


def test_parse_date_iso_path_is_taken_for_iso_days_only() -> None:
    assert dates_module._ISO_DAY.fullmatch("2020-08-31")
    for text in ("2020-8-31", "2020/08/31", "20200831", "2020-08-31T10:00", "2020-13-01", "0999-01-01"):
        assert dates_module._ISO_DAY.fullmatch(text) is None


def test_fold_character_class_keeps_letters_digits_and_underscore_only() -> None:
    keep = re.compile(r"[^\W_]")
    fast = text_module._KEEP_OR_UNDERSCORE
    for cp in range(sys.maxunicode + 1):
        ch = chr(cp)
        assert (fast.match(ch) is not None) == (keep.match(ch) is not None or ch == "_"), hex(cp)


@given(st.text(alphabet=st.sampled_from(list("a_B1１，、。ＡQ学_\u0301")), max_size=30))
def test_fold_drops_underscores(text: str) -> None:
    assert text_module.fold(text) == "".join(text_module._KEEP.findall(text_module.fold(text)))
    assert "_" not in text_module.fold(text)


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
