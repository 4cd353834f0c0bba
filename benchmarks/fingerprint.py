"""A fingerprint of every report line: proof that a refactor left every verdict as it was.

Every bundled question is answered by the ``oracle`` and the ``baseline`` adapters, each answer also
perturbed three ways (other numbers, wrong pages, a hedge; see ``scoring_throughput.py``), and each
pair is scored and turned into its report line exactly as a run does. The lines (timing fields
dropped) are hashed per question type and all together.

The hashes per type and ``all`` cover the datasets over one document, so they stay comparable with
those recorded before case files existed; the folders holding a case file (a set over several
documents) are answered and hashed apart (``cases/<type>``, ``cases/all``), each group in a pool of its
own: a perturbation depends on its pair's place in the pool, so a shared pool would change every
line. Retrieval diagnostics (the answer's ``contexts`` and
``details.retrieval``, measured beside the verdicts since the adapters return contexts) are left out of
those lines and hashed on their own (``retrieval``), so a change to the verdicts and a change to the
retrieval measurement show apart.

Usage: ``uv run python benchmarks/fingerprint.py [--write LINES.jsonl]``; compare the printed hashes
before and after a change, and ``diff`` two ``--write`` files to see which lines moved.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring_throughput import build_pool

from benchmark.answers import parse_answer
from benchmark.questions import load_question_sets
from benchmark.report.json_report import question_entry
from benchmark.resources import datasets_dir
from benchmark.results import FAIL, PASS, QuestionResult
from benchmark.scoring import score_answer

TIMING_FIELDS = ("latency_ms",)
ROOT = str(Path(__file__).resolve().parent.parent)


def _retrieval_apart(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry without its retrieval diagnostics, and those diagnostics (see the module docstring)."""
    answer = entry.get("answer") or {}
    details = entry.get("details") or {}
    apart = {"contexts": answer.pop("contexts", None), "retrieval": details.pop("retrieval", None)}
    return apart if any(v is not None for v in apart.values()) else {}


def report_lines(paths: list[str], prefix: str = "") -> list[tuple[str, str]]:
    """(hash key, canonical JSON of a report line) for every pool pair, in pool order: keyed by the
    question type (after ``prefix``), and ``retrieval`` for the retrieval diagnostics."""
    pool = build_pool(paths)
    lines = []
    for index, raw in pool.answers:
        qs, q, doc = pool.pairs[index]
        answer = parse_answer(raw)
        result = score_answer(q, answer, criteria=qs.criteria, document=doc, case=pool.cases[index])
        outcome = PASS if result.passed else FAIL
        entry = question_entry(QuestionResult(question=q, outcome=outcome, result=result, answer=answer))
        for name in TIMING_FIELDS:
            entry.pop(name, None)
        apart = _retrieval_apart(entry)
        line = json.dumps(entry, ensure_ascii=False, sort_keys=True)
        lines.append((prefix + q.type, line.replace(ROOT, ".")))  # the same hashes in any checkout
        if apart:
            extra = json.dumps({"id": q.id, **apart}, ensure_ascii=False, sort_keys=True)
            lines.append(("retrieval", extra.replace(ROOT, ".")))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, help="also write every line to this JSONL file")
    args = parser.parse_args()
    sets = load_question_sets([datasets_dir()])
    case_folders = {qs.path.parent for qs in sets if qs.is_case}
    one = [str(qs.path) for qs in sets if qs.path.parent not in case_folders]
    cases = [str(qs.path) for qs in sets if qs.path.parent in case_folders]
    lines = report_lines(one) + (report_lines(cases, "cases/") if cases else [])
    digests: dict[str, hashlib._Hash] = {}
    for kind, line in lines:
        overall = "retrieval" if kind == "retrieval" else "cases/all" if kind.startswith("cases/") else "all"
        for key in dict.fromkeys((kind, overall)):
            digests.setdefault(key, hashlib.sha256()).update(line.encode() + b"\n")
    for key in sorted(digests):
        print(f"{key:14} {digests[key].hexdigest()[:16]}")
    print(f"{len(lines)} report lines")
    if args.write:
        args.write.write_text("".join(line + "\n" for _, line in lines), encoding="utf-8")


if __name__ == "__main__":
    main()
