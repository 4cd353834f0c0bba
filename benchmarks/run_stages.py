"""Where a whole run's CPU time goes, stage by stage: ``python -m benchmark ARGS`` in this process, with
each stage's functions timed (``time.process_time``, this process only: with ``--workers`` the scoring
processes are not counted, and scoring shows as zero here).

Usage: ``uv run python benchmarks/run_stages.py run --dataset SETS --adapter replay:FILE --no-progress
--output DIR`` (any CLI arguments). Prints, after the command's own output, the process's CPU time,
each stage's CPU time (in µs per answer too), what no stage accounts for (the engine's event loop,
the printed summary, imports done on first use), and how much of all that the garbage collector took. A stage's time excludes the
stages it calls. The wrappers themselves cost about 1 µs per call.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

START = time.process_time()

# (stage, module, attribute): the attribute is replaced where the run path looks it up
STAGES: list[tuple[str, str, str]] = [
    ("plan: load sets, model questions, documents", "benchmark.api", "plan"),
    ("plan: jobs and answer-cache keys", "benchmark.pipeline.plan", "Plan.jobs"),
    ("replay file: index (read and check once)", "benchmark.adapters.replay", "ReplayIndex.__init__"),
    ("replay file: read each answer", "benchmark.adapters.replay", "ReplayIndex.read"),
    ("decode: parse_answer", "benchmark.runner", "parse_answer"),
    ("decode: parse_answer (stored answers)", "benchmark.pipeline.ask", "parse_answer"),
    ("scoring (score_answered)", "benchmark.pipeline.score", "score_answered"),
    ("report line (question_entry + encode)", "benchmark.pipeline.score", "question_entry"),
    ("report line (question_entry + encode)", "benchmark.pipeline.score", "dumps_line_bytes"),
    ("page row", "benchmark.report.html_run", "RunPage.row"),
    ("answers.jsonl append", "benchmark.pipeline.append", "RunFiles.answer"),
    ("spools: report lines, page rows", "benchmark.pipeline.append", "Spool.put"),
    ("answer cache", "benchmark.pipeline.ask", "AnswerRecorder.__call__"),
    ("answer cache", "benchmark.pipeline.ask", "AnswerRecorder.flush"),
    ("scoring processes: send and receive", "benchmark.pipeline.workers", "PoolScorer.submit"),
    ("scoring processes: send and receive", "benchmark.pipeline.workers", "PoolScorer.finish"),
    ("finish: report.json (copy lines, count summary)", "benchmark.pipeline.finish", "write_report"),
    ("finish: run history", "benchmark.store", "RunStore.save_report"),
    ("finish: report.html", "benchmark.report.html_run", "RunPage.write"),
    ("finish: answers.jsonl in plan order, spools removed", "benchmark.pipeline.append", "RunFiles.close"),
    ("rescore: read the old report's head", "benchmark.rundir", "RunDir.read_report_head"),
    ("rescore: index answers.jsonl", "benchmark.pipeline.append", "AnswerIndex.of"),
]

spent: dict[str, list[float]] = {}  # stage -> [self seconds, calls]
inner: list[float] = []


def _timed(stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        inner.append(0.0)
        try:
            return fn(*args, **kwargs)
        finally:
            took = time.process_time() - start
            nested = inner.pop()
            entry = spent.setdefault(stage, [0.0, 0])
            entry[0] += took - nested
            entry[1] += 1
            if inner:
                inner[-1] += took

    return timed


def install() -> None:
    for stage, module, attribute in STAGES:
        owner: Any = importlib.import_module(module)
        *path, name = attribute.split(".")
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, name, _timed(stage, getattr(owner, name)))


collected = [0.0]
_gc_start = [0.0]


def _gc(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _gc_start[0] = time.process_time()
    else:
        collected[0] += time.process_time() - _gc_start[0]


def report(answers: Callable[[], int]) -> None:
    total = time.process_time() - START
    n = max(answers(), 1)
    print(f"\nprocess CPU {total:.2f} s for {n:,} answers ({1e6 * total / n:.0f} µs each)", file=sys.stderr)
    print(f"{'stage':<52} {'s':>7} {'µs/answer':>10}", file=sys.stderr)
    for stage, (seconds, _) in sorted(spent.items(), key=lambda kv: -kv[1][0]):
        print(f"{stage:<52} {seconds:7.3f} {1e6 * seconds / n:10.1f}", file=sys.stderr)
    rest = total - sum(s for s, _ in spent.values()) - BEFORE
    print(f"{'start-up (imports of the CLI)':<52} {BEFORE:7.3f} {1e6 * BEFORE / n:10.1f}", file=sys.stderr)
    print(
        f"{'other (event loop, summary, imports on first use)':<52} {rest:7.3f} {1e6 * rest / n:10.1f}",
        file=sys.stderr,
    )
    gc_line = (
        f"{'(of all the above: garbage collector)':<52} {collected[0]:7.3f} {1e6 * collected[0] / n:10.1f}"
    )
    print(gc_line, file=sys.stderr)


if __name__ == "__main__":
    from benchmark.cli import main

    install()
    BEFORE = time.process_time() - START
    gc.callbacks.append(_gc)
    atexit.register(
        report,
        lambda: (
            int(spent.get("answers.jsonl append", [0, 0])[1])
            or int(spent.get("decode: parse_answer (stored answers)", [0, 0])[1])
        ),
    )
    sys.argv = ["benchmark", *sys.argv[1:]]
    main()
