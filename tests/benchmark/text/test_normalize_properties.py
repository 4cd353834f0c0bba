"""Property tests: the finders never raise on arbitrary text and their spans index the original."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.text import (
    Found,
    find_amounts,
    find_counts,
    find_dates,
    fold,
    fold_with_map,
    parse_amount,
    parse_chinese_number,
    parse_count,
    parse_date,
    read_boolean,
)

# Text biased toward what matters: digits (ASCII and full-width), numerals, units, cues, punctuation.
_ALPHABET = (
    "0123456789０１２３４５６７８９.,，。、：:;；-/~至到或还是 元块钱万亿千百十零〇一二三四五六七八九两"
    "壹贰叁肆伍陆柒捌玖拾佰仟圆角分整¥￥人民币年月日号次笔个第约近多余几左右可能大概不是没有未否认签退还"
    "RMByuanCNYtimesAugust是否吗"
)
texts = st.one_of(st.text(alphabet=_ALPHABET, max_size=60), st.text(max_size=60))


def _check_spans(text: str, found: list[Found]) -> None:
    last = -1
    for f in found:
        assert 0 <= f.start < f.end <= len(text)
        assert text[f.start : f.end] == f.raw
        assert f.start >= last or f.kind == "boolean"
        last = f.start
        assert f.definite == (f.qualifier is None)
        f.to_dict()


@settings(max_examples=400, deadline=None)
@given(texts)
def test_find_amounts_never_raises(text: str) -> None:
    _check_spans(text, find_amounts(text))


@settings(max_examples=400, deadline=None)
@given(texts)
def test_find_dates_never_raises(text: str) -> None:
    _check_spans(text, find_dates(text))


@settings(max_examples=300, deadline=None)
@given(texts, st.sampled_from([None, "次", "笔", "人"]))
def test_find_counts_never_raises(text: str, unit: str | None) -> None:
    _check_spans(text, find_counts(text, unit))


@settings(max_examples=400, deadline=None)
@given(
    texts,
    st.one_of(
        st.none(),
        st.sampled_from(["是否退还？", "他签字了吗？", "认不认罪", "Did he pay?"]),
        st.text(max_size=20),
    ),
)
def test_read_boolean_never_raises(text: str, question: str | None) -> None:
    found = read_boolean(text, question)
    if found is not None:
        _check_spans(text, [found])
        assert isinstance(found.value, bool)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=80))
def test_fold_and_map_agree(text: str) -> None:
    folded, index = fold_with_map(text)
    assert folded == fold(text)
    assert len(index) == len(folded)
    assert all(0 <= i < len(text) for i in index)
    assert index == sorted(index)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_parsers_never_raise(text: str) -> None:
    parse_amount(text)
    parse_date(text)
    parse_count(text)
    parse_chinese_number(text)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=10**9),
    st.sampled_from(["{n}元", "¥{n}", "人民币{n}元", "RMB {n}", "{n} yuan"]),
)
def test_amount_round_trip(n: int, template: str) -> None:
    text = "他付了" + template.format(n=f"{n:,}") + "。"
    (found,) = find_amounts(text)
    assert found.value == n and found.definite
    assert parse_amount(found.raw) == n
