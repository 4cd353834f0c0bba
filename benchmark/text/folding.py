"""Text folding for containment checks: width, case, whitespace and punctuation folded away.

``fold`` keeps only letters and digits (``str.isalnum``: every script, CJK included) after NFKC
(full-width -> half-width, compatibility forms) and Unicode case folding. ``fold_with_map`` gives the
same string plus, for each kept character, the index in the original text it came from.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["contains_folded", "fold", "fold_with_map", "half_width"]

_DROP = re.compile(r"[\W_]+")
_KEEP = re.compile(r"[^\W_]+")  # what ``fold`` keeps (joining its runs is faster than deleting the rest)
# ``_KEEP`` and ``_``, with ranges the engine tests before the Unicode category: CJK ideographs, digits
# and ASCII lower case (all of them letters or digits) match a quarter faster. ``fold`` joins its runs
# and removes the underscores.
_KEEP_OR_UNDERSCORE = re.compile(r"[\u4e00-\u9fff0-9a-z\w]+")

# Full-width ASCII variants (U+FF01..U+FF5E) -> ASCII, ideographic space -> space, ￥ -> ¥.
# One character for one character, so offsets into the result are offsets into the input.
# The Chinese comma U+FF0C is left alone: in Chinese text it separates clauses and list items
# (100，200，300元), it is not a thousands separator.
_HALF: dict[int, int] = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F) if cp != 0xFF0C}
_HALF[0x3000] = 0x20
_HALF[0xFFE5] = 0xA5
_HALF[0xFF61] = 0x3002  # halfwidth ideographic full stop -> 。
_FULL_WIDTH = re.compile("[\uff01-\uff0b\uff0d-\uff5e\u3000\uffe5\uff61]+")


# The full-width punctuation of ordinary Chinese text, replaced by ``str.replace`` (a fast scan each)
# before the regular expression looks for the rarer forms; the same mapping as ``_HALF``.
_COMMON_WIDE = tuple(
    (chr(cp), chr(_HALF[cp])) for cp in (0xFF1A, 0xFF1F, 0xFF08, 0xFF09, 0xFF1B, 0xFF01, 0x3000)
)


def _to_half(m: re.Match[str]) -> str:
    return m.group().translate(_HALF)


def _common_half(text: str) -> str:
    """``text`` with the full-width punctuation of ordinary Chinese text made ASCII (``_COMMON_WIDE``)."""
    for wide, narrow in _COMMON_WIDE:
        if wide in text:
            text = text.replace(wide, narrow)
    return text


def _no_full_width(s: str) -> bool:
    """True only if ``s`` holds no character ``_FULL_WIDTH`` matches: every one of those has a
    compatibility decomposition, so NFKC-normalised text holds none. The quick check of
    ``unicodedata.is_normalized`` is 15x faster than the search; False says nothing."""
    return unicodedata.is_normalized("NFKC", s)


def half_width(text: str) -> str:
    """Full-width ASCII forms to ASCII (``４２０００`` -> ``42000``), same length as the input.

    Unlike NFKC this never changes the length, so spans found in the result index the input.
    The Chinese comma ``，`` is kept (it is punctuation, not a thousands separator).
    """
    if text.isascii():
        return text
    text = _common_half(text)
    if _no_full_width(text.replace("，", ",") if "，" in text else text):  # ， is not NFKC-normalised
        return text
    if _FULL_WIDTH.search(text) is None:
        return text
    return _FULL_WIDTH.sub(_to_half, text)


def fold(text: str) -> str:
    """NFKC, case-fold, and keep only letters/digits (CJK included): ``"ＡＢ c，1"`` -> ``"abc1"``.

    NFKC runs only when the text still needs it once its full-width forms (the Chinese comma
    included: it is dropped here anyway) are made ASCII: each of those maps to one character by
    its compatibility decomposition, so NFKC of the result equals NFKC of the text, and most
    Chinese text is then already normalised (``unicodedata.is_normalized`` is a quick check).
    Text that is normalised once its common punctuation and comma are ASCII holds no other
    full-width form (``_no_full_width``): the search for them is skipped.
    """
    if text.isascii():
        return _kept(text.lower())
    s = _common_half(text)
    if "，" in s:
        s = s.replace("，", ",")  # the full-width forms below never include ， or ,: order is free
    if not _no_full_width(s):
        if _FULL_WIDTH.search(s) is not None:
            s = _FULL_WIDTH.sub(_to_half, s)
        if not unicodedata.is_normalized("NFKC", s):
            s = unicodedata.normalize("NFKC", s)
    return _kept(s.casefold())


def _kept(s: str) -> str:
    """The letters and digits of ``s``: ``"".join(_KEEP.findall(s))``."""
    kept = "".join(_KEEP_OR_UNDERSCORE.findall(s))
    return kept.replace("_", "") if "_" in kept else kept


_SECOND: frozenset[str] | None = None


def _second_elements() -> frozenset[str]:
    """Starters that canonically compose with the character before them (computed once, ~50 ms)."""
    global _SECOND
    if _SECOND is None:
        found = {chr(cp) for cp in range(0x1161, 0x1176)} | {
            chr(cp) for cp in range(0x11A8, 0x11C3)
        }  # Hangul V/T
        for cp in range(0x30000):
            decomposition = unicodedata.decomposition(chr(cp))
            if decomposition and decomposition[0] != "<":
                parts = decomposition.split()
                if len(parts) == 2:
                    found.add(chr(int(parts[1], 16)))
        _SECOND = frozenset(c for c in found if not unicodedata.combining(c))
    return _SECOND


@lru_cache(maxsize=16384)
def _fold_char(ch: str) -> tuple[str, bool]:
    """(folded form of one character alone, whether it may merge with the character before it)."""
    normal = unicodedata.normalize("NFKC", ch)
    may_attach = bool(normal) and (unicodedata.combining(normal[0]) != 0 or normal[0] in _second_elements())
    return _DROP.sub("", normal.casefold()), may_attach


def _attaches(segment: str, ch: str) -> bool:
    """Whether ``ch`` has to be normalised together with the segment before it."""
    alone = unicodedata.normalize("NFKC", ch)
    if alone and unicodedata.combining(alone[0]):
        return True
    together = unicodedata.normalize("NFKC", segment + ch)
    return together != unicodedata.normalize("NFKC", segment) + alone


def fold_with_map(text: str) -> tuple[str, list[int]]:
    """``fold(text)`` plus, for each folded character, the index of its source in ``text``.

    A character produced from several source characters (``ｶﾞ`` -> ``ガ``) maps to the first.
    ``text[index[k]]`` is where ``folded[k]`` came from, so ``index[a]`` .. ``index[b - 1] + 1``
    is the original span of ``folded[a:b]``.
    """
    out: list[str] = []
    index: list[int] = []
    if text.isascii():
        for i, ch in enumerate(text):
            if ch.isalnum():
                out.append(ch.lower())
                index.append(i)
        return "".join(out), index
    n = len(text)
    i = 0
    while i < n:
        folded, _ = _fold_char(text[i])
        j = i + 1
        while j < n and _fold_char(text[j])[1] and _attaches(text[i:j], text[j]):
            j += 1
        if j > i + 1:
            folded = _DROP.sub("", unicodedata.normalize("NFKC", text[i:j]).casefold())
        for ch in folded:
            out.append(ch)
            index.append(i)
        i = j
    return "".join(out), index


def contains_folded(haystack: str, needle: str) -> bool:
    """Whether the folded needle occurs in the folded haystack. An empty folded needle never matches."""
    folded_needle = fold(needle)
    return bool(folded_needle) and folded_needle in fold(haystack)
