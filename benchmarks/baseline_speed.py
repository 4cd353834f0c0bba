"""How long the baseline takes to answer every bundled question, indexing included, in one thread.

Plans the README's main job (``benchmark.pipeline.plan.plan(["datasets"])``: every bundled set, its
document or case file), then answers each question with a fresh ``baseline`` adapter, and prints the
seconds (wall and CPU) of the jieba dictionary load, chunking and indexing, and the answers.
``--profile FILE`` writes a cProfile of the whole of it.

Usage: ``uv run python benchmarks/baseline_speed.py [--retriever bm25] [--chunking structure] [--profile F]``.
"""

from __future__ import annotations

import argparse
import cProfile
import time
from pathlib import Path

from benchmark.adapters.baseline import create, get_retriever
from benchmark.pipeline.plan import plan
from benchmark.text.jieba_loader import load_jieba

REPO = Path(__file__).resolve().parent.parent


class Clock:
    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def lap(self) -> str:
        wall, cpu = time.perf_counter(), time.process_time()
        text = f"{wall - self.wall:.2f} s wall, {cpu - self.cpu:.2f} s CPU"
        self.wall, self.cpu = wall, cpu
        return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--retriever", default="bm25")
    parser.add_argument("--chunking", default="structure")
    parser.add_argument("--model", default=None)
    parser.add_argument("--profile", default=None, help="write a cProfile of the timed part here")
    args = parser.parse_args()
    options = {"retriever": args.retriever, "chunking": args.chunking}
    if args.model:
        options["model"] = args.model

    the_plan = plan([REPO / "datasets"])
    adapter = create(None, options)
    queries = [the_plan.query(qs, q) for qs, q in the_plan.pairs]
    profile = cProfile.Profile() if args.profile else None
    if profile:
        profile.enable()
    total, clock = Clock(), Clock()
    load_jieba()
    loaded = clock.lap()
    for query in queries:
        document = query.case if query.case is not None else query.document
        if document is not None:
            get_retriever(document, adapter.config)
    indexed = clock.lap()
    for query in queries:
        adapter.query(query)
    answered = clock.lap()
    if profile:
        profile.disable()
        profile.dump_stats(args.profile)

    print(f"questions: {len(queries)}")
    print(f"jieba dictionary load: {loaded}")
    print(f"chunking + indexing:   {indexed}")
    print(f"answering:             {answered} ({len(queries)} questions)")
    print(f"total:                 {total.lap()} (the machine may be shared)")


if __name__ == "__main__":
    main()
