"""What a text holds for the hallucination check (``scorers.facts``): its values by kind."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.text import PartialDate
from scorers.facts import _agreeing_dates, build_facts
from scorers.names import surname_grams


def test_a_texts_values_by_kind() -> None:
    facts = build_facts("顾主任电话13912345678，于2021年3月2日下午3点借款46000元，年利率6%，不是40000元。")
    assert "13912345678" in facts.identifiers
    assert {Decimal(46000), Decimal(40000)} <= facts.amounts  # a negated value counts too
    assert Decimal(6) in facts.rates
    assert PartialDate(2021, 3, 2) in facts.dates and facts.years == frozenset({2021})
    assert [t.hours for t in facts.times] == [(15,)]
    assert facts.grams == surname_grams(facts.folded)


def test_bare_numbers_are_amounts_too() -> None:
    assert {Decimal(30000), Decimal("2.5")} <= build_facts("第3页写着30,000，另有2.5").amounts


def test_a_given_folded_text_is_kept() -> None:
    assert build_facts("借款46000元", "借款46000元|").folded == "借款46000元|"


# --- document dates: one set look-up instead of a comparison with each --------------------------


def _plain_date_agrees(d: PartialDate, known: PartialDate, years: frozenset[int]) -> bool:
    if d.year is not None and known.year != d.year and not (known.year is None and d.year in years):
        return False
    if d.month is not None and known.month != d.month:
        return False
    return d.day is None or known.day == d.day


_dates = st.builds(
    PartialDate,
    st.none() | st.integers(2018, 2021),
    st.none() | st.integers(1, 3),
    st.none() | st.integers(1, 3),
)


@given(st.lists(_dates, max_size=6), st.frozensets(st.integers(2018, 2021), max_size=3), _dates)
@settings(max_examples=2000, deadline=None)
def test_agreeing_dates_equal_the_plain_comparison(
    known: list[PartialDate], years: frozenset[int], d: PartialDate
) -> None:
    plain = any(_plain_date_agrees(d, k, years) for k in known)
    assert (d in _agreeing_dates(tuple(known), years)) == plain
