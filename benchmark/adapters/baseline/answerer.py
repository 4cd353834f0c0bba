"""The extractive answerer: reads the value a question asks for out of the best retrieved sentences.

It sees only the question text. ``dispatch.answer_question`` decides, from the wording and the
retrieved passages, which of these applies:

- values: the asked kinds (``analysis.analyse``) are read from the ranked sentences; the answer
  states the values, ``fields`` carries them, and each value cites its sentence (page, lines, quote).
  When retrieval is weak (the best chunk holds under 10% of the question's idf mass) or no sentence
  holds a value of an asked kind, the answer abstains and quotes the closest passage.
- passages: ``evidence.answer_evidence``; contradictions and gaps: ``gaps``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from benchmark.adapters.baseline.analysis import Ask, analyse
from benchmark.adapters.baseline.passages import (
    Sentence,
    answer_text,
    asked_text,
    rank_sentences,
    split_sentences,
)
from benchmark.adapters.baseline.retriever import Hit, Retriever
from benchmark.adapters.baseline.values import Value, ValueReader, amount_text, read_stance
from benchmark.documents.model import match_view
from benchmark.text.booleans import YesNoQuestion, yes_no_question

__all__ = [
    "NOT_FOUND",
    "Finding",
    "find_values",
    "names_head",
    "stance_of",
    "weak",
]

NOT_FOUND = "材料中没有记载"
_HEADING = re.compile(r"^\s*#")
MAX_PARTS = 6
PART_POOL = 13  # candidates after the total that may be its parts
MIN_RELEVANCE = 0.2
HEAD_BONUS = 0.3
WEAK_COVERAGE = 0.1  # below this share of the question's idf mass, the evidence is too weak to answer


@dataclass
class Finding:
    """What was read for one question: answer phrases, fields, and the sentences they came from."""

    phrases: list[str] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)
    sources: list[Sentence] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def cite(self, sentence: Sentence) -> None:
        if all(
            (s.page, s.start, s.end) != (sentence.page, sentence.start, sentence.end) for s in self.sources
        ):
            self.sources.append(sentence)


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def _date_text(value: Any) -> str:
    return f"{value.year}年{value.month}月{value.day}日"


def _summing(pool: list[Value], total: Decimal) -> list[Value]:
    """The first (smallest, best-ranked) group of 2 to ``MAX_PARTS`` values that adds up to ``total``."""
    for size in range(2, min(MAX_PARTS, len(pool)) + 1):
        for group in itertools.combinations(pool, size):
            if sum((v.value for v in group), Decimal(0)) == total:
                return list(group)
    return []


def _parts(ask: Ask, best: Value, found: list[Value]) -> list[Value]:
    """The parts of a total: amounts near the top that add up to it; failing that, when the question
    asks for parts, the other amounts of the total's own sentence."""
    pool: list[Value] = []
    for v in found[1:PART_POOL]:
        if v.value < best.value and v.score >= 0.5 * best.score and all(p.value != v.value for p in pool):
            pool.append(v)
    parts = _summing(pool, best.value)
    if not parts and ask.parts:
        parts = [v for v in pool if v.sentence.text == best.sentence.text][:MAX_PARTS]
    return sorted(parts, key=lambda v: v.position)


def _amount(ask: Ask, found: list[Value], out: Finding) -> None:
    best = found[0]
    out.phrases.append(("合计" if ask.total or ask.parts else "") + amount_text(best.value))
    out.fields["amount"] = _number(best.value)
    out.cite(best.sentence)
    parts = _parts(ask, best, found) if ask.total or ask.parts else []
    if parts:
        out.phrases.append("分别为" + "、".join(amount_text(p.value) for p in parts))
        out.fields["amounts"] = [_number(p.value) for p in parts]
        for p in parts:
            out.cite(p.sentence)


def _date_range(found: list[Value], out: Finding) -> bool:
    """Two dates of the same sentence (the best one holding two), as a range."""
    for v in found:
        days = sorted({w.value for w in found if w.sentence.text == v.sentence.text}, key=lambda d: d.iso())
        if len(days) >= 2:
            out.phrases.append(f"自{_date_text(days[0])}至{_date_text(days[-1])}")
            out.fields["dates"] = [days[0].iso(), days[-1].iso()]
            out.cite(v.sentence)
            return True
    return False


def stance_of(sentence: Sentence, question: str | YesNoQuestion) -> bool | None:
    """The yes/no a sentence gives; for a transcript answer, the whole ``答`` on its ``问``."""
    if sentence.role != "答":
        return read_stance(sentence.clean, question)
    parts = split_sentences(sentence.hit)
    return read_stance(answer_text(parts), question, asked_text(parts) or "")


def _boolean(question: str, ranked: list[Sentence], out: Finding) -> bool:
    asked = yes_no_question(question)  # once for every sentence read
    for s in ranked[:12]:
        if s.role == "问":
            continue
        stance = stance_of(s, asked)
        if stance is not None:
            out.phrases.append("是" if stance else "否")
            out.fields["boolean"] = stance
            out.cite(s)
            return True
    return False


def names_head(sentence: Sentence, head: str) -> bool:
    """Whether the sentence (or the heading of its section) names the asked-about thing."""
    chunk = sentence.hit.chunk
    heading = chunk.lines[0].text if _HEADING.match(chunk.lines[0].text) else ""
    return match_view(head) in match_view(f"{sentence.text}{chunk.context}{heading}")


def _text(question: str, ask: Ask, ranked: list[Sentence], retriever: Retriever, out: Finding) -> bool:
    """The sentence that best states the asked thing in its own words (not only through its 问),
    preferring one that names the asked-about noun (``记录人：…`` for "记录人是谁")."""
    weights = retriever.weights(retriever.query_terms(question))
    usable = [s for s in ranked[:12] if s.role != "问" and len(s.clean) > 1 and not _HEADING.match(s.text)]
    if not usable:
        return False

    def score(s: Sentence) -> float:
        named = HEAD_BONUS if ask.head and names_head(s, ask.head) else 0.0
        return s.relevance + weights.share(set(retriever.tokens_of(s.text))) + named

    best = max(usable, key=score)
    out.phrases.append(best.clean)
    out.fields["text"] = best.clean
    out.cite(best)
    return True


def _read(
    kind: str,
    ask: Ask,
    question: str,
    ranked: list[Sentence],
    retriever: Retriever,
    out: Finding,
    reader: ValueReader,
) -> bool:
    if kind == "boolean":
        return _boolean(question, ranked, out)
    if kind in ("entity", "text"):
        return _text(question, ask, ranked, retriever, out)
    base = "date" if kind == "date_range" else kind
    found = reader.candidates(base, ranked)
    if not found:
        return False
    if kind == "date_range":
        return _date_range(found, out)
    best = found[0]
    if kind == "amount":
        _amount(ask, found, out)
    elif kind == "date":
        out.phrases.append(_date_text(best.value))
        out.fields["date"] = best.value.iso()
    elif kind == "count":
        out.phrases.append(f"{best.value}{ask.unit or '次'}")
        out.fields["count"] = int(best.value)
    else:
        out.phrases.append(str(best.value))
        out.fields["text"] = str(best.value)
    out.cite(best.sentence)
    return True


def find_values(
    question: str,
    retriever: Retriever,
    hits: list[Hit],
    ask: Ask | None = None,
    ranked: list[Sentence] | None = None,
    reader: ValueReader | None = None,
) -> Finding:
    """Read every kind the question asks for out of the hits' sentences (``ranked``: those sentences as
    ``rank_sentences`` ranks them, and ``reader`` the question's, when the caller has them)."""
    ask = ask or analyse(question)
    ranked = rank_sentences(retriever, question, hits) if ranked is None else ranked
    ranked = [s for s in ranked if s.relevance >= MIN_RELEVANCE]
    reader = reader or ValueReader(retriever, question, total=ask.total, unit=ask.unit)
    out = Finding()
    for kind in ask.kinds:
        if not _read(kind, ask, question, ranked, retriever, out, reader):
            out.missing.append(kind)
    return out


def weak(question: str, retriever: Retriever, hits: list[Hit]) -> bool:
    """Whether retrieval found nothing that holds even ``WEAK_COVERAGE`` of the question's idf mass."""
    weights = retriever.weights(retriever.query_terms(question))
    best = max((weights.share(set(retriever.tokens[h.chunk.index])) for h in hits), default=0.0)
    return best < WEAK_COVERAGE
