"""The async engine that asks a system every question: bounded concurrency, a per-question timeout,
retries with backoff on transient faults, an optional request-rate limit. It never prints.

Sync adapters run in a thread pool sized to the concurrency (asyncio's default pool is only
``cpu + 4`` threads). ``adapter.max_concurrency`` lowers the bound. Only ``AdapterError(transient=True)``
is retried (exponential backoff with jitter, or the fault's ``retry_after``); any other exception
becomes a SKIP with its type and message, and a timeout a SKIP "timeout after Ns". A timeout is not
retried: a system that hung once usually hangs again, and retrying would multiply the wall time.

Each reply is handed to ``on_reply`` as soon as it arrives (the caller writes it to the answer cache),
so an interrupted run loses nothing it had received. With ``keep=False`` that is all: the replies are
not gathered into a list (a run of any size asks in the same memory), and the questions a stopped run
did not ask reach ``on_reply`` too, as SKIPs.

Fail fast (``benchmark.failfast``): a probe before the run (the adapter's ``health_check()``, else the
first question alone) stops it when the system cannot be reached, and ``stop_after`` questions in a row
failing with the same transport fault stop it mid-way. A stopped run's replies say why (``Replies.stopped``);
the questions it did not ask get a SKIP "not asked: ...".
"""

from __future__ import annotations

import asyncio
import inspect
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from benchmark.adapters.base import Query
from benchmark.answers import parse_answer, unknown_keys
from benchmark.errors import AdapterError, BenchmarkError, ConfigError
from benchmark.failfast import (
    DEFAULT_STOP_AFTER,
    TRANSPORT,
    UNREACHABLE,
    Streak,
    fault_kind,
    not_asked_reason,
    unreachable_reason,
)
from benchmark.models import Answer


@dataclass(frozen=True)
class Settings:
    concurrency: int = 4
    timeout: float = 60.0
    retries: int = 2
    rate_limit: float | None = None  # requests per second, retries included
    backoff_base: float = 0.5
    backoff_max: float = 30.0
    stop_after: int = (
        DEFAULT_STOP_AFTER  # same transport fault this many times in a row stops the run; 0 never
    )
    probe: bool = True  # health check (or the first question alone) before the run

    def checked(self) -> Settings:
        """Itself, or a ``ConfigError`` naming the option that is out of range."""
        checks = [
            (self.concurrency >= 1, "--concurrency", "must be at least 1"),
            (self.timeout > 0, "--timeout", "must be more than 0 seconds"),
            (self.retries >= 0, "--retries", "must be 0 or more"),
            (
                self.rate_limit is None or self.rate_limit > 0,
                "--rate-limit",
                "must be more than 0 per second",
            ),
            (self.stop_after >= 0, "--stop-after", "must be 0 (never stop) or more"),
        ]
        for ok, option, problem in checks:
            if not ok:
                raise ConfigError(problem, where=option)
        return self


@dataclass(frozen=True)
class Job:
    """One question (one trial of it) to ask; ``key`` is its answer-cache key."""

    seq: int
    query: Query
    trial: int
    key: str


@dataclass(frozen=True)
class Reply:
    job: Job
    answer: Answer | None
    skip_reason: str | None
    latency_ms: int | None
    attempts: int = 1
    cached: bool = False
    fault: str | None = None  # failfast.UNREACHABLE / TRANSPORT for a SKIP caused by the channel
    unknown_keys: tuple[str, ...] = ()  # keys of the answer object that nothing reads


class Replies(list[Reply]):
    """The replies in job order; ``stopped`` says why the run stopped early (None when it did not)."""

    stopped: str | None = None


OnReply = Callable[[Reply], None]


class Interrupted(Exception):
    """A ``KeyboardInterrupt``/``SystemExit`` raised by an adapter, carried out of the event loop."""

    def __init__(self, original: BaseException) -> None:
        super().__init__(repr(original))
        self.original = original


class RateLimiter:
    """Spaces request starts at least ``1 / per_second`` seconds apart."""

    def __init__(self, per_second: float) -> None:
        self.interval = 1.0 / per_second
        self._next = 0.0
        self._lock = asyncio.Lock()

    async def wait(self) -> None:
        async with self._lock:
            now = time.monotonic()
            if self._next > now:
                await asyncio.sleep(self._next - now)
                now = self._next
            self._next = now + self.interval


def effective_concurrency(adapter: object, requested: int) -> int:
    limit = getattr(adapter, "max_concurrency", None)
    if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0:
        return max(1, min(requested, limit))
    return max(1, requested)


def backoff_delay(attempt: int, settings: Settings, retry_after: float | None, rng: random.Random) -> float:
    """``retry_after`` when the system said so, else base * 2^attempt with full jitter in [50%, 100%]."""
    if retry_after is not None and retry_after >= 0:
        return float(min(retry_after, settings.backoff_max))
    ceiling = min(settings.backoff_max, settings.backoff_base * (2**attempt))
    return float(ceiling * (0.5 + rng.random() / 2))


def _format_seconds(value: float) -> str:
    return f"{value:g}"


class Engine:
    """Asks ``adapter`` the jobs' questions; one instance per run."""

    def __init__(self, adapter: Any, settings: Settings, pool: ThreadPoolExecutor | None = None) -> None:
        self.adapter = adapter
        self.settings = settings
        self.limiter = RateLimiter(settings.rate_limit) if settings.rate_limit else None
        self.pool = pool
        self.rng = random.Random()
        self._async_query = inspect.iscoroutinefunction(adapter.query)

    async def _call(self, query: Query) -> Any:
        # A TimeoutError raised by the adapter itself (its own client's timeout) is a transient fault,
        # not the runner's deadline: on Python 3.11+ both are the same class, so tell them apart here.
        # The runner's deadline cancels this coroutine instead of raising inside it.
        try:
            if self._async_query:
                result = await self.adapter.query(query)
            else:
                loop = asyncio.get_running_loop()
                result = await loop.run_in_executor(self.pool, self.adapter.query, query)
            if inspect.isawaitable(result):
                result = await result
        except asyncio.TimeoutError as exc:
            raise AdapterError(
                f"{type(exc).__name__} in the adapter: {exc}".rstrip(": "), transient=True
            ) from exc
        return result

    async def _attempt(self, query: Query) -> tuple[Answer, tuple[str, ...]]:
        """One attempt: the answer and its unknown keys; raises ``asyncio.TimeoutError`` / ``AdapterError`` /
        anything the adapter raises."""
        if self.limiter is not None:
            await self.limiter.wait()
        if sys.version_info >= (3, 11):  # a deadline on this task: no extra task per attempt, as wait_for has
            async with asyncio.timeout(self.settings.timeout):
                raw = await self._call(query)
        else:  # pragma: no cover - exercised on Python 3.10 only
            raw = await asyncio.wait_for(self._call(query), timeout=self.settings.timeout)
        return parse_answer(raw), unknown_keys(raw)

    async def ask(self, job: Job) -> Reply:
        start = time.perf_counter()
        attempts = 0
        for attempt in range(self.settings.retries + 1):
            attempts = attempt + 1
            try:
                answer, unknown = await self._attempt(job.query)
            except asyncio.TimeoutError:
                reason = f"timeout after {_format_seconds(self.settings.timeout)}s"
                return self._skip(job, reason, start, attempts, TRANSPORT)
            except AdapterError as exc:
                if exc.transient and attempt < self.settings.retries:
                    await asyncio.sleep(backoff_delay(attempt, self.settings, exc.retry_after, self.rng))
                    continue
                suffix = f" (after {attempts} attempts)" if attempts > 1 else ""
                return self._skip(job, f"{exc.reason}{suffix}", start, attempts, fault_kind(exc))
            except (asyncio.CancelledError, BenchmarkError):
                raise
            except (KeyboardInterrupt, SystemExit) as exc:
                # asyncio would abandon the run half-way; carry it out as an ordinary exception instead
                raise Interrupted(exc) from exc
            except Exception as exc:
                return self._skip(job, f"{type(exc).__name__}: {exc}", start, attempts, fault_kind(exc))
            return Reply(job, answer, None, _elapsed_ms(start), attempts, unknown_keys=unknown)
        raise AssertionError("unreachable")  # pragma: no cover

    @staticmethod
    def _skip(job: Job, reason: str, start: float, attempts: int, fault: str | None = None) -> Reply:
        return Reply(job, None, reason, _elapsed_ms(start), attempts, fault=fault)

    async def health_check(self) -> str | None:
        """The adapter's ``health_check()`` within the timeout: None when it passed, else why not."""
        check = self.adapter.health_check
        try:
            if inspect.iscoroutinefunction(check):
                await asyncio.wait_for(check(), timeout=self.settings.timeout)
            else:
                pending = asyncio.get_running_loop().run_in_executor(self.pool, check)
                await asyncio.wait_for(_maybe_await_result(pending), timeout=self.settings.timeout)
        except asyncio.TimeoutError:
            return f"health check: no reply within {_format_seconds(self.settings.timeout)}s"
        except (asyncio.CancelledError, BenchmarkError):
            raise
        except (KeyboardInterrupt, SystemExit) as exc:
            raise Interrupted(exc) from exc
        except Exception as exc:
            return f"health check failed: {getattr(exc, 'reason', None) or f'{type(exc).__name__}: {exc}'}"
        return None


def _elapsed_ms(start: float) -> int:
    return round((time.perf_counter() - start) * 1000)


async def _maybe_await(value: object) -> None:
    if inspect.isawaitable(value):
        await value


async def _maybe_await_result(pending: Any) -> Any:
    """A sync health check's result, awaited once more when it handed back an awaitable."""
    value = await pending
    return await value if inspect.isawaitable(value) else value


async def _lifecycle(adapter: Any, name: str) -> None:
    fn = getattr(adapter, name, None)
    if callable(fn):
        await _maybe_await(fn())


class _Received:
    """Replies as they arrive: handed to ``on_reply`` at once, and kept only when the caller wants the list."""

    def __init__(self, on_reply: OnReply | None, keep: bool) -> None:
        self.on_reply, self.keep = on_reply, keep
        self.replies: dict[int, Reply] = {}
        self.seqs: set[int] = set()

    def __len__(self) -> int:
        return len(self.seqs)

    def add(self, reply: Reply) -> None:
        self.seqs.add(reply.job.seq)
        if self.keep:
            self.replies[reply.job.seq] = reply
        if self.on_reply is not None:
            self.on_reply(reply)


async def run_jobs(
    adapter: Any,
    jobs: Sequence[Job],
    settings: Settings,
    on_reply: OnReply | None = None,
    *,
    keep: bool = True,
) -> Replies:
    """Ask every job's question; replies come back in job order (with ``keep=False``, only to
    ``on_reply``, in the order they arrive). ``setup()``/``close()`` wrap the run.

    A ``setup()`` that fails with anything but a ``BenchmarkError`` turns every job into a SKIP.
    """
    workers = effective_concurrency(adapter, settings.concurrency)
    received = _Received(on_reply, keep)
    try:
        await _lifecycle(adapter, "setup")
    except BenchmarkError:
        raise
    except Exception as exc:
        reason = f"adapter setup failed: {getattr(exc, 'reason', None) or f'{type(exc).__name__}: {exc}'}"
        return _skip_all(jobs, reason, received)
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="lrb-adapter")
    streak, started = Streak(settings.stop_after), set[int]()
    try:
        engine = Engine(adapter, settings, pool)
        todo, stop = await _probe(engine, list(jobs), settings, received, streak)
        if stop is None and todo:
            await _drain(engine, todo, workers, received, streak, started)
            # a streak that trips on the last question stops nothing: every question was asked
            stop = streak.tripped if len(received) < len(jobs) else None
    finally:
        # never wait here for a sync call that timed out and is still running in its thread
        pool.shutdown(wait=False, cancel_futures=True)
        await _lifecycle(adapter, "close")
    return _in_order(jobs, received, stop, started)


def _in_order(jobs: Sequence[Job], received: _Received, stop: str | None, started: set[int]) -> Replies:
    """Replies in job order; the questions a stopped run did not ask (or whose answer it stopped
    waiting for) say so."""
    out = Replies()
    for j in jobs:
        reply = received.replies.get(j.seq)
        if reply is None and j.seq in received.seqs:
            continue  # handed on, not kept
        if reply is None:
            reply = Reply(j, None, not_asked_reason(stop or "?", in_flight=j.seq in started), None, 0)
            if not received.keep and received.on_reply is not None:
                received.on_reply(reply)
        if received.keep:
            out.append(reply)
    out.stopped = stop
    return out


def _skip_all(jobs: Sequence[Job], reason: str, received: _Received) -> Replies:
    for j in jobs:
        received.add(Reply(j, None, reason, None, 0))
    return _in_order(jobs, received, None, set())


async def _probe(
    engine: Engine, jobs: list[Job], settings: Settings, received: _Received, streak: Streak
) -> tuple[list[Job], str | None]:
    """The adapter's health check, else the first question alone: (jobs left, why the run stops or None)."""
    if not settings.probe or not jobs:
        return jobs, None
    if callable(getattr(engine.adapter, "health_check", None)):
        problem = await engine.health_check()
        return jobs, None if problem is None else unreachable_reason(problem)
    reply = await engine.ask(jobs[0])
    received.add(reply)
    if reply.fault == UNREACHABLE:
        return jobs[1:], unreachable_reason(reply.skip_reason or "no answer")
    streak.add(reply.fault, reply.skip_reason)
    return jobs[1:], None


async def _drain(
    engine: Engine,
    jobs: list[Job],
    workers: int,
    received: _Received,
    streak: Streak,
    started: set[int],
) -> None:
    queue = iter(jobs)
    tasks: list[asyncio.Future[None]] = []

    async def worker() -> None:
        for job in queue:  # a shared iterator: each job is taken by exactly one worker
            started.add(job.seq)
            reply = await engine.ask(job)
            received.add(reply)
            if streak.add(reply.fault, reply.skip_reason):
                for t in tasks:  # stop the questions in flight too: they would fail the same way
                    if t is not asyncio.current_task():
                        t.cancel()
                return

    tasks.extend(asyncio.ensure_future(worker()) for _ in range(min(workers, len(jobs))))
    try:
        results = await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        for t in tasks:
            t.cancel()
    for result in results:
        if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            raise result


def run_jobs_sync(
    adapter: Any,
    jobs: Sequence[Job],
    settings: Settings,
    on_reply: OnReply | None = None,
    *,
    keep: bool = True,
) -> Replies:
    """``run_jobs`` from synchronous code; inside a running loop (a notebook) it uses a helper thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        running = False
    else:
        running = True
    main = run_jobs(adapter, jobs, settings, on_reply, keep=keep)
    try:
        if not running:
            return asyncio.run(main)
        with ThreadPoolExecutor(max_workers=1) as helper:
            return helper.submit(asyncio.run, main).result()
    except Interrupted as exc:
        raise exc.original from None
