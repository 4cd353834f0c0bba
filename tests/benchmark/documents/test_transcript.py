"""Transcript structure: header, numbered question-answer pairs with their parts, pages and lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark.documents import Document, load_document
from benchmark.documents.transcript import Role
from benchmark.resources import datasets_dir

SEED_BANK = Path(__file__).resolve().parents[2] / "fixtures" / "seed_bank"


def doc_of(tmp_path: Path, text: str, name: str = "t.md") -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path)


def pairs_of(doc: Document) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    t = doc.transcript
    assert t is not None
    return [(p.question.lines if p.question else (), p.answer.lines if p.answer else ()) for p in t.pairs]


HEADER = "<!-- page: 1 -->\n某市公安局\n询 问 笔 录\n时间：2022年1月1日\n被询问人：某甲\n"


@pytest.mark.parametrize(
    ("why", "body"),
    [
        ("full-width colons", "问：你叫什么？\n答：某甲。\n问：多大？\n答：三十岁。\n"),
        ("half-width colons", "问:你叫什么?\n答:某甲.\n问:多大?\n答:三十岁.\n"),
        ("a space instead of the colon", "问 你叫什么？\n答 某甲。\n问　多大？\n答　三十岁。\n"),
        (
            "names in brackets",
            "问（民警甲）：你叫什么？\n答（某甲）：某甲。\n问(民警乙):多大？\n答(某甲):三十岁。\n",
        ),
        (
            "a name before the marker",
            "侦查员问：你叫什么？\n某甲答：某甲。\n侦查员问：多大？\n某甲答：三十岁。\n",
        ),
        ("no separator at all", "问你叫什么？\n答某甲。\n问多大？\n答三十岁。\n"),
        (
            "Markdown emphasis and an OCR pipe",
            "**问**：你叫什么？\n**答**：某甲。\n|问：多大？\n| 答：三十岁。\n",
        ),
    ],
)
def test_marker_styles(tmp_path: Path, why: str, body: str) -> None:
    doc = doc_of(tmp_path, HEADER + body)
    assert pairs_of(doc) == [((6,), (7,)), ((8,), (9,))], why
    t = doc.transcript
    assert t is not None and t.header is not None and t.header.lines == (2, 3, 4, 5)


def test_alternating_speaker_labels(tmp_path: Path) -> None:
    body = "民警：你叫什么？\n某甲：某甲。\n民警：多大了？\n某甲：三十岁。\n民警：住哪里？\n某甲：东湖区。\n"
    doc = doc_of(tmp_path, HEADER + body)
    t = doc.transcript
    assert t is not None and t.style == "labels"
    assert pairs_of(doc) == [((6,), (7,)), ((8,), (9,)), ((10,), (11,))]


def test_multi_line_answer_and_a_pair_across_a_page_break(tmp_path: Path) -> None:
    text = (
        HEADER
        + "问：经过如何？\n答：第一句，\n第二句。\n问：后来呢？\n答：他说要等\n"
        + "被询问人：某甲（捺印）　　第1页　共2页\n<!-- page: 2 -->\n开会研究。\n问：还有吗？\n答：没有了。\n"
        + "以上笔录我看过，和我说的相符。\n被询问人：某甲\n二〇二二年一月一日\n"
    )
    doc = doc_of(tmp_path, text)
    t = doc.transcript
    assert t is not None
    assert pairs_of(doc) == [((6,), (7, 8)), ((9,), (10, 13)), ((14,), (15,))]
    crossing = t.pair(2)
    assert crossing is not None and crossing.pages == (1, 2) and crossing.lines_on(2) == (13,)
    assert (
        crossing.answer is not None
        and "开会研究" in crossing.answer.text
        and "捺印" not in crossing.answer.text
    )
    assert t.closing is not None and t.closing.lines == (16, 17, 18)
    assert t.role(10) == Role("qa_pair", 2, "answer") and t.role(9) == Role("qa_pair", 2, "question")
    assert t.role(3) == Role("header") and t.role(17) == Role("closing") and t.role(11) is None  # footer


def test_words_that_begin_with_the_markers_are_not_markers(tmp_path: Path) -> None:
    body = "问：你叫什么？\n答：某甲。\n答辩人称其不知情。\n问题在于时间。\n问：多大？\n答：三十岁。\n"
    doc = doc_of(tmp_path, HEADER + body)
    assert pairs_of(doc) == [((6,), (7, 8, 9)), ((10,), (11,))]


def test_documents_without_pairs_have_no_transcript(tmp_path: Path) -> None:
    assert doc_of(tmp_path, "<!-- page: 1 -->\n原告诉称：被告借款未还。\n问：一句。\n").transcript is None
    for name in ("judgment/document.md", "loan_contract/document.md"):
        assert load_document(datasets_dir() / name).transcript is None, name


def test_bundled_transcript_and_its_ocr_copy_have_the_same_pairs() -> None:
    md = load_document(datasets_dir() / "transcript" / "document.md").transcript
    ocr = load_document(datasets_dir() / "transcript" / "ocr_pages.json").transcript
    assert md is not None and ocr is not None
    assert len(md.pairs) == len(ocr.pairs) == 224
    assert md.header is not None and md.header.pages == (1,) and "身份证件种类及号码" in md.header.text
    assert md.closing is not None and "记录人：符晓川（签名）" in md.closing.text


def test_seed_bank_transcript() -> None:
    doc = load_document(SEED_BANK / "transcript_pages.json")
    t = doc.transcript
    assert t is not None and len(t.pairs) == 60
    pair = t.pair(22)
    assert pair is not None and pair.pages == (3, 4)  # its answer runs on over the page break
    assert t.pair(61) is None and t.pair(0) is None
