"""Whole-process speed of the path a user runs: ``python -m benchmark run --adapter replay:FILE``.

A folder of question sets is made from every bundled set, each question copied with new ids until
there are N questions (the documents copied beside them), and a replay file answers every copy with
one of the pool's answers (``scoring_throughput.py``: oracle and baseline answers, each also perturbed
three ways, every answer text made distinct). Then the CLI runs in a fresh process with a fresh output
directory, R times; min, median and max of the wall time and pairs/s are printed, with the load
average before the runs.

Usage: ``uv run python benchmarks/replay_run.py [--answers 20000] [--rounds 5] [-- EXTRA CLI ARGS]``
(e.g. ``-- --workers 2``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring_throughput import build_pool, distinct

from benchmark.resources import datasets_dir


def make_inputs(folder: Path, n: int) -> tuple[Path, Path]:
    """Sets holding n question copies in all, and the replay file answering each of them."""
    pool = build_pool([str(datasets_dir())])
    by_pair: dict[int, list[dict]] = {}
    for index, answer in pool.answers:
        by_pair.setdefault(index, []).append(answer)
    sets_dir = folder / "sets"
    sets_dir.mkdir()
    copies: dict[str, list[dict]] = {}
    answers = []
    for i in range(n):
        index = i % len(pool.pairs)
        qs, q, _ = pool.pairs[index]
        new_id = f"{q.id}__{i:06d}"
        raw = dict(q.raw, id=new_id) if getattr(q, "raw", None) else None
        copies.setdefault(str(qs.path), []).append(raw or {"id": new_id})
        variants = by_pair[index]
        answers.append({"id": new_id, **distinct(variants[(i // len(pool.pairs)) % len(variants)], i)})
    for k, (path, questions) in enumerate(sorted(copies.items())):
        source = json.loads(Path(path).read_text(encoding="utf-8"))
        document = source.get("document") or source.get("document_info", {}).get("source_path")
        target = sets_dir / f"set_{k:02d}"
        target.mkdir()
        if document:
            shutil.copy(Path(path).parent / document, target / Path(document).name)
            if "document" in source:
                source["document"] = Path(document).name
            else:
                source["document_info"]["source_path"] = Path(document).name
        source["questions"] = questions
        (target / "set.json").write_text(json.dumps(source, ensure_ascii=False), encoding="utf-8")
    replay = folder / "answers.jsonl"
    replay.write_text("".join(json.dumps(a, ensure_ascii=False) + "\n" for a in answers), encoding="utf-8")
    return sets_dir, replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("extra", nargs="*", help="extra arguments for `run` (after --)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sets_dir, replay = make_inputs(folder, args.answers)
        command = [sys.executable, "-m", "benchmark", "run", "--dataset", str(sets_dir),
                   "--adapter", f"replay:{replay}", "--no-progress", "--render", "summary", *args.extra]  # fmt: skip
        print(f"command: {' '.join(command[1:])} --output <fresh dir>")
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        walls = []
        for r in range(args.rounds):
            out = folder / f"runs_{r}"
            start = time.perf_counter()
            done = subprocess.run([*command, "--output", str(out)], capture_output=True, text=True)
            walls.append(time.perf_counter() - start)
            if done.returncode not in (0, 1):
                sys.exit(f"run exited {done.returncode}:\n{done.stderr[-2000:]}")
        print("wall s per run: " + " ".join(f"{w:.2f}" for w in walls))
        rates = sorted(args.answers / w for w in walls)
        print(f"{args.answers} answers, {args.rounds} runs: wall s min {min(walls):.2f} median "
              f"{statistics.median(walls):.2f} max {max(walls):.2f}; pairs/s min {rates[0]:,.0f} "
              f"median {statistics.median(rates):,.0f} max {rates[-1]:,.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
