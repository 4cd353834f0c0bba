"""OCR noise removal for the matching view."""

from __future__ import annotations

import pytest

from benchmark.documents.model import match_view
from benchmark.text.ocr import strip_ocr_noise


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$ \\underline{\\text{韩立舟}} $", " 韩立舟 "),
        ("姓名___电话_、", "姓名电话"),
        ("a<br/>b<br>c&nbsp;d", "abcd"),
        ("借款人于2020年8月31日归还42000元。", "借款人于2020年8月31日归还42000元。"),
        ("单个_下划线与&符号<留下", "单个_下划线与&符号<留下"),
    ],
)
def test_noise_is_removed_and_text_kept(text: str, expected: str) -> None:
    assert strip_ocr_noise(text) == expected


def test_the_matching_view_drops_table_pipes() -> None:
    assert match_view("| 第2期 | 2022.4.15 |") == "第2期2022415"
