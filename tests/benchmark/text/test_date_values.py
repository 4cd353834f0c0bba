"""``date_values`` gives exactly the dates ``find_dates`` finds, in order (it skips the qualifiers)."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmark.text import find_dates
from benchmark.text.dates import date_values

PIECES = ["2020年", "8月", "31日", "3日", "至", "或", "、", "和", "2020-08-31", "2020.8.3", "2021/02/29",
          "二〇二〇年", "八月", "三十一日", "底", "左右", "不是", "可能", "，", "。", "August 31, 2020", "May",
          "借款", "1,200元", "号", "12", " "]  # fmt: skip


@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
@settings(max_examples=1500, deadline=None)
@example("2020年8月1日至8月31日")
@example("8月30日或31日")
@example("2020年8月3日、5日和2021年1月2日")
def test_date_values_equal_the_values_of_find_dates(text: str) -> None:
    assert date_values(text) == tuple(f.value for f in find_dates(text))
