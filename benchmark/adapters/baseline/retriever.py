"""Retrieval over one document or a whole case file: chunks, BM25 (always), and dense vectors when asked for.

The options below are the "retrieval config" that runs compare; any adapter that wants the baseline's
retrieval (e.g. one that sends the top chunks to an LLM) builds a ``RetrievalConfig`` from its own
options and calls ``get_retriever(document, config).search(question)``:

=============  ===============================  ============================================
option         values                           meaning
=============  ===============================  ============================================
retriever      bm25 (default) | dense | hybrid  hybrid fuses BM25 and dense ranks (RRF, k=60)
chunking       structure (default) | paragraph  see ``chunking.py``
               | fixed
chunk_size     integer, default 200             characters per paragraph piece / fixed window
top_k          integer, default 5               chunks returned per question
model          path or cached model name        sentence-transformers model (dense, hybrid)
=============  ===============================  ============================================

Indexes are cached per (document sha256, config): a run over 150 questions indexes each document once.
A case file (``benchmark.documents.case.Case``) is indexed as one collection: every chunk of every
document in one BM25 (and dense) index, so that scores compare across documents and the question finds
the right passage in the right document among similar ones.
"""

from __future__ import annotations

import hashlib
import heapq
import threading
from collections import OrderedDict
from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from benchmark.adapters.baseline.bm25 import BM25
from benchmark.adapters.baseline.chunking import (
    CHUNKINGS,
    Chunk,
    case_chunks,
    chunk_document,
    interviewees,
    is_transcript,
)
from benchmark.adapters.baseline.index_store import stored_tokens, stored_values
from benchmark.adapters.baseline.sentences import Place, Reading, sentence_places
from benchmark.adapters.baseline.tokenize import clean, tokenize
from benchmark.documents.case import Case
from benchmark.documents.model import Document
from benchmark.errors import AdapterSpecError
from benchmark.models import Context, LineRange

__all__ = [
    "RETRIEVAL_OPTIONS",
    "RETRIEVERS",
    "Hit",
    "RetrievalConfig",
    "Retriever",
    "Weights",
    "clear_cache",
    "contexts_of",
    "get_retriever",
]

RETRIEVERS = ("bm25", "dense", "hybrid")
RETRIEVAL_OPTIONS = ("retriever", "chunking", "chunk_size", "top_k", "model")
RRF_K = 60
_CACHE_SIZE = 32


def _choice(options: Mapping[str, Any], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = options.get(key, default)
    text = str(value).strip().lower() if value is not None else default
    if text not in allowed:
        raise AdapterSpecError(f"option {key}={value!r} is not valid; expected one of: {', '.join(allowed)}")
    return text


def _positive_int(options: Mapping[str, Any], key: str, default: int, upper: int) -> int:
    value = options.get(key, default)
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and value.strip().isdecimal():
        number = int(value.strip())
    if number is None or not 1 <= number <= upper:
        raise AdapterSpecError(
            f"option {key}={value!r} is not valid; expected a whole number from 1 to {upper}"
        )
    return number


@dataclass(frozen=True)
class RetrievalConfig:
    retriever: str = "bm25"
    chunking: str = "structure"
    chunk_size: int = 200
    top_k: int = 5
    model: str | None = None

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> RetrievalConfig:
        """Read (and check) the retrieval keys of ``options``; other keys are left to the caller."""
        model = options.get("model")
        config = cls(
            retriever=_choice(options, "retriever", RETRIEVERS, cls.retriever),
            chunking=_choice(options, "chunking", CHUNKINGS, cls.chunking),
            chunk_size=_positive_int(options, "chunk_size", cls.chunk_size, 100_000),
            top_k=_positive_int(options, "top_k", cls.top_k, 100),
            model=str(model).strip() if model not in (None, "") else None,
        )
        if config.retriever != "bm25" and not config.model:
            raise AdapterSpecError(
                f"retriever={config.retriever} needs model=PATH_OR_NAME: a local sentence-transformers model "
                "directory or the name of one already in the Hugging Face cache"
            )
        return config

    def describe(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Hit:
    """A retrieved chunk: its score (BM25, cosine or fused) and 1-based rank, and its sentences as its
    index split them (``passages.split_sentences`` reads them instead of splitting the chunk again)."""

    chunk: Chunk
    score: float
    rank: int
    places: tuple[Place, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def page(self) -> int:
        return self.chunk.page

    @property
    def start(self) -> int:
        return self.chunk.start

    @property
    def end(self) -> int:
        return self.chunk.end

    @property
    def text(self) -> str:
        return self.chunk.text

    @property
    def document(self) -> str | None:
        return self.chunk.document

    def context(self) -> Context:
        """The hit as a retrieved passage of the answer (``contexts``): where it is, its text, its score."""
        lines = LineRange(self.start, self.end)
        return Context(self.text, self.page, lines, self.chunk.document, round(self.score, 6))


def contexts_of(hits: list[Hit]) -> tuple[Context, ...]:
    return tuple(h.context() for h in hits)


class Weights:
    """A question's retrieval terms with their idf: the share of that mass a text holds (``share``),
    the idf looked up once per question instead of once per sentence scored."""

    def __init__(self, bm25: BM25, terms: list[str]) -> None:
        self.pairs = [(t, bm25.idf(t)) for t in terms]
        self.total = sum(w for _, w in self.pairs)

    def share(self, have: Collection[str]) -> float:
        """Share of the terms' idf mass that ``have`` (a set of tokens) holds (0..1)."""
        if self.total <= 0.0:
            return 0.0
        return sum(w for t, w in self.pairs if t in have) / self.total


def _ranked(scores: list[float], positive_only: bool, k: int | None = None) -> list[int]:
    """Indexes by score, best first (ties: index order); only the best ``k`` when ``k`` is given,
    picked without sorting the rest (a search asks for ten of a case file's hundreds of chunks)."""
    order = [(-s, i) for i, s in enumerate(scores) if s > 0.0 or not positive_only]
    best = sorted(order) if k is None else heapq.nsmallest(k, order)
    return [i for _, i in best]


class Retriever:
    """Chunks of one document (or of every document of a case file) with a BM25 index (and a dense one
    for dense/hybrid retrieval)."""

    def __init__(self, document: Document | Case, config: RetrievalConfig | None = None) -> None:
        self.document = document
        self.config = config or RetrievalConfig()
        if isinstance(document, Case):
            self.chunks = case_chunks(document, self.config.chunking, self.config.chunk_size)
        else:
            self.chunks = chunk_document(document, self.config.chunking, self.config.chunk_size)
        places = [sentence_places(c) for c in self.chunks]
        texts = [c.search_text for c in self.chunks] + [c.context for c in self.chunks if c.context]
        sentences = [p[0] for chunk in places for p in chunk]
        known = stored_tokens(texts + sentences)
        self._known = known
        self.tokens = [list(known[c.search_text]) for c in self.chunks]
        self.bm25 = BM25(self.tokens)
        # what the answerer reads of each chunk: its sentences, their tokens and the values they state
        # (``sentences.Reading``)
        said = stored_values(sentences)
        self.readings = [
            Reading.of(c, p, known.__getitem__, said.__getitem__)
            for c, p in zip(self.chunks, places, strict=True)
        ]
        # In a 笔录 the questioned person answers as "我": their name in a question matches only the
        # header, so it is no retrieval term. (In a case file every chunk carries who is questioned in
        # its context, and the name tells one person's 笔录 from another's.)
        self.speakers: frozenset[str] = frozenset()
        if isinstance(document, Document) and is_transcript(document):
            self.speakers = frozenset(interviewees(document))
        self.dense: Any = None
        if self.config.retriever != "bm25" and self.config.model:
            from benchmark.adapters.baseline.dense import DenseIndex

            self.dense = DenseIndex(self.config.model, [clean(c.search_text) for c in self.chunks])

    def query_terms(self, query: str) -> list[str]:
        """The query's distinct retrieval terms, in order (minus a transcript's speaker, see below)."""
        return [t for t in dict.fromkeys(tokenize(query)) if t not in self.speakers]

    def tokens_of(self, text: str) -> tuple[str, ...]:
        """``tokenize(text)``; from the index when ``text`` is one of its chunks' texts or sentences."""
        known = self._known.get(text)
        return known if known is not None else tuple(tokenize(text))

    def weights(self, terms: list[str]) -> Weights:
        """The terms with their idf in this index, for many ``coverage`` look-ups of one question."""
        return Weights(self.bm25, terms)

    def coverage(self, terms: list[str], tokens: list[str]) -> float:
        """Share of the terms' idf mass that ``tokens`` hold (0..1): how much of the query a text answers."""
        return self.weights(terms).share(set(tokens))

    def search(self, query: str, top_k: int | None = None) -> list[Hit]:
        """The best ``top_k`` chunks for ``query`` (default: the config's ``top_k``), best first."""
        k = top_k or self.config.top_k
        order, scores = self._rank(query, k)
        return [
            Hit(self.chunks[i], scores[i], rank, self.readings[i].places)
            for rank, i in enumerate(order, start=1)
        ]

    def _rank(self, query: str, k: int) -> tuple[list[int], list[float]]:
        """The best ``k`` chunk indexes, best first, and every chunk's score."""
        lexical = self.bm25.scores(self.query_terms(query))
        if self.config.retriever == "bm25" or self.dense is None:
            return _ranked(lexical, positive_only=True, k=k), lexical
        semantic = self.dense.scores(clean(query))
        if self.config.retriever == "dense":
            return _ranked(semantic, positive_only=False, k=k), semantic
        fused = [0.0] * len(self.chunks)
        for ranking in (_ranked(lexical, positive_only=True), _ranked(semantic, positive_only=False)):
            for rank, i in enumerate(ranking, start=1):
                fused[i] += 1.0 / (RRF_K + rank)
        return _ranked(fused, positive_only=True, k=k), fused


_CACHE: OrderedDict[tuple[str, RetrievalConfig], Retriever] = OrderedDict()
_CACHE_LOCK = threading.Lock()


def get_retriever(document: Document | Case, config: RetrievalConfig | None = None) -> Retriever:
    """The retriever for this document (or case file) and config, built once and kept (LRU of 32 indexes)."""
    config = config or RetrievalConfig()
    key = (document.sha256 or hashlib.sha256(document.text.encode("utf-8")).hexdigest(), config)
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is not None:
            _CACHE.move_to_end(key)
            return found
        retriever = Retriever(document, config)
        _CACHE[key] = retriever
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
        return retriever


def clear_cache() -> None:
    """Forget every cached index (tests, long-lived processes that reload documents)."""
    with _CACHE_LOCK:
        _CACHE.clear()
