"""Scorers and comparators by name, fed by the ``legal_rag_bench.scorers`` / ``.comparators`` entry points."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from benchmark.registry import Registry

if TYPE_CHECKING:
    from benchmark.documents.case import Case
    from benchmark.documents.model import Document
    from benchmark.models import Answer, Criteria, Question
    from scorers.result import ScoreResult
    from scorers.verdicts import Verdict


@dataclass(frozen=True)
class ScoringContext:
    """Everything a scorer may read besides the question and the answer."""

    criteria: Criteria
    document: Document | None = None
    options: dict[str, Any] = field(default_factory=dict)
    # a judge's verdicts by request key (scorers.judgeable); None when no judge is configured
    verdicts: Mapping[str, Verdict] | None = None
    case: Case | None = None  # the set's named documents (a case file); ``document`` is its only one, if so

    def weights(self, question: Question, defaults: dict[str, float]) -> dict[str, float]:
        """Component weights: the defaults, then the set's criteria for the type, then ``scoring.weights``."""
        weights = self.criteria.weights_for(question.type, defaults)
        weights.update({k: float(v) for k, v in (question.scoring.get("weights") or {}).items()})
        return weights

    def threshold(self, question: Question) -> float:
        """The pass mark: ``scoring.pass_threshold``, else the set's (default 0.7)."""
        return float(question.scoring.get("pass_threshold", self.criteria.pass_threshold))


ScoreFn = Callable[["Question", "Answer", ScoringContext], "ScoreResult"]
CheckFn = Callable[["Question"], list[str]]


@dataclass(frozen=True)
class ScorerSpec:
    """A scorer: a pure function plus what it needs, checked before the first adapter call."""

    name: str
    score: ScoreFn
    check: CheckFn  # problems that make a question unscorable by this scorer ([] when fine)
    default_weights: dict[str, float]
    needs_document: bool = True
    description: str = ""


BUILTIN_SCORERS = {
    "fact_exact": "scorers.fact_exact:SCORER",
    "evidence_set": "scorers.evidence_set:SCORER",
    "conflict_gap": "scorers.conflict_gap:SCORER",
}
BUILTIN_COMPARATORS = {
    "amount": "scorers.comparators:compare_amount",
    "amount_breakdown": "scorers.comparators:compare_amount_breakdown",
    "date": "scorers.comparators:compare_date",
    "date_range": "scorers.comparators:compare_date_range",
    "count": "scorers.comparators:compare_count",
    "boolean": "scorers.comparators:compare_boolean",
    "text": "scorers.text_comparators:compare_text",
    "entity": "scorers.text_comparators:compare_entity",
    "exact": "scorers.text_comparators:compare_exact",
}
SCORERS: Registry[ScorerSpec] = Registry("scorer", builtins=BUILTIN_SCORERS)
COMPARATORS: Registry[Callable[..., Any]] = Registry("comparator", builtins=BUILTIN_COMPARATORS)


def scorer_for(question: Question) -> ScorerSpec:
    """The scorer a question uses: ``scoring.scorer`` when set, else the one named like its type."""
    return SCORERS.get(str(question.scoring.get("scorer") or question.type))
