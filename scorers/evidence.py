"""Evidence items matched against a question's ``required_evidence`` (docs/contract.md §4, evidence_set).

An evidence item (or a citation's quote) *covers* a required item when

1. its text holds the ``must_include`` text, compared in the folded view
   (``benchmark.documents.model.match_view``: width, case, whitespace, punctuation and OCR noise
   folded away): verbatim, or, for a ``must_include`` of at least ``MIN_FUZZY_CHARS`` (6) folded
   characters, fuzzily with rapidfuzz ``partial_ratio`` >= ``FUZZY_THRESHOLD`` (88; an item shorter
   than the ``must_include`` is compared whole with ``ratio``);
2. every amount, date and other number of the ``must_include`` is stated, normalised, in the matched
   part of the item (``scorers.number_agreement``: amounts by ``find_amounts``, dates by
   ``find_dates``, and every other run of Arabic digits or Chinese numerals). A partial date
   (``8月3日``) needs the same month and day; a full one needs year, month and day. So ``2021年6月10日…1,200元`` never covers
   ``2021年7月10日…1,200元`` however similar the texts, and ``1,200元`` covers ``1200元``;
3. when both the item and the required item carry a page, the pages agree; in a case file, when the
   item names a document (id, title or file name), it is the required item's document.

``match_evidence`` matches every returned item (``answer.evidence`` plus the citations' quotes,
identical texts counted once) against every required item and computes recall and precision.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from decimal import Decimal
from itertools import accumulate
from typing import Any

from rapidfuzz import fuzz

from benchmark.documents.case import Case
from benchmark.documents.model import Document, match_view
from benchmark.models import Answer, Question, RequiredEvidence
from benchmark.text.amounts import find_amounts
from benchmark.text.folding import fold, fold_with_map
from benchmark.text.numerals import CN_NUMERAL_CHARS
from scorers.evidence_roles import RoleCheck, constrained
from scorers.folding import Fold
from scorers.fuzzy import partial_ratio_alignment
from scorers.gold import GoldText, evidence_texts
from scorers.number_agreement import (
    Stated,
    Wanted,
    missing_numbers,
    missing_wanted,
    required_numbers,
    stated_numbers,
)
from scorers.result import MATCH, MISMATCH, OMISSION

FUZZY_THRESHOLD = 88.0
MIN_FUZZY_CHARS = 6
MAX_FUZZY_TRIES = 4  # alignments tried when a fuzzy match fails the number check
WHOLE_ITEM_SLACK = 24  # items up to 2 x needle + this many folded chars are number-checked whole
IRRELEVANT = "irrelevant"

_KEPT = re.compile(r"[^\W_]+")  # what folding keeps: letters and digits
_NUMBERISH = frozenset("0123456789.,/-:：年月日号元万亿¥$" + CN_NUMERAL_CHARS)
_EXPAND = 12  # at most this many characters added on each side of a window to complete a cut number


# --- text matching ------------------------------------------------------------------------------


def _kept_runs(item: str) -> tuple[list[int], list[int], int]:
    """Where the item's runs of letters and digits start, in the folded text and in the item."""
    spans = [m.span() for m in _KEPT.finditer(item)]
    fstarts = list(accumulate((e - s for s, e in spans), initial=0))
    return fstarts[:-1], [s for s, _ in spans], fstarts[-1]


def _window(item: str, hay: str, start: int, end: int, needle_len: int) -> str:
    """The part of ``item`` that folded to ``hay[start:end]``, widened to whole numbers.

    A short item is its own window; so is one whose folding is not one character for one
    (OCR markup, ligatures), where positions cannot be mapped back.
    """
    if len(hay) <= 2 * needle_len + WHOLE_ITEM_SLACK or end <= start:
        return item
    fstarts, starts, total = _kept_runs(item)
    if total != len(hay):
        return item

    def at(k: int) -> int:
        i = bisect_right(fstarts, k) - 1
        return starts[i] + k - fstarts[i]

    lo, hi = at(start), at(end - 1) + 1
    floor, ceil = max(0, lo - _EXPAND), min(len(item), hi + _EXPAND)
    while lo > floor and (item[lo - 1] in _NUMBERISH or item[lo - 1].isdigit()):
        lo -= 1
    while hi < ceil and (item[hi] in _NUMBERISH or item[hi].isdigit()):
        hi += 1
    return item[lo:hi]


@dataclass(frozen=True, slots=True)
class TextMatch:
    method: str | None  # "exact" | "fuzzy" | None (not found, or found with other numbers)
    score: float  # similarity 0..100 of the passage found; 0 when none reaches the threshold
    missing: tuple[str, ...] = ()  # numbers absent from the best-matching passage


def _alignment(needle: str, hay: str, lo: int, hi: int, cutoff: float) -> tuple[float, int, int]:
    """Best alignment of ``needle`` in ``hay[lo:hi]`` scoring >= ``cutoff`` (else score 0)."""
    seg = hay[lo:hi]
    if len(seg) <= len(needle):
        return fuzz.ratio(needle, seg, score_cutoff=cutoff), lo, hi
    al = partial_ratio_alignment(needle, seg, cutoff)
    if al is None:
        return 0.0, lo, lo
    return al.score, lo + al.dest_start, lo + al.dest_end


def similarity(item: str, must_include: str, at_least: float = 0.0) -> float:
    """``partial_ratio`` of the folded texts, 0..100, for diagnostics (no threshold, no numbers);
    0 when it is below ``at_least``, which spares rapidfuzz the search where it cannot get there."""
    return _similarity(match_view(item), match_view(must_include), at_least)


def _similarity(hay: str, needle: str, at_least: float) -> float:
    if not needle or not hay:
        return 0.0
    if len(hay) <= len(needle):
        return fuzz.ratio(needle, hay, score_cutoff=at_least)
    return fuzz.partial_ratio(needle, hay, score_cutoff=at_least)


def _most_similar(items: list[ReturnedItem], needle: str) -> tuple[int, float]:
    """The first of the items most similar to the folded ``needle`` and its similarity: each item is
    searched only for a score reaching the best so far (a hair below it, so that rapidfuzz never
    drops an equal one: ties keep the first)."""
    pick, best = 0, -1.0
    for k, it in enumerate(items):
        score = _similarity(it.folded, needle, max(0.0, best - 1e-9))
        if score > best:
            pick, best = k, score
    return pick, best


def _lacking(item: str, gold: GoldText, hay: str, start: int, end: int) -> tuple[str, ...]:
    """The numbers of the ``must_include`` missing from the matched part of ``item``."""
    if not gold.numbers:
        return ()
    return missing_wanted(gold.numbers, _window(item, hay, start, end, len(gold.folded)))


def _fuzzy(item: str, gold: GoldText, hay: str, threshold: float) -> TextMatch:
    needle = gold.folded
    segments, best = [(0, len(hay))], 0.0
    missing: tuple[str, ...] = ()
    for _ in range(MAX_FUZZY_TRIES):
        if not segments:
            break
        lo, hi = segments.pop(0)
        score, start, end = _alignment(needle, hay, lo, hi, threshold)
        if score < threshold:
            continue
        best = max(best, score)
        lack = _lacking(item, gold, hay, start, end)
        if not lack:
            return TextMatch("fuzzy", score, ())
        missing = missing or lack
        segments += [(a, b) for a, b in ((lo, start), (end, hi)) if b - a >= len(needle) * 0.8]
    return TextMatch(None, best, missing)


def match_text(item: str, must_include: str, threshold: float = FUZZY_THRESHOLD) -> TextMatch:
    """How ``item`` holds ``must_include``: verbatim or fuzzily (folded), numbers included."""
    return _match_text(item, match_view(item), GoldText(must_include), threshold)


def _match_text(item: str, hay: str, gold: GoldText, threshold: float) -> TextMatch:
    """:func:`match_text` given the folded item (``hay``) and the ``must_include`` as a ``GoldText``."""
    needle = gold.folded
    if not needle or not hay:
        return TextMatch(None, 0.0)
    pos = hay.find(needle)
    missing: tuple[str, ...] = ()
    while pos >= 0:
        lack = _lacking(item, gold, hay, pos, pos + len(needle))
        if not lack:
            return TextMatch("exact", 100.0)
        missing = missing or lack
        pos = hay.find(needle, pos + 1)
    if len(needle) >= MIN_FUZZY_CHARS:
        found = _fuzzy(item, gold, hay, threshold)
        if found.method is not None or not missing:
            return found
    return TextMatch(None, 100.0 if missing else 0.0, missing)


@dataclass(frozen=True, slots=True)
class CoverResult:
    covered: bool
    method: str | None  # "exact" | "fuzzy" when the text is there (numbers included)
    score: float  # text similarity, 0..100
    page_ok: bool | None  # None: the item or the required item gives no page
    missing_numbers: tuple[str, ...] = ()
    reason: str = ""

    @property
    def near_miss(self) -> bool:
        """Not covered, but the text is there with another page, or with other numbers."""
        return not self.covered and (self.method is not None or bool(self.missing_numbers))


def covers(
    item_text: str, item_page: int | None, required: RequiredEvidence, *, threshold: float = FUZZY_THRESHOLD
) -> CoverResult:
    """Whether an evidence item (or a quote) covers ``required`` (see the module docstring)."""
    item = ReturnedItem(0, "evidence", item_text, item_page, match_view(item_text))
    return _covers(item, required, GoldText(required.must_include), threshold)


def _covers(
    item: ReturnedItem,
    required: RequiredEvidence,
    gold: GoldText,
    threshold: float,
    document_ok: tuple[bool, str] | None = None,
) -> CoverResult:
    """:func:`covers` of a returned item (folded once), ``gold`` the ``must_include`` (the question's);
    ``document_ok``: in a case file, whether the document the item names is the required item's, and why."""
    item_text, item_page = item.text, item.page
    page_ok = None if item_page is None or required.page is None else item_page == required.page
    m = _match_text(item_text, item.folded, gold, threshold)
    text_ok = m.method is not None
    if text_ok and document_ok is not None and not document_ok[0]:
        return CoverResult(False, m.method, m.score, page_ok, (), f"holds the text but {document_ok[1]}")
    if text_ok and page_ok is not False:
        how = "verbatim" if m.method == "exact" else f"fuzzily ({m.score:.0f})"
        return CoverResult(True, m.method, m.score, page_ok, (), f"holds the text {how}")
    if text_ok:
        reason = f"holds the text but gives page {item_page}, the evidence is on page {required.page}"
    elif m.missing:
        reason = f"similar text ({m.score:.0f}) without {', '.join(m.missing)}"
    else:
        reason = "text not found"
    return CoverResult(False, m.method, m.score, page_ok, m.missing, reason)


# --- one answer against one question -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReturnedItem:
    index: int
    source: str  # "evidence" | "citation"
    text: str
    page: int | None
    folded: str  # match_view(text)
    document: str | None = None  # the document it names (case files only)


def returned_items(answer: Answer, fold: Fold = match_view, named: bool = False) -> list[ReturnedItem]:
    """``answer.evidence`` then the citations' quotes; an identical (folded) text counts once,
    and a page-less copy of a text also given with a page is dropped. ``named`` (a case file): items
    keep the document they name, and the same text in two documents counts twice."""
    raw = [("evidence", e.text, e.page, e.doc if named else None) for e in answer.evidence]
    raw += [
        ("citation", c.quote, c.page, c.doc if named else None)
        for c in answer.citations
        if c.quote and c.quote.strip()
    ]
    views = [fold(text) for _, text, _, _ in raw]
    paged = {(view, doc) for (_, _, page, doc), view in zip(raw, views, strict=True) if page is not None}
    seen: set[tuple[str, int | None, str | None]] = set()
    out: list[ReturnedItem] = []
    for (source, text, page, doc), view in zip(raw, views, strict=True):
        key = (view, page, doc)
        if key in seen or (page is None and (view, doc) in paged):
            continue
        seen.add(key)
        out.append(ReturnedItem(len(out), source, text, page, view, doc))
    return out


@dataclass(frozen=True, slots=True)
class ItemMatch:
    item: ReturnedItem
    covers: tuple[int, ...]  # indexes of the required items it covers
    status: str  # "match" | "irrelevant"
    reason: str

    def to_dict(self) -> dict[str, Any]:
        i = self.item
        out = {"index": i.index, "source": i.source, "page": i.page, "text": i.text,
               "covers": list(self.covers), "status": self.status, "reason": self.reason}  # fmt: skip
        if i.document is not None:
            out["document"] = i.document
        return out


@dataclass(frozen=True, slots=True)
class RequiredMatch:
    index: int
    required: RequiredEvidence
    critical: bool  # counts towards recall
    covered_by: tuple[int, ...]  # indexes of the returned items that cover it
    status: str  # "match" | "mismatch" (near miss: wrong page or other numbers) | "omission"
    method: str | None
    score: float
    in_answer_text: bool  # the answer's own text holds it (diagnostic only)
    reason: str
    missing_numbers: tuple[str, ...] = ()  # of the closest near miss

    def to_dict(self) -> dict[str, Any]:
        r = self.required
        out = {"index": self.index, "page": r.page, "must_include": r.must_include,
               "critical": self.critical, "covered_by": list(self.covered_by), "status": self.status,
               "method": self.method, "score": round(self.score, 2),
               "in_answer_text": self.in_answer_text, "reason": self.reason,
               "missing_numbers": list(self.missing_numbers)}  # fmt: skip
        if r.document is not None:
            out["document"] = r.document
        return out


@dataclass(frozen=True, slots=True)
class EvidenceMatch:
    recall: float | None  # None: the question requires no evidence
    precision: float | None
    critical_total: int
    critical_covered: int
    returned: int
    relevant: int  # returned items that cover some required item
    items: tuple[ItemMatch, ...]
    required: tuple[RequiredMatch, ...]

    def to_dict(self) -> dict[str, Any]:
        rnd = lambda v: None if v is None else round(v, 6)  # noqa: E731
        return {"recall": rnd(self.recall), "precision": rnd(self.precision),
                "critical_total": self.critical_total, "critical_covered": self.critical_covered,
                "returned": self.returned, "relevant": self.relevant,
                "required": [r.to_dict() for r in self.required],
                "items": [i.to_dict() for i in self.items]}  # fmt: skip


def critical_flags(question: Question) -> list[bool]:
    """Items marked ``is_critical: true``; when none is marked, every item counts."""
    marked = [bool(r.is_critical) for r in question.required_evidence]
    return marked if any(marked) else [True] * len(marked)


def _closest(
    needle: str, results: list[CoverResult], items: list[ReturnedItem]
) -> tuple[str, float, int | None]:
    """Why no item covers ``req``: the first near miss, else the most similar item (and its index)."""
    near = [i for i, r in enumerate(results) if r.near_miss]
    if near:
        return f"closest is item {near[0]}: {results[near[0]].reason}", results[near[0]].score, near[0]
    if not items:
        return "no evidence item or quote was returned", 0.0, None
    pick, score = _most_similar(items, needle)
    return f"not found; the most similar item is {pick} (similarity {score:.0f})", score, None


def _required_match(
    index: int, req: RequiredEvidence, gold: GoldText, critical: bool, results: list[CoverResult],
    items: list[ReturnedItem], answer: ReturnedItem,
) -> RequiredMatch:  # fmt: skip
    by = tuple(i for i, r in enumerate(results) if r.covered)
    # the answer's own text gives no page: it holds the item when it holds the text, numbers included
    held = _match_text(answer.text, answer.folded, gold, FUZZY_THRESHOLD)
    in_text = bool(answer.text) and held.method is not None
    if by:
        best = results[by[0]]
        return RequiredMatch(index, req, critical, by, MATCH, best.method, best.score, in_text,
                             f"covered by item {by[0]}: {best.reason}")  # fmt: skip
    reason, score, near = _closest(gold.folded, results, items)
    if in_text:
        reason += "; the answer text holds it, but no evidence item or quote does"
    status, missing = (MISMATCH, results[near].missing_numbers) if near is not None else (OMISSION, ())
    return RequiredMatch(index, req, critical, (), status, None, score, in_text, reason, missing)


def _document_ok(item: ReturnedItem, req: RequiredEvidence, case: Case | None) -> tuple[bool, str] | None:
    """In a case file, whether the document an item names is where ``req`` is (None: it names none,
    or a name that is no document of the case, ``银行流水`` for a title the system put in its own
    words: its text alone then decides, as for an item that names none)."""
    if case is None or item.document is None:
        return None
    found = case.resolve(item.document)
    if found is None:
        return None
    wanted = req.document or case.single
    if found == wanted:
        return True, ""
    return False, f"names {case.label(found)}; the evidence is in {case.label(wanted)}"


def match_evidence(
    answer: Answer,
    question: Question,
    document: Document | None = None,
    fold: Fold = match_view,
    case: Case | None = None,
) -> EvidenceMatch:
    """Every returned item against every required item: recall, precision and the reasons. With a
    transcript ``document``, items must also come from the part each required item names
    (``scorers.evidence_roles``). ``fold``: the scorer's ``FoldOnce`` for this answer; ``case``: the
    set's documents, for items that name theirs (roles are then checked in each item's document)."""
    items = returned_items(answer, fold, named=case is not None)
    reqs = question.required_evidence
    golds = question.derived(evidence_texts)
    grid = [
        [_covers(it, req, gold, FUZZY_THRESHOLD, _document_ok(it, req, case)) for it in items]
        for req, gold in zip(reqs, golds, strict=True)
    ]
    _check_amounts(grid, items, reqs, document, case)
    if case is None:
        _apply_roles(grid, items, reqs, document)
    else:
        for doc_id in case.ids:
            rows = [k for k, req in enumerate(reqs) if (req.document or case.single) == doc_id]
            if rows:
                picked = tuple(reqs[k] for k in rows)
                _apply_roles([grid[k] for k in rows], items, picked, case.document(doc_id))
    flags = critical_flags(question)
    whole = ReturnedItem(-1, "answer", answer.answer, None, fold(answer.answer))
    required = tuple(
        _required_match(k, req, golds[k], flags[k], grid[k], items, whole) for k, req in enumerate(reqs)
    )
    item_matches = []
    for it in items:
        hit = tuple(k for k in range(len(reqs)) if grid[k][it.index].covered)
        reason = (
            f"covers required item {', '.join(map(str, hit))}" if hit else _irrelevant_reason(grid, it.index)
        )
        item_matches.append(ItemMatch(it, hit, MATCH if hit else IRRELEVANT, reason))
    relevant = sum(1 for m in item_matches if m.covers)
    total = sum(flags)
    covered = sum(1 for r in required if r.critical and r.status == MATCH)
    return EvidenceMatch(
        recall=covered / total if reqs else None,
        precision=(relevant / len(items) if items else 0.0) if reqs else None,
        critical_total=total,
        critical_covered=covered,
        returned=len(items),
        relevant=relevant,
        items=tuple(item_matches),
        required=required,
    )


def _folded_document(document: Document) -> tuple[str, list[int]]:
    """The document's text folded and the index of each folded character in the text
    (``fold_with_map``): a ``Document.derived`` builder."""
    return fold_with_map(document.text)


def _page_starts(document: Document) -> dict[int, int]:
    """Where each page starts in the document's text (``Document.derived``)."""
    starts, at = {}, 0
    for p in document.pages:
        starts[p.number] = at
        at += len(p.text) + 1  # the text joins the pages with a newline
    return starts


def _page_start(document: Document, page: int | None) -> int:
    return document.derived(_page_starts).get(page, 0) if page is not None else 0


def _finds(text: str, needle: str) -> list[int]:
    out, at = [], text.find(needle) if needle else -1
    while at >= 0:
        out.append(at)
        at = text.find(needle, at + 1)
    return out


def _check_amounts(
    grid: list[list[CoverResult]], items: list[ReturnedItem], reqs: tuple[RequiredEvidence, ...],
    document: Document | None, case: Case | None,
) -> None:  # fmt: skip
    """Turn a cover by an item whose sentence holding the required passage misquotes an amount next to
    it into a near miss, in place (``…应认定为300,000元`` where the judgment says ``…应认定为280,000元``).
    The amounts of that sentence after the passage must be the document's next amounts after it, in
    order, and those before it the document's nearest before it, at one place of the passage on the
    required page or after it. A passage that the item or the document does not hold verbatim
    (folded) is not checked."""
    for k, req in enumerate(reqs):
        doc = case.document(req.document or case.single) if case is not None else document
        passage = fold(req.must_include)
        if doc is None or not passage:
            continue
        for i, result in enumerate(grid[k]):
            if not result.covered:
                continue
            if items[i].folded in doc.folded:
                continue  # the item is the document's own text: nothing in it is misquoted
            said = _item_neighbours(items[i].text, req.must_include, passage)
            if said is None or not (said[0] or said[1]):
                continue
            places = _places(doc, req.page, req.must_include, passage)
            nearby = doc.derived(_DocumentNeighbours)
            if places and not any(_agree(said, nearby.at(lo, hi)) for lo, hi in places):
                shown = ", ".join(format(v.normalize(), "f") for v in (*said[0], *said[1]))
                why = f"states {shown} next to it, which the document does not: a misquote"
                grid[k][i] = replace(result, covered=False, reason=why)


_SENTENCE_BREAK = re.compile(r"[。！!？?；;]")  # not a line break: documents wrap their lines
_Neighbours = tuple[tuple[Decimal, ...], tuple[Decimal, ...]]


def _item_neighbours(text: str, raw: str, passage: str) -> _Neighbours | None:
    """``_neighbours`` of the passage at its first place in ``text``: as written (``raw``), else folded
    (``passage``); None when it is not there."""
    at = text.find(raw)
    if at >= 0:
        return _neighbours(text, at, at + len(raw))
    folded, index = fold_with_map(text)
    at = folded.find(passage)
    if at < 0:
        return None
    return _neighbours(text, index[at], index[at + len(passage) - 1] + 1)


def _neighbours(text: str, lo: int, hi: int) -> _Neighbours:
    """The amounts of the sentence of ``text`` that holds ``text[lo:hi]``: those before it, nearest
    first, and those after it, in order."""
    before = max((m.end() for m in _SENTENCE_BREAK.finditer(text, max(0, lo - 400), lo)), default=0)
    after = _SENTENCE_BREAK.search(text, hi)
    end = after.start() if after is not None else len(text)
    found = find_amounts(text[before:end])
    head = tuple(f.value for f in reversed(found) if before + f.end <= lo)
    tail = tuple(f.value for f in found if before + f.start >= hi)
    return head, tail


class _DocumentNeighbours:
    """``_neighbours`` of places in a document's text, each read on first need and held by the
    document (``Document.derived``): every answer that quotes a passage is compared with the same
    amounts around it."""

    def __init__(self, document: Document) -> None:
        self._text = document.text
        self._at: dict[tuple[int, int], _Neighbours] = {}

    def at(self, lo: int, hi: int) -> _Neighbours:
        found = self._at.get((lo, hi))
        if found is None:
            found = self._at[(lo, hi)] = _neighbours(self._text, lo, hi)
        return found


def _agree(said: _Neighbours, there: _Neighbours) -> bool:
    """The item's amounts next to the passage are the document's, nearest first (the document may
    say more)."""
    return all(there[side][: len(said[side])] == said[side] for side in (0, 1))


def _places(document: Document, page: int | None, raw: str, passage: str) -> list[tuple[int, int]]:
    """Where in the document's text the passage stands, on ``page`` or after it: as written (``raw``),
    else folded (``passage``; the document folded once, when a passage first needs it)."""
    first = _page_start(document, page)
    out = [(at, at + len(raw)) for at in _finds(document.text, raw) if at >= first]
    if out:
        return out
    folded, index = document.derived(_folded_document)
    at = folded.find(passage)
    while at >= 0:
        if index[at] >= first:
            out.append((index[at], index[at + len(passage) - 1] + 1))
        at = folded.find(passage, at + 1)
    return out


def _apply_roles(
    grid: list[list[CoverResult]], items: list[ReturnedItem], reqs: tuple[RequiredEvidence, ...],
    doc: Document | None,
) -> None:  # fmt: skip
    """Turn covers that break a section/speaker constraint into near misses, in place
    (``scorers.evidence_roles``)."""
    transcript = doc.transcript if doc is not None else None
    if doc is None or transcript is None:
        return
    check = RoleCheck(doc, transcript)
    for k, req in enumerate(reqs):
        if not constrained(req):
            continue
        for i, result in enumerate(grid[k]):
            if result.covered and (why := check.verdict(items[i].text, req)) is not None:
                grid[k][i] = replace(result, covered=False, reason=why)


def _irrelevant_reason(grid: list[list[CoverResult]], index: int) -> str:
    near = [(k, row[index]) for k, row in enumerate(grid) if row[index].near_miss]
    if near:
        k, r = near[0]
        return f"covers no required item; near required item {k}: {r.reason}"
    return "covers no required item"


__all__ = [
    "FUZZY_THRESHOLD",
    "MIN_FUZZY_CHARS",
    "CoverResult",
    "EvidenceMatch",
    "ItemMatch",
    "RequiredMatch",
    "ReturnedItem",
    "Stated",
    "Wanted",
    "covers",
    "critical_flags",
    "match_evidence",
    "match_text",
    "missing_numbers",
    "required_numbers",
    "returned_items",
    "similarity",
    "stated_numbers",
]
