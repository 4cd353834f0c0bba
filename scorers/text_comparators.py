"""The comparators of free text: ``text`` (``text_answer``), ``entity`` and ``exact`` (any field).

``text`` and ``entity`` match when the answer names one of the accepted answers
(``scorers.text_match``: role and qualifier words do not decide, the core of the reference or a text
holding it matches, else a token-overlap rule in which every number agrees); an entity named in a
list of names without saying which one answers does not. ``exact`` wants the whole value (the
``fields`` entry when given, else the whole answer text, folded) to equal the expected one, or one of
the accepted answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from benchmark.models import AmountPart, DateRange, Question, accepted_answers
from benchmark.text import fold
from benchmark.text.wording import canonical
from scorers.comparators import CompareContext, result
from scorers.extract import AnswerValues
from scorers.result import MATCH, MISMATCH, OMISSION, Component
from scorers.text_forms import Reference, reference
from scorers.text_match import match_references

__all__ = ["compare_entity", "compare_exact", "compare_text"]


def _shown(refs: tuple[str, ...], expected: Any) -> Any:
    """The expected value as the report shows it: the string, or the list of accepted answers."""
    return list(refs) if isinstance(expected, (list, tuple)) else expected


@dataclass(frozen=True)
class Wording:
    """An expected text as the comparators read it: its accepted answers as references, and the
    question's ``must_include`` texts in canonical form (they tell a rate's period)."""

    refs: tuple[Reference, ...]
    evidence: tuple[str, ...]


def read_wording(expected: Any, span: bool, question: Question | None) -> Wording:
    evidence = question.required_evidence if question is not None else ()
    refs = tuple(reference(r, span) for r in accepted_answers(expected))
    return Wording(refs, tuple(canonical(r.must_include) for r in evidence))


def wording(question: Question, field: str, span: bool) -> Wording:
    """``read_wording`` of the question's ``field``, made once per question (``Question.derived``)."""
    return read_wording(getattr(question.expected, field), span, question)


def _read(expected: Any, values: AnswerValues, ctx: CompareContext) -> Wording:
    """The question's ``Wording`` when ``expected`` is its value of the field (as ``compare_with``
    passes it), else one read for this call."""
    question, span = values.question, values.asked.span
    if (
        question is not None
        and question is ctx.question
        and getattr(question.expected, ctx.field, None) is expected
    ):
        return question.derived(wording, ctx.field, span)
    return read_wording(expected, span, question)


def _wording(kind: str, expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    refs = accepted_answers(expected)
    if not refs:
        return result(ctx, MISMATCH, expected, None, "expected value is not a non-empty string")
    shown = _shown(refs, expected)
    views = values.text_views(kind)
    source = values.sources.get(kind, "answer")
    if not any(fold(v.text) for v in views):
        said = source == "answer" and fold(values.text)
        reason = "answer asserts nothing outside what it quotes or asks" if said else f"{source} is empty"
        return result(ctx, OMISSION, shown, None, reason)
    read = _read(expected, values, ctx)
    verdict = match_references(read.refs, views, values.question_text, kind == "entity", read.evidence)
    found = verdict.reference if verdict.status == MATCH else None
    reason = verdict.reason if source == "answer" else verdict.reason.replace("answer", source, 1)
    return result(ctx, verdict.status, shown, found, reason)


def compare_text(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """The answer (or ``fields.text``) states one of the accepted answers (``scorers.text_match``)."""
    return _wording("text", expected, values, ctx)


def compare_entity(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """The answer (or ``fields.entity``) names one of the accepted answers, not in a list of others."""
    return _wording("entity", expected, values, ctx)


def _plain(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, AmountPart):
        return _plain(value.amount)
    if isinstance(value, DateRange):
        return f"{value.start}至{value.end}"
    if isinstance(value, (list, tuple)):
        return "、".join(str(_plain(v)) for v in value)
    return value


def _same(got: Any, want: Any) -> bool:
    same = got == want if not isinstance(want, str) else fold(str(got)) == fold(want)
    return same and isinstance(got, bool) == isinstance(want, bool)


def compare_exact(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """The whole value equals the expected one (for ``text_answer``/``entity``, one of the accepted
    answers): the matching ``fields`` entry when the adapter gives it (booleans and numbers by
    value), else the whole answer text, both folded."""
    key = {"amount_total": "amount", "boolean_answer": "boolean", "text_answer": "text"}.get(
        ctx.field, ctx.field
    )
    several = ctx.field in ("text_answer", "entity") and isinstance(expected, (list, tuple))
    wants = list(accepted_answers(expected)) if several else [_plain(expected)]
    want = wants if several else wants[0]
    fields = values.answer.fields or {}
    if key in fields and fields[key] is not None:
        got = _plain(fields[key])
        same = any(_same(got, w) for w in wants)
        return result(
            ctx, MATCH if same else MISMATCH, want, got, f"fields.{key} {'equals' if same else 'differs'}"
        )
    text = values.text.strip()
    if not text:
        return result(ctx, OMISSION, want, None, "empty answer")
    same = any(fold(text) == fold(str(w).lower() if isinstance(w, bool) else str(w)) for w in wants)
    return result(
        ctx,
        MATCH if same else MISMATCH,
        want,
        text,
        f"whole answer {'equals' if same else 'differs'} (folded)",
    )
