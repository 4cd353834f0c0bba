"""Case files: indexing a bundled case for the baseline, and the main job over every bundled set.

1. Indexing, in a fresh process R times: the documents of ``datasets/case_fraud`` (29 documents, 121
   pages) are loaded, jieba's dictionary is loaded (the process's, not the index's), then the
   baseline's case index is built (structure-aware chunks of every document, tokens, BM25); min,
   median and max of wall and CPU seconds per step. The once-per-case scoring costs are timed too: the
   facts the invented-specifics check reads (every value the case states) and the names jieba tags.
2. The main job: ``python -m benchmark --output TMP`` (every bundled set, baseline adapter) in a fresh
   process, R times; wall seconds and the child's CPU seconds (user + system).

The load average is printed first: on a shared machine wall time is not CPU time.

Usage: ``uv run python benchmarks/case_speed.py [--rounds 5] [--skip-main]``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmark.adapters.baseline.retriever import RetrievalConfig, Retriever
from benchmark.adapters.baseline.tokenize import load_jieba
from benchmark.documents.case import Case, load_case
from benchmark.questions import load_question_set
from benchmark.resources import datasets_dir

CASE_SET = datasets_dir() / "case_fraud" / "fact_exact.json"


def timed(fn: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def row(name: str, samples: list[tuple[float, float]]) -> str:
    walls, cpus = [s[0] for s in samples], [s[1] for s in samples]
    return (
        f"| {name} | {statistics.median(walls):.3f} | {min(walls):.3f}-{max(walls):.3f} | "
        f"{statistics.median(cpus):.3f} | {min(cpus):.3f}-{max(cpus):.3f} |"
    )


def one_process() -> None:
    """One fresh process's first build (the tokenizer caches texts: a second build would be faster
    than any run's): prints the wall and CPU seconds of each step as JSON."""
    qs = load_question_set(CASE_SET)
    out: dict[str, object] = {}
    holder: list[Case] = []
    out["load"] = timed(lambda: holder.append(load_case(qs.documents)))
    case = holder[0]
    out["jieba"] = timed(load_jieba)
    built: list[Retriever] = []
    out["index"] = timed(lambda: built.append(Retriever(case, RetrievalConfig())))
    from scorers.hallucination import document_facts

    facts = []
    out["facts"] = timed(lambda: facts.append(document_facts(case)))
    out["names"] = timed(lambda: facts[0].names_in(case.text[:2000]))
    pages = sum(d.page_count for d in case.documents.values())
    out["shape"] = (len(case.documents), pages, len(case.text), len(built[0].chunks))
    print(json.dumps(out))


STEPS = {
    "load": "load the documents",
    "jieba": "load jieba's dictionary (once per process, not per index)",
    "index": "build the case index (chunks, tokens, BM25)",
    "facts": "the case's facts for invented-specifics (once per case)",
    "names": "the case's person names, jieba POS tags (once per case, when an answer names someone)",
}


def indexing(rounds: int) -> None:
    runs = []
    for _ in range(rounds):
        done = subprocess.run(
            [sys.executable, __file__, "--one-process"], capture_output=True, text=True, check=True
        )
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    docs, pages, chars, chunks = runs[0]["shape"]
    print(f"\n### Indexing {CASE_SET.parent.name}: {docs} documents, {pages} pages, {chars:,} characters, "
          f"{chunks} chunks (a fresh process each, {rounds} runs)\n")  # fmt: skip
    print("| step | median wall s | min-max wall s | median CPU s | min-max CPU s |")
    print("|---|---|---|---|---|")
    for key, name in STEPS.items():
        print(row(name, [tuple(r[key]) for r in runs]))  # type: ignore[misc]


def main_job(rounds: int) -> None:
    samples = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as out:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "benchmark", "--output", out],
                capture_output=True,
                text=True,
                check=False,
            )
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if done.returncode not in (0, 1):
                raise SystemExit(f"the main job failed ({done.returncode}): {done.stderr[-500:]}")
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            samples.append((wall, cpu))
    total = next(line for line in done.stdout.splitlines() if line.startswith("all "))
    print(f"\n### The main job, `python -m benchmark` over every bundled set ({rounds} runs)\n")
    print("| what | median wall s | min-max wall s | median CPU s | min-max CPU s |")
    print("|---|---|---|---|---|")
    print(row("whole process (baseline adapter)", samples))
    print(f"\n(summary row: `{' '.join(total.split())}`)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--skip-main", action="store_true", help="only the indexing part")
    parser.add_argument("--one-process", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_process:
        one_process()
        return
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    indexing(args.rounds)
    if not args.skip_main:
        main_job(args.rounds)


if __name__ == "__main__":
    main()
