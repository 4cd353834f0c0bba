"""The per-document index (``Document.index``) and what scorers derive from a document (``derived``)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.documents import Document, Line, Page, load_document
from benchmark.documents.model import match_view

ROOT = Path(__file__).resolve().parents[3]
TRANSCRIPT = ROOT / "datasets" / "transcript" / "document.md"


def _scan(page: Page, needle: str) -> list[int]:
    """The lines holding the first occurrence of ``needle``, each line folded and the page searched
    whole: the look-up the index replaces."""
    folded = [match_view(line.text) for line in page.lines]
    pos = "".join(folded).find(needle) if needle else -1
    if pos < 0:
        return []
    out, offset = [], 0
    for line, text in zip(page.lines, folded, strict=True):
        if offset < pos + len(needle) and offset + len(text) > pos:
            out.append(line.number)
        offset += len(text)
    return out


_PIECES = [
    "借款",
    "人民币",
    "４２，０００元",
    "",
    " ",
    "___",
    "$x$",
    "问：",
    "答：",
    "顾建国",
    "。",
    "a",
    "B",
]
_lines = st.lists(st.lists(st.sampled_from(_PIECES), max_size=4).map("".join), min_size=1, max_size=8)


def _document(pages: list[list[str]]) -> Document:
    out, number = [], 0
    for p, texts in enumerate(pages, start=1):
        page = Page(p)
        for text in texts:
            number += 1
            page.lines.append(Line(number, p, text))
        out.append(page)
    return Document(Path("x.md"), "text", out, "0" * 64)


@given(st.lists(_lines, min_size=1, max_size=3), st.lists(st.sampled_from(_PIECES), min_size=1, max_size=3))
@settings(max_examples=600, deadline=None)
def test_lines_holding_a_passage_are_those_a_scan_finds(pages: list[list[str]], pieces: list[str]) -> None:
    doc = _document(pages)
    needle = match_view("".join(pieces))
    for page in doc.pages:
        scanned = _scan(page, needle)
        found = doc.index.lines_holding(page.number, needle)
        assert found == ((scanned[0], scanned[-1]) if scanned else None)
        assert [line.number for line in doc.locate("".join(pieces), page.number)] == (
            scanned if needle else []
        )
    first = next((p.number for p in doc.pages if needle and needle in p.folded), None)
    assert doc.index.first_page_holding(needle) == first


def test_a_passage_spanning_two_lines_is_located_on_both() -> None:
    doc = _document([["问：钱是怎么给的？", "答：分三次给的，", "三次加起来一共四万元。"], ["借款"]])
    assert doc.index.lines_holding(1, match_view("分三次给的，三次加起来")) == (2, 3)
    assert [line.number for line in doc.locate("分三次给的，三次加起来")] == [2, 3]
    assert doc.index.lines_holding(99, "借款") is None and doc.index.lines_holding(2, "") is None
    assert [doc.index.page_of_line[n] for n in (1, 2, 3, 4)] == [1, 1, 1, 2]


def test_a_passage_never_spans_a_page_break() -> None:
    doc = load_document(TRANSCRIPT)
    first, second = doc.pages[0].folded, doc.pages[1].folded
    assert doc.index.first_page_holding(second[40:80]) == 2
    assert doc.index.first_page_holding(first[-10:] + second[:10]) is None


def test_what_a_scorer_derives_is_built_once_and_held_by_the_document() -> None:
    doc = _document([["借款人民币４２，０００元"]])
    calls: list[Document] = []

    def count_lines(d: Document) -> int:
        calls.append(d)
        return len(d.lines)

    assert doc.derived(count_lines) == doc.derived(count_lines) == 1
    assert calls == [doc]
    other = _document([["借款"], ["还款"]])
    assert other.derived(count_lines) == 2 and calls == [doc, other]
