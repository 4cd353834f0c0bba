"""The baseline's answer to one question, decided from its wording and from what retrieval found.

The baseline never learns a question's type (it receives a ``SystemQuery``). What it does follows
the question text (``analysis.analyse``) and the retrieved passages, in this order:

1. A question that asks for passages (``哪些``, ``为什么``, ``如何``, ``依据``, ``理由``: ``Ask.evidence``)
   gets them: ``evidence.answer_evidence``.
2. Otherwise it asks for values (an amount, a date, a count, a yes/no, a name, a text):
   - weak retrieval (the best chunk holds under ``answerer.WEAK_COVERAGE`` of the question's idf
     mass): abstain;
   - two strong passages give different values of the asked kind: name the contradiction
     (``gaps.find_conflict``);
   - a strong passage says the fact is unknown (``记不清``, ``未提交``, a blank): abstain, quoting it;
   - the asked values, when each is read and at least one comes from a sentence whose relevance
     reaches ``SUPPORT``: stated with their quotes (``answerer.find_values``);
   - anything else: abstain, quoting the closest passage.
"""

from __future__ import annotations

from dataclasses import replace

from benchmark.adapters.baseline.analysis import Ask, analyse
from benchmark.adapters.baseline.answerer import Finding, find_values, names_head, weak
from benchmark.adapters.baseline.evidence import answer_evidence
from benchmark.adapters.baseline.gaps import GAP_CUES, abstain, conflict_answer, find_conflict, gap_sentence
from benchmark.adapters.baseline.passages import Sentence, rank_sentences
from benchmark.adapters.baseline.retriever import Hit, Retriever, contexts_of
from benchmark.adapters.baseline.values import ValueReader
from benchmark.models import Answer

__all__ = ["SUPPORT", "answer_question"]

#: The relevance (``passages.rank_sentences``) a value's sentence needs before the baseline states it:
#: below it the passage is only near the question, and the baseline abstains instead.
SUPPORT = 0.4


def answer_question(question: str, retriever: Retriever) -> Answer:
    """The baseline's answer to a question text over the retriever's document."""
    ask = analyse(question)
    if ask.evidence:
        return answer_evidence(question, retriever)
    return _answer_values(question, ask, retriever)


def supported(found: Finding) -> bool:
    """Whether every asked kind was read and one of the value sentences reaches ``SUPPORT``."""
    return bool(found.phrases) and not found.missing and any(s.relevance >= SUPPORT for s in found.sources)


def _stated(found: Finding) -> Answer:
    quote = "；".join(f"{s.where}：“{s.clean}”" for s in found.sources[:3])
    return Answer(
        answer="；".join(found.phrases) + f"。依据：{quote}。",
        citations=tuple(s.citation() for s in found.sources),
        evidence=tuple(s.evidence() for s in found.sources),
        abstained=False,
        fields=found.fields,
    )


def _outweighs(found: Finding, gap: Sentence) -> bool:
    """Whether a supported value's sentence is at least as relevant as the sentence saying it is unknown."""
    return supported(found) and max(s.relevance for s in found.sources) >= gap.relevance


def _unsupported_text(ask: Ask, found: Finding) -> bool:
    """A name or text answer whose sentence says the fact is unknown (``全名叫什么我不知道``), or does
    not name what was asked about (``住址`` of "訾牧川的住址是哪里" answered by ``保证人：訾牧川``)."""
    if "text" not in found.fields:
        return False
    unknown = any(GAP_CUES.search(s.text) for s in found.sources)
    return unknown or (bool(ask.head) and not any(names_head(s, ask.head) for s in found.sources))


def _closest(ranked: list[Sentence]) -> Sentence | None:
    return next((s for s in ranked if s.role != "问"), None)


def _answer_values(question: str, ask: Ask, retriever: Retriever) -> Answer:
    """The values asked for, a contradiction or an abstention; with the question's search as its
    ranked contexts."""
    top_k = retriever.config.top_k
    wide = retriever.search(question, top_k=2 * top_k)  # one ranking: its first top_k are the hits
    hits = wide[:top_k]
    return replace(_decide(question, ask, retriever, hits, wide), contexts=contexts_of(hits))


def _decide(question: str, ask: Ask, retriever: Retriever, hits: list[Hit], wide: list[Hit]) -> Answer:
    if weak(question, retriever, hits):
        return abstain(ask, None, hits)
    ranked = rank_sentences(retriever, question, wide)
    reader = ValueReader(retriever, question, total=ask.total, unit=ask.unit)  # for both checks below
    conflict = find_conflict(question, ranked, retriever, ask, reader)
    if conflict and (ask.inconsistency or len(conflict) == 1):
        return conflict_answer(conflict)
    # the hits' sentences, as ``rank_sentences`` ranks them alone: the best chunk, hence every
    # relevance, is the same, and a sort keeps the order of a subset
    hit_sentences = [s for s in ranked if s.hit.rank <= len(hits)]
    found = find_values(question, retriever, hits, ask, hit_sentences, reader)
    gap = gap_sentence(ranked)
    if gap is not None and not _outweighs(found, gap):
        return abstain(ask, gap, hits, gap=True)
    if supported(found) and not _unsupported_text(ask, found):
        return _stated(found)
    return abstain(ask, _closest(ranked), hits)
