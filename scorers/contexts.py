"""Retrieval measured beside a question's scorer, when the answer gives ranked ``contexts``.

The gold locations of a question are its evidence locations (``benchmark.evidence_locations``). Contexts name their document by id, title or file name
(``benchmark.documents.case``); a context that gives lines but no page takes the page of its first line.

The metrics (``scorers.retrieval``) go to ``details["retrieval"]`` at ``k``: the run's
``retrieval_k`` option (``--k``), else the set's ``evaluation_criteria.retrieval_k``, else 5. They are
diagnostics: they change a question's score only when the weights (the set's criteria for the type, or
the question's ``scoring.weights``) give one of ``COMPONENTS`` a weight; such a component is 0 when the
answer gives no contexts, and not applicable when the question has no gold location.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from benchmark.errors import ConfigError
from benchmark.evidence_locations import gold_locations as locations
from benchmark.models import Answer, Question
from scorers.result import MATCH, NOT_APPLICABLE, OMISSION, PARTIAL, Component, ScoreResult, combine
from scorers.retrieval import Gold, RetrievalMetrics, Retrieved, is_foreign, judge, metrics_of

if TYPE_CHECKING:
    from benchmark.documents.case import Case
    from benchmark.documents.model import Document
    from scorers.registry import ScorerSpec, ScoringContext

__all__ = ["COMPONENTS", "DEFAULT_K", "gold_locations", "retrieval_k", "retrieved", "with_retrieval"]

DEFAULT_K = 5
COMPONENTS = {
    "retrieval_hit": "hit",
    "retrieval_recall": "recall",
    "retrieval_mrr": "mrr",
    "retrieval_ndcg": "ndcg",
}
NO_GOLD = "the question has no evidence location to retrieve"


def retrieval_k(ctx: ScoringContext) -> int:
    """``k``: the run's option, else the set's criteria, else ``DEFAULT_K``."""
    for source, where in (
        (ctx.options, "the run's retrieval_k (--k)"),
        (ctx.criteria.options, "retrieval_k"),
    ):
        value = source.get("retrieval_k")
        if value is None:
            continue
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ConfigError(f"{where} must be a whole number of at least 1, got {value!r}")
        return value
    return DEFAULT_K


def gold_locations(question: Question, case: Case | None) -> list[Gold]:
    """The question's evidence locations (``benchmark.evidence_locations``), in the case's only document
    when they name none."""
    return list(_golds(question, case).locations)


@dataclass(frozen=True)
class _Golds:
    """A question's gold locations as every answer to it is measured against them: the locations, the
    documents that hold them, and their report entries (built once per question and ``single``)."""

    locations: tuple[Gold, ...]
    documents: frozenset[str | None]
    entries: tuple[dict[str, Any], ...]


def _built_golds(question: Question, single: str | None) -> _Golds:
    found = tuple(locations(question, single))
    return _Golds(found, frozenset(g.document for g in found), tuple(g.to_dict() for g in found))


def _golds(question: Question, case: Case | None) -> _Golds:
    """The question's ``_Golds``, held by the question (``Question.derived``)."""
    return question.derived(_built_golds, case.single if case is not None else None)


def _page_of_line(doc: Document | None, number: int) -> int | None:
    if doc is None:
        return None
    lines = doc.lines
    i = bisect_right(lines, number, key=lambda line: line.number) - 1
    return lines[i].page if i >= 0 and lines[i].number == number else None


def retrieved(answer: Answer, case: Case | None, document: Document | None) -> list[Retrieved]:
    """The answer's contexts with their documents resolved against the set's (names are ignored in a
    set over one unnamed document, whose contexts are all from it)."""
    out = []
    for c in answer.contexts:
        doc_id, unknown = None, None
        if case is not None:
            doc_id = case.single if c.document is None else case.resolve(c.document)
            unknown = c.document if c.document is not None and doc_id is None else None
        page = c.page
        if page is None and c.lines is not None:
            page = _page_of_line(case.document(doc_id) if case is not None else document, c.lines.start)
        out.append(Retrieved(doc_id, page, c.lines, c.text, unknown))
    return out


def _details(
    metrics: RetrievalMetrics, contexts: list[Retrieved], golds: _Golds, matches: list[frozenset[int]]
) -> dict[str, Any]:
    """The metrics, the gold locations, and the top-k contexts with the gold locations each matches."""
    ranks = [
        {"rank": i + 1, "document": c.document or c.unknown_document, "page": c.page,
         "lines": None if c.lines is None else str(c.lines), "matches": sorted(m)}
        for i, (c, m) in enumerate(zip(contexts[: metrics.k], matches, strict=False))
    ]  # fmt: skip
    return {**metrics.to_dict(), "gold_locations": [dict(g) for g in golds.entries], "ranks": ranks}


def _component(name: str, metrics: RetrievalMetrics | None, has_gold: bool) -> Component:
    key = COMPONENTS[name]
    if not has_gold:
        return Component(name, None, status=NOT_APPLICABLE, reason=NO_GOLD)
    if metrics is None:
        return Component(name, 0.0, status=OMISSION, reason="the answer gives no contexts")
    value = float(getattr(metrics, key))
    status = MATCH if value >= 1.0 - 1e-9 else PARTIAL if value > 0 else OMISSION
    reason = f"{key}@{metrics.k} = {value:.3f} over {metrics.gold} gold location(s)"
    return Component(
        name, value, status=status, expected=metrics.gold, extracted=round(value, 6), reason=reason
    )


def _reweighted(
    result: ScoreResult, extra: list[Component], weights: dict[str, float], threshold: float
) -> ScoreResult:
    """``result`` combined again with ``extra`` components, as if they had been scored with it."""
    own = list(result.components.values())
    applicable = [c for c in own if c.score is not None and c.weight > 0]
    raw_total = sum(weights.get(c.name, 0.0) for c in applicable) or 1.0
    merged = {c.name: c.weight * raw_total for c in own}
    merged.update({c.name: weights[c.name] for c in extra})
    combined = combine([*own, *extra], merged, threshold)
    combined.details, combined.json_ready = result.details, result.json_ready
    return combined


def with_retrieval(
    spec: ScorerSpec, question: Question, answer: Answer, ctx: ScoringContext, result: ScoreResult
) -> ScoreResult:
    """``result`` with ``details["retrieval"]`` when the answer gives contexts, and the retrieval
    components when the weights ask for them."""
    weights = ctx.weights(question, spec.default_weights)
    wanted = [name for name in COMPONENTS if weights.get(name, 0.0) > 0]
    if not answer.contexts and not wanted:
        return result
    k = retrieval_k(ctx)
    golds = _golds(question, ctx.case)
    metrics = None
    if answer.contexts:
        contexts = retrieved(answer, ctx.case, ctx.document)
        if golds.locations:
            matches = judge(contexts, golds.locations)
            foreign = [is_foreign(c, golds.documents) for c in contexts]
            metrics = metrics_of(matches, foreign, len(golds.locations), k)
            result.details["retrieval"] = _details(metrics, contexts, golds, matches)
        else:
            result.details["retrieval"] = {"k": k, "gold": 0, "returned": len(contexts), "reason": NO_GOLD}
    extra = [_component(name, metrics, bool(golds.locations)) for name in wanted]
    if not any(c.score is not None for c in extra):
        return result
    return _reweighted(result, extra, weights, ctx.threshold(question))
