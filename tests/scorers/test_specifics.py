"""Specifics asserted in free text: numbers, ids, addresses, places, values, times and names."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorers.specifics import Specific, find_specifics


def keys(text: str, kinds: set[str] | None = None) -> list[str]:
    return [s.key for s in find_specifics(text, frozenset(kinds) if kinds else None)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("电话13912345678。", "phone:13912345678"),
        ("电话139-1234-5678。", "phone:13912345678"),
        ("电话139 1234 5678。", "phone:13912345678"),
        ("电话+86 13912345678。", "phone:13912345678"),
        ("电话１３９１２３４５６７８。", "phone:13912345678"),
        ("电话138****5906。", "phone:138****5906"),
        ("电话139xxxx0271。", "phone:139****0271"),
        ("座机（0571）88886666。", "phone:057188886666"),
        ("座机0571-88886666。", "phone:057188886666"),
        ("办公电话：8888666。", "phone:8888666"),
        ("号码是139开头的。", "phone:139********"),  # its first digits: a number given in part
        ("手机尾号是8866。", "phone:*******8866"),  # its last four, after a phone word
    ],
)
def test_phone_numbers(text: str, expected: str) -> None:
    assert keys(text) == [expected]


def test_a_card_tail_and_a_year_are_no_phone() -> None:
    assert keys("银行卡尾号0428", {"phone"}) == []
    assert keys("2020年开头", {"phone"}) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("身份证990102198403154439。", "id:990102198403154439"),
        ("身份证99010219840315443x。", "id:99010219840315443X"),
        ("旧身份证110105800101123。", "id:110105800101123"),
        ("身份证990102********4439。", "id:990102********4439"),
        ("卡号6217 **** **** 3318。", "account:6217********3318"),
        ("账号6230********5158。", "account:6230********5158"),
        ("卡号6222021234567890123。", "account:6222021234567890123"),
    ],
)
def test_id_and_account_numbers(text: str, expected: str) -> None:
    assert keys(text) == [expected]


def test_an_id_is_not_also_a_date_or_an_account() -> None:
    found = find_specifics("身份证990102198403154439")
    assert [s.kind for s in found] == ["id"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("他的微信号是gu_zhuren88。", ["wechat:gu_zhuren88"]),
        ("微信：abc12345", ["wechat:abc12345"]),
        ("WeChat ID is GuZr2020.", ["wechat:guzr2020"]),
        ("微信号可能是guzhuren_88。", ["wechat:guzhuren_88"]),
        ("微信号我也不记得了，后来他把我的微信删了。", []),
        ("他用微信转给我20000元。", ["amount:20000"]),
    ],
)
def test_wechat_ids(text: str, expected: list[str]) -> None:
    assert keys(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("他住在青屿市东湖区柳岸路99号3栋2单元602室。", "address:青屿市东湖区柳岸路99号3栋2单元602室"),
        ("住址：江州市临川区望湖路266号1幢1202室", "address:江州市临川区望湖路266号1幢1202室"),
        ("家住李家村三组。", "address:李家村三组"),
        ("住在东湖区，具体不清楚。", "address:东湖区"),
    ],
)
def test_addresses(text: str, expected: str) -> None:
    assert keys(text, {"address"}) == [expected]


@pytest.mark.parametrize("text", ["住址不详。", "住在哪里不清楚。", "地址在城东。", "住址：________"])
def test_an_address_label_without_an_address_is_nothing(text: str) -> None:
    assert keys(text, {"address"}) == []


def test_address_raw_starts_at_the_address_not_the_verb() -> None:
    (s,) = find_specifics("他住在青屿市柳岸路88号。", frozenset({"address"}))
    assert s.raw == "青屿市柳岸路88号" and "他住在青屿市柳岸路88号。"[s.start : s.end] == s.raw


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("在城东一家海鲜酒楼吃的。", ["place:海鲜酒楼"]),
        ("是金海湾大酒店。", ["place:金海湾大酒店"]),
        ("孩子在青屿市第三实验小学上学。", ["place:青屿市第三实验小学"]),
        ("转到招商银行青屿支行。", ["place:招商银行", "place:青屿支行"]),
        ("该银行。一家公司。哪所学校？", []),
        (
            "笔录没有记载饭店的名称。判决书没写银行。没有孩子后来就读学校的信息。",
            [],
        ),  # abstentions name no place
    ],
)
def test_places(text: str, expected: list[str]) -> None:
    assert keys(text, {"place"}) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("晚上8点多", "time:20:xx"),
        ("下午3点", "time:15:xx"),
        ("下午三点左右", "time:15:xx"),
        ("15:30", "time:15:30"),
        ("20时17分", "time:20:17"),
        ("9时许", "time:09|21:xx"),
        ("3点半", "time:03|15:30"),
        ("3 pm", "time:15:xx"),
        ("10:05 am", "time:10:05"),
        ("凌晨12点", "time:00:xx"),
    ],
)
def test_times_of_day(text: str, expected: str) -> None:
    assert keys(text, {"time"}) == [expected]


@pytest.mark.parametrize("text", ["有两点需要说明", "当时", "2小时", "第3点", "时间不详", "3时"])
def test_not_times(text: str) -> None:
    assert keys(text, {"time"}) == []


def test_rates_amounts_and_dates() -> None:
    assert keys("年利率6%，月利率0.6%，百分之六") == ["rate:6", "rate:0.6", "rate:6"]
    assert keys("饭钱是12500元，2020年8月15日") == ["amount:12500", "date:2020-08-15"]
    approx = find_specifics("大约五千元")[0]
    assert approx.key == "amount:5000" and approx.qualifier == "approximate"


def test_negated_values_are_not_asserted() -> None:
    assert keys("不是40000元而是46000元") == ["amount:46000"]


@given(st.lists(st.sampled_from(["电话13912345678", "于2020年8月3日", "住在柳岸路88号", "共计4.6万元", "，", "下午3点",
                                 "微信号abc_123456", "卡号6217 **** **** 3318", "身份证990102198403154439"]),
                max_size=6))  # fmt: skip
def test_spans_index_the_text(parts: list[str]) -> None:
    text = "".join(parts)
    for s in find_specifics(text):
        assert text[s.start : s.end] == s.raw, s


def test_specific_to_dict() -> None:
    s = Specific("amount", "4.6万元", __import__("decimal").Decimal("46000"), 0, 5)
    assert s.to_dict() == {"kind": "amount", "raw": "4.6万元", "value": "46000", "start": 0, "end": 5,
                           "qualifier": None}  # fmt: skip


# --- the gates that skip searches: each must let through every text its patterns can match ---------

_GATE_PIECES = ["电话", "13912345678", "139-1234-5678", "139 1234 5678", "138****5906", "139xxxx0271", "+86 ",
                "010-12345678", "（010）1234567", "1234567", "990102198403154439", "99010219840315443X",
                "990102********4439", "6217 **** **** 3318", "6217 0000 1111 2222", "微信号abc_123456", "WeChat ID:",
                "微信：wxid_abc123", "6%", "百分之六", "３ pm", "3:30 PM", "10 a.m.", "15:30", "下午3点", "金海湾酒楼",
                "城东一家海鲜酒楼", "银行", "公司", "2020年8月3日", "46000元", "，", "。", "x", "-", " ", "\u3000", "7"]  # fmt: skip


@given(st.lists(st.sampled_from(_GATE_PIECES), max_size=8).map("".join))
@settings(max_examples=1500, deadline=None)
def test_search_gates_never_hide_a_match(raw: str) -> None:
    import scorers.specifics as sp
    from benchmark.text.folding import half_width

    t = half_width(raw)
    numbers = (sp._MOBILE, sp._LANDLINE, sp._LABELLED_PHONE, sp._ID18, sp._ID15, sp._ID_MASKED, sp._ACCOUNT)
    if any(p.search(t) for p in numbers):
        assert sp._LONG_NUMBER.search(t)
    if sp._PLACE.search(t):
        assert sp._PLACE_SUFFIX.search(t)
    if sp._EN_TIME.search(t):
        assert sp._AM_PM.search(t)
    if sp._RATE.search(t):
        assert "%" in t or "％" in t or "百分之" in t
    if any(p.search(t) for p in sp._WECHAT):
        assert "微信" in t or "wechat" in t.lower()


def test_no_character_but_w_and_capital_w_lowers_to_a_w() -> None:
    """``_wechat`` lowers the text only when it holds a w or a W: no other character lowers to one."""
    assert [c for c in map(chr, range(sys.maxunicode + 1)) if "w" in c.lower()] == ["W", "w"]


# --- the lookaheads and cased gates: the same matches as the patterns without them ----------------

_TIME_PIECES = ["下午", "凌晨", "半夜", "中午", "3点", "三点", "15:30", "15：30", "1:2", "12:059", "两点半", "20时17分", "十点",
                "一刻", "钟", "整", "左右", " ", "\u3000", ".", ":", "3", "0", "时间", "点", "时", "a.m.", "PM", "pM",
                "am", "A.m", "ｍ", "٣", "点", "多"]  # fmt: skip


@given(st.lists(st.sampled_from(_TIME_PIECES), max_size=10).map("".join))
@settings(max_examples=1500, deadline=None)
def test_time_lookaheads_change_no_match(text: str) -> None:
    import scorers.specifics as sp

    zh_plain = re.compile(sp._ZH_TIME.pattern.removeprefix(sp._TIME_START))
    hhmm_plain = re.compile(sp._HHMM.pattern.removeprefix(r"(?=\d)"))
    for fast, plain in ((sp._ZH_TIME, zh_plain), (sp._HHMM, hhmm_plain)):
        assert fast.pattern != plain.pattern
        assert [m.groupdict() | {"": m.span()} for m in fast.finditer(text)] == [
            m.groupdict() | {"": m.span()} for m in plain.finditer(text)
        ]
    assert bool(sp._AM_PM.search(text)) == bool(re.search(r"[ap]\.?m", text, re.I))


# --- places tried only near a suffix; clock times only where a digit comes before a colon ----------

_PLACE_PIECES = ["银行", "酒店", "大酒店", "律师事务所", "事务所", "公司", "有限公司", "戚鸣远", "海鲜", "城东", "的", "在",
                 "，", "。", "1", "a", "一家", "分行", "支行", "学校", "小学", "超市", "行", "店", "酒", "青屿市东湖区"]  # fmt: skip


@given(st.lists(st.sampled_from(_PLACE_PIECES), max_size=16).map("".join))
@settings(max_examples=3000, deadline=None)
def test_place_matches_equal_the_plain_scan(text: str) -> None:
    from scorers.specifics import _PLACE, _place_matches

    expected = [(m.span(), m.groupdict()) for m in _PLACE.finditer(text)]
    assert [(m.span(), m.groupdict()) for m in _place_matches(text)] == expected


@given(
    st.lists(
        st.sampled_from(["15", "3", ":", "：", " ", "\u3000", "30", "点", "a", "٣", "²", "\n", "时间"]),
        max_size=8,
    ).map("".join)
)
@settings(max_examples=1500, deadline=None)
def test_the_clock_time_gate_equals_its_pattern(text: str) -> None:
    from scorers.specifics import _HHMM, _digit_before_colon

    assert _digit_before_colon(text) == bool(re.search(r"\d\s*[:：]", text))
    if _HHMM.search(text):
        assert _digit_before_colon(text)


@given(
    st.text(
        alphabet=st.sampled_from(
            list("0123456789０１２３４５６７８９一二十万,.，元年月日号点分时电话或至的住在路 ￥%")
        ),
        max_size=30,
    )
)
@settings(max_examples=1000, deadline=None)
def test_find_specifics_with_shared_values_equals_its_own_reading(text: str) -> None:
    from benchmark.text.amounts import TextValues

    assert find_specifics(text, values=TextValues(text)) == find_specifics(text)
    assert find_specifics(text, values=TextValues(text + "另")) == find_specifics(text)  # not its values


# --- clashes between spans: resolved by an index, as the rule says, in n log n -------------------

_KINDS = ["id", "phone", "date", "amount", "time", "rate", "address", "address", "place", "place", "name"]


def _clash_rule(found: list[Specific]) -> list[Specific]:
    """The rule, as written before the index: addresses keep the longer of two that overlap; then a
    number inside a higher-priority span goes, and a place inside an address."""
    from scorers.specifics import _PRIORITY

    out: list[Specific] = []
    for s in found:
        if s.kind == "address":
            clash = [k for k in out if k.kind == "address" and k.start < s.end and s.start < k.end]
            if any(k.end - k.start >= s.end - s.start for k in clash):
                continue
            out = [k for k in out if k not in clash]
        out.append(s)
    kept: list[Specific] = []
    for s in sorted(out, key=lambda s: (_PRIORITY.get(s.kind, 99), s.start, -s.end)):
        if s.kind in _PRIORITY and any(
            k.kind in _PRIORITY and k.start < s.end and s.start < k.end for k in kept
        ):
            continue
        if s.kind == "place" and any(
            k.kind == "address" and k.start <= s.start and s.end <= k.end for k in kept
        ):
            continue
        kept.append(s)
    return sorted(kept, key=lambda s: (s.start, s.end, s.kind))


_spans = st.lists(
    st.tuples(st.sampled_from(_KINDS), st.integers(0, 30), st.integers(0, 8)).map(
        lambda t: Specific(t[0], "x", f"v{t[1]}-{t[2]}", t[1], t[1] + t[2])
    ),
    max_size=25,
)


@given(_spans)
@settings(max_examples=800, deadline=None)
def test_clashes_are_resolved_as_the_rule_says(found: list[Specific]) -> None:
    from scorers.specifics import _dedupe, _resolve

    assert _resolve(_dedupe(found)) == _clash_rule(found)
