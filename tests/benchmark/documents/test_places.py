"""Where a text is: across line and page breaks, page furniture skipped, elisions honoured."""

from __future__ import annotations

from pathlib import Path

from benchmark.documents import Document, load_document
from benchmark.documents.places import Place, furniture_lines, is_page_number

TEXT = (
    "<!-- page: 1 -->\n问：钱给了谁？\n答：给了钱科长，他说要等人事科\n"
    "被讯问人：某甲（捺印）　　　　第1页　共2页\n<!-- page: 2 -->\n开会研究。\n问：还有吗？\n答：给了钱科长。\n"
)


def doc(tmp_path: Path) -> Document:
    path = tmp_path / "d.md"
    path.write_text(TEXT, encoding="utf-8")
    return load_document(path)


def test_page_numbers_and_edge_signatures_are_furniture(tmp_path: Path) -> None:
    d = doc(tmp_path)
    assert furniture_lines(d.pages) == frozenset({4, 9})  # the footer, and the blank line the file ends with
    assert is_page_number("第 3 页 共 8 页") and is_page_number("- 3 -") and is_page_number("Page 3 of 8")
    assert not is_page_number("第3页的笔录记载了收款")


def test_a_quote_across_the_page_break_is_found_as_crossing(tmp_path: Path) -> None:
    (place,) = doc(tmp_path).places("他说要等人事科开会研究")
    assert place == Place((3, 6), (1, 2)) and place.crosses_pages
    assert place.describe() == "pages 1-2 (lines 3-6, across the page break)"


def test_every_occurrence_in_document_order(tmp_path: Path) -> None:
    places = doc(tmp_path).places("给了钱科长")
    assert [(p.start, p.page) for p in places] == [(3, 1), (8, 2)]
    assert places[1].describe() == "page 2, line 8"


def test_elided_quotes_and_misses(tmp_path: Path) -> None:
    d = doc(tmp_path)
    assert d.places("钱给了谁……给了钱科长")[0].lines == (2, 3)
    assert d.places("这句话不在文中") == [] and d.places("，。") == []
