"""What an answer asserts: its conclusion, the text outside the evidence it quotes (docs/contract.md §4).

Evidence is (1) whatever stands inside quote marks (“…”, 「…」, 『…』, ‘…’, "…"), marks included, and
(2) everything from a marker that introduces it to the end of the answer: ``依据：``, ``证据：``,
``引用：``, ``Source:``, ``Evidence:``, ``Quote:`` opening a sentence, or ``原文：``, ``出处：``, ``来源：``
after a few words naming the source (``收条原文：``; ``共提交了五项证据：…`` is an answer, not a marker). A marker needs its colon: ``依据合同第1.1条，借款金额是…`` is a
lead clause, not evidence. ``conclusion`` blanks the evidence with spaces, so spans found in the
conclusion index the answer.

A question the answer asks itself asserts nothing either (``问：借款金额是多少？答：30万元``,
``30万元？不对，应为35万元``): a sentence that ends in a question mark, with more of the answer after
it, is blanked as evidence is. An answer that only asks keeps its text (a reader finds no stance in it).

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
# A sentence that ends in a question mark (its label included: 问：…？), and the text after it.
_ASKED = re.compile(r"[^。！!？?；;\n]*[？?](?=.*?\S)", re.DOTALL)


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
    if "？" in text or "?" in text:
        spans.extend(m.span() for m in _ASKED.finditer(text))
    return spans


def conclusion(text: str, quotes: bool = False) -> str:
    """``text`` with its evidence replaced by spaces (same length): the quotations, what follows a
    marker and the questions it asks itself, or (``quotes=True``) all but the quotations. ``text``
    itself when nothing is blanked."""
    spans = _evidence_spans(text, quotes=not quotes)
    return _blank(text, spans) if spans else text
