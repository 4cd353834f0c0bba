"""Text folding for containment checks: width, case, whitespace and punctuation folded away.

``fold`` keeps only letters and digits (``str.isalnum``: every script, CJK included) after NFKC
(full-width -> half-width, compatibility forms) and Unicode case folding. ``fold_with_map`` gives the
same string plus, for each kept character, the index in the original text it came from.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["contains_folded", "fold", "fold_with_map", "half_width"]

_DROP = re.compile(r"[\W_]+")

# Full-width ASCII variants (U+FF01..U+FF5E) -> ASCII, ideographic space -> space, ￥ -> ¥.
# One character for one character, so offsets into the result are offsets into the input.
# The Chinese comma U+FF0C is left alone: in Chinese text it separates clauses and list items
# (100，200，300元), it is not a thousands separator.
_HALF: dict[int, int] = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F) if cp != 0xFF0C}
_HALF[0x3000] = 0x20
_HALF[0xFFE5] = 0xA5
_HALF[0xFF61] = 0x3002  # halfwidth ideographic full stop -> 。
_FULL_WIDTH = re.compile("[\uff01-\uff0b\uff0d-\uff5e\u3000\uffe5\uff61]+")


def half_width(text: str) -> str:
    """Full-width ASCII forms to ASCII (``４２０００`` -> ``42000``), same length as the input.

    Unlike NFKC this never changes the length, so spans found in the result index the input.
    The Chinese comma ``，`` is kept (it is punctuation, not a thousands separator).
    """
    if text.isascii():
        return text
    return _FULL_WIDTH.sub(lambda m: m.group().translate(_HALF), text)


def fold(text: str) -> str:
    """NFKC, case-fold, and keep only letters/digits (CJK included): ``"ＡＢ c，1"`` -> ``"abc1"``.

    The full-width forms (``half_width``) and the Chinese comma are first made the ASCII characters
    NFKC makes of them (their compatibility decompositions), which changes nothing in the result:
    ordinary Chinese text is then NFKC-normalised already, and ``unicodedata.normalize`` only checks it
    instead of rebuilding the string.
    """
    if text.isascii():
        return _DROP.sub("", text.lower())
    narrow = half_width(text).replace("，", ",")
    return _DROP.sub("", unicodedata.normalize("NFKC", narrow).casefold())


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
