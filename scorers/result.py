"""What a scorer returns: named components with diagnostics, and their weighted combination."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorers.verdicts import Judgement

# Component statuses (after the seed scorer): a lawyer reads these first.
MATCH = "match"  # the expected value is there
MISMATCH = "mismatch"  # a value is there, but a different one
OMISSION = "omission"  # nothing usable was given
HALLUCINATION = "hallucination"  # something was asserted that the document does not hold
PARTIAL = "partial"  # part of what was required
NOT_APPLICABLE = "not_applicable"  # dropped; weights are renormalised over the rest
JUDGED = "judged"  # a configured judge overturned a text mismatch or omission (scorers.judgeable)


def round6(x: float) -> float:
    """``round(x, 6)``: the scores 0.0 and 1.0, most of them, come back as they are (the same value,
    without the call to ``round``)."""
    return x if x.__class__ is float and (x == 1.0 or x == 0.0) else round(x, 6)


@dataclass
class Component:
    name: str
    score: float | None  # None when not applicable
    weight: float = 0.0
    status: str = MATCH
    expected: Any = None
    extracted: Any = None
    reason: str = ""
    judge: dict[str, Any] | None = None  # the judge's name and verdict, when one was asked

    @property
    def applicable(self) -> bool:
        return self.score is not None

    def to_dict(self) -> dict[str, Any]:
        out = {
            "score": None if self.score is None else round6(self.score),
            "weight": round6(self.weight),
            "status": self.status,
            "expected": self.expected,
            "extracted": self.extracted,
            "reason": self.reason,
        }
        if self.judge is not None:
            out["judge"] = self.judge
        return out


@dataclass
class ScoreResult:
    """A scored answer. ``json_ready`` is a scorer's promise that ``details`` and ``diagnostics()`` hold
    plain JSON values only (``str`` keys, lists rather than tuples, floats rounded to 6 places): the
    report then writes them as they are instead of copying them through ``clean``, a third of the cost
    of a report line. The built-in scorers make it (their golden tables check it on every row); a
    scorer that does not set it is cleaned as before."""

    components: dict[str, Component]
    score: float
    passed: bool
    details: dict[str, Any] = field(default_factory=dict)
    json_ready: bool = False
    # what a judge was (or may be) asked about this answer, with its verdicts (scorers.judgeable)
    judgements: tuple[Judgement, ...] = ()

    def component_scores(self) -> dict[str, float]:
        """Applicable components only, as the report's ``components`` map."""
        return {n: round6(c.score) for n, c in self.components.items() if c.score is not None}

    def diagnostics(self) -> dict[str, Any]:
        return {n: c.to_dict() for n, c in self.components.items()}


def combine(components: list[Component], weights: dict[str, float], threshold: float) -> ScoreResult:
    """Weighted mean over applicable components with their weights renormalised to sum to 1.

    A component whose weight is 0 (or absent) is reported but does not count.
    """
    applicable = [c for c in components if c.score is not None and weights.get(c.name, 0.0) > 0]
    total = sum([weights[c.name] for c in applicable])
    for c in components:
        c.weight = 0.0
    if total:
        for c in applicable:
            c.weight = weights[c.name] / total
    score = round6(sum([c.weight * (c.score or 0.0) for c in applicable])) if total else 0.0
    return ScoreResult({c.name: c for c in components}, score, score >= threshold - 1e-9)
