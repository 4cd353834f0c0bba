"""Values of each kind read from ranked sentences, with ``benchmark.text`` doing the reading.

Each candidate gets a score: its sentence's relevance plus how well the words just before it (or,
in a table row, its column header) match the question, so that in ``案件受理费2724元，减半收取计1362元``
the question "减半收取后的受理费" picks 1362. A question asking for a total prefers an amount that the
text itself calls a total (``合计``/``总共``/``一共``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from benchmark.adapters.baseline.passages import Sentence
from benchmark.adapters.baseline.retriever import Retriever
from benchmark.adapters.baseline.tokenize import BARE_NUMBER, tokenize, value_spans
from benchmark.text import (
    find_amounts,
    find_counts,
    find_dates,
    parse_amount,
    parse_chinese_number,
    read_boolean,
)
from benchmark.text.counts import unit_of

__all__ = ["Value", "amount_text", "candidates", "read_stance"]

LOCAL_WEIGHT = 0.3
TOTAL_BONUS = 0.3
ANCHOR_BONUS = 0.2
_TOTAL_HEAD = re.compile(r"合计|总计|总额")
_CLAUSE_BREAK = re.compile(r"[，,。；;：:、（(）)|]")
_TOTAL_CUE = re.compile(r"(?:合计|共计|一共|总共|总计|累计|加起来|共)[^，。；]{0,6}$")
_PERCENT = re.compile(r"\d+(?:\.\d+)?\s*[%％‰]|(?:百|千|万)分之[零一二三四五六七八九十百点]+")
_TIME = re.compile(r"\d{1,2}\s*[时点]\s*\d{1,2}\s*分|\d{1,2}:\d{2}")
_NEGATION_BEFORE = re.compile(r"(?:不予|不|未|没有|没|无|驳回|拒绝|并非|不是)\s*$")
_YES_NO = re.compile(r"是否|有没有|是不是|有无|能否|对不对|吗")
_MONEY_HEADER = re.compile(r"元|金额|余额|收入|支出|本金|利息|合计")


@dataclass(frozen=True)
class Value:
    """A value found in a sentence: ``value`` (Decimal, PartialDate, int, bool or str) and its score."""

    kind: str
    value: Any
    raw: str
    sentence: Sentence
    score: float
    position: int = 0
    local: float = 0.0  # how well the words around the value match the question (0..1)


def amount_text(value: Decimal) -> str:
    """``Decimal("46000")`` -> ``46000元``; ``Decimal("223607.92")`` -> ``223607.92元``."""
    normal = value.normalize()
    text = f"{normal:f}" if normal != normal.to_integral_value() else str(int(normal))
    return f"{text}元"


def _cells(sentence: Sentence) -> list[tuple[str, str]] | None:
    """(column header, cell) pairs when the sentence is a table row whose header row is known."""
    if not sentence.text.lstrip().startswith("|"):
        return None
    header = next((h for h in sentence.hit.chunk.context.split("\n") if h.lstrip().startswith("|")), "")
    heads = [h.strip() for h in header.strip().strip("|").split("|")]
    cells = [c.strip() for c in sentence.text.strip().strip("|").split("|")]
    return list(zip(heads, cells, strict=False)) if header else None


def _before(text: str, start: int, limit: int = 16) -> str:
    """The clause of ``text`` that ends at ``start``."""
    seg = text[max(0, start - limit) : start]
    parts = _CLAUSE_BREAK.split(seg)
    return parts[-1] if parts[-1].strip() or len(parts) == 1 else (parts[-2] if len(parts) > 1 else "")


def _after(text: str, end: int, limit: int = 8) -> str:
    """The rest of the clause after ``end`` (``2020年9月25日写的`` -> ``写的``)."""
    return _CLAUSE_BREAK.split(text[end : end + limit])[0]


class _Scorer:
    """Scores a candidate found at ``text[start:end]`` of a sentence against the question's terms.

    Values the question itself states (``第一笔还款30,000元是在哪一天``) are anchors: a candidate
    close to one scores higher, and a candidate equal to one is not an answer.
    """

    def __init__(self, retriever: Retriever, question: str, total: bool) -> None:
        self.retriever = retriever
        self.weights = retriever.weights(retriever.query_terms(question))
        self.anchors = frozenset(token for _, _, token in value_spans(question))
        self.total = total

    def local(self, context: str) -> float:
        return self.weights.share(set(tokenize(context))) if context.strip() else 0.0

    def anchored(self, text: str, start: int, end: int) -> float:
        """A bonus that shrinks with the distance to the nearest anchor (a third of it across a clause
        break); minus one for a value that is an anchor itself."""
        if not self.anchors:
            return 0.0
        best = 0.0
        for a, b, token in value_spans(text):
            if token not in self.anchors:
                continue
            if a <= start and end <= b:
                return -1.0
            gap = text[b:start] if b <= start else text[end:a]
            bonus = ANCHOR_BONUS / (1.0 + len(gap) / 10.0)
            best = max(best, bonus / 3 if _CLAUSE_BREAK.search(gap) else bonus)
        return best

    def row_anchored(self, row: str, cell: str) -> float:
        """A table row holding an anchor gets the full bonus; a cell that is an anchor gets minus one."""
        if not self.anchors:
            return 0.0
        if any(token in self.anchors for _, _, token in value_spans(cell)):
            return -1.0
        return ANCHOR_BONUS if any(token in self.anchors for _, _, token in value_spans(row)) else 0.0

    def __call__(
        self, sentence: Sentence, text: str, start: int, end: int, kind: str, raw: str, value: Any
    ) -> Value:
        local = self.local(f"{_before(text, start)} {_after(text, end)}")
        score = sentence.relevance + LOCAL_WEIGHT * local + self.anchored(text, start, end)
        if self.total and kind == "amount" and _TOTAL_CUE.search(text[max(0, start - 8) : start]):
            score += TOTAL_BONUS
        return Value(kind, value, raw, sentence, score, start, local)


def _table_values(sentence: Sentence, kind: str, scorer: _Scorer) -> Iterator[Value]:
    cells = _cells(sentence) or []
    row_label = cells[0][1] if cells else ""
    for i, (head, cell) in enumerate(cells):
        value: Any = None
        if kind == "amount" and _MONEY_HEADER.search(head):
            value = parse_amount(cell + "元") if re.fullmatch(r"[\d,]+(?:\.\d+)?", cell) else None
        elif kind == "date":
            dates = [f.value for f in find_dates(cell) if f.value.complete]
            value = dates[0] if dates else None
        if value is not None:
            local = scorer.local(f"{head} {row_label}")
            score = sentence.relevance + LOCAL_WEIGHT * local + scorer.row_anchored(sentence.text, cell)
            if (
                scorer.total
                and kind == "amount"
                and (_TOTAL_HEAD.search(head) or _TOTAL_HEAD.search(row_label))
            ):
                score += TOTAL_BONUS
            yield Value(kind, value, cell, sentence, score, i, local)


def _amount_spans(text: str) -> list[tuple[int, int, str, Any]]:
    """(start, end, raw, value) of each definite amount of ``text``, then of each bare figure that is
    no part of an amount."""
    out: list[tuple[int, int, str, Any]] = []
    spans: list[tuple[int, int]] = []
    for f in find_amounts(text):
        spans.append((f.start, f.end))
        if f.definite:
            out.append((f.start, f.end, f.raw, f.value))
    for m in BARE_NUMBER.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in spans):
            continue
        value = parse_amount(m.group() + "元")
        if value is not None:
            out.append((m.start(), m.end(), m.group(), value))
    return out


def _date_spans(text: str) -> list[tuple[int, int, str, Any]]:
    """(start, end, raw, value) of each complete date of ``text`` that is definite or a range's end."""
    return [
        (f.start, f.end, f.raw, f.value)
        for f in find_dates(text)
        if f.value.complete and (f.definite or f.qualifier == "range")
    ]


def _spans(
    kind: str, sentence: Sentence, scorer: _Scorer, read: Callable[[str], list[tuple[int, int, str, Any]]]
) -> list[tuple[int, int, str, Any]]:
    """``read`` of the sentence's text: once per sentence of the index, whatever the question."""
    text = sentence.clean
    if sentence.at < 0:
        return read(text)
    reading = scorer.retriever.readings[sentence.hit.chunk.index]
    return reading.values(kind, sentence.at, lambda: read(text))


def _amounts(sentence: Sentence, scorer: _Scorer) -> Iterator[Value]:
    text = sentence.clean
    for start, end, raw, value in _spans("amount", sentence, scorer, _amount_spans):
        yield scorer(sentence, text, start, end, "amount", raw, value)


def _dates(sentence: Sentence, scorer: _Scorer) -> Iterator[Value]:
    text = sentence.clean
    for start, end, raw, value in _spans("date", sentence, scorer, _date_spans):
        yield scorer(sentence, text, start, end, "date", raw, value)


def _counts(sentence: Sentence, scorer: _Scorer, unit: str | None) -> Iterator[Value]:
    text = sentence.clean
    found = [f for f in find_counts(text, unit_of(unit)) if f.definite] if unit else []
    for f in found or ([] if unit else [f for f in find_counts(text) if f.definite]):
        yield scorer(sentence, text, f.start, f.end, "count", f.raw, f.value)
    if unit and not found:  # classifiers the normaliser does not know, e.g. 三十日
        for m in re.finditer(rf"([0-9]+|[零一二两三四五六七八九十百]+)\s*{re.escape(unit)}", text):
            n = (
                int(m.group(1))
                if m.group(1).isdigit()
                else parse_chinese_number(m.group(1).replace("两", "二"))
            )
            if n is not None:
                yield scorer(sentence, text, m.start(), m.end(), "count", m.group(), int(n))


def _pattern(kind: str, pattern: re.Pattern[str]) -> Callable[[Sentence, _Scorer], Iterator[Value]]:
    def read(sentence: Sentence, scorer: _Scorer) -> Iterator[Value]:
        text = sentence.clean
        for m in pattern.finditer(text):
            yield scorer(sentence, text, m.start(), m.end(), kind, m.group(), m.group())

    return read


_READERS: dict[str, Callable[[Sentence, _Scorer], Iterator[Value]]] = {
    "amount": _amounts,
    "date": _dates,
    "percent": _pattern("percent", _PERCENT),
    "time": _pattern("time", _TIME),
}


def candidates(
    kind: str,
    sentences: list[Sentence],
    retriever: Retriever,
    question: str,
    *,
    total: bool = False,
    unit: str | None = None,
) -> list[Value]:
    """Every value of ``kind`` in the sentences, best first (ties: sentence order, then position)."""
    scorer = _Scorer(retriever, question, total)
    out: list[Value] = []
    for order, s in enumerate(sentences):
        if _cells(s) is not None and kind in ("amount", "date"):
            found = list(_table_values(s, kind, scorer))
        elif kind == "count":
            found = list(_counts(s, scorer, unit))
        elif kind in _READERS:
            found = list(_READERS[kind](s, scorer))
        else:
            found = []
        out.extend(replace(v, position=order * 1000 + v.position) for v in found)
    if total and kind == "amount":  # among equally good amounts, a total is the largest
        return sorted(out, key=lambda v: (-v.score, -v.value, v.position))
    return sorted(out, key=lambda v: (-v.score, v.position))


_PARTICLE = re.compile(r"^(?:是|是的|对|对的|有|没有|不是|否|不)$")


def read_stance(text: str, question: str, replying_to: str | None = None) -> bool | None:
    """Yes/no of ``text`` on the question's predicate; ``不予支持`` is read as no.

    A bare ``是``/``对``/``没有`` counts only when ``text`` replies to a yes/no question
    (``replying_to``, the ``问`` of a transcript pair), or when nothing says what it replies to.
    """
    found = read_boolean(text, question)
    if found is None or not found.definite:
        return None
    if replying_to is not None and _PARTICLE.match(found.raw.strip()) and not _YES_NO.search(replying_to):
        return None
    value = bool(found.value)
    if value and _NEGATION_BEFORE.search(text[max(0, found.start - 3) : found.start]):
        return False
    return value
