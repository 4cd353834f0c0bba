"""Sentences of the retrieved chunks, with line anchors and a relevance to the question.

The answerer reads values out of sentences, not whole chunks: a sentence is short enough to quote,
and its lines are what a citation points at. In a transcript chunk the ``问`` and the ``答`` are kept
apart (``role``); an answer sentence inherits the wording of its question when it is scored, since
"答：分三次给的" says nothing about the payments without its "问".
"""

from __future__ import annotations

from dataclasses import dataclass

from benchmark.adapters.baseline.chunking import Chunk
from benchmark.adapters.baseline.retriever import Hit, Retriever
from benchmark.adapters.baseline.sentence_values import clean_sentence
from benchmark.adapters.baseline.sentences import sentence_places
from benchmark.models import Citation, EvidenceItem, LineRange

__all__ = ["Sentence", "answer_text", "asked_text", "page_label", "rank_sentences", "split_sentences"]

CHUNK_WEIGHT = 0.5
QUESTION_DISCOUNT = 0.9  # the interrogator's words are less often the fact than the answer
QUOTE_LIMIT = 200  # a quote is a sentence; only a run-on one is cut (its evidence item keeps it whole)


@dataclass(frozen=True)
class Sentence:
    """A sentence of one retrieved chunk (never across pages): text as on the page, and its lines."""

    text: str
    page: int
    start: int
    end: int
    role: str | None  # "问" | "答" | None
    hit: Hit
    relevance: float = 0.0
    at: int = -1  # its place among its chunk's sentences (``sentences.sentence_places``)

    @property
    def where(self) -> str:
        """``第6页第253行`` / ``第2页第9-10行`` (``《第一次讯问笔录》第2页第9-10行`` in a case file)."""
        return f"{page_label(self.hit.chunk, self.page)}第{LineRange(self.start, self.end)}行"

    @property
    def clean(self) -> str:
        """The text without its ``问：``/``答：`` marker and line breaks."""
        return clean_sentence(self.text)

    def citation(self, quote: str | None = None) -> Citation:
        text = quote if quote is not None else self.clean
        doc = self.hit.chunk.document
        return Citation(page=self.page, lines=LineRange(self.start, self.end), quote=_shorten(text), doc=doc)

    def evidence(self) -> EvidenceItem:
        return EvidenceItem(text=self.clean, page=self.page, doc=self.hit.chunk.document)


def page_label(chunk: Chunk, page: int | None = None) -> str:
    """``第6页``, or in a case file ``《第一次讯问笔录》第6页``: where a passage is, as an answer says it."""
    where = f"第{chunk.page if page is None else page}页"
    return f"《{chunk.title}》{where}" if chunk.document is not None else where


def _shorten(text: str) -> str:
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT]


def split_sentences(hit: Hit) -> list[Sentence]:
    """The sentences of a retrieved chunk, in order, each with its role and lines."""
    places = hit.places if hit.places is not None else sentence_places(hit.chunk)
    return [Sentence(*place, hit, 0.0, at) for at, place in enumerate(places)]


def answer_text(sentences: list[Sentence]) -> str:
    """What the answering side of a chunk says: its ``答`` sentences, or all of them outside transcripts."""
    answers = [s for s in sentences if s.role == "答"]
    return "".join(s.clean for s in (answers or sentences))


def asked_text(sentences: list[Sentence]) -> str | None:
    """The ``问`` of a transcript chunk (None outside transcripts)."""
    asked = [s.clean for s in sentences if s.role == "问"]
    return "".join(asked) if asked else None


def rank_sentences(retriever: Retriever, question: str, hits: list[Hit]) -> list[Sentence]:
    """Every sentence of the hits with a relevance in [0, 1], most relevant first (ties: document order).

    relevance = 0.5 * (chunk score / best chunk score) + 0.5 * (share of the question's idf mass the
    sentence holds; for an ``答`` sentence, together with its ``问``), times 0.9 for a ``问`` sentence.
    """
    if not hits:
        return []
    weights = retriever.weights(retriever.query_terms(question))
    best = max(h.score for h in hits) or 1.0
    scored: list[Sentence] = []
    for hit in hits:
        reading = retriever.readings[hit.chunk.index]
        for at, ((text, page, start, end, role), tokens) in enumerate(
            zip(reading.places, reading.tokens, strict=True)
        ):
            rel = CHUNK_WEIGHT * hit.score / best + (1 - CHUNK_WEIGHT) * weights.share(tokens)
            rel *= QUESTION_DISCOUNT if role == "问" else 1.0
            scored.append(Sentence(text, page, start, end, role, hit, rel, at))
    return sorted(scored, key=lambda s: (-s.relevance, s.hit.rank, s.start))
