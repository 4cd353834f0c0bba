"""Re-scoring speed: a 10,000-answer run re-scored from the answer cache (target under 5 s).

Two shapes of run, both answered by the ``oracle`` and scored by the real scorers:

- ``distinct``: 10,000 fact_exact questions (the bundled transcript questions, copied with new ids);
- ``trials``: the bundled transcript fact_exact set, repeated (``--repeat``) to 10,000 answers.

For each, ``rescore`` is timed (best of 3) reading the answers from the answer cache (the run's ``answers.jsonl``
removed, as after an interrupted run) and from ``answers.jsonl``. Usage:
``uv run python benchmarks/rescore_speed.py [--answers N]``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmark.api import rescore, run
from benchmark.resources import datasets_dir

ROUNDS = 3  # best of, to see past other load on the machine
SOURCE = datasets_dir() / "transcript" / "fact_exact.json"


def distinct_set(folder: Path, n: int) -> Path:
    base = json.loads(SOURCE.read_text(encoding="utf-8"))
    questions = base["questions"]
    copies = []
    for i in range(n):
        q = dict(questions[i % len(questions)])
        q["id"] = f"{q['id']}_{i:05d}"
        copies.append(q)
    shutil.copy(SOURCE.parent / base["document"], folder / base["document"])
    path = folder / "big.json"
    path.write_text(json.dumps({**base, "questions": copies}, ensure_ascii=False), encoding="utf-8")
    return path


def timed_rescore(out: Path, run_id: str, *, from_cache: bool) -> float:
    answers = out / run_id / "answers.jsonl"
    backup = answers.with_suffix(".bak")
    if from_cache:
        answers.rename(backup)
    start = time.perf_counter()
    record = rescore(run_id, output_dir=out, write=False)
    elapsed = time.perf_counter() - start
    if from_cache:
        backup.rename(answers)
    assert all(r.outcome == "PASS" for r in record.results), "the oracle must pass every question"
    return elapsed


def measure(name: str, path: Path, repeat: int, out: Path) -> None:
    start = time.perf_counter()
    record = run(path, "oracle", repeat=repeat, output_dir=out, concurrency=16)
    first = time.perf_counter() - start
    n = len(record.results)
    cache = min(timed_rescore(out, record.run_id, from_cache=True) for _ in range(ROUNDS))
    jsonl = min(timed_rescore(out, record.run_id, from_cache=False) for _ in range(ROUNDS))
    print(f"{name:<9} {n} answers: run {first:.2f} s; rescore from cache {cache:.2f} s "
          f"({n / cache:,.0f} answers/s), from answers.jsonl {jsonl:.2f} s")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--answers", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        measure("distinct", distinct_set(folder, args.answers), 1, folder / "runs_a")
        per_set = len(json.loads(SOURCE.read_text(encoding="utf-8"))["questions"])
        repeat = -(-args.answers // per_set)
        measure("trials", SOURCE, repeat, folder / "runs_b")


if __name__ == "__main__":
    main()
