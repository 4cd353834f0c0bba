"""The seed API (the original question-format document), kept working as a thin layer over ``benchmark.api``.

    from benchmark.test_runner import BenchmarkRunner
    runner = BenchmarkRunner("path/to/benchmark")
    summary = runner.run_benchmark(rag_system, question_type="fact_exact")
    print(summary["overall_percentage"])

``rag_system`` is any object whose ``.query(question_text)`` returns an answer in any accepted shape
(a string, or ``{"answer", "citation" | "citations", "evidence": [str | {...}]}``). As a script,
``python benchmark/test_runner.py --type fact_exact`` is ``python -m benchmark run --type fact_exact``.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__" and not __package__:  # run as a script: import the package, not this folder
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from typing import Any


class BenchmarkRunner:
    """Runs question sets (a file or a folder) against a RAG object, like the seed's runner did."""

    def __init__(
        self, benchmark_path: str | Path | None = None, *, output_dir: str | Path | None = None
    ) -> None:
        self.benchmark_path = benchmark_path
        self.output_dir = output_dir
        self.last_record: Any = None

    def run_benchmark(
        self,
        rag_system: Any,
        question_type: str | None = None,
        *,
        tags: tuple[str, ...] = (),
        concurrency: int = 1,
        timeout: float = 60.0,
    ) -> dict[str, Any]:
        """Ask every (selected) question, score, and return the summary.

        The summary is docs/contract.md §5's (``total``, ``passed``, ``score``, ``pass_rate``, ``by_type`` ...)
        plus the seed's ``overall_percentage`` (the mean score in percent) and ``results`` (one entry
        per question). ``concurrency`` is 1 by default: the seed called systems one at a time.
        """
        from benchmark.adapters.python_callable import wrap
        from benchmark.api import run
        from benchmark.report.json_report import build_report

        record = run(
            self.benchmark_path,
            wrap(rag_system, name=f"python-object:{type(rag_system).__name__}"),
            types=(question_type,) if question_type else (),
            tags=tags,
            concurrency=concurrency,
            timeout=timeout,
            output_dir=self.output_dir,
        )
        self.last_record = record
        report = build_report(record)
        summary: dict[str, Any] = dict(report["summary"])
        summary["overall_percentage"] = round(summary["score"] * 100, 2)
        summary["results"] = report["questions"]
        return summary


def main(argv: list[str] | None = None) -> Any:
    from benchmark.cli import main as cli_main

    args = list(sys.argv[1:] if argv is None else argv)
    return cli_main(["run", *args])


if __name__ == "__main__":
    sys.exit(main())
