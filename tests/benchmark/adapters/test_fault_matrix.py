"""Every fault class, through every HTTP adapter, to the runner's outcome; and a 200-question faulty run.

The fake server (127.0.0.1, started here) injects each fault for one question. Transient faults (429
with Retry-After, 5xx, timeouts, dropped connections) must be retried by the runner and succeed when
the fault passes; the others must end as a SKIP whose reason says what went wrong, after one attempt.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmark.adapters.base import create_adapter
from benchmark.api import run as run_benchmark
from benchmark.errors import AdapterError
from benchmark.models import Question
from benchmark.questions import load_question_sets
from benchmark.results import PASS, SKIP
from benchmark.runner import Job, Settings, run_jobs_sync
from tests.servers.fake_rag_server import FakeRagServer
from tests.servers.support import (
    DATASETS,
    cli_exit_code,
    gold_answers,
    run,
    sample_query,
    two_hundred_sets,
    write_toml,
)

KEY = "fault-matrix-key-0123456789"
TIMEOUT_S = 0.4

# fault -> (transient?, words the reason must contain)
FAULTS: dict[str, tuple[bool, str]] = {
    "500": (True, "HTTP 500"),
    "503": (True, "HTTP 503"),
    "429": (True, "HTTP 429"),
    "slow": (True, "timeout"),
    "drop": (True, "connection error"),
    "drop_mid": (True, "connection error"),
    "html502": (True, "HTTP 502"),
    "truncated": (False, "truncated JSON"),
    "malformed": (False, "malformed JSON"),
    "html": (False, "HTML page"),
    "401": (False, "HTTP 401"),
    "404": (False, "HTTP 404"),
    "302": (False, "HTTP 302 redirect to /somewhere/else"),
}
ADAPTERS = ["http", "openai", "ragflow-native", "ragflow-openai"]


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeRagServer]:
    monkeypatch.setenv("LRB_FAULT_KEY", KEY)
    with FakeRagServer(api_key=KEY) as srv:
        yield srv


def adapter_config(kind: str, server: FakeRagServer, tmp_path: Path, **extra: Any) -> Path:
    common: dict[str, Any] = {"api_key_env": "LRB_FAULT_KEY", "timeout": TIMEOUT_S, "concurrency": 8}
    values: dict[str, Any]
    if kind == "http":
        values = {"url": f"{server.url}/generic/ask", "response": {"answer": "$.result.text"}}
    elif kind == "openai":
        values = {"base_url": f"{server.url}/v1", "model": "m", "top_k": 2}
    else:
        endpoint = kind.split("-")[1]
        values = {"base_url": server.url, "chat_id": "chat-1", "endpoint": endpoint, "api": "current"}
    return write_toml(tmp_path / f"{kind}.toml", {**common, **values, **extra})


def spec(kind: str, path: Path) -> str:
    return f"{kind.split('-')[0]}:{path}"


@pytest.mark.parametrize("kind", ADAPTERS)
@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_each_fault_maps_to_its_class(server: FakeRagServer, tmp_path: Path, kind: str, fault: str) -> None:
    query = sample_query()
    server.fail(query.text, fault, retry_after="7")
    adapter = create_adapter(spec(kind, adapter_config(kind, server, tmp_path)))

    async def ask() -> None:
        try:
            await adapter.query(query)  # type: ignore[misc]
        finally:
            await adapter.close()  # type: ignore[attr-defined]

    with pytest.raises(AdapterError) as info:
        run(ask())
    transient, words = FAULTS[fault]
    assert info.value.transient is transient, info.value.reason
    assert words in info.value.reason
    assert info.value.retry_after == (7.0 if fault == "429" else None)
    assert KEY not in info.value.reason


def jobs_for(n: int) -> list[Job]:
    return [Job(seq=i, query=sample_query(i), trial=0, key=str(i)) for i in range(n)]


@pytest.mark.parametrize("kind", ADAPTERS)
def test_runner_retries_transient_faults_and_skips_the_rest(
    server: FakeRagServer, tmp_path: Path, kind: str
) -> None:
    faults = sorted(FAULTS)
    jobs = jobs_for(len(faults) + 1)
    for job, kind_of_fault in zip(jobs, faults, strict=False):
        server.fail(job.query.text, kind_of_fault, times=1, retry_after="0")
    server.state.answers = {job.query.text: {"answer": f"答案{job.seq}"} for job in jobs}
    adapter = create_adapter(spec(kind, adapter_config(kind, server, tmp_path)))
    replies = run_jobs_sync(adapter, jobs, Settings(concurrency=4, timeout=10, retries=2, backoff_base=0.01))
    assert [r.job.seq for r in replies] == [j.seq for j in jobs]
    expected: list[str | None] = [*faults, None]
    for reply, fault in zip(replies, expected, strict=True):
        if fault is None:
            assert reply.answer is not None and reply.attempts == 1
        elif FAULTS[fault][0]:
            assert reply.answer is not None, (fault, reply.skip_reason)
            assert reply.answer.answer == f"答案{reply.job.seq}" and reply.attempts == 2
        else:
            assert reply.answer is None and reply.attempts == 1, fault
            assert reply.skip_reason is not None and FAULTS[fault][1] in reply.skip_reason


def test_runner_honours_retry_after(server: FakeRagServer, tmp_path: Path) -> None:
    job = jobs_for(1)[0]
    server.fail(job.query.text, "429", times=1, retry_after="1")
    adapter = create_adapter(spec("http", adapter_config("http", server, tmp_path)))
    t0 = time.perf_counter()
    reply = run_jobs_sync(adapter, [job], Settings(concurrency=1, timeout=10, retries=1, backoff_base=0.01))[
        0
    ]
    assert reply.answer is not None and reply.attempts == 2
    assert time.perf_counter() - t0 >= 1.0


def test_a_fault_that_persists_is_skipped_after_the_retries(server: FakeRagServer, tmp_path: Path) -> None:
    job = jobs_for(1)[0]
    server.fail(job.query.text, "500")
    adapter = create_adapter(spec("http", adapter_config("http", server, tmp_path)))
    reply = run_jobs_sync(adapter, [job], Settings(concurrency=1, timeout=10, retries=2, backoff_base=0.01))[
        0
    ]
    assert reply.answer is None and reply.attempts == 3
    assert reply.skip_reason is not None and reply.skip_reason.startswith("HTTP 500")
    assert len(server.requests("/generic/ask")) == 3


# --- 200 questions, 10% of them faulty --------------------------------------------------------------

RECOVERS = ["500", "429", "drop", "slow", "html502"]  # injected once: the retry succeeds
PERSISTS = {
    "truncated": "truncated JSON",
    "malformed": "malformed JSON",
    "html": "HTML page",
    "401": "HTTP 401",
}
ALWAYS_500 = "500-always"


def faulty_ids(ids: list[str], share: float = 0.10) -> list[str]:
    """The questions to break: a fixed tenth, chosen by the hash of their ids."""
    ranked = sorted(ids, key=lambda i: hashlib.sha256(i.encode()).hexdigest())
    return sorted(ranked[: round(len(ids) * share)])


def plant(server: FakeRagServer, questions: dict[str, Question], kinds: list[str]) -> dict[str, str]:
    """Break a tenth of the questions, cycling through ``kinds``; returns question id -> fault."""
    plan = {qid: kinds[i % len(kinds)] for i, qid in enumerate(faulty_ids(sorted(questions)))}
    for qid, fault in plan.items():
        text = questions[qid].question
        if fault == ALWAYS_500:
            server.fail(text, "500")
        else:
            server.fail(text, fault, times=1 if fault in RECOVERS else None, retry_after="0")
    return plan


GENERIC_MAP = {
    "answer": "$.result.text",
    "citations": "$.result.sources",
    "evidence": "$.result.passages",
    "citation": {"page": "page_no", "quote": "snippet"},
}


@pytest.mark.parametrize("kind", ["ragflow-native", "http"])
def test_200_questions_with_ten_percent_faults(server: FakeRagServer, tmp_path: Path, kind: str) -> None:
    sets = two_hundred_sets()
    questions = {q.id: q for qs in sets for q in qs.questions}
    server.state.answers = gold_answers(sets)  # the oracle's answers: every answered question must pass
    plan = plant(server, questions, [*RECOVERS, *PERSISTS, ALWAYS_500])
    assert len(plan) == 20
    extra = {"response": GENERIC_MAP} if kind == "http" else {}
    path = adapter_config(kind, server, tmp_path, timeout=0.5, concurrency=8, **extra)
    out = tmp_path / "runs"
    record = run_benchmark(sets, spec(kind, path), concurrency=8, timeout=20, retries=2, output_dir=out)

    results = {r.id: r for r in record.results}
    assert len(record.results) == 200 and sorted(results) == sorted(questions)  # nothing lost
    for qid, r in results.items():
        fault = plan.get(qid, "")
        if fault in PERSISTS or fault == ALWAYS_500:
            assert r.outcome == SKIP, qid
            assert r.skip_reason and (PERSISTS.get(fault, "HTTP 500") in r.skip_reason), r.skip_reason
        else:
            assert r.outcome == PASS, (qid, fault, r.skip_reason)
            assert r.attempts == (2 if fault in RECOVERS else 1), (qid, fault)
    summary = record.summary()
    skips = sum(fault not in RECOVERS for fault in plan.values())
    assert skips == 10 and summary["skipped"] == skips and summary["passed"] == 190
    assert record.exit_code == 1  # §6: some were skipped
    report = json.loads(next(out.glob("*/report.json")).read_text(encoding="utf-8"))
    assert len(report["questions"]) == 200 and report["summary"]["skipped"] == skips
    assert all(q["skip_reason"] for q in report["questions"] if q["outcome"] == SKIP)
    assert not [q for q in report["questions"] if q["outcome"] != SKIP and q["skip_reason"]]


@pytest.mark.parametrize(("kinds", "code"), [(RECOVERS, 0), ([*RECOVERS, "malformed"], 1)])
def test_cli_exit_code_after_faults(
    server: FakeRagServer, tmp_path: Path, kinds: list[str], code: int
) -> None:
    """Through the CLI on every bundled set: recovered faults leave a clean run (0), a lasting one gives 1."""
    sets = load_question_sets([DATASETS])
    questions = {q.id: q for qs in sets for q in qs.questions}
    server.state.answers = gold_answers(sets)
    plant(server, questions, kinds)
    body = {"question": "{question}", "id": "{question_id}"}  # two cases ask some questions in the same words
    path = adapter_config(
        "http", server, tmp_path, timeout=0.5, concurrency=8, response=GENERIC_MAP, body=body
    )
    args = ["run", "--adapter", f"http:{path}", "--output", str(tmp_path / "runs"), "--concurrency", "8"]
    assert cli_exit_code([*args, "--retries", "2", "--timeout", "20"]) == code
