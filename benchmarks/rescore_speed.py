"""Re-scoring speed as a user runs it: ``python -m benchmark rescore RUN`` of a 10,000-answer run.

Two shapes of run, both answered by the ``oracle`` and scored by the real scorers:

- ``distinct``: 10,000 fact_exact questions (the bundled transcript questions, copied with new ids);
- ``trials``: the bundled transcript fact_exact set, repeated (``--repeat``) to 10,000 answers.

Each run is made once by ``run``; then ``rescore`` runs in a fresh process ``--rounds`` times, reading
the answers from the run's ``answers.jsonl``, and (``--from-cache``) from the answer cache with the
run's ``answers.jsonl`` moved away, as after an interrupted run. Every rescore writes its run
directory (report.json, report.html, answers.jsonl) and the run history. Wall, CPU (min / median /
max) and the load average are printed. Usage:
``uv run python benchmarks/rescore_speed.py [--answers N] [--rounds 5] [--from-cache] [--python OTHER/.venv/bin/python]``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wholeproc import load, measure, spread

from benchmark.resources import datasets_dir
from benchmark.rundir import list_runs

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


PYTHON = [sys.executable]


def cli(*args: str) -> list[str]:
    return [*PYTHON, "-m", "benchmark", *args]


def measure_rescore(name: str, dataset: Path, repeat: int, out: Path, rounds: int, from_cache: bool) -> None:
    made = measure(cli("run", "--dataset", str(dataset), "--adapter", "oracle", "--repeat", str(repeat),
                       "--concurrency", "16", "--no-progress", "--output", str(out)), cwd=out.parent)  # fmt: skip
    assert made.returncode == 0, made.stderr[-2000:]
    [source] = list_runs(out)
    answers = source.path / "answers.jsonl"
    n = sum(1 for _ in answers.open("rb"))
    if from_cache:
        answers.rename(answers.with_suffix(".away"))
    runs = []
    for _ in range(rounds):
        done = measure(cli("rescore", str(source.path), "--output", str(out / "rescored")), cwd=out.parent)
        assert done.returncode == 0, done.stderr[-2000:]
        runs.append(done)
    where = "the answer cache" if from_cache else "answers.jsonl"
    print(f"{name:<9} {n} answers (run: {made.wall:.2f} s wall, {made.cpu:.2f} s cpu); rescore from {where}, "
          f"{rounds} runs: wall s {spread([r.wall for r in runs])}, cpu s {spread([r.cpu for r in runs])}, "
          f"peak MB {spread([r.peak_mb for r in runs], '{:.0f}')}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--from-cache", action="store_true")
    parser.add_argument("--python", help="the interpreter whose `python -m benchmark` is timed")
    args = parser.parse_args()
    if args.python:
        PYTHON[:] = [args.python]
    print(f"load average before: {load()}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        big = distinct_set(folder, args.answers)
        measure_rescore("distinct", big, 1, folder / "runs_a", args.rounds, args.from_cache)
        per_set = len(json.loads(SOURCE.read_text(encoding="utf-8"))["questions"])
        measure_rescore(
            "trials", SOURCE, -(-args.answers // per_set), folder / "runs_b", args.rounds, args.from_cache
        )
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
