"""Amounts: whole-string parsing and finding amounts in free text."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.text import find_amounts, parse_amount
from benchmark.text.folding import half_width

PARSE = [
    ("42000", 42000, "bare Arabic"),
    ("42,000", 42000, "thousands separator"),
    ("42,000.00元", 42000, "decimals and 元"),
    ("¥42,000", 42000, "yen sign"),
    ("￥42,000", 42000, "full-width yen sign"),
    ("¥42,000.00元", 42000, "sign and 元 together"),
    ("4.2万元", 42000, "decimal 万元"),
    ("四万二千元", 42000, "Chinese numerals"),
    ("肆万贰仟元整", 42000, "financial capitals with 整"),
    ("人民币肆万贰仟元整", 42000, "人民币 prefix"),
    ("４２０００元", 42000, "full-width digits"),
    ("4万2千元", 42000, "mixed digits and units"),
    ("1.5亿", 150000000, "亿 without 元"),
    ("3千元", 3000, "千元"),
    ("壹佰元伍角", Decimal("100.5"), "角"),
    ("100元5角2分", Decimal("100.52"), "角 and 分"),
    ("一万零五百元", 10500, "零"),
    ("两千元", 2000, "两"),
    ("人民币壹拾伍万元整", 150000, "拾 at the start"),
    ("42000元人民币", 42000, "人民币 after 元"),
    ("RMB 42,000", 42000, "English prefix"),
    ("42,000 yuan", 42000, "English suffix"),
    ("CNY 42000", 42000, "ISO code"),
    ("rmb42000", 42000, "lower-case code"),
    ("十二块五", Decimal("12.5"), "colloquial 块 + digit"),
    ("三块钱", 3, "块钱"),
    ("5角", Decimal("0.5"), "角 alone"),
    ("四万二", 42000, "colloquial abbreviation"),
    (" 42000 元 ", 42000, "spaces"),
    ("约4万元", None, "approximation is not one amount"),
    ("三四万元", None, "approximate numerals"),
    ("元", None, "no number"),
    ("35角", None, "two digits before 角"),
    ("42000美元", None, "other currency"),
    ("2020年8月31日", None, "a date"),
    ("", None, "empty"),
]


@pytest.mark.parametrize(("text", "expected", "why"), PARSE)
def test_parse_amount(text: str, expected: int | Decimal | None, why: str) -> None:
    got = parse_amount(text)
    assert got == (Decimal(expected) if expected is not None else None), why


# (text, [(raw, value, qualifier)], why); definite == (qualifier is None)
FIND = [
    ("总共给了42000元", [("42000元", 42000, None)], "plain"),
    (
        "共42000元，第一次30000元，第二次12000元。",
        [("42000元", 42000, None), ("30000元", 30000, None), ("12000元", 12000, None)],
        "total then its parts: all definite",
    ),
    ("转账35000元", [("35000元", 35000, None)], "a digit run is read whole: never 5000 or 3500"),
    ("电话13900000271", [], "phone number is not an amount"),
    ("电话13900000271，转账35000元", [("35000元", 35000, None)], "phone next to an amount"),
    ("2020年8月31日支付4.2万元", [("4.2万元", 42000, None)], "numbers inside dates are not amounts"),
    ("2020", [], "bare year: no money cue"),
    ("42000", [], "bare number: no money cue"),
    ("借了4万", [("4万", 40000, None)], "bare number followed by 万 counts"),
    ("三四万元", [("三四万元", 30000, "approximate")], "adjacent digits: approximate"),
    ("大约四万", [("四万", 40000, "approximate")], "大约"),
    ("四万多", [("四万多", 40000, "approximate")], "多"),
    ("约4万元", [("4万元", 40000, "approximate")], "约"),
    ("4万左右", [("4万", 40000, "approximate")], "左右"),
    ("近五万", [("五万", 50000, "approximate")], "近"),
    ("三千余元", [("三千余元", 3000, "approximate")], "余"),
    ("十几万", [("十几万", 110000, "approximate")], "几"),
    ("一两万块", [("一两万块", 10000, "approximate")], "一两"),
    ("30000元或35000元", [("30000元", 30000, "alternative"), ("35000元", 35000, "alternative")], "或"),
    (
        "30000元还是35000元",
        [("30000元", 30000, "alternative"), ("35000元", 35000, "alternative")],
        "还是",
    ),
    ("30000或35000元", [("30000", 30000, "alternative"), ("35000元", 35000, "alternative")], "shared 元"),
    ("可能是42000元", [("42000元", 42000, "hedge")], "可能"),
    ("大概四万二", [("四万二", 42000, "hedge")], "大概"),
    ("也许是42000元", [("42000元", 42000, "hedge")], "也许"),
    ("好像是42000元", [("42000元", 42000, "hedge")], "好像"),
    ("应该是42000元", [("42000元", 42000, "hedge")], "应该是"),
    ("是42000元吧", [("42000元", 42000, "hedge")], "吧"),
    ("3万至5万元", [("3万", 30000, "range"), ("5万元", 50000, "range")], "range"),
    ("3至5万元", [("3", 30000, "range"), ("5万元", 50000, "range")], "range sharing 万"),
    ("5万元以上", [("5万元", 50000, "range")], "lower bound"),
    ("不是42000元，而是35000元", [("42000元", 42000, "negated"), ("35000元", 35000, None)], "negation"),
    ("RMB 42,000", [("RMB 42,000", 42000, None)], "English prefix"),
    ("He paid 42,000 yuan.", [("42,000 yuan", 42000, None)], "English suffix"),
    ("a 2,000-yuan supermarket card", [("2,000-yuan", 2000, None)], "English unit after a hyphen"),
    ("第3-4页", [], "a page range is no amount"),
    ("CNY 42000 was wired", [("CNY 42000", 42000, None)], "ISO code"),
    ("RMB 1.5 million", [("RMB 1.5 million", 1500000, None)], "an English magnitude after the number"),
    ("没给10000元", [("10000元", 10000, "negated")], "没 and a money verb before the amount"),
    ("46 000元", [("46 000元", 46000, None)], "a space between groups of three digits: one number"),
    ("1 500 000元", [("1 500 000元", 1500000, None)], "several spaced groups"),
    ("46 0000元", [], "a tail of zeros alone is never an amount (it read 0 before)"),
    ("收费0元", [("0元", 0, None)], "a single zero is"),
    ("138 1234 5678", [], "a phone number's groups are no thousands"),
    ("未付40000元", [("40000元", 40000, "negated")], "未付"),
    ("不止20000元", [("20000元", 20000, "range")], "more than: a bound"),
    ("150 thousand yuan", [("150 thousand yuan", 150000, None)], "thousand, then the unit"),
    ("CNY 150k", [("CNY 150k", 150000, None)], "k for thousand"),
    ("RMB150,000", [("RMB150,000", 150000, None)], "RMB written against the number"),
    ("1.5 million people", [], "a magnitude without a money cue is no amount"),
    ("ABC150元", [], "letters before a number make it part of a code (as before)"),
    ("He paid about RMB 40,000.", [("RMB 40,000", 40000, "approximate")], "English approximation"),
    ("maybe RMB 42,000", [("RMB 42,000", 42000, "hedge")], "English hedge"),
    (
        "借款人民币肆万贰仟元整（¥42,000.00元）",
        [("人民币肆万贰仟元整", 42000, None), ("¥42,000.00元", 42000, None)],
        "capitals and figures side by side",
    ),
    (
        "２０２０年８月３１日给了４２０００元",
        [("４２０００元", 42000, None)],
        "full-width text, spans in the original",
    ),
    ("一共给了十二块五", [("十二块五", 12.5, None)], "colloquial 块"),
    ("我们一块去了", [], "一块 = together"),
    ("千万不要", [], "千万 = by all means"),
    ("万一他不还", [], "万一 = in case"),
    ("5万人参加", [], "万 followed by a non-money measure word"),
    ("案号（2020）京0105刑初123号，罚金5000元", [("5000元", 5000, None)], "case number"),
    ("身份证号110101199003074512，借款1万元", [("1万元", 10000, None)], "ID number"),
    ("下午3:30转了3000元", [("3000元", 3000, None)], "time of day"),
    ("第3次给了5000块钱", [("5000块钱", 5000, None)], "ordinal and 块钱"),
    ("百分之三十即1.2万元", [("1.2万元", 12000, None)], "percentage"),
    ("年利率24%", [], "percent sign"),
    ("合计壹佰元伍角", [("壹佰元伍角", 100.5, None)], "角 in free text"),
    ("约定借款42000元", [("42000元", 42000, None)], "约定 is not 约"),
    ("3单元", [], "单元 is not 元"),
    ("人民币300，000元", [("人民币300，000元", 300000, None)], "the Chinese comma as a thousands separator"),
    (
        "分别是100，200，300元",
        [("100，200，300元", 100200300, None)],
        "groups of three after it: thousands (a list uses 、)",
    ),
    ("分别是100、200、300元", [("100", 100, None), ("200", 200, None), ("300元", 300, None)], "a list"),
    ("共3，1000元", [("1000元", 1000, None)], "four digits after it: not a thousands separator"),
    ("１２，０００元", [("１２，０００元", 12000, None)], "full-width digits too"),
    ("4万美元", [], "another currency"),
    ("两条中华烟，1,200元", [("1,200元", 1200, None)], "an amount right after a Chinese comma"),
    ("两条中华烟,1,200元", [("1,200元", 1200, None)], "an amount right after an ASCII comma"),
    ("分别为3、5万元", [("3", 30000, None), ("5万元", 50000, None)], "a list shares 万元 and stays definite"),
]


@pytest.mark.parametrize(("text", "expected", "why"), FIND)
def test_find_amounts(text: str, expected: list[tuple[str, float, str | None]], why: str) -> None:
    found = find_amounts(text)
    got = [(f.raw, f.value, f.qualifier) for f in found]
    assert got == [(raw, Decimal(str(v)), q) for raw, v, q in expected], why
    for f in found:
        assert text[f.start : f.end] == f.raw
        assert f.definite == (f.qualifier is None)
        assert f.kind == "amount"


@pytest.mark.parametrize(
    "raw",
    ["42000元", "¥42,000.00元", "人民币肆万贰仟元整", "4.2万元", "壹佰元伍角", "RMB 42,000", "四万二千元"],
)
def test_found_raw_parses_back(raw: str) -> None:
    (found,) = find_amounts(f"他付了{raw}。")
    assert parse_amount(found.raw) == found.value


def test_to_dict_is_json_safe() -> None:
    import json

    (whole,) = find_amounts("付了42000元")
    (frac,) = find_amounts("付了壹佰元伍角")
    assert whole.to_dict()["value"] == 42000 and isinstance(whole.to_dict()["value"], int)
    assert frac.to_dict()["value"] == 100.5
    json.dumps([whole.to_dict(), frac.to_dict()])


# --- reading a text's amounts and dates together ---------------------------------------------------

_MONEY_PIECES = ["42000", "4.2", "1,000", "１２，０００", "１２", "，", "元", "圆", "块", "块钱", "人民币", "人民", "¥", "￥",
                 "万", "亿", "萬", "億", "yuan", "RMB", "cny", "renminbi", "ſ", "\u212a", "ı", "或", "至", "-", "、", "和",
                 " ", "多", "三", "十", "第", "年", "8月", "天", "a", "or ", "to ", "and "]  # fmt: skip
_money_texts = st.lists(st.sampled_from(_MONEY_PIECES), max_size=10).map("".join)


@given(_money_texts)
@settings(max_examples=1500, deadline=None)
def test_amounts_and_dates_equal_the_two_finders(text: str) -> None:
    from benchmark.text import find_dates
    from benchmark.text.amounts import amounts_and_dates

    assert amounts_and_dates(text) == (tuple(find_amounts(text)), tuple(find_dates(text)))
    t = half_width(text)
    assert amounts_and_dates(t, t) == (tuple(find_amounts(t)), tuple(find_dates(t)))


@given(
    st.lists(st.tuples(st.integers(0, 40), st.integers(0, 10)), max_size=20),
    st.integers(0, 45),
    st.integers(0, 10),
)
@settings(max_examples=1000, deadline=None)
def test_blocked_spans_answer_overlap_as_the_definition_says(
    spans: list[tuple[int, int]], start: int, length: int
) -> None:
    """``_Spans.overlaps`` bisects; it must say what a scan of every span says."""
    from benchmark.text.amounts import _Spans

    pairs = [(lo, lo + n) for lo, n in spans]
    end = start + length
    assert _Spans(pairs).overlaps(start, end) == any(lo < end and start < hi for lo, hi in pairs)
