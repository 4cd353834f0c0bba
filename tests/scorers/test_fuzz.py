"""Random Chinese text through every scorer raises nothing: answers and documents built from every
compound surname, measure words, numerals of every kind, full- and half-width characters, line and
paragraph separators, OCR noise and stray brackets, scored as each question type of the bundled sets.
Bounded for CI (a few hundred examples)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmark.answers import parse_answer
from benchmark.documents.loaders import load_text
from benchmark.pipeline.plan import plan
from benchmark.scoring import score_answer
from scorers.names import COMPOUND_SURNAMES, DocumentNames, find_names

PLAN = plan(None)  # every bundled set, its documents (and cases of several documents) loaded
QUESTIONS = PLAN.pairs
PIECES = [
    *COMPOUND_SURNAMES, *(s + "明" for s in COMPOUND_SURNAMES), *(s + "村" for s in COMPOUND_SURNAMES),
    "王", "张", "李", "顾建国", "主任", "律师", "名叫", "全名是", "一张", "两套", "这位", "三次", "3头", "五笔", "几个",
    "肆万贰仟元整", "四万二千元", "4.2万元", "42,000元", "４２０００元", "¥42000", "三四万", "大约", "可能是", "或",
    "二〇二〇年八月三十一日", "2020-08-31", "２０２０年８月３１日", "8月31日", "下午3点", "15:30", "25%", "百分之五",
    "13912345678", "139****2705", "990204197602183317", "wxid_abc123", "住址：江州市望湖路266号", "青屿市",
    "是", "否", "没有", "不知道", "材料中没有记载", "但", "不是", "认罪", "不认罪", "第2页", "p.3", "L40-42",
    "「", "」", "“", "”", "（", "）", "依据", "证据", "原文", "：", "，", "。", "；", "、", " ", "　", "\n", "\u2028",
    "\u2029", "\x85", "\t", "$\\underline{\\text{韩立舟}}$", "___、___", "|", "<br>", "&nbsp;", "ＡＢＣ", "abc", "0", "〇",
    "零", "两", "亿", "万万", "..", "…", "——", "\ufeff", "e\u0301", "𠀀", "🙂", "\u202e",
]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=30).map("".join)
citations = st.lists(
    st.fixed_dictionaries(
        {
            "page": st.none() | st.integers(-2, 12),
            "quote": st.none() | texts,
            "lines": st.sampled_from(["1-3", "0", "9-2", None]),
        }
    ),
    max_size=3,
)
FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))


@FUZZ
@given(st.sampled_from(range(len(QUESTIONS))), texts, citations, st.lists(texts, max_size=3), st.booleans())
def test_every_scorer_takes_any_text(
    index: int, text: str, cites: list[dict[str, object]], evidence: list[str], own_document: bool
) -> None:
    qs, question = QUESTIONS[index]
    answer = parse_answer({"answer": text, "citations": cites, "evidence": evidence})
    if own_document:
        document, case = load_text(Path("fuzz.md"), (text * 3).encode("utf-8")), None
    else:
        document, case = PLAN.document(qs), PLAN.case(qs)
    result = score_answer(question, answer, criteria=qs.criteria, document=document, case=case)
    assert 0.0 <= result.score <= 1.0


@FUZZ
@given(texts, texts)
def test_names_take_any_text(text: str, document: str) -> None:
    names = DocumentNames(document)
    for found in find_names(text, document, names.in_text):
        assert text[found.start : found.end] == found.raw
