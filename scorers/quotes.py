"""Whether a required quote is reproduced by one of the candidates (the answer, citation quotes).

Everything is compared in the folded, OCR-cleaned view (``benchmark.documents.model.match_view``:
width, case, whitespace and punctuation folded away). In order of preference:

1. ``exact``: the folded quote is contained in a candidate.
2. ``gap``: the quote elides text with ``...``/``…``; each part is contained, in order.
3. ``fuzzy``: a quote of at least ``MIN_FUZZY_CHARS`` (12) folded characters matches when rapidfuzz
   ``partial_ratio`` reaches ``FUZZY_THRESHOLD`` (85) (``ratio`` when the candidate is the shorter);
   with gaps, every part must match so, in order.
4. ``core``: a long quote counts when its core clause, the longest of its clauses (split at
   punctuation), holding at least ``CORE_MIN_CHARS`` (8) folded characters and half the quote, is
   reproduced (contained, or fuzzily as in 3).

Fuzziness never bridges different numbers: in 3 and 4 every amount, date and other number of the
quote (of the core clause in 4) must appear, normalised, in the candidate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from rapidfuzz import fuzz

from benchmark.documents.model import match_view
from benchmark.text import Found, PartialDate
from benchmark.text.amounts import TextValues, amounts_and_dates
from scorers.fuzzy import partial_ratio_alignment

FUZZY_THRESHOLD = 85.0
MIN_FUZZY_CHARS = 12
CORE_MIN_CHARS = 8
CORE_MIN_SHARE = 0.5

_ELLIPSIS = re.compile(r"\.{3,}|…+|。{3,}|⋯+")
_CLAUSE = re.compile(r"[，,；;：:。！!？?、\n]|\.{3,}|…+")
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
_RANK = {"exact": 4, "gap": 3, "fuzzy": 2, "core": 1, "none": 0}


@dataclass(frozen=True, slots=True)
class QuoteMatch:
    found: bool
    score: float  # 0..100: 100 for exact/gap, the fuzzy score otherwise
    matched_text: str | None  # the folded text of the candidate that matched
    how: str  # "exact" | "gap" | "fuzzy" | "core" | "none"
    candidate: int | None = None  # index of the candidate that matched
    missing_numbers: tuple[str, ...] = ()  # numbers of the quote a near miss lacked

    def to_dict(self) -> dict[str, Any]:
        return {"found": self.found, "score": round(self.score, 2), "matched_text": self.matched_text,
                "how": self.how, "candidate": self.candidate,
                "missing_numbers": list(self.missing_numbers)}  # fmt: skip


NO_MATCH = QuoteMatch(False, 0.0, None, "none")


def quote_parts(quote: str) -> list[str]:
    """The folded parts of a quote whose ``...``/``…`` elide text (one part when none)."""
    return [p for p in (match_view(x) for x in _ELLIPSIS.split(quote)) if p]


# --- numbers ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Numbers:
    values: frozenset[Decimal]
    dates: tuple[PartialDate, ...]


def _numbers(text: str) -> _Numbers:
    """Amounts and bare numbers (as values) and dates of ``text``."""
    return _numbers_in(text, *amounts_and_dates(text))


def _numbers_in(text: str, amounts: tuple[Found, ...], dates: tuple[Found, ...]) -> _Numbers:
    """:func:`_numbers` of ``text`` given ``amounts_and_dates(text)`` (only spans and values are read)."""
    taken = [(f.start, f.end) for f in (*dates, *amounts)]
    values = {Decimal(f.value).normalize() for f in amounts}
    for m in _DIGITS.finditer(text):
        if not any(lo <= m.start() < hi for lo, hi in taken):
            values.update(_run_values(m.group()))
    return _Numbers(frozenset(values), tuple(f.value for f in dates))


def _run_values(run: str) -> list[Decimal]:
    """``1,200`` -> [1200], ``3.5`` -> [3.5]; a run with more points is a list of numbers, not one
    (``第1.1.2条`` -> [1, 1, 2], as ``scorers.number_agreement`` reads it)."""
    plain = run.replace(",", "")
    parts = [plain] if plain.count(".") <= 1 else plain.split(".")
    return [Decimal(p).normalize() for p in parts]


def _candidate_numbers(candidate: str, values: TextValues | None) -> _Numbers:
    """``_numbers(candidate)``, from ``values`` when they are the candidate's and agree with its own
    reading (:meth:`TextValues.as_written`)."""
    found = values.as_written() if values is not None and values.text == candidate else None
    return _numbers(candidate) if found is None else _numbers_in(candidate, *found)


def _date_in(d: PartialDate, dates: tuple[PartialDate, ...]) -> bool:
    fields = ("year", "month", "day")
    return any(all(getattr(d, f) is None or getattr(d, f) == getattr(k, f) for f in fields) for k in dates)


def missing_numbers(quote: str, candidate: str, values: TextValues | None = None) -> tuple[str, ...]:
    """The numbers and dates of ``quote`` that ``candidate`` does not state (normalised).
    ``values``: the candidate's amounts and dates when the caller has them (an answer's)."""
    return _missing(_numbers(quote), candidate, values)


def _missing(need: _Numbers, candidate: str, values: TextValues | None) -> tuple[str, ...]:
    """:func:`missing_numbers` given the quote's numbers."""
    if not need.values and not need.dates:
        return ()  # nothing to look for: the candidate need not be read
    have = _candidate_numbers(candidate, values)
    out = [format(v, "f") for v in sorted(need.values) if v not in have.values]
    out += [str(d) for d in need.dates if not _date_in(d, have.dates)]
    return tuple(out)


# --- matching --------------------------------------------------------------------------------


def _in_order(parts: tuple[str, ...], text: str) -> bool:
    pos = 0
    for part in parts:
        found = text.find(part, pos)
        if found < 0:
            return False
        pos = found + len(part)
    return True


def _fuzzy(part: str, text: str) -> tuple[float, int, int]:
    """Score and where in ``text`` the best match lies (score 0 when below ``FUZZY_THRESHOLD``)."""
    if len(text) < len(part):
        return fuzz.ratio(part, text), 0, len(text)
    al = partial_ratio_alignment(part, text, FUZZY_THRESHOLD)
    if al is None:
        return 0.0, 0, 0
    return al.score, al.dest_start, al.dest_end


def _fuzzy_parts(parts: tuple[str, ...], text: str) -> tuple[float, str] | None:
    pos, scores, spans = 0, [], []
    for part in parts:
        hit = text.find(part, pos)
        if hit >= 0:
            scores.append(100.0)
            spans.append((hit, hit + len(part)))
            pos = hit + len(part)
            continue
        if len(part) < MIN_FUZZY_CHARS:
            return None
        score, start, end = _fuzzy(part, text[pos:])
        if score < FUZZY_THRESHOLD:
            return None
        scores.append(score)
        spans.append((pos + start, pos + end))
        pos += end
    return min(scores), text[spans[0][0] : spans[-1][1]]


def core_clause(quote: str) -> str | None:
    """The longest clause of ``quote`` (folded) when it is long enough to stand for the quote."""
    clauses = [c for c in (match_view(x) for x in _CLAUSE.split(quote)) if c]
    total = sum(len(c) for c in clauses)
    if len(clauses) < 2:
        return None
    core = max(clauses, key=len)
    return core if len(core) >= CORE_MIN_CHARS and len(core) >= CORE_MIN_SHARE * total else None


@dataclass(frozen=True, slots=True)
class _Core:
    """A long quote's core clause (``core_clause``) and the numbers of the raw clause it folds from."""

    folded: str
    numbers: _Numbers


@dataclass(frozen=True, slots=True)
class RequiredQuote:
    """What matching needs of a required quote, worked out once per quote."""

    quote: str
    parts: tuple[str, ...]  # quote_parts
    fuzzy: bool  # the parts hold MIN_FUZZY_CHARS or more: a fuzzy match may count
    numbers: _Numbers  # the quote's amounts, dates and other numbers
    core: _Core | None  # None for an elided quote, whose parts are all essential, or a short one


def _core(quote: str) -> _Core | None:
    core = core_clause(quote)
    return None if core is None else _Core(core, _numbers(_raw_clause(quote, core)))


def required_quote(quote: str) -> RequiredQuote:
    """What matching needs of ``quote``; a scorer reads a question's quotes once and holds them with
    the question (``scorers.conflict_gap``), since every answer to it reads them again."""
    parts = tuple(quote_parts(quote))
    long_enough = sum(len(p) for p in parts) >= MIN_FUZZY_CHARS
    return RequiredQuote(
        quote, parts, long_enough, _numbers(quote), _core(quote) if len(parts) == 1 else None
    )


def _match_one(
    required: RequiredQuote, candidate: str, index: int, values: TextValues | None = None
) -> QuoteMatch:
    text = match_view(candidate)
    if not text:
        return NO_MATCH
    parts = required.parts
    if len(parts) == 1 and parts[0] in text:
        return QuoteMatch(True, 100.0, parts[0], "exact", index)
    if len(parts) > 1 and _in_order(parts, text):
        return QuoteMatch(True, 100.0, "…".join(parts), "gap", index)
    miss: tuple[str, ...] = ()
    if required.fuzzy:
        hit = _fuzzy_parts(parts, text)
        if hit is not None:
            miss = _missing(required.numbers, candidate, values)
            if not miss:
                return QuoteMatch(True, hit[0], hit[1], "fuzzy", index)
    core = required.core
    if core is not None:
        hit = _fuzzy_parts((core.folded,), text)
        if hit is not None:
            core_miss = _missing(core.numbers, candidate, values)
            if not core_miss:
                return QuoteMatch(True, hit[0], hit[1], "core", index)
            miss = miss or core_miss
    return QuoteMatch(False, 0.0, None, "none", index, miss)


def _raw_clause(quote: str, folded_clause: str) -> str:
    return next((x for x in _CLAUSE.split(quote) if match_view(x) == folded_clause), quote)


def match_quote(required: str, candidates: list[str], answer: TextValues | None = None) -> QuoteMatch:
    """The best way ``required`` is reproduced by one of ``candidates`` (see the module doc).
    ``answer``: the amounts and dates of ``candidates[0]`` (the answer), shared by the scorer."""
    return match_required(required_quote(required), candidates, answer)


def match_required(
    quote: RequiredQuote, candidates: list[str], answer: TextValues | None = None
) -> QuoteMatch:
    """:func:`match_quote` of a quote already read (``required_quote``)."""
    if not quote.parts:
        return NO_MATCH
    best = NO_MATCH
    for index, candidate in enumerate(candidates):
        m = _match_one(quote, candidate, index, answer if index == 0 else None)
        if (_RANK[m.how], m.score) > (_RANK[best.how], best.score) or (
            not best.found and m.missing_numbers and not best.missing_numbers
        ):
            best = m
        if best.how == "exact":
            break
    return best


__all__ = [
    "CORE_MIN_CHARS",
    "CORE_MIN_SHARE",
    "FUZZY_THRESHOLD",
    "MIN_FUZZY_CHARS",
    "QuoteMatch",
    "RequiredQuote",
    "core_clause",
    "match_quote",
    "match_required",
    "missing_numbers",
    "quote_parts",
    "required_quote",
]
