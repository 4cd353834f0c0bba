"""Whether a text states every number another requires: amounts, dates and other numbers, normalised.

Used by ``scorers.evidence`` (an evidence item must state every number of its ``must_include``),
``scorers.keypoints`` and ``scorers.semantic``: fuzzy text similarity never bridges different facts.

``required_numbers(text)`` lists what a text requires: amounts (``find_amounts``), dates
(``find_dates``) and every other run of Arabic digits or Chinese numerals. ``missing_numbers(required,
offered)`` gives the labels of those ``offered`` does not state: written the same way (and not part of
a longer number) is enough; otherwise ``offered`` is parsed, so ``1,200`` = ``1200`` = ``一千二百`` and
``2020.8.12`` = ``2020年8月12日``. A partial date (``8月3日``) needs the same month and day; a full one
needs year, month and day.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from benchmark.text import PartialDate, find_amounts, find_dates
from benchmark.text.dates import date_values
from benchmark.text.folding import half_width
from benchmark.text.numerals import CN_NUMERAL_CHARS, parse_digit_sequence, parse_number_run
from benchmark.text.ocr import strip_ocr_noise

# What a question's own text requires (a must_include, a key point) is read once per question and
# held by it (``scorers.gold.GoldText.numbers``); what an answer states is read per answer.

_RUN = re.compile(f"[0-9.,{CN_NUMERAL_CHARS}]+")
_SEPARATOR = re.compile(r"[.,]")
_NUMERIC = frozenset("0123456789." + CN_NUMERAL_CHARS)


def _fmt(value: Decimal) -> str:
    return str(int(value)) if value == value.to_integral_value() else format(value.normalize(), "f")


@dataclass(frozen=True)
class Wanted:
    """One number a text requires: an amount, a date or another number, and how it is written."""

    kind: str  # "amount" | "date" | "number"
    value: Decimal | PartialDate
    raw: str

    @property
    def label(self) -> str:
        if isinstance(self.value, PartialDate):
            return str(self.value)
        return _fmt(self.value) + ("元" if self.kind == "amount" else "")


class Stated:
    """The numbers a text offers: every numeric value (any notation) and every date, parsed on first
    need (a text checked against several required texts is read once)."""

    def __init__(self, text: str) -> None:
        self.raw = text

    @cached_property
    def text(self) -> str:
        """``raw`` as parsed: OCR noise removed, full-width forms made ASCII."""
        return _clean(self.raw)

    @cached_property
    def values(self) -> frozenset[Decimal]:
        # each distinct run is parsed once: long texts repeat 一, 2020, 8 ... many times
        return frozenset(v for run in set(_RUN.findall(self.text)) for v in _run_values(run))

    @cached_property
    def dates(self) -> tuple[PartialDate, ...]:
        return date_values(self.text)

    def states(self, wanted: Wanted) -> bool:
        """A partial date needs the fields it gives; a full one all three."""
        if isinstance(wanted.value, PartialDate):
            want = [(f, v) for f in ("year", "month", "day") if (v := getattr(wanted.value, f)) is not None]
            return any(all(getattr(d, f) == v for f, v in want) for d in self.dates)
        return wanted.value in self.values


def _run_values(run: str) -> list[Decimal]:
    """``40,000.00`` -> [40000]; ``四万六千`` -> [46000]; ``2022.4.15`` -> [2022, 4, 15]; ``二〇二〇`` -> [2020]."""
    run = run.strip(".,")
    whole = parse_number_run(run) if run else None
    if whole is not None:
        return [whole]
    out = []
    for part in _SEPARATOR.split(run):
        value = parse_number_run(part) if part else None
        if value is None and part:
            seq = parse_digit_sequence(part)
            value = None if seq is None else Decimal(seq)
        if value is not None:
            out.append(value)
    return out


def _clean(text: str) -> str:
    return half_width(strip_ocr_noise(text))


def required_numbers(text: str) -> tuple[Wanted, ...]:
    """Every amount (``find_amounts``), date (``find_dates``) and other number ``text`` states; not
    the row number of a table row (``| 4 | 4.15 | 甘 现金 | 30000 |``: a position, not a fact)."""
    t = _clean(_ROW_NUMBER.sub(" ", text, count=1))
    amounts, dates = find_amounts(t), find_dates(t)
    out = [Wanted("amount", a.value, a.raw) for a in amounts] + [
        Wanted("date", d.value, d.raw) for d in dates
    ]
    spans = [(f.start, f.end) for f in (*amounts, *dates)]
    for m in _RUN.finditer(t):
        if not any(s < m.end() and m.start() < e for s, e in spans):
            out += [Wanted("number", v, m.group().strip(".,")) for v in _run_values(m.group())]
    return tuple({(w.kind, w.value): w for w in out}.values())


# The first cell of a Markdown table row when it holds only a number of at most three digits.
_ROW_NUMBER = re.compile(r"^\s*\|\s*[0-9]{1,3}\s*(?=\|)")


def stated_numbers(text: str) -> Stated:
    """What ``text`` states (values and dates are each parsed on first use)."""
    return Stated(text)


def _stated_literally(raw: str, text: str) -> bool:
    """``raw`` occurs in ``text`` and is not part of a longer number there."""
    start = text.find(raw)
    while start >= 0:
        end = start + len(raw)
        cut_before = raw[0] in _NUMERIC and start > 0 and text[start - 1] in _NUMERIC
        cut_after = raw[-1] in _NUMERIC and end < len(text) and text[end] in _NUMERIC
        if not (cut_before or cut_after):
            return True
        start = text.find(raw, start + 1)
    return False


def missing_numbers(required: str, offered: str | Stated) -> tuple[str, ...]:
    """The amounts, dates and numbers of ``required`` that ``offered`` does not state, as labels.

    Written the same way is enough; otherwise ``offered`` is parsed (``1,200`` = ``1200`` =
    ``一千二百``, ``2020.8.12`` = ``2020年8月12日``). ``offered`` may be a :class:`Stated` that the
    caller checks several required texts against.
    """
    return missing_wanted(required_numbers(required), offered)


def missing_wanted(wanted: Sequence[Wanted], offered: str | Stated) -> tuple[str, ...]:
    """:func:`missing_numbers` given the required text's ``required_numbers`` (read once per question)."""
    if not wanted:
        return ()
    stated = offered if isinstance(offered, Stated) else Stated(offered)
    rest = [w for w in wanted if not _stated_literally(w.raw, stated.raw)]
    return tuple(w.label for w in rest if not stated.states(w))


__all__ = ["Stated", "Wanted", "missing_numbers", "missing_wanted", "required_numbers", "stated_numbers"]
