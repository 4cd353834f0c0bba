"""Whole-process time of a run on a document with one very long line: is it linear in the line's size?

For each shape and size a folder is made with the loan contract's conflict_gap set, a document that is
the contract followed by one line of SIZE megabytes, and a replay file whose answers name people (some
the document holds, some invented, compound surnames among them) and state amounts and dates, so the
name detector and every other check of invented specifics read the whole document. Then
``python -m benchmark run --adapter replay:...`` runs in a fresh process; wall time and CPU time
(user + system of the child) are printed with the load average before the run.

Shapes: ``sentences`` (a sentence with punctuation, repeated), ``contract`` (the contract's own text
with its line breaks removed, repeated), ``han`` (random Han characters with a name now and then and
no punctuation at all: one block for jieba, seeded).

Usage: ``uv run python benchmarks/long_line.py [--sizes 1,2,5,10] [--shapes sentences,contract,han]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "datasets" / "loan_contract"
ANSWERS = [
    "材料中没有记载。夏侯村的欧阳明和诸葛亮说，钱是上官婉儿借的，金额42000元，2022年3月15日还清。",
    "殳怀瑾于2022年3月15日出借40万元，保证人訾牧川，联系人司马光，电话13912345678。",
    "不知道。王建军和慕容复在场，长孙无忌记录，合计肆万贰仟元整。",
]


def _line(shape: str, size: int, rng: random.Random) -> str:
    """About ``size`` bytes of UTF-8 on one line."""
    chars = size // 3
    if shape == "sentences":
        unit = "王某向李某借款五万元，约定于次年还清。"
    elif shape == "contract":
        unit = (DATA / "document.md").read_text(encoding="utf-8").replace("\n", " ")
    else:
        han = [chr(rng.randrange(0x4E00, 0x9FA5)) for _ in range(chars)]
        for i in range(0, chars, 5000):
            han[i : i + 3] = list(rng.choice(["欧阳明", "顾建国", "殳怀瑾", "司马光"]))
        return "".join(han)
    return (unit * (chars // len(unit) + 1))[:chars]


def make_inputs(folder: Path, shape: str, megabytes: float) -> Path:
    folder.mkdir(parents=True)
    data = json.loads((DATA / "conflict_gap.json").read_text(encoding="utf-8"))
    data["document"] = "document.md"
    (folder / "set.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    contract = (DATA / "document.md").read_text(encoding="utf-8")
    line = _line(shape, int(megabytes * 2**20), random.Random(13))
    (folder / "document.md").write_text(contract + "\n" + line + "\n", encoding="utf-8")
    answers = [{"id": q["id"], "answer": ANSWERS[i % len(ANSWERS)]} for i, q in enumerate(data["questions"])]
    (folder / "answers.jsonl").write_text(
        "".join(json.dumps(a, ensure_ascii=False) + "\n" for a in answers), encoding="utf-8"
    )
    return folder


def run(folder: Path) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the child, exit code)."""
    cmd = [sys.executable, "-m", "benchmark", "run", "--dataset", "set.json", "--adapter",
           "replay:answers.jsonl", "--output", "runs", "--no-progress", "--render", "tsv"]  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1):
        print(proc.stderr[-2000:], file=sys.stderr)
    return wall, cpu, proc.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,2,5,10", help="megabytes of the long line")
    parser.add_argument("--shapes", default="sentences,contract,han")
    args = parser.parse_args()
    sizes = [float(s) for s in args.sizes.split(",")]
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("shape      MB    wall s   cpu s   exit")
    root = Path(tempfile.mkdtemp(prefix="lrb-long-line-"))
    try:
        for shape in args.shapes.split(","):
            for mb in sizes:
                folder = make_inputs(root / f"{shape}-{mb:g}", shape, mb)
                wall, cpu, code = run(folder)
                print(f"{shape:<10} {mb:>4g}  {wall:7.2f}  {cpu:6.2f}   {code}", flush=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
