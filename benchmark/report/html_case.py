"""The HTML drill-down of a case-file question: its documents' lines, each with what is required and
what each run cited there (``benchmark.report.html`` embeds the result as the question's view).

A question's documents are those holding its gold evidence, then those its answers cite. A citation's
document is the one it names (leniently: ``benchmark.documents.case``), else the one whose page holds
its quote. Lines are embedded once per document (``_DocTable``).
"""

from __future__ import annotations

from typing import Any, Protocol

from benchmark.documents.case import Case
from benchmark.models import EvidenceLocation, LineRange, Question
from benchmark.report.line_marks import marks

MAX_LINES_PER_CITATION = 12


class DocTable(Protocol):
    def add(self, doc: Any, numbers: list[int]) -> str: ...


def _citation_document(c: dict[str, Any], case: Case) -> str | None:
    name = c.get("doc") or c.get("document")
    if name:
        return case.resolve(str(name))
    if case.single is not None:
        return case.single
    quote = c.get("quote")
    places = case.where(quote) if isinstance(quote, str) and quote.strip() else []
    return places[0][0] if places else None


def cited_by_document(answer: dict[str, Any] | None, case: Case) -> dict[str, list[int]]:
    """The lines an answer cites, per document id (line ranges, else where the quotes are)."""
    out: dict[str, set[int]] = {}
    for c in (answer or {}).get("citations") or []:
        if not isinstance(c, dict):
            continue
        doc_id = _citation_document(c, case)
        doc = case.document(doc_id)
        if doc is None or doc_id is None:
            continue
        lines = LineRange.parse(c.get("lines"))
        page = c.get("page") if isinstance(c.get("page"), int) else None
        numbers = out.setdefault(doc_id, set())
        if lines is not None:
            numbers.update(range(lines.start, min(lines.end, lines.start + MAX_LINES_PER_CITATION - 1) + 1))
        elif isinstance(c.get("quote"), str) and c["quote"].strip():
            numbers.update(line.number for line in doc.locate(c["quote"], page)[:MAX_LINES_PER_CITATION])
    return {d: sorted(n) for d, n in out.items()}


def _texts(q: Question, case: Case) -> list[tuple[str, str | None, int | None]]:
    """(text, document id, page) of every required text; a quote's place is its location's, when given."""
    single = case.single
    out: list[tuple[str, str | None, int | None]] = [
        (e.must_include, e.document or single, e.page) for e in q.required_evidence
    ]
    locations: list[EvidenceLocation | None] = [q.evidence_location, *q.additional_evidence]
    for i, quote in enumerate([q.required_quote, *q.additional_quotes]):
        if not quote:
            continue
        loc = locations[i] if i < len(locations) else None
        if loc is not None and (loc.document or single):
            out.append((quote, loc.document or single, loc.page))
        else:
            out += [(quote, d, p) for d, p in case.where(quote)[:1]]
    return out


def required_by_document(q: Question, case: Case) -> dict[str, dict[str, Any]]:
    """Per document id: the lines holding required evidence, the spans to mark, the texts not found."""
    out: dict[str, dict[str, Any]] = {}
    for text, doc_id, page in _texts(q, case):
        doc = case.document(doc_id)
        if doc is None or doc_id is None:
            continue
        block = out.setdefault(doc_id, {"lines": set(), "marks": {}, "missing": []})
        hits = doc.locate(text, page)
        if not hits:
            block["missing"].append(text)
        block["lines"].update(line.number for line in hits)
        for number, spans in marks(hits, text, doc).items():
            block["marks"].setdefault(str(number), []).extend(spans)
    for loc in (q.evidence_location, *q.additional_evidence):
        doc_id = (loc.document or case.single) if loc is not None else None
        if loc is not None and loc.lines is not None and case.document(doc_id) is not None and doc_id:
            end = min(loc.lines.end, loc.lines.start + MAX_LINES_PER_CITATION)
            out.setdefault(doc_id, {"lines": set(), "marks": {}, "missing": []})["lines"].update(
                range(loc.lines.start, end + 1)
            )
    return out


def case_view(
    q: Question, case: Case, entries: list[dict[str, Any] | None], docs: DocTable
) -> dict[str, Any]:
    """What the page needs of a case-file question: its documents (for the filter) and, per document,
    its embedded lines with the required and the cited ones (``cld`` of each run's entry view)."""
    required = required_by_document(q, case)
    for e in entries:
        if e is not None:
            e["cld"] = cited_by_document(e.get("a"), case)
    cited = [d for e in entries if e is not None for d in e["cld"]]
    order = [i for i in case.ids if i in required] + [i for i in case.ids if i in cited and i not in required]
    blocks = []
    for doc_id in order:
        info = case.info(doc_id)
        block = required.get(doc_id, {"lines": set(), "marks": {}, "missing": []})
        numbers = sorted(block["lines"])
        cited_here = [n for e in entries if e is not None for n in e["cld"].get(doc_id, [])]
        key = docs.add(case.documents[doc_id], [*numbers, *cited_here])
        title = info.title if info is not None and info.title else doc_id
        blocks.append({"id": doc_id, "title": title, "doc": key, "req_lines": numbers,
                       "marks": block["marks"], "missing": block["missing"]})  # fmt: skip
    return {"documents": order, "case_docs": blocks}
