"""What a sentence states for the answerer (``sentence_values``): its amounts and dates, each with the
words around it, positions in the sentence's clean text."""

from __future__ import annotations

from decimal import Decimal

from benchmark.adapters.baseline.sentence_values import (
    amount_spans,
    clean_sentence,
    date_spans,
    found_at,
    sentence_values,
    words,
)
from benchmark.adapters.baseline.tokenize import tokenize
from benchmark.text import PartialDate


def test_the_clean_text_drops_the_speaker_and_line_breaks() -> None:
    assert clean_sentence("答：2021年3月2日，\n我转账给他20000元。 ") == "2021年3月2日，我转账给他20000元。"


def test_amounts_and_dates_with_the_words_around_each() -> None:
    text = "答：2021年3月2日，我转账给他20000元，\n利息另算。"
    amounts, dates = sentence_values(text)
    clean = clean_sentence(text)
    ((a, b, raw, value, around),) = amounts
    assert (clean[a:b], raw, value) == ("20000元", "20000元", Decimal(20000))
    assert around == tuple(tokenize("我转账给他 "))  # the clause before it; none after
    ((a, b, raw, value, around),) = dates
    assert (clean[a:b], value) == ("2021年3月2日", PartialDate(2021, 3, 2))
    assert around == ()  # a clause of its own: no words around it


def test_a_bare_figure_is_an_amount_unless_part_of_one() -> None:
    assert [(raw, value) for _, _, raw, value in amount_spans("本金41,200.00，另付960.00元")] == [
        ("960.00元", Decimal("960.00")),
        ("41,200.00", Decimal("41200.00")),
    ]


def test_only_complete_dates_that_are_definite_or_end_a_range() -> None:
    assert [v for *_, v in date_spans("2022年1月1日起至2022年12月31日止，3月份另议")] == [
        PartialDate(2022, 1, 1),
        PartialDate(2022, 12, 31),
    ]


def test_a_blank_context_has_no_words() -> None:
    assert words("  ") == ()
    assert found_at("共计46000元", 2, 9, "46000元", Decimal(46000))[4] == tuple(tokenize("共计 "))
