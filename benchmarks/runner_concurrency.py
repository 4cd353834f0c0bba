"""Runner throughput: 2,000 questions, a system that sleeps 50 ms per question, concurrency 16.

The ideal wall time is 2000 * 0.05 / 16 = 6.25 s; the target is within 1.10x of it (6.875 s). Measured
as the engine with the answer cache written as answers arrive (what ``run`` does while asking), and as
the whole ``benchmark.api.run`` (loading and validating the set, asking, caching, scoring with a trivial
scorer, writing the run directory and history), first and second time (the second skips validating the
unchanged set, which the answer cache remembers). Usage: ``uv run python benchmarks/runner_concurrency.py [--questions N] [--concurrency C]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmark.adapters.base import Query
from benchmark.api import run
from benchmark.cache import AnswerCache, CachedAnswer
from benchmark.models import Question
from benchmark.runner import Job, Reply, Settings, run_jobs_sync
from scorers.registry import SCORERS, ScorerSpec
from scorers.result import Component, combine

DELAY = 0.05


class Sleeper:
    """A synchronous system that takes 50 ms per question (as a blocking HTTP client would)."""

    def query(self, query: Query) -> dict[str, Any]:
        time.sleep(DELAY)
        return {"answer": f"答案{query.question.id}"}

    def describe(self) -> dict[str, Any]:
        return {"kind": "sleeper", "delay": DELAY}


def _score(question: Any, answer: Any, ctx: Any) -> Any:
    ok = question.id in answer.answer
    return combine([Component("contains", 1.0 if ok else 0.0)], {"contains": 1.0}, 0.7)


SCORERS.register(
    "bench_trivial", ScorerSpec("bench_trivial", _score, lambda q: [], {"contains": 1.0}), replace=True
)


def engine_seconds(n: int, concurrency: int, folder: Path) -> float:
    jobs = [
        Job(i, Query(Question(id=f"q{i}", type="fact_exact", question="?")), 0, f"k{i}") for i in range(n)
    ]
    cache = AnswerCache(folder / "engine.sqlite")

    def keep(reply: Reply) -> None:
        if reply.answer is not None:
            entry = CachedAnswer(
                reply.job.key,
                reply.job.query.question.id,
                0,
                reply.answer.to_dict(),
                reply.latency_ms,
                1,
                "r",
            )
            cache.put(entry, "sha")

    start = time.perf_counter()
    run_jobs_sync(Sleeper(), jobs, Settings(concurrency=concurrency), keep)
    elapsed = time.perf_counter() - start
    cache.close()
    return elapsed


def api_seconds(n: int, concurrency: int, folder: Path) -> float:
    (folder / "doc.md").write_text("<!-- page: 1 -->\n文本\n", encoding="utf-8")
    questions = [
        {
            "id": f"q{i:05d}",
            "type": "fact_exact",
            "question": f"问题{i}？",
            "expected": {"count": 1},
            "scoring": {"scorer": "bench_trivial"},
        }
        for i in range(n)
    ]
    body = {"benchmark_type": "fact_exact", "document": "doc.md", "questions": questions}
    path = folder / "set.json"
    if not path.exists():
        path.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    start = time.perf_counter()
    record = run(folder / "set.json", Sleeper(), concurrency=concurrency, output_dir=folder / "runs")
    elapsed = time.perf_counter() - start
    assert record.exit_code == 0
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    ideal = args.questions * DELAY / args.concurrency
    with tempfile.TemporaryDirectory() as tmp:
        engine = engine_seconds(args.questions, args.concurrency, Path(tmp))
        whole = api_seconds(args.questions, args.concurrency, Path(tmp))
        again = api_seconds(args.questions, args.concurrency, Path(tmp))
    print(
        f"questions {args.questions}, {DELAY * 1000:.0f} ms each, concurrency {args.concurrency}: ideal {ideal:.3f} s"
    )
    print(f"engine + answer cache: {engine:.3f} s = {engine / ideal:.3f}x ideal")
    print(f"api.run end to end:    {whole:.3f} s = {whole / ideal:.3f}x ideal (first run: validates the set)")
    print(f"api.run again:         {again:.3f} s = {again / ideal:.3f}x ideal (set remembered as validated)")


if __name__ == "__main__":
    main()
