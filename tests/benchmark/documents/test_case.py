"""Case files: the lenient reading of document names, and a case's documents loaded once."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark.documents.case import NameIndex, load_case, name_keys, resolve_document
from benchmark.documents.loaders import load_document
from benchmark.models import DocumentInfo

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "case_mini"
INFOS = (
    DocumentInfo("xunwen-1", "xunwen_1.md", FIXTURE / "xunwen_1.md", "第一次讯问笔录", "讯问笔录"),
    DocumentInfo("xunwen-2", "xunwen_2.md", FIXTURE / "xunwen_2.md", "第二次讯问笔录", "讯问笔录"),
    DocumentInfo("liushui", "bank/liushui.md", FIXTURE / "liushui.md", "银行流水", None),
)


@pytest.mark.parametrize(
    ("name", "doc_id"),
    [
        ("xunwen-1", "xunwen-1"),
        ("XUNWEN-1", "xunwen-1"),  # case
        ("ｘｕｎｗｅｎ－１", "xunwen-1"),  # full width
        (" xunwen 1 ", "xunwen-1"),  # whitespace and punctuation folded away
        ("第二次讯问笔录", "xunwen-2"),  # title
        ("《第二次讯问笔录》", "xunwen-2"),
        ("第二次 讯问笔录", "xunwen-2"),
        ("xunwen_2.md", "xunwen-2"),  # file name
        ("xunwen_2", "xunwen-2"),  # without extension
        ("xunwen_2.pdf", "xunwen-2"),  # another extension: the system indexed a PDF of it
        ("/srv/kb/xunwen_2.docx", "xunwen-2"),  # with a folder
        ("C:\\卷宗\\liushui.md", "liushui"),
        ("bank/liushui.md", "liushui"),
        ("银行流水.xlsx", "liushui"),
        ("第三次讯问笔录", None),  # no such document
        ("讯问笔录", None),  # a type is not a name
        ("", None),
        (None, None),
    ],
)
def test_names_are_read_leniently(name: str | None, doc_id: str | None) -> None:
    assert resolve_document(name, INFOS) == doc_id


def test_a_name_that_fits_two_documents_names_none() -> None:
    infos = (
        DocumentInfo("a", "same.md", Path("x/same.md"), "甲"),
        DocumentInfo("b", "other/same.md", Path("y/same.md"), "乙"),
    )
    index = NameIndex.of(infos)
    assert index.resolve("same.md") is None
    assert index.resolve("a") == "a" and index.resolve("乙") == "b"


def test_a_part_of_one_title_names_its_document() -> None:
    infos = (
        DocumentInfo("jizhangben", "jizhangben.md", Path("j.md"), "书证摘录（记账本）"),
        DocumentInfo("shouju", "shouju.md", Path("s.md"), "收据、收条（复印件）"),
        DocumentInfo("xunwen-1", "xunwen_1.md", Path("x1.md"), "庞绍钧第一次讯问笔录"),
        DocumentInfo("xunwen-2", "xunwen_2.md", Path("x2.md"), "庞绍钧第二次讯问笔录"),
    )
    index = NameIndex.of(infos)
    assert index.resolve("记账本") == "jizhangben"  # the part in brackets
    assert index.resolve("收条") == "shouju" and index.resolve("收条.pdf") == "shouju"
    assert index.resolve("第二次讯问笔录") == "xunwen-2"
    assert index.resolve("讯问笔录") is None  # part of two titles
    assert index.resolve("收") is None  # one character names nothing
    assert index.resolve("聊天记录") is None  # part of no title
    assert index.resolve("庞绍钧二次笔录") == "xunwen-2"  # an abbreviation: its characters in order
    assert index.resolve("庞绍钧笔录") is None  # abbreviates two titles
    assert index.resolve("收据复印") == "shouju"


def test_name_keys() -> None:
    assert name_keys("dir/Xunwen_1.PDF") == ("dirxunwen1pdf", "xunwen1pdf", "xunwen1")
    assert name_keys("《第一次讯问笔录》") == ("第一次讯问笔录",)


def test_a_case_loads_each_document_once_and_locates_text() -> None:
    case = load_case(INFOS)
    assert case.documents["xunwen-1"] is load_document(FIXTURE / "xunwen_1.md")
    again = load_case(INFOS)
    assert again.documents["xunwen-2"] is case.documents["xunwen-2"] and again.sha256 == case.sha256
    assert case.where("我实际收到的是８００００元") == [("xunwen-2", 1)]
    assert case.where("岑立恒")[0] == ("xunwen-1", 1)
    assert case.label("xunwen-1") == "xunwen-1 (第一次讯问笔录)"
    assert case.single is None and load_case(INFOS[:1]).single == "xunwen-1"
    assert "我实际收到的是80000元" in case.text
