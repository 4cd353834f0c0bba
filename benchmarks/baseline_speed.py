"""How long the baseline takes to answer every bundled question, indexing included (target: < 5 s).

Loads every bundled set (``benchmark.questions.load_question_sets(["datasets"])``) and its document,
then answers each question with a fresh ``baseline`` adapter in one thread, and prints the seconds:
the jieba dictionary load, chunking and indexing, and the answers, separately and in total.

Usage: ``uv run python benchmarks/baseline_speed.py [--retriever bm25] [--chunking structure]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from benchmark.adapters.base import Query
from benchmark.adapters.baseline import create, get_retriever
from benchmark.adapters.baseline.tokenize import load_jieba
from benchmark.documents import load_document
from benchmark.questions import load_question_sets

REPO = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--retriever", default="bm25")
    parser.add_argument("--chunking", default="structure")
    parser.add_argument("--model", default=None)
    args = parser.parse_args()
    options = {"retriever": args.retriever, "chunking": args.chunking}
    if args.model:
        options["model"] = args.model

    sets = load_question_sets([REPO / "datasets"])
    documents = {str(s.document_path): load_document(s.document_path) for s in sets if s.document_path}
    adapter = create(None, options)

    cpu_start = time.process_time()
    start = time.perf_counter()
    load_jieba()
    loaded = time.perf_counter()
    for document in documents.values():
        get_retriever(document, adapter.config)
    indexed = time.perf_counter()
    count = 0
    for qs in sets:
        document = documents[str(qs.document_path)]
        for question in qs.questions:
            adapter.query(Query(question=question, document=document, document_path=qs.document_path))
            count += 1
    done = time.perf_counter()
    cpu = time.process_time() - cpu_start

    print(f"sets: {len(sets)}, documents: {len(documents)}, questions: {count}")
    print(f"jieba dictionary load: {loaded - start:.2f} s")
    print(f"chunking + indexing:   {indexed - loaded:.2f} s")
    print(
        f"answering:             {done - indexed:.2f} s ({(done - indexed) / max(count, 1) * 1000:.1f} ms/question)"
    )
    print(f"total:                 {done - start:.2f} s wall, {cpu:.2f} s CPU (the machine may be shared)")


if __name__ == "__main__":
    main()
