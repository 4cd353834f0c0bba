"""What an answer asserts: its conclusion, the text outside the evidence it quotes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmark.text.assertion import conclusion

# (answer, what the conclusion keeps once spaces are dropped, why)
CASES = [
    ("46000元。", "46000元。", "nothing quoted"),
    ("46000元。依据：收条“今收到肆万陆仟元整”。", "46000元。", "a marker and everything after it"),
    ("10000元。收条原文：“今收到46000元”", "10000元。", "a few words may stand before 原文："),
    ("否。依据：笔录第9页「我知道错了，我认罪。」", "否。", "「」 after a marker"),
    ("20000元（“第三次…给了我现金10000元”）", "20000元（）", "a quotation without a marker"),
    ("是。「是我写的。」", "是。", "「」 quotation"),
    ("RMB 46,000. Source: page 4.", "RMB46,000.", "an English marker"),
    ("依据合同第1.1条，借款金额是200000元", "依据合同第1.1条，借款金额是200000元", "no colon: a lead clause"),
    ("共提交了五项证据：借条、收条", "共提交了五项证据：借条、收条", "证据： after words is an answer"),
    ("借条落款日期为“二〇一九年三月五日”。", "借条落款日期为。", "the quotation is blanked"),
    ("问：借款金额是多少？\n答：30万元", "答：30万元", "a question it asks itself asserts nothing"),
    ("30万元？不对，应为35万元。", "不对，应为35万元。", "nor a value it questions"),
    ("Q: How much? A: 46000.", "A:46000.", "English"),
    ("30万元？", "30万元？", "an answer that only asks keeps its text"),
]


@pytest.mark.parametrize(("text", "kept", "why"), CASES)
def test_conclusion(text: str, kept: str, why: str) -> None:
    assert "".join(conclusion(text).split()) == kept, why


def test_quotations_kept_on_request_never_a_marker() -> None:
    text = "借条落款日期为“二〇一九年三月五日”。依据：“二〇二〇年”"
    assert "".join(conclusion(text, quotes=True).split()) == "借条落款日期为“二〇一九年三月五日”。"


def test_nothing_blanked_gives_the_text_itself() -> None:
    text = "46000元"
    assert conclusion(text) is text


@given(st.text(alphabet="“”「」依据：原文。是否46000元 ab", max_size=40))
def test_the_conclusion_keeps_length_and_characters(text: str) -> None:
    kept = conclusion(text)
    assert len(kept) == len(text)
    assert all(k == t or k == " " for k, t in zip(kept, text, strict=True))
