"""Stage 2, ask: every job's reply, handed on the moment it arrives; none is kept here.

``Asking`` asks the system (``benchmark.runner``), each answer written to the answer cache first so an
interrupted run loses nothing it received; with ``resume``, answers the cache already holds are handed
on first and only the rest are asked. ``Stored`` hands on the answers a finished run stored
(``answers.jsonl``, or for an interrupted run the answer cache): what ``rescore`` scores again.

Either way the caller gets each ``Reply`` through ``on_reply`` and, at the end, an ``Asked``: why the
run stopped (None when it did not), how many answers came, and the unknown answer keys seen.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmark.answers import parse_answer
from benchmark.cache import AnswerCache, CachedAnswer
from benchmark.pipeline.append import AnswerIndex
from benchmark.runner import Job, Reply, Settings, run_jobs_sync

OnReply = Callable[[Reply], None]
Progress = Callable[[int, int], None]


@dataclass
class Asked:
    """What the asking left besides the replies."""

    stopped: str | None = None
    answers: int = 0
    unknown: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)  # (seq, id, keys)

    def count(self, reply: Reply) -> None:
        self.answers += reply.answer is not None
        if reply.unknown_keys:
            self.unknown.append((reply.job.seq, reply.job.query.question.id, reply.unknown_keys))

    def unknown_keys(self) -> list[tuple[str, tuple[str, ...]]]:
        """(question id, unknown keys) in plan order, for ``answers.unknown_key_warnings``."""
        return [(qid, keys) for _, qid, keys in sorted(self.unknown)]


class AnswerRecorder:
    """Writes the answers to the answer cache as they arrive, in batches (a transaction per answer
    would cost more than a fast system's answer: 0.1 ms of waiting on the disk), then moves the
    progress on. A batch is written once it is ``BATCH`` answers or ``WAIT_S`` old, and at ``flush``;
    what a killed run had not written yet is in its ``answers.jsonl``, which ``--resume`` reads too."""

    BATCH = 500
    WAIT_S = 0.2

    def __init__(
        self, cache: AnswerCache | None, identity_sha: str, run_id: str, total: int, progress: Progress | None
    ) -> None:
        self.cache, self.identity_sha, self.run_id = cache, identity_sha, run_id
        self.total, self.done, self.progress = total, 0, progress
        self.pending: list[CachedAnswer] = []
        self.since = time.monotonic()

    def start(self, already: int) -> None:
        self.done = already
        if self.progress is not None:
            self.progress(self.done, self.total)

    def __call__(self, reply: Reply) -> None:
        if self.cache is not None and reply.answer is not None:
            entry = CachedAnswer(
                reply.job.key,
                reply.job.query.question.id,
                reply.job.trial,
                reply.answer.to_dict(),
                reply.latency_ms,
                reply.attempts,
                self.run_id,
            )
            self.pending.append(entry)
            if len(self.pending) >= self.BATCH or time.monotonic() - self.since >= self.WAIT_S:
                self.flush()
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)

    def flush(self) -> None:
        if self.cache is not None and self.pending:
            self.cache.put_many(self.pending, self.identity_sha)
        self.pending = []
        self.since = time.monotonic()


@dataclass
class Asking:
    """Ask ``adapter`` the jobs' questions (``resume``: answers in the cache are not asked again)."""

    adapter: Any
    settings: Settings
    cache_file: Path | None
    identity_sha: str
    run_id: str
    resume: bool = False
    progress: Progress | None = None
    kept: AnswerIndex | None = None  # when resuming: the answers the unfinished run directory kept

    def deliver(self, jobs: list[Job], on_reply: OnReply) -> Asked:
        asked = Asked()

        def each(reply: Reply) -> None:
            recorder(reply)
            asked.count(reply)
            on_reply(reply)

        with contextlib.ExitStack() as stack:
            cache = stack.enter_context(AnswerCache(self.cache_file)) if self.cache_file is not None else None
            recorder = AnswerRecorder(cache, self.identity_sha, self.run_id, len(jobs), self.progress)
            have = self._had(cache, jobs) if self.resume else {}
            recorder.start(len(have))
            for seq in sorted(have):
                asked.count(have[seq])
                on_reply(have[seq])
            todo = [j for j in jobs if j.seq not in have]
            try:
                if todo:
                    asked.stopped = run_jobs_sync(self.adapter, todo, self.settings, each, keep=False).stopped
            finally:
                recorder.flush()
        return asked

    def _had(self, cache: AnswerCache | None, jobs: list[Job]) -> dict[int, Reply]:
        """Answers a resumed run need not ask: in the answer cache, or kept by the unfinished run."""
        have = cached_replies(cache, jobs)
        if self.kept is not None:
            for j in jobs:
                stored = None if j.seq in have else self.kept.get((j.query.question.id, j.trial))
                if stored is not None:
                    have[j.seq] = Reply(j, parse_answer(stored), None, stored.get("latency_ms"), 1, True)
        return have


@dataclass
class Given:
    """Replies already in hand, by answer-cache key (the pytest plugin's answer pool)."""

    replies: Mapping[str, Reply]

    def deliver(self, jobs: list[Job], on_reply: OnReply) -> Asked:
        asked = Asked()
        for j in jobs:
            reply = self.replies[j.key]
            asked.count(reply)
            on_reply(reply)
        return asked


def cached_replies(cache: AnswerCache | None, jobs: list[Job]) -> dict[int, Reply]:
    """The jobs the answer cache has an answer for, as replies (by sequence number)."""
    if cache is None:
        return {}
    found = cache.get_many(j.key for j in jobs)
    return {
        j.seq: Reply(
            j, parse_answer(found[j.key].answer), None, found[j.key].latency_ms, found[j.key].attempts, True
        )
        for j in jobs
        if j.key in found
    }


@dataclass
class Stored:
    """The answers a run stored, for ``rescore``: nothing is asked."""

    run_dir: Any  # benchmark.rundir.RunDir
    cache_file: Path | None
    skip_reasons: Callable[[], dict[tuple[str, int], str]]  # a finished run's SKIP reasons, read on need

    def deliver(self, jobs: list[Job], on_reply: OnReply) -> Asked:
        asked = Asked()
        for reply in self._replies(jobs):
            asked.count(reply)
            on_reply(reply)
        return asked

    def _replies(self, jobs: list[Job]) -> Iterator[Reply]:
        from benchmark.pipeline.append import AnswerIndex

        index = (
            AnswerIndex.of(self.run_dir.path / "answers.jsonl") if self.run_dir.has("answers.jsonl") else None
        )
        cached = self._from_cache(jobs) if index is None else {}
        reasons: dict[tuple[str, int], str] | None = None
        for j in jobs:
            ident = (j.query.question.id, j.trial)
            stored = index.get(ident) if index is not None else cached.get(j.seq)
            if stored is None:
                reasons = self.skip_reasons() if reasons is None else reasons
                yield Reply(
                    j, None, reasons.get(ident) or "no answer recorded in the run", None, 0, cached=True
                )
            else:
                yield Reply(j, parse_answer(stored), None, stored.get("latency_ms"), 1, cached=True)

    def _from_cache(self, jobs: list[Job]) -> dict[int, dict[str, Any]]:
        if self.cache_file is None or not self.cache_file.exists():
            return {}
        with AnswerCache(self.cache_file) as cache:
            found = cache.get_many(j.key for j in jobs)
        return {
            j.seq: {**found[j.key].answer, "latency_ms": found[j.key].latency_ms}
            for j in jobs
            if j.key in found
        }
