"""Values of each kind read from ranked sentences, with ``benchmark.text`` doing the reading.

Each candidate gets a score: its sentence's relevance plus how well the words just before it (or,
in a table row, its column header) match the question, so that in ``案件受理费2724元，减半收取计1362元``
the question "减半收取后的受理费" picks 1362. A question asking for a total prefers an amount that the
text itself calls a total (``合计``/``总共``/``一共``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from benchmark.adapters.baseline.passages import Sentence
from benchmark.adapters.baseline.retriever import Retriever
from benchmark.adapters.baseline.sentence_values import CLAUSE_BREAK, Found, found_at, sentence_values, words
from benchmark.adapters.baseline.tokenize import value_spans
from benchmark.text import find_counts, find_dates, parse_amount, parse_chinese_number, read_boolean
from benchmark.text.booleans import YesNoQuestion
from benchmark.text.counts import unit_of

__all__ = ["Value", "ValueReader", "amount_text", "candidates", "read_stance"]

LOCAL_WEIGHT = 0.3
TOTAL_BONUS = 0.3
ANCHOR_BONUS = 0.2
_TOTAL_HEAD = re.compile(r"合计|总计|总额")
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

    def local(self, tokens: Collection[str]) -> float:
        """Share of the question's terms that ``tokens`` (the words around a value) hold."""
        return self.weights.share(set(tokens))

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
            best = max(best, bonus / 3 if CLAUSE_BREAK.search(gap) else bonus)
        return best

    def row_anchored(self, row: str, cell: str) -> float:
        """A table row holding an anchor gets the full bonus; a cell that is an anchor gets minus one."""
        if not self.anchors:
            return 0.0
        if any(token in self.anchors for _, _, token in value_spans(cell)):
            return -1.0
        return ANCHOR_BONUS if any(token in self.anchors for _, _, token in value_spans(row)) else 0.0

    def __call__(self, sentence: Sentence, text: str, found: Found, kind: str) -> Value:
        """The value ``found`` in ``text`` (the sentence's clean text), scored."""
        start, end, raw, value, around = found
        local = self.local(around)
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
            local = scorer.local(words(f"{head} {row_label}"))
            score = sentence.relevance + LOCAL_WEIGHT * local + scorer.row_anchored(sentence.text, cell)
            if (
                scorer.total
                and kind == "amount"
                and (_TOTAL_HEAD.search(head) or _TOTAL_HEAD.search(row_label))
            ):
                score += TOTAL_BONUS
            yield Value(kind, value, cell, sentence, score, i, local)


def _stated(sentence: Sentence, scorer: _Scorer) -> tuple[tuple[Found, ...], tuple[Found, ...]]:
    """The amounts and dates of the sentence: read when its index was built (``Reading.values``)."""
    if sentence.at < 0:
        return sentence_values(sentence.text)
    return scorer.retriever.readings[sentence.hit.chunk.index].values[sentence.at]


def _amounts(sentence: Sentence, scorer: _Scorer) -> Iterator[Value]:
    text = sentence.clean
    for found in _stated(sentence, scorer)[0]:
        yield scorer(sentence, text, found, "amount")


def _dates(sentence: Sentence, scorer: _Scorer) -> Iterator[Value]:
    text = sentence.clean
    for found in _stated(sentence, scorer)[1]:
        yield scorer(sentence, text, found, "date")


def _counts(sentence: Sentence, scorer: _Scorer, unit: str | None) -> Iterator[Value]:
    text = sentence.clean
    found = [f for f in find_counts(text, unit_of(unit)) if f.definite] if unit else []
    for f in found or ([] if unit else [f for f in find_counts(text) if f.definite]):
        yield scorer(sentence, text, found_at(text, f.start, f.end, f.raw, f.value), "count")
    if unit and not found:  # classifiers the normaliser does not know, e.g. 三十日
        for m in re.finditer(rf"([0-9]+|[零一二两三四五六七八九十百]+)\s*{re.escape(unit)}", text):
            n = (
                int(m.group(1))
                if m.group(1).isdigit()
                else parse_chinese_number(m.group(1).replace("两", "二"))
            )
            if n is not None:
                yield scorer(sentence, text, found_at(text, m.start(), m.end(), m.group(), int(n)), "count")


def _pattern(kind: str, pattern: re.Pattern[str]) -> Callable[[Sentence, _Scorer], Iterator[Value]]:
    def read(sentence: Sentence, scorer: _Scorer) -> Iterator[Value]:
        text = sentence.clean
        for m in pattern.finditer(text):
            yield scorer(sentence, text, found_at(text, m.start(), m.end(), m.group(), m.group()), kind)

    return read


_READERS: dict[str, Callable[[Sentence, _Scorer], Iterator[Value]]] = {
    "amount": _amounts,
    "date": _dates,
    "percent": _pattern("percent", _PERCENT),
    "time": _pattern("time", _TIME),
}


def _sentence_values(kind: str, sentence: Sentence, scorer: _Scorer, unit: str | None) -> list[Value]:
    """The values of ``kind`` in one sentence, scored, in the sentence's order."""
    if _cells(sentence) is not None and kind in ("amount", "date"):
        return list(_table_values(sentence, kind, scorer))
    if kind == "count":
        return list(_counts(sentence, scorer, unit))
    if kind in _READERS:
        return list(_READERS[kind](sentence, scorer))
    return []


class ValueReader:
    """The values one question's ranked sentences hold, scored against the question.

    The contradiction check and the answer (``dispatch``) read overlapping sentences of one ranking;
    a reader shared by both reads and scores each sentence once per kind (a sentence is known by its
    place in the index and its relevance)."""

    def __init__(
        self, retriever: Retriever, question: str, *, total: bool = False, unit: str | None = None
    ) -> None:
        self.scorer = _Scorer(retriever, question, total)
        self.unit = unit
        self._read: dict[tuple[str, int, int, float], list[Value]] = {}

    def _values(self, kind: str, sentence: Sentence) -> list[Value]:
        if sentence.at < 0:  # not a sentence of the index: nothing to know it by
            return _sentence_values(kind, sentence, self.scorer, self.unit)
        key = (kind, sentence.hit.chunk.index, sentence.at, sentence.relevance)
        found = self._read.get(key)
        if found is None:
            found = self._read[key] = _sentence_values(kind, sentence, self.scorer, self.unit)
        return found

    def candidates(self, kind: str, sentences: list[Sentence]) -> list[Value]:
        """Every value of ``kind`` in the sentences, best first (ties: sentence order, then position)."""
        out: list[Value] = []
        for order, s in enumerate(sentences):
            out.extend(replace(v, position=order * 1000 + v.position) for v in self._values(kind, s))
        if self.scorer.total and kind == "amount":  # among equally good amounts, a total is the largest
            return sorted(out, key=lambda v: (-v.score, -v.value, v.position))
        return sorted(out, key=lambda v: (-v.score, v.position))


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
    return ValueReader(retriever, question, total=total, unit=unit).candidates(kind, sentences)


_PARTICLE = re.compile(r"^(?:是|是的|对|对的|有|没有|不是|否|不)$")


def read_stance(text: str, question: str | YesNoQuestion, replying_to: str | None = None) -> bool | None:
    """Yes/no of ``text`` on the question's predicate (``question``: its text, or ``yes_no_question`` of
    it, read once for the many sentences a question reads); ``不予支持`` is read as no.

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
