"""rapidfuzz's ``partial_ratio`` and ``partial_ratio_alignment`` with a cutoff that a score equal to it
reaches.

rapidfuzz documents ``score_cutoff`` as "at least", but 3.14 returns 0 (and no alignment) for some
alignments that score exactly the cutoff (about 1 search in 100 of random quotes at the start or end
of a page). So rapidfuzz searches a hair below the cutoff (two different scores, ``200 * L / (m + n)``,
differ by far more) and the result is compared with the cutoff here: a quote scoring exactly 90
reaches a threshold of 90.

Both first compare the cutoff with an upper bound of the score, one pass of rapidfuzz's LCS:
``partial_ratio(a, b)`` scores the shorter text (``m`` characters) against parts ``W`` of the longer
one, ``200 * LCS(short, W) / (m + |W|)``; a common subsequence of the short text and a part of the
long one is one of the two whole texts too, so ``LCS(short, W) <= L = LCS(a, b)``, and no part
scores above ``200 * L / (m + L)``. Passages from other pages share many characters with a page but
few in order: they are ruled out without the search over every window.
"""

from __future__ import annotations

from rapidfuzz import fuzz
from rapidfuzz.distance import LCSseq, ScoreAlignment

_TIE = 1e-9


def _below(cutoff: float) -> float:
    return max(0.0, cutoff - _TIE)


def partial_ratio_bound(a: str, b: str) -> float:
    """An upper bound of ``fuzz.partial_ratio(a, b)`` (0..100), slightly raised so that floating-point
    rounding can never put it below a score that reaches a cutoff (two empty texts, which rapidfuzz
    calls equal, score 100)."""
    if not a and not b:
        return 100.0
    shared = LCSseq.similarity(a, b)
    return 200.0 * shared / (min(len(a), len(b)) + shared) + 1e-6 if shared else 0.0


def partial_ratio(a: str, b: str, cutoff: float) -> float:
    """``fuzz.partial_ratio(a, b)`` when it reaches ``cutoff``, else 0."""
    if partial_ratio_bound(a, b) < cutoff:
        return 0.0
    score = float(fuzz.partial_ratio(a, b, score_cutoff=_below(cutoff)))
    return score if score >= cutoff else 0.0


def partial_ratio_alignment(a: str, b: str, cutoff: float) -> ScoreAlignment | None:
    """``fuzz.partial_ratio_alignment(a, b)`` when its score reaches ``cutoff``, else None."""
    if partial_ratio_bound(a, b) < cutoff:
        return None
    found = fuzz.partial_ratio_alignment(a, b, score_cutoff=_below(cutoff))
    return found if found is not None and found.score >= cutoff else None


__all__ = ["partial_ratio", "partial_ratio_alignment", "partial_ratio_bound"]
