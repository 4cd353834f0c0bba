"""Comparators: one signature, registered by name (entry points), chosen per field by the question."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint
from typing import Any

import pytest

import benchmark.registry as registry_module
import scorers.comparators as comparators
from benchmark.errors import DuplicateNameError, UnknownNameError
from benchmark.models import AmountPart, Answer, DateRange, Expected, Question
from benchmark.registry import Registry
from scorers.comparators import (
    DEFAULT_COMPARATORS,
    CompareContext,
    compare_amount,
    compare_amount_breakdown,
    compare_boolean,
    compare_count,
    compare_date,
    compare_date_range,
    compare_field,
)
from scorers.extract import AnswerValues
from scorers.registry import COMPARATORS
from scorers.result import MATCH, MISMATCH, OMISSION, PARTIAL, Component
from scorers.text_comparators import compare_entity, compare_exact, compare_text

BUILT_INS = {
    "amount": compare_amount,
    "amount_breakdown": compare_amount_breakdown,
    "date": compare_date,
    "date_range": compare_date_range,
    "count": compare_count,
    "boolean": compare_boolean,
    "text": compare_text,
    "entity": compare_entity,
    "exact": compare_exact,
}


def _question(text: str = "问题？", scoring: dict[str, Any] | None = None, **expected: Any) -> Question:
    return Question(
        id="q", type="fact_exact", question=text, expected=Expected(**expected), scoring=scoring or {}
    )


def _run(fn: Any, expected: Any, answer: str, question: Question | None = None, **fields: Any) -> Component:
    q = question or _question()
    values = AnswerValues(Answer(answer=answer, fields=fields), q)
    comp: Component = fn(expected, values, CompareContext("field", q))
    return comp


# --- registry ---------------------------------------------------------------------------------


def test_every_built_in_is_registered_through_its_entry_point() -> None:
    assert set(BUILT_INS) <= set(COMPARATORS.names())
    for name, fn in BUILT_INS.items():
        assert COMPARATORS.get(name) is fn
        assert COMPARATORS.origin(name) == fn.__module__  # scorers.comparators, scorers.text_comparators
    assert set(DEFAULT_COMPARATORS.values()) <= set(BUILT_INS)


def test_a_built_in_cannot_be_overwritten_without_replace() -> None:
    COMPARATORS.names()  # entry points discovered
    with pytest.raises(DuplicateNameError, match="replace=True"):
        COMPARATORS.register("amount", lambda e, v, c: None)
    assert COMPARATORS.get("amount") is compare_amount


def test_replace_true_overrides_on_purpose() -> None:
    def stub(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
        return comparators.result(ctx, MATCH, expected, None, "stub")

    try:
        COMPARATORS.register("amount", stub, replace=True)
        assert _run(COMPARATORS.get("amount"), 1, "nothing").status == MATCH
    finally:
        COMPARATORS.register("amount", compare_amount, replace=True)
    assert COMPARATORS.get("amount") is compare_amount


def compare_shout(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """A user's comparator: the expected text, upper-cased, is in the answer."""
    status = MATCH if str(expected).upper() in values.text else MISMATCH
    return comparators.result(ctx, status, expected, values.text, "shout")


@pytest.fixture
def user_comparator() -> Iterator[str]:
    name = "test_shout"
    COMPARATORS.register(name, compare_shout)
    yield name
    COMPARATORS._items.pop(name, None)
    COMPARATORS._origins.pop(name, None)


def test_a_registered_user_comparator_is_chosen_by_scoring_comparators(user_comparator: str) -> None:
    q = _question(scoring={"comparators": {"text_answer": user_comparator}}, text_answer="abc")
    assert compare_field("text_answer", q, AnswerValues(Answer("ABC"), q)).status == MATCH
    comp = compare_field("text_answer", q, AnswerValues(Answer("abc"), q))
    assert (comp.name, comp.status, comp.reason) == ("text_answer", MISMATCH, "shout")
    with pytest.raises(DuplicateNameError):
        COMPARATORS.register(user_comparator, compare_shout)


def test_a_plugin_comparator_loads_from_the_entry_point_group(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = EntryPoint("shout", f"{__name__}:compare_shout", "legal_rag_bench.comparators")
    real = registry_module.entry_points

    def fake_entry_points(group: str) -> list[EntryPoint]:
        found = list(real(group=group))
        return [*found, plugin] if group == "legal_rag_bench.comparators" else found

    monkeypatch.setattr(registry_module, "entry_points", fake_entry_points)
    fresh: Registry[Any] = Registry("comparator")
    monkeypatch.setattr(comparators, "COMPARATORS", fresh)
    q = _question(scoring={"comparators": {"entity": "shout"}}, entity="qi")
    assert compare_field("entity", q, AnswerValues(Answer("QI Mingyuan"), q)).status == MATCH
    assert fresh.get("shout") is compare_shout and fresh.get("amount") is compare_amount


def test_unknown_comparator_suggests_the_closest() -> None:
    q = _question(scoring={"comparators": {"entity": "entty"}}, entity="戚长庚")
    with pytest.raises(UnknownNameError, match="did you mean 'entity'"):
        compare_field("entity", q, AnswerValues(Answer("戚长庚"), q))


# --- amounts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("46000元", MATCH),
        ("人民币肆万陆仟元整", MATCH),
        ("合计46000元，其中20000元", MATCH),
        ("40000元", MISMATCH),
        ("30000元或46000元", OMISSION),
        ("可能是46000元", OMISSION),
        ("三四万元", OMISSION),
        ("没有说", OMISSION),
    ],
)
def test_amount_statuses(answer: str, status: str) -> None:
    comp = _run(compare_amount, 46000, answer)
    assert comp.status == status
    assert comp.score == (1.0 if status == MATCH else 0.0)
    assert comp.name == "field"


def test_amount_reasons_name_what_was_read() -> None:
    assert "40000元" in _run(compare_amount, 46000, "40000元").reason
    assert "30000元 (alternative)" in _run(compare_amount, 46000, "30000元或46000元").reason
    assert _run(compare_amount, 46000, "没有").reason == "no amount in the answer"


@pytest.mark.parametrize(
    ("answer", "status"),
    [("10100元", MATCH), ("9900元", MATCH), ("10101元", MISMATCH), ("9899元", MISMATCH), ("10000元", MATCH)],
)
def test_numeric_exact_false_allows_one_percent(answer: str, status: str) -> None:
    q = _question(scoring={"numeric_exact": False})
    assert _run(compare_amount, 10000, answer, q).status == status
    exact = _run(compare_amount, 10000, answer).status
    assert exact == (MATCH if answer == "10000元" else MISMATCH)


def test_amount_expected_may_be_an_amount_part_dict_or_string() -> None:
    assert _run(compare_amount, AmountPart(42000), "4.2万元").status == MATCH
    assert _run(compare_amount, {"amount": 42000}, "4.2万元").status == MATCH
    assert _run(compare_amount, "42000", "4.2万元").status == MATCH
    assert _run(compare_amount, "many", "4.2万元").status == MISMATCH
    assert _run(compare_amount, True, "1元").status == MISMATCH


def test_breakdown_every_part_partial_and_repeated_parts() -> None:
    parts = (AmountPart(20000), AmountPart(16000), AmountPart(10000))
    assert _run(compare_amount_breakdown, parts, "20000元、16000元、10000元").status == MATCH
    partial = _run(compare_amount_breakdown, parts, "20000元和16000元")
    assert (partial.status, partial.score) == (PARTIAL, pytest.approx(2 / 3))
    assert _run(compare_amount_breakdown, parts, "5000元").status == MISMATCH
    assert _run(compare_amount_breakdown, parts, "大约两万").status == OMISSION
    five = [{"amount": 40000}] * 5
    assert _run(compare_amount_breakdown, five, "分五期，每期40000元").status == MATCH
    four = [{"amount": 3000}] * 4  # a repeated part without a unit: the parts add up to the stated total
    assert (
        _run(compare_amount_breakdown, four, "Four payments totalling RMB 12,000 (3,000 each).").status
        == MATCH
    )
    assert (
        _run(compare_amount_breakdown, four, "共3000元（3,000）").status == MATCH
    )  # 3000 is stated as an amount
    assert _run(compare_amount_breakdown, four, "Totalling RMB 9,000 (3,000 each).").status == MISMATCH
    assert _run(compare_amount_breakdown, [], "40000元").status == MISMATCH


def test_expected_values_read_once_keep_equal_values_of_other_types_apart() -> None:
    """Expected amounts and breakdowns are parsed once per value (an lru cache): ``True == 1`` and
    ``AmountPart(True) == AmountPart(1)``, yet a bool is never an amount."""
    for _ in range(2):
        assert _run(compare_amount, 1, "1元").status == MATCH
        assert _run(compare_amount, True, "1元").status == MISMATCH
        assert _run(compare_amount, AmountPart(1), "1元").status == MATCH
        assert _run(compare_amount, AmountPart(True), "1元").status == MISMATCH
        assert _run(compare_amount_breakdown, (AmountPart(1),), "1元").status == MATCH
        bools = (AmountPart(True),)
        assert _run(compare_amount_breakdown, bools, "1元").reason == "expected breakdown has no amounts"
    assert _run(compare_amount, 1.5, "1.5元").expected == 1.5
    assert _run(compare_amount, 2.0, "2元").expected == 2
    assert _run(compare_date, "2020-08-31", "2020年8月31日").expected == "2020-08-31"


# --- dates ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("2020年8月31日", MATCH),
        ("二〇二〇年八月三十一日", MATCH),
        ("2020/08/31", MATCH),
        ("8月31日", OMISSION),
        ("8月30日", MISMATCH),
        ("2020年9月1日", MISMATCH),
        ("大概2020年8月31日", OMISSION),
        ("8月底", OMISSION),
        ("不记得", OMISSION),
    ],
)
def test_date_statuses(answer: str, status: str) -> None:
    assert _run(compare_date, "2020-08-31", answer).status == status


def test_date_exact_false_accepts_a_yearless_day_but_not_another_day() -> None:
    q = _question(scoring={"date_exact": False})
    assert _run(compare_date, "2020-08-31", "8月31日", q).status == MATCH
    assert _run(compare_date, "2020-08-31", "8月30日", q).status == MISMATCH
    assert _run(compare_date, "2020-08-31", "2019年8月31日", q).status == MISMATCH


def test_date_bad_expected_value() -> None:
    assert _run(compare_date, "2021-02-30", "2021年2月28日").status == MISMATCH
    assert _run(compare_date, 20200831, "2020年8月31日").status == MISMATCH


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("2020年8月3日至8月21日", MATCH),
        ("2020-08-03到2020-08-21", MATCH),
        ("2020年8月3日开始", PARTIAL),
        ("2020年9月1日和2020年9月3日", MISMATCH),
        ("8月3日至8月21日", OMISSION),
    ],
)
def test_date_range_needs_both_ends(answer: str, status: str) -> None:
    assert _run(compare_date_range, DateRange("2020-08-03", "2020-08-21"), answer).status == status
    assert _run(compare_date_range, {"start": "2020-08-03", "end": "2020-08-21"}, answer).status == status


def test_date_range_bad_expected_value() -> None:
    assert _run(compare_date_range, {"start": "2020-08-03"}, "2020年8月3日").status == MISMATCH


# --- counts, booleans, text -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("3次", MATCH),
        ("三次", MATCH),
        ("3", MATCH),
        ("两次", MISMATCH),
        ("三四次", OMISSION),
        ("很多次", OMISSION),
    ],
)
def test_count_statuses(answer: str, status: str) -> None:
    assert _run(compare_count, 3, answer, _question("分几次？")).status == status


def test_count_bad_expected_value() -> None:
    assert _run(compare_count, True, "1次").status == MISMATCH


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("他认罪了", MATCH),
        ("他不认罪", MISMATCH),
        ("他没有不认罪", MATCH),
        ("也许认罪了吧", OMISSION),
        ("不清楚", OMISSION),
    ],
)
def test_boolean_statuses(answer: str, status: str) -> None:
    assert _run(compare_boolean, True, answer, _question("是否认罪？")).status == status


def test_boolean_from_fields_and_bad_expected() -> None:
    q = _question("有没有同伙？")
    assert _run(compare_boolean, False, "见笔录", q, boolean=False).status == MATCH
    assert _run(compare_boolean, "no", "没有", q).status == MISMATCH


@pytest.mark.parametrize("fn", [compare_text, compare_entity])
def test_text_and_entity_containment_folded(fn: Any) -> None:
    assert _run(fn, "启明戚老师", "微信名：「启明 戚老师」").status == MATCH
    assert _run(fn, "ＡＢ-１", "code ab1").status == MATCH
    assert _run(fn, "启明戚老师", "戚老师").status == MISMATCH
    assert _run(fn, "启明戚老师", "  ").status == OMISSION
    assert _run(fn, "", "anything").status == MISMATCH


@pytest.mark.parametrize(
    ("expected", "answer", "status"),
    [
        ("6%", "年利率6%", MATCH),
        ("6%", "年利率0.6%", MISMATCH),  # folded, 0.6% holds 6%: the number decides
        ("6%", "16%", MISMATCH),
        ("7.2%", "72%", MISMATCH),
        ("7.2%", "17.2%", MISMATCH),
        ("7.2%", "月利率0.6%，折合年利率7.2%。", MATCH),
        ("临0102民初5836号", "（2021）临0102民初5836号", MATCH),
        ("ＡＢ-１", "code ab1", MATCH),  # a hyphen after a letter is no minus sign
    ],
)
def test_text_numbers_match_whole(expected: str, answer: str, status: str) -> None:
    assert _run(compare_text, expected, answer).status == status


def test_exact_compares_whole_values() -> None:
    assert _run(compare_exact, "大专", "大专。").status == MATCH
    assert _run(compare_exact, "大专", "他是大专文化").status == MISMATCH
    assert _run(compare_exact, "大专", "").status == OMISSION
    assert _run(compare_exact, 46000.0, "46000").status == MATCH
    q = _question()
    values = AnswerValues(Answer("x", fields={"boolean": True, "amount": 1}), q)
    assert compare_exact(True, values, CompareContext("boolean_answer", q)).status == MATCH
    assert compare_exact(1, values, CompareContext("amount_total", q)).status == MATCH
    assert compare_exact(True, values, CompareContext("amount_total", q)).status == MISMATCH  # bool is not 1


def test_compare_field_uses_the_default_comparator_and_names_the_component() -> None:
    q = _question("分几次？", count=3, entity="戚长庚")
    values = AnswerValues(Answer("戚长庚说分三次"), q)
    assert compare_field("count", q, values).name == "count"
    assert compare_field("entity", q, values).status == MATCH
