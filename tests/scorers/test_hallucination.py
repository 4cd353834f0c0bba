"""Invented specifics: compared by value against the document and the question; hints."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.documents import load_document
from scorers.hallucination import (
    InventedSpecific,
    counted_kinds,
    document_facts,
    find_invented,
    hint_list,
    hint_named_kinds,
    invented_specifics,
)
from scorers.specifics import IDENTIFIER_KINDS, KINDS

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPT = load_document(ROOT / "datasets/transcript/document.md")
LOAN = load_document(ROOT / "datasets/loan_contract/document.md")
JUDGMENT = load_document(ROOT / "datasets/judgment/document.md")


def invented(text: str, doc: object = TRANSCRIPT, question: str = "", hints: object = None) -> list[str]:
    return [i.key for i in find_invented(text, doc, question, hints)]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("顾主任的电话是13912345678。", ["phone:13912345678"]),
        ("邝振川的电话是137****2648。", []),  # the document's own masked value
        ("邝振川的电话137 **** 2648。", []),
        ("邝振川的电话是137****2649。", ["phone:137****2649"]),
        ("戚鸣远的电话是13812345906。", ["phone:13812345906"]),  # filling in a mask invents digits
        ("戚鸣远的身份证号990102198403154439。", []),
        ("身份证990102198403154438。", ["id:990102198403154438"]),
        ("卡号6217 **** **** 3318。", []),
        ("卡号6217 **** **** 3319。", ["account:6217********3319"]),
    ],
)
def test_identifiers_digit_wise(text: str, expected: list[str]) -> None:
    assert invented(text) == expected


def test_a_demasked_number_says_why() -> None:
    (item,) = find_invented("戚鸣远的电话是13812345906。", TRANSCRIPT)
    assert item.reason == "the document shows only the masked 138****5906"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("一共46000元。", []),
        ("一共四万六千元。", []),
        ("一共4.6万元。", []),
        ("¥46,000.00", []),
        ("饭钱3800元。", ["amount:3800"]),
        ("大约五万元。", []),  # approximate, within 10% of 46000
        ("大约九万元。", ["amount:90000"]),
        ("40000元和46000元相差6000元。", []),  # derived from amounts the answer states
        ("20000元、16000元和10000元，共46000元。", []),
        ("40000元和46000元，还退了7000元。", ["amount:7000"]),
        ("不是7000元。", []),  # negated: not asserted
    ],
)
def test_amounts_by_value(text: str, expected: list[str]) -> None:
    assert invented(text) == expected


def test_an_estimate_in_a_gap_answer_is_a_guess() -> None:
    """A question the file cannot answer (``estimates=False``): a rough figure is a guess however near
    a figure of the file; a figure the file holds, even hedged, is not."""

    def keys(text: str, estimates: bool) -> list[str]:
        found = invented_specifics(text, TRANSCRIPT, None, KINDS, estimates=estimates)
        return [i.key for i in found]

    assert keys("大概每个月一万多吧，但笔录没写。", estimates=True) == []  # 10000 is a figure of the file
    assert keys("大概每个月一万多吧，但笔录没写。", estimates=False) == ["amount:10000"]
    assert keys("大约四万五千元。", estimates=True) == []  # within 10% of 46000
    assert keys("大约四万五千元。", estimates=False) == ["amount:45000"]  # no tolerance there
    assert keys("大概是46000元的事，笔录没写别的。", estimates=False) == []  # the file holds 46000
    assert keys("三千余元吧。", estimates=False) == ["amount:3000"]


def test_table_numbers_without_yuan_are_document_values() -> None:
    assert invented("第3期应还40,720元。", LOAN) == []
    assert invented("年利率7.2%，逾期月利率0.9%。", LOAN) == []
    assert invented("展期利率0.8%。", LOAN) == ["rate:0.8"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2020年8月21日", []),
        ("8月21日", []),  # no year: agrees with 2020-08-21
        ("2020年8月", []),
        ("二〇二〇年十月十二日", []),
        ("2020-10-12", []),
        ("2020年8月22日", ["date:2020-08-22"]),
        ("2019年8月21日", ["date:2019-08-21"]),
    ],
)
def test_dates_agree_field_by_field(text: str, expected: list[str]) -> None:
    assert invented(text) == expected


def test_a_document_date_without_year_takes_the_documents_years() -> None:
    # The transcript says "后来8月12日就转过来了" without a year; 2020 is one of its years.
    assert invented("2020年8月12日转的。") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("晚上8点多", []),
        ("20:17", []),
        ("下午三点", []),
        ("晚上7点", ["time:19:xx"]),
        ("20:45", ["time:20:45"]),
    ],
)
def test_times_of_day(text: str, expected: list[str]) -> None:
    assert invented(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("住在青屿市东湖区柳岸路88号3栋2单元602室。", []),
        ("住在柳岸路88号602室。", []),
        ("公司在滨河路126号鑫源大厦1708室。", []),
        ("住在青屿市东湖区柳岸路99号。", ["address:青屿市东湖区柳岸路99号"]),
        ("住在柳岸路88号603室。", ["address:柳岸路88号603室"]),
        ("在听雨轩茶楼。", []),
        ("在戚鸣远公司。", []),  # a company of a person the record names
        ("在金海湾大酒店。", ["place:金海湾大酒店"]),
        ("在青屿市第二实验小学。", []),
        ("在青屿市第三实验小学。", ["place:青屿市第三实验小学"]),
    ],
)
def test_addresses_and_places(text: str, expected: list[str]) -> None:
    assert invented(text) == expected


def test_question_values_are_not_invented() -> None:
    assert invented("2020年6月1日那次没有记载。", question="是不是2020年6月1日请的客？") == []
    assert invented("无法确认是不是韩立舟。", question="韩立舟是不是顾主任的全名？") == []
    assert invented("无法确认是不是韩立舟。") == ["name:韩立舟"]


def test_names_in_the_judgment() -> None:
    assert invented("原告郗望舒、被告宓昭远和濮晓岚，证人周某。", JUDGMENT) == []
    assert invented("证人周某全名叫周海涛。", JUDGMENT) == ["name:周海涛"]


@pytest.mark.parametrize(
    ("hint", "kinds"),
    [
        ("must_not_provide_phone_numbers", {"phone"}),
        ("must_not_provide_address", {"address", "place"}),
        ("must_not_invent_amounts", {"amount", "rate"}),
        ("must_not_invent_dates", {"date", "time"}),
        ("must_not_invent_names", {"name"}),
        ("must_not_provide_id_numbers", {"id"}),
        ("must_not_provide_account_numbers", {"account"}),
        ("must_not_provide_wechat_id", {"wechat"}),
    ],
)
def test_hints_name_kinds_plus_identifiers(hint: str, kinds: set[str]) -> None:
    counted, unknown = counted_kinds(hint)
    assert counted == frozenset(kinds) | IDENTIFIER_KINDS
    assert unknown == ()


def test_details_none_and_unknown_hints_count_everything() -> None:
    assert counted_kinds("must_not_invent_details")[0] == frozenset(KINDS)
    assert counted_kinds(None)[0] == frozenset(KINDS)
    assert counted_kinds([])[0] == frozenset(KINDS)
    assert counted_kinds("be_careful") == (frozenset(KINDS), ("be_careful",))
    assert counted_kinds(["must_not_invent_names", "be_careful"])[0] == frozenset(KINDS)


def test_hint_lists() -> None:
    assert hint_list("a") == ("a",)
    assert hint_list(["a", " ", "b"]) == ("a", "b")
    assert hint_list(None) == ()
    both = counted_kinds(["must_not_provide_phone_numbers", "must_not_invent_names"])[0]
    assert both == IDENTIFIER_KINDS | {"name"}


def test_hints_mark_what_counts_but_list_everything() -> None:
    text = "电话13912345678，2020年6月1日认识的。"
    items = find_invented(text, TRANSCRIPT, "", "must_not_provide_phone_numbers")
    assert [(i.key, i.counts) for i in items] == [("phone:13912345678", True), ("date:2020-06-01", False)]


def test_hints_never_make_a_document_value_a_hallucination() -> None:
    assert invented("殳怀瑾990204197602183317", LOAN, hints="must_not_provide_id_numbers") == []


def test_document_as_text_and_facts_held_by_the_document() -> None:
    text = "联系电话：138****5906，共计46000元。"
    assert invented("电话138****5906，46000元。", text) == []
    assert document_facts(TRANSCRIPT) is document_facts(TRANSCRIPT)
    assert document_facts(text) == document_facts(text)  # a plain text is read each time


def test_without_a_document_only_the_question_is_known() -> None:
    assert invented("电话13912345678", None, "电话是13912345678吗？") == []
    assert invented("电话13912345678", None) == ["phone:13912345678"]


def test_results_are_in_text_order_and_json_shaped() -> None:
    items = find_invented("顾建国的电话13912345678，住李家村三组。", TRANSCRIPT)
    assert [i.start for i in items] == sorted(i.start for i in items)
    d = items[0].to_dict()
    assert set(d) == {"kind", "raw", "value", "start", "end", "reason", "counts"}
    assert isinstance(items[0], InventedSpecific)


def test_deterministic_across_calls() -> None:
    text = "说法不一：40000元和46000元，顾建国在2020年6月1日打了13912345678。"
    assert find_invented(text, TRANSCRIPT) == find_invented(text, TRANSCRIPT)


@pytest.mark.parametrize(
    ("hint", "kinds"),
    [
        ("must_not_provide_id_cards", {"id"}),
        ("must_not_make_assumptions", set()),  # "sum" inside a word names nothing
        ("不得编造电话号码", {"phone"}),
        ("must_not_invent_details", set(KINDS)),
    ],
)
def test_hint_words(hint: str, kinds: set[str]) -> None:
    assert hint_named_kinds(hint) == frozenset(kinds)


ALPHABET = st.sampled_from(
    [
        *"0123456789*-: 年月日号点时分元万%￥住址路村组微信号电话顾王李建国在是的，。“”abcXx",
        "下午",
        "晚上",
        "约",
        "不是",
        "全名叫",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(ALPHABET, max_size=40).map("".join))
def test_any_text_is_handled_and_spans_index_it(text: str) -> None:
    for item in find_invented(text, TRANSCRIPT, "顾主任的手机号码是多少？", "must_not_provide_phone_numbers"):
        assert text[item.start : item.end] == item.raw
