"""Ordinals read in one spelling each."""

from __future__ import annotations

import pytest

from benchmark.text.ordinals import OrdinalReader

PERIODS = OrdinalReader("期次")
OCCASIONS = OrdinalReader("次回", {"回": "次"})


@pytest.mark.parametrize(
    ("reader", "text", "expected", "why"),
    [
        (PERIODS, "第二期和第2期", {"第2期"}, "words and digits are one spelling"),
        (PERIODS, "第十二期", {"第12期"}, "two numerals"),
        (PERIODS, "第 3 次", {"第3次"}, "spaces inside"),
        (PERIODS, "第3页", set(), "a unit the reader does not read"),
        (OCCASIONS, "第二回讯问", {"第2次"}, "回 is read as 次"),
        (OCCASIONS, "两次讯问", set(), "a count is no ordinal"),
    ],
)
def test_ordinals(reader: OrdinalReader, text: str, expected: set[str], why: str) -> None:
    assert reader(text) == expected, why
