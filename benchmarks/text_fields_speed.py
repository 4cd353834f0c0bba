"""The CPU time of comparing free-text fields (``text_answer``, ``entity``) alone.

Builds the answers of ``benchmarks/scoring_throughput.py`` (the ``oracle`` and ``baseline`` adapters over
the bundled sets, each perturbed three ways, each with a closing sentence of its own), keeps the
fact_exact answers whose question has a text or entity field, and times ``compare_field`` for those
fields only, each answer read afresh (``AnswerValues``), best of five passes.

Usage: ``uv run python benchmarks/text_fields_speed.py``. See docs/performance.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import benchmarks.scoring_throughput as throughput
from benchmark.answers import parse_answer
from benchmark.resources import datasets_dir
from scorers.comparators import compare_field
from scorers.extract import AnswerValues

TEXT_FIELDS = ("text_answer", "entity")


def main() -> int:
    pool = throughput.build_pool([str(datasets_dir())])
    items = []
    for i, (index, base) in enumerate(pool.answers):
        _, question, document = pool.pairs[index]
        fields = [f for f in question.expected.fact_fields() if f in TEXT_FIELDS]
        if question.type != "fact_exact" or not fields:
            continue
        answer = parse_answer(dict(base, answer=base["answer"] + throughput.closing_sentence(i)))
        items.append((question, document or pool.cases[index], answer, fields))

    def one_pass() -> float:
        start = time.process_time()
        for question, document, answer, fields in items:
            values = AnswerValues(answer, question, document)
            for name in fields:
                compare_field(name, question, values)
        return time.process_time() - start

    one_pass()  # warm-up: documents, patterns, jieba when the token rule needs it
    best = min(one_pass() for _ in range(5))
    print(f"{len(items)} answers with a text or entity field: {best / len(items) * 1e6:.1f} µs of CPU each")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
