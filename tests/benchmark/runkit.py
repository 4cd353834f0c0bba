"""Test helpers for the runner, the API, the reports and the CLI: a tiny question set on disk, a stub
scorer registered through the real registry, and adapters that count what they are asked."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from benchmark.models import Answer, Question
from scorers.registry import SCORERS, ScorerSpec, ScoringContext
from scorers.result import MATCH, MISMATCH, Component, ScoreResult, combine

STUB = "stub_contains"

DOCUMENT = "<!-- page: 1 -->\n甲向乙借款42000元。\n<!-- page: 2 -->\n还款日期为2020年8月31日。\n"


def _score(question: Question, answer: Answer, ctx: ScoringContext) -> ScoreResult:
    """PASS when the answer contains the expected text_answer; a component with expected/extracted."""
    want = question.expected.text_answer or ""
    hit = want in answer.answer
    comp = Component(
        "contains",
        1.0 if hit else 0.0,
        status=MATCH if hit else MISMATCH,
        expected=want,
        extracted=answer.answer,
        reason="" if hit else "expected text not in the answer",
    )
    result = combine([comp], {"contains": 1.0}, ctx.criteria.pass_threshold)
    result.details = {"doc_pages": ctx.document.page_count if ctx.document else None}
    return result


def _check(question: Question) -> list[str]:
    return [] if question.expected.text_answer else ["expected.text_answer is missing (stub scorer needs it)"]


SCORERS.register(STUB, ScorerSpec(STUB, _score, _check, {"contains": 1.0}, needs_document=True), replace=True)

RAISES = "stub_raises"
RAISE_MARK = "RAISE"


def _score_or_raise(question: Question, answer: Answer, ctx: ScoringContext) -> ScoreResult:
    """The stub scorer, except that it raises for a question whose expected text is ``RAISE``: a scorer
    bug that shows on one question only."""
    if question.expected.text_answer == RAISE_MARK:
        return "夏侯"[2]  # type: ignore[return-value]  # IndexError: string index out of range
    return _score(question, answer, ctx)


SCORERS.register(
    RAISES, ScorerSpec(RAISES, _score_or_raise, _check, {"contains": 1.0}, needs_document=True), replace=True
)


def question(
    qid: str,
    text_answer: str | None,
    *,
    qtype: str = "fact_exact",
    tags: tuple[str, ...] = (),
    scorer: str = STUB,
) -> dict[str, Any]:
    q: dict[str, Any] = {
        "id": qid,
        "type": qtype,
        "question": f"问题{qid}？",
        "expected": {"text_answer": text_answer} if text_answer is not None else {"count": 1},
        "scoring": {"scorer": scorer, "citation_required": False},
        "metadata": {"tags": list(tags)},
    }
    return q


def write_set(folder: Path, name: str, questions: list[dict[str, Any]], *, document: str = DOCUMENT) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "document.md").write_text(document, encoding="utf-8")
    path = folder / name
    body = {
        "benchmark_type": "fact_exact",
        "description": "test set",
        "document": "document.md",
        "questions": questions,
    }
    path.write_text(json.dumps(body, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def numbered_set(folder: Path, n: int, name: str = "set.json", prefix: str = "q") -> Path:
    """``n`` questions ``q000``.. whose expected answer is ``答案q000`` .."""
    return write_set(folder, name, [question(f"{prefix}{i:03d}", f"答案{prefix}{i:03d}") for i in range(n)])


class EchoAdapter:
    """Answers ``答案<id>`` (so the stub scorer passes), counting calls; ``wrong`` ids get a wrong answer."""

    name = "echo"

    def __init__(
        self, wrong: tuple[str, ...] = (), delay: float = 0.0, fail: dict[str, Exception] | None = None
    ):
        self.wrong, self.delay, self.fail = set(wrong), delay, dict(fail or {})
        self.calls: list[str] = []
        self.lock = threading.Lock()
        self.active = 0
        self.max_active = 0

    def query(self, query: Any) -> dict[str, Any]:
        qid = query.question.id
        with self.lock:
            self.calls.append(qid)
            self.active += 1
            self.max_active = max(self.max_active, self.active)
        try:
            if self.delay:
                time.sleep(self.delay)
            if qid in self.fail:
                raise self.fail[qid]
            return {"answer": "不知道" if qid in self.wrong else f"答案{qid}", "citations": [{"page": 1}]}
        finally:
            with self.lock:
                self.active -= 1

    def describe(self) -> dict[str, Any]:
        return {"kind": "echo", "wrong": sorted(self.wrong)}
