"""Text folding."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.text import contains_folded, fold, fold_with_map
from benchmark.text.folding import half_width

FOLD = [
    ("ＡＢＣ１２３", "abc123", "full-width to half-width"),
    ("Hello, World!", "helloworld", "ASCII punctuation and case"),
    ("陈明飞，你好。", "陈明飞你好", "Chinese punctuation"),
    ("「成龙飞」说：“借款”", "成龙飞说借款", "Chinese quotes and colon"),
    ("  a\tb\nc  ", "abc", "whitespace"),
    ("42,000.00元", "4200000元", "separators dropped"),
    ("Straße", "strasse", "case folding"),
    ("ｶﾞ", "ガ", "half-width katakana composes"),
    ("", "", "empty"),
    ("。，、", "", "only punctuation"),
    ("a_b＿c", "abc", "underscores (a word character for regular expressions) dropped"),
    (
        "问：邝振川有没有当面找过你？答：找过（２０２０年）",
        "问邝振川有没有当面找过你答找过2020年",
        "transcript prose",
    ),
]


@pytest.mark.parametrize(("text", "expected", "why"), FOLD)
def test_fold(text: str, expected: str, why: str) -> None:
    assert fold(text) == expected, why


@pytest.mark.parametrize("text", [t for t, _, _ in FOLD] + ["Ｒ Ｍ Ｂ　４２，０００", "e\u0301t\u00e9"])
def test_fold_with_map(text: str) -> None:
    folded, index = fold_with_map(text)
    assert folded == fold(text)
    assert len(index) == len(folded)
    assert index == sorted(index)
    assert all(0 <= i < len(text) for i in index)


def test_fold_with_map_spans() -> None:
    text = "答：陈明飞， 收到了　４２０００元。"
    folded, index = fold_with_map(text)
    k = folded.index("42000元")
    start, end = index[k], index[k + len("42000元") - 1] + 1
    assert text[start:end] == "４２０００元"


CONTAINS = [
    ("被告人陈明飞收到了借款", "陈明飞", True, "plain"),
    ("被告人陈 明 飞收到", "陈明飞", True, "spaces folded"),
    ("Ｃｈｅｎ Ｍｉｎｇｆｅｉ", "chen mingfei", True, "width and case"),
    ("“北京市朝阳区”", "北京市朝阳区", True, "quotes"),
    ("陈明", "陈明飞", False, "needle longer"),
    ("任何文字", "", False, "empty needle never matches"),
    ("任何文字", "，。", False, "punctuation-only needle never matches"),
    ("42,000元", "42000元", True, "digits with separators"),
]


@pytest.mark.parametrize(("haystack", "needle", "expected", "why"), CONTAINS)
def test_contains_folded(haystack: str, needle: str, expected: bool, why: str) -> None:
    assert contains_folded(haystack, needle) is expected, why


_WIDE = st.text(
    alphabet=st.one_of(st.sampled_from(list("４２，０００元ＡＢｃ　￥｡：；？！（）")), st.characters()),
    max_size=40,
)


@given(_WIDE)
@settings(max_examples=500, deadline=None)
def test_half_width_keeps_offsets_and_fold_keeps_letters_and_digits(text: str) -> None:
    half = half_width(text)
    assert len(half) == len(text)
    assert all(
        a == b or ord(a) - ord(b) in (0xFEE0, 0x3000 - 0x20, 0xFFE5 - 0xA5, 0xFF61 - 0x3002)
        for a, b in zip(text, half, strict=True)
    )
    assert all(c.isalnum() for c in fold(text))


def test_half_width_keeps_the_chinese_comma() -> None:
    assert half_width("１２，０００元　整") == "12，000元 整"
