"""Markdown emphasis blanked before an answer is read (``benchmark.text.markup``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmark.text.markup import without_emphasis

ROWS = [
    ("**95000** 元", "  95000   元", "bold between a number and its unit"),
    ("共 **12** 页", "共   12   页", "bold around a count"),
    ("**否。** 法院未支持", "  否。   法院未支持", "a bold verdict with its punctuation"),
    ("`95000`元", " 95000 元", "inline code"),
    ("立案日期：**2021**年**8**月", "立案日期：  2021  年  8  月", "each part of a date in bold"),
    ("138****1234", "138****1234", "a masked phone number keeps its stars"),
    ("a ** b", "a ** b", "a pair of stars with spaces is no emphasis"),
    ("x**", "x**", "an unclosed marker stays"),
    ("**\n95000**", "**\n95000**", "emphasis never spans lines"),
    ("一切正常", "一切正常", "no marker: the very text"),
    ("金额：~~10万~~ 15万元", "金额：        15万元", "struck-through text is taken back"),
    ("2~3万", "2~3万", "a range's tilde is no strike-through"),
    ("~~ 10万 ~~", "~~ 10万 ~~", "a strike-through opens and closes on a character"),
]


@pytest.mark.parametrize(("text", "expected", "why"), ROWS, ids=[r[2] for r in ROWS])
def test_without_emphasis(text: str, expected: str, why: str) -> None:
    assert without_emphasis(text) == expected, why


def test_a_text_without_markers_is_the_same_object() -> None:
    text = "尚欠本金95000元"
    assert without_emphasis(text) is text


@given(st.text(alphabet="*`a 5元\n", max_size=30))
def test_the_length_never_changes_and_only_markers_become_spaces(text: str) -> None:
    out = without_emphasis(text)
    assert len(out) == len(text)
    assert all(a == b or (a in "*`" and b == " ") for a, b in zip(text, out, strict=True))
