"""HTTP adapters' throughput: 2,000 questions against a local server answering in 50 ms, concurrency 16.

The fake RAG server of the test suite runs in its own process on 127.0.0.1 (so its threads do not share
the client's interpreter lock) and sleeps 50 ms before each answer. The ideal wall time is
2000 * 0.05 / 16 = 6.25 s; the target is within 1.10x of it (6.875 s). Measured for the ``http``,
``ragflow`` (native and OpenAI-compatible) and ``openai`` adapters through the runner engine with the
answer cache written as answers arrive, then ``benchmark.api.run`` end to end with the ``http`` adapter
(loading, asking, caching, scoring with a trivial scorer, writing the run directory).

Usage: ``uv run python benchmarks/http_concurrency.py [--questions N] [--concurrency C] [--latency S]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benchmark.adapters.base import Query, create_adapter  # noqa: E402
from benchmark.api import run  # noqa: E402
from benchmark.cache import AnswerCache, CachedAnswer  # noqa: E402
from benchmark.documents.loaders import load_document  # noqa: E402
from benchmark.models import Question  # noqa: E402
from benchmark.runner import Job, Reply, Settings, run_jobs_sync  # noqa: E402
from scorers.registry import SCORERS, ScorerSpec  # noqa: E402
from scorers.result import Component, combine  # noqa: E402
from tests.servers.support import write_toml  # noqa: E402

DOCUMENT = REPO / "datasets" / "loan_contract" / "document.md"
ENV = "LRB_BENCH_KEY"


def _score(question: Any, answer: Any, ctx: Any) -> Any:
    return combine([Component("answered", 1.0 if answer.answer else 0.0)], {"answered": 1.0}, 0.7)


SCORERS.register(
    "bench_http", ScorerSpec("bench_http", _score, lambda q: [], {"answered": 1.0}), replace=True
)


class Server:
    """The fake server in a child process; it exits when its stdin closes."""

    def __init__(self, latency: float) -> None:
        cmd = [sys.executable, "-m", "tests.servers.fake_rag_server", "--latency", str(latency)]
        self.proc = subprocess.Popen(cmd, cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().split()
        if line[:1] != ["PORT"]:
            raise RuntimeError(f"fake server did not start: {line}")
        self.url = f"http://127.0.0.1:{line[1]}"

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def configs(url: str, concurrency: int, folder: Path) -> dict[str, Path]:
    common = {"timeout": 30, "concurrency": concurrency, "api_key_env": ENV}
    values: dict[str, dict[str, Any]] = {
        "http": {"url": f"{url}/generic/ask", "response": {"answer": "$.result.text"}},
        "ragflow-native": {"base_url": url, "chat_id": "chat-1", "api": "current"},
        "ragflow-openai": {"base_url": url, "chat_id": "chat-1", "endpoint": "openai", "api": "current"},
        "openai": {"base_url": f"{url}/v1", "model": "bench", "top_k": 5},
    }
    return {k: write_toml(folder / f"{k}.toml", {**common, **v}) for k, v in values.items()}


def engine_seconds(spec: str, n: int, concurrency: int, folder: Path) -> tuple[float, float, int, float]:
    """(wall seconds, client CPU seconds, skipped, seconds to create the adapter) for ``n`` questions
    through the runner engine; creating the adapter (config, HTTP client, the ``openai`` adapter's
    tokenizer) comes before the timed run and is reported on its own."""
    document = load_document(DOCUMENT)
    questions = [
        Question(id=f"q{i}", type="fact_exact", question=f"第{i}问：借款本金是多少？") for i in range(n)
    ]
    jobs = [Job(i, Query(q, document, DOCUMENT, "bench"), 0, f"k{i}") for i, q in enumerate(questions)]
    cache = AnswerCache(folder / f"{spec.split(':')[0]}-{time.monotonic_ns()}.sqlite")

    def keep(reply: Reply) -> None:
        if reply.answer is not None:
            entry = CachedAnswer(
                reply.job.key,
                reply.job.query.question.id,
                0,
                reply.answer.to_dict(),
                reply.latency_ms,
                1,
                "r",
            )
            cache.put(entry, "sha")

    created = time.perf_counter()
    adapter = create_adapter(spec)
    start, cpu = time.perf_counter(), time.process_time()
    replies = run_jobs_sync(adapter, jobs, Settings(concurrency=concurrency, timeout=30), keep)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    cache.close()
    return elapsed, cpu, sum(r.answer is None for r in replies), start - created


def api_seconds(spec: str, n: int, concurrency: int, folder: Path) -> float:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "document.md").write_text(DOCUMENT.read_text(encoding="utf-8"), encoding="utf-8")
    questions = [
        {
            "id": f"q{i:05d}",
            "type": "fact_exact",
            "question": f"第{i}问：借款本金是多少？",
            "expected": {"count": 1},
            "scoring": {"scorer": "bench_http"},
        }
        for i in range(n)
    ]
    body = {"benchmark_type": "fact_exact", "document": "document.md", "questions": questions}
    (folder / "set.json").write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    start = time.perf_counter()
    record = run(folder / "set.json", spec, concurrency=concurrency, output_dir=folder / "runs")
    elapsed = time.perf_counter() - start
    assert record.exit_code == 0, record.summary()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument(
        "--repeat", type=int, default=1, help="measure N times; print the best and the median"
    )
    args = parser.parse_args()
    os.environ.setdefault(ENV, "bench-key-not-secret")
    n, c = args.questions, args.concurrency
    ideal = n * args.latency / c
    print(f"questions {n}, server latency {args.latency * 1000:.0f} ms, concurrency {c}: ideal {ideal:.3f} s")
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    server = Server(args.latency)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            paths = configs(server.url, c, folder)
            for name, path in paths.items():
                runs = [
                    engine_seconds(f"{name.split('-')[0]}:{path}", n, c, folder) for _ in range(args.repeat)
                ]
                walls = sorted(r[0] for r in runs)
                cpu_ms = statistics.median(r[1] for r in runs) / n * 1000
                print(
                    f"  {name:<15} engine + cache: best {walls[0]:.3f} s = {walls[0] / ideal:.3f}x, "
                    f"median {statistics.median(walls) / ideal:.3f}x; client CPU {cpu_ms:.2f} ms/question; "
                    f"{sum(r[2] for r in runs)} skipped; adapter created in {max(r[3] for r in runs):.2f} s"
                )
            whole = sorted(
                api_seconds(f"http:{paths['http']}", n, c, folder / f"api{i}") for i in range(args.repeat)
            )
            print(
                f"  {'http':<15} api.run end to end: best {whole[0]:.3f} s = {whole[0] / ideal:.3f}x, median {statistics.median(whole) / ideal:.3f}x"
            )
    finally:
        server.close()
        print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
