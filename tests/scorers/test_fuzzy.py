"""rapidfuzz's searches with a cutoff a score equal to it reaches, and the exact bound that skips
hopeless ones (scorers/fuzzy.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from scorers import fuzzy

_ALPHABET = "借款人甲乙方于年月日归还元整0123456789abc"
texts = st.text(alphabet=_ALPHABET, min_size=1, max_size=220)


def _reaching(score: float, cutoff: float) -> float:
    """``score`` if it reaches ``cutoff``, else 0: what ``score_cutoff`` is documented to do."""
    return score if score >= cutoff else 0.0


def _related(a: str, b: str) -> tuple[str, str]:
    """``b`` with pieces of ``a`` spliced in, so that high scores occur as well as low ones."""
    return a, b[: len(b) // 2] + a[::2] + a[len(a) // 3 :] + b[len(b) // 2 :]


@given(texts, texts, st.booleans())
@settings(max_examples=600, deadline=None)
def test_the_bound_is_never_below_partial_ratio(a: str, b: str, splice: bool) -> None:
    a, b = _related(a, b) if splice else (a, b)
    assert fuzzy.partial_ratio_bound(a, b) >= fuzz.partial_ratio(a, b)
    assert fuzzy.partial_ratio_bound(b, a) >= fuzz.partial_ratio(b, a)


def test_two_empty_texts_are_equal_as_for_rapidfuzz() -> None:
    assert fuzzy.partial_ratio_bound("", "") == fuzz.partial_ratio("", "") == 100.0
    assert fuzzy.partial_ratio("", "", 100.0) == 100.0 and fuzzy.partial_ratio("", "借款", 1.0) == 0.0


@given(texts, texts, st.booleans(), st.sampled_from([0.0, 50.0, 85.0, 88.0, 90.0, 99.0]))
@settings(max_examples=600, deadline=None)
def test_the_searches_return_what_rapidfuzz_returns(a: str, b: str, splice: bool, cutoff: float) -> None:
    a, b = _related(a, b) if splice else (a, b)
    assert fuzzy.partial_ratio(a, b, cutoff) == _reaching(fuzz.partial_ratio(a, b), cutoff)
    ours = fuzzy.partial_ratio_alignment(a, b, cutoff)
    theirs = fuzz.partial_ratio_alignment(a, b)
    assert ours == (theirs if theirs.score >= cutoff else None)


def test_a_passage_from_elsewhere_is_ruled_out_without_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = fuzz.partial_ratio
    monkeypatch.setattr(fuzzy.fuzz, "partial_ratio", lambda a, b, **kw: calls.append(a) or real(a, b, **kw))
    page = "借款人甲方于二〇二〇年八月三十一日向乙方借款人民币肆万贰仟元整，约定一年后归还。" * 4
    elsewhere = "证人到庭陈述其当日在场所见经过以及双方争执的具体情形和前后顺序。" * 3
    assert fuzzy.partial_ratio(elsewhere, page, 90.0) == 0.0 and calls == []
    near = page[10:90].replace("肆", "伍")  # one character changed: still found, by the real search
    assert fuzzy.partial_ratio(near, page, 90.0) == real(near, page, score_cutoff=90.0) > 90 and calls == [
        near
    ]


@given(
    st.text(alphabet=_ALPHABET, min_size=65, max_size=220),
    texts,
    st.booleans(),
    st.integers(min_value=0, max_value=30),
    st.sampled_from([0.0, 70.0, 85.0, 90.0, 95.0]),
)
@settings(max_examples=400, deadline=None)
def test_a_cutoff_at_the_best_score_reaches_it(
    a: str, b: str, at_start: bool, changes: int, cutoff: float
) -> None:
    """Quotes at the start or end of a page, a few characters changed: where rapidfuzz's own
    ``score_cutoff`` drops some alignments that score exactly the cutoff."""
    copy = list(a)
    for k in range(changes):
        copy[(k * 7919) % len(copy)] = "x"
    quote, page = "".join(copy), (a + b if at_start else b + a)
    best = fuzz.partial_ratio(quote, page)
    for cut in (cutoff, best, best - 1e-9, best + 1e-9):
        assert fuzzy.partial_ratio(quote, page, cut) == _reaching(best, cut)
        found = fuzzy.partial_ratio_alignment(quote, page, cut)
        assert (found.score if found is not None else 0.0) == _reaching(best, cut)


def test_an_alignment_scoring_exactly_the_cutoff_reaches_it() -> None:
    """rapidfuzz 3.14 returns 0 (and no alignment) here, with the cutoff at the best score; the documented meaning,
    and ours, is "at least the cutoff"."""
    original = (
        "乙方乙甲甲人人乙人乙甲款借借款甲方借款款乙方款方方方人人借方乙乙方人款借款款方借甲甲方"
        "人款借乙人方乙方款人款借乙借方款借借方借方乙甲方甲乙"
    )
    quote = original.replace("甲甲方人款", "甲甲方x款")  # one character changed
    page = "42014620" + original
    best = fuzz.partial_ratio(quote, page)
    assert fuzzy.partial_ratio(quote, page, best) == best > 98
    found = fuzzy.partial_ratio_alignment(quote, page, best)
    assert found is not None and found.score == best
