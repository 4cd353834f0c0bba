"""Citations resolved against the loaded document (docs/contract.md §4, the ``citation`` component).

A citation is *correct* when

- it names a page (or a line range, whose first line gives the page) that holds required evidence of
  the question, and, when it also gives lines, those lines lie within ``LINE_TOLERANCE`` (2) lines of
  where that evidence is on the page (a quote found on that same page makes up for wrong lines); or
- it gives no page, and its quote is found on a page that holds required evidence: verbatim in the
  folded view (``benchmark.documents.model.match_view``), or fuzzily with rapidfuzz ``partial_ratio``
  >= ``QUOTE_FUZZY_THRESHOLD`` (90) on the folded text.

A citation to a page that holds no required evidence is wrong, whatever its quote says. The
component is 1 when at least one citation is correct (precision over many citations is what the
evidence_set scorer measures). Evidence items that carry a page count as citations when the answer
has no explicit citation. Quotes shorter than ``MIN_QUOTE_CHARS`` folded characters are too short to
locate (``没有`` is on every page) and are ignored.

Other scorers use ``check_citations(answer, targets, document)`` with their own targets.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from benchmark.documents.model import Document, match_view
from benchmark.models import Answer, Citation, LineRange, Question
from scorers.citation_pairs import resolve_pair
from scorers.folding import Fold
from scorers.fuzzy import partial_ratio
from scorers.result import MATCH, MISMATCH, NOT_APPLICABLE, OMISSION, Component

LINE_TOLERANCE = 2
QUOTE_FUZZY_THRESHOLD = 90.0
MIN_QUOTE_CHARS = 4


@dataclass(frozen=True)
class CitationTarget:
    """A place that holds required evidence: a page, and where on it when known.

    ``lines`` is given (conflict_gap ``evidence_location``) or found by locating ``text``
    (a ``must_include``) on the page.
    """

    page: int
    lines: LineRange | None = None
    text: str | None = None
    document: str | None = None  # the id of its document, in a set over several

    @cached_property
    def folded(self) -> str:
        """``text`` folded (``match_view``), made once: a question holds its targets."""
        return match_view(self.text) if self.text else ""


@dataclass(frozen=True, slots=True)
class CitationResult:
    """One citation (or paged evidence item) and what the document says about it."""

    source: str  # "citation" | "evidence"
    page: int | None
    lines: LineRange | None
    quote: str | None
    page_matches: bool
    lines_hold_evidence: bool | None  # None: no lines given, or the evidence's lines are unknown
    quote_found: bool | None  # None: no quote (or too short to locate)
    quote_page: int | None
    quote_score: float | None
    correct: bool
    reason: str
    document: str | None = None  # in a case file: the document cited (its id, or the name given)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "source": self.source,
            "page": self.page,
            "lines": None if self.lines is None else str(self.lines),
            "quote": self.quote,
            "page_matches": self.page_matches,
            "lines_hold_evidence": self.lines_hold_evidence,
            "quote_found": self.quote_found,
            "quote_page": self.quote_page,
            "quote_score": None if self.quote_score is None else round(self.quote_score, 2),
            "correct": self.correct,
            "reason": self.reason,
        }
        if self.document is not None:
            out["document"] = self.document
        return out


@dataclass(frozen=True, slots=True)
class CitationCheck:
    provided: bool
    correct: bool
    results: tuple[CitationResult, ...]
    target_pages: tuple[int, ...]
    target_locations: tuple[tuple[str, int], ...] = ()  # in a case file: (document id, page)

    @property
    def score(self) -> float:
        return 1.0 if self.correct else 0.0

    @property
    def cited_pages(self) -> list[int]:
        pages = (r.page if r.page is not None else r.quote_page for r in self.results)
        return sorted({p for p in pages if p is not None})

    @property
    def cited_locations(self) -> list[str]:
        """``xunwen-1 p.3`` for every cited place of a case file (documents known or not)."""
        places = ((r.document, r.page if r.page is not None else r.quote_page) for r in self.results)
        return sorted({f"{d} p.{p}" for d, p in places if d is not None and p is not None})

    def to_dict(self) -> dict[str, Any]:
        out = {
            "citation_provided": self.provided,
            "citation_correct": self.correct,
            "target_pages": list(self.target_pages),
            "citations": [r.to_dict() for r in self.results],
        }
        if self.target_locations:
            out["target_locations"] = [{"document": d, "page": p} for d, p in self.target_locations]
        return out


# --- targets ----------------------------------------------------------------------------------


def question_targets(question: Question) -> tuple[CitationTarget, ...]:
    """Where a question's evidence lies: ``required_evidence`` pages, plus (for conflict_gap)
    ``evidence_location`` and ``additional_evidence``."""
    targets = [CitationTarget(e.page, None, e.must_include, e.document) for e in question.required_evidence]
    for loc in (question.evidence_location, *question.additional_evidence):
        if loc is not None and (loc.page is not None or loc.lines is not None):
            targets.append(CitationTarget(loc.page or 0, loc.lines, None, loc.document))
    return tuple(targets)


def _with_pages(targets: Iterable[CitationTarget], doc: Document | None) -> list[CitationTarget]:
    """``targets`` with their pages taken from their lines where they give none (in ``doc``); those
    left without a page are dropped. Their lines are located only when a citation needs them."""
    out = []
    for t in targets:
        page = t.page
        if doc is not None and not page and t.lines is not None:
            page = doc.index.page_of_line.get(t.lines.start, 0)
        if page:
            out.append(t if page == t.page else CitationTarget(page, t.lines, t.text, t.document))
    return out


def resolve_targets(targets: Iterable[CitationTarget], document: Document | None) -> list[CitationTarget]:
    """``targets`` with their pages taken from their lines in ``document`` (the case-file path uses it
    per document)."""
    return _with_pages(targets, document)


# --- checking ---------------------------------------------------------------------------------


def answer_citations(answer: Answer) -> list[tuple[str, Citation]]:
    """Explicit citations; else evidence items that carry a page, as citations."""
    if answer.citations:
        return [("citation", c) for c in answer.citations]
    return [
        ("evidence", Citation(page=e.page, quote=e.text, doc=e.doc))
        for e in answer.evidence
        if e.page is not None
    ]


def check_citations(
    answer: Answer,
    targets: Sequence[CitationTarget],
    document: Document | None,
    *,
    line_tolerance: int = LINE_TOLERANCE,
    fuzzy_threshold: float = QUOTE_FUZZY_THRESHOLD,
    fold: Fold = match_view,
) -> CitationCheck:
    """Resolve every citation of ``answer`` against ``targets`` in ``document`` (None: pages only).
    ``fold``: the scorer's ``FoldOnce`` for this answer, when other checks fold its texts too."""
    checker = _Checker(_with_pages(targets, document), document, line_tolerance, fuzzy_threshold, fold)
    results = tuple(checker.check(source, c) for source, c in answer_citations(answer))
    return CitationCheck(
        provided=bool(results),
        correct=any(r.correct for r in results),
        results=results,
        target_pages=tuple(checker.pages),
    )


def check_question_citations(
    question: Question, answer: Answer, document: Document | None, fold: Fold = match_view
) -> CitationCheck:
    """The question's citation check in its one document (a case file's: ``scorers.case_citation``)."""
    return check_citations(answer, question.derived(question_targets), document, fold=fold)


def check_citation(
    source: str,
    citation: Citation,
    targets: list[CitationTarget],
    document: Document | None,
    fold: Fold = match_view,
) -> CitationResult:
    """One citation against targets already resolved in ``document`` (``resolve_targets``)."""
    return _Checker(targets, document, LINE_TOLERANCE, QUOTE_FUZZY_THRESHOLD, fold).check(source, citation)


class _Checker:
    def __init__(
        self,
        targets: list[CitationTarget],
        doc: Document | None,
        tolerance: int,
        threshold: float,
        fold: Fold,
    ) -> None:
        self.fold = fold
        self.targets = targets
        self.doc = doc
        self.tolerance = tolerance
        self.threshold = threshold
        self.pages = sorted({t.page for t in targets})

    def check(self, source: str, c: Citation) -> CitationResult:
        c, note = resolve_pair(c, self.doc, self.pages)
        page = c.page
        if page is None and c.lines is not None and self.doc is not None:
            page = self.doc.index.page_of_line.get(c.lines.start)
        page_matches = page is not None and page in self.pages
        lines_ok = self._lines_ok(page, c.lines) if page_matches else None
        found, quote_page, score = self._find_quote(c.quote, page)
        if page is not None:
            rescued = bool(found) and quote_page == page
            correct = page_matches and (lines_ok is not False or rescued)
        else:
            correct = bool(found) and quote_page in self.pages
        reason = note + self._reason(page, c, page_matches, lines_ok, found, quote_page, correct)
        return CitationResult(
            source, page, c.lines, c.quote, page_matches, lines_ok, found, quote_page, score, correct, reason
        )

    def _lines_ok(self, page: int | None, lines: LineRange | None) -> bool | None:
        if lines is None:
            return None
        spans = [s for t in self.targets if t.page == page and (s := self._lines_of(t)) is not None]
        if not spans:
            return None
        tol = self.tolerance
        return any(lines.start <= s.end + tol and lines.end >= s.start - tol for s in spans)

    def _lines_of(self, t: CitationTarget) -> LineRange | None:
        """Where on its page the target's evidence lies: its lines, or its text located there."""
        if t.lines is not None or not t.text or self.doc is None:
            return t.lines
        found = self.doc.index.lines_holding(t.page, t.folded)
        return LineRange(*found) if found is not None else None

    def _find_quote(
        self, quote: str | None, page: int | None
    ) -> tuple[bool | None, int | None, float | None]:
        """(found, on which page, fuzzy score); exact containment first, then fuzzy on likely pages."""
        needle = self.fold(quote) if quote else ""
        if self.doc is None or len(needle) < MIN_QUOTE_CHARS:
            return None, None, None
        likely = [p for p in [page, *self.pages] if p is not None]
        for number in likely:
            p = self.doc.page(number)
            if p is not None and needle in p.folded:
                return True, number, 100.0
        elsewhere = self.doc.index.first_page_holding(needle)
        if elsewhere is not None:
            return True, elsewhere, 100.0
        best: tuple[float, int | None] = (0.0, None)
        for number in dict.fromkeys(likely):
            p = self.doc.page(number)
            if p is None or len(needle) > len(p.folded):
                continue  # a passage longer than the page would "contain" the whole page
            # a later page matters only if it beats the best so far: a higher cutoff prunes more
            score = partial_ratio(needle, p.folded, max(self.threshold, best[0]))
            if score > best[0]:
                best = (score, number)
        if best[1] is not None:
            return True, best[1], best[0]
        return False, None, None

    def _reason(
        self,
        page: int | None,
        c: Citation,
        page_matches: bool,
        lines_ok: bool | None,
        found: bool | None,
        quote_page: int | None,
        correct: bool,
    ) -> str:
        wanted = ", ".join(map(str, self.pages)) or "none"
        quote = (
            "" if found is None else f"; quote found on page {quote_page}" if found else "; quote not found"
        )
        if page is None:
            if found is None:
                return "no page and no usable quote"
            return f"quote-only citation{quote} (evidence pages: {wanted})"
        if not page_matches:
            return f"page {page} holds no required evidence (evidence pages: {wanted}){quote}"
        if lines_ok is False:
            verdict = "rescued by the quote" if correct else "wrong lines"
            far = f"lines {c.lines} are more than {self.tolerance} lines from the evidence on page {page}"
            return f"{far}: {verdict}{quote}"
        return f"page {page} holds required evidence{quote}"


def citation_component(check: CitationCheck, *, required: bool = True, name: str = "citation") -> Component:
    """The ``citation`` component: 1 when some citation is correct; dropped when not required."""
    if not required:
        score, status, reason = None, NOT_APPLICABLE, "citation not required by this question"
    elif not check.provided:
        score, status, reason = 0.0, OMISSION, "no citation and no evidence item with a page"
    elif check.correct:
        score, status, reason = 1.0, MATCH, next(r.reason for r in check.results if r.correct)
    else:
        score, status, reason = 0.0, MISMATCH, "; ".join(r.reason for r in check.results[:3])
    expected: dict[str, Any] = {"pages": list(check.target_pages)}
    extracted: dict[str, Any] = {
        "pages": check.cited_pages,
        "provided": check.provided,
        "correct": check.correct,
    }
    if check.target_locations:  # a case file: pages mean nothing without their documents
        expected["locations"] = [f"{d} p.{p}" for d, p in check.target_locations]
        extracted["locations"] = check.cited_locations
    return Component(name, score, 0.0, status, expected, extracted, reason)
