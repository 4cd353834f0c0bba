"""``lint`` for a case file: each evidence location checked in the document it names.

As for a set over one document (``benchmark.lint``), every ``must_include`` must occur on its page (in
the transcript part its ``section``/``speaker`` name) and every quote within its stated location, but
in the document the location names; when a text is elsewhere the problem says where: on another page
of the same document, or in which other document (``it is at xunwen-2 (第二次讯问笔录) page 1, line
10``), or nowhere in the case.
"""

from __future__ import annotations

from benchmark.documents.case import Case
from benchmark.documents.model import Document, match_view
from benchmark.documents.places import Place
from benchmark.lint import (
    _check_breakdown,
    _check_dates,
    _check_role,
    _check_scorer,
    _describe_location,
    _named_locations,
    within,
)
from benchmark.models import EvidenceLocation, Question

Problem = tuple[str, str]
SHOWN_PLACES = 3


def _places(case: Case, text: str) -> list[tuple[str, Place]]:
    """(document id, occurrence) of ``text`` in every document of the case, in the set's order."""
    return [(info.id, p) for info in case.infos for p in case.documents[info.id].places(text)]


def _elsewhere(case: Case, doc_id: str, places: list[tuple[str, Place]]) -> str:
    """Where a text is: ``it is at page 2, line 20`` in the same document, else naming the document."""
    if not places:
        return "it is nowhere in the case's documents"
    spots = [
        p.describe() if d == doc_id else f"{case.label(d)} {p.describe()}" for d, p in places[:SHOWN_PLACES]
    ]
    more = f" (and {len(places) - SHOWN_PLACES} more)" if len(places) > SHOWN_PLACES else ""
    return f"it is at {'; '.join(spots)}{more}"


def _evidence(q: Question, case: Case) -> list[Problem]:
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
            where = _elsewhere(case, doc_id, _places(case, req.must_include))
            problem = (
                f"{req.must_include!r} does not occur on page {req.page} of {case.label(doc_id)}; {where}"
            )
            out.append((f"required_evidence[{i}].must_include", problem))
    return out


def _location(field: str, loc: EvidenceLocation, case: Case) -> tuple[Document | None, list[Problem]]:
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


def _quotes(q: Question, case: Case) -> list[Problem]:
    out: list[Problem] = []
    spots: list[tuple[str, EvidenceLocation]] = []
    for field, loc in _named_locations(q):
        doc, problems = _location(field, loc, case)
        out += problems
        if doc is not None and loc.page is not None:
            spots.append((loc.document or case.single or "", loc))
    quotes = [("required_quote", q.required_quote)] if q.required_quote else []
    quotes += [(f"additional_quotes[{i}]", x) for i, x in enumerate(q.additional_quotes)]
    for field, quote in quotes:
        places = _places(case, quote)
        if not places:
            out.append((field, f"{quote!r} does not occur in any document of the case"))
        elif spots and not any(d == s and within(p, loc) for d, p in places for s, loc in spots):
            stated = ", ".join(f"{case.label(d)} {_describe_location(loc)}" for d, loc in spots)
            out.append((field, f"{quote!r} is not within {stated}; {_elsewhere(case, '', places)}"))
    return out


def lint_case_question(q: Question, case: Case) -> list[Problem]:
    """(field, problem) of every check that fails for ``q`` in a case file."""
    out = _check_dates(q) + _check_breakdown(q)
    reported = {field for field, _ in out}
    out += [(f, p) for f, p in _check_scorer(q) if not any(p.startswith(r) for r in reported)]
    return out + _evidence(q, case) + _quotes(q, case)
