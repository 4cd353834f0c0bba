"""Stage 3, score: each answer scored as it arrives, and turned at once into what the run writes.

``Work`` is the whole per-answer job: the question's scorer applied to the answer
(``benchmark.scoring``), the report line (``benchmark.report_line``) encoded, and for a question's first
trial its page row (``benchmark.report.html_run``), made while the documents are loaded. What comes out
(``Scored``) is bytes plus a few facts, so it can be appended, or sent back from another process, as
it is. ``InlineScorer`` does the work in this process; ``benchmark.pipeline.workers`` in several.

With a judge, the first pass scores with no verdicts (``{}``): the scorers list what a judge may
overturn (``Scored.judgements``), the run asks the judge for all of it at once, and scores those
answers again with the verdicts (scorers stay pure).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from benchmark.json_lines import dumps_line_bytes
from benchmark.models import Answer
from benchmark.report_line import question_entry
from benchmark.results import FAIL, PASS, QuestionResult, outcome_of
from benchmark.runner import Reply

if TYPE_CHECKING:
    from benchmark.pipeline.plan import Plan
    from benchmark.report.html_run import RunPage
    from scorers.verdicts import Judgement, Verdict


@dataclass(frozen=True, slots=True)
class Answered:
    """What scoring needs of a reply (small: it may be sent to another process)."""

    seq: int
    trial: int
    answer: Answer | None
    skip_reason: str | None
    latency_ms: int | None
    attempts: int = 1
    cached: bool = False

    @classmethod
    def of(cls, reply: Reply) -> Answered:
        return cls(
            reply.job.seq,
            reply.job.trial,
            reply.answer,
            reply.skip_reason,
            reply.latency_ms,
            reply.attempts,
            reply.cached,
        )


@dataclass(frozen=True, slots=True)
class Scored:
    """One answer scored: its report line, its page row (first trial only), and for the judge's summary
    what a judge was asked about it (``judgements``) and how many components a verdict turned."""

    seq: int
    line: bytes
    row: bytes | None = None
    judgements: tuple[Judgement, ...] = field(default=())
    judged: int = 0
    qtype: str = ""


def score_answered(
    plan: Plan,
    a: Answered,
    options: Mapping[str, Any] | None,
    verdicts: Mapping[str, Verdict] | None = None,
    threshold: float | None = None,
) -> QuestionResult:
    """The question's result for one answer; ``threshold`` overrides the pass threshold (pytest's
    ``--rag-threshold``)."""
    from benchmark.scoring import score_or_error

    qs, q = plan.pairs[a.seq // plan.repeat]
    scored = None
    if a.answer is not None:
        scored = score_or_error(
            q,
            a.answer,
            criteria=qs.criteria,
            document=plan.document(qs),
            options=options,
            case=plan.case(qs),
            verdicts=verdicts,
        )
    result = scored if not isinstance(scored, str) else None
    outcome = outcome_of(scored)
    if result is not None and threshold is not None:
        outcome = PASS if result.score >= threshold - 1e-9 else FAIL
    return QuestionResult(
        question=q,
        outcome=outcome,
        result=result,
        answer=a.answer,
        latency_ms=a.latency_ms,
        skip_reason=(a.skip_reason or "no answer") if scored is None else None,
        trial=a.trial,
        attempts=a.attempts,
        cached=a.cached,
        error=scored if isinstance(scored, str) else None,
    )


@dataclass
class Work:
    """Everything scoring one answer takes, set up once per run (and once per scoring process).

    What the scorers derive from a question (``Question.derived``) is dropped once its last trial is
    scored in the first pass (``unscored`` counts them down), so memory does not grow with the number
    of questions asked. A scoring process counts only the trials it scores: when a question's trials are
    shared between processes, each keeps the question's derived data to the end of the run."""

    plan: Plan
    options: Mapping[str, Any] | None = None
    judging: bool = False  # a judge is configured: the first pass lists what it may overturn
    threshold: float | None = None
    page: RunPage | None = None
    unscored: array[int] = field(init=False, repr=False)  # per question: trials of the first pass to come

    def __post_init__(self) -> None:
        self.unscored = array("I", [self.plan.repeat]) * len(self.plan.pairs)

    def __call__(self, a: Answered, verdicts: Mapping[str, Verdict] | None = None) -> Scored:
        first_pass = verdicts is None
        if verdicts is None and self.judging:
            verdicts = {}
        r = score_answered(self.plan, a, self.options, verdicts, self.threshold)
        entry = question_entry(r)
        index = a.seq // self.plan.repeat
        qs, q = self.plan.pairs[index]
        row = None
        if self.page is not None and a.trial == 0:
            row = self.page.row(entry, q, self.plan.document(qs), self.plan.case(qs)).to_bytes()
        if first_pass and self.unscored[index]:
            self.unscored[index] -= 1
        if not self.unscored[index]:
            q.forget_derived()
        if r.result is None or not r.result.judgements:
            return Scored(a.seq, dumps_line_bytes(entry), row, qtype=r.type)
        from scorers.judgeable import judged_components

        judged = judged_components(r.result.components)
        return Scored(a.seq, dumps_line_bytes(entry), row, r.result.judgements, judged, r.type)


Emit = Callable[[Scored], None]


class Scorer(Protocol):
    """Where answers are scored: ``submit`` each, ``finish`` to have every result emitted, ``close``."""

    def submit(self, a: Answered) -> None: ...
    def finish(self) -> None: ...
    def close(self) -> None: ...


class InlineScorer:
    """Scores each answer in this process, the moment it is submitted."""

    def __init__(self, work: Work, emit: Emit) -> None:
        self.work, self.emit = work, emit

    def submit(self, a: Answered) -> None:
        self.emit(self.work(a))

    def finish(self) -> None:
        """Nothing is pending: every answer was scored when it was submitted."""

    def close(self) -> None:
        pass
