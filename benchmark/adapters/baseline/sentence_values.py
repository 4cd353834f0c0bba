"""What a sentence states that the answerer reads, the same for every question: its amounts and its
dates, each with the words of the clause around it.

``values.py`` scores each of them against a question (how well the words around it match the
question's terms). Reading them, and cutting the words around each with jieba, depends only on the
sentence, so it is done once per sentence when its index is built and kept with the index's tokens
across runs (``index_store.stored_values``).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from benchmark.adapters.baseline.tokenize import BARE_NUMBER, tokenize
from benchmark.text import find_amounts, find_dates, parse_amount

__all__ = [
    "CLAUSE_BREAK",
    "Found",
    "SentenceValues",
    "amount_spans",
    "clean_sentence",
    "date_spans",
    "found_at",
    "sentence_values",
    "words",
]

CLAUSE_BREAK = re.compile(r"[，,。；;：:、（(）)|]")
_PREFIX = re.compile(r"^\s*(?:问|答)\s*[:：]\s*")

Span = tuple[int, int, str, Any]  # start, end, raw, value
Found = tuple[int, int, str, Any, tuple[str, ...]]  # a span and the tokens of the words around it
SentenceValues = tuple[tuple[Found, ...], tuple[Found, ...]]  # its amounts, its dates


def clean_sentence(text: str) -> str:
    """A sentence's text without its ``问：``/``答：`` marker and line breaks (what is read and quoted)."""
    return _PREFIX.sub("", text.replace("\n", "")).strip()


def _before(text: str, start: int, limit: int = 16) -> str:
    """The clause of ``text`` that ends at ``start``."""
    seg = text[max(0, start - limit) : start]
    parts = CLAUSE_BREAK.split(seg)
    return parts[-1] if parts[-1].strip() or len(parts) == 1 else (parts[-2] if len(parts) > 1 else "")


def _after(text: str, end: int, limit: int = 8) -> str:
    """The rest of the clause after ``end`` (``2020年9月25日写的`` -> ``写的``)."""
    return CLAUSE_BREAK.split(text[end : end + limit])[0]


def words(context: str) -> tuple[str, ...]:
    """The tokens of ``context`` (none for a blank one)."""
    return tuple(tokenize(context)) if context.strip() else ()


def found_at(text: str, start: int, end: int, raw: str, value: Any) -> Found:
    """A value at ``text[start:end]`` with the tokens of the clause around it."""
    return start, end, raw, value, words(f"{_before(text, start)} {_after(text, end)}")


def amount_spans(text: str) -> list[Span]:
    """(start, end, raw, value) of each definite amount of ``text``, then of each bare figure that is
    no part of an amount."""
    out: list[Span] = []
    spans: list[tuple[int, int]] = []
    for f in find_amounts(text):
        spans.append((f.start, f.end))
        if f.definite:
            out.append((f.start, f.end, f.raw, f.value))
    for m in BARE_NUMBER.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in spans):
            continue
        value: Decimal | None = parse_amount(m.group() + "元")
        if value is not None:
            out.append((m.start(), m.end(), m.group(), value))
    return out


def date_spans(text: str) -> list[Span]:
    """(start, end, raw, value) of each complete date of ``text`` that is definite or a range's end."""
    return [
        (f.start, f.end, f.raw, f.value)
        for f in find_dates(text)
        if f.value.complete and (f.definite or f.qualifier == "range")
    ]


def sentence_values(text: str) -> SentenceValues:
    """The amounts and the dates of a sentence (``text`` as its place holds it), with the words around
    each; positions are in its :func:`clean_sentence` text."""
    clean = clean_sentence(text)
    amounts = tuple(found_at(clean, *span) for span in amount_spans(clean))
    dates = tuple(found_at(clean, *span) for span in date_spans(clean))
    return amounts, dates
