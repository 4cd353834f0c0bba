"""Citations in a case file: each checked in the document it names (docs/scoring/fact_exact.md, "Case files").

A citation names its document (``"document"``/``"doc"``: id, title or file name, read leniently by
``benchmark.documents.case``). One that names none cites the case's only document; in a case of several
documents it cites the document whose page holds its quote (verbatim, folded; the first such document,
those holding the question's evidence first), and a citation with neither a document nor a quote found
anywhere is wrong. The citation is then checked as in a set over one document (``scorers.citation``),
against the evidence of the question that lies in that document only: the right page of the wrong
document is wrong, and so is a document the case does not have.
"""

from __future__ import annotations

from dataclasses import replace

from benchmark.documents.case import Case
from benchmark.documents.model import Document, match_view
from benchmark.models import Answer, Citation, Question
from scorers.citation import (
    MIN_QUOTE_CHARS,
    CitationCheck,
    CitationResult,
    CitationTarget,
    answer_citations,
    check_citation,
    check_question_citations,
    question_targets,
    resolve_targets,
)
from scorers.folding import Fold

__all__ = ["check_case_citations", "citation_document", "question_citations"]


def citation_document(c: Citation, case: Case, preferred: list[str]) -> tuple[str | None, str]:
    """(document id, how it was found) of a citation; None with the reason when it has none."""
    if c.doc is not None:
        found = case.resolve(c.doc)
        if found is None:
            return None, f"names document {c.doc!r}, which is not one of the case's ({', '.join(case.ids)})"
        return found, "named"
    if case.single is not None:
        return case.single, "the case's only document"
    if c.quote and len(match_view(c.quote)) >= MIN_QUOTE_CHARS:
        holding = list(dict.fromkeys(d for d, _ in case.where(c.quote)))
        holding.sort(key=lambda d: d not in preferred)
        if holding:
            return holding[0], "its quote is there"
    return None, f"names no document, and the case has {len(case.ids)}: say which one it cites"


def _targets(question: Question, case: Case) -> dict[str, list[CitationTarget]]:
    """The question's targets by document id, resolved in their documents."""
    by_doc: dict[str, list[CitationTarget]] = {}
    for t in question_targets(question):
        doc_id = t.document or case.single
        if doc_id is not None and case.document(doc_id) is not None:
            by_doc.setdefault(doc_id, []).append(t)
    return {d: resolve_targets(ts, case.document(d)) for d, ts in by_doc.items()}


def _where(targets: dict[str, list[CitationTarget]], case: Case) -> str:
    places = [f"{case.label(d)} p.{p}" for d, ts in targets.items() for p in sorted({t.page for t in ts})]
    return ", ".join(places) or "none"


def _unplaced(source: str, c: Citation, why: str) -> CitationResult:
    return CitationResult(source, c.page, c.lines, c.quote, False, None, None, None, None, False, why, c.doc)


def _check(
    source: str, c: Citation, case: Case, targets: dict[str, list[CitationTarget]], fold: Fold
) -> CitationResult:
    doc_id, how = citation_document(c, case, list(targets))
    if doc_id is None:
        return _unplaced(source, c, why=f"{how} (evidence: {_where(targets, case)})")
    own = targets.get(doc_id, [])
    result = check_citation(source, c, own, case.document(doc_id), fold)
    if own:
        reason = f"{case.label(doc_id)}: {result.reason}"
    else:
        reason = (
            f"{case.label(doc_id)} holds none of the question's evidence (evidence: {_where(targets, case)})"
        )
    return replace(result, reason=reason, document=doc_id)


def check_case_citations(
    question: Question, answer: Answer, case: Case, fold: Fold = match_view
) -> CitationCheck:
    """Every citation of ``answer`` checked in its own document (see the module docstring)."""
    targets = _targets(question, case)
    results = tuple(_check(source, c, case, targets, fold) for source, c in answer_citations(answer))
    locations = sorted(
        {(d, t.page) for d, ts in targets.items() for t in ts}, key=lambda x: (case.ids.index(x[0]), x[1])
    )
    return CitationCheck(
        provided=bool(results),
        correct=any(r.correct for r in results),
        results=results,
        target_pages=tuple(sorted({p for _, p in locations})),
        target_locations=tuple(locations),
    )


def question_citations(
    question: Question,
    answer: Answer,
    document: Document | None,
    fold: Fold = match_view,
    case: Case | None = None,
) -> CitationCheck:
    """The question's citation check: per document in a case file (``case``), else in its document."""
    if case is not None:
        return check_case_citations(question, answer, case, fold)
    return check_question_citations(question, answer, document, fold)
