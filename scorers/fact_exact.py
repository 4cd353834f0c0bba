"""The fact_exact scorer: ``exact_match`` 0.7 + ``citation`` 0.3 (docs/contract.md §4).

``exact_match`` is 1 when every expected fact field matches (each by its comparator, see
``scorers.comparators``), else 0; a pasted excerpt of the document (``scorers.asserted``) matches
nothing; each field's verdict is in ``details["fields"]``. ``citation`` comes
from ``scorers.citation`` and is dropped (weights renormalised) when ``scoring.citation_required`` is
false. Weights: the built-in defaults, then the set's criteria for ``fact_exact``, then the question's
``scoring.weights``; the pass threshold is ``scoring.pass_threshold`` or the set's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date as _date
from typing import Any

from benchmark.errors import UnknownNameError
from benchmark.models import Answer, Question
from benchmark.text.found import doubts_itself
from scorers.case_citation import question_citations
from scorers.citation import citation_component
from scorers.comparators import (
    DEFAULT_COMPARATORS,
    FIELD_KIND,
    comparator_name,
    compare_with,
    get_comparator,
)
from scorers.extract import AnswerValues
from scorers.judgeable import PASSING, judge_fields, mark_exact_match
from scorers.registry import ScorerSpec, ScoringContext
from scorers.result import MATCH, MISMATCH, OMISSION, Component, ScoreResult, combine, round6
from scorers.verdicts import Judgement

DEFAULT_WEIGHTS = {"exact_match": 0.7, "citation": 0.3}


@dataclass(frozen=True)
class _Plan:
    """What scoring reads from a question besides the answer: its fields with their comparators' names,
    and the kinds of values they read (for ``details["values"]``)."""

    fields: tuple[tuple[str, str], ...]  # (field, comparator name)
    kinds: tuple[str, ...]


def _plan(question: Question) -> _Plan:
    names = question.expected.fact_fields()
    return _Plan(
        tuple((n, comparator_name(n, question)) for n in names),
        tuple(dict.fromkeys(FIELD_KIND[n] for n in names)),
    )


def _field_dict(comp: Component, comparator: str) -> dict[str, Any]:
    out = {
        "comparator": comparator,
        "status": comp.status,
        "score": None if comp.score is None else round6(comp.score),
        "expected": comp.expected,
        "extracted": comp.extracted,
        "reason": comp.reason,
    }
    if comp.judge is not None:
        out["judge"] = comp.judge
    return out


def _exact_match(fields: list[Component]) -> Component:
    if not fields:
        return Component("exact_match", 0.0, status=OMISSION, reason="the question expects no fact field")
    failed: list[Component] = []
    expected: dict[str, Any] = {}
    extracted: dict[str, Any] = {}
    for f in fields:
        expected[f.name] = f.expected
        extracted[f.name] = f.extracted
        if f.status not in PASSING:  # a field a judge overturned passes (scorers.judgeable)
            failed.append(f)
    if not failed:
        return Component(
            "exact_match",
            1.0,
            status=MATCH,
            expected=expected,
            extracted=extracted,
            reason="every expected field matches",
        )
    status = OMISSION if all(f.status == OMISSION for f in failed) else MISMATCH
    reason = "; ".join(f"{f.name}: {f.status}: {f.reason}" for f in failed)
    return Component("exact_match", 0.0, status=status, expected=expected, extracted=extracted, reason=reason)


_EXCERPT = "the answer is a pasted excerpt of the document with no conclusion of its own: it asserts nothing"


def _as_excerpt(comp: Component) -> Component:
    """A pasted excerpt asserts nothing (docs/contract.md §4): the field is a mismatch whatever it holds."""
    comp.score, comp.status, comp.reason = 0.0, MISMATCH, _EXCERPT
    return comp


_UNSURE = "the answer says it is not sure of what it states"


def _as_unsure(comp: Component) -> Component:
    """An answer that doubts itself states nothing definite: a field it matched is an omission."""
    if comp.status in PASSING:
        comp.score, comp.status, comp.reason = 0.0, OMISSION, f"{_UNSURE} ({comp.reason})"
    return comp


def score_fact_exact(question: Question, answer: Answer, ctx: ScoringContext) -> ScoreResult:
    plan = question.derived(_plan)
    values = AnswerValues(answer, question, ctx.case if ctx.case is not None else ctx.document)
    fields = [compare_with(comparator, name, question, values, ctx) for name, comparator in plan.fields]
    judgements: tuple[Judgement, ...] = ()
    if not answer.fields and values.excerpt:  # an excerpt asserts nothing: no judge may overturn that
        fields = [_as_excerpt(f) for f in fields]
    elif not answer.fields and doubts_itself(values.conclusion):  # no judge overturns a doubt either
        fields = [_as_unsure(f) for f in fields]
    elif ctx.verdicts is not None:  # a judge is configured: text mismatches may be overturned
        fields, judgements = judge_fields(question, plan.fields, fields, values, ctx.verdicts)
    exact = mark_exact_match(_exact_match(fields), fields) if judgements else _exact_match(fields)
    check = question_citations(question, answer, ctx.document, case=ctx.case)
    citation = citation_component(check, required=question.citation_required)
    scored = combine([exact, citation], ctx.weights(question, DEFAULT_WEIGHTS), ctx.threshold(question))
    scored.judgements = judgements
    scored.details = {
        "fields": {
            f.name: _field_dict(f, comparator) for f, (_, comparator) in zip(fields, plan.fields, strict=True)
        },
        "values": values.to_dict(plan.kinds),
        "citation": check.to_dict(),
    }
    scored.json_ready = True
    return scored


def _comparator_problems(question: Question) -> list[str]:
    chosen = question.scoring.get("comparators") or {}
    problems: list[str] = []
    for field, name in sorted(chosen.items()):
        if field not in DEFAULT_COMPARATORS:
            problems.append(f"scoring.comparators names {field!r}, which is not a fact_exact expected field")
            continue
        try:
            get_comparator(str(name))
        except UnknownNameError as err:
            problems.append(f"scoring.comparators.{field}: {err}")
    return problems


def _date_problems(question: Question) -> list[str]:
    exp = question.expected
    dates = {"expected.date": exp.date}
    if exp.date_range is not None:
        dates |= {
            "expected.date_range.start": exp.date_range.start,
            "expected.date_range.end": exp.date_range.end,
        }
    problems = []
    for where, value in dates.items():
        if value is None:
            continue
        try:
            _date.fromisoformat(value)
        except (TypeError, ValueError):
            problems.append(f"{where} {value!r} is not a real calendar date written YYYY-MM-DD")
    return problems


def check_fact_exact(question: Question) -> list[str]:
    """Problems that make ``question`` unscorable as fact_exact ([] when fine)."""
    problems: list[str] = []
    if not question.expected.fact_fields():
        fields = ", ".join(DEFAULT_COMPARATORS)
        problems.append(f"expected has no fact field (one of {fields}) to check")
    if question.citation_required and not question.required_evidence:
        problems.append(
            "scoring.citation_required is true (the default) but required_evidence is empty: "
            "add required_evidence or set scoring.citation_required to false"
        )
    return problems + _date_problems(question) + _comparator_problems(question)


SCORER = ScorerSpec(
    name="fact_exact",
    score=score_fact_exact,
    check=check_fact_exact,
    default_weights=dict(DEFAULT_WEIGHTS),
    needs_document=True,
    description="exact facts (amounts, dates, counts, yes/no, names) read from the answer, plus citation",
)

__all__ = ["DEFAULT_WEIGHTS", "SCORER", "check_fact_exact", "score_fact_exact"]
