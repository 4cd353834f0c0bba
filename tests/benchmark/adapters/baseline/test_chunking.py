from __future__ import annotations

from pathlib import Path

import pytest

from benchmark.adapters.baseline.chunking import chunk_document, is_transcript, qa_role
from benchmark.documents import Document

from .conftest import write


def spans(chunks: list) -> list[tuple[str, int, int, int]]:
    return [(c.kind, c.page, c.start, c.end) for c in chunks]


def test_transcript_is_cut_into_header_blocks_and_qa_pairs_with_file_line_numbers(
    transcript: Document,
) -> None:
    assert is_transcript(transcript)
    chunks = chunk_document(transcript, "structure")
    assert spans(chunks) == [
        ("header", 1, 2, 5),  # heading, time and recorder before the first question
        ("qa", 1, 6, 7),
        ("qa", 1, 8, 10),  # the answer continues on line 10
        ("qa", 1, 11, 12),  # the page footer (line 13) belongs to no chunk
        ("qa", 2, 15, 16),
        ("qa", 2, 17, 18),
        ("qa", 2, 19, 20),
        ("qa", 2, 21, 22),
        ("qa", 2, 23, 24),
    ]
    pair = chunks[2]
    assert pair.text == "问：你借给乔慕白多少钱？\n答：一共借给他三万元，\n分两次给的。"
    for chunk in chunks:
        for line in chunk.lines:
            assert transcript.lines_between(line.number, line.number)[0].text == line.text
            assert line.page == chunk.page


def test_an_answer_continued_on_the_next_page_carries_its_question_as_context(tmp_path: Path) -> None:
    doc = write(
        tmp_path,
        "t.md",
        "<!-- page: 1 -->\n问：甲\n答：一\n问：乙\n答：二\n问：钱给了谁？\n答：给了\n<!-- page: 2 -->\n韩砚舟。\n问：丙\n答：三\n",
    )
    chunks = chunk_document(doc)
    continued = next(c for c in chunks if c.page == 2 and c.start == 9)
    assert continued.text == "韩砚舟。"
    assert continued.context == "问：钱给了谁？"
    assert "钱给了谁" in continued.search_text


def test_prose_sections_paragraphs_and_table_rows(contract: Document) -> None:
    chunks = chunk_document(contract, "structure")
    assert spans(chunks) == [
        ("section", 1, 2, 2),
        ("section", 1, 4, 6),
        ("table_row", 1, 10, 10),
        ("table_row", 1, 11, 11),
        ("table_row", 1, 12, 12),
        ("section", 2, 14, 15),
        ("paragraph", 2, 17, 18),
    ]
    row = chunks[2]
    assert row.text == "| 第1期 | 2022/06/30 | 20,000.00 |"
    assert "| 期数 | 还款日 | 金额（元） |" in row.context
    assert "第一条 借款金额" in row.context


def test_long_paragraphs_are_split_near_chunk_size_at_sentence_ends(tmp_path: Path) -> None:
    body = "\n".join(f"第{i}句话写在这一行里，内容是关于借款的陈述。" for i in range(1, 21))
    doc = write(tmp_path, "p.md", "<!-- page: 1 -->\n" + body + "\n")
    chunks = chunk_document(doc, "paragraph", chunk_size=100)
    assert len(chunks) > 3
    assert [line.number for c in chunks for line in c.lines] == list(range(2, 22))
    assert all(c.text.endswith("。") for c in chunks)
    assert all(len(c.text.replace("\n", "")) < 200 for c in chunks)


def test_paragraph_chunking_ignores_qa_structure(transcript: Document) -> None:
    chunks = chunk_document(transcript, "paragraph", chunk_size=60)
    assert all(c.kind == "paragraph" for c in chunks)
    assert all(len({line.page for line in c.lines}) == 1 for c in chunks)


def test_fixed_chunking_covers_every_non_empty_line_once(transcript: Document) -> None:
    chunks = chunk_document(transcript, "fixed", chunk_size=40)
    numbers = [line.number for c in chunks for line in c.lines]
    expected = [line.number for line in transcript.lines if line.text.strip()]
    assert numbers == expected
    assert all(c.kind == "fixed" for c in chunks)


def test_unknown_chunking_is_refused(transcript: Document) -> None:
    with pytest.raises(ValueError, match="structure, paragraph, fixed"):
        chunk_document(transcript, "sentences")


def test_qa_role_reads_both_colons() -> None:
    assert qa_role("问：你好") == "问"
    assert qa_role(" 答:好的") == "答"
    assert qa_role("问题：不是") is None
