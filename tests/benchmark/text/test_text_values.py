"""The amounts and dates an answer shares between its checks (``TextValues``, ``amounts_and_dates``)
are what the two finders give."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmark.text import amounts as amounts_module
from benchmark.text.amounts import TextValues, amounts_and_dates
from benchmark.text.folding import half_width
from benchmark.text.found import Found

_VALUE_TEXT = st.text(
    alphabet=st.sampled_from(
        list("0123456789０１２３４５６７８９一二两十百千万亿零,.，元块年月日号或至-的是约不 ￥")
    ),
    max_size=24,
)


def _but_raw(found: tuple[Found, ...]) -> list[tuple[object, ...]]:
    return [(f.kind, f.value, f.start, f.end, f.definite, f.qualifier) for f in found]


@given(_VALUE_TEXT)
@settings(max_examples=1500, deadline=None)
@example("借款１２，０００元")
@example("１２，０００元和１３，０００元")
@example("12，000元")
def test_answer_values_read_the_half_width_text(text: str) -> None:
    values = TextValues(text)
    half = half_width(text)
    assert values.half == half
    assert values.of_half_width() == amounts_and_dates(half, half)
    shared = values.as_written()
    own = amounts_and_dates(text)
    if shared is None:
        assert amounts_module._FW_THOUSANDS.search(text) is not None
    else:
        assert [_but_raw(x) for x in shared] == [_but_raw(x) for x in own], text


def test_a_full_width_thousands_comma_is_read_apart() -> None:
    assert TextValues("借款１２，０００元").as_written() is None
    assert TextValues("借款12，000元").as_written() is None
    assert TextValues("借款12，00元").as_written() is not None


@given(
    st.text(alphabet=st.sampled_from(list("元月年日号初中旬底份的是约不 May,/-.abcJUNE￥¥块")), max_size=16)
)
@settings(max_examples=2000, deadline=None)
@example("元月")
@example("元 月")
@example("2020年元月")
@example("May ")
def test_a_text_without_numerals_holds_no_amount_and_no_date_but_in_yuan_yue(text: str) -> None:
    from benchmark.text import find_amounts, find_dates

    amounts, dates = amounts_and_dates(text)
    assert list(amounts) == find_amounts(text) == []
    assert list(dates) == find_dates(text)
    assert not dates or ("元" in text and "月" in text)
