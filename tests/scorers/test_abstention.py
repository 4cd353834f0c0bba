"""Abstention and contradiction detection: lexicons, negation, quoted speech, the adapter's flag."""

from __future__ import annotations

import importlib
import re
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorers.abstention import (
    EN_ABSTAIN,
    EN_CONFLICT,
    ZH_ABSTAIN,
    ZH_ABSTAIN_FIRST,
    ZH_ABSTAIN_NEGATORS,
    ZH_ABSTAIN_NEGATORS_FIRST,
    ZH_CONFLICT,
    ZH_CONFLICT_FIRST,
    ZH_CONFLICT_NEGATORS,
    ZH_CONFLICT_NEGATORS_FIRST,
    detect_abstention,
    detect_conflict,
    quoted_spans,
)

ABSTAINS = [
    "No amount is recorded.",
    "材料中没有记载顾主任的电话号码。",
    "笔录未记录该信息。",
    "笔录中没有提到。",
    "判决书中未载明全名。",
    "合同里没有约定展期利率。",
    "没有相关记载。",
    "并无相关信息。",
    "无法确定。",
    "无从得知。",
    "不能确认具体日期。",
    "根据现有材料无法回答该问题。",
    "不清楚。",
    "我不知道。",
    "不太清楚。",
    "不是很清楚。",
    "记不清了。",
    "他记不得了。",
    "想不起来了。",
    "忘记了。",
    "我忘了。",
    "说不清楚。",
    "住址一栏为空白。",
    "展期利率由各方另行约定。",
    "具体用途不详。",
    "被告濮晓岚未到庭，亦未提交书面答辩意见。",
    "The record does not say.",
    "It is not mentioned in the transcript.",
    "Not stated.",
    "The amount is unknown.",
    "It cannot be determined.",
    "I don't know.",
    "He doesn’t remember the number.",
    "The judgment is silent on this.",
    "There is no information about it.",
    "Insufficient information to answer.",
    "He forgot.",
    "无法从文中得知。",  # words between the two parts of a cue
    "无法根据现有材料确定。",
    "材料中没有提到。",
    "笔录里没有记载。",
    "未见相关记录。",
    "笔录里只字未提。",
    "查不到。",
    "判决书只称周某，没有全名。",
    "合同上没写。",
    "The answer is not in the documents provided.",
    "None of the documents state the amount.",
    "This isn't recorded.",
    "The document leaves the field blank.",
]

NOT_ABSTAINING = [
    "顾主任的电话是13912345678。",
    "一共收了46000元。",
    "被告濮晓岚未到庭。",  # 未 about something else
    "知不知道？他知道。",  # an A-not-A question
    "清不清楚都要说。",
    "He received 46,000 yuan.",
    "",
    "没有提出上诉。",  # 提出 with an object that is no information
    "没有提供担保。",
    "没有记载错误，金额为46000元。",
    "他说不出口，但承认是为了还债。",
    "无法律依据，本院不予支持。",  # 无法律 is not 无法
    "没有说谎，他确实签了收条。",
    "没有同伙。",
]


@pytest.mark.parametrize("text", ABSTAINS)
def test_lexicon_hits_are_abstentions(text: str) -> None:
    result = detect_abstention(text)
    assert result.abstained, text
    assert result.source == "text"
    assert result.span is not None and text[result.span[0] : result.span[1]] == result.cue


@pytest.mark.parametrize("text", NOT_ABSTAINING)
def test_plain_answers_do_not_abstain(text: str) -> None:
    result = detect_abstention(text)
    assert not result.abstained and result.cue is None and result.source == "none"


@pytest.mark.parametrize(
    "text",
    [
        "他不是不知道，只是不说。",
        "并非不清楚。",
        "并非没有记载。",
        "不能说不知道。",
        "The figure is not unknown.",
        "他没有忘记，收条写的是46000元。",
        "没有不清楚的地方，借款金额为200000元。",
        "不存在无法判断的情况。",
    ],
)
def test_negated_cues_are_not_abstentions(text: str) -> None:
    result = detect_abstention(text)
    assert not result.abstained
    assert result.negated, "the cancelled cue is reported"


def test_bing_strengthens_rather_than_negates() -> None:
    assert detect_abstention("这一点笔录并不清楚。").abstained


def test_quoted_speech_is_not_the_system_abstaining() -> None:
    for text in ["戚鸣远说：“我不知道。”", "他说「记不清了」", 'He said "I don\'t know".']:
        result = detect_abstention(text)
        assert not result.abstained, text
        assert result.quoted, text


def test_reported_speech_without_quotes_counts() -> None:
    assert detect_abstention("戚鸣远称记不清顾主任的电话了。").abstained


def test_cue_outside_quotes_counts_even_with_quotes_present() -> None:
    result = detect_abstention("笔录中没有记载。他说：“号码我记不清了”。")
    assert result.abstained and result.cue == "笔录中没有"
    assert result.quoted == ("记不清",)


@pytest.mark.parametrize(
    "text",
    [
        "没有约定利息的说法不成立，借条写明年利率6%。",  # a claim the answer names and rejects
        "被告未提交书面答辩意见，法院缺席审理。",  # what a party did not give: a fact of the case
        "原告均未提供付款凭证。",
        "The defendant did not provide a receipt, so the claim failed.",
        "She did not give any reason and left.",
        "Unclear terms were clarified; the rate is 7.2% a year.",  # an adjective before a plain noun
        "因一直未找到被申请人，执行程序终结。",  # a person is found or not, no piece of information
        "The buyer said he did not know the seller before the sale.",
    ],
)
def test_cues_that_are_not_the_answers_stance(text: str) -> None:
    result = detect_abstention(text)
    assert not result.abstained, text
    assert result.asides, text
    assert result.to_dict()["asides"] == list(result.asides)


@pytest.mark.parametrize(
    "text",
    [
        "原告未提交付款凭证，判决书没有实际支付的日期和方式。",  # the second clause abstains
        "材料未提供该信息。",  # the material, not a party, gives nothing
        "卷中没有证人。",  # 卷 alone names the case file
        "我不知道被申请人的住址。",  # information about a person
        "I do not know the seller's address.",
        "对于借款用途，笔录保持沉默。",  # the record is silent
        "现有材料未能体现该笔款项的去向。",
        "依据现有证据，无法得出确定的结论。",
        "在卷材料中未见开票日期。",
        "The record does not give the amount.",
        "An unknown amount was spent on dinners.",  # the noun names the information
        "It is unclear whether he paid.",
        "Unknown.",
    ],
)
def test_cues_that_stay_the_answers_stance(text: str) -> None:
    assert detect_abstention(text).abstained, text


def test_asides_are_reported_only_when_there_are_some() -> None:
    assert "asides" not in detect_abstention("材料中没有记载。").to_dict()


def test_flag_true_wins() -> None:
    result = detect_abstention("这个我帮不上忙。", flag=True)
    assert result.abstained and result.source == "flag" and result.cue is None and result.leading
    both = detect_abstention("材料中没有记载。", flag=True)
    assert both.source == "flag+text"


def test_flag_false_with_a_lexicon_hit_still_abstains() -> None:
    result = detect_abstention("材料中没有记载。", flag=False)
    assert result.abstained and result.flag_disagrees
    assert not detect_abstention("一共46000元。", flag=False).flag_disagrees


def test_leading_refusal_versus_later_caveat() -> None:
    assert detect_abstention("根据现有材料，无法确定。").leading
    assert detect_abstention("不知道。").leading
    assert not detect_abstention("认识，是一个姓顾的主任，但不知道他的全名。").leading
    assert not detect_abstention("他收了46000元。他的全名笔录没有记载。").leading
    # a clause that gives a value before the cue: the answer answers, then adds a caveat
    assert not detect_abstention("被告公司法定代表人为邵某强，其联系地址卷中无记载。").leading
    assert not detect_abstention("借款于2021年3月5日交付，具体时间笔录未记载。").leading
    assert detect_abstention("关于利息，材料中没有记载。").leading  # a topic states nothing
    assert detect_abstention("经核查全部笔录，未记载其联系方式。").leading
    assert detect_abstention("对于是否约定利息，合同未作约定。").leading


NAMED = [
    "前后说法存在矛盾。",
    "两处供述不一致。",
    "说法并不一致。",
    "前后不一。",
    "两种说法：一处称40000元。",
    "供述存在出入。",
    "收据与流水不符。",
    "一方面称收了40000元，另一方面又称46000元。",
    "The two statements contradict each other.",
    "The accounts are inconsistent.",
    "There is a discrepancy between the receipt and the statement.",
    "The figures do not match.",
    "原被告对此各执一词。",
    "双方说法相左。",
    "两份笔录不能相互印证。",
    "双方对借款金额存在争议。",
    "The parties disagree on the amount.",
    "The amount is disputed.",
    "庞绍钧所称退还5万元不属实。",
    "他第二次询问时已更正。",
    "第二次讯问改称44万元。",
    "两处日期不同：7月18日和7月25日。",
    "前后两次讯问说的地点不一样。",
    "说法有两种：一说在家楼下，一说在办公室。",
    # two accounts set against each other: two values and a word of contrast between them
    "庞绍钧称退了5万元，而流水显示只有2万元。",
    "简文博说一次转了6万，但流水显示5月10日只转入5万元。",
    "He said 50,000 yuan, but the bank statement shows 20,000 yuan.",
    # or each after a word of account of its own
    "出借人主张已交付8万元，借款人主张只收到6万元。",
    "证人称3月2日见过面，被告人供述是3月9日。",
]
NOT_NAMED = [
    "前后一致，没有矛盾。",
    "不存在冲突。",
    "是否存在矛盾？",
    "有没有矛盾？",
    "并不矛盾。",
    "没有出入。",
    "双方对此没有争议。",
    "不存在争议。",
    "There is no contradiction.",
    "The statements are not inconsistent.",
    "This does not contradict the receipt.",
    "一共46000元。",
    "共46000元，而且都是现金。",  # one value: nothing set against it
    "先付了2万元，然后又付了3万元。",  # two values, no word of contrast
    "他说“5万元，但只收到2万元”。",  # the contrast is inside a quotation
    "两次付款的方式不同，第一次转账，第二次现金。",  # two acts told apart, not two accounts
    "前后两处日期没有不同。",
    "原告称借款8万元，其中6万元已还。",  # one account: a total and a part of it
]


@pytest.mark.parametrize("text", NAMED)
def test_contradictions_named(text: str) -> None:
    result = detect_conflict(text)
    assert result.named, text
    assert result.span is not None and text[result.span[0] : result.span[1]] == result.cue


@pytest.mark.parametrize("text", NOT_NAMED)
def test_contradictions_not_named(text: str) -> None:
    assert not detect_conflict(text).named, text


def test_conflict_inside_quotes_is_not_named() -> None:
    result = detect_conflict("他说“这里有矛盾”，总共46000元。")
    assert not result.named and result.quoted == ("矛盾",)


def test_quoted_spans_are_the_insides_of_closed_pairs() -> None:
    text = '甲“乙”丙「丁」戊"x"“未闭合'
    spans = quoted_spans(text)
    assert [text[a:b] for a, b in spans] == ["乙", "丁", "x"]
    assert quoted_spans("no quotes") == []


def test_every_lexicon_entry_compiles_alone() -> None:
    for pattern in ZH_ABSTAIN + EN_ABSTAIN + ZH_CONFLICT + EN_CONFLICT:
        re.compile(pattern, re.IGNORECASE)


def test_to_dict_is_json_shaped() -> None:
    d = detect_abstention("材料中没有记载。", flag=False).to_dict()
    assert d["abstained"] is True and d["span"] == [0, 5] and d["flag_disagrees"] is True
    c = detect_conflict("前后矛盾。").to_dict()
    assert c["named"] is True and c["cue"] == "前后矛盾"


@given(st.text(max_size=60))
def test_spans_always_index_the_text(text: str) -> None:
    result = detect_abstention(text)
    if result.span is not None:
        assert text[result.span[0] : result.span[1]] == result.cue
    conflict = detect_conflict(text)
    if conflict.span is not None:
        assert text[conflict.span[0] : conflict.span[1]] == conflict.cue


@given(st.sampled_from(["不知道", "不清楚", "记不清", "没有记载"]), st.sampled_from(["不是", "并非"]))
def test_a_negator_right_before_a_cue_cancels_it(cue: str, negator: str) -> None:
    assert not detect_abstention(f"他{negator}{cue}。").abstained


def test_the_documentation_lists_every_lexicon_entry() -> None:
    """docs/scoring/conflict_gap.md gives the lexicons in full: keep it in step with the code."""
    from pathlib import Path

    import scorers.abstention as abstention

    doc = (Path(__file__).resolve().parents[2] / "docs/scoring/conflict_gap.md").read_text(encoding="utf-8")
    negators = (abstention.ZH_ABSTAIN_NEGATORS, abstention.ZH_CONFLICT_NEGATORS, abstention.EN_NEGATORS)
    for pattern in ZH_ABSTAIN + EN_ABSTAIN + ZH_CONFLICT + EN_CONFLICT + negators:
        shown = pattern.replace(abstention._SOURCES, "{_SOURCES}").replace(abstention._GAP, "{_GAP}")
        assert shown in doc, f"not documented: {shown}"
    assert abstention._SOURCES in doc and abstention._GAP in doc


# --- the Chinese-only fast path --------------------------------------------------------------------

_PIECES = ["材料中没有记载", "不知道", "记不清了", "矛盾", "前后不一致", "一方面", "另一方面", "不是", "没有",
           "“我不知道”", "，", "。", "他说", "not mentioned", "unknown", "contradicts", "ſ", "\u212a", "ı",
           "ＮＯＴ", "46000元", " ", "但"]  # fmt: skip


@given(st.lists(st.sampled_from(_PIECES), max_size=10).map("".join))
def test_chinese_only_pattern_finds_what_the_whole_pattern_finds(text: str) -> None:
    from scorers.abstention import _ABSTAIN, _ASCII_LETTER, _CONFLICT, _EN_NEG, _cues

    letters = _ASCII_LETTER.search(text) is not None
    for every, chinese in (_ABSTAIN, _CONFLICT):
        expected = [(m.span(), m.group()) for m in every.finditer(text)]
        assert [(m.span(), m.group()) for m in _cues(text, (every, chinese), letters)] == expected
    if not letters:  # nor can an English negator match: _negated skips it
        assert _EN_NEG.search(text) is None


def test_the_letter_class_matches_what_a_letter_matches_ignoring_case() -> None:
    """``_ASCII_LETTER`` lists the characters ``[A-Za-z]`` matches under IGNORECASE (the English cues'
    flag), every code point checked."""
    from scorers.abstention import _ASCII_LETTER

    ignoring_case = re.compile("[A-Za-z]", re.IGNORECASE)
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    assert [m.start() for m in _ASCII_LETTER.finditer(every)] == [
        m.start() for m in ignoring_case.finditer(every)
    ]


# --- the first-character lookahead -----------------------------------------------------------------


def _first_chars(items: list[tuple[Any, Any]]) -> tuple[set[str], bool]:
    """The characters a match of the parsed ``items`` may start with, and whether it may be empty."""
    out: set[str] = set()
    for op, av in items:
        chars, nullable = _first_of(str(op), av)
        out |= chars
        if not nullable:
            return out, False
    return out, True


def _first_of(op: str, av: Any) -> tuple[set[str], bool]:
    if op == "LITERAL":
        return {chr(av)}, False
    if op == "IN":
        assert all(str(o) in ("LITERAL", "RANGE") for o, _ in av), av
        chars = {chr(a) for o, a in av if str(o) == "LITERAL"}
        return chars | {chr(c) for o, a in av if str(o) == "RANGE" for c in range(a[0], a[1] + 1)}, False
    if op == "BRANCH":
        found = [_first_chars(list(alt)) for alt in av[1]]
        return set().union(*(f for f, _ in found)), any(n for _, n in found)
    if op == "SUBPATTERN":
        return _first_chars(list(av[-1]))
    if op in ("MAX_REPEAT", "MIN_REPEAT"):
        chars, nullable = _first_chars(list(av[2]))
        return chars, nullable or av[0] == 0
    if op in ("ASSERT", "ASSERT_NOT", "AT"):
        return set(), True
    raise AssertionError(f"cannot tell the first characters of {op}")


@pytest.mark.parametrize(
    "patterns, first", [(ZH_ABSTAIN, ZH_ABSTAIN_FIRST), (ZH_CONFLICT, ZH_CONFLICT_FIRST)]
)
def test_every_chinese_cue_starts_with_a_listed_character(patterns: tuple[str, ...], first: str) -> None:
    parser = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")
    for pattern in patterns:
        chars, nullable = _first_chars(list(parser.parse(pattern)))
        assert not nullable and chars <= set(first), (pattern, chars - set(first))


@pytest.mark.parametrize(
    "pattern, first",
    [(ZH_ABSTAIN_NEGATORS, ZH_ABSTAIN_NEGATORS_FIRST), (ZH_CONFLICT_NEGATORS, ZH_CONFLICT_NEGATORS_FIRST)],
)
def test_every_chinese_negator_starts_with_a_listed_character(pattern: str, first: str) -> None:
    parser = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")
    chars, nullable = _first_chars(list(parser.parse(pattern)))
    assert not nullable and chars <= set(first), chars - set(first)


_CUE_PIECES = [c for p in ZH_ABSTAIN + ZH_CONFLICT for c in re.findall(r"[\u4e00-\u9fff]{2,}", p)]


@given(st.lists(st.sampled_from(_CUE_PIECES + _PIECES + ["并", "不", "一"]), max_size=12).map("".join))
def test_the_lookahead_changes_no_match(text: str) -> None:
    from scorers.abstention import _ABSTAIN, _CONFLICT

    for (_, fast), patterns in ((_ABSTAIN, ZH_ABSTAIN), (_CONFLICT, ZH_CONFLICT)):
        plain = re.compile("|".join(f"(?:{p})" for p in patterns))
        assert [(m.span(), m.group()) for m in fast.finditer(text)] == [
            (m.span(), m.group()) for m in plain.finditer(text)
        ]


@given(st.lists(st.sampled_from(_PIECES), max_size=10).map("".join), st.integers(0, 60))
def test_clause_before_equals_the_plain_definition(text: str, start: int) -> None:
    from scorers.abstention import _BREAK, _clause_before

    start = min(start, len(text))
    seg = text[max(0, start - 12) : start]
    ends = [m.end() for m in _BREAK.finditer(seg)]
    assert _clause_before(text, start) == (seg[ends[-1] :] if ends else seg)


@pytest.mark.parametrize(
    ("text", "guess"),
    [
        ("笔录未写明饭店名称，推测是城东的一家酒楼。", "推测"),
        ("卷内没有记载具体金额，估计在两万元上下。", "估计"),
        ("The record does not name the bank; it is probably the local branch.", "probably"),
        ("笔录未记载具体金额，庞绍钧说估计有三四万。", None),  # his guess, reported
        ("笔录未记载具体金额。庞绍钧曾表示“可能是三四万”。", None),  # in quotes
        ("笔录未记载具体金额，建议调取银行流水核实。", None),  # advice, no guess
    ],
)
def test_a_guess_after_an_abstention(text: str, guess: str | None) -> None:
    from scorers.abstention import Stance

    found = detect_abstention(text)
    assert found.span is not None
    assert Stance(text).guess_after(found.span[1]) == guess
