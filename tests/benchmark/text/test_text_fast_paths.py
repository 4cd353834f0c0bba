"""The fast paths of ``fold`` and ``half_width`` give exactly what their plain definitions give.

The oracles below are the definitions the fast versions replaced (NFKC on the half-width text,
then case folding, then dropping everything but letters and digits), kept here verbatim.
"""

from __future__ import annotations

import re
import unicodedata

from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmark.text.folding import fold, half_width

_DROP = re.compile(r"[\W_]+")
_HALF: dict[int, int] = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F) if cp != 0xFF0C}
_HALF[0x3000] = 0x20
_HALF[0xFFE5] = 0xA5
_HALF[0xFF61] = 0x3002
_FULL_WIDTH = re.compile("[\uff01-\uff0b\uff0d-\uff5e\u3000\uffe5\uff61]+")


def old_half_width(text: str) -> str:
    if text.isascii():
        return text
    return _FULL_WIDTH.sub(lambda m: m.group().translate(_HALF), text)


def old_fold(text: str) -> str:
    if text.isascii():
        return _DROP.sub("", text.lower())
    return _DROP.sub("", unicodedata.normalize("NFKC", old_half_width(text)).casefold())


# Characters where folding is delicate: full-width and half-width forms, the ideographic space,
# combining marks and Hangul jamo (which compose with what precedes them), compatibility
# characters (ligatures, circled digits, ellipsis, squared units), case-folding specials.
TRICKY = (
    [chr(cp) for cp in range(0xFF00, 0xFFF0)]
    + ["\u3000", "\u0301", "\u0308", "\u0327", "\u1161", "\u11a8", "\u3099", "\u309a"]
    + list("ｶﾞﾟ…①Ⅻﬁ㎡™ß İΣς℃＿ＡＢｃ１，。、：；？！（）«»¥￥ｔ")
    + list("借款人于二〇二〇年八月三十一日归还４２，０００元整ＡＢ c，1 ga가각")
)
texts = st.text(alphabet=st.one_of(st.sampled_from(TRICKY), st.characters()), max_size=40)


@given(texts)
@settings(max_examples=2000, deadline=None)
@example("ＡＢ c，1")
@example("e！\u0301")  # a combining mark after full-width punctuation must not reach the e
@example("ｶﾞ，ga\u0301")
@example("\u1100，\u1161")  # Hangul jamo around a comma do not compose across it
def test_fold_equals_the_nfkc_definition(text: str) -> None:
    assert fold(text) == old_fold(text)


@given(texts)
@settings(max_examples=2000, deadline=None)
def test_half_width_equals_its_definition_and_keeps_length(text: str) -> None:
    result = half_width(text)
    assert result == old_half_width(text)
    assert len(result) == len(text)


def test_fold_on_chinese_prose_needs_no_nfkc() -> None:
    text = "问：邝振川有没有当面找过你？答：找过（２０２０年），他到我公司来；问我能不能办！"
    assert fold(text) == old_fold(text) == "问邝振川有没有当面找过你答找过2020年他到我公司来问我能不能办"
