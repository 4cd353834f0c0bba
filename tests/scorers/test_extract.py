"""AnswerValues: lazy, cached extraction; fields first; spans that index the answer text."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorers.extract as extract
from benchmark.models import Answer, Question
from benchmark.text import Found
from scorers.extract import AnswerValues


def _q(text: str) -> Question:
    return Question(id="q", type="fact_exact", question=text)


def _values(answer: str, question: str = "", /, **fields: Any) -> AnswerValues:
    return AnswerValues(Answer(answer=answer, fields=fields), _q(question))


def test_amounts_from_text_with_spans() -> None:
    text = "合计46000元：20000元、16000元和10000元。"
    values = _values(text)
    assert [f.value for f in values.amounts] == [46000, 20000, 16000, 10000]
    assert values.sources["amount"] == "answer"
    for f in values.amounts:
        assert text[f.start : f.end] == f.raw


def test_each_kind_is_read_once_and_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = extract.find_amounts

    def counting(text: str) -> list[Found]:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(extract, "find_amounts", counting)
    values = _values("总共是46000元，2020年9月25日。")
    assert calls == []
    assert values.amounts is values.amounts
    assert [f.value for f in values.definite_amounts()] == [46000]
    assert len(calls) == 1
    assert "dates" not in values.__dict__  # dates never parsed for an amount question


def test_fields_win_over_text_and_all_amount_keys_are_read() -> None:
    values = _values("总共是46000元", amount=40000, amounts=["1.6万元", 20000])
    assert [f.value for f in values.amounts] == [40000, 16000, 20000]
    assert values.sources["amount"] == "fields:amount,amounts"
    assert all(f.definite for f in values.amounts)


def test_unreadable_field_falls_back_to_text() -> None:
    values = _values("总共是46000元", amount="不详", date="later")
    assert [f.value for f in values.amounts] == [46000]
    assert values.sources["amount"] == "answer"


@pytest.mark.parametrize("flag", [True, False, None, [], {"x": 1}])
def test_boolean_is_not_an_amount_or_count(flag: Any) -> None:
    values = _values("", amount=flag, count=flag)
    assert values.amounts == ()
    assert values.counts == ()


def test_dates_from_fields_any_notation() -> None:
    values = _values("见第6页", date=["2020-09-25", "二〇二〇年十月十二日"])
    assert [f.value.iso() for f in values.dates] == ["2020-09-25", "2020-10-12"]


@pytest.mark.parametrize(("field", "expected"), [(3, 3), (3.0, 3), ("三次", 3), ("两次", 2)])
def test_counts_from_fields(field: Any, expected: int) -> None:
    assert [f.value for f in _values("见笔录", count=field).counts] == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("46000", 46000),
        ("共计46000。", 46000),
        ("答：46,000", 46000),
        ("46000.5", Decimal("46000.5")),
        ("10500，其中两条中华1200", 10500),  # an opening clause that is one bare value
        ("一共10500，其中两条中华1200", 10500),
    ],
)
def test_a_bare_number_answers_an_amount(text: str, expected: Decimal) -> None:
    assert [f.value for f in _values(text).amounts] == [expected]


def test_a_long_answer_with_a_hedged_bare_number_has_no_definite_amount() -> None:
    # read as a number without a unit, but under a hedge: no amount the answer asserts
    for text in ("我记得大家后来说的那个数字好像是46000", "他说的那个数字好像是46000，记不清了"):
        assert [(f.value, f.qualifier) for f in _values(text).amounts] == [(46000, "hedge")]
        assert _values(text).definite_amounts() == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("月薪4500", [4500]),  # no 元: the question asks an amount
        ("一个月四千五", [4500]),  # 一个月 is a count, 四千五 the amount
        ("每条600，两条1200", [600, 1200]),  # two numbers: which one answers is pick's work
        ("20k", [20000]),
        ("1.5w", [15000]),
        ("金额（元）：150,000.00", [150000]),  # thousands separators: one number, not 150
        ("第1,000名", []),
        ("尾号0428的卡", []),  # a code keeps its leading zero: no amount
        ("下午3点给的", []),
        ("2020年8月3日", []),
        ("第3次", []),
        ("电话13912345678", []),  # phone-length
    ],
)
def test_numbers_without_a_unit_are_amounts_when_no_amount_is_stated(text: str, expected: list[int]) -> None:
    assert [f.value for f in _values(text).amounts] == expected


@pytest.mark.parametrize(
    ("text", "question", "definite", "why"),
    [
        ("5700元/年", "原告起诉时暂计的逾期利息是多少？", [], "a rate per year is no sum"),
        ("每月4500元", "借款金额是多少？", [], "每月 before it"),
        ("4500元/月", "戚鸣远自述每个月工资是多少？", [4500], "the question asks per month"),
        ("每月4500元", "他的月薪是多少？", [4500], "月薪 asks per month"),
        ("每期还款3000元", "首期利息是多少？", [3000], "an installment is no period"),
        ("借款30万元一年后还清", "借款金额是多少？", [300000], "一年后 is when, not per"),
        ("RMB 5,700 per year", "How much overdue interest was claimed?", [], "English"),
    ],
)
def test_an_amount_per_period_answers_only_a_question_per_period(
    text: str, question: str, definite: list[int], why: str
) -> None:
    assert [f.value for f in _values(text, question).definite_amounts()] == definite, why


def test_a_thousands_comma_does_not_end_a_bare_first_clause() -> None:
    assert [f.value for f in _values("46,000，其中20,000是借款", "一共多少钱？").amounts] == [46000]


@pytest.mark.parametrize(("text", "expected"), [("3", [3]), ("三。", [3]), ("一共3", [3]), ("很多", [])])
def test_a_bare_number_answers_a_count(text: str, expected: list[int]) -> None:
    assert [f.value for f in _values(text, "分几次？").counts] == expected


@pytest.mark.parametrize(
    ("question", "unit"),
    [
        ("分几次给的？", "次"),
        ("一共有几个人？", "人"),
        ("How many times did he pay?", "次"),
        ("多少钱？", None),
    ],
)
def test_the_unit_a_question_asks_about(question: str, unit: str | None) -> None:
    assert _values("", question).asked_unit == unit


@pytest.mark.parametrize(
    ("text", "question", "counts", "why"),
    [
        ("共1,086套，分12个单元", "翠屏苑项目共有几栋？", [], "12个单元 counts units, not buildings"),
        ("共12个楼栋", "翠屏苑项目共有几栋？", [12], "楼栋 shares 栋 with the question"),
        ("3个手机", "扣押了几部手机？", [3], "手机 is what the question counts"),
    ],
)
def test_a_count_of_another_thing_under_ge_is_no_count_of_the_asked_one(
    text: str, question: str, counts: list[int], why: str
) -> None:
    assert [f.value for f in _values(text, question).counts] == counts, why


def test_counts_prefer_the_asked_unit_and_fall_back_to_all() -> None:
    assert [f.value for f in _values("三个人见过两次面", "见过几次面？").counts] == [2]
    assert [f.value for f in _values("三个人", "见过几次面？").counts] == [3]
    assert [f.value for f in _values("三个人见过两次面", "").counts] == [3, 2]


@pytest.mark.parametrize(
    ("field", "expected"), [(True, True), (False, False), ("否", False), ("yes", True), ("是", True)]
)
def test_boolean_from_fields(field: Any, expected: bool) -> None:
    values = _values("这个问题材料里没有", boolean=field)
    assert values.boolean is not None and values.boolean.value is expected
    assert values.sources["boolean"] == "fields:boolean"


def test_boolean_from_text_is_question_aware() -> None:
    found = _values("他没有不认罪。", "是否认罪？").boolean
    assert found is not None and found.value is True
    assert _values("材料中没有提到", "是否认罪？").boolean is None


def test_unknown_boolean_word_falls_back_to_text() -> None:
    values = _values("没有同伙", "有没有同伙？", boolean="unclear")
    assert values.boolean is not None and values.boolean.value is False
    assert values.sources["boolean"] == "answer"


def test_folded_text_and_fields() -> None:
    values = _values("备注是“乐言 上学”。", text="  ", entity="戚长庚")
    assert values.folded == "备注是乐言上学"
    assert values.folded_for("text") == "备注是乐言上学"  # blank field: the answer
    assert values.folded_for("entity") == "戚长庚"
    assert values.sources["entity"] == "fields:entity"


def test_to_dict_reports_kinds_with_sources_and_spans() -> None:
    values = _values("可能是46000元", amount=None)
    out = values.to_dict(["amount", "boolean", "text"])
    assert out["amount"]["source"] == "answer"
    assert out["amount"]["found"][0] | {"value": None} == {
        "kind": "amount",
        "value": None,
        "start": 3,
        "end": 9,
        "raw": "46000元",
        "definite": False,
        "qualifier": "hedge",
    }
    assert set(out) == {"amount", "boolean", "text"}
    assert _values("x").to_dict() == {}  # nothing read yet, nothing reported


_ALPHABET = st.sampled_from(
    list("0123456789,.元万千百十一二三四五六七八九两零〇年月日次个人是否没有不或可能约¥人民币 ，。")
)


@settings(max_examples=300, deadline=None)
@given(st.text(_ALPHABET, max_size=40))
def test_spans_always_index_the_answer(text: str) -> None:
    values = _values(text, "分几次？是否认罪？")
    for found in (*values.amounts, *values.dates, *values.counts):
        assert values.sources[found.kind] == "answer"
        assert text[found.start : found.end] == found.raw
    assert isinstance(values.to_dict(["amount", "date", "count", "boolean"]), dict)
