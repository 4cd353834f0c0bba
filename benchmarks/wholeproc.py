"""Timing a command as a user runs it: a fresh process, its wall time, its CPU time and peak memory.

``measure(cmd)`` starts the command and waits for it with ``os.wait4``, which gives the child's own
resource use: CPU (user + system) and peak resident memory (``ru_maxrss``) of that process and none
other (a scoring process it starts is counted when it has been waited for, as ``--workers`` does).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Measured:
    wall: float
    cpu: float  # user + system seconds of the process and the processes it waited for
    peak_mb: float  # the largest resident set of the process (or of one it waited for)
    returncode: int
    stderr: str


def measure(cmd: Sequence[str], *, cwd: Path | None = None, env: dict[str, str] | None = None) -> Measured:
    start = time.perf_counter()
    proc = subprocess.Popen(
        list(cmd), cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Measured(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode, err)


def spread(values: Sequence[float], fmt: str = "{:.2f}") -> str:
    """``min / median / max``."""
    return " / ".join(fmt.format(v) for v in (min(values), statistics.median(values), max(values)))


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())
