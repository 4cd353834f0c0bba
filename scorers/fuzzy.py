"""rapidfuzz's ``partial_ratio`` with a cutoff, without the search when an exact bound rules it out.

``partial_ratio(a, b)`` scores the shorter text (``m`` characters) against parts ``W`` of the longer
one no longer than ``m``: ``200 * LCS(short, W) / (m + |W|)``. A common subsequence of the short text
and a part of the long one is also one of the two whole texts, so ``LCS(short, W) <= L = LCS(a, b)``;
and ``200 * min(L, |W|) / (m + |W|)`` is largest at ``|W| = L``. So no alignment scores above
``200 * L / (m + L)``. ``L`` is one bit-parallel pass (1.5-10 µs for a 100-300 character quote against a
page), where ``partial_ratio`` slides over every window (20-270 µs): passages from other pages, which
share many characters with a page but few in order, are ruled out at a fifth to a twentieth of the
cost. Results are unchanged: a search the bound rules out would have returned 0 (below the cutoff).

The bound is worth its pass where the search is slow: ``partial_ratio`` with a text of more than
``LONG_NEEDLE`` (64) characters on both sides, where rapidfuzz leaves its bit-parallel short-needle path
(evidence_set quotes: 79 -> 48 ms for 594 searches), and ``partial_ratio_alignment`` (5.3 -> 4.0 ms for
2,239 short ones). A short ``partial_ratio`` is as quick as the bound (7.3 vs 11.0 ms with it).

When the bound does not rule a long ``partial_ratio`` out, its windows are searched in three parts
(``_long_partial_ratio``): rapidfuzz spends 4/5 of such a search on the windows shorter than the
needle at either end of the text, scored one by one; those are searched here with the same
halving and bound rapidfuzz uses for full windows (196 -> 96 µs a search for 2,069 evidence_set
quotes, every score the same).
"""

from __future__ import annotations

from rapidfuzz import fuzz
from rapidfuzz.distance import LCSseq, ScoreAlignment

LONG_NEEDLE = 64
_PAD = "\x00"  # pads the page for the full-window search; a needle holding it is searched as is
_TIE = 1e-9  # how far below the cutoff searches run (two different scores, 200 * L / (m + n), differ by far more)


def partial_ratio_bound(a: str, b: str) -> float:
    """An upper bound of ``fuzz.partial_ratio(a, b)`` (0..100), slightly raised so that floating-point
    rounding can never put it below a score that reaches a cutoff."""
    shared = LCSseq.similarity(a, b)
    return 200.0 * shared / (min(len(a), len(b)) + shared) + 1e-6 if shared else 0.0


def partial_ratio(a: str, b: str, cutoff: float) -> float:
    """``fuzz.partial_ratio(a, b)`` when it reaches ``cutoff``, else 0.

    That is what rapidfuzz documents for ``score_cutoff``, but rapidfuzz 3.14 itself returns 0 for
    some alignments that score exactly the cutoff (1,046 of 119,106 searches of random quotes at the
    start or end of a page, with the cutoff at, just below or just above the best score, or at 0, 70
    or 90). So the search runs a hair below the cutoff and the result is compared here: a quote
    scoring exactly 90 is found.
    """
    needle, hay = (a, b) if len(a) <= len(b) else (b, a)
    floor = max(0.0, cutoff - _TIE)
    if len(needle) <= LONG_NEEDLE or len(hay) == len(needle) or _PAD in needle:
        score = float(fuzz.partial_ratio(a, b, score_cutoff=floor))
    elif partial_ratio_bound(needle, hay) < cutoff:
        return 0.0
    else:
        score = _long_partial_ratio(needle, hay, floor)
    return score if score >= cutoff else 0.0


def _long_partial_ratio(needle: str, hay: str, cutoff: float) -> float:
    """``fuzz.partial_ratio`` of a long needle in a longer text, its edge windows searched apart.

    rapidfuzz scores the full-length windows ``hay[i:i+m]`` with a subdivision that skips hopeless
    stretches, but the shorter windows at either end (``hay[:i]``, ``hay[-i:]``, ``i < m``) one by one:
    4/5 of the time for a 180-character quote in an 840-character page. Here the full windows are
    searched in ``hay`` padded with ``m - 1`` characters the needle lacks on each side (a window
    reaching into the padding shares with the needle only what the shorter edge window it holds
    shares, and is longer: it never scores above that edge window), and each end's windows by
    ``_best_prefix``. The maximum of the three is rapidfuzz's score: every window it scores is
    scored by one of them, and they score no window above one of its.
    """
    m = len(needle)
    pad = _PAD * (m - 1)
    best = float(fuzz.partial_ratio(needle, pad + hay + pad, score_cutoff=cutoff))
    cut = max(cutoff, best)
    for n, h in ((needle, hay[: m - 1]), (needle[::-1], hay[: len(hay) - m : -1])):
        score = _best_prefix(n, h, cut)
        if score > best:
            best = cut = score
    return best


def _best_prefix(needle: str, head: str, cutoff: float) -> float:
    """The best ``fuzz.ratio(needle, head[:i])`` over ``1 <= i <= len(head)`` if it reaches ``cutoff``, else 0.

    ``L(i) = LCS(needle, head[:i])`` grows by at most 1 a character, so between two ends ``p < q``
    no ``i`` scores above ``200 * L(q) / (m + p + L(q) - L(p))``: ranges whose bound falls below the
    cutoff are dropped, the others halved (as rapidfuzz does for full windows). A window shorter
    than ``cutoff * m / (200 - cutoff)`` cannot reach the cutoff at all. A suffix is a prefix of both
    texts reversed (same LCS, same score).
    """
    m, top = len(needle), len(head)
    lo = max(1, int(cutoff * m / (200.0 - cutoff)) - 1) if cutoff < 200 else top + 1
    if lo > top:
        return 0.0
    best = 0.0

    def lcs(i: int) -> int:
        return int(LCSseq.similarity(needle, head[:i]))

    def visit(i: int, shared: int) -> None:
        nonlocal best, cutoff
        if 200.0 * shared / (m + i) + 1e-6 >= cutoff:
            score = float(fuzz.ratio(needle, head[:i], score_cutoff=cutoff))
            if score > best:
                best = cutoff = score

    shared_top = lcs(top)
    if 200.0 * shared_top / (m + shared_top) + 1e-6 < cutoff:  # no prefix shares enough
        return 0.0
    ranges = [(lo, lcs(lo), top, shared_top)]
    visit(*ranges[0][:2])
    visit(top, shared_top)
    while ranges:
        p, lp, q, lq = ranges.pop()
        if q - p <= 1 or 200.0 * lq / (m + p + lq - lp) + 1e-6 < cutoff:
            continue
        mid = (p + q) // 2
        lm = lcs(mid)
        visit(mid, lm)
        ranges += [(p, lp, mid, lm), (mid, lm, q, lq)]
    return best


def partial_ratio_alignment(a: str, b: str, cutoff: float) -> ScoreAlignment | None:
    """``fuzz.partial_ratio_alignment(a, b)`` when its score reaches ``cutoff``, else None (a score equal
    to the cutoff reaches it, as with ``partial_ratio``)."""
    if partial_ratio_bound(a, b) < cutoff:
        return None
    found = fuzz.partial_ratio_alignment(a, b, score_cutoff=max(0.0, cutoff - _TIE))
    return found if found is not None and found.score >= cutoff else None


__all__ = ["LONG_NEEDLE", "partial_ratio", "partial_ratio_alignment", "partial_ratio_bound"]
