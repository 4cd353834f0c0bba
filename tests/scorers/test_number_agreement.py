"""Number agreement: whether a text states every amount, date and number another requires."""

from __future__ import annotations

import pytest

import scorers.evidence as evidence
from scorers.number_agreement import missing_numbers, required_numbers, stated_numbers


def test_required_numbers_kinds() -> None:
    got = {(w.kind, w.label) for w in required_numbers("第一次是2020年8月3日晚上8点多，转给我20000元")}
    assert got == {("date", "2020-08-03"), ("amount", "20000元"), ("number", "1"), ("number", "8")}
    assert required_numbers("钱全额退还") == ()
    labels = [w.label for w in required_numbers("| 第2期 | 2022.4.15 | 40,000.00 |")]
    assert labels == ["2022-04-15", "2", "40000"]


@pytest.mark.parametrize(
    ("required", "offered", "missing"),
    [
        ("共计46000元", "一共四万六千元", ()),
        ("共计46000元", "一共¥46,000.00", ()),
        ("共计46000元", "一共4.6万元", ()),
        ("共计46000元", "一共46500元", ("46000元",)),
        ("2020年8月12日", "2020.8.12", ()),
        ("2020年8月12日", "2020-08-12", ()),
        ("2020年8月12日", "8月12日", ("2020-08-12",)),  # a full date needs its year
        ("8月12日", "2020年8月12日", ()),  # a partial date needs only what it gives
        ("8月12日", "8月21日", ("????-08-12",)),
        ("于二〇二〇年十月十二日报案", "2020年10月12日", ()),
        ("卡号6217 **** **** 3318", "尾号3318的卡6217", ()),
        ("卡号6217 **** **** 3318", "尾号3319", ("6217", "3318")),
        ("第5页", "第五页", ()),
        ("第5页", "第50页", ("5",)),
        ("第2期", "第12期", ("2",)),
        (
            "| 4 | 4.15 | 甘 现金 | 30000 | 补记 |",
            "4.15 甘 现金 30000",
            (),
        ),  # a table's row number is no fact
        ("| 4 | 4.15 | 甘 现金 | 30000 | 补记 |", "4.15 甘 现金 20000", ("30000",)),
    ],
)
def test_missing_numbers(required: str, offered: str, missing: tuple[str, ...]) -> None:
    assert missing_numbers(required, offered) == missing


def test_stated_numbers_reads_every_notation() -> None:
    s = stated_numbers("人民币肆万陆仟元整（¥46,000.00），二〇二〇年八月二十一日，4万2千")
    assert {46000, 2020, 42000} <= {int(v) for v in s.values}
    assert [str(d) for d in s.dates] == ["2020-08-21"]


def test_the_evidence_module_still_exports_the_number_checks() -> None:
    assert evidence.missing_numbers is missing_numbers and evidence.required_numbers is required_numbers
