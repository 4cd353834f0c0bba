"""OCR noise removal for the matching view."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


_EDGES = st.text(alphabet=" \t\n\u3000\u00a0\u2003\u0301\u0338<>/_、|$", max_size=4)


@given(st.text(max_size=30), _EDGES, _EDGES)
def test_whitespace_at_either_end_leaves_the_matching_view_alone(
    middle: str, before: str, after: str
) -> None:
    """``scorers.asserted`` folds a sentence once and reads that view for the sentence stripped too."""
    text = before + middle + after
    assert match_view(text.strip()) == match_view(text)
