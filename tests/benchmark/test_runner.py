"""The async engine: concurrency bounds, timeouts, retries, rate limit, lifecycle, fault handling."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

import pytest

from benchmark import runner as runner_module
from benchmark.adapters.base import Query
from benchmark.errors import AdapterError, ConfigError, DocumentError
from benchmark.models import Question
from benchmark.runner import (
    Job,
    RateLimiter,
    Reply,
    Settings,
    backoff_delay,
    effective_concurrency,
    run_jobs_sync,
)


def jobs(n: int) -> list[Job]:
    return [
        Job(i, Query(Question(id=f"q{i}", type="fact_exact", question=f"问{i}")), 0, f"k{i}")
        for i in range(n)
    ]


class Counting:
    """A sync adapter that sleeps and records how many calls overlap."""

    def __init__(self, delay: float = 0.0, max_concurrency: int | None = None) -> None:
        self.delay = delay
        self.max_concurrency = max_concurrency
        self.lock = threading.Lock()
        self.active = self.peak = 0
        self.threads: set[str] = set()

    def query(self, query: Query) -> str:
        with self.lock:
            self.active += 1
            self.peak = max(self.peak, self.active)
            self.threads.add(threading.current_thread().name)
        time.sleep(self.delay)
        with self.lock:
            self.active -= 1
        return f"answer {query.question.id}"


def test_sync_adapter_runs_in_threads_up_to_the_concurrency() -> None:
    adapter = Counting(delay=0.05)
    start = time.perf_counter()
    replies = run_jobs_sync(adapter, jobs(16), Settings(concurrency=8))
    elapsed = time.perf_counter() - start
    assert adapter.peak == 8
    assert all(t.startswith("lrb-adapter") for t in adapter.threads)
    assert elapsed < 16 * 0.05 / 2  # two rounds of eight, far from sixteen serial calls
    assert [r.answer.answer for r in replies if r.answer] == [f"answer q{i}" for i in range(16)]


def test_adapter_max_concurrency_lowers_the_bound() -> None:
    adapter = Counting(delay=0.02, max_concurrency=2)
    run_jobs_sync(adapter, jobs(8), Settings(concurrency=8))
    assert adapter.peak == 2
    assert effective_concurrency(adapter, 8) == 2
    assert effective_concurrency(object(), 3) == 3


def test_async_adapter_is_awaited_on_the_loop() -> None:
    class Async:
        peak = active = 0

        async def query(self, query: Query) -> dict[str, Any]:
            self.active += 1
            self.peak = max(self.peak, self.active)
            await asyncio.sleep(0.01)
            self.active -= 1
            return {"answer": query.text}

    adapter = Async()
    replies = run_jobs_sync(adapter, jobs(12), Settings(concurrency=4))
    assert adapter.peak == 4
    assert [r.answer.answer for r in replies if r.answer] == [f"问{i}" for i in range(12)]


def test_timeout_becomes_a_skip_and_is_not_retried() -> None:
    calls = []

    async def slow(query: Query) -> str:
        calls.append(query.question.id)
        await asyncio.sleep(5)
        return "late"

    adapter = type("Slow", (), {"query": staticmethod(slow)})()
    [reply] = run_jobs_sync(adapter, jobs(1), Settings(timeout=0.05, retries=3))
    assert reply.answer is None
    assert reply.skip_reason == "timeout after 0.05s"
    assert calls == ["q0"]


class Flaky:
    def __init__(self, failures: int, retry_after: float | None = None, transient: bool = True) -> None:
        self.failures, self.retry_after, self.transient = failures, retry_after, transient
        self.times: list[float] = []

    def query(self, query: Query) -> str:
        self.times.append(time.monotonic())
        if len(self.times) <= self.failures:
            raise AdapterError("HTTP 503", transient=self.transient, retry_after=self.retry_after)
        return "ok"


def test_transient_faults_are_retried_until_an_answer() -> None:
    adapter = Flaky(failures=2)
    [reply] = run_jobs_sync(adapter, jobs(1), Settings(retries=2, backoff_base=0.01))
    assert reply.answer is not None and reply.answer.answer == "ok"
    assert reply.attempts == 3


def test_retries_exhausted_give_a_skip_with_the_last_reason() -> None:
    adapter = Flaky(failures=10)
    [reply] = run_jobs_sync(adapter, jobs(1), Settings(retries=2, backoff_base=0.01))
    assert reply.skip_reason == "HTTP 503 (after 3 attempts)"
    assert len(adapter.times) == 3


def test_retry_after_is_honoured() -> None:
    adapter = Flaky(failures=1, retry_after=0.2)
    [reply] = run_jobs_sync(adapter, jobs(1), Settings(retries=1, backoff_base=0.001))
    assert reply.answer is not None
    assert adapter.times[1] - adapter.times[0] >= 0.19


def test_permanent_adapter_errors_are_not_retried() -> None:
    adapter = Flaky(failures=10, transient=False)
    [reply] = run_jobs_sync(adapter, jobs(1), Settings(retries=5))
    assert reply.skip_reason == "HTTP 503" and reply.attempts == 1


def test_any_other_exception_is_a_skip_with_type_and_message() -> None:
    class Broken:
        def query(self, query: Query) -> str:
            raise ValueError("boom")

    [reply] = run_jobs_sync(Broken(), jobs(1), Settings())
    assert reply.skip_reason == "ValueError: boom"


def test_an_unreadable_answer_is_a_skip() -> None:
    class Weird:
        def query(self, query: Query) -> Any:
            return 42

    [reply] = run_jobs_sync(Weird(), jobs(1), Settings())
    assert reply.skip_reason == "answer must be a string or an object, got int"


def test_a_refusal_raised_by_the_adapter_stops_the_run() -> None:
    class Refusing:
        def query(self, query: Query) -> str:
            raise DocumentError("missing", path="x.md")

    with pytest.raises(DocumentError):
        run_jobs_sync(Refusing(), jobs(2), Settings())


def test_rate_limit_spaces_requests() -> None:
    """End to end, six requests at 20/s cannot all start within less than 5 intervals (a lower bound
    on elapsed time holds however loaded the machine is; the spacing itself is tested below)."""
    adapter = Flaky(failures=0)
    run_jobs_sync(adapter, jobs(6), Settings(concurrency=6, rate_limit=20.0))
    assert adapter.times[-1] - adapter.times[0] >= 5 / 20 - 0.01


def test_rate_limiter_gives_concurrent_waiters_starts_one_interval_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [100.0]
    starts: list[float] = []

    async def advance(seconds: float) -> None:  # a clock that moves only when the limiter sleeps
        clock[0] += seconds

    monkeypatch.setattr(runner_module.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(runner_module.asyncio, "sleep", advance)

    async def scenario() -> None:
        limiter = RateLimiter(20.0)

        async def one() -> None:
            await limiter.wait()
            starts.append(clock[0])

        await asyncio.gather(*(one() for _ in range(6)))

    asyncio.run(scenario())
    assert starts == pytest.approx([100.0 + i / 20 for i in range(6)])


def test_setup_and_close_wrap_the_run_sync_or_async() -> None:
    events: list[str] = []

    class Lifecycle:
        async def setup(self) -> None:
            events.append("setup")

        def close(self) -> None:
            events.append("close")

        def query(self, query: Query) -> str:
            events.append("query")
            return "x"

    run_jobs_sync(Lifecycle(), jobs(2), Settings(concurrency=1))
    assert events == ["setup", "query", "query", "close"]


def test_close_runs_even_when_the_run_is_interrupted() -> None:
    events: list[str] = []

    class Interrupted:
        def close(self) -> None:
            events.append("close")

        def query(self, query: Query) -> str:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_jobs_sync(Interrupted(), jobs(3), Settings(concurrency=1))
    assert events == ["close"]


def test_failed_setup_skips_every_question() -> None:
    class NoSetup:
        def setup(self) -> None:
            raise AdapterError("cannot connect to 127.0.0.1:9")

        def query(self, query: Query) -> str:  # pragma: no cover - never called
            raise AssertionError

    seen: list[Reply] = []
    replies = run_jobs_sync(NoSetup(), jobs(3), Settings(), seen.append)
    assert [r.skip_reason for r in replies] == ["adapter setup failed: cannot connect to 127.0.0.1:9"] * 3
    assert len(seen) == 3


def test_on_reply_sees_every_reply_as_it_arrives() -> None:
    seen: list[str] = []
    replies = run_jobs_sync(Counting(), jobs(5), Settings(concurrency=2), lambda r: seen.append(r.job.key))
    assert sorted(seen) == sorted(r.job.key for r in replies) and len(seen) == 5


def test_backoff_grows_with_jitter_and_is_capped() -> None:
    rng = random.Random(7)
    s = Settings(backoff_base=1.0, backoff_max=5.0)
    delays = [backoff_delay(a, s, None, rng) for a in range(5)]
    for attempt, d in enumerate(delays):
        ceiling = min(5.0, 2.0**attempt)
        assert ceiling / 2 <= d <= ceiling
    assert backoff_delay(0, s, 2.5, rng) == 2.5
    assert backoff_delay(0, s, 99.0, rng) == 5.0


@pytest.mark.parametrize(
    ("settings", "option"),
    [
        (Settings(concurrency=0), "--concurrency"),
        (Settings(timeout=0), "--timeout"),
        (Settings(retries=-1), "--retries"),
        (Settings(rate_limit=0), "--rate-limit"),
    ],
)
def test_settings_out_of_range_are_refused(settings: Settings, option: str) -> None:
    with pytest.raises(ConfigError) as err:
        settings.checked()
    assert err.value.where == option


def test_run_jobs_sync_works_inside_a_running_loop() -> None:
    async def inside() -> list[Reply]:
        return run_jobs_sync(Counting(), jobs(3), Settings())

    replies = asyncio.run(inside())
    assert [r.answer.answer for r in replies if r.answer] == ["answer q0", "answer q1", "answer q2"]


def test_adapter_raising_timeout_error_is_a_transient_fault_not_the_deadline() -> None:
    """The adapter's own TimeoutError is retried as a transient fault, not taken for the runner's deadline."""
    calls: list[int] = []

    class FlakyClient:
        async def query(self, query: object) -> str:
            calls.append(1)
            if len(calls) == 1:
                raise asyncio.TimeoutError("read timed out")
            return "42000元"

    (reply,) = run_jobs_sync(FlakyClient(), jobs(1), Settings(concurrency=1, retries=1, backoff_base=0.01))
    assert len(calls) == 2 and reply.skip_reason is None and reply.attempts == 2
    assert reply.answer is not None and reply.answer.answer == "42000元"

    class AlwaysTimesOut:
        async def query(self, query: object) -> str:
            raise asyncio.TimeoutError("read timed out")

    (reply,) = run_jobs_sync(AlwaysTimesOut(), jobs(1), Settings(concurrency=1, retries=1, backoff_base=0.01))
    assert reply.answer is None and reply.skip_reason is not None
    assert "TimeoutError in the adapter" in reply.skip_reason and "timeout after" not in reply.skip_reason
