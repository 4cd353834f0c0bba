"""What a run holds per question: the plan, and what the scorers derive once every answer is scored.

The inputs are ``replay_run.py``'s (N question copies over the bundled sets, one answer each). The plan
is loaded and its jobs laid out, then every answer is scored by the run path's ``Work`` (no page), in
this process, and tracemalloc reports the Python memory held after each step, per question, with the
lines that hold most of what scoring left. ``Work`` drops what the scorers derive from a question once
its last trial is scored (``Question.forget_derived``); what is left after scoring is constant (jieba's
dictionary, compiled patterns) plus whatever is still kept per question.

Usage: ``uv run python benchmarks/question_memory.py [--answers 20000] [--keep DIR] [--top 8]``
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from replay_run import make_inputs

from benchmark.adapters.replay import ReplayIndex
from benchmark.answers import parse_answer
from benchmark.pipeline.plan import plan
from benchmark.pipeline.score import Answered, Work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=20_000)
    parser.add_argument("--keep", type=Path, help="make the inputs in this folder once, and reuse them")
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        sets, replay = (
            (folder / "sets", folder / "answers.jsonl")
            if (folder / "answers.jsonl").exists()
            else make_inputs(folder, args.answers)
        )
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        the_plan = plan([sets])
        the_plan.jobs("0" * 64)
        planned = tracemalloc.get_traced_memory()[0]
        n = len(the_plan.pairs)
        print(f"{n} questions; the plan holds {(planned - before) / n:,.0f} bytes a question")
        snapshot = tracemalloc.take_snapshot()
        work, index = Work(the_plan), ReplayIndex(replay)
        with replay.open("rb") as f:
            for seq, (_, q) in enumerate(the_plan.pairs):
                stored = index.read(f, q.id)
                work(Answered(seq, 0, parse_answer(stored) if stored is not None else None, None, None))
        gc.collect()
        scored = tracemalloc.get_traced_memory()[0]
        print(f"after scoring every answer: {(scored - planned) / n:,.0f} bytes a question more")
        for stat in tracemalloc.take_snapshot().compare_to(snapshot, "lineno")[: args.top]:
            print(f"  {stat.size_diff / n:8,.0f} B/question  {stat.traceback[0]}")


if __name__ == "__main__":
    main()
