"""Checks that a valid question set agrees with its document (the schema cannot see the document).

Every problem is collected, none stops the others: quotes and ``must_include`` texts must occur where
the set says, dates must be real calendar dates, breakdowns must add up, and every question must be
scorable by its scorer.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from benchmark.documents import Document, load_document
from benchmark.documents.model import match_view
from benchmark.errors import BenchmarkError
from benchmark.models import EvidenceLocation, Question, QuestionSet

_ELLIPSIS = re.compile(r"\.{3,}|…+|⋯+")
LINE_TOLERANCE = 0  # lint is strict: a quote must lie within the stated lines


@dataclass(frozen=True)
class LintProblem:
    path: str
    question_id: str | None
    field: str
    problem: str

    def __str__(self) -> str:
        qid = f"{self.question_id}: " if self.question_id else ""
        return f"{self.path}: {qid}{self.field}: {self.problem}"


def lint_set(qs: QuestionSet) -> list[LintProblem]:
    if qs.documents:
        return _lint_case(qs)
    problems: list[LintProblem] = []
    document: Document | None = None
    if qs.document_path is None:
        problems.append(LintProblem(str(qs.path), None, "document", "the set names no document"))
    else:
        try:
            document = load_document(qs.document_path)
        except BenchmarkError as exc:
            problems.append(LintProblem(str(qs.path), None, "document", str(exc)))
    for q in qs.questions:
        problems.extend(lint_question(qs, q, document))
    return problems


def _lint_case(qs: QuestionSet) -> list[LintProblem]:
    """A case file: every document loaded, each location checked in its own (``benchmark.lint_case``)."""
    from benchmark.documents.case import Case
    from benchmark.lint_case import lint_case_question

    problems: list[LintProblem] = []
    documents = {}
    for info in qs.documents:
        try:
            documents[info.id] = load_document(info.path)
        except BenchmarkError as exc:
            problems.append(LintProblem(str(qs.path), None, f"documents[{info.id}]", str(exc)))
    if len(documents) < len(qs.documents):
        return problems
    case = Case(qs.documents, documents)
    for q in qs.questions:
        problems += [LintProblem(str(qs.path), q.id, f, p) for f, p in lint_case_question(q, case)]
    return problems


def lint_question(qs: QuestionSet, q: Question, doc: Document | None) -> list[LintProblem]:
    out: list[tuple[str, str]] = []
    out += _check_dates(q)
    out += _check_breakdown(q)
    reported = {field for field, _ in out}
    # the scorer's pre-run check repeats some of lint's own checks (e.g. dates): report each field once
    out += [(f, p) for f, p in _check_scorer(q) if not any(p.startswith(r) for r in reported)]
    if doc is not None:
        out += _check_evidence(q, doc)
        out += _check_quotes(q, doc)
    return [LintProblem(str(qs.path), q.id, field, problem) for field, problem in out]


def _real_date(value: str) -> bool:
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _check_dates(q: Question) -> list[tuple[str, str]]:
    out = []
    e = q.expected
    if e.date is not None and not _real_date(e.date):
        out.append(("expected.date", f"{e.date!r} is not a real calendar date"))
    if e.date_range is not None:
        for side in ("start", "end"):
            value = getattr(e.date_range, side)
            if not _real_date(value):
                out.append((f"expected.date_range.{side}", f"{value!r} is not a real calendar date"))
        if (
            _real_date(e.date_range.start)
            and _real_date(e.date_range.end)
            and e.date_range.start > e.date_range.end
        ):
            out.append(("expected.date_range", f"start {e.date_range.start} is after end {e.date_range.end}"))
    for i, part in enumerate(q.raw.get("expected", {}).get("amount_breakdown", []) or []):
        if "date" in part and not _real_date(part["date"]):
            out.append(
                (f"expected.amount_breakdown[{i}].date", f"{part['date']!r} is not a real calendar date")
            )
    return out


def _check_breakdown(q: Question) -> list[tuple[str, str]]:
    e = q.expected
    if e.amount_total is None or not e.amount_breakdown:
        return []
    total = sum(p.amount for p in e.amount_breakdown)
    if abs(total - e.amount_total) > 0.005:
        parts = " + ".join(f"{p.amount:g}" for p in e.amount_breakdown)
        return [
            (
                "expected.amount_breakdown",
                f"parts {parts} = {total:g}, but amount_total is {e.amount_total:g}",
            )
        ]
    return []


def _check_scorer(q: Question) -> list[tuple[str, str]]:
    from scorers.registry import scorer_for

    try:
        spec = scorer_for(q)
    except BenchmarkError as exc:
        return [("scoring.scorer", str(exc))]
    return [("question", problem) for problem in spec.check(q)]


def _check_evidence(q: Question, doc: Document) -> list[tuple[str, str]]:
    out = []
    for i, req in enumerate(q.required_evidence):
        field = f"required_evidence[{i}].must_include"
        page = doc.page(req.page)
        if page is None:
            out.append(
                (
                    f"required_evidence[{i}].page",
                    f"page {req.page} does not exist (document has {doc.page_count})",
                )
            )
            continue
        if match_view(req.must_include) in page.folded:
            continue
        elsewhere = doc.pages_containing(req.must_include)
        where = (
            f"it is on page {', '.join(map(str, elsewhere))}"
            if elsewhere
            else "it is nowhere in the document"
        )
        out.append((field, f"{req.must_include!r} does not occur on page {req.page}; {where}"))
    return out


def quote_parts(quote: str) -> list[str]:
    """A quote with ``...`` / ``…`` elides text: its parts must occur in order."""
    return [p for p in (match_view(x) for x in _ELLIPSIS.split(quote)) if p]


def _in_order(parts: list[str], text: str) -> bool:
    pos = 0
    for part in parts:
        found = text.find(part, pos)
        if found < 0:
            return False
        pos = found + len(part)
    return bool(parts)


def _check_quotes(q: Question, doc: Document) -> list[tuple[str, str]]:
    out = []
    quotes = [("required_quote", q.required_quote)] if q.required_quote else []
    quotes += [(f"additional_quotes[{i}]", x) for i, x in enumerate(q.additional_quotes)]
    locations = [loc for loc in (q.evidence_location, *q.additional_evidence) if loc is not None]
    for loc_field, loc in _named_locations(q):
        out += _check_location(loc_field, loc, doc)
    for field, quote in quotes:
        parts = quote_parts(quote)
        if not _in_order(parts, doc.folded):
            out.append((field, f"{quote!r} does not occur in the document"))
            continue
        located = [loc for loc in locations if loc.page is not None]
        if located and not any(_in_order(parts, _location_text(loc, doc)) for loc in located):
            spots = ", ".join(_describe_location(loc) for loc in located)
            hit = doc.locate(parts[0])
            actual = f"; it is at page {hit[0].page}, line {hit[0].number}" if hit else ""
            out.append((field, f"{quote!r} is not within {spots}{actual}"))
    return out


def _named_locations(q: Question) -> list[tuple[str, EvidenceLocation]]:
    named = [("evidence_location", q.evidence_location)] if q.evidence_location else []
    named += [(f"additional_evidence[{i}]", loc) for i, loc in enumerate(q.additional_evidence)]
    return named


def _check_location(field: str, loc: EvidenceLocation, doc: Document) -> list[tuple[str, str]]:
    if loc.page is not None and doc.page(loc.page) is None:
        return [(f"{field}.page", f"page {loc.page} does not exist (document has {doc.page_count})")]
    if loc.lines is not None and not doc.lines_between(loc.lines.start, loc.lines.end, loc.page):
        return [(f"{field}.lines", f"no line {loc.lines} on page {loc.page}")]
    return []


def _location_text(loc: EvidenceLocation, doc: Document) -> str:
    if loc.lines is None:
        page = doc.page(loc.page) if loc.page is not None else None
        return page.folded if page else ""
    start, end = loc.lines.start - LINE_TOLERANCE, loc.lines.end + LINE_TOLERANCE
    return doc.folded_lines_text(start, end, loc.page)


def _describe_location(loc: EvidenceLocation) -> str:
    return f"page {loc.page}" + (f" lines {loc.lines}" if loc.lines else "")
