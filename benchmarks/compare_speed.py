"""How long ``compare`` takes with a big run history: 100 runs of 10,000 questions in the store.

Run: ``uv run python benchmarks/compare_speed.py`` (prints a markdown table). The store is built once in
``--store`` (default: a temporary folder) and kept with ``--keep`` for re-runs. Each timing is the whole
command in a fresh subprocess (interpreter start, imports, SQLite reads, 10,000 bootstrap resamples for
the overall score and again per question type, McNemar, output), as a user or a CI job runs it.
Budget (the issue): under 2 s for two runs.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmark.store import RunStore

TYPES = ("fact_exact", "evidence_set", "conflict_gap")
COMPONENTS = {
    "fact_exact": ("exact_match", "citation"),
    "evidence_set": ("evidence_recall", "evidence_precision", "citation"),
    "conflict_gap": ("abstention", "no_hallucination", "quote"),
}


def question(rng: random.Random, i: int, skill: float) -> dict[str, Any]:
    """One synthetic result: a type, component scores drawn around the run's skill, a short answer."""
    qtype = TYPES[i % 3]
    comps = {c: (1.0 if rng.random() < skill else 0.0) for c in COMPONENTS[qtype]}
    score = round(sum(comps.values()) / len(comps), 6)
    skipped = rng.random() < 0.01
    diag = {
        c: {"score": v, "weight": round(1 / len(comps), 6), "status": "match" if v else "mismatch"}
        for c, v in comps.items()
    }
    return {
        "id": f"q{i:05d}",
        "type": qtype,
        "outcome": "SKIP" if skipped else ("PASS" if score >= 0.7 else "FAIL"),
        "score": None if skipped else score,
        "components": {} if skipped else comps,
        "details": {} if skipped else {"components": diag},
        "answer": None
        if skipped
        else {
            "answer": f"第{i}题的回答：金额为{rng.randint(1, 99) * 1000}元。",
            "citations": [{"page": 1 + i % 9}],
        },
        "latency_ms": rng.randint(50, 900),
        "skip_reason": "timeout" if skipped else None,
    }


def synthetic_report(run: int, questions: int) -> dict[str, Any]:
    rng = random.Random(run)
    skill = 0.70 + 0.002 * run
    items = [question(rng, i, skill) for i in range(questions)]
    resolved = [q for q in items if q["outcome"] != "SKIP"]
    passed = sum(q["outcome"] == "PASS" for q in items)
    summary = {
        "total": len(items), "passed": passed, "failed": len(resolved) - passed,
        "skipped": len(items) - len(resolved), "resolved": len(resolved),
        "score": round(sum(q["score"] for q in resolved) / len(resolved), 6),
        "pass_rate": round(passed / len(resolved), 6), "coverage": round(len(resolved) / len(items), 6), "by_type": {},
    }  # fmt: skip
    return {
        "tool": "legal-rag-bench", "version": "bench", "run_id": f"20260101T{run:06d}Z-{run:06x}",
        "started_at": f"2026-01-01T00:{run // 60:02d}:{run % 60:02d}Z", "adapter": {"name": f"variant-{run}", "config": {}},
        "summary": summary, "questions": items,
    }  # fmt: skip


def fill(store_path: Path, runs: int, questions: int) -> float:
    t0 = time.perf_counter()
    with RunStore(store_path) as store:
        have = {r.run_id for r in store.list_runs()}
        for run in range(runs):
            report = synthetic_report(run, questions)
            if report["run_id"] not in have:
                store.save_report(report, label=f"v{run}")
    return time.perf_counter() - t0


def timed(args: list[str], repeats: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds (user + system, of the child) of each repeat.

    CPU time barely changes when other processes share the machine; wall time does.
    """
    wall, cpu = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "benchmark", *args], capture_output=True, text=True)
        wall.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode not in (0, 1):
            raise SystemExit(f"compare failed: {done.stderr}")
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--store", type=Path, default=None, help="Store to build or reuse (default: a temp dir)."
    )
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--questions", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="Keep the temporary store.")
    args = parser.parse_args()
    tmp = None if args.store else Path(tempfile.mkdtemp(prefix="lrb-compare-"))
    store = args.store or tmp / "history.sqlite"  # type: ignore[operator]
    seconds = fill(store, args.runs, args.questions)
    size = store.stat().st_size / 1e6
    print(
        f"store: {args.runs} runs x {args.questions} questions, {size:.0f} MB, filled in {seconds:.1f} s ({store})\n"
    )
    a, b = "v49", "v50"
    cases = [
        ("compare A B (text, 10,000 resamples)", ["compare", a, b, "--store", str(store)]),
        ("compare A B --json", ["compare", a, b, "--store", str(store), "--json"]),
        (
            "compare A B --fail-on-regression 0.01",
            ["compare", a, b, "--store", str(store), "--fail-on-regression", "0.01"],
        ),
        ("compare A B C (two comparisons)", ["compare", a, b, "v51", "--store", str(store)]),
        ("runs list (100 runs)", ["runs", "list", "--store", str(store)]),
        ("python -m benchmark --help (start-up)", ["--help"]),
    ]
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs\n")
    print("| command | wall s (median) | wall s (min) | CPU s (median) |\n|---|---|---|---|")
    for name, argv in cases:
        wall, cpu = timed(argv, args.repeats)
        print(
            f"| `{name}` | {statistics.median(wall):.2f} | {min(wall):.2f} | {statistics.median(cpu):.2f} |"
        )
    if tmp is not None and not args.keep:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
