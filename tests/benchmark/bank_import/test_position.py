"""Every 位置 form the upstream bank uses, and a few more."""

from __future__ import annotations

import pytest

from benchmark.bank_import.position import parse_position

ROWS = [
    ("第4个问答，答部分", False, {4: "answer"}, [], ""),
    ("基础信息部分（头部）", True, {}, [], ""),
    ("第1个问答（承诺）、第4个问答（告知），答部分", False, {1: "answer", 4: "answer"}, [], ""),
    ("第1个问答（问部分）、第4个问答（答部分）", False, {1: "question", 4: "answer"}, [], ""),
    ("第3页，第25个问答，答部分", False, {25: "answer"}, [3], ""),
    ("第3-5个问答", False, {3: None, 4: None, 5: None}, [], ""),
    ("第3、4个问答，问部分", False, {3: "question", 4: "question"}, [], ""),
    ("第二页，第十二个问答", False, {12: None}, [2], ""),
    ("笔录中间", False, {}, [], "笔录中间"),
]


@pytest.mark.parametrize(("text", "header", "pairs", "pages", "unread"), ROWS)
def test_position(
    text: str, header: bool, pairs: dict[int, str | None], pages: list[int], unread: str
) -> None:
    pos = parse_position(text)
    assert (pos.header, pos.pairs, pos.pages, pos.unread) == (header, pairs, pages, unread)


def test_bracketed_remarks_are_notes() -> None:
    assert parse_position("第1个问答（承诺）、第4个问答（告知），答部分").notes == ["承诺", "告知"]
