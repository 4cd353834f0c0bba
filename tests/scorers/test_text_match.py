"""Free-text matching: the forms compared (scorers.text_forms) and the rules (scorers.text_match).

The rules' verdicts on whole answers are pinned row by row in tests/scorers/cases/fact_exact.json
(the ``text_*`` and ``entity_*`` rows); this file tests the parts.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmark.models import Answer, Expected, Question, RequiredEvidence
from scorers.comparators import CompareContext
from scorers.extract import AnswerValues
from scorers.result import MATCH, MISMATCH, OMISSION
from scorers.text_comparators import compare_entity, compare_exact, compare_text
from scorers.text_forms import AnswerText, asks_span, core, reference
from scorers.text_match import match_references, period


def _question(text: str = "是谁？", evidence: tuple[str, ...] = ()) -> Question:
    required = tuple(RequiredEvidence(1, e) for e in evidence)
    return Question(id="q", type="fact_exact", question=text, expected=Expected(), required_evidence=required)


def _compare(fn: Any, expected: Any, answer: str, question: Question | None = None, **fields: Any) -> Any:
    q = question or _question()
    return fn(expected, AnswerValues(Answer(answer=answer, fields=fields), q), CompareContext("field", q))


@pytest.mark.parametrize(
    ("text", "span", "expected"),
    [
        ("被告金华公司", False, "金华"),
        ("申请执行人江州沐禾餐饮管理有限公司", False, "江州沐禾餐饮管理"),
        ("申请人民法院强制执行", False, "申请法院强制执行"),  # 申请人 is no role in 申请人民法院
        ("江州市中级人民法院", False, "江州市中院"),
        ("中国建设银行青屿东湖支行", False, "建行青屿东湖支行"),
        ("15日内", False, "15日"),
        ("15日以内", False, "15日"),
        ("国内", False, "国内"),  # 内 only after a number or a time unit
        ("约2年", True, "2年"),
        ("约2年", False, "约2年"),
        ("2年左右", True, "2年"),
        ("约定", True, "约定"),  # 约 only before a number
        ("甘立群的家中", False, "甘立群家中"),
        ("目的", False, "目的"),  # 的 of a word of its own
        ("韩科长那边", False, "韩科长"),
        ("8月之前", False, "8月前"),
        ("2021年末", False, "2021年底"),
        ("6幢1503室", False, "6栋1503"),
        ("96平方米左右", True, "96平方米"),
        ("罚款人民币8000元", False, "罚款8000元"),  # the currency's name before an amount
        ("并处罚金人民币30000元", False, "罚金30000元"),  # 并处 joining a second penalty
        ("并处理完毕", False, "并处理完毕"),  # 并 + 处理: no penalty joined
        ("用于购买原材料", False, "购买原材料"),  # 用于 opening a purpose
        ("临江劳动人事争议仲裁委员会", False, "临江劳动人事争议仲裁委"),
        ("东坪村村民委员会", False, "东坪村委"),
        ("东坪村委会", False, "东坪村委"),
        ("江川农村商业银行", False, "江川农商行"),
        ("临江小额贷款有限公司", False, "临江小贷"),
        ("临江县市场监督管理局", False, "临江县市监局"),
    ],
)
def test_core_leaves_out_what_does_not_decide(text: str, span: bool, expected: str) -> None:
    from benchmark.text.wording import canonical

    assert core(canonical(text), span) == expected


@pytest.mark.parametrize(
    ("question", "span"),
    [
        ("保证期间是多长？", True),
        ("上诉期限是多久？", True),
        ("How long is the term?", True),
        ("她交钱大约是那天几点？", True),  # a rough value: approximations do not decide
        ("面积约多少？", True),
        ("谁介绍的？", False),
    ],
)
def test_asks_span(question: str, span: bool) -> None:
    assert asks_span(question) is span


def test_reference_region_and_body() -> None:
    court = reference("江州市临川区人民法院", False)
    assert court.region == (("江州", "市"), ("临川", "区")) and court.body == "法院"
    school = reference("青屿市第二实验小学", False)
    assert school.region == (("青屿", "市"),) and school.body == "第2实验小学"
    assert reference("华联超市", False).region == ()  # a name ending in 市 is no region
    assert reference("原告", False).core == "原告"  # a reference that is only a role keeps it


@pytest.mark.parametrize(
    ("answer", "found"),
    [
        ("江州市临川区人民法院", True),
        ("江州临川区法院", True),
        ("临川区法院", True),
        ("临川法院", True),
        ("法院", False),  # the region left out leaves too little
        ("江州市人民法院", False),
        ("青屿市临川区法院", False),
    ],
)
def test_region_pattern(answer: str, found: bool) -> None:
    ref = reference("江州市临川区人民法院", False)
    view = AnswerText(answer, False)
    assert bool(ref.pattern.search(view.core)) is found


def test_numbers_are_compared_whole() -> None:
    ref = reference("6%", False)
    assert ref.pattern.search(AnswerText("年利率6%", False).core)
    assert not ref.pattern.search(AnswerText("16%", False).core)
    assert not ref.pattern.search(AnswerText("0.6%", False).core)


@pytest.mark.parametrize(
    ("text", "number", "expected"),
    [
        ("月利率0.9%", "0.9%", "month"),
        ("借款月利率为0.6%折合年利率7.2%", "7.2%", "year"),
        ("借款月利率为0.6%折合年利率7.2%", "0.6%", "month"),
        ("年化7.2%", "7.2%", "year"),
        ("0.9%permonth", "0.9%", "month"),
        ("0.9%", "0.9%", None),
        ("月利率0.9%", "9%", None),
    ],
)
def test_period_of_a_rate(text: str, number: str, expected: str | None) -> None:
    assert period(text, number) == expected


# What the text rules read around a reference: numbers (a rough pair spans two), negations, bounds.
TEXT_ROWS = [
    ("五六个", "最多给5、6个", MATCH, "the rough count in digits"),
    ("五六个", "5-6个指标", MATCH, "with a dash"),
    ("最多五六个", "他说最多五六个。", MATCH, "in words, as the record says"),
    ("五六个", "6个", MISMATCH, "one end of the range: 5 is not stated"),
    ("6个", "五六个", MISMATCH, "a number of a pair is not stated on its own"),
    ("6个", "5、6个", MISMATCH, "nor in digits"),
    ("6个", "6个", MATCH, "the number alone"),
    ("十七八岁", "17、18岁", MATCH, "after 十"),
    ("40000元", "三四万元", MISMATCH, "a rough amount does not state 40000"),
    ("全额退还", "不会全额退还", MISMATCH, "不会 before the reference denies it"),
    ("全额退还", "未全额退还", MISMATCH, "未 denies it"),
    ("全额退还", "没有全额退还", MISMATCH, "没有 denies it"),
    ("装修", "差不多都用于装修", MATCH, "差不多 is no negation"),
    ("大专", "大专以下", MISMATCH, "a bound below the reference"),
    ("本科", "本科以上", MISMATCH, "a bound above it"),
    ("大专", "大专毕业", MATCH, "a word after the reference that bounds nothing"),
    ("大专", "大专肄业", MISMATCH, "a level not completed"),
    ("大专", "大专在读", MISMATCH, "a level not yet completed"),
    ("大专", "听说是大专", OMISSION, "听说 (hearsay) hedges"),
    # Words of place, particles and pointing words that do not decide.
    ("主卧衣柜内", "主卧衣柜里", MATCH, "one word of place for another"),
    ("主卧衣柜内", "在主卧衣柜中查获", MATCH, "中 for 内, the verb after it"),
    ("主卧衣柜内", "主卧衣柜", MATCH, "the word of place left out: every other word is there"),
    ("主卧衣柜内", "主卧衣柜外", MISMATCH, "another word of place in its stead"),
    ("境内", "境外", MISMATCH, "a one-character place keeps its word of place"),
    ("甘立群家中", "在甘立群的家里", MATCH, "的 between two words, 里 for 中"),
    ("韩科长那边给的", "他说是韩科长给的", MATCH, "a pointing word after a person"),
    ("8月前退清", "8月之前退清", MATCH, "之前 after a time is 前"),
    ("2021年底", "2021年末", MATCH, "年末 is 年底"),
    ("6栋2单元1503室", "6幢2单元1503", MATCH, "幢 is 栋, 室 after a room number"),
    ("6栋2单元1503室", "6栋2单元1305室", MISMATCH, "another room"),
    ("卡上只有5万多", "因为他卡上当时只有五万多元", MATCH, "5万 and 五万 are one number (was: 5 not stated)"),
    ("下午三点", "明天下午3点", MATCH, "三点 is 3点"),
    # The token rule and negation: a 未 its words leave out still decides (both were marked right).
    ("被告未按约定期限归还借款", "被告已按约定期限归还借款", MISMATCH, "affirms what the reference denies"),
    (
        "原告未提交证据证明已实际支付律师费",
        "原告已提交证据证明实际支付了律师费",
        MISMATCH,
        "the same, 6 of 7 words",
    ),
    ("被告按期归还借款", "被告未按期归还借款", MISMATCH, "denies what the reference affirms"),
    ("被告未按约定期限归还借款", "被告没有按约定的期限归还借款", MATCH, "没有 is 未"),
    ("原告未提交证据证明已实际支付律师费", "原告没有证据证明律师费已经实际支付", MATCH, "negated in both"),
    ("证人因病无法出庭", "证人因病不能出庭", MATCH, "无法 is 不能"),
    ("用于店铺装修", "借款用来装修店铺", MATCH, "用来 is 用于"),
    ("全额退还", "非常明确地承诺全额退还", MATCH, "非常 negates nothing"),
    ("《中华人民共和国合同法》第一百零七条", "合同法第107条", MATCH, "the state's name before a law"),
    ("《中华人民共和国合同法》第一百零七条", "合同法第108条", MISMATCH, "another article"),
]


@pytest.mark.parametrize(("expected", "answer", "status", "why"), TEXT_ROWS, ids=[r[3] for r in TEXT_ROWS])
def test_numbers_negations_and_bounds_around_a_reference(
    expected: str, answer: str, status: str, why: str
) -> None:
    assert _compare(compare_text, expected, answer, _question("是什么？")).status == status, why


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("江州市中级法院", MATCH),
        ("江州中院", MATCH),
        ("江州市中级人民法院", MATCH),
        ("江州市高级法院", MISMATCH),
    ],
)
def test_a_court_without_renmin_is_the_same_court(answer: str, status: str) -> None:
    assert (
        _compare(compare_entity, "江州市中级人民法院", answer, _question("上诉于哪个法院？")).status == status
    )


def test_a_reference_that_restates_the_question_is_named_by_its_numbers() -> None:
    asked = _question("法院如何认定还款金额？")
    assert _compare(compare_text, "认定被告已还款55000元", "被告已还款55000元", asked).status == MATCH
    assert _compare(compare_text, "认定被告已还款55000元", "被告已还款67000元", asked).status == MISMATCH
    assert _compare(compare_text, "认定被告已还款55000元", "被告未还款55000元", asked).status == MISMATCH


def test_the_first_accepted_answer_that_matches_wins() -> None:
    refs = [reference("装修", False), reference("装潢", False)]
    verdict = match_references(refs, [AnswerText("门店装潢", False)], "借款的用途？", entity=False)
    assert verdict.status == MATCH and verdict.reference == "装潢"


def test_a_telling_failure_is_reported() -> None:
    refs = [reference("蔺书衡", False), reference("郜以宁", False)]
    verdict = match_references(refs, [AnswerText("可能是郜以宁吧", False)], "是谁？", entity=True)
    assert verdict.status == OMISSION and verdict.rule == "hedge"


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("蒲立恒、顾主任", MISMATCH),
        ("蒲立恒和顾主任", MISMATCH),
        ("蒲立恒 or 顾主任", MISMATCH),
        ("是蒲立恒介绍的，顾主任后来也参与了", MATCH),
        ("蒲立恒和邝振川是同事", MATCH),  # not a list of names: a sentence about them
        ("介绍人：蒲立恒、邝振川的同事", MISMATCH),
        ("蒲立恒（邝振川的同事、戚鸣远的朋友）", MATCH),  # the list is an aside
        ("介绍人为蒲立恒、顾主任", MISMATCH),  # the question's own label before 为 labels the whole list
        ("介绍人为蒲立恒", MATCH),
        ("蒲立恒的朋友介绍的", MISMATCH),  # another person of his
        ("蒲立恒同事介绍的", MISMATCH),
    ],
)
def test_lists_of_names(answer: str, status: str) -> None:
    assert _compare(compare_entity, "蒲立恒", answer, _question("是谁介绍的？")).status == status


@pytest.mark.parametrize(
    ("answer", "status", "why"),
    [
        ("柏书瑶未表示谅解，甘立群谅解了", MISMATCH, "the name is the subject of the denied act"),
        ("柏书瑶没有谅解", MISMATCH, "没有 right after the name"),
        ("只有柏书瑶出具了谅解书", MATCH, "affirmed"),
        ("柏书瑶，其他人都没有谅解", MATCH, "the denial is another clause's"),
        ("柏书瑶不是被告人，她表示谅解", MATCH, "what is denied of her is not what is asked"),
    ],
)
def test_a_name_whose_act_is_denied_is_not_named(answer: str, status: str, why: str) -> None:
    asked = _question("谁对庞绍钧表示了谅解？")
    assert _compare(compare_entity, "柏书瑶", answer, asked).status == status, why


@pytest.mark.parametrize(
    ("reference", "answer", "question", "status", "why"),
    [
        ("长女戴秋萍", "戴秋萍", "遗产由谁继承？", MATCH, "a relation before the name does not decide"),
        ("长女戴秋萍", "次女戴秋芸", "遗产由谁继承？", MISMATCH, "another name"),
        ("戴秋萍", "戴秋萍的长女", "遗产由谁继承？", MISMATCH, "a relative of hers is another person"),
        ("覃书朗", "借款人覃书朗向戴秋萍借款", "出借人是谁？", MISMATCH, "named as the other party"),
        ("覃书朗", "出借人覃书朗", "出借人是谁？", MATCH, "named as the party asked"),
        ("覃书朗", "被告覃书朗", "出借人是谁？", MATCH, "a role of another relation says nothing"),
        (
            "宁川市临江区人民检察院",
            "宁川市人民检察院",
            "谁提起公诉？",
            MISMATCH,
            "the city's, not the district's",
        ),
        ("宁川市临江区人民检察院", "临江区检察院", "谁提起公诉？", MATCH, "a leading place left out"),
        ("宁川顺和物流运输有限公司", "顺和物流公司", "承运人是哪家公司？", MATCH, "the usual short name"),
        ("宁川顺和物流运输有限公司", "宁川顺和公司", "承运人是哪家公司？", MATCH, "place and name"),
        ("宁川顺和物流运输有限公司", "宁川顺和建材有限公司", "承运人是哪家公司？", MISMATCH, "another trade"),
        ("宁川顺和物流运输有限公司", "宁川恒通物流运输公司", "承运人是哪家公司？", MISMATCH, "another name"),
        ("顺和物流运输有限公司", "物流运输公司", "承运人是哪家公司？", MISMATCH, "no place to leave out"),
        ("宁川信衡会计师事务所", "信衡会计师事务所", "谁出具了审计报告？", MATCH, "a leading place left out"),
        (
            "宁川顺和物流有限公司",
            "宁川顺和物流集团有限公司",
            "承运人是哪家公司？",
            MISMATCH,
            "its group: above it",
        ),
        ("宁川顺和物流有限公司", "顺和物流公司宁川分公司", "承运人是哪家公司？", MISMATCH, "a branch of it"),
        (
            "安衡人寿保险股份有限公司宁川分公司",
            "安衡人寿保险股份有限公司",
            "谁是被告？",
            MISMATCH,
            "the head company for its branch",
        ),
        ("戴秋萍", "戴秋萍之夫覃书朗", "遗产由谁继承？", MISMATCH, "a relative after 之"),
        ("宁川市中级人民法院", "临江市中级人民法院", "上诉于哪个法院？", MISMATCH, "another city's court"),
        ("信衡律师事务所", "信衡律所", "代理人所在的律师事务所？", MATCH, "律所 is 律师事务所"),
        ("挪用公款罪", "单位挪用公款罪", "以什么罪名定罪？", MISMATCH, "another charge ending in it"),
        ("挪用公款罪", "构成挪用公款罪", "以什么罪名定罪？", MATCH, "the whole charge after 构成"),
        ("挪用公款罪", "以挪用公款罪判处有期徒刑", "以什么罪名定罪？", MATCH, "the whole charge after 以"),
        ("江川农村商业银行石桥支行", "石桥支行", "货款转入哪个支行？", MATCH, "a branch by its own name"),
        (
            "江川农村商业银行石桥支行",
            "汇通银行石桥支行",
            "货款转入哪个支行？",
            MISMATCH,
            "another bank's branch",
        ),
        (
            "江川农村商业银行石桥支行",
            "石桥支行",
            "货款转入哪家银行的哪个支行？",
            MISMATCH,
            "the question asks the bank too",
        ),
        (
            "临江市公安局东港分局",
            "东港分局",
            "哪个公安机关立案？",
            MATCH,
            "a police bureau's branch by its name",
        ),
        ("临江县白沙镇柳塘村", "柳塘村", "事发地在哪个村？", MATCH, "a village by its own name"),
        ("临江县白沙镇柳塘村", "白沙镇", "事发地在哪个村？", MISMATCH, "the town, wider than the village"),
        (
            "临江县白沙镇柳塘村村民委员会",
            "柳塘村委会",
            "谁出具的证明？",
            MATCH,
            "the villagers' committee's short form",
        ),
        (
            "临江市公安局东港分局石湾派出所",
            "石湾派出所",
            "哪个派出所受理报案？",
            MATCH,
            "a station named alone is no head for the branch asked",
        ),
        (
            "临江市公安局东港分局",
            "临江市公安局东港分局石湾派出所",
            "哪个公安机关立案？",
            MISMATCH,
            "a station under the bureau asked",
        ),
        (
            "临江县青川建材有限公司",
            "青川建材发展有限公司",
            "供货方是哪家公司？",
            MISMATCH,
            "more words of a name before its legal form: another company",
        ),
        (
            "临江县青川建材有限公司",
            "青川建材股份有限公司",
            "供货方是哪家公司？",
            MATCH,
            "only the legal form differs",
        ),
        (
            "临江县青川建材贸易有限公司",
            "青川建材公司",
            "供货方是哪家公司？",
            MATCH,
            "a region and a trade left out",
        ),
        ("滇C·3F82K号小型客车", "滇C3F82K", "肇事车辆是哪辆？", MATCH, "the plate names the vehicle"),
        ("滇C·3F82K号小型客车", "滇C3F28K号小型客车", "肇事车辆是哪辆？", MISMATCH, "another plate"),
    ],
)
def test_relations_roles_places_and_short_names(
    reference: str, answer: str, question: str, status: str, why: str
) -> None:
    assert _compare(compare_entity, reference, answer, _question(question)).status == status, why


@pytest.mark.parametrize(
    ("reference", "answer", "status", "why"),
    [
        ("临州云岫茶业有限公司", "云岫茶业", MATCH, "a company's short name answers a text question too"),
        ("宁川信衡律师事务所", "信衡律所", MATCH, "place left out of a name counted before its short forms"),
        ("临州云岫茶业有限公司", "云岫茶行", MISMATCH, "another name"),
        ("货款纠纷", "纠纷", MISMATCH, "no organisation: no short form"),
    ],
)
def test_a_text_that_names_an_organisation_reads_its_short_name(
    reference: str, answer: str, status: str, why: str
) -> None:
    assert _compare(compare_text, reference, answer).status == status, why


@pytest.mark.parametrize(
    ("kind", "reference", "answer", "status", "why"),
    [
        (
            "text",
            "有期徒刑二年，缓刑三年",
            "判处有期徒刑三年，缓刑二年",
            MISMATCH,
            "the numbers swapped between words",
        ),
        (
            "text",
            "有期徒刑二年，缓刑三年",
            "有期徒刑二年，缓刑三年，并处罚金",
            MATCH,
            "each word keeps its number",
        ),
        ("entity", "临州明正司法鉴定所", "临州明正司法鉴定中心", MISMATCH, "another kind of body"),
        (
            "entity",
            "临州仲裁委员会",
            "临州市劳动人事争议仲裁委员会",
            MISMATCH,
            "words inside the name: another body",
        ),
        ("entity", "临州市恒岳建材有限公司", "临州恒岳建材有限公司东城分公司", MISMATCH, "a branch of it"),
        ("entity", "临州市恒岳建材有限公司", "临州恒岳建材有限公司", MATCH, "the company itself"),
    ],
)
def test_numbers_kinds_insertions_and_branches(
    kind: str, reference: str, answer: str, status: str, why: str
) -> None:
    compare = compare_entity if kind == "entity" else compare_text
    assert _compare(compare, reference, answer).status == status, why


def test_a_list_is_a_hedge_only_for_an_entity() -> None:
    assert _compare(compare_text, "装修", "装修、经营周转").status == MATCH
    assert _compare(compare_text, "装修", "装修或经营周转").status == MISMATCH


def test_fields_are_read_as_given() -> None:
    assert _compare(compare_entity, "蒲立恒", "见笔录", entity="蒲立恒").status == MATCH
    comp = _compare(compare_entity, "蒲立恒", "蒲立恒", entity="顾主任")
    assert comp.status == MISMATCH and "fields:entity" in comp.reason


def test_quotations_are_read_when_the_conclusion_names_nothing() -> None:
    assert _compare(compare_text, "乐言上学", "备注写的是“乐言上学”。").status == MATCH
    assert _compare(compare_text, "乐言上学", "不是“乐言上学”。").status == MISMATCH


def test_expected_lists_are_shown_as_lists() -> None:
    comp = _compare(compare_text, ("装修", "装潢"), "证券投资")
    assert comp.status == MISMATCH and comp.expected == ["装修", "装潢"]
    assert _compare(compare_text, ("装修", "装潢"), "  ").status == OMISSION
    assert _compare(compare_text, (), "装修").status == MISMATCH


def test_the_rate_period_comes_from_the_evidence() -> None:
    q = _question("逾期利息按什么利率计算？", ("自逾期之日起按月利率0.9%向甲方支付逾期利息",))
    assert _compare(compare_text, "0.9%", "年利率0.9%", q).status == MISMATCH
    assert _compare(compare_text, "0.9%", "月利率0.9%", q).status == MATCH
    assert _compare(compare_text, "0.9%", "月利率0.9%，即年利率10.8%", q).status == MATCH
    assert _compare(compare_text, "年利率0.9%", "月利率0.9%", q).status == MISMATCH  # the reference's own


def test_exact_accepts_any_accepted_answer() -> None:
    q = _question()
    values = AnswerValues(Answer("大学专科"), q)
    assert compare_exact(("大专", "大学专科"), values, CompareContext("text_answer", q)).status == MATCH
    values = AnswerValues(Answer("见下", fields={"entity": "顾主任"}), q)
    assert compare_exact(("蒲立恒",), values, CompareContext("entity", q)).status == MISMATCH


def _loads_jieba(answer: str, expected: str) -> bool:
    code = (
        "import sys\n"
        "from benchmark.models import Answer, Expected, Question\n"
        "from scorers.comparators import CompareContext\n"
        "from scorers.extract import AnswerValues\n"
        "from scorers.text_comparators import compare_entity\n"
        "q = Question(id='q', type='fact_exact', question='哪个法院？', expected=Expected())\n"
        f"compare_entity({expected!r}, AnswerValues(Answer({answer!r}), q), CompareContext('entity', q))\n"
        "print('jieba' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip() == "True"


def test_jieba_is_loaded_only_when_the_token_rule_is_reached() -> None:
    assert not _loads_jieba("由江州市临川区人民法院管辖。", "江州市临川区人民法院")  # contains
    assert not _loads_jieba("十日内", "十五日内")  # a number decides
    assert _loads_jieba("被告开车未保持安全车距", "被告驾驶车辆时未保持安全车距")  # the token rule


def test_alternative_ways_are_no_alternative_answers() -> None:
    answer = "可在判决书送达之日起十五日内，通过本院或者直接向江州市中级人民法院提出上诉。"
    assert _compare(compare_entity, "江州市中级人民法院", answer).status == MATCH
    assert _compare(compare_entity, "江州市中级人民法院", "江州市中院或者江州市高院").status == MISMATCH


def test_an_approximation_the_question_asks_for_is_no_hedge() -> None:
    rough = _question("房子面积大约多少？")
    assert _compare(compare_text, "96平方米左右", "大约96平米", rough).status == MATCH
    assert _compare(compare_text, "十点左右", "大概10点", _question("大约是几点？")).status == MATCH
    assert (
        _compare(compare_text, "四十平方米", "约四十平方米", _question("办公室面积约多少？")).status == MATCH
    )
    assert (
        _compare(compare_text, "四十平方米", "约四十平方米", _question("办公室面积多少？")).status == OMISSION
    )


def test_the_token_rule_reads_one_sentence_with_every_number() -> None:
    answer = "5月10日他转了一笔。那天我卡上只有6万多，就转了6万。"
    assert _compare(compare_text, "卡上只有5万多", answer).status == MISMATCH
    assert _compare(compare_text, "卡上只有5万多", "那天卡上只有5万多，就转了5万。").status == MATCH


_PIECES = ["蒲立恒", "顾主任", "听雨轩茶楼", "江州市中院", "不是", "可能", "或", "、", "和", "，", "。", "（", "）",
           "被告", "介绍的", "吧", "他说", "十五日", "15天", "\n", " ", "Pu", "未", "没", "不会", "以下", "之外"]  # fmt: skip


@given(
    st.lists(st.sampled_from(_PIECES), max_size=8).map("".join),
    st.sampled_from(["蒲立恒", "顾主任", "听雨轩"]),
)
def test_the_plain_shortcut_decides_as_the_rules_do(answer: str, name: str) -> None:
    """A reference no rule rewrites, found in a sentence without cue characters, is a match: the same
    verdict as the rules reach without that shortcut."""
    ref = reference(name, False)
    assert ref.plain is not None
    slow = dataclasses.replace(ref)
    slow.__dict__["plain"] = None  # the cached property, set: no shortcut
    fast_verdict = match_references([ref], [AnswerText(answer, False)], "是谁介绍的？", entity=True)
    slow_verdict = match_references([slow], [AnswerText(answer, False)], "是谁介绍的？", entity=True)
    assert fast_verdict.status == slow_verdict.status


def test_an_answer_that_only_asks_and_quotes_asserts_nothing() -> None:
    comp = _compare(
        compare_entity, "闫书禾", "审判长是谁？依据：“审判长闫书禾”", _question("本案的审判长是谁？")
    )
    assert comp.status == OMISSION and comp.reason == "answer asserts nothing outside what it quotes or asks"


@pytest.mark.parametrize(
    ("answer", "status", "why"),
    [
        ("戚长庚（父亲）", MATCH, "an aside after the name says who he is (was 'names 戚长庚父亲')"),
        ("他父亲戚长庚", MATCH, "a relation before the name"),
        ("戚长庚的父亲", MISMATCH, "another person of his"),
    ],
)
def test_an_aside_after_a_name_is_no_other_person(answer: str, status: str, why: str) -> None:
    asked = _question("戚鸣远要求通知哪位家属？")
    assert _compare(compare_entity, "戚长庚", answer, asked).status == status, why


@pytest.mark.parametrize(
    ("answer", "question", "status", "why"),
    [
        (
            "钟离墨并非借款人，他只是介绍人。",
            "借款人是谁？",
            MISMATCH,
            "the name, then 并非 and the role asked",
        ),
        ("钟离墨为见证人。", "借款人是谁？", MISMATCH, "the name given another role than the one asked"),
        ("钟离墨是该公司的股东。", "该公司的法定代表人是谁？", MISMATCH, "another role after 的"),
        ("钟离墨是本案借款人。", "借款人是谁？", MATCH, "the role asked"),
        (
            "钟离墨是该公司的总经理。",
            "该公司的法定代表人是谁？",
            MATCH,
            "a title outside the roles read says nothing",
        ),
        ("被执行人是钟离墨。", "本案的申请执行人是谁？", MISMATCH, "the other side of enforcement"),
        ("委托人钟离墨", "受托人是谁？", MISMATCH, "the other side of a mandate"),
        ("钟离墨系被告的委托代理人。", "原告的委托诉讼代理人是谁？", MISMATCH, "the other party's agent"),
        ("见证人包括钟离墨、钟离默。", "见证人是谁？", MISMATCH, "a list after 包括"),
        ("借款时在场的有：\n- 钟离墨\n- 尉迟霜", "借款人是谁？", MISMATCH, "a bulleted list, no label"),
        ("- 借款人：钟离墨\n- 保证人：尉迟霜", "借款人是谁？", MATCH, "each line's label says which"),
    ],
)
def test_a_name_given_another_role_or_in_a_list_is_not_the_answer(
    answer: str, question: str, status: str, why: str
) -> None:
    assert _compare(compare_entity, "钟离墨", answer, _question(question)).status == status, why
