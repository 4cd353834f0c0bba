"""Dates: whole-string parsing, PartialDate, and finding dates in free text."""

from __future__ import annotations

import pytest

from benchmark.text import PartialDate, find_dates, parse_date

FULL = PartialDate(2020, 8, 31)

PARSE = [
    ("2020年8月31日", FULL, "Chinese with Arabic digits"),
    ("2020-08-31", FULL, "ISO"),
    ("2020-8-31", FULL, "ISO without zero padding"),
    ("2020.8.31", FULL, "dots"),
    ("2020/08/31", FULL, "slashes"),
    ("二〇二〇年八月三十一日", FULL, "Chinese numerals with 〇"),
    ("二零二零年八月三十一号", FULL, "零 and 号"),
    ("2020年08月31日", FULL, "zero-padded Chinese"),
    ("2020 年 8 月 31 日", FULL, "OCR spacing"),
    ("２０２０年８月３１日", FULL, "full-width digits"),
    ("August 31, 2020", FULL, "English month day, year"),
    ("Aug. 31, 2020", FULL, "abbreviated month"),
    ("31 August 2020", FULL, "English day month year"),
    ("31st of August 2020", FULL, "ordinal day"),
    ("20200831", FULL, "compact"),
    ("2020-08-31T10:00:00", FULL, "ISO date-time"),
    ("8月31日", PartialDate(None, 8, 31), "no year"),
    ("20年8月31号", FULL, "a two-digit year in a full date: 20YY below the pivot"),
    ("84年3月15日", PartialDate(1984, 3, 15), "19YY from the pivot on"),
    ("10年6月", None, "a two-digit year without a day is no date (10年6月 may be a duration)"),
    ("八月三十一日", PartialDate(None, 8, 31), "no year, Chinese numerals"),
    ("August 31", PartialDate(None, 8, 31), "English without year"),
    ("2020年8月", PartialDate(2020, 8, None), "no day"),
    ("August 2020", PartialDate(2020, 8, None), "English month and year"),
    ("2020-08", PartialDate(2020, 8, None), "ISO year-month"),
    ("2020年", PartialDate(2020, None, None), "year only"),
    ("十二月一日", PartialDate(None, 12, 1), "十二月"),
    ("2020年元月5日", PartialDate(2020, 1, 5), "元月 = January"),
    ("2020年2月29日", PartialDate(2020, 2, 29), "leap day"),
    ("2021-02-30", None, "invalid calendar date"),
    ("2019年2月29日", None, "not a leap year"),
    ("2020-13-01", None, "month 13"),
    ("2020年4月31日", None, "April has 30 days"),
    ("2月30日", None, "yearless but never valid"),
    ("8月底", None, "approximate: not one date"),
    ("may 5", None, "lower-case may is the verb"),
    ("2020", None, "a bare number"),
    ("", None, "empty"),
]


@pytest.mark.parametrize(("text", "expected", "why"), PARSE)
def test_parse_date(text: str, expected: PartialDate | None, why: str) -> None:
    assert parse_date(text) == expected, why


def test_all_notations_equal() -> None:
    forms = ["2020年8月31日", "2020-08-31", "2020.8.31", "2020/08/31", "二〇二〇年八月三十一日"]
    assert {parse_date(f) for f in forms} == {FULL}


def test_yearless_never_equals_full() -> None:
    assert parse_date("8月31日") != parse_date("2020年8月31日")
    assert PartialDate(None, 8, 31).iso() is None


@pytest.mark.parametrize(
    ("date", "text", "iso"),
    [
        (FULL, "2020-08-31", "2020-08-31"),
        (PartialDate(None, 8, 31), "????-08-31", None),
        (PartialDate(2020, 8, None), "2020-08", None),
        (PartialDate(None, 8, None), "????-08", None),
        (PartialDate(2020, None, None), "2020", None),
    ],
)
def test_partial_date_strings(date: PartialDate, text: str, iso: str | None) -> None:
    assert str(date) == text
    assert date.iso() == iso


FIND = [
    ("他于2020年8月31日付款", [("2020年8月31日", "2020-08-31", None)], "plain"),
    ("8月31日付款", [("8月31日", "????-08-31", None)], "yearless stays yearless"),
    ("2021年11月9日以后", [("2021年11月9日", "2021-11-09", "range")], "after a date: a bound"),
    ("2021年11月9日之前", [("2021年11月9日", "2021-11-09", "range")], "before a date: a bound"),
    ("不是在2021年11月9日", [("2021年11月9日", "2021-11-09", "negated")], "不是在 denies the date"),
    ("应于2021年6月10日前支付", [("2021年6月10日", "2021-06-10", None)], "a due date with 前 stays definite"),
    (
        "5月11日（2022年）转的",
        [("5月11日", "2022-05-11", None)],
        "a year in brackets after the date is its year",
    ),
    (
        "从8月3日到8月21日（2020年）",
        [("8月3日", "2020-08-03", "range"), ("8月21日", "2020-08-21", "range")],
        "a bracketed year gives both ends of a range their year",
    ),
    (
        "5月11日，（2022年）",
        [("5月11日", "????-05-11", None), ("2022年", "2022", None)],
        "not across a comma",
    ),
    (
        "2021年8月16日立案，同年9月28日开庭",
        [("2021年8月16日", "2021-08-16", None), ("9月28日", "2021-09-28", None)],
        "同年: the year of the date before",
    ),
    (
        "2019年9月10日还款，次年1月20日又还",
        [("2019年9月10日", "2019-09-10", None), ("1月20日", "2020-01-20", None)],
        "次年: the year after",
    ),
    ("同年9月28日", [("9月28日", "????-09-28", None)], "同年 with no year before it says none"),
    ("14/09/2022", [("14/09/2022", "2022-09-14", None)], "the day first: 14 is no month"),
    ("09/14/2022", [("09/14/2022", "2022-09-14", None)], "the month first: 14 is no month"),
    ("14.09.2022", [("14.09.2022", "2022-09-14", None)], "dots"),
    ("05/06/2022", [], "either could be the day: no date"),
    ("在19年3月5号那天", [("19年3月5号", "2019-03-05", None)], "a two-digit year in a full date"),
    ("119年3月5日", [("3月5日", "????-03-05", None)], "no two-digit year inside a longer number"),
    ("大约8月底", [("8月", "????-08", "approximate")], "月底"),
    ("8月底", [("8月", "????-08", "approximate")], "月底 without 大约"),
    ("8月中旬", [("8月", "????-08", "approximate")], "中旬"),
    ("2020年底", [("2020年", "2020", "approximate")], "年底"),
    ("大约2020年8月31日", [("2020年8月31日", "2020-08-31", "approximate")], "大约"),
    ("8月31日左右", [("8月31日", "????-08-31", "approximate")], "左右"),
    ("可能是2020年8月31日", [("2020年8月31日", "2020-08-31", "hedge")], "hedge"),
    (
        "2020年8月30日或8月31日",
        [("2020年8月30日", "2020-08-30", "alternative"), ("8月31日", "2020-08-31", "alternative")],
        "alternatives; the second inherits the year",
    ),
    (
        "2020年8月1日至31日",
        [("2020年8月1日", "2020-08-01", "range"), ("31日", "2020-08-31", "range")],
        "range with a day-only end",
    ),
    (
        "2022.2.15-2022.7.15",
        [("2022.2.15", "2022-02-15", "range"), ("2022.7.15", "2022-07-15", "range")],
        "dotted dates joined by a dash: a range",
    ),
    (
        "2022/2/15-2022/7/15",
        [("2022/2/15", "2022-02-15", "range"), ("2022/7/15", "2022-07-15", "range")],
        "slashed dates joined by a dash",
    ),
    ("电话0571-2022-1234", [], "a year after a dash elsewhere is no date"),
    (
        "2020年8月1日和9月1日",
        [("2020年8月1日", "2020-08-01", None), ("9月1日", "2020-09-01", None)],
        "a list: definite, year inherited",
    ),
    (
        "不是8月31日，是9月1日",
        [("8月31日", "????-08-31", "negated"), ("9月1日", "????-09-01", None)],
        "negation",
    ),
    ("2021-02-30付款", [], "invalid dates are not found"),
    ("期限3个月", [], "a duration is not a date"),
    ("判处有期徒刑3年", [], "years of a sentence are not a date"),
    ("On August 31, 2020 he paid.", [("August 31, 2020", "2020-08-31", None)], "English"),
    ("He came back on 5 September.", [("5 September", "????-09-05", None)], "English yearless"),
    (
        "２０２０年８月３１日",
        [("２０２０年８月３１日", "2020-08-31", None)],
        "full-width, raw from the original",
    ),
    ("2020.8.31转账", [("2020.8.31", "2020-08-31", None)], "dotted"),
]


@pytest.mark.parametrize(("text", "expected", "why"), FIND)
def test_find_dates(text: str, expected: list[tuple[str, str, str | None]], why: str) -> None:
    found = find_dates(text)
    assert [(f.raw, str(f.value), f.qualifier) for f in found] == expected, why
    for f in found:
        assert text[f.start : f.end] == f.raw
        assert f.definite == (f.qualifier is None)


def test_date_to_dict() -> None:
    (found,) = find_dates("2020年8月31日")
    assert found.to_dict()["value"] == "2020-08-31"
    (partial,) = find_dates("8月31日")
    assert partial.to_dict()["value"] == "????-08-31"
