"""``citation_coverage`` (evidence_set): the share of the question's key points that the answer *cites*.

A key point is **cited** when the passages the answer's correct citations point to state it, by the
same key-point test (method and threshold) as ``key_points`` coverage (``scorers.keypoints``).

- Only *correct* citations count (``scorers.citation``: the citation names a page that holds required
  evidence, with its lines near that evidence or its quote found there); evidence items with a page
  count as citations when the answer has none, as for the ``citation`` component.
- A citation's passage is: the document lines it gives (``lines``, or a QA pair's lines); else the
  whole lines on which its quote was found; else, for a bare page, the whole page. Its quote text is
  part of the passage too.

So an answer that states every key point but cites only the page of one of them covers the others in
its text, not in its citations: ``citation_coverage`` counts the one. The component is 1 when the
share reaches ``citation_coverage_min`` (default 0.8), else 0; with ``partial_credit`` the share is the
score. It applies when the question has ``key_points`` and the set's criteria weigh it
(``scoring_metrics.citation_coverage`` or ``scoring_breakdown.citation_coverage``); on a question
without key points its weight goes to ``citation``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from benchmark.documents.model import Document
from benchmark.models import Answer, Question
from scorers.citation import CitationCheck, CitationResult
from scorers.keypoints import KeyPointCoverage, key_point_coverage, question_key_points
from scorers.result import MATCH, NOT_APPLICABLE, OMISSION, PARTIAL, Component

DEFAULT_MIN = 0.8


def _passage(r: CitationResult, doc: Document | None) -> str:
    texts = [r.quote] if r.quote else []
    if doc is None or (r.page is None and r.quote_page is None):
        return "\n".join(texts)
    page = r.page if r.page is not None else r.quote_page
    if r.lines is not None:
        texts += [ln.text for ln in doc.lines_between(r.lines.start, r.lines.end, page)]
    elif r.quote and r.quote_found and (spots := [p for p in doc.places(r.quote) if page in p.pages]):
        texts += [ln.text for ln in doc.lines_between(spots[0].start, spots[0].end)]
    elif (whole := doc.page(page) if page is not None else None) is not None:
        texts.append(whole.text)
    return "\n".join(texts)


def cited_coverage(
    question: Question, check: CitationCheck, doc: Document | None, options: Mapping[str, Any]
) -> KeyPointCoverage | None:
    """Key points covered by the passages of the correct citations; None without key points."""
    if not question.expected.key_points:
        return None
    passages = [_passage(r, doc) for r in check.results if r.correct]
    cited = Answer(answer="\n".join(p for p in passages if p))
    return key_point_coverage(question.derived(question_key_points), cited, options)


def coverage_component(coverage: KeyPointCoverage | None, minimum: float, partial: bool) -> Component:
    expected = {"min": minimum, "partial_credit": partial}
    if coverage is None or coverage.fraction is None:
        return Component("citation_coverage", None, status=NOT_APPLICABLE, expected=expected,
                         reason="the question has no key_points")  # fmt: skip
    share = coverage.fraction
    reached = share >= minimum - 1e-9
    score = share if partial else (1.0 if reached else 0.0)
    status = MATCH if share >= 1.0 - 1e-9 else PARTIAL if share > 0 else OMISSION
    missed = [p.text for p in coverage.points if not p.covered]
    reason = (
        f"{coverage.covered}/{len(coverage.points)} key points cited = {share:.3f}, which "
        f"{'reaches' if reached else 'is below'} the minimum {minimum:g}"
        + (f"; not cited: {'; '.join(missed)}" if missed else "")
    )
    return Component("citation_coverage", score, status=status, expected=expected,
                     extracted=round(share, 6), reason=reason)  # fmt: skip


__all__ = ["DEFAULT_MIN", "cited_coverage", "coverage_component"]
