"""OCR noise removal: the fast path for clean text changes nothing it should not."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.documents.model import match_view
from benchmark.text.ocr import strip_ocr_noise

_LATEX_CMD = re.compile(r"\\[A-Za-z]+\*?")
_NOISE = re.compile(r"[${}|]|_{2,}|(?:_+、)+_*|<br\s*/?>|&nbsp;")


def old_strip(text: str) -> str:
    """The definition without the fast path (the oracle)."""
    if "\\" in text:
        text = _LATEX_CMD.sub("", text)
    return _NOISE.sub("", text)


PIECES = ["$", "{", "}", "|", "_", "__", "___、", "<br>", "<br/>", "&nbsp;", "&", "<", "\\text", "\\underline",
          "韩立舟", "借款", "a", " ", "、", "\n", "1,200元"]  # fmt: skip


@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join) | st.text(max_size=30))
@settings(max_examples=1500, deadline=None)
def test_strip_equals_the_plain_definition(text: str) -> None:
    assert strip_ocr_noise(text) == old_strip(text)


def test_clean_text_is_returned_as_it_is() -> None:
    text = "借款人于2020年8月31日归还42000元。"
    assert strip_ocr_noise(text) is text


def test_noise_is_still_removed() -> None:
    assert strip_ocr_noise("$ \\underline{\\text{韩立舟}} $") == " 韩立舟 "
    assert strip_ocr_noise("姓名___电话_、") == "姓名电话"
    assert match_view("| 第2期 | 2022.4.15 |") == "第2期2022415"
