"""conflict_gap answers: name a contradiction, or abstain when the file does not say, never invent.

In this order:

1. Contradiction: two strong sentences give different values of the asked kind (two amounts, two
   dates, yes against no), or, for an amount, one sentence restates a figure differently in brackets
   (``壹万元整（¥15,000.00）``). The answer says the passages contradict and quotes both.
0. Weak retrieval (the best chunk holds under 10% of the question's idf mass): abstain.
2. Gap: the best passages say the fact is unknown (``记不清``, ``不知道``, ``未提交``, a blank
   ``____``): abstain, quoting what the file does say.
3. An amount, date or count stated by a strongly matching sentence: given with its quote.
4. Anything else (yes/no, names, places, reasons, or weak retrieval): abstain, quoting the closest
   passage. A baseline cannot tell a name or a "yes" the file gives from one it only seems to give
   (a contract clause that *allows* something reads as "yes").
"""

from __future__ import annotations

import itertools
import re

from benchmark.adapters.baseline.analysis import Ask, analyse
from benchmark.adapters.baseline.answerer import NOT_FOUND, stance_of
from benchmark.adapters.baseline.passages import (
    Sentence,
    answer_text,
    page_label,
    split_sentences,
)
from benchmark.adapters.baseline.retriever import Hit, Retriever
from benchmark.adapters.baseline.values import ValueReader
from benchmark.models import Answer, Citation, EvidenceItem
from benchmark.text import find_amounts
from benchmark.text.booleans import yes_no_question

__all__ = ["GAP_CUES", "abstain", "conflict_answer", "find_conflict", "gap_sentence"]

GAP_CUES = re.compile(
    r"忘记|忘了|记不清|记不得|不记得|想不起|不知道|不清楚|并不清楚|没注意|说不出|说不清|记不住|没记住|"
    r"未提交|未提供|未举证|未填写|未载明|未约定|未记载|没有记载|不详|无法确定|_{3,}|联系不上"
)
CONFLICT = "前后说法存在矛盾"
STRONG = 0.4  # relevance a sentence needs to take part in a contradiction or a gap
RIVAL = 0.6  # a rival sentence's relevance relative to the best one's


def _stance_conflict(question: str, ranked: list[Sentence]) -> list[Sentence]:
    asked = yes_no_question(question)  # once for every sentence read
    seen: dict[bool, Sentence] = {}
    chunks: set[int] = set()
    for s in ranked:
        if s.role == "问" or s.relevance < STRONG or s.hit.chunk.index in chunks:
            continue
        chunks.add(s.hit.chunk.index)
        stance = stance_of(s, asked)
        if stance is not None and stance not in seen:
            seen[stance] = s
    return [seen[True], seen[False]] if len(seen) == 2 else []


def _value_conflict(kind: str, ranked: list[Sentence], reader: ValueReader) -> list[Sentence]:
    strong = [s for s in ranked if s.relevance >= STRONG]
    found = reader.candidates(kind, strong)
    found = [v for v in found if v.local > 0.0 or kind != "amount"]
    if len(found) < 2:
        return []
    best = found[0]
    floor = max(STRONG, RIVAL * best.sentence.relevance)
    for rival in found[1:]:
        different = rival.value != best.value and rival.sentence.text != best.sentence.text
        if different and rival.sentence.relevance >= floor:
            return sorted([best.sentence, rival.sentence], key=lambda s: s.start)
    return []


_BRACKETED = re.compile(r"^\s*[（(]\s*$")


def _restated_differently(ranked: list[Sentence]) -> list[Sentence]:
    """A sentence that gives an amount and then, in brackets, a different figure for it."""
    for s in ranked[:5]:
        found = [f for f in find_amounts(s.clean) if f.definite]
        for a, b in itertools.pairwise(found):
            if a.value != b.value and _BRACKETED.match(s.clean[a.end : b.start]):
                return [s]
    return []


def find_conflict(
    question: str,
    ranked: list[Sentence],
    retriever: Retriever,
    ask: Ask | None = None,
    reader: ValueReader | None = None,
) -> list[Sentence]:
    """The sentences that contradict each other on what the question asks (empty when none);
    ``reader``: the question's, when the caller reads its values too."""
    ask = ask or analyse(question)
    reader = reader or ValueReader(retriever, question, total=ask.total, unit=ask.unit)
    for kind in ask.kinds:
        if kind == "boolean":
            found = _stance_conflict(question, ranked)
        elif kind in ("amount", "date", "count"):
            found = _value_conflict(kind, ranked, reader)
        else:
            found = []
        if found:
            return found
    return _restated_differently(ranked) if ask.wants("amount") else []


def conflict_answer(sentences: list[Sentence]) -> Answer:
    said = "；另一处".join(f"{s.where}称“{s.clean}”" for s in sentences)
    if len(sentences) == 1:
        answer = f"{CONFLICT}：{said}，同一处的金额前后表述不一致。"
    else:
        answer = f"{CONFLICT}，两处记载不一致：一处{said}。"
    return Answer(
        answer=answer,
        citations=tuple(s.citation() for s in sentences),
        evidence=tuple(s.evidence() for s in sentences),
        abstained=False,
    )


def gap_sentence(ranked: list[Sentence]) -> Sentence | None:
    for s in ranked[:6]:
        if s.role != "问" and s.relevance >= STRONG and GAP_CUES.search(s.text):
            return s
    return None


def abstain(ask: Ask, said: Sentence | None, hits: list[Hit], gap: bool = False) -> Answer:
    """Abstain; quote what the file says instead (``gap``: the passage that says it is unknown)."""
    subject = f"“{ask.topic}”" if ask.topic else "该问题所问的信息"
    answer = f"{NOT_FOUND}{subject}，无法确定，不能提供。"
    citations: tuple[Citation, ...] = ()
    if said is not None:
        lead = "材料中只记载" if gap else "最接近的记载"
        answer += f"{lead}（{page_label(said.hit.chunk, said.page)}）：“{said.clean}”。"
        citations = (said.citation(),)
    evidence = tuple(
        EvidenceItem(text=answer_text(split_sentences(h)), page=h.page, doc=h.document) for h in hits[:2]
    )
    return Answer(answer=answer, citations=citations, evidence=evidence, abstained=True)
