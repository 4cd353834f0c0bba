"""Retrieval metrics of one ranked list of contexts against a question's gold evidence locations.

Pure functions (docs/scoring/retrieval.md has the formulas and a worked example). ``matches[i]`` is the
set of gold locations (their indexes) that the context at rank ``i + 1`` matches; ``k`` cuts the list.

- ``hit@k``: 1 when a context in the top k matches some gold location, else 0.
- ``recall@k``: gold locations matched by some context in the top k / gold locations.
- ``MRR@k``: 1 / the rank of the first context (within the top k) that matches a gold location; 0 when none.
- ``nDCG@k``: DCG / IDCG with binary gains, where a gold location credits one context only:
  ``DCG = sum over credited contexts i <= k of 1 / log2(i + 1)``, ``IDCG = sum over i = 1 ..
  min(k, gold locations) of 1 / log2(i + 1)``. Contexts are credited in rank order, each when it can
  be paired with a gold location not paired with a better-ranked one (a maximum matching built rank by
  rank), so a passage retrieved twice earns once, and a context matching two locations still leaves the
  second to the next context that matches it.
- ``foreign_rate@k``: of the top-k contexts whose document is known, the share from documents that hold
  no gold location; None when no top-k context names a known document.

A context matches a gold location (``context_matches``) when they do not name different documents
and either (a) they name the same document (or neither names one) and the same page, and, when both
give lines, their line ranges overlap; or (b) the gold location's text (``must_include``, quote) is
contained in the context's text, both folded (``match_view``: width, case, whitespace, punctuation).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmark.documents.model import match_view
from benchmark.evidence_locations import GoldLocation as Gold
from benchmark.models import LineRange
from scorers.folding import Fold, FoldOnce

__all__ = [
    "Gold",
    "RetrievalMetrics",
    "Retrieved",
    "context_matches",
    "credited",
    "foreign_flags",
    "foreign_rate",
    "hit_at_k",
    "is_foreign",
    "judge",
    "measure",
    "metrics_of",
    "mrr_at_k",
    "ndcg_at_k",
    "recall_at_k",
]

Matches = Sequence[frozenset[int]]


@dataclass(frozen=True)
class Retrieved:
    """A context as the metrics see it: its document resolved to an id of the set (``document``), or
    named but unknown to the set (``unknown_document``), or not named (both None)."""

    document: str | None = None
    page: int | None = None
    lines: LineRange | None = None
    text: str | None = None
    unknown_document: str | None = None


def _overlap(a: LineRange, b: LineRange) -> bool:
    return a.start <= b.end and b.start <= a.end


def context_matches(ctx: Retrieved, gold: Gold, fold: Fold = match_view) -> bool:
    """Whether ``ctx`` holds ``gold`` (see the module docstring: (a) place, or (b) text). ``fold``:
    ``judge``'s ``FoldOnce``, so that a context is folded once however many gold locations it meets
    (a gold text is the question's own, folded once: ``Gold.folded``)."""
    if ctx.unknown_document is not None:
        return False  # a document the set does not have holds none of its evidence
    if ctx.document is not None and gold.document is not None and ctx.document != gold.document:
        return False
    same_place = ctx.document == gold.document and ctx.page is not None and ctx.page == gold.page
    if same_place and (ctx.lines is None or gold.lines is None or _overlap(ctx.lines, gold.lines)):
        return True
    if gold.text and ctx.text:
        needle = gold.folded
        return bool(needle) and needle in fold(ctx.text)
    return False


def judge(contexts: Sequence[Retrieved], golds: Sequence[Gold]) -> list[frozenset[int]]:
    """For each context, best first, the indexes of the gold locations it matches."""
    fold = FoldOnce()
    return [frozenset(g for g, gold in enumerate(golds) if context_matches(c, gold, fold)) for c in contexts]


def hit_at_k(matches: Matches, k: int) -> float:
    return 1.0 if any(matches[:k]) else 0.0


def recall_at_k(matches: Matches, n_gold: int, k: int) -> float:
    if n_gold <= 0:
        raise ValueError("recall needs at least one gold location")
    found: set[int] = set()
    for m in matches[:k]:
        found |= m
    return len(found) / n_gold


def mrr_at_k(matches: Matches, k: int) -> float:
    return next((1.0 / rank for rank, m in enumerate(matches[:k], start=1) if m), 0.0)


def credited(matches: Matches, k: int) -> list[bool]:
    """Which of the top-k contexts earn a gain in nDCG: each gold location pairs with one context, and
    contexts are paired in rank order whenever some pairing allows it (augmenting paths)."""
    owner: dict[int, int] = {}  # gold location -> the context it is paired with

    def pair(i: int, seen: set[int]) -> bool:
        for g in sorted(matches[i]):
            if g in seen:
                continue
            seen.add(g)
            if g not in owner or pair(owner[g], seen):
                owner[g] = i
                return True
        return False

    return [pair(i, set()) for i in range(min(k, len(matches)))]


def _discount(rank: int) -> float:
    return 1.0 / math.log2(rank + 1)


def ndcg_at_k(matches: Matches, n_gold: int, k: int) -> float:
    if n_gold <= 0:
        raise ValueError("nDCG needs at least one gold location")
    dcg = sum(_discount(i + 1) for i, gain in enumerate(credited(matches, k)) if gain)
    ideal = sum(_discount(i + 1) for i in range(min(k, n_gold)))
    return dcg / ideal


def foreign_rate(foreign: Sequence[bool | None], k: int) -> float | None:
    """Share of the top-k contexts with a known document (not None) that come from a foreign one."""
    known = [f for f in foreign[:k] if f is not None]
    return sum(known) / len(known) if known else None


@dataclass(frozen=True)
class RetrievalMetrics:
    k: int
    gold: int  # gold locations
    returned: int  # contexts given (all of them, not only the top k)
    hit: float
    recall: float
    mrr: float
    ndcg: float
    foreign_rate: float | None

    def to_dict(self) -> dict[str, Any]:
        rnd = lambda v: None if v is None else round(v, 6)  # noqa: E731
        return {"k": self.k, "gold": self.gold, "returned": self.returned, "hit": rnd(self.hit),
                "recall": rnd(self.recall), "mrr": rnd(self.mrr), "ndcg": rnd(self.ndcg),
                "foreign_rate": rnd(self.foreign_rate)}  # fmt: skip


def is_foreign(ctx: Retrieved, gold_documents: frozenset[str | None]) -> bool | None:
    """True when the context's document holds no gold location; None when it names no document."""
    if ctx.unknown_document is not None:
        return True
    if ctx.document is None:  # unnamed: the set's one unnamed document, else unknown
        return False if None in gold_documents else None
    return ctx.document not in gold_documents


def foreign_flags(contexts: Sequence[Retrieved], golds: Sequence[Gold]) -> list[bool | None]:
    documents = frozenset(g.document for g in golds)
    return [is_foreign(c, documents) for c in contexts]


def metrics_of(matches: Matches, foreign: Sequence[bool | None], n_gold: int, k: int) -> RetrievalMetrics:
    """Every metric, from what ``judge`` and ``foreign_flags`` say of the contexts."""
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    return RetrievalMetrics(
        k=k,
        gold=n_gold,
        returned=len(matches),
        hit=hit_at_k(matches, k),
        recall=recall_at_k(matches, n_gold, k),
        mrr=mrr_at_k(matches, k),
        ndcg=ndcg_at_k(matches, n_gold, k),
        foreign_rate=foreign_rate(foreign, k),
    )


def measure(contexts: Sequence[Retrieved], golds: Sequence[Gold], k: int) -> RetrievalMetrics:
    """Every metric of one ranked list (``golds`` must not be empty)."""
    return metrics_of(judge(contexts, golds), foreign_flags(contexts, golds), len(golds), k)
