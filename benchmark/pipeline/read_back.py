"""A run's results read back from the report lines it wrote: ``RunRecord.results`` of a streamed run.

The run keeps no ``QuestionResult``; a caller that iterates ``record.results`` gets each one rebuilt
from its report line (the question from the plan, the answer parsed again, the score and components
from the line), one at a time. What the line does not hold (attempts, whether the answer came from
the cache) the run kept per answer in two small arrays.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from benchmark.answers import parse_answer
from benchmark.results import PASS, QuestionResult
from scorers.result import Component, ScoreResult

if TYPE_CHECKING:
    from benchmark.models import Question
    from benchmark.pipeline.plan import Plan
    from benchmark.pipeline.report_file import WrittenReport

_COMPONENT_KEYS = ("score", "weight", "status", "expected", "extracted", "reason", "judge")


def score_result(entry: dict[str, Any]) -> ScoreResult | None:
    """The scored result a report line shows (None for a SKIP or an ERROR)."""
    details = entry.get("details")
    if not details:
        return None
    diagnostics = details.get("components") or {}
    components = {
        name: Component(name, **{k: c[k] for k in _COMPONENT_KEYS if k in c})
        for name, c in diagnostics.items()
    }
    rest = {k: v for k, v in details.items() if k != "components"}
    return ScoreResult(components, float(entry["score"]), entry["outcome"] == PASS, rest, json_ready=True)


def result_of(
    entry: dict[str, Any], question: Question, attempts: int = 1, cached: bool = False
) -> QuestionResult:
    answer = entry.get("answer")
    return QuestionResult(
        question=question,
        outcome=str(entry["outcome"]),
        result=score_result(entry),
        answer=parse_answer(answer) if answer is not None else None,
        latency_ms=entry.get("latency_ms"),
        skip_reason=entry.get("skip_reason"),
        trial=int(entry.get("trial") or 0),
        attempts=attempts,
        cached=cached,
        error=entry.get("error"),
    )


class StoredResults(Sequence[QuestionResult]):
    """``QuestionResult``s rebuilt from a written report's lines, in plan order."""

    def __init__(self, written: WrittenReport, plan: Plan, attempts: array[int], cached: bytearray) -> None:
        self.written, self.plan, self.attempts, self.cached = written, plan, attempts, cached

    def __len__(self) -> int:
        return len(self.written)

    def _result(self, seq: int, entry: dict[str, Any]) -> QuestionResult:
        question = self.plan.pairs[seq // self.plan.repeat][1]
        return result_of(entry, question, self.attempts[seq], bool(self.cached[seq]))

    @overload
    def __getitem__(self, index: int) -> QuestionResult: ...
    @overload
    def __getitem__(self, index: slice) -> list[QuestionResult]: ...
    def __getitem__(self, index: int | slice) -> QuestionResult | list[QuestionResult]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        seq = range(len(self))[index]
        return self._result(seq, self.written.questions()[seq])

    def __iter__(self) -> Iterator[QuestionResult]:
        for seq, entry in enumerate(self.written.questions()):
            yield self._result(seq, entry)
