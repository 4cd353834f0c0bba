"""The extractive answerer on small fictional documents: one test per answer kind and behaviour."""

from __future__ import annotations

import re

import pytest

from benchmark.adapters.baseline.analysis import analyse
from benchmark.adapters.baseline.dispatch import answer_question
from benchmark.adapters.baseline.retriever import RetrievalConfig, Retriever
from benchmark.documents import Document
from benchmark.models import Answer, LineRange


def answer(doc: Document, question: str, **options: object) -> Answer:
    """The baseline's answer from the question text alone: it is never told the type (these tests used
    to pass one; each one below now reaches the same kind of answer from the wording)."""
    return answer_question(question, Retriever(doc, RetrievalConfig.from_options(options)))


def cited(a: Answer) -> list[tuple[int | None, LineRange | None]]:
    return [(c.page, c.lines) for c in a.citations]


@pytest.mark.parametrize(
    ("question", "kinds"),
    [
        ("借款金额是多少？", ("amount",)),
        ("《借条》的落款日期是哪一天？", ("date",)),
        ("借期从哪天起到哪天止？", ("date_range",)),
        ("分几次给的？", ("count",)),
        ("是否认罪？", ("boolean",)),
        ("记录人是谁？", ("entity",)),
        ("年利率是多少？", ("percent",)),
        ("是在哪一天？金额是多少？", ("date", "amount")),
        ("顾主任的手机号码是多少？", ("text",)),
        ("借款的用途是什么？", ("text",)),
    ],
)
def test_what_a_question_asks_is_read_from_its_wording(question: str, kinds: tuple[str, ...]) -> None:
    assert analyse(question).kinds == kinds


def test_total_parts_and_inconsistency_are_noticed() -> None:
    ask = analyse("三次付款合计多少？请列出每一次的金额。前后说法一致吗？")
    assert (ask.total, ask.parts, ask.inconsistency) == (True, True, True)
    assert analyse("本次讯问的记录人是谁？").head == "记录人"


def test_amount(transcript: Document) -> None:
    a = answer(transcript, "第一次转账给了多少钱？")
    assert a.fields == {"amount": 20000}
    assert a.abstained is False
    assert cited(a) == [(1, LineRange(12, 12))]
    assert a.citations[0].quote == "2021年3月2日，我转账给他20000元。"
    assert "20000元" in a.answer


def test_amount_in_capitals_is_read(transcript: Document) -> None:
    assert answer(transcript, "借条上写的金额是多少？").fields["amount"] == 30000


def test_a_total_comes_with_the_parts_that_add_up_to_it(contract: Document) -> None:
    a = answer(contract, "借款金额合计多少？各期分别是多少？")
    assert a.fields["amount"] == 50000
    assert sorted(a.fields["amounts"]) == [20000, 30000]
    assert "合计50000元" in a.answer


def test_table_cells_are_read_under_their_column(contract: Document) -> None:
    a = answer(contract, "第2期还款日是哪一天？")
    assert a.fields == {"date": "2022-12-31"}
    assert cited(a) == [(1, LineRange(11, 11))]


def test_date(transcript: Document) -> None:
    a = answer(transcript, "第一次借钱是哪一天？")
    assert a.fields == {"date": "2021-03-02"}
    assert "2021年3月2日" in a.answer


def test_date_range(contract: Document) -> None:
    a = answer(contract, "借款期限从哪天到哪天？")
    assert a.fields == {"dates": ["2022-01-01", "2022-12-31"]}
    assert cited(a) == [(1, LineRange(6, 6))]


def test_count_spanning_two_lines(transcript: Document) -> None:
    a = answer(transcript, "韩砚舟借给乔慕白的钱分几次给的？")
    assert a.fields == {"count": 2}
    assert cited(a) == [(1, LineRange(9, 10))]


def test_boolean_no(transcript: Document) -> None:
    a = answer(transcript, "乔慕白有没有还钱？")
    assert a.fields == {"boolean": False}
    assert a.answer.startswith("否")
    assert cited(a) == [(2, LineRange(18, 18))]


def test_boolean_yes(transcript: Document) -> None:
    assert answer(transcript, "他们是否签过借条？").fields == {"boolean": True}


def test_entity_is_the_sentence_that_names_the_asked_role(transcript: Document, contract: Document) -> None:
    a = answer(transcript, "本次询问的记录人是谁？")
    assert "林知秋" in a.answer and "林知秋" in a.fields["text"]
    assert cited(a) == [(1, LineRange(5, 5))]
    assert "骆清禾" in answer(contract, "乙方是谁？").answer


def test_percent(contract: Document) -> None:
    assert answer(contract, "逾期违约金按什么比例计算？").fields == {"text": "万分之五"}


def test_fact_abstains_when_nothing_in_the_file_matches(transcript: Document) -> None:
    a = answer(transcript, "房屋租赁合同的押金是多少？")
    assert a.abstained is True
    assert a.answer.startswith("材料中没有记载")
    assert a.fields == {}


def test_fact_abstains_when_no_sentence_holds_the_asked_kind(contract: Document) -> None:
    a = answer(contract, "借款协议一式几份？")
    assert a.abstained is True
    assert "材料中没有记载" in a.answer
    assert a.citations  # it quotes the closest passage


def test_gap_abstains_and_quotes_what_the_file_says(transcript: Document) -> None:
    a = answer(transcript, "乔慕白的手机号码是多少？")
    assert a.abstained is True
    assert "无法确定" in a.answer and "他的号码我记不清了" in a.answer
    assert cited(a) == [(2, LineRange(20, 20))]
    assert not re.search(r"\d{3,}", a.answer)  # no invented number


def test_a_contradiction_is_named_with_both_passages(transcript: Document) -> None:
    a = answer(transcript, "韩砚舟一共借给乔慕白多少钱？前后说法一致吗？")
    assert a.abstained is False
    assert "矛盾" in a.answer
    assert cited(a) == [(1, LineRange(9, 10)), (2, LineRange(24, 24))]
    assert "三万元" in a.answer and "四万元" in a.answer


def test_conflict_gap_gives_a_value_the_file_plainly_states(transcript: Document) -> None:
    a = answer(transcript, "第二次给的现金是多少？")
    assert a.fields == {"amount": 10000}
    assert a.abstained is False


def test_evidence_set_returns_cited_passages_with_pages(transcript: Document) -> None:
    a = answer(transcript, "有哪些证据表明韩砚舟借钱给了乔慕白？")
    assert a.abstained is False
    assert len(a.evidence) >= 1
    assert [e.page for e in a.evidence] == [c.page for c in a.citations]
    assert [e.text for e in a.evidence] == [c.quote for c in a.citations]
    joined = "".join(e.text for e in a.evidence)
    assert "一共借给他三万元" in joined
    for item, citation in zip(a.evidence, a.citations, strict=True):
        assert citation.lines is not None
        lines = [line.text for line in transcript.lines_between(citation.lines.start, citation.lines.end)]
        assert all(
            line.page == item.page
            for line in transcript.lines_between(citation.lines.start, citation.lines.end)
        )
        assert lines


def test_every_option_combination_answers(transcript: Document) -> None:
    for chunking in ("structure", "paragraph", "fixed"):
        for top_k in (1, 3):
            a = answer(transcript, "第一次转账给了多少钱？", chunking=chunking, top_k=top_k, chunk_size=60)
            assert a.answer
            assert all(c.page in (1, 2) for c in a.citations)
