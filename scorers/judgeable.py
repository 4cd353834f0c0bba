"""Text mismatches a configured judge may overturn, and the verdicts applied to them (docs/scoring/judges.md).

Scorers stay pure: a judge's verdicts are one more input (``ScoringContext.verdicts``, keyed by
``JudgeRequest.key``), never a call. With a judge configured, scoring runs in two passes (the run path,
``benchmark.judges.session``): the first (``verdicts == {}``) lists what could be judged in
``ScoreResult.judgements``; the run path asks the judge (or its cache) and scores those answers again
with the verdicts, which these functions apply. Without a judge (``verdicts is None``) nothing here runs.

What may be judged: a ``text_answer`` or ``entity`` field read as ``mismatch`` or ``omission`` (unless
its comparator is ``exact`` or the question sets ``scoring.judge: false``), and a key point that is not
covered. Never an amount, date, count or yes/no field, never a match (a judge only turns a mismatch
into a match), and never when a number of the reference is missing from the answer: an embedding or a
language model blurs numbers, so ``15日内`` against an answer saying ``30日内`` is never sent.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from benchmark.models import Answer, Question
from scorers.extract import AnswerValues
from scorers.gold import gold_text
from scorers.keypoints import KeyPointCoverage, KeyPointResult, haystack_texts
from scorers.number_agreement import missing_wanted
from scorers.result import JUDGED, MATCH, MISMATCH, OMISSION, Component
from scorers.verdicts import Judgement, JudgeRequest, Verdict

#: fact_exact fields a judge may overturn -> the ``AnswerValues`` kind (and ``fields`` key) they read.
JUDGEABLE_FIELDS = {"text_answer": "text", "entity": "entity"}
#: comparators whose verdict a judge never overturns: the question asked for the exact wording.
STRICT_COMPARATORS = frozenset({"exact"})
PASSING = (MATCH, JUDGED)

Verdicts = Mapping[str, Verdict]

# quoted evidence and what follows a marker that introduces it (docs/contract.md §4 "What an answer asserts")
_QUOTED = re.compile(r"“[^”]*”|「[^」]*」|『[^』]*』")
_MARKER = re.compile(r"(?:依据|证据|原文|引用|出处)\s*[:：].*", re.DOTALL)
_SPACE = re.compile(r"\s+")


def conclusion(text: str) -> str:
    """What the answer asserts: its text without quoted evidence, whitespace collapsed."""
    return _SPACE.sub(" ", _MARKER.sub(" ", _QUOTED.sub(" ", text))).strip()


def references(expected: Any) -> tuple[str, ...]:
    """The accepted wordings of a text field: a string, or a list of them."""
    items = [expected] if isinstance(expected, str) else list(expected or ())
    return tuple(s for s in (str(x).strip() for x in items) if s)


def _opted_out(question: Question) -> bool:
    return question.scoring.get("judge") is False


def _field_material(kind: str, values: AnswerValues) -> str:
    """What the comparator read: ``fields.text``/``fields.entity`` when given, else the answer."""
    given = values.answer.fields.get(kind) if values.answer.fields else None
    if isinstance(given, str) and given.strip():
        return given.strip()
    return conclusion(values.text)


def _request(kind: str, question: Question, refs: Sequence[str], material: str) -> JudgeRequest | None:
    """The request, with only the references whose numbers the material states (None when none does)."""
    if not material:
        return None
    kept = tuple(r for r in refs if not missing_wanted(question.derived(gold_text, r).numbers, material))
    if not kept:
        return None
    return JudgeRequest.build(kind, question.id, question.question, kept, material)


def apply_verdict(comp: Component, verdict: Verdict | None) -> Component:
    """``comp`` as the verdict leaves it: overturned to ``judged`` (score 1) on a match, else unchanged
    but for the verdict (a no or a judge error) recorded in ``judge``."""
    if verdict is None:
        return comp
    if verdict.match is not True:
        return dataclasses.replace(comp, judge=verdict.to_dict())
    reason = f"judge {verdict.judge}: {verdict.reason} (read as {comp.status}: {comp.reason})"
    judge = {**verdict.to_dict(), "overturned": comp.status}
    return dataclasses.replace(comp, score=1.0, status=JUDGED, reason=reason, judge=judge)


def judge_fields(
    question: Question,
    fields: Sequence[tuple[str, str]],
    compared: Sequence[Component],
    values: AnswerValues,
    verdicts: Verdicts,
) -> tuple[list[Component], tuple[Judgement, ...]]:
    """fact_exact's field components with the verdicts applied, and what was judgeable.

    ``fields`` are (field, comparator name) pairs in the order of ``compared``."""
    if _opted_out(question):
        return list(compared), ()
    out: list[Component] = []
    judgements: list[Judgement] = []
    for (name, comparator), comp in zip(fields, compared, strict=True):
        kind = JUDGEABLE_FIELDS.get(name)
        request = None
        if kind is not None and comparator not in STRICT_COMPARATORS and comp.status in (MISMATCH, OMISSION):
            refs = references(getattr(question.expected, name))
            request = _request(name, question, refs, _field_material(kind, values))
        if request is None:
            out.append(comp)
            continue
        verdict = verdicts.get(request.key)
        out.append(apply_verdict(comp, verdict))
        judgements.append(Judgement(request, verdict))
    return out, tuple(judgements)


def merged_judge(parts: Sequence[Component]) -> dict[str, Any] | None:
    """One ``judge`` entry for a component made of several (the verdicts by part name)."""
    asked = [c for c in parts if c.judge is not None]
    if not asked:
        return None
    reasons = "; ".join(
        f"{c.name}: {c.judge.get('reason') or c.judge.get('error')}" for c in asked if c.judge
    )
    first = asked[0].judge or {}
    return {"name": first.get("name"), "reason": reasons, "verdicts": {c.name: c.judge for c in asked}}


def mark_exact_match(exact: Component, fields: Sequence[Component]) -> Component:
    """fact_exact's ``exact_match`` once its fields were judged: ``judged`` when it passes only thanks
    to a judge, and the verdicts recorded either way."""
    judge = merged_judge(fields)
    if judge is None:
        return exact
    if exact.score == 1.0 and any(f.status == JUDGED for f in fields):
        by = ", ".join(f.name for f in fields if f.status == JUDGED)
        reason = f"every expected field matches ({by} by judge {judge['name']})"
        return dataclasses.replace(exact, status=JUDGED, reason=reason, judge=judge)
    return dataclasses.replace(exact, judge=judge)


def _judged_point(point: KeyPointResult, verdict: Verdict | None) -> KeyPointResult:
    if verdict is None:
        return point
    detail = {**(point.detail or {}), "judge": verdict.to_dict()}
    return dataclasses.replace(point, covered=point.covered or verdict.match is True, detail=detail)


def judge_key_points(
    coverage: KeyPointCoverage, question: Question, answer: Answer, verdicts: Verdicts
) -> tuple[KeyPointCoverage, tuple[Judgement, ...]]:
    """Key points not covered, each judged against the texts coverage reads (the answer, its evidence
    and its citation quotes, joined by line breaks)."""
    if _opted_out(question) or all(p.covered for p in coverage.points):
        return coverage, ()
    material = "\n".join(t.strip() for t in haystack_texts(answer))
    points: list[KeyPointResult] = []
    judgements: list[Judgement] = []
    for point in coverage.points:
        request = None if point.covered else _request("key_point", question, (point.text,), material)
        if request is None:
            points.append(point)
            continue
        verdict = verdicts.get(request.key)
        points.append(_judged_point(point, verdict))
        judgements.append(Judgement(request, verdict))
    return dataclasses.replace(coverage, points=tuple(points)), tuple(judgements)


def mark_key_points(comp: Component, coverage: KeyPointCoverage) -> Component:
    """The ``key_points`` component: ``judged`` when a judge covered one of its points."""
    asked = [p for p in coverage.points if (p.detail or {}).get("judge")]
    if not asked or comp.score is None:
        return comp
    verdicts = {p.text: (p.detail or {})["judge"] for p in asked}
    first = next(iter(verdicts.values()))
    reasons = "; ".join(f"{text}: {v.get('reason') or v.get('error')}" for text, v in verdicts.items())
    judge = {"name": first.get("name"), "reason": reasons, "verdicts": verdicts}
    overturned = sum(1 for v in verdicts.values() if v.get("match") is True)
    if not overturned:
        return dataclasses.replace(comp, judge=judge)
    reason = f"{comp.reason}; {overturned} covered by judge {first.get('name')}"
    return dataclasses.replace(comp, status=JUDGED, reason=reason, judge=judge)


def judged_components(components: Mapping[str, Component]) -> int:
    return sum(1 for c in components.values() if c.status == JUDGED)


__all__ = [
    "JUDGEABLE_FIELDS",
    "PASSING",
    "STRICT_COMPARATORS",
    "apply_verdict",
    "conclusion",
    "judge_fields",
    "judge_key_points",
    "judged_components",
    "mark_exact_match",
    "mark_key_points",
    "merged_judge",
    "references",
]
