"""Scoring in several processes (``--workers N``): the same ``Work``, the same bytes, in plan order.

Each scoring process gets the run's ``Work`` (the plan with its sets and documents, the scorer
options, the page) once: inherited when processes start by ``fork``, else sent to each at start-up.
Answers go out in batches (``BATCH`` answers, or whatever arrived within ``WAIT_S``), results come back
as ``Scored`` (bytes and a few facts) and are handed to ``emit`` in this process, in the order they
come; the spools put them back in plan order, so the reports are byte for byte those of one process.

At most ``AHEAD`` batches per process are in flight: when the system answers faster than the
processes score (a replay), asking waits for them, so memory stays flat.
"""

from __future__ import annotations

import multiprocessing
import queue
import signal
import sys
import time
from typing import Any

from benchmark.pipeline.score import Answered, Emit, Scored, Work

BATCH = 64
WAIT_S = 0.02
AHEAD = 4

_WORK: Work | None = None  # the scoring process's work, set once when it starts


def _start(work: Work | None) -> None:
    """In a scoring process: keep the work (None: inherited by fork); Ctrl-C is the parent's to handle."""
    global _WORK
    if work is not None:
        _WORK = work
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _score_batch(batch: list[Answered]) -> list[Scored]:
    assert _WORK is not None, "a scoring process without its work"
    return [_WORK(a) for a in batch]


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods and sys.platform != "darwin" else "spawn")


class PoolScorer:
    """Scores in ``processes`` processes; ``emit`` is called in this process, from ``submit`` and ``finish``."""

    def __init__(self, work: Work, emit: Emit, processes: int) -> None:
        global _WORK
        context = _context()
        forked = context.get_start_method() == "fork"
        _WORK = work if forked else None  # what forked processes inherit
        self.pool = context.Pool(processes, initializer=_start, initargs=(None if forked else work,))
        _WORK = None
        self.emit, self.processes = emit, processes
        self.batch: list[Answered] = []
        self.started = time.monotonic()
        self.in_flight = 0
        self.done: queue.SimpleQueue[tuple[list[Scored] | None, BaseException | None]] = queue.SimpleQueue()

    def submit(self, a: Answered) -> None:
        if not self.batch:
            self.started = time.monotonic()
        self.batch.append(a)
        if len(self.batch) >= BATCH or time.monotonic() - self.started >= WAIT_S:
            self._send()
        self._drain(block=self.in_flight >= AHEAD * self.processes)

    def _send(self) -> None:
        batch, self.batch = self.batch, []
        self.in_flight += 1
        self.pool.apply_async(
            _score_batch,
            (batch,),
            callback=lambda scored: self.done.put((scored, None)),
            error_callback=lambda exc: self.done.put((None, exc)),
        )

    def _drain(self, *, block: bool) -> None:
        while self.in_flight:
            try:
                scored, error = self.done.get(block=block)
            except queue.Empty:
                return
            self.in_flight -= 1
            block = False
            if error is not None:
                raise error
            for s in scored or ():
                self.emit(s)

    def finish(self) -> None:
        """Score what is left and wait for every result."""
        if self.batch:
            self._send()
        while self.in_flight:
            self._drain(block=True)

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()
