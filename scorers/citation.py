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

import weakref
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Generic, TypeVar

from benchmark.documents.model import Document, match_view
from benchmark.models import Answer, Citation, LineRange, Question
from benchmark.records import quick_init
from scorers.citation_pairs import resolve_pair
from scorers.evidence import folded
from scorers.fuzzy import partial_ratio
from scorers.result import MATCH, MISMATCH, NOT_APPLICABLE, OMISSION, Component

LINE_TOLERANCE = 2
QUOTE_FUZZY_THRESHOLD = 90.0
MIN_QUOTE_CHARS = 4

T = TypeVar("T")
_PAGE_BREAK = "\x00"  # folding keeps letters and digits only
_MAX_QUESTIONS = 4096  # resolved targets kept per document


@quick_init
@dataclass(frozen=True)
class CitationTarget:
    """A place that holds required evidence: a page, and where on it when known.

    ``lines`` is given (conflict_gap ``evidence_location``) or found by locating ``text``
    (a ``must_include``) on the page.
    """

    page: int
    lines: LineRange | None = None
    text: str | None = None


@quick_init
@dataclass(frozen=True)
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

    def to_dict(self) -> dict[str, Any]:
        return {
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


@quick_init
@dataclass(frozen=True)
class CitationCheck:
    provided: bool
    correct: bool
    results: tuple[CitationResult, ...]
    target_pages: tuple[int, ...]

    @property
    def score(self) -> float:
        return 1.0 if self.correct else 0.0

    @property
    def cited_pages(self) -> list[int]:
        pages = (r.page if r.page is not None else r.quote_page for r in self.results)
        return sorted({p for p in pages if p is not None})

    def to_dict(self) -> dict[str, Any]:
        return {
            "citation_provided": self.provided,
            "citation_correct": self.correct,
            "target_pages": list(self.target_pages),
            "citations": [r.to_dict() for r in self.results],
        }


# --- per-document indexes, built once per Document object ---------------------------------


class _PerDocument(Generic[T]):
    """A cache keyed by the identity of a live Document (Documents are not hashable)."""

    def __init__(self, build: Callable[[Document], T]) -> None:
        self._build = build
        self._data: dict[int, T] = {}

    def __call__(self, doc: Document) -> T:
        key = id(doc)
        if key not in self._data:
            self._data[key] = self._build(doc)
            weakref.finalize(doc, self._data.pop, key, None)
        return self._data[key]


class _DocIndex:
    def __init__(self, doc: Document) -> None:
        self._doc = weakref.ref(doc)  # the cache must not keep its document alive
        self.page_of_line = {line.number: line.page for line in doc.lines}
        self._folded_lines: dict[int, list[tuple[int, str]]] = {}
        self._located: dict[tuple[int, str], LineRange | None] = {}
        self._of_question: dict[int, tuple[Question, list[CitationTarget]]] = {}
        # every page's folded text, joined by a character folding never keeps: one ``find`` over the
        # document tells the first page that holds a passage (a passage cannot span two pages)
        self._joined = _PAGE_BREAK.join(p.folded for p in doc.pages)
        self._page_numbers = [p.number for p in doc.pages]
        self._page_starts = list(accumulate((len(p.folded) + 1 for p in doc.pages[:-1]), initial=0))

    def resolve(self, targets: Iterable[CitationTarget]) -> list[CitationTarget]:
        """``targets`` with their lines located (``locate`` keeps what it found) and their pages taken
        from their lines; those left without a page are dropped."""
        out = []
        for t in targets:
            page, lines = t.page, t.lines
            if not page and lines is not None:
                page = self.page_of_line.get(lines.start, 0)
            if lines is None and t.text and page:
                lines = self.locate(page, t.text)
            if page:
                out.append(CitationTarget(page, lines, t.text))
        return out

    def targets_of(self, question: Question) -> list[CitationTarget]:
        """``question_targets(question)`` resolved, kept per question object: a question's answers
        (every trial, every config compared) need them again, and building and resolving the targets
        cost as much as checking a citation. The entry holds the question, so its id stays its own;
        questions are not modified once loaded."""
        hit = self._of_question.get(id(question))
        if hit is None or hit[0] is not question:
            if len(self._of_question) >= _MAX_QUESTIONS:
                self._of_question.clear()
            hit = self._of_question[id(question)] = (
                question,
                self.resolve(question_targets(question)),
            )
        return hit[1]

    def first_page_holding(self, needle: str) -> int | None:
        """The first page, in document order, whose folded text holds ``needle`` (folded)."""
        pos = self._joined.find(needle) if needle else -1
        return self._page_numbers[bisect_right(self._page_starts, pos) - 1] if pos >= 0 else None

    def folded_lines(self, page: int) -> list[tuple[int, str]]:
        if page not in self._folded_lines:
            doc = self._doc()
            p = doc.page(page) if doc is not None else None
            self._folded_lines[page] = [(ln.number, match_view(ln.text)) for ln in p.lines] if p else []
        return self._folded_lines[page]

    def locate(self, page: int, snippet: str) -> LineRange | None:
        """The lines of ``page`` that hold ``snippet`` (folded), or None."""
        key = (page, snippet)
        if key not in self._located:
            self._located[key] = self._find(page, match_view(snippet))
        return self._located[key]

    def _find(self, page: int, needle: str) -> LineRange | None:
        lines = self.folded_lines(page)
        joined = "".join(text for _, text in lines)
        pos = joined.find(needle) if needle else -1
        if pos < 0:
            return None
        hits, offset = [], 0
        for number, text in lines:
            if offset < pos + len(needle) and offset + len(text) > pos:
                hits.append(number)
            offset += len(text)
        return LineRange(hits[0], hits[-1]) if hits else None


_index = _PerDocument(_DocIndex)


# --- targets ----------------------------------------------------------------------------------


def question_targets(question: Question) -> list[CitationTarget]:
    """Where a question's evidence lies: ``required_evidence`` pages, plus (for conflict_gap)
    ``evidence_location`` and ``additional_evidence``."""
    targets = [CitationTarget(e.page, None, e.must_include) for e in question.required_evidence]
    for loc in (question.evidence_location, *question.additional_evidence):
        if loc is not None and (loc.page is not None or loc.lines is not None):
            targets.append(CitationTarget(loc.page or 0, loc.lines))
    return targets


def _resolve_targets(targets: Iterable[CitationTarget], doc: Document | None) -> list[CitationTarget]:
    """Fill in a target's lines (located text) and page (from its lines) when a document is there
    (a question's own targets are kept per document: ``_DocIndex.targets_of``)."""
    if doc is None:
        return [t for t in targets if t.page]
    return _index(doc).resolve(targets)


# --- checking ---------------------------------------------------------------------------------


def answer_citations(answer: Answer) -> list[tuple[str, Citation]]:
    """Explicit citations; else evidence items that carry a page, as citations."""
    if answer.citations:
        return [("citation", c) for c in answer.citations]
    return [("evidence", Citation(page=e.page, quote=e.text)) for e in answer.evidence if e.page is not None]


def check_citations(
    answer: Answer,
    targets: Sequence[CitationTarget],
    document: Document | None,
    *,
    line_tolerance: int = LINE_TOLERANCE,
    fuzzy_threshold: float = QUOTE_FUZZY_THRESHOLD,
) -> CitationCheck:
    """Resolve every citation of ``answer`` against ``targets`` in ``document`` (None: pages only)."""
    return _check_resolved(
        answer, _resolve_targets(targets, document), document, line_tolerance, fuzzy_threshold
    )


def _check_resolved(
    answer: Answer, resolved: list[CitationTarget], document: Document | None, line_tolerance: int,
    fuzzy_threshold: float,
) -> CitationCheck:  # fmt: skip
    checker = _Checker(resolved, document, line_tolerance, fuzzy_threshold)
    results = tuple(checker.check(source, c) for source, c in answer_citations(answer))
    return CitationCheck(
        provided=bool(results),
        correct=any(r.correct for r in results),
        results=results,
        target_pages=tuple(checker.pages),
    )


def check_question_citations(question: Question, answer: Answer, document: Document | None) -> CitationCheck:
    if document is None:
        return check_citations(answer, question_targets(question), document)
    return _check_resolved(
        answer, _index(document).targets_of(question), document, LINE_TOLERANCE, QUOTE_FUZZY_THRESHOLD
    )


class _Checker:
    def __init__(self, targets: list[CitationTarget], doc: Document | None, tolerance: int, threshold: float):
        self.targets = targets
        self.doc = doc
        self.tolerance = tolerance
        self.threshold = threshold
        self.pages = sorted({t.page for t in targets})

    def check(self, source: str, c: Citation) -> CitationResult:
        c, note = resolve_pair(c, self.doc, self.pages)
        page = c.page
        if page is None and c.lines is not None and self.doc is not None:
            page = _index(self.doc).page_of_line.get(c.lines.start)
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
        spans = [t.lines for t in self.targets if t.page == page and t.lines is not None]
        if not spans:
            return None
        tol = self.tolerance
        return any(lines.start <= s.end + tol and lines.end >= s.start - tol for s in spans)

    def _find_quote(
        self, quote: str | None, page: int | None
    ) -> tuple[bool | None, int | None, float | None]:
        """(found, on which page, fuzzy score); exact containment first, then fuzzy on likely pages."""
        needle = folded(quote) if quote else ""
        if self.doc is None or len(needle) < MIN_QUOTE_CHARS:
            return None, None, None
        likely = [p for p in [page, *self.pages] if p is not None]
        for number in likely:
            p = self.doc.page(number)
            if p is not None and needle in p.folded:
                return True, number, 100.0
        elsewhere = _index(self.doc).first_page_holding(needle)
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
    expected = {"pages": list(check.target_pages)}
    extracted = {"pages": check.cited_pages, "provided": check.provided, "correct": check.correct}
    return Component(name, score, 0.0, status, expected, extracted, reason)
