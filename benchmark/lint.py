"""Checks that a valid question set agrees with its document (the schema cannot see the document).

Every problem is collected, none stops the others: quotes and ``must_include`` texts must occur where
the set says, dates must be real calendar dates, breakdowns must add up, and every question must be
scorable by its scorer. A warning (``severity == "warning"``) does not fail the lint: each accepted
answer of ``text_answer`` / ``entity`` that occurs nowhere in the document (compared in the canonical
form the scorer reads, so ``15日`` is found where the document writes ``十五日``) is one, since an
accepted answer of one's own wording is allowed but a typo in one is not.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from benchmark.documents import Document, load_document
from benchmark.documents.case import Case
from benchmark.documents.model import match_view
from benchmark.documents.places import Place, quote_parts
from benchmark.errors import BenchmarkError
from benchmark.models import EvidenceLocation, Question, QuestionSet, RequiredEvidence, accepted_answers
from benchmark.text.wording import canonical
from scorers.evidence_roles import SECTIONS, SPEAKERS, describe_role, place_allowed, wanted

LINE_TOLERANCE = 0  # lint is strict: a quote must lie within the stated lines
__all__ = ["LintProblem", "errors", "lint_question", "lint_set", "quote_parts", "within"]


@dataclass(frozen=True)
class LintProblem:
    path: str
    question_id: str | None
    field: str
    problem: str
    severity: str = "error"  # or "warning": reported, but the set is still clean

    def __str__(self) -> str:
        qid = f"{self.question_id}: " if self.question_id else ""
        warning = "warning: " if self.severity == "warning" else ""
        return f"{self.path}: {qid}{self.field}: {warning}{self.problem}"


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
    words = _canonical_text(document) if document is not None else None
    for q in qs.questions:
        problems.extend(lint_question(qs, q, document, words))
    return problems


def errors(problems: list[LintProblem]) -> list[LintProblem]:
    """The problems that fail the lint (warnings left out)."""
    return [p for p in problems if p.severity != "warning"]


def _lint_case(qs: QuestionSet) -> list[LintProblem]:
    """A case file: every document loaded, each location checked in its own (``lint_case_question``)."""
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
    words = {name: _canonical_text(doc) for name, doc in documents.items()}
    for q in qs.questions:
        problems += [LintProblem(str(qs.path), q.id, f, p) for f, p in lint_case_question(q, case)]
        named = [loc.document for loc in _evidence_locations(q) if loc.document in words]
        text = "\n".join(words[name] for name in (dict.fromkeys(named) or words))
        problems += [LintProblem(str(qs.path), q.id, f, p, "warning") for f, p in _check_answers(q, text)]
    return problems


def _evidence_locations(q: Question) -> list[RequiredEvidence | EvidenceLocation]:
    """Where the question says its answer is: its required evidence and evidence locations."""
    located = [loc for loc in (q.evidence_location, *q.additional_evidence) if loc is not None]
    return [*q.required_evidence, *located]


def lint_question(
    qs: QuestionSet, q: Question, doc: Document | None, words: str | None = None
) -> list[LintProblem]:
    """``q``'s problems; ``words``: the document in canonical form (``_canonical_text``), made once per set."""
    out: list[tuple[str, str]] = []
    out += _check_dates(q)
    out += _check_breakdown(q)
    reported = {field for field, _ in out}
    # the scorer's pre-run check repeats some of lint's own checks (e.g. dates): report each field once
    out += [(f, p) for f, p in _check_scorer(q) if not any(p.startswith(r) for r in reported)]
    if doc is not None:
        out += _check_evidence(q, doc)
        out += _check_quotes(q, doc)
    problems = [LintProblem(str(qs.path), q.id, field, problem) for field, problem in out]
    if doc is not None:
        text = words if words is not None else _canonical_text(doc)
        warnings = _check_answers(q, text)
        problems += [
            LintProblem(str(qs.path), q.id, field, problem, "warning") for field, problem in warnings
        ]
    return problems


def _check_answers(q: Question, text: str) -> list[tuple[str, str]]:
    """Each accepted answer of ``text_answer`` / ``entity`` that occurs nowhere in the document
    (``text``: the document in canonical form; in a case file, the documents the question's evidence
    names, else all of them)."""
    out = []
    for name in ("text_answer", "entity"):
        value = getattr(q.expected, name)
        for i, answer in enumerate(accepted_answers(value)):
            form = canonical(answer)
            if form and form not in text:
                field = f"expected.{name}" + (f"[{i}]" if isinstance(value, tuple) else "")
                out.append(
                    (field, f"{answer!r} occurs nowhere in the document (an accepted wording of your own?)")
                )
    return out


def _canonical_text(doc: Document) -> str:
    return "\n".join(canonical(page.text) for page in doc.pages)


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
            out += _check_role(i, req, doc)
            continue
        out.append(
            (
                field,
                f"{req.must_include!r} does not occur on page {req.page}; {_where(req.must_include, doc)}",
            )
        )
    return out


def _where(text: str, doc: Document) -> str:
    """Where ``text`` really is: its pages, a page break it crosses, or nowhere."""
    elsewhere = doc.pages_containing(text)
    if elsewhere:
        return f"it is on page {', '.join(map(str, elsewhere))}"
    crossing = [p for p in doc.places(text) if p.crosses_pages]
    if crossing:
        return f"it crosses the page break: {crossing[0].describe()}; split it at the break"
    return "it is nowhere in the document"


def _check_role(i: int, req: RequiredEvidence, doc: Document) -> list[tuple[str, str]]:
    """``section`` / ``speaker`` on a transcript: the text must be in that part on its page."""
    transcript = doc.transcript
    if transcript is None or not (req.section in SECTIONS or req.speaker in SPEAKERS):
        return []
    out = []
    if req.section is not None and req.section not in SECTIONS:
        out.append(
            (f"required_evidence[{i}].section", f"{req.section!r} is not one of {', '.join(SECTIONS)}")
        )
    if req.speaker is not None and req.speaker not in SPEAKERS:
        out.append(
            (f"required_evidence[{i}].speaker", f"{req.speaker!r} is not one of {', '.join(SPEAKERS)}")
        )
    on_page = [p for p in doc.places(req.must_include) if p.pages == (req.page,)]
    if on_page and not any(place_allowed(p, transcript, req) for p in on_page):
        where = describe_role(transcript.role(on_page[0].start))
        out.append(
            (
                f"required_evidence[{i}].must_include",
                f"{req.must_include!r} is in {where} on page {req.page}, not in {wanted(req)}",
            )
        )
    return out


def _check_quotes(q: Question, doc: Document) -> list[tuple[str, str]]:
    out = []
    quotes = [("required_quote", q.required_quote)] if q.required_quote else []
    quotes += [(f"additional_quotes[{i}]", x) for i, x in enumerate(q.additional_quotes)]
    locations = [loc for loc in (q.evidence_location, *q.additional_evidence) if loc is not None]
    for loc_field, loc in _named_locations(q):
        out += _check_location(loc_field, loc, doc)
    for field, quote in quotes:
        places = doc.places(quote)
        if not places:
            out.append((field, f"{quote!r} does not occur in the document"))
            continue
        located = [loc for loc in locations if loc.page is not None]
        if located and not any(within(p, loc) for p in places for loc in located):
            spots = ", ".join(_describe_location(loc) for loc in located)
            out.append((field, f"{quote!r} is not within {spots}; it is at {places[0].describe()}"))
    return out


def within(place: Place, loc: EvidenceLocation) -> bool:
    """The occurrence lies in the location: on its page (a quote crossing a page break starts there)
    and, when it gives lines, within them (``LINE_TOLERANCE``)."""
    if loc.page not in place.pages:
        return False
    if loc.lines is None:
        return not place.crosses_pages or place.page == loc.page
    return loc.lines.start - LINE_TOLERANCE <= place.start and place.end <= loc.lines.end + LINE_TOLERANCE


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


def _describe_location(loc: EvidenceLocation) -> str:
    return f"page {loc.page}" + (f" lines {loc.lines}" if loc.lines else "")


# --- case files: each location checked in the document it names ----------------------------------
# As above, but in the document a location names; a text found elsewhere is placed in its document
# (``it is at xunwen-2 (第二次讯问笔录) page 1, line 10``), or nowhere in the case.

Problem = tuple[str, str]
SHOWN_PLACES = 3


def _case_places(case: Case, text: str) -> list[tuple[str, Place]]:
    """(document id, occurrence) of ``text`` in every document of the case, in the set's order."""
    return [(info.id, p) for info in case.infos for p in case.documents[info.id].places(text)]


def _case_elsewhere(case: Case, doc_id: str, places: list[tuple[str, Place]]) -> str:
    """Where a text is: ``it is at page 2, line 20`` in the same document, else naming the document."""
    if not places:
        return "it is nowhere in the case's documents"
    spots = [
        p.describe() if d == doc_id else f"{case.label(d)} {p.describe()}" for d, p in places[:SHOWN_PLACES]
    ]
    more = f" (and {len(places) - SHOWN_PLACES} more)" if len(places) > SHOWN_PLACES else ""
    return f"it is at {'; '.join(spots)}{more}"


def _case_evidence(q: Question, case: Case) -> list[Problem]:
    out: list[Problem] = []
    for i, req in enumerate(q.required_evidence):
        doc_id = req.document or case.single or ""
        doc = case.document(doc_id)
        if doc is None:
            continue  # an unknown document is refused when the set loads
        page = doc.page(req.page)
        if page is None:
            problem = f"{case.label(doc_id)} has no page {req.page} (it has {doc.page_count})"
            out.append((f"required_evidence[{i}].page", problem))
        elif match_view(req.must_include) in page.folded:
            out += _check_role(i, req, doc)
        else:
            where = _case_elsewhere(case, doc_id, _case_places(case, req.must_include))
            problem = (
                f"{req.must_include!r} does not occur on page {req.page} of {case.label(doc_id)}; {where}"
            )
            out.append((f"required_evidence[{i}].must_include", problem))
    return out


def _case_location(field: str, loc: EvidenceLocation, case: Case) -> tuple[Document | None, list[Problem]]:
    doc_id = loc.document or case.single or ""
    doc = case.document(doc_id)
    if doc is None:
        return None, []
    if loc.page is not None and doc.page(loc.page) is None:
        return None, [
            (f"{field}.page", f"{case.label(doc_id)} has no page {loc.page} (it has {doc.page_count})")
        ]
    if loc.lines is not None and not doc.lines_between(loc.lines.start, loc.lines.end, loc.page):
        return None, [(f"{field}.lines", f"{case.label(doc_id)} has no line {loc.lines} on page {loc.page}")]
    return doc, []


def _case_quotes(q: Question, case: Case) -> list[Problem]:
    out: list[Problem] = []
    spots: list[tuple[str, EvidenceLocation]] = []
    for field, loc in _named_locations(q):
        doc, problems = _case_location(field, loc, case)
        out += problems
        if doc is not None and loc.page is not None:
            spots.append((loc.document or case.single or "", loc))
    quotes = [("required_quote", q.required_quote)] if q.required_quote else []
    quotes += [(f"additional_quotes[{i}]", x) for i, x in enumerate(q.additional_quotes)]
    for field, quote in quotes:
        places = _case_places(case, quote)
        if not places:
            out.append((field, f"{quote!r} does not occur in any document of the case"))
        elif spots and not any(d == s and within(p, loc) for d, p in places for s, loc in spots):
            stated = ", ".join(f"{case.label(d)} {_describe_location(loc)}" for d, loc in spots)
            out.append((field, f"{quote!r} is not within {stated}; {_case_elsewhere(case, '', places)}"))
    return out


def lint_case_question(q: Question, case: Case) -> list[Problem]:
    """(field, problem) of every check that fails for ``q`` in a case file."""
    out = _check_dates(q) + _check_breakdown(q)
    reported = {field for field, _ in out}
    out += [(f, p) for f, p in _check_scorer(q) if not any(p.startswith(r) for r in reported)]
    return out + _case_evidence(q, case) + _case_quotes(q, case)
