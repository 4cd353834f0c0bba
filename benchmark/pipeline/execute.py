"""One run, start to end: the stages of ``benchmark.pipeline`` wired together.

For each reply, as it arrives: its answer is appended to ``answers.jsonl`` (``append``), it is scored
(``score``, in this process or in ``workers``), and its report line and page row are appended to the
run's spools. With a judge, the answers it may overturn are scored again once it has answered. Then
the reports are written from the spools in plan order (``finish``). Nothing here holds a result:
what a summary needs is counted as the lines pass, and ``record.results`` reads them back.
"""

from __future__ import annotations

import tempfile
import time
from array import array
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from benchmark.answers import parse_answer, unknown_key_warnings
from benchmark.judges.summary import JudgeTally
from benchmark.pipeline.append import RunFiles
from benchmark.pipeline.ask import Asked, OnReply
from benchmark.pipeline.finish import Outputs, Page, finish
from benchmark.pipeline.read_back import StoredResults
from benchmark.pipeline.score import Answered, Emit, InlineScorer, Scored, Scorer, Work
from benchmark.results import STOPPED, RunRecord
from benchmark.rundir import TOOL, git_commit, tool_version
from benchmark.runner import Job, Reply

if TYPE_CHECKING:
    from benchmark.judges.session import Judging
    from benchmark.pipeline.plan import Plan
    from scorers.verdicts import Judgement


class Source(Protocol):
    """Where the replies come from: ``ask.Asking`` (the system) or ``ask.Stored`` (a stored run)."""

    def deliver(self, jobs: list[Job], on_reply: OnReply) -> Asked: ...


@dataclass
class RunSpec:
    """A run to carry out: the plan and its jobs, where replies come from, how to score, where to write.

    ``config``: the run's ``config.json`` (its id, start time, adapter and options)."""

    plan: Plan
    jobs: list[Job]
    source: Source
    config: dict[str, Any]
    outputs: Outputs
    scorer_options: dict[str, Any] = field(default_factory=dict)
    judging: Judging | None = None
    threshold: float | None = None
    workers: int = 1


class Ledger:
    """The little a run keeps per answer: attempts and whether it came from the cache (for
    ``record.results``), the judge's pending requests and its running summary."""

    def __init__(self, size: int) -> None:
        self.attempts = array("H", [0]) * size
        self.cached = bytearray(size)
        self.pending: dict[int, tuple[Judgement, ...]] = {}
        self.judge = JudgeTally()

    def reply(self, reply: Reply) -> None:
        self.attempts[reply.job.seq] = min(reply.attempts, 65535)
        self.cached[reply.job.seq] = reply.cached

    def scored(self, s: Scored) -> None:
        if not s.judgements:
            return
        if any(j.verdict is None for j in s.judgements):
            self.pending[s.seq] = s.judgements
        else:
            self.judge.add(s.qtype, s.judged, s.judgements)


def _utc_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _scorer(work: Work, emit: Emit, workers: int) -> Scorer:
    if workers <= 1:
        return InlineScorer(work, emit)
    from benchmark.pipeline.workers import PoolScorer

    return PoolScorer(work, emit, workers)


def execute(spec: RunSpec) -> RunRecord:
    """Carry out the run; its record reads its results back from what it wrote."""
    with tempfile.TemporaryDirectory(prefix="lrb-run-") as scratch:
        run_dir = spec.outputs.run_dir
        folder = run_dir.path if run_dir is not None else Path(scratch)
        return _execute(spec, RunFiles(folder, len(spec.jobs), len(spec.plan.pairs)))


def _execute(spec: RunSpec, files: RunFiles) -> RunRecord:
    from benchmark.report.html_run import RunPage

    the_plan, ledger = spec.plan, Ledger(len(spec.jobs))
    page = RunPage(_documents(the_plan)) if spec.outputs.html and spec.outputs.run_dir is not None else None
    work = Work(the_plan, spec.scorer_options, spec.judging is not None, spec.threshold, page)

    def emit(s: Scored) -> None:
        files.lines.put(s.seq, s.line)
        if s.row is not None:
            files.rows.put(s.seq // the_plan.repeat, s.row)
        ledger.scored(s)

    def on_reply(reply: Reply) -> None:
        files.answer(reply)
        ledger.reply(reply)
        scorer.submit(Answered.of(reply))

    t0 = time.perf_counter()
    scorer = _scorer(work, emit, spec.workers)
    try:
        asked = spec.source.deliver(spec.jobs, on_reply)
        scorer.finish()
        if spec.judging is not None and ledger.pending:
            _judge(spec, work, files, ledger, emit)
        record = _record(spec, asked, time.perf_counter() - t0)
        parts = {"judge": ledger.judge.summary(record.options["judge"])} if spec.judging is not None else {}
        texts = (q.question for _, q in the_plan.pairs)  # the page's language
        rows = _rows(files) if page is not None else ()
        written = finish(
            record, files.lines.in_order(), spec.outputs, Page(page, rows, texts) if page else None, parts
        )
    except BaseException:
        files.discard()
        raise
    finally:
        scorer.close()
    files.close()
    record.results = StoredResults(written, the_plan, ledger.attempts, ledger.cached)
    return record


def _documents(the_plan: Plan) -> list[Any]:
    """Every document a question of the plan may show: each set's, then each case file's."""
    out: list[Any] = list(the_plan.documents.values())
    for case in the_plan.cases.values():
        out += case.documents.values()
    return out


def _rows(files: RunFiles) -> Any:
    from benchmark.report.html_run import Row

    return (Row.from_bytes(data) for data in files.rows.in_order())


def _judge(spec: RunSpec, work: Work, files: RunFiles, ledger: Ledger, emit: Emit) -> None:
    """Ask the judge about everything the first pass left pending (all at once, its cache first), then
    score those answers again with the verdicts."""
    assert spec.judging is not None
    requests = [j.request for seq in sorted(ledger.pending) for j in ledger.pending[seq] if j.verdict is None]
    verdicts = spec.judging.verdicts(requests)
    for seq in sorted(ledger.pending):
        stored = files.stored_answer(seq)
        assert stored is not None  # only answered questions have judgements
        a = Answered(
            seq,
            seq % spec.plan.repeat,
            parse_answer(stored),
            None,
            stored.get("latency_ms"),
            ledger.attempts[seq],
            bool(ledger.cached[seq]),
        )
        emit(work(a, verdicts))


def _record(spec: RunSpec, asked: Asked, seconds: float) -> RunRecord:
    config = spec.config
    record = RunRecord(
        run_id=config["run_id"],
        tool=TOOL,
        version=tool_version(),
        started_at=config["started_at"],
        finished_at=_utc_now(),
        datasets=spec.plan.datasets(),
        adapter=dict(config.get("adapter") or {}),
        options={**config["options"], "duration_s": round(seconds, 3)},
        results=[],
        git_commit=git_commit(),
    )
    record.warnings = unknown_key_warnings(asked.unknown_keys())
    if asked.stopped:
        record.status, record.stop_reason = STOPPED, asked.stopped
    return record
