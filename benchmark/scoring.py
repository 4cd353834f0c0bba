"""Scoring one (question, answer, document) with the scorer the question names, and the pre-run check.

``check_questions`` asks each selected question's scorer whether it can score it (``ScorerSpec.check``)
and reports every problem at once, as one ``QuestionSetError``, before the first adapter call.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from benchmark.errors import BenchmarkError, QuestionSetError, error_summary
from benchmark.models import Answer, Criteria, Question, QuestionSet
from benchmark.text.answer_json import written_fields
from benchmark.text.markup import without_emphasis

if TYPE_CHECKING:
    from benchmark.documents.case import Case
    from benchmark.documents.model import Document
    from scorers.registry import ScorerSpec
    from scorers.result import ScoreResult
    from scorers.verdicts import Verdict

MAX_LISTED_PROBLEMS = 50


def _spec_or_error(question: Question, specs: dict[str, ScorerSpec | str]) -> ScorerSpec | str:
    """The question's scorer, or the one-line reason it cannot be had (looked up once per name)."""
    from scorers.registry import scorer_for

    name = str(question.scoring.get("scorer") or question.type)
    if name not in specs:
        try:
            specs[name] = scorer_for(question)
        except BenchmarkError as exc:
            specs[name] = str(exc)
    return specs[name]


def question_problems(qs: QuestionSet, question: Question, spec: ScorerSpec) -> list[str]:
    problems = list(spec.check(question))
    if spec.needs_document and qs.document_path is None and not qs.documents:
        problems.append(f"scorer {spec.name!r} needs the document, and the set names none (use --document)")
    return problems


def check_questions(selected: Sequence[tuple[QuestionSet, Question]]) -> None:
    """Raise one ``QuestionSetError`` listing every question no scorer can score; ``None`` when all are fine.

    A scorer that cannot be found or loaded is reported once, with the questions it leaves unscored.
    """
    specs: dict[str, ScorerSpec | str] = {}
    lines: list[tuple[str, str]] = []
    missing: dict[str, list[tuple[QuestionSet, Question]]] = {}
    for qs, q in selected:
        spec = _spec_or_error(q, specs)
        if isinstance(spec, str):
            missing.setdefault(spec, []).append((qs, q))
            continue
        lines += [(str(qs.path), f"{q.json_path} ({q.id}): {p}") for p in question_problems(qs, q, spec)]
    head = [
        (
            str(pairs[0][0].path),
            f"{pairs[0][1].json_path} ({pairs[0][1].id}) and {len(pairs) - 1} more: {reason}",
        )
        for reason, pairs in missing.items()
    ]
    lines = head + lines
    if lines:
        raise _problems_error(lines)


def _problems_error(lines: list[tuple[str, str]]) -> QuestionSetError:
    path, first = lines[0]
    shown = lines[:MAX_LISTED_PROBLEMS]
    rest = "".join(f"\n  {p}: {msg}" for p, msg in shown[1:])
    more = f"\n  ... and {len(lines) - len(shown)} more" if len(lines) > len(shown) else ""
    header = f"{len(lines)} problem(s) make questions unscorable; first: " if len(lines) > 1 else ""
    err = QuestionSetError(f"{header}{first}{rest}{more}", path=path)
    err.problems = lines  # type: ignore[attr-defined]
    return err


def score_answer(
    question: Question,
    answer: Answer,
    *,
    criteria: Criteria,
    document: Document | None,
    options: Mapping[str, Any] | None = None,
    case: Case | None = None,
    verdicts: Mapping[str, Verdict] | None = None,
) -> ScoreResult:
    """The question's scorer applied to ``answer`` (pure: same inputs, same result); ``case``: the set's
    documents when it names several. ``verdicts``: a configured judge's verdicts (``{}`` before it was
    asked; None without a judge), see scorers.judgeable. Retrieval is measured beside the scorer when the
    answer gives ``contexts`` (``scorers.contexts``). Scorers read the answer's text without its Markdown
    emphasis (``benchmark.text.markup``: same length, markers blanked), and an answer written as a JSON
    object gives its entries as ``fields`` when the adapter set none (``benchmark.text.answer_json``)."""
    from scorers.contexts import with_retrieval
    from scorers.registry import ScoringContext, scorer_for

    plain = without_emphasis(answer.answer)
    if plain is not answer.answer:
        answer = replace(answer, answer=plain)
    written = {} if answer.fields else written_fields(plain)
    if written:  # an answer written as a JSON object: its entries are the fields it gives
        answer = replace(answer, fields=written)

    spec = scorer_for(question)
    context = ScoringContext(
        criteria=criteria, document=document, options=dict(options or {}), verdicts=verdicts, case=case
    )
    return with_retrieval(spec, question, answer, context, spec.score(question, answer, context))


def score_or_error(
    question: Question,
    answer: Answer,
    *,
    criteria: Criteria,
    document: Document | None,
    options: Mapping[str, Any] | None = None,
    case: Case | None = None,
    verdicts: Mapping[str, Verdict] | None = None,
) -> ScoreResult | str:
    """``score_answer``, or the one-line summary of what the scorer (or a comparator it called, or the
    judge's verdicts it read) raised: that question's ``ERROR``, so one question can never stop the run.
    A ``BenchmarkError`` is not a fault of this question (a scorer option is wrong for all of them) and
    stays a refusal. A judge that fails gives verdicts saying so (``benchmark.judges.session``).

    A result whose score is not a finite number is a scorer fault too (it could not be reported).
    """
    try:
        result = score_answer(
            question,
            answer,
            criteria=criteria,
            document=document,
            options=options,
            case=case,
            verdicts=verdicts,
        )
        if not math.isfinite(result.score):
            raise ValueError(f"the scorer returned the score {result.score!r}")
    except BenchmarkError:
        raise
    except Exception as exc:
        return error_summary(exc)
    return result
