"""Runner throughput as a user runs it: N questions to a system that takes 50 ms each, at concurrency C.

The ideal wall time is N * 0.05 / C (2,000 questions: 6.25 s at 16, 1.5625 s at 64). Two measurements:

- **whole process** (the target): ``python -m benchmark run --adapter python:sleeper:answer
  --concurrency C`` in a fresh process with a fresh output directory, the set already validated once
  (as on any run after the first). The system is a plain function that sleeps 50 ms (as a blocking
  client would), the questions are fact_exact questions scored by the real scorer, and everything is
  written: answers.jsonl, report.json, report.html, the run history, the answer cache. CPU is the
  process's user + system time; "per question" is that over N, and again without the start-up (a
  run of one question: imports, loading the set).
- **engine**: the runner alone in this process (asking, each answer to the answer cache), the floor.

Usage: ``uv run python benchmarks/runner_concurrency.py [--questions N] [--concurrency 16 64] [--rounds 5]
[--python OTHER/.venv/bin/python]`` (``--python``: time another checkout's CLI, e.g. the code before).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wholeproc import Measured, load, measure, spread

from benchmark.adapters.base import Query
from benchmark.cache import AnswerCache
from benchmark.models import Question
from benchmark.pipeline.ask import AnswerRecorder
from benchmark.runner import Job, Settings, run_jobs_sync

DELAY = 0.05
SLEEPER = f"""
import time

def answer(text):
    time.sleep({DELAY})
    n = text.split("第", 1)[1].split("笔", 1)[0]
    return {{"answer": f"第{{n}}笔是{{int(n) * 100 + 7}}元。"}}
"""


def write_inputs(folder: Path, n: int) -> Path:
    """A fact_exact set of ``n`` questions (question k expects k*100+7 yuan) and the sleeping system."""
    lines = [f"第{k}笔借款为{k * 100 + 7}元。" for k in range(n)]
    (folder / "document.md").write_text("<!-- page: 1 -->\n" + "\n".join(lines) + "\n", encoding="utf-8")
    questions = [
        {
            "id": f"q{k:05d}",
            "type": "fact_exact",
            "question": f"第{k}笔借款是多少钱？",
            "expected": {"amount_total": k * 100 + 7},
            "scoring": {"citation_required": False},
        }
        for k in range(n)
    ]
    body = {"benchmark_type": "fact_exact", "document": "document.md", "questions": questions}
    (folder / "set.json").write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    (folder / "sleeper.py").write_text(SLEEPER, encoding="utf-8")
    one = {**body, "questions": questions[:1]}
    (folder / "one.json").write_text(json.dumps(one, ensure_ascii=False), encoding="utf-8")
    return folder


PYTHON = [sys.executable]


def cli_run(folder: Path, dataset: str, concurrency: int, out: str) -> Measured:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    cmd = [*PYTHON, "-m", "benchmark", "run", "--dataset", dataset, "--adapter", "python:sleeper:answer",
           "--concurrency", str(concurrency), "--no-progress", "--output", out]  # fmt: skip
    done = measure(cmd, cwd=folder, env=env)
    if done.returncode not in (0, 1):
        sys.exit(f"run exited {done.returncode}:\n{done.stderr[-2000:]}")
    return done


class Sleeper:
    def query(self, query: Query) -> dict[str, Any]:
        time.sleep(DELAY)
        return {"answer": "x"}

    def describe(self) -> dict[str, Any]:
        return {"kind": "sleeper"}


def engine_seconds(n: int, concurrency: int, folder: Path) -> float:
    jobs = [
        Job(i, Query(Question(id=f"q{i}", type="fact_exact", question="?")), 0, f"k{i}") for i in range(n)
    ]
    with AnswerCache(folder / f"engine-{concurrency}.sqlite") as cache:
        recorder = AnswerRecorder(cache, "sha", "r", n, None)
        start = time.perf_counter()
        run_jobs_sync(Sleeper(), jobs, Settings(concurrency=concurrency), recorder, keep=False)
        recorder.flush()
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[16, 64])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--python", help="the interpreter whose `python -m benchmark` is timed")
    args = parser.parse_args()
    if args.python:
        PYTHON[:] = [args.python]
    n = args.questions
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_inputs(Path(tmp), n)
        cli_run(folder, "set.json", 4, "warm")  # validates the set once, as the first run would
        start_up = [cli_run(folder, "one.json", 1, f"one{r}").cpu for r in range(3)]
        print(f"load average before: {load()}")
        print(f"start-up (a run of one question): cpu s {spread(start_up)}")
        for c in args.concurrency:
            ideal = n * DELAY / c
            runs = [cli_run(folder, "set.json", c, f"c{c}_{r}") for r in range(args.rounds)]
            engine = min(engine_seconds(n, c, folder) for _ in range(3))
            walls, cpus = [r.wall for r in runs], [r.cpu for r in runs]
            base = min(start_up)
            print(f"{n} questions x {DELAY * 1000:.0f} ms at concurrency {c}: ideal {ideal:.4f} s")
            print(f"  whole process, {args.rounds} runs: wall s {spread(walls)} = "
                  f"{spread([w / ideal for w in walls], '{:.3f}')}x ideal; cpu s {spread(cpus)} = "
                  f"{spread([1000 * x / n for x in cpus], '{:.3f}')} ms/question "
                  f"({spread([1000 * (x - base) / n for x in cpus], '{:.3f}')} without start-up)")  # fmt: skip
            print(
                f"  engine + answer cache (in process, best of 3): {engine:.3f} s = {engine / ideal:.3f}x ideal"
            )
        print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
