"""Whole-process speed of the path a user runs: ``python -m benchmark run --adapter replay:FILE``.

A folder of question sets is made from the bundled sets over one document (``SETS``), each question copied with new ids until
there are N questions (the documents copied beside them), and a replay file answers every copy with
one of the pool's answers (``scoring_throughput.py``: oracle and baseline answers, each also perturbed
three ways, every answer text made distinct). Then the CLI runs in a fresh process with a fresh output
directory, R times; min, median and max of the wall time and pairs/s are printed, with the load
average before and after the runs, the CPU time of each run (the process and its scoring
processes) and its peak memory (``wholeproc.measure``).

Usage: ``uv run python benchmarks/replay_run.py [--answers 20000] [--rounds 5] [--keep DIR] [-- EXTRA CLI ARGS]``
(e.g. ``-- --workers 2``). ``--keep DIR`` makes the inputs there once and reuses them.
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

from scoring_throughput import build_pool, distinct
from wholeproc import load, measure, spread

from benchmark.resources import datasets_dir

SETS = ("judgment", "loan_contract", "transcript")  # one document per set (the case files name several)


def make_inputs(folder: Path, n: int) -> tuple[Path, Path]:
    """Sets holding n question copies in all, and the replay file answering each of them."""
    pool = build_pool([str(datasets_dir() / name) for name in SETS])
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
    parser.add_argument("--keep", type=Path, help="make the inputs in this folder once, and reuse them")
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the checkout to time")
    parser.add_argument("extra", nargs="*", help="extra arguments for `run` (after --)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        if (folder / "answers.jsonl").is_file():
            sets_dir, replay = folder / "sets", folder / "answers.jsonl"
        else:
            folder.mkdir(parents=True, exist_ok=True)
            sets_dir, replay = make_inputs(folder, args.answers)
        command = [args.python, "-m", "benchmark", "run", "--dataset", str(sets_dir),
                   "--adapter", f"replay:{replay}", "--no-progress", "--render", "summary", *args.extra]  # fmt: skip
        print(f"command: {' '.join(command[1:])} --output <fresh dir>")
        print(f"load average before: {load()}")
        runs = []
        for r in range(args.rounds):
            out = Path(tmp) / f"runs_{r}"
            done = measure([*command, "--output", str(out)], cwd=Path(tmp))  # the interpreter's own checkout
            shutil.rmtree(out, ignore_errors=True)
            if done.returncode not in (0, 1):
                sys.exit(f"run exited {done.returncode}:\n{done.stderr[-2000:]}")
            runs.append(done)
            print(
                f"  round {r + 1}: wall {done.wall:.2f} s, cpu {done.cpu:.2f} s, peak {done.peak_mb:.0f} MB"
            )
        print(f"load average after: {load()}")
        walls, cpus = [d.wall for d in runs], [d.cpu for d in runs]
        print(f"{args.answers} answers, {args.rounds} runs (min / median / max): wall s {spread(walls)}; "
              f"pairs/s {spread(sorted(args.answers / w for w in walls), '{:,.0f}')}; cpu s {spread(cpus)}; "
              f"pairs per cpu-s {spread(sorted(args.answers / c for c in cpus), '{:,.0f}')}; "
              f"peak MB {spread([d.peak_mb for d in runs], '{:.0f}')}")  # fmt: skip


if __name__ == "__main__":
    main()
