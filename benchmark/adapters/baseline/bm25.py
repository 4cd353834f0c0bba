"""Okapi BM25 over pre-tokenised chunks, in plain Python.

A case file has a few hundred chunks; an inverted index of ``Counter``s answers a query in tens of
microseconds, so the numpy/scipy stack of ``bm25s`` buys nothing here (docs/adapters/baseline.md has
the measurement). The idf is the non-negative Lucene form, ``ln(1 + (N - df + .5) / (df + .5))``.
Ties are broken by chunk order, so rankings are deterministic.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

__all__ = ["BM25"]


class BM25:
    """An index of documents given as token lists; ``k1`` and ``b`` as in Robertson et al."""

    def __init__(self, corpus: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75) -> None:
        self.k1 = k1
        self.b = b
        self.size = len(corpus)
        self.lengths = [len(doc) for doc in corpus]
        self.avg_length = (sum(self.lengths) / self.size) if self.size else 0.0
        postings: defaultdict[str, list[tuple[int, int]]] = defaultdict(list)  # no list made per look-up
        for i, doc in enumerate(corpus):
            for term, tf in Counter(doc).items():
                postings[term].append((i, tf))
        self.postings: dict[str, list[tuple[int, int]]] = dict(postings)
        self._idf = {t: self._compute_idf(len(p)) for t, p in self.postings.items()}
        avg = self.avg_length or 1.0
        # each document's length normalisation, the same for every query
        self._norms = [self.k1 * (1.0 - self.b + self.b * length / avg) for length in self.lengths]

    def _compute_idf(self, df: int) -> float:
        return math.log(1.0 + (self.size - df + 0.5) / (df + 0.5))

    def idf(self, term: str) -> float:
        """The term's idf; a term no document holds gets the largest possible value."""
        return self._idf.get(term, self._compute_idf(0))

    def scores(self, query: Iterable[str]) -> list[float]:
        """BM25 score of every document for the query's distinct terms."""
        out = [0.0] * self.size
        norms, k1 = self._norms, self.k1
        for term in dict.fromkeys(query):
            postings = self.postings.get(term)
            if not postings:
                continue
            idf = self._idf[term]
            for i, tf in postings:
                out[i] += idf * tf * (k1 + 1.0) / (tf + norms[i])
        return out

    def top(self, query: Iterable[str], k: int) -> list[tuple[int, float]]:
        """The ``k`` best (document index, score) pairs with a positive score, best first."""
        scores = self.scores(query)
        ranked = sorted((i for i, s in enumerate(scores) if s > 0.0), key=lambda i: (-scores[i], i))
        return [(i, scores[i]) for i in ranked[:k]]
