"""Required-quote matching: folded containment, gaps, fuzzy long quotes, core clauses, numbers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorers.quotes import (
    FUZZY_THRESHOLD,
    MIN_FUZZY_CHARS,
    NO_MATCH,
    core_clause,
    match_quote,
    missing_numbers,
    quote_parts,
)

RECEIPT = "今收到邝振川人民币肆万陆仟元整（¥46,000.00），用于办理邝乐言入读青屿市第二实验小学一年级事宜"


def test_exact_after_folding() -> None:
    m = match_quote("他的电话号码我记不清了", ["答：他的电话号码，我记不清了！"])
    assert (m.found, m.how, m.score, m.candidate) == (True, "exact", 100.0, 0)
    assert m.matched_text == "他的电话号码我记不清了"


def test_full_width_and_case_are_folded() -> None:
    assert match_quote("ABC１２３电话", ["abc123电话"]).how == "exact"


def test_the_matching_candidate_is_named() -> None:
    m = match_quote("他的电话号码我记不清了", ["材料中没有记载。", "他的电话号码我记不清了"])
    assert m.found and m.candidate == 1


@pytest.mark.parametrize("gap", ["...", "…", "……", "。。。"])
def test_gap_parts_in_order(gap: str) -> None:
    quote = f"今收到邝振川人民币肆万陆仟元整{gap}如办理不成全额退还"
    m = match_quote(quote, ["收条：今收到邝振川人民币肆万陆仟元整，用于办理……如办理不成全额退还。"])
    assert m.found and m.how == "gap"


def test_gap_parts_out_of_order_do_not_match() -> None:
    quote = "今收到邝振川人民币肆万陆仟元整……如办理不成全额退还"
    assert not match_quote(quote, ["如办理不成全额退还，今收到邝振川人民币肆万陆仟元整"]).found


def test_a_gap_quote_has_no_core_clause_shortcut() -> None:
    quote = "今收到邝振川人民币肆万陆仟元整……如办理不成全额退还"
    assert not match_quote(quote, ["今收到邝振川人民币肆万陆仟元整"]).found


def test_long_quote_with_small_changes_is_fuzzy() -> None:
    m = match_quote(
        RECEIPT,
        ["收条写明今收到邝振川人民币肆万陆仟元整（¥46,000.00），用于办理邝乐言入读第二实验小学一年级事宜"],
    )
    assert m.found and m.how == "fuzzy" and m.score >= FUZZY_THRESHOLD


def test_short_quotes_are_never_fuzzy() -> None:
    quote = "具体请了谁吃饭都忘记了"  # 11 folded characters
    assert len(quote_parts(quote)[0]) < MIN_FUZZY_CHARS
    assert not match_quote(quote, ["具体请了谁都忘记了"]).found


def test_a_shorter_candidate_does_not_match_a_long_quote() -> None:
    assert not match_quote("钱全部都用在打点关系上了，我自己一分都没花", ["打点关系"]).found


def test_core_clause_is_enough() -> None:
    quote = "全名叫什么我不知道，哪个科室的他也没跟我说过"
    assert core_clause(quote) == "哪个科室的他也没跟我说过"
    m = match_quote(quote, ["戚鸣远说，哪个科室的他也没跟我说过。"])
    assert m.found and m.how == "core"
    assert not match_quote(quote, ["戚鸣远称全名叫什么我不知道。"]).found


def test_core_clause_needs_length_and_weight() -> None:
    assert core_clause("他的电话号码我记不清了") is None  # one clause
    assert core_clause("是的，好") is None  # too short
    assert core_clause("总共是46000元，分三次给的") == "总共是46000元"


@pytest.mark.parametrize(
    "candidate",
    ["2020年9月10日我用微信退了他3000元", "2020年9月11日我用微信退了他5000元"],
)
def test_fuzziness_never_bridges_different_numbers(candidate: str) -> None:
    m = match_quote("2020年9月10日我用微信退了他5000元", [candidate])
    assert not m.found and m.missing_numbers


def test_same_numbers_in_other_notation_pass_the_guard() -> None:
    assert missing_numbers("今收到人民币肆万陆仟元整", "收到46000元") == ()
    assert missing_numbers("2020年9月10日退了5000元", "2020-09-10退了五千元") == ()
    assert missing_numbers("2020年9月10日退了5000元", "9月10日退了5000元") == ("2020-09-10",)
    assert missing_numbers("第3期40,720.00", "第3期40720") == ()


def test_numbers_guard_the_core_clause_too() -> None:
    assert not match_quote("一共就收了他40000元，4万块钱", ["戚鸣远称一共就收了他46000元"]).found
    assert match_quote("一共就收了他40000元，4万块钱", ["戚鸣远称一共就收了他40000元"]).found


def test_nothing_to_match() -> None:
    assert match_quote("……", ["任何文本"]) == NO_MATCH
    assert match_quote("他的电话号码我记不清了", []) == NO_MATCH
    assert not match_quote("他的电话号码我记不清了", ["", "  "]).found


def test_to_dict() -> None:
    d = match_quote("他的电话号码我记不清了", ["他的电话号码我记不清了"]).to_dict()
    assert d == {"found": True, "score": 100.0, "matched_text": "他的电话号码我记不清了", "how": "exact",
                 "candidate": 0, "missing_numbers": []}  # fmt: skip


@given(st.text(max_size=30), st.text(max_size=30))
def test_a_quote_embedded_anywhere_is_found(before: str, after: str) -> None:
    quote = "今收到邝振川人民币肆万陆仟元整"
    m = match_quote(quote, [before + quote + after])
    assert m.found and m.how == "exact"


# --- the fuzzy search is skipped where an exact bound rules it out ----------------------------------


_CHARS = "原告借款交付时间是年月日一二三0123，"
_near = st.builds(
    lambda part, k, new, before, after: (part, before + part[:k] + new + part[k + 1 :] + after),
    st.text(alphabet=_CHARS, min_size=1, max_size=30),
    st.integers(0, 30),
    st.text(alphabet=_CHARS, max_size=2),
    st.text(alphabet=_CHARS, max_size=8),
    st.text(alphabet=_CHARS, max_size=8),
)


@given(_near | st.tuples(st.text(alphabet=_CHARS, max_size=30), st.text(alphabet=_CHARS, max_size=40)))
@settings(max_examples=2000, deadline=None)
def test_fuzzy_equals_the_plain_search_wherever_it_can_count(pair: tuple[str, str]) -> None:
    part, text = pair
    from rapidfuzz import fuzz

    from scorers.quotes import FUZZY_THRESHOLD, _fuzzy

    if len(text) < len(part):
        plain = (fuzz.ratio(part, text), 0, len(text))
    else:
        al = fuzz.partial_ratio_alignment(part, text)
        plain = (0.0, 0, 0) if al is None else (al.score, al.dest_start, al.dest_end)
    ours = _fuzzy(part, text)
    if plain[0] >= FUZZY_THRESHOLD:
        assert ours == plain
    else:
        assert ours[0] < FUZZY_THRESHOLD


_NUMBER_TEXT = st.text(
    alphabet=st.sampled_from(list("0123456789０１２３４５６７８９一二十万,，.元年月日号或至的 ")), max_size=24
)


@given(_NUMBER_TEXT, _NUMBER_TEXT)
@settings(max_examples=1500, deadline=None)
def test_missing_numbers_with_the_answers_shared_values(quote: str, candidate: str) -> None:
    from benchmark.text.amounts import TextValues

    shared = missing_numbers(quote, candidate, TextValues(candidate))
    assert shared == missing_numbers(quote, candidate)
    assert missing_numbers(quote, candidate, TextValues(candidate + "另")) == shared  # not its values
    for text in (quote, candidate):
        assert missing_numbers(quote, text, TextValues(text)) == missing_numbers(quote, text)


def test_missing_numbers_reads_a_full_width_thousands_comma_as_written() -> None:
    from benchmark.text.amounts import TextValues

    candidate = "借款１２，０００元"
    assert missing_numbers("借款12000元", candidate, TextValues(candidate)) == ()
    assert missing_numbers("借款12000元", candidate) == ()


@pytest.mark.parametrize("text", ["第1.1.2条约定的违约金", "版本0.0.0", "2020.8.12.3"])
def test_a_digit_run_with_several_points_is_read_as_its_numbers(text: str) -> None:
    """It used to stop scoring with a Decimal error: clause numbers (``第1.1.2条``) are common."""
    assert missing_numbers(text, text) == ()
    assert missing_numbers(text, "无关的内容") != ()
    assert missing_numbers("第1.1.2条", "第1条第2款") == ()  # its numbers 1, 1, 2 are all stated
