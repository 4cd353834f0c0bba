"""What an answer asserts: its conclusion, the text outside the evidence it quotes (docs/contract.md §4).

Evidence is (1) whatever stands inside quote marks (“…”, 「…」, 『…』, ‘…’, "…"), marks included, and
(2) everything from a marker that introduces it to the end of the answer: ``依据：``, ``证据：``,
``引用：``, ``Source:``, ``Evidence:``, ``Quote:`` opening a sentence, or ``原文：``, ``出处：``, ``来源：``
after a few words naming the source (``收条原文：``; ``共提交了五项证据：…`` is an answer, not a marker). A marker needs its colon: ``依据合同第1.1条，借款金额是…`` is a
lead clause, not evidence. ``conclusion`` blanks the evidence with spaces, so spans found in the
conclusion index the answer.

A quotation can also be the answer itself (``借条落款日期为“二〇一九年三月五日”。``): a reader that finds
no value of its kind in the conclusion may read the quotations too (``conclusion(text, quotes=True)``),
never what follows a marker.
"""

from __future__ import annotations

import re

__all__ = ["conclusion"]

_QUOTE = re.compile(r'“[^”]*”|「[^」]*」|『[^』]*』|‘[^’]*’|"[^"\n]*"')
_QUOTE_CHARS = re.compile(r'[“「『‘"]')
_MARKER = re.compile(
    r"(?:^|(?<=[。；;！!？?\n(（.]))\s*"
    r"(?:[^\s。；;！!？?\n“”「」:：0-9一二三四五六七八九十两]{0,6}?(?:原文|引文|出处|来源)"
    r"|(?:依据|证据|引用|\b(?:source|evidence|quote|citation)s?))(?:如下)?\s*[:：]",
    re.IGNORECASE,
)
_MARKER_GATE = re.compile(r"[据文用处源]|source|evidence|quote|citation", re.IGNORECASE)


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _evidence_spans(text: str, quotes: bool = True) -> list[tuple[int, int]]:
    spans = [m.span() for m in _QUOTE.finditer(text)] if quotes and _QUOTE_CHARS.search(text) else []
    if _MARKER_GATE.search(text):
        marker = _MARKER.search(text)
        if marker is not None:
            spans.append((marker.start(), len(text)))
    return spans


def conclusion(text: str, quotes: bool = False) -> str:
    """``text`` with its evidence replaced by spaces (same length): the quotations and what follows a
    marker, or (``quotes=True``) only what follows a marker. ``text`` itself when nothing is blanked."""
    spans = _evidence_spans(text, quotes=not quotes)
    return _blank(text, spans) if spans else text
