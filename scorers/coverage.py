"""What key-point coverage reports, shared by the lexical (``scorers.keypoints``) and the semantic
(``scorers.semantic``) methods, and the texts both look for key points in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from benchmark.documents.model import match_view
from benchmark.models import Answer
from scorers.folding import Fold


@dataclass(frozen=True, slots=True)
class KeyPointResult:
    text: str
    score: float  # 0..1
    covered: bool
    missing_numbers: tuple[str, ...] = ()
    detail: dict[str, Any] | None = None  # method-specific: words found, fuzzy score, best sentence

    def to_dict(self) -> dict[str, Any]:
        out = {"text": self.text, "score": round(self.score, 4), "covered": self.covered,
               "missing_numbers": list(self.missing_numbers)}  # fmt: skip
        out.update(self.detail or {})
        return out


@dataclass(frozen=True, slots=True)
class KeyPointCoverage:
    method: str  # "lexical" | "semantic"
    threshold: float
    points: tuple[KeyPointResult, ...]
    model: str | None = None

    @property
    def covered(self) -> int:
        return sum(1 for p in self.points if p.covered)

    @property
    def fraction(self) -> float | None:
        """Covered key points / key points; None when there are none."""
        return self.covered / len(self.points) if self.points else None

    def to_dict(self) -> dict[str, Any]:
        frac = self.fraction
        out: dict[str, Any] = {"method": self.method, "threshold": self.threshold}
        if self.model is not None:
            out["model"] = self.model
        out |= {"covered": self.covered, "total": len(self.points),
                "fraction": None if frac is None else round(frac, 6),
                "points": [p.to_dict() for p in self.points]}  # fmt: skip
        return out


def haystack_texts(answer: Answer) -> list[str]:
    """The answer text, then its evidence texts and citation quotes (what key points are sought in),
    each text once, compared folded: a citation usually quotes an evidence text word for word (a
    third of the bundled baseline's haystack), often with other spacing or punctuation, and a second
    copy adds nothing to find."""
    return [text for text, _ in folded_haystack(answer)]


def folded_haystack(answer: Answer, fold: Fold = match_view) -> list[tuple[str, str]]:
    """:func:`haystack_texts`, each with its folded view (``fold``: ``match_view``, or the scorer's
    ``FoldOnce`` for this answer)."""
    texts = [answer.answer, *(e.text for e in answer.evidence)]
    texts += [c.quote for c in answer.citations if c.quote]
    seen: set[str] = set()
    out = []
    for text in texts:
        if text and text.strip() and (view := fold(text)) not in seen:
            seen.add(view)
            out.append((text, view))
    return out


__all__ = ["KeyPointCoverage", "KeyPointResult", "folded_haystack", "haystack_texts"]
