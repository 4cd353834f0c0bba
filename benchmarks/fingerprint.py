"""A fingerprint of every report line: proof that a refactor left every verdict as it was.

Every bundled question is answered by the ``oracle`` and the ``baseline`` adapters, each answer also
perturbed three ways (other numbers, wrong pages, a hedge; see ``scoring_throughput.py``), and each
pair is scored and turned into its report line exactly as a run does. The lines (timing fields
dropped) are hashed per question type and all together.

Usage: ``uv run python benchmarks/fingerprint.py [--write LINES.jsonl]``; compare the printed hashes
before and after a change, and ``diff`` two ``--write`` files to see which lines moved.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring_throughput import build_pool

from benchmark.answers import parse_answer
from benchmark.report.json_report import question_entry
from benchmark.resources import datasets_dir
from benchmark.results import FAIL, PASS, QuestionResult
from benchmark.scoring import score_answer

TIMING_FIELDS = ("latency_ms",)


def report_lines(paths: list[str]) -> list[tuple[str, str]]:
    """(question type, canonical JSON of its report line) for every pool pair, in pool order."""
    pool = build_pool(paths)
    lines = []
    for index, raw in pool.answers:
        qs, q, doc = pool.pairs[index]
        answer = parse_answer(raw)
        result = score_answer(q, answer, criteria=qs.criteria, document=doc)
        outcome = PASS if result.passed else FAIL
        entry = question_entry(QuestionResult(question=q, outcome=outcome, result=result, answer=answer))
        for name in TIMING_FIELDS:
            entry.pop(name, None)
        lines.append((q.type, json.dumps(entry, ensure_ascii=False, sort_keys=True)))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, help="also write every line to this JSONL file")
    args = parser.parse_args()
    lines = report_lines([str(datasets_dir())])
    digests: dict[str, hashlib._Hash] = {}
    for kind, line in lines:
        for key in (kind, "all"):
            digests.setdefault(key, hashlib.sha256()).update(line.encode() + b"\n")
    for key in sorted(digests):
        print(f"{key:14} {digests[key].hexdigest()[:16]}")
    print(f"{len(lines)} report lines")
    if args.write:
        args.write.write_text("".join(line + "\n" for _, line in lines), encoding="utf-8")


if __name__ == "__main__":
    main()
