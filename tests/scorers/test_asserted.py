"""Which values an answer asserts: pasted excerpts and several values of the asked kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark.documents import load_document
from benchmark.text import find_amounts, find_counts, find_dates
from scorers.asserted import _a_document_line, is_excerpt, pick, question_words

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPT = load_document(ROOT / "datasets/transcript/document.md")

PASTE = (
    "问：你给邝振川写过收条吗？\n答：写过，是2020年8月21日他把最后一万块钱给我的时候写的。\n"
    "问：收条写了几张？\n答：就写了一张，收条原件在邝振川手上。"
)


def test_a_pasted_excerpt_is_recognised() -> None:
    assert is_excerpt(PASTE, TRANSCRIPT)
    assert is_excerpt("检索到以下内容：\n" + PASTE, TRANSCRIPT), "a heading line does not make it an answer"


@pytest.mark.parametrize(
    "text",
    [
        "邝振川共分三次交钱，合计46000元：第一次2020年8月3日微信转账20000元，第二次16000元，第三次10000元。",
        "答：就写了一张，收条原件在邝振川手上。",  # one copied sentence is a short answer
        "写过。就写了一张。",  # too short to be a paste
        # the baseline's shape: a conclusion, then the sentences it comes from
        "10000元。第三次是2020年8月21日下午三点左右，他给了我现金10000元，是在他家楼下给的，用一个牛皮纸信封装着。",
        "写过一张。问：收条写了几张？\n答：就写了一张，收条原件在邝振川手上。\n问：你给邝振川写过收条吗？",
    ],
)
def test_answers_are_not_excerpts(text: str) -> None:
    assert not is_excerpt(text, TRANSCRIPT)


@pytest.mark.parametrize(
    "label", ["【第4页】", "第4页：", "（第4页）", "[p. 4] ", "Page 4: ", "【第4页，第154-157行】"]
)
def test_a_page_label_is_no_conclusion_of_its_own(label: str) -> None:
    assert is_excerpt(label + PASTE, TRANSCRIPT), "a label before the copied text"
    assert is_excerpt(label + "\n" + PASTE, TRANSCRIPT), "a label on a line of its own"
    stuck = PASTE.replace("答：写过", label + "答：写过")
    assert is_excerpt(stuck, TRANSCRIPT), "a label inside the copied text"


def test_a_page_label_does_not_make_an_answer_an_excerpt() -> None:
    assert not is_excerpt(
        "第4页：就写了一张。" + "他说收条原件在邝振川手上，我没有见过复印件以外的东西。", TRANSCRIPT
    )


def test_an_excerpt_opening_with_a_short_line_of_the_document_is_still_one() -> None:
    text = "答：没钱还，不敢接。\n问：邝振川什么时候报的案你知道吗？\n答：不知道具体是哪天，后来听蒲立恒说他去派出所了。"
    assert is_excerpt(text, TRANSCRIPT)


def test_no_document_no_excerpt() -> None:
    assert not is_excerpt(PASTE, None)


@pytest.mark.parametrize(
    ("sentence", "is_line", "why"),
    [
        ("答：没钱还，不敢接。", True, "a whole line"),
        ("答：没钱还，不敢接", True, "a line up to its sentence end"),
        ("答 ：没钱还， 不敢接", True, "whitespace is no part of the comparison"),
        ("答：没钱还", False, "a fragment ending at a comma"),
        ("没钱还，不敢接。", False, "the end of a line, not its opening"),
        ("10000元", False, "a fragment inside a longer sentence"),
    ],
)
def test_a_document_line_is_a_line_opening_that_ends_a_sentence(
    sentence: str, is_line: bool, why: str
) -> None:
    assert _a_document_line(sentence, TRANSCRIPT) is is_line, why


def _amounts(text: str, question: str) -> tuple[list[int], list[int]]:
    found = [f for f in find_amounts(text) if f.definite]
    picked = pick(found, text, question_words(question), lambda f: f.value)
    return [int(f.value) for f in picked.asserted], [int(f.value) for f in picked.listed]


@pytest.mark.parametrize(
    ("text", "question", "asserted", "listed"),
    [
        ("46000元", "一共多少钱？", [46000], []),
        ("每期本金肆万元整（¥40,000.00）", "每期本金多少？", [40000, 40000], []),
        ("烟酒一共10500元，此外还买了2000元购物卡。", "买烟酒一共花了多少钱？", [10500], []),
        (
            "三次分别是20000元、16000元、10000元，其中第一次是20000元。",
            "第一次付款给了多少钱？",
            [20000, 20000],
            [],
        ),
        ("共46000元，其中20000元、16000元、10000元。", "收了多少钱？", [46000], []),
        ("笔录第2页说40000元，第6页核实为46000元。", "总共给了多少钱？", [46000], []),
        ("金额有20000元、16000元和10000元。", "第一次付款给了多少钱？", [], [20000, 16000, 10000]),
        ("9.5万，就是借款本金扣掉已还的5.5万", "借款本金是多少？", [95000], []),
        ("请求偿还借款本金95000元及逾期利息5700元", "要求偿还的借款本金是多少？", [95000], []),
        ("借款本金95000元及逾期利息5700元", "逾期利息是多少？", [5700], []),
        ("20000元和16000元", "第一次付款给了多少钱？", [], [20000, 16000]),
        # the opening clause of the question sets the scene: its 第一次 is not the first payment
        ("一共10万元，第一次6万，第二次4万", "第一次讯问时，他称给韩科长送了多少现金？", [100000], []),
        ("一共10万元，第一次6万，第二次4万", "第一次送了多少现金？", [60000], []),
        ("共10万元，第一次6万，第二次4万", "根据第一次讯问笔录，他送了多少现金？", [100000], []),
        # a word of finding (实际, 认定) against the question's own words
        (
            "合同约定借款30万元，但实际出借28万元（预扣头息2万元）。",
            "借款合同约定的借款金额是多少？",
            [300000],
            [],
        ),
        ("合同约定借款30万元，但实际出借28万元。", "实际出借了多少钱？", [280000], []),
        ("借条写的15万，但原告实际只转了14.5万", "借条载明的借款金额是多少？", [150000], []),
        ("1. 合同约定：30万元\n2. 实际交付：28万元", "借款合同约定的借款金额是多少？", [300000], []),
        ("收条：60,000元，其中判决认定50,000元为第二笔本金", "收条载明收到还款多少？", [60000], []),
        ("笔录第2页说40000元，第6页核实为46000元。", "笔录第2页说的是多少？", [40000], []),
        ("61,250元（以35万元为基数，暂计至2023年2月28日）", "原告主张的利息是多少？", [61250], []),
        # a question about someone's account: the clause that reports one, not the court's finding
        ("被告称尚欠83,000元，但法院认定为95,000元。", "按被告宓昭远的说法，借款本金还剩多少？", [83000], []),
        ("被告称尚欠83,000元，但法院认定为95,000元。", "法院认定尚欠的借款本金是多少？", [95000], []),
        ("原告称尚欠95,000元，被告则认为只欠83,000元", "按被告的说法，本金还剩多少？", [83000], []),
        # the verb right before the interrogative (还剩多少) says which value
        ("花了8000元，剩12000元", "收到的2万元现在还剩多少？", [12000], []),
        ("花了8000元，剩12000元", "收到的2万元花了多少？", [8000], []),
        # a finding that is one of the parts a total sums up does not answer for the total
        ("实际分两笔转出：12万元和8万元，合计20万元。", "借款合同约定的借款金额是多少？", [200000], []),
        # the value said to be the answer, or changed by the finder, over the question's own words
        ("鉴定费3,000元加公告费600元，因此答案为3600元。", "鉴定费是多少元？", [3600], []),
        ("原告请求赔偿5万元，法院调整为3万元。", "原告请求的赔偿是多少？", [30000], []),
        ("The claim was RMB 50,000; so the court awarded RMB 30,000.", "法院判决赔偿多少元？", [30000], []),
        ("原记载为8,000元，后更正为6,000元。", "判决书确定的鉴定费是多少？", [6000], []),
        ("原记载为8,000元，后更正为6,000元。", "判决书原来记载的鉴定费是多少？", [8000], []),
        (
            "法院判决被告偿还本金10万元，并支付违约金1.5万元。",
            "法院判决被告支付的违约金是多少？",
            [15000],
            [],
        ),
    ],
)
def test_pick_amounts(text: str, question: str, asserted: list[int], listed: list[int]) -> None:
    assert _amounts(text, question) == (asserted, listed)


def test_a_question_about_a_total_reads_the_total() -> None:
    text = "第一次供述三次，后来又补充了两次，总共五次。"
    counts = [f for f in find_counts(text) if f.definite]
    picked = pick(counts, text, question_words("他一共供述了多少次？"), lambda f: f.value)
    assert [f.value for f in picked.asserted] == [5]


@pytest.mark.parametrize(
    ("text", "question", "expected", "why"),
    [
        ("自2020年3月1日起至2023年2月28日止", "合同期限于哪一天届满？", "2023-02-28", "the end of a range"),
        (
            "2021年5月2日寄出，2021年5月6日签收。",
            "判决书是哪一天签收的？",
            "2021-05-06",
            "the act after the day",
        ),
        (
            "签收日期2021年5月6日；寄出于2021年5月2日。",
            "判决书是哪一天签收的？",
            "2021-05-06",
            "labelled by the act",
        ),
    ],
)
def test_a_date_question_reads_its_end_or_its_act(text: str, question: str, expected: str, why: str) -> None:
    dates = [f for f in find_dates(text) if f.definite]
    picked = pick(dates, text, question_words(question), lambda f: str(f.value))
    assert [str(f.value) for f in picked.asserted] == [expected], why


def test_an_amount_the_question_names_says_which_date_answers() -> None:
    text = "2019年9月10日还了3万，2020年1月20日还了2.5万。"
    dates = [f for f in find_dates(text) if f.definite]
    for question, expected in (
        ("第一笔还款30,000元是在哪一天？", "2019-09-10"),
        ("还款2.5万元是哪一天？", "2020-01-20"),
    ):
        picked = pick(dates, text, question_words(question), lambda f: str(f.value))
        assert [str(f.value) for f in picked.asserted] == [expected], question


def test_an_ordinal_the_question_names_says_which_date_answers() -> None:
    dates = lambda text: [f for f in find_dates(text) if f.definite]  # noqa: E731
    text = "第2期：2022年4月15日；第3期：2022年5月15日"
    picked = pick(dates(text), text, question_words("第2期的约定还款日是哪一天？"), lambda f: str(f.value))
    assert [str(f.value) for f in picked.asserted] == ["2022-04-15"]
    picked = pick(dates(text), text, question_words("第三期的约定还款日是哪一天？"), lambda f: str(f.value))
    assert [str(f.value) for f in picked.asserted] == ["2022-05-15"]  # 第三期 is 第3期
    row = "| 第2期 | 2022.4.15 | 40,000.00 | | 第3期 | 2022年5月15日 | 40,000.00 |"  # a table pasted whole
    picked = pick(dates(row), row, question_words("第2期的约定还款日是哪一天？"), lambda f: str(f.value))
    assert picked.asserted == ()


def test_pick_counts_by_total_and_dates_by_question() -> None:
    counts = [f for f in find_counts("3次：两次转账，一次现金。") if f.definite]
    assert [
        f.value
        for f in pick(
            counts, "3次：两次转账，一次现金。", question_words("分几次？"), lambda f: f.value
        ).asserted
    ] == [3]
    text = "收条是2020年8月21日写的，承诺书是2020年9月25日写的。"
    dates = [f for f in find_dates(text) if f.definite]
    picked = pick(dates, text, question_words("收条是哪一天写的？"), lambda f: str(f.value))
    assert [str(f.value) for f in picked.asserted] == ["2020-08-21"]


def test_a_clause_of_another_occasion_does_not_answer() -> None:
    text = "询问日期：2022-08-23；第二次询问：2022-09-02"
    found = [f for f in find_dates(text) if f.definite]
    picked = pick(found, text, question_words("甘立群是哪一天被询问（第一次）的？"), lambda f: f.value.iso())
    assert [f.value.iso() for f in picked.asserted] == ["2022-08-23"]


def test_the_whole_over_a_part_on_a_tie_of_question_words() -> None:
    text = "全本48页，其中记账的有23页"
    found = [f for f in find_counts(text) if f.definite]
    picked = pick(found, text, question_words("扣押的记账本全本共多少页？"), lambda f: f.value)
    assert [f.value for f in picked.asserted] == [48]
    asked = pick(found, text, question_words("记账本中记账的有多少页？"), lambda f: f.value)
    assert [f.value for f in asked.asserted] == [23]


@pytest.mark.parametrize(
    ("text", "question", "asserted", "why"),
    [
        (
            "2022年3月1日签收，货款支付日期不详。",
            "货款是哪一天支付的？",
            [],
            "the asked date is said unknown",
        ),
        (
            "货款于2022年3月1日支付，签收日期不详。",
            "货款是哪一天支付的？",
            ["2022-03-01"],
            "another is unknown",
        ),
        (
            "2022年3月1日，具体时间不详。",
            "货款是哪一天支付的？",
            ["2022-03-01"],
            "the unknown shares nothing",
        ),
        ("合同没有记载货款的支付日期，2022年3月1日是签收日。", "货款是哪一天支付的？", [], "没有记载 …"),
    ],
)
def test_a_single_value_is_anothers_when_the_asked_one_is_said_unknown(
    text: str, question: str, asserted: list[str], why: str
) -> None:
    dates = [f for f in find_dates(text) if f.definite]
    picked = pick(dates, text, question_words(question), lambda f: str(f.value))
    assert [str(f.value) for f in picked.asserted] == asserted, why
    assert bool(picked.unknown) is not bool(asserted), why
