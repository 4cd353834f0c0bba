"""What a text holds, by kind, for the hallucination check (``scorers.hallucination``) to compare an
answer's specifics with: its identifiers, amounts and bare numbers, rates, dates, times of day, and
its folded text with its surname pieces (for name look-ups).

A document's facts depend only on its text and on the readers that make them, so they are kept across
runs (``scorers.facts_store``); a question's are made once per question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from benchmark.documents.model import match_view
from benchmark.text import PartialDate, find_amounts, find_dates
from benchmark.text.amounts import TextValues
from scorers.names import DocumentNames, surname_grams
from scorers.specifics import IDENTIFIER_KINDS, Specific, TimeOfDay, find_specifics

__all__ = ["Facts", "build_facts"]

_BARE_NUMBER = re.compile(r"(?<![\d.])\d{1,3}(?:[,，]\d{3})+(?:\.\d+)?|(?<![\d.])\d+(?:\.\d+)?")


@dataclass
class Facts:
    """The values one text holds, by kind, for comparisons."""

    folded: str
    identifiers: frozenset[str]
    amounts: frozenset[Decimal]
    rates: frozenset[Decimal]
    dates: tuple[PartialDate, ...]
    years: frozenset[int]
    times: tuple[TimeOfDay, ...]
    text: str = ""
    grams: frozenset[str] = frozenset()  # the surname pieces of ``folded`` (``scorers.names``)
    _names: DocumentNames | None = field(default=None, repr=False)
    _agreeing: frozenset[PartialDate] | None = field(default=None, repr=False)

    def agreeing_dates(self) -> frozenset[PartialDate]:
        """Every date that agrees with one of ``dates`` (see :func:`_agreeing_dates`), built on first
        need: a set look-up per date asked instead of a comparison with each of the text's dates."""
        if self._agreeing is None:
            self._agreeing = _agreeing_dates(self.dates, self.years)
        return self._agreeing

    def names_in(self, text: str) -> tuple[str, ...]:
        """The document's person names that occur in ``text`` (jieba, on first need only)."""
        if self._names is None:
            self._names = DocumentNames(self.text)
        return self._names.in_text(text)


def _bare_numbers(text: str) -> set[Decimal]:
    out = set()
    for m in _BARE_NUMBER.finditer(text):
        out.add(Decimal(m.group().replace(",", "").replace("，", "")).normalize())
    return out


def build_facts(text: str, folded: str | None = None) -> Facts:
    """What ``text`` holds. Negated values count too: a document that says ``不是40000元`` holds 40000."""
    read = TextValues(text)  # the text's amounts and dates, read once for the specifics and here
    found = find_specifics(text, values=read)
    by_kind: dict[str, list[Specific]] = {}
    for s in found:
        by_kind.setdefault(s.kind, []).append(s)
    values = read.as_written()
    held_amounts, held_dates = values if values is not None else (find_amounts(text), find_dates(text))
    amounts = {Decimal(f.value).normalize() for f in held_amounts}
    dates = tuple(f.value for f in held_dates)
    folded = folded if folded is not None else match_view(text)
    return Facts(
        folded=folded,
        identifiers=frozenset(str(s.value) for k in IDENTIFIER_KINDS for s in by_kind.get(k, [])),
        amounts=frozenset(amounts | _bare_numbers(text)),
        rates=frozenset(s.value for s in by_kind.get("rate", [])),
        dates=dates,
        years=frozenset(d.year for d in dates if d.year is not None),
        times=tuple(s.value for s in by_kind.get("time", [])),
        text=text,
        grams=surname_grams(folded),
    )


def _agreeing_dates(dates: tuple[PartialDate, ...], years: frozenset[int]) -> frozenset[PartialDate]:
    """The dates that agree with some ``k`` of ``dates``: each field unknown or ``k``'s, a year also
    any of ``years`` when ``k`` has none (a document date without a year takes any year it uses)."""
    out = set()
    for k in dates:
        for year in (None, k.year) if k.year is not None else (None, *years):
            for month in {None, k.month}:
                for day in {None, k.day}:
                    out.add(PartialDate(year, month, day))
    return frozenset(out)
