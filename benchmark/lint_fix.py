"""``lint --fix``: move page and line references to where the text really is, in a corrected copy.

A reference is moved only when its text occurs at exactly one place that fits it:

- ``required_evidence[i]``: its ``must_include`` must lie on one page (a place crossing a page break
  does not fit; it is reported as crossing). On a transcript, a ``section`` / ``speaker`` narrows the
  candidates to that part first. ``page`` moves, and ``lines`` when the item has them.
- ``evidence_location`` (for ``required_quote``) and ``additional_evidence[k]`` (for
  ``additional_quotes[k]``): ``page`` and ``lines`` move to the quote's place, which may cross a page
  break (the page is then the one it starts on, the lines run over the break).

A text found nowhere, or at several places, is left alone and reported. The copy keeps every other
byte of meaning (keys, order, values); it is written as indented JSON.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmark.documents import Document
from benchmark.documents.places import Place
from benchmark.errors import QuestionSetError
from benchmark.lint import within
from benchmark.models import EvidenceLocation, LineRange, QuestionSet, RequiredEvidence
from scorers.evidence_roles import constrained, place_allowed


@dataclass(frozen=True)
class Change:
    question_id: str
    field: str  # e.g. "required_evidence[0]"
    old: dict[str, Any]
    new: dict[str, Any]
    why: str

    def __str__(self) -> str:
        def show(d: dict[str, Any]) -> str:
            return ", ".join(f"{k} {v}" for k, v in d.items())

        return f"{self.question_id}: {self.field}: {show(self.old)} -> {show(self.new)} ({self.why})"


@dataclass(frozen=True)
class Unfixed:
    question_id: str
    field: str
    problem: str

    def __str__(self) -> str:
        return f"{self.question_id}: {self.field}: not moved: {self.problem}"


@dataclass
class FixResult:
    obj: dict[str, Any]  # the corrected set
    changes: list[Change]
    unfixed: list[Unfixed]


def _lines_text(place: Place) -> str:
    return str(place.start) if place.start == place.end else f"{place.start}-{place.end}"


def _fits_lines(place: Place, lines: LineRange | None) -> bool:
    return lines is None or (lines.start <= place.start and place.end <= lines.end)


def _several(text: str, places: list[Place]) -> str:
    spots = "; ".join(p.describe() for p in places[:4])
    return f"{text!r} occurs at {len(places)} places ({spots}); choose one by hand"


def _fix_required(
    doc: Document, req: RequiredEvidence, raw: dict[str, Any]
) -> tuple[dict[str, Any], str] | str | None:
    """The new page/lines of one required item, the reason; a problem string; None when it is right."""
    lines = LineRange.parse(raw.get("lines"))
    places = doc.places(req.must_include)
    if any(p.pages == (req.page,) and _fits_lines(p, lines) for p in places):
        return None
    whole = [p for p in places if not p.crosses_pages]
    if doc.transcript is not None and constrained(req):
        whole = [p for p in whole if place_allowed(p, doc.transcript, req)] or whole
    if len(whole) == 1:
        new: dict[str, Any] = {"page": whole[0].page}
        if "lines" in raw:
            new["lines"] = _lines_text(whole[0])
        return new, f"the text is at {whole[0].describe()}"
    if len(whole) > 1:
        return _several(req.must_include, whole)
    crossing = [p for p in places if p.crosses_pages]
    if crossing:
        return (
            f"{req.must_include!r} crosses the page break ({crossing[0].describe()}); split it at the break"
        )
    return f"{req.must_include!r} is nowhere in the document"


def _fix_location(
    doc: Document, quote: str, loc: EvidenceLocation, raw: dict[str, Any]
) -> tuple[dict[str, Any], str] | str | None:
    places = doc.places(quote)
    if any(within(p, loc) for p in places):
        return None
    if len(places) == 1:
        new: dict[str, Any] = {"page": places[0].page}
        if "lines" in raw or loc.lines is not None or places[0].crosses_pages:
            new["lines"] = _lines_text(places[0])
        return new, f"the quote is at {places[0].describe()}"
    if places:
        return _several(quote, places)
    return f"{quote!r} is nowhere in the document"


def _holder(raw_q: dict[str, Any], key: str) -> dict[str, Any]:
    """The object that holds a conflict_gap key: the question, or its ``expected`` (both occur)."""
    if key in raw_q:
        return raw_q
    expected = raw_q.get("expected")
    return expected if isinstance(expected, dict) else raw_q


def _locations(q_raw: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(field, quote, raw location) pairs: required_quote -> evidence_location, additional_quotes[k] ->
    additional_evidence[k]."""
    quotes = _holder(q_raw, "required_quote")
    loc = _holder(q_raw, "evidence_location").get("evidence_location")
    if isinstance(quotes.get("required_quote"), str) and isinstance(loc, dict):
        yield "evidence_location", quotes["required_quote"], loc
    extra = _holder(q_raw, "additional_quotes").get("additional_quotes") or []
    locs = _holder(q_raw, "additional_evidence").get("additional_evidence") or []
    for k, (quote, raw) in enumerate(zip(extra, locs, strict=False)):
        if isinstance(quote, str) and isinstance(raw, dict):
            yield f"additional_evidence[{k}]", quote, raw


def fix_set(qs: QuestionSet, doc: Document) -> FixResult:
    """The corrected set (a copy of ``qs.raw``), the changes made and what could not be fixed."""
    obj = copy.deepcopy(qs.raw)
    result = FixResult(obj, [], [])
    for q, q_raw in zip(qs.questions, obj["questions"], strict=True):
        for i, (req, raw) in enumerate(
            zip(q.required_evidence, q_raw.get("required_evidence") or [], strict=False)
        ):
            _record(result, q.id, f"required_evidence[{i}]", raw, _fix_required(doc, req, raw))
        for field, quote, raw in _locations(q_raw):
            loc = EvidenceLocation(raw.get("page"), LineRange.parse(raw.get("lines")))
            _record(result, q.id, field, raw, _fix_location(doc, quote, loc, raw))
    return result


def _record(
    result: FixResult,
    qid: str,
    field: str,
    raw: dict[str, Any],
    outcome: tuple[dict[str, Any], str] | str | None,
) -> None:
    if outcome is None:
        return
    if isinstance(outcome, str):
        result.unfixed.append(Unfixed(qid, field, outcome))
        return
    new, why = outcome
    old = {k: raw.get(k) for k in new}
    raw.update(new)
    result.changes.append(Change(qid, field, old, new, why))


def fixed_path(path: Path) -> Path:
    """Where ``lint --fix`` writes the corrected copy: beside the set, so its document path still resolves."""
    return path.with_name(f"{path.stem}.fixed{path.suffix}")


_INDENT = re.compile(r"\n( +|\t)\S")


def write_fixed(qs: QuestionSet, obj: dict[str, Any], target: Path) -> None:
    """Write ``obj`` as JSON with the set file's own indentation (2 spaces when it has none)."""
    try:
        original = qs.path.read_text(encoding="utf-8-sig")
    except OSError:
        original = ""
    m = _INDENT.search(original)
    indent: int | str = 2 if m is None else (m.group(1) if m.group(1) == "\t" else len(m.group(1)))
    try:
        target.write_text(json.dumps(obj, ensure_ascii=False, indent=indent) + "\n", encoding="utf-8")
    except OSError as exc:
        raise QuestionSetError(
            f"cannot write the corrected copy ({exc.strerror or exc})", path=target
        ) from None
