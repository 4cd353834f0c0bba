"""Retrieved passages placed in the benchmark's document: page, document and lines from metadata and text,
which passages are cited, and the answer object built from them."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from benchmark.adapters.sources import (
    Shelf,
    Source,
    answer_object,
    as_sources,
    cited_indices,
    document_of,
    locate,
    page_of,
)
from benchmark.documents import Document, load_document
from benchmark.models import LineRange

# line 1 is the page marker; page 1 holds lines 2-4, page 2 lines 6-8
TEXT = (
    "<!-- page: 1 -->\n问：借了多少钱？\n答：借了四万二千元。\n问：什么时候还？\n"
    "<!-- page: 2 -->\n答：二〇二〇年八月三十一日还。\n问：有借条吗？\n答：有，写在纸上。\n"
)


@pytest.fixture(scope="module")
def doc(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = tmp_path_factory.mktemp("doc") / "xunwen.md"
    path.write_text(TEXT, encoding="utf-8")
    return load_document(path)


@pytest.mark.parametrize(
    ("metadata", "page", "why"),
    [
        ({"page_label": "2"}, 2, "LlamaIndex and LangChain PDF loaders: the label as text"),
        ({"page_label": "iv", "page": 3}, 3, "a roman label is no number: the next key decides"),
        ({"page_label": "1", "page": 0}, 1, "LangChain's PyPDFLoader: 0-based page, label wins"),
        ({"page_number": 4}, 4, "unstructured's key"),
        ({"page": 0}, None, "0 is no 1-based page"),
        ({"page": True}, None, "a bool is not a page"),
        ({}, None, "no page at all"),
    ],
)
def test_page_from_metadata(metadata: dict[str, Any], page: int | None, why: str) -> None:
    assert page_of(metadata) == page, why


@pytest.mark.parametrize(
    ("metadata", "name", "why"),
    [
        ({"document_id": "xunwen-1", "file_name": "a.md"}, "xunwen-1", "our id first"),
        ({"document_title": "第一次讯问笔录", "file_name": "a.md"}, "第一次讯问笔录", "then the title"),
        ({"file_name": "a.md", "source": "/x/b.md"}, "a.md", "LlamaIndex's file_name"),
        ({"source": "/data/case/b.pdf"}, "b.pdf", "LangChain's source path: its file name"),
        ({}, None, "nothing names it"),
    ],
)
def test_document_from_metadata(metadata: dict[str, Any], name: str | None, why: str) -> None:
    assert document_of(metadata) == name, why


@pytest.mark.parametrize(
    ("source", "lines", "why"),
    [
        (Source("答：借了四万二千元。", {"page_label": "1"}), (3, 3), "text found on its page"),
        (
            Source("答：借了四万二千元。\n问：什么时候还？", {"page_label": "1"}, start=9, end=28),
            (3, 4),
            "offsets that point at the same text",
        ),
        (
            Source("问：有借条吗？", {"page_label": "2"}, start=0, end=7),
            (7, 7),
            "stale offsets (start 0 is another line): the text decides",
        ),
        (Source("答：借了四万二千元。", {"page_label": "2"}), None, "not on the page it names: no lines"),
        (Source("这句话不在文件里。", {"page_label": "1"}), None, "text the document does not hold"),
        (
            Source("答：借了四万二千元。", {"page_label": "1", "file_name": "other.md"}),
            None,
            "another document",
        ),
        (
            Source("答：借了四万二千元。", {"page_label": "1", "file_name": "xunwen.md"}),
            (3, 3),
            "this document",
        ),
        (Source("答：借了四万二千元。", {}), None, "no page: nothing to place"),
    ],
)
def test_lines_are_placed_only_when_the_document_holds_the_passage(
    doc: Document, source: Source, lines: tuple[int, int] | None, why: str
) -> None:
    place = locate(source, doc)
    assert place.lines == (LineRange(*lines) if lines else None), why


def test_offsets_are_checked_against_the_page_text(doc: Document) -> None:
    page = doc.page(1)
    assert page is not None and page.text[9:28] == "答：借了四万二千元。\n问：什么时候还？"


@pytest.mark.parametrize(
    ("answer", "count", "cite", "expected", "why"),
    [
        ("借了四万二千元[2]。", 3, "top", [1], "a CitationQueryEngine marker"),
        ("见[3][1][3]。", 3, "top", [2, 0], "markers in order, once each"),
        ("见[4]。", 3, "top", [0], "a marker past the sources is no citation marker: the first"),
        ("借了四万二千元。", 3, "top", [0], "no marker: the best passage"),
        ("借了四万二千元。", 3, "all", [0, 1, 2], "every passage"),
        ("借了[1]。", 3, "none", [], "no citation"),
        ("借了。", 0, "top", [], "nothing retrieved"),
    ],
)
def test_which_passages_are_cited(answer: str, count: int, cite: str, expected: list[int], why: str) -> None:
    assert cited_indices(answer, count, cite) == expected, why


def test_answer_object_keeps_the_ranking_in_contexts(doc: Document) -> None:
    sources = [
        Source("问：有借条吗？", {"page_label": "2", "file_name": "xunwen.md"}, 0.9),
        Source("答：借了四万二千元。", {"page_label": "1", "file_name": "xunwen.md"}, 0.4),
        Source("别的材料", {"file_name": "other.md"}, None),
    ]
    obj = answer_object("借了四万二千元[2]。", sources, doc)
    assert obj["citations"] == [{"page": 1, "lines": "3", "document": "xunwen.md"}]
    assert [c["page"] for c in obj["contexts"]] == [2, 1, None]
    assert obj["contexts"][0] == {
        "document": "xunwen.md",
        "page": 2,
        "lines": "7",
        "text": "问：有借条吗？",
        "score": 0.9,
    }
    assert obj["evidence"][2] == {"text": "别的材料", "document": "other.md"}
    assert all("quote" not in c for c in obj["citations"])


def test_as_sources_takes_only_lists_of_passages() -> None:
    assert as_sources("text") is None
    assert as_sources([{"page_content": "x"}]) is None  # a dict is not a document
    assert as_sources([]) == []


def test_no_document_still_gives_pages(tmp_path: Path) -> None:
    obj = answer_object("答", [Source("答：借了四万二千元。", {"page_label": "1"})], None)
    assert obj["citations"] == [{"page": 1}]


def test_a_case_file_places_each_passage_in_the_document_it_names(doc: Document, tmp_path: Path) -> None:
    """Duck-typed like the set's case (``query.case``: ``infos`` with id/title/path, ``documents`` by id)."""
    other = tmp_path / "bank.md"
    other.write_text("<!-- page: 1 -->\n转账记录\n答：借了四万二千元。\n", encoding="utf-8")
    infos = [
        SimpleNamespace(id="xunwen-1", title="第一次讯问笔录", path=doc.path),
        SimpleNamespace(id="bank", title=None, path=other),
    ]
    case = SimpleNamespace(infos=infos, documents={"xunwen-1": doc, "bank": load_document(other)})
    shelf = Shelf.of(SimpleNamespace(case=case, document=None))  # type: ignore[arg-type]
    text = "答：借了四万二千元。"
    assert locate(Source(text, {"page_label": "1", "document_id": "bank"}), shelf).lines == LineRange(3, 3)
    assert locate(
        Source(text, {"page_label": "1", "document_title": "第一次讯问笔录"}), shelf
    ).lines == LineRange(3, 3)
    assert locate(Source(text, {"page_label": "1", "file_name": "bank.md"}), shelf).document == "bank.md"
    assert locate(Source(text, {"page_label": "1"}), shelf).lines is None  # which of the two: unknown
