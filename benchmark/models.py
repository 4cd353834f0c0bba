"""The typed model every stage shares: questions (both dialects end up here) and answers.

Loading and validation live in ``benchmark.questions``; this module only describes data.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from benchmark.documents.case import DocumentInfo  # a set names its documents by it (re-exported)

QUESTION_TYPES = ("fact_exact", "evidence_set", "conflict_gap")

PENALTY_WORDS = {"high": 1.0, "medium": 0.6, "low": 0.3}

T = TypeVar("T")


@dataclass(frozen=True)
class LineRange:
    """An inclusive, 1-based range of document lines (``"105-107"`` or ``"105"``)."""

    start: int
    end: int

    @classmethod
    def parse(cls, value: object) -> LineRange | None:
        """Read ``"40-42"``, ``"40"``, ``40``, ``[40, 42]`` or ``"40~42"``; ``None`` when absent or unreadable."""
        if value is None or isinstance(value, bool):
            return None
        if isinstance(value, int):
            return cls(value, value) if value > 0 else None
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, int) for v in value):
            lo, hi = min(value), max(value)
            return cls(lo, hi) if lo > 0 else None
        if isinstance(value, str):
            lo_text, dash, hi_text = value.partition("-")  # the usual "40-42" / "40" first
            if lo_text.isdecimal() and (hi_text.isdecimal() or not dash):
                lo, hi = int(lo_text), int(hi_text or lo_text)
                return cls(min(lo, hi), max(lo, hi)) if min(lo, hi) > 0 else None
            text = value.strip().replace("–", "-").replace("~", "-").replace("—", "-")
            parts = [p.strip() for p in text.split("-", 1)]
            if all(p.isdecimal() for p in parts) and parts[0]:  # isdigit() also takes "²", int() does not
                lo, hi = int(parts[0]), int(parts[-1])
                return cls(min(lo, hi), max(lo, hi)) if min(lo, hi) > 0 else None
        return None

    def __str__(self) -> str:
        return str(self.start) if self.start == self.end else f"{self.start}-{self.end}"


@dataclass(frozen=True)
class RequiredEvidence:
    page: int
    must_include: str
    section: str | None = None
    speaker: str | None = None
    is_critical: bool | None = None
    document: str | None = None  # the id of the set's document that holds it (sets over several documents)
    lines: LineRange | None = None


@dataclass(frozen=True)
class EvidenceLocation:
    page: int | None
    lines: LineRange | None = None
    document: str | None = None  # the id of the set's document (sets over several documents)
    text: str | None = None  # the location's own ``must_include`` or ``quote``, when it gives one


@dataclass(frozen=True)
class AmountPart:
    amount: float
    description: str | None = None


@dataclass(frozen=True)
class DateRange:
    start: str
    end: str


@dataclass(frozen=True)
class Expected:
    """Gold values. Every field is optional; a scorer checks only those present."""

    amount_total: float | None = None
    amount_breakdown: tuple[AmountPart, ...] = ()
    date: str | None = None
    date_range: DateRange | None = None
    count: int | None = None
    text_answer: str | tuple[str, ...] | None = None  # a tuple: accepted answers, any one matches
    boolean_answer: bool | None = None
    entity: str | tuple[str, ...] | None = None
    evidence_count_min: int | None = None
    key_points: tuple[str, ...] = ()
    should_abstain: bool | None = None
    conflict_detected: bool | None = None

    def fact_fields(self) -> list[str]:
        """Names of the fact_exact fields this question checks, in a fixed order."""
        names = ["amount_total", "amount_breakdown", "date", "date_range", "count"]
        names += ["boolean_answer", "entity", "text_answer"]
        return [n for n in names if getattr(self, n) not in (None, ())]


def accepted_answers(value: object) -> tuple[str, ...]:
    """The accepted answers of ``text_answer`` / ``entity``: a string, or a list of them (any one matches)."""
    items = [value] if isinstance(value, str) else list(value) if isinstance(value, (list, tuple)) else []
    return tuple(s for s in (str(x).strip() for x in items) if s)


@dataclass(frozen=True)
class Metadata:
    difficulty: str | None = None
    category: str | None = None
    tags: tuple[str, ...] = ()
    notes: str | None = None


@dataclass(frozen=True)
class Question:
    """One question of any type, both dialects and both conflict_gap placements folded in."""

    id: str
    type: str
    question: str
    expected: Expected = field(default_factory=Expected)
    required_evidence: tuple[RequiredEvidence, ...] = ()
    scoring: dict[str, Any] = field(default_factory=dict)
    metadata: Metadata = field(default_factory=Metadata)
    # conflict_gap fields (top level in the wild, or under ``expected``)
    should_abstain: bool | None = None
    hallucination_penalty: float | None = None
    required_quote: str | None = None
    additional_quotes: tuple[str, ...] = ()
    evidence_location: EvidenceLocation | None = None
    additional_evidence: tuple[EvidenceLocation, ...] = ()
    expected_behavior: str | None = None
    # where it came from, for messages and reports
    set_path: str = ""
    index: int = 0
    raw: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    _derived: dict[Hashable, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def derived(self, build: Callable[..., T], *args: Hashable) -> T:
        """``build(self, *args)``, made on first need and held by the question, as ``Document.derived``
        is by a document: what scorers read from the question again for every answer to it (its gold
        locations, its citation targets, its fields' comparators). ``build`` must be a pure function of
        the question and ``args``."""
        key = (build, *args)
        if key not in self._derived:
            self._derived[key] = build(self, *args)
        made: T = self._derived[key]
        return made

    def forget_derived(self) -> None:
        """Drop what ``derived`` holds: a run calls it once the question's last answer is scored, so
        a run holds the derived data of the questions being scored, not of every question it asked
        (it is made again, the same, if the question is scored once more)."""
        self._derived.clear()

    @property
    def json_path(self) -> str:
        return f"$.questions[{self.index}]"

    @property
    def tags(self) -> tuple[str, ...]:
        return self.metadata.tags

    @property
    def citation_required(self) -> bool:
        return bool(self.scoring.get("citation_required", True))


@dataclass(frozen=True)
class Gate:
    """A set-level gate (``passing_score``): a rate over the set's resolved questions and its bound.

    ``kind`` is ``"min"`` (the rate must reach ``threshold``) or ``"max"`` (it must not exceed it)."""

    name: str
    threshold: float
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return {"threshold": self.threshold, "kind": self.kind}


@dataclass(frozen=True)
class SystemInstructions:
    """The set's ``system_instructions``: passed to the system under test with every question."""

    required_behavior: str | None = None
    rules: tuple[str, ...] = ()
    forbidden_behavior: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "required_behavior": self.required_behavior,
            "rules": list(self.rules),
            "forbidden_behavior": list(self.forbidden_behavior),
        }


@dataclass
class Criteria:
    """Weights per type and component, pass threshold, scorer options and set gates from the set's criteria."""

    pass_threshold: float = 0.7
    weights: dict[str, dict[str, float]] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    gates: tuple[Gate, ...] = ()

    def weights_for(self, qtype: str, defaults: dict[str, float]) -> dict[str, float]:
        merged = dict(defaults)
        merged.update(self.weights.get(qtype, {}))
        return merged


@dataclass
class QuestionSet:
    path: Path
    dialect: str  # "seed" | "upstream"
    name: str
    description: str
    document_ref: str | None
    document_path: Path | None
    questions: list[Question]
    criteria: Criteria
    sha256: str
    raw: dict[str, Any] = field(default_factory=dict, repr=False)
    system_instructions: SystemInstructions | None = None
    warnings: tuple[str, ...] = ()  # unknown keys and criteria the loader ignored, one line each
    # a case file: the set's named documents (``documents`` / a ``document_info`` list); empty for a
    # set over one document given by ``document`` / ``document_info.source_path``
    documents: tuple[DocumentInfo, ...] = ()

    @property
    def is_case(self) -> bool:
        return bool(self.documents)


# --- answers ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Citation:
    page: int | None = None
    lines: LineRange | None = None
    quote: str | None = None
    doc: str | None = None
    qa: int | None = None  # a transcript's question-answer pair (1-based), resolved to its lines

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"page": self.page}
        if self.lines is not None:
            out["lines"] = str(self.lines)
        if self.quote is not None:
            out["quote"] = self.quote
        if self.doc is not None:
            out["doc"] = self.doc
        if self.qa is not None:
            out["qa"] = self.qa
        return out


@dataclass(frozen=True)
class EvidenceItem:
    text: str
    page: int | None = None
    doc: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "page": self.page}
        if self.doc is not None:
            out["doc"] = self.doc
        return out


@dataclass(frozen=True)
class Context:
    """A passage the system retrieved (``contexts``, best first): where it is and/or its text."""

    text: str | None = None
    page: int | None = None
    lines: LineRange | None = None
    document: str | None = None
    score: float | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"page": self.page}
        for key, value in (("document", self.document), ("lines", self.lines), ("text", self.text)):
            if value is not None:
                out[key] = value if key != "lines" else str(value)
        if self.score is not None:
            out["score"] = self.score
        return out


@dataclass(frozen=True)
class Answer:
    """What an adapter returned, normalised (see docs/contract.md §3). Only ``answer`` is required."""

    answer: str
    citations: tuple[Citation, ...] = ()
    evidence: tuple[EvidenceItem, ...] = ()
    abstained: bool | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    contexts: tuple[Context, ...] = ()  # retrieved passages, best first (retrieval is measured on them)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "answer": self.answer,
            "citations": [c.to_dict() for c in self.citations],
            "evidence": [e.to_dict() for e in self.evidence],
            "abstained": self.abstained,
            "fields": self.fields,
        }
        if self.contexts:  # only when given: answers without contexts keep their old shape
            out["contexts"] = [c.to_dict() for c in self.contexts]
        return out
