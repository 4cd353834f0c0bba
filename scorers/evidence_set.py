"""The evidence_set scorer: ``evidence_recall`` 0.5 + ``evidence_precision`` 0.3 + ``citation`` 0.2.

(docs/contract.md §4; docs/scoring/evidence_set.md is the user's page.)

- Returned items (``answer.evidence`` plus the citations' quotes) are matched against
  ``required_evidence`` by ``scorers.evidence``. ``recall`` = critical items covered / critical
  items (all items when none is marked ``is_critical``); ``precision`` = returned items that cover
  some required item / returned items (0 when none is returned).
- Each of the two components is 1 when its value reaches ``evidence_recall_min`` (default 0.8) /
  ``evidence_precision_min`` (default 0.5), else 0 (as in the seed question format); with ``partial_credit: true``
  the raw value is the score.
- ``citation`` (``scorers.citation``): 1 when the answer cites a page that holds a required item;
  dropped when ``citation_required`` is false.
- ``key_points`` coverage (``scorers.keypoints``) is always reported in ``details``; it becomes the
  ``key_points`` component (the covered fraction) only when the weights give it a weight, or when
  the question has key points but no ``required_evidence`` (then it is the whole score).
- ``evidence_count_min`` is reported (met when that many returned items are relevant); it scores,
  as ``evidence_count``, only when the weights give it a weight.

Settings: the question's ``scoring``, then the run's scorer options, then the set's
``evaluation_criteria``, then the defaults. Weights: the defaults, the set's criteria for
``evidence_set``, then the question's ``scoring.weights``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from benchmark.documents.model import match_view
from benchmark.errors import ConfigError
from benchmark.models import Answer, Question
from scorers.case_citation import question_citations
from scorers.citation import CitationCheck, citation_component
from scorers.citation_coverage import DEFAULT_MIN as COVERAGE_MIN
from scorers.citation_coverage import cited_coverage, coverage_component
from scorers.contexts import COMPONENTS as RETRIEVAL_COMPONENTS
from scorers.evidence import EvidenceMatch, match_evidence
from scorers.folding import Fold, FoldOnce
from scorers.judgeable import judge_key_points, mark_key_points
from scorers.keypoints import KeyPointCoverage, key_point_coverage, key_point_options, question_key_points
from scorers.registry import ScorerSpec, ScoringContext
from scorers.result import MATCH, MISMATCH, NOT_APPLICABLE, OMISSION, PARTIAL, Component, ScoreResult, combine
from scorers.verdicts import Judgement

DEFAULT_WEIGHTS = {"evidence_recall": 0.5, "evidence_precision": 0.3, "citation": 0.2}
DEFAULT_SETTINGS: dict[str, Any] = {
    "evidence_recall_min": 0.8,
    "evidence_precision_min": 0.5,
    "partial_credit": False,
}
COMPONENTS = (
    "evidence_recall",
    "evidence_precision",
    "citation",
    "key_points",
    "evidence_count",
    "citation_coverage",
)
NO_EVIDENCE = "the question lists no required_evidence"


def _checked(key: str, value: Any) -> Any:
    """A setting's value, or a ``ConfigError`` saying what it should be (run options are free text)."""
    if key == "partial_credit":
        if not isinstance(value, bool):
            raise ConfigError(f"{key} must be true or false, got {value!r}")
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ConfigError(f"{key} must be a number from 0 to 1, got {value!r}")
    return float(value)


def settings_for(question: Question, ctx: ScoringContext) -> dict[str, Any]:
    """``evidence_recall_min``, ``evidence_precision_min``, ``partial_credit``: first source that has it."""
    sources: list[Mapping[str, Any]] = [question.scoring, ctx.options, ctx.criteria.options]
    out = {}
    for key, default in DEFAULT_SETTINGS.items():
        out[key] = _checked(key, next((s[key] for s in sources if s.get(key) is not None), default))
    return out


def _ratio_component(name: str, value: float | None, minimum: float, partial: bool, counts: str) -> Component:
    """recall/precision as a component: thresholded at ``minimum``, or the raw value with partial credit."""
    expected = {"min": minimum, "partial_credit": partial}
    if value is None:
        return Component(name, None, status=NOT_APPLICABLE, expected=expected, reason=NO_EVIDENCE)
    reached = value >= minimum - 1e-9
    score = value if partial else (1.0 if reached else 0.0)
    status = MATCH if value >= 1.0 - 1e-9 else PARTIAL if value > 0 else OMISSION
    verdict = "reaches" if reached else "is below"
    how = (
        "partial credit: the value is the score" if partial else f"{'1' if reached else '0'} by the threshold"
    )
    reason = f"{counts} = {value:.3f}, which {verdict} the minimum {minimum:g} ({how})"
    return Component(name, score, status=status, expected=expected, extracted=round(value, 6), reason=reason)


def recall_component(match: EvidenceMatch, settings: dict[str, Any]) -> Component:
    counts = f"{match.critical_covered}/{match.critical_total} critical items covered"
    return _ratio_component(
        "evidence_recall", match.recall, settings["evidence_recall_min"], settings["partial_credit"], counts
    )


def precision_component(match: EvidenceMatch, settings: dict[str, Any]) -> Component:
    counts = f"{match.relevant}/{match.returned} returned items relevant"
    comp = _ratio_component(
        "evidence_precision",
        match.precision,
        settings["evidence_precision_min"],
        settings["partial_credit"],
        counts,
    )
    if match.precision is not None and match.returned == 0:
        comp.status, comp.reason = OMISSION, "no evidence item or citation quote was returned"
    elif match.precision == 0:
        comp.status = MISMATCH  # items were returned, none of them relevant
    return comp


def key_points_component(coverage: KeyPointCoverage) -> Component:
    frac = coverage.fraction
    if frac is None:
        return Component("key_points", None, status=NOT_APPLICABLE, reason="the question has no key_points")
    status = MATCH if frac >= 1.0 - 1e-9 else PARTIAL if frac > 0 else OMISSION
    reason = f"{coverage.covered}/{len(coverage.points)} key points covered ({coverage.method})"
    missed = [p.text + (f" (numbers: {', '.join(p.missing_numbers)})" if p.missing_numbers else "")
              for p in coverage.points if not p.covered]  # fmt: skip
    return Component("key_points", frac, status=status, expected=len(coverage.points),
                     extracted=coverage.covered, reason=reason + (f"; missing: {'; '.join(missed)}" if missed else ""))  # fmt: skip


def evidence_count_details(question: Question, match: EvidenceMatch) -> dict[str, Any] | None:
    minimum = question.expected.evidence_count_min
    if minimum is None:
        return None
    return {
        "min": minimum,
        "returned": match.returned,
        "relevant": match.relevant,
        "met": match.relevant >= minimum,
    }


def evidence_count_component(info: dict[str, Any] | None) -> Component:
    if info is None:
        return Component(
            "evidence_count", None, status=NOT_APPLICABLE, reason="no expected.evidence_count_min"
        )
    met = bool(info["met"])
    reason = f"{info['relevant']} relevant item(s) returned, {info['min']} required"
    return Component("evidence_count", 1.0 if met else 0.0, status=MATCH if met else PARTIAL,
                     expected=info["min"], extracted=info["relevant"], reason=reason)  # fmt: skip


def _key_points(
    question: Question, answer: Answer, ctx: ScoringContext, fold: Fold
) -> KeyPointCoverage | None:
    if not question.expected.key_points:
        return None
    options = key_point_options(ctx.options, ctx.criteria.options)
    return key_point_coverage(question.derived(question_key_points), answer, options, fold)


def score_evidence_set(question: Question, answer: Answer, ctx: ScoringContext) -> ScoreResult:
    settings = settings_for(question, ctx)
    weights = ctx.weights(question, DEFAULT_WEIGHTS)
    fold = FoldOnce()  # the answer's texts are read by all three checks: each is folded once
    match = match_evidence(answer, question, ctx.document, fold, ctx.case)
    has_evidence = bool(question.required_evidence)
    check = question_citations(question, answer, ctx.document, fold, ctx.case)
    citation = citation_component(check, required=question.citation_required and has_evidence)
    if not has_evidence:
        citation.reason = NO_EVIDENCE
    components = [recall_component(match, settings), precision_component(match, settings), citation]
    coverage = _key_points(question, answer, ctx, fold)
    judgements: tuple[Judgement, ...] = ()
    if coverage is not None and ctx.verdicts is not None:  # a judge may cover a key point (scorers.judgeable)
        coverage, judgements = judge_key_points(coverage, question, answer, ctx.verdicts)
    if coverage is not None and (weights.get("key_points", 0.0) > 0 or not has_evidence):
        if not has_evidence and weights.get("key_points", 0.0) <= 0:
            weights["key_points"] = 1.0
        components.append(mark_key_points(key_points_component(coverage), coverage))
    count = evidence_count_details(question, match)
    if weights.get("evidence_count", 0.0) > 0:
        components.append(evidence_count_component(count))
    cited = _citation_coverage(question, ctx, check, weights, settings, components)
    scored = combine(components, weights, ctx.threshold(question))
    scored.details = {
        "evidence": match.to_dict(),
        "settings": settings,
        "evidence_count": count,
        "key_points": None if coverage is None else coverage.to_dict(),
        "citation": check.to_dict(),
    }
    if cited is not None:
        scored.details["citation_coverage"] = cited
    scored.json_ready = True
    scored.judgements = judgements
    return scored


def _citation_coverage(
    question: Question,
    ctx: ScoringContext,
    check: CitationCheck,
    weights: dict[str, float],
    settings: dict[str, Any],
    components: list[Component],
) -> dict[str, Any] | None:
    """The ``citation_coverage`` component when weighed (``scorers.citation_coverage``); without key
    points its weight goes to ``citation``. Returns its details (None when not weighed)."""
    weight = weights.get("citation_coverage", 0.0)
    if weight <= 0:
        return None
    if not question.expected.key_points:
        weights["citation"] = weights.get("citation", 0.0) + weights.pop("citation_coverage")
        return {"applies": False, "reason": "no key_points: its weight goes to citation"}
    sources: list[Mapping[str, Any]] = [question.scoring, ctx.options, ctx.criteria.options]
    raw = next(
        (s["citation_coverage_min"] for s in sources if s.get("citation_coverage_min") is not None), None
    )
    minimum = COVERAGE_MIN if raw is None else _checked("citation_coverage_min", raw)
    coverage = cited_coverage(
        question, check, ctx.document, key_point_options(ctx.options, ctx.criteria.options)
    )
    components.append(coverage_component(coverage, minimum, settings["partial_credit"]))
    return {"applies": True, "min": minimum, **(coverage.to_dict() if coverage else {})}


def check_evidence_set(question: Question) -> list[str]:
    """Problems that make ``question`` unscorable as evidence_set ([] when fine)."""
    problems: list[str] = []
    exp = question.expected
    if not question.required_evidence and not exp.key_points:
        problems.append(
            "evidence_set question has neither required_evidence nor expected.key_points to check"
        )
    for i, req in enumerate(question.required_evidence):
        if not match_view(req.must_include):
            problems.append(
                f"required_evidence[{i}].must_include {req.must_include!r} has no letter or digit to match"
            )
    weights = question.scoring.get("weights") or {}
    for name in sorted(set(weights) - set(COMPONENTS) - set(RETRIEVAL_COMPONENTS)):
        problems.append(
            f"scoring.weights names {name!r}, which is not an evidence_set component ({', '.join(COMPONENTS)})"
        )
    if float(weights.get("key_points", 0) or 0) > 0 and not exp.key_points:
        problems.append("scoring.weights gives key_points a weight but expected.key_points is empty")
    return problems


SCORER = ScorerSpec(
    name="evidence_set",
    score=score_evidence_set,
    check=check_evidence_set,
    default_weights=dict(DEFAULT_WEIGHTS),
    needs_document=False,  # the document only helps to place quote-only citations
    description="evidence items matched against required evidence (recall, precision), plus citation",
)

__all__ = [
    "COMPONENTS",
    "DEFAULT_SETTINGS",
    "DEFAULT_WEIGHTS",
    "SCORER",
    "check_evidence_set",
    "score_evidence_set",
    "settings_for",
]
