"""The two sides of a contradiction across documents, and whether an answer's citations cite both.

A ``conflict_detected`` question of a case file states its contradiction as ``required_quote`` (side A)
against ``additional_quotes`` (the other side). Side A lies at ``evidence_location`` (its document and
page); the additional quote at position i lies at ``additional_evidence[i]``; a side without a location
is where its quote is found in the case (the first page that holds it, documents in the set's order).
The question is *cross-document* when some other side lies in another document than side A.

A citation (or an evidence item with a page, when the answer gives no citation) *cites* a side when its
document (named, or for a citation naming none, the document whose page holds its quote) is the side's
document, and its page is the side's page or its quote holds the side's quote (folded). An answer cites
both sides when it cites side A and at least one other side. Answers that cite nothing are not asked to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from benchmark.documents.case import Case
from benchmark.documents.model import match_view
from benchmark.models import Answer, Citation, EvidenceLocation, Question
from scorers.case_citation import citation_document
from scorers.citation import answer_citations

__all__ = ["Side", "SidesCheck", "check_sides", "conflict_sides"]


@dataclass(frozen=True)
class Side:
    document: str
    page: int
    quote: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"document": self.document, "page": self.page, "quote": self.quote}


def _side(loc: EvidenceLocation | None, quote: str | None, case: Case) -> Side | None:
    doc_id = (loc.document if loc is not None else None) or case.single
    if loc is not None and loc.page is not None and doc_id is not None:
        return Side(doc_id, loc.page, quote)
    places = case.where(quote) if quote else []
    return Side(places[0][0], places[0][1], quote) if places else None


def conflict_sides(question: Question, case: Case | None) -> tuple[Side, list[Side]] | None:
    """(side A, the other sides) of a cross-document contradiction; None for any other question."""
    if case is None or not question.expected.conflict_detected:
        return None
    first = _side(question.evidence_location, question.required_quote, case)
    if first is None:
        return None
    count = max(len(question.additional_quotes), len(question.additional_evidence))
    others = []
    for i in range(count):
        loc = question.additional_evidence[i] if i < len(question.additional_evidence) else None
        quote = question.additional_quotes[i] if i < len(question.additional_quotes) else None
        side = _side(loc, quote, case)
        if side is not None:
            others.append(side)
    if not any(s.document != first.document for s in others):
        return None
    return first, others


def _cites(c: Citation, side: Side, case: Case) -> bool:
    doc_id, _ = citation_document(c, case, [side.document])
    if doc_id != side.document:
        return False
    if c.page is not None and c.page == side.page:
        return True
    needle = match_view(side.quote) if side.quote else ""
    return bool(needle) and bool(c.quote) and needle in match_view(c.quote or "")


@dataclass(frozen=True)
class SidesCheck:
    first: Side
    others: tuple[Side, ...]
    cites: bool  # the answer cites anything at all
    first_cited: bool
    other_cited: bool

    @property
    def ok(self) -> bool:
        return not self.cites or (self.first_cited and self.other_cited)

    def missing(self, case: Case) -> str:
        sides = [] if self.first_cited else [self.first]
        sides += [] if self.other_cited else list(self.others)
        return " or ".join(f"{case.label(s.document)} p.{s.page}" for s in sides)

    def to_dict(self) -> dict[str, Any]:
        return {"required": self.first.to_dict(), "additional": [s.to_dict() for s in self.others],
                "answer_cites": self.cites, "required_cited": self.first_cited,
                "additional_cited": self.other_cited, "both_cited": self.ok}  # fmt: skip


def check_sides(question: Question, answer: Answer, case: Case | None) -> SidesCheck | None:
    """Whether the answer's citations cite both sides of a cross-document contradiction (None when the
    question is not one)."""
    sides = conflict_sides(question, case)
    if sides is None or case is None:
        return None
    first, others = sides
    cited = [c for _, c in answer_citations(answer)]
    return SidesCheck(
        first,
        tuple(others),
        bool(cited),
        any(_cites(c, first, case) for c in cited),
        any(_cites(c, s, case) for c in cited for s in others),
    )
