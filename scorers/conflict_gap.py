"""The conflict_gap scorer: ``abstention`` 0.4 + ``no_hallucination`` 0.4 + ``quote`` 0.2 (docs/contract.md §4).

- ``abstention`` checks the stance the question expects (``scorers.abstention``):
  ``conflict_detected`` expected: 1 when the answer names the contradiction (abstaining is not
  enough, and takes precedence over ``should_abstain``) and, when its two sides lie in different
  documents of a case file and the answer cites anything, cites both sides (``scorers.sides``); ``should_abstain`` true: 1 when the answer
  abstains (lexicon or ``abstained: true``) and does not then guess what it said the material lacks
  (``笔录未写明，推测是…``: ``Stance.guess_after``; a guess that invents a value of a kind
  that counts is ``no_hallucination``'s to fail); ``should_abstain`` false and no conflict expected: 1
  when the answer does not refuse (``abstained: true``, or an abstention cue in its first sentence;
  a later ``但不知道他的全名`` is a caveat, not a refusal). Neither given: not applicable.
- ``no_hallucination`` is 0 when the answer invents a specific whose kind counts under the
  question's ``scoring.hallucination_check`` hints (``scorers.hallucination``); every invented
  specific is listed in ``details["invented"]`` with ``counts`` true/false. Abstaining does not
  excuse an invented value. In a case file, a value any document states is not invented. Without a
  document the component is not applicable.
- ``quote`` is 1 when the answer or a citation quote reproduces ``required_quote`` or one of
  ``additional_quotes`` (``scorers.quotes``); not applicable when the question has no quote or
  ``scoring.quote_required`` is false.

Weights: defaults, then the set's criteria for ``conflict_gap``, then ``scoring.weights``; the pass
threshold is ``scoring.pass_threshold`` or the set's. ``hallucination_penalty`` is recorded in the
details (it does not change the score).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from benchmark.models import Answer, Question
from benchmark.text.amounts import TextValues
from scorers.abstention import AbstentionResult, ConflictResult, Stance
from scorers.hallucination import (
    Facts,
    InventedSpecific,
    hint_kinds,
    hint_list,
    invented_specifics,
    question_facts,
)
from scorers.quotes import QuoteMatch, RequiredQuote, match_required, required_quote
from scorers.registry import ScorerSpec, ScoringContext
from scorers.result import (
    HALLUCINATION,
    MATCH,
    MISMATCH,
    NOT_APPLICABLE,
    OMISSION,
    Component,
    ScoreResult,
    combine,
)
from scorers.sides import check_sides
from scorers.specifics import KINDS

DEFAULT_WEIGHTS = {"abstention": 0.4, "no_hallucination": 0.4, "quote": 0.2}


def expectation(question: Question) -> str | None:
    """``"conflict"``, ``"abstain"``, ``"answer"`` or None (the question says neither)."""
    if question.expected.conflict_detected:
        return "conflict"
    should = (
        question.should_abstain if question.should_abstain is not None else question.expected.should_abstain
    )
    if should is None:
        return None
    return "abstain" if should else "answer"


def _abstention(
    expect: str | None,
    abst: AbstentionResult,
    conflict: ConflictResult,
    sides: str | None = None,
    guess: str | None = None,
) -> Component:
    """``sides``: which side of a cross-document contradiction the answer's citations miss, if one;
    ``guess``: the word of a guess the answer makes after abstaining, if one."""
    if expect is None:
        return Component(
            "abstention", None, status=NOT_APPLICABLE, reason="neither should_abstain nor conflict_detected"
        )
    if expect == "conflict":
        if conflict.named and sides:
            return Component("abstention", 0.0, status=MISMATCH, expected="conflict", extracted=conflict.cue,
                             reason=f"names the contradiction ({conflict.cue}) but cites one side only: "
                                    f"no citation of {sides}")  # fmt: skip
        if conflict.named:
            return Component("abstention", 1.0, status=MATCH, expected="conflict", extracted=conflict.cue,
                             reason=f"names the contradiction ({conflict.cue})")  # fmt: skip
        return Component("abstention", 0.0, status=OMISSION, expected="conflict",
                         reason="does not name the contradiction")  # fmt: skip
    if expect == "abstain":
        if abst.abstained and guess is not None:
            return Component("abstention", 0.0, status=MISMATCH, expected="abstain", extracted=guess,
                             reason=f"abstains ({abst.cue!r}), then guesses ({guess!r}) what the material "
                                    "does not hold")  # fmt: skip
        if abst.abstained:
            how = f"cue {abst.cue!r}" if abst.cue else "abstained: true"
            return Component("abstention", 1.0, status=MATCH, expected="abstain", extracted=abst.cue,
                             reason=f"abstains ({how})")  # fmt: skip
        return Component("abstention", 0.0, status=MISMATCH, expected="abstain",
                         reason="answers instead of saying the material does not hold it")  # fmt: skip
    if abst.leading:
        return Component("abstention", 0.0, status=MISMATCH, expected="answer", extracted=abst.cue,
                         reason="refuses although the material answers the question")  # fmt: skip
    return Component("abstention", 1.0, status=MATCH, expected="answer", reason="answers without refusing")


def _no_hallucination(invented: list[InventedSpecific] | None) -> Component:
    if invented is None:
        return Component(
            "no_hallucination", None, status=NOT_APPLICABLE, reason="no document to check against"
        )
    failing = [i for i in invented if i.counts]
    keys = [i.key for i in failing]
    if failing:
        return Component("no_hallucination", 0.0, status=HALLUCINATION, extracted=keys,
                         reason="invents " + ", ".join(f"{i.kind} {i.raw!r}" for i in failing))  # fmt: skip
    if invented:
        reason = (
            f"invents nothing of the kinds that count ({len(invented)} of other kinds in details.invented)"
        )
        return Component(
            "no_hallucination", 1.0, status=MATCH, extracted=[i.key for i in invented], reason=reason
        )
    return Component("no_hallucination", 1.0, status=MATCH, reason="asserts nothing the document lacks")


def required_quotes(question: Question) -> list[str]:
    return [q for q in (question.required_quote, *question.additional_quotes) if q and q.strip()]


@dataclass(frozen=True)
class Asked:
    """What every answer to a question is checked against, read once per question and held by it
    (``question.derived(asked)``): its hints and the kinds they count, its facts, its quotes."""

    hints: tuple[str, ...]
    kinds: frozenset[str]  # the kinds whose invention fails no_hallucination
    unknown: tuple[str, ...]  # hints that name no kind
    facts: Facts | None  # what the question's own text states (None: no text)
    quotes: tuple[RequiredQuote, ...]  # ``required_quotes``, read for matching


def asked(question: Question) -> Asked:
    hints = hint_list(question.scoring.get("hallucination_check"))
    kinds, unknown = hint_kinds(hints)
    facts = question_facts(question.question) if question.question else None
    quotes = tuple(required_quote(q) for q in required_quotes(question))
    return Asked(hints, kinds, unknown, facts, quotes)


def quote_candidates(answer: Answer) -> list[str]:
    """The answer text first, then every citation's quote."""
    return [answer.answer, *(c.quote for c in answer.citations if c.quote)]


def _quote(
    question: Question, answer: Answer, read: Asked, values: TextValues | None = None
) -> tuple[Component, dict[str, Any] | None]:
    quotes = required_quotes(question)
    if not quotes or question.scoring.get("quote_required") is False:
        why = "no required quote" if not quotes else "scoring.quote_required is false"
        return Component("quote", None, status=NOT_APPLICABLE, reason=why), None
    candidates = quote_candidates(answer)
    best: tuple[str, QuoteMatch] | None = None
    for quote, required in zip(quotes, read.quotes, strict=True):
        m = match_required(required, candidates, values)
        if best is None or (m.found and not best[1].found):
            best = (quote, m)
        if m.found:
            break
    assert best is not None
    quote, m = best
    source = (
        None if m.candidate is None else "answer" if m.candidate == 0 else f"citations[{m.candidate - 1}]"
    )
    detail = {"quote": quote, "source": source, **m.to_dict()}
    if m.found:
        return Component("quote", 1.0, status=MATCH, expected=quote, extracted=m.matched_text,
                         reason=f"reproduced ({m.how}) in the {source}"), detail  # fmt: skip
    return Component("quote", 0.0, status=OMISSION, expected=quotes,
                     reason="no required quote is reproduced"), detail  # fmt: skip


def score_conflict_gap(question: Question, answer: Answer, ctx: ScoringContext) -> ScoreResult:
    expect = expectation(question)
    stance = Stance(answer.answer)  # abstention and conflict, the answer's quotations found once
    abst = stance.abstention(answer.abstained)
    conflict = stance.conflict
    read = question.derived(asked)
    values = TextValues(answer.answer)  # the answer's amounts and dates, read once for both checks
    known = ctx.case if ctx.case is not None else ctx.document  # a case file: all its documents
    invented = (
        invented_specifics(
            answer.answer, known, read.facts, read.kinds, values, estimates=expect != "abstain"
        )
        if known is not None
        else None
    )
    quote, quote_detail = _quote(question, answer, read, values)
    sides = check_sides(question, answer, ctx.case) if expect == "conflict" else None
    missing = sides.missing(ctx.case) if sides is not None and ctx.case is not None and not sides.ok else None
    # a guess that invents a value that counts is no_hallucination's; one that invents none is the abstention's
    inventing = any(i.counts for i in invented or ())
    guess = None
    if expect == "abstain" and abst.span is not None and not inventing:
        guess = stance.guess_after(abst.span[1])
    components = [_abstention(expect, abst, conflict, missing, guess), _no_hallucination(invented), quote]
    scored = combine(components, ctx.weights(question, DEFAULT_WEIGHTS), ctx.threshold(question))
    scored.details = {
        "expectation": expect,
        "abstention": abst.to_dict(),
        "conflict": conflict.to_dict(),
        "invented": [i.to_dict() for i in invented or []],
        "hallucination_check": list(read.hints),
        "counted_kinds": list(_in_kind_order(read.kinds)),
        "unrecognised_hints": list(read.unknown),
        "hallucination_penalty": question.hallucination_penalty,
        "quote": quote_detail,
    }
    if sides is not None:
        scored.details["sides"] = sides.to_dict()
    scored.json_ready = True
    return scored


def _in_kind_order(kinds: frozenset[str]) -> tuple[str, ...]:
    """``kinds`` in the order of ``KINDS``."""
    return tuple(k for k in KINDS if k in kinds)


def check_conflict_gap(question: Question) -> list[str]:
    """Problems that make ``question`` unscorable as conflict_gap ([] when fine)."""
    problems = []
    if expectation(question) is None:
        problems.append(
            "conflict_gap question has neither should_abstain nor expected.conflict_detected: "
            "say whether the answer should abstain or name a contradiction"
        )
    if question.scoring.get("quote_required") is True and not required_quotes(question):
        problems.append("scoring.quote_required is true but the question has no required_quote")
    return problems


SCORER = ScorerSpec(
    name="conflict_gap",
    score=score_conflict_gap,
    check=check_conflict_gap,
    default_weights=dict(DEFAULT_WEIGHTS),
    needs_document=True,
    description="gaps and contradictions: abstains or names the conflict, invents nothing, quotes the record",
)

__all__ = [
    "DEFAULT_WEIGHTS",
    "SCORER",
    "Asked",
    "asked",
    "check_conflict_gap",
    "expectation",
    "quote_candidates",
    "required_quotes",
    "score_conflict_gap",
]
