"""Whose words an abstention cue is (scorers.abstention_voice), read through ``detect_abstention``.

Each rule is pinned on both sides: the sentence it sets aside and a real abstention that holds the same
words. tests/scorers/cases/abstention_phrasings.json measures the rules on many more sentences.
"""

from __future__ import annotations

import re

import pytest

from scorers.abstention import detect_abstention
from scorers.abstention_voice import cancelled_after, outweighed, party_voice

# (text, the cue set aside)
RELATIVE_CLAUSES = [
    ("没有提到的第三笔也已查明：2020年8月21日现金10000元。", "没有提到"),  # verb + 的 + noun
    ("材料中没有提到的利息部分，法院按年利率6%计算。", "材料中没有"),  # source cue + verb + 的
    ("未提交证据的一方承担不利后果。", "未提交"),  # verb + information + 的 + a party
    ("未载明日期的收条，法院结合流水认定为2020年8月21日出具。", "未载明"),
    ("借款合同对支付利息没有约定的，视为没有利息。", "没有约定"),  # a condition: …的，
    ("被告不清楚的部分，法院已经查明。", "不清楚"),
    ("The witness who could not remember the date was not called again.", "could not remember"),
    ("The amount he could not remember was later confirmed as 46,000 yuan.", "could not remember"),
    ("The payment not mentioned in the transcript appears in the bank statement.", "not mentioned"),
]
STILL_ABSTAINING = [
    "这是笔录没有记载的内容。",  # a copula: the clause names what is missing
    "没有记载的是他的电话号码。",  # a cleft
    "这一点笔录是没有记载的。",  # a sentence-final 的
    "没有记载借款的用途。",  # 借款的 belongs to the missing information
    "笔录中没有记载顾主任的微信号。",  # a verb opens the phrase: it is the cue's object
    "没有找到记载学校名称的文件。",
    "卷宗里并没有关于学校的只言片语。",  # 关于 … 的: what is missing
    "没有记载还款时间的证据。",  # the head is information itself
    "一名身份不详的男子。",  # an adjective cue names what is unknown
    "The person who could not be identified is the go-between.",  # not someone's ignorance
    "Amount not stated.",  # no verb of its own after the cue
    "我们无法根据所提供的材料作答。",  # 所提供的 is inside the cue's gap
]


@pytest.mark.parametrize(("text", "cue"), RELATIVE_CLAUSES)
def test_a_cue_inside_a_relative_clause_is_an_aside(text: str, cue: str) -> None:
    result = detect_abstention(text)
    assert not result.abstained, text
    assert cue in result.asides, result


@pytest.mark.parametrize("text", STILL_ABSTAINING)
def test_the_same_words_that_still_abstain(text: str) -> None:
    assert detect_abstention(text).abstained, text


@pytest.mark.parametrize(
    "text",
    [
        "没有任何信息被隐瞒，借款金额就是200000元。",
        "笔录中没有遗漏任何信息：他共收了三次钱。",
        "No information was withheld; the amount is 46,000 yuan.",
        "No details were omitted: he named Pu Liheng.",
        "No record was destroyed; the transcript runs to nine pages.",
        "No information is missing from the record; the amount is 46,000 yuan.",
    ],
)
def test_nothing_left_out_is_a_double_negative(text: str) -> None:
    result = detect_abstention(text)
    assert not result.abstained, text
    assert result.negated, text


@pytest.mark.parametrize("text", ["没有任何信息。", "No information was found.", "笔录中没有记载。"])
def test_no_information_without_a_verb_of_leaving_out_abstains(text: str) -> None:
    assert detect_abstention(text).abstained, text


def _first_cue(text: str) -> re.Match[str]:
    from scorers.abstention import _ABSTAIN

    m = _ABSTAIN[0].search(text)
    assert m is not None, text
    return m


def test_cancelled_after_needs_a_nothing_cue() -> None:
    assert cancelled_after("没有任何信息被隐瞒。", _first_cue("没有任何信息被隐瞒。"))
    assert not cancelled_after("无法确定被删除的内容。", _first_cue("无法确定被删除的内容。"))


# (text, the party's cue the answer's own words outweigh)
OUTWEIGHED = [
    ("他说不知道钱的去向，但钱转给了顾主任。", "不知道"),
    ("原告称不清楚借款用途，但法院认定借款金额为150000元。", "不清楚"),
    ("被告表示记不清还款日期，可是转账记录显示为2022年4月20日。", "记不清"),
    ("他不知道钱的去向，但钱最终转给了顾主任。", "不知道"),  # a party's ignorance, no verb of saying
    ("被告没有提到这笔钱，但银行流水显示2020年8月12日转入16000元。", "没有提到"),  # a party's silence
    ("尽管他称不知道，钱还是转给了顾主任。", "不知道"),  # a concession before the cue
    ("戚鸣远一开始说忘了，后来承认钱是给了顾主任。", "忘了"),  # 后来 + a new statement
    ("He said he didn't know where the money went, but the bank records show a transfer.", "didn't know"),
    (
        "Although he said he could not recall the date, the receipt is dated 21 August 2020.",
        "could not recall",
    ),
    ("Not mentioned by the defendant, but recorded by the bank: 20,000 yuan.", "Not mentioned"),
]
KEPT = [
    "他说不知道。",  # nothing of the answer's own: the record does not hold it
    "原告称不清楚。",
    "被告表示时间久远，记不清楚了。",
    "戚鸣远称不记得了，但笔录也没有其他记载。",  # a cue after the contrast
    "他说不知道，但笔录只记录了这些。",
    "He said he didn't know, but the file says nothing more.",
    "材料只记载了他说不知道，未载明钱的去向。",
    "他是否知道，笔录未记载。",
    "戚鸣远称记不清顾主任的电话了，那个手机后来坏了，号码也没有存到新手机里。",  # 后来 is a time here
    "不知道具体日期，但收条写明2020年8月21日。",  # the answer's own ignorance: abstains (and is checked for invention)
    "笔录中没有记载具体日期，但他的电话是13912345678。",
]


@pytest.mark.parametrize(("text", "cue"), OUTWEIGHED)
def test_a_partys_words_then_the_answers_own(text: str, cue: str) -> None:
    result = detect_abstention(text)
    assert not result.abstained, text
    assert cue in result.asides, result


@pytest.mark.parametrize("text", KEPT)
def test_a_partys_words_that_still_abstain(text: str) -> None:
    assert detect_abstention(text).abstained, text


@pytest.mark.parametrize(
    ("text", "cue", "party"),
    [
        ("他说不知道。", "不知道", True),
        ("据他供述，他不知道钱的用途。", "不知道", True),
        ("他说过要还钱，笔录没有记载日期。", "没有记载", False),  # the record opens the cue's clause
        ("判决书称金额不详。", "不详", False),  # a document is no party
        ("他的学校不清楚。", "不清楚", False),  # 他的: the information, not a speaker
        ("这个我不清楚。", "不清楚", False),  # the answer itself
        ("She claimed she did not know about the loan.", "did not know", True),
        ("The record says the amount is unknown.", "unknown", False),
    ],
)
def test_party_voice(text: str, cue: str, party: bool) -> None:
    assert party_voice(text, cue, text.index(cue)) is party


def test_outweighed_names_only_party_cues_before_the_turn() -> None:
    text = "他说不知道，笔录也没有记载，但钱转给了顾主任。"
    counted = [("不知道", 2, 5), ("笔录也没有记载", 6, 13)]
    assert [text[a:b] for _, a, b in counted] == [c for c, _, _ in counted]
    assert outweighed(text, counted) == frozenset({0})  # his 不知道 is outweighed by what follows 但
    result = detect_abstention(text)
    assert result.abstained and result.cue == "笔录也没有记载"  # the answer's own abstention stands
    assert result.asides == ("不知道",)


def test_asides_and_negated_reach_the_report() -> None:
    d = detect_abstention("他说不知道钱的去向，但钱转给了顾主任。").to_dict()
    assert d["abstained"] is False and d["asides"] == ["不知道"]
    assert detect_abstention("No details were omitted.").to_dict()["negated"] == ["No details"]
